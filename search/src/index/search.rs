//! Searching: a query planned, run within the filters, and its hits
//! shown from what the index keeps beside it.

use cards::query::{Filters, Results};

use super::card_index::{CardIndex, SearchError};
use super::hits::hit;

impl CardIndex {
    /// Searches the free text `q` (tantivy's query syntax, read leniently if
    /// it does not parse) within the filters; the best `limit` hits first.
    /// Nothing found as typed: words of four letters or more are retried
    /// with one typo allowed. Any string is accepted.
    pub fn search(&self, q: &str, filters: &Filters, limit: usize) -> Result<Results, SearchError> {
        self.search_page(q, filters, limit, 0)
    }

    /// [`CardIndex::search`]'s hits after the best `offset`: a later page
    /// of results. The best `offset + limit` are ranked, so the caller
    /// bounds the offset (`cards::query::MAX_PAGE`).
    pub fn search_page(
        &self,
        q: &str,
        filters: &Filters,
        limit: usize,
        offset: usize,
    ) -> Result<Results, SearchError> {
        let ranked = limit.saturating_add(offset);
        let mut plan = self.plan(q, filters, ranked)?;
        let (top, total) = match plan.found.take() {
            Some(found) => found,
            None => self.run(&*plan.text, filters, ranked)?,
        };
        let snippets = self.highlighter(&plan)?;
        let mut hits = Vec::with_capacity(top.len().saturating_sub(offset));
        for (score, address) in top.into_iter().skip(offset) {
            let shown = self
                .ords
                .get(address.segment_ord as usize)
                .and_then(Option::as_ref)
                .and_then(|column| column.first(address.doc_id))
                .and_then(|ord| self.shown.get(ord as usize));
            if let Some(shown) = shown {
                hits.push(hit(shown, score, &snippets));
            }
        }
        Ok(Results {
            total,
            offset,
            hits,
            fuzzy: plan.fuzzy,
            some_words: plan.some_words,
            lenient: plan.lenient,
            truncated: plan.truncated,
        })
    }
}
