//! A ship type: its size, stats, action bar, dial and epic points.

use serde::{Deserialize, Serialize};

use super::shared::CardId;
use crate::catalog::dial::Maneuver;
use crate::catalog::stat::Stats;

/// Base size of a ship; huge ships follow the Huge Ship Rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ShipSize {
    Small,
    Large,
    Huge,
}

impl ShipSize {
    /// The word the data and the API use for it.
    pub fn as_str(self) -> &'static str {
        match self {
            ShipSize::Small => "small",
            ShipSize::Large => "large",
            ShipSize::Huge => "huge",
        }
    }

    /// Reads the word [`ShipSize::as_str`] writes.
    pub fn parse(word: &str) -> Option<ShipSize> {
        [ShipSize::Small, ShipSize::Large, ShipSize::Huge]
            .into_iter()
            .find(|s| s.as_str() == word)
    }
}

/// A ship type: the physical model, its dial and base stats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Ship {
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    pub id: CardId,
    pub xws: String,
    pub name: String,
    pub size: ShipSize,
    /// Factions (by XWS name) that field this ship.
    pub factions: Vec<String>,
    pub stats: Stats,
    /// Action bar, by action XWS name.
    pub actions: Vec<String>,
    /// The maneuver dial; empty where no source gives it.
    pub dial: Vec<Maneuver>,
    /// Other names cards print for this ship, e.g. "Scyk Fighter".
    pub aliases: Vec<String>,
    /// Epic points (2014 tournament rules); `None` where no value is published.
    pub epic_points: Option<EpicPoints>,
    /// The huge ship this is one section of ("CR90 Corvette" for its Fore
    /// and Aft): a squad fields every section of it together.
    #[serde(default)]
    pub section_of: Option<String>,
}

impl Ship {
    /// Huge ships fly only in Epic play and use energy.
    pub fn is_huge(&self) -> bool {
        self.size == ShipSize::Huge
    }
}

/// Epic points, which come in halves (each CR90 section is 1.5), held as
/// tenths so sums are exact.
///
/// ```
/// use cards::catalog::EpicPoints;
/// let fore = EpicPoints::parse("1.5").unwrap();
/// assert_eq!(fore.tenths(), 15);
/// assert_eq!(fore.to_string(), "1.5");
/// assert_eq!(EpicPoints::parse("2").unwrap().to_string(), "2");
/// assert!(EpicPoints::parse("1.25").is_none());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
// Written as its text (`"1.5"`), so described as a string.
#[cfg_attr(feature = "openapi", schema(value_type = String))]
pub struct EpicPoints(u16);

impl From<EpicPoints> for String {
    fn from(points: EpicPoints) -> String {
        points.to_string()
    }
}

impl TryFrom<String> for EpicPoints {
    type Error = String;
    fn try_from(text: String) -> Result<EpicPoints, String> {
        EpicPoints::parse(&text).ok_or_else(|| format!("`{text}` is not an epic points value"))
    }
}

impl EpicPoints {
    /// Whole points.
    pub fn whole(points: u16) -> EpicPoints {
        EpicPoints(points.saturating_mul(10))
    }

    /// Reads `2` or `1.5` (one decimal place at most, at most 100).
    pub fn parse(text: &str) -> Option<EpicPoints> {
        let (whole, tenth) = match text.split_once('.') {
            Some((w, t)) if t.len() == 1 => (w, t),
            Some(_) => return None,
            None => (text, "0"),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let whole: u16 = whole.parse().ok().filter(|w| *w <= 100)?;
        let tenth: u16 = tenth
            .parse()
            .ok()
            .filter(|_| tenth.bytes().all(|b| b.is_ascii_digit()))?;
        Some(EpicPoints(whole * 10 + tenth))
    }

    /// The value in tenths of a point.
    pub fn tenths(self) -> u16 {
        self.0
    }

    /// The sum of two values.
    pub fn plus(self, other: EpicPoints) -> EpicPoints {
        EpicPoints(self.0.saturating_add(other.0))
    }
}

impl std::fmt::Display for EpicPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 % 10 {
            0 => write!(f, "{}", self.0 / 10),
            t => write!(f, "{}.{t}", self.0 / 10),
        }
    }
}
