//! `/cards` (a filter and the shelves: `index.rs`), `/cards/<faction>/<ship>`
//! and `/cards/upgrades/<slot>` (one shelf each: `shelf.rs`) and
//! `/cards/<key>` (one card in full: `card.rs`; the key is the card's XWS
//! name, made unique where names repeat: see `Database::card_key`).
//!
//! Beside the pages: a card as the filter and the shelves list it
//! (`card_item.rs`), and what a card prints as its pages say it
//! (`printed.rs`). What the filter finds and the order it lists cards in
//! are the cards crate's (`cards::catalog::list_cards`).

mod card;
mod card_item;
mod index;
mod printed;
mod shelf;

pub use card::CardPage;
pub use index::CardsPage;
pub use shelf::ShelfPage;
