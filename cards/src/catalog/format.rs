//! Play formats: points limits and per-format squad limits, as data.
//!
//! The formats are rows of `data/formats.csv` (cards/data/SOURCES.md, "Formats"); `custom:N` is
//! Epic with a points limit of the player's choosing.
//!
//! ```
//! use cards::catalog::Formats;
//! let formats = Formats::embedded().unwrap();
//! assert_eq!(formats.get("standard").unwrap().points, 100);
//! let custom = formats.get("custom:250").unwrap();
//! assert_eq!(custom.points, 250);
//! assert_eq!(custom.max_small_per_type, Some(8));
//! assert!(formats.get("custom:lots").is_err());
//! ```

use serde::{Deserialize, Serialize};

/// What a squad of one format may hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Format {
    /// `standard`, `epic`, `epic-2014`, `team-epic` or `custom:N`.
    pub key: String,
    pub name: String,
    /// The squad points limit.
    pub points: i32,
    /// Whether huge ships (the epic icon) may be fielded.
    pub huge_ships: bool,
    pub max_small_per_type: Option<u32>,
    pub max_large_per_type: Option<u32>,
    /// At most this many copies of a card of the `copies_of` kinds.
    pub max_copies: Option<u32>,
    /// Slot XWS names, or `weapon` for any secondary weapon (a card with an attack value).
    pub copies_of: Vec<String>,
    /// At most this many epic points in the squad.
    pub max_epic_points: Option<u32>,
    /// Where the limits come from.
    pub source: String,
}

#[derive(Deserialize)]
struct FormatRow {
    key: String,
    name: String,
    points: i32,
    huge_ships: String,
    max_small_per_type: Option<u32>,
    max_large_per_type: Option<u32>,
    max_copies: Option<u32>,
    copies_of: String,
    max_epic_points: Option<u32>,
    source: String,
}

/// The formats a squad can be built for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formats {
    pub formats: Vec<Format>,
}

/// The format Epic squads use unless the player picks another.
pub const DEFAULT_EPIC: &str = "epic";

/// The largest points limit a custom format accepts.
pub const MAX_CUSTOM_POINTS: i32 = 10_000;

impl Formats {
    /// The formats of `data/formats.csv`, compiled in. The test suite loads them, so
    /// an error here is a build defect, reported rather than panicking.
    pub fn embedded() -> Result<Formats, String> {
        let mut reader =
            csv::Reader::from_reader(include_str!("../../data/formats.csv").as_bytes());
        let mut formats = Vec::new();
        for (i, row) in reader.deserialize::<FormatRow>().enumerate() {
            let row = row.map_err(|e| format!("formats.csv, line {}: {e}", i + 2))?;
            formats.push(Format {
                key: row.key,
                name: row.name,
                points: row.points,
                huge_ships: row.huge_ships == "yes",
                max_small_per_type: row.max_small_per_type,
                max_large_per_type: row.max_large_per_type,
                max_copies: row.max_copies,
                copies_of: row
                    .copies_of
                    .split(';')
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect(),
                max_epic_points: row.max_epic_points,
                source: row.source,
            });
        }
        Ok(Formats { formats })
    }

    /// The format with this key; `custom:N` is Epic with N points.
    pub fn get(&self, key: &str) -> Result<Format, String> {
        if let Some(points) = key.strip_prefix("custom:") {
            let points: i32 = points
                .parse()
                .ok()
                .filter(|p| (1..=MAX_CUSTOM_POINTS).contains(p))
                .ok_or_else(|| {
                    format!(
                        "`{key}`: a custom format needs a points limit from 1 to {MAX_CUSTOM_POINTS}, e.g. `custom:400`"
                    )
                })?;
            let epic = self.get(DEFAULT_EPIC)?;
            return Ok(Format {
                key: format!("custom:{points}"),
                name: format!("Custom ({points} points)"),
                points,
                source: format!("Custom: as Epic with {points} points (FACTS.md)"),
                ..epic
            });
        }
        self.formats
            .iter()
            .find(|f| f.key == key)
            .cloned()
            .ok_or_else(|| {
                let keys: Vec<&str> = self.formats.iter().map(|f| f.key.as_str()).collect();
                format!(
                    "unknown format `{key}`; the formats are {} and custom:N",
                    keys.join(", ")
                )
            })
    }
}
