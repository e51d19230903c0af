//! A pilot card.

use serde::{Deserialize, Serialize};

use super::shared::{CardId, ShortName};
use crate::catalog::dial_change::DialChange;
use crate::catalog::stat::Stats;

/// A pilot card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Pilot {
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    pub id: CardId,
    pub xws: String,
    pub name: String,
    pub unique: bool,
    /// Pilot skill; `None` where the card prints "?" (Nashtah Pup Pilot).
    pub skill: Option<u8>,
    /// The ship's XWS name, resolved from the printed ship name.
    pub ship: String,
    /// The ship name as the card header prints it (Tansarii Point Veteran: "Scyk Fighter").
    pub printed_ship: String,
    pub faction: String,
    pub stats: Stats,
    /// Action icons, by XWS name. Inline strings: a squad report copies them.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub actions: Vec<ShortName>,
    /// Printed upgrade icons in printed order, by slot XWS name.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub upgrade_bar: Vec<ShortName>,
    pub ability: Option<String>,
    /// Squad points; `None` where the card prints "?" (Nashtah Pup Pilot).
    pub points: Option<i32>,
    /// Condition cards the pilot brings into play, by XWS name.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub conditions: Vec<ShortName>,
    /// A reserve pilot: it enters play only through this card (XWS name),
    /// is never bought, and needs that card in the squad (Nashtah Pup
    /// Pilot: Hound's Tooth).
    #[serde(default)]
    pub reserve_of: Option<String>,
    /// Maneuvers the pilot's ability recolours on its own dial, while it
    /// is built (none in 1st edition so far: see `cards/data/SOURCES.md`).
    #[serde(default)]
    pub dial_changes: Vec<DialChange>,
}

impl Pilot {
    /// The pilot skill as printed: a number or "?".
    pub fn skill_text(&self) -> String {
        self.skill.map_or_else(|| "?".into(), |s| s.to_string())
    }

    /// The squad points as printed: a number or "?".
    pub fn points_text(&self) -> String {
        self.points.map_or_else(|| "?".into(), |p| p.to_string())
    }

    /// The pilot skill for sorting and comparing; "?" counts as 0.
    pub fn skill_or_zero(&self) -> u8 {
        self.skill.unwrap_or(0)
    }

    /// The squad points; "?" counts as 0, because such a pilot comes with
    /// another card rather than being bought.
    pub fn points_or_zero(&self) -> i32 {
        self.points.unwrap_or(0)
    }
}
