//! XWS export and import: schema conformance, round trips, and imports from other builders.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::squad::Code;
use cards::squad::xws;
use cards::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};

mod common;
use common::rules;

/// The XWS 1.0 schema as the project keeps it: the public schema with one
/// change, card names may carry the suffix the XWS 1.0 names list gives
/// some cards (`r2d2-swx22`); the public pattern allows only `[0-9a-z]`.
fn schema_text() -> String {
    include_str!("golden/xws-schema.json").to_string()
}

/// The kept schema, with the suffix extension undone.
fn unextended(text: &str) -> String {
    text.replace("^[0-9a-z]+(-[0-9a-z]+)?$", "^[0-9a-z]+$")
}

fn schema() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(&schema_text()).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

/// The kept schema is `../shared/xws/schema.json` (where CI lays it beside
/// the checkout) but for the suffix extension, on pilot and upgrade names only.
#[test]
fn the_kept_schema_is_the_shared_one_with_suffixed_names() {
    let kept = schema_text();
    assert_eq!(
        kept.matches("(-[0-9a-z]+)?").count(),
        2,
        "pilot and upgrade names"
    );
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/xws/schema.json");
    if let Ok(shared) = std::fs::read_to_string(shared) {
        let kept: serde_json::Value = serde_json::from_str(&unextended(&kept)).unwrap();
        let shared: serde_json::Value = serde_json::from_str(&shared).unwrap();
        assert_eq!(
            kept, shared,
            "cards/tests/golden/xws-schema.json differs from shared/xws"
        );
    }
}

