//! Each side's roll, exactly: every result as a count of equally likely
//! outcomes, after rerolls, Sunny Bounder and the cards that change results.

use std::collections::BTreeMap;

use super::faces::{
    ATTACK_FACES, BLANK, CRIT, DEFENSE_BLANK, DEFENSE_FACES, DEFENSE_FOCUS, EVADE, FOCUS, HIT,
    SIDES,
};
use super::inputs::{Attacker, Defender, DiceInputs, MAX_DICE};

/// The most dice one side rolls from inputs `DiceInputs::check` accepts:
/// 12, and Power Cells (2) with Range 1 (1), or Range 5 (3) with an
/// obstruction (1).
const MAX_ROLLED: usize = MAX_DICE as usize + 4;
// A roll and its reroll are counted over SIDES^(2 × dice): it fits a u128.
const _: () = assert!(SIDES.checked_pow(2 * MAX_ROLLED as u32).is_some());

/// Rolls as counts per face, each with the number of outcomes that give it.
type Rolls<const F: usize> = Vec<([usize; F], u128)>;

/// Every roll of `n` dice as counts per face, with the number of the
/// SIDES^n equally likely outcomes that give it (multinomial × face weights).
fn rolls<const F: usize>(n: usize, faces: [u128; F]) -> Rolls<F> {
    fn each<const F: usize>(
        face: usize,
        left: usize,
        counts: &mut [usize; F],
        faces: &[u128; F],
        factorial: &[u128],
        out: &mut Rolls<F>,
    ) {
        if face == F - 1 {
            counts[face] = left;
            let n: usize = counts.iter().sum();
            let weight = counts.iter().zip(faces).fold(factorial[n], |w, (&c, &f)| {
                w / factorial[c] * f.pow(c as u32)
            });
            out.push((*counts, weight));
            return;
        }
        for c in 0..=left {
            counts[face] = c;
            each(face + 1, left - c, counts, faces, factorial, out);
        }
    }
    // n!/(c0!…ck!) × f0^c0…fk^ck: each division is exact, as n!/(c0!…ck!)
    // is whole. At 16 dice the product stays under 2^70.
    let factorial: Vec<u128> = (0..=n as u128)
        .scan(1u128, |f, k| {
            *f *= k.max(1);
            Some(*f)
        })
        .collect();
    let mut out = Vec::new();
    each(0, n, &mut [0; F], &faces, &factorial, &mut out);
    out
}

/// The face Sunny Bounder adds, if every die shows it and it helps.
fn sunny_result(dice: &[usize; 4], attacker: &Attacker) -> Option<usize> {
    if !attacker.sunny_bounder {
        return None;
    }
    let total: usize = dice.iter().sum();
    let face = (0..4).find(|&f| dice[f] == total && total > 0)?;
    let useful = face == CRIT || face == HIT || (face == FOCUS && attacker.focus);
    useful.then_some(face)
}

/// How one side rolls: its dice, whether it may reroll (a lock, Inaldra)
/// and whether it spends focus results, and Sunny Bounder's rule.
struct Roller<const F: usize, S: Fn(&[usize; F]) -> Option<usize>> {
    dice: usize,
    faces: [u128; F],
    blank: usize,
    focus: usize,
    spends_focus: bool,
    can_reroll: bool,
    /// The face Sunny Bounder adds for these results, if any.
    sunny: Option<S>,
}

/// What a first roll leaves for the reroll to decide: the dice kept, the
/// results already added, whether Sunny Bounder may still add, and how
/// many dice are rerolled. Rolls that leave the same state are merged.
type AfterRoll<const F: usize> = ([usize; F], [usize; F], bool, usize);

impl<const F: usize, S: Fn(&[usize; F]) -> Option<usize>> Roller<F, S> {
    /// The power of SIDES that `each_result`'s counts are out of.
    fn outcomes_exponent(&self) -> u32 {
        let dice = self.dice.min(MAX_ROLLED) as u32;
        if self.can_reroll { 2 * dice } else { dice }
    }

    /// Every final result (face counts, Sunny Bounder's included) with the
    /// number of outcomes, out of SIDES^`outcomes_exponent`, that give it.
    /// Rerolls take every blank, and every focus result the roller will not
    /// spend; Sunny Bounder adds once, after the roll or after the reroll.
    ///
    /// Dynamic programming over face counts: the first roll's results are
    /// merged into the states a reroll starts from (`AfterRoll`), and each
    /// state moves by the distribution of its rerolled dice.
    fn each_result(&self, mut finish: impl FnMut([usize; F], u128)) {
        let add = |a: [usize; F], b: [usize; F]| std::array::from_fn(|i| a[i] + b[i]);
        let dice = self.dice.min(MAX_ROLLED);
        let sunny = |dice: &[usize; F]| self.sunny.as_ref().and_then(|s| s(dice));
        let mut states: BTreeMap<AfterRoll<F>, u128> = BTreeMap::new();
        for (rolled, weight) in rolls(dice, self.faces) {
            let mut added = [0usize; F];
            let mut sunny_left = self.sunny.is_some();
            if let Some(face) = sunny(&rolled) {
                added[face] += 1;
                sunny_left = false;
            }
            let mut kept = rolled;
            let mut rerolled = 0;
            if self.can_reroll {
                rerolled = kept[self.blank];
                kept[self.blank] = 0;
                if !self.spends_focus {
                    rerolled += kept[self.focus];
                    kept[self.focus] = 0;
                }
            }
            *states
                .entry((kept, added, sunny_left, rerolled))
                .or_default() += weight;
        }
        let mut rerolls: Vec<Option<Rolls<F>>> = vec![None; dice + 1];
        for ((kept, added, sunny_left, rerolled), weight) in states {
            if !self.can_reroll {
                finish(add(kept, added), weight);
                continue;
            }
            // Out of SIDES^(2 × dice): the roll's count, times SIDES^(dice - rerolled)
            // for the dice not rerolled, times the reroll's count.
            let scale = SIDES.pow((dice - rerolled) as u32);
            if rerolled == 0 {
                finish(add(kept, added), weight * scale);
                continue;
            }
            let again = rerolls[rerolled].get_or_insert_with(|| rolls(rerolled, self.faces));
            for (new, count) in again.iter() {
                let now = add(kept, *new);
                let mut extra = added;
                if sunny_left && let Some(face) = sunny(&now) {
                    extra[face] += 1;
                }
                finish(add(now, extra), weight * scale * count);
            }
        }
    }
}

