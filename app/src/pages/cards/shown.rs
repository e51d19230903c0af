//! What the `/cards` filter reads of a card, and the order it lists them
//! in: the card's printed English words and its words as the page shows
//! them (the same on an English page), so a German page finds
//! "Zielerfassung" and "Target Lock" alike, and lists by the name shown.

use cards::catalog::Card;
use cards::lang::Lang;

use crate::cards_asset::use_card_words;
use crate::components::worded;

/// One card as the filter reads it.
pub struct FilterEntry<T> {
    pub item: T,
    /// Pilots are listed before upgrades.
    pub pilot: bool,
    /// Every printed name and text, lower case.
    pub english: String,
    /// The name the page shows.
    pub name: String,
    /// The name and text the page shows, lower case.
    pub shown: String,
}

impl<'a> FilterEntry<Card<'a>> {
    /// A card's entry, with its words in the page's language.
    pub fn of(card: Card<'a>) -> Self {
        let name = worded::card_name(card).0;
        let text = shown_text(card).map(|t| t.0).unwrap_or_default();
        FilterEntry {
            item: card,
            pilot: matches!(card, Card::Pilot(_)),
            english: card.texts().join("\n").to_lowercase(),
            shown: format!("{name}\n{text}").to_lowercase(),
            name,
        }
    }
}

/// The entries that hold every one of `words` (lower case, as
/// `FilterWords` reads them), each word in the printed English or in
/// the words shown; pilots first, then by the name shown, ignoring
/// case and the quotes round a nickname. No word keeps every entry.
pub fn filter_and_sort<T>(entries: Vec<FilterEntry<T>>, words: &[String]) -> Vec<T> {
    let mut found: Vec<(bool, String, T)> = entries
        .into_iter()
        .filter(|e| {
            words
                .iter()
                .all(|w| e.english.contains(w.as_str()) || e.shown.contains(w.as_str()))
        })
        .map(|e| (!e.pilot, sort_key(&e.name), e.item))
        .collect();
    found.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    found.into_iter().map(|(_, _, item)| item).collect()
}

/// A name as it sorts: lower case, without leading quotes or marks.
fn sort_key(name: &str) -> String {
    name.trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

/// A card's ability or text (an upgrade's first face) as shown.
fn shown_text(card: Card<'_>) -> Option<(String, Lang)> {
    match card {
        Card::Pilot(p) => worded::pilot_text(p),
        Card::Upgrade(u) => Some(worded::face_text(u, 0)),
    }
}

/// The one-line summary of the text shown, and the language it is in:
/// the first sentence of the card's ability or text in the page's words,
/// cut as [`Card::summary`] cuts the printed one (`CardWords::summary`;
/// the printed card's own on an English page).
pub fn shown_summary(card: Card<'_>) -> (String, Lang) {
    match use_card_words() {
        Some(words) => words.summary(card),
        None => (card.summary(), Lang::En),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(
        item: &'static str,
        pilot: bool,
        english: &str,
        shown: &str,
    ) -> FilterEntry<&'static str> {
        FilterEntry {
            item,
            pilot,
            english: english.to_lowercase(),
            name: shown.lines().next().unwrap_or_default().to_string(),
            shown: shown.to_lowercase(),
        }
    }

    fn words(q: &str) -> Vec<String> {
        cards::catalog::FilterWords::new(q).words().to_vec()
    }

    fn german() -> Vec<FilterEntry<&'static str>> {
        vec![
            entry(
                "engine",
                false,
                "Engine Upgrade\nYour action bar gains [Boost].",
                "Triebwerksverbesserung\nDeine Aktionsleiste erhält [Boost].",
            ),
            entry(
                "lock",
                false,
                "Fire-Control System\nAfter you perform an attack, you may acquire a target lock.",
                "Feuerkontrollsystem\nNachdem du angegriffen hast, darfst du eine Zielerfassung durchführen.",
            ),
            entry(
                "howl",
                true,
                "\"Howlrunner\"\nTIE Fighter",
                "\"Heulläufer\"\nTIE-Jäger",
            ),
            entry(
                "academy",
                true,
                "Academy Pilot\nTIE Fighter",
                "Akademiepilot\nTIE-Jäger",
            ),
        ]
    }

    #[test]
    fn a_word_matches_the_english_or_the_shown_words() {
        let found = filter_and_sort(german(), &words("zielerfassung"));
        assert_eq!(found, ["lock"]);
        let found = filter_and_sort(german(), &words("target lock"));
        assert_eq!(found, ["lock"]);
        // One word in English, one in German: still found.
        let found = filter_and_sort(german(), &words("boost triebwerks"));
        assert_eq!(found, ["engine"]);
        assert!(filter_and_sort(german(), &words("nichts")).is_empty());
    }

    #[test]
    fn pilots_come_first_then_the_names_shown_in_order() {
        // "Akademiepilot" before "Heulläufer" (its quotes aside), and
        // the upgrades by their German names, not their English ones.
        let all = filter_and_sort(german(), &[]);
        assert_eq!(all, ["academy", "howl", "lock", "engine"]);
    }
}
