//! Exact combat dice: the probability of each damage total. No sampling:
//! each side's rolls are counts of each face, weighted by how many of the
//! equally likely outcomes give them (whole numbers); a reroll moves each
//! merged state by the rerolled dice's distribution; the two sides meet
//! once per evade total, and each probability is divided once, at the end.
//! The tests check this against rolling every die one at a time.
//!
//! ```
//! use cards::sim::dice::{DiceInputs, damage};
//! use num_rational::BigRational;
//! let d = damage(&DiceInputs { attack: 3, defense: 3, ..DiceInputs::default() });
//! // data/SOURCES.md: 3 attack dice against 3 defense dice, P(0 damage) = 0.53369140625.
//! assert_eq!(d.damage[0], BigRational::new(2186.into(), 4096.into()));
//! ```
//!
//! Where a card says "you may", the simulator plays it the way a player
//! would in the usual case, and says so:
//! - rerolls (target lock, Inaldra) reroll every blank, and every focus
//!   result when the attacker has no focus to spend; a die is rerolled at
//!   most once (1st edition), so Inaldra's shield is spent only without a lock;
//! - Sunny Bounder adds a matching result once, after the roll or after the
//!   reroll, when every die shows the same useful result (hit, critical hit,
//!   or focus the attacker will spend);
//! - IG-RM Thug Droids change one hit to a critical hit after focus is spent;
//! - defending, Inaldra and Sunny Bounder work the same way on the defense
//!   dice (rerolling blanks, and focus results without a focus token);
//! - Broken Horn needs only "a reinforce token": one on either section
//!   counts (an interpretation), while the token's own evade needs it on the
//!   targeted section;
//! - focus and evade tokens do not affect huge ships (Huge Ship Rules): a
//!   defender with reinforce or Broken Horn cannot have them, nor Sunny
//!   Bounder or Inaldra (small-ship pilots); such inputs are refused.

use std::collections::BTreeMap;

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Zero;
use serde::{Deserialize, Serialize};
use validator::Validate;

use crate::address::{Address, AddressError, Knob, Refusal, UnknownKeys, flag, number, write_flag};

/// The most dice a player may ask for (attack or defense, before modifiers).
pub const MAX_DICE: u8 = 12;

/// Which huge-ship range rule applies to primary weapons beyond Range 3.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RangeRule {
    /// The seed's Huge Ship Rules v1.0 (2014): +2 defense dice at Range 4, +3 at Range 5.
    #[default]
    V1,
    /// Huge Ship Rules v3.0 (2015): +1 defense die at Range 3 or beyond.
    V3,
}

impl RangeRule {
    /// Reads `v1` or `v3` (the address and the page's menu write these).
    pub fn parse(text: &str) -> Option<RangeRule> {
        [RangeRule::V1, RangeRule::V3]
            .into_iter()
            .find(|r| r.as_str() == text)
    }

    /// The word the address uses for it (`v1`, `v3`).
    pub fn as_str(self) -> &'static str {
        match self {
            RangeRule::V1 => "v1",
            RangeRule::V3 => "v3",
        }
    }
}

/// The attacker's tokens and cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(default, deny_unknown_fields)]
pub struct Attacker {
    /// Spends a focus token: every focus result becomes a hit.
    pub focus: bool,
    /// Spends a target lock: rerolls any number of dice.
    pub target_lock: bool,
    /// Supercharged Power Cells: discards the card to roll 2 additional attack dice.
    pub power_cells: bool,
    /// IG-RM Thug Droids: changes 1 hit result to a critical hit result.
    pub thug_droids: bool,
    /// Sunny Bounder: all dice the same result, add 1 matching result.
    pub sunny_bounder: bool,
    /// Inaldra's shields: with at least one she may spend 1 to reroll any number of dice.
    #[validate(range(max = 12))]
    pub inaldra_shields: u8,
}

