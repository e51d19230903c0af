//! `/cards` (a filter and the shelves: `index.rs`), `/cards/<faction>/<ship>`
//! and `/cards/upgrades/<slot>` (one shelf each: `shelf.rs`) and
//! `/cards/<key>` (one card in full: `card.rs`; the key is the card's XWS
//! name, made unique where names repeat: see `Database::card_key`).
//!
//! Beside the pages: a card as the filter and the shelves list it
//! (`card_item.rs`), what a card prints as its pages say it
//! (`printed.rs`), and what the filter reads of a card and the order it
//! lists them in (`shown.rs`).

mod card;
mod card_item;
mod index;
mod printed;
mod shelf;
mod shown;

pub use card::CardPage;
pub use index::CardsPage;
pub use shelf::ShelfPage;
