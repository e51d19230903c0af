//! Merchant One's domain: the X-Wing (1st edition) cards and the rules
//! around them, as plain Rust.
//!
//! This crate has no web dependencies and builds for native targets and for
//! `wasm32-unknown-unknown`, so the browser runs the same code as the server.
//! ARCHITECTURE.md (at the repository's root) walks one squad through it.
//!
//! - [`catalog`]: the printed cards, dials and formats, loaded strictly from CSV
//!   (the workspace's `import` crate writes that CSV; `make import-cards`).
//! - [`squad`]: the squad, the rules engine that judges it, and its links,
//!   XWS, plain text and saved copies.
//! - [`sim`]: the rules simulators: combat dice, huge-ship energy, Solo Play.
//! - [`reference`]: the rules reference: seed documents as sections, and the glossary.
//! - [`query`]: card search requests and answers (the index is the `search` crate's).
//! - [`lang`]: the eight languages, their codes and address prefixes.
//! - [`event`]: events: Swiss pairing, scoring and standings.
//! - [`dreadnought`]: Mission Dreadnought, a Space Crusade mission the seeds
//!   include; it shares nothing with X-Wing's rules.

#![cfg_attr(doc, warn(missing_docs))]
// Safe Rust only: the decoders of strangers' links and files among it are
// fuzzed without a sanitizer (Makefile, fuzz-smoke).
#![forbid(unsafe_code)]
// In the browser `catalog::ShortName` is `String`, so a conversion into it
// that copies a name inline natively is an identity there, and a slice of
// names can be searched with `contains`.
#![cfg_attr(
    target_arch = "wasm32",
    allow(clippy::useless_conversion, clippy::manual_contains)
)]

pub mod address;
pub mod catalog;
pub mod collection;
pub mod dreadnought;
// Native only for now: events are paired and scored on the server, and
// with this module in the browser's build (unused there) wasm-split moved
// 96 KB of code from the lazy modules into the main one (1,884,434 ->
// 1,980,752 bytes, the total the same).
#[cfg(not(target_arch = "wasm32"))]
pub mod event;
pub mod lang;
pub mod play;
pub mod query;
pub mod reference;
pub mod sim;
pub mod squad;
pub mod symbols;
