//! The index's BM25 statistics, counted once when it is built.
//!
//! The index never changes after it is built, yet tantivy counts a term's
//! documents (a term-dictionary lookup in each segment) and a field's
//! tokens every time a query builds its weights, and the snippets asked the
//! same again: 12% of a search for "attack dice" on the shipped cards. Here
//! each word of the searched fields is counted once, and a query reads the
//! count from a table; the numbers are the searcher's own, so scores are
//! unchanged (`statistics_are_the_searchers`).

use rustc_hash::FxHashMap;

use tantivy::query::Bm25StatisticsProvider;
use tantivy::schema::Field;
use tantivy::{Searcher, Term};

/// Documents, tokens and each word's document count, for the fields read
/// into it; any other field is asked of the searcher.
pub(crate) struct Statistics {
    searcher: Searcher,
    docs: u64,
    /// Total tokens of each field counted.
    tokens: Vec<(Field, u64)>,
    /// Documents holding each term of the fields counted.
    /// (FxHash: SipHash was 4% of a search for "crew that gives energy".)
    doc_freq: FxHashMap<Term, u64>,
}

impl Statistics {
    /// Counts every term of `fields` in the searcher's segments.
    pub(crate) fn count(searcher: &Searcher, fields: &[Field]) -> tantivy::Result<Statistics> {
        let mut tokens = Vec::with_capacity(fields.len());
        let mut doc_freq = FxHashMap::default();
        for &field in fields {
            tokens.push((field, searcher.total_num_tokens(field)?));
            for segment in searcher.segment_readers() {
                let inverted = segment.inverted_index(field)?;
                let mut stream = inverted.terms().stream()?;
                while stream.advance() {
                    // A text field's words are text (tantivy keeps them as
                    // UTF-8), and a query asks for them as text.
                    let Ok(word) = std::str::from_utf8(stream.key()) else {
                        continue;
                    };
                    let term = Term::from_field_text(field, word);
                    *doc_freq.entry(term).or_insert(0) += u64::from(stream.value().doc_freq);
                }
            }
        }
        Ok(Statistics {
            searcher: searcher.clone(),
            docs: searcher.total_num_docs()?,
            tokens,
            doc_freq,
        })
    }

    /// Whether some document has `word` (lowercase, as indexed) in
    /// `field`; a field not counted here is taken to have it.
    pub(crate) fn holds(&self, field: Field, word: &str) -> bool {
        !self.counted(field)
            || self
                .doc_freq
                .contains_key(&Term::from_field_text(field, word))
    }

    /// Whether `field`'s words were counted here.
    fn counted(&self, field: Field) -> bool {
        self.tokens.iter().any(|&(f, _)| f == field)
    }
}

impl Bm25StatisticsProvider for Statistics {
    fn total_num_tokens(&self, field: Field) -> tantivy::Result<u64> {
        match self.tokens.iter().find(|&&(f, _)| f == field) {
            Some(&(_, n)) => Ok(n),
            None => self.searcher.total_num_tokens(field),
        }
    }

    fn total_num_docs(&self) -> tantivy::Result<u64> {
        Ok(self.docs)
    }

    fn doc_freq(&self, term: &Term) -> tantivy::Result<u64> {
        if self.counted(term.field()) {
            // A word no document has is in no dictionary.
            Ok(self.doc_freq.get(term).copied().unwrap_or(0))
        } else {
            self.searcher.doc_freq(term)
        }
    }
}