/// Counts of outcomes by (hits, crits) after the attacker's rerolls and
/// modifiers (`counts[hits * width + crits]`), out of SIDES^exponent.
pub(super) struct AttackCounts {
    pub(super) counts: Vec<u128>,
    pub(super) width: usize,
    pub(super) exponent: u32,
}

/// Counts of outcomes by (hits, crits) for the attacker of `inputs`.
pub(super) fn attack_results(inputs: &DiceInputs) -> AttackCounts {
    let a = &inputs.attacker;
    let roller = Roller {
        dice: usize::from(inputs.attack_dice()),
        faces: ATTACK_FACES,
        blank: BLANK,
        focus: FOCUS,
        spends_focus: a.focus,
        can_reroll: a.target_lock || a.inaldra_shields > 0,
        sunny: a
            .sunny_bounder
            .then_some(|dice: &[usize; 4]| sunny_result(dice, a)),
    };
    // Sunny Bounder adds one die's result, Thug Droids move one: at most
    // dice + 2 of either.
    let width = roller.dice.min(MAX_ROLLED) + 3;
    let mut counts = vec![0u128; width * width];
    roller.each_result(|results, count| {
        let mut hits = results[HIT] + if a.focus { results[FOCUS] } else { 0 };
        let mut crits = results[CRIT];
        if a.thug_droids && hits > 0 {
            hits -= 1;
            crits += 1;
        }
        counts[hits * width + crits] += count;
    });
    AttackCounts {
        counts,
        width,
        exponent: roller.outcomes_exponent(),
    }
}

/// The face Sunny Bounder adds when defending, if every die shows it and it helps.
fn sunny_defense(dice: &[usize; 3], defender: &Defender) -> Option<usize> {
    if !defender.sunny_bounder {
        return None;
    }
    let total: usize = dice.iter().sum();
    let face = (0..3).find(|&f| dice[f] == total && total > 0)?;
    let useful = face == EVADE || (face == DEFENSE_FOCUS && defender.focus);
    useful.then_some(face)
}

/// Counts of outcomes by evade results (`counts[evades]`) after the
/// defender's rerolls, tokens and cards, out of SIDES^exponent.
pub(super) fn evade_results(inputs: &DiceInputs) -> (Vec<u128>, u32) {
    let d = &inputs.defender;
    let bonus = usize::from(d.evade)
        + usize::from(d.reinforce)
        + usize::from((d.reinforce || d.reinforce_other) && d.broken_horn);
    let roller = Roller {
        dice: usize::from(inputs.defense_dice()),
        faces: DEFENSE_FACES,
        blank: DEFENSE_BLANK,
        focus: DEFENSE_FOCUS,
        spends_focus: d.focus,
        can_reroll: d.inaldra_shields > 0,
        sunny: d
            .sunny_bounder
            .then_some(|dice: &[usize; 3]| sunny_defense(dice, d)),
    };
    let mut counts = vec![0u128; roller.dice.min(MAX_ROLLED) + 2 + bonus];
    roller.each_result(|results, count| {
        let evades = results[EVADE] + if d.focus { results[DEFENSE_FOCUS] } else { 0 } + bonus;
        counts[evades] += count;
    });
    (counts, roller.outcomes_exponent())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::dice::brute_force::{self, attackers, defenders, inputs};
    use num_bigint::{BigInt, BigUint};
    use num_rational::BigRational;

    /// The engine's counts as probabilities, keyed as the oracle keys them.
    fn engine_attack(i: &DiceInputs) -> BTreeMap<(usize, usize), BigRational> {
        let a = attack_results(i);
        let outcomes = BigInt::from(BigUint::from(SIDES).pow(a.exponent));
        a.counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != 0)
            .map(|(k, &c)| {
                let p = BigRational::new(BigInt::from(c), outcomes.clone());
                ((k / a.width, k % a.width), p)
            })
            .collect()
    }

    fn engine_evades(i: &DiceInputs) -> BTreeMap<usize, BigRational> {
        let (counts, exponent) = evade_results(i);
        let outcomes = BigInt::from(BigUint::from(SIDES).pow(exponent));
        counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != 0)
            .map(|(e, &c)| (e, BigRational::new(BigInt::from(c), outcomes.clone())))
            .collect()
    }

    #[test]
    fn each_side_matches_rolling_every_die_up_to_four_dice() {
        for n in 0..=4 {
            for attacker in attackers() {
                let i = inputs(n, 0, &attacker, &Defender::default());
                assert_eq!(
                    engine_attack(&i),
                    brute_force::attack(&i),
                    "{n} dice, {attacker:?}"
                );
            }
            for defender in defenders() {
                let i = inputs(0, n, &Attacker::default(), &defender);
                assert!(i.check().is_ok(), "{defender:?}");
                assert_eq!(
                    engine_evades(&i),
                    brute_force::evades(&i),
                    "{n} dice, {defender:?}"
                );
            }
        }
    }
}
