//! Every card of the shipped CSV, field by field, against the seed
//! (`cards/data/rules/croc-expansion-rulebook.txt`) and `cards/data/SOURCES.md`.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::catalog::Maneuver;
use cards::catalog::{Comparison, Database, ShipSize, Stat, StatChange, StatRequirement, Stats};

fn db() -> Database {
    Database::embedded().unwrap_or_else(|e| panic!("{e}"))
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn stats(attack: Option<u8>, agility: u8, hull: u8, shields: u8, energy: Option<u8>) -> Stats {
    Stats {
        attack,
        agility: Some(agility),
        hull: Some(hull),
        shields: Some(shields),
        energy,
    }
}

struct ExpectedPilot {
    id: u32,
    xws: &'static str,
    name: &'static str,
    unique: bool,
    skill: u8,
    ship: &'static str,
    printed_ship: &'static str,
    stats: Stats,
    actions: &'static [&'static str],
    upgrade_bar: &'static [&'static str],
    ability: Option<&'static str>,
    points: i32,
}

const M3A_ACTIONS: &[&str] = &["evade", "targetlock", "barrelroll", "boost"];
const M3A: Stats = Stats {
    attack: Some(2),
    agility: Some(3),
    hull: Some(2),
    shields: Some(1),
    energy: None,
};

fn expected_pilots() -> Vec<ExpectedPilot> {
    vec![
        ExpectedPilot {
            id: 101,
            xws: "croccruiser",
            name: "C-ROC Cruiser",
            unique: false,
            skill: 1,
            ship: "croccruiser",
            printed_ship: "C-ROC Cruiser",
            stats: stats(None, 0, 10, 4, Some(4)),
            actions: &["recover", "reinforce", "targetlock", "jam"],
            upgrade_bar: &[
                "crew",
                "crew",
                "hardpoint",
                "team",
                "cargo",
                "cargo",
                "cargo",
            ],
            ability: None,
            points: 35,
        },
        ExpectedPilot {
            id: 102,
            xws: "cartelspacer",
            name: "Cartel Spacer",
            unique: false,
            skill: 2,
            ship: "m3ainterceptor",
            printed_ship: "M3-A Interceptor",
            stats: M3A,
            actions: M3A_ACTIONS,
            upgrade_bar: &[],
            ability: None,
            points: 14,
        },
        ExpectedPilot {
            id: 103,
            xws: "tansariipointveteran",
            name: "Tansarii Point Veteran",
            unique: false,
            skill: 5,
            ship: "m3ainterceptor",
            printed_ship: "Scyk Fighter",
            stats: M3A,
            actions: M3A_ACTIONS,
            upgrade_bar: &["ept"],
            ability: None,
            points: 17,
        },
        ExpectedPilot {
            id: 104,
            xws: "genesisred",
            name: "Genesis Red",
            unique: true,
            skill: 7,
            ship: "m3ainterceptor",
            printed_ship: "M3-A Interceptor",
            stats: M3A,
            actions: M3A_ACTIONS,
            upgrade_bar: &["ept"],
            ability: Some(
                "After you acquire a target lock, assign focus and evade tokens to your ship until you have the same number of each token as the locked ship.",
            ),
            points: 19,
        },
        ExpectedPilot {
            id: 105,
            xws: "inaldra",
            name: "Inaldra",
            unique: true,
            skill: 3,
            ship: "m3ainterceptor",
            printed_ship: "M3-A Interceptor",
            stats: M3A,
            actions: M3A_ACTIONS,
            upgrade_bar: &["ept"],
            ability: Some(
                "When attacking or defending, you may spend 1 shield to reroll any number of your dice.",
            ),
            points: 15,
        },
        ExpectedPilot {
            id: 106,
            xws: "quinnjast",
            name: "Quinn Jast",
            unique: true,
            skill: 6,
            ship: "m3ainterceptor",
            printed_ship: "M3-A Interceptor",
            stats: M3A,
            actions: M3A_ACTIONS,
            upgrade_bar: &["ept"],
            ability: Some(
                "At the start of the Combat phase, you may receive a weapons disabled token to flip one of your discarded Turret or Modification Upgrade cards faceup.",
            ),
            points: 18,
        },
        ExpectedPilot {
            id: 107,
            xws: "sunnybounder",
            name: "Sunny Bounder",
            unique: true,
            skill: 1,
            ship: "m3ainterceptor",
            printed_ship: "M3-A Interceptor",
            stats: M3A,
            actions: M3A_ACTIONS,
            upgrade_bar: &[],
            ability: Some(
                "Once per round, after you roll or reroll dice, if you have the same result on each of your dice, you may add 1 matching result.",
            ),
            points: 14,
        },
    ]
}

