//! Saved squads that travel: every saved squad written as one file (or one
//! link, while it stays short), and a file or link merged back into a
//! browser's saved squads. A merge never overwrites: a squad already saved
//! (the same code) is skipped, a name already taken is kept with a suffix
//! ("Run (2)"), an id already taken gets a new one. A file that cannot be
//! read whole is refused with the reason, and nothing is written.
//!
//! ```
//! use cards::squad::travel::{merge, read_file, squads_file};
//! use cards::squad::{SavedSquad, SavedSquads, Squad, SQUAD_PREFIX};
//! let mut squad = Squad::new("epic", "scum");
//! squad.name = "Run".into();
//! let saved = SavedSquad::of(&squad, 1.0);
//! let shelf = SavedSquads::read([(format!("{SQUAD_PREFIX}1"), saved.to_json())]);
//! let file = squads_file(&shelf);
//! // Into an empty browser: the same entry, under the same key.
//! let merged = merge(&SavedSquads::default(), read_file(&file).unwrap(), 2.0);
//! assert_eq!(merged.writes, [(format!("{SQUAD_PREFIX}1"), saved.to_json())]);
//! // Into the browser it came from: nothing doubled.
//! let again = merge(&shelf, read_file(&file).unwrap(), 2.0);
//! assert!(again.writes.is_empty());
//! assert_eq!(again.skipped, ["Run"]);
//! ```

use serde::{Deserialize, Serialize};

use super::link::{self, LinkError};
use super::saved::{SQUAD_PREFIX, SavedSquad, SavedSquads, new_id};

/// What a squads file says it is.
pub const SQUADS_FILE_KIND: &str = "merchant-one.saved-squads";
/// The largest squads file read: far more than a player's saved squads
/// (a 20-ship squad's entry is under 300 bytes).
pub const MAX_SQUADS_FILE_BYTES: usize = 2 * 1024 * 1024;
/// The longest link offered to carry every saved squad.
pub const MAX_SQUADS_LINK_BYTES: usize = 8 * 1024;
/// The most squads one file or link brings.
pub const MAX_SQUADS_IN_FILE: usize = 5000;
/// Between two squad codes in a link (`/build?squads=<code>~<code>`).
pub const LINK_SEPARATOR: char = '~';

/// One saved squad in a file: its id (its storage key without
/// [`SQUAD_PREFIX`]) and its entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FiledSquad {
    /// Its storage key without [`SQUAD_PREFIX`].
    pub id: String,
    /// The entry as stored.
    pub entry: SavedSquad,
}

/// A squads file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadsFile {
    /// [`SQUADS_FILE_KIND`].
    pub kind: String,
    /// 1.
    pub version: u32,
    /// Every saved squad, newest first.
    pub squads: Vec<FiledSquad>,
}

/// Why a squads file or link is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TravelError {
    /// Past [`MAX_SQUADS_FILE_BYTES`] (or a link past [`MAX_SQUADS_LINK_BYTES`]).
    #[error("the file is {0} bytes, more than the {MAX_SQUADS_FILE_BYTES} a squads file may be")]
    TooLarge(usize),
    /// Not JSON of a squads file, or cut short.
    #[error("it is not a squads file: {0}")]
    NotASquadsFile(String),
    /// More than [`MAX_SQUADS_IN_FILE`] squads.
    #[error("it holds {0} squads, more than the {MAX_SQUADS_IN_FILE} one file may bring")]
    TooMany(usize),
    /// A squad whose code does not decode.
    #[error("squad {number} (\"{name}\") cannot be read: {reason}")]
    BadSquad {
        /// Its place in the file, from 1.
        number: usize,
        /// The name it was saved under.
        name: String,
        /// Why its code does not decode.
        reason: LinkError,
    },
    /// An id that could not be a storage key of ours.
    #[error("squad {number} has an id that is not letters, digits and dashes")]
    BadId {
        /// Its place in the file, from 1.
        number: usize,
    },
}

