//! The collection against real squads (`fixtures/squads.json`): what an
//! empty shelf misses, what a Core Set or the C-ROC pack covers, and that
//! the products the solver proposes always cover the squad.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::catalog::Database;
use cards::collection::{Collection, Owned, Piece, cheapest_purchase, cover, needs};
use cards::squad::{Rules, Squad, xws};

mod common;
use common::rules;

fn fixtures(rules: &Rules) -> Vec<(String, Squad)> {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("fixtures/squads.json")).unwrap();
    cases
        .iter()
        .map(|c| {
            let squad = xws::import(rules, &c["xws"].to_string(), None)
                .unwrap()
                .squad;
            (c["name"].as_str().unwrap().to_string(), squad)
        })
        .collect()
}

fn owning(db: &Database, json: &str) -> Owned {
    Collection::from_json(json).unwrap().resolve(db).unwrap()
}

fn squad(rules: &Rules, pilots: &str) -> Squad {
    let text = format!(r#"{{"version":"1.0.0","faction":"scum","pilots":[{pilots}]}}"#);
    xws::import(rules, &text, None).unwrap().squad
}

#[test]
fn an_empty_collection_misses_everything() {
    let rules = rules();
    let db = &rules.db;
    for (name, squad) in fixtures(rules) {
        let coverage = cover(db, &Owned::default(), &squad);
        let missing: Vec<(Piece, u32)> = coverage
            .missing
            .iter()
            .map(|s| (s.piece, s.missing()))
            .collect();
        assert_eq!(missing, coverage.needs, "{name}");
        let ships = squad.ships.len() as u32;
        let pilots: u32 = coverage
            .needs
            .iter()
            .filter(|(p, _)| matches!(p, Piece::Pilot(_)))
            .map(|(_, n)| n)
            .sum();
        assert_eq!(pilots, ships, "{name}: a pilot card per ship");
        let upgrades: u32 = coverage
            .needs
            .iter()
            .filter(|(p, _)| matches!(p, Piece::Upgrade(_)))
            .map(|(_, n)| n)
            .sum();
        let equipped: usize = squad.ships.iter().map(|s| s.upgrades.len()).sum();
        assert_eq!(
            upgrades as usize, equipped,
            "{name}: an upgrade card per copy equipped"
        );
    }
}

#[test]
fn a_corvettes_two_sections_are_one_model() {
    let rules = rules();
    let (_, corvettes) = fixtures(rules)
        .into_iter()
        .find(|(n, _)| n == "Two corvettes, 2014 rules")
        .unwrap();
    let cr90 = Piece::model_named(&rules.db, "cr90corvette").unwrap();
    assert_eq!(Piece::model_named(&rules.db, "cr90corvetteaft"), Some(cr90));
    let models = needs(&rules.db, &corvettes)
        .into_iter()
        .find(|(p, _)| *p == cr90)
        .map(|(_, n)| n);
    assert_eq!(models, Some(2), "two corvettes of two sections each");
    let one_tantive = owning(&rules.db, r#"{"products":{"tantive-iv":1}}"#);
    assert_eq!(one_tantive.count(&rules.db, cr90), 1);
}

#[test]
fn one_core_set_leaves_luke_and_biggs_an_x_wing_short() {
    let rules = rules();
    let db = &rules.db;
    let (_, trio) = fixtures(rules)
        .into_iter()
        .find(|(n, _)| n == "Wedge, Biggs and Luke")
        .unwrap();
    // Luke and Biggs as the trio fields them, without their upgrades.
    let mut pair = trio.clone();
    pair.ships.retain(|s| {
        let p = s.pilot.pilot(db).unwrap();
        p.xws == "lukeskywalker" || p.xws == "biggsdarklighter"
    });
    pair.ships.iter_mut().for_each(|s| s.upgrades.clear());
    assert_eq!(pair.ships.len(), 2);

    let one = cover(db, &owning(db, r#"{"products":{"core-set":1}}"#), &pair);
    let lines: Vec<String> = one.missing.iter().map(|s| s.describe(db)).collect();
    assert_eq!(lines, ["a second X-wing ship model: you own 1"]);
    assert_eq!(one.missing[0].holders[0], ("core-set".to_string(), 1));
    assert!(cover(db, &owning(db, r#"{"products":{"core-set":2}}"#), &pair).is_covered());
}

const CROC_WITH_MERCHANT_ONE: &str =
    r#"{"name":"croccruiser","ship":"croccruiser","upgrades":{"title":["merchantone"]}}"#;
const HEAVY_SCYK_SPACER: &str = r#"{"name":"cartelspacer","ship":"m3ainterceptor","upgrades":{"title":["heavyscykinterceptor"]}}"#;

#[test]
fn the_croc_pack_covers_its_cruiser_and_one_heavy_scyk() {
    let rules = rules();
    let db = &rules.db;
    let croc_pack = owning(db, r#"{"products":{"c-roc-cruiser":1}}"#);
    // sources.json: the C-ROC pack holds 1 C-ROC and 1 M3-A model, one
    // each of the C-ROC and Cartel Spacer pilot cards, 1 Merchant One and
    // 1 "Heavy Scyk" Interceptor.
    let one = squad(
        rules,
        &format!("{CROC_WITH_MERCHANT_ONE},{HEAVY_SCYK_SPACER}"),
    );
    assert!(cover(db, &croc_pack, &one).is_covered());

    let two = squad(
        rules,
        &format!("{CROC_WITH_MERCHANT_ONE},{HEAVY_SCYK_SPACER},{HEAVY_SCYK_SPACER}"),
    );
    let coverage = cover(db, &croc_pack, &two);
    let lines: Vec<String> = coverage.missing.iter().map(|s| s.describe(db)).collect();
    assert_eq!(
        lines,
        [
            "a second M3-A Interceptor ship model: you own 1",
            "a second Cartel Spacer pilot card (M3-A Interceptor): you own 1",
            "a second \"Heavy Scyk\" Interceptor (Title): you own 1",
        ]
    );
    // The M3-A pack (2015) and the C-ROC pack (2017) each hold all three:
    // the tie goes to the one released first.
    let purchase = cheapest_purchase(db, &coverage).unwrap();
    let products: Vec<(&str, u32)> = purchase
        .lines
        .iter()
        .map(|l| (l.product.as_str(), l.copies))
        .collect();
    assert_eq!(products, [("m3-a-interceptor", 1)]);
    assert_eq!(purchase.lines[0].contributes.len(), 3);
}

#[test]
fn the_products_the_solver_proposes_cover_the_squad() {
    let rules = rules();
    let db = &rules.db;
    let shelves = [
        "{}",
        r#"{"products":{"core-set":1}}"#,
        r#"{"products":{"c-roc-cruiser":1,"most-wanted":1},"upgrades":{"heavylasercannon":1}}"#,
    ];
    for (name, squad) in fixtures(rules) {
        for shelf in shelves {
            let owned = owning(db, shelf);
            let coverage = cover(db, &owned, &squad);
            let purchase = cheapest_purchase(db, &coverage).unwrap();
            // The proposed boxes alone, with what the shelf already held.
            let mut with_purchase = owned.clone();
            for line in &purchase.lines {
                let id = db.product(&line.product).unwrap().id;
                *with_purchase.products.entry(id).or_default() += line.copies as u16;
            }
            assert!(
                cover(db, &with_purchase, &squad).is_covered(),
                "{name} from {shelf}"
            );
            let proposed = Owned {
                products: purchase
                    .lines
                    .iter()
                    .map(|l| (db.product(&l.product).unwrap().id, l.copies as u16))
                    .collect(),
                ..Owned::default()
            };
            if shelf == "{}" {
                assert!(
                    cover(db, &proposed, &squad).is_covered(),
                    "{name}: exactly the proposed boxes"
                );
                // Never more than one box per missing copy.
                let copies: u32 = coverage.missing.iter().map(|s| s.missing()).sum();
                assert!(purchase.boxes() <= copies, "{name}");
            }
        }
    }
}

#[test]
fn a_collection_names_what_it_cannot_read() {
    let db = Database::embedded().unwrap();
    let bad = [
        (
            r#"{"products":{"core-set":100}}"#,
            "products `core-set`: 100 copies is more than 99",
        ),
        (
            r#"{"products":{"nope":1}}"#,
            "products `nope` is not a product of the card set",
        ),
        (
            r#"{"pilots":{"heavylasercannon":1}}"#,
            "pilots `heavylasercannon` is not a pilot card of the card set",
        ),
        (
            r#"{"ships":{"deathstar":1}}"#,
            "ships `deathstar` is not a ship of the card set",
        ),
    ];
    for (json, message) in bad {
        let error = Collection::from_json(json)
            .and_then(|c| c.resolve(&db))
            .unwrap_err();
        assert_eq!(error.to_string(), message);
    }
    assert!(
        Collection::from_json(r#"{"boxes":{}}"#)
            .unwrap_err()
            .to_string()
            .contains("unknown field")
    );
    assert!(Collection::from_json("[1,2]").is_err());
    assert!(Collection::from_json(&" ".repeat(70_000)).is_err());
}

#[test]
fn a_collection_keeps_its_json_form() {
    let db = Database::embedded().unwrap();
    let json = r#"{"products":{"c-roc-cruiser":1,"core-set":2},"ships":{"cr90corvette":1},"pilots":{"cartelspacer":2},"upgrades":{"heavylasercannon":1}}"#;
    let owned = owning(&db, json);
    let back = owned.to_collection(&db);
    assert_eq!(back, Collection::from_json(json).unwrap());
    assert_eq!(back.resolve(&db).unwrap(), owned);
}
