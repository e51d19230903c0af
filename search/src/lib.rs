//! Card search: an in-memory tantivy index over a card set (and the rules
//! reference), with filters, typo tolerance and highlighted snippets; one
//! per language ([`Indexes`]).
//!
//! Server only: tantivy never goes into the browser's wasm build.
//!
//! ```
//! use search::{CardIndex, Filters};
//! let db = cards::catalog::Database::embedded().unwrap();
//! let index = CardIndex::build(&db, &[]).unwrap();
//! let found = index.search("reinforce", &Filters::default(), 20).unwrap();
//! assert!(found.hits.iter().any(|h| h.xws == "brokenhorn"));
//! // A typo finds the word it meant, and says so.
//! let found = index.search("shild", &Filters::default(), 10).unwrap();
//! assert!(found.fuzzy.is_some());
//! assert!(found.hits.iter().any(|h| h.xws == "pulsedrayshield"));
//! ```

mod either_field;
pub mod index;
mod snippet;
mod statistics;

pub use cards::query::{
    FilterCounts, Filters, Hit, HitKind, MAX_QUERY_CHARS, QueryError, Results, SearchParams,
};
pub use index::{CardIndex, Indexes, RuleSection, SearchError};
