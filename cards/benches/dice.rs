//! The dice simulator's heaviest case: 6 attack dice against 6 defense dice
//! with every modifier on (Range 1: 9 attack dice, 7 defense dice, rerolls,
//! Sunny Bounder, Thug Droids, every defender token).

use cards::dice::{Attacker, Defender, DiceInputs, RangeRule, damage};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn every_modifier(c: &mut Criterion) {
    let inputs = DiceInputs {
        attack: 6,
        defense: 6,
        range: 1,
        primary: true,
        range_rule: RangeRule::V1,
        obstructed: true,
        attacker: Attacker {
            focus: true,
            target_lock: true,
            power_cells: true,
            thug_droids: true,
            sunny_bounder: true,
            inaldra_shields: 1,
        },
        defender: Defender {
            focus: true,
            evade: true,
            reinforce: true,
            broken_horn: true,
        },
    };
    c.bench_function("dice/6v6_every_modifier", |b| {
        b.iter(|| damage(black_box(&inputs)))
    });
    let plain = DiceInputs {
        attack: 6,
        defense: 6,
        ..DiceInputs::default()
    };
    c.bench_function("dice/6v6_plain", |b| b.iter(|| damage(black_box(&plain))));
}

criterion_group!(benches, every_modifier);
criterion_main!(benches);
