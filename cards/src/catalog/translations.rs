//! A language's card translations: `cards/data/i18n/<lang>.csv`, written by
//! `make import-cards` from YASB's translation files (`import/src/i18n.rs`),
//! read here with the strict reader every table goes through (`table.rs`).
//!
//! Not part of a card set: the card data stays the one source of points,
//! slots and rules, and a translation only gives words for it.
//!
//! ```
//! use cards::catalog::Translations;
//! let csv = "key,field,text\naction:targetlock,name,Zielerfassung\n";
//! let de = Translations::load("de", csv).unwrap();
//! assert_eq!(de.get("action:targetlock", "name"), Some("Zielerfassung"));
//! assert!(Translations::load("xx", csv).is_err());
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use validator::Validate;

use super::model::{Card, Database};
use super::table::{LoadError, LoadErrors, columns_of, read_rows};
use crate::lang::Lang;

/// The languages with a translation file, with the file's name.
pub const TRANSLATION_FILES: [(&str, &str); 7] = [
    ("de", "i18n/de.csv"),
    ("es", "i18n/es.csv"),
    ("fr", "i18n/fr.csv"),
    ("ru", "i18n/ru.csv"),
    ("pl", "i18n/pl.csv"),
    ("hu", "i18n/hu.csv"),
    ("tr", "i18n/tr.csv"),
];

/// Each language's file as shipped, compiled in. Only the server reads
/// these (the browser fetches its one language as an asset), so the wasm
/// build links none of them.
const EMBEDDED: [(Lang, &str); 7] = [
    (Lang::De, include_str!("../../data/i18n/de.csv")),
    (Lang::Es, include_str!("../../data/i18n/es.csv")),
    (Lang::Fr, include_str!("../../data/i18n/fr.csv")),
    (Lang::Ru, include_str!("../../data/i18n/ru.csv")),
    (Lang::Pl, include_str!("../../data/i18n/pl.csv")),
    (Lang::Hu, include_str!("../../data/i18n/hu.csv")),
    (Lang::Tr, include_str!("../../data/i18n/tr.csv")),
];

/// The fields a card row may carry.
const CARD_FIELDS: [&str; 4] = ["name", "text", "restriction", "ship"];
/// The prefixes of the keys that name no card, with the fields they carry.
const OTHER_KEYS: [(&str, &[&str]); 6] = [
    ("ship:", &["name"]),
    ("action:", &["name"]),
    ("slot:", &["name"]),
    ("product:", &["name"]),
    ("faction:", &["name"]),
    ("condition:", &["name", "text"]),
];

#[derive(Deserialize, Validate)]
struct TranslationRow {
    #[validate(length(min = 1))]
    key: String,
    #[validate(length(min = 1))]
    field: String,
    #[validate(length(min = 1))]
    text: String,
}

/// The columns of a translation file, in file order: what the importer
/// (the `import` crate) writes.
pub fn translation_columns() -> &'static [&'static str] {
    columns_of::<TranslationRow>()
}

/// Why a row's field is not one its key carries, if it is not.
fn unknown_field(row: &TranslationRow) -> Option<String> {
    let allowed: &[&str] = OTHER_KEYS
        .iter()
        .find(|(prefix, _)| row.key.starts_with(prefix))
        .map_or(&CARD_FIELDS, |(_, fields)| fields);
    (!allowed.contains(&row.field.as_str())).then(|| {
        format!(
            "`{}` is not a field of `{}` (expected one of {})",
            row.field,
            row.key,
            allowed.join(", ")
        )
    })
}

/// One language's translations, by (key, field).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Translations {
    lang: Lang,
    texts: BTreeMap<(String, String), String>,
}

impl Translations {
    /// Reads a language's file strictly: the header, UTF-8, every field
    /// known for its key, no (key, field) twice; every problem is named by
    /// line and column.
    pub fn load(lang: &str, text: &str) -> Result<Translations, LoadErrors> {
        let Some(&(lang, file)) = TRANSLATION_FILES.iter().find(|(code, _)| *code == lang) else {
            return Err(LoadErrors(vec![LoadError {
                file: format!("i18n/{lang}.csv"),
                line: 0,
                column: "key".into(),
                message: format!("`{lang}` is not a language with translations"),
            }]));
        };
        let rows = read_rows::<TranslationRow>(file, text)?;
        let mut texts = BTreeMap::new();
        let mut errors = Vec::new();
        for r in rows {
            if let Some(message) = unknown_field(&r.row) {
                errors.push(r.error("field", message));
                continue;
            }
            let key = (r.row.key.clone(), r.row.field.clone());
            if texts.contains_key(&key) {
                let message = format!("`{}` has its `{}` twice", key.0, key.1);
                errors.push(r.error("key", message));
                continue;
            }
            texts.insert(key, r.row.text);
        }
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        let lang = Lang::from_code(lang).expect("TRANSLATION_FILES names only known languages");
        Ok(Translations { lang, texts })
    }

