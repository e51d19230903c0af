//! Merchant One's domain: the X-Wing (1st edition) cards of the C-ROC Cruiser
//! Expansion Pack and the rules around them, as plain Rust.
//!
//! This crate has no web dependencies and builds for native targets and for
//! `wasm32-unknown-unknown`, so the browser runs the same code as the server.
//!
//! - [`model`]: the card model (ships, pilots, upgrades, restrictions, effects).
//! - [`load`]: strict CSV loading of a card set, embedded or from a folder.
//! - [`dial`]: maneuver dials.
//! - [`dice`]: exact combat dice distributions.
//! - [`dreadnought`]: Mission Dreadnought's grid, weapons and exact odds.
//! - [`energy`]: the huge-ship energy simulator.
//! - [`format`]: play formats and their limits, as data.
//! - [`solo`]: the Solo Play Alpha flight system (maneuver, attitude, action, tally).
//! - [`squad`]: the squad model, legal or not.
//! - [`rules`]: the rules engine: effective ships, validation, slot options.
//! - [`xws`]: XWS 1.0 import and export.
//! - [`link`]: squad link codes that never break.
//! - [`limits`]: how large a squad may be, the same for every entry point.
//! - [`bar`]: the upgrade bar with each card in its slot.
//! - [`list`]: the squad as plain text.
//! - [`saved`]: squads saved in the browser's storage.
//! - [`reference`]: the rules reference: seed documents as sections, and the glossary.
//! - [`search`]: card search requests and answers (the index is the `search` crate's).

pub mod bar;
pub mod dial;
pub mod dice;
pub mod dreadnought;
pub mod energy;
pub mod format;
pub mod limits;
pub mod link;
pub mod list;
pub mod load;
pub mod model;
pub mod reference;
pub mod rules;
pub mod saved;
pub mod search;
pub mod solo;
pub mod squad;
pub mod xws;

pub use load::{CardSet, LoadError, LoadErrors};
pub use model::*;