/// Every saved squad as a file, pretty-printed JSON.
pub fn squads_file(shelf: &SavedSquads) -> String {
    let file = SquadsFile {
        kind: SQUADS_FILE_KIND.to_string(),
        version: 1,
        squads: shelf
            .squads
            .iter()
            .map(|(id, entry)| FiledSquad {
                id: id.clone(),
                entry: entry.clone(),
            })
            .collect(),
    };
    // Plain strings and numbers cannot fail to serialise.
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// Every saved squad's code, joined for a link's `squads` parameter; `None`
/// where the link would pass [`MAX_SQUADS_LINK_BYTES`] (the file only).
pub fn squads_link_value(shelf: &SavedSquads) -> Option<String> {
    let codes: Vec<&str> = shelf.squads.iter().map(|(_, e)| e.code.as_str()).collect();
    let value = codes.join(&LINK_SEPARATOR.to_string());
    (!codes.is_empty() && value.len() <= MAX_SQUADS_LINK_BYTES).then_some(value)
}

/// Reads a squads file whole: every squad's code must decode.
pub fn read_file(text: &str) -> Result<Vec<FiledSquad>, TravelError> {
    if text.len() > MAX_SQUADS_FILE_BYTES {
        return Err(TravelError::TooLarge(text.len()));
    }
    let file: SquadsFile =
        serde_json::from_str(text).map_err(|e| TravelError::NotASquadsFile(e.to_string()))?;
    if file.kind != SQUADS_FILE_KIND || file.version != 1 {
        return Err(TravelError::NotASquadsFile(format!(
            "it says it is `{}` version {}",
            file.kind, file.version
        )));
    }
    if file.squads.len() > MAX_SQUADS_IN_FILE {
        return Err(TravelError::TooMany(file.squads.len()));
    }
    for (i, filed) in file.squads.iter().enumerate() {
        let ok_id = !filed.id.is_empty()
            && filed.id.len() <= 64
            && filed
                .id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !ok_id {
            return Err(TravelError::BadId { number: i + 1 });
        }
        link::decode(&filed.entry.code).map_err(|reason| TravelError::BadSquad {
            number: i + 1,
            name: filed.entry.name.clone(),
            reason,
        })?;
    }
    Ok(file.squads)
}

/// Reads a link's `squads` value whole: each code a squad, saved `now_ms`,
/// under its own name.
pub fn read_link_value(value: &str, now_ms: f64) -> Result<Vec<FiledSquad>, TravelError> {
    if value.len() > MAX_SQUADS_LINK_BYTES {
        return Err(TravelError::TooLarge(value.len()));
    }
    let mut squads = Vec::new();
    for (i, code) in value.split(LINK_SEPARATOR).enumerate() {
        let squad = link::decode(code).map_err(|reason| TravelError::BadSquad {
            number: i + 1,
            name: String::new(),
            reason,
        })?;
        let entry = SavedSquad::of(&squad, now_ms);
        squads.push(FiledSquad {
            id: new_id(now_ms, &[]),
            entry,
        });
    }
    Ok(squads)
}

/// What merging brings: the entries to write (key, text), and the names
/// added, skipped (already saved) and renamed (`(was, now)`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Merge {
    /// `(key, text)` of each entry to store.
    pub writes: Vec<(String, String)>,
    /// The names added.
    pub added: Vec<String>,
    /// The names of squads already saved.
    pub skipped: Vec<String>,
    /// `(was, now)` of each name already taken.
    pub renamed: Vec<(String, String)>,
}

/// Merges incoming squads into `shelf`, overwriting nothing.
pub fn merge(shelf: &SavedSquads, incoming: Vec<FiledSquad>, now_ms: f64) -> Merge {
    let mut codes: Vec<String> = shelf.squads.iter().map(|(_, e)| e.code.clone()).collect();
    let mut names: Vec<String> = shelf.squads.iter().map(|(_, e)| e.name.clone()).collect();
    let mut ids: Vec<String> = shelf.squads.iter().map(|(id, _)| id.clone()).collect();
    ids.extend(shelf.corrupt.iter().filter_map(|c| {
        c.key
            .strip_prefix(SQUAD_PREFIX)
            .or_else(|| c.aside_key.strip_prefix(super::saved::CORRUPT_PREFIX))
            .map(str::to_string)
    }));
    let mut merge = Merge::default();
    for FiledSquad { id, mut entry } in incoming {
        if codes.contains(&entry.code) {
            merge.skipped.push(entry.name);
            continue;
        }
        codes.push(entry.code.clone());
        if names.contains(&entry.name) {
            let free = free_name(&entry.name, &names);
            merge.renamed.push((entry.name.clone(), free.clone()));
            entry = entry.renamed(&free);
        }
        let id = if ids.contains(&id) {
            new_id(now_ms, &ids)
        } else {
            id
        };
        ids.push(id.clone());
        names.push(entry.name.clone());
        merge.added.push(entry.name.clone());
        merge
            .writes
            .push((format!("{SQUAD_PREFIX}{id}"), entry.to_json()));
    }
    merge
}

