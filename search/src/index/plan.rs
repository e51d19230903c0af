//! The query plan: what a typed query is searched as. The words as typed
//! (built directly when they are plain words, `words.rs`, else parsed,
//! leniently if need be), else any of them (a sentence), else every word
//! with a typo allowed (`typos.rs`).

use cards::query::{Filters, MAX_QUERY_CHARS};
use tantivy::query::{AllQuery, EmptyQuery, Query};

use super::card_index::{CardIndex, SearchError};
use super::run::Found;
use super::typos::NearWords;
use super::words::{plain_words, words};

/// What a query is searched as, and what the page says of it.
pub(super) struct Plan {
    /// The text query, without the filters.
    pub(super) text: Box<dyn Query>,
    /// `text`'s hits and count, when planning ran it.
    pub(super) found: Option<Found>,
    /// Read with a typo allowed: each word and the words it was read as.
    pub(super) fuzzy: Option<NearWords>,
    /// No document had every word: those with the most come first.
    pub(super) some_words: bool,
    /// The query did not parse and was read leniently.
    pub(super) lenient: bool,
    /// The query was cut to `MAX_QUERY_CHARS`.
    pub(super) truncated: bool,
}

impl Plan {
    /// The plan of an empty query: every document.
    fn everything(truncated: bool) -> Plan {
        Plan {
            text: Box::new(AllQuery),
            found: None,
            fuzzy: None,
            some_words: false,
            lenient: false,
            truncated,
        }
    }
}

/// A query and what it found when it ran.
type Ran = (Box<dyn Query>, Found);

/// The query as typed, run within the filters.
struct AsTyped {
    text: Box<dyn Query>,
    found: Found,
    /// It did not parse, or what the parser read could not run.
    lenient: bool,
}

impl CardIndex {
    /// The plan for `q`: the text query as parsed, or leniently, or (when
    /// that finds nothing) typo-tolerant. Deciding runs the query; when the
    /// query chosen is one that ran, its best `limit` hits and count come
    /// with the plan.
    pub(super) fn plan(
        &self,
        q: &str,
        filters: &Filters,
        limit: usize,
    ) -> Result<Plan, SearchError> {
        let (cleaned, truncated) = cleaned_query(q);
        let q = cleaned.trim();
        if q.is_empty() {
            return Ok(Plan::everything(truncated));
        }
        let raw = words(q);
        let AsTyped {
            text,
            found,
            lenient,
        } = self.as_typed(q, &raw, filters, limit)?;
        if found.1 > 0 || raw.is_empty() {
            return Ok(Plan {
                text,
                found: Some(found),
                fuzzy: None,
                some_words: false,
                lenient,
                truncated,
            });
        }
        let words = self.stems(&raw);
        if words.len() > 1
            && let Some((text, found)) = self.as_a_sentence(&words, filters, limit)?
        {
            return Ok(Plan {
                text,
                found: Some(found),
                fuzzy: None,
                some_words: true,
                lenient,
                truncated,
            });
        }
        // Typo tolerance: every word must match, long ones with one edit.
        let (text, expanded) = self.typo_tolerant(&words)?;
        Ok(Plan {
            text,
            found: None,
            fuzzy: Some(expanded),
            some_words: false,
            lenient,
            truncated,
        })
    }

    /// `q` as typed, run within the filters: its plain words built
    /// directly, or what the parser reads. `raw` is its plain words,
    /// searched instead when what the parser read cannot run.
    fn as_typed(
        &self,
        q: &str,
        raw: &[String],
        filters: &Filters,
        limit: usize,
    ) -> Result<AsTyped, SearchError> {
        let plain = plain_words(q, &self.analysis);
        // Each plain word as the index holds it, stemmed once for the query.
        let stems = plain.as_ref().map(|p| self.stems(p));
        let (text, lenient) = match (&plain, &stems) {
            (Some(words), Some(stems)) => (self.every_word(words, stems), false),
            _ => self.parsed(q),
        };
        // Plain words, one of which no card has: every word cannot match,
        // so the any-word query (`as_a_sentence`) runs at once (a run of the
        // all-words query was a third of a search for a sentence).
        let absent = match &stems {
            Some(stems) if stems.len() > 1 => self.some_word_absent(stems),
            _ => false,
        };
        let found = match absent {
            true => Ok((Vec::new(), 0)),
            false => self.run(&*text, filters, limit),
        };
        match found {
            Ok(found) => Ok(AsTyped {
                text,
                found,
                lenient,
            }),
            Err(_) => {
                // Even the lenient reading can name things that do not exist
                // (a field called `.`): search the plain words instead.
                let text = match self.parser.parse_query(&raw.join(" ")) {
                    Ok(query) if !raw.is_empty() => query,
                    _ => Box::new(EmptyQuery),
                };
                let found = self.run(&*text, filters, limit)?;
                Ok(AsTyped {
                    text,
                    found,
                    lenient: true,
                })
            }
        }
    }

    /// What the parser reads in `q`, and whether it read it leniently
    /// (`q` did not parse).
    fn parsed(&self, q: &str) -> (Box<dyn Query>, bool) {
        // A phrase in quotes means the words as written: the whole query
        // reads the unstemmed fields.
        let parser = match q.contains('"') {
            true => &self.exact_parser,
            false => &self.parser,
        };
        match parser.parse_query(q) {
            Ok(query) => (query, false),
            Err(_) => (parser.parse_query_lenient(q).0, true),
        }
    }

    /// A sentence ("crew that gives energy"): no card has every word, so
    /// any word matches and the cards with the most, and the rarest,
    /// rank first. Its query and what it found, unless it found nothing.
    fn as_a_sentence(
        &self,
        words: &[String],
        filters: &Filters,
        limit: usize,
    ) -> Result<Option<Ran>, SearchError> {
        let any = self.any_word(words);
        let found = self.run(&*any, filters, limit)?;
        Ok((found.1 > 0).then_some((any, found)))
    }
}

/// `q` with each control character a space (they never mean anything in a
/// card search), cut to `MAX_QUERY_CHARS`; and whether it was cut.
fn cleaned_query(q: &str) -> (String, bool) {
    let cleaned: String = q
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let truncated = cleaned.chars().count() > MAX_QUERY_CHARS;
    (cleaned.chars().take(MAX_QUERY_CHARS).collect(), truncated)
}