/// The defender's tokens and cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Defender {
    /// Spends a focus token: every focus result becomes an evade (not on a huge ship).
    pub focus: bool,
    /// Spends an evade token: adds 1 evade result (not on a huge ship).
    pub evade: bool,
    /// A reinforce token on the targeted section: adds 1 evade result.
    pub reinforce: bool,
    /// A reinforce token on the other section: no evade of its own, but
    /// Broken Horn needs only "a reinforce token".
    pub reinforce_other: bool,
    /// Broken Horn: with a reinforce token (either section), 1 additional evade result.
    pub broken_horn: bool,
    /// Sunny Bounder defending: all dice the same result, add 1 matching result.
    pub sunny_bounder: bool,
    /// Inaldra defending: with at least one shield she may spend 1 to reroll any number of dice.
    pub inaldra_shields: u8,
}

impl Defender {
    /// A reinforce token or Broken Horn makes the defender a huge ship.
    pub fn is_huge(&self) -> bool {
        self.reinforce || self.reinforce_other || self.broken_horn
    }
}

/// One attack, as the dice simulator sees it. Every field has a default, so
/// `{}` in JSON is 0 dice at Range 2 with a primary weapon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(default, deny_unknown_fields)]
pub struct DiceInputs {
    /// Attack dice before modifiers (the weapon's attack value).
    #[validate(range(max = 12))]
    pub attack: u8,
    /// Defense dice before modifiers (agility; 0 for a huge ship).
    #[validate(range(max = 12))]
    pub defense: u8,
    #[validate(range(min = 1, max = 5))]
    pub range: u8,
    /// A primary weapon attack: range bonuses apply.
    pub primary: bool,
    pub range_rule: RangeRule,
    /// The attack is obstructed: +1 defense die.
    pub obstructed: bool,
    #[validate(nested)]
    pub attacker: Attacker,
    pub defender: Defender,
}

impl Default for DiceInputs {
    fn default() -> Self {
        DiceInputs {
            attack: 0,
            defense: 0,
            range: 2,
            primary: true,
            range_rule: RangeRule::V1,
            obstructed: false,
            attacker: Attacker::default(),
            defender: Defender::default(),
        }
    }
}

impl DiceInputs {
    /// Checks the ranges and says what is wrong in words.
    pub fn check(&self) -> Result<(), DiceError> {
        for (side, dice) in [("attack", self.attack), ("defense", self.defense)] {
            if dice > MAX_DICE {
                return Err(DiceError::TooManyDice { side, dice });
            }
        }
        if !(1..=5).contains(&self.range) {
            return Err(DiceError::Range(self.range));
        }
        for (who, shields) in [
            ("attacker", self.attacker.inaldra_shields),
            ("defender", self.defender.inaldra_shields),
        ] {
            if shields > MAX_DICE {
                return Err(DiceError::InaldraShields { who, shields });
            }
        }
        let d = &self.defender;
        if d.reinforce && d.reinforce_other {
            return Err(DiceError::TwoReinforceTokens);
        }
        // Huge Ship Rules: focus and evade tokens do not affect huge ships;
        // Sunny Bounder and Inaldra fly M3-As.
        if d.is_huge() {
            let small: Vec<&str> = [
                (d.focus, "a focus token"),
                (d.evade, "an evade token"),
                (d.sunny_bounder, "Sunny Bounder"),
                (d.inaldra_shields > 0, "Inaldra"),
            ]
            .into_iter()
            .filter_map(|(on, what)| on.then_some(what))
            .collect();
            if !small.is_empty() {
                return Err(DiceError::SmallShipTokenOnHuge(small.join(" or ")));
            }
        }
        // The derive states the same limits for API documentation; both agree.
        self.validate()
            .map_err(|e| DiceError::Invalid(e.to_string()))
    }

    /// Range combat bonuses for primary weapons: (extra attack dice, extra
    /// defense dice). Range 1: +1 attack die and Range 3: +1 defense die are
    /// the core rules; Ranges 4 and 5 follow the chosen huge-ship rule.
    pub fn range_bonus(&self) -> (u8, u8) {
        if !self.primary {
            return (0, 0);
        }
        match (self.range, self.range_rule) {
            (1, _) => (1, 0),
            (3, _) => (0, 1),
            (4, RangeRule::V1) => (0, 2),
            (5, RangeRule::V1) => (0, 3),
            (4 | 5, RangeRule::V3) => (0, 1),
            _ => (0, 0),
        }
    }

