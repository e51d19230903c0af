//! Card search over the shipped cards: words, typos, filters, counts and
//! hostile input.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use std::sync::OnceLock;

use cards::catalog::Card;
use proptest::prelude::*;
use search::{CardIndex, Filters, HitKind, Results};

fn index() -> &'static CardIndex {
    static INDEX: OnceLock<CardIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let db = cards::catalog::Database::embedded().unwrap();
        CardIndex::build(&db, &[]).unwrap()
    })
}

fn search(q: &str, filters: &Filters) -> Results {
    index().search(q, filters, 100).unwrap()
}

fn xws(results: &Results) -> Vec<&str> {
    let mut v: Vec<&str> = results.hits.iter().map(|h| h.xws.as_str()).collect();
    v.sort();
    v
}

#[test]
fn reinforce_finds_broken_horn() {
    let r = search("reinforce", &Filters::default());
    assert!(xws(&r).contains(&"brokenhorn"), "{:?}", xws(&r));
    assert!(r.fuzzy.is_none());
    let horn = r.hits.iter().find(|h| h.xws == "brokenhorn").unwrap();
    assert!(
        horn.snippet.contains("<b>reinforce</b>"),
        "{}",
        horn.snippet
    );
    assert_eq!(horn.url, "/cards/brokenhorn");
}

fn db() -> cards::catalog::Database {
    cards::catalog::Database::embedded().unwrap()
}

#[test]
fn energy_finds_the_huge_ships_titles_and_turrets() {
    let r = search(
        "energy",
        &Filters {
            kind: Some(HitKind::Upgrade),
            ..Filters::default()
        },
    );
    let found = xws(&r);
    // The C-ROC pack's five energy cards, and the GR-75's and Gozanti's
    // titles, whose energy-limit changes the cards print.
    for card in [
        "azmorigan",
        "brokenhorn",
        "heavylaserturret",
        "insatiableworrt",
        "merchantone",
        "brighthope",
        "quantumstorm",
        "dutyfree",
        "requiem",
        "vector",
        "suppressor",
    ] {
        assert!(found.contains(&card), "{card} in {found:?}");
    }
    assert!(r.hits.iter().all(|h| h.kind == HitKind::Upgrade));
    // Without the filter the C-ROC pilot and ship match too (energy 4).
    let all = search("energy", &Filters::default());
    assert!(xws(&all).contains(&"croccruiser"));
    assert_eq!(all.total, all.hits.len());
}

#[test]
fn recharging_finds_arc_caster_by_its_second_face() {
    let r = search("recharging", &Filters::default());
    assert_eq!(xws(&r), ["arccaster"]);
}

#[test]
fn a_typo_finds_the_shield_cards_and_says_so() {
    let r = search("shild", &Filters::default());
    let found = xws(&r);
    assert!(found.contains(&"pulsedrayshield"), "{found:?}");
    assert!(found.contains(&"inaldra"), "{found:?}");
    let fuzzy = r.fuzzy.as_ref().expect("the typo was noticed");
    assert_eq!(fuzzy[0].0, "shild");
    assert!(fuzzy[0].1.contains(&"shield".to_string()), "{fuzzy:?}");
    let prs = r.hits.iter().find(|h| h.xws == "pulsedrayshield").unwrap();
    assert!(prs.snippet.contains("<b>shield</b>"), "{}", prs.snippet);
    // Short words are never guessed at.
    assert!(search("zzz", &Filters::default()).hits.is_empty());
    assert!(search("jam", &Filters::default()).fuzzy.is_none());
}

#[test]
fn names_count_more_than_text() {
    let r = search("jabba", &Filters::default());
    assert_eq!(r.hits[0].xws, "jabbathehutt");
    let r = search("heavy", &Filters::default());
    assert!(r.hits.len() >= 2);
}

#[test]
fn query_syntax_works_and_bad_syntax_is_read_leniently() {
    let r = search("\"spend 1 energy to replace\"", &Filters::default());
    assert_eq!(xws(&r), ["azmorigan"]);
    let r = search("kind:pilot AND energy", &Filters::default());
    assert!(xws(&r).contains(&"croccruiser"), "{:?}", xws(&r));
    assert!(r.hits.iter().all(|h| h.kind == HitKind::Pilot));
    let r = search("recover OR reinforce", &Filters::default());
    assert!(xws(&r).contains(&"brokenhorn") && xws(&r).contains(&"insatiableworrt"));
    let r = search("reinforce (", &Filters::default());
    assert!(r.lenient);
    assert!(xws(&r).contains(&"brokenhorn"));
}

