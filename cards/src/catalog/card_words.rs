//! Each card's words in one language, by card id: what a page shows in
//! place of the printed English, with the language the words are really
//! in, so English shown for a missing translation is marked as such.
//!
//! Built once per language from the [`Database`] and its [`Translations`]
//! (the server at start-up; the browser from the card asset), so a page
//! never works out a card's `/cards/<key>` key to find its words.
//!
//! ```
//! use cards::catalog::{CardWords, Database, Translations};
//! use cards::lang::Lang;
//! let db = Database::embedded().unwrap();
//! let de = Translations::embedded(Lang::De).unwrap().unwrap();
//! let words = CardWords::new(&db, &de);
//! let engine = db.upgrades.iter().find(|u| u.xws == "engineupgrade").unwrap();
//! let (name, lang) = words.upgrade_name(engine);
//! assert_eq!(lang, Lang::De);
//! assert_ne!(name, "Engine Upgrade");
//! ```

use std::collections::HashMap;

use super::model::{Card, CardId, Database, Pilot, Upgrade};
use super::translations::Translations;
use crate::lang::Lang;

/// One card's translated name and text, where the file gives them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Worded {
    name: Option<String>,
    text: Option<String>,
    restriction: Option<String>,
}

/// Every card's words in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardWords {
    lang: Lang,
    pilots: HashMap<CardId, Worded>,
    upgrades: HashMap<CardId, Worded>,
    /// Ship names by the ship's XWS name (`ship:<xws>`).
    ships: HashMap<String, String>,
    /// Conditions' names and texts by XWS name (`condition:<xws>`).
    conditions: HashMap<String, Worded>,
    /// Products' names by their number (`product:<id>`).
    products: HashMap<u8, String>,
}

impl CardWords {
    /// The words `file` gives for `db`'s cards.
    pub fn new(db: &Database, file: &Translations) -> CardWords {
        let keys = db.card_keys();
        let worded = |key: String| Worded {
            name: file.get(&key, "name").map(str::to_string),
            text: file.get(&key, "text").map(str::to_string),
            restriction: file.get(&key, "restriction").map(str::to_string),
        };
        let pilots = db
            .pilots
            .iter()
            .map(|p| (p.id, worded(keys.key(Card::Pilot(p)))))
            .collect();
        let upgrades = db
            .upgrades
            .iter()
            .map(|u| (u.id, worded(keys.key(Card::Upgrade(u)))))
            .collect();
        let ships = db
            .ships
            .iter()
            .filter_map(|s| {
                let name = file.get(&format!("ship:{}", s.xws), "name")?;
                Some((s.xws.to_string(), name.to_string()))
            })
            .collect();
        let conditions = (db.conditions.iter())
            .map(|c| (c.xws.clone(), worded(format!("condition:{}", c.xws))))
            .collect();
        let products = (db.products.iter())
            .filter_map(|p| {
                Some((
                    p.id,
                    file.get(&format!("product:{}", p.id), "name")?.to_string(),
                ))
            })
            .collect();
        CardWords {
            lang: file.language(),
            pilots,
            upgrades,
            ships,
            conditions,
            products,
        }
    }

