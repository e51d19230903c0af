//! Validating a full Epic squad: a fully equipped C-ROC and eight equipped M3-As.
//! `cargo bench -p cards --bench validate` prints the median.

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
        ..Squad::new("epic", "scum")
    }
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
    c.bench_function("options for a crew slot of the C-ROC", |b| {
        let slot = cards::squad::SlotRef::new("crew", 0);
        b.iter(|| rules.options(black_box(&squad), 0, &slot))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
