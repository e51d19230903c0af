//! Squads saved in the browser's local storage, as plain key/value pairs.
//!
//! Each squad is one entry, `merchant-one.squad.<id>` holding
//! `{"name", "code", "saved"}` (the squad's link code and the time it was
//! saved, in milliseconds since 1970), so one damaged entry never costs the
//! others. An entry that cannot be read is reported and moved aside under
//! `merchant-one.corrupt.<id>` with its text unchanged, never deleted. The
//! storage calls live in the app; this module decides what each entry is.
//!
//! ```
//! use cards::squad::{SavedSquad, SavedSquads};
//! use cards::squad::{Squad, link};
//! let code = link::encode(&Squad::new("epic", "scum"));
//! let entry = SavedSquad { name: "Run".into(), code, saved: 1.0, folder: None };
//! let shelf = SavedSquads::read(vec![
//!     ("merchant-one.squad.1".to_string(), entry.to_json()),
//!     ("merchant-one.squad.2".to_string(), "{not json".to_string()),
//!     ("someone-else".to_string(), "x".to_string()),
//! ]);
//! assert_eq!(shelf.squads.len(), 1);
//! assert_eq!(shelf.corrupt.len(), 1);
//! assert_eq!(shelf.corrupt[0].aside_key, "merchant-one.corrupt.2");
//! ```

use serde::{Deserialize, Serialize};

use crate::squad::{Squad, link};

/// Keys of saved squads start with this.
pub const SQUAD_PREFIX: &str = "merchant-one.squad.";
/// Keys of entries that could not be read, kept aside, start with this.
pub const CORRUPT_PREFIX: &str = "merchant-one.corrupt.";

/// One saved squad.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSquad {
    pub name: String,
    /// The squad's link code ([`crate::squad::link`]).
    pub code: String,
    /// When it was saved, in milliseconds since 1970 (JavaScript's `Date.now()`).
    pub saved: f64,
    /// The folder the player filed it in, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub folder: Option<String>,
}

/// The name a squad is saved under: its own, or "Untitled squad".
pub fn saved_name(name: &str) -> String {
    if name.trim().is_empty() {
        "Untitled squad".to_string()
    } else {
        name.trim().to_string()
    }
}

impl SavedSquad {
    /// A copy of `squad` saved at `saved` (milliseconds since 1970), kept
    /// to the whole millisecond: a whole number reads back exactly, so an
    /// entry moved to another browser (`travel.rs`) is stored byte for
    /// byte (a browser's clock gives fractions, which serde_json's fast
    /// reader can move in the last digit).
    pub fn of(squad: &Squad, saved: f64) -> SavedSquad {
        SavedSquad {
            name: saved_name(&squad.name),
            code: link::encode(squad),
            saved: saved.floor(),
            folder: None,
        }
    }

    /// The entry under a new name. The name lives in the entry and in the
    /// squad its code holds; both change, nothing else does.
    pub fn renamed(&self, name: &str) -> SavedSquad {
        let name = saved_name(name);
        let mut squad = link::decode_lossy(&self.code).squad;
        squad.name = name.clone();
        SavedSquad {
            name,
            code: link::encode(&squad),
            saved: self.saved,
            folder: self.folder.clone(),
        }
    }

    /// How many ships its squad has, in words ("2 ships").
    pub fn summary(&self) -> String {
        let ships = link::decode_lossy(&self.code).squad.ships.len();
        format!("{ships} {}", if ships == 1 { "ship" } else { "ships" })
    }

    /// The stored text of this entry.
    pub fn to_json(&self) -> String {
        // Serialising three plain fields cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a stored entry: well-formed and holding a whole squad code.
    pub fn from_json(text: &str) -> Result<SavedSquad, SavedSquadError> {
        let entry: SavedSquad = serde_json::from_str(text)
            .map_err(|e| SavedSquadError::NotASavedSquad(e.to_string()))?;
        link::decode(&entry.code).map_err(SavedSquadError::Code)?;
        Ok(entry)
    }
}

/// Why a stored entry cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SavedSquadError {
    #[error("it is not a saved squad ({0})")]
    NotASavedSquad(String),
    #[error("its squad code cannot be read: {0}")]
    Code(#[source] link::LinkError),
    /// Kept under [`CORRUPT_PREFIX`] by an earlier visit, though it now reads.
    #[error("it was kept aside earlier")]
    KeptAside,
}

/// A stored entry that could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Corrupt {
    /// Where it was found.
    pub key: String,
    /// Where it is (or is to be) kept: under [`CORRUPT_PREFIX`].
    pub aside_key: String,
    /// Its text, unchanged.
    pub text: String,
    pub reason: SavedSquadError,
}

