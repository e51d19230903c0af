//! The interface catalogues (`app/locales/<lang>/<namespace>.json`): the
//! build fails on a key the code uses that English lacks, and on a
//! translation's key, placeholder or tag English lacks
//! (`app/build/catalogues.rs`), but a language that lacks a key falls back
//! to English. This test makes that a failure, and checks each language's
//! interpolations and plural forms.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use cards::lang::Lang;

/// The CLDR cardinal plural categories of each language (ICU4X 2).
fn plural_categories(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::Ru | Lang::Pl => &["one", "few", "many", "other"],
        Lang::Es | Lang::Fr => &["one", "many", "other"],
        Lang::En | Lang::De | Lang::Hu | Lang::Tr => &["one", "other"],
    }
}

/// A catalogue's strings by key, with plural keys folded to their stem
/// (each form kept, by category) and the categories each stem has.
struct Catalogue {
    strings: BTreeMap<String, BTreeMap<String, String>>,
    plurals: BTreeMap<String, BTreeSet<String>>,
}

/// The form of a key that is not plural.
const PLAIN: &str = "";

const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

fn read(lang: Lang, namespace: &str) -> Catalogue {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang.code())
        .join(format!("{namespace}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let json: BTreeMap<String, String> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut strings: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut plurals: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (key, value) in json {
        let plural = CATEGORIES
            .iter()
            .find_map(|c| key.strip_suffix(&format!("_{c}")).map(|stem| (stem, *c)));
        let (stem, category) = plural.unwrap_or((&key, PLAIN));
        if category != PLAIN {
            plurals
                .entry(stem.to_string())
                .or_default()
                .insert(category.to_string());
        }
        strings
            .entry(stem.to_string())
            .or_default()
            .insert(category.to_string(), value);
    }
    Catalogue { strings, plurals }
}

fn namespaces() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/en");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .trim_end_matches(".json")
                .to_string()
        })
        .collect();
    names.sort();
    names
}

/// The placeholders of a string, as written: `{{ name }}`, and `{name}`,
/// which no catalogue string may use (below), so that a translation that
/// writes one is caught.
fn placeholders(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find('{') {
        let double = rest[at..].starts_with("{{");
        let (open, close) = if double { ("{{", "}}") } else { ("{", "}") };
        let inner = &rest[at + open.len()..];
        let Some(end) = inner.find(close) else {
            break;
        };
        found.insert(format!("{open}{}{close}", inner[..end].trim()));
        rest = &inner[end + close.len()..];
    }
    found
}

#[test]
fn placeholders_are_read_by_their_kind() {
    let found = placeholders("{{ count }} of {total}, {{count}} again; {{ open");
    let want: BTreeSet<String> = ["{{count}}", "{total}"].map(String::from).into();
    assert_eq!(found, want);
}

