//! The importer against the committed CSV, and every loaded card against
//! the xwing-data package, field by field.
//!
//! The package copy is `cards/data/xwing-data/` (with its licence); the
//! overrides are `cards/data/import/overrides.csv`, each with its reason.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use std::collections::BTreeMap;

use cards::catalog::{Database, ProductKind, Stat};
use import::{EMBEDDED_OVERRIDES, OverrideTable, Package, import, plain_text, read_overrides};
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
        ("ships.csv", include_str!("../../cards/data/ships.csv")),
        ("pilots.csv", include_str!("../../cards/data/pilots.csv")),
        (
            "upgrades.csv",
            include_str!("../../cards/data/upgrades.csv"),
        ),
        (
            "conditions.csv",
            include_str!("../../cards/data/conditions.csv"),
        ),
        (
            "products.csv",
            include_str!("../../cards/data/products.csv"),
        ),
        (
            "product_contents.csv",
            include_str!("../../cards/data/product_contents.csv"),
        ),
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
    let names = |kind, id| -> Vec<String> {
        db.products_holding(kind, id)
            .iter()
            .map(|(p, _)| p.name.clone())
            .collect()
    };
    let pack = ["C-ROC Cruiser Expansion Pack"];
    assert_eq!(
        names(ProductKind::Pilot, db.pilot("croccruiser").unwrap().id),
        pack
    );
    assert_eq!(
        names(ProductKind::Upgrade, db.upgrade("arccaster").unwrap().id),
        pack
    );
    let luke = db.pilot_for("rebel", "xwing", "lukeskywalker").unwrap();
    assert_eq!(names(ProductKind::Pilot, luke.id), ["Core Set"]);
    let torpedoes = names(
        ProductKind::Upgrade,
        db.upgrade("protontorpedoes").unwrap().id,
    );
    assert!(
        torpedoes.len() > 1 && torpedoes[0] == "Core Set",
        "{torpedoes:?}"
    );
    let every_card_in_a_box = db
        .pilots
        .iter()
        .all(|p| !names(ProductKind::Pilot, p.id).is_empty())
        && db
            .upgrades
            .iter()
            .all(|u| !names(ProductKind::Upgrade, u.id).is_empty())
        && db
            .ships
            .iter()
            .all(|s| !names(ProductKind::Ship, s.id).is_empty());
    assert!(
        every_card_in_a_box,
        "every ship, pilot and upgrade came in a box"
    );
}

/// The products and their contents equal `sources.json`: 63 boxes, each
/// with the package's SKU and date, and each card with the package's count
/// (a dual card's faces, listed once each, are one card of that count).
#[test]
fn products_hold_what_the_package_says() {
    let db = Database::embedded().unwrap();
    let sources = serde_json::from_str::<Vec<Value>>(&Package::embedded().sources).unwrap();
    assert_eq!(db.products.len(), 63);
    assert_eq!(sources.len(), db.products.len());
    let tables = [
        (
            "ships",
            ProductKind::Ship,
            package_ids(&package_json("ships"), &db, ProductKind::Ship),
        ),
        (
            "pilots",
            ProductKind::Pilot,
            package_ids(&package_json("pilots"), &db, ProductKind::Pilot),
        ),
        (
            "upgrades",
            ProductKind::Upgrade,
            package_ids(&package_json("upgrades"), &db, ProductKind::Upgrade),
        ),
        (
            "conditions",
            ProductKind::Condition,
            package_ids(&package_json("conditions"), &db, ProductKind::Condition),
        ),
    ];
    let mut lines = 0;
    for source in &sources {
        let product = db
            .products
            .iter()
            .find(|p| u64::from(p.id) == source["id"].as_u64().unwrap())
            .unwrap();
        assert_eq!(product.name, source["name"].as_str().unwrap());
        assert_eq!(product.sku, source["sku"].as_str().unwrap());
        assert_eq!(product.released, source["release_date"].as_str().unwrap());
        for (field, kind, ids) in &tables {
            let Some(listed) = source["contents"][field].as_object() else {
                continue;
            };
            for (package_id, count) in listed {
                let ours = ids[&package_id.parse::<u64>().unwrap()];
                assert_eq!(
                    u64::from(product.count_of(*kind, ours)),
                    count.as_u64().unwrap(),
                    "{} holds {field} {package_id}",
                    product.name
                );
            }
        }
        lines += product.contents.len();
    }
    // 5 dual cards are listed once per face in the package, and are one
    // line here wherever a box holds them.
    let package_lines: usize = sources
        .iter()
        .map(|s| {
            ["ships", "pilots", "upgrades", "conditions"]
                .iter()
                .filter_map(|f| s["contents"][f].as_object())
                .map(|o| o.len())
                .sum::<usize>()
        })
        .sum();
    let dual_faces: usize = db
        .products
        .iter()
        .map(|p| {
            p.contents
                .iter()
                .filter(|(k, id, _)| {
                    *k == ProductKind::Upgrade && db.upgrade_by_id(*id).unwrap().dual
                })
                .count()
        })
        .sum();
    assert_eq!(lines + dual_faces, package_lines);
}

/// The package's id of each card to ours: by the card's XWS name and, for
/// pilots, faction and ship.
fn package_ids(package: &[Value], db: &Database, kind: ProductKind) -> BTreeMap<u64, u32> {
    let text = |v: &Value, f: &str| v[f].as_str().unwrap_or_default().to_string();
    package
        .iter()
        .map(|card| {
            let id = card["id"].as_u64().unwrap();
            let xws = text(card, "xws");
            let ours = match kind {
                ProductKind::Ship => db.ship(&xws).map(|s| s.id),
                ProductKind::Pilot => db
                    .pilots
                    .iter()
                    .find(|p| {
                        p.xws == xws
                            && db.ship_of(p).is_some_and(|s| s.name == text(card, "ship"))
                            && db.faction(&p.faction).is_some_and(|f| {
                                f.name == text(card, "faction")
                                    || f.aliases.iter().any(|a| *a == text(card, "faction"))
                            })
                    })
                    .map(|p| p.id),
                ProductKind::Upgrade => db.upgrade(&xws).map(|u| u.id),
                ProductKind::Condition => db.conditions.iter().find(|c| c.xws == xws).map(|c| c.id),
            };
            (
                id,
                ours.unwrap_or_else(|| panic!("package {kind:?} {id} `{xws}` is ours")),
            )
        })
        .collect()
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
    use import::{EMBEDDED_YASB_CARDS, EMBEDDED_YASB_VERDICTS, import_yasb, read_yasb_verdicts};
    let db = Database::embedded().unwrap();
    let verdicts = read_yasb_verdicts(EMBEDDED_YASB_VERDICTS).unwrap();
    let written =
        import_yasb(EMBEDDED_YASB_CARDS, &db, &verdicts).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        written.table == include_str!("../../cards/data/yasb.csv"),
        "yasb.csv differs from the import: run `make import-cards`"
    );
    assert!(
        written.comparison == include_str!("../../cards/data/import/yasb-compare.csv"),
        "import/yasb-compare.csv differs from the import: run `make import-cards`"
    );
}

#[test]
fn every_yasb_id_names_one_card_or_has_a_reason() {
    use cards::catalog::YasbKind;
    use import::{EMBEDDED_YASB_CARDS, EMBEDDED_YASB_VERDICTS, read_yasb_verdicts, yasb_id_counts};
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
