//! The marks of a ship as its cards make it fly: what each changed stat,
//! gained action and recoloured maneuver says when pointed at, focused or
//! tapped ("green: R2 Astromech"), in the page's language. The report
//! (`cards::squad::ShipReport`) says what changed; this only names it.

use cards::catalog::{Database, Difficulty, ShortName, Stat};
use cards::squad::{ChangedPart, FlownManeuver, ShipChange};

use super::worded;
use crate::i18n::t_string;
use crate::lang::use_i18n;

/// What a ship's marks say: the cards behind each change, named.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShipNotes {
    /// Each changed stat, with the names of its cards.
    pub stats: Vec<(Stat, String)>,
    /// Each gained action (XWS name), with the names of its cards.
    pub actions: Vec<(String, String)>,
    /// The changed pilot skill's cards.
    pub skill: Option<String>,
    /// Parallel to the dial: "green: R2 Astromech" where a card recolours it.
    pub dial: Vec<Option<String>>,
}

impl ShipNotes {
    /// The notes of a ship's dial and changes. Call it while rendering:
    /// the colour's word is the page's language.
    pub fn of(db: &Database, dial: &[FlownManeuver], changes: &[ShipChange]) -> ShipNotes {
        let i18n = use_i18n();
        let mut notes = ShipNotes {
            dial: dial
                .iter()
                .map(|m| {
                    m.changed().then(|| {
                        let colour = match m.maneuver.difficulty {
                            Difficulty::Green => t_string!(i18n, parts.difficulty_green),
                            Difficulty::White => t_string!(i18n, parts.difficulty_white),
                            Difficulty::Red => t_string!(i18n, parts.difficulty_red),
                        };
                        format!("{colour}: {}", card_names(db, &m.changed_by))
                    })
                })
                .collect(),
            ..ShipNotes::default()
        };
        for change in changes {
            let names = card_names(db, &change.by);
            match &change.part {
                ChangedPart::Stat(stat) => notes.stats.push((*stat, names)),
                ChangedPart::Action(action) => notes.actions.push((action.to_string(), names)),
                ChangedPart::Skill => notes.skill = Some(names),
            }
        }
        notes
    }

    /// The dial's notes, each once, for a page without pointing (print).
    pub fn dial_summary(&self) -> Vec<String> {
        let mut seen: Vec<String> = Vec::new();
        for note in self.dial.iter().flatten() {
            if !seen.contains(note) {
                seen.push(note.clone());
            }
        }
        seen
    }

    /// Every maneuver as printed, none marked (a card page, a pilot alone).
    pub fn none(dial_len: usize) -> ShipNotes {
        ShipNotes {
            dial: vec![None; dial_len],
            ..ShipNotes::default()
        }
    }
}

/// The cards' names in the page's language, joined by commas.
fn card_names(db: &Database, by: &[ShortName]) -> String {
    by.iter()
        .map(|xws| {
            db.card(xws)
                .map_or_else(|| xws.to_string(), |c| worded::card_name(c).0)
        })
        .collect::<Vec<_>>()
        .join(", ")
}
