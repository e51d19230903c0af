//! The maneuver: the approach chart's entry resolved on the ship's dial,
//! with the rules for a roll that cannot be flown.

use super::approach::{Approach, DefenseDie};
use super::charts::{ChartEntry, Charts, Landmark, Speed};
use super::error::SoloError;
use crate::catalog::{Bearing, Difficulty, Maneuver};

/// The maneuver the ship flies, and the defense die as it ends (a roll
/// that cannot be flown turns it to focus).
pub(super) fn select_maneuver(
    charts: &Charts,
    dial: &[Maneuver],
    a: &Approach,
    steps: &mut Vec<String>,
) -> Result<(Maneuver, DefenseDie), SoloError> {
    if a.ionized && a.huge {
        steps.push("Ionized, but a huge ship flies no ion maneuver: each ion token reduces the energy it gains by 1 (Huge Ship Rules); it flies the chosen maneuver.".into());
    }
    if a.ionized && !a.huge {
        steps.push("Ionized: no maneuver is selected; the ship resolves the ion maneuver (1 straight, white).".into());
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
            steps.push(format!(
                "That entry cannot be satisfied either: the slowest straight, {}.",
                slowest.describe()
            ));
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
    steps: &mut Vec<String>,
) -> (Option<Maneuver>, DefenseDie) {
    let mut defense = a.defense;
    for attempt in 0..2 {
        let e = charts.entry(a.arc, defense, a.attack);
        steps.push(format!(
            "{} chart, {} / {}: “{}”.",
            a.arc.as_str(),
            defense.as_str(),
            a.attack.as_str(),
            e.text
        ));
        match resolve(dial, e, a, steps) {
            Some(m) if a.stressed && m.difficulty == Difficulty::Red => {
                steps.push("Stressed and the roll indicates a red maneuver: the defense die is changed to focus.".into());
                defense = DefenseDie::Focus;
            }
            Some(m) => return (Some(m), defense),
            None if attempt == 0 && defense != DefenseDie::Focus => {
                steps.push("No such maneuver: the defense die is changed to focus (the lost icon read as focus: an interpretation).".into());
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
    steps: &mut Vec<String>,
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
        steps.push(format!("The dial has no maneuver for “{}”.", e.text));
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
            steps.push(format!(
                "“{}”: speeds available {:?}, so {} ({}).",
                e.text,
                speeds,
                m.describe(),
                m.difficulty.as_str()
            ));
            Some(**m)
        }
        None => {
            steps.push(format!(
                "The dial has no {speed}-speed maneuver for “{}”.",
                e.text
            ));
            None
        }
    }
}
