//! One word of a multi-word search, in the name or in the text: the query
//! tantivy builds for it (a `BooleanQuery` of two `Should` clauses), with a
//! two-cursor union in place of tantivy's buffered one.
//!
//! Inside an intersection, tantivy 0.27's buffered union is sought rather
//! than walked, and each far seek clears and refills its 4,096-document
//! window: 52% of a search for "attack dice" over 100,000 cards was that
//! union's `seek` and `refill` (perf). Two cursors seek with the postings'
//! own skip lists instead. The score is the buffered union's (the sum of
//! the clauses found, name first), so a document scores as it did
//! (`either_field_scores_as_the_boolean_query`).
//!
//! [`EveryWordQuery`] intersects such words as tantivy's intersection does
//! (rarest first, the same sum), but over the unions themselves rather
//! than boxed scorers: each step of tantivy's was a call through a vtable
//! (its `advance`, `seek_danger` and `score` were 15% of "attack dice").

use tantivy::query::{EnableScoring, Explanation, Query, Scorer, Weight};
use tantivy::{DocId, DocSet, Score, SegmentReader, TERMINATED, Term};

/// A word in either of two fields; each side is a query of its own (the
/// name's boosted), as the parser would make it.
#[derive(Debug)]
pub(crate) struct EitherFieldQuery {
    name: Box<dyn Query>,
    text: Box<dyn Query>,
}

impl Clone for EitherFieldQuery {
    fn clone(&self) -> Self {
        EitherFieldQuery {
            name: self.name.box_clone(),
            text: self.text.box_clone(),
        }
    }
}

impl EitherFieldQuery {
    pub(crate) fn new(name: Box<dyn Query>, text: Box<dyn Query>) -> EitherFieldQuery {
        EitherFieldQuery { name, text }
    }
}

impl EitherFieldQuery {
    fn either_weight(
        &self,
        enable_scoring: EnableScoring<'_>,
    ) -> tantivy::Result<EitherFieldWeight> {
        Ok(EitherFieldWeight {
            name: self.name.weight(enable_scoring)?,
            text: self.text.weight(enable_scoring)?,
        })
    }
}

impl Query for EitherFieldQuery {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(self.either_weight(enable_scoring)?))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a Term, bool)) {
        self.name.query_terms(visitor);
        self.text.query_terms(visitor);
    }
}

struct EitherFieldWeight {
    name: Box<dyn Weight>,
    text: Box<dyn Weight>,
}

impl EitherFieldWeight {
    fn either_scorer(
        &self,
        reader: &SegmentReader,
        boost: Score,
    ) -> tantivy::Result<EitherFieldScorer> {
        Ok(EitherFieldScorer::new(
            self.name.scorer(reader, boost)?,
            self.text.scorer(reader, boost)?,
        ))
    }
}

impl Weight for EitherFieldWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        Ok(Box::new(self.either_scorer(reader, boost)?))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let sides: [&dyn Weight; 2] = [&*self.name, &*self.text];
        explain_sum(self, "sum of the fields found", &sides, reader, doc)
    }
}

/// Why `weight` scores `doc` as it does: its score, and each part's own
/// explanation where the part matches.
fn explain_sum(
    weight: &dyn Weight,
    what: &'static str,
    parts: &[&dyn Weight],
    reader: &SegmentReader,
    doc: DocId,
) -> tantivy::Result<Explanation> {
    let mut scorer = weight.scorer(reader, 1.0)?;
    if scorer.seek(doc) != doc {
        return Err(tantivy::TantivyError::InvalidArgument(format!(
            "document #({doc}) does not match"
        )));
    }
    let mut explanation = Explanation::new(what, scorer.score());
    for part in parts {
        if let Ok(found) = part.explain(reader, doc) {
            explanation.add_detail(found);
        }
    }
    Ok(explanation)
}

/// The union of two scorers by two cursors: the current document is the
/// lower of theirs.
struct EitherFieldScorer {
    name: Box<dyn Scorer>,
    text: Box<dyn Scorer>,
    /// The two cursors' documents, kept here: asking a boxed scorer is a
    /// call through its vtable (`TermScorer::doc` was 11% of a search).
    name_doc: DocId,
    text_doc: DocId,
    doc: DocId,
    /// What tantivy's union reports: the sum of its clauses' costs, which
    /// an intersection sorts its clauses by.
    cost: u64,
}

impl EitherFieldScorer {
    fn new(name: Box<dyn Scorer>, text: Box<dyn Scorer>) -> EitherFieldScorer {
        let cost = name.cost() + text.cost();
        let (name_doc, text_doc) = (name.doc(), text.doc());
        EitherFieldScorer {
            name,
            text,
            name_doc,
            text_doc,
            doc: name_doc.min(text_doc),
            cost,
        }
    }
}

impl DocSet for EitherFieldScorer {
    fn advance(&mut self) -> DocId {
        if self.doc == TERMINATED {
            return TERMINATED;
        }
        if self.name_doc == self.doc {
            self.name_doc = self.name.advance();
        }
        if self.text_doc == self.doc {
            self.text_doc = self.text.advance();
        }
        self.doc = self.name_doc.min(self.text_doc);
        self.doc
    }