pub fn assert_valid_xws(value: &serde_json::Value) {
    let validator = schema();
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{value:#}");
}

fn full_squad() -> Squad {
    let id = |xws: &str| CardRef::Id(rules().db.card(xws).unwrap().id());
    let eq =
        |xws: &str, kind: &str, index: u8| Equipped::new(id(xws), Some(SlotRef::new(kind, index)));
    Squad {
        format: "epic".into(),
        faction: "scum".into(),
        name: "Merchant's run".into(),
        notes: "Broken Horn tanks; Scyks screen.".into(),
        ships: vec![
            SquadShip {
                pilot: id("croccruiser"),
                upgrades: vec![
                    eq("merchantone", "title", 0),
                    eq("jabbathehutt", "crew", 0),
                    eq("azmorigan", "crew", 2),
                    eq("heavylaserturret", "hardpoint", 0),
                    eq("igrmthugdroids", "team", 0),
                    eq("superchargedpowercells", "cargo", 0),
                    eq("quickreleasecargolocks", "cargo", 1),
                ],
            },
            SquadShip {
                pilot: id("genesisred"),
                upgrades: vec![
                    Equipped {
                        choice: Some("cannon".into()),
                        ..eq("heavyscykinterceptor", "title", 0)
                    },
                    eq("arccaster", "cannon", 0),
                    eq("pulsedrayshield", "mod", 0),
                ],
            },
            SquadShip {
                pilot: id("inaldra"),
                upgrades: vec![eq("lightscykinterceptor", "title", 0)],
            },
        ],
        obstacles: vec![
            "core-asteroid-5".into(),
            "yt2400-debris-0".into(),
            "vt49decimator-debris-2".into(),
        ],
    }
}

#[test]
fn exports_validate_against_the_xws_schema() {
    let rules = rules();
    let squad = full_squad();
    assert!(
        rules.validate(&squad).legal,
        "{:#?}",
        rules.validate(&squad).problems
    );
    let exported = serde_json::to_value(xws::export(rules, &squad)).unwrap();
    assert_valid_xws(&exported);
    assert_eq!(exported["version"], "1.0.0");
    assert_eq!(exported["faction"], "scum");
    assert_eq!(exported["points"], 55 + 25 + 13);
    assert_eq!(exported["pilots"][0]["name"], "croccruiser");
    assert_eq!(exported["pilots"][0]["ship"], "croccruiser");
    assert_eq!(exported["pilots"][0]["upgrades"]["crew"][0], "jabbathehutt");
    assert_eq!(exported["pilots"][0]["upgrades"]["title"][0], "merchantone");
    assert_eq!(
        exported["pilots"][1]["upgrades"]["mod"][0],
        "pulsedrayshield"
    );
    assert_eq!(exported["pilots"][2]["ship"], "m3ainterceptor");

    // Unknown cards and an empty squad export valid XWS too.
    let mut odd = Squad::new("standard", "rebel");
    assert_valid_xws(&serde_json::to_value(xws::export(rules, &odd)).unwrap());
    odd.ships.push(SquadShip {
        pilot: CardRef::Id(4242),
        upgrades: vec![
            Equipped::new(
                CardRef::Xws("Some Card!".into()),
                Some(SlotRef::new("crew", 0)),
            ),
            Equipped::new(CardRef::Id(77), None),
        ],
    });
    assert_valid_xws(&serde_json::to_value(xws::export(rules, &odd)).unwrap());
}

#[test]
fn our_exports_import_to_the_same_squad() {
    let rules = rules();
    for squad in [full_squad(), Squad::new("custom:250", "scum")] {
        let json = serde_json::to_string(&xws::export(rules, &squad)).unwrap();
        let back = xws::import(rules, &json, None).unwrap();
        assert_eq!(back.squad, squad);
        assert!(back.notes.is_empty(), "{:?}", back.notes);
    }
}

#[test]
fn another_builders_xws_imports_with_inferred_choices_and_ignored_points() {
    let rules = rules();
    let json = r#"{
        "version": "0.3.0", "name": "Scum wall", "faction": "scum", "points": 5,
        "pilots": [
            {"name": "croccruiser", "ship": "croccruiser",
             "upgrades": {"title": ["merchantone"], "crew": ["jabbathehutt", "cikatrovizago"], "cargo": ["superchargedpowercells"]}},
            {"name": "quinnjast", "ship": "m3ainterceptor",
             "upgrades": {"title": ["heavyscykinterceptor"], "turret": ["sometumbler"], "mod": ["pulsedrayshield"]}}
        ]
    }"#;
    let imported = xws::import(rules, json, None).unwrap();
    let squad = &imported.squad;
    assert_eq!(squad.format, "epic", "a huge ship makes it Epic");
    assert_eq!(squad.name, "Scum wall");
    let report = rules.validate(squad);
    assert_eq!(
        report.points,
        [35, 2, 5, 0, 3, 18, 2, 2].iter().sum::<i32>(),
        "points come from the cards (C-ROC, Merchant One, Jabba, Cikatro, Cells, Quinn, Heavy Scyk, Shield)"
    );
    // Jabba + Cikatro fill three Crew slots: Merchant One grants the third.
    assert!(
        !report.problems.iter().any(|p| p.code == Code::NoFreeSlot),
        "{:#?}",
        report.problems
    );
    // The unknown turret is kept and reported, and it tells the Heavy Scyk's choice.
    let hs = squad.ships[1]
        .upgrades
        .iter()
        .find(|e| e.card == CardRef::Id(201))
        .unwrap();
    assert_eq!(
        hs.choice, None,
        "an unknown card's slot does not count as demand"
    );
    assert!(imported.notes.iter().any(|n| n.contains("`sometumbler`")));
    assert!(
        imported
            .notes
            .iter()
            .any(|n| n.contains("choose it in the builder"))
    );
    assert!(
        squad.ships[1]
            .upgrades
            .iter()
            .any(|e| e.card == CardRef::Xws("sometumbler".into()))
    );
    assert!(report.problems.iter().any(|p| p.code == Code::UnknownCard));
    // Every slot is identified.
    assert!(
        squad
            .ships
            .iter()
            .flat_map(|s| &s.upgrades)
            .all(|e| e.slot.is_some())
    );
    let crew: Vec<u8> = squad.ships[0]
        .upgrades
        .iter()
        .filter_map(|e| {
            e.slot
                .as_ref()
                .filter(|s| s.kind == "crew")
                .map(|s| s.index)
        })
        .collect();
    assert_eq!(crew.len(), 2);
    assert!(
        crew.contains(&0) && (crew.contains(&2)),
        "Jabba takes two slots: {crew:?}"
    );
}

