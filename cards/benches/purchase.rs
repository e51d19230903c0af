//! What to buy from an empty collection: the nine-ship Epic squad of the
//! fixtures ("Nine Scum ships, full bars") and the twenty-ship squad of
//! `scripts/twenty-ships.json`, from the squad to the solved purchase.
//! `cargo bench -p cards --bench purchase`, then `scripts/bench-medians`.
//! The same work in the browser's wasm: `scripts/purchase-wasm`.

#![allow(clippy::unwrap_used)] // a bench: a panic is a failure, not a crash

use std::hint::black_box;

use cards::collection::{Owned, cheapest_purchase, cover};
use cards::squad::{Rules, Squad, xws};
use criterion::{Criterion, criterion_group, criterion_main};

fn nine_ships(rules: &Rules) -> Squad {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("../tests/fixtures/squads.json")).unwrap();
    let case = cases
        .iter()
        .find(|c| c["name"] == "Nine Scum ships, full bars")
        .unwrap();
    xws::import(rules, &case["xws"].to_string(), None)
        .unwrap()
        .squad
}

fn twenty_ships(rules: &Rules) -> Squad {
    xws::import(rules, include_str!("../../scripts/twenty-ships.json"), None)
        .unwrap()
        .squad
}

fn bench(c: &mut Criterion) {
    let rules = Rules::embedded().unwrap();
    let empty = Owned::default();
    for (name, squad) in [
        ("nine ships", nine_ships(&rules)),
        ("twenty ships", twenty_ships(&rules)),
    ] {
        let purchase = cheapest_purchase(&rules.db, &cover(&rules.db, &empty, &squad)).unwrap();
        println!(
            "{name}: {} boxes, {} search nodes",
            purchase.boxes(),
            purchase.nodes
        );
        c.bench_function(&format!("purchase/{name} from an empty collection"), |b| {
            b.iter(|| {
                let coverage = cover(&rules.db, black_box(&empty), black_box(&squad));
                cheapest_purchase(&rules.db, &coverage).unwrap()
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