    /// Every modifier on at Range 1 that one attack can have (the
    /// benchmark's case and a test's).
    pub fn every_modifier(attack: u8, defense: u8) -> DiceInputs {
        DiceInputs {
            attack,
            defense,
            range: 1,
            primary: true,
            range_rule: RangeRule::V1,
            obstructed: true,
            attacker: Attacker {
                focus: true,
                target_lock: true,
                power_cells: true,
                thug_droids: true,
                sunny_bounder: true,
                inaldra_shields: 1,
            },
            // A small defender: huge ships take no focus or evade tokens
            // (reinforce and Broken Horn are checked in tests of their own).
            defender: Defender {
                focus: true,
                evade: true,
                sunny_bounder: true,
                inaldra_shields: 1,
                ..Defender::default()
            },
        }
    }

    /// Attack dice actually rolled.
    pub fn attack_dice(&self) -> u8 {
        self.attack
            .saturating_add(self.range_bonus().0)
            .saturating_add(if self.attacker.power_cells { 2 } else { 0 })
    }

    /// Defense dice actually rolled.
    pub fn defense_dice(&self) -> u8 {
        self.defense
            .saturating_add(self.range_bonus().1)
            .saturating_add(u8::from(self.obstructed))
    }

    /// The inputs as address parameters (only those that differ from the default).
    pub fn to_query(&self) -> String {
        DICE_ADDRESS.write(self)
    }

    /// Reads address parameters written by [`DiceInputs::to_query`]; a bad
    /// value is an error naming it, unknown keys are left to the caller.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<DiceInputs, DiceError> {
        let d = DICE_ADDRESS.read(pairs)?;
        d.check()?;
        Ok(d)
    }
}

/// Inputs the simulator cannot roll.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error(transparent)]
    Address(#[from] AddressError),
    #[error("{side} must be 0 to {MAX_DICE} dice, not {dice}")]
    TooManyDice { side: &'static str, dice: u8 },
    #[error("range must be 1 to 5, not {0}")]
    Range(u8),
    #[error("the {who}'s inaldra_shields must be 0 to {MAX_DICE}, not {shields}")]
    InaldraShields { who: &'static str, shields: u8 },
    #[error("a huge ship has one reinforce token, on the targeted section or on the other")]
    TwoReinforceTokens,
    #[error(
        "a defender with a reinforce token or Broken Horn is a huge ship, which cannot use {0}: focus and evade tokens do not affect huge ships, and Sunny Bounder and Inaldra fly small ships"
    )]
    SmallShipTokenOnHuge(String),
    #[error("{0}")]
    Invalid(String),
}

/// A knob that is a flag of the inputs.
macro_rules! dice_flag {
    ($key:literal, $json:literal, $($field:ident).+) => {
        Knob {
            key: $key,
            json: $json,
            read: |d, v| {
                d.$($field).+ = flag(v)?;
                Ok(())
            },
            write: |d| write_flag(d.$($field).+),
        }
    };
}

