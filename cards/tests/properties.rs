//! Property tests over random squads built from the card database.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::squad::xws;
use cards::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};
use cards::squad::{Problem, Report};
use proptest::prelude::*;

mod common;
use common::rules;

fn card_ref(ids: Vec<u32>) -> impl Strategy<Value = CardRef> {
    prop_oneof![
        8 => proptest::sample::select(ids).prop_map(CardRef::Id),
        1 => (1u32..20_000).prop_map(CardRef::Id),
        1 => "[a-z]{1,12}".prop_map(CardRef::Xws),
    ]
}

fn equipped() -> impl Strategy<Value = Equipped> {
    let db = &rules().db;
    let ids: Vec<u32> = db.upgrades.iter().map(|u| u.id).collect();
    let kinds: Vec<String> = db.slots.iter().map(|s| s.xws.to_string()).collect();
    (
        card_ref(ids),
        proptest::option::of((proptest::sample::select(kinds), 0u8..4)),
        proptest::option::of(proptest::sample::select(vec![
            "cannon", "turret", "mod", "crew",
        ])),
    )
        .prop_map(|(card, slot, choice)| Equipped {
            card,
            slot: slot.map(|(k, i)| SlotRef::new(&k, i)),
            choice: choice.map(String::from),
        })
}

fn ship() -> impl Strategy<Value = SquadShip> {
    let ids: Vec<u32> = rules().db.pilots.iter().map(|p| p.id).collect();
    (card_ref(ids), proptest::collection::vec(equipped(), 0..8))
        .prop_map(|(pilot, upgrades)| SquadShip { pilot, upgrades })
}

fn squad() -> impl Strategy<Value = Squad> {
    (
        proptest::sample::select(vec![
            "standard".to_string(),
            "epic".into(),
            "epic-2014".into(),
            "team-epic".into(),
            "custom:150".into(),
            "nonsense".into(),
        ]),
        proptest::sample::select(vec!["scum", "rebel", "imperial"]),
        ".{0,20}",
        ".{0,40}",
        proptest::collection::vec(ship(), 0..12),
        proptest::sample::subsequence(
            cards::squad::obstacles::OBSTACLES
                .map(|o| o.xws.to_string())
                .to_vec(),
            0..=3,
        ),
    )
        .prop_map(|(format, faction, name, notes, ships, obstacles)| Squad {
            format,
            faction: faction.to_string(),
            name,
            notes,
            ships,
            obstacles,
        })
}

/// A squad with its ships and each ship's upgrades reordered by `seed`,
/// and where each original ship went.
fn shuffled(squad: &Squad, seed: u64) -> (Squad, Vec<usize>) {
    let n = squad.ships.len();
    let mut order: Vec<usize> = (0..n).collect();
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for i in (1..n).rev() {
        order.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut out = squad.clone();
    out.ships = order.iter().map(|&i| squad.ships[i].clone()).collect();
    for ship in &mut out.ships {
        let m = ship.upgrades.len();
        for i in (1..m).rev() {
            ship.upgrades.swap(i, (next() % (i as u64 + 1)) as usize);
        }
    }
    // new position of original ship i
    let mut moved = vec![0; n];
    for (new, &old) in order.iter().enumerate() {
        moved[old] = new;
    }
    (out, moved)
}

fn normalised(report: &Report, moved: Option<&[usize]>) -> Vec<Problem> {
    let mut problems: Vec<Problem> = report
        .problems
        .iter()
        .cloned()
        .map(|mut p| {
            if let (Some(moved), Some(ship)) = (moved, p.ship) {
                p.ship = Some(moved[ship]);
            }
            p
        })
        .collect();
    // One order whatever order the checks found them in: problems at one
    // place keep the checks' order, which moving ships may change.
    problems.sort_by_cached_key(|p| serde_json::to_string(p).unwrap());
    problems
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_squads_never_panic(squad in squad()) {
        let rules = rules();
        let report = rules.validate(&squad);
        prop_assert_eq!(report.ships.len(), squad.ships.len());
        prop_assert_eq!(report.legal, !report.problems.iter().any(|p| p.severity == cards::squad::Severity::Error));
        if !squad.ships.is_empty() {
            let _ = rules.options(&squad, 0, &SlotRef::new("crew", 0));
        }
        let _ = serde_json::to_string(&xws::export(rules, &squad)).unwrap();
    }

    #[test]
    fn the_report_does_not_depend_on_order(squad in squad(), seed in any::<u64>()) {
        let rules = rules();
        let report = rules.validate(&squad);
        let (other, moved) = shuffled(&squad, seed);
        let other_report = rules.validate(&other);
        prop_assert_eq!(report.points, other_report.points);
        prop_assert_eq!(report.legal, other_report.legal);
        prop_assert_eq!(normalised(&report, Some(&moved)), normalised(&other_report, None));
        for (old, new) in moved.iter().enumerate() {
            prop_assert_eq!(&report.ships[old].points, &other_report.ships[*new].points);
            prop_assert_eq!(&report.ships[old].stats, &other_report.ships[*new].stats);
        }
    }

    #[test]
    fn xws_export_then_import_gives_the_same_squad(squad in squad()) {
        let rules = rules();
        let json = serde_json::to_string(&xws::export(rules, &squad)).unwrap();
        let back = xws::import(rules, &json, None).unwrap();
        prop_assert_eq!(back.squad, squad);
    }
}