    /// A language's file as shipped; English has none (its words are the
    /// cards' own).
    pub fn embedded(lang: Lang) -> Result<Option<Translations>, LoadErrors> {
        EMBEDDED
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(l, text)| Translations::load(l.code(), text))
            .transpose()
    }

    /// The language's code (`de`).
    pub fn lang(&self) -> &'static str {
        self.lang.code()
    }

    /// The language.
    pub fn language(&self) -> Lang {
        self.lang
    }

    /// A key's field in this language, or `english` when the file gives
    /// none, with the language the words are in: a page marks English
    /// words `lang="en"` and says so.
    pub fn or_english<'a>(&'a self, key: &str, field: &str, english: &'a str) -> (&'a str, Lang) {
        match self.get(key, field) {
            Some(text) => (text, self.lang),
            None => (english, Lang::En),
        }
    }

    /// A key's field: a card's `name`, `text`, `restriction` or `ship`
    /// (key: its `/cards/<key>`), or the `name` of `ship:<xws>`,
    /// `action:<xws>`, `slot:<xws>`, `product:<id>`, `condition:<xws>`.
    pub fn get(&self, key: &str, field: &str) -> Option<&str> {
        self.texts
            .get(&(key.to_string(), field.to_string()))
            .map(String::as_str)
    }

    /// How many texts the file gives.
    pub fn len(&self) -> usize {
        self.texts.len()
    }

    /// Whether the file gives none.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// Every (key, field, text), by key and field.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        self.texts
            .iter()
            .map(|((k, f), t)| (k.as_str(), f.as_str(), t.as_str()))
    }
}

impl Translations {
    /// The card database in a language, the English word wherever the
    /// language has none: the cards' names, texts, restrictions and printed
    /// ships, and the names of factions, slots, actions, ships, conditions
    /// (with their texts) and products. Ids, XWS names and every rule stay.
    /// A dual card's translation is one text for both faces, as YASB gives
    /// it: it goes on the first face, and the other keeps its English words.
    /// `GET /api/cards?lang=` answers it.
    ///
    /// ```
    /// use cards::catalog::{Database, Translations};
    /// use cards::lang::Lang;
    /// let db = Database::embedded().unwrap();
    /// let de = Translations::embedded(Lang::De).unwrap().unwrap().translate(&db);
    /// let lock = de.actions.iter().find(|a| a.xws == "targetlock").unwrap();
    /// assert_eq!(lock.name, "Zielerfassung");
    /// assert_eq!(de.pilots.len(), db.pilots.len());
    /// ```
    pub fn translate(&self, db: &Database) -> Database {
        let mut out = db.clone();
        self.translate_names(&mut out);
        self.translate_cards(db, &mut out);
        out
    }

    /// Puts the language's word for `key`'s `field` in `into`, if it has one.
    fn word(&self, key: &str, field: &str, into: &mut String) {
        if let Some(text) = self.get(key, field) {
            *into = text.to_string();
        }
    }

    /// The names of the things cards name: factions, slots, actions,
    /// ships, conditions (and their texts) and products.
    fn translate_names(&self, out: &mut Database) {
        for f in &mut out.factions {
            self.word(&format!("faction:{}", f.xws), "name", &mut f.name);
        }
        for s in &mut out.slots {
            self.word(&format!("slot:{}", s.xws), "name", &mut s.name);
        }
        for a in &mut out.actions {
            self.word(&format!("action:{}", a.xws), "name", &mut a.name);
        }
        for s in &mut out.ships {
            self.word(&format!("ship:{}", s.xws), "name", &mut s.name);
        }
        for c in &mut out.conditions {
            self.word(&format!("condition:{}", c.xws), "name", &mut c.name);
            self.word(&format!("condition:{}", c.xws), "text", &mut c.text);
        }
        for p in &mut out.products {
            self.word(&format!("product:{}", p.id), "name", &mut p.name);
        }
    }

    /// The pilots' and upgrades' words, by each card's key in `db`.
    fn translate_cards(&self, db: &Database, out: &mut Database) {
        let keys = db.card_keys();
        for (p, card) in out.pilots.iter_mut().zip(&db.pilots) {
            let key = keys.key(Card::Pilot(card));
            self.word(&key, "name", &mut p.name);
            self.word(&key, "ship", &mut p.printed_ship);
            if let Some(text) = self.get(&key, "text") {
                p.ability = Some(text.to_string());
            }
        }
        for (u, card) in out.upgrades.iter_mut().zip(&db.upgrades) {
            let key = keys.key(Card::Upgrade(card));
            self.word(&key, "restriction", &mut u.restriction_text);
            if let Some(face) = u.faces.first_mut() {
                self.word(&key, "name", &mut face.name);
                self.word(&key, "text", &mut face.text);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_file_is_refused_with_every_problem() {
        assert!(
            Translations::load("de", "key,text\nx,y\n").is_err(),
            "a column missing"
        );
        assert!(Translations::load("de", "").is_err(), "no header");
        let empty = "key,field,text\n,name,w\nx,name,\n";
        assert_eq!(Translations::load("de", empty).unwrap_err().0.len(), 2);
        let bad = "key,field,text\nx,colour,y\nship:xwing,text,z\nx,name,a\nx,name,b\n";
        let errors = Translations::load("ru", bad).unwrap_err().0;
        let lines: Vec<(u64, &str)> = errors.iter().map(|e| (e.line, e.column.as_str())).collect();
        assert_eq!(
            lines,
            [(2, "field"), (3, "field"), (5, "key")],
            "{errors:?}"
        );
        assert!(errors.iter().all(|e| e.file == "i18n/ru.csv"));
    }

    #[test]
    fn every_shipped_file_loads_and_english_has_none() {
        assert_eq!(Translations::embedded(Lang::En).unwrap(), None);
        for lang in &Lang::ALL[1..] {
            let file = Translations::embedded(*lang).unwrap().unwrap();
            assert_eq!(file.language(), *lang);
            assert!(!file.is_empty(), "{lang}");
        }
    }

    #[test]
    fn a_missing_text_falls_back_to_english_and_says_so() {
        let csv = "key,field,text\nr2astromech,name,R2-Astromech\n";
        let de = Translations::load("de", csv).unwrap();
        let name = de.or_english("r2astromech", "name", "R2 Astromech");
        assert_eq!(name, ("R2-Astromech", Lang::De));
        assert_eq!(
            de.or_english("r2astromech", "text", "Green"),
            ("Green", Lang::En)
        );
    }
}
