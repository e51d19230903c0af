//! One word for each game term, in each language (issue 61): every
//! language has a glossary, `app/glossary/<lang>.csv`, of the game terms
//! the catalogues name (`term,english,words,reason`), taken from its YASB
//! card file where that file is right. Where an English catalogue string
//! names a term, the translation must use that language's word for it.
//!
//! - `english`: the English forms of the term, `|` between them, found as
//!   whole words in any case, with a plural `-s` or `-es`; a longer term
//!   is found first and hides the shorter ones inside it ("upgrade bar"
//!   hides "upgrade"). Placeholders and tags are not words.
//! - `words`: the language's forms, `|` between them, any one of which
//!   will do. Each is a stem, found at the start of a word in any case
//!   ("takım" finds "takımda"); one that starts with `*` is found inside
//!   a word too, as a compound's later part ("*energie" finds
//!   "Schiffsenergie").

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use cards::catalog::Translations;
use cards::lang::Lang;

/// English strings that use a term's word in another sense:
/// (`namespace.key`, term).
const NOT_THE_TERM: &[(&str, &str)] = &[
    // "Point at a pilot": the verb.
    ("builder.card_panel_hint", "point"),
    // Reloading the page, not the 2nd-edition action.
    ("common.update_reload", "reload"),
    ("play.saved_here", "reload"),
    // The search's hits.
    ("search.only_owned", "hit"),
    // A shot that can hit the Tarantula (Mission Dreadnought's game).
    ("sims.dread_hint", "hit"),
    // The rules documents' sections ("section by section").
    ("rules.index_description", "section"),
    ("rules.index_intro", "section"),
];

/// Translations that do not name a term their English names, and why:
/// (language, `namespace.key`, term).
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    // German's token names say "Marker" themselves ("Fokusmarker",
    // play.token_*), and `{token}` is one of them.
    ("de", "play.add_token", "token"),
    ("de", "play.remove_token", "token"),
    ("de", "errors.play_bounds_token", "token"),
];

const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// One glossary row.
#[derive(Debug, serde::Deserialize)]
struct Entry {
    term: String,
    english: String,
    words: String,
    reason: String,
}

fn glossary(lang: Lang) -> Vec<Entry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("glossary")
        .join(format!("{}.csv", lang.code()));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// A language's strings by `namespace.key`, a plural key's forms together.
fn catalogue(lang: Lang) -> BTreeMap<String, Vec<String>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut strings: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for entry in std::fs::read_dir(dir.join("en")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        let namespace = name.trim_end_matches(".json");
        let path = dir.join(lang.code()).join(&name);
        let text = std::fs::read_to_string(&path).unwrap();
        let map: BTreeMap<String, String> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        for (key, text) in map {
            let base = CATEGORIES
                .iter()
                .find_map(|c| key.strip_suffix(&format!("_{c}")))
                .unwrap_or(&key);
            strings
                .entry(format!("{namespace}.{base}"))
                .or_default()
                .push(text);
        }
    }
    strings
}

/// A string without its placeholders (`{{ x }}`, `{x}`) and tags (`<b>`).
fn words_only(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' | '<' => depth += 1,
            '}' | '>' if depth > 0 => {
                depth -= 1;
                out.push(' ');
            }
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Lower case, without Turkish's dotted and dotless i apart, nor "ё",
/// the words single-spaced and the whole padded with a space each side.
fn folded(text: &str) -> String {
    let lower: String = text
        .to_lowercase()
        .chars()
        .filter(|c| *c != '\u{307}')
        .map(|c| match c {
            'ı' => 'i',
            'ё' => 'е',
            c => c,
        })
        .collect();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    format!(" {} ", words.join(" "))
}

/// The terms an English text names, longest forms first.
fn terms_named<'a>(text: &str, forms: &[(&'a str, Vec<String>)]) -> BTreeSet<&'a str> {
    let words: Vec<String> = words_only(text)
        .to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let mut taken = vec![false; words.len()];
    let mut found = BTreeSet::new();
    for (term, form) in forms {
        let n = form.len();
        for at in 0..(words.len() + 1).saturating_sub(n) {
            let same = |i: usize| {
                let (word, want) = (&words[at + i], &form[i]);
                word == want
                    || (i == n - 1 && [format!("{want}s"), format!("{want}es")].contains(word))
            };
            if !taken[at..at + n].contains(&true) && (0..n).all(same) {
                taken[at..at + n].fill(true);
                found.insert(*term);
            }
        }
    }
    found
}

/// Whether a translation uses one of a term's words.
fn uses(text: &str, words: &str) -> bool {
    let text = folded(&words_only(text));
    words.split('|').any(|word| match word.strip_prefix('*') {
        Some(inside) => text.contains(folded(inside).trim()),
        None => text.contains(folded(word).trim_end()),
    })
}