#[test]
fn every_pilot_matches_the_seed() {
    let db = db();
    let expected = expected_pilots();
    assert_eq!(db.pilots.len(), expected.len(), "the pack has 7 pilots");
    for e in &expected {
        let p = db
            .pilot(e.xws)
            .unwrap_or_else(|| panic!("pilot {} missing", e.xws));
        let ctx = e.name;
        assert_eq!(p.id, e.id, "{ctx}: id");
        assert_eq!(p.name, e.name, "{ctx}: name");
        assert_eq!(p.unique, e.unique, "{ctx}: unique");
        assert_eq!(p.skill, e.skill, "{ctx}: pilot skill");
        assert_eq!(p.ship, e.ship, "{ctx}: ship");
        assert_eq!(p.printed_ship, e.printed_ship, "{ctx}: printed ship");
        assert_eq!(p.faction, "scum", "{ctx}: faction");
        assert_eq!(p.stats, e.stats, "{ctx}: stats");
        assert_eq!(p.actions, strs(e.actions), "{ctx}: action bar");
        assert_eq!(p.upgrade_bar, strs(e.upgrade_bar), "{ctx}: upgrade bar");
        assert_eq!(p.ability.as_deref(), e.ability, "{ctx}: ability");
        assert_eq!(p.points, e.points, "{ctx}: points");
    }
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

/// (name, text, attack, range) of one printed face.
type ExpectedFace = (&'static str, &'static str, Option<u8>, Option<(u8, u8)>);

#[derive(Default)]
struct ExpectedUpgrade {
    id: u32,
    xws: &'static str,
    faces: &'static [ExpectedFace],
    slots: &'static [&'static str],
    unique: bool,
    limited: bool,
    points: i32,
    restriction_text: &'static str,
    energy_limit: Option<u8>,
    energy_cost: Option<u8>,
    energy_limit_change: Option<i8>,
    energy_after_recover: Option<u8>,
    ships: &'static [&'static str],
    factions: &'static [&'static str],
    huge_only: bool,
    grants: &'static [&'static str],
    grant_choice: &'static [&'static str],
    losses: &'static [&'static str],
    forbidden_slots: &'static [&'static str],
    requires: Vec<StatRequirement>,
    stat_changes: Vec<StatChange>,
}

