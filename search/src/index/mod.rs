//! The in-memory tantivy index of a card set and the queries over it, one
//! per language.
//!
//! A facade over private files, each beneath those listed after it: the
//! schema (`schema.rs`); each language's reading of words (`analysis.rs`);
//! the words of a language's documents (`wording.rs`) and the documents
//! built from a card set (`documents.rs`); the index as held
//! (`card_index.rs`); running a query within the filters (`run.rs`); a
//! query's words and the queries built from them (`words.rs`); typo
//! tolerance (`typos.rs`); the query plan (`plan.rs`); the facets
//! (`facets.rs`); building the index (`build.rs`); a hit's snippet
//! (`hits.rs`); searching (`search.rs`); and every language's index
//! (`indexes.rs`).

mod analysis;
mod build;
mod card_index;
mod documents;
mod facets;
mod hits;
mod indexes;
mod plan;
mod run;
mod schema;
mod search;
mod typos;
mod wording;
mod words;

pub use card_index::{CardIndex, SMALL_INDEX_DOCS, SearchError};
pub use documents::RuleSection;
pub use indexes::Indexes;
pub use typos::FUZZY_MIN_CHARS;
