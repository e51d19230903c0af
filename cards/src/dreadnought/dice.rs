//! The extra-heavy weapons' dice: totals and exact odds.

/// A heavy weapons die: 0, 0, 0, 1, 2, 3.
pub const HEAVY_DIE: [u8; 6] = [0, 0, 0, 1, 2, 3];

/// The number of ways `n` heavy dice total each value, out of 6^n.
pub fn heavy_totals(n: u8) -> Vec<u64> {
    let mut ways = vec![1u64];
    for _ in 0..n {
        let mut next = vec![0u64; ways.len() + 3];
        for (t, w) in ways.iter().enumerate() {
            for face in HEAVY_DIE {
                next[t + usize::from(face)] += w;
            }
        }
        ways = next;
    }
    ways
}

/// P(total of `n` heavy dice is higher than `above`) as (ways, 6^n).
pub fn heavy_total_odds(n: u8, above: i32) -> (u64, u64) {
    let ways = heavy_totals(n);
    let all: u64 = ways.iter().sum();
    let hits = ways
        .iter()
        .enumerate()
        .filter(|(t, _)| *t as i32 > above)
        .map(|(_, w)| w)
        .sum();
    (hits, all)
}

/// Rolls `n` heavy dice with a seeded generator (the page passes a fresh seed).
pub fn roll(n: u8, seed: u64) -> Vec<u8> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    (0..n).map(|_| HEAVY_DIE[rng.random_range(0..6)]).collect()
}
