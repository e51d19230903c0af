//! Validating full Epic squads: a fully equipped C-ROC and eight equipped
//! M3-As (the pack alone), and a 300-point squad of the whole card pool with
//! a CR90 (both sections), a C-ROC and twelve small ships; then the
//! options of the first squad's C-ROC Crew slot, over the whole pool and
//! over the pack's cards alone.
//! `cargo bench -p cards --bench validate`, then `scripts/bench-medians`.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use std::hint::black_box;

use cards::catalog::Database;
use cards::squad::Rules;
use cards::squad::{CardRef, Equipped, Squad, SquadShip};
use criterion::{Criterion, criterion_group, criterion_main};

fn ship(pilot: &str, upgrades: &[(&str, Option<&str>)]) -> SquadShip {
    let mut ship = SquadShip {
        pilot: CardRef::Xws(pilot.into()),
        upgrades: upgrades
            .iter()
            .map(|(xws, choice)| Equipped {
                card: CardRef::Xws((*xws).into()),
                slot: None,
                choice: choice.map(String::from),
            })
            .collect(),
    };
    cards::squad::xws::place(&Database::embedded().unwrap(), &mut ship);
    ship
}

fn full_epic_squad() -> Squad {
    let mut ships = vec![ship(
        "croccruiser",
        &[
            ("merchantone", None),
            ("jabbathehutt", None),
            ("azmorigan", None),
            ("heavylaserturret", None),
            ("igrmthugdroids", None),
            ("igrmthugdroids", None),
            ("superchargedpowercells", None),
            ("quickreleasecargolocks", None),
        ],
    )];
    let heavy: &[(&str, Option<&str>)] = &[
        ("heavyscykinterceptor", Some("cannon")),
        ("arccaster", None),
    ];
    let light: &[(&str, Option<&str>)] = &[("lightscykinterceptor", None)];
    for i in 0..8 {
        let pilot = ["cartelspacer", "tansariipointveteran"][i % 2];
        ships.push(ship(pilot, if i < 4 { heavy } else { light }));
    }
    Squad {
        ships,
        obstacles: Vec::new(),
        ..Squad::new("epic", "scum")
    }
}

/// A CR90 (Fore and Aft), a C-ROC and twelve small Rebel ships: 300
/// points of the whole pool. The C-ROC flies for Scum, so the verdict
/// names it; the work is the same as for a legal squad.
fn whole_pool_epic_squad() -> Squad {
    let mut ships = vec![
        ship("cr90corvettefore", &[("tantiveiv", None)]),
        ship("cr90corvetteaft", &[]),
        ship(
            "croccruiser",
            &[("merchantone", None), ("heavylaserturret", None)],
        ),
    ];
    for i in 0..12 {
        ships.push(ship(
            if i < 7 {
                "banditsquadronpilot"
            } else {
                "rebeloperative"
            },
            &[],
        ));
    }
    Squad {
        ships,
        obstacles: Vec::new(),
        ..Squad::new("epic", "rebel")
    }
}

/// The rules over the C-ROC pack's own cards, as the whole database once
/// was: its Crew slot offers 3 cards, against the whole pool's 91.
fn pack_rules() -> Rules {
    use cards::catalog::ProductKind;
    let mut db = Database::embedded().unwrap();
    let pack = db.product("c-roc-cruiser").unwrap().clone();
    db.pilots
        .retain(|p| pack.count_of(ProductKind::Pilot, p.id) > 0);
    db.upgrades
        .retain(|u| pack.count_of(ProductKind::Upgrade, u.id) > 0);
    Rules::new(db, cards::catalog::Formats::embedded().unwrap())
}

fn bench(c: &mut Criterion) {
    let rules = Rules::embedded().unwrap();
    let squad = full_epic_squad();
    let report = rules.validate(&squad);
    assert_eq!(report.ships.len(), 9);
    assert!(report.legal, "{:#?}", report.problems);
    c.bench_function("validate full epic squad (C-ROC + 8 M3-A)", |b| {
        b.iter(|| rules.validate(black_box(&squad)))
    });
    let whole = whole_pool_epic_squad();
    let report = rules.validate(&whole);
    assert_eq!(report.ships.len(), 15);
    assert!((290..=300).contains(&report.points), "{}", report.points);
    let codes: Vec<_> = report.problems.iter().map(|p| p.code).collect();
    assert_eq!(
        codes,
        [cards::squad::Code::FactionMismatch],
        "{:#?}",
        report.problems
    );
    c.bench_function(
        "validate 300-point epic squad (CR90 + C-ROC + 12 small)",
        |b| b.iter(|| rules.validate(black_box(&whole))),
    );
    c.bench_function("options for a crew slot of the C-ROC", |b| {
        let slot = cards::squad::SlotRef::new("crew", 0);
        b.iter(|| rules.options(black_box(&squad), 0, &slot))
    });
    let pack = pack_rules();
    let slot = cards::squad::SlotRef::new("crew", 0);
    assert!(pack.validate(&squad).legal);
    let crew = pack.options(&squad, 0, &slot);
    // Azmorigan, Cikatro Vizago, Jabba the Hutt (IG-RM Thug Droids are a
    // Team), among the pack's 14 upgrade cards.
    assert_eq!(pack.db.upgrades.len(), 14, "the pack's upgrades");
    assert_eq!(crew.len(), 3, "the pack's Crew cards");
    c.bench_function(
        "options for a crew slot of the C-ROC, the pack's cards only",
        |b| b.iter(|| pack.options(black_box(&squad), 0, &slot)),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
