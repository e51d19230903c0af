//! The requests sent to every route: the fixture squads of
//! `cards/tests/fixtures/squads.json`, and hostile ones (bad JSON, wrong
//! types, oversized, unknown fields, bad links, bad queries).

use serde_json::{Value, json};

/// One request: method, address (with its query), body and its type.
pub struct Case {
    pub method: &'static str,
    pub uri: String,
    pub body: Vec<u8>,
    pub content_type: &'static str,
}

const JSON: &str = "application/json";
const FORM: &str = "application/x-www-form-urlencoded";

fn get(uri: impl Into<String>) -> Case {
    Case {
        method: "GET",
        uri: uri.into(),
        body: Vec::new(),
        content_type: JSON,
    }
}

fn post(uri: impl Into<String>, body: impl Into<Vec<u8>>) -> Case {
    Case {
        method: "POST",
        uri: uri.into(),
        body: body.into(),
        content_type: JSON,
    }
}

fn form(uri: impl Into<String>, body: impl Into<Vec<u8>>) -> Case {
    Case {
        content_type: FORM,
        ..post(uri, body)
    }
}

/// The fixture squads: each one's XWS and format.
pub fn fixtures() -> Vec<(Value, String)> {
    let cases: Vec<Value> =
        serde_json::from_str(include_str!("../../../cards/tests/fixtures/squads.json")).unwrap();
    cases
        .into_iter()
        .map(|c| (c["xws"].clone(), c["format"].as_str().unwrap().to_string()))
        .collect()
}

/// The link code of each fixture squad.
pub fn fixture_codes() -> Vec<String> {
    let rules = cards::squad::Rules::embedded().unwrap();
    fixtures()
        .iter()
        .map(|(xws, _)| {
            let squad = cards::squad::xws::import(&rules, &xws.to_string(), None)
                .unwrap()
                .squad;
            cards::squad::link::encode(&squad)
        })
        .collect()
}

/// Bodies no JSON route takes: not JSON, not an object, wrong types,
/// unknown fields, not UTF-8, over the 64 KiB limit.
fn hostile_bodies() -> Vec<Vec<u8>> {
    let mut bodies: Vec<Vec<u8>> = [
        "",
        "{\"version\": ",
        "[1, 2, 3]",
        "null",
        "\"a string\"",
        "{",
        "{} {}",
        r#"{"version": 1, "faction": [], "pilots": "none"}"#,
        r#"{"version": "1.0.0", "faction": "scum", "pilots": [{"name": 7}]}"#,
        r#"{"warp": true, "attack": "three", "collection": 1}"#,
        r#"{"version": "1.0.0", "faction": "jedi", "pilots": [], "extra": {"a": [1]}}"#,
    ]
    .iter()
    .map(|b| b.as_bytes().to_vec())
    .collect();
    bodies.push(vec![0xff, 0xfe, 0x7b]);
    bodies.push(format!("{{\"padding\": \"{}\"}}", "x".repeat(70 * 1024)).into_bytes());
    bodies.push("[".repeat(5000).into_bytes());
    bodies
}

/// A squad one ship past the limits (`cards::squad::limits`).
fn too_large_squad() -> Value {
    let pilot = json!({"name": "cartelspacer", "ship": "m3ainterceptor"});
    let ships = cards::squad::limits::MAX_SHIPS + 1;
    json!({"version": "1.0.0", "faction": "scum", "pilots": vec![pilot; ships]})
}

fn validate_and_link() -> Vec<Case> {
    let mut cases = Vec::new();
    for (xws, format) in fixtures() {
        cases.push(post("/api/validate", xws.to_string()));
        cases.push(post(
            format!("/api/validate?format={format}"),
            xws.to_string(),
        ));
        cases.push(post("/api/link", xws.to_string()));
    }
    let croc = r#"{"version": "1.0.0", "faction": "scum", "pilots": [{"name": "croccruiser", "ship": "croccruiser"}]}"#;
    for query in [
        "?format=galactic",
        "?format=custom:-5",
        "?format=custom:150",
        "?format=",
    ] {
        cases.push(post(format!("/api/validate{query}"), croc));
    }
    for body in hostile_bodies()
        .into_iter()
        .chain([too_large_squad().to_string().into_bytes()])
    {
        cases.push(post("/api/validate", body.clone()));
        cases.push(post("/api/link", body));
    }
    cases
}

