//! Every page in each language speaks that language: rendered by the
//! server, no piece of an English interface string is left in what a
//! person reads (text, titles, labels, placeholders, the meta description),
//! apart from card names, proper names and what is marked `lang="en"`.
//!
//! An English string is cut into its pieces at its placeholders and
//! markup; a piece counts when it is two words or more, or one word of five
//! letters or more, and the language's own catalogue does not use it too
//! (a word that is the same in both, "Epic", "X-Wing", is not English
//! left behind), nor do the words its translation file gives the cards. Card and ship names are the cards' words, not the
//! interface's, and are skipped.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use std::collections::BTreeSet;
use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use cards::lang::Lang;
use http_body_util::BodyExt;
use scraper::{ElementRef, Html, Node};
use tower::ServiceExt;

mod support;

fn app() -> axum::Router {
    static APP: std::sync::OnceLock<axum::Router> = std::sync::OnceLock::new();
    APP.get_or_init(|| support::router_of(&[])).clone()
}

/// The page at `path`: its status and HTML.
async fn page(path: &str) -> (StatusCode, String) {
    let request = Request::get(path).body(Body::empty()).unwrap();
    let response = app().oneshot(request).await.unwrap();
    let status = response.status();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

/// Every string of one language's catalogue (`app/locales/<lang>/*.json`).
fn catalogue(lang: Lang) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang.code());
    let mut strings = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let map: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&text).unwrap();
        strings.extend(map.values().filter_map(|v| v.as_str().map(str::to_string)));
    }
    strings
}

/// A string's pieces between its placeholders (`{{ x }}`, `{x}`) and its
/// markup (`<b>`), trimmed of the punctuation around them.
fn pieces(string: &str) -> Vec<String> {
    cut(string)
        .split([
            '\u{1}', '·', ':', ';', '(', ')', '"', '“', '”', '…', '`', '/', '|',
        ])
        .map(|p| p.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
        .filter(|p| counts(p))
        .collect()
}

/// A string with each placeholder and tag cut out (a `\u{1}` in its
/// place): a placeholder's name (`{{ ships }}`) is no word of the string.
fn cut(string: &str) -> String {
    let mut cut = String::new();
    let mut depth = 0;
    for c in string.chars() {
        match c {
            '{' | '<' => depth += 1,
            '}' | '>' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    cut.push('\u{1}');
                }
            }
            _ if depth == 0 => cut.push(c),
            _ => {}
        }
    }
    cut
}

/// Whether a piece says enough to be English left behind.
fn counts(piece: &str) -> bool {
    let words: Vec<&str> = piece.split_whitespace().collect();
    match words.as_slice() {
        [] => false,
        [word] => word.chars().filter(|c| c.is_alphabetic()).count() >= 5,
        _ => true,
    }
}

/// Text in lower case with its whitespace made single spaces, padded so a
/// piece is found only as whole words.
fn normal(text: &str) -> String {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    format!(" {} ", words.join(" "))
}

/// The English pieces that would show English left in `lang`'s pages.
fn english_pieces(lang: Lang, skipped: &BTreeSet<String>) -> BTreeSet<String> {
    let mut own_words: Vec<String> = catalogue(lang).iter().map(|s| cut(s)).collect();
    own_words.extend(translated_words(lang));
    let own = normal(&own_words.join(" \u{1} "));
    let mut found = BTreeSet::new();
    for string in catalogue(Lang::En) {
        for piece in pieces(&string) {
            let normalised = normal(&piece);
            if !own.contains(&normalised) && !skipped.contains(normalised.trim()) {
                found.insert(normalised);
            }
        }
    }
    found
}

/// The words the language's translation file gives cards, ships and
/// products, names and texts: "Veteran von Tansarii Point" keeps an
/// English word that is the card's, not the interface's, and the
/// Hungarian file's own "illicit jelző" is its word for the token.
fn translated_words(lang: Lang) -> Vec<String> {
    let file = cards::catalog::Translations::embedded(lang).unwrap();
    (file.iter().flat_map(|f| f.iter()))
        .map(|(_, _, text)| text.to_string())
        .collect()
}

/// Whether `piece` is in `text` outside the English card names that hold
/// it: "Unhinged Astromech" shown untranslated is a card's name, where
/// "Astromech" alone would be the interface's.
fn outside_names(text: &str, piece: &str, names: &BTreeSet<String>) -> bool {
    let mut rest = text.to_string();
    for name in names.iter().filter(|n| n.contains(piece.trim())) {
        rest = rest.replace(&format!(" {name} "), " \u{1} ");
    }
    rest.contains(piece)
}

/// Card, ship and proper names: the cards' words, which a page names in
/// the language's words or in English marked so, never the interface.
fn card_names() -> BTreeSet<String> {
    let rules = cards::squad::Rules::embedded().unwrap();
    let db = &rules.db;
    let mut names: BTreeSet<String> = db.cards().map(|c| c.name().to_string()).collect();
    names.extend(db.ships.iter().map(|s| s.name.clone()));
    names.extend(db.conditions.iter().map(|c| c.name.clone()));
    names.extend(db.products.iter().map(|p| p.name.clone()));
    names.iter().map(|n| normal(n).trim().to_string()).collect()
}

