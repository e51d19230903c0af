//! The two sides met: the exact damage distribution of an attack.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;

use super::faces::SIDES;
use super::inputs::DiceInputs;
use super::roll::{attack_results, evade_results};

/// The exact outcome of an attack.
#[derive(Debug, Clone, PartialEq)]
pub struct Damage {
    /// `damage[k]` = P(exactly k damage), up to the largest possible total.
    pub damage: Vec<BigRational>,
    /// `at_least[k]` = P(at least k damage).
    pub at_least: Vec<BigRational>,
    /// Expected uncancelled hit results.
    pub expected_hits: BigRational,
    /// Expected uncancelled critical hit results.
    pub expected_crits: BigRational,
    /// Dice rolled after range, obstruction and Power Cells.
    pub attack_dice: u8,
    pub defense_dice: u8,
}

/// The exact damage distribution of an attack, for inputs that
/// `DiceInputs::check` accepts (beyond its limits, each side rolls at most
/// 16 dice).
///
/// Each side's results are whole counts of equally likely outcomes; the
/// two meet once per evade total, and each answer is divided once.
pub fn damage(inputs: &DiceInputs) -> Damage {
    let attack = attack_results(inputs);
    let (evades, defense_exponent) = evade_results(inputs);
    let mut damage: Vec<BigUint> = Vec::new();
    let (mut hits_sum, mut crits_sum) = (BigUint::zero(), BigUint::zero());
    for (e, &q) in evades.iter().enumerate() {
        if q == 0 {
            continue;
        }
        // Against `e` evades: outcomes by damage, and the hits and crits
        // left, summed over the attack's results (these fit a u128).
        let mut by_total: Vec<u128> = Vec::new();
        let (mut hits_left_sum, mut crits_left_sum) = (0u128, 0u128);
        for (i, &p) in attack.counts.iter().enumerate() {
            if p == 0 {
                continue;
            }
            let (hits, crits) = (i / attack.width, i % attack.width);
            // Evades cancel hits first, then critical hits.
            let hits_left = hits.saturating_sub(e);
            let crits_left = crits.saturating_sub(e.saturating_sub(hits));
            let total = hits_left + crits_left;
            if by_total.len() <= total {
                by_total.resize(total + 1, 0);
            }
            by_total[total] += p;
            hits_left_sum += p * hits_left as u128;
            crits_left_sum += p * crits_left as u128;
        }
        let q = BigUint::from(q);
        if damage.len() < by_total.len() {
            damage.resize(by_total.len(), BigUint::zero());
        }
        for (total, p) in by_total.into_iter().enumerate() {
            if p != 0 {
                damage[total] += &q * p;
            }
        }
        hits_sum += &q * hits_left_sum;
        crits_sum += &q * crits_left_sum;
    }
    let outcomes = BigInt::from(BigUint::from(SIDES).pow(attack.exponent + defense_exponent));
    let exact = |count: BigUint| BigRational::new(BigInt::from(count), outcomes.clone());
    let mut at_least = vec![BigRational::zero(); damage.len()];
    let mut tail = BigUint::zero();
    for k in (0..damage.len()).rev() {
        tail += &damage[k];
        at_least[k] = exact(tail.clone());
    }
    Damage {
        damage: damage.into_iter().map(exact).collect(),
        at_least,
        expected_hits: exact(hits_sum),
        expected_crits: exact(crits_sum),
        attack_dice: inputs.attack_dice(),
        defense_dice: inputs.defense_dice(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::dice::brute_force::{self, attackers, defenders, inputs};
    use crate::sim::dice::inputs::{Defender, DiceError, MAX_DICE, RangeRule};
    use num_traits::{One, ToPrimitive};

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    fn floats(v: &[BigRational]) -> Vec<f64> {
        v.iter().map(|x| x.to_f64().unwrap()).collect()
    }

    fn attack(n: u8) -> DiceInputs {
        DiceInputs {
            attack: n,
            ..DiceInputs::default()
        }
    }

    fn with(n: u8, change: impl FnOnce(&mut DiceInputs)) -> Damage {
        let mut i = attack(n);
        change(&mut i);
        damage(&i)
    }

    #[test]
    fn facts_regression_values() {
        let d = with(3, |i| i.defense = 3);
        assert_eq!(
            floats(&d.damage),
            [0.53369140625, 0.289306640625, 0.146484375, 0.030517578125]
        );
        let d = with(3, |i| {
            i.attacker.focus = true;
            i.attacker.target_lock = true;
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
    fn no_dice_and_one_die() {
        assert_eq!(
            damage(&DiceInputs::default()).damage,
            vec![BigRational::one()]
        );
        let d = damage(&attack(1));
        assert_eq!(d.damage, vec![r(1, 2), r(1, 2)]);
        assert_eq!(d.expected_crits, r(1, 8));
        assert_eq!(d.expected_hits, r(3, 8));
    }

    #[test]
    fn reinforce_against_the_croc() {
        // The case: 3 attack dice, the C-ROC has 0 agility and a
        // reinforce token on the targeted section: damage = successes - 1.
        let d = with(3, |i| i.defender.reinforce = true);
        assert_eq!(d.damage, vec![r(1, 2), r(3, 8), r(1, 8)]);
        assert_eq!(d.at_least, vec![r(1, 1), r(1, 2), r(1, 8)]);
    }

    /// Issue 13.8: Broken Horn needs a reinforce token on either section;
    /// the token's own evade counts only on the targeted section.
    #[test]
    fn broken_horn_counts_a_token_on_the_other_section() {
        // 3 dice; the token on the other section: Broken Horn's evade alone.
        let d = with(3, |i| {
            i.defender.reinforce_other = true;
            i.defender.broken_horn = true;
        });
        assert_eq!(d.damage, vec![r(1, 2), r(3, 8), r(1, 8)]);
        assert_eq!(
            d.damage,
            with(3, |i| i.defender.evade = true).damage,
            "one evade"
        );
        // The token elsewhere, no Broken Horn: nothing.
        let d = with(3, |i| i.defender.reinforce_other = true);
        assert_eq!(d.damage, damage(&attack(3)).damage);
        // One token only.
        let mut both = attack(3);
        both.defender.reinforce = true;
        both.defender.reinforce_other = true;
        assert_eq!(both.check(), Err(DiceError::TwoReinforceTokens));
        assert!(
            both.check()
                .unwrap_err()
                .to_string()
                .contains("one reinforce token")
        );
        let q = both.to_query();
        assert!(q.contains("rother=1"), "{q}");
    }

    /// Issue 13.9: Sunny Bounder and Inaldra defend too.
    #[test]
    fn sunny_bounder_and_inaldra_defend() {
        // 2 attack dice against 1 defense die: with Sunny an evade counts twice.
        let plain = with(2, |i| i.defense = 1);
        assert_eq!(plain.damage[1], r(13, 32));
        let sunny = with(2, |i| {
            i.defense = 1;
            i.defender.sunny_bounder = true;
        });
        assert_eq!(sunny.damage[1], r(5, 16));
        assert_eq!(sunny.damage[2], plain.damage[2]);
        // Inaldra rerolls the blank or focus: P(evade) = 3/8 + 5/8 * 3/8 = 39/64.
        let inaldra = with(1, |i| {
            i.defense = 1;
            i.defender.inaldra_shields = 1;
        });
        assert_eq!(inaldra.damage, vec![r(103, 128), r(25, 128)]);
        // No shield, no reroll.
        let none = with(1, |i| i.defense = 1);
        assert_eq!(none.damage, vec![r(11, 16), r(5, 16)]);
        let q = DiceInputs {
            defender: Defender {
                sunny_bounder: true,
                inaldra_shields: 2,
                ..Defender::default()
            },
            ..attack(2)
        }
        .to_query();
        let pairs: Vec<(String, String)> =
            form_urlencoded::parse(q.as_bytes()).into_owned().collect();
        let back =
            DiceInputs::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))).unwrap();
        assert!(back.defender.sunny_bounder);
        assert_eq!(back.defender.inaldra_shields, 2);
    }

    #[test]
    fn broken_horn_needs_the_reinforce_token() {
        // Reinforce + Broken Horn: two evades; 3 dice: damage = successes - 2.
        let d = with(3, |i| {
            i.defender.reinforce = true;
            i.defender.broken_horn = true;
        });
        assert_eq!(d.damage, vec![r(7, 8), r(1, 8)]);
        // Without the token Broken Horn does nothing.
        let d = with(3, |i| i.defender.broken_horn = true);
        assert_eq!(d.damage, damage(&attack(3)).damage);
    }

    #[test]
    fn evade_token_and_defender_focus() {
        let d = with(1, |i| i.defender.evade = true);
        assert_eq!(d.damage, vec![BigRational::one()]);
        // One defense die with focus evades 5/8 of the time.
        let d = with(1, |i| {
            i.defense = 1;
            i.defender.focus = true;
        });
        assert_eq!(d.damage[1], r(1, 2) * r(3, 8));
    }

    #[test]
    fn range_rules_for_primary_weapons() {
        // Range 1: +1 attack die. One die becomes two: P(0) = 1/4.
        let d = with(1, |i| i.range = 1);
        assert_eq!(d.attack_dice, 2);
        assert_eq!(d.damage[0], r(1, 4));
        // Range 3/4/5 under v1: +1/+2/+3 defense dice.
        for (range, dice) in [(3, 1), (4, 2), (5, 3)] {
            let d = with(1, |i| i.range = range);
            assert_eq!(d.defense_dice, dice);
            // One attack success survives only if no die evades.
            let miss = r(5, 8);
            let mut p = r(1, 2);
            for _ in 0..dice {
                p *= &miss;
            }
            assert_eq!(d.damage[1], p, "range {range}");
        }
        // v3: +1 at Range 3 or beyond.
        for range in [3, 4, 5] {
            let d = with(1, |i| {
                i.range = range;
                i.range_rule = RangeRule::V3;
            });
            assert_eq!(d.defense_dice, 1);
        }
        // Secondary weapons get no range bonus.
        let d = with(1, |i| {
            i.range = 5;
            i.primary = false;
        });
        assert_eq!((d.attack_dice, d.defense_dice), (1, 0));
    }

    #[test]
    fn obstructed_adds_a_defense_die() {
        let d = with(1, |i| i.obstructed = true);
        assert_eq!(d.defense_dice, 1);
        assert_eq!(d.damage[1], r(1, 2) * r(5, 8));
    }

    #[test]
    fn power_cells_roll_two_more_dice() {
        let d = with(1, |i| i.attacker.power_cells = true);
        assert_eq!(d.attack_dice, 3);
        assert_eq!(d.damage, vec![r(1, 8), r(3, 8), r(3, 8), r(1, 8)]);
    }

    #[test]
    fn thug_droids_turn_one_hit_into_a_crit() {
        // One die: a hit (3/8) becomes a crit: expected crits 1/8 + 3/8.
        let d = with(1, |i| i.attacker.thug_droids = true);
        assert_eq!(d.expected_crits, r(1, 2));
        assert_eq!(d.expected_hits, BigRational::zero());
        // Two dice: only one hit changes. E[crits] = 2/8 + P(at least one hit) = 1/4 + 39/64.
        let d = with(2, |i| i.attacker.thug_droids = true);
        assert_eq!(d.expected_crits, r(1, 4) + r(39, 64));
        // Damage totals are unchanged.
        assert_eq!(d.damage, damage(&attack(2)).damage);
    }

    #[test]
    fn inaldra_rerolls_like_a_lock_and_not_on_top_of_it() {
        // One die, no focus: reroll focus and blank (1/2): P(success) = 1/2 + 1/4.
        let d = with(1, |i| i.attacker.inaldra_shields = 1);
        assert_eq!(d.damage, vec![r(1, 4), r(3, 4)]);
        // Without shields she cannot reroll.
        assert_eq!(
            with(1, |i| i.attacker.inaldra_shields = 0).damage,
            vec![r(1, 2), r(1, 2)]
        );
        // With a target lock too, a die is still rerolled only once.
        let both = with(2, |i| {
            i.attacker.inaldra_shields = 1;
            i.attacker.target_lock = true;
        });
        assert_eq!(both, with(2, |i| i.attacker.target_lock = true));
    }

    #[test]
    fn sunny_bounder_adds_a_matching_result() {
        // One die: every roll is "all the same". Hit or crit gains one more: 2 damage 1/2.
        let d = with(1, |i| i.attacker.sunny_bounder = true);
        assert_eq!(d.damage, vec![r(1, 2), BigRational::zero(), r(1, 2)]);
        // Two dice: both hit 9/64, both crit 1/64 -> 3 damage; mixed successes 2.
        let d = with(2, |i| i.attacker.sunny_bounder = true);
        assert_eq!(d.damage[3], r(10, 64));
        // hit+crit (6/64) is not "the same result": 2 damage only.
        assert_eq!(d.damage[2], r(6, 64));
        // A focus result is useful only with focus to spend.
        let d = with(1, |i| {
            i.attacker.sunny_bounder = true;
            i.attacker.focus = true;
        });
        assert_eq!(d.damage, vec![r(1, 4), BigRational::zero(), r(3, 4)]);
    }

    #[test]
    fn damage_matches_rolling_every_die_up_to_four_dice_a_side() {
        // Every attacker against two defenders, and every defender against
        // two attackers, for every count of dice up to four a side.
        let attackers = attackers();
        let defenders = defenders();
        let pairs = (0..attackers.len())
            .flat_map(|a| [(a, 0), (a, 15)])
            .chain((0..defenders.len()).flat_map(|d| [(0, d), (31, d)]));
        // Each side's oracle once per side and dice count.
        let oracle_attack: Vec<Vec<_>> = attackers
            .iter()
            .map(|a| {
                (0..=4)
                    .map(|n| brute_force::attack(&inputs(n, 0, a, &defenders[0])))
                    .collect()
            })
            .collect();
        let oracle_evades: Vec<Vec<_>> = defenders
            .iter()
            .map(|d| {
                (0..=4)
                    .map(|n| brute_force::evades(&inputs(0, n, &attackers[0], d)))
                    .collect()
            })
            .collect();
        for (attacker, defender) in pairs {
            for a in 0..=4 {
                for d in 0..=4 {
                    let i = inputs(a, d, &attackers[attacker], &defenders[defender]);
                    let got = damage(&i);
                    let expected = brute_force::damage(
                        &oracle_attack[attacker][usize::from(a)],
                        &oracle_evades[defender][usize::from(d)],
                    );
                    assert_eq!(got.damage, expected, "{i:?}");
                    let total: BigRational = got.damage.iter().sum();
                    assert_eq!(total, BigRational::one());
                }
            }
        }
    }

    #[test]
    fn the_largest_inputs_stay_exact() {
        // 15 attack dice against 13, rerolls on both sides: the counts'
        // denominators are at their largest.
        let d = damage(&DiceInputs::every_modifier(MAX_DICE, MAX_DICE));
        assert_eq!((d.attack_dice, d.defense_dice), (15, 13));
        let total: BigRational = d.damage.iter().sum();
        assert_eq!(total, BigRational::one());
        let mut most = DiceInputs::every_modifier(MAX_DICE, MAX_DICE);
        most.range = 5;
        assert!(most.check().is_ok());
        assert_eq!(most.defense_dice(), 16);
        let total: BigRational = damage(&most).damage.iter().sum();
        assert_eq!(total, BigRational::one());
    }

    #[test]
    fn every_modifier_sums_to_one() {
        let d = damage(&DiceInputs::every_modifier(6, 6));
        let total: BigRational = d.damage.iter().sum();
        assert_eq!(total, BigRational::one());
        assert_eq!(d.attack_dice, 9);
        assert_eq!(d.defense_dice, 7);
    }
}