fn squads() -> Vec<Case> {
    let mut cases: Vec<Case> = fixture_codes()
        .into_iter()
        .map(|code| get(format!("/api/squad?s={code}")))
        .collect();
    let yasb = "https%3A%2F%2Fgeordanr.github.io%2Fxwing%2F%3Ff%3DScum%2520and%2520Villainy%26d%3Dv4!e!244%3A224%2C-1%2C223%2C234%2C-1%2C-1%2C-1%3A49%3A-1%3A%3B107%3A%3A17%3A-1%3AU.-1%26sn%3DRun";
    for query in [
        format!("?yasb={yasb}"),
        "?yasb=nonsense".into(),
        "?yasb=".into(),
        "?s=garbage".into(),
        "?s=v3.".into(),
        "?s=".into(),
        "".into(),
        "?code=v3.abc".into(),
        "?s=%FF%FE".into(),
    ] {
        cases.push(get(format!("/api/squad{query}")));
    }
    cases
}

fn searches() -> Vec<Case> {
    let long = "q".repeat(600);
    [
        "?q=ion",
        "?q=croc&faction=scum&kind=pilot",
        "?q=&kind=upgrade&slot=crew&unique=yes&limit=5&page=2",
        "?q=heavy%20lazer",
        "?q=(((%20AND",
        "?q=ion&lang=de",
        "?q=recovers%20one%20shield&kind=rule",
        "?min_points=10&max_points=5",
        "?limit=0",
        "?limit=lots",
        "?page=101",
        "?warp=9",
        "?faction=jedi",
        "?unique=maybe",
        "?skill=high",
        "?lang=XX",
        "?lang=de&lang=fr",
        "?min_points=abc",
    ]
    .iter()
    .map(|q| get(format!("/api/search{q}")))
    .chain([get(format!("/api/search?q={long}"))])
    .collect()
}

fn cards_and_fallback() -> Vec<Case> {
    let mut cases: Vec<Case> = [
        "",
        "?lang=de",
        "?lang=ru",
        "?lang=DE",
        "?lang=",
        "?lang=xx",
        "?lang=de&lang=fr",
        "?warp=1",
    ]
    .iter()
    .map(|q| get(format!("/api/cards{q}")))
    .collect();
    for path in [
        "/api",
        "/api/",
        "/api/nothing",
        "/api/sim/warp",
        "/api/cards/xwing",
    ] {
        cases.push(get(path));
        cases.push(post(path, "{}"));
    }
    cases
}

fn simulators() -> Vec<Case> {
    let dice = [
        "",
        "{}",
        r#"{"attack": 3, "defense": 3}"#,
        r#"{"attack": 3, "defense": 0, "defender": {"reinforce": true}}"#,
        r#"{"attack": 2, "range": 5, "range_rule": "v3", "obstructed": true, "primary": false}"#,
        r#"{"attack": 2, "attacker": {"power_cells": true, "thug_droids": true, "sunny_bounder": true, "inaldra_shields": 1, "focus": true, "target_lock": true}, "defender": {"focus": true, "evade": true, "sunny_bounder": true, "inaldra_shields": 1}}"#,
        r#"{"defender": {"reinforce": true, "focus": true}}"#,
        r#"{"attack": 13}"#,
        r#"{"attack": -1}"#,
        r#"{"range": 0}"#,
        r#"{"range_rule": "v2"}"#,
        r#"{"attacker": {"lasers": true}}"#,
    ];
    let solo = [
        r#"{"arc": "front", "defense": "focus", "attack": "hit"}"#,
        r#"{"ship": "croccruiser", "arc": "bullseye", "defense": "evade", "attack": "crit", "stressed": true, "ionized": true}"#,
        r#"{"ship": "tiefighter", "arc": "rear", "tally_side": "left", "obstacle_side": "right", "defense": "blank", "attack": "blank", "stressed": true}"#,
        r#"{"arc": "side", "defense": "focus", "attack": "focus", "in_enemy_arc": true, "obstacle_ahead": true, "friendly_near": true, "enemy_in_firing_arc": true}"#,
        r#"{"arc": "front", "defense": "focus"}"#,
        r#"{"arc": "above", "defense": "focus", "attack": "hit"}"#,
        r#"{"ship": "notaship", "arc": "front", "defense": "focus", "attack": "hit"}"#,
    ];
    let mut cases = Vec::new();
    for body in dice
        .iter()
        .map(|b| b.as_bytes().to_vec())
        .chain(hostile_bodies())
    {
        cases.push(post("/api/sim/dice", body));
    }
    for body in solo
        .iter()
        .map(|b| b.as_bytes().to_vec())
        .chain(hostile_bodies())
    {
        cases.push(post("/api/sim/solo", body));
    }
    cases
}

