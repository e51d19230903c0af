//! Every card of the C-ROC pack in the shipped CSV, field by field, against
//! the pack as printed: `tests/fixtures/croc_pack.json`, kept in one place (see
//! `tests/fixtures/README.md`), from the seed
//! (`cards/data/rules/croc-expansion-rulebook.txt`) and `cards/data/SOURCES.md`.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::catalog::{Database, EpicPoints, Maneuver, ShipSize};
use serde_json::Value;

mod common;
use common::db;

/// The C-ROC pack's ids: the ones it had before the whole card pool came in
/// (cards/data/SOURCES.md, "Ids"), kept by the import's overrides.
fn in_pack(id: u32) -> bool {
    id < 500
}

/// The pack as printed: `{"ships": [...], "pilots": [...], "upgrades": [...]}`.
fn printed() -> Value {
    serde_json::from_str(include_str!("fixtures/croc_pack.json")).unwrap()
}

/// Compares the loaded cards of one kind with the printed ones, card by
/// card (by XWS name, with its face for dual cards) and field by field, so
/// a failure names the card and the field.
fn assert_matches_printed(kind: &str, loaded: Value) {
    let printed = printed()[kind].as_array().unwrap().clone();
    let loaded = loaded.as_array().unwrap().clone();
    let key = |card: &Value| format!("{} face {}", card["xws"], card["face"]);
    let printed_keys: Vec<String> = printed.iter().map(key).collect();
    let loaded_keys: Vec<String> = loaded.iter().map(key).collect();
    assert_eq!(
        loaded_keys, printed_keys,
        "the {kind} of the pack, in order"
    );
    for (card, expected) in loaded.iter().zip(&printed) {
        let (Value::Object(fields), Value::Object(expected_fields)) = (card, expected) else {
            panic!("{kind}: {} is not an object", key(card));
        };
        let names: Vec<&String> = fields.keys().collect();
        let expected_names: Vec<&String> = expected_fields.keys().collect();
        assert_eq!(names, expected_names, "{kind} {}: the fields", key(card));
        for (field, value) in fields {
            assert_eq!(
                value,
                &expected_fields[field],
                "{kind} {}: `{field}`",
                key(card)
            );
        }
    }
}

#[test]
fn every_pilot_matches_the_seed() {
    let db = db();
    let pack: Vec<_> = db.pilots.iter().filter(|p| in_pack(p.id)).collect();
    assert_eq!(pack.len(), 7, "the pack has 7 pilots");
    assert!(pack.iter().all(|p| p.faction == "scum"));
    assert_matches_printed("pilots", serde_json::to_value(&pack).unwrap());
}

#[test]
fn every_upgrade_matches_the_seed() {
    let db = db();
    let pack: Vec<_> = db.upgrades.iter().filter(|u| in_pack(u.id)).collect();
    assert_matches_printed("upgrades", serde_json::to_value(&pack).unwrap());
}

#[test]
fn every_ship_matches_the_seed() {
    let db = db();
    let pack: Vec<_> = db.ships.iter().filter(|s| in_pack(s.id)).collect();
    assert_eq!(pack.len(), 3);
    assert_matches_printed("ships", serde_json::to_value(&pack).unwrap());
}

#[test]
fn tansarii_point_veteran_flies_the_m3a_interceptor() {
    let db = db();
    let tpv = db.pilot("tansariipointveteran").unwrap();
    assert_eq!(tpv.printed_ship, "Scyk Fighter");
    let ship = db.ship_of(tpv).unwrap();
    assert_eq!(ship.name, "M3-A Interceptor");
    assert_eq!(ship.xws, "m3ainterceptor");
}

#[test]
fn ships_carry_size_dial_and_aliases() {
    let db = db();
    let croc = db.ship("croccruiser").unwrap();
    assert_eq!(croc.size, ShipSize::Huge);
    // data/SOURCES.md: the C-ROC dial with the energy each maneuver gives.
    let dial: Vec<String> = croc.dial.iter().map(Maneuver::to_string).collect();
    assert_eq!(
        dial,
        [
            "1BL:W:2", "1S:W:3", "1BR:W:2", "2BL:W:1", "2S:W:2", "2BR:W:1", "3S:W:2", "4S:W:1"
        ]
    );
    assert_eq!(croc.epic_points, None, "no published epic points value");
    let m3a = db.ship("m3ainterceptor").unwrap();
    assert_eq!(m3a.size, ShipSize::Small);
    assert_eq!(m3a.aliases, ["Scyk Fighter"]);
    let gr75 = db.ship("gr75mediumtransport").unwrap();
    assert_eq!(gr75.stats.attack, None, "the GR-75 prints no attack value");
    assert_eq!(gr75.epic_points, EpicPoints::parse("2"));
}

#[test]
fn ids_and_xws_names_are_unique_and_stable() {
    let db = db();
    let mut ids: Vec<u32> = db.ships.iter().map(|s| s.id).collect();
    ids.extend(db.cards().map(|c| c.id()));
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n, "ids are unique across ships and cards");
    for card in db.cards().filter(|c| in_pack(c.id())) {
        assert!(
            card.xws()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        );
        assert_eq!(db.card(card.xws()).unwrap().id(), card.id());
    }
}

#[test]
fn the_database_round_trips_through_json() {
    let db = db();
    let json = serde_json::to_string(&db).unwrap();
    let back: Database = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, db);
}
