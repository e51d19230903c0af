//! `/api/validate` over real HTTP on a loopback port.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use app::server::{ListenLimits, serve};
use serde_json::{Value, json};

mod support;

/// The router, built once: listing the routes renders the app, which is
/// not meant to run on several threads at once.
fn app() -> axum::Router {
    static APP: std::sync::OnceLock<axum::Router> = std::sync::OnceLock::new();
    let args = [
        "--addr",
        "127.0.0.1:0",
        "--public-url",
        "https://squads.example/",
    ];
    APP.get_or_init(|| support::router_of(&args)).clone()
}

/// Starts the app on a free loopback port behind the production listener;
/// the server ends with the test's runtime.
async fn start() -> String {
    start_with(ListenLimits::default()).await
}

async fn start_with(limits: ListenLimits) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve(listener, app(), limits, std::future::pending()));
    format!("http://{addr}")
}

async fn post(base: &str, query: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
    post_json(base, &format!("/api/validate{query}"), body).await
}

/// POSTs a JSON body; answers the status and the JSON answer.
async fn post_json(base: &str, path: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
    let response = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, value)
}

/// GETs a path; answers the status and the JSON answer.
async fn get_json(base: &str, path: &str) -> (u16, Value) {
    let response = reqwest::get(format!("{base}{path}")).await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, value)
}

fn croc(upgrades: Value) -> Value {
    json!({
        "version": "1.0.0", "faction": "scum",
        "pilots": [{"name": "croccruiser", "ship": "croccruiser", "upgrades": upgrades}]
    })
}

#[tokio::test]
async fn legal_illegal_and_malformed_squads() {
    let base = start().await;

    let (status, body) = post(
        &base,
        "",
        croc(json!({"title": ["merchantone"]})).to_string(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["legal"], true);
    assert_eq!(body["points"], 37);
    assert_eq!(body["format"], "epic");
    assert_eq!(body["problems"], json!([]));

    // Illegal: Pulsed Ray Shield on the C-ROC, in Standard.
    let (status, body) = post(
        &base,
        "?format=standard",
        croc(json!({"mod": ["pulsedrayshield"]})).to_string(),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["legal"], false);
    let codes: Vec<&str> = body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    for code in ["epic-only", "huge-modification", "stat-requirement"] {
        assert!(codes.contains(&code), "{code} missing from {codes:?}");
    }
    let prs = body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["code"] == "huge-modification")
        .unwrap();
    assert_eq!(prs["pilot"], 0);
    assert_eq!(prs["card"], "pulsedrayshield");
    assert_eq!(prs["severity"], "error");
    assert!(prs["message"].as_str().unwrap().contains("Huge ship only"));

    // Unknown cards are problems, not errors.
    let (status, body) = post(
        &base,
        "",
        croc(json!({"crew": ["zorbathehutt"]})).to_string(),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["legal"], false);
    assert_eq!(body["problems"][0]["code"], "unknown-card");
    assert_eq!(body["problems"][0]["card"], "zorbathehutt");
    assert!(
        body["notes"][0]
            .as_str()
            .unwrap()
            .contains("`zorbathehutt`")
    );

    // A body over 64 KiB: 413 (issue 12; it was 400) with an error.
    let padded = format!("{{\"padding\": \"{}\"}}", "x".repeat(70 * 1024));
    let (status, body) = post(&base, "", padded).await;
    assert_eq!(status, 413);
    assert!(body["error"].as_str().unwrap().contains("64 KiB"), "{body}");

    // Malformed JSON, a bad format: 400 with an error.
    for (query, bad) in [
        ("", "{\"version\": ".to_string()),
        ("", "[1, 2, 3]".to_string()),
        ("", "".to_string()),
        ("?format=galactic", croc(json!({})).to_string()),
        ("?format=custom:-5", croc(json!({})).to_string()),
    ] {
        let (status, body) = post(&base, query, bad.clone()).await;
        assert_eq!(status, 400, "{query} {}", &bad[..bad.len().min(40)]);
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body}"
        );
    }
    let (_, body) = post(&base, "", vec![0xffu8, 0xfe]).await;
    assert_eq!(body["error"], "the body is not UTF-8");
}

#[tokio::test]
async fn links_made_by_the_api_open_the_same_squad() {
    let base = start().await;
    let client = reqwest::Client::new();
    let squad = json!({
        "version": "1.0.0", "faction": "scum", "name": "Link test",
        "pilots": [
            {"name": "croccruiser", "ship": "croccruiser", "upgrades": {"title": ["merchantone"], "crew": ["jabbathehutt"]}},
            {"name": "genesisred", "ship": "m3ainterceptor", "upgrades": {"title": ["heavyscykinterceptor"], "cannon": ["arccaster"]}}
        ]
    });
    let made: Value = client
        .post(format!("{base}/api/link"))
        .body(squad.to_string())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let code = made["code"].as_str().unwrap();
    assert!(code.starts_with("v3."));
    assert!(
        made["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/build?s={code}"))
    );

    let (status, back) = get_json(&base, &format!("/api/squad?s={code}")).await;
    assert_eq!(status, 200);
    assert_eq!(back["name"], "Link test");
    assert_eq!(back["pilots"][0]["upgrades"]["crew"][0], "jabbathehutt");
    assert_eq!(back["pilots"][1]["upgrades"]["cannon"][0], "arccaster");
    assert_eq!(back["vendor"]["merchantone"]["format"], "epic");
    // Every export carries the squad's link.
    assert_eq!(
        back["vendor"]["merchantone"]["link"],
        format!("https://squads.example/build?s={code}")
    );

    for bad in ["", "?s=", "?s=v1.AAAA", "?s=v7.xyz", "?s=nonsense"] {
        let (status, body) = get_json(&base, &format!("/api/squad{bad}")).await;
        assert_eq!(status, 400, "{bad}");
        assert!(body["error"].as_str().is_some(), "{bad}");
    }
    let (status, body) = {
        let r = client
            .post(format!("{base}/api/link"))
            .body("{")
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.json::<Value>().await.unwrap())
    };
    assert_eq!(status, 400);
    assert!(body["error"].as_str().unwrap().contains("not valid XWS"));
}

