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

// Each file imports only those listed before it in this order: faces,
// inputs (and their checks), address (the inputs' knobs), presets,
// brute_force (the tests' oracle), roll (each side's results), damage (the
// two sides met).
mod address;
#[cfg(test)]
mod brute_force;
mod damage;
mod faces;
mod inputs;
mod presets;
mod roll;

pub use address::DICE_ADDRESS;
pub use damage::{Damage, damage};
pub use inputs::{Attacker, Defender, DiceError, DiceInputs, MAX_DICE, RangeRule, SmallShipThing};
pub use presets::{Preset, presets};
