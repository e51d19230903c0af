//! Merchant One's domain: the X-Wing (1st edition) cards of the C-ROC Cruiser
//! Expansion Pack and the rules around them, as plain Rust.
//!
//! This crate has no web dependencies and builds for native targets and for
//! `wasm32-unknown-unknown`, so the browser runs the same code as the server.
//!
//! - [`model`]: the card model (ships, pilots, upgrades, restrictions, effects).
//! - [`load`]: strict CSV loading of a card set, embedded or from a folder.
//! - [`dial`]: maneuver dials.
//! - [`format`]: play formats and their limits, as data.
//! - [`squad`]: the squad model, legal or not.
//! - [`rules`]: the rules engine: effective ships, validation, slot options.
//! - [`xws`]: XWS 1.0 import and export.
//! - [`link`]: squad link codes that never break.

pub mod dial;
pub mod format;
pub mod link;
pub mod load;
pub mod model;
pub mod rules;
pub mod squad;
pub mod xws;

pub use load::{CardSet, LoadError, LoadErrors};
pub use model::*;
