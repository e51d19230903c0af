//! The maneuver: the approach chart's entry resolved on the ship's dial,
//! with the rules for a roll that cannot be flown.

use super::approach::{Approach, DefenseDie};
use super::charts::{ChartEntry, Charts, Landmark, Speed};
use super::error::SoloError;
use super::steps::SoloStep;
use crate::catalog::{Bearing, Difficulty, Maneuver};

/// The maneuver the ship flies, and the defense die as it ends (a roll
/// that cannot be flown turns it to focus).
pub(super) fn select_maneuver(
    charts: &Charts,
    dial: &[Maneuver],
    a: &Approach,
    steps: &mut Vec<SoloStep>,
) -> Result<(Maneuver, DefenseDie), SoloError> {
    if a.ionized && a.huge {
        steps.push(SoloStep::IonizedHuge);
    }
    if a.ionized && !a.huge {
        steps.push(SoloStep::Ionized);
        let ion = Maneuver {
            speed: 1,
            bearing: Bearing::Straight,
            direction: None,
            difficulty: Difficulty::White,
            energy: None,
        };
        return Ok((ion, a.defense));
    }
    let (picked, defense) = read_charts(charts, dial, a, steps);
    match picked {
        Some(m) => Ok((m, defense)),
        None => {
            let slowest = slowest_straight(dial, a.stressed).ok_or(SoloError::NoDial)?;
            steps.push(SoloStep::SlowestStraight { maneuver: slowest });
            Ok((slowest, defense))
        }
    }
}

/// The chart entry resolved on the dial, read again with a focus result
/// when the first reading cannot be flown (no such maneuver, or red while
/// stressed).
fn read_charts(
    charts: &Charts,
    dial: &[Maneuver],
    a: &Approach,
    steps: &mut Vec<SoloStep>,
) -> (Option<Maneuver>, DefenseDie) {
    let mut defense = a.defense;
    for attempt in 0..2 {
        let e = charts.entry(a.arc, defense, a.attack);
        steps.push(SoloStep::ChartEntry {
            arc: a.arc,
            defense,
            attack: a.attack,
            entry: e.text.clone(),
        });
        match resolve(dial, e, a, steps) {
            Some(m) if a.stressed && m.difficulty == Difficulty::Red => {
                steps.push(SoloStep::StressedRed);
                defense = DefenseDie::Focus;
            }
            Some(m) => return (Some(m), defense),
            None if attempt == 0 && defense != DefenseDie::Focus => {
                steps.push(SoloStep::NoSuchManeuver);
                defense = DefenseDie::Focus;
            }
            None => break,
        }
    }
    (None, defense)
}

/// The slowest straight on the dial (not red when stressed), or the
/// slowest maneuver of any kind.
fn slowest_straight(dial: &[Maneuver], stressed: bool) -> Option<Maneuver> {
    dial.iter()
        .filter(|m| m.bearing == Bearing::Straight)
        .filter(|m| !stressed || m.difficulty != Difficulty::Red)
        .min_by_key(|m| m.speed)
        .or_else(|| dial.iter().min_by_key(|m| m.speed))
        .copied()
}

/// Why an entry could not be resolved.
fn resolve(
    dial: &[Maneuver],
    e: &ChartEntry,
    a: &Approach,
    steps: &mut Vec<SoloStep>,
) -> Option<Maneuver> {
    let tally = a.tally_side.unwrap_or_default();
    let obstacle = a.obstacle_side.unwrap_or_default();
    let mut candidates: Vec<&Maneuver> = dial
        .iter()
        .filter(|m| e.bearings.contains(&m.bearing))
        // 1st-edition dials: green plays the role of blue.
        .filter(|m| !e.blue || m.difficulty == Difficulty::Green)
        .collect();
    if let Some((towards, reference)) = e.direction {
        let side = match reference {
            Landmark::Tally => tally,
            Landmark::Obstacle => obstacle,
        };
        let side = if towards { side } else { side.other() };
        // Maneuvers without a direction (straights, Koiogran turns) still qualify.
        candidates.retain(|m| m.direction.is_none() || m.direction == Some(side.direction()));
    }
    if candidates.is_empty() {
        steps.push(SoloStep::NoManeuverFor {
            entry: e.text.clone(),
        });
        return None;
    }
    // Reverse maneuvers count as negative only when finding the slowest.
    let key = |m: &Maneuver, slowest: bool| -> i16 {
        let s = i16::from(m.speed);
        if slowest && m.bearing == Bearing::Reverse {
            -s
        } else {
            s
        }
    };
    let slowest = e.speed == Speed::Slowest;
    let mut speeds: Vec<i16> = candidates.iter().map(|m| key(m, slowest)).collect();
    speeds.sort();
    speeds.dedup();
    let speed = match e.speed {
        Speed::Slowest => speeds[0],
        Speed::Fastest => speeds[speeds.len() - 1],
        // With an even count, average rounds up.
        Speed::Average => speeds[speeds.len() / 2],
        Speed::Exactly(n) => i16::from(n),
    };
    let pick = e.bearings.iter().find_map(|b| {
        candidates
            .iter()
            .find(|m| m.bearing == *b && key(m, slowest) == speed)
    });
    match pick {
        Some(m) => {
            steps.push(SoloStep::Picked {
                entry: e.text.clone(),
                speeds,
                maneuver: **m,
            });
            Some(**m)
        }
        None => {
            steps.push(SoloStep::NoSpeed {
                speed,
                entry: e.text.clone(),
            });
            None
        }
    }
}
