//! `GET /api/search?lang=` and `GET /api/cards?lang=` over real HTTP on a
//! loopback port: each language's names, texts, snippets and addresses,
//! and the answers without `lang` as they always were.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use app::server::{ListenLimits, serve};
use cards::catalog::{Database, Translations};
use cards::lang::Lang;
use serde::Serialize;
use serde_json::Value;

mod support;

/// The router, built once: listing the routes renders the app, which is
/// not meant to run on several threads at once.
fn app() -> axum::Router {
    static APP: std::sync::OnceLock<axum::Router> = std::sync::OnceLock::new();
    APP.get_or_init(|| support::router_of(&["--addr", "127.0.0.1:0"]))
        .clone()
}

/// Starts the app on a free loopback port behind the production listener;
/// the server ends with the test's runtime.
async fn start() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve(
        listener,
        app(),
        ListenLimits::default(),
        std::future::pending(),
    ));
    format!("http://{addr}")
}

/// GETs `path` with `params`: the status and the body as sent.
async fn get_text(base: &str, path: &str, params: &[(&str, &str)]) -> (u16, String) {
    let url = reqwest::Url::parse_with_params(&format!("{base}{path}"), params).unwrap();
    let response = reqwest::get(url).await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// GETs `path` with `params`: the status and the JSON answer.
async fn get_json(base: &str, path: &str, params: &[(&str, &str)]) -> (u16, Value) {
    let (status, text) = get_text(base, path, params).await;
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, value)
}

/// The first `n` hits' addresses.
fn first_urls(body: &Value, n: usize) -> Vec<String> {
    (body["hits"].as_array().unwrap().iter())
        .take(n)
        .map(|h| h["url"].as_str().unwrap().to_string())
        .collect()
}

/// Each card by its `/cards/<key>`: its XWS name and English name.
fn cards_by_key(db: &Database) -> std::collections::HashMap<String, (String, String)> {
    let keys = db.card_keys();
    db.cards()
        .map(|card| {
            let names = (card.xws().to_string(), card.name().to_string());
            (keys.key(card), names)
        })
        .collect()
}

/// The first 20 cards by key whose name in `lang` differs from the
/// English one: (key, translated name, English name).
fn renamed_cards(db: &Database, lang: Lang) -> Vec<(String, String, String)> {
    let by_key = cards_by_key(db);
    let translations = Translations::embedded(lang).unwrap().unwrap();
    // `iter` goes by key, then field.
    (translations.iter())
        .filter(|(_, field, _)| *field == "name")
        .filter_map(|(key, _, name)| {
            let (_, english) = by_key.get(key)?;
            (name != english).then(|| (key.to_string(), name.to_string(), english.clone()))
        })
        .take(20)
        .collect()
}

/// In German, Spanish, French and Russian, each of the first 20 cards by
/// key whose name differs from the English is among the first three hits
/// for its name, at its address under the language's prefix, with the
/// language's name.
#[tokio::test]
async fn a_translated_name_finds_its_card() {
    let base = start().await;
    let db = Database::embedded().unwrap();
    let mut missed = Vec::new();
    for lang in [Lang::De, Lang::Es, Lang::Fr, Lang::Ru] {
        let cards = renamed_cards(&db, lang);
        assert_eq!(cards.len(), 20, "{lang}");
        for (key, name, _) in cards {
            let params = [("q", name.as_str()), ("lang", lang.code())];
            let (status, body) = get_json(&base, "/api/search", &params).await;
            assert_eq!(status, 200, "{lang} {name:?}: {body}");
            let url = lang.localize(&format!("/cards/{key}"));
            let hit = (body["hits"].as_array().unwrap().iter().take(3)).find(|h| h["url"] == url);
            match hit {
                Some(hit) => assert_eq!(hit["name"], name.as_str(), "{lang} {key}"),
                None => missed.push(format!(
                    "{lang} {name:?} ({key}): {:?}",
                    first_urls(&body, 3)
                )),
            }
        }
    }
    assert!(
        missed.is_empty(),
        "not in the first 3:\n{}",
        missed.join("\n")
    );
}

