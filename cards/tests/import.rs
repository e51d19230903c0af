//! The importer against the committed CSV, and every loaded card against
//! the xwing-data package, field by field.
//!
//! The package copy is `cards/data/xwing-data/` (with its licence); the
//! overrides are `cards/data/import/overrides.csv`, each with its reason.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use std::collections::BTreeMap;

use cards::catalog::{Database, Stat};
use cards::import::{
    EMBEDDED_OVERRIDES, OverrideTable, Package, import, plain_text, read_overrides,
};
use serde_json::Value;

fn package_json(name: &str) -> Vec<Value> {
    let package = Package::embedded();
    let text = match name {
        "ships" => package.ships,
        "pilots" => package.pilots,
        "upgrades" => package.upgrades,
        _ => package.conditions,
    };
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_import_writes_the_committed_csv_byte_for_byte() {
    let overrides = read_overrides(EMBEDDED_OVERRIDES).unwrap();
    let first = import(&Package::embedded(), &overrides).unwrap();
    let second = import(&Package::embedded(), &overrides).unwrap();
    assert_eq!(first, second, "two runs give the same bytes");
    let committed = [
        ("ships.csv", include_str!("../data/ships.csv")),
        ("pilots.csv", include_str!("../data/pilots.csv")),
        ("upgrades.csv", include_str!("../data/upgrades.csv")),
        ("conditions.csv", include_str!("../data/conditions.csv")),
    ];
    for (name, text) in committed {
        let written = first.file(name).unwrap();
        if written != text {
            let line = written
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .map_or(written.lines().count().min(text.lines().count()), |n| n);
            panic!(
                "{name} differs from the import at line {}: run `make import-cards`\n import: {:?}\n commit: {:?}",
                line + 1,
                written.lines().nth(line),
                text.lines().nth(line)
            );
        }
    }
}

#[test]
fn the_whole_pool_loads_with_the_strict_loader() {
    let db = Database::embedded().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(db.ships.len(), 56);
    assert_eq!(db.pilots.len(), 297);
    assert_eq!(db.upgrades.len(), 362);
    assert_eq!(db.conditions.len(), 10);
    let faces: usize = db.upgrades.iter().map(|u| u.faces.len()).sum();
    assert_eq!(faces, 367, "five dual cards have two faces");
    // Every XWS faction builds, First Order with the Empire and Resistance with the Rebels.
    for (faction, squad) in [
        ("rebel", "rebel"),
        ("imperial", "imperial"),
        ("scum", "scum"),
        ("firstorder", "imperial"),
        ("resistance", "rebel"),
    ] {
        assert_eq!(db.squad_faction_of(faction), squad);
        assert!(db.pilots.iter().any(|p| p.faction == faction), "{faction}");
    }
}

/// Each card lists the products it came in (the package's `sources.json`).
#[test]
fn cards_list_the_products_they_came_in() {
    let db = Database::embedded().unwrap();
    let pack = ["C-ROC Cruiser Expansion Pack"];
    assert_eq!(db.pilot("croccruiser").unwrap().products, pack);
    assert_eq!(db.upgrade("arccaster").unwrap().products, pack);
    let luke = db.pilot_for("rebel", "xwing", "lukeskywalker").unwrap();
    assert_eq!(luke.products, ["Core Set"]);
    let torpedoes = &db.upgrade("protontorpedoes").unwrap().products;
    assert!(
        torpedoes.len() > 1 && torpedoes[0] == "Core Set",
        "{torpedoes:?}"
    );
    assert!(
        db.pilots.iter().all(|p| !p.products.is_empty()),
        "every pilot came in a box"
    );
}

#[test]
fn ids_keep_the_pack_and_take_blocks_for_the_rest() {
    let db = Database::embedded().unwrap();
    let mut seen = BTreeMap::new();
    for (id, name) in db
        .ships
        .iter()
        .map(|s| (s.id, &s.xws))
        .chain(db.pilots.iter().map(|p| (p.id, &p.xws)))
        .chain(db.upgrades.iter().map(|u| (u.id, &u.xws)))
        .chain(db.conditions.iter().map(|c| (c.id, &c.xws)))
    {
        assert!(seen.insert(id, name).is_none(), "id {id} is used twice");
    }
    // The pack's ids (cards/data/SOURCES.md) never change.
    for (xws, id) in [("croccruiser", 101), ("sunnybounder", 107)] {
        assert_eq!(db.pilot(xws).unwrap().id, id);
    }
    for (xws, id) in [("heavyscykinterceptor", 201), ("igrmthugdroids", 214)] {
        assert_eq!(db.upgrade(xws).unwrap().id, id);
    }
    // Every other card sits in its table's block, two bytes in a squad link.
    let block = |id: u32, lo: u32, hi: u32| id < 500 || (lo..hi).contains(&id);
    assert!(db.ships.iter().all(|s| block(s.id, 500, 1000)));
    assert!(db.pilots.iter().all(|p| block(p.id, 1000, 3000)));
    assert!(db.upgrades.iter().all(|u| block(u.id, 3000, 6000)));
    assert!(db.conditions.iter().all(|c| (6000..7000).contains(&c.id)));
}

#[test]
fn an_override_that_names_nothing_stops_the_import() {
    let stale = "table,key,column,value,reason\nupgrades,nosuchcard,points,3,a test\n";
    let e = import(&Package::embedded(), &read_overrides(stale).unwrap()).unwrap_err();
    assert!(e.to_string().contains("nosuchcard"), "{e}");
    let bad_column = "table,key,column,value,reason\nupgrades,merchantone,colour,red,a test\n";
    let e = import(&Package::embedded(), &read_overrides(bad_column).unwrap()).unwrap_err();
    assert!(e.to_string().contains("colour"), "{e}");
    let no_reason = "table,key,column,value,reason\nupgrades,merchantone,points,3,\n";
    assert!(read_overrides(no_reason).is_err());
}

/// One field where the loaded card differs from the package.
#[derive(Debug)]
struct Disagreement {
    card: String,
    field: String,
    package: String,
    loaded: String,
    /// The override's reason; `None` means nothing explains it.
    reason: Option<String>,
}

/// Overrides by (table, key, column): their reasons.
fn reasons() -> BTreeMap<(OverrideTable, String, String), String> {
    read_overrides(EMBEDDED_OVERRIDES)
        .unwrap()
        .into_iter()
        .map(|o| {
            let key = o.key.split('/').take(3).collect::<Vec<_>>().join("/");
            ((o.table, key, o.column), o.reason)
        })
        .collect()
}

fn opt_num(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Compares every pilot with its package entry, field by field.
fn pilot_disagreements(db: &Database) -> Vec<Disagreement> {
    let reasons = reasons();
    let ships = package_json("ships");
    let mut out = Vec::new();
    for entry in package_json("pilots") {
        let ship = ships.iter().find(|s| s["name"] == entry["ship"]).unwrap();
        let ship_xws = ship["xws"].as_str().unwrap();
        let xws = entry["xws"].as_str().unwrap();
        let faction = db
            .factions
            .iter()
            .find(|f| f.name == entry["faction"].as_str().unwrap())
            .unwrap();
        let pilot = db
            .pilots
            .iter()
            .find(|p| p.xws == xws && p.ship == ship_xws && p.faction == faction.xws)
            .unwrap_or_else(|| panic!("pilot {xws} on {ship_xws} is missing"));
        let key = format!("{}/{ship_xws}/{xws}", faction.xws);
        let stats = entry.get("ship_override").unwrap_or(ship);
        let actions: Vec<String> = ship["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                db.actions
                    .iter()
                    .find(|x| x.name == a.as_str().unwrap())
                    .unwrap()
                    .xws
                    .clone()
            })
            .collect();
        let slots: Vec<String> = entry["slots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let name = s.as_str().unwrap();
                db.slots
                    .iter()
                    .find(|x| x.name == name)
                    .unwrap()
                    .xws
                    .to_string()
            })
            .collect();
        let mut fields: Vec<(&str, String, String)> = vec![
            (
                "name",
                entry["name"].as_str().unwrap().into(),
                pilot.name.clone(),
            ),
            (
                "unique",
                entry["unique"].as_bool().unwrap_or(false).to_string(),
                pilot.unique.to_string(),
            ),
            ("skill", opt_num(&entry["skill"]), pilot.skill_text()),
            ("points", opt_num(&entry["points"]), pilot.points_text()),
            ("upgrade_bar", slots.join(";"), pilot.upgrade_bar.join(";")),
            ("actions", actions.join(";"), pilot.actions.join(";")),
            (
                "ability",
                plain_text(entry["text"].as_str().unwrap_or("")),
                pilot.ability.clone().unwrap_or_default(),
            ),
        ];
        for stat in [Stat::Attack, Stat::Agility, Stat::Hull, Stat::Shields] {
            fields.push((
                stat.as_str(),
                opt_num(&stats[stat.as_str()]),
                pilot
                    .stats
                    .get(stat)
                    .map(|v| v.to_string())
                    .unwrap_or_default(),
            ));
        }
        for (field, package, loaded) in fields {
            if package != loaded {
                let column = if field == "upgrade_bar" {
                    "upgrade_bar"
                } else {
                    field
                };
                out.push(Disagreement {
                    card: format!("pilot {key}"),
                    field: field.into(),
                    package,
                    loaded,
                    reason: reasons
                        .get(&(OverrideTable::Pilots, key.clone(), column.into()))
                        .cloned(),
                });
            }
        }
    }
    out
}