/// Every saved squad in storage, newest first, and the entries that
/// could not be read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SavedSquads {
    /// `(id, squad)`; the id is the key without [`SQUAD_PREFIX`].
    pub squads: Vec<(String, SavedSquad)>,
    pub corrupt: Vec<Corrupt>,
}

impl SavedSquads {
    /// Sorts storage entries (any keys) into saved squads and corrupt ones.
    /// Entries already kept aside are listed as corrupt with `key == aside_key`.
    pub fn read(entries: impl IntoIterator<Item = (String, String)>) -> SavedSquads {
        let mut shelf = SavedSquads::default();
        for (key, text) in entries {
            if let Some(id) = key.strip_prefix(SQUAD_PREFIX) {
                match SavedSquad::from_json(&text) {
                    Ok(squad) => shelf.squads.push((id.to_string(), squad)),
                    Err(reason) => shelf.corrupt.push(Corrupt {
                        aside_key: format!("{CORRUPT_PREFIX}{id}"),
                        key,
                        text,
                        reason,
                    }),
                }
            } else if key.starts_with(CORRUPT_PREFIX) {
                let reason = SavedSquad::from_json(&text)
                    .err()
                    .unwrap_or(SavedSquadError::KeptAside);
                shelf.corrupt.push(Corrupt {
                    aside_key: key.clone(),
                    key,
                    text,
                    reason,
                });
            }
        }
        shelf
            .squads
            .sort_by(|a, b| b.1.saved.total_cmp(&a.1.saved).then_with(|| a.0.cmp(&b.0)));
        shelf.corrupt.sort_by(|a, b| a.key.cmp(&b.key));
        shelf
    }
}

/// How the saved list is ordered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ShelfSort {
    /// Newest first.
    #[default]
    Date,
    /// By name, A to Z (case aside).
    Name,
    /// Most points first.
    Points,
}

/// Which saved squads the list shows: `None` is any.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShelfFilter {
    /// A faction's XWS name.
    pub faction: Option<String>,
    /// A format's key.
    pub format: Option<String>,
    /// A folder's name; `Some("")` is the squads in no folder.
    pub folder: Option<String>,
}

/// One saved squad as the list shows it: its place in
/// [`SavedSquads::squads`], and what the filter and sort read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShelfRow {
    /// Its place in [`SavedSquads::squads`].
    pub at: usize,
    /// Its squad's faction (XWS name).
    pub faction: String,
    /// Its squad's format key.
    pub format: String,
    /// Its squad's points (0 where the list does not sort by them).
    pub points: i32,
}

impl SavedSquads {
    /// Each squad's faction, format and points (`points` says a squad's),
    /// in shelf order.
    pub fn rows(&self, points: impl Fn(&Squad) -> i32) -> Vec<ShelfRow> {
        self.squads
            .iter()
            .enumerate()
            .map(|(at, (_, entry))| {
                let squad = link::decode_lossy(&entry.code).squad;
                ShelfRow {
                    at,
                    faction: squad.faction.clone(),
                    format: squad.format.clone(),
                    points: points(&squad),
                }
            })
            .collect()
    }