/// Upgrades (by XWS name, sorted) that `keep` selects from the card data:
/// what a filter must find, counted without the index.
fn upgrades_where(keep: impl Fn(&cards::catalog::Upgrade) -> bool) -> Vec<String> {
    let mut v: Vec<String> = db()
        .upgrades
        .iter()
        .filter(|u| keep(u))
        .map(|u| u.xws.clone())
        .collect();
    v.sort();
    v
}

#[test]
fn filters_narrow_and_an_empty_query_lists_everything() {
    let db = db();
    let all = index().search("", &Filters::default(), 1000).unwrap();
    // xwing-data 1.0.1: 297 pilots and 362 upgrade cards, a page each; a
    // ship's 56 are its lowest-skill pilot's pages, one hit with them.
    assert_eq!(all.total, 297 + 362);
    let big = |f: &Filters| index().search("", f, 1000).unwrap();
    let crew = big(&Filters {
        slot: Some("crew".into()),
        ..Filters::default()
    });
    assert_eq!(xws(&crew), upgrades_where(|u| u.slot() == "crew"));
    for card in ["azmorigan", "cikatrovizago", "jabbathehutt"] {
        assert!(xws(&crew).contains(&card));
    }
    let limited = big(&Filters {
        limited: Some(true),
        ..Filters::default()
    });
    assert_eq!(xws(&limited), upgrades_where(|u| u.limited));
    assert!(xws(&limited).contains(&"quickreleasecargolocks"));
    let huge = big(&Filters {
        huge_only: Some(true),
        ..Filters::default()
    });
    assert_eq!(xws(&huge), upgrades_where(|u| u.restriction.huge_only()));
    assert!(xws(&huge).contains(&"azmorigan"));
    let unique_m3a_pilots = search(
        "",
        &Filters {
            kind: Some(HitKind::Pilot),
            unique: Some(true),
            ship: Some("m3ainterceptor".into()),
            ..Filters::default()
        },
    );
    // The C-ROC pack's four, and Serissu and Laetin A'shera (Most Wanted).
    assert_eq!(
        xws(&unique_m3a_pilots),
        [
            "genesisred",
            "inaldra",
            "laetinashera",
            "quinnjast",
            "serissu",
            "sunnybounder"
        ]
    );
    let m3a = search(
        "",
        &Filters {
            ship: Some("m3ainterceptor".into()),
            ..Filters::default()
        },
    );
    assert!(xws(&m3a).contains(&"heavyscykinterceptor") && xws(&m3a).contains(&"cartelspacer"));
    let cheap = big(&Filters {
        kind: Some(HitKind::Upgrade),
        min_points: Some(-2),
        max_points: Some(0),
        ..Filters::default()
    });
    assert_eq!(
        xws(&cheap),
        upgrades_where(|u| (-2..=0).contains(&u.points))
    );
    assert!(xws(&cheap).contains(&"lightscykinterceptor"));
    let rebel = big(&Filters {
        faction: Some("rebel".into()),
        kind: Some(HitKind::Pilot),
        ..Filters::default()
    });
    let rebel_pilots = db.pilots.iter().filter(|p| p.faction == "rebel").count();
    assert_eq!(rebel.total, rebel_pilots);
    assert!(rebel.total > 0);
}

