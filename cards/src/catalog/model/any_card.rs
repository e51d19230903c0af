//! Any card, pilot or upgrade, for pages that list them together: its
//! names, its one-line summary and the bounded word filter over its texts.

use super::pilot::Pilot;
use super::shared::CardId;
use super::upgrade::Upgrade;

/// The longest one-line summary of a card ([`Card::summary`]), in characters.
pub const SUMMARY_CHARS: usize = 100;

/// Any card, for pages that list pilots and upgrades together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Card<'a> {
    Pilot(&'a Pilot),
    Upgrade(&'a Upgrade),
}

impl Card<'_> {
    /// The card's stable id (squad links name cards by it).
    pub fn id(&self) -> CardId {
        match self {
            Card::Pilot(p) => p.id,
            Card::Upgrade(u) => u.id,
        }
    }
    /// The card's XWS name.
    pub fn xws(&self) -> &str {
        match self {
            Card::Pilot(p) => &p.xws,
            Card::Upgrade(u) => &u.xws,
        }
    }
    /// The card's printed name (an upgrade's first face).
    pub fn name(&self) -> &str {
        match self {
            Card::Pilot(p) => &p.name,
            Card::Upgrade(u) => u.name(),
        }
    }

    /// Every printed name and text of the card (both faces of a dual card).
    pub fn texts(&self) -> Vec<&str> {
        match self {
            Card::Pilot(p) => [p.name.as_str(), p.printed_ship.as_str()]
                .into_iter()
                .chain(p.ability.as_deref())
                .collect(),
            Card::Upgrade(u) => u
                .faces
                .iter()
                .flat_map(|f| [f.name.as_str(), f.text.as_str()])
                .chain(std::iter::once(u.restriction_text.as_str()))
                .collect(),
        }
    }

    /// A one-line summary for lists and pickers: the first sentence of the
    /// card's ability or text, cut at [`SUMMARY_CHARS`] characters.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let hlt = db.card("heavylaserturret").unwrap();
    /// assert!(hlt.summary().starts_with("Attack (energy)"));
    /// assert!(hlt.summary().chars().count() <= cards::catalog::SUMMARY_CHARS);
    /// ```
    pub fn summary(&self) -> String {
        let text = match self {
            Card::Pilot(p) => p.ability.as_deref().unwrap_or_default(),
            Card::Upgrade(u) => u.faces.first().map_or("", |f| f.text.as_str()),
        };
        summarize(text)
    }

    /// A quick filter: every word of `query` appears, ignoring case, in the
    /// card's names or texts. An empty query matches every card.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let horn = db.card("brokenhorn").unwrap();
    /// assert!(horn.matches("REINFORCE token"));
    /// assert!(!horn.matches("reinforce shield"));
    /// ```
    pub fn matches(&self, query: &str) -> bool {
        self.matches_words(&FilterWords::new(query))
    }

    /// [`Card::matches`] with the words read once, for a filter over many cards.
    pub fn matches_words(&self, words: &FilterWords) -> bool {
        if words.0.is_empty() {
            return true;
        }
        let haystack = self.texts().join("\n").to_lowercase();
        words.0.iter().all(|word| haystack.contains(word.as_str()))
    }
}

/// The first sentence of a card text, cut at [`SUMMARY_CHARS`] characters
/// ([`Card::summary`]; a translated text is cut the same way).
pub(crate) fn summarize(text: &str) -> String {
    let sentence = match text.find(". ") {
        Some(end) => &text[..=end],
        None => text,
    }
    .trim();
    if sentence.chars().count() <= SUMMARY_CHARS {
        return sentence.to_string();
    }
    let cut: String = sentence.chars().take(SUMMARY_CHARS - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{cut}…")
}

/// The most characters a card filter reads: the filter is a stranger's text
/// (an address's `?q=`), so the work it drives is bounded.
pub const MAX_FILTER_CHARS: usize = 200;

/// The most words a card filter reads.
pub const MAX_FILTER_WORDS: usize = 12;

/// A filter's words, lowercased: at most [`MAX_FILTER_WORDS`] from the
/// first [`MAX_FILTER_CHARS`] characters.
///
/// ```
/// use cards::catalog::{FilterWords, MAX_FILTER_WORDS};
/// assert_eq!(FilterWords::new("  Energy TOKEN ").words(), ["energy", "token"]);
/// let long = "word ".repeat(10_000);
/// assert_eq!(FilterWords::new(&long).words().len(), MAX_FILTER_WORDS);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FilterWords(Vec<String>);

impl FilterWords {
    /// Reads a filter's words, bounded as the type says.
    pub fn new(query: &str) -> FilterWords {
        let head: String = query.chars().take(MAX_FILTER_CHARS).collect();
        FilterWords(
            head.to_lowercase()
                .split_whitespace()
                .take(MAX_FILTER_WORDS)
                .map(String::from)
                .collect(),
        )
    }

    /// The words, lowercased, in the order they were typed.
    pub fn words(&self) -> &[String] {
        &self.0
    }

    /// No word at all: the filter matches every card.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