    /// The rows the filter lets through, in the sort's order.
    ///
    /// ```
    /// use cards::squad::{SavedSquad, SavedSquads, ShelfFilter, ShelfSort, Squad, SQUAD_PREFIX};
    /// let entry = |name: &str, faction: &str, at: f64| {
    ///     let mut squad = Squad::new("standard", faction);
    ///     squad.name = name.into();
    ///     (format!("{SQUAD_PREFIX}{at}"), SavedSquad::of(&squad, at).to_json())
    /// };
    /// let shelf = SavedSquads::read([entry("b", "scum", 1.0), entry("a", "rebel", 2.0), entry("c", "scum", 3.0)]);
    /// let rows = shelf.rows(|s| s.name.len() as i32);
    /// let scum = ShelfFilter { faction: Some("scum".into()), ..ShelfFilter::default() };
    /// let names = |rows: Vec<_>| rows.into_iter().map(|r: &cards::squad::ShelfRow| shelf.squads[r.at].1.name.clone()).collect::<Vec<_>>();
    /// assert_eq!(names(shelf.shown(&rows, &scum, ShelfSort::Name)), ["b", "c"]);
    /// assert_eq!(names(shelf.shown(&rows, &ShelfFilter::default(), ShelfSort::Date)), ["c", "a", "b"]);
    /// ```
    pub fn shown<'r>(
        &self,
        rows: &'r [ShelfRow],
        filter: &ShelfFilter,
        sort: ShelfSort,
    ) -> Vec<&'r ShelfRow> {
        let wanted = |want: &Option<String>, have: &str| want.as_deref().is_none_or(|w| w == have);
        let mut shown: Vec<&ShelfRow> = rows
            .iter()
            .filter(|r| wanted(&filter.faction, &r.faction) && wanted(&filter.format, &r.format))
            .filter(|r| {
                let folder = self.squads[r.at].1.folder.as_deref().unwrap_or("");
                wanted(&filter.folder, folder)
            })
            .collect();
        match sort {
            // The shelf is newest first already.
            ShelfSort::Date => {}
            ShelfSort::Name => {
                shown.sort_by_cached_key(|r| self.squads[r.at].1.name.to_lowercase())
            }
            ShelfSort::Points => shown.sort_by_key(|r| std::cmp::Reverse(r.points)),
        }
        shown
    }

    /// Every folder a squad is filed in, once, A to Z.
    pub fn folders(&self) -> Vec<String> {
        let mut folders: Vec<String> = self
            .squads
            .iter()
            .filter_map(|(_, e)| e.folder.clone())
            .filter(|f| !f.is_empty())
            .collect();
        folders.sort();
        folders.dedup();
        folders
    }
}

/// A new entry id, unique among `taken`: the time, then a counter.
pub fn new_id(now_ms: f64, taken: &[String]) -> String {
    let base = format!("{}", now_ms.max(0.0) as u64);
    let mut id = base.clone();
    let mut n = 1;
    while taken.contains(&id) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::Squad;

    fn entry(name: &str, saved: f64) -> String {
        SavedSquad {
            name: name.into(),
            code: link::encode(&Squad::new("epic", "scum")),
            saved,
            folder: None,
        }
        .to_json()
    }

    #[test]
    fn newest_first_and_damage_is_reported_with_the_text_kept() {
        let shelf = SavedSquads::read(vec![
            (format!("{SQUAD_PREFIX}a"), entry("Old", 1.0)),
            (format!("{SQUAD_PREFIX}b"), entry("New", 2.0)),
            (
                format!("{SQUAD_PREFIX}c"),
                r#"{"name":"x","code":"v1.zz","saved":3}"#.into(),
            ),
            (format!("{SQUAD_PREFIX}d"), "".into()),
            (format!("{CORRUPT_PREFIX}e"), "older damage".into()),
        ]);
        let names: Vec<&str> = shelf.squads.iter().map(|(_, s)| s.name.as_str()).collect();
        assert_eq!(names, ["New", "Old"]);
        assert_eq!(shelf.corrupt.len(), 3);
        let c = &shelf.corrupt[1];
        assert_eq!(c.key, format!("{SQUAD_PREFIX}c"));
        assert_eq!(c.aside_key, format!("{CORRUPT_PREFIX}c"));
        assert!(
            matches!(c.reason, SavedSquadError::Code(_))
                && c.reason.to_string().contains("squad code"),
            "{}",
            c.reason
        );
        assert!(
            shelf.corrupt[2]
                .reason
                .to_string()
                .contains("not a saved squad")
        );
        assert_eq!(shelf.corrupt[0].key, shelf.corrupt[0].aside_key);
        assert_eq!(shelf.corrupt[0].text, "older damage");
    }

    #[test]
    fn ids_never_collide() {
        let taken = vec!["5".to_string(), "5-1".to_string()];
        assert_eq!(new_id(5.7, &taken), "5-2");
        assert_eq!(new_id(6.0, &taken), "6");
        assert_eq!(new_id(-1.0, &[]), "0");
    }

    #[test]
    fn a_renamed_entry_renames_its_squad_and_keeps_the_rest() {
        let mut squad = Squad::new("epic", "scum");
        squad.name = "Old".into();
        squad.notes = "kept".into();
        let entry = SavedSquad::of(&squad, 5.0);
        assert_eq!(entry.name, "Old");
        let renamed = entry.renamed("  New  ");
        assert_eq!((renamed.name.as_str(), renamed.saved), ("New", 5.0));
        let back = link::decode(&renamed.code).unwrap();
        assert_eq!((back.name.as_str(), back.notes.as_str()), ("New", "kept"));
        assert_eq!(entry.renamed(" ").name, "Untitled squad");
        assert_eq!(entry.summary(), "0 ships");
    }
}
