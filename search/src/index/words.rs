//! A query's words as the index holds them (stemmed once, as its
//! analyzer stems), and the queries built from them directly instead of
//! parsed: every word, or any of them.

use tantivy::Term;
use tantivy::query::{BooleanQuery, BoostQuery, EmptyQuery, Occur, Query, TermQuery};
use tantivy::schema::IndexRecordOption;

use super::analysis::Analysis;
use super::card_index::CardIndex;
use super::schema::{BAR_BOOST, NAME_BOOST};
use crate::either_field::{EitherFieldQuery, EveryWordQuery};

impl CardIndex {
    /// What the query parser makes of plain words, built directly (the
    /// parse was 15% of a search for one word): each word must match, in
    /// the name (boosted) or the text. As the parser does, a word typed
    /// twice counts once, and one word alone is its either-field query.
    /// A field no card has the word in is left out: it adds nothing to a
    /// score, yet its union with the other field zeroed a 4,096-document
    /// buffer per word (16% of a search for "attack dice").
    /// Two or more words are each a two-cursor union, intersected as
    /// tantivy would (`either_field`).
    /// `parsed_plain_words_are_built_as_parsed` holds the hits and scores
    /// equal to the parser's, and one word's tree equal where no field is
    /// left out.
    pub(super) fn every_word(&self, words: &[&str], stems: &[String]) -> Box<dyn Query> {
        let (name, text, bar) = (self.fields.name, self.fields.text, self.fields.bar);
        let query = |field, word: &str| -> Box<dyn Query> {
            let query = Box::new(TermQuery::new(
                Term::from_field_text(field, word),
                IndexRecordOption::WithFreqs,
            ));
            match field {
                f if f == name => Box::new(BoostQuery::new(query, NAME_BOOST)),
                f if f == bar => Box::new(BoostQuery::new(query, BAR_BOOST)),
                _ => query,
            }
        };
        let held = |field, word: &str| self.statistics.holds(field, word);
        if let [word] = stems {
            // Walked alone, tantivy's buffered union is the fast one.
            let mut sides: Vec<(Occur, Box<dyn Query>)> = [name, text, bar]
                .into_iter()
                .filter(|&field| held(field, word))
                .map(|field| (Occur::Should, query(field, word)))
                .collect();
            return match sides.len() {
                1 => sides.remove(0).1,
                _ => Box::new(BooleanQuery::new(sides)),
            };
        }
        let mut seen = Vec::with_capacity(words.len());
        // As the parser does, a word typed twice counts once (as typed:
        // "Energy energy" is two words, one stem).
        let every = words
            .iter()
            .zip(stems)
            .filter(|(w, _)| {
                !seen.contains(w) && {
                    seen.push(*w);
                    true
                }
            })
            .map(|(_, w)| {
                let side = |field| match held(field, w) {
                    true => query(field, w),
                    false => Box::new(EmptyQuery),
                };
                // The bar joins the text's side: most words are on no bar,
                // and the text side stays one term.
                let text_side = match held(bar, w) {
                    false => side(text),
                    true => Box::new(BooleanQuery::new(vec![
                        (Occur::Should, side(text)),
                        (Occur::Should, query(bar, w)),
                    ])),
                };
                EitherFieldQuery::new(side(name), text_side)
            })
            .collect();
        Box::new(EveryWordQuery::new(every))
    }

    /// Any of the words, in the name or the text, each word and field a
    /// clause of its own. A field no card has the word in is left out, as
    /// in [`CardIndex::every_word`]: its clause would score nothing.
    /// `a_sentence_leaves_out_what_no_card_has` holds the hits and scores
    /// equal to every clause's.
    pub(super) fn any_word(&self, words: &[String]) -> Box<dyn Query> {
        let mut any: Vec<(Occur, Box<dyn Query>)> = Vec::with_capacity(2 * words.len());
        for word in words {
            for field in [self.fields.name, self.fields.text, self.fields.bar] {
                if self.statistics.holds(field, word) {
                    let term = Term::from_field_text(field, word);
                    let query = Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs));
                    let query: Box<dyn Query> = match field == self.fields.bar {
                        true => Box::new(BoostQuery::new(query, BAR_BOOST)),
                        false => query,
                    };
                    any.push((Occur::Should, query));
                }
            }
        }
        Box::new(BooleanQuery::new(any))
    }

    /// Whether some word is in no card's name or text.
    pub(super) fn some_word_absent(&self, words: &[String]) -> bool {
        words.iter().any(|word| {
            [self.fields.name, self.fields.text, self.fields.bar]
                .into_iter()
                .all(|field| !self.statistics.holds(field, word))
        })
    }

    /// Each word as the index holds it: lower case, stemmed ("Shields"
    /// is `shield`), as the language's analyzer reads a plain word
    /// (`analysis.rs`).
    pub(super) fn stems<S: AsRef<str>>(&self, words: impl IntoIterator<Item = S>) -> Vec<String> {
        self.analysis.stems(words)
    }
}

