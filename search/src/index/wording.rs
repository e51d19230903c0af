//! The words a document holds in one language: the cards' own English
//! words, or a language's translations (`cards/data/i18n/<lang>.csv`) with
//! the English word wherever the translation has none (a language without
//! translations has the English words, at its own addresses).

use cards::catalog::{Database, Pilot, Ship, Translations, Upgrade};
use cards::lang::Lang;

/// The words of one language's documents.
#[derive(Clone, Copy)]
pub(super) struct Wording<'a> {
    lang: Lang,
    /// The language's translations; a word they lack is the English one.
    translations: Option<&'a Translations>,
}

impl<'a> Wording<'a> {
    /// The cards as xwing-data and the seeds print them.
    pub(super) const ENGLISH: Wording<'static> = Wording {
        lang: Lang::En,
        translations: None,
    };

    /// The words of `lang`, from its translations if any (another
    /// language's are not its words, and are left out).
    pub(super) fn new(lang: Lang, translations: Option<&'a Translations>) -> Wording<'a> {
        Wording {
            lang,
            translations: translations.filter(|t| t.language() == lang),
        }
    }

    pub(super) fn lang(&self) -> Lang {
        self.lang
    }

    fn is_english(&self) -> bool {
        self.lang == Lang::En
    }

    /// A key's field in this language, if translated.
    fn get(&self, key: &str, field: &str) -> Option<&'a str> {
        self.translations?.get(key, field)
    }

    /// A card's name (`key` is its `/cards/<key>`), or the English one.
    pub(super) fn card_name<'x>(&self, key: &str, english: &'x str) -> &'x str
    where
        'a: 'x,
    {
        self.get(key, "name").unwrap_or(english)
    }

    /// A ship's name, or the English one.
    pub(super) fn ship_name<'x>(&self, ship: &'x Ship) -> &'x str
    where
        'a: 'x,
    {
        self.get(&format!("ship:{}", ship.xws), "name")
            .unwrap_or(&ship.name)
    }

    /// `english` as well as `shown`, when this language's word differs: a
    /// player finds a card by its English name in every language.
    pub(super) fn also_english<'x>(&self, shown: &str, english: &'x str) -> Option<&'x str> {
        (!self.is_english() && shown != english).then_some(english)
    }

    /// A page's address in this language (`/de/cards/…`).
    pub(super) fn address(&self, english: &str) -> String {
        self.lang().localize(english)
    }

    /// A pilot's words beyond its name: the ship as printed and the
    /// ability; in English also the skill and energy, said in words.
    pub(super) fn pilot_text(&self, key: &str, p: &Pilot) -> String {
        if self.is_english() {
            return english_pilot_text(p);
        }
        let ship = self
            .get(key, "ship")
            .or_else(|| self.get(&format!("ship:{}", p.ship), "name"))
            .unwrap_or(&p.printed_ship);
        let mut parts = vec![ship];
        parts.extend(self.get(key, "text").or(p.ability.as_deref()));
        parts.join("\n")
    }

    /// An upgrade's words beyond its name: its slots, restriction and
    /// text; in English also its energy, said in words.
    pub(super) fn upgrade_text(&self, db: &Database, key: &str, u: &Upgrade) -> String {
        if self.is_english() {
            return english_upgrade_text(db, u);
        }
        // A slot the language's file does not name (YASB names no
        // modification or title slot) is left out, not shown in English:
        // the hit's facts name it in the page's words.
        let slots: Vec<&str> = (u.slots.iter())
            .filter_map(|s| self.get(&format!("slot:{s}"), "name"))
            .collect();
        let slots = slots.join(", ");
        let mut parts: Vec<&str> = Vec::new();
        parts.extend((!slots.is_empty()).then_some(slots.as_str()));
        let english_restriction = (!u.restriction_text.is_empty()).then_some(&*u.restriction_text);
        parts.extend(self.get(key, "restriction").or(english_restriction));
        match self.get(key, "text") {
            // One text for both faces of a dual card, as YASB gives it.
            Some(text) => parts.push(text),
            None => parts.extend(face_texts(u)),
        }
        parts.join("\n")
    }

    /// A ship's words beyond its name. In English its size, other names
    /// and energy; in another language its other names alone, which are
    /// names in every language ("large ship" is the interface's words,
    /// which the hit's facts give in the page's language).
    pub(super) fn ship_text(&self, s: &Ship) -> String {
        if self.is_english() {
            return english_ship_text(s);
        }
        s.aliases.join("\n")
    }

    /// The action bar as words, for the `bar` field.
    pub(super) fn action_names<S: AsRef<str>>(&self, db: &Database, actions: &[S]) -> String {
        let names: Vec<&str> = (actions.iter())
            .map(|a| {
                let a = a.as_ref();
                (self.get(&format!("action:{a}"), "name")).unwrap_or(db.action_name(a))
            })
            .collect();
        names.join(", ")
    }
}

/// A ship's English words beyond its name: its size, other names and energy.
fn english_ship_text(s: &Ship) -> String {
    let mut parts = vec![format!("{} ship", s.size.as_str())];
    parts.extend(s.aliases.iter().cloned());
    if let Some(e) = s.stats.energy {
        parts.push(format!("Energy {e}"));
    }
    parts.join("\n")
}

