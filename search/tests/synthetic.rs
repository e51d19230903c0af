//! The benchmarks' synthetic card sets (`benches/synthetic/`): the size
//! asked for, and the same set from the same seed.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

#[path = "../benches/synthetic/mod.rs"]
mod synthetic;

#[test]
fn a_synthetic_set_has_the_size_asked_for_and_the_same_seed_gives_the_same_set() {
    let base = cards::catalog::Database::embedded().unwrap();
    let db = synthetic::card_set(&base, 1_000, 7);
    assert_eq!(db.pilots.len() + db.upgrades.len(), 1_000);
    assert_eq!(db, synthetic::card_set(&base, 1_000, 7));
}