#[test]
fn counts_say_what_each_filter_value_would_leave() {
    let filters = Filters {
        kind: Some(HitKind::Upgrade),
        ..Filters::default()
    };
    let counts = index().counts("energy", &filters).unwrap();
    let slot = |s: &str| counts.slot.iter().find(|(k, _)| k == s).map(|(_, n)| *n);
    // The nine titles of huge ships that print an energy-limit change:
    // Merchant One, Broken Horn, Insatiable Worrt (C-ROC), Bright Hope,
    // Quantum Storm, Dutyfree (GR-75), Requiem, Vector, Suppressor (Gozanti).
    assert_eq!(slot("title"), Some(9));
    // Each slot count is what a search with that slot finds.
    for (key, n) in &counts.slot {
        let f = Filters {
            slot: Some(key.clone()),
            ..filters.clone()
        };
        assert_eq!(search("energy", &f).total, *n, "{key}");
    }
    // The kind counts ignore the kind filter itself.
    let kind = |k: HitKind| counts.kind.iter().find(|(x, _)| *x == k).map(|(_, n)| *n);
    assert_eq!(
        kind(HitKind::Upgrade),
        Some(search("energy", &filters).total)
    );
    for k in [HitKind::Pilot, HitKind::Ship] {
        let f = Filters {
            kind: Some(k),
            ..filters.clone()
        };
        assert_eq!(kind(k), Some(search("energy", &f).total));
        assert!(kind(k).is_some_and(|n| n > 0), "{k:?}");
    }
    // Each count is the total a search with that value added finds.
    for (faction, n) in &counts.faction {
        let f = Filters {
            faction: Some(faction.clone()),
            ..filters.clone()
        };
        assert_eq!(search("energy", &f).total, *n, "{faction}");
    }
    for (unique, n) in &counts.unique {
        let f = Filters {
            unique: Some(*unique),
            ..filters.clone()
        };
        assert_eq!(search("energy", &f).total, *n);
    }
}

#[test]
fn the_empty_query_counts_kept_from_the_start_are_the_searches_totals() {
    // Counted once when the index is built; each must still be what a
    // search with that value finds.
    let counts = index().counts("", &Filters::default()).unwrap();
    let all = search("", &Filters::default()).total;
    assert!(all > 500, "{all}");
    for (faction, n) in &counts.faction {
        let f = Filters {
            faction: Some(faction.clone()),
            ..Filters::default()
        };
        assert_eq!(search("", &f).total, *n, "{faction}");
    }
    for (kind, n) in &counts.kind {
        let f = Filters {
            kind: Some(*kind),
            ..Filters::default()
        };
        assert_eq!(search("", &f).total, *n, "{kind:?}");
    }
    for (slot, n) in &counts.slot {
        let f = Filters {
            slot: Some(slot.clone()),
            ..Filters::default()
        };
        assert_eq!(search("", &f).total, *n, "{slot}");
    }
    // Each ship is found as a ship and as the pilot whose page it shares.
    let kinds: usize = counts.kind.iter().map(|(_, n)| n).sum();
    let ships = counts
        .kind
        .iter()
        .find(|(k, _)| *k == HitKind::Ship)
        .map_or(0, |(_, n)| *n);
    assert_eq!(ships, 56);
    assert_eq!(kinds, all + ships);
}

