//! YASB's card ids: Yet Another Squad Builder's links name cards by their
//! index in one of five lists, not by name. `cards/data/yasb.csv` (written
//! by `make import-cards` from `cards/data/yasb/cards-common.coffee`) joins
//! each id to one of our cards; this is its strict reader and the
//! database's lookups by YASB id (an id itself is `model/yasb_card.rs`).
//!
//! ```
//! use cards::catalog::{Database, YasbKind};
//! let db = Database::embedded().unwrap();
//! let scyk = db.yasb_card(YasbKind::Title, 17).unwrap();
//! assert_eq!(scyk.choice.as_deref(), Some("cannon"));
//! assert_eq!(db.upgrade_by_id(scyk.card).unwrap().xws, "heavyscykinterceptor");
//! ```

use serde::Deserialize;
use validator::Validate;

use super::model::{CardId, Database, ShortName, YasbCard, YasbKind};
use super::table::{LoadError, Located, columns_of, list, read_table};

#[derive(Deserialize, Validate)]
pub(super) struct YasbRow {
    #[validate(length(min = 1))]
    kind: String,
    yasb_id: u32,
    card: u32,
    choice: String,
    slots: String,
}

/// The columns of `yasb.csv`, in file order: what the importer (the
/// `import` crate) writes.
pub fn yasb_columns() -> &'static [&'static str] {
    columns_of::<YasbRow>()
}

/// The file's name in a card set.
pub const YASB_FILE: &str = "yasb.csv";

/// Reads `yasb.csv` against a loaded database: every kind known, every card
/// of the right table, every slot known, no id twice.
pub(super) fn read_yasb(text: &[u8], db: &Database, errors: &mut Vec<LoadError>) -> Vec<YasbCard> {
    let rows: Vec<Located<YasbRow>> = read_table(YASB_FILE, text, errors);
    let mut cards: Vec<YasbCard> = Vec::with_capacity(rows.len());
    for r in rows {
        let Some(kind) = YasbKind::parse(&r.row.kind) else {
            errors.push(r.error("kind", format!("`{}` is not a YASB kind", r.row.kind)));
            continue;
        };
        let known = match kind {
            YasbKind::Pilot => db.pilot_by_id(r.row.card).is_some(),
            YasbKind::Condition => db.conditions.iter().any(|c| c.id == r.row.card),
            _ => db.upgrade_by_id(r.row.card).is_some(),
        };
        if !known {
            errors.push(r.error(
                "card",
                format!("no {} has the id {}", kind.name(), r.row.card),
            ));
            continue;
        }
        if cards
            .iter()
            .any(|c| c.kind == kind && c.yasb_id == r.row.yasb_id)
        {
            errors.push(r.error("yasb_id", "this id is listed twice"));
            continue;
        }
        let slots: Vec<ShortName> = list(&r.row.slots)
            .iter()
            .map(|s| s.as_str().into())
            .collect();
        if let Some(bad) = slots.iter().find(|s| db.slot(s).is_none()) {
            errors.push(r.error("slots", format!("`{bad}` is not a slot type")));
            continue;
        }
        cards.push(YasbCard {
            kind,
            yasb_id: r.row.yasb_id,
            card: r.row.card,
            choice: Some(r.row.choice).filter(|c| !c.is_empty()),
            slots,
        });
    }
    cards
}

impl Database {
    /// The card a YASB id names, if the table has it.
    pub fn yasb_card(&self, kind: YasbKind, yasb_id: u32) -> Option<&YasbCard> {
        self.yasb
            .iter()
            .find(|c| c.kind == kind && c.yasb_id == yasb_id)
    }

    /// The YASB id of one of our cards with a choice (or none): the lowest,
    /// where several ids name the same card and choice.
    pub fn yasb_id_of(&self, card: CardId, choice: Option<&str>) -> Option<&YasbCard> {
        self.yasb
            .iter()
            .filter(|c| c.kind != YasbKind::Condition && c.card == card)
            .filter(|c| c.choice.is_none() || c.choice.as_deref() == choice)
            .min_by_key(|c| (c.choice.is_none(), c.yasb_id))
    }
}
