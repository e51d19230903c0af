//! YASB's translations joined to our cards: `cards/data/i18n/<lang>.csv`.
//!
//! Reads `cards/data/yasb/cards-<lang>.coffee` (YASB's translation files,
//! MIT, read by `translation_file.rs`) and writes, per language, the rows
//! `key,field,text`: a card's page key (`/cards/<key>`) with `name`,
//! `text`, `restriction` or `ship` (a pilot's ship as YASB names it), and
//! `ship:<xws>`, `action:<xws>`, `slot:<xws>`, `product:<id>` and
//! `condition:<xws>` with `name` (a condition also `text`). The card data
//! itself is never touched: a translation changes words, not rules.
//!
//! A card table is keyed by the English name as `cards-common.coffee`
//! spells it: that name gives YASB's ids, and `yasb.csv` our cards. A text
//! equal to the English one in `cards-en.coffee`, or written in its English
//! words only (a pasted English text edited by hand: "Your upgrade bar 1
//! additional [Crew] upgrade icon…"), was pasted in, not translated: it is
//! dropped and counted. A name equal to the English one is
//! kept (a proper name stays) and counted apart. An entry that joins none of
//! our cards needs a verdict in `cards/data/import/i18n-verdicts.csv`, or
//! the import stops and lists it. The same file corrects a language's word
//! for a ship, action, slot or product where YASB's is wrong (`word <text>`:
//! Turkish's "Düzelmek", an infinitive, for Recover), so the copied YASB
//! file stays as YASB wrote it.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::ImportError;
use super::card_text::{
    CardText, EnglishWords, convert_card_text, english_restriction, normalised,
};
use super::coffee::{canonicalize, read_list};
use super::i18n_coverage::{Coverage, coverage_table};
use super::translation_file::{
    CARD_TABLES, TranslatedCard, TranslationFile, read_translation_file,
};
use cards::catalog::{Card, CardKeys, Database, YasbKind, translation_columns};

/// The languages written, by code, with the name a player knows them by.
pub const I18N_LANGUAGES: [(&str, &str); 7] = [
    ("de", "Deutsch"),
    ("es", "Español"),
    ("fr", "Français"),
    ("ru", "Русский"),
    ("pl", "Polski"),
    ("hu", "Magyar"),
    ("tr", "Türkçe"),
];

/// The verdicts file compiled into the crate (for the import test).
pub const EMBEDDED_I18N_VERDICTS: &str = include_str!("../../cards/data/import/i18n-verdicts.csv");

/// What to do with a translation that joins none of our cards.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct I18nVerdict {
    /// The language it is about; empty for every language.
    pub lang: String,
    /// `pilot`, `upgrade`, `modification`, `title`, `condition`, `ship`,
    /// `action`, `slot` or `product`.
    pub kind: String,
    /// The English name the translation file keys it by.
    pub name: String,
    /// `skip`, or `join <key>` to join it to one of ours by hand; or, for
    /// one language's ship, action, slot or product name, `word <text>`:
    /// the word to write instead of YASB's.
    pub verdict: String,
    pub reason: String,
}

/// The kinds whose names a `word` verdict corrects: the terms, not cards.
const TERM_KINDS: [&str; 4] = ["ship", "action", "slot", "product"];

impl I18nVerdict {
    /// A `word <text>` verdict's text.
    pub fn word(&self) -> Option<&str> {
        self.verdict.strip_prefix("word ")
    }
}

/// Reads `i18n-verdicts.csv`.
pub fn read_i18n_verdicts(text: &str) -> Result<Vec<I18nVerdict>, ImportError> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let mut verdicts = Vec::new();
    for (i, row) in reader.deserialize::<I18nVerdict>().enumerate() {
        let bad = |message: String| ImportError::I18nVerdicts {
            line: i + 2,
            message,
        };
        let verdict = row.map_err(|e| bad(e.to_string()))?;
        if let Some(word) = verdict.word() {
            if word.trim().is_empty() || verdict.lang.is_empty() {
                return Err(bad(
                    "a `word` verdict needs its language and its word".into()
                ));
            }
            if !TERM_KINDS.contains(&verdict.kind.as_str()) {
                return Err(bad(format!(
                    "a `word` verdict corrects a ship, action, slot or product name, not a {}",
                    verdict.kind
                )));
            }
        } else if verdict.verdict != "skip" && !verdict.verdict.starts_with("join ") {
            return Err(bad(format!(
                "the verdict is `{}`, not `skip`, `join <key>` or `word <text>`",
                verdict.verdict
            )));
        }
        if verdict.reason.trim().is_empty() {
            return Err(bad("a verdict needs its reason".into()));
        }
        verdicts.push(verdict);
    }
    Ok(verdicts)
}