fn collection_cover() -> Vec<Case> {
    let squad = &fixtures()[0].0;
    let croc = json!({"version": "1.0.0", "faction": "scum", "pilots": [
        {"name": "croccruiser", "ship": "croccruiser", "upgrades": {"title": ["merchantone"]}},
        {"name": "cartelspacer", "ship": "m3ainterceptor"}]});
    let bodies = [
        json!({"collection": {"products": {"c-roc-cruiser": 1}}, "squad": croc}),
        json!({"collection": {"products": {"core-set": 2}}, "squad": squad}),
        json!({"collection": {}, "squad": squad}),
        json!({"collection": {"products": {"nosuchpack": 1}}, "squad": squad}),
        json!({"collection": {"products": {"core-set": 500}}, "squad": squad}),
        json!({"collection": [1], "squad": squad}),
        json!({"collection": {"warp": {}}, "squad": squad}),
        json!({"collection": {}, "squad": "not xws"}),
        json!({"collection": {}, "squad": too_large_squad()}),
        json!({"collection": {}}),
        json!({"collection": {}, "squad": squad, "extra": 1}),
    ];
    bodies
        .iter()
        .map(|b| b.to_string().into_bytes())
        .chain(hostile_bodies())
        .map(|body| post("/api/collection/cover", body))
        .collect()
}

/// The Leptos server functions: their form bodies, good and bad.
fn server_functions() -> Vec<Case> {
    let code = &fixture_codes()[0];
    let mut cases = Vec::new();
    for endpoint in ["search_answer", "search_cards"] {
        for body in [
            "params[q]=energy",
            "params[q]=ion&params[kind]=upgrade&lang=de",
            "params[q]=&params[faction]=jedi",
            "params[limit]=lots",
            "params[limit]=0",
            "warp=1",
            "",
        ] {
            cases.push(form(format!("/api/{endpoint}"), body));
        }
        cases.push(form(
            format!("/api/{endpoint}"),
            format!("params[q]={}", "q".repeat(600)),
        ));
    }
    for endpoint in ["rules_text", "rules_document"] {
        for body in ["slug=solo-alpha", "slug=nosuchdocument", "", "slug=%FF"] {
            cases.push(form(format!("/api/{endpoint}"), body));
        }
    }
    for body in [
        "slug=huge-ships&lang=de",
        "slug=nosuchdocument&lang=en",
        "slug=huge-ships&lang=xx",
        "slug=huge-ships",
        "",
    ] {
        cases.push(form("/api/rules_drawn", body));
    }
    for body in [
        format!("code={code}"),
        "code=<script>".into(),
        String::new(),
    ] {
        cases.push(form("/api/print_qr", body));
    }
    cases
}

/// Every request of the corpus.
pub fn all() -> Vec<Case> {
    let mut cases = vec![get("/api/openapi.json")];
    cases.extend(cards_and_fallback());
    cases.extend(validate_and_link());
    cases.extend(squads());
    cases.extend(searches());
    cases.extend(simulators());
    cases.extend(collection_cover());
    cases.extend(server_functions());
    // A method the route does not answer: 405.
    cases.push(get("/api/validate"));
    cases.push(post("/api/cards", "{}"));
    cases
}

/// A line's words as a shell splits them (single quotes only).
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut started) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => (word, started) = (word + &c.to_string(), true),
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The request a `curl` line of docs/api.md sends: `-X`, `-H
/// 'content-type: application/json'`, `-d` (a form unless the type is
/// given, and a POST) and a URL on 127.0.0.1:3000.
pub fn from_curl(line: &str) -> Case {
    let words = shell_words(line);
    let mut case = get("");
    let mut posted = false;
    let mut typed = false;
    let mut rest = words.iter().skip(1);
    while let Some(word) = rest.next() {
        match word.as_str() {
            "-s" => {}
            "-X" => posted = rest.next().map(String::as_str) == Some("POST"),
            "-H" => {
                assert_eq!(
                    rest.next().unwrap(),
                    "content-type: application/json",
                    "{line}"
                );
                typed = true;
            }
            "-d" => {
                case.body = rest.next().unwrap().clone().into_bytes();
                posted = true;
            }
            "--output" => {
                rest.next();
            }
            url => case.uri = url.strip_prefix("http://127.0.0.1:3000").unwrap().into(),
        }
    }
    if posted {
        case.method = "POST";
        case.content_type = if typed { JSON } else { FORM };
    }
    case
}
