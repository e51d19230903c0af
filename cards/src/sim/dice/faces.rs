//! The dice's faces: which face each count of a roll stands for, and how
//! many of a die's eight sides show it.

// Faces, in the order the count vectors use.
pub(super) const CRIT: usize = 0;
pub(super) const HIT: usize = 1;
pub(super) const FOCUS: usize = 2;
pub(super) const BLANK: usize = 3;
/// Attack die: 1 critical hit, 3 hit, 2 focus, 2 blank.
pub(super) const ATTACK_FACES: [u128; 4] = [1, 3, 2, 2];
pub(super) const EVADE: usize = 0;
pub(super) const DEFENSE_FOCUS: usize = 1;
pub(super) const DEFENSE_BLANK: usize = 2;
/// Defense die: 3 evade, 2 focus, 3 blank.
pub(super) const DEFENSE_FACES: [u128; 3] = [3, 2, 3];
/// Sides of either die: every probability is a count of equally likely
/// outcomes over a power of this.
pub(super) const SIDES: u128 = 8;
const _: () = assert!(
    ATTACK_FACES[0] + ATTACK_FACES[1] + ATTACK_FACES[2] + ATTACK_FACES[3] == SIDES
        && DEFENSE_FACES[0] + DEFENSE_FACES[1] + DEFENSE_FACES[2] == SIDES
);
