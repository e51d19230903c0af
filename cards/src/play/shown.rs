//! A ship in play as the page shows it: the ship as built, then changed by
//! its faceup damage cards and crippled sections, each change named.

use serde::{Deserialize, Serialize};

use super::table::PlayShip;
use crate::catalog::{Difficulty, Stat, Stats};
use crate::squad::FlownManeuver;

/// One maneuver of the dial in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedManeuver {
    /// As built, then recoloured by damage cards.
    pub flown: FlownManeuver,
    /// The faceup damage cards that recoloured it.
    pub damaged_by: Vec<String>,
}

impl PlayedManeuver {
    /// Its code without colour: `2S`, `3BL`.
    pub fn code(&self) -> String {
        format!(
            "{}{}",
            self.flown.maneuver.speed,
            self.flown.maneuver.bearing_code()
        )
    }
}

/// The dial in play: the crippled sides' missing maneuvers left out, then
/// each faceup damage card's forced colours. A damage card does not let
/// the pilot choose: where it says red, red it is, over any card that
/// makes the maneuver easier.
pub fn played_dial(ship: &PlayShip) -> Vec<PlayedManeuver> {
    let removed: Vec<&String> = ship
        .sections
        .iter()
        .filter(|s| s.crippled)
        .filter_map(|s| s.crippled_side.as_ref())
        .flat_map(|c| &c.dial_removed)
        .collect();
    ship.dial
        .iter()
        .map(|m| PlayedManeuver {
            flown: m.clone(),
            damaged_by: Vec::new(),
        })
        .filter(|m| !removed.iter().any(|r| **r == m.code()))
        .map(|mut m| {
            for card in ship.face_up() {
                for change in &card.effect.dial_changes {
                    if change.applies_to(&m.flown.maneuver) {
                        m.flown.maneuver.difficulty = change.becomes;
                        m.damaged_by.push(card.name.clone().unwrap_or_default());
                    }
                }
            }
            m
        })
        .collect()
}

/// A stat in play, with the cards and sections that changed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedStat {
    /// Which stat.
    pub stat: Stat,
    /// As built.
    pub built: Option<u8>,
    /// Now.
    pub now: Option<u8>,
    /// Faceup damage cards (by name) and crippled sides that changed it.
    pub changed_by: Vec<String>,
}

/// An action in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedAction {
    /// Its XWS name.
    pub action: String,
    /// The faceup card, or the crippled section, that takes it away.
    pub lost_to: Option<String>,
}

/// The stats in play: the crippled sides' attack and energy limit, then
/// each faceup card's changes, to a minimum of 0.
pub fn played_stats(ship: &PlayShip) -> Vec<PlayedStat> {
    let mut out: Vec<PlayedStat> = Stat::ALL
        .into_iter()
        .filter(|s| ship.stats.get(*s).is_some())
        .map(|stat| PlayedStat {
            stat,
            built: ship.stats.get(stat),
            now: ship.stats.get(stat),
            changed_by: Vec::new(),
        })
        .collect();
    let mut set = |stat: Stat, value: u8, by: String| {
        if let Some(p) = out.iter_mut().find(|p| p.stat == stat) {
            p.now = Some(value);
            p.changed_by.push(by);
        }
    };
    if ship.energy.is_some() && ship.energy_limit() != ship.stats.energy.unwrap_or(0) {
        set(Stat::Energy, ship.energy_limit(), crippled_word(ship));
    }
    if let Some(attack) = crippled_attack(ship) {
        set(Stat::Attack, attack, crippled_word(ship));
    }
    let now =
        |out: &[PlayedStat], stat: Stat| out.iter().find(|p| p.stat == stat).and_then(|p| p.now);
    for card in ship.face_up() {
        for change in &card.effect.stat_changes {
            if let Some(v) = now(&out, change.stat) {
                let next = (i16::from(v) + i16::from(change.delta)).max(0);
                let name = card.name.clone().unwrap_or_default();
                if let Some(p) = out.iter_mut().find(|p| p.stat == change.stat) {
                    p.now = Some(u8::try_from(next).unwrap_or(0));
                    p.changed_by.push(name);
                }
            }
        }
    }
    out
}

fn crippled_word(ship: &PlayShip) -> String {
    let which: Vec<&str> = ship
        .sections
        .iter()
        .filter(|s| s.crippled)
        .map(|s| s.ship.as_str())
        .collect();
    format!("crippled:{}", which.join(","))
}

/// The attack a crippled fore section prints, when the data has it.
fn crippled_attack(ship: &PlayShip) -> Option<u8> {
    ship.sections
        .iter()
        .filter(|s| s.crippled)
        .find_map(|s| s.crippled_side.as_ref()?.attack)
}

/// The actions in play: each section's bar (the crippled side's once
/// crippled), each marked with the faceup card that takes it away.
pub fn played_actions(ship: &PlayShip) -> Vec<PlayedAction> {
    let mut out = Vec::new();
    for s in &ship.sections {
        for a in &s.actions {
            let crippled = s.crippled && !s.working_actions().contains(a);
            let lost_to = if crippled {
                Some(format!("crippled:{}", s.ship))
            } else {
                ship.face_up()
                    .find(|d| d.effect.actions_lost.takes(a))
                    .and_then(|d| d.name.clone())
            };
            out.push(PlayedAction {
                action: a.clone(),
                lost_to,
            });
        }
    }
    out
}

/// Whether a maneuver in play is red.
pub fn is_red(m: &PlayedManeuver) -> bool {
    m.flown.maneuver.difficulty == Difficulty::Red
}

/// The ship's stats now, as plain values.
pub fn stats_now(ship: &PlayShip) -> Stats {
    let mut stats = ship.stats;
    for p in played_stats(ship) {
        match p.stat {
            Stat::Attack => stats.attack = p.now,
            Stat::Agility => stats.agility = p.now,
            Stat::Hull => stats.hull = p.now,
            Stat::Shields => stats.shields = p.now,
            Stat::Energy => stats.energy = p.now,
        }
    }
    stats
}