fn expected_upgrades() -> Vec<ExpectedUpgrade> {
    vec![
        ExpectedUpgrade {
            id: 201,
            xws: "heavyscykinterceptor",
            faces: &[(
                "\"Heavy Scyk\" Interceptor",
                "Your upgrade bar gains the Cannon, Turret, or Modification upgrade icon. Increase your hull value by 1.",
                None,
                None,
            )],
            slots: &["title"],
            points: 2,
            restriction_text: "M3-A Interceptor only. Title.",
            ships: &["m3ainterceptor"],
            grant_choice: &["cannon", "turret", "mod"],
            stat_changes: vec![StatChange {
                stat: Stat::Hull,
                delta: 1,
            }],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 202,
            xws: "heavylaserturret",
            faces: &[(
                "Heavy Laser Turret",
                "Attack (energy): Spend 2 energy from this card to perform this attack against 1 ship (even a ship outside of your firing arc).",
                Some(4),
                Some((2, 3)),
            )],
            slots: &["hardpoint"],
            points: 5,
            restriction_text: "C-ROC Cruiser only.",
            energy_limit: Some(2),
            energy_cost: Some(2),
            ships: &["croccruiser"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 203,
            xws: "cikatrovizago",
            faces: &[(
                "Cikatro Vizago",
                "At the start of the End phase, you may discard this card to replace a faceup Illicit or Cargo Upgrade card you have equipped with another Upgrade card of the same type of equal or fewer squad points.",
                None,
                None,
            )],
            slots: &["crew"],
            unique: true,
            points: 0,
            restriction_text: "Scum only.",
            factions: &["scum"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 204,
            xws: "azmorigan",
            faces: &[(
                "Azmorigan",
                "At the start of the End phase, you may spend 1 energy to replace a faceup Crew or Team Upgrade card you have equipped with another Upgrade card of the same type of equal or fewer squad points.",
                None,
                None,
            )],
            slots: &["crew"],
            unique: true,
            points: 2,
            restriction_text: "Huge ship only. Scum only.",
            factions: &["scum"],
            huge_only: true,
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 205,
            xws: "merchantone",
            faces: &[(
                "Merchant One",
                "Your upgrade bar gains 1 additional Crew upgrade icon and 1 additional Team upgrade icon and loses 1 Cargo upgrade icon.",
                None,
                None,
            )],
            slots: &["title"],
            unique: true,
            points: 2,
            restriction_text: "C-ROC Cruiser only. Title.",
            energy_limit_change: Some(1),
            ships: &["croccruiser"],
            grants: &["crew", "team"],
            losses: &["cargo"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 206,
            xws: "lightscykinterceptor",
            faces: &[(
                "\"Light Scyk\" Interceptor",
                "All Damage cards dealt to you are dealt faceup. You may treat all bank maneuvers (bank left or bank right) as green maneuvers. You cannot equip Modification upgrades.",
                None,
                None,
            )],
            slots: &["title"],
            points: -2,
            restriction_text: "M3-A Interceptor only. Title.",
            ships: &["m3ainterceptor"],
            forbidden_slots: &["mod"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 207,
            xws: "brokenhorn",
            faces: &[(
                "Broken Horn",
                "When defending, if you have a reinforce token, you may add 1 additional evade result. If you do, after defending, discard your reinforce token.",
                None,
                None,
            )],
            slots: &["title"],
            unique: true,
            points: 5,
            restriction_text: "C-ROC Cruiser only. Title.",
            energy_limit_change: Some(2),
            ships: &["croccruiser"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 208,
            xws: "insatiableworrt",
            faces: &[(
                "Insatiable Worrt",
                "After you perform the recover action, gain 3 energy.",
                None,
                None,
            )],
            slots: &["title"],
            unique: true,
            points: 1,
            restriction_text: "C-ROC Cruiser only. Title.",
            energy_limit_change: Some(-1),
            energy_after_recover: Some(3),
            ships: &["croccruiser"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 209,
            xws: "superchargedpowercells",
            faces: &[(
                "Supercharged Power Cells",
                "When attacking, you may discard this card to roll 2 additional attack dice.",
                None,
                None,
            )],
            slots: &["cargo"],
            limited: true,
            points: 3,
            restriction_text: "Limited.",
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 210,
            xws: "quickreleasecargolocks",
            faces: &[(
                "Quick-release Cargo Locks",
                "At the end of the Activation phase, you may discard this card to place 1 container token.",
                None,
                None,
            )],
            slots: &["cargo"],
            limited: true,
            points: 2,
            restriction_text: "C-ROC Cruiser and GR-75 only. Limited.",
            ships: &["croccruiser", "gr75mediumtransport"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 211,
            xws: "pulsedrayshield",
            faces: &[(
                "Pulsed Ray Shield",
                "During the End phase, you may receive 1 ion token to recover 1 shield (up to your shield value). You can equip this card only if your shield value is \"1\".",
                None,
                None,
            )],
            slots: &["mod"],
            points: 2,
            restriction_text: "Rebel and Scum only. Modification.",
            factions: &["rebel", "scum"],
            requires: vec![StatRequirement {
                stat: Stat::Shields,
                comparison: Comparison::Equal,
                value: 1,
            }],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 212,
            xws: "arccaster",
            faces: &[
                (
                    "ARC Caster",
                    "Attack: Attack 1 ship. If this attack hits, you must choose 1 other ship at Range 1 of the defender to suffer 1 damage. Then flip this card.",
                    Some(4),
                    Some((1, 1)),
                ),
                (
                    "ARC Caster (Recharging)",
                    "At the start of the Combat phase, you may receive a weapons disabled token to flip this card.",
                    None,
                    None,
                ),
            ],
            slots: &["cannon"],
            points: 2,
            restriction_text: "Rebel and Scum only. Dual card.",
            factions: &["rebel", "scum"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 213,
            xws: "jabbathehutt",
            faces: &[(
                "Jabba the Hutt",
                "When you equip this card, place 1 illicit token on each Illicit Upgrade card in your squad. When you are instructed to discard an Upgrade card, you may discard 1 illicit token on that card instead.",
                None,
                None,
            )],
            slots: &["crew", "crew"],
            unique: true,
            points: 5,
            restriction_text: "Scum only.",
            factions: &["scum"],
            ..Default::default()
        },
        ExpectedUpgrade {
            id: 214,
            xws: "igrmthugdroids",
            faces: &[(
                "IG-RM Thug Droids",
                "When attacking, you may change 1 of your hit results to a critical result.",
                None,
                None,
            )],
            slots: &["team"],
            points: 1,
            restriction_text: "",
            ..Default::default()
        },
    ]
}

#[test]
fn every_upgrade_matches_the_seed() {
    let db = db();
    let expected = expected_upgrades();
    assert_eq!(db.upgrades.len(), 14, "the pack has 14 upgrade cards");
    let faces: usize = db.upgrades.iter().map(|u| u.faces.len()).sum();
    assert_eq!(faces, 15, "ARC Caster has two faces");
    for e in &expected {
        let u = db
            .upgrade(e.xws)
            .unwrap_or_else(|| panic!("upgrade {} missing", e.xws));
        let ctx = e.xws;
        assert_eq!(u.id, e.id, "{ctx}: id");
        assert_eq!(u.faces.len(), e.faces.len(), "{ctx}: faces");
        for (face, (name, text, attack, range)) in u.faces.iter().zip(e.faces) {
            assert_eq!(face.name, *name, "{ctx}: face name");
            assert_eq!(face.text, *text, "{ctx}: text");
            assert_eq!(face.attack, *attack, "{ctx}: attack");
            assert_eq!(face.range, *range, "{ctx}: range");
        }
        assert_eq!(u.dual, e.faces.len() == 2, "{ctx}: dual");
        assert_eq!(u.slots, strs(e.slots), "{ctx}: slots");
        assert_eq!(u.unique, e.unique, "{ctx}: unique");
        assert_eq!(u.limited, e.limited, "{ctx}: limited");
        assert_eq!(u.points, e.points, "{ctx}: points");
        assert_eq!(u.restriction_text, e.restriction_text, "{ctx}: restriction");
        assert_eq!(u.energy_limit, e.energy_limit, "{ctx}: energy limit");
        assert_eq!(u.energy_cost, e.energy_cost, "{ctx}: energy cost");
        assert_eq!(
            u.effects.energy_limit_change, e.energy_limit_change,
            "{ctx}: energy limit change"
        );
        assert_eq!(
            u.effects.energy_after_recover, e.energy_after_recover,
            "{ctx}: energy after recover"
        );
        assert_eq!(u.restriction.ships, strs(e.ships), "{ctx}: allowed ships");
        assert_eq!(
            u.restriction.factions,
            strs(e.factions),
            "{ctx}: allowed factions"
        );
        assert_eq!(u.restriction.huge_only, e.huge_only, "{ctx}: huge only");
        assert_eq!(u.restriction.requires, e.requires, "{ctx}: requires");
        assert_eq!(u.effects.grants, strs(e.grants), "{ctx}: grants");
        assert_eq!(
            u.effects.grant_choice,
            strs(e.grant_choice),
            "{ctx}: grant choice"
        );
        assert_eq!(u.effects.losses, strs(e.losses), "{ctx}: losses");
        assert_eq!(
            u.effects.forbidden_slots,
            strs(e.forbidden_slots),
            "{ctx}: forbidden slots"
        );
        assert_eq!(
            u.effects.stat_changes, e.stat_changes,
            "{ctx}: stat changes"
        );
    }
}

#[test]
fn ships_carry_size_stats_actions_dial_and_aliases() {
    let db = db();
    assert_eq!(db.ships.len(), 3);

    let croc = db.ship("croccruiser").unwrap();
    assert_eq!(croc.size, ShipSize::Huge);
    assert_eq!(croc.factions, strs(&["scum"]));
    assert_eq!(croc.stats, stats(None, 0, 10, 4, Some(4)));
    assert_eq!(
        croc.actions,
        strs(&["recover", "reinforce", "targetlock", "jam"])
    );
    // data/SOURCES.md: the C-ROC dial with the energy each maneuver gives.
    let dial: Vec<String> = croc.dial.iter().map(Maneuver::to_string).collect();
    assert_eq!(
        dial,
        strs(&[
            "1BL:W:2", "1S:W:3", "1BR:W:2", "2BL:W:1", "2S:W:2", "2BR:W:1", "3S:W:2", "4S:W:1"
        ])
    );
    assert_eq!(croc.epic_points, None, "no published epic points value");

    let m3a = db.ship("m3ainterceptor").unwrap();
    assert_eq!(m3a.size, ShipSize::Small);
    assert_eq!(m3a.aliases, strs(&["Scyk Fighter"]));
    assert_eq!(m3a.stats, M3A);
    let dial: Vec<String> = m3a.dial.iter().map(Maneuver::to_string).collect();
    assert_eq!(
        dial,
        strs(&[
            "1TL:W", "1BL:G", "1BR:G", "1TR:W", "2TL:W", "2BL:G", "2S:G", "2BR:G", "2TR:W",
            "3BL:W", "3S:G", "3BR:W", "3K:R", "4S:W", "5K:R"
        ])
    );

    let gr75 = db.ship("gr75mediumtransport").unwrap();
    assert_eq!(gr75.size, ShipSize::Huge);
    assert_eq!(gr75.factions, strs(&["rebel"]));
    assert_eq!(gr75.stats.attack, None, "the GR-75 prints no attack value");
    assert_eq!(gr75.epic_points, Some(2));
    assert!(gr75.aliases.contains(&"GR-75".to_string()));
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
    for card in db.cards() {
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
    assert_eq!(back, db);
}
