//! The documents built from a card set: one per pilot, upgrade (both
//! faces of a dual card in one) and ship without a pilot to host it, and
//! one per rules section; and what a hit shows of each.

use std::collections::HashMap;

use cards::catalog::{Card, CardKeys, Database, Pilot, Ship, ShortName, Upgrade};
use cards::query::HitKind;
use tantivy::doc;
use tantivy::schema::{Field, TantivyDocument, Value};
use tantivy::tokenizer::TextAnalyzer;

use super::schema::Fields;
use crate::snippet::{Vocabulary, Words};

/// A section of the rules reference, indexed beside the cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSection {
    /// Where it lives, e.g. `/rules/huge-ships#recover`.
    pub url: String,
    /// The section's heading, searched as a card's name is.
    pub title: String,
    /// The section's words, searched as a card's text is.
    pub text: String,
}

/// What a hit shows of its document, kept beside the index: reading it
/// from tantivy's document store cost more than the search itself.
pub(super) struct Shown {
    pub(super) xws: ShortName,
    pub(super) name: ShortName,
    pub(super) kind: HitKind,
    pub(super) slot: Option<ShortName>,
    pub(super) ship: Option<ShortName>,
    pub(super) points: Option<i64>,
    pub(super) url: String,
    pub(super) text: String,
    /// The words of `text`, for its snippets.
    pub(super) words: Words,
}

impl Fields {
    /// A name and a text, stemmed and as written.
    fn add_words(&self, d: &mut TantivyDocument, name: &str, text: &str) {
        d.add_text(self.name, name);
        d.add_text(self.text, text);
        d.add_text(self.name_exact, name);
        d.add_text(self.text_exact, text);
    }

    /// A pilot's document; `hosted` is the ship whose page is this pilot's
    /// (`ship_url`): its words join the pilot's, so the page is one hit,
    /// found as a pilot and as a ship.
    pub(super) fn pilot(
        &self,
        db: &Database,
        keys: &CardKeys,
        p: &Pilot,
        hosted: Option<&Ship>,
    ) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => p.xws.clone(),
            f.kind => HitKind::Pilot.as_str(),
            f.ship => p.ship.clone(),
            f.faction => p.faction.clone(),
            f.unique => p.unique,
            f.limited => false,
            f.huge_only => false,
            f.points => i64::from(p.points_or_zero()),
            f.url => format!("/cards/{}", keys.key(Card::Pilot(p))),
            f.skill => u64::from(p.skill_or_zero()),
        );
        f.add_words(&mut d, &p.name, &pilot_text(p));
        d.add_text(f.bar, action_names(db, &p.actions));
        if let Some(e) = p.stats.energy {
            d.add_u64(f.energy, u64::from(e));
        }
        if let Some(ship) = db.ship_of(p) {
            d.add_text(f.size, ship.size.as_str());
        }
        if let Some(ship) = hosted {
            d.add_text(f.kind, HitKind::Ship.as_str());
            f.add_words(&mut d, &ship.name, &ship_text(ship));
        }
        d
    }

    /// An upgrade's document: a restriction to no faction fits every one
    /// of `all_factions`.
    pub(super) fn upgrade(
        &self,
        db: &Database,
        keys: &CardKeys,
        all_factions: &[&str],
        u: &Upgrade,
    ) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => u.xws.clone(),
            f.kind => HitKind::Upgrade.as_str(),
            f.slot => u.slot().to_string(),
            f.unique => u.unique,
            f.limited => u.limited,
            f.huge_only => u.restriction.huge_only(),
            f.points => i64::from(u.points),
            f.url => format!("/cards/{}", keys.key(Card::Upgrade(u))),
        );
        f.add_words(&mut d, u.name(), &upgrade_text(db, u));
        for ship in &u.restriction.ships {
            d.add_text(f.ship, ship);
        }
        // An upgrade without a faction restriction fits every faction.
        let factions: Vec<&str> = if u.restriction.factions.is_empty() {
            all_factions.to_vec()
        } else {
            u.restriction.factions.iter().map(String::as_str).collect()
        };
        for faction in factions {
            d.add_text(f.faction, faction);
        }
        if let Some(e) = u.energy_limit {
            d.add_u64(f.energy, u64::from(e));
        }
        for size in &u.restriction.sizes {
            d.add_text(f.size, size.as_str());
        }
        d
    }

    /// A ship with no pilot to host it (`ship_url`): a hit of its own.
    pub(super) fn ship(&self, db: &Database, s: &Ship) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => s.xws.clone(),
            f.kind => HitKind::Ship.as_str(),
            f.ship => s.xws.clone(),
            f.unique => false,
            f.limited => false,
            f.huge_only => false,
            f.url => "/cards".to_string(),
        );
        f.add_words(&mut d, &s.name, &ship_text(s));
        d.add_text(f.bar, action_names(db, &s.actions));
        for faction in &s.factions {
            d.add_text(f.faction, faction);
        }
        d.add_text(f.size, s.size.as_str());
        if let Some(e) = s.stats.energy {
            d.add_u64(f.energy, u64::from(e));
        }
        d
    }

    /// A rules section's document: its title searched as a name.
    pub(super) fn rule(&self, r: &RuleSection) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => r.url.clone(),
            f.kind => HitKind::Rule.as_str(),
            f.unique => false,
            f.limited => false,
            f.huge_only => false,
            f.url => r.url.clone(),
        );
        f.add_words(&mut d, &r.title, &r.text);
        d
    }

    /// What a hit on `doc` shows, read from the document as indexed; its
    /// text's words are read by `analyzer` into `vocabulary`.
    pub(super) fn shown(
        &self,
        doc: &TantivyDocument,
        vocabulary: &mut Vocabulary,
        analyzer: &mut TextAnalyzer,
    ) -> Shown {
        let text = |field: Field| doc.get_first(field).and_then(|v| v.as_str());
        let short = |field: Field| text(field).map(ShortName::from);
        let body = text(self.text).unwrap_or_default().to_string();
        Shown {
            words: vocabulary.read(analyzer, &body),
            xws: short(self.xws).unwrap_or_default(),
            name: short(self.name).unwrap_or_default(),
            kind: text(self.kind)
                .and_then(HitKind::parse)
                .unwrap_or(HitKind::Upgrade),
            slot: short(self.slot),
            ship: short(self.ship),
            points: doc.get_first(self.points).and_then(|v| v.as_i64()),
            url: text(self.url).unwrap_or_default().to_string(),
            text: body,
        }
    }
}

