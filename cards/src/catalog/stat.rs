//! A card's stats: the stat block a ship or pilot prints, and what an
//! upgrade requires of it (`shields=1`) or changes in it (`hull+1`). Beneath
//! both the card model and the rules columns' expressions (`expr.rs`), which
//! compare stats the same way.

use serde::{Deserialize, Serialize};

/// A ship statistic that cards can require or change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Stat {
    Attack,
    Agility,
    Hull,
    Shields,
    Energy,
}

impl Stat {
    /// Every stat, in the order a card prints them.
    pub const ALL: [Stat; 5] = [
        Stat::Attack,
        Stat::Agility,
        Stat::Hull,
        Stat::Shields,
        Stat::Energy,
    ];

    /// The stat's name as the data writes it (`hull`).
    pub fn as_str(self) -> &'static str {
        match self {
            Stat::Attack => "attack",
            Stat::Agility => "agility",
            Stat::Hull => "hull",
            Stat::Shields => "shields",
            Stat::Energy => "energy",
        }
    }

    /// Reads a stat's name as [`Stat::as_str`] writes it.
    pub fn parse(s: &str) -> Option<Stat> {
        Stat::ALL.into_iter().find(|stat| stat.as_str() == s)
    }
}

/// The stat block of a ship or pilot card. `None` means the card prints no
/// value (the C-ROC Cruiser has no attack value).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Stats {
    pub attack: Option<u8>,
    pub agility: Option<u8>,
    pub hull: Option<u8>,
    pub shields: Option<u8>,
    pub energy: Option<u8>,
}

impl Stats {
    /// The value of one stat, if printed.
    pub fn get(&self, stat: Stat) -> Option<u8> {
        match stat {
            Stat::Attack => self.attack,
            Stat::Agility => self.agility,
            Stat::Hull => self.hull,
            Stat::Shields => self.shields,
            Stat::Energy => self.energy,
        }
    }

    /// The value of one stat, to change it.
    pub fn get_mut(&mut self, stat: Stat) -> &mut Option<u8> {
        match stat {
            Stat::Attack => &mut self.attack,
            Stat::Agility => &mut self.agility,
            Stat::Hull => &mut self.hull,
            Stat::Shields => &mut self.shields,
            Stat::Energy => &mut self.energy,
        }
    }
}

/// How a requirement compares a stat with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Comparison {
    #[serde(rename = "=")]
    Equal,
    #[serde(rename = "<=")]
    AtMost,
    #[serde(rename = ">=")]
    AtLeast,
}

/// A condition on the equipping ship's stats, e.g. Pulsed Ray Shield's
/// "You can equip this card only if your shield value is "1"" (`shields=1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StatRequirement {
    pub stat: Stat,
    pub comparison: Comparison,
    pub value: u8,
}

impl StatRequirement {
    /// Parses `shields=1`, `hull>=3`, `agility<=2`.
    pub fn parse(s: &str) -> Result<StatRequirement, StatError> {
        let (name, comparison, value) = if let Some((a, b)) = s.split_once("<=") {
            (a, Comparison::AtMost, b)
        } else if let Some((a, b)) = s.split_once(">=") {
            (a, Comparison::AtLeast, b)
        } else if let Some((a, b)) = s.split_once('=') {
            (a, Comparison::Equal, b)
        } else {
            return Err(StatError::NotARequirement(s.to_string()));
        };
        let stat = Stat::parse(name.trim()).ok_or_else(|| StatError::UnknownStat {
            stat: name.trim().to_string(),
            text: s.to_string(),
        })?;
        let value = value.trim().parse().map_err(|_| StatError::NotANumber {
            value: value.trim().to_string(),
            text: s.to_string(),
        })?;
        Ok(StatRequirement {
            stat,
            comparison,
            value,
        })
    }

    /// Whether a ship with this stat value meets the requirement; a ship
    /// that prints no value never does.
    pub fn is_met_by(&self, value: Option<u8>) -> bool {
        match value {
            None => false,
            Some(v) => match self.comparison {
                Comparison::Equal => v == self.value,
                Comparison::AtMost => v <= self.value,
                Comparison::AtLeast => v >= self.value,
            },
        }
    }
}

impl std::fmt::Display for StatRequirement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let op = match self.comparison {
            Comparison::Equal => "is",
            Comparison::AtMost => "is at most",
            Comparison::AtLeast => "is at least",
        };
        write!(f, "{} value {op} {}", self.stat.as_str(), self.value)
    }
}

/// A stat requirement or stat change that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StatError {
    #[error("`{0}` is not a stat requirement (expected e.g. `shields=1`, `hull>=3`)")]
    NotARequirement(String),
    #[error("`{0}` is not a stat change (expected e.g. `hull+1`, `agility-1`)")]
    NotAChange(String),
    #[error("`{stat}` is not a stat in `{text}`")]
    UnknownStat { stat: String, text: String },
    #[error("`{value}` is not a number in `{text}`")]
    NotANumber { value: String, text: String },
    #[error("`{value}` is not a signed number in `{text}`")]
    NotASignedNumber { value: String, text: String },
}

/// A change to the equipping ship's stats, e.g. "Increase your hull value by 1" (`hull+1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StatChange {
    pub stat: Stat,
    pub delta: i8,
}

impl StatChange {
    /// Parses `hull+1`, `agility-1`.
    pub fn parse(s: &str) -> Result<StatChange, StatError> {
        let at = s
            .find(['+', '-'])
            .ok_or_else(|| StatError::NotAChange(s.to_string()))?;
        let (name, delta) = s.split_at(at);
        let stat = Stat::parse(name.trim()).ok_or_else(|| StatError::UnknownStat {
            stat: name.trim().to_string(),
            text: s.to_string(),
        })?;
        let delta = delta
            .trim()
            .parse()
            .map_err(|_| StatError::NotASignedNumber {
                value: delta.trim().to_string(),
                text: s.to_string(),
            })?;
        Ok(StatChange { stat, delta })
    }
}
