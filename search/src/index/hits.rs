//! A hit as the page shows it: its text cut to a snippet around the words
//! found, those words in bold.

use std::collections::BTreeMap;

use cards::query::Hit;
use tantivy::query::Bm25StatisticsProvider;

use super::card_index::{CardIndex, SearchError};
use super::documents::Shown;
use super::plan::Plan;
use crate::snippet::{Fragment, Highlighter};

/// Snippet length in characters.
const SNIPPET_CHARS: usize = 160;

impl CardIndex {
    /// The words a snippet bolds, weighted as tantivy's `SnippetGenerator`
    /// weighs them: the query's words in the text field, the rarer the
    /// heavier; for a typo-tolerant query, every word it matched, equally.
    pub(super) fn highlighter(&self, plan: &Plan) -> Result<Highlighter, SearchError> {
        let field = self.fields.text;
        let mut weights: BTreeMap<String, f32> = BTreeMap::new();
        match &plan.fuzzy {
            Some(expanded) => {
                for (_, near) in expanded {
                    weights.extend(near.iter().map(|w| (w.clone(), 1.0)));
                }
            }
            None => {
                let mut terms = Vec::new();
                plan.text.query_terms(&mut |term, _| {
                    if term.field() == field || term.field() == self.fields.text_exact {
                        terms.push(term.clone());
                    }
                });
                let exact = self.fields.text_exact;
                for term in terms {
                    let Some(word) = term.value().as_str().map(str::to_string) else {
                        continue;
                    };
                    let doc_freq = self.statistics.doc_freq(&term)?;
                    if doc_freq > 0 {
                        // The snippet's words are stems; a phrase's words
                        // as written are stemmed to find them.
                        let word = match term.field() == exact {
                            true => self.stems([word]).remove(0),
                            false => word,
                        };
                        weights.insert(word, 1.0 / (1.0 + doc_freq as f32));
                    }
                }
            }
        }
        Ok(Highlighter::new(
            &self.vocabulary,
            weights.iter().map(|(w, &weight)| (w.as_str(), weight)),
            SNIPPET_CHARS,
        ))
    }
}

/// The hit on a document, its text cut to a snippet around the words found.
pub(super) fn hit(shown: &Shown, score: f32, highlighter: &Highlighter) -> Hit {
    let snippet = match highlighter.fragment(&shown.text, &shown.words) {
        Some(fragment) => snippet_html(&fragment),
        // The words matched the name only (or no words were given):
        // show the start of the text.
        None => plain_start(&shown.text),
    };
    Hit {
        xws: shown.xws.clone(),
        name: shown.name.clone(),
        kind: shown.kind,
        slot: shown.slot.clone(),
        ship: shown.ship.clone(),
        points: shown.points,
        score,
        snippet,
        url: shown.url.clone(),
    }
}

/// The snippet as HTML, the words found in `<b>`: what tantivy's
/// `Snippet::to_html` writes, with `html_escape`'s escaping, which took a
/// third of the time tantivy's escaper did (profiled on the shipped cards).
/// The words found come in the order the text has them.
fn snippet_html(snippet: &Fragment<'_>) -> String {
    let fragment = snippet.text;
    let mut html = String::with_capacity(fragment.len() + 16);
    // Card text seldom holds `&`, `<` or `>`: `memchr` finds that out
    // faster than `html_escape` copies byte by byte, which was 17% of a
    // search for "energy" on the shipped cards.
    let plain = memchr::memchr3(b'&', b'<', b'>', fragment.as_bytes()).is_none();
    let escape = |text: &str, html: &mut String| {
        if plain {
            html.push_str(text);
        } else {
            html_escape::encode_text_to_string(text, html);
        }
    };
    let mut at = 0;
    for range in snippet.found.iter().cloned() {
        // Overlapping highlights merge into the one already written.
        let start = range.start.max(at);
        let (Some(before), Some(found)) = (fragment.get(at..start), fragment.get(start..range.end))
        else {
            continue;
        };
        escape(before, &mut html);
        if !found.is_empty() {
            html.push_str("<b>");
            escape(found, &mut html);
            html.push_str("</b>");
        }
        at = range.end.max(at);
    }
    escape(fragment.get(at..).unwrap_or_default(), &mut html);
    html
}

