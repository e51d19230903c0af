//! What fielding a squad takes, and how much of it a collection holds.

use serde::{Deserialize, Serialize};

use super::Owned;
use crate::catalog::{Card, CardId, Database, ProductKind, Ship};
use crate::squad::Squad;

/// One thing a squad needs on the table: a ship model, a pilot card or an
/// upgrade card (a dual card and a card that fills two slots are one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "lowercase")]
pub enum Piece {
    /// A ship model, by the id of its ship (of its first section, for a
    /// huge ship in sections).
    Model(CardId),
    Pilot(CardId),
    Upgrade(CardId),
}

impl Piece {
    /// The model a ship is fielded with: one for all its sections.
    pub fn model_of(db: &Database, ship: &Ship) -> Piece {
        let first = ship.section_of.as_ref().and_then(|whole| {
            db.ships
                .iter()
                .filter(|s| s.section_of.as_ref() == Some(whole))
                .map(|s| s.id)
                .min()
        });
        Piece::Model(first.unwrap_or(ship.id))
    }

    /// The model a key names: a ship's XWS name (any section's), or the
    /// model key [`Piece::model_key`] gives.
    pub fn model_named(db: &Database, key: &str) -> Option<Piece> {
        db.ships
            .iter()
            .find(|s| s.xws == key || model_key_of(s) == key)
            .map(|s| Piece::model_of(db, s))
    }

    /// A model's key: its ship's XWS name, or for a huge ship in sections
    /// the whole ship's name in XWS form (`cr90corvette`). A card's key is
    /// its XWS name.
    pub fn model_key(&self, db: &Database) -> String {
        match self {
            Piece::Model(id) => db
                .ships
                .iter()
                .find(|s| s.id == *id)
                .map_or_else(|| id.to_string(), model_key_of),
            Piece::Pilot(_) | Piece::Upgrade(_) => self.xws(db),
        }
    }

    /// The XWS name of the piece (a model's key, for a model).
    pub fn xws(&self, db: &Database) -> String {
        match self.card(db) {
            Some(card) => card.xws().to_string(),
            None => self.model_key(db),
        }
    }

    /// The card, for a pilot or an upgrade.
    pub fn card<'a>(&self, db: &'a Database) -> Option<Card<'a>> {
        match self {
            Piece::Model(_) => None,
            Piece::Pilot(id) => db.pilot_by_id(*id).map(Card::Pilot),
            Piece::Upgrade(id) => db.upgrade_by_id(*id).map(Card::Upgrade),
        }
    }

    /// The kind word the API and the contents table use.
    pub fn kind(&self) -> ProductKind {
        match self {
            Piece::Model(_) => ProductKind::Ship,
            Piece::Pilot(_) => ProductKind::Pilot,
            Piece::Upgrade(_) => ProductKind::Upgrade,
        }
    }

    /// The line of a product's contents that holds this piece.
    pub fn content_line(&self) -> (ProductKind, CardId) {
        match self {
            Piece::Model(id) | Piece::Pilot(id) | Piece::Upgrade(id) => (self.kind(), *id),
        }
    }

    /// The piece as a player names it: "M3-A Interceptor ship model",
    /// "Cartel Spacer pilot card", "\"Heavy Scyk\" Interceptor (Title)".
    pub fn describe(&self, db: &Database) -> String {
        match (self, self.card(db)) {
            (Piece::Model(id), _) => {
                let ship = db.ships.iter().find(|s| s.id == *id);
                let name = ship.map_or_else(
                    || format!("ship #{id}"),
                    |s| s.section_of.clone().unwrap_or_else(|| s.name.clone()),
                );
                format!("{name} ship model")
            }
            (_, Some(Card::Pilot(p))) => {
                format!("{} pilot card ({})", p.name, db.ship_name(&p.ship))
            }
            (_, Some(Card::Upgrade(u))) => format!("{} ({})", u.name(), db.slot_name(u.slot())),
            (_, None) => format!("card #{}", self.content_line().1),
        }
    }
}