/// Compares every upgrade face with its package entry, field by field.
fn upgrade_disagreements(db: &Database) -> Vec<Disagreement> {
    let reasons = reasons();
    let mut out = Vec::new();
    let entries = package_json("upgrades");
    for entry in &entries {
        let xws = entry["xws"].as_str().unwrap();
        let card = db
            .upgrade(xws)
            .unwrap_or_else(|| panic!("upgrade {xws} is missing"));
        let face_index = entries
            .iter()
            .filter(|e| e["xws"] == xws)
            .position(|e| e["id"] == entry["id"])
            .unwrap();
        let face = &card.faces[face_index];
        let slot = db
            .slots
            .iter()
            .find(|s| s.name == entry["slot"].as_str().unwrap())
            .unwrap();
        let mut text = plain_text(entry["text"].as_str().unwrap_or(""));
        if let Some(effect) = entry["effect"].as_str() {
            text = [text, plain_text(effect)].join("\n\n").trim().to_string();
        }
        let ships: Vec<String> = entry["ship"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|s| {
                        let name = s.as_str().unwrap();
                        db.ships
                            .iter()
                            .find(|x| x.name == name)
                            .unwrap()
                            .xws
                            .clone()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let factions: Vec<String> = entry["faction"]
            .as_str()
            .map(|f| {
                vec![
                    db.factions
                        .iter()
                        .find(|x| x.name == f)
                        .unwrap()
                        .xws
                        .clone(),
                ]
            })
            .unwrap_or_default();
        let fields: Vec<(&str, &str, String, String)> = vec![
            (
                "name",
                "name",
                entry["name"].as_str().unwrap().into(),
                face.name.clone(),
            ),
            ("slot", "slots", slot.xws.to_string(), card.slots.join(";")),
            (
                "points",
                "points",
                opt_num(&entry["points"]),
                card.points.to_string(),
            ),
            (
                "unique",
                "unique",
                entry["unique"].as_bool().unwrap_or(false).to_string(),
                card.unique.to_string(),
            ),
            (
                "limited",
                "limited",
                entry["limited"].as_bool().unwrap_or(false).to_string(),
                card.limited.to_string(),
            ),
            ("text", "text", text, face.text.clone()),
            (
                "attack",
                "attack",
                opt_num(&entry["attack"]),
                face.attack.map(|a| a.to_string()).unwrap_or_default(),
            ),
            (
                "ship",
                "allowed_ships",
                ships.join(";"),
                card.restriction.ships.join(";"),
            ),
            (
                "faction",
                "allowed_factions",
                factions.join(";"),
                card.restriction.factions.join(";"),
            ),
        ];
        let key = if card.dual {
            format!("{xws}/{}", face_index + 1)
        } else {
            xws.to_string()
        };
        for (field, column, package, loaded) in fields {
            if package != loaded {
                let reason = reasons
                    .get(&(OverrideTable::Upgrades, key.clone(), column.into()))
                    .or_else(|| reasons.get(&(OverrideTable::Upgrades, xws.into(), column.into())))
                    .cloned();
                out.push(Disagreement {
                    card: format!("upgrade {key}"),
                    field: field.into(),
                    package,
                    loaded,
                    reason,
                });
            }
        }
    }
    out
}

/// Every pilot and upgrade against the package: each disagreement is
/// listed with the override that explains it; one without a reason fails.
#[test]
fn every_card_matches_the_package_or_says_why_not() {
    let db = Database::embedded().unwrap();
    let mut all = pilot_disagreements(&db);
    all.extend(upgrade_disagreements(&db));
    for d in &all {
        println!(
            "{} `{}`: package {:?}, loaded {:?}: {}",
            d.card,
            d.field,
            d.package,
            d.loaded,
            d.reason.as_deref().unwrap_or("NO REASON")
        );
    }
    let unexplained: Vec<&Disagreement> = all.iter().filter(|d| d.reason.is_none()).collect();
    assert!(unexplained.is_empty(), "unexplained: {unexplained:#?}");
    // The seed's corrections are among them (the package README lists them).
    assert!(
        all.iter()
            .any(|d| d.card == "upgrade pulsedrayshield" && d.field == "faction")
    );
    assert!(
        all.iter()
            .any(|d| d.card == "upgrade azmorigan" && d.field == "ship")
    );
    assert!(
        all.iter()
            .any(|d| d.card == "pilot scum/m3ainterceptor/cartelspacer" && d.field == "actions")
    );
}

#[test]
fn the_yasb_import_writes_the_committed_ids_and_comparison() {
    use cards::import::{
        EMBEDDED_YASB_CARDS, EMBEDDED_YASB_VERDICTS, import_yasb, read_yasb_verdicts,
    };
    let db = Database::embedded().unwrap();
    let verdicts = read_yasb_verdicts(EMBEDDED_YASB_VERDICTS).unwrap();
    let written =
        import_yasb(EMBEDDED_YASB_CARDS, &db, &verdicts).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        written.table == include_str!("../data/yasb.csv"),
        "yasb.csv differs from the import: run `make import-cards`"
    );
    assert!(
        written.comparison == include_str!("../data/import/yasb-compare.csv"),
        "import/yasb-compare.csv differs from the import: run `make import-cards`"
    );
}

#[test]
fn every_yasb_id_names_one_card_or_has_a_reason() {
    use cards::catalog::YasbKind;
    use cards::import::{
        EMBEDDED_YASB_CARDS, EMBEDDED_YASB_VERDICTS, read_yasb_verdicts, yasb_id_counts,
    };
    let db = Database::embedded().unwrap();
    let verdicts = read_yasb_verdicts(EMBEDDED_YASB_VERDICTS).unwrap();
    let counts = yasb_id_counts(EMBEDDED_YASB_CARDS).unwrap();
    for kind in YasbKind::ALL {
        let mapped = db.yasb.iter().filter(|c| c.kind == kind).count();
        let excepted = verdicts
            .iter()
            .filter(|v| v.kind == kind.name() && v.field == "unmatched")
            .count();
        assert_eq!(mapped + excepted, counts[&kind], "{kind:?}");
    }
    // Each id once (the loader refuses a second), each to a card of its kind.
    for c in &db.yasb {
        match c.kind {
            YasbKind::Pilot => assert!(db.pilot_by_id(c.card).is_some()),
            YasbKind::Modification => assert_eq!(db.upgrade_by_id(c.card).unwrap().slot(), "mod"),
            YasbKind::Title => assert_eq!(db.upgrade_by_id(c.card).unwrap().slot(), "title"),
            YasbKind::Upgrade => assert!(db.upgrade_by_id(c.card).is_some()),
            YasbKind::Condition => assert!(db.conditions.iter().any(|d| d.id == c.card)),
        }
    }
    // The four TIE/sf pilots, filed under the Empire there, are our First Order ones.
    let sf: Vec<_> = db
        .yasb
        .iter()
        .filter_map(|c| {
            db.pilot_by_id(c.card)
                .filter(|p| db.ship_name(&p.ship) == "TIE/sf Fighter")
        })
        .collect();
    assert_eq!(sf.len(), 4);
}