/// One placeholder syntax, filled by one engine (`app/src/i18n/template.rs`)
/// in views and in plain text alike.
#[test]
fn every_placeholder_is_written_in_double_braces() {
    for namespace in namespaces() {
        for lang in Lang::ALL {
            for (key, forms) in &read(lang, &namespace).strings {
                for text in forms.values() {
                    let single: Vec<String> = (placeholders(text).into_iter())
                        .filter(|p| !p.starts_with("{{"))
                        .collect();
                    assert!(
                        single.is_empty(),
                        "{lang}/{namespace}.json `{key}`: {single:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_language_has_every_english_key_and_no_other() {
    for namespace in namespaces() {
        let english = read(Lang::En, &namespace);
        for lang in &Lang::ALL[1..] {
            let other = read(*lang, &namespace);
            let want: BTreeSet<&String> = english.strings.keys().collect();
            let have: BTreeSet<&String> = other.strings.keys().collect();
            assert_eq!(
                have, want,
                "{lang}/{namespace}.json: keys differ from English"
            );
        }
    }
}

/// Every form of every translation uses the placeholders English uses:
/// each that all of English's forms use, and none that English's forms
/// lack (English's `_one` may say "the only one" where `_other` counts,
/// and a language's `_one` that also stands for 21 must count).
#[test]
fn every_translation_keeps_the_english_placeholders() {
    for namespace in namespaces() {
        let english = read(Lang::En, &namespace);
        for lang in &Lang::ALL[1..] {
            let other = read(*lang, &namespace);
            for (key, forms) in &english.strings {
                let Some(theirs) = other.strings.get(key) else {
                    continue;
                };
                let each: Vec<BTreeSet<String>> = forms.values().map(|t| placeholders(t)).collect();
                let allowed: BTreeSet<String> = each.iter().flatten().cloned().collect();
                let required: BTreeSet<String> = allowed
                    .iter()
                    .filter(|p| each.iter().all(|e| e.contains(*p)))
                    .cloned()
                    .collect();
                for (category, text) in theirs {
                    let have = placeholders(text);
                    let form = format!(
                        "{key}{}{category}",
                        if category.is_empty() { "" } else { "_" }
                    );
                    assert!(
                        required.is_subset(&have) && have.is_subset(&allowed),
                        "{lang}/{namespace}.json `{form}`: {have:?}, where English has {required:?} (of {allowed:?})"
                    );
                }
            }
        }
    }
}

#[test]
fn plurals_have_each_languages_cldr_forms() {
    for namespace in namespaces() {
        let english = read(Lang::En, &namespace);
        for lang in Lang::ALL {
            let catalogue = read(lang, &namespace);
            for stem in english.plurals.keys() {
                let forms = catalogue.plurals.get(stem).cloned().unwrap_or_default();
                let want: BTreeSet<String> = plural_categories(lang)
                    .iter()
                    .map(|c| c.to_string())
                    .collect();
                assert_eq!(forms, want, "{lang}/{namespace}.json `{stem}`");
            }
        }
    }
}

#[test]
fn no_translation_is_left_in_english_unless_it_is_a_name() {
    // Strings that are the same in every language: the product's name.
    // And game words that some language prints as English does (parts):
    // the slots YASB's translations name "Astromech" (de, fr, pl),
    // "System" (de, pl), "Team" (de), "Hardpoint" (es), "Missile", "Tech",
    // "Modification" (fr); the dial's colour initials, G, W, R in German
    // (R in Spanish and French); "Faction", French for a faction
    // (search's filter, the builder's and the collection's); and
    // "Standard", the format's name in German, French and Polish
    // (problems); "Menu", the phone's menu of sections in French and
    // Polish (common). And labels that are the language's natural word,
    // not padded to differ from English: "Format" (de, fr, pl, tr),
    // "Pilot" (de, pl, tr), "Name" and "Stress" (de), "Slot" (de, pl;
    // the link's slot mark in Polish),
    // "Notes", "Obstacles", "Date", "Collection", "Unique", "Points",
    // "Action", "Combat" and "Stress" (fr).
    let same_everywhere = [
        "brand",
        "faction",
        "by_faction",
        "format",
        "hit_pilot",
        "shelf_sort_name",
        "solo_stress",
        "token_stress",
        "filter_slot",
        "mark_slot",
        "notes",
        "obstacles",
        "shelf_sort_date",
        "nav_collection",
        "stat_unique",
        "filter_unique",
        "filter_points",
        "energy_action",
        "energy_combat",
        "solo_action",
        "slot_amd",
        "slot_system",
        "slot_team",
        "slot_hardpoint",
        "slot_missile",
        "slot_tech",
        "slot_mod",
        "dial_mark_green",
        "dial_mark_white",
        "dial_mark_red",
        "filter_faction",
        "format_standard",
        "nav_menu",
        // Only placeholders: a stat and its change ("hull +1").
        "effect_stat_change",
        // French names a card's face "face" too.
        "effect_on_face",
    ];
    for namespace in namespaces() {
        let english = read(Lang::En, &namespace);
        for lang in &Lang::ALL[1..] {
            let other = read(*lang, &namespace);
            for (key, text) in &english.strings {
                if same_everywhere.contains(&key.as_str()) || english.plurals.contains_key(key) {
                    continue;
                }
                assert_ne!(
                    other.strings.get(key),
                    Some(text),
                    "{lang}/{namespace}.json `{key}` is still English"
                );
            }
        }
    }
}
