//! What the player owns: the JSON form they keep and carry, and the same
//! resolved against the cards.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::piece::Piece;
use crate::catalog::{Card, Database};

/// The most copies of one product or card a collection records.
pub const MAX_COPIES: u16 = 99;
/// The most lines (products and loose cards together) a collection holds.
pub const MAX_ENTRIES: usize = 1000;
/// The longest collection file or JSON body read, in bytes.
pub const MAX_COLLECTION_BYTES: usize = 64 * 1024;

/// The character a JSON object opens with. A constant, not a literal in
/// `from_json`: `scripts/code-metrics` reads a brace in a character literal
/// as the opening of a block.
const JSON_OBJECT_OPENS: char = '{';

/// A collection as the player keeps it and as the API reads it:
///
/// ```json
/// {"products": {"core-set": 2, "c-roc-cruiser": 1},
///  "ships": {"m3ainterceptor": 1},
///  "pilots": {"cartelspacer": 1},
///  "upgrades": {"heavylasercannon": 1}}
/// ```
///
/// Products by key (`/collection` lists them); loose ship models by ship
/// XWS name (a huge ship's sections name its one model); loose pilots and
/// upgrades by the key of their card page (`/cards/<key>`). Every field
/// may be left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Collection {
    #[serde(default)]
    pub products: BTreeMap<String, u16>,
    #[serde(default)]
    pub ships: BTreeMap<String, u16>,
    #[serde(default)]
    pub pilots: BTreeMap<String, u16>,
    #[serde(default)]
    pub upgrades: BTreeMap<String, u16>,
}

/// Why a collection cannot be read. Nothing of it is used then.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CollectionError {
    #[error("the collection is larger than {MAX_COLLECTION_BYTES} bytes")]
    TooLarge,
    #[error("this is not a collection: {0}")]
    NotJson(String),
    #[error("the collection has more than {MAX_ENTRIES} lines")]
    TooManyEntries,
    #[error("{field} `{key}`: {count} copies is more than {MAX_COPIES}")]
    TooManyCopies {
        field: &'static str,
        key: String,
        count: u16,
    },
    #[error("{field} `{key}` is not a {what} of the card set")]
    UnknownKey {
        field: &'static str,
        key: String,
        what: &'static str,
    },
}

impl Collection {
    /// Reads the JSON form, bounded in size and strict about its fields.
    pub fn from_json(text: &str) -> Result<Collection, CollectionError> {
        if text.len() > MAX_COLLECTION_BYTES {
            return Err(CollectionError::TooLarge);
        }
        // serde would read a list as the fields in order.
        if !text.trim_start().starts_with(JSON_OBJECT_OPENS) {
            return Err(CollectionError::NotJson(
                "a collection is a JSON object".into(),
            ));
        }
        let collection: Collection =
            serde_json::from_str(text).map_err(|e| CollectionError::NotJson(e.to_string()))?;
        collection.check_bounds()?;
        Ok(collection)
    }

    /// The JSON form, as [`Collection::from_json`] reads it.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// No product and no loose card.
    pub fn is_empty(&self) -> bool {
        self.lines().all(|(_, _, n)| n == 0)
    }

    /// Every line: field, key, copies.
    fn lines(&self) -> impl Iterator<Item = (&'static str, &str, u16)> {
        [
            ("products", &self.products),
            ("ships", &self.ships),
            ("pilots", &self.pilots),
            ("upgrades", &self.upgrades),
        ]
        .into_iter()
        .flat_map(|(name, map)| map.iter().map(move |(k, n)| (name, k.as_str(), *n)))
    }

    fn check_bounds(&self) -> Result<(), CollectionError> {
        if self.lines().count() > MAX_ENTRIES {
            return Err(CollectionError::TooManyEntries);
        }
        match self.lines().find(|(_, _, n)| *n > MAX_COPIES) {
            Some((field, key, count)) => Err(CollectionError::TooManyCopies {
                field,
                key: key.to_string(),
                count,
            }),
            None => Ok(()),
        }
    }

    /// The collection against the cards: every key known (the first that
    /// is not is the error), lines of 0 copies dropped.
    pub fn resolve(&self, db: &Database) -> Result<Owned, CollectionError> {
        self.check_bounds()?;
        let mut owned = Owned::default();
        for (field, key, count) in self.lines().filter(|(_, _, n)| *n > 0) {
            let unknown = |what| CollectionError::UnknownKey {
                field,
                key: key.to_string(),
                what,
            };
            if field == "products" {
                let product = db.product(key).ok_or_else(|| unknown("product"))?;
                owned.products.insert(product.id, count);
                continue;
            }
            let piece = match field {
                "ships" => Piece::model_named(db, key).ok_or_else(|| unknown("ship"))?,
                "pilots" => match db.card_by_key(key) {
                    Some(Card::Pilot(p)) => Piece::Pilot(p.id),
                    _ => return Err(unknown("pilot card")),
                },
                _ => match db.card_by_key(key) {
                    Some(Card::Upgrade(u)) => Piece::Upgrade(u.id),
                    _ => return Err(unknown("upgrade card")),
                },
            };
            // Two keys may name one model (a corvette's section and the
            // whole ship): together they keep the bound a line has, so the
            // link and the JSON form read back what this writes.
            let total = owned.loose.entry(piece).or_default();
            *total += count;
            if *total > MAX_COPIES {
                return Err(CollectionError::TooManyCopies {
                    field,
                    key: key.to_string(),
                    count: *total,
                });
            }
        }
        Ok(owned)
    }
}

/// A collection resolved against the cards: products by their id, loose
/// pieces by what they are.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Owned {
    /// Product id to copies owned.
    pub products: BTreeMap<u8, u16>,
    /// Loose ship models and cards, to copies owned.
    pub loose: BTreeMap<Piece, u16>,
}

impl Owned {
    /// How many of a piece the collection holds, boxes and loose together.
    pub fn count(&self, db: &Database, piece: Piece) -> u32 {
        let (kind, id) = piece.content_line();
        let in_boxes: u32 = self
            .products
            .iter()
            .filter_map(|(pid, copies)| {
                let product = db.products.iter().find(|p| p.id == *pid)?;
                Some(u32::from(*copies) * u32::from(product.count_of(kind, id)))
            })
            .sum();
        in_boxes + self.loose.get(&piece).copied().map_or(0, u32::from)
    }

    /// How many copies of a card the collection holds (for card pages).
    pub fn count_of_card(&self, db: &Database, card: Card<'_>) -> u32 {
        let piece = match card {
            Card::Pilot(p) => Piece::Pilot(p.id),
            Card::Upgrade(u) => Piece::Upgrade(u.id),
        };
        self.count(db, piece)
    }

    /// No product and no loose card.
    pub fn is_empty(&self) -> bool {
        self.products.values().all(|n| *n == 0) && self.loose.values().all(|n| *n == 0)
    }

    /// Back to the JSON form.
    pub fn to_collection(&self, db: &Database) -> Collection {
        let mut out = Collection::default();
        for (id, n) in &self.products {
            if let Some(p) = db.products.iter().find(|p| p.id == *id) {
                out.products.insert(p.key.clone(), *n);
            }
        }
        let keys = db.card_keys();
        for (piece, n) in &self.loose {
            match piece.card(db) {
                Some(card @ Card::Pilot(_)) => {
                    out.pilots.insert(keys.key(card), *n);
                }
                Some(card @ Card::Upgrade(_)) => {
                    out.upgrades.insert(keys.key(card), *n);
                }
                None => {
                    out.ships.insert(piece.model_key(db), *n);
                }
            }
        }
        out
    }
}