#[test]
fn unknown_filter_values_are_refused_by_name() {
    let db = cards::catalog::Database::embedded().unwrap();
    let bad = Filters {
        slot: Some("laser".into()),
        ..Filters::default()
    };
    let e = bad.check(&db).unwrap_err();
    assert!(
        matches!(e, search::QueryError::Unknown { what: "slot", .. }),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(
        e.contains("unknown slot `laser`") && e.contains("crew"),
        "{e}"
    );
    let bad = Filters {
        min_points: Some(5),
        max_points: Some(1),
        ..Filters::default()
    };
    assert!(bad.check(&db).is_err());
    assert!(Filters::default().check(&db).is_ok());
}

#[test]
fn hostile_strings_never_fail() {
    let long = "energy ".repeat(1500);
    for q in [
        "\"unbalanced",
        "((((",
        ")))",
        "[1 TO",
        "field:",
        "kind:",
        "points:[a TO b]",
        "name:\"",
        "*",
        "?",
        "~",
        "^2",
        "+-",
        "AND OR NOT",
        "\u{0}\u{7}\u{1b}[31m",
        "🚀 💥",
        "énergie",
        "\\",
        "a:b:c:d",
        ".:*{",
        "name:(energy",
        long.as_str(),
        &"x".repeat(10_000),
    ] {
        let r = index().search(q, &Filters::default(), 10);
        assert!(r.is_ok(), "{q:?}: {r:?}");
        assert!(index().counts(q, &Filters::default()).is_ok(), "{q:?}");
    }
    assert!(search(&long, &Filters::default()).truncated);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn any_string_searches_without_error(q in "\\PC{0,80}") {
        prop_assert!(index().search(&q, &Filters::default(), 5).is_ok());
    }

    #[test]
    fn any_bytes_as_text_search_without_error(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        let q = String::from_utf8_lossy(&bytes);
        prop_assert!(index().search(&q, &Filters::default(), 5).is_ok());
    }
}

/// Issue 16: size and skill narrow the hits, and every facet counts.
#[test]
fn size_and_skill_narrow_and_are_counted() {
    use cards::catalog::ShipSize;
    let db = db();
    let huge = Filters {
        size: Some(ShipSize::Huge),
        kind: Some(HitKind::Pilot),
        ..Filters::default()
    };
    let r = index().search("", &huge, 100).unwrap();
    let huge_pilots = db
        .pilots
        .iter()
        .filter(|p| db.ship_of(p).is_some_and(|s| s.is_huge()))
        .count();
    assert_eq!(r.total, huge_pilots);
    let aces = Filters {
        skill: Some((9, 12)),
        ..Filters::default()
    };
    let r = index().search("", &aces, 100).unwrap();
    assert!(r.total > 0);
    for hit in &r.hits {
        // Pilots of different ships may share an XWS name.
        assert!(
            db.pilots
                .iter()
                .any(|p| p.xws == hit.xws && p.skill.is_some_and(|s| s >= 9)),
            "{}",
            hit.xws
        );
    }
    let counts = index().counts("energy", &Filters::default()).unwrap();
    let count = |v: &[(String, usize)], k: &str| v.iter().find(|(x, _)| x == k).map(|(_, n)| *n);
    assert!(count(&counts.size, "huge").unwrap() > 0);
    assert_eq!(counts.skill.len(), cards::query::SKILL_BANDS.len());
    assert_eq!(counts.points.len(), cards::query::POINT_BANDS.len());
    let total = index()
        .search("energy", &Filters::default(), 1)
        .unwrap()
        .total;
    let banded: usize = counts.points.iter().map(|(_, n)| n).sum();
    assert!(banded <= total);
}

/// Issue 16: the words players use find the card they mean, near the top.
#[test]
fn players_words_rank_the_card_they_mean_first() {
    for (q, expected) in [
        ("koiogran", "Koiogran Turn"),
        ("target lock", "Target Lock"),
        ("bomb", "Bomb"),
        ("ion", "Ion"),
        ("range 3", "Range 3"),
        ("huge ship only", "Huge ship only"),
    ] {
        let r = search(q, &Filters::default());
        assert!(r.total > 0, "{q} finds nothing");
        let top: Vec<String> = r
            .hits
            .iter()
            .take(10)
            .map(|h| {
                format!(
                    "{} {}",
                    h.name,
                    h.snippet.replace("<b>", "").replace("</b>", "")
                )
            })
            .collect();
        assert!(
            top.iter()
                .any(|t| t.to_lowercase().contains(&expected.to_lowercase())),
            "{q}: {top:?}"
        );
    }
    // "crew that gives energy": Crew cards about energy come first.
    let r = search("crew that gives energy", &Filters::default());
    let crew = r
        .hits
        .iter()
        .take(5)
        .filter(|h| h.slot.as_deref() == Some("crew"))
        .count();
    assert!(
        crew >= 1,
        "{:?}",
        r.hits.iter().take(5).map(|h| &h.name).collect::<Vec<_>>()
    );
}

#[test]
fn the_whole_pool_is_searched_in_place() {
    // Every 1st-edition card: a server searches it without a blocking thread.
    assert!(index().len() > 500);
    assert!(index().is_small());
}

/// Every hit's page, sorted: what a player can open from the results.
fn pages(q: &str) -> Vec<String> {
    let mut v: Vec<String> = index()
        .search(q, &Filters::default(), 1000)
        .unwrap()
        .hits
        .into_iter()
        .map(|h| h.url)
        .collect();
    v.sort();
    v
}

#[test]
fn plurals_and_endings_find_what_the_plain_word_finds() {
    for (inflected, plain) in [
        ("shields", "shield"),
        ("bombs", "bomb"),
        ("target locks", "target lock"),
        ("reinforced", "reinforce"),
    ] {
        let (a, b) = (pages(inflected), pages(plain));
        assert!(b.len() > 5, "{plain}: {} pages", b.len());
        assert_eq!(a, b, "{inflected} against {plain}");
    }
    assert!(
        pages("reinforce").contains(&"/cards/reinforceddeflectors".to_string()),
        "reinforce misses Reinforced Deflectors"
    );
}

#[test]
fn a_quoted_phrase_is_exact() {
    let all = |q: &str| index().search(q, &Filters::default(), 1000).unwrap();
    let exact = all("\"target locks\"");
    let db = db();
    let says = |xws: &str, words: &str| {
        let texts = db
            .upgrades
            .iter()
            .filter(|u| u.xws == xws)
            .flat_map(|u| u.faces.iter().map(|f| f.text.to_lowercase()))
            .chain(
                db.pilots
                    .iter()
                    .filter(|p| p.xws == xws)
                    .filter_map(|p| p.ability.as_ref().map(|a| a.to_lowercase())),
            )
            .collect::<Vec<_>>();
        texts.iter().any(|t| t.contains(words))
    };
    assert!(exact.total > 0);
    for hit in &exact.hits {
        assert!(
            says(&hit.xws, "target locks"),
            "{} lacks \"target locks\"",
            hit.xws
        );
    }
    // Stemmed, the same words find many more: every "target lock" too.
    assert!(all("target locks").total > exact.total + 10);
    // The highlight is the phrase's words as written.
    assert!(
        exact
            .hits
            .iter()
            .any(|h| h.snippet.contains("<b>locks</b>")),
        "{:?}",
        exact.hits.first().map(|h| &h.snippet)
    );
}

#[test]
fn highlights_stay_on_the_words_as_written() {
    for (q, written) in [
        ("reinforced", &["reinforce", "reinforced"][..]),
        ("bombs", &["bomb", "bombs"][..]),
        ("shields", &["shield", "shields"][..]),
    ] {
        let r = index().search(q, &Filters::default(), 1000).unwrap();
        let bolds: Vec<String> = r
            .hits
            .iter()
            .flat_map(|h| {
                h.snippet
                    .split("<b>")
                    .skip(1)
                    .filter_map(|s| s.split("</b>").next().map(str::to_lowercase))
                    .collect::<Vec<_>>()
            })
            .collect();
        // Both the typed word and the plain one are bold where the text
        // has them; a stem ("reinforc") never shows.
        assert!(bolds.iter().any(|b| b == written[0]), "{q}: {bolds:?}");
        for b in &bolds {
            assert!(written.contains(&b.as_str()), "{q}: {b}");
        }
    }
}

#[test]
fn every_page_is_one_hit() {
    for q in [
        "",
        "c-roc cruiser",
        "cruiser",
        "energy",
        "gozanti",
        "z-95 headhunter",
        "focus",
    ] {
        let found = pages(q);
        let mut distinct = found.clone();
        distinct.dedup();
        assert_eq!(found.len(), distinct.len(), "{q:?} repeats a page");
    }
    // The C-ROC's ship and its pilot were two hits with one address.
    let croc = index().search("c-roc", &Filters::default(), 1000).unwrap();
    assert_eq!(
        croc.hits
            .iter()
            .filter(|h| h.url == "/cards/croccruiser")
            .count(),
        1
    );
    // That hit is found as a ship too.
    let ships = Filters {
        kind: Some(HitKind::Ship),
        ..Filters::default()
    };
    let as_ship = index().search("c-roc", &ships, 1000).unwrap();
    assert!(as_ship.hits.iter().any(|h| h.url == "/cards/croccruiser"));
}

#[test]
fn a_card_that_says_the_word_ranks_above_one_with_only_the_action() {
    let db = db();
    for (q, action) in [
        ("cloak", "cloak"),
        ("boost", "boost"),
        ("slam", "slam"),
        ("focus", "focus"),
    ] {
        let r = index().search(q, &Filters::default(), 1000).unwrap();
        // A pilot whose name and ability lack the word has it on its bar only.
        let bar_only = |url: &str| {
            let key = url.strip_prefix("/cards/").unwrap_or_default();
            let Some(Card::Pilot(p)) = db.card_by_key(key) else {
                return false;
            };
            let said = format!("{} {}", p.name, p.ability.clone().unwrap_or_default());
            // A word that starts with it ("cloaked"), not "decloak".
            let says = said
                .to_lowercase()
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w.starts_with(q));
            !says && p.actions.iter().any(|a| a.as_str() == action)
        };
        let kinds: Vec<bool> = r.hits.iter().map(|h| bar_only(&h.url)).collect();
        let first_bar = kinds.iter().position(|&b| b);
        let last_said = kinds.iter().rposition(|&b| !b);
        assert!(first_bar.is_some(), "{q}: no pilot with only the action");
        assert!(
            last_said < first_bar,
            "{q}: a card saying it at {last_said:?}, after one with only the action at {first_bar:?}"
        );
    }
}
