//! Snippets from words read once, when the index is built.
//!
//! tantivy's `SnippetGenerator` tokenizes a hit's text again for every
//! query, and copies every word into a new lowercase string to look it up:
//! 61% of a search for "energy" on the shipped cards, under `perf` on
//! `search/benches/query.rs`. A document's words never change, so the index
//! reads them once, with the field's own tokenizer, and keeps each as a
//! number. A snippet is then a pass over numbers.
//!
//! The fragment chosen is the one tantivy's generator chooses, by the same
//! rule: the tests below hold the two equal, on random texts and on every
//! document of the shipped cards (`index.rs`).

use rustc_hash::FxHashMap;
use std::ops::Range;

use tantivy::tokenizer::TextAnalyzer;

/// One word of a document's text: where it stands, and which word it is.
#[derive(Debug, Clone, Copy)]
struct Word {
    from: u32,
    to: u32,
    term: u32,
}

/// A document's words, in the order its text has them.
#[derive(Debug, Default)]
pub(crate) struct Words(Box<[Word]>);

/// Every distinct word of the texts read so far, numbered.
#[derive(Debug, Default)]
pub(crate) struct Vocabulary {
    ids: FxHashMap<String, u32>,
}

impl Vocabulary {
    /// The words of `text`, as `analyzer` finds them. They are keyed as
    /// tantivy's generator looks them up: the token's text, lowercased.
    pub(crate) fn read(&mut self, analyzer: &mut TextAnalyzer, text: &str) -> Words {
        // Offsets are kept in 32 bits; no card or rules text comes near.
        if u32::try_from(text.len()).is_err() {
            return Words::default();
        }
        let mut words = Vec::new();
        let mut stream = analyzer.token_stream(text);
        while let Some(token) = stream.next() {
            let key = token.text.to_lowercase();
            let next = u32::try_from(self.ids.len()).unwrap_or(u32::MAX);
            let term = *self.ids.entry(key).or_insert(next);
            // Both fit: they are offsets into `text`, checked above.
            let (from, to) = (token.offset_from as u32, token.offset_to as u32);
            words.push(Word { from, to, term });
        }
        Words(words.into_boxed_slice())
    }

    fn id(&self, word: &str) -> Option<u32> {
        self.ids.get(word).copied()
    }
}

/// The words one query looks for, each with its weight, and how long a
/// fragment may be.
#[derive(Debug)]
pub(crate) struct Highlighter {
    /// Sorted by word, for a binary search.
    weights: Vec<(u32, f32)>,
    /// Bit `id % 64` set for each word looked for: most words of a text
    /// are not, and this says so without the search.
    sieve: u64,
    max_bytes: usize,
}

/// The best fragment of a text and the words found in it, as byte ranges
/// into the fragment.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Fragment<'t> {
    pub(crate) text: &'t str,
    pub(crate) found: Vec<Range<usize>>,
}

/// A fragment being measured: its bounds, its score, and its first and
/// one-past-last word.
#[derive(Clone, Copy)]
struct Candidate {
    start: usize,
    stop: usize,
    score: f32,
    words: (usize, usize),
}

impl Highlighter {
    /// Looks for `terms` (lowercase, as the index keeps them), each with
    /// its weight, in fragments of at most `max_bytes` bytes. A term no
    /// text has is never found.
    pub(crate) fn new<'a>(
        vocabulary: &Vocabulary,
        terms: impl IntoIterator<Item = (&'a str, f32)>,
        max_bytes: usize,
    ) -> Highlighter {
        let mut weights: Vec<(u32, f32)> = terms
            .into_iter()
            .filter_map(|(term, weight)| Some((vocabulary.id(term)?, weight)))
            .collect();
        weights.sort_unstable_by_key(|&(id, _)| id);
        weights.dedup_by_key(|&mut (id, _)| id);
        let sieve = weights
            .iter()
            .fold(0, |bits, &(id, _)| bits | 1 << (id % 64));
        Highlighter {
            weights,
            sieve,
            max_bytes,
        }
    }

    fn weight(&self, term: u32) -> Option<f32> {
        if self.sieve & 1 << (term % 64) == 0 {
            return None;
        }
        let at = self
            .weights
            .binary_search_by_key(&term, |&(id, _)| id)
            .ok()?;
        self.weights.get(at).map(|&(_, weight)| weight)
    }

