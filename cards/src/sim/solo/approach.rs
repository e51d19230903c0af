//! The situation the flight system reads: where the tally and the nearest
//! obstacle are, the ship's tokens, and the approach roll.

use serde::{Deserialize, Serialize};

use super::attitude::Attitude;
use crate::catalog::Direction;

/// The solo ship's arc its tally is in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum TallyArc {
    #[default]
    Bullseye,
    Front,
    Side,
    Rear,
}

impl TallyArc {
    /// Every arc, in the charts' order.
    pub const ALL: [TallyArc; 4] = [
        TallyArc::Bullseye,
        TallyArc::Front,
        TallyArc::Side,
        TallyArc::Rear,
    ];
    /// The arc's name, as the charts write it.
    pub fn as_str(self) -> &'static str {
        match self {
            TallyArc::Bullseye => "bullseye",
            TallyArc::Front => "front",
            TallyArc::Side => "side",
            TallyArc::Rear => "rear",
        }
    }
}

/// Left or right of the solo ship (which full side arc an object is in).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Side {
    #[default]
    Left,
    Right,
}

impl Side {
    /// The other side.
    pub(crate) fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
    /// The direction of a maneuver to this side.
    pub(crate) fn direction(self) -> Direction {
        match self {
            Side::Left => Direction::Left,
            Side::Right => Direction::Right,
        }
    }
    /// The side's name (`left`, `right`).
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// The approach roll's defense die.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DefenseDie {
    #[default]
    Evade,
    Focus,
    Blank,
}

impl DefenseDie {
    /// Every defense result, in the charts' order.
    pub const ALL: [DefenseDie; 3] = [DefenseDie::Evade, DefenseDie::Focus, DefenseDie::Blank];
    /// Faces out of 8: 3 evade, 2 focus, 3 blank.
    pub fn faces(self) -> u32 {
        match self {
            DefenseDie::Evade => 3,
            DefenseDie::Focus => 2,
            DefenseDie::Blank => 3,
        }
    }
    /// The result's name, as the charts write it.
    pub fn as_str(self) -> &'static str {
        match self {
            DefenseDie::Evade => "evade",
            DefenseDie::Focus => "focus",
            DefenseDie::Blank => "blank",
        }
    }
    /// The attitude this result gives.
    pub fn attitude(self) -> Attitude {
        match self {
            DefenseDie::Evade => Attitude::Defensive,
            DefenseDie::Focus => Attitude::Balanced,
            DefenseDie::Blank => Attitude::Offensive,
        }
    }
}

/// The approach roll's attack die.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum AttackDie {
    #[default]
    Crit,
    Hit,
    Focus,
    Blank,
}

impl AttackDie {
    /// Every attack result, in the charts' order.
    pub const ALL: [AttackDie; 4] = [
        AttackDie::Crit,
        AttackDie::Hit,
        AttackDie::Focus,
        AttackDie::Blank,
    ];
    /// Faces out of 8: 1 critical hit, 3 hit, 2 focus, 2 blank.
    pub fn faces(self) -> u32 {
        match self {
            AttackDie::Crit => 1,
            AttackDie::Hit => 3,
            AttackDie::Focus => 2,
            AttackDie::Blank => 2,
        }
    }
    /// The result's name, as the charts write it.
    pub fn as_str(self) -> &'static str {
        match self {
            AttackDie::Crit => "crit",
            AttackDie::Hit => "hit",
            AttackDie::Focus => "focus",
            AttackDie::Blank => "blank",
        }
    }
}

/// Where the tally and the nearest obstacle are, and the approach roll.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Approach {
    pub arc: TallyArc,
    /// Which full side arc the tally is in (left when not said).
    pub tally_side: Option<Side>,
    /// Which full side arc the nearest obstacle is in (left when not said).
    pub obstacle_side: Option<Side>,
    pub defense: DefenseDie,
    pub attack: AttackDie,
    pub stressed: bool,
    pub ionized: bool,
    /// The solo ship is in at least one enemy ship's firing arc.
    pub in_enemy_arc: bool,
    /// An obstacle is in the solo ship's bullseye arc at range 0-2.
    pub obstacle_ahead: bool,
    /// A friendly ship that could coordinate is near.
    pub friendly_near: bool,
    /// An enemy ship other than the tally is in one of the solo ship's
    /// firing arcs (the tally may be chosen by a lock outside them).
    pub enemy_in_firing_arc: bool,
    /// The solo ship is huge: it flies no ion maneuver (ion tokens reduce
    /// the energy it gains instead). Set from the ship, not asked.
    pub huge: bool,
}

/// An approach roll with a seeded generator (the page passes a fresh seed):
/// one defense die and one attack die.
pub fn roll_approach(seed: u64) -> (DefenseDie, AttackDie) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let d = match rng.random_range(0..8) {
        0..=2 => DefenseDie::Evade,
        3..=4 => DefenseDie::Focus,
        _ => DefenseDie::Blank,
    };
    let a = match rng.random_range(0..8) {
        0 => AttackDie::Crit,
        1..=3 => AttackDie::Hit,
        4..=5 => AttackDie::Focus,
        _ => AttackDie::Blank,
    };
    (d, a)
}