/// From German, each of those cards is found by its English name too,
/// and shown with its German name.
#[tokio::test]
async fn an_english_name_finds_its_card_in_german() {
    let base = start().await;
    let db = Database::embedded().unwrap();
    let mut missed = Vec::new();
    for (key, name, english) in renamed_cards(&db, Lang::De) {
        let params = [("q", english.as_str()), ("lang", "de")];
        let (_, body) = get_json(&base, "/api/search", &params).await;
        let url = format!("/de/cards/{key}");
        let hit = (body["hits"].as_array().unwrap().iter().take(3)).find(|h| h["url"] == url);
        match hit {
            Some(hit) => assert_eq!(hit["name"], name.as_str(), "{key}"),
            None => missed.push(format!("{english:?} ({key}): {:?}", first_urls(&body, 3))),
        }
    }
    assert!(
        missed.is_empty(),
        "not in the first 3:\n{}",
        missed.join("\n")
    );
    let params = [("q", "Engine Upgrade"), ("lang", "de")];
    let (_, body) = get_json(&base, "/api/search", &params).await;
    assert_eq!(body["hits"][0]["xws"], "engineupgrade");
    assert_eq!(body["hits"][0]["name"], "Verbessertes Triebwerk");
    assert_eq!(body["hits"][0]["url"], "/de/cards/engineupgrade");
}

/// Russian words are stemmed: a card is found by a word of its text typed
/// in another case or number than the text prints it. Each query below is
/// the dictionary form (nominative) of words its card prints only in an
/// oblique case, and no form of the query appears as a word of the card's
/// name or text as printed (checked):
/// - Ordnance Silos ("Бомболюки") prints "3 жетона Боеприпасов"
///   (genitive plural); asked "боеприпасы" (nominative plural).
/// - Seismic Charges ("Сейсмические заряды") prints "1 жетон
///   сейсмического заряда" (genitive singular) and its name in the
///   nominative plural; asked "сейсмический заряд" (nominative singular).
/// - Fel's Wrath prints "значение Прочности" (genitive); asked
///   "прочность" (nominative).
/// - Cluster Mines ("Кластерные мины") prints "комплект кластерных мин"
///   (genitive plural) and its name in the nominative plural; asked
///   "кластерная мина" (nominative singular).
#[tokio::test]
async fn russian_words_are_found_in_other_cases() {
    let base = start().await;
    let ru = Translations::embedded(Lang::Ru).unwrap().unwrap();
    for (q, key, printed) in [
        ("боеприпасы", "ordnancesilos", "Боеприпасов"),
        ("сейсмический заряд", "seismiccharges", "сейсмического"),
        ("прочность", "felswrath", "Прочности"),
        ("кластерная мина", "clustermines", "кластерных"),
    ] {
        let printed_words: Vec<String> = ["name", "text"]
            .iter()
            .filter_map(|field| ru.get(key, field))
            .flat_map(|text| text.split(|c: char| !c.is_alphanumeric()))
            .map(str::to_lowercase)
            .collect();
        for word in q.split(' ') {
            assert!(
                !printed_words.iter().any(|w| w == word),
                "{key} prints {word}"
            );
        }
        let (status, body) = get_json(&base, "/api/search", &[("q", q), ("lang", "ru")]).await;
        assert_eq!(status, 200, "{body}");
        let url = format!("/ru/cards/{key}");
        let hit = (body["hits"].as_array().unwrap().iter().take(3))
            .find(|h| h["url"] == url)
            .unwrap_or_else(|| panic!("{q}: {:?}", first_urls(&body, 3)));
        // The snippet is the Russian text, the word bold as printed.
        let snippet = hit["snippet"].as_str().unwrap();
        assert!(
            snippet.contains(&format!("<b>{printed}</b>")),
            "{q}: {snippet}"
        );
    }
}