#[test]
fn import_reports_what_it_cannot_place() {
    let rules = rules();
    let json = r#"{"version": "1.0.0", "faction": "scum", "pilots": [
        {"name": "notapilot", "ship": "firespray31", "upgrades": {"crew": ["heavylaserturret"]}},
        {"name": "cartelspacer", "ship": "croccruiser"}
    ]}"#;
    let imported = xws::import(rules, json, Some("standard")).unwrap();
    assert_eq!(imported.squad.format, "standard");
    assert_eq!(imported.squad.ships.len(), 2, "nothing is dropped");
    assert_eq!(
        imported.squad.ships[0].pilot,
        CardRef::Xws("notapilot".into())
    );
    assert_eq!(imported.squad.ships[0].upgrades.len(), 1);
    let notes = imported.notes.join("\n");
    assert!(
        notes.contains("`notapilot` is not in the card database"),
        "{notes}"
    );
    assert!(
        notes.contains("listed under `crew` but is a Hardpoint card"),
        "{notes}"
    );
    assert!(
        notes.contains("Cartel Spacer flies the M3-A Interceptor"),
        "{notes}"
    );
}

#[test]
fn malformed_xws_is_an_error_with_its_position() {
    let rules = rules();
    for bad in [
        "",
        "{",
        "[]",
        r#"{"faction": "scum"}"#,
        r#"{"version": 1, "faction": "scum", "pilots": []}"#,
    ] {
        let err = xws::import(rules, bad, None).unwrap_err();
        assert!(matches!(err, xws::XwsError::NotXws(_)), "{err:?}");
        assert!(err.to_string().starts_with("not valid XWS"), "{err}");
    }
    assert!(
        xws::import(
            rules,
            "{\n  \"version\": \"1.0.0\",\n  \"faction\": 3",
            None
        )
        .unwrap_err()
        .to_string()
        .contains("line 3")
    );
}

/// Issue 13.5: a slot key listed twice keeps both lists, with a note.
#[test]
fn a_repeated_slot_key_keeps_every_card_and_says_so() {
    let json = r#"{"version": "1.0.0", "faction": "scum", "pilots": [{"name": "croccruiser",
        "ship": "croccruiser", "upgrades": {"crew": ["cikatrovizago"], "cargo": ["superchargedpowercells"],
        "crew": ["azmorigan"]}}]}"#;
    let imported = xws::import(rules(), json, None).unwrap();
    let cards: Vec<&CardRef> = imported.squad.ships[0]
        .upgrades
        .iter()
        .map(|e| &e.card)
        .collect();
    assert_eq!(cards.len(), 3, "{cards:?}");
    for name in ["cikatrovizago", "azmorigan", "superchargedpowercells"] {
        let id = rules().db.upgrade(name).unwrap().id;
        assert!(cards.contains(&&CardRef::Id(id)) || cards.contains(&&CardRef::Xws(name.into())));
    }
    assert!(
        imported
            .notes
            .iter()
            .any(|n| n.contains("lists `crew` more than once")),
        "{:?}",
        imported.notes
    );
    // Listed once each: no such note.
    let once = r#"{"version": "1.0.0", "faction": "scum", "pilots": [{"name": "croccruiser",
        "ship": "croccruiser", "upgrades": {"crew": ["cikatrovizago", "azmorigan"]}}]}"#;
    assert!(xws::import(rules(), once, None).unwrap().notes.is_empty());
}