async fn search(base: &str, params: &[(&str, &str)]) -> (u16, Value) {
    let url = reqwest::Url::parse_with_params(&format!("{base}/api/search"), params).unwrap();
    let response = reqwest::get(url).await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, value)
}

fn hit_names(body: &Value) -> Vec<&str> {
    body["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["xws"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn search_finds_words_filters_and_limits() {
    let base = start().await;
    let (status, body) = search(&base, &[("q", "reinforce")]).await;
    assert_eq!(status, 200, "{body}");
    assert!(hit_names(&body).contains(&"brokenhorn"));
    let horn = body["hits"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["xws"] == "brokenhorn")
        .unwrap();
    assert_eq!(horn["kind"], "upgrade");
    assert_eq!(horn["slot"], "title");
    assert!(
        horn["snippet"]
            .as_str()
            .unwrap()
            .contains("<b>reinforce</b>")
    );
    assert!(horn["score"].as_f64().unwrap() > 0.0);

    let (_, body) = search(
        &base,
        &[("q", "energy"), ("kind", "upgrade"), ("slot", "title")],
    )
    .await;
    let mut names = hit_names(&body);
    names.sort();
    // The huge ships' titles that print an energy-limit change (C-ROC,
    // GR-75, Gozanti).
    assert_eq!(
        names,
        [
            "brighthope",
            "brokenhorn",
            "dutyfree",
            "insatiableworrt",
            "merchantone",
            "quantumstorm",
            "requiem",
            "suppressor",
            "vector"
        ]
    );
    assert_eq!(body["total"], 9);

    // Everything, a hit a page: 297 pilots (56 of them their ship's page
    // too), 362 upgrades and every rules section.
    let sections = app::reference::reference().unwrap().sections().count();
    let (_, body) = search(&base, &[("q", ""), ("limit", "2")]).await;
    assert_eq!(body["total"], 297 + 362 + sections);
    // A later page: the next hits, the same total.
    let (_, first) = search(&base, &[("q", "energy"), ("limit", "5")]).await;
    let (_, second) = search(&base, &[("q", "energy"), ("limit", "5"), ("page", "2")]).await;
    assert_eq!(first["total"], second["total"]);
    let names = |b: &Value| {
        b["hits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["url"].to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&second).len(), 5);
    assert!(names(&second).iter().all(|n| !names(&first).contains(n)));
    let (status, _) = search(&base, &[("q", "energy"), ("page", "101")]).await;
    assert_eq!(status, 400);
    let (_, body) = search(&base, &[("q", ""), ("kind", "rule"), ("limit", "2")]).await;
    assert_eq!(body["total"], sections);
    assert_eq!(body["hits"].as_array().unwrap().len(), 2);

    let (_, body) = search(&base, &[("q", "shild")]).await;
    assert!(hit_names(&body).contains(&"pulsedrayshield"));
    assert_eq!(body["fuzzy"][0][0], "shild");
}

#[tokio::test]
async fn bad_search_requests_answer_400_with_the_reason() {
    let base = start().await;
    let long = "a".repeat(513);
    for (params, reason) in [
        (vec![("q", long.as_str())], "over 512 characters"),
        (vec![("q", "x"), ("limit", "101")], "limit must be 1 to 100"),
        (vec![("q", "x"), ("limit", "0")], "limit must be 1 to 100"),
        (vec![("q", "x"), ("limit", "lots")], "whole number"),
        (vec![("kind", "starship")], "unknown kind `starship`"),
        (vec![("faction", "hutts")], "unknown faction `hutts`"),
        (vec![("slot", "laser")], "unknown slot `laser`"),
        (vec![("ship", "notaship")], "unknown ship `notaship`"),
        (vec![("unique", "maybe")], "unique must be yes or no"),
        (vec![("colour", "red")], "unknown parameter `colour`"),
        (
            vec![("min_points", "5"), ("max_points", "1")],
            "points range",
        ),
    ] {
        let (status, body) = search(&base, &params).await;
        assert_eq!(status, 400, "{params:?}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(error.contains(reason), "{params:?}: {error}");
    }
}

#[tokio::test]
async fn hostile_search_text_never_answers_500() {
    let base = start().await;
    let long = "x".repeat(10_000);
    for q in [
        "\"unbalanced",
        "((((",
        "]]",
        "[1 TO",
        "field:",
        "name:",
        ".:*{",
        "a:b:c",
        "\u{0}\u{1b}[2J",
        "🚀🚀🚀",
        "\\",
        "+-~^*?",
        "NOT",
        long.as_str(),
    ] {
        let (status, body) = search(&base, &[("q", q)]).await;
        assert!(status == 200 || status == 400, "{q:?}: {status} {body}");
        if status == 400 {
            assert!(q.chars().count() > 512, "{q:?}: {body}");
        }
    }
}

async fn sim_dice(base: &str, body: &str) -> (u16, Value) {
    post_json(base, "/api/sim/dice", body.to_string()).await
}

#[tokio::test]
async fn dice_simulation_answers_exact_distributions() {
    let base = start().await;
    // The regression values of cards/data/SOURCES.md: 3 attack against 3 defense.
    let (status, body) = sim_dice(&base, r#"{"attack": 3, "defense": 3}"#).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["damage"],
        json!([0.53369140625, 0.289306640625, 0.146484375, 0.030517578125])
    );
    assert_eq!(body["at_least"][0], json!(1.0));
    assert_eq!(body["exact"]["damage"][0], json!("1093/2048"));
    // The issue's hand-derived case: 3 dice against the reinforced C-ROC.
    let (status, body) = sim_dice(
        &base,
        r#"{"attack": 3, "defense": 0, "defender": {"reinforce": true}}"#,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(body["damage"], json!([0.5, 0.375, 0.125]));
    assert_eq!(
        body["expected_hits"].as_f64().unwrap() + body["expected_crits"].as_f64().unwrap(),
        0.625
    );
    // Every field optional: an empty object (or body) is no dice at Range 2.
    for empty in ["{}", ""] {
        let (status, body) = sim_dice(&base, empty).await;
        assert_eq!(status, 200);
        assert_eq!(body["damage"], json!([1.0]));
    }
    // Range 5 with the v1 rule: +3 defense dice; v3: +1.
    let (_, body) = sim_dice(&base, r#"{"attack": 2, "range": 5}"#).await;
    assert_eq!(body["defense_dice"], json!(3));
    let (_, body) = sim_dice(&base, r#"{"attack": 2, "range": 5, "range_rule": "v3"}"#).await;
    assert_eq!(body["defense_dice"], json!(1));
    // Every modifier one attack can have (a huge defender takes no focus
    // or evade token: issue 13).
    let (_, body) = sim_dice(
        &base,
        r#"{"attack": 2, "attacker": {"power_cells": true, "thug_droids": true, "sunny_bounder": true, "inaldra_shields": 1, "focus": true, "target_lock": true}, "defender": {"focus": true, "evade": true, "sunny_bounder": true, "inaldra_shields": 1}, "obstructed": true, "primary": false}"#,
    )
    .await;
    assert_eq!(
        (body["attack_dice"].clone(), body["defense_dice"].clone()),
        (json!(4), json!(1))
    );
}

#[tokio::test]
async fn bad_dice_inputs_answer_400_with_the_reason() {
    let base = start().await;
    for (body, says) in [
        (r#"{"attack": -1}"#, "attack"),
        (r#"{"attack": 13}"#, "attack"),
        (r#"{"defense": 200}"#, "defense"),
        (r#"{"range": 0}"#, "range"),
        (r#"{"range": 6}"#, "range"),
        (r#"{"range_rule": "v2"}"#, "v2"),
        (r#"{"dice": 3}"#, "dice"),
        (r#"{"attacker": {"focus": true, "lasers": true}}"#, "lasers"),
        (r#"{"attack": "three"}"#, "three"),
        (r#"{"attacker": {"inaldra_shields": 99}}"#, "inaldra"),
        ("{ not json", "could not be read"),
        ("[]", "could not be read"),
    ] {
        let (status, answer) = sim_dice(&base, body).await;
        assert_eq!(status, 400, "{body} -> {answer}");
        let error = answer["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        assert!(error.contains(says), "{body}: {error}");
    }
}

#[tokio::test]
async fn rules_sections_are_searchable() {
    let base = start().await;
    let (status, body) = search(&base, &[("q", "recovers one shield"), ("kind", "rule")]).await;
    assert_eq!(status, 200, "{body}");
    let urls: Vec<&str> = body["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["url"].as_str().unwrap())
        .collect();
    // The pack's rule and the summary's say the same: both come first.
    assert!(urls[..2].contains(&"/rules/huge-ships#recover"), "{urls:?}");
    assert!(
        urls[..2].contains(&"/rules/huge-ships-summary#recover"),
        "{urls:?}"
    );
    let (_, body) = search(&base, &[("q", "Las-cannon Gretchin"), ("kind", "rule")]).await;
    assert!(
        body["hits"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["url"] == "/rules/mission-dreadnought#las-cannon"),
        "{body}"
    );
}

async fn sim_solo(base: &str, body: &str) -> (u16, Value) {
    post_json(base, "/api/sim/solo", body.to_string()).await
}

#[tokio::test]
async fn solo_flight_system_answers_maneuver_attitude_action_and_steps() {
    let base = start().await;
    // M3-A, tally in the front arc on the right, roll focus / crit:
    // "fastest blue bank or turn towards tally" = 2 bank right (green).
    let (status, body) = sim_solo(
        &base,
        r#"{"ship": "m3ainterceptor", "arc": "front", "tally_side": "right", "defense": "focus", "attack": "crit"}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["maneuver"],
        json!({"speed": 2, "bearing": "bank", "direction": "right", "difficulty": "green"})
    );
    assert_eq!(body["attitude"], "balanced");
    assert!(body["steps"].as_array().unwrap().len() >= 3);
    // Stressed with a red Koiogran turn: the die becomes focus.
    let (_, body) = sim_solo(
        &base,
        r#"{"arc": "bullseye", "defense": "blank", "attack": "crit", "stressed": true}"#,
    )
    .await;
    assert_eq!(
        body["maneuver"],
        json!({"speed": 3, "bearing": "straight", "direction": null, "difficulty": "green"})
    );
    assert_eq!(
        (body["attitude"].clone(), body["defense"].clone()),
        (json!("balanced"), json!("focus"))
    );
    // Offensive M3-A with the tally in front: target lock.
    let (_, body) = sim_solo(
        &base,
        r#"{"arc": "front", "defense": "blank", "attack": "hit"}"#,
    )
    .await;
    assert_eq!(body["action"], "targetlock");
    // The C-ROC has no turns: defensive, reinforce.
    let (_, body) = sim_solo(
        &base,
        r#"{"ship": "croccruiser", "arc": "rear", "defense": "evade", "attack": "blank", "ionized": true}"#,
    )
    .await;
    assert_eq!(body["maneuver"]["bearing"], "straight");
    assert_eq!(body["action"], "reinforce");
}

#[tokio::test]
async fn bad_solo_requests_answer_400_with_the_reason() {
    let base = start().await;
    for (body, says) in [
        (r#"{"arc": "front", "defense": "focus"}"#, "attack"),
        (
            r#"{"arc": "above", "defense": "focus", "attack": "hit"}"#,
            "above",
        ),
        (
            r#"{"arc": "front", "defense": "focus", "attack": "hit", "tally_side": "up"}"#,
            "tally_side",
        ),
        (
            r#"{"arc": "front", "defense": "focus", "attack": "hit", "warp": true}"#,
            "warp",
        ),
        (
            r#"{"ship": "notaship", "arc": "front", "defense": "focus", "attack": "hit"}"#,
            "notaship",
        ),
        ("[1]", "JSON object"),
        ("{", "could not be read"),
    ] {
        let (status, answer) = sim_solo(&base, body).await;
        assert_eq!(status, 400, "{body} -> {answer}");
        let error = answer["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        assert!(error.contains(says), "{body}: {error}");
    }
}

// ---- Hardening: limits, status codes, headers, timeouts --------------------

use cards::squad::limits::{MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_SHIPS, MAX_UPGRADES_PER_SHIP};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// An XWS squad of `ships` Cartel Spacers, each with `upgrades` cards
/// listed (legal or not, the limits count them all).
fn big_squad(ships: usize, upgrades: usize, name: &str, notes: &str) -> Value {
    let cards: Vec<&str> = ["heavyscykinterceptor", "arccaster", "pulsedrayshield"]
        .iter()
        .copied()
        .cycle()
        .take(upgrades)
        .collect();
    let pilot =
        json!({"name": "cartelspacer", "ship": "m3ainterceptor", "upgrades": {"mod": cards}});
    json!({"version": "1.0.0", "faction": "scum", "name": name, "description": notes,
           "pilots": vec![pilot; ships]})
}

#[tokio::test]
async fn a_squad_at_the_limits_round_trips_and_one_past_is_refused_everywhere() {
    let base = start().await;
    let name = "é".repeat(MAX_NAME_CHARS);
    let notes = "n".repeat(MAX_NOTES_CHARS);
    let at_limit = big_squad(MAX_SHIPS, MAX_UPGRADES_PER_SHIP, &name, &notes);

    let (status, made) = post_json(&base, "/api/link", at_limit.to_string()).await;
    assert_eq!(status, 200, "{made}");
    let code = made["code"].as_str().unwrap();
    // The link starts with --public-url, whatever the Host header says.
    assert_eq!(
        made["url"].as_str().unwrap(),
        format!("https://squads.example/build?s={code}")
    );
    let (status, back) = get_json(&base, &format!("/api/squad?s={code}")).await;
    assert_eq!(status, 200);
    assert_eq!(back["name"], json!(name));
    assert_eq!(back["description"], json!(notes));
    assert_eq!(back["pilots"].as_array().unwrap().len(), MAX_SHIPS);
    for pilot in back["pilots"].as_array().unwrap() {
        let listed: usize = pilot["upgrades"]
            .as_object()
            .unwrap()
            .values()
            .map(|cards| cards.as_array().unwrap().len())
            .sum();
        assert_eq!(listed, MAX_UPGRADES_PER_SHIP);
    }
    let (status, body) = post(&base, "", at_limit.to_string()).await;
    assert_eq!(status, 200, "{body}");

    // One past each limit: 400 with the reason from /api/link and /api/validate.
    let past = [
        (big_squad(MAX_SHIPS + 1, 0, "", ""), "61 ships"),
        (
            big_squad(1, MAX_UPGRADES_PER_SHIP + 1, "", ""),
            "17 upgrades",
        ),
        (
            big_squad(1, 0, &"x".repeat(MAX_NAME_CHARS + 1), ""),
            "201 characters",
        ),
        (
            big_squad(1, 0, "", &"x".repeat(MAX_NOTES_CHARS + 1)),
            "2001 characters",
        ),
    ];
    for (squad, reason) in &past {
        for path in ["/api/link", "/api/validate"] {
            let (status, body) = post_json(&base, path, squad.to_string()).await;
            assert_eq!(status, 400, "{path}: {body}");
            let message = body["error"].as_str().unwrap();
            assert!(message.contains(reason), "{path}: {message}");
        }
    }

    // A code for one ship too many (made without the server) is refused too.
    let rules = cards::squad::Rules::embedded().unwrap();
    let mut squad = cards::squad::xws::import_squad(
        &rules,
        &serde_json::from_value(big_squad(MAX_SHIPS, 0, "", "")).unwrap(),
        None,
    )
    .squad;
    squad.ships.push(squad.ships[0].clone());
    let over = cards::squad::link::encode(&squad);
    let (status, body) = get_json(&base, &format!("/api/squad?s={over}")).await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("over the limit of 60"),
        "{body}"
    );
}

#[tokio::test]
async fn status_codes_follow_http() {
    let base = start().await;
    let client = reqwest::Client::new();

    // An unknown API address: 404 as JSON, not a page.
    for path in ["/api/nothing", "/api/sim/warp", "/api"] {
        let (status, body) = get_json(&base, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(body["error"].as_str().unwrap().contains(path), "{body}");
    }

    // A body over the limit: 413, whether its length is declared or not.
    let huge = "x".repeat(app::server::http_limits::MAX_BODY_BYTES + 1);
    let response = client
        .post(format!("{base}/api/validate"))
        .body(huge.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
    let chunks = futures_stream(huge);
    let response = client
        .post(format!("{base}/api/sim/dice"))
        .body(reqwest::Body::wrap_stream(chunks))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);

    // A server function given bad input: 400, not 500; the page's search
    // (postcard) and the release before's (JSON) alike.
    let search = |endpoint: &str, form: String| {
        client
            .post(format!("{base}/api/{endpoint}"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form)
            .send()
    };
    for endpoint in ["search_answer", "search_cards"] {
        let response = search(endpoint, "params[limit]=lots".into()).await.unwrap();
        let status = response.status();
        let text = response.text().await.unwrap();
        assert_eq!(status, 400, "{endpoint}: {text}");
        let long = format!("params[q]={}", "q".repeat(600));
        let response = search(endpoint, long).await.unwrap();
        assert_eq!(response.status(), 400, "{endpoint}");
    }
    // A good search: postcard at the page's address, JSON at the old one.
    for (endpoint, json) in [("search_answer", false), ("search_cards", true)] {
        let response = search(endpoint, "params[q]=energy".into()).await.unwrap();
        assert_eq!(response.status(), 200, "{endpoint}");
        let body = response.bytes().await.unwrap();
        let read = serde_json::from_slice::<serde_json::Value>(&body);
        assert_eq!(read.is_ok(), json, "{endpoint}: JSON or not");
        assert!(
            body.windows(b"heavylaserturret".len())
                .any(|w| w == b"heavylaserturret"),
            "{endpoint}: the hits"
        );
    }

    // Health.
    let response = client.get(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.text().await.unwrap(), "ok");
}

/// A body sent in chunks without a declared length.
fn futures_stream(
    text: String,
) -> impl futures::Stream<Item = Result<Vec<u8>, std::io::Error>> + Send + 'static {
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = text
        .into_bytes()
        .chunks(8192)
        .map(|c| Ok(c.to_vec()))
        .collect();
    futures::stream::iter(chunks)
}

#[tokio::test]
async fn security_and_cache_headers() {
    use base64::Engine as _;
    use sha2::Digest as _;
    let base = start().await;
    let client = reqwest::Client::new();

    // Every page, streamed or rendered whole, 404 too: the policy names
    // each inline script by its hash, and nothing by nonce.
    for path in [
        "/search?q=energy",
        "/cards",
        "/rules/huge-ships",
        "/no-such-page",
        "/build",
    ] {
        let response = client.get(format!("{base}{path}")).send().await.unwrap();
        let policy = response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        let html = response.text().await.unwrap();
        assert!(policy.contains("frame-ancestors 'none'"));
        assert!(
            policy.starts_with("default-src 'self'; script-src 'self' 'sha256-"),
            "{policy}"
        );
        assert!(!policy.contains("nonce"), "{policy}");
        let mut inline = 0;
        for (i, script) in html.split("<script").enumerate().skip(1) {
            let (tag, rest) = script.split_once('>').unwrap();
            if tag.contains(" src=") {
                continue;
            }
            inline += 1;
            let body = rest.split("</script>").next().unwrap();
            let hash = base64::engine::general_purpose::STANDARD
                .encode(sha2::Sha256::digest(body.as_bytes()));
            assert!(
                policy.contains(&format!("'sha256-{hash}'")),
                "{path}, script {i} is not in the policy: {body}"
            );
        }
        assert!(inline > 0, "{path} has Leptos's inline scripts");
    }
    let response = client.get(format!("{base}/build")).send().await.unwrap();
    let headers = response.headers().clone();
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert!(headers.contains_key("referrer-policy"));
    assert!(headers.contains_key("permissions-policy"));
    assert_eq!(headers["cache-control"], "no-cache");
    // The same page, the same policy: it can be kept (`page_cache`).
    let again = client.get(format!("{base}/build")).send().await.unwrap();
    assert_eq!(
        again.headers()["content-security-policy"],
        headers["content-security-policy"]
    );

    // JSON: nothing runs, an ETag, and 304 when it matches.
    let response = client
        .get(format!("{base}/api/cards"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.headers()["content-security-policy"],
        "default-src 'none'; frame-ancestors 'none'"
    );
    let etag = response.headers()["etag"].clone();
    let response = client
        .get(format!("{base}/api/cards"))
        .header("if-none-match", etag.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 304);
    assert_eq!(response.headers()["etag"], etag);
    assert!(response.text().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_half_sent_request_is_closed_at_the_header_timeout() {
    let limits = ListenLimits {
        header_read_timeout: std::time::Duration::from_millis(500),
        ..ListenLimits::default()
    };
    let base = start_with(limits).await;
    let addr = base.trim_start_matches("http://");

    // Half a request head, then nothing: the server closes the connection.
    let mut half = tokio::net::TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /build HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        half.read_to_end(&mut buf),
    )
    .await;
    assert!(read.is_ok(), "the connection was still open after 10 s");
    assert!(started.elapsed() >= std::time::Duration::from_millis(400));

    // A whole request is answered; the idle connection is then closed too.
    let mut idle = tokio::net::TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        idle.read_to_end(&mut buf),
    )
    .await;
    assert!(
        read.is_ok(),
        "the idle connection was still open after 10 s"
    );
    let text = String::from_utf8_lossy(&buf);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.ends_with("ok"), "{text}");
}

#[tokio::test]
async fn api_answers_never_echo_markup() {
    let base = start().await;
    let client = reqwest::Client::new();
    let payloads = [
        "</title><script>alert('xss-a')</script>",
        "\"><img src=x onerror=alert('xss-b')>",
        "</script><script>alert('xss-c')</script>",
    ];
    for payload in payloads {
        let squad = json!({"version": "1.0.0", "faction": payload, "name": payload, "description": payload,
            "pilots": [{"name": payload, "ship": payload, "upgrades": {payload: [payload]}}]});
        let mut bodies = Vec::new();
        for path in ["/api/validate", "/api/link"] {
            let response = client
                .post(format!("{base}{path}"))
                .body(squad.to_string())
                .send()
                .await
                .unwrap();
            bodies.push(response.bytes().await.unwrap());
        }
        let (_, made) = post_json(&base, "/api/link", squad.to_string()).await;
        let code = made["code"].as_str().unwrap();
        for path in [
            format!("/api/squad?s={code}"),
            format!("/api/squad?s={}", urlencode(payload)),
            format!("/api/search?q={}", urlencode(payload)),
            format!("/api/search?faction={}", urlencode(payload)),
            format!("/api/{}", urlencode(payload)),
        ] {
            let response = client.get(format!("{base}{path}")).send().await.unwrap();
            bodies.push(response.bytes().await.unwrap());
        }
        for body in ["/api/sim/dice", "/api/sim/solo"] {
            let response = client
                .post(format!("{base}{body}"))
                .body(json!({"ship": payload, "range_rule": payload}).to_string())
                .send()
                .await
                .unwrap();
            bodies.push(response.bytes().await.unwrap());
        }
        for body in bodies {
            let text = String::from_utf8_lossy(&body);
            for bad in ["<script", "<img", "</title", "</script"] {
                assert!(!text.contains(bad), "{bad} came back in {text}");
            }
        }
    }
}

fn urlencode(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// Issue 13: XWS has no field for "Heavy Scyk"'s icon; an unused icon
/// makes no squad illegal.
#[tokio::test]
async fn an_unnamed_heavy_scyk_icon_validates_legal() {
    let base = start().await;
    for (pilot, upgrades, points) in [
        (
            "cartelspacer",
            json!({"title": ["heavyscykinterceptor"]}),
            16,
        ),
        (
            "tansariipointveteran",
            json!({"title": ["heavyscykinterceptor"], "mod": ["pulsedrayshield"]}),
            21,
        ),
    ] {
        let squad = json!({"version": "1.0.0", "faction": "scum",
            "pilots": [{"name": pilot, "ship": "m3ainterceptor", "upgrades": upgrades}]});
        let (status, body) = post(&base, "", squad.to_string()).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["legal"], true, "{pilot}: {body}");
        assert_eq!(body["points"], points, "{pilot}");
        assert!(
            body["problems"]
                .as_array()
                .unwrap()
                .iter()
                .all(|p| p["severity"] == "warning"),
            "{body}"
        );
    }
}

/// Issue 13.8–10: the defender's reinforce token, Sunny Bounder and Inaldra;
/// a huge defender takes no focus or evade token.
#[tokio::test]
async fn dice_defender_cards_and_huge_ship_tokens() {
    let base = start().await;
    let (status, body) = sim_dice(
        &base,
        r#"{"attack": 3, "defender": {"reinforce_other": true, "broken_horn": true}}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["exact"]["damage"], json!(["1/2", "3/8", "1/8"]));
    let (status, body) = sim_dice(
        &base,
        r#"{"attack": 1, "defense": 1, "defender": {"inaldra_shields": 1}}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["exact"]["damage"], json!(["103/128", "25/128"]));
    for bad in [
        r#"{"attack": 2, "defender": {"reinforce": true, "focus": true}}"#,
        r#"{"attack": 2, "defender": {"broken_horn": true, "evade": true}}"#,
    ] {
        let (status, body) = sim_dice(&base, bad).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains("huge ship"),
            "{body}"
        );
    }
}

/// Issue 13.11: no action after a red maneuver, nor for a ship still
/// stressed after its maneuver, in any cell of any chart.
#[tokio::test]
async fn solo_ships_take_no_action_after_red_or_while_stressed() {
    let base = start().await;
    let mut red = 0;
    for arc in ["bullseye", "front", "side", "rear"] {
        for defense in ["evade", "focus", "blank"] {
            for attack in ["crit", "hit", "focus", "blank"] {
                for stressed in [false, true] {
                    let body = json!({"arc": arc, "defense": defense, "attack": attack, "stressed": stressed});
                    let (status, d) = sim_solo(&base, &body.to_string()).await;
                    assert_eq!(status, 200, "{d}");
                    let difficulty = d["maneuver"]["difficulty"].as_str().unwrap();
                    if difficulty == "red" {
                        red += 1;
                        assert_eq!(d["stress"], "gained", "{body}");
                        assert!(d["action"].is_null(), "{body}: {d}");
                    }
                    if stressed && difficulty != "green" {
                        assert!(d["action"].is_null(), "{body}: {d}");
                    }
                    if stressed && difficulty == "green" {
                        assert_eq!(d["stress"], "removed", "{body}");
                    }
                }
            }
        }
    }
    assert!(red > 0, "some cells pick a red maneuver");
    // The issue's case: bullseye blank/crit picks the red Koiogran turn.
    let (_, d) = sim_solo(
        &base,
        r#"{"arc":"bullseye","defense":"blank","attack":"crit"}"#,
    )
    .await;
    assert_eq!(d["maneuver"]["bearing"], "koiogran-turn");
    assert!(d["action"].is_null(), "{d}");
    assert!(
        d["steps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s.as_str().unwrap().contains("No action (stressed)"))
    );
}

/// Issue 37: a whole YASB link, URL-encoded, answers its squad as XWS with
/// its obstacles; a link that cannot be read is a 400, never a 5xx.
#[tokio::test]
async fn a_yasb_link_answers_its_squad_as_xws() {
    let base = start().await;
    let link = "https://geordanr.github.io/xwing/?f=Scum%20and%20Villainy&d=v4!e!244:224,-1,223,234,-1,-1,-1:49:-1:;107::17:-1:U.-1&sn=Run&obs=coreasteroid5,yt2400debris0,vt49decimatordebris2";
    let (status, squad) = get_json(&base, &format!("/api/squad?yasb={}", urlencode(link))).await;
    assert_eq!(status, 200, "{squad}");
    assert_eq!(squad["name"], "Run");
    assert_eq!(squad["faction"], "scum");
    assert_eq!(squad["pilots"][0]["name"], "croccruiser");
    assert_eq!(squad["pilots"][0]["upgrades"]["crew"][0], "cikatrovizago");
    assert_eq!(
        squad["pilots"][1]["upgrades"]["title"][0],
        "heavyscykinterceptor"
    );
    assert_eq!(
        squad["obstacles"],
        json!([
            "core-asteroid-5",
            "yt2400-debris-0",
            "vt49decimator-debris-2"
        ])
    );
    let junk = [
        "nonsense",
        "https://geordanr.github.io/xwing/?f=Rebel%20Alliance",
        "?d=v4!s!abc:::",
        "?d=v9!s!1:::",
        "?d=v4!q!1:::",
    ];
    let long = format!("?d=v4!s!{}", vec!["107:::"; 61].join(";"));
    let huge = format!("?d=v4!s!{}", "-1,".repeat(10_000));
    for bad in junk.iter().copied().chain([long.as_str(), huge.as_str()]) {
        let (status, body) = get_json(&base, &format!("/api/squad?yasb={}", urlencode(bad))).await;
        assert_eq!(status, 400, "{bad}");
        assert!(body["error"].as_str().is_some(), "{bad}");
    }
    // An unknown id opens as an unknown card that keeps YASB's id: XWS
    // names the pilot by it, and our vendor data keeps it exactly.
    let unknown = "?f=Scum+and+Villainy&d=v4!s!107::-1:-1:;9999:::";
    let (status, body) = get_json(&base, &format!("/api/squad?yasb={}", urlencode(unknown))).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["pilots"].as_array().map(Vec::len), Some(2));
    assert_eq!(body["pilots"][1]["name"], "yasbpilot9999", "{body}");
    let kept = body["pilots"][1]["vendor"]["merchantone"]["pilot"].to_string();
    assert!(kept.contains("yasb:pilot:9999"), "{body}");
}

/// The squad against a collection over the API: covered, what is missing
/// and what to buy; bad collections and squads answer 400, never 5xx.
#[tokio::test]
async fn the_collection_cover_answers_what_is_missing_and_what_to_buy() {
    let base = start().await;
    let spacer = json!({"name": "cartelspacer", "ship": "m3ainterceptor",
        "upgrades": {"title": ["heavyscykinterceptor"]}});
    let croc = json!({"name": "croccruiser", "ship": "croccruiser",
        "upgrades": {"title": ["merchantone"]}});
    let squad =
        |pilots: Vec<Value>| json!({"version": "1.0.0", "faction": "scum", "pilots": pilots});
    let pack = json!({"products": {"c-roc-cruiser": 1}});
    let body = json!({"collection": pack, "squad": squad(vec![croc.clone(), spacer.clone()])});
    let (status, answer) = post_json(&base, "/api/collection/cover", body.to_string()).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["covered"], true);
    assert_eq!(answer["missing"], json!([]));
    assert_eq!(answer["buy"], json!([]));

    let body = json!({"collection": pack, "squad": squad(vec![croc, spacer.clone(), spacer])});
    let (status, answer) = post_json(&base, "/api/collection/cover", body.to_string()).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["covered"], false);
    let missing: Vec<(String, String, u64)> = answer["missing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["kind"].as_str().unwrap().into(),
                m["xws"].as_str().unwrap().into(),
                m["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        missing,
        [
            ("ship".into(), "m3ainterceptor".into(), 1),
            ("pilot".into(), "cartelspacer".into(), 1),
            ("upgrade".into(), "heavyscykinterceptor".into(), 1),
        ]
    );
    assert_eq!(answer["buy"][0]["product"], "m3-a-interceptor");
    assert_eq!(answer["buy"][0]["name"], "M3-A Interceptor Expansion Pack");
    assert_eq!(answer["buy"][0]["copies"], 1);
    assert_eq!(answer["buy"][0]["contributes"].as_array().unwrap().len(), 3);

    let ok_squad = squad(vec![
        json!({"name": "cartelspacer", "ship": "m3ainterceptor"}),
    ]);
    let bad = [
        json!({"collection": {"products": {"nope": 1}}, "squad": ok_squad}).to_string(),
        json!({"collection": {"products": {"core-set": 1000}}, "squad": ok_squad}).to_string(),
        json!({"collection": {"boxes": {}}, "squad": ok_squad}).to_string(),
        json!({"collection": {}, "squad": {"faction": "scum"}}).to_string(),
        json!({"collection": {}}).to_string(),
        json!({"collection": [], "squad": ok_squad}).to_string(),
        "[]".to_string(),
        "{not json".to_string(),
    ];
    for body in bad {
        let (status, answer) = post_json(&base, "/api/collection/cover", body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body}"
        );
    }
    let (status, answer) = post_json(&base, "/api/collection/cover", "{".repeat(300_000)).await;
    assert_eq!(status, 413, "{answer}");
}

/// One ship of one faction, as XWS.
fn one_ship(faction: &str, pilot: &str, ship: &str, upgrades: Value) -> String {
    json!({
        "version": "1.0.0", "faction": faction,
        "pilots": [{"name": pilot, "ship": ship, "upgrades": upgrades}]
    })
    .to_string()
}

/// The maneuvers of an answer's first ship a card recolours, as
/// `speed bearing direction difficulty: cards`.
fn changed_maneuvers(body: &Value) -> Vec<String> {
    body["ships"][0]["dial"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m.get("changed_by").is_some())
        .map(|m| {
            let n = &m["maneuver"];
            format!(
                "{} {} {} {}: {}",
                n["speed"],
                n["bearing"].as_str().unwrap(),
                n["direction"].as_str().unwrap_or("-"),
                n["difficulty"].as_str().unwrap(),
                m["changed_by"]
            )
        })
        .collect()
}

/// The answer gives each ship's dial as it flies, each changed maneuver
/// with its cards, and each changed stat and gained action.
#[tokio::test]
async fn the_answer_gives_each_ship_as_its_cards_make_it_fly() {
    let base = start().await;
    let ask = |faction, pilot, ship, upgrades| {
        let base = base.clone();
        let body = one_ship(faction, pilot, ship, upgrades);
        async move { post(&base, "?format=standard", body).await.1 }
    };
    let xwing = ask(
        "rebel",
        "rookiepilot",
        "xwing",
        json!({"amd": ["r2astromech"]}),
    )
    .await;
    assert_eq!(
        changed_maneuvers(&xwing),
        [
            "2 turn left green: [\"r2astromech\"]",
            "2 bank left green: [\"r2astromech\"]",
            "2 bank right green: [\"r2astromech\"]",
            "2 turn right green: [\"r2astromech\"]",
        ]
    );
    assert_eq!(xwing["ships"][0]["dial"][3]["printed"], "white");
    let scyk = ask(
        "scum",
        "cartelspacer",
        "m3ainterceptor",
        json!({"title": ["lightscykinterceptor"]}),
    )
    .await;
    assert_eq!(
        changed_maneuvers(&scyk),
        [
            "3 bank left green: [\"lightscykinterceptor\"]",
            "3 bank right green: [\"lightscykinterceptor\"]"
        ]
    );
    let tie = ask(
        "imperial",
        "academypilot",
        "tiefighter",
        json!({"mod": ["twinionenginemkii"]}),
    )
    .await;
    assert!(
        changed_maneuvers(&tie).contains(&"3 bank left green: [\"twinionenginemkii\"]".to_string())
    );
    let both = json!({"title": ["advancedailerons"], "mod": ["twinionenginemkii"]});
    let reaper = ask("imperial", "scarifbasepilot", "tiereaper", both).await;
    assert!(
        changed_maneuvers(&reaper)
            .contains(&"3 bank left green: [\"twinionenginemkii\"]".to_string())
    );
    let shields = ask(
        "rebel",
        "rookiepilot",
        "xwing",
        json!({"mod": ["shieldupgrade"]}),
    )
    .await;
    assert_eq!(shields["ships"][0]["stats"]["shields"], 3);
    assert_eq!(
        shields["ships"][0]["changes"],
        json!([{"part": {"stat": "shields"}, "by": ["shieldupgrade"]}])
    );
    let boost = ask(
        "rebel",
        "rookiepilot",
        "xwing",
        json!({"mod": ["engineupgrade"]}),
    )
    .await;
    assert_eq!(
        boost["ships"][0]["actions"],
        json!(["focus", "targetlock", "boost"])
    );
    assert_eq!(
        boost["ships"][0]["changes"],
        json!([{"part": {"action": "boost"}, "by": ["engineupgrade"]}])
    );
}