/// A language's snippets are its texts, and its typos are read from its
/// own words.
#[tokio::test]
async fn snippets_and_typos_are_the_languages() {
    let base = start().await;
    let params = [("q", "Aktionsleiste"), ("lang", "de"), ("limit", "100")];
    let (_, body) = get_json(&base, "/api/search", &params).await;
    let engine = (body["hits"].as_array().unwrap().iter())
        .find(|h| h["xws"] == "engineupgrade")
        .unwrap();
    let snippet = engine["snippet"].as_str().unwrap();
    assert!(
        snippet.contains("Füge deiner <b>Aktionsleiste</b> ein [Boost]-Symbol hinzu"),
        "{snippet}"
    );
    let (_, body) = get_json(&base, "/api/search", &[("q", "Triebwrk"), ("lang", "de")]).await;
    assert_eq!(body["fuzzy"][0][0], "triebwrk", "{body}");
    let near = body["fuzzy"][0][1].as_array().unwrap();
    assert!(near.iter().any(|w| w == "triebwerk"), "{body}");
    assert!(hit_urls(&body).contains(&"/de/cards/engineupgrade".to_string()));
    // The same typo means nothing in English.
    let (_, body) = get_json(&base, "/api/search", &[("q", "Triebwrk")]).await;
    assert_eq!(body["total"], 0, "{body}");
}

fn hit_urls(body: &Value) -> Vec<String> {
    first_urls(body, usize::MAX)
}

/// Filters and their values are the same in every language.
#[tokio::test]
async fn filters_work_in_every_language() {
    let base = start().await;
    let params = |lang| {
        [
            ("q", ""),
            ("kind", "upgrade"),
            ("slot", "title"),
            ("faction", "scum"),
            ("lang", lang),
        ]
    };
    let (_, english) = get_json(&base, "/api/search", &params("en")).await;
    for lang in Lang::ALL {
        let (status, body) = get_json(&base, "/api/search", &params(lang.code())).await;
        assert_eq!(status, 200, "{lang}: {body}");
        assert_eq!(body["total"], english["total"], "{lang}");
        for hit in body["hits"].as_array().unwrap() {
            assert_eq!(hit["slot"], "title", "{lang}");
            assert!(
                hit["url"]
                    .as_str()
                    .unwrap()
                    .starts_with(&lang.localize("/cards/"))
            );
        }
    }
}

/// An unknown language, an empty one, one in capitals or `lang` twice
/// answers 400 `{"error"}` on both endpoints, and a long code is not
/// echoed whole.
#[tokio::test]
async fn an_unknown_language_answers_400() {
    let base = start().await;
    let long = "x".repeat(5000);
    for (path, params) in [("/api/search", vec![("q", "ion")]), ("/api/cards", vec![])] {
        for (lang, reason) in [
            (vec!["xx"], "`xx` is not a language"),
            (vec![""], "is not a language"),
            (vec!["DE"], "`DE` is not a language"),
            (vec![long.as_str()], "is not a language"),
            (vec!["de", "ru"], "give `lang` once"),
        ] {
            let mut params = params.clone();
            params.extend(lang.iter().map(|l| ("lang", *l)));
            let (status, body) = get_json(&base, path, &params).await;
            assert_eq!(status, 400, "{path} {lang:?}: {body}");
            let object = body.as_object().unwrap();
            assert_eq!(object.len(), 1, "{body}");
            let error = object["error"].as_str().unwrap();
            assert!(error.contains(reason), "{path}: {error}");
            assert!(error.len() < 200, "{path}: {error}");
        }
    }
}

/// The search answer as the API writes it (`app/src/server/api.rs`,
/// `search_cards`): the shape and order of its fields.
#[derive(Serialize)]
struct SearchAnswer<'a> {
    total: usize,
    hits: Vec<SearchHit<'a>>,
    fuzzy: &'a Option<Vec<(String, Vec<String>)>>,
    lenient: bool,
}

#[derive(Serialize)]
struct SearchHit<'a> {
    xws: &'a str,
    name: &'a str,
    kind: search::HitKind,
    slot: Option<&'a str>,
    score: f32,
    snippet: &'a str,
    url: &'a str,
}

