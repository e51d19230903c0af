//! Lists in a page's language (the builder's pickers): a typed filter
//! finds a card by its printed English words or by its words in the
//! page's language, and names sort as they are shown.
//!
//! ```
//! use cards::catalog::{CardWords, Database, FilterWords, Translations};
//! use cards::lang::Lang;
//! let db = Database::embedded().unwrap();
//! let de = CardWords::new(&db, &Translations::embedded(Lang::De).unwrap().unwrap());
//! let engine = db.upgrades.iter().find(|u| u.xws == "engineupgrade").unwrap();
//! let (german, _) = de.upgrade_name(engine);
//! let card = cards::catalog::Card::Upgrade(engine);
//! assert!(de.matches(&db, card, &FilterWords::new(german)));
//! assert!(de.matches(&db, card, &FilterWords::new("engine upgrade")));
//! ```

use std::cmp::Ordering;

use super::card_words::CardWords;
use super::model::{Card, Database, FilterWords};

impl CardWords {
    /// A card's name in this language, or its printed English.
    pub fn card_name<'a>(&'a self, card: Card<'a>) -> &'a str {
        match card {
            Card::Pilot(p) => self.pilot_name(p).0,
            Card::Upgrade(u) => self.upgrade_name(u).0,
        }
    }

    /// The card's words in this language that a filter reads besides its
    /// printed ones: name, text, restriction, and a pilot's ship's name.
    fn own_texts<'a>(&'a self, db: &'a Database, card: Card<'a>) -> Vec<&'a str> {
        match card {
            Card::Pilot(p) => {
                let english_ship = db.ship(&p.ship).map_or("", |s| s.name.as_str());
                [
                    Some(self.pilot_name(p).0),
                    self.pilot_text(p).map(|(text, _)| text),
                    Some(self.ship_name(&p.ship, english_ship).0),
                ]
                .into_iter()
                .flatten()
                .collect()
            }
            Card::Upgrade(u) => vec![
                self.upgrade_name(u).0,
                self.face_text(u, 0).0,
                self.restriction(u).0,
            ],
        }
    }

    /// [`Card::matches_words`] over the card's printed words and its words
    /// in this language together: every word, ignoring case, is in one of
    /// them (so "Zielerfassung" and "target lock" both find the card on a
    /// German page).
    pub fn matches(&self, db: &Database, card: Card<'_>, filter: &FilterWords) -> bool {
        if filter.is_empty() {
            return true;
        }
        let mut texts = card.texts();
        texts.extend(self.own_texts(db, card));
        let haystack = texts.join("\n").to_lowercase();
        filter
            .words()
            .iter()
            .all(|word| haystack.contains(word.as_str()))
    }

    /// A one-line summary of the card's text in this language (as
    /// [`Card::summary`] cuts it), or the printed one.
    pub fn summary(&self, card: Card<'_>) -> (String, crate::lang::Lang) {
        let text = match card {
            Card::Pilot(p) => self.pilot_text(p),
            Card::Upgrade(u) => Some(self.face_text(u, 0)),
        };
        match text {
            Some((text, lang)) if lang != crate::lang::Lang::En => {
                (super::model::summarize(text), lang)
            }
            _ => (card.summary(), crate::lang::Lang::En),
        }
    }
}

/// The cards among `cards` that hold every word of `filter`, listed as a
/// page shows them: pilots first, then by the name shown (in `words`'
/// language, or printed), ignoring case, accents and the quotes round a
/// nickname. A card matches on its printed words or, with `words`, on its
/// words in that language ([`CardWords::matches`]). The `/cards` page and
/// its shelves list with it.
///
/// ```
/// use cards::catalog::{Database, FilterWords, list_cards};
/// let db = Database::embedded().unwrap();
/// let found = list_cards(&db, None, db.cards(), &FilterWords::new("howlrunner"));
/// assert_eq!(found[0].name(), "\"Howlrunner\"");
/// ```
pub fn list_cards<'a>(
    db: &Database,
    words: Option<&CardWords>,
    cards: impl IntoIterator<Item = Card<'a>>,
    filter: &FilterWords,
) -> Vec<Card<'a>> {
    let mut found: Vec<(bool, String, Card<'a>)> = cards
        .into_iter()
        .filter(|&card| match words {
            Some(w) => w.matches(db, card, filter),
            None => card.matches_words(filter),
        })
        .map(|card| {
            let name = words.map_or_else(|| card.name(), |w| w.card_name(card));
            let name = name.trim_start_matches(|c: char| !c.is_alphanumeric());
            (!matches!(card, Card::Pilot(_)), name.to_string(), card)
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| compare_names(&a.1, &b.1)));
    found.into_iter().map(|(_, _, card)| card).collect()
}

