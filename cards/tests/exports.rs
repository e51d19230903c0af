//! The exports a player already uses, on every fixture squad
//! (`cards/tests/fixtures/squads.json`): the HTML snippet for a blog and
//! the Tabletop Simulator list, each carrying the squad's link.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

mod common;

use cards::squad::list::{ForumMarkup, forum_text};
use cards::squad::tts::tts_text;
use cards::squad::{Rules, Squad};
use common::rules;

const LINK: &str = "https://m1.example/build?s=v4.abc";

fn fixtures() -> Vec<(String, Squad)> {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("fixtures/squads.json")).unwrap();
    cases
        .iter()
        .map(|c| {
            let squad = cards::squad::xws::import(rules(), &c["xws"].to_string(), None)
                .unwrap()
                .squad;
            (c["name"].as_str().unwrap().to_string(), squad)
        })
        .collect()
}

/// The mod's reading of a pasted list, restated from its "Upgrades Bag"
/// script (tjakubo2/TTS_xwing): the list is co.uk's "browse" format when
/// it names no other builder and holds a number in brackets; parentheses
/// holding words are dropped; then every run of name characters (quotes,
/// `/`, letters, digits, white space, `-`, `.`) that ends in a space and
/// `+` or `(` is a card: a pilot after `(` (and at the start), an upgrade
/// after `+`. Answers each ship's pilot and upgrades.
fn read_as_the_mod_does(list: &str) -> Vec<(String, Vec<String>)> {
    assert!(
        !list.contains("geordanr.github.io"),
        "read as YASB's format"
    );
    assert!(
        !list.contains("Pilots\n------"),
        "read as co.uk's plain format"
    );
    let has_points = list.char_indices().any(|(i, c)| {
        c == '('
            && list[i + 1..]
                .split(')')
                .next()
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    });
    assert!(
        has_points,
        "the mod needs a number in brackets to read the list"
    );
    let text = strip_worded_brackets(list);
    let name_char =
        |c: char| "“”’'\"/-.".contains(c) || c.is_ascii_alphanumeric() || c.is_whitespace();
    let mut ships: Vec<(String, Vec<String>)> = Vec::new();
    let mut new_ship = true;
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    while at < chars.len() {
        // Lua's gmatch: the longest run of name characters from here that
        // ends in a space then `+` or `(`; else move on one character.
        let run_end = (at..chars.len())
            .find(|&i| !name_char(chars[i]))
            .unwrap_or(chars.len());
        let found = (at + 1..run_end + 1).rev().find(|&end| {
            end < chars.len()
                && "+(".contains(chars[end])
                && end > at + 1
                && chars[end - 1].is_whitespace()
        });
        let Some(end) = found.filter(|e| *e <= run_end) else {
            at += 1;
            continue;
        };
        let name: String = chars[at..end - 1]
            .iter()
            .collect::<String>()
            .trim()
            .to_string();
        if new_ship {
            ships.push((name, Vec::new()));
        } else {
            ships.last_mut().unwrap().1.push(name);
        }
        new_ship = chars[end] == '(';
        at = end + 1;
    }
    ships
}

/// The mod first drops ` (words)`: brackets that open on a non-digit
/// and hold letters, digits, spaces and apostrophes.
fn strip_worded_brackets(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(" (") {
        let inner = &rest[at + 2..];
        let close = inner.find(')');
        let worded = close.is_some_and(|c| {
            let body = &inner[..c];
            !body.is_empty()
                && !body.starts_with(|ch: char| ch.is_ascii_digit())
                && body
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ch.is_whitespace() || ch == '\'')
        });
        match (worded, close) {
            (true, Some(c)) => {
                out.push_str(&rest[..at]);
                rest = &inner[c + 1..];
            }
            _ => {
                out.push_str(&rest[..at + 2]);
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Each ship's pilot and upgrades as the mod keys its cards.
fn expected(rules: &Rules, squad: &Squad) -> Vec<(String, Vec<String>)> {
    let bare = |name: &str| strip_worded_brackets(name);
    squad
        .ships
        .iter()
        .map(|s| {
            let pilot = bare(&s.pilot.pilot(&rules.db).unwrap().name);
            let upgrades = s
                .upgrades
                .iter()
                .map(|e| bare(e.card.upgrade(&rules.db).unwrap().name()))
                .collect();
            (pilot, upgrades)
        })
        .collect()
}

#[test]
fn the_mod_reads_back_every_fixture_squad_and_the_link_is_there() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 20);
    for (name, mut squad) in fixtures {
        squad.name = format!("{name} (x + y)");
        let report = rules().validate(&squad);
        let list = tts_text(rules(), &squad, &report, LINK);
        assert_eq!(
            read_as_the_mod_does(&list),
            expected(rules(), &squad),
            "{name}:\n{list}"
        );
        assert!(list.ends_with(&format!("{LINK}\n")), "{name}: the link");
    }
}

#[test]
fn the_grammar_restated_reads_what_the_mod_reads() {
    let list =
        "Boba Fett + Servomotor S-foils (Attack) + \"Mangler\" Cannon (40)\nRookie Pilot (21)\n";
    assert_eq!(
        read_as_the_mod_does(list),
        [
            (
                "Boba Fett".to_string(),
                vec![
                    "Servomotor S-foils".to_string(),
                    "\"Mangler\" Cannon".to_string()
                ]
            ),
            ("Rookie Pilot".to_string(), vec![]),
        ]
    );
    // A squad name before the ships would read as the first pilot's name.
    let led = read_as_the_mod_does("My squad\nRookie Pilot (21)\n");
    assert_eq!(led[0].0, "My squad\nRookie Pilot");
}

#[test]
fn the_html_snippet_links_every_card_and_escapes_every_word() {
    for (name, mut squad) in fixtures() {
        squad.name = "<script>alert(1)</script> & \"friends\"".into();
        let report = rules().validate(&squad);
        let html = forum_text(rules(), &squad, &report, LINK, ForumMarkup::Html);
        assert!(!html.contains("<script>"), "{name}: {html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"friends\""),
            "{name}"
        );
        assert!(
            html.contains(&format!("<a href=\"{LINK}\">")),
            "{name}: the link"
        );
        let cards: usize = squad.ships.iter().map(|s| 1 + s.upgrades.len()).sum();
        assert_eq!(
            html.matches("<a href=\"https://m1.example/cards/").count(),
            cards,
            "{name}"
        );
        for (pilot, upgrades) in expected(rules(), &squad) {
            assert!(
                html.contains(&html_escape::encode_text(&pilot).to_string()),
                "{name}: {pilot}"
            );
            let _ = upgrades;
        }
        assert_eq!(html.matches("<li>").count(), squad.ships.len());
        assert!(html.starts_with("<div class=\"x-wing-squad\">") && html.ends_with("</div>\n"));
    }
}
