//! Typo tolerance: when nothing is found as typed, every word must still
//! match, long ones with one edit allowed, and the page says which indexed
//! words each one was read as (did you mean …).

use tantivy::Term;
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::IndexRecordOption;

use super::card_index::{CardIndex, SearchError};
use super::schema::BAR_BOOST;

/// Terms this long or longer are retried with one typo allowed.
pub const FUZZY_MIN_CHARS: usize = 4;

/// Each word of a typo-tolerant query and the indexed words it was read
/// as: the page's note and the snippets' bold words.
pub(super) type NearWords = Vec<(String, Vec<String>)>;

impl CardIndex {
    /// The typo-tolerant query of `words` (stems): every word must match
    /// in the name, text or action bar, those of `FUZZY_MIN_CHARS` or more
    /// with one edit; and the indexed words each one was read as.
    pub(super) fn typo_tolerant(
        &self,
        words: &[String],
    ) -> Result<(Box<dyn Query>, NearWords), SearchError> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        let mut expanded = Vec::new();
        for word in words {
            let mut per_field: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for field in [self.fields.name, self.fields.text, self.fields.bar] {
                let term = Term::from_field_text(field, word);
                let q: Box<dyn Query> = if word.chars().count() >= FUZZY_MIN_CHARS {
                    Box::new(FuzzyTermQuery::new(term, 1, true))
                } else {
                    Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs))
                };
                let q: Box<dyn Query> = match field == self.fields.bar {
                    true => Box::new(BoostQuery::new(q, BAR_BOOST)),
                    false => q,
                };
                per_field.push((Occur::Should, q));
            }
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(per_field))));
            expanded.push((word.clone(), self.near_words(word)?));
        }
        Ok((Box::new(BooleanQuery::new(clauses)), expanded))
    }

    /// The indexed words within one typo of `word` (or `word` itself when
    /// it is short), for the page's note and the snippets.
    pub(super) fn near_words(&self, word: &str) -> Result<Vec<String>, SearchError> {
        if word.chars().count() < FUZZY_MIN_CHARS {
            return Ok(vec![word.to_string()]);
        }
        let query = FuzzyTermQuery::new(Term::from_field_text(self.fields.text, word), 1, true);
        let automaton = query.automaton()?;
        let mut found = std::collections::BTreeSet::new();
        for segment in self.searcher.segment_readers() {
            for field in [self.fields.name, self.fields.text] {
                let inverted = segment.inverted_index(field)?;
                let mut stream = inverted.terms().search(&automaton).into_stream()?;
                while stream.advance() {
                    if let Ok(term) = std::str::from_utf8(stream.key()) {
                        found.insert(term.to_string());
                    }
                }
            }
        }
        Ok(found.into_iter().collect())
    }
}
