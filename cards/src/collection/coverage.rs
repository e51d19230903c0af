//! What fielding a squad takes, and how much of it a collection holds.

use serde::Serialize;

use super::holdings::Owned;
use super::piece::Piece;
use crate::catalog::Database;
use crate::squad::Squad;

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
