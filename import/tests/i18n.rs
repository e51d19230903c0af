//! The card translations (`cards/data/i18n/`) against the import that
//! writes them from YASB's translation files (`cards/data/yasb/`), the
//! coverage they promise, and a few cards each language must name as its
//! printed cards do.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::catalog::{Database, Translations, YasbKind};
use import::{
    EMBEDDED_I18N_VERDICTS, EMBEDDED_YASB_CARDS, I18N_LANGUAGES, I18nImport, I18nVerdict,
    ImportError, import_i18n, read_i18n_verdicts,
};

const ENGLISH: &str = include_str!("../../cards/data/yasb/cards-en.coffee");

/// The committed files, in `I18N_LANGUAGES` order.
const COMMITTED: [(&str, &str); 7] = [
    ("de", include_str!("../../cards/data/i18n/de.csv")),
    ("es", include_str!("../../cards/data/i18n/es.csv")),
    ("fr", include_str!("../../cards/data/i18n/fr.csv")),
    ("ru", include_str!("../../cards/data/i18n/ru.csv")),
    ("pl", include_str!("../../cards/data/i18n/pl.csv")),
    ("hu", include_str!("../../cards/data/i18n/hu.csv")),
    ("tr", include_str!("../../cards/data/i18n/tr.csv")),
];

fn yasb_files() -> Vec<(&'static str, String)> {
    let texts = [
        include_str!("../../cards/data/yasb/cards-de.coffee"),
        include_str!("../../cards/data/yasb/cards-es.coffee"),
        include_str!("../../cards/data/yasb/cards-fr.coffee"),
        include_str!("../../cards/data/yasb/cards-ru.coffee"),
        include_str!("../../cards/data/yasb/cards-pl.coffee"),
        include_str!("../../cards/data/yasb/cards-hu.coffee"),
        include_str!("../../cards/data/yasb/cards-tr.coffee"),
    ];
    I18N_LANGUAGES
        .iter()
        .zip(texts)
        .map(|((lang, _), text)| (*lang, text.to_string()))
        .collect()
}

