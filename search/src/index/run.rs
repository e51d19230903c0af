//! Running a text query within the filters: its best hits and how many
//! documents match, scored with the statistics counted at build.

use std::ops::Bound;

use cards::query::Filters;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{DocAddress, Term};

use super::card_index::{CardIndex, SearchError};

/// The best hits and the count of a query that ran.
pub(super) type Found = (Vec<(f32, DocAddress)>, usize);

impl CardIndex {
    /// `text` within the filters: its best `limit` hits (none for 0) and
    /// how many documents match.
    pub(super) fn run(
        &self,
        text: &dyn Query,
        filters: &Filters,
        limit: usize,
    ) -> Result<Found, SearchError> {
        // Without filters the wrapper would hold the text alone, which
        // scores as the text does (`unfiltered_runs_equal_the_wrapped_query`):
        // most searches skip cloning the query and building the wrapper.
        let wrapped;
        let query: &dyn Query = if *filters == Filters::default() {
            text
        } else {
            wrapped = self.with_filters(text.box_clone(), filters);
            &wrapped
        };
        if limit == 0 {
            return Ok((Vec::new(), self.searcher.search(query, &Count)?));
        }
        // One pass for both: counting apart (`Query::count`) took longer on
        // the 100,000-card benchmark than scoring every match once.
        let top = TopDocs::with_limit(limit).order_by_score();
        Ok(self
            .searcher
            .search_with_statistics_provider(query, &(top, Count), &self.statistics)?)
    }

    /// `text` with a clause for each filter set: every one must hold.
    pub(super) fn with_filters(&self, text: Box<dyn Query>, filters: &Filters) -> BooleanQuery {
        let f = self.fields;
        let term = |field: Field, value: &str| -> Box<dyn Query> {
            Box::new(TermQuery::new(
                Term::from_field_text(field, value),
                IndexRecordOption::Basic,
            ))
        };
        let flag = |field: Field, value: bool| -> Box<dyn Query> {
            Box::new(TermQuery::new(
                Term::from_field_bool(field, value),
                IndexRecordOption::Basic,
            ))
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, text)];
        if let Some(v) = &filters.faction {
            clauses.push((Occur::Must, term(f.faction, v)));
        }
        if let Some(k) = filters.kind {
            clauses.push((Occur::Must, term(f.kind, k.as_str())));
        }
        if let Some(v) = &filters.slot {
            clauses.push((Occur::Must, term(f.slot, v)));
        }
        if let Some(v) = &filters.ship {
            clauses.push((Occur::Must, term(f.ship, v)));
        }
        if let Some(v) = filters.unique {
            clauses.push((Occur::Must, flag(f.unique, v)));
        }
        if let Some(v) = filters.limited {
            clauses.push((Occur::Must, flag(f.limited, v)));
        }
        if let Some(v) = filters.huge_only {
            clauses.push((Occur::Must, flag(f.huge_only, v)));
        }
        if let Some(size) = filters.size {
            clauses.push((Occur::Must, term(f.size, size.as_str())));
        }
        if let Some((lo, hi)) = filters.skill {
            clauses.push((
                Occur::Must,
                Box::new(RangeQuery::new(
                    Bound::Included(Term::from_field_u64(f.skill, lo)),
                    Bound::Included(Term::from_field_u64(f.skill, hi)),
                )),
            ));
        }
        if filters.min_points.is_some() || filters.max_points.is_some() {
            let bound = |v: Option<i64>, inclusive: fn(Term) -> Bound<Term>| match v {
                Some(v) => inclusive(Term::from_field_i64(f.points, v)),
                None => Bound::Unbounded,
            };
            clauses.push((
                Occur::Must,
                Box::new(RangeQuery::new(
                    bound(filters.min_points, Bound::Included),
                    bound(filters.max_points, Bound::Included),
                )),
            ));
        }
        BooleanQuery::new(clauses)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;
    use crate::index::build::tests::shipped_index;
    use cards::catalog::Database;
    use cards::query::HitKind;
    use tantivy::query::Bm25StatisticsProvider;

    /// `run` skips the filters' wrapper when there are none: the same hits,
    /// scores, order and count as the wrapped query, for words of the name
    /// and the text, phrases, fields, and words no card has.
    #[test]
    fn unfiltered_runs_equal_the_wrapped_query() {
        let db = Database::embedded().unwrap();
        let index = CardIndex::build(&db, &[]).unwrap();
        let none = Filters::default();
        for q in [
            "energy",
            "reinforce token",
            "attack dice",
            "koiogran",
            "crew that gives energy",
            "\"primary weapon\"",
            "name:jabba",
            "zzzz",
        ] {
            let plan = index.plan(q, &none, 20).unwrap();
            let wrapped = index.with_filters(plan.text.box_clone(), &none);
            for limit in [0, 1, 20] {
                let ours = index.run(&*plan.text, &none, limit).unwrap();
                let theirs = if limit == 0 {
                    (Vec::new(), index.searcher.search(&wrapped, &Count).unwrap())
                } else {
                    let top = TopDocs::with_limit(limit).order_by_score();
                    index.searcher.search(&wrapped, &(top, Count)).unwrap()
                };
                assert_eq!(ours, theirs, "{q:?}, limit {limit}");
            }
        }
    }

    /// Counted once, the statistics are the searcher's: every word of the
    /// name and text (and one no card has) counts the same documents, and
    /// queries over every field, filters included, score the same.
    #[test]
    fn statistics_are_the_searchers() {
        let index = shipped_index();
        let (searcher, ours) = (&index.searcher, &index.statistics);
        assert_eq!(
            ours.total_num_docs().unwrap(),
            searcher.total_num_docs().unwrap()
        );
        let f = index.fields;
        for field in [f.name, f.text, f.kind, f.faction] {
            assert_eq!(
                ours.total_num_tokens(field).unwrap(),
                searcher.total_num_tokens(field).unwrap()
            );
        }
        let mut words = 0;
        for field in [f.name, f.text] {
            for segment in searcher.segment_readers() {
                let inverted = segment.inverted_index(field).unwrap();
                let mut stream = inverted.terms().stream().unwrap();
                while stream.advance() {
                    let term =
                        Term::from_field_text(field, std::str::from_utf8(stream.key()).unwrap());
                    assert_eq!(
                        ours.doc_freq(&term).unwrap(),
                        searcher.doc_freq(&term).unwrap()
                    );
                    words += 1;
                }
            }
            let absent = Term::from_field_text(field, "zzzzqqq");
            assert_eq!(ours.doc_freq(&absent).unwrap(), 0);
        }
        assert!(words > 1000, "{words} words");
        let upgrades = Filters {
            kind: Some(HitKind::Upgrade),
            faction: Some("scum".into()),
            ..Filters::default()
        };
        for q in [
            "energy",
            "crew that gives energy",
            "\"primary weapon\"",
            "name:jabba",
        ] {
            for filters in [Filters::default(), upgrades.clone()] {
                let plan = index.plan(q, &filters, 20).unwrap();
                let query = index.with_filters(plan.text.box_clone(), &filters);
                let top = (TopDocs::with_limit(20).order_by_score(), Count);
                assert_eq!(
                    searcher
                        .search_with_statistics_provider(&query, &top, ours)
                        .unwrap(),
                    searcher.search(&query, &top).unwrap(),
                    "{q:?}"
                );
            }
        }
    }
}