/// Issue 13.6: what XWS cannot name is reported, in the file and to the builder.
#[test]
fn an_unknown_card_id_is_reported_by_the_export() {
    let mut squad = Squad::new("epic", "scum");
    squad.ships.push(SquadShip {
        pilot: CardRef::Id(9_999),
        upgrades: vec![Equipped::new(
            CardRef::Id(8_888),
            Some(SlotRef::new("crew", 0)),
        )],
    });
    squad.ships.push(SquadShip {
        pilot: CardRef::Xws("cartelspacer".into()),
        upgrades: vec![Equipped::new(
            CardRef::Xws("mysteryshield".into()),
            Some(SlotRef::new("mod", 0)),
        )],
    });
    let losses = xws::export_losses(rules(), &squad);
    assert_eq!(losses.len(), 2, "{losses:?}");
    assert!(losses[0].contains("card #9999"));
    assert!(losses[1].contains("card #8888"));
    let exported = serde_json::to_value(xws::export(rules(), &squad)).unwrap();
    assert_valid_xws(&exported);
    assert_eq!(
        exported["vendor"]["merchantone"]["lost"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    // An unknown card with a name keeps it.
    assert_eq!(exported["pilots"][1]["upgrades"]["mod"][0], "mysteryshield");
    // Our own import reads the file back to the same squad.
    let back = xws::import(rules(), &exported.to_string(), None).unwrap();
    assert_eq!(back.squad, squad);
    // A squad of known cards loses nothing.
    squad.ships.remove(0);
    assert!(xws::export_losses(rules(), &squad).is_empty());
}

/// One squad of `fixtures/squads.json`: where it came from, its XWS, and
/// the verdict and points a player would expect.
#[derive(serde::Deserialize)]
struct Case {
    name: String,
    source: String,
    format: String,
    legal: bool,
    points: i32,
    /// Problem codes the verdict must include (illegal squads).
    problems: Vec<String>,
    xws: serde_json::Value,
}

/// 26 Epic and Standard squads from every faction (First Order and
/// Resistance with their allies, huge ships, cost changes, two-section
/// corvettes, nine ships with every slot filled), each imported, judged
/// and exported again.
#[test]
fn every_fixture_squad_imports_with_its_verdict_and_points() {
    let rules = rules();
    let cases: Vec<Case> = serde_json::from_str(include_str!("fixtures/squads.json")).unwrap();
    assert_eq!(cases.len(), 26);
    let factions: std::collections::BTreeSet<&str> = cases
        .iter()
        .map(|c| c.xws["faction"].as_str().unwrap())
        .collect();
    assert_eq!(factions.len(), 3, "every XWS faction");
    for case in &cases {
        assert!(
            !case.source.is_empty(),
            "{}: say where it came from",
            case.name
        );
        assert_valid_xws(&case.xws);
        let imported = xws::import(rules, &case.xws.to_string(), Some(&case.format)).unwrap();
        let report = rules.validate(&imported.squad);
        let codes: Vec<&str> = report.problems.iter().map(|p| p.code.as_str()).collect();
        assert_eq!(
            report.legal, case.legal,
            "{}: {:#?}",
            case.name, report.problems
        );
        assert_eq!(report.points, case.points, "{}", case.name);
        for code in &case.problems {
            assert!(
                codes.contains(&code.as_str()),
                "{}: {code} in {codes:?}",
                case.name
            );
        }
        assert_eq!(
            imported.squad.ships.len(),
            case.xws["pilots"].as_array().unwrap().len(),
            "{}: nothing dropped",
            case.name
        );
        let exported = serde_json::to_value(xws::export(rules, &imported.squad)).unwrap();
        assert_valid_xws(&exported);
    }
}

/// Suffixed names (the XWS 1.0 names list's `-swx57`) export and import.
#[test]
fn suffixed_names_export_and_import() {
    let rules = rules();
    let json = r#"{"version": "1.0.0", "faction": "rebel", "pilots": [
        {"name": "hansolo-swx57", "ship": "yt1300", "upgrades": {
            "crew": ["r2d2-swx22"], "title": ["millenniumfalcon-swx57"]}}
    ]}"#;
    let imported = xws::import(rules, json, Some("standard")).unwrap();
    assert!(imported.notes.is_empty(), "{:?}", imported.notes);
    let exported = serde_json::to_value(xws::export(rules, &imported.squad)).unwrap();
    assert_valid_xws(&exported);
    assert_eq!(exported["pilots"][0]["name"], "hansolo-swx57");
    assert_eq!(exported["pilots"][0]["upgrades"]["crew"][0], "r2d2-swx22");
    assert!(rules.validate(&imported.squad).legal);
}

/// A CR90 exports as XWS 1.0 describes it: two pilots sharing a
/// `multisection_id`, one number per whole ship.
#[test]
fn two_section_ships_export_with_a_multisection_id() {
    let rules = rules();
    let db = &rules.db;
    let mut squad = Squad::new("epic", "rebel");
    for _ in 0..2 {
        let fore = db.pilot("cr90corvettefore").unwrap().id;
        squad.add_whole_ship(db, CardRef::Id(fore));
    }
    squad.add_ship(CardRef::Xws("rookiepilot".into()));
    assert!(rules.validate(&squad).legal);
    let exported = serde_json::to_value(xws::export(rules, &squad)).unwrap();
    assert_valid_xws(&exported);
    let ids: Vec<&serde_json::Value> = exported["pilots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["multisection_id"])
        .collect();
    assert_eq!(
        ids,
        [
            &serde_json::json!(1),
            &serde_json::json!(1),
            &serde_json::json!(2),
            &serde_json::json!(2),
            &serde_json::Value::Null
        ]
    );
}