/// A pilot's words beyond its name: the ship as printed, the ability,
/// the skill and energy.
fn pilot_text(p: &Pilot) -> String {
    let mut parts = vec![p.printed_ship.clone()];
    parts.extend(p.ability.clone());
    parts.push(format!("Pilot skill {}", p.skill_text()));
    if let Some(e) = p.stats.energy {
        parts.push(format!("Energy {e}"));
    }
    parts.join("\n")
}

/// The action bar as words, for the `bar` field.
fn action_names<S: AsRef<str>>(db: &Database, actions: &[S]) -> String {
    let names: Vec<&str> = actions.iter().map(|a| db.action_name(a.as_ref())).collect();
    names.join(", ")
}

/// An upgrade's words beyond its name: its slots, restriction, each
/// face's text, and its energy said in words.
fn upgrade_text(db: &Database, u: &Upgrade) -> String {
    let mut parts: Vec<String> = Vec::new();
    // The slot as players say it ("a crew that gives energy").
    let slots: Vec<&str> = u.slots.iter().map(|s| db.slot_name(s)).collect();
    parts.push(format!("{} upgrade", slots.join(" and ")));
    if !u.restriction_text.is_empty() {
        parts.push(u.restriction_text.clone());
    }
    for (i, face) in u.faces.iter().enumerate() {
        if i > 0 {
            parts.push(face.name.clone());
        }
        parts.push(face.text.clone());
    }
    // Printed as icons, not words: said here so "energy" finds them.
    if let Some(e) = u.energy_limit {
        parts.push(format!("Energy limit {e}"));
    }
    if let Some(d) = u.effects.energy_limit_change {
        parts.push(format!("Energy limit {d:+}"));
    }
    parts.join("\n")
}

/// A ship's words beyond its name: its size, other names and energy.
fn ship_text(s: &Ship) -> String {
    let mut parts = vec![format!("{} ship", s.size.as_str())];
    parts.extend(s.aliases.iter().cloned());
    if let Some(e) = s.stats.energy {
        parts.push(format!("Energy {e}"));
    }
    parts.join("\n")
}

/// A ship has no page of its own: its lowest-skill pilot's page shows it,
/// and that pilot's document carries the ship's words. The pilot's index
/// in `db.pilots` for each ship that has one.
pub(super) fn ship_hosts(db: &Database) -> HashMap<usize, &Ship> {
    db.ships
        .iter()
        .filter_map(|s| {
            db.pilots
                .iter()
                .enumerate()
                .filter(|(_, p)| p.ship == s.xws)
                .min_by_key(|(_, p)| p.skill_or_zero())
                .map(|(i, _)| (i, s))
        })
        .collect()
}