/// Words the query syntax reads as operators, not as words.
const OPERATORS: [&str; 5] = ["AND", "OR", "NOT", "IN", "TO"];

/// The query's words when it is nothing but plain words: letters and
/// digits (English: ASCII ones), each a word the default tokenizer keeps
/// whole, and none the query syntax reads as an operator. `None` for
/// anything else (quotes, fields, `-`, `+`; in English, other scripts),
/// which the parser reads.
pub(super) fn plain_words<'q>(q: &'q str, analysis: &Analysis) -> Option<Vec<&'q str>> {
    let plain = |w: &&str| analysis.is_plain(w) && !OPERATORS.contains(w);
    let words: Vec<&str> = q.split_whitespace().collect();
    (!words.is_empty() && words.iter().all(plain)).then_some(words)
}

/// The query's plain words, lowercased (what the default tokenizer keeps).
pub(super) fn words(q: &str) -> Vec<String> {
    q.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;
    use crate::index::build::tests::{shipped_index, shipped_index_in};
    use crate::index::run::Found;
    use crate::index::schema::{LONGEST_KEPT_WORD, stemming_analyzer};
    use cards::lang::Lang;
    use cards::query::Filters;

    /// Words the proptest below draws from: the cards' own (name and text),
    /// capitals, digits, a word no card has, the syntax's operators, and a
    /// word one byte too long for the tokenizer.
    const DRAWN_WORDS: [&str; 16] = [
        "energy",
        "Energy",
        "crew",
        "that",
        "gives",
        "koiogran",
        "attack",
        "dice",
        "jabba",
        "3",
        "zzzz",
        "AND",
        "OR",
        "NOT",
        "and",
        "abcdefghijabcdefghijabcdefghijabcdefghij",
    ];

    /// The same documents in the same order and count, each score equal
    /// to within f32 rounding: three or more clauses may be summed in
    /// another order (an intersection adds its clauses rarest first, and
    /// tantivy's buffered union reports no cost on a pool this small).
    fn same_hits(ours: &Found, theirs: &Found) -> bool {
        ours.1 == theirs.1
            && ours.0.len() == theirs.0.len()
            && ours
                .0
                .iter()
                .zip(&theirs.0)
                .all(|((a, da), (b, db))| da == db && (a - b).abs() <= 1e-5 * a.abs().max(b.abs()))
    }

    /// Words of the German and Russian cards the proptest below draws
    /// from: as printed, in capitals, in other cases, without umlauts, and
    /// a word no card has, with the operators and a number.
    const DRAWN_TRANSLATED_WORDS: [&str; 18] = [
        "Energie",
        "ENERGIE",
        "Schild",
        "Schilde",
        "Jäger",
        "Jager",
        "Angriffswürfel",
        "Ionenkanonen",
        "энергии",
        "Энергию",
        "щит",
        "щиты",
        "атаки",
        "Атаку",
        "жжжж",
        "AND",
        "OR",
        "2",
    ];

    /// The plain words of `q`, built directly on `index`, find what the
    /// parser's query finds (the same hits and scores; for one word, the
    /// same tree), and a word no card has means the parser's query finds
    /// nothing, so skipping its run loses nothing.
    fn built_as_parsed(
        index: &CardIndex,
        q: &str,
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let Some(words) = plain_words(q, &index.analysis) else {
            return Ok(());
        };
        let parsed = index.parser.parse_query(q).unwrap();
        let stems = index.stems(&words);
        let built = index.every_word(&words, &stems);
        let in_all = stems.iter().all(|w| {
            [index.fields.name, index.fields.text, index.fields.bar]
                .into_iter()
                .all(|field| index.statistics.holds(field, w))
        });
        if in_all && words.len() == 1 {
            proptest::prop_assert_eq!(format!("{built:?}"), format!("{parsed:?}"), "{:?}", q);
        }
        let none = Filters::default();
        let theirs = index.run(&*parsed, &none, 20).unwrap();
        let ours = index.run(&*built, &none, 20).unwrap();
        proptest::prop_assert!(
            same_hits(&ours, &theirs),
            "{:?}: {:?} {:?}",
            q,
            ours,
            theirs
        );
        // Filtered, the filters' own scores join the text's.
        let scum = Filters {
            faction: Some("scum".into()),
            ..Filters::default()
        };
        let ours = index.run(&*built, &scum, 20).unwrap();
        let theirs_scum = index.run(&*parsed, &scum, 20).unwrap();
        proptest::prop_assert!(
            same_hits(&ours, &theirs_scum),
            "{:?}: {:?} {:?}",
            q,
            ours,
            theirs_scum
        );
        if index.some_word_absent(&stems) {
            proptest::prop_assert_eq!(theirs.1, 0, "{:?}", q);
        }
        Ok(())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// Plain words are built as parsed, in English.
        #[test]
        fn parsed_plain_words_are_built_as_parsed(
            picks in proptest::collection::vec(0..DRAWN_WORDS.len(), 1..5),
        ) {
            let q = picks.iter().map(|&i| DRAWN_WORDS[i]).collect::<Vec<_>>().join(" ");
            built_as_parsed(shipped_index(), &q)?;
        }

        /// Plain words are built as parsed in German and Russian, letters
        /// beyond ASCII included, and in Polish (no stemmer).
        #[test]
        fn translated_plain_words_are_built_as_parsed(
            lang in proptest::sample::select(vec![Lang::De, Lang::Ru, Lang::Pl]),
            picks in proptest::collection::vec(0..DRAWN_TRANSLATED_WORDS.len(), 1..5),
        ) {
            let q = picks.iter().map(|&i| DRAWN_TRANSLATED_WORDS[i]).collect::<Vec<_>>().join(" ");
            built_as_parsed(shipped_index_in(lang), &q)?;
        }
    }

    /// A query's words are stemmed as the index's analyzer stems the text.
    #[test]
    fn a_querys_stems_are_the_analyzers() {
        let index = shipped_index();
        let mut analyzer = stemming_analyzer();
        for word in
            DRAWN_WORDS
                .iter()
                .chain(&["Shields", "reinforced", "LOCKS", "bombs", "ÉNERGIE"])
        {
            let mut stream = analyzer.token_stream(word);
            let theirs = match stream.advance() {
                true => stream.token().text.clone(),
                false => word.to_lowercase(),
            };
            assert_eq!(index.stems([word]), vec![theirs], "{word}");
        }
    }

    /// A sentence's any-word query without the fields no card has a word
    /// in finds and scores as the query with every word in both fields,
    /// with filters and without, and finds nothing when no card has any.
    #[test]
    fn a_sentence_leaves_out_what_no_card_has() {
        let index = shipped_index();
        let f = index.fields;
        let scum = Filters {
            faction: Some("scum".into()),
            ..Filters::default()
        };
        for q in [
            "crew that gives energy",
            "attack dice zzzz",
            "koiogran jabba shuttle",
            "zzzz qqqq",
        ] {
            let words = words(q);
            let every: Vec<(Occur, Box<dyn Query>)> = words
                .iter()
                .flat_map(|w| [f.name, f.text].map(|field| Term::from_field_text(field, w)))
                .map(|term| -> (Occur, Box<dyn Query>) {
                    (
                        Occur::Should,
                        Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)),
                    )
                })
                .collect();
            let every = BooleanQuery::new(every);
            let pruned = index.any_word(&words);
            for filters in [Filters::default(), scum.clone()] {
                assert_eq!(
                    index.run(&*pruned, &filters, 20).unwrap(),
                    index.run(&every, &filters, 20).unwrap(),
                    "{q:?}"
                );
            }
        }
        assert_eq!(
            index
                .run(
                    &*index.any_word(&words("zzzz qqqq")),
                    &Filters::default(),
                    20
                )
                .unwrap()
                .1,
            0
        );
    }

    /// Plain words only: what the syntax reads otherwise goes to the parser.
    #[test]
    fn only_plain_words_skip_the_parser() {
        let english = Analysis::new(Lang::En);
        assert_eq!(
            plain_words("Energy  crew", &english),
            Some(vec!["Energy", "crew"])
        );
        let count = |q: &str| plain_words(q, &english).map(|w| w.len());
        for q in [
            "x-wing",
            "\"primary weapon\"",
            "name:jabba",
            "a AND b",
            "NOT x",
            "+a",
            "énergie",
        ] {
            assert_eq!(count(q), None, "{q:?}");
        }
        assert_eq!(count(&"a".repeat(LONGEST_KEPT_WORD)), Some(1));
        assert_eq!(count(&"a".repeat(LONGEST_KEPT_WORD + 1)), None);
        // Elsewhere, any letters are plain; the syntax still goes to the parser.
        let russian = Analysis::new(Lang::Ru);
        assert_eq!(
            plain_words("Ионная пушка", &russian),
            Some(vec!["Ионная", "пушка"])
        );
        assert_eq!(plain_words("\"ионная пушка\"", &russian), None);
    }
}
