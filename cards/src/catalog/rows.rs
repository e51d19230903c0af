//! The rows of the seven card files as they appear in them, each field
//! checked by `validator` as `table.rs` reads it: words a column allows,
//! numbers in the range a card prints, XWS names. Cross references between
//! files are the loader's (`load.rs`). A row's fields, in order, are its
//! file's columns (`table::columns_of`): the importer writes them so.

use serde::{Deserialize, Serialize};
use validator::{Validate, ValidationError};

use super::model::{EpicPoints, ShipSize};
use super::table::{columns_of, yes_no};

// ---------------------------------------------------------------------------
// Field formats

// Columns with words rather than numbers are read as text and checked with
// `validator`: errors raised inside serde lose their column in `csv`.

fn ship_size(value: &str) -> Result<(), ValidationError> {
    ShipSize::parse(value).map(|_| ()).ok_or_else(|| {
        ValidationError::new("size")
            .with_message(format!("expected `small`, `large` or `huge`, found `{value}`").into())
    })
}

/// An XWS name: lower-case ASCII letters and digits, with at most one
/// suffix after a hyphen, as the XWS 1.0 names list gives some cards
/// (`r2d2-swx22`).
pub(super) fn is_xws_name(value: &str) -> bool {
    let word = |w: &str| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    };
    match value.split_once('-') {
        Some((name, suffix)) => word(name) && word(suffix),
        None => word(value),
    }
}

fn xws_name(value: &str) -> Result<(), ValidationError> {
    if is_xws_name(value) {
        Ok(())
    } else {
        Err(ValidationError::new("xws").with_message(
            format!(
                "`{value}` is not an XWS name (lower-case ASCII letters and digits, and at most one `-suffix`)"
            )
            .into(),
        ))
    }
}

/// A number the card prints in `range`, or `?` (Nashtah Pup Pilot's skill and cost).
fn number_or_question(
    value: &str,
    range: std::ops::RangeInclusive<i32>,
    what: &str,
) -> Result<(), ValidationError> {
    if value == "?" || value.parse::<i32>().is_ok_and(|n| range.contains(&n)) {
        Ok(())
    } else {
        Err(ValidationError::new("number").with_message(
            format!(
                "expected {what} ({} to {}) or `?`, found `{value}`",
                range.start(),
                range.end()
            )
            .into(),
        ))
    }
}

fn pilot_skill(value: &str) -> Result<(), ValidationError> {
    number_or_question(value, 0..=12, "a pilot skill")
}

fn pilot_points(value: &str) -> Result<(), ValidationError> {
    number_or_question(value, -50..=200, "squad points")
}

/// Epic points: a whole number or one decimal place (`1.5`).
fn epic_points(value: &str) -> Result<(), ValidationError> {
    if value.is_empty() || EpicPoints::parse(value).is_some() {
        Ok(())
    } else {
        Err(ValidationError::new("epic_points").with_message(
            format!("expected epic points such as `2` or `1.5`, found `{value}`").into(),
        ))
    }
}

