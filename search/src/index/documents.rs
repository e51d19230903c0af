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
use super::wording::Wording;
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

    /// `name` shown, and found as well by `english` where the language's
    /// differs: added after it, so the hit shows the language's.
    fn add_names(
        &self,
        d: &mut TantivyDocument,
        words: Wording,
        (name, english): (&str, &str),
        text: &str,
    ) {
        self.add_words(d, name, text);
        if let Some(english) = words.also_english(name, english) {
            d.add_text(self.name, english);
            d.add_text(self.name_exact, english);
        }
    }

    /// A pilot's document; `hosted` is the ship whose page is this pilot's
    /// (`ship_url`): its words join the pilot's, so the page is one hit,
    /// found as a pilot and as a ship.
    pub(super) fn pilot(
        &self,
        (db, keys, words): (&Database, &CardKeys, Wording),
        p: &Pilot,
        hosted: Option<&Ship>,
    ) -> TantivyDocument {
        let f = self;
        let key = keys.key(Card::Pilot(p));
        let mut d = doc!(
            f.xws => p.xws.clone(),
            f.kind => HitKind::Pilot.as_str(),
            f.ship => p.ship.clone(),
            f.faction => p.faction.clone(),
            f.unique => p.unique,
            f.limited => false,
            f.huge_only => false,
            f.points => i64::from(p.points_or_zero()),
            f.url => words.address(&format!("/cards/{key}")),
            f.skill => u64::from(p.skill_or_zero()),
        );
        let name = words.card_name(&key, &p.name);
        f.add_names(&mut d, words, (name, &p.name), &words.pilot_text(&key, p));
        d.add_text(f.bar, words.action_names(db, &p.actions));
        if let Some(e) = p.stats.energy {
            d.add_u64(f.energy, u64::from(e));
        }
        if let Some(ship) = db.ship_of(p) {
            d.add_text(f.size, ship.size.as_str());
        }
        if let Some(ship) = hosted {
            d.add_text(f.kind, HitKind::Ship.as_str());
            let name = words.ship_name(ship);
            f.add_names(&mut d, words, (name, &ship.name), &words.ship_text(ship));
        }
        d
    }

    /// An upgrade's document: a restriction to no faction fits every one
    /// of `all_factions`.
    pub(super) fn upgrade(
        &self,
        (db, keys, words): (&Database, &CardKeys, Wording),
        all_factions: &[&str],
        u: &Upgrade,
    ) -> TantivyDocument {
        let f = self;
        let key = keys.key(Card::Upgrade(u));
        let mut d = doc!(
            f.xws => u.xws.clone(),
            f.kind => HitKind::Upgrade.as_str(),
            f.slot => u.slot().to_string(),
            f.unique => u.unique,
            f.limited => u.limited,
            f.huge_only => u.restriction.huge_only(),
            f.points => i64::from(u.points),
            f.url => words.address(&format!("/cards/{key}")),
        );
        let name = words.card_name(&key, u.name());
        f.add_names(
            &mut d,
            words,
            (name, u.name()),
            &words.upgrade_text(db, &key, u),
        );
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
    pub(super) fn ship(&self, db: &Database, words: Wording, s: &Ship) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => s.xws.clone(),
            f.kind => HitKind::Ship.as_str(),
            f.ship => s.xws.clone(),
            f.unique => false,
            f.limited => false,
            f.huge_only => false,
            f.url => words.address("/cards"),
        );
        let name = words.ship_name(s);
        f.add_names(&mut d, words, (name, &s.name), &words.ship_text(s));
        d.add_text(f.bar, words.action_names(db, &s.actions));
        for faction in &s.factions {
            d.add_text(f.faction, faction);
        }
        d.add_text(f.size, s.size.as_str());
        if let Some(e) = s.stats.energy {
            d.add_u64(f.energy, u64::from(e));
        }
        d
    }

    /// A rules section's document: its title searched as a name. The
    /// reference is in English only: every language has its words, at the
    /// language's address.
    pub(super) fn rule(&self, words: Wording, r: &RuleSection) -> TantivyDocument {
        let f = self;
        let mut d = doc!(
            f.xws => r.url.clone(),
            f.kind => HitKind::Rule.as_str(),
            f.unique => false,
            f.limited => false,
            f.huge_only => false,
            f.url => words.address(&r.url),
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