/// A description's own words: a card page's is "name: what it is. its
/// text", and the text is the card's words (the translation file's, in
/// the page's language only), skipped as `class="card-words"` is.
fn interface_part(description: &str) -> &str {
    let Some(colon) = description.find(": ") else {
        return description;
    };
    match description[colon..].find(". ") {
        Some(end) => &description[..colon + end],
        None => description,
    }
}

/// What a person reads of a page: its text and its title, label,
/// placeholder and alt attributes, and its description; never a script, a
/// style, anything marked `lang="en"` or a card's own words
/// (`class="card-words"`: the translation files', checked by the import).
fn readable(html: &str) -> String {
    let document = Html::parse_document(html);
    let mut text = String::new();
    read(document.root_element(), &mut text);
    text
}

fn read(element: ElementRef, text: &mut String) {
    let e = element.value();
    let marked_english = e.name() != "html" && e.attr("lang") == Some("en");
    let card_words = e.has_class("card-words", scraper::CaseSensitivity::CaseSensitive);
    // A `<template>` is read: the server streams what a `Suspense` waited
    // for in one, and the page shows it as soon as it lands.
    if matches!(e.name(), "script" | "style") || marked_english || card_words {
        return;
    }
    for attr in ["title", "aria-label", "placeholder", "alt"] {
        if let Some(value) = e.attr(attr) {
            text.push_str(&format!(" \u{1} {value} \u{1} "));
        }
    }
    if e.name() == "meta" && e.attr("name") == Some("description") {
        text.push_str(&format!(
            " \u{1} {} \u{1} ",
            interface_part(e.attr("content").unwrap_or(""))
        ));
    }
    for child in element.children() {
        // A template's children are in its fragment.
        let nodes: Vec<_> = match child.value() {
            Node::Fragment => child.children().collect(),
            _ => vec![child],
        };
        for node in nodes {
            match node.value() {
                Node::Text(t) => text.push_str(t),
                Node::Element(_) => read(ElementRef::wrap(node).unwrap(), text),
                _ => {}
            }
        }
    }
    text.push(' ');
}