/// The dice simulator's address: every input's query key and JSON name.
pub static DICE_ADDRESS: Address<DiceInputs> = Address {
    knobs: &[
        Knob {
            key: "a",
            json: "attack",
            read: |d, v| {
                d.attack = number(v)?;
                Ok(())
            },
            write: |d| Some(d.attack.to_string()),
        },
        Knob {
            key: "d",
            json: "defense",
            read: |d, v| {
                d.defense = number(v)?;
                Ok(())
            },
            write: |d| Some(d.defense.to_string()),
        },
        Knob {
            key: "r",
            json: "range",
            read: |d, v| {
                d.range = number(v)?;
                Ok(())
            },
            write: |d| (d.range != 2).then(|| d.range.to_string()),
        },
        Knob {
            key: "secondary",
            json: "primary",
            read: |d, v| {
                d.primary = !flag(v)?;
                Ok(())
            },
            write: |d| write_flag(!d.primary),
        },
        Knob {
            key: "rule",
            json: "range_rule",
            read: |d, v| {
                d.range_rule = RangeRule::parse(v).ok_or(Refusal::NotOneOf("v1 or v3"))?;
                Ok(())
            },
            write: |d| (d.range_rule != RangeRule::V1).then(|| d.range_rule.as_str().to_string()),
        },
        dice_flag!("obstructed", "obstructed", obstructed),
        dice_flag!("afocus", "attacker.focus", attacker.focus),
        dice_flag!("lock", "attacker.target_lock", attacker.target_lock),
        dice_flag!("cells", "attacker.power_cells", attacker.power_cells),
        dice_flag!("thugs", "attacker.thug_droids", attacker.thug_droids),
        dice_flag!("sunny", "attacker.sunny_bounder", attacker.sunny_bounder),
        dice_flag!("dfocus", "defender.focus", defender.focus),
        dice_flag!("evade", "defender.evade", defender.evade),
        dice_flag!("reinforce", "defender.reinforce", defender.reinforce),
        dice_flag!(
            "rother",
            "defender.reinforce_other",
            defender.reinforce_other
        ),
        dice_flag!("horn", "defender.broken_horn", defender.broken_horn),
        dice_flag!("dsunny", "defender.sunny_bounder", defender.sunny_bounder),
        Knob {
            key: "inaldra",
            json: "attacker.inaldra_shields",
            read: |d, v| {
                d.attacker.inaldra_shields = number(v)?;
                Ok(())
            },
            write: |d| {
                (d.attacker.inaldra_shields > 0).then(|| d.attacker.inaldra_shields.to_string())
            },
        },
        Knob {
            key: "dinaldra",
            json: "defender.inaldra_shields",
            read: |d, v| {
                d.defender.inaldra_shields = number(v)?;
                Ok(())
            },
            write: |d| {
                (d.defender.inaldra_shields > 0).then(|| d.defender.inaldra_shields.to_string())
            },
        },
    ],
    unknown_keys: UnknownKeys::Ignore,
};

/// A ready-made set of inputs.
pub struct Preset {
    pub name: &'static str,
    pub inputs: DiceInputs,
}

/// The simulator's presets.
pub fn presets() -> Vec<Preset> {
    vec![
        Preset {
            name: "Heavy Laser Turret against an M3-A (Range 2)",
            inputs: DiceInputs {
                attack: 4,
                defense: 3,
                primary: false,
                ..DiceInputs::default()
            },
        },
        Preset {
            name: "M3-A attacking the reinforced C-ROC (Range 2)",
            inputs: DiceInputs {
                attack: 2,
                defense: 0,
                defender: Defender {
                    reinforce: true,
                    ..Defender::default()
                },
                ..DiceInputs::default()
            },
        },
        Preset {
            name: "M3-A at Range 1 with focus and target lock against the reinforced Broken Horn",
            inputs: DiceInputs {
                attack: 2,
                defense: 0,
                range: 1,
                attacker: Attacker {
                    focus: true,
                    target_lock: true,
                    ..Attacker::default()
                },
                defender: Defender {
                    reinforce: true,
                    broken_horn: true,
                    ..Defender::default()
                },
                ..DiceInputs::default()
            },
        },
    ]
}

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

