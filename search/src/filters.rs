//! What a search can be narrowed by, and checking the values a player or
//! an API client sends against the card set.

use cards::Database;
use serde::{Deserialize, Serialize};

/// What a search result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Pilot,
    Upgrade,
    Ship,
    /// A section of the rules reference.
    Rule,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Pilot, Kind::Upgrade, Kind::Ship, Kind::Rule];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Pilot => "pilot",
            Kind::Upgrade => "upgrade",
            Kind::Ship => "ship",
            Kind::Rule => "rule",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// How the page names the kind.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Pilot => "Pilots",
            Kind::Upgrade => "Upgrades",
            Kind::Ship => "Ships",
            Kind::Rule => "Rules",
        }
    }
}

/// Narrowing a search; `None` means any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Filters {
    /// Faction XWS name: pilots of it, ships it fields, upgrades it may equip.
    pub faction: Option<String>,
    pub kind: Option<Kind>,
    /// Slot XWS name (upgrades of that type).
    pub slot: Option<String>,
    /// Ship XWS name: its pilots, the ship, upgrades restricted to it.
    pub ship: Option<String>,
    pub unique: Option<bool>,
    pub limited: Option<bool>,
    pub huge_only: Option<bool>,
    pub min_points: Option<i64>,
    pub max_points: Option<i64>,
}

impl Filters {
    /// Checks each value against the card set: an unknown faction, slot or
    /// ship is an error naming the values that exist.
    pub fn check(&self, db: &Database) -> Result<(), String> {
        let known = |what: &str, value: &Option<String>, values: Vec<&str>| match value {
            Some(v) if !values.contains(&v.as_str()) => Err(format!(
                "unknown {what} `{}`; known: {}",
                v.chars().take(40).collect::<String>(),
                values.join(", ")
            )),
            _ => Ok(()),
        };
        known(
            "faction",
            &self.faction,
            db.factions.iter().map(|f| f.xws.as_str()).collect(),
        )?;
        known(
            "slot",
            &self.slot,
            db.slots.iter().map(|s| s.xws.as_str()).collect(),
        )?;
        known(
            "ship",
            &self.ship,
            db.ships.iter().map(|s| s.xws.as_str()).collect(),
        )?;
        if let (Some(min), Some(max)) = (self.min_points, self.max_points)
            && min > max
        {
            return Err(format!("the points range {min} to {max} is empty"));
        }
        Ok(())
    }

    /// Whether any filter is set.
    pub fn is_empty(&self) -> bool {
        *self == Filters::default()
    }
}
