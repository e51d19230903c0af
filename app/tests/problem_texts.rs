//! The rules engine's problems in the page's language
//! (`app/src/components/problem_text.rs`): every code has a sentence in
//! every language's `problems` catalogue, an English page says what the
//! API says (but for its plurals), and a German page names the cards in
//! German.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use app::components::problem_text::{Writer, english_messages};
use app::lang::PageLang;
use cards::catalog::{CardWords, Translations};
use cards::lang::Lang;
use cards::squad::list;
use cards::squad::{CardRef, Code, Equipped, Problem, Rules, SlotRef, Squad, SquadShip};
use leptos::prelude::*;

fn catalogue(lang: Lang) -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales")
        .join(lang.code())
        .join("problems.json");
    let text = std::fs::read_to_string(&path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

#[test]
fn every_code_has_a_sentence_in_every_language() {
    for lang in Lang::ALL {
        let keys = catalogue(lang);
        for code in Code::ALL {
            let stem = code.as_str().replace('-', "_");
            assert!(
                keys.keys()
                    .any(|k| k == &stem || k.starts_with(&format!("{stem}_"))),
                "{lang}/problems.json has no sentence for {code}"
            );
        }
    }
}

/// Each problem of `problems` as a page in `lang` writes it, as text.
fn page_text(
    lang: Lang,
    rules: &Arc<Rules>,
    words: Option<CardWords>,
    problems: &[Problem],
) -> Vec<String> {
    let owner = Owner::new();
    owner.set();
    provide_context(PageLang(Memo::new(move |_| lang)));
    Writer::new(lang, rules.clone(), words.map(Arc::new)).plain(problems)
}

/// A small deterministic generator of numbers.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Squads that break many rules: every pilot alone in a faction and a
/// format not its own, random ships with random cards in random slots,
/// and a few whole fleets of one ship.
fn squads(rules: &Rules) -> Vec<Squad> {
    let db = &rules.db;
    let formats = [
        "standard",
        "epic",
        "epic-2014",
        "team-epic",
        "custom:60",
        "custom:lots",
        "galactic",
    ];
    let factions = ["rebel", "imperial", "scum", "jedi"];
    let slots: Vec<String> = db.slots.iter().map(|s| s.xws.to_string()).collect();
    let mut dice = Dice(0x5eed);
    let mut out = Vec::new();
    for (i, p) in db.pilots.iter().enumerate() {
        let mut s = Squad::new(
            formats[i % formats.len()],
            factions[(i / 7) % factions.len()],
        );
        for _ in 0..=(i % 9) {
            s.ships.push(SquadShip {
                pilot: CardRef::Id(p.id),
                upgrades: vec![],
            });
        }
        out.push(s);
    }
    for _ in 0..1500 {
        let mut s = Squad::new(formats[dice.below(4)], factions[dice.below(3)]);
        for _ in 0..1 + dice.below(4) {
            let pilot = CardRef::Id(db.pilots[dice.below(db.pilots.len())].id);
            let upgrades = (0..dice.below(7))
                .map(|_| {
                    let u = &db.upgrades[dice.below(db.upgrades.len())];
                    let slot = match dice.below(4) {
                        0 => None,
                        1 => Some(SlotRef::new(
                            &slots[dice.below(slots.len())],
                            dice.below(3) as u8,
                        )),
                        _ => Some(SlotRef::new(u.slot(), dice.below(2) as u8)),
                    };
                    let choice = match dice.below(6) {
                        0 => Some("2".to_string()),
                        1 => Some("zzz".to_string()),
                        2 => Some(slots[dice.below(slots.len())].clone()),
                        _ => None,
                    };
                    let card = match dice.below(60) {
                        0 => CardRef::Xws("notacard".into()),
                        1 => CardRef::Id(99_999),
                        _ => CardRef::Id(u.id),
                    };
                    Equipped { card, slot, choice }
                })
                .collect();
            s.ships.push(SquadShip { pilot, upgrades });
        }
        if dice.below(3) == 0 {
            let again = s.ships.clone();
            s.ships.extend(again);
        }
        out.push(s);
    }
    out.extend(rare_rules(rules));
    out
}

/// Ships by pilot and cards, by XWS name.
type Fleet<'a> = &'a [(&'a str, &'a [&'a str])];

/// Squads that break the rules few cards have: a format's copy limit, a
/// card's squad limit, a granted slot's filter, a slot type that must
/// hold different cards.
fn rare_rules(rules: &Rules) -> Vec<Squad> {
    let fleets: [(&str, &str, Fleet); 6] = [
        (
            "epic",
            "scum",
            &[(
                "cartelspacer",
                &["heavyscykinterceptor", "arccaster"] as &[&str],
            ); 5],
        ),
        (
            "standard",
            "scum",
            &[
                ("guri", &["attannimindlink"]),
                ("princexizor", &["attannimindlink"]),
                ("blacksunace", &["attannimindlink"]),
            ],
        ),
        (
            "standard",
            "imperial",
            &[("scimitarsquadronpilot", &["tieshuttle", "gunner"])],
        ),
        (
            "standard",
            "scum",
            &[("karthakkpirate", &["havoc", "unhingedastromech"])],
        ),
        (
            "standard",
            "rebel",
            &[(
                "outerrimsmuggler",
                &["smugglingcompartment", "engineupgrade"],
            )],
        ),
        (
            "standard",
            "imperial",
            &[(
                "felswrath",
                &["royalguardtie", "hullupgrade", "hullupgrade"],
            )],
        ),
    ];
    fleets
        .iter()
        .map(|(format, faction, ships)| {
            let mut squad = Squad::new(format, faction);
            for (pilot, cards) in *ships {
                let mut ship = SquadShip {
                    pilot: CardRef::Xws((*pilot).into()),
                    upgrades: cards
                        .iter()
                        .map(|c| Equipped::new(CardRef::Xws((*c).into()), None))
                        .collect(),
                };
                cards::squad::xws::place(&rules.db, &mut ship);
                squad.ships.push(ship);
            }
            squad
        })
        .collect()
}

/// A problem and the sentence an English page and the API write for it.
#[derive(serde::Deserialize)]
struct Said {
    problem: Problem,
    message: String,
}

/// Each reason's English, held: up to three problems of every kind of
/// reason, drawn from the squads below and `cards/tests/rules.rs`, with the
/// plural cases among them ("1 point", "the only one is taken").
#[test]
fn each_reason_says_its_english_sentence() {
    let rules = Arc::new(Rules::embedded().unwrap());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/english_problems.json");
    let held: Vec<Said> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let problems: Vec<Problem> = held.iter().map(|s| s.problem.clone()).collect();
    let said = english_messages(&rules, &problems);
    for (held, said) in held.iter().zip(&said) {
        assert_eq!(*said, held.message, "{:?}", held.problem.reason);
    }
    for code in Code::ALL {
        assert!(
            problems.iter().any(|p| p.code == code),
            "no sentence held for {code}"
        );
    }
}

#[test]
fn every_english_sentence_is_whole() {
    let rules = Arc::new(Rules::embedded().unwrap());
    let mut problems: Vec<Problem> = Vec::new();
    for squad in squads(&rules) {
        problems.extend(rules.validate(&squad).problems);
    }
    let mut codes: Vec<Code> = problems.iter().map(|p| p.code).collect();
    codes.sort();
    codes.dedup();
    for code in [
        Code::CopyLimit,
        Code::SquadLimit,
        Code::SlotFilter,
        Code::DuplicateInSlot,
    ] {
        assert!(codes.contains(&code), "{code} in {codes:?}");
    }
    for (p, said) in problems.iter().zip(english_messages(&rules, &problems)) {
        assert!(!said.is_empty() && !said.contains('{'), "{p:?}: {said}");
    }
}

/// A Rebel X-wing with the "Light Scyk" Interceptor title, in a squad of
/// the Rebel Alliance.
fn light_scyk_on_an_x_wing() -> Squad {
    let mut squad = Squad::new("standard", "rebel");
    squad.ships.push(SquadShip {
        pilot: CardRef::Xws("rookiepilot".into()),
        upgrades: vec![Equipped::new(
            CardRef::Xws("lightscykinterceptor".into()),
            Some(SlotRef::new("title", 0)),
        )],
    });
    squad
}

#[test]
fn a_german_page_names_the_cards_in_german() {
    let rules = Arc::new(Rules::embedded().unwrap());
    let report = rules.validate(&light_scyk_on_an_x_wing());
    let wrong_ship: Vec<Problem> = report
        .problems
        .into_iter()
        .filter(|p| p.code == Code::ShipRestriction)
        .collect();
    assert_eq!(wrong_ship.len(), 1, "{wrong_ship:?}");
    let german = Translations::embedded(Lang::De).unwrap().unwrap();
    let words = CardWords::new(&rules.db, &german);
    let text = page_text(Lang::De, &rules, Some(words), &wrong_ship).remove(0);
    assert!(text.contains("\"Leichter Scyk\"-Abfangjäger"), "{text}");
    assert!(text.contains("M3-A Abfangjäger"), "{text}");
    assert!(text.contains("X-Flügler"), "{text}");
    assert!(!text.contains("Interceptor"), "{text}");
    assert!(!text.contains(" only"), "{text}");
}

#[test]
fn a_name_without_a_translation_is_marked_english() {
    let rules = Arc::new(Rules::embedded().unwrap());
    let report = rules.validate(&light_scyk_on_an_x_wing());
    let problems: Vec<Problem> = report
        .problems
        .into_iter()
        .filter(|p| p.code == Code::ShipRestriction)
        .collect();
    let owner = Owner::new();
    owner.set();
    provide_context(PageLang(Memo::new(|_| Lang::De)));
    let none = Translations::load("de", "key,field,text\n").unwrap();
    let writer = Writer::new(
        Lang::De,
        rules.clone(),
        Some(Arc::new(CardWords::new(&rules.db, &none))),
    );
    let html = writer.write(&problems[0]).to_html();
    assert!(html.contains("<span lang=\"en\">"), "{html}");
    assert!(
        html.contains("<span lang=\"en\">\"Light Scyk\" Interceptor"),
        "{html}"
    );
}

/// A squad with a choice, unknown cards and obstacles, over its points.
fn odd_squad() -> Squad {
    let mut squad = Squad::new("standard", "scum");
    squad.add_ship(CardRef::Xws("cartelspacer".into()));
    squad.equip(
        0,
        SlotRef::new("title", 0),
        CardRef::Xws("heavyscykinterceptor".into()),
    );
    squad.set_choice(0, 0, Some("cannon".into()));
    squad.equip(0, SlotRef::new("cannon", 0), CardRef::Id(212));
    squad.add_ship(CardRef::Id(999));
    squad.equip(1, SlotRef::new("crew", 0), CardRef::Xws("notacard".into()));
    for _ in 0..5 {
        squad.add_ship(CardRef::Xws("tansariipointveteran".into()));
    }
    squad.obstacles = vec!["core-asteroid-5".into()];
    squad
}

#[test]
fn an_english_page_lists_a_squad_as_the_cards_do() {
    let rules = Arc::new(Rules::embedded().unwrap());
    let writer = Writer::new(Lang::En, rules.clone(), None);
    let mut squads = vec![odd_squad(), light_scyk_on_an_x_wing()];
    squads.extend(rare_rules(&rules));
    squads.push(Squad::new("custom:250", "rebel"));
    squads.push(Squad::new("galactic", "rebel"));
    for squad in &squads {
        let report = rules.validate(squad);
        assert_eq!(
            list::plain_text_in(&writer, &rules, squad, &report),
            list::plain_text_with(&rules, squad, &report)
        );
        for markup in [list::ForumMarkup::BbCode, list::ForumMarkup::Markdown] {
            let link = "https://m1.example/build?s=v3.x";
            assert_eq!(
                list::forum_text_in(&writer, &rules, squad, &report, link, markup),
                list::forum_text(&rules, squad, &report, link, markup)
            );
        }
    }
}

#[test]
fn a_german_forum_post_is_in_german() {
    let rules = Arc::new(Rules::embedded().unwrap());
    let german = Translations::embedded(Lang::De).unwrap().unwrap();
    let writer = Writer::new(
        Lang::De,
        rules.clone(),
        Some(Arc::new(CardWords::new(&rules.db, &german))),
    );
    let squad = odd_squad();
    let report = rules.validate(&squad);
    let link = "https://m1.example/de/build?s=v3.x";
    let post = list::forum_text_in(
        &writer,
        &rules,
        &squad,
        &report,
        link,
        list::ForumMarkup::BbCode,
    );
    assert!(
        post.starts_with("[b][url=https://m1.example/de/build?s=v3.x]Staffel[/url][/b]\n"),
        "{post}"
    );
    assert!(
        post.contains("Abschaum und Kriminelle · Standard · "),
        "{post}"
    );
    assert!(post.contains("/100 Punkte (nicht legal)"), "{post}");
    assert!(post.contains("(Kanonen)"), "{post}");
    assert!(post.contains("unbekannter Pilot Nr. 999"), "{post}");
    assert!(post.contains("unbekannte Aufwertung `notacard`"), "{post}");
    let scyk = rules.db.upgrade("heavyscykinterceptor").unwrap();
    let german_scyk = CardWords::new(&rules.db, &german)
        .upgrade_name(scyk)
        .0
        .to_string();
    assert!(
        post.contains(&german_scyk.replace('[', "(").replace(']', ")")),
        "{post}"
    );
    let plain = list::plain_text_in(&writer, &rules, &squad, &report);
    assert!(
        plain.ends_with("Hindernisse: Core Set asteroid 5\n"),
        "{plain}"
    );
}
