//! Exact combat dice: the probability of each damage total, by enumerating
//! every die's outcome with its weight (no sampling). The first step of the
//! rules reference's dice simulator (issue 6); huge-ship modifiers come next.
//!
//! ```
//! use cards::dice::{Attack, damage};
//! use num_rational::BigRational;
//! let d = damage(&Attack { attack: 3, defense: 3, ..Attack::default() });
//! // FACTS.md: 3 attack dice against 3 defense dice, P(0 damage) = 0.53369140625.
//! assert_eq!(d.damage[0], BigRational::new(2186.into(), 4096.into()));
//! ```

use num_rational::BigRational;
use num_traits::{One, Zero};

/// One attack, as the dice see it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attack {
    pub attack: u8,
    pub defense: u8,
    /// The attacker spends focus: every focus result becomes a hit.
    pub attacker_focus: bool,
    /// The attacker spends a target lock: rerolls blanks (and focus results
    /// when it has no focus to spend).
    pub target_lock: bool,
    /// The defender spends focus: every focus result becomes an evade.
    pub defender_focus: bool,
    /// The defender spends an evade token: one more evade result.
    pub evade_token: bool,
}

/// The exact outcome of an attack.
#[derive(Debug, Clone, PartialEq)]
pub struct Damage {
    /// `damage[k]` = P(exactly k damage).
    pub damage: Vec<BigRational>,
    /// `at_least[k]` = P(at least k damage).
    pub at_least: Vec<BigRational>,
    pub expected_hits: BigRational,
    pub expected_crits: BigRational,
}

fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// One attack die after the attacker's modifiers: P(hit), P(crit), P(neither).
fn attack_die(a: &Attack) -> [BigRational; 3] {
    // Faces: 3 hit, 1 crit, 2 focus, 2 blank.
    let (hit, crit, focus, blank) = (r(3, 8), r(1, 8), r(2, 8), r(2, 8));
    let focus_counts = |f: &BigRational| {
        if a.attacker_focus {
            f.clone()
        } else {
            BigRational::zero()
        }
    };
    let rerolled = if a.target_lock {
        if a.attacker_focus {
            blank.clone()
        } else {
            &blank + &focus
        }
    } else {
        BigRational::zero()
    };
    let hit_p = &hit + focus_counts(&focus) + &rerolled * (&hit + focus_counts(&focus));
    let crit_p = &crit + &rerolled * &crit;
    let other = BigRational::one() - &hit_p - &crit_p;
    [hit_p, crit_p, other]
}

/// P(evade) of one defense die after the defender's focus.
fn defense_die(a: &Attack) -> BigRational {
    // Faces: 3 evade, 2 focus, 3 blank.
    if a.defender_focus { r(5, 8) } else { r(3, 8) }
}

/// The exact damage distribution of an attack.
pub fn damage(a: &Attack) -> Damage {
    let [hit, crit, other] = attack_die(a);
    // P(h hits, c crits) over the attack dice, built die by die.
    let n = usize::from(a.attack);
    let mut attack = vec![vec![BigRational::zero(); n + 1]; n + 1];
    attack[0][0] = BigRational::one();
    for _ in 0..n {
        let mut next = vec![vec![BigRational::zero(); n + 1]; n + 1];
        for h in 0..=n {
            for c in 0..=n - h {
                let p = &attack[h][c];
                if p.is_zero() {
                    continue;
                }
                next[h][c] += p * &other;
                if h < n {
                    next[h + 1][c] += p * &hit;
                }
                if c < n {
                    next[h][c + 1] += p * &crit;
                }
            }
        }
        attack = next;
    }
    // P(e evades) over the defense dice.
    let m = usize::from(a.defense);
    let evade = defense_die(a);
    let mut defense = vec![BigRational::zero(); m + 1];
    defense[0] = BigRational::one();
    for _ in 0..m {
        let mut next = vec![BigRational::zero(); m + 1];
        for (e, p) in defense.iter().enumerate() {
            next[e] += p * (BigRational::one() - &evade);
            if e < m {
                next[e + 1] += p * &evade;
            }
        }
        defense = next;
    }
    let mut damage = vec![BigRational::zero(); n + 1];
    let (mut expected_hits, mut expected_crits) = (BigRational::zero(), BigRational::zero());
    for (h, row) in attack.iter().enumerate() {
        for (c, p) in row.iter().enumerate() {
            if p.is_zero() {
                continue;
            }
            for (e, q) in defense.iter().enumerate() {
                let evades = e + usize::from(a.evade_token);
                // Evades cancel hits first, then critical hits.
                let hits_left = h.saturating_sub(evades);
                let crits_left = c.saturating_sub(evades.saturating_sub(h));
                let pq = p * q;
                damage[hits_left + crits_left] += &pq;
                expected_hits += &pq * BigRational::from_integer(hits_left.into());
                expected_crits += &pq * BigRational::from_integer(crits_left.into());
            }
        }
    }
    let mut at_least = vec![BigRational::zero(); n + 1];
    let mut tail = BigRational::zero();
    for k in (0..=n).rev() {
        tail += &damage[k];
        at_least[k] = tail.clone();
    }
    Damage {
        damage,
        at_least,
        expected_hits,
        expected_crits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::ToPrimitive;

    fn floats(v: &[BigRational]) -> Vec<f64> {
        v.iter().map(|x| x.to_f64().unwrap()).collect()
    }

    #[test]
    fn facts_regression_values() {
        let d = damage(&Attack {
            attack: 3,
            defense: 3,
            ..Attack::default()
        });
        assert_eq!(
            floats(&d.damage),
            [0.53369140625, 0.289306640625, 0.146484375, 0.030517578125]
        );
        let d = damage(&Attack {
            attack: 3,
            attacker_focus: true,
            target_lock: true,
            ..Attack::default()
        });
        assert_eq!(
            floats(&d.damage),
            [
                0.000244140625,
                0.010986328125,
                0.164794921875,
                0.823974609375
            ]
        );
        assert_eq!(d.at_least[0], BigRational::one());
    }

    #[test]
    fn hand_derived_cases() {
        // One die, no defense: P(damage) = 4/8; the crit is 1/8 of it.
        let d = damage(&Attack {
            attack: 1,
            ..Attack::default()
        });
        assert_eq!(d.damage, vec![r(1, 2), r(1, 2)]);
        assert_eq!(d.expected_crits, r(1, 8));
        // An evade token cancels the one hit or crit.
        let d = damage(&Attack {
            attack: 1,
            evade_token: true,
            ..Attack::default()
        });
        assert_eq!(d.damage, vec![BigRational::one(), BigRational::zero()]);
        // Defender focus: one die evades 5/8 of the time.
        let d = damage(&Attack {
            attack: 1,
            defense: 1,
            defender_focus: true,
            ..Attack::default()
        });
        assert_eq!(d.damage[1], r(1, 2) * r(3, 8));
        // No dice at all.
        let d = damage(&Attack::default());
        assert_eq!(d.damage, vec![BigRational::one()]);
    }
}