/// The pages a player reads in each language: every page of the site map
/// but the cards' own (seven of them stand for the rest, four with their
/// rules as data), the 404 page,
/// search with hits and without, and the nine-ship squad in the builder
/// and its printout.
fn pages() -> Vec<String> {
    let rules = cards::squad::Rules::embedded().unwrap();
    let documents = app::reference::reference()
        .map(|r| r.documents.as_slice())
        .unwrap_or_default();
    let mut paths: Vec<String> = app::server::sitemap::page_paths(&rules.db, documents)
        .into_iter()
        .filter(|p| !p.starts_with("/cards/") || p.matches('/').count() > 2)
        .collect();
    let code = support::nine_ship_code();
    paths.extend([
        "/cards/heavylasercannon".to_string(),
        "/cards/crocruiser".to_string(),
        "/cards/r2d2".to_string(),
        // Rules as data: ships, slots, faction and stat changes.
        "/cards/heavylaserturret".to_string(),
        "/cards/jabbathehutt".to_string(),
        "/cards/lightscykinterceptor".to_string(),
        "/cards/heavyscykinterceptor".to_string(),
        "/no-such-page".to_string(),
        "/search?q=ion".to_string(),
        "/search?q=qqqqzzzz".to_string(),
        format!("/build?s={code}"),
        format!("/build/print?s={code}"),
    ]);
    paths
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_page_is_left_in_english_in_any_language() {
    let mut skipped = card_names();
    // The squad's name is the player's.
    skipped.insert(normal(support::NINE_SHIP_NAME).trim().to_string());
    let pages = pages();
    // Each piece left, with the pages it was left on.
    let mut left: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for lang in Lang::ALL.iter().copied().filter(|l| *l != Lang::En) {
        let english = english_pieces(lang, &skipped);
        for path in &pages {
            let address = lang.localize(path);
            let (status, html) = page(&address).await;
            assert!(
                status.is_success() || status == StatusCode::NOT_FOUND,
                "{address}: {status}"
            );
            let text = normal(&readable(&html));
            let left_here = (english.iter())
                .filter(|piece| text.contains(piece.as_str()))
                .filter(|piece| outside_names(&text, piece, &skipped));
            for piece in left_here {
                let short: String = address.chars().take(40).collect();
                left.entry(piece.trim().to_string())
                    .or_default()
                    .push(short);
            }
        }
    }
    let shown: Vec<String> = (left.iter())
        .map(|(piece, pages)| format!("{piece:?} on {} pages, as {}", pages.len(), pages[0]))
        .collect();
    assert!(
        left.is_empty(),
        "{} English pieces left:\n{}",
        left.len(),
        shown.join("\n")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_check_finds_english_where_it_is_left() {
    let skipped = card_names();
    let english = english_pieces(Lang::De, &skipped);
    let (_, html) = page("/build").await;
    let text = normal(&readable(&html));
    assert!(
        english.iter().any(|piece| text.contains(piece.as_str())),
        "the English builder reads as English to the check"
    );
    let marked = "<p lang=\"en\">Squad builder</p><p>Squad builder</p>";
    assert_eq!(normal(&readable(marked)), " squad builder ");
    let streamed = "<template><p>Squad builder</p></template>";
    assert_eq!(normal(&readable(streamed)), " squad builder ");
}

/// The rules reference stays English: its hits on another language's
/// search page are marked so, name and snippet; so are the snippets of
/// cards the language has no text for (most Turkish cards), and nothing
/// on an English page.
#[tokio::test]
async fn search_hits_in_english_are_marked_english() {
    for path in ["/pl/search?q=ion", "/tr/search?q=ion"] {
        let (status, html) = page(path).await;
        assert!(status.is_success(), "{path}: {status}");
        let document = Html::parse_document(&html);
        let hits = scraper::Selector::parse("li.hit").unwrap();
        let snippet = scraper::Selector::parse("p.snippet").unwrap();
        let name = scraper::Selector::parse(".hit-name span[lang=en]").unwrap();
        let (mut rules, mut english_cards) = (0, 0);
        for hit in document.select(&hits) {
            let is_rule = (hit.value().attr("data-xws")).is_some_and(|x| x.starts_with("/rules/"));
            let snippet_lang = (hit.select(&snippet).next()).and_then(|p| p.value().attr("lang"));
            if is_rule {
                rules += 1;
                assert!(hit.select(&name).next().is_some(), "{path}: a rule's name");
                assert_eq!(snippet_lang, Some("en"), "{path}: a rule's snippet");
            } else if snippet_lang == Some("en") {
                english_cards += 1;
            }
        }
        assert!(
            rules > 0 && english_cards > 0,
            "{path}: {rules} rules, {english_cards} English cards"
        );
    }
    let (_, html) = page("/search?q=ion").await;
    let document = Html::parse_document(&html);
    let snippets = scraper::Selector::parse("p.snippet").unwrap();
    let marked = scraper::Selector::parse("p.snippet[lang]").unwrap();
    assert!(document.select(&snippets).count() > 0, "English snippets");
    assert_eq!(
        document.select(&marked).count(),
        0,
        "English pages mark nothing"
    );
}

/// The search page searches its language's index: a German word finds
/// German texts, highlighted, and each hit's address carries the prefix
/// once (the index's addresses are the language's own).
#[tokio::test]
async fn the_search_page_searches_its_languages_index() {
    let (status, html) = page("/de/search?q=Energie").await;
    assert!(status.is_success(), "{status}");
    let document = Html::parse_document(&html);
    let snippet = scraper::Selector::parse("li.hit p.snippet").unwrap();
    let german = (document.select(&snippet))
        .filter(|p| p.value().attr("lang").is_none())
        .filter(|p| p.inner_html().contains("<b>Energie</b>"))
        .count();
    assert!(
        german >= 3,
        "{german} German snippets with the word highlighted"
    );
    let link = scraper::Selector::parse("li.hit a.hit-name").unwrap();
    for a in document.select(&link) {
        let href = a.value().attr("href").unwrap_or("");
        assert!(
            href.starts_with("/de/") && !href.starts_with("/de/de/"),
            "{href}"
        );
    }
}

/// The energy simulator of an address with a loadout the rules refuse
/// (two titles) says why in the page's language: the problem comes as
/// values, never as an English sentence.
#[tokio::test]
async fn the_energy_simulator_says_a_refused_loadout_in_the_pages_language() {
    let (status, html) = page("/de/rules/huge-ships?up=merchantone,brokenhorn").await;
    assert!(status.is_success(), "{status}");
    let text = normal(&readable(&html));
    for german in [
        "Dieses Schiff kann diese Karten nicht tragen",
        "ist ein zweiter Titel auf diesem Schiff",
    ] {
        assert!(text.contains(&normal(german)), "{german:?} in {text}");
    }
    assert!(
        !text.contains(" title duplicate "),
        "the code, not a sentence"
    );
    let (_, html) = page("/rules/huge-ships?up=merchantone,brokenhorn").await;
    assert!(html.contains("second Title"), "English says it in English");
}

/// A card page's description is one language, the page's: a card text the
/// language lacks is left out (the page shows it, marked English), and a
/// text it has is kept.
#[tokio::test]
async fn a_card_description_holds_no_text_the_language_lacks() {
    let description = |html: &str| -> String {
        let document = Html::parse_document(html);
        let selector = scraper::Selector::parse("meta[name=description]").unwrap();
        let meta = document.select(&selector).next().unwrap();
        meta.value().attr("content").unwrap().to_string()
    };
    let (_, polish) = page("/pl/cards/jabbathehutt").await;
    assert_eq!(
        description(&polish),
        "Jabba the Hutt: Rozwinięcie (Załoga i Załoga), punkty: 5."
    );
    let (_, hungarian) = page("/hu/cards/jabbathehutt").await;
    assert!(description(&hungarian).contains("helyezz 1 illicit jelzőt"));
    let (_, english) = page("/cards/jabbathehutt").await;
    assert!(description(&english).contains("place 1 illicit token"));
}
