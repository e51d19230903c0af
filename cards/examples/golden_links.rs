//! Writes the golden squad links: `cargo run -p cards --example golden_links > cards/tests/golden/links.json`.
//!
//! Run it only to add new cases: a link once in the golden file must keep
//! decoding to the same squad forever (`tests/links.rs` checks it).

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::catalog::Database;
use cards::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};

fn eq(id: u32, kind: &str, index: u8, choice: Option<&str>) -> Equipped {
    Equipped {
        card: CardRef::Id(id),
        slot: Some(SlotRef::new(kind, index)),
        choice: choice.map(String::from),
    }
}

fn main() {
    let db = Database::embedded().expect("card data");
    let mut squads = Vec::new();

    // Every pilot, bare.
    let mut every_pilot = Squad::new("epic", "scum");
    every_pilot.name = "Every pilot".into();
    for p in &db.pilots {
        every_pilot.ships.push(SquadShip {
            pilot: CardRef::Id(p.id),
            upgrades: vec![],
        });
    }
    squads.push(every_pilot);

    // Every upgrade card on a C-ROC, legal or not, in its own slot type.
    let mut every_upgrade = Squad::new("custom:400", "scum");
    every_upgrade.name = "Every upgrade".into();
    every_upgrade.notes = "Illegal on purpose: links keep what was built.".into();
    let mut upgrades = Vec::new();
    let mut used: std::collections::BTreeMap<String, u8> = Default::default();
    for u in &db.upgrades {
        let index = used.entry(u.slot().to_string()).or_insert(0);
        upgrades.push(eq(
            u.id,
            u.slot(),
            *index,
            u.effects.grant_choice.first().map(|c| c.as_str()),
        ));
        *index += u.slots.len() as u8;
    }
    every_upgrade.ships.push(SquadShip {
        pilot: CardRef::Id(101),
        upgrades,
    });
    squads.push(every_upgrade);

    // Each of "Heavy Scyk"'s three choices.
    for (choice, card, kind) in [
        ("cannon", 212, "cannon"),
        ("turret", 202, "turret"),
        ("mod", 211, "mod"),
    ] {
        let mut s = Squad::new("standard", "scum");
        s.name = format!("Heavy Scyk with a {choice}");
        s.ships.push(SquadShip {
            pilot: CardRef::Id(104),
            upgrades: vec![eq(201, "title", 0, Some(choice)), eq(card, kind, 0, None)],
        });
        squads.push(s);
    }

    // A full legal Epic squad with text that needs escaping in a URL.
    let mut epic = Squad::new("epic", "scum");
    epic.name = "Merchant One & friends — “Épique” 🚀".into();
    epic.notes = "Line one\nLine two: Jabba + Azmorigan; 100% legal?".into();
    epic.ships.push(SquadShip {
        pilot: CardRef::Id(101),
        upgrades: vec![
            eq(205, "title", 0, None),
            eq(213, "crew", 0, None),
            eq(204, "crew", 2, None),
            eq(202, "hardpoint", 0, None),
            eq(214, "team", 0, None),
            eq(214, "team", 1, None),
            eq(209, "cargo", 0, None),
            eq(210, "cargo", 1, None),
        ],
    });
    for pilot in [102, 103, 105, 106, 107] {
        epic.ships.push(SquadShip {
            pilot: CardRef::Id(pilot),
            upgrades: vec![eq(206, "title", 0, None)],
        });
    }
    squads.push(epic);

    // Cards the database does not have stay as they were.
    let mut unknown = Squad::new("epic-2014", "rebel");
    unknown.ships.push(SquadShip {
        pilot: CardRef::Id(999_999),
        upgrades: vec![
            Equipped::new(CardRef::Id(4242), None),
            Equipped::new(
                CardRef::Xws("futurecard".into()),
                Some(SlotRef::new("crew", 1)),
            ),
        ],
    });
    unknown.ships.push(SquadShip {
        pilot: CardRef::Xws("futurepilot".into()),
        upgrades: vec![],
    });
    squads.push(unknown);

    // Obstacles (a `v4.` code): three of the table, and a name it does not know.
    let mut rocks = Squad::new("epic", "scum");
    rocks.name = "Rocks".into();
    rocks.ships.push(SquadShip {
        pilot: CardRef::Id(101),
        upgrades: vec![eq(205, "title", 0, None)],
    });
    rocks.obstacles = vec![
        "core-asteroid-5".into(),
        "yt2400-debris-0".into(),
        "vt49decimator-debris-2".into(),
    ];
    squads.push(rocks);
    let mut moon = Squad::new("standard", "rebel");
    moon.obstacles = vec!["core2-asteroid-0".into(), "death-star-moon".into()];
    squads.push(moon);

    // An empty squad of each format.
    for format in ["standard", "epic", "epic-2014", "team-epic", "custom:250"] {
        squads.push(Squad::new(format, "scum"));
    }

    let cases: Vec<serde_json::Value> = squads
        .iter()
        .map(|s| serde_json::json!({ "code": cards::squad::link::encode(s), "squad": s }))
        .collect();
    println!("{}", serde_json::to_string_pretty(&cases).expect("json"));
}