/// What the translation import writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct I18nImport {
    /// `(lang, i18n/<lang>.csv)` in [`I18N_LANGUAGES`] order.
    pub files: Vec<(&'static str, String)>,
    /// Each language's counts, in the same order.
    pub coverage: Vec<(&'static str, Coverage)>,
    /// `i18n/COVERAGE.md`, written from the counts.
    pub coverage_table: String,
}

impl I18nImport {
    /// One language's file.
    pub fn file(&self, lang: &str) -> Option<&str> {
        self.files
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, t)| t.as_str())
    }

    /// One language's counts.
    pub fn counts(&self, lang: &str) -> Option<&Coverage> {
        self.coverage
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, c)| c)
    }
}

/// The card kind of each card table.
fn table_kind(table: &str) -> YasbKind {
    match table {
        "pilot_translations" => YasbKind::Pilot,
        "upgrade_translations" => YasbKind::Upgrade,
        "modification_translations" => YasbKind::Modification,
        "title_translations" => YasbKind::Title,
        _ => YasbKind::Condition,
    }
}

/// Runs the import: `english` is `cards-en.coffee`, `files` the seven
/// language files as `(code, text)`, `common` `cards-common.coffee`, and
/// `db` the cards with their YASB ids.
pub fn import_i18n(
    english: &str,
    files: &[(&'static str, String)],
    common: &str,
    db: &Database,
    verdicts: &[I18nVerdict],
) -> Result<I18nImport, ImportError> {
    let file_error = |lang: &str, e: String| ImportError::I18nFile {
        file: format!("cards-{lang}.coffee"),
        message: e,
    };
    let english = read_translation_file(english).map_err(|e| file_error("en", e.to_string()))?;
    let english = EnglishTexts::from_file(&english)?;
    let names = YasbNames::read(common)?;
    let keys = db.card_keys();
    let mut used = vec![false; verdicts.len()];
    let mut unjoined = Vec::new();
    let mut result = I18nImport {
        files: Vec::new(),
        coverage: Vec::new(),
        coverage_table: String::new(),
    };
    for (lang, text) in files {
        let file = read_translation_file(text).map_err(|e| file_error(lang, e.to_string()))?;
        let mut one = Language {
            lang,
            db,
            keys: &keys,
            names: &names,
            english: &english,
            verdicts,
            used: &mut used,
            unjoined: &mut unjoined,
            rows: BTreeMap::new(),
            coverage: Coverage::default(),
        };
        one.cards(&file)?;
        one.words(&file);
        let (rows, coverage) = (one.rows, one.coverage);
        result.files.push((lang, write_rows(&rows)?));
        result.coverage.push((lang, coverage));
    }
    for (v, used) in verdicts.iter().zip(&used) {
        if !used {
            unjoined.push(format!(
                "the verdict on {} `{}` ({}) settles nothing: remove it",
                v.kind,
                v.name,
                if v.lang.is_empty() {
                    "every language"
                } else {
                    &v.lang
                }
            ));
        }
    }
    if !unjoined.is_empty() {
        return Err(ImportError::I18nUnjoined(unjoined));
    }
    result.coverage_table = coverage_table(&I18N_LANGUAGES, &result.coverage);
    Ok(result)
}

/// `cards-en.coffee`'s texts, converted, by (kind, English name), and the
/// words they are written in.
struct EnglishTexts(BTreeMap<(YasbKind, String), CardText>, EnglishWords);

impl EnglishTexts {
    fn from_file(file: &TranslationFile) -> Result<EnglishTexts, ImportError> {
        let mut texts = BTreeMap::new();
        for (table, entries) in &file.tables {
            for e in entries {
                if let Some(text) = e.fields.get("text") {
                    let converted = convert(text, "en", e)?;
                    texts.insert((table_kind(table), e.english.clone()), converted);
                }
            }
        }
        let words = EnglishWords::of(texts.values().map(|t| t.text.as_str()));
        Ok(EnglishTexts(texts, words))
    }
}

fn convert(text: &str, lang: &str, e: &TranslatedCard) -> Result<CardText, ImportError> {
    convert_card_text(text).map_err(|message| ImportError::I18nFile {
        file: format!("cards-{lang}.coffee"),
        message: format!("line {}, `{}`: {message}", e.line, e.english),
    })
}

/// `cards-common.coffee`'s ids of each (kind, English name).
struct YasbNames(BTreeMap<(YasbKind, String), Vec<u32>>);

impl YasbNames {
    fn read(common: &str) -> Result<YasbNames, ImportError> {
        let mut names: BTreeMap<(YasbKind, String), Vec<u32>> = BTreeMap::new();
        for kind in YasbKind::ALL {
            let entries =
                read_list(common, kind.list()).map_err(|e| ImportError::Yasb(e.to_string()))?;
            for e in entries.iter().filter(|e| !e.flag("skip")) {
                let (Some(name), Some(id)) = (e.text("name"), e.number("id")) else {
                    continue;
                };
                if let Ok(id) = u32::try_from(id) {
                    names.entry((kind, name.to_string())).or_default().push(id);
                }
            }
        }
        Ok(YasbNames(names))
    }
}

/// One language being joined.
struct Language<'a> {
    lang: &'static str,
    db: &'a Database,
    keys: &'a CardKeys<'a>,
    names: &'a YasbNames,
    english: &'a EnglishTexts,
    verdicts: &'a [I18nVerdict],
    used: &'a mut Vec<bool>,
    unjoined: &'a mut Vec<String>,
    rows: BTreeMap<(String, String), String>,
    coverage: Coverage,
}

impl Language<'_> {
    /// The verdict on an entry that joins nothing: its key for `join`,
    /// nothing for `skip`; recorded as unjoined when there is none.
    fn settle(&mut self, kind: &str, name: &str) -> Option<String> {
        let found = self.verdicts.iter().position(|v| {
            (v.lang.is_empty() || v.lang == self.lang)
                && v.kind == kind
                && v.name == name
                && v.word().is_none()
        });
        let Some(i) = found else {
            self.unjoined.push(format!(
                "{} {kind} `{name}` joins none of our cards: add a verdict to cards/data/import/i18n-verdicts.csv",
                self.lang
            ));
            return None;
        };
        self.used[i] = true;
        self.coverage.settled += 1;
        self.verdicts[i]
            .verdict
            .strip_prefix("join ")
            .map(str::to_string)
    }

    /// A term's name in this language: YASB's, or the word a `word`
    /// verdict gives where YASB's is wrong. A verdict whose word is YASB's
    /// own settles nothing, and is reported so.
    fn term(&mut self, kind: &str, english: &str, local: &str) -> String {
        let local = local.trim();
        let found = self.verdicts.iter().position(|v| {
            v.lang == self.lang && v.kind == kind && v.name == english && v.word().is_some()
        });
        match found.map(|i| (i, self.verdicts[i].word().unwrap_or_default())) {
            Some((i, word)) if word != local => {
                self.used[i] = true;
                word.to_string()
            }
            _ => local.to_string(),
        }
    }

    fn put(&mut self, key: &str, field: &str, text: &str) {
        self.rows
            .entry((key.to_string(), field.to_string()))
            .or_insert_with(|| text.to_string());
    }

    /// The keys of the cards one entry names (several where YASB's name
    /// stands for several of ours).
    fn card_keys(&mut self, kind: YasbKind, e: &TranslatedCard) -> Vec<String> {
        let ids = self.names.0.get(&(kind, e.english.clone()));
        let mut cards: Vec<u32> = ids
            .into_iter()
            .flatten()
            .filter_map(|id| self.db.yasb_card(kind, *id).map(|y| y.card))
            .collect();
        cards.sort_unstable();
        cards.dedup();
        let keys: Vec<String> = match kind {
            YasbKind::Condition => cards
                .iter()
                .filter_map(|id| self.db.conditions.iter().find(|c| c.id == *id))
                .map(|c| format!("condition:{}", c.xws))
                .collect(),
            YasbKind::Pilot => self.pilot_keys(&cards, e),
            _ => cards
                .iter()
                .filter_map(|id| self.db.upgrade_by_id(*id))
                .map(|u| self.keys.key(Card::Upgrade(u)))
                .collect(),
        };
        if !keys.is_empty() {
            return keys;
        }
        self.settle(kind.name(), &e.english).into_iter().collect()
    }

    /// Pilots of one name: where several, the entry's `ship` (in the
    /// language) picks those on that ship, if it names any.
    fn pilot_keys(&self, cards: &[u32], e: &TranslatedCard) -> Vec<String> {
        let pilots: Vec<_> = cards
            .iter()
            .filter_map(|id| self.db.pilot_by_id(*id))
            .collect();
        let on_ship: Vec<_> = match e.fields.get("ship") {
            Some(ship) if pilots.len() > 1 => pilots
                .iter()
                .copied()
                .filter(|p| {
                    let key = format!("ship:{}", p.ship);
                    self.rows.get(&(key, "name".into())) == Some(ship)
                        || self.db.ship_name(&p.ship) == ship
                })
                .collect(),
            _ => Vec::new(),
        };
        let chosen = if on_ship.is_empty() { pilots } else { on_ship };
        chosen
            .into_iter()
            .map(|p| self.keys.key(Card::Pilot(p)))
            .collect()
    }

    /// Every card table's entries.
    fn cards(&mut self, file: &TranslationFile) -> Result<(), ImportError> {
        // Ship names first: a pilot's `ship` is matched against them.
        self.ships(file);
        for table in CARD_TABLES {
            let kind = table_kind(table);
            for e in file.tables.get(table).into_iter().flatten() {
                let keys = self.card_keys(kind, e);
                if keys.is_empty() {
                    continue;
                }
                self.card(kind, e, &keys)?;
            }
        }
        Ok(())
    }

    /// One entry's fields, for each of its cards.
    fn card(
        &mut self,
        kind: YasbKind,
        e: &TranslatedCard,
        keys: &[String],
    ) -> Result<(), ImportError> {
        if let Some(name) = e
            .fields
            .get("name")
            .map(|n| normalised(n))
            .filter(|n| !n.is_empty())
        {
            let same = name == normalised(&e.english);
            self.coverage.count_name(kind, same);
            for key in keys {
                self.put(key, "name", &name);
            }
        }
        if let Some(ship) = e.fields.get("ship").filter(|s| !s.trim().is_empty()) {
            for key in keys {
                self.put(key, "ship", ship.trim());
            }
        }
        let Some(text) = e.fields.get("text") else {
            return Ok(());
        };
        let ours = convert(text, self.lang, e)?;
        let theirs = self.english.0.get(&(kind, e.english.clone()));
        let fields = [
            ("text", ours.text.as_str(), theirs.map(|t| t.text.as_str())),
            (
                "restriction",
                ours.restriction.as_str(),
                theirs.map(|t| t.restriction.as_str()),
            ),
        ];
        for (field, text, english) in fields {
            if text.is_empty() {
                continue;
            }
            let pasted = english.is_some_and(|e| normalised(e) == normalised(text))
                || self.english.1.wrote(text);
            if pasted || (field == "restriction" && english_restriction(text)) {
                self.coverage.count_dropped(field);
                continue;
            }
            if field == "text" {
                self.coverage.count_text(kind);
            }
            for key in keys {
                self.put(key, field, text);
            }
        }
        Ok(())
    }
}