    /// The language of the words.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    fn pick<'a>(&self, words: Option<&'a String>, english: &'a str) -> (&'a str, Lang) {
        match words {
            Some(w) => (w.as_str(), self.lang),
            None => (english, Lang::En),
        }
    }

    /// A pilot's name, and the language it is in.
    pub fn pilot_name<'a>(&'a self, pilot: &'a Pilot) -> (&'a str, Lang) {
        let w = self.pilots.get(&pilot.id).and_then(|w| w.name.as_ref());
        self.pick(w, &pilot.name)
    }

    /// A pilot's ability text (none for a pilot without one).
    pub fn pilot_text<'a>(&'a self, pilot: &'a Pilot) -> Option<(&'a str, Lang)> {
        let english = pilot.ability.as_deref()?;
        let w = self.pilots.get(&pilot.id).and_then(|w| w.text.as_ref());
        Some(self.pick(w, english))
    }

    /// An upgrade's name (its first face's, as printed on the card's front).
    pub fn upgrade_name<'a>(&'a self, upgrade: &'a Upgrade) -> (&'a str, Lang) {
        let english = upgrade.faces.first().map_or("", |f| f.name.as_str());
        let w = self.upgrades.get(&upgrade.id).and_then(|w| w.name.as_ref());
        self.pick(w, english)
    }

    /// A face's text: the file gives one text per card, for its first
    /// face; a dual card's second face stays English.
    pub fn face_text<'a>(&'a self, upgrade: &'a Upgrade, face: usize) -> (&'a str, Lang) {
        let english = upgrade.faces.get(face).map_or("", |f| f.text.as_str());
        let w = self
            .upgrades
            .get(&upgrade.id)
            .and_then(|w| w.text.as_ref())
            .filter(|_| face == 0);
        self.pick(w, english)
    }

    /// An upgrade's restriction line ("Rebel only.").
    pub fn restriction<'a>(&'a self, upgrade: &'a Upgrade) -> (&'a str, Lang) {
        let w = self
            .upgrades
            .get(&upgrade.id)
            .and_then(|w| w.restriction.as_ref());
        self.pick(w, &upgrade.restriction_text)
    }

    /// A ship's name by its XWS name, or `english`.
    pub fn ship_name<'a>(&'a self, xws: &str, english: &'a str) -> (&'a str, Lang) {
        self.pick(self.ships.get(xws), english)
    }

    /// A condition's name by its XWS name, or `english`.
    pub fn condition_name<'a>(&'a self, xws: &str, english: &'a str) -> (&'a str, Lang) {
        self.pick(
            self.conditions.get(xws).and_then(|w| w.name.as_ref()),
            english,
        )
    }

    /// A condition's text by its XWS name, or `english`.
    pub fn condition_text<'a>(&'a self, xws: &str, english: &'a str) -> (&'a str, Lang) {
        self.pick(
            self.conditions.get(xws).and_then(|w| w.text.as_ref()),
            english,
        )
    }

    /// A product's name by its number, or `english`.
    pub fn product_name<'a>(&'a self, id: u8, english: &'a str) -> (&'a str, Lang) {
        self.pick(self.products.get(&id), english)
    }

    /// How many cards have a translated name (pilots and upgrades).
    pub fn named(&self) -> usize {
        let named = |m: &HashMap<CardId, Worded>| m.values().filter(|w| w.name.is_some()).count();
        named(&self.pilots) + named(&self.upgrades)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_and_products_have_their_words_or_say_they_are_english() {
        let db = Database::embedded().unwrap();
        let de = Translations::embedded(Lang::De).unwrap().unwrap();
        let words = CardWords::new(&db, &de);
        assert_eq!(
            words.condition_name("adebttopay", "A Debt to Pay"),
            ("Unbezahlte Schulden", Lang::De)
        );
        assert_eq!(
            words.condition_name("nosuch", "No Such"),
            ("No Such", Lang::En)
        );
        let croc = db
            .products
            .iter()
            .find(|p| p.key == "c-roc-cruiser")
            .unwrap();
        assert_eq!(
            words.product_name(croc.id, &croc.name),
            ("C-ROC Kreuzer Erweiterung", Lang::De)
        );
        let none = Translations::load("de", "key,field,text\n").unwrap();
        let bare = CardWords::new(&db, &none);
        assert_eq!(
            bare.product_name(croc.id, &croc.name),
            (croc.name.as_str(), Lang::En)
        );
    }

    #[test]
    fn a_card_the_file_leaves_out_is_english_and_says_so() {
        let db = Database::embedded().unwrap();
        let file = Translations::load("ru", "key,field,text\n").unwrap();
        let words = CardWords::new(&db, &file);
        let pilot = &db.pilots[0];
        assert_eq!(words.pilot_name(pilot), (pilot.name.as_str(), Lang::En));
        assert_eq!(words.named(), 0);
    }

    #[test]
    fn the_shipped_files_name_cards() {
        let db = Database::embedded().unwrap();
        for lang in [Lang::De, Lang::Es, Lang::Fr, Lang::Ru] {
            let file = Translations::embedded(lang).unwrap().unwrap();
            let words = CardWords::new(&db, &file);
            assert!(words.named() > 100, "{lang}: {}", words.named());
        }
    }
}
