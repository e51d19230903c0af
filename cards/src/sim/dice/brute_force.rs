//! The test oracle: every die rolled one at a time (each face of each
//! die, in order), the rules applied to the dice as a player would,
//! nothing merged. Returns P(hits, crits) and P(evades), exact.
//!
//! With it, the cases the tests roll: every attacker and every defender.

use std::collections::BTreeMap;

use num_rational::BigRational;
use num_traits::Zero;

use super::faces::{
    ATTACK_FACES, BLANK, CRIT, DEFENSE_BLANK, DEFENSE_FACES, DEFENSE_FOCUS, EVADE, FOCUS, HIT,
    SIDES,
};
use super::inputs::{Attacker, Defender, DiceInputs};

/// Every sequence of faces of `n` dice, with its weight out of SIDES^n.
pub fn sequences(n: usize, faces: &[u128]) -> Vec<(Vec<usize>, u128)> {
    let mut out = vec![(Vec::new(), 1u128)];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|(seq, w)| {
                faces.iter().enumerate().map(move |(face, &f)| {
                    let mut seq = seq.clone();
                    seq.push(face);
                    (seq, w * f)
                })
            })
            .collect();
    }
    out
}

/// Sunny Bounder: every die the same face, one the player wants.
fn all_same(dice: &[usize], wanted: &dyn Fn(usize) -> bool) -> Option<usize> {
    let first = *dice.first()?;
    (dice.iter().all(|&d| d == first) && wanted(first)).then_some(first)
}

/// One side's final faces, each with its probability.
fn side(
    n: usize,
    faces: &[u128],
    rerolls: &dyn Fn(usize) -> bool,
    can_reroll: bool,
    sunny: &dyn Fn(&[usize]) -> Option<usize>,
) -> Vec<(Vec<usize>, BigRational)> {
    let mut out = Vec::new();
    let sides = SIDES as i64;
    for (first, w) in sequences(n, faces) {
        let p = BigRational::new((w as i64).into(), sides.pow(n as u32).into());
        let added = sunny(&first);
        let again: Vec<usize> = (0..n)
            .filter(|&i| can_reroll && rerolls(first[i]))
            .collect();
        if again.is_empty() {
            let mut dice = first.clone();
            dice.extend(added);
            out.push((dice, p));
            continue;
        }
        for (new, v) in sequences(again.len(), faces) {
            let mut dice = first.clone();
            for (&i, &face) in again.iter().zip(&new) {
                dice[i] = face;
            }
            let extra = added.or_else(|| sunny(&dice));
            let q = BigRational::new((v as i64).into(), sides.pow(again.len() as u32).into());
            dice.extend(extra);
            out.push((dice, &p * q));
        }
    }
    out
}

pub fn attack(inputs: &DiceInputs) -> BTreeMap<(usize, usize), BigRational> {
    let a = &inputs.attacker;
    let rerolls = |face: usize| face == BLANK || (face == FOCUS && !a.focus);
    let wanted = |face: usize| face == CRIT || face == HIT || (face == FOCUS && a.focus);
    let sunny = |dice: &[usize]| {
        if a.sunny_bounder {
            all_same(dice, &wanted)
        } else {
            None
        }
    };
    let can_reroll = a.target_lock || a.inaldra_shields > 0;
    let mut out = BTreeMap::new();
    let n = usize::from(inputs.attack_dice());
    for (dice, p) in side(n, &ATTACK_FACES, &rerolls, can_reroll, &sunny) {
        let count = |f: usize| dice.iter().filter(|&&d| d == f).count();
        let mut hits = count(HIT) + if a.focus { count(FOCUS) } else { 0 };
        let mut crits = count(CRIT);
        if a.thug_droids && hits > 0 {
            hits -= 1;
            crits += 1;
        }
        *out.entry((hits, crits)).or_insert_with(BigRational::zero) += p;
    }
    out
}

pub fn evades(inputs: &DiceInputs) -> BTreeMap<usize, BigRational> {
    let d = &inputs.defender;
    let rerolls = |face: usize| face == DEFENSE_BLANK || (face == DEFENSE_FOCUS && !d.focus);
    let wanted = |face: usize| face == EVADE || (face == DEFENSE_FOCUS && d.focus);
    let sunny = |dice: &[usize]| {
        if d.sunny_bounder {
            all_same(dice, &wanted)
        } else {
            None
        }
    };
    let mut out = BTreeMap::new();
    let n = usize::from(inputs.defense_dice());
    for (dice, p) in side(n, &DEFENSE_FACES, &rerolls, d.inaldra_shields > 0, &sunny) {
        let count = |f: usize| dice.iter().filter(|&&x| x == f).count();
        let mut evades = count(EVADE) + if d.focus { count(DEFENSE_FOCUS) } else { 0 };
        evades += usize::from(d.evade) + usize::from(d.reinforce);
        if d.broken_horn && (d.reinforce || d.reinforce_other) {
            evades += 1;
        }
        *out.entry(evades).or_insert_with(BigRational::zero) += p;
    }
    out
}

/// The damage distribution from the two sides, pair by pair.
pub fn damage(
    attack: &BTreeMap<(usize, usize), BigRational>,
    evades: &BTreeMap<usize, BigRational>,
) -> Vec<BigRational> {
    let mut damage: Vec<BigRational> = Vec::new();
    for (&(hits, crits), p) in attack {
        for (&e, q) in evades {
            let hits_left = hits.saturating_sub(e);
            let crits_left = crits.saturating_sub(e.saturating_sub(hits));
            let total = hits_left + crits_left;
            if damage.len() <= total {
                damage.resize(total + 1, BigRational::zero());
            }
            damage[total] += p * q;
        }
    }
    // The engine's list ends at the largest total it can reach.
    while damage.len() > 1 && damage.last().is_some_and(Zero::is_zero) {
        damage.pop();
    }
    damage
}

/// Every attacker: focus, a lock, Thug Droids, Sunny Bounder, Inaldra.
pub fn attackers() -> Vec<Attacker> {
    (0..32u8)
        .map(|bits| Attacker {
            focus: bits & 1 != 0,
            target_lock: bits & 2 != 0,
            thug_droids: bits & 4 != 0,
            sunny_bounder: bits & 8 != 0,
            inaldra_shields: (bits >> 4) & 1,
            power_cells: false,
        })
        .collect()
}

/// Every defender `check` accepts: small ships with any of focus,
/// evade, Sunny Bounder and Inaldra; huge ships with either reinforce
/// token, with and without Broken Horn, or Broken Horn alone.
pub fn defenders() -> Vec<Defender> {
    let mut out: Vec<Defender> = (0..16u8)
        .map(|bits| Defender {
            focus: bits & 1 != 0,
            evade: bits & 2 != 0,
            sunny_bounder: bits & 4 != 0,
            inaldra_shields: (bits >> 3) & 1,
            ..Defender::default()
        })
        .collect();
    for (reinforce, reinforce_other, broken_horn) in [
        (true, false, false),
        (true, false, true),
        (false, true, false),
        (false, true, true),
        (false, false, true),
    ] {
        out.push(Defender {
            reinforce,
            reinforce_other,
            broken_horn,
            ..Defender::default()
        });
    }
    out
}

pub fn inputs(attack: u8, defense: u8, attacker: &Attacker, defender: &Defender) -> DiceInputs {
    DiceInputs {
        attack,
        defense,
        attacker: attacker.clone(),
        defender: defender.clone(),
        ..DiceInputs::default()
    }
}