/// A ship's model key: its XWS name, or its whole ship's name in XWS form.
fn model_key_of(ship: &Ship) -> String {
    match &ship.section_of {
        Some(whole) => whole
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect(),
        None => ship.xws.clone(),
    }
}

/// What fielding the squad takes, in the order the squad first uses each
/// piece: a model per ship (a huge ship's sections share one), a pilot
/// card per ship, an upgrade card per copy equipped. Cards the database
/// does not know are left out (the rules report them).
pub fn needs(db: &Database, squad: &Squad) -> Vec<(Piece, u32)> {
    let mut out: Vec<(Piece, u32)> = Vec::new();
    let mut add = |piece: Piece, n: u32, max: bool| match out.iter_mut().find(|(p, _)| *p == piece)
    {
        Some((_, have)) if max => *have = (*have).max(n),
        Some((_, have)) => *have += n,
        None => out.push((piece, n)),
    };
    for ship in &squad.ships {
        let Some(pilot) = ship.pilot.pilot(db) else {
            continue;
        };
        if let Some(model) = db.ship_of(pilot) {
            // A huge ship's sections are one model: as many models as the
            // most fielded of its sections.
            let fielded = squad
                .ships
                .iter()
                .filter_map(|s| s.pilot.pilot(db))
                .filter(|p| p.ship == pilot.ship)
                .count() as u32;
            add(Piece::model_of(db, model), fielded, true);
        }
        add(Piece::Pilot(pilot.id), 1, false);
        for e in &ship.upgrades {
            if let Some(u) = e.card.upgrade(db) {
                add(Piece::Upgrade(u.id), 1, false);
            }
        }
    }
    out
}

/// A piece the collection has too few of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shortfall {
    pub piece: Piece,
    /// How many the squad needs.
    pub needed: u32,
    /// How many the collection holds.
    pub owned: u32,
    /// Keys of the products that hold it, in release order, with how many each holds.
    pub holders: Vec<(String, u16)>,
}

impl Shortfall {
    /// How many are missing.
    pub fn missing(&self) -> u32 {
        self.needed.saturating_sub(self.owned)
    }

    /// "a second \"Heavy Scyk\" Interceptor (Title): you own 1", or
    /// "3 × M3-A Interceptor ship model: you own none".
    pub fn describe(&self, db: &Database) -> String {
        let what = self.piece.describe(db);
        let owned = match self.owned {
            0 => "you own none".to_string(),
            n => format!("you own {n}"),
        };
        match (self.missing(), self.owned) {
            (1, 0) => format!("{what}: {owned}"),
            (1, n) => format!("a {} {what}: {owned}", ordinal(n + 1)),
            (m, _) => format!("{m} × {what}: {owned}"),
        }
    }
}

fn ordinal(n: u32) -> String {
    const WORDS: [&str; 9] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    ];
    match WORDS.get(n.saturating_sub(1) as usize) {
        Some(word) => (*word).to_string(),
        None => format!("{n}th"),
    }
}

/// The squad against a collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// What the squad needs, in squad order.
    pub needs: Vec<(Piece, u32)>,
    /// What the collection lacks, in the same order.
    pub missing: Vec<Shortfall>,
}

impl Coverage {
    /// The collection covers the squad.
    pub fn is_covered(&self) -> bool {
        self.missing.is_empty()
    }
}

/// What of the squad the collection holds, and what it lacks.
pub fn cover(db: &Database, owned: &Owned, squad: &Squad) -> Coverage {
    let needs = needs(db, squad);
    let missing = needs
        .iter()
        .filter_map(|&(piece, needed)| {
            let have = owned.count(db, piece);
            (have < needed).then(|| {
                let (kind, id) = piece.content_line();
                Shortfall {
                    piece,
                    needed,
                    owned: have,
                    holders: db
                        .products_holding(kind, id)
                        .into_iter()
                        .map(|(p, n)| (p.key.clone(), n))
                        .collect(),
                }
            })
        })
        .collect();
    Coverage { needs, missing }
}
