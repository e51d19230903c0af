//! YASB's ids joined to our cards, and YASB's card file as a second source.
//!
//! Reads `cards/data/yasb/cards-common.coffee` (YASB's final 1st-edition
//! card file, MIT) and writes two files:
//! - `cards/data/yasb.csv`: each id (not `skip`) with the card it names,
//!   joined on the canonical name (the XWS name), and for pilots on the
//!   faction too (First Order and Resistance pilots are filed under the
//!   Empire and the Rebels there, as their squads are), then the ship;
//! - `cards/data/import/yasb-compare.csv`: every field where YASB and our
//!   data disagree (points, pilot skill, the upgrade bar, unique, limited),
//!   with the side we keep and why, taken from the verdicts file
//!   (`cards/data/import/yasb-verdicts.csv`). A disagreement without a
//!   verdict, or an id that names no card without one, stops the import.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::ImportError;
use super::coffee::{CoffeeEntry, CoffeeValue, canonicalize, read_list};
use cards::catalog::{Database, YasbKind, yasb_columns};

/// The verdicts file compiled into the crate (for the import test).
pub const EMBEDDED_YASB_VERDICTS: &str = include_str!("../../cards/data/import/yasb-verdicts.csv");
/// YASB's card file compiled into the crate (for the import test).
pub const EMBEDDED_YASB_CARDS: &str = include_str!("../../cards/data/yasb/cards-common.coffee");

/// One settled disagreement (or an id that names none of our cards).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct YasbVerdict {
    pub kind: String,
    /// Our card's XWS name; for `unmatched`, the YASB id.
    pub card: String,
    /// `points`, `skill`, `slots`, `unique`, `limited` or `unmatched`.
    pub field: String,
    /// `ours` or `yasb`.
    pub kept: String,
    pub reason: String,
}

/// Reads the verdicts file.
pub fn read_yasb_verdicts(text: &str) -> Result<Vec<YasbVerdict>, ImportError> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let mut verdicts = Vec::new();
    for (i, row) in reader.deserialize::<YasbVerdict>().enumerate() {
        let verdict = row.map_err(|e| ImportError::Verdicts {
            line: i + 2,
            message: e.to_string(),
        })?;
        if verdict.kept != "ours" && verdict.kept != "yasb" {
            return Err(ImportError::Verdicts {
                line: i + 2,
                message: format!("`kept` is `{}`, not `ours` or `yasb`", verdict.kept),
            });
        }
        verdicts.push(verdict);
    }
    Ok(verdicts)
}

/// The two files the join writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YasbImport {
    /// `yasb.csv`.
    pub table: String,
    /// `import/yasb-compare.csv`.
    pub comparison: String,
}

/// One YASB entry read from the file.
struct YasbEntry<'a> {
    kind: YasbKind,
    id: u32,
    canonical: String,
    entry: &'a CoffeeEntry,
}

/// Joins every id of the card file to `db`, and compares the joined cards.
pub fn import_yasb(
    coffee: &str,
    db: &Database,
    verdicts: &[YasbVerdict],
) -> Result<YasbImport, ImportError> {
    let mut lists = Vec::new();
    for kind in YasbKind::ALL {
        let entries =
            read_list(coffee, kind.list()).map_err(|e| ImportError::Yasb(e.to_string()))?;
        lists.push((kind, entries));
    }
    let mut join = Join {
        db,
        verdicts,
        rows: Vec::new(),
        compared: Vec::new(),
        unsettled: Vec::new(),
    };
    for (kind, entries) in &lists {
        let read: Vec<YasbEntry> = entries
            .iter()
            .filter(|e| !e.flag("skip"))
            .filter_map(|entry| {
                let id = u32::try_from(entry.number("id")?).ok()?;
                let canonical = entry
                    .text("canonical_name")
                    .map(str::to_string)
                    .or_else(|| entry.text("name").map(canonicalize))?;
                Some(YasbEntry {
                    kind: *kind,
                    id,
                    canonical,
                    entry,
                })
            })
            .collect();
        for e in &read {
            join.entry(e, &read);
        }
    }
    // A verdict nothing needs any more goes stale silently: say so.
    for v in verdicts {
        let used = if v.field == "unmatched" {
            !join.rows.iter().any(|r| r[0] == v.kind && r[1] == v.card)
        } else {
            join.compared
                .iter()
                .any(|r| r[0] == v.kind && r[1] == v.card && r[2] == v.field)
        };
        if !used {
            join.unsettled.push(format!(
                "the verdict on {} `{}` ({}) settles nothing: remove it",
                v.kind, v.card, v.field
            ));
        }
    }
    if !join.unsettled.is_empty() {
        return Err(ImportError::YasbUnsettled(join.unsettled));
    }
    Ok(YasbImport {
        table: write_csv(yasb_columns(), &join.rows)?,
        comparison: write_csv(COMPARE_COLUMNS, &join.compared)?,
    })
}

