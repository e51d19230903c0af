//! The overrides file: what xwing-data lacks or gets wrong, one cell per row,
//! each with its reason. The importer applies them after reading the
//! package, and fails on an override that names no card or no column, so
//! an override never goes stale unnoticed.

use serde::Deserialize;

use super::ImportError;

/// Which table an override changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OverrideTable {
    Ships,
    Pilots,
    Upgrades,
    Conditions,
}

impl OverrideTable {
    /// The table's file name in the card set.
    pub fn file(self) -> &'static str {
        match self {
            OverrideTable::Ships => "ships.csv",
            OverrideTable::Pilots => "pilots.csv",
            OverrideTable::Upgrades => "upgrades.csv",
            OverrideTable::Conditions => "conditions.csv",
        }
    }
}

/// One overridden cell.
///
/// `key` names the card: a ship's XWS name; a pilot's
/// `faction/ship/xws` (the pilot's own faction and ship, by XWS name,
/// because pilot names repeat across ships and factions); an upgrade's or
/// condition's XWS name, which changes every face, or `xws/2` for one face
/// of a dual card.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Override {
    pub table: OverrideTable,
    pub key: String,
    pub column: String,
    pub value: String,
    /// Why the package's value is not the card's: a printed text, the seed, FACTS.md.
    pub reason: String,
}

/// Reads the overrides file. Every row needs a reason.
pub fn read_overrides(text: &str) -> Result<Vec<Override>, ImportError> {
    let mut reader = csv::ReaderBuilder::new().from_reader(text.as_bytes());
    let mut out = Vec::new();
    for (index, record) in reader.deserialize::<Override>().enumerate() {
        let line = index + 2;
        let row = record.map_err(|e| ImportError::Overrides {
            line,
            message: e.to_string(),
        })?;
        if row.reason.trim().is_empty() {
            return Err(ImportError::Overrides {
                line,
                message: "every override needs a reason".into(),
            });
        }
        out.push(row);
    }
    Ok(out)
}