/// A pilot's English words beyond its name: the ship as printed, the
/// ability, the skill and energy.
fn english_pilot_text(p: &Pilot) -> String {
    let mut parts = vec![p.printed_ship.clone()];
    parts.extend(p.ability.clone());
    parts.push(format!("Pilot skill {}", p.skill_text()));
    if let Some(e) = p.stats.energy {
        parts.push(format!("Energy {e}"));
    }
    parts.join("\n")
}

/// Each face's text, with the name of every face after the first.
fn face_texts(u: &Upgrade) -> impl Iterator<Item = &str> {
    (u.faces.iter().enumerate()).flat_map(|(i, face)| {
        let name = (i > 0).then_some(face.name.as_str());
        name.into_iter().chain([face.text.as_str()])
    })
}

/// An upgrade's English words beyond its name: its slots, restriction,
/// each face's text, and its energy said in words.
fn english_upgrade_text(db: &Database, u: &Upgrade) -> String {
    let mut parts: Vec<String> = Vec::new();
    // The slot as players say it ("a crew that gives energy").
    let slots: Vec<&str> = u.slots.iter().map(|s| db.slot_name(s)).collect();
    parts.push(format!("{} upgrade", slots.join(" and ")));
    if !u.restriction_text.is_empty() {
        parts.push(u.restriction_text.clone());
    }
    parts.extend(face_texts(u).map(str::to_string));
    // Printed as icons, not words: said here so "energy" finds them.
    if let Some(e) = u.energy_limit {
        parts.push(format!("Energy limit {e}"));
    }
    if let Some(d) = u.effects.energy_limit_change {
        parts.push(format!("Energy limit {d:+}"));
    }
    parts.join("\n")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;
    use cards::catalog::Card;

    fn german() -> Translations {
        let csv = "key,field,text\n\
            engineupgrade,name,Verbessertes Triebwerk\n\
            engineupgrade,text,Füge deiner Aktionsleiste ein [Boost]-Symbol hinzu.\n\
            slot:mod,name,Modifikation\n\
            action:focus,name,Fokussierung\n";
        Translations::load("de", csv).unwrap()
    }

    #[test]
    fn a_translation_gives_the_words_and_english_fills_the_gaps() {
        let db = Database::embedded().unwrap();
        let de = german();
        let words = Wording::new(Lang::De, Some(&de));
        let upgrade = |xws: &str| db.upgrades.iter().find(|u| u.xws == xws).unwrap();
        let engine = upgrade("engineupgrade");
        let key = db.card_key(Card::Upgrade(engine));
        assert_eq!(
            words.card_name(&key, engine.name()),
            "Verbessertes Triebwerk"
        );
        assert_eq!(
            words.upgrade_text(&db, &key, engine),
            "Modifikation\nFüge deiner Aktionsleiste ein [Boost]-Symbol hinzu."
        );
        assert_eq!(
            words.also_english("Verbessertes Triebwerk", engine.name()),
            Some("Engine Upgrade")
        );
        // Untranslated: the English name, the English text, and no name twice.
        let shield = upgrade("pulsedrayshield");
        let key = db.card_key(Card::Upgrade(shield));
        assert_eq!(words.card_name(&key, shield.name()), shield.name());
        let text = words.upgrade_text(&db, &key, shield);
        assert!(text.contains(&shield.faces[0].text), "{text}");
        assert_eq!(words.also_english(shield.name(), shield.name()), None);
        assert_eq!(
            words.action_names(&db, &["focus", "evade"]),
            "Fokussierung, Evade"
        );
        assert_eq!(words.address("/cards/x"), "/de/cards/x");
    }

    /// Another language's documents say no interface word in English: a
    /// slot its file does not name is left out, and a ship says only its
    /// other names (English says its size and energy too).
    #[test]
    fn another_language_shows_no_english_interface_words() {
        let db = Database::embedded().unwrap();
        let csv = "key,field,text\nengineupgrade,text,Füge ein [Boost]-Symbol hinzu.\n";
        let de = Translations::load("de", csv).unwrap();
        let words = Wording::new(Lang::De, Some(&de));
        let engine = db
            .upgrades
            .iter()
            .find(|u| u.xws == "engineupgrade")
            .unwrap();
        let key = db.card_key(Card::Upgrade(engine));
        assert_eq!(
            words.upgrade_text(&db, &key, engine),
            "Füge ein [Boost]-Symbol hinzu."
        );
        let ship = |xws: &str| db.ships.iter().find(|s| s.xws == xws).unwrap();
        assert_eq!(words.ship_text(ship("croccruiser")), "");
        assert_eq!(words.ship_text(ship("m3ainterceptor")), "Scyk Fighter");
        let english = Wording::ENGLISH.ship_text(ship("croccruiser"));
        assert_eq!(english, "huge ship\nEnergy 4");
    }

    /// English documents keep their words: the skill and energy in words,
    /// the slot's name with "upgrade", and no English name twice.
    #[test]
    fn english_words_are_the_cards_own() {
        let db = Database::embedded().unwrap();
        let words = Wording::ENGLISH;
        let croc = db.upgrades.iter().find(|u| u.xws == "merchantone").unwrap();
        let text = words.upgrade_text(&db, "merchantone", croc);
        assert!(text.starts_with("Title upgrade\n"), "{text}");
        let pilot = db.pilots.iter().find(|p| p.xws == "croccruiser").unwrap();
        let text = words.pilot_text("croccruiser", pilot);
        assert!(
            text.contains("Pilot skill") && text.contains("Energy"),
            "{text}"
        );
        assert_eq!(words.also_english("a", "b"), None);
        assert_eq!(words.address("/cards/x"), "/cards/x");
    }
}
