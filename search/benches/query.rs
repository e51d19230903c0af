//! Query latency: the tantivy index against a plain substring scan over the
//! same cards, on the real pool (every 1st-edition card, as shipped) and on
//! 100,000 synthetic cards; the facet counts a search page shows; the same
//! shapes of query in German and Russian, on the shipped cards in those
//! languages (issue 47 wants them within 1.5× of English); and building
//! every language's index, as the server does at start.
//!
//! `cargo bench -p search --bench query`, then `scripts/bench-medians`.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

mod synthetic;

use std::hint::black_box;

use cards::catalog::{Card, Database, Translations};
use cards::lang::Lang;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use search::{CardIndex, Filters, Indexes};

/// The server's allocator (app/src/main.rs), so the figures are the
/// server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Every card's names and texts, lowercased once, as a scan would keep them.
fn haystacks(db: &Database) -> Vec<String> {
    db.cards()
        .map(|c: Card<'_>| c.texts().join("\n").to_lowercase())
        .collect()
}

/// The substring scan: cards holding every word; the count and the first 20.
fn scan(haystacks: &[String], q: &str) -> (usize, Vec<usize>) {
    let words: Vec<String> = q.split_whitespace().map(str::to_lowercase).collect();
    let mut total = 0;
    let mut first = Vec::new();
    for (i, h) in haystacks.iter().enumerate() {
        if words.iter().all(|w| h.contains(w.as_str())) {
            total += 1;
            if first.len() < 20 {
                first.push(i);
            }
        }
    }
    (total, first)
}

/// The scan that answers as the index does when no card has every word
/// (a sentence, "crew that gives energy"): cards holding any word, the
/// count and the 20 holding the most (the first of equals first).
fn scan_any(haystacks: &[String], q: &str) -> (usize, Vec<usize>) {
    let words: Vec<String> = q.split_whitespace().map(str::to_lowercase).collect();
    let mut found: Vec<(usize, usize)> = haystacks
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let n = words.iter().filter(|w| h.contains(w.as_str())).count();
            (n > 0).then_some((n, i))
        })
        .collect();
    let total = found.len();
    let most = |a: &(usize, usize), b: &(usize, usize)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
    if found.len() > 20 {
        found.select_nth_unstable_by(19, most);
        found.truncate(20);
    }
    found.sort_unstable_by(most);
    (total, found.into_iter().map(|(_, i)| i).collect())
}

fn bench(c: &mut Criterion) {
    let shipped = Database::embedded().expect("embedded cards");
    let synthetic = synthetic::card_set(&shipped, 100_000, 1);
    for (label, db) in [("shipped", &shipped), ("synthetic-100k", &synthetic)] {
        let index = CardIndex::build(db, &[]).expect("index builds");
        let hay = haystacks(db);
        let mut group = c.benchmark_group(format!("query/{label}"));
        for q in [
            "energy",
            "reinforce token",
            "attack dice",
            "koiogran",
            "crew that gives energy",
        ] {
            group.bench_with_input(BenchmarkId::new("tantivy", q), q, |b, q| {
                b.iter(|| black_box(index.search(q, &Filters::default(), 20).expect("search")))
            });
            group.bench_with_input(BenchmarkId::new("substring-scan", q), q, |b, q| {
                b.iter(|| black_box(scan(&hay, q)))
            });
            // No card has every word of the sentence, so the index ranks the
            // cards with any of them; the every-word scan above finds none.
            if q == "crew that gives energy" {
                group.bench_with_input(BenchmarkId::new("substring-scan-any", q), q, |b, q| {
                    b.iter(|| black_box(scan_any(&hay, q)))
                });
            }
        }
        group.bench_function("facet-counts/energy", |b| {
            b.iter(|| black_box(index.counts("energy", &Filters::default()).expect("counts")))
        });
        group.finish();
    }
}

/// The English queries' shapes in German and Russian, from the words the
/// translations print: a common word ("energy"); two words a few cards
/// have ("reinforce token": German writes that one word,
/// "Verstärkungsmarker", so two others); two common words; a rare word
/// (the card text's `[Koiogran Turn]`); and a sentence with a word no
/// card prints, so it is searched for any of its words at once, as
/// "crew that gives energy" is (no card says "gives"; none says "liefert"
/// or "дает" either).
const TRANSLATED_QUERIES: [(Lang, [&str; 5]); 2] = [
    (
        Lang::De,
        [
            "Energie",
            "Ionenmarker erhalten",
            "Angriff würfeln",
            "koiogran",
            "Crew die Energie liefert",
        ],
    ),
    (
        Lang::Ru,
        [
            "энергия",
            "жетон усиления",
            "кубики атаки",
            "koiogran",
            "экипаж который дает энергию",
        ],
    ),
];

/// The German and Russian queries on the shipped cards in each language.
fn bench_translated(c: &mut Criterion) {
    let shipped = Database::embedded().expect("embedded cards");
    for (lang, queries) in TRANSLATED_QUERIES {
        let translations = Translations::embedded(lang)
            .expect("shipped translations")
            .expect("a language with translations");
        let index =
            CardIndex::build_translated(&shipped, &[], &translations).expect("index builds");
        let mut group = c.benchmark_group(format!("query/shipped-{lang}"));
        for q in queries {
            group.bench_with_input(BenchmarkId::new("tantivy", q), q, |b, q| {
                b.iter(|| black_box(index.search(q, &Filters::default(), 20).expect("search")))
            });
        }
        group.finish();
    }
}

/// Every language's index of the shipped cards, built as the server
/// builds them at start (`app/src/server/mod.rs`, `search_index`; without
/// the rules sections).
fn bench_build(c: &mut Criterion) {
    let shipped = Database::embedded().expect("embedded cards");
    let translations: Vec<Translations> = (Lang::ALL.into_iter())
        .filter_map(|lang| Translations::embedded(lang).expect("shipped translations"))
        .collect();
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    group.bench_function("all-languages", |b| {
        b.iter(|| black_box(Indexes::build(&shipped, &[], &translations).expect("indexes build")))
    });
    group.bench_function("english", |b| {
        b.iter(|| black_box(CardIndex::build(&shipped, &[]).expect("index builds")))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench, bench_translated, bench_build
}
criterion_main!(benches);