/// `name (2)`, `name (3)`, …: the first not taken.
fn free_name(name: &str, taken: &[String]) -> String {
    (2..)
        .map(|n| format!("{name} ({n})"))
        .find(|candidate| !taken.contains(candidate))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::{CardRef, Squad};

    fn saved(name: &str, pilot: &str, at: f64) -> SavedSquad {
        let mut squad = Squad::new("standard", "rebel");
        squad.name = name.into();
        squad.add_ship(CardRef::Xws(pilot.into()));
        SavedSquad::of(&squad, at)
    }

    fn shelf(entries: &[(&str, SavedSquad)]) -> SavedSquads {
        SavedSquads::read(
            entries
                .iter()
                .map(|(id, e)| (format!("{SQUAD_PREFIX}{id}"), e.to_json())),
        )
    }

    #[test]
    fn a_clashing_name_is_kept_with_a_suffix_and_an_id_taken_gets_another() {
        let home = shelf(&[("1", saved("Run", "rookiepilot", 1.0))]);
        let away = shelf(&[("1", saved("Run", "lukeskywalker", 2.0))]);
        let merged = merge(&home, read_file(&squads_file(&away)).unwrap(), 5.0);
        assert_eq!(merged.renamed, [("Run".to_string(), "Run (2)".to_string())]);
        assert_eq!(merged.writes.len(), 1);
        assert_eq!(merged.writes[0].0, format!("{SQUAD_PREFIX}5"));
        let entry = SavedSquad::from_json(&merged.writes[0].1).unwrap();
        assert_eq!(entry.name, "Run (2)");
        assert_eq!(link::decode(&entry.code).unwrap().name, "Run (2)");
    }

    #[test]
    fn a_file_read_back_stores_each_entry_byte_for_byte() {
        // A browser's clock gives fractions of a millisecond: an entry
        // keeps the whole millisecond, which reads back exactly.
        let entry = saved("Run", "rookiepilot", 1_796_595_977_379.099_9);
        assert_eq!(entry.saved, 1_796_595_977_379.0);
        let home = shelf(&[("1796595977379", entry)]);
        let file = read_file(&squads_file(&home)).unwrap();
        let merged = merge(&SavedSquads::default(), file, 9.0);
        let stored = home.squads[0].1.to_json();
        assert!(stored.contains("\"saved\":1796595977379.0"), "{stored}");
        assert_eq!(
            merged.writes,
            [(format!("{SQUAD_PREFIX}1796595977379"), stored)]
        );
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let good = squads_file(&shelf(&[("1", saved("Run", "rookiepilot", 1.0))]));
        let cut = &good[..good.len() / 2];
        assert!(matches!(
            read_file(cut),
            Err(TravelError::NotASquadsFile(_))
        ));
        let huge = " ".repeat(MAX_SQUADS_FILE_BYTES + 1);
        assert!(matches!(read_file(&huge), Err(TravelError::TooLarge(_))));
        let damaged = good.replace("\"code\": \"v", "\"code\": \"vX");
        let err = read_file(&damaged).unwrap_err();
        assert!(
            matches!(err, TravelError::BadSquad { number: 1, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("\"Run\""));
        let other = good.replace(SQUADS_FILE_KIND, "xws");
        assert!(matches!(
            read_file(&other),
            Err(TravelError::NotASquadsFile(_))
        ));
        let bad_id = good.replace("\"id\": \"1\"", "\"id\": \"../x\"");
        assert_eq!(read_file(&bad_id), Err(TravelError::BadId { number: 1 }));
    }

    #[test]
    fn a_link_carries_every_code_while_it_is_short() {
        let two = shelf(&[
            ("1", saved("Run", "rookiepilot", 1.0)),
            ("2", saved("Gun", "lukeskywalker", 2.0)),
        ]);
        let value = squads_link_value(&two).unwrap();
        let read = read_link_value(&value, 9.0).unwrap();
        let names: Vec<&str> = read.iter().map(|f| f.entry.name.as_str()).collect();
        assert_eq!(names, ["Gun", "Run"]);
        let merged = merge(&SavedSquads::default(), read, 9.0);
        assert_eq!(merged.writes.len(), 2);
        assert_ne!(merged.writes[0].0, merged.writes[1].0, "two ids");
        assert_eq!(squads_link_value(&SavedSquads::default()), None);
        assert!(read_link_value("v3.zz", 1.0).is_err());
    }
}
