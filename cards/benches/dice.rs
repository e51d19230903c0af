//! The dice simulator's heaviest case: 6 attack dice against 6 defense dice
//! with every modifier on (Range 1: 9 attack dice, 7 defense dice, rerolls,
//! Sunny Bounder, Thug Droids, every defender token).

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::sim::dice::{DiceInputs, damage};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn every_modifier(c: &mut Criterion) {
    let inputs = DiceInputs::every_modifier(6, 6);
    c.bench_function("dice/6v6_every_modifier", |b| {
        b.iter(|| damage(black_box(&inputs)))
    });
    let plain = DiceInputs {
        attack: 6,
        defense: 6,
        ..DiceInputs::default()
    };
    c.bench_function("dice/6v6_plain", |b| b.iter(|| damage(black_box(&plain))));
    // The largest inputs the simulator accepts: 15 attack dice against 13.
    let largest = DiceInputs::every_modifier(12, 12);
    c.bench_function("dice/12v12_every_modifier", |b| {
        b.iter(|| damage(black_box(&largest)))
    });
}

criterion_group!(benches, every_modifier);
criterion_main!(benches);