#[cfg(test)]
fn r(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

// Faces, in the order the count vectors use.
const CRIT: usize = 0;
const HIT: usize = 1;
const FOCUS: usize = 2;
const BLANK: usize = 3;
/// Attack die: 1 critical hit, 3 hit, 2 focus, 2 blank.
const ATTACK_FACES: [u128; 4] = [1, 3, 2, 2];
const EVADE: usize = 0;
const DEFENSE_FOCUS: usize = 1;
const DEFENSE_BLANK: usize = 2;
/// Defense die: 3 evade, 2 focus, 3 blank.
const DEFENSE_FACES: [u128; 3] = [3, 2, 3];
/// Sides of either die: every probability is a count of equally likely
/// outcomes over a power of this.
const SIDES: u128 = 8;
const _: () = assert!(
    ATTACK_FACES[0] + ATTACK_FACES[1] + ATTACK_FACES[2] + ATTACK_FACES[3] == SIDES
        && DEFENSE_FACES[0] + DEFENSE_FACES[1] + DEFENSE_FACES[2] == SIDES
);
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
struct AttackCounts {
    counts: Vec<u128>,
    width: usize,
    exponent: u32,
}

fn attack_results(inputs: &DiceInputs) -> AttackCounts {
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
fn evade_results(inputs: &DiceInputs) -> (Vec<u128>, u32) {
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
    use num_traits::{One, ToPrimitive};

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
        // The issue's case: 3 attack dice, the C-ROC has 0 agility and a
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

    /// Issue 13.10: a huge defender takes no focus or evade tokens.
    #[test]
    fn a_huge_defender_has_no_focus_or_evade() {
        for change in [
            (|d: &mut Defender| d.focus = true) as fn(&mut Defender),
            |d| d.evade = true,
            |d| d.sunny_bounder = true,
            |d| d.inaldra_shields = 1,
        ] {
            for huge in [
                (|d: &mut Defender| d.reinforce = true) as fn(&mut Defender),
                |d| d.broken_horn = true,
                |d| d.reinforce_other = true,
            ] {
                let mut i = attack(2);
                change(&mut i.defender);
                huge(&mut i.defender);
                let err = i.check().unwrap_err();
                assert!(matches!(err, DiceError::SmallShipTokenOnHuge(_)), "{err}");
                assert!(err.to_string().contains("huge ship"), "{err}");
                // The small-ship modifier alone is fine, and so is the huge one.
                let mut small = attack(2);
                change(&mut small.defender);
                assert!(small.check().is_ok());
                let mut big = attack(2);
                huge(&mut big.defender);
                assert!(big.check().is_ok());
            }
        }
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

    /// The test oracle: every die rolled one at a time (each face of each
    /// die, in order), the rules applied to the dice as a player would,
    /// nothing merged. Returns P(hits, crits) and P(evades), exact.
    mod brute_force {
        use super::*;

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
                    let q =
                        BigRational::new((v as i64).into(), sides.pow(again.len() as u32).into());
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
            let rerolls =
                |face: usize| face == DEFENSE_BLANK || (face == DEFENSE_FOCUS && !d.focus);
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
    }

    /// Every attacker: focus, a lock, Thug Droids, Sunny Bounder, Inaldra.
    fn attackers() -> Vec<Attacker> {
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
    fn defenders() -> Vec<Defender> {
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

    fn inputs(attack: u8, defense: u8, attacker: &Attacker, defender: &Defender) -> DiceInputs {
        DiceInputs {
            attack,
            defense,
            attacker: attacker.clone(),
            defender: defender.clone(),
            ..DiceInputs::default()
        }
    }

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

    #[test]
    fn query_round_trips_and_bad_values_are_named() {
        let i = DiceInputs::every_modifier(6, 6);
        let q = i.to_query();
        let pairs: Vec<(String, String)> =
            form_urlencoded::parse(q.as_bytes()).into_owned().collect();
        assert_eq!(DiceInputs::from_pairs(pairs).unwrap(), i);
        let said = |k: &str, v: &str| DiceInputs::from_pairs([(k, v)]).unwrap_err();
        assert_eq!(
            said("a", "13"),
            DiceError::TooManyDice {
                side: "attack",
                dice: 13
            }
        );
        assert!(said("a", "13").to_string().contains("attack"));
        assert_eq!(said("r", "6"), DiceError::Range(6));
        assert!(said("r", "6").to_string().contains("range"));
        assert_eq!(
            said("a", "x").to_string(),
            "`a` must be a whole number, not `x`"
        );
        assert_eq!(
            said("lock", "maybe").to_string(),
            "`lock` must be 1 or 0, not `maybe`"
        );
        assert_eq!(
            said("rule", "v2").to_string(),
            "`rule` must be v1 or v3, not `v2`"
        );
    }

    #[test]
    fn every_dice_knob_names_a_json_field() {
        crate::address::assert_table(&DICE_ADDRESS, &DiceInputs::every_modifier(1, 1));
    }

    #[test]
    fn the_default_address_is_short() {
        assert_eq!(DiceInputs::default().to_query(), "a=0&d=0");
    }
}