/// The first words of a text, HTML-escaped, as a snippet without highlights.
/// Cut in place rather than collected a character at a time, and
/// escaped only when it holds `&`, `<` or `>` (found by `memchr`, as in
/// `snippet_html`): the two were a third of a German search for "crew",
/// whose hits match it in their names only.
fn plain_start(text: &str) -> String {
    let end = (text.char_indices().nth(SNIPPET_CHARS)).map_or(text.len(), |(at, _)| at);
    let mut cut = text.get(..end).unwrap_or(text);
    let shortened = end < text.len();
    if shortened && let Some(space) = cut.rfind(char::is_whitespace) {
        cut = cut.get(..space).unwrap_or(cut);
    }
    let mut html = match memchr::memchr3(b'&', b'<', b'>', cut.as_bytes()) {
        None => cut.to_string(),
        Some(_) => html_escape::encode_text(cut).into_owned(),
    };
    if shortened {
        html.push('…');
    }
    html
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;
    use crate::index::schema::{Fields, STEMMED, stemming_analyzer};
    use crate::index::words::words;
    use crate::snippet::Vocabulary;
    use cards::catalog::Database;
    use cards::query::Filters;
    use tantivy::Index;
    use tantivy::snippet::{Snippet, SnippetGenerator};

    /// tantivy's own snippet of `text`, as `Fragment`.
    fn theirs<'t>(text: &'t str, snippet: &Snippet) -> Option<Fragment<'t>> {
        (!snippet.is_empty()).then(|| Fragment {
            text: text.get(snippet.fragment_range()).unwrap(),
            found: snippet.highlighted().to_vec(),
        })
    }

    /// The start of a text: whole when short, else cut at the last space
    /// within `SNIPPET_CHARS` characters (counted as characters, not
    /// bytes), with an ellipsis; escaped either way.
    #[test]
    fn a_plain_start_cuts_at_a_space_within_the_limit() {
        assert_eq!(
            plain_start("Gain 1 <energy> & more"),
            "Gain 1 &lt;energy&gt; &amp; more"
        );
        let long = format!("{} tail", "é".repeat(SNIPPET_CHARS - 3));
        let cut = plain_start(&long);
        assert_eq!(cut, format!("{}…", "é".repeat(SNIPPET_CHARS - 3)));
        let exact = "я".repeat(SNIPPET_CHARS);
        assert_eq!(plain_start(&exact), exact);
        let one_over = format!("{exact}я");
        assert_eq!(plain_start(&one_over), format!("{exact}…"));
    }

    #[test]
    fn snippets_bold_the_words_found_and_escape_the_rest() {
        let index = Index::create_in_ram(Fields::schema().1);
        index.tokenizers().register(STEMMED, stemming_analyzer());
        let field = Fields::schema().0.text;
        let text = "Gain 1 <energy> & spend energy: <script>";
        let mut vocabulary = Vocabulary::default();
        let words = vocabulary.read(&mut index.tokenizer_for_field(field).unwrap(), text);
        // The text field's words are stems.
        let terms = [("energi", 1.0), ("script", 1.0)];
        let highlighter = Highlighter::new(&vocabulary, terms, SNIPPET_CHARS);
        let ours = highlighter.fragment(text, &words).unwrap();
        assert_eq!(
            snippet_html(&ours),
            // The fragment ends with the last word found.
            "Gain 1 &lt;<b>energy</b>&gt; &amp; spend <b>energy</b>: &lt;<b>script</b>"
        );
        // The same text and marks as tantivy's own writer (which also
        // escapes quotes; there are none here).
        let weights = terms.iter().map(|&(t, w)| (t.to_string(), w)).collect();
        let tokenizer = index.tokenizer_for_field(field).unwrap();
        let snippet = SnippetGenerator::new(weights, tokenizer, field, SNIPPET_CHARS).snippet(text);
        assert_eq!(snippet_html(&ours), snippet.to_html());
        let none = Highlighter::new(&vocabulary, [("shield", 1.0)], SNIPPET_CHARS);
        assert_eq!(none.fragment(text, &words), None);
    }

    /// Every document's snippet, for queries of one and several words,
    /// typos and none, is the one tantivy's `SnippetGenerator` makes for
    /// the same query and text, as the index made them before it kept
    /// the words.
    #[test]
    fn snippets_are_tantivys_on_every_shipped_card() {
        let db = Database::embedded().unwrap();
        let index = CardIndex::build(&db, &[]).unwrap();
        let searcher = &index.searcher;
        let mut vocabulary: Vec<String> = index.shown.iter().flat_map(|s| words(&s.text)).collect();
        vocabulary.sort_unstable();
        vocabulary.dedup();
        let mut queries: Vec<String> = [
            "energy",
            "reinforce token",
            "attack dice",
            "koiogran",
            "crew that gives energy",
            "shild",
            "focus OR evade",
            // (A quoted phrase reads the unstemmed fields, whose terms
            // tantivy's generator for the text field does not see; its
            // highlights are held by `a_quoted_phrase_is_exact`.)
            "",
        ]
        .map(String::from)
        .to_vec();
        queries.extend(vocabulary.iter().step_by(4).cloned());
        let mut compared = 0;
        for q in &queries {
            let plan = index.plan(q, &Filters::default(), 20).unwrap();
            let ours = index.highlighter(&plan).unwrap();
            let field = index.fields.text;
            let mut generator = match &plan.fuzzy {
                Some(expanded) => {
                    let terms: BTreeMap<String, f32> = expanded
                        .iter()
                        .flat_map(|(_, near)| near.iter().map(|w| (w.clone(), 1.0)))
                        .collect();
                    let tokenizer = searcher.index().tokenizer_for_field(field).unwrap();
                    SnippetGenerator::new(terms, tokenizer, field, SNIPPET_CHARS)
                }
                None => SnippetGenerator::create(searcher, &*plan.text, field).unwrap(),
            };
            generator.set_max_num_chars(SNIPPET_CHARS);
            for shown in &index.shown {
                let expected = theirs(&shown.text, &generator.snippet(&shown.text));
                assert_eq!(
                    ours.fragment(&shown.text, &shown.words),
                    expected,
                    "{q:?} on {}",
                    shown.xws
                );
                compared += usize::from(expected.is_some());
            }
        }
        // Many of them found something to bold.
        assert!(compared > 3_000, "{compared} snippets compared");
        println!(
            "{} queries, {} documents, {compared} snippets with words found",
            queries.len(),
            index.shown.len()
        );
    }
}
