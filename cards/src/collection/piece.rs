//! One piece a squad puts on the table (a ship model, a pilot card, an
//! upgrade card), and how a collection and the products name it.

use serde::{Deserialize, Serialize};

use crate::catalog::{Card, CardId, Database, ProductKind, Ship};

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