    fn seek(&mut self, target: DocId) -> DocId {
        if self.doc >= target {
            return self.doc;
        }
        if self.name_doc < target {
            self.name_doc = self.name.seek(target);
        }
        if self.text_doc < target {
            self.text_doc = self.text.seek(target);
        }
        self.doc = self.name_doc.min(self.text_doc);
        self.doc
    }

    fn doc(&self) -> DocId {
        self.doc
    }

    fn size_hint(&self) -> u32 {
        self.name.size_hint().saturating_add(self.text.size_hint())
    }

    fn cost(&self) -> u64 {
        self.cost
    }
}

impl Scorer for EitherFieldScorer {
    fn score(&mut self) -> Score {
        // As tantivy's sum combiner: from zero, the name's score first.
        let mut score: Score = 0.0;
        if self.name_doc == self.doc {
            score += self.name.score();
        }
        if self.text_doc == self.doc {
            score += self.text.score();
        }
        score
    }
}

/// Every word, each in the name or the text: two or more words.
#[derive(Clone, Debug)]
pub(crate) struct EveryWordQuery {
    words: Vec<EitherFieldQuery>,
}

impl EveryWordQuery {
    pub(crate) fn new(words: Vec<EitherFieldQuery>) -> EveryWordQuery {
        EveryWordQuery { words }
    }
}

impl Query for EveryWordQuery {
    fn weight(&self, enable_scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        let words = self
            .words
            .iter()
            .map(|w| w.either_weight(enable_scoring))
            .collect::<tantivy::Result<_>>()?;
        Ok(Box::new(EveryWordWeight { words }))
    }

    fn query_terms<'a>(&'a self, visitor: &mut dyn FnMut(&'a Term, bool)) {
        for word in &self.words {
            word.query_terms(visitor);
        }
    }
}

struct EveryWordWeight {
    words: Vec<EitherFieldWeight>,
}

impl Weight for EveryWordWeight {
    fn scorer(&self, reader: &SegmentReader, boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let mut words = self
            .words
            .iter()
            .map(|w| w.either_scorer(reader, boost))
            .collect::<tantivy::Result<Vec<_>>>()?;
        if words.len() < 2 {
            return Ok(match words.pop() {
                Some(word) => Box::new(word),
                None => Box::new(tantivy::query::EmptyScorer),
            });
        }
        // As tantivy's intersection: rarest first (a stable sort), so the
        // score sums in its order.
        words.sort_by_key(|w| w.cost);
        let mut every = EveryWordScorer { words, doc: 0 };
        let first = every.words[0].doc;
        every.doc = every.align(first);
        Ok(Box::new(every))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let words: Vec<&dyn Weight> = self.words.iter().map(|w| w as &dyn Weight).collect();
        explain_sum(self, "sum of the words", &words, reader, doc)
    }
}

/// The documents every union is on, found by leapfrogging from the rarest.
struct EveryWordScorer {
    words: Vec<EitherFieldScorer>,
    doc: DocId,
}

impl EveryWordScorer {
    /// The first document at or after `candidate` that every word has;
    /// the first word is on `candidate`.
    fn align(&mut self, mut candidate: DocId) -> DocId {
        let (first, rest) = self
            .words
            .split_first_mut()
            .expect("an intersection has two words or more");
        'candidates: while candidate != TERMINATED {
            for word in rest.iter_mut() {
                let doc = word.seek(candidate);
                if doc > candidate {
                    candidate = first.seek(doc);
                    continue 'candidates;
                }
            }
            return candidate;
        }
        TERMINATED
    }
}

impl DocSet for EveryWordScorer {
    fn advance(&mut self) -> DocId {
        if self.doc == TERMINATED {
            return TERMINATED;
        }
        let candidate = self.words[0].advance();
        self.doc = self.align(candidate);
        self.doc
    }

    fn seek(&mut self, target: DocId) -> DocId {
        if self.doc >= target {
            return self.doc;
        }
        let candidate = self.words[0].seek(target);
        self.doc = self.align(candidate);
        self.doc
    }

    fn doc(&self) -> DocId {
        self.doc
    }

    fn size_hint(&self) -> u32 {
        self.words.iter().map(DocSet::size_hint).min().unwrap_or(0)
    }

    fn cost(&self) -> u64 {
        self.words.iter().map(|w| w.cost).min().unwrap_or(0)
    }
}

