//! The search index of a card set, as held in memory once built: what
//! every query reads. Building it (`build.rs`), planning a query
//! (`plan.rs`), running it (`run.rs`), its facets (`facets.rs`), its typos
//! (`typos.rs`) and its hits (`hits.rs`, `search.rs`) are each a file of
//! their own, so this one is beneath them all.

use cards::lang::Lang;
use cards::query::FilterCounts;
use tantivy::Searcher;
use tantivy::columnar::Column;
use tantivy::query::QueryParser;

use super::analysis::Analysis;
use super::documents::Shown;
use super::schema::Fields;
use crate::snippet::Vocabulary;
use crate::statistics::Statistics;

/// The most documents of an index `CardIndex::is_small` calls small.
pub const SMALL_INDEX_DOCS: usize = 20_000;

/// The search index of a card set: one document per pilot, upgrade (both
/// faces of a dual card in one) and ship, and per rules section.
pub struct CardIndex {
    /// The index as built. It never changes after, so every query reads
    /// this one snapshot and its columns, opened once.
    pub(super) searcher: Searcher,
    /// Each segment's `ord` column, by segment.
    pub(super) ords: Vec<Option<Column<u64>>>,
    /// The BM25 statistics of the searched fields, counted once.
    pub(super) statistics: Statistics,
    pub(super) fields: Fields,
    pub(super) parser: QueryParser,
    /// Reads a quoted phrase: the name and text as written.
    pub(super) exact_parser: QueryParser,
    /// The language's reading of a query's words, as its analyzer reads
    /// the documents'.
    pub(super) analysis: Analysis,
    pub(super) factions: Vec<String>,
    pub(super) slots: Vec<String>,
    pub(super) ships: Vec<String>,
    /// Each document's hit, by its `ord`.
    pub(super) shown: Vec<Shown>,
    /// The words of every document's text, numbered.
    pub(super) vocabulary: Vocabulary,
    /// The facet counts of the empty query without filters (the search
    /// page before anything is typed), counted once.
    pub(super) all_counts: FilterCounts,
}

/// The index failed; a defect, not the query's fault.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// tantivy failed.
    #[error("search index: {0}")]
    Index(#[from] tantivy::TantivyError),
    /// Reading or writing the index in memory failed.
    #[error("search index: {0}")]
    Io(#[from] std::io::Error),
}

impl CardIndex {
    /// Number of documents indexed.
    pub fn len(&self) -> usize {
        self.searcher.num_docs() as usize
    }

    /// The language of its words, names and addresses.
    pub fn lang(&self) -> Lang {
        self.analysis.lang()
    }

    /// Whether nothing was indexed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a search (without facet counts) over this index takes well
    /// under a millisecond, so a server may run it where it stands: at most
    /// `SMALL_INDEX_DOCS` documents (the whole 1st-edition pool is under a
    /// thousand; `search/benches/query.rs` times both sizes).
    pub fn is_small(&self) -> bool {
        self.len() <= SMALL_INDEX_DOCS
    }
}
