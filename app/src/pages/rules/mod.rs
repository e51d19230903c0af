//! `/rules` (every document with its table of contents: `index.rs`) and
//! `/rules/:doc` (one document: `document.rs`): the seed documents as a
//! reference, each section at its own address, rule words linked, and the
//! simulators beside the sections they explain (placed by
//! `crate::simulators`).
//!
//! The documents are the game's English rules: on a page in another
//! language their words are marked `lang="en"`, and a line says so; the
//! page's own words come from the `rules` catalogue (`words.rs`). Both
//! pages list a document's sections (`contents.rs`). A document's text
//! comes drawn by the server (`drawn.rs`).

mod contents;
mod document;
pub mod drawn;
mod index;
mod words;

pub use document::RulesDocument;
pub use index::RulesIndex;