/// JSON as the API writes it: `<`, `>` and `&` escaped.
fn api_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// Without `lang`, and with `lang=en`, the answers are the English ones
/// byte for byte: the search as the English `CardIndex` alone answers it,
/// the card database as it is.
#[tokio::test]
async fn without_lang_the_answers_are_the_english_ones() {
    let base = start().await;
    let db = Database::embedded().unwrap();
    let sections: Vec<search::RuleSection> = (app::reference::reference().unwrap().sections())
        .map(|(url, title, text)| search::RuleSection { url, title, text })
        .collect();
    let english = search::CardIndex::build(&db, &sections).unwrap();
    for q in [
        "energy",
        "reinforce token",
        "shild",
        "\"primary weapon\"",
        "x-wing",
        "",
    ] {
        let results = english.search(q, &search::Filters::default(), 20).unwrap();
        let expected = api_json(&SearchAnswer {
            total: results.total,
            hits: (results.hits.iter())
                .map(|h| SearchHit {
                    xws: &h.xws,
                    name: &h.name,
                    kind: h.kind,
                    slot: h.slot.as_deref(),
                    score: h.score,
                    snippet: &h.snippet,
                    url: &h.url,
                })
                .collect(),
            fuzzy: &results.fuzzy,
            lenient: results.lenient,
        });
        let (status, body) = get_text(&base, "/api/search", &[("q", q)]).await;
        assert_eq!((status, &body), (200, &expected), "{q:?}");
        let (_, body) = get_text(&base, "/api/search", &[("q", q), ("lang", "en")]).await;
        assert_eq!(body, expected, "{q:?}");
    }
    let expected = api_json(&db);
    for params in [&[][..], &[("lang", "en")]] {
        let (status, body) = get_text(&base, "/api/cards", params).await;
        assert_eq!(status, 200);
        assert!(
            body == expected,
            "/api/cards {params:?} is not the database"
        );
    }
}

/// `/api/cards?lang=` is the same database in the language's words:
/// every id, XWS name and number as in English, the names and texts the
/// translation gives, the English where it gives none.
#[tokio::test]
async fn the_card_database_in_a_language() {
    let base = start().await;
    let english = Database::embedded().unwrap();
    let (status, body) = get_text(&base, "/api/cards", &[("lang", "de")]).await;
    assert_eq!(status, 200);
    let german: Database = serde_json::from_str(&body).unwrap();
    let upgrade = |db: &Database, xws: &str| db.upgrades.iter().find(|u| u.xws == xws).cloned();
    let engine = upgrade(&german, "engineupgrade").unwrap();
    assert_eq!(engine.name(), "Verbessertes Triebwerk");
    assert_eq!(
        engine.faces[0].text,
        "Füge deiner Aktionsleiste ein [Boost]-Symbol hinzu."
    );
    let (mut words_changed, mut untranslated) = (0, 0);
    for (de, en) in german.upgrades.iter().zip(&english.upgrades) {
        assert_eq!((de.id, &de.xws, de.points), (en.id, &en.xws, en.points));
        assert_eq!(
            (&de.restriction, &de.effects),
            (&en.restriction, &en.effects)
        );
        match de.name() == en.name() {
            true => untranslated += 1,
            false => words_changed += 1,
        }
    }
    assert!(
        words_changed > 200 && untranslated > 0,
        "{words_changed} {untranslated}"
    );
    for (de, en) in german.pilots.iter().zip(&english.pilots) {
        assert_eq!((de.id, &de.xws, &de.ship), (en.id, &en.xws, &en.ship));
        assert_eq!(
            (de.skill, de.points, &de.stats),
            (en.skill, en.points, &en.stats)
        );
    }
    assert_eq!(german.ships.len(), english.ships.len());
    let focus = german.actions.iter().find(|a| a.xws == "focus").unwrap();
    assert_eq!(focus.name, "Fokussierung");
}
