//! Points destroyed, by the 1st-edition tournament rules.
//!
//! X-Wing Tournament Rules 3.2 (Fantasy Flight Games, 2015), on scoring
//! when a match ends: a player scores each destroyed enemy ship's squad
//! points, upgrades included, and "half the total squad point value
//! (rounded down) of each enemy large ship whose combined total hull and
//! shields have been reduced to half or below". The rule names large
//! ships only, so a huge ship scores when it is destroyed.

use serde::{Deserialize, Serialize};

use super::ids::Player;
use super::table::{PlayShip, Table};
use crate::catalog::ShipSize;

/// What one player has scored from the other's ships.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Enemy ships destroyed.
    pub ships_destroyed: usize,
    /// Their points.
    pub destroyed_points: i32,
    /// Half points (rounded down) of enemy large ships at half or below.
    pub half_points: i32,
}

impl Score {
    /// Points destroyed.
    pub fn total(&self) -> i32 {
        self.destroyed_points + self.half_points
    }
}

/// Whether a large ship's hull and shields are down to half or below.
fn at_half(ship: &PlayShip) -> bool {
    let total: u32 = ship
        .sections
        .iter()
        .map(|s| u32::from(s.hull) + u32::from(s.shield_value))
        .sum();
    let left: u32 = ship
        .sections
        .iter()
        .map(|s| u32::from(s.hull.saturating_sub(s.hull_damage())) + u32::from(s.shields))
        .sum();
    left * 2 <= total
}

impl Table {
    /// The points `scorer` has destroyed; `None` when the other player's
    /// squad is not in the game.
    pub fn points_destroyed(&self, scorer: Player) -> Option<Score> {
        let fleet = self.fleet(scorer.other())?;
        let mut score = Score::default();
        for ship in fleet {
            if ship.destroyed() {
                score.ships_destroyed += 1;
                score.destroyed_points += ship.points;
            } else if ship.size == ShipSize::Large && at_half(ship) {
                score.half_points += ship.points / 2;
            }
        }
        Some(score)
    }
}