/// Every English form of every term, longest first.
fn english_forms(entries: &[Entry]) -> Vec<(&str, Vec<String>)> {
    let mut forms: Vec<(&str, Vec<String>)> = entries
        .iter()
        .flat_map(|e| {
            e.english.split('|').map(|f| {
                let words = f.split_whitespace().map(str::to_lowercase).collect();
                (e.term.as_str(), words)
            })
        })
        .collect();
    forms.sort_by_key(|(_, words)| std::cmp::Reverse(words.len()));
    forms
}

#[test]
fn every_language_lists_the_same_terms_each_with_words_and_a_reason() {
    let english: Vec<(String, String)> = glossary(Lang::De)
        .into_iter()
        .map(|e| (e.term, e.english))
        .collect();
    for lang in &Lang::ALL[1..] {
        let entries = glossary(*lang);
        let terms: Vec<(String, String)> = entries
            .iter()
            .map(|e| (e.term.clone(), e.english.clone()))
            .collect();
        assert_eq!(
            terms, english,
            "app/glossary/{lang}.csv: terms differ from de.csv"
        );
        for e in &entries {
            assert!(
                !e.words.trim().is_empty() && !e.reason.trim().is_empty(),
                "app/glossary/{lang}.csv `{}`: a term needs its words and a reason",
                e.term
            );
        }
    }
}

#[test]
fn every_term_is_one_the_english_catalogue_names() {
    let entries = glossary(Lang::De);
    let forms = english_forms(&entries);
    let named: BTreeSet<&str> = catalogue(Lang::En)
        .values()
        .flatten()
        .flat_map(|text| terms_named(text, &forms))
        .collect();
    for e in &entries {
        assert!(
            named.contains(e.term.as_str()),
            "`{}` is named by no English string: drop it from the glossaries",
            e.term
        );
    }
}

#[test]
fn every_translation_uses_its_languages_word_for_each_term() {
    let english = catalogue(Lang::En);
    let mut failures = Vec::new();
    let mut excepted = BTreeSet::new();
    for lang in &Lang::ALL[1..] {
        let entries = glossary(*lang);
        let forms = english_forms(&entries);
        let words: BTreeMap<&str, &str> = entries
            .iter()
            .map(|e| (e.term.as_str(), e.words.as_str()))
            .collect();
        let theirs = catalogue(*lang);
        for (key, texts) in &english {
            let terms: BTreeSet<&str> = texts.iter().flat_map(|t| terms_named(t, &forms)).collect();
            for term in terms {
                if NOT_THE_TERM.contains(&(key.as_str(), term)) {
                    continue;
                }
                let exception = (lang.code(), key.as_str(), term);
                for text in &theirs[key] {
                    if uses(text, words[term]) {
                        continue;
                    }
                    if let Some(known) = EXCEPTIONS.iter().find(|e| **e == exception) {
                        excepted.insert(*known);
                    } else {
                        failures.push(format!(
                            "{lang} {key}: `{term}` is not “{}”: {text}",
                            words[term]
                        ));
                    }
                }
            }
        }
    }
    let entries = glossary(Lang::De);
    let forms = english_forms(&entries);
    for (key, term) in NOT_THE_TERM.iter().copied() {
        let named = english[key]
            .iter()
            .any(|t| terms_named(t, &forms).contains(term));
        assert!(
            named,
            "{key} does not name `{term}`: remove it from NOT_THE_TERM"
        );
    }
    for exception in EXCEPTIONS {
        assert!(
            excepted.contains(exception),
            "the exception {exception:?} excepts nothing: remove it"
        );
    }
    assert!(
        failures.is_empty(),
        "{} times a translation does not use its language's word for a term its English names:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The `parts` catalogue's action and slot names are the card
/// translations' (`cards/data/i18n/<lang>.csv`, YASB's words corrected by
/// `cards/data/import/i18n-verdicts.csv`), where those name them, and the
/// simulators name the actions as `parts` does.
#[test]
fn the_parts_catalogue_names_actions_and_slots_as_the_card_files_do() {
    // German's slot names: "Elite-Talent" is the talent's name, where
    // YASB's menu says "Elite"; "Torpedos" is plural like YASB's own
    // "Bomben", "Kanonen" and "Raketen".
    let own_words = [("de", "slot_ept"), ("de", "slot_torpedo")];
    for lang in &Lang::ALL[1..] {
        let cards = Translations::embedded(*lang).unwrap().unwrap();
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang.code())
            .join("parts.json");
        let parts: BTreeMap<String, String> =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let sims = catalogue(*lang);
        for (key, text) in &parts {
            if let Some(theirs) = sims
                .get(&format!("sims.{key}"))
                .filter(|_| key.starts_with("action_"))
            {
                assert_eq!(&theirs[0], text, "{lang} sims.{key} against parts.{key}");
            }
            let card_key = match key.split_once('_') {
                Some(("action" | "slot", _)) => key.replacen('_', ":", 1),
                _ => continue,
            };
            let Some(card) = cards.get(&card_key, "name") else {
                continue;
            };
            if own_words.contains(&(lang.code(), key.as_str())) {
                assert_ne!(card, text, "{lang} parts.{key}: no longer its own word");
            } else {
                assert_eq!(card, text, "{lang} parts.{key} against {card_key}");
            }
        }
    }
}
