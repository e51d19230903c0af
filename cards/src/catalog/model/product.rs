//! A product: a box the game was sold in, with the cards and ship models
//! it holds.

use serde::{Deserialize, Serialize};

use super::shared::CardId;

/// What a product's line holds: a ship model, or a card of one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ProductKind {
    Ship,
    Pilot,
    Upgrade,
    Condition,
}

impl ProductKind {
    /// Every kind, in the order of the contents table.
    pub const ALL: [ProductKind; 4] = [
        ProductKind::Ship,
        ProductKind::Pilot,
        ProductKind::Upgrade,
        ProductKind::Condition,
    ];

    /// The word `product_contents.csv` uses.
    pub fn as_str(self) -> &'static str {
        match self {
            ProductKind::Ship => "ship",
            ProductKind::Pilot => "pilot",
            ProductKind::Upgrade => "upgrade",
            ProductKind::Condition => "condition",
        }
    }

    /// The kind a word names.
    pub fn parse(word: &str) -> Option<ProductKind> {
        ProductKind::ALL.into_iter().find(|k| k.as_str() == word)
    }
}

/// One product (a box on a shop's shelf) and what is in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Product {
    /// The package's number for it (0 to 62): collection links name it so.
    pub id: u8,
    /// Its name in lower case without "Expansion Pack" (`c-roc-cruiser`).
    pub key: String,
    pub name: String,
    /// The wave, a number, or "Iconic Starships".
    pub wave: String,
    pub sku: String,
    /// Release date, `YYYY-MM-DD`.
    pub released: String,
    /// (kind, card or ship id, count), by kind and id.
    pub contents: Vec<(ProductKind, CardId, u16)>,
}

impl Product {
    /// How many of a card or ship model the box holds.
    pub fn count_of(&self, kind: ProductKind, id: CardId) -> u16 {
        self.contents
            .iter()
            .find(|(k, i, _)| *k == kind && *i == id)
            .map_or(0, |(_, _, n)| *n)
    }
}

/// Earlier release first; a day's releases in the package's order.
pub fn release_order(a: &Product, b: &Product) -> std::cmp::Ordering {
    (&a.released, a.id).cmp(&(&b.released, b.id))
}