const COMPARE_COLUMNS: &[&str] = &["kind", "card", "field", "ours", "yasb", "kept", "reason"];

struct Join<'a> {
    db: &'a Database,
    verdicts: &'a [YasbVerdict],
    rows: Vec<Vec<String>>,
    compared: Vec<Vec<String>>,
    unsettled: Vec<String>,
}

impl Join<'_> {
    fn entry(&mut self, e: &YasbEntry, all: &[YasbEntry]) {
        let matched = match e.kind {
            YasbKind::Pilot => self.pilot(e),
            YasbKind::Condition => self
                .db
                .conditions
                .iter()
                .find(|c| c.xws == e.canonical)
                .map(|c| (c.id, c.xws.clone())),
            _ => self.upgrade(e),
        };
        let Some((card, xws)) = matched else {
            let id = e.id.to_string();
            match self.verdict(e.kind, &id, "unmatched") {
                Some(_) => {}
                None => self.unsettled.push(format!(
                    "{} {} (`{}`) names none of our cards: add a verdict with field `unmatched`",
                    e.kind.name(),
                    e.id,
                    e.canonical
                )),
            }
            return;
        };
        let choice = self.choice(e, all);
        let slots = match e.kind {
            YasbKind::Pilot => self.slot_keys(&e.entry.texts("slots")).join(";"),
            _ => String::new(),
        };
        self.rows.push(vec![
            e.kind.name().to_string(),
            e.id.to_string(),
            card.to_string(),
            choice,
            slots,
        ]);
        self.compare(e, card, &xws);
    }

    fn pilot(&self, e: &YasbEntry) -> Option<(u32, String)> {
        let factions: Vec<String> = match e.entry.fields.get("faction") {
            Some(CoffeeValue::Text(f)) => vec![f.clone()],
            _ => e
                .entry
                .texts("faction")
                .into_iter()
                .map(String::from)
                .collect(),
        };
        let squad_factions: Vec<&str> = factions
            .iter()
            .filter_map(|name| self.db.factions.iter().find(|f| f.name == *name))
            .map(|f| f.squad_faction.as_str())
            .collect();
        let ship = e.entry.text("ship").map(canonicalize).unwrap_or_default();
        let named: Vec<_> = self
            .db
            .pilots
            .iter()
            .filter(|p| p.xws == e.canonical)
            .filter(|p| squad_factions.contains(&self.db.squad_faction_of(&p.faction)))
            .collect();
        let chosen = match named.as_slice() {
            [one] => Some(*one),
            _ => named.iter().copied().find(|p| {
                let ours = self.db.ship(&p.ship);
                canonicalize(&p.ship) == ship || ours.is_some_and(|s| canonicalize(&s.name) == ship)
            }),
        }?;
        Some((chosen.id, chosen.xws.clone()))
    }

    fn upgrade(&self, e: &YasbEntry) -> Option<(u32, String)> {
        let slot = match e.kind {
            YasbKind::Title => Some("title".to_string()),
            YasbKind::Modification => Some("mod".to_string()),
            _ => e.entry.text("slot").map(|s| self.slot_key(s)),
        };
        let named: Vec<_> = self
            .db
            .upgrades
            .iter()
            .filter(|u| u.xws == e.canonical)
            .collect();
        let chosen = match named.as_slice() {
            [one] => Some(*one),
            _ => named
                .iter()
                .copied()
                .find(|u| Some(u.slot()) == slot.as_deref()),
        }?;
        Some((chosen.id, chosen.xws.clone()))
    }

    /// A YASB slot name ("Salvaged Astromech") as our slot's XWS name.
    fn slot_key(&self, name: &str) -> String {
        self.db
            .slots
            .iter()
            .find(|s| s.name == name || s.aliases.iter().any(|a| a == name))
            .map_or_else(|| canonicalize(name), |s| s.xws.to_string())
    }

    fn slot_keys(&self, names: &[&str]) -> Vec<String> {
        names.iter().map(|n| self.slot_key(n)).collect()
    }

    /// The choice an id carries: where several ids of one kind share a
    /// name, each confers its own slot ("Heavy Scyk" 17, 18, 19).
    fn choice(&self, e: &YasbEntry, all: &[YasbEntry]) -> String {
        let shared = all.iter().filter(|o| o.canonical == e.canonical).count() > 1;
        if !shared {
            return String::new();
        }
        e.entry
            .entries("confersAddons")
            .first()
            .and_then(|addon| match addon.get("slot") {
                Some(CoffeeValue::Text(slot)) => Some(self.slot_key(slot)),
                _ => None,
            })
            .unwrap_or_default()
    }

    fn compare(&mut self, e: &YasbEntry, card: u32, xws: &str) {
        let db = self.db;
        let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
        let number = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
        let theirs_unique = yes(e.entry.flag("unique"));
        let theirs_limited = yes(e.entry.flag("limited"));
        let theirs_points = number(e.entry.number("points"));
        let fields: Vec<(&str, String, String)> = match e.kind {
            YasbKind::Pilot => {
                let Some(p) = db.pilot_by_id(card) else {
                    return;
                };
                let mut ours_bar: Vec<String> =
                    p.upgrade_bar.iter().map(|s| s.to_string()).collect();
                let mut theirs_bar = self.slot_keys(&e.entry.texts("slots"));
                ours_bar.sort();
                theirs_bar.sort();
                vec![
                    ("points", number(p.points.map(i64::from)), theirs_points),
                    (
                        "skill",
                        number(p.skill.map(i64::from)),
                        number(e.entry.number("skill")),
                    ),
                    ("slots", ours_bar.join(";"), theirs_bar.join(";")),
                    ("unique", yes(p.unique), theirs_unique),
                ]
            }
            YasbKind::Condition => return,
            _ => {
                let Some(u) = db.upgrade_by_id(card) else {
                    return;
                };
                vec![
                    ("points", u.points.to_string(), theirs_points),
                    ("unique", yes(u.unique), theirs_unique),
                    ("limited", yes(u.limited), theirs_limited),
                ]
            }
        };
        for (field, ours, theirs) in fields {
            if ours == theirs {
                continue;
            }
            let row_exists = self
                .compared
                .iter()
                .any(|r| r[0] == e.kind.name() && r[1] == xws && r[2] == field);
            if row_exists {
                continue;
            }
            match self.verdict(e.kind, xws, field) {
                Some(v) => {
                    let (kept, reason) = (v.kept.clone(), v.reason.clone());
                    self.compared.push(vec![
                        e.kind.name().to_string(),
                        xws.to_string(),
                        field.to_string(),
                        ours,
                        theirs,
                        kept,
                        reason,
                    ]);
                }
                None => self.unsettled.push(format!(
                    "{} `{xws}`: {field} is {ours} here and {theirs} in YASB (id {}): add a verdict",
                    e.kind.name(),
                    e.id
                )),
            }
        }
    }

    fn verdict(&self, kind: YasbKind, card: &str, field: &str) -> Option<&YasbVerdict> {
        self.verdicts
            .iter()
            .find(|v| v.kind == kind.name() && v.card == card && v.field == field)
    }
}

fn write_csv(columns: &[&str], rows: &[Vec<String>]) -> Result<String, ImportError> {
    let error = |message: String| ImportError::Write {
        file: "yasb.csv".into(),
        message,
    };
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(columns)
        .map_err(|e| error(e.to_string()))?;
    for row in rows {
        out.write_record(row).map_err(|e| error(e.to_string()))?;
    }
    let bytes = out.into_inner().map_err(|e| error(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| error(e.to_string()))
}

/// How many ids of each kind the file holds, `skip` ones left out.
pub fn yasb_id_counts(coffee: &str) -> Result<BTreeMap<YasbKind, usize>, ImportError> {
    let mut counts = BTreeMap::new();
    for kind in YasbKind::ALL {
        let entries =
            read_list(coffee, kind.list()).map_err(|e| ImportError::Yasb(e.to_string()))?;
        counts.insert(kind, entries.iter().filter(|e| !e.flag("skip")).count());
    }
    Ok(counts)
}
