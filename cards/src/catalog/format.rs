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

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use validator::Validate;

use super::table::{LoadErrors, Located, is_yes, list, read_rows, yes_no};

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

#[derive(Deserialize, Validate)]
struct FormatRow {
    #[validate(length(min = 1))]
    key: String,
    #[validate(length(min = 1))]
    name: String,
    points: i32,
    #[validate(custom(function = "yes_no"))]
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

/// A format key that names no format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    #[error(
        "`{0}`: a custom format needs a points limit from 1 to {MAX_CUSTOM_POINTS}, e.g. `custom:400`"
    )]
    CustomPoints(String),
    #[error("unknown format `{key}`; the formats are {known} and custom:N")]
    Unknown { key: String, known: String },
}

/// The start of a custom format's key: `custom:N` is Epic with N points.
pub const CUSTOM_PREFIX: &str = "custom:";

impl Format {
    /// The key of Epic with a points limit of the player's choosing (the
    /// points as typed: a key that is not a number is reported, not fixed).
    ///
    /// ```
    /// use cards::catalog::Format;
    /// assert_eq!(Format::custom_key(250), "custom:250");
    /// assert_eq!(Format::custom_points("custom:250"), Some("250"));
    /// assert_eq!(Format::custom_points("epic"), None);
    /// ```
    pub fn custom_key(points: impl std::fmt::Display) -> String {
        format!("{CUSTOM_PREFIX}{points}")
    }

    /// The points of a custom format's key, as written.
    pub fn custom_points(key: &str) -> Option<&str> {
        key.strip_prefix(CUSTOM_PREFIX)
    }
}

impl Formats {
    /// The formats of `data/formats.csv`, compiled in. The test suite loads them, so
    /// an error here is a build defect, reported rather than panicking.
    pub fn embedded() -> Result<Formats, LoadErrors> {
        let rows = read_rows::<FormatRow>("formats.csv", include_str!("../../data/formats.csv"))?;
        let formats = rows
            .into_iter()
            .map(|Located { row, .. }| Format {
                key: row.key,
                name: row.name,
                points: row.points,
                huge_ships: is_yes(&row.huge_ships),
                max_small_per_type: row.max_small_per_type,
                max_large_per_type: row.max_large_per_type,
                max_copies: row.max_copies,
                copies_of: list(&row.copies_of),
                max_epic_points: row.max_epic_points,
                source: row.source,
            })
            .collect();
        Ok(Formats { formats })
    }

    /// The format with this key; `custom:N` is Epic with N points.
    /// Borrowed where the format is one of the table's: validation asks
    /// on every edit, and a copy allocates each of its strings.
    pub fn get(&self, key: &str) -> Result<Cow<'_, Format>, FormatError> {
        if let Some(points) = Format::custom_points(key) {
            let points: i32 = points
                .parse()
                .ok()
                .filter(|p| (1..=MAX_CUSTOM_POINTS).contains(p))
                .ok_or_else(|| FormatError::CustomPoints(key.to_string()))?;
            let epic = self.get(DEFAULT_EPIC)?.into_owned();
            return Ok(Cow::Owned(Format {
                key: Format::custom_key(points),
                name: format!("Custom ({points} points)"),
                points,
                source: format!("Custom: as Epic with {points} points (cards/data/SOURCES.md)"),
                ..epic
            }));
        }
        self.formats
            .iter()
            .find(|f| f.key == key)
            .map(Cow::Borrowed)
            .ok_or_else(|| {
                let keys: Vec<&str> = self.formats.iter().map(|f| f.key.as_str()).collect();
                FormatError::Unknown {
                    key: key.to_string(),
                    known: keys.join(", "),
                }
            })
    }
}
