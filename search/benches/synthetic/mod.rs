//! Synthetic card sets of any size, for measuring search on more cards
//! than the game printed.
//!
//! The text is realistic by construction: a word-pair (bigram) chain
//! trained on the shipped cards' own texts writes each card's ability, so
//! word frequencies and phrases look like X-Wing card text. Factions,
//! slots and ships are the shipped ones, so every filter works. The same
//! seed gives the same set.
//!
//! A module of the benchmarks (`benches/query.rs`), not of the library, so
//! a build of `search` carries no `rand`; `tests/synthetic.rs` checks it.

use std::collections::BTreeMap;

use cards::catalog::{Card, Database, Face, Pilot, Restriction, Upgrade};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// Word-pair chain over the texts of a card set.
struct Chain {
    starts: Vec<String>,
    next: BTreeMap<String, Vec<String>>,
}

impl Chain {
    fn train(db: &Database) -> Chain {
        let mut starts = Vec::new();
        let mut next: BTreeMap<String, Vec<String>> = BTreeMap::new();
        let texts: Vec<String> = db
            .cards()
            .flat_map(|c: Card<'_>| {
                c.texts()
                    .into_iter()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        for text in texts {
            for sentence in text.split_inclusive(['.', ':']) {
                let words: Vec<&str> = sentence.split_whitespace().collect();
                if let Some(first) = words.first() {
                    starts.push(first.to_string());
                }
                for pair in words.windows(2) {
                    next.entry(pair[0].to_string())
                        .or_default()
                        .push(pair[1].to_string());
                }
            }
        }
        if starts.is_empty() {
            starts.push("Card".to_string());
        }
        Chain { starts, next }
    }

    fn sentence(&self, rng: &mut StdRng) -> String {
        let mut word = self.starts.choose(rng).cloned().unwrap_or_default();
        let mut out = vec![word.clone()];
        while out.len() < 40 && !(word.ends_with('.') && out.len() > 3) {
            match self.next.get(&word).and_then(|n| n.choose(rng)) {
                Some(w) => word = w.clone(),
                None => break,
            }
            out.push(word.clone());
        }
        let mut s = out.join(" ");
        if !s.ends_with('.') {
            s.push('.');
        }
        s
    }

    fn text(&self, rng: &mut StdRng) -> String {
        let sentences = rng.random_range(1..=3);
        (0..sentences)
            .map(|_| self.sentence(rng))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn name(&self, rng: &mut StdRng) -> String {
        let words: Vec<&String> = self.next.keys().filter(|w| w.len() > 3).collect();
        let mut pick = || {
            let w = words
                .choose(rng)
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
                .unwrap_or_default();
            let mut chars = w.chars();
            match chars.next() {
                Some(c) => c.to_uppercase().chain(chars).collect::<String>(),
                None => "Card".to_string(),
            }
        };
        format!("{} {}", pick(), pick())
    }
}

/// A card set of `size` cards (about one pilot in ten, the rest upgrades)
/// on the factions, slots and ships of `base`, with text in its style.
pub fn card_set(base: &Database, size: usize, seed: u64) -> Database {
    let mut writer = CardWriter {
        rng: StdRng::seed_from_u64(seed),
        chain: Chain::train(base),
        base,
        slots: base.upgrades.iter().map(|u| u.slot().to_string()).collect(),
    };
    let mut db = without_cards(base);
    for n in 0..size {
        let id = 1_000_000 + n as u32;
        let name = writer.chain.name(&mut writer.rng);
        let xws = format!("synthetic{n}");
        if n % 10 == 0 && !base.pilots.is_empty() {
            let template = base.pilots.choose(&mut writer.rng).cloned();
            if let Some(template) = template {
                db.pilots.push(writer.pilot(template, id, xws, name));
                continue;
            }
        }
        db.upgrades.push(writer.upgrade(id, xws, name));
    }
    db
}

/// `base`'s factions, slots, actions, ships and conditions, without its
/// pilots, upgrades, YASB ids or products.
fn without_cards(base: &Database) -> Database {
    Database {
        factions: base.factions.clone(),
        slots: base.slots.clone(),
        actions: base.actions.clone(),
        ships: base.ships.clone(),
        conditions: base.conditions.clone(),
        pilots: Vec::new(),
        upgrades: Vec::new(),
        yasb: Vec::new(),
        products: Vec::new(),
    }
}

/// What writes a synthetic card set's cards, one after the other from
/// the one seeded random source, so the same seed gives the same set.
struct CardWriter<'a> {
    rng: StdRng,
    chain: Chain,
    base: &'a Database,
    /// The slot of each upgrade of `base`: a slot is drawn as often as
    /// the base set fills it.
    slots: Vec<String>,
}

impl CardWriter<'_> {
    /// A pilot like `template`, with its own name, skill, ability and
    /// points.
    fn pilot(&mut self, template: Pilot, id: u32, xws: String, name: String) -> Pilot {
        let rng = &mut self.rng;
        Pilot {
            id,
            xws,
            name,
            unique: rng.random_bool(0.5),
            skill: Some(rng.random_range(1..=9)),
            ability: Some(self.chain.text(rng)),
            points: Some(rng.random_range(12..=40)),
            ..template
        }
    }

    /// An upgrade for a slot of the base set, sometimes restricted, with
    /// one face of text.
    fn upgrade(&mut self, id: u32, xws: String, name: String) -> Upgrade {
        let slot = self
            .slots
            .choose(&mut self.rng)
            .cloned()
            .unwrap_or_else(|| "crew".to_string());
        let restriction = self.restriction();
        let rng = &mut self.rng;
        Upgrade {
            id,
            xws,
            slots: vec![slot],
            unique: rng.random_bool(0.3),
            limited: rng.random_bool(0.1),
            dual: false,
            points: rng.random_range(-2..=8),
            restriction_text: String::new(),
            faces: vec![Face {
                name,
                text: self.chain.text(rng),
                attack: None,
                range: None,
                stat_changes: Vec::new(),
                actions_gained: Vec::new(),
                skill_change: None,
                dial_changes: Vec::new(),
            }],
            energy_limit: None,
            energy_cost: None,
            restriction,
            effects: Default::default(),
            squad_limit: None,
        }
    }

    /// Now and then a ship, a faction or the huge ships an upgrade is
    /// restricted to.
    fn restriction(&mut self) -> Restriction {
        let (base, rng) = (self.base, &mut self.rng);
        Restriction {
            ships: if rng.random_bool(0.2) {
                base.ships
                    .choose(rng)
                    .map(|s| vec![s.xws.clone()])
                    .unwrap_or_default()
            } else {
                Vec::new()
            },
            factions: if rng.random_bool(0.3) {
                base.factions
                    .choose(rng)
                    .map(|f| vec![f.xws.clone()])
                    .unwrap_or_default()
            } else {
                Vec::new()
            },
            sizes: if rng.random_bool(0.05) {
                vec![cards::catalog::ShipSize::Huge]
            } else {
                Vec::new()
            },
            faction_unless: None,
            requires: Vec::new(),
        }
    }
}