impl Scorer for EveryWordScorer {
    fn score(&mut self) -> Score {
        // tantivy's intersection: the two rarest, then the sum of the rest.
        match self.words.as_mut_slice() {
            [left, right, others @ ..] => {
                left.score() + right.score() + others.iter_mut().map(Scorer::score).sum::<Score>()
            }
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use tantivy::collector::{Count, TopDocs};
    use tantivy::query::{BooleanQuery, BoostQuery, Occur, TermQuery};
    use tantivy::schema::{IndexRecordOption, STORED, Schema, TEXT};
    use tantivy::{DocAddress, Index, IndexWriter, doc};

    use super::*;

    /// A small index where a word is in the name, the text, both or neither,
    /// spread over more than one of tantivy's 4,096-document windows.
    fn index() -> (Index, tantivy::schema::Field, tantivy::schema::Field) {
        let mut schema = Schema::builder();
        let name = schema.add_text_field("name", TEXT | STORED);
        let text = schema.add_text_field("text", TEXT);
        let index = Index::create_in_ram(schema.build());
        let mut writer: IndexWriter = index.writer_with_num_threads(1, 15_000_000).unwrap();
        for i in 0..10_000u32 {
            let n = if i % 7 == 0 { "attack ship" } else { "ship" };
            let t = match i % 5 {
                0 => "roll attack dice",
                1 => "roll defense dice dice",
                2 => "attack",
                _ => "nothing here at all",
            };
            writer.add_document(doc!(name => n, text => t)).unwrap();
        }
        writer.commit().unwrap();
        (index, name, text)
    }

    fn either(
        name: tantivy::schema::Field,
        text: tantivy::schema::Field,
        w: &str,
    ) -> [Box<dyn Query>; 2] {
        let term = |f| TermQuery::new(Term::from_field_text(f, w), IndexRecordOption::WithFreqs);
        [
            Box::new(BoostQuery::new(Box::new(term(name)), 3.0)),
            Box::new(term(text)),
        ]
    }

    /// Alone and inside an intersection (tantivy's or ours), the two-cursor
    /// union finds and scores every document as tantivy's boolean query of
    /// the two fields.
    #[test]
    fn either_field_scores_as_the_boolean_query() {
        let (index, name, text) = index();
        let searcher = index.reader().unwrap().searcher();
        for words in [
            &["attack"][..],
            &["attack", "dice"],
            &["dice", "attack", "roll"],
            &["ship", "nothing"],
        ] {
            let ours: Vec<(Occur, Box<dyn Query>)> = words
                .iter()
                .map(|w| {
                    let [n, t] = either(name, text, w);
                    (
                        Occur::Must,
                        Box::new(EitherFieldQuery::new(n, t)) as Box<dyn Query>,
                    )
                })
                .collect();
            let theirs: Vec<(Occur, Box<dyn Query>)> = words
                .iter()
                .map(|w| {
                    let [n, t] = either(name, text, w);
                    let q = BooleanQuery::new(vec![(Occur::Should, n), (Occur::Should, t)]);
                    (Occur::Must, Box::new(q) as Box<dyn Query>)
                })
                .collect();
            let every_word = EveryWordQuery::new(
                words
                    .iter()
                    .map(|w| {
                        let [n, t] = either(name, text, w);
                        EitherFieldQuery::new(n, t)
                    })
                    .collect(),
            );
            let every = || (TopDocs::with_limit(20_000).order_by_score(), Count);
            let every_word = searcher.search(&every_word, &every()).unwrap();
            let ours = searcher.search(&BooleanQuery::new(ours), &every()).unwrap();
            assert_eq!(every_word, ours, "{words:?}");
            let theirs = searcher
                .search(&BooleanQuery::new(theirs), &every())
                .unwrap();
            assert!(ours.1 > 0, "{words:?}");
            assert_eq!(ours, theirs, "{words:?}");
        }
    }

    /// A matching document is explained by the score it gets, one that
    /// does not match is refused.
    #[test]
    fn explanations_give_the_score() {
        let (index, name, text) = index();
        let searcher = index.reader().unwrap().searcher();
        let words = ["attack", "dice"].map(|w| {
            let [n, t] = either(name, text, w);
            EitherFieldQuery::new(n, t)
        });
        let every = EveryWordQuery::new(words.to_vec());
        let top = TopDocs::with_limit(1).order_by_score();
        for query in [&words[0] as &dyn Query, &every] {
            let (score, address) = searcher.search(query, &top).unwrap()[0];
            let explained = query.explain(&searcher, address).unwrap();
            assert_eq!(explained.value(), score);
            // 3 has neither word (`index`: text "nothing here at all").
            let none = DocAddress::new(0, 3);
            assert!(query.explain(&searcher, none).is_err());
        }
    }

    /// A word in neither field matches nothing, and a seek past the last
    /// document ends the union.
    #[test]
    fn either_field_ends() {
        let (index, name, text) = index();
        let searcher = index.reader().unwrap().searcher();
        let [n, t] = either(name, text, "zzzz");
        let none = EitherFieldQuery::new(n, t);
        assert_eq!(searcher.search(&none, &Count).unwrap(), 0);
        let [n, t] = either(name, text, "attack");
        let weight = EitherFieldQuery::new(n, t)
            .weight(EnableScoring::enabled_from_searcher(&searcher))
            .unwrap();
        let mut scorer = weight.scorer(searcher.segment_reader(0), 1.0).unwrap();
        // 9,995 and 9,997 have the word in the text, 9,996 in the name;
        // no later document has it.
        assert_eq!(scorer.seek(9_993), 9_995);
        assert_eq!(scorer.advance(), 9_996);
        assert_eq!(scorer.seek(9_997), 9_997);
        assert_eq!(scorer.seek(9_998), TERMINATED);
        assert_eq!(scorer.advance(), TERMINATED);
    }
}