fn card_id(value: u32) -> Result<(), ValidationError> {
    if value == 0 {
        Err(ValidationError::new("id").with_message("card ids start at 1".into()))
    } else {
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Rows as they appear in the files

/// A row of `factions.csv`.
#[derive(Deserialize, Validate)]
pub(super) struct FactionRow {
    #[validate(custom(function = "xws_name"))]
    pub(super) xws: String,
    #[validate(length(min = 1))]
    pub(super) name: String,
    pub(super) aliases: String,
    #[validate(custom(function = "xws_name"))]
    pub(super) squad_faction: String,
}

/// A row of `slots.csv`.
#[derive(Deserialize, Validate)]
pub(super) struct SlotRow {
    #[validate(custom(function = "xws_name"))]
    pub(super) xws: String,
    #[validate(length(min = 1))]
    pub(super) name: String,
    #[validate(custom(function = "yes_no"))]
    pub(super) implicit: String,
    pub(super) aliases: String,
}

/// A row of `actions.csv`.
#[derive(Deserialize, Validate)]
pub(super) struct ActionRow {
    #[validate(custom(function = "xws_name"))]
    pub(super) xws: String,
    #[validate(length(min = 1))]
    pub(super) name: String,
}

/// A row of `ships.csv`.
#[derive(Deserialize, Validate)]
pub(super) struct ShipRow {
    #[validate(custom(function = "card_id"))]
    pub(super) id: u32,
    #[validate(custom(function = "xws_name"))]
    pub(super) xws: String,
    #[validate(length(min = 1))]
    pub(super) name: String,
    #[validate(custom(function = "ship_size"))]
    pub(super) size: String,
    pub(super) factions: String,
    #[validate(range(max = 20))]
    pub(super) attack: Option<u8>,
    #[validate(range(max = 20))]
    pub(super) agility: Option<u8>,
    #[validate(range(max = 50))]
    pub(super) hull: Option<u8>,
    #[validate(range(max = 50))]
    pub(super) shields: Option<u8>,
    #[validate(range(max = 20))]
    pub(super) energy: Option<u8>,
    pub(super) actions: String,
    pub(super) dial: String,
    pub(super) aliases: String,
    #[validate(custom(function = "epic_points"))]
    pub(super) epic_points: String,
    pub(super) section_of: String,
}

/// A row of `pilots.csv`.
#[derive(Deserialize, Validate)]
pub(super) struct PilotRow {
    #[validate(custom(function = "card_id"))]
    pub(super) id: u32,
    #[validate(custom(function = "xws_name"))]
    pub(super) xws: String,
    #[validate(length(min = 1))]
    pub(super) name: String,
    #[validate(custom(function = "yes_no"))]
    pub(super) unique: String,
    #[validate(custom(function = "pilot_skill"))]
    pub(super) skill: String,
    #[validate(length(min = 1))]
    pub(super) ship: String,
    #[validate(length(min = 1))]
    pub(super) faction: String,
    #[validate(range(max = 20))]
    pub(super) attack: Option<u8>,
    #[validate(range(max = 20))]
    pub(super) agility: Option<u8>,
    #[validate(range(max = 50))]
    pub(super) hull: Option<u8>,
    #[validate(range(max = 50))]
    pub(super) shields: Option<u8>,
    #[validate(range(max = 20))]
    pub(super) energy: Option<u8>,
    pub(super) actions: String,
    pub(super) upgrade_bar: String,
    pub(super) ability: String,
    #[validate(custom(function = "pilot_points"))]
    pub(super) points: String,
    pub(super) conditions: String,
    pub(super) reserve_of: String,
    pub(super) dial_changes: String,
}

/// A row of `upgrades.csv` (one face of a card).
#[derive(Deserialize, Serialize, Validate)]
pub(super) struct UpgradeRow {
    #[validate(custom(function = "card_id"))]
    pub(super) id: u32,
    #[validate(range(min = 1, max = 2))]
    pub(super) face: u8,
    #[validate(custom(function = "xws_name"))]
    pub(super) xws: String,
    #[validate(length(min = 1))]
    pub(super) name: String,
    #[validate(length(min = 1))]
    pub(super) slots: String,
    #[validate(custom(function = "yes_no"))]
    pub(super) unique: String,
    #[validate(custom(function = "yes_no"))]
    pub(super) limited: String,
    #[validate(custom(function = "yes_no"))]
    pub(super) dual: String,
    #[validate(range(min = -50, max = 100))]
    pub(super) points: i32,
    pub(super) restriction_text: String,
    #[validate(length(min = 1))]
    pub(super) text: String,
    #[validate(range(max = 20))]
    pub(super) energy_limit: Option<u8>,
    #[validate(range(min = -10, max = 10))]
    pub(super) energy_limit_change: Option<i8>,
    #[validate(range(max = 20))]
    pub(super) attack: Option<u8>,
    pub(super) range: String,
    pub(super) allowed_ships: String,
    pub(super) allowed_factions: String,
    pub(super) faction_unless: String,
    pub(super) sizes: String,
    pub(super) grants: String,
    pub(super) grant_choice: String,
    pub(super) losses: String,
    pub(super) forbidden_slots: String,
    pub(super) requires: String,
    pub(super) stat_changes: String,
    #[validate(range(max = 20))]
    pub(super) energy_after_recover: Option<u8>,
    #[validate(range(max = 20))]
    pub(super) energy_cost: Option<u8>,
    pub(super) actions_gained: String,
    #[validate(range(min = -12, max = 12))]
    pub(super) skill_change: Option<i8>,
    #[validate(range(min = 1, max = 20))]
    pub(super) squad_limit: Option<u8>,
    pub(super) conditions: String,
    pub(super) losses_all: String,
    pub(super) grant_filters: String,
    pub(super) discounts: String,
    pub(super) distinct_slots: String,
    pub(super) slot_aliases: String,
    pub(super) dial_changes: String,
}

/// A row of `conditions.csv`.
#[derive(Deserialize, Validate)]
pub(super) struct ConditionRow {
    #[validate(custom(function = "card_id"))]
    pub(super) id: u32,
    #[validate(custom(function = "xws_name"))]
    pub(super) xws: String,
    #[validate(length(min = 1))]
    pub(super) name: String,
    #[validate(custom(function = "yes_no"))]
    pub(super) unique: String,
    #[validate(length(min = 1))]
    pub(super) text: String,
}

/// Each card table's columns, in file order: what the importer (the
/// `import` crate) writes.
pub mod columns {
    use super::{ConditionRow, PilotRow, ShipRow, UpgradeRow, columns_of};
    /// `ships.csv`'s columns.
    pub fn ships() -> &'static [&'static str] {
        columns_of::<ShipRow>()
    }
    /// `pilots.csv`'s columns.
    pub fn pilots() -> &'static [&'static str] {
        columns_of::<PilotRow>()
    }
    /// `upgrades.csv`'s columns.
    pub fn upgrades() -> &'static [&'static str] {
        columns_of::<UpgradeRow>()
    }
    /// `conditions.csv`'s columns.
    pub fn conditions() -> &'static [&'static str] {
        columns_of::<ConditionRow>()
    }
}

/// The columns a face of a dual card prints for itself; every other
/// column is the card's and must be the same on both faces.
const FACE_COLUMNS: [&str; 9] = [
    "face",
    "name",
    "text",
    "attack",
    "range",
    "stat_changes",
    "actions_gained",
    "skill_change",
    "dial_changes",
];

/// A row's cells by column name, as written in the file.
pub(super) fn row_cells(row: &UpgradeRow) -> serde_json::Value {
    serde_json::to_value(row).unwrap_or_default()
}

/// The first card-level column (in file order) in which a later face's row
/// differs from face 1's, compared cell by cell.
pub(super) fn card_level_mismatch(
    first: &serde_json::Value,
    row: &UpgradeRow,
) -> Option<&'static str> {
    let cells = row_cells(row);
    columns_of::<UpgradeRow>()
        .iter()
        .copied()
        .filter(|c| !FACE_COLUMNS.contains(c))
        .find(|c| first.get(c) != cells.get(c))
}