/// The letter a list sorts a character as: lower case, without its accent
/// (so "Élite" sorts with "elite" and "Łowca" with "lowca").
fn sort_letter(c: char) -> char {
    let lower = c.to_lowercase().next().unwrap_or(c);
    match lower {
        'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'ą' => 'a',
        'ç' | 'ć' | 'č' => 'c',
        'é' | 'è' | 'ê' | 'ë' | 'ę' | 'ě' => 'e',
        'í' | 'ì' | 'î' | 'ï' | 'ı' => 'i',
        'ñ' | 'ń' => 'n',
        'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ő' => 'o',
        'ú' | 'ù' | 'û' | 'ü' | 'ű' => 'u',
        'ś' | 'ş' | 'š' => 's',
        'ź' | 'ż' | 'ž' => 'z',
        'ł' => 'l',
        'ğ' => 'g',
        'ý' => 'y',
        'ё' => 'е',
        other => other,
    }
}

/// The order of names in a list shown in any language: ignoring case and
/// accents, then (for names equal so) as written.
///
/// ```
/// use cards::catalog::compare_names;
/// use std::cmp::Ordering;
/// assert_eq!(compare_names("élite", "Emperor"), Ordering::Less);
/// assert_eq!(compare_names("Ёж", "ель"), Ordering::Less);
/// assert_eq!(compare_names("TIE/x7", "Tactician"), Ordering::Greater);
/// ```
pub fn compare_names(a: &str, b: &str) -> Ordering {
    a.chars()
        .map(sort_letter)
        .cmp(b.chars().map(sort_letter))
        .then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{PilotFilter, PilotSort, Translations};
    use crate::lang::Lang;

    fn german(db: &Database) -> CardWords {
        CardWords::new(db, &Translations::embedded(Lang::De).unwrap().unwrap())
    }

    fn listed(words: Option<&CardWords>, db: &Database, filter: &str) -> Vec<String> {
        list_cards(db, words, db.cards(), &FilterWords::new(filter))
            .into_iter()
            .map(|c| {
                words
                    .map_or_else(|| c.name(), |w| w.card_name(c))
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn a_list_finds_a_card_by_its_printed_or_its_shown_words() {
        let db = Database::embedded().unwrap();
        let de = german(&db);
        let fcs = |names: Vec<String>| names.iter().any(|n| n == "Feuerkontrollsystem");
        assert!(fcs(listed(Some(&de), &db, "feuerkontrollsystem")));
        assert!(fcs(listed(Some(&de), &db, "fire-control system")));
        // One word in English, one in German: still found.
        assert!(fcs(listed(Some(&de), &db, "fire-control feuerkontroll")));
        assert!(listed(Some(&de), &db, "feuerkontrollsystem xyzzy").is_empty());
        assert!(listed(None, &db, "feuerkontrollsystem").is_empty());
    }

    #[test]
    fn a_list_shows_pilots_first_then_the_names_shown_in_order() {
        let db = Database::embedded().unwrap();
        let de = german(&db);
        let all = list_cards(&db, Some(&de), db.cards(), &FilterWords::new(""));
        assert_eq!(all.len(), db.cards().count());
        let pilots = all
            .iter()
            .take_while(|c| matches!(c, Card::Pilot(_)))
            .count();
        assert!(all[pilots..].iter().all(|c| matches!(c, Card::Upgrade(_))));
        let shown = |c: &Card<'_>| {
            de.card_name(*c)
                .trim_start_matches(|c: char| !c.is_alphanumeric())
                .to_string()
        };
        for part in [&all[..pilots], &all[pilots..]] {
            for pair in part.windows(2) {
                let (a, b) = (shown(&pair[0]), shown(&pair[1]));
                assert_ne!(compare_names(&a, &b), Ordering::Greater, "{a} / {b}");
            }
        }
        // By the German names, not the English ones.
        assert_ne!(
            all,
            list_cards(&db, None, db.cards(), &FilterWords::new(""))
        );
    }

    #[test]
    fn a_pilot_is_found_by_its_translated_ship_and_its_english_name() {
        let db = Database::embedded().unwrap();
        let de = german(&db);
        let count = |text: &str| -> usize {
            let filter = PilotFilter {
                text: text.into(),
                ..PilotFilter::default()
            };
            db.pilot_choices_in("rebel", &filter, false, Some(&de))
                .iter()
                .map(|(_, p)| p.len())
                .sum()
        };
        let xwing = db.ships.iter().find(|s| s.xws == "xwing").unwrap();
        let (flügler, lang) = de.ship_name("xwing", &xwing.name);
        assert_eq!(lang, Lang::De, "the German file names the X-wing");
        assert!(count(&flügler.to_uppercase()) > 0);
        assert!(count("wedge antilles") >= 1);
        assert_eq!(count("no such pilot anywhere"), 0);
        // Without the page's words, the English filter is as before.
        let english = PilotFilter {
            text: flügler.into(),
            ..PilotFilter::default()
        };
        assert!(db.pilot_choices("rebel", &english, false).is_empty());
    }

    #[test]
    fn pilots_of_a_ship_sort_by_the_name_shown() {
        let db = Database::embedded().unwrap();
        let de = german(&db);
        for sort in [PilotSort::Skill, PilotSort::Points] {
            let filter = PilotFilter {
                sort,
                ..PilotFilter::default()
            };
            for (_, pilots) in db.pilot_choices_in("imperial", &filter, false, Some(&de)) {
                for pair in pilots.windows(2) {
                    let key = |p: &crate::catalog::Pilot| match sort {
                        PilotSort::Skill => (-i32::from(p.skill.unwrap_or(0)), 0),
                        PilotSort::Points => (0, p.points.unwrap_or(0)),
                    };
                    let (a, b) = (pair[0], pair[1]);
                    assert!(key(a) <= key(b), "{} before {}", a.name, b.name);
                    if key(a) == key(b) {
                        let names = (de.pilot_name(a).0, de.pilot_name(b).0);
                        assert_ne!(compare_names(names.0, names.1), Ordering::Greater);
                    }
                }
            }
        }
    }

    #[test]
    fn an_upgrade_matches_in_either_language_every_word() {
        let db = Database::embedded().unwrap();
        let de = german(&db);
        let lock = db
            .upgrades
            .iter()
            .find(|u| u.xws == "firecontrolsystem")
            .unwrap();
        let card = Card::Upgrade(lock);
        let (name, _) = de.upgrade_name(lock);
        let first = name.split_whitespace().next().unwrap().to_lowercase();
        assert!(de.matches(&db, card, &FilterWords::new(&first)));
        assert!(de.matches(&db, card, &FilterWords::new(&format!("{first} fire"))));
        assert!(!de.matches(&db, card, &FilterWords::new(&format!("{first} zzzz"))));
    }

    #[test]
    fn a_translated_summary_is_cut_like_the_printed_one() {
        let db = Database::embedded().unwrap();
        let de = german(&db);
        let card = Card::Upgrade(db.upgrades.iter().find(|u| u.xws == "r2d2").unwrap());
        let (summary, lang) = de.summary(card);
        assert_eq!(lang, Lang::De);
        assert!(summary.chars().count() <= crate::catalog::SUMMARY_CHARS);
        let empty = CardWords::new(&db, &Translations::load("de", "key,field,text\n").unwrap());
        assert_eq!(empty.summary(card), (card.summary(), Lang::En));
    }
}