    /// The fragment of `text` (whose words are `words`) with the highest
    /// score, the earliest of equals; `None` when no word is found. As in
    /// tantivy's generator, a fragment starts at the text's start or at a
    /// word that would have made the one before longer than allowed.
    pub(crate) fn fragment<'t>(&self, text: &'t str, words: &Words) -> Option<Fragment<'t>> {
        let mut best: Option<Candidate> = None;
        let mut keep = |candidate: Candidate| {
            if candidate.score > 0.0 && best.is_none_or(|b| candidate.score > b.score) {
                best = Some(candidate);
            }
        };
        let mut current = Candidate {
            start: 0,
            stop: 0,
            score: 0.0,
            words: (0, 0),
        };
        for (i, word) in words.0.iter().enumerate() {
            let (from, to) = (word.from as usize, word.to as usize);
            if to.saturating_sub(current.start) > self.max_bytes {
                keep(current);
                current = Candidate {
                    start: from,
                    stop: from,
                    score: 0.0,
                    words: (i, i),
                };
            }
            current.stop = to;
            current.words.1 = i + 1;
            if let Some(weight) = self.weight(word.term) {
                current.score += weight;
            }
        }
        keep(current);
        let best = best?;
        let found = words
            .0
            .get(best.words.0..best.words.1)
            .unwrap_or_default()
            .iter()
            .filter(|word| self.weight(word.term).is_some())
            .map(|word| word.from as usize - best.start..word.to as usize - best.start)
            .collect();
        Some(Fragment {
            text: text.get(best.start..best.stop)?,
            found,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use std::collections::BTreeMap;

    use proptest::prelude::*;
    use tantivy::schema::Field;
    use tantivy::snippet::SnippetGenerator;
    use tantivy::tokenizer::{LowerCaser, RemoveLongFilter, SimpleTokenizer};

    use super::*;

    /// tantivy's default text analyzer, as the index's `TEXT` fields use.
    fn analyzer() -> TextAnalyzer {
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(40))
            .filter(LowerCaser)
            .build()
    }

    /// Ours and tantivy's fragment of `text`, for `terms` with weights.
    fn both<'t>(
        text: &'t str,
        terms: &[(&str, f32)],
        max: usize,
    ) -> (Option<Fragment<'t>>, Option<Fragment<'t>>) {
        let mut vocabulary = Vocabulary::default();
        let words = vocabulary.read(&mut analyzer(), text);
        let ours = Highlighter::new(&vocabulary, terms.iter().copied(), max).fragment(text, &words);
        let weights: BTreeMap<String, f32> =
            terms.iter().map(|&(t, w)| (t.to_string(), w)).collect();
        let theirs =
            SnippetGenerator::new(weights, analyzer(), Field::from_field_id(0), max).snippet(text);
        let theirs = (!theirs.is_empty()).then(|| Fragment {
            text: text.get(theirs.fragment_range()).unwrap(),
            found: theirs.highlighted().to_vec(),
        });
        (ours, theirs)
    }

    #[test]
    fn the_best_fragment_is_the_one_with_the_most_weight() {
        let text = format!("energy {}energy energy.", "x ".repeat(20));
        let (ours, theirs) = both(&text, &[("energy", 0.5), ("focus", 0.2)], 30);
        assert_eq!(ours, theirs);
        let ours = ours.unwrap();
        assert!(ours.text.ends_with("x energy energy"), "{:?}", ours.text);
        let found: Vec<&str> = ours.found.iter().map(|r| &ours.text[r.clone()]).collect();
        assert_eq!(found, ["energy", "energy"]);
        // Found nowhere, or in a word that only contains it: no fragment.
        assert_eq!(both(&text, &[("ener", 1.0)], 30), (None, None));
        assert_eq!(both("", &[("energy", 1.0)], 30), (None, None));
    }

    #[test]
    fn equal_fragments_keep_the_earliest() {
        let text = "energy one two three four five six seven energy";
        let (ours, theirs) = both(text, &[("energy", 1.0)], 12);
        assert_eq!(ours, theirs);
        assert_eq!(ours.unwrap().text, "energy one");
    }

    fn texts() -> impl Strategy<Value = String> {
        let word = prop_oneof![
            Just("energy"),
            Just("Energy"),
            Just("ENERGÍA"),
            Just("focus"),
            Just("a"),
            Just("ΣΊΣΥΦΟΣ"),
            Just("crew-member"),
            Just("superlongwordthatthetokenizerdropsbecauseitisover40bytes"),
            Just("1"),
            Just("🚀"),
        ];
        let gap = prop_oneof![Just(" "), Just(", "), Just(".\n"), Just("  "), Just("—")];
        prop::collection::vec((word, gap), 0..40)
            .prop_map(|parts| parts.into_iter().map(|(w, g)| format!("{w}{g}")).collect())
    }

    proptest! {
        #[test]
        fn fragments_are_tantivys(
            text in texts(),
            weights in prop::collection::vec(
                (prop_oneof![Just("energy"), Just("energía"), Just("focus"), Just("a"),
                    Just("σίσυφος"), Just("σίσυφοσ"), Just("crew"), Just("1"), Just("absent")],
                 prop_oneof![Just(0.5f32), Just(0.25), Just(1.0), Just(0.1)]),
                0..4),
            max in 1usize..200,
        ) {
            // Each term once, as tantivy's map holds it.
            let weights: BTreeMap<&str, f32> = weights.into_iter().collect();
            let weights: Vec<(&str, f32)> = weights.into_iter().collect();
            let (ours, theirs) = both(&text, &weights, max);
            prop_assert_eq!(ours, theirs);
        }
    }
}