fn run_import() -> I18nImport {
    let db = Database::embedded().unwrap();
    let verdicts = read_i18n_verdicts(EMBEDDED_I18N_VERDICTS).unwrap();
    import_i18n(ENGLISH, &yasb_files(), EMBEDDED_YASB_CARDS, &db, &verdicts)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn committed(lang: &str) -> Translations {
    let (_, text) = COMMITTED.iter().find(|(l, _)| *l == lang).unwrap();
    Translations::load(lang, text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_import_writes_the_committed_translations_byte_for_byte() {
    let first = run_import();
    assert_eq!(first, run_import(), "two runs give the same bytes");
    for (lang, text) in COMMITTED {
        let written = first.file(lang).unwrap();
        if written != text {
            let line = written
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            panic!(
                "i18n/{lang}.csv differs from the import at line {}: run `make import-cards`\n import: {:?}\n commit: {:?}",
                line + 1,
                written.lines().nth(line),
                text.lines().nth(line)
            );
        }
    }
    assert_eq!(
        first.coverage_table,
        include_str!("../../cards/data/i18n/COVERAGE.md"),
        "COVERAGE.md is stale: run `make import-cards`"
    );
    let sources = include_str!("../../cards/data/SOURCES.md");
    assert_eq!(
        import::with_coverage_table(sources, &first.coverage_table).unwrap(),
        sources,
        "SOURCES.md's coverage table is stale: run `make import-cards`"
    );
}

/// The translated card names of `cards/data/i18n/COVERAGE.md` (names that
/// differ from the English, every kind of card): a language may gain
/// names, never lose them unnoticed.
const NAME_MINIMUMS: [(&str, usize); 7] = [
    ("de", 428),
    ("es", 444),
    ("fr", 271),
    ("ru", 615),
    ("pl", 181),
    ("hu", 30),
    ("tr", 0),
];

#[test]
fn each_language_keeps_at_least_the_coverage_tables_names() {
    let import = run_import();
    for (lang, minimum) in NAME_MINIMUMS {
        let counts = import.counts(lang).unwrap();
        assert!(
            counts.translated_names() >= minimum,
            "{lang}: {} translated names, the table promises {minimum}",
            counts.translated_names()
        );
    }
    let de = import.counts("de").unwrap();
    assert_eq!(de.of_kind(YasbKind::Condition), (10, 10));
    assert_eq!(de.term("ship"), 44);
}

#[test]
fn english_pasted_in_is_dropped_and_counted() {
    let import = run_import();
    for lang in ["pl", "tr"] {
        let counts = import.counts(lang).unwrap();
        assert!(counts.dropped("text") > 100, "{lang}: {counts:?}");
        assert!(counts.dropped("restriction") > 100, "{lang}: {counts:?}");
    }
    // Turkish gives no card name and no text of its own for most cards:
    // what it pasted is gone, so the card shows its English text.
    let tr = committed("tr");
    let english = Database::embedded().unwrap();
    let marksmanship = english.upgrade("marksmanship").unwrap();
    let text = &marksmanship.faces[0].text;
    assert!(tr.iter().all(|(_, _, t)| t != text.as_str()));
}

#[test]
fn every_row_names_one_of_our_cards_or_terms_in_plain_text() {
    let db = Database::embedded().unwrap();
    for (lang, _) in COMMITTED {
        let t = committed(lang);
        assert!(!t.is_empty(), "{lang}");
        for (key, field, text) in t.iter() {
            let known = match key.split_once(':') {
                Some(("ship", xws)) => db.ship(xws).is_some(),
                Some(("action", xws)) => db.action(xws).is_some(),
                Some(("slot", xws)) => db.slot(xws).is_some(),
                Some(("condition", xws)) => db.conditions.iter().any(|c| c.xws == xws),
                Some(("product", id)) => db.products.iter().any(|p| p.id.to_string() == id),
                _ => db.card_by_key(key).is_some(),
            };
            assert!(known, "{lang}: `{key}` names nothing of ours");
            assert!(
                !text.contains('<') && !text.contains("%"),
                "{lang} {key} {field}: {text}"
            );
        }
    }
}

#[test]
fn spot_checks_de_es_fr_ru() {
    let checks: [(&str, &str, &str, &str); 16] = [
        ("de", "action:targetlock", "name", "Zielerfassung"),
        ("de", "action:barrelroll", "name", "Fassrolle"),
        ("de", "heavylasercannon", "name", "Schwere Laserkanone"),
        ("de", "ship:xwing", "name", "X-Flügler"),
        ("es", "marksmanship", "name", "Puntería"),
        ("es", "ship:xwing", "name", "Ala-X"),
        ("es", "action:barrelroll", "name", "Tonel Volado"),
        ("es", "pushthelimit", "name", "Máximo Esfuerzo"),
        ("fr", "marksmanship", "name", "Adresse au tir"),
        ("fr", "heavylasercannon", "name", "Canon laser lourd"),
        ("fr", "slot:ept", "name", "Trait de pilote"),
        ("fr", "ship:tiefighter", "name", "Chasseur TIE"),
        ("ru", "wedgeantilles", "name", "Ведж Антиллес"),
        ("ru", "lukeskywalker.xwing", "ship", "Икс-Крыл"),
        ("ru", "hansolo.crew", "name", "Хан Соло"),
        ("ru", "action:barrelroll", "name", "Бочка"),
    ];
    for (lang, key, field, expected) in checks {
        assert_eq!(
            committed(lang).get(key, field),
            Some(expected),
            "{lang} {key} {field}"
        );
    }
    // Icons as our tokens, HTML gone.
    let de = committed("de");
    assert_eq!(
        de.get("marksmanship", "text"),
        Some(
            "Aktion: Wenn du in dieser Runde angreifst, darfst du eines deiner [Focus] in ein [Critical Hit] und alle anderen [Focus] in [Hit] ändern."
        )
    );
    let ru = committed("ru");
    assert!(
        ru.get("marksmanship", "text")
            .unwrap()
            .contains("[Critical Hit]")
    );
    // A pilot and a crew of one name are each their own card.
    assert_ne!(
        ru.get("lukeskywalker.crew", "text"),
        ru.get("lukeskywalker.xwing", "text")
    );
    // A restriction in the language's words, apart from the text.
    assert_eq!(
        committed("fr").get("antipursuitlasers", "restriction"),
        Some("Grand vaisseau uniquement.")
    );
}

#[test]
fn an_entry_without_a_verdict_or_a_verdict_without_an_entry_stops_the_import() {
    let db = Database::embedded().unwrap();
    let none = import_i18n(ENGLISH, &yasb_files(), EMBEDDED_YASB_CARDS, &db, &[]);
    let Err(ImportError::I18nUnjoined(unjoined)) = none else {
        panic!("the import went through without its verdicts");
    };
    assert!(
        unjoined
            .iter()
            .any(|u| u.starts_with("de ship `TIE Advanced Prototype`")),
        "{unjoined:?}"
    );
    let mut verdicts = read_i18n_verdicts(EMBEDDED_I18N_VERDICTS).unwrap();
    verdicts.push(I18nVerdict {
        lang: "de".into(),
        kind: "pilot".into(),
        name: "Nobody".into(),
        verdict: "skip".into(),
        reason: "a test".into(),
    });
    let stale = import_i18n(ENGLISH, &yasb_files(), EMBEDDED_YASB_CARDS, &db, &verdicts);
    let Err(ImportError::I18nUnjoined(unjoined)) = stale else {
        panic!("a verdict that settles nothing went unnoticed");
    };
    assert_eq!(unjoined.len(), 1, "{unjoined:?}");
    assert!(read_i18n_verdicts("lang,kind,name,verdict,reason\nde,ship,X,keep,why\n").is_err());
}

#[test]
fn a_word_verdict_corrects_yasbs_term_and_one_that_changes_nothing_stops_the_import() {
    let corrected = [
        ("tr", "action:recover", "İyileşme"),
        ("tr", "action:boost", "Hızlanma"),
        ("tr", "action:jam", "Karıştırma"),
        ("ru", "action:jam", "Помехи"),
        ("hu", "action:recover", "Helyreállítás"),
        ("fr", "slot:cannon", "Canon"),
    ];
    for (lang, key, word) in corrected {
        assert_eq!(committed(lang).get(key, "name"), Some(word), "{lang} {key}");
    }
    // A word that is YASB's own corrects nothing.
    let db = Database::embedded().unwrap();
    let mut verdicts = read_i18n_verdicts(EMBEDDED_I18N_VERDICTS).unwrap();
    verdicts.push(I18nVerdict {
        lang: "de".into(),
        kind: "action".into(),
        name: "Focus".into(),
        verdict: "word Fokussierung".into(),
        reason: "a test".into(),
    });
    let stale = import_i18n(ENGLISH, &yasb_files(), EMBEDDED_YASB_CARDS, &db, &verdicts);
    let Err(ImportError::I18nUnjoined(unjoined)) = stale else {
        panic!("a word verdict that changes nothing went unnoticed");
    };
    assert_eq!(unjoined.len(), 1, "{unjoined:?}");
    // A word is one language's, and names a term, not a card.
    let header = "lang,kind,name,verdict,reason\n";
    assert!(read_i18n_verdicts(&format!("{header},action,Jam,word Zavarás,why\n")).is_err());
    assert!(read_i18n_verdicts(&format!("{header}hu,pilot,X,word Y,why\n")).is_err());
}
