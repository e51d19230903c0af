//! The player's collection: the products and loose cards they own, what a
//! squad needs of them, and the fewest products that make up the rest.
//!
//! - [`Collection`]: what the player owns, in its JSON form (products by
//!   key, loose ship models and cards by key), checked against the cards;
//! - [`Piece`] and [`needs`]: what fielding a squad takes: one ship model
//!   per ship (a CR90's two sections are one model), one pilot card per
//!   ship, one upgrade card per copy equipped;
//! - [`cover`]: the squad against the collection: covered, or what is
//!   missing and which products hold it;
//! - [`cheapest_purchase`] and [`solve_purchase`]: the fewest products
//!   that cover what is missing, exactly (branch and bound), ties to the
//!   product released first;
//! - [`link`]: the collection as a short, checksummed link.
//!
//! ```
//! use cards::collection::{Collection, cover};
//! use cards::squad::{Rules, xws};
//! let rules = Rules::embedded().unwrap();
//! let squad = xws::import(&rules, r#"{"version":"1.0.0","faction":"scum","pilots":[
//!     {"name":"croccruiser","ship":"croccruiser","upgrades":{"title":["merchantone"]}},
//!     {"name":"cartelspacer","ship":"m3ainterceptor","upgrades":{"title":["heavyscykinterceptor"]}}]}"#, None)
//!     .unwrap().squad;
//! let owned = Collection::from_json(r#"{"products":{"c-roc-cruiser":1}}"#).unwrap();
//! let owned = owned.resolve(&rules.db).unwrap();
//! assert!(cover(&rules.db, &owned, &squad).is_covered());
//! ```

mod answer;
mod coverage;
mod holdings;
mod kept;
pub mod link;
mod piece;
mod purchase;
mod shelves;
mod solver;

pub use answer::{BroughtPiece, BuyLine, CoverAnswer, MissingPiece};
pub use coverage::{Coverage, Shortfall, cover, needs};
pub use holdings::{
    Collection, CollectionError, MAX_COLLECTION_BYTES, MAX_COPIES, MAX_ENTRIES, Owned,
};
pub use kept::{Aside, COLLECTION_ASIDE_PREFIX, COLLECTION_KEY, Kept, read_kept};
pub use piece::Piece;
pub use purchase::{Purchase, PurchaseError, PurchaseLine, cheapest_purchase};
pub use shelves::{by_faction, by_wave};
pub use solver::{BuyProblem, BuySolution, MAX_SEARCH_NODES, SolveError, solve_purchase};