impl Language<'_> {
    /// `renameShip`: each ship's name.
    fn ships(&mut self, file: &TranslationFile) {
        for (english, local) in &file.ship_names {
            let found = self.db.ships.iter().find(|s| {
                same_term(&s.name, english)
                    || s.xws == canonicalize(english)
                    || s.aliases.iter().any(|a| same_term(a, english))
            });
            let key = match found {
                Some(ship) => Some(format!("ship:{}", ship.xws)),
                None => self.settle("ship", english),
            };
            if let Some(key) = key {
                let local = self.term("ship", english, local);
                self.coverage.count_term("ship", same_term(english, &local));
                self.put(&key, "name", &local);
            }
        }
    }

    /// The action, slot and product names.
    fn words(&mut self, file: &TranslationFile) {
        let db = self.db;
        for (section, kind) in [
            ("action", "action"),
            ("slot", "slot"),
            ("sources", "product"),
        ] {
            for (english, local) in file.sections.get(section).into_iter().flatten() {
                let key = match kind {
                    "action" => db
                        .actions
                        .iter()
                        .find(|a| same_term(&a.name, english) || a.xws == canonicalize(english))
                        .map(|a| format!("action:{}", a.xws)),
                    "slot" => db
                        .slots
                        .iter()
                        .find(|s| {
                            same_term(&s.name, english)
                                || s.aliases.iter().any(|a| same_term(a, english))
                        })
                        .map(|s| format!("slot:{}", s.xws)),
                    _ => db
                        .products
                        .iter()
                        .find(|p| same_term(&p.name, english))
                        .map(|p| format!("product:{}", p.id)),
                };
                let Some(key) = key.or_else(|| self.settle(kind, english)) else {
                    continue;
                };
                let local = self.term(kind, english, local);
                self.coverage.count_term(kind, same_term(english, &local));
                self.put(&key, "name", &local);
            }
        }
    }
}

fn write_rows(rows: &BTreeMap<(String, String), String>) -> Result<String, ImportError> {
    let error = |message: String| ImportError::Write {
        file: "i18n/<lang>.csv".into(),
        message,
    };
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(translation_columns())
        .map_err(|e| error(e.to_string()))?;
    for ((key, field), text) in rows {
        out.write_record([key, field, text])
            .map_err(|e| error(e.to_string()))?;
    }
    let bytes = out.into_inner().map_err(|e| error(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| error(e.to_string()))
}

/// How a name-like term is matched: YASB's canonical form.
pub(super) fn same_term(a: &str, b: &str) -> bool {
    canonicalize(a) == canonicalize(b) && !canonicalize(a).is_empty()
}
