//! Every rule of the engine: a squad that breaks it and a near-identical one
//! that does not, built from the pack's own cards.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::squad::{CardReason, Code, Reason, Report, Rules, Severity};
use cards::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};
use cards::squad::{ShipReason, SlotReason, SquadReason};

mod common;
use common::rules;

/// A ship from `pilot` and upgrades written `xws` or `xws:choice`.
fn ship(pilot: &str, upgrades: &[&str]) -> SquadShip {
    SquadShip {
        pilot: CardRef::Xws(pilot.into()),
        upgrades: upgrades
            .iter()
            .map(|u| {
                let (xws, choice) = match u.split_once(':') {
                    Some((x, c)) => (x, Some(c.to_string())),
                    None => (*u, None),
                };
                Equipped {
                    card: CardRef::Xws(xws.into()),
                    slot: None,
                    choice,
                }
            })
            .collect(),
    }
}

fn squad(format: &str, faction: &str, ships: Vec<SquadShip>) -> Squad {
    Squad {
        ships,
        ..Squad::new(format, faction)
    }
}

fn epic(ships: Vec<SquadShip>) -> Squad {
    squad("epic", "scum", ships)
}

fn codes(report: &Report) -> Vec<Code> {
    report.problems.iter().map(|p| p.code).collect()
}

/// `bad` has the problem (and is illegal unless it is a warning), `good` has not.
fn breaks(code: Code, bad: &Squad, good: &Squad) -> Report {
    let rules = rules();
    let bad_report = rules.validate(bad);
    let good_report = rules.validate(good);
    assert!(
        codes(&bad_report).contains(&code),
        "expected {code} in {:#?}",
        bad_report.problems
    );
    assert!(
        !codes(&good_report).contains(&code),
        "did not expect {code} in {:#?}",
        good_report.problems
    );
    let severity = bad_report
        .problems
        .iter()
        .find(|p| p.code == code)
        .unwrap()
        .severity;
    if severity == Severity::Error {
        assert!(!bad_report.legal);
    }
    for p in &bad_report.problems {
        assert_eq!(p.reason.code(), p.code, "{p:?}");
    }
    bad_report
}

fn assert_legal(s: &Squad) -> Report {
    let report = rules().validate(s);
    assert!(report.legal, "{:#?}", report.problems);
    report
}

#[test]
fn effective_ship_bar_stats_and_points() {
    let rules = rules();
    let r = rules.validate(&epic(vec![ship("croccruiser", &[])]));
    let bar: Vec<String> = r.ships[0]
        .bar
        .iter()
        .map(|s| format!("{}{}", s.slot.kind, s.slot.index))
        .collect();
    assert_eq!(
        bar,
        [
            "crew0",
            "crew1",
            "hardpoint0",
            "team0",
            "cargo0",
            "cargo1",
            "cargo2",
            "title0",
            "mod0"
        ]
    );
    assert_eq!(r.ships[0].stats.energy, Some(4));

    let r = rules.validate(&epic(vec![ship("croccruiser", &["merchantone"])]));
    let kinds: Vec<&str> = r.ships[0]
        .bar
        .iter()
        .map(|s| s.slot.kind.as_str())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == "crew").count(), 3);
    assert_eq!(kinds.iter().filter(|k| **k == "team").count(), 2);
    assert_eq!(kinds.iter().filter(|k| **k == "cargo").count(), 2);
    assert_eq!(r.ships[0].stats.energy, Some(5));
    assert_eq!(r.points, 37);

    for (title, energy) in [("brokenhorn", 6), ("insatiableworrt", 3)] {
        let r = rules.validate(&epic(vec![ship("croccruiser", &[title])]));
        assert_eq!(r.ships[0].stats.energy, Some(energy), "{title}");
    }

    let r = rules.validate(&epic(vec![ship(
        "tansariipointveteran",
        &["heavyscykinterceptor:cannon"],
    )]));
    assert_eq!(r.ships[0].stats.hull, Some(3));
    assert!(r.ships[0].bar.iter().any(|s| s.slot.kind == "cannon"));
    assert_eq!(r.points, 19);
    assert!(r.legal, "{:#?}", r.problems);
}

#[test]
fn points_over_limit() {
    let croc = || ship("croccruiser", &["heavylaserturret"]);
    let bad = squad("custom:53", "scum", vec![croc(), ship("cartelspacer", &[])]);
    let good = squad("custom:54", "scum", vec![croc(), ship("cartelspacer", &[])]);
    let r = breaks(Code::PointsOverLimit, &bad, &good);
    assert_eq!(r.points, 54);
    assert_eq!(r.limit, Some(53));
    let r = breaks(
        Code::PointsOverLimit,
        &squad("standard", "scum", vec![ship("genesisred", &[]); 6]),
        &squad("standard", "scum", vec![ship("cartelspacer", &[]); 5]),
    );
    assert_eq!(r.points, 114);
}

#[test]
fn faction_mismatch() {
    // A Scum pilot in a Rebel squad; Scum-only crew in a Rebel squad.
    breaks(
        Code::FactionMismatch,
        &squad("epic", "rebel", vec![ship("cartelspacer", &[])]),
        &squad("epic", "scum", vec![ship("cartelspacer", &[])]),
    );
    let bad = squad(
        "epic",
        "rebel",
        vec![ship("croccruiser", &["cikatrovizago"])],
    );
    let report = rules().validate(&bad);
    // The card's factions and the squad's.
    let factions = |report: &Report, card: &str| {
        let p = report
            .problems
            .iter()
            .find(|p| p.code == Code::FactionMismatch && p.card.as_deref() == Some(card))?;
        match &p.reason {
            Reason::Card(CardReason::CardFaction {
                factions, squad, ..
            }) => Some((factions.join(" "), squad.to_string())),
            _ => None,
        }
    };
    assert_eq!(
        factions(&report, "cikatrovizago"),
        Some(("scum".into(), "rebel".into()))
    );
    let imperial = rules().validate(&squad(
        "epic",
        "imperial",
        vec![ship("cartelspacer", &["pulsedrayshield"])],
    ));
    assert_eq!(
        factions(&imperial, "pulsedrayshield"),
        Some(("rebel scum".into(), "imperial".into()))
    );
    // "Rebel and Scum only" allows both.
    assert_legal(&epic(vec![ship("cartelspacer", &["pulsedrayshield"])]));
    let rebel = rules().validate(&squad(
        "epic",
        "rebel",
        vec![ship("cartelspacer", &["arccaster"])],
    ));
    assert!(
        !rebel
            .problems
            .iter()
            .any(|p| p.code == Code::FactionMismatch && p.card.as_deref() == Some("arccaster"))
    );
}

#[test]
fn ship_restriction() {
    breaks(
        Code::ShipRestriction,
        &epic(vec![
            ship("croccruiser", &[]),
            ship("cartelspacer", &["heavylaserturret"]),
        ]),
        &epic(vec![
            ship("croccruiser", &["heavylaserturret"]),
            ship("cartelspacer", &[]),
        ]),
    );
    breaks(
        Code::ShipRestriction,
        &epic(vec![ship("croccruiser", &["lightscykinterceptor"])]),
        &epic(vec![ship("croccruiser", &["merchantone"])]),
    );
    // "M3-A Interceptor only" includes the pilot printed "Scyk Fighter".
    assert_legal(&epic(vec![ship(
        "tansariipointveteran",
        &["lightscykinterceptor"],
    )]));
    // "C-ROC Cruiser and GR-75 only".
    breaks(
        Code::ShipRestriction,
        &epic(vec![ship("cartelspacer", &["quickreleasecargolocks"])]),
        &epic(vec![ship("croccruiser", &["quickreleasecargolocks"])]),
    );
}

#[test]
fn huge_only() {
    breaks(
        Code::HugeOnly,
        &epic(vec![
            ship("croccruiser", &[]),
            ship("cartelspacer", &["azmorigan"]),
        ]),
        &epic(vec![
            ship("croccruiser", &["azmorigan"]),
            ship("cartelspacer", &[]),
        ]),
    );
}

#[test]
fn huge_modification() {
    breaks(
        Code::HugeModification,
        &epic(vec![
            ship("croccruiser", &["pulsedrayshield"]),
            ship("cartelspacer", &[]),
        ]),
        &epic(vec![
            ship("croccruiser", &[]),
            ship("cartelspacer", &["pulsedrayshield"]),
        ]),
    );
}

#[test]
fn no_free_slot() {
    // Jabba the Hutt needs two Crew: one free is not enough, two are.
    let bad = epic(vec![ship(
        "croccruiser",
        &["cikatrovizago", "jabbathehutt"],
    )]);
    let good = epic(vec![ship("croccruiser", &["jabbathehutt"])]);
    let r = breaks(Code::NoFreeSlot, &bad, &good);
    let p = r
        .problems
        .iter()
        .find(|p| p.code == Code::NoFreeSlot)
        .unwrap();
    assert_eq!(p.card.as_deref(), Some("jabbathehutt"));
    // It occupies 2 Crew slots; only 1 of 2 is free.
    assert!(
        matches!(&p.reason, Reason::Slot(SlotReason::TooFewFree { slot, needs: 2, free: 1, have: 2, .. }) if slot == "crew"),
        "{p:?}"
    );

    // Merchant One leaves two Cargo slots.
    let cargo = |title: &[&str]| {
        let mut upgrades = title.to_vec();
        upgrades.extend([
            "superchargedpowercells",
            "quickreleasecargolocks",
            "quickreleasecargolocks",
        ]);
        epic(vec![ship("croccruiser", &upgrades)])
    };
    let r = rules().validate(&cargo(&[]));
    assert!(!codes(&r).contains(&Code::NoFreeSlot));
    let r = rules().validate(&cargo(&["merchantone"]));
    assert!(codes(&r).contains(&Code::NoFreeSlot));
    // ... and gives a third Crew slot.
    breaks(
        Code::NoFreeSlot,
        &epic(vec![ship("croccruiser", &["jabbathehutt", "azmorigan"])]),
        &epic(vec![ship(
            "croccruiser",
            &["merchantone", "jabbathehutt", "azmorigan"],
        )]),
    );
    // A slot type the ship does not have at all.
    breaks(
        Code::NoFreeSlot,
        &epic(vec![ship("cartelspacer", &["arccaster"])]),
        &epic(vec![ship(
            "cartelspacer",
            &["heavyscykinterceptor:cannon", "arccaster"],
        )]),
    );
}

#[test]
fn unique_duplicate() {
    // A second Merchant One on another C-ROC.
    breaks(
        Code::UniqueDuplicate,
        &epic(vec![
            ship("croccruiser", &["merchantone"]),
            ship("croccruiser", &["merchantone"]),
        ]),
        &epic(vec![
            ship("croccruiser", &["merchantone"]),
            ship("croccruiser", &["brokenhorn"]),
        ]),
    );
    // Unique pilots too.
    let r = breaks(
        Code::UniqueDuplicate,
        &epic(vec![ship("genesisred", &[]), ship("genesisred", &[])]),
        &epic(vec![ship("genesisred", &[]), ship("quinnjast", &[])]),
    );
    assert_eq!(
        r.problems
            .iter()
            .filter(|p| p.code == Code::UniqueDuplicate)
            .count(),
        2,
        "both copies are marked"
    );
}

#[test]
fn limited_duplicate() {
    // Two Supercharged Power Cells on one C-ROC vs one on each of two C-ROCs.
    breaks(
        Code::LimitedDuplicate,
        &epic(vec![
            ship(
                "croccruiser",
                &["superchargedpowercells", "superchargedpowercells"],
            ),
            ship("croccruiser", &[]),
        ]),
        &epic(vec![
            ship("croccruiser", &["superchargedpowercells"]),
            ship("croccruiser", &["superchargedpowercells"]),
        ]),
    );
}

#[test]
fn title_duplicate() {
    breaks(
        Code::TitleDuplicate,
        &epic(vec![ship(
            "croccruiser",
            &["merchantone", "insatiableworrt"],
        )]),
        &epic(vec![
            ship("croccruiser", &["merchantone"]),
            ship("croccruiser", &["insatiableworrt"]),
        ]),
    );
}

#[test]
fn modification_forbidden() {
    // Pulsed Ray Shield on an M3-A vs with "Light Scyk".
    let r = breaks(
        Code::ModificationForbidden,
        &epic(vec![ship(
            "cartelspacer",
            &["lightscykinterceptor", "pulsedrayshield"],
        )]),
        &epic(vec![ship("cartelspacer", &["pulsedrayshield"])]),
    );
    let p = r
        .problems
        .iter()
        .find(|p| p.code == Code::ModificationForbidden)
        .unwrap();
    assert_eq!(p.card.as_deref(), Some("pulsedrayshield"));
    assert!(
        matches!(&p.reason, Reason::Slot(SlotReason::SlotForbidden { by, .. }) if by.english == "\"Light Scyk\" Interceptor"),
        "{p:?}"
    );
}

#[test]
fn stat_requirement() {
    // Pulsed Ray Shield needs shield value 1: an M3-A has 1, a C-ROC 4.
    let r = rules().validate(&epic(vec![ship("croccruiser", &["pulsedrayshield"])]));
    let p = r
        .problems
        .iter()
        .find(|p| p.code == Code::StatRequirement)
        .expect("stat requirement on the C-ROC");
    assert!(
        matches!(
            &p.reason,
            Reason::Card(CardReason::StatRequirement { value: Some(4), .. })
        ),
        "{p:?}"
    );
    assert_legal(&epic(vec![ship("cartelspacer", &["pulsedrayshield"])]));
}

#[test]
fn choice_required() {
    breaks(
        Code::ChoiceRequired,
        &epic(vec![ship("cartelspacer", &["heavyscykinterceptor"])]),
        &epic(vec![ship("cartelspacer", &["heavyscykinterceptor:turret"])]),
    );
    breaks(
        Code::ChoiceRequired,
        &epic(vec![ship("cartelspacer", &["heavyscykinterceptor:crew"])]),
        &epic(vec![ship("cartelspacer", &["heavyscykinterceptor:mod"])]),
    );
}

#[test]
fn epic_only() {
    breaks(
        Code::EpicOnly,
        &squad("standard", "scum", vec![ship("croccruiser", &[])]),
        &squad("epic", "scum", vec![ship("croccruiser", &[])]),
    );
}

#[test]
fn ship_type_limit() {
    let m3as = |n: usize| epic(vec![ship("cartelspacer", &[]); n]);
    breaks(Code::ShipTypeLimit, &m3as(9), &m3as(8));
    let older = |n: usize| squad("epic-2014", "scum", vec![ship("cartelspacer", &[]); n]);
    breaks(Code::ShipTypeLimit, &older(13), &older(12));
}

#[test]
fn copy_limit() {
    // Five ARC Casters (a secondary weapon) in Epic 2018; four are fine.
    let casters = |n: usize| {
        epic(vec![
            ship(
                "cartelspacer",
                &["heavyscykinterceptor:cannon", "arccaster"]
            );
            n
        ])
    };
    breaks(Code::CopyLimit, &casters(5), &casters(4));
}

#[test]
fn epic_points() {
    // No published epic points for the C-ROC: a warning, never an invented value.
    let two = squad(
        "epic-2014",
        "scum",
        vec![ship("croccruiser", &[]), ship("croccruiser", &[])],
    );
    let r = breaks(
        Code::EpicPointsUnknown,
        &two,
        &squad("epic", "scum", two.ships.clone()),
    );
    assert!(r.legal, "a warning leaves the squad legal");
    let p = r
        .problems
        .iter()
        .find(|p| p.code == Code::EpicPointsUnknown)
        .unwrap();
    assert_eq!(p.severity, Severity::Warning);
}

#[test]
fn epic_points_over_limit() {
    // The pack has no GR-75 pilot: add one (a user pack would) to count its 2 epic points.
    let pilots = format!(
        "{}9001,gr75transport,GR-75 Transport,no,1,GR-75,Rebel,,0,8,4,4,Reinforce,Crew,,30,,,\n",
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/pilots.csv")).unwrap()
    );
    let db = cards::catalog::Database::load(
        &cards::catalog::CardSet::embedded().with_file("pilots.csv", pilots),
    )
    .unwrap();
    let rules = Rules::new(db, cards::catalog::Formats::embedded().unwrap());
    let transports = |n: usize| squad("epic-2014", "rebel", vec![ship("gr75transport", &[]); n]);
    let bad = rules.validate(&transports(3));
    assert!(
        codes(&bad).contains(&Code::EpicPointsOverLimit),
        "{:#?}",
        bad.problems
    );
    assert!(
        bad.problems
            .iter()
            .any(|p| matches!(&p.reason, Reason::Squad(SquadReason::EpicPointsOverLimit { epic, .. }) if epic.to_string() == "6"))
    );
    let good = rules.validate(&transports(2));
    assert!(good.legal, "{:#?}", good.problems);
}

#[test]
fn unknown_cards_are_kept_and_reported() {
    let mut s = epic(vec![ship("croccruiser", &["merchantone", "noSuchCard"])]);
    s.ships.push(SquadShip {
        pilot: CardRef::Id(9999),
        upgrades: vec![Equipped::new(
            CardRef::Id(8888),
            Some(SlotRef::new("crew", 0)),
        )],
    });
    let before = s.clone();
    let r = rules().validate(&s);
    assert_eq!(s, before, "validation never changes the squad");
    let unknown: Vec<_> = r
        .problems
        .iter()
        .filter(|p| p.code == Code::UnknownCard)
        .collect();
    assert_eq!(unknown.len(), 3, "{unknown:#?}");
    assert!(unknown.iter().any(|p| matches!(
        &p.reason,
        Reason::Ship(ShipReason::UnknownPilot {
            card: CardRef::Id(9999)
        })
    )));
    assert!(
        unknown
            .iter()
            .any(|p| p.slot == Some(SlotRef::new("crew", 0)))
    );
    assert_eq!(r.points, 37);
    assert!(!r.legal);
    // The same squad without them is legal.
    assert_legal(&epic(vec![ship("croccruiser", &["merchantone"])]));
}

#[test]
fn unknown_format_and_faction() {
    let r = rules().validate(&squad("galactic", "hutts", vec![ship("croccruiser", &[])]));
    assert!(codes(&r).contains(&Code::UnknownFormat));
    assert!(codes(&r).contains(&Code::UnknownFaction));
    assert!(!r.legal);
    let report = rules().validate(&squad("custom:0", "scum", vec![]));
    assert!(matches!(
        &report.problems[0].reason,
        Reason::Squad(SquadReason::CustomPoints { .. })
    ));
}

#[test]
fn options_explain_why_a_card_is_disabled() {
    let rules = rules();
    let s = epic(vec![ship("croccruiser", &[]), ship("cartelspacer", &[])]);
    let crew = rules.options(&s, 0, &SlotRef::new("crew", 0));
    // The C-ROC pack's three Crew cards are all allowed on its C-ROC.
    for xws in ["cikatrovizago", "azmorigan", "jabbathehutt"] {
        let option = crew.iter().find(|o| o.card.xws == xws).unwrap();
        assert!(option.allowed, "{option:#?}");
    }

    let titles = rules.options(&s, 1, &SlotRef::new("title", 0));
    let merchant = titles.iter().find(|o| o.card.xws == "merchantone").unwrap();
    assert!(!merchant.allowed);
    assert_eq!(merchant.problems[0].code, Code::ShipRestriction);
    let light = titles
        .iter()
        .find(|o| o.card.xws == "lightscykinterceptor")
        .unwrap();
    assert!(light.allowed);
    assert!(titles.iter().position(|o| o.allowed) < titles.iter().position(|o| !o.allowed));

    let mods = rules.options(&s, 0, &SlotRef::new("mod", 0));
    let prs = mods
        .iter()
        .find(|o| o.card.xws == "pulsedrayshield")
        .unwrap();
    let prs_codes: Vec<Code> = prs.problems.iter().map(|p| p.code).collect();
    assert!(prs_codes.contains(&Code::HugeModification));
    assert!(prs_codes.contains(&Code::StatRequirement));

    // A card that busts the points limit is still allowed, with the squad problem beside it.
    let tight = squad("custom:50", "scum", vec![ship("croccruiser", &[])]);
    let cargo = rules.options(&tight, 0, &SlotRef::new("cargo", 0));
    let cells = cargo
        .iter()
        .find(|o| o.card.xws == "superchargedpowercells")
        .unwrap();
    assert!(cells.allowed);
    assert!(cells.squad_problems.is_empty());
    let tighter = squad("custom:36", "scum", vec![ship("croccruiser", &[])]);
    let cargo = rules.options(&tighter, 0, &SlotRef::new("cargo", 0));
    let cells = cargo
        .iter()
        .find(|o| o.card.xws == "superchargedpowercells")
        .unwrap();
    assert_eq!(cells.squad_problems[0].code, Code::PointsOverLimit);
    assert!(
        rules
            .options(&tight, 7, &SlotRef::new("cargo", 0))
            .is_empty()
    );
}

/// Slot indexes are bytes: one a stranger names at 255 is reported as
/// slot 256, never wrapped to 0 (release) or a panic (debug).
#[test]
fn a_slot_index_at_the_top_of_its_range_is_reported_not_wrapped() {
    let mut croc = ship("croccruiser", &["cikatrovizago"]);
    croc.upgrades[0].slot = Some(SlotRef::new("crew", u8::MAX));
    let report = rules().validate(&epic(vec![croc.clone()]));
    let seat = report
        .problems
        .iter()
        .find(|p| p.code == Code::SlotMissing)
        .expect("the missing seat is reported");
    // Crew slot 256.
    assert!(
        matches!(
            &seat.reason,
            Reason::Slot(
                SlotReason::SlotGone { number: 256, .. }
                    | SlotReason::SlotTaken { number: 256, .. }
            )
        ),
        "{seat:?}"
    );
    // The same card in a slot the ship has: no such problem.
    croc.upgrades[0].slot = Some(SlotRef::new("crew", 0));
    let report = rules().validate(&epic(vec![croc]));
    assert!(report.problems.iter().all(|p| p.code != Code::SlotMissing));
}

/// Issue 13.1: an icon nobody named makes no squad illegal. The squad is
/// checked with the icon that suits it (XWS has no field for the choice),
/// and a warning says which.
#[test]
fn an_unnamed_heavy_scyk_icon_is_legal_when_some_icon_is() {
    let report = assert_legal(&epic(vec![ship("cartelspacer", &["heavyscykinterceptor"])]));
    assert_eq!(report.points, 16);
    let warning = report
        .problems
        .iter()
        .find(|p| p.code == Code::ChoiceRequired)
        .expect("the builder still asks for the icon");
    assert_eq!(warning.severity, Severity::Warning);
    // It is checked with an icon, as none is named.
    assert!(
        matches!(
            &warning.reason,
            Reason::Card(CardReason::ChoiceUnnamed { .. })
        ),
        "{warning:?}"
    );

    // Its printed Modification slot holds the shield; any icon will do.
    let report = assert_legal(&epic(vec![ship(
        "tansariipointveteran",
        &["heavyscykinterceptor", "pulsedrayshield"],
    )]));
    assert_eq!(report.points, 21);

    // Two cannons need the Cannon icon: the check finds it.
    let report = assert_legal(&epic(vec![ship(
        "cartelspacer",
        &["heavyscykinterceptor", "arccaster"],
    )]));
    let warning = report
        .problems
        .iter()
        .find(|p| p.code == Code::ChoiceRequired)
        .unwrap();
    assert!(
        matches!(&warning.reason, Reason::Card(CardReason::ChoiceUnnamed { used, .. }) if used == "cannon"),
        "{warning:?}"
    );

    // An icon the card does not offer is still an error.
    let report = rules().validate(&epic(vec![ship(
        "cartelspacer",
        &["heavyscykinterceptor:crew"],
    )]));
    assert!(!report.legal);
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.code == Code::ChoiceRequired && p.severity == Severity::Error)
    );
}

/// Issue 13.2: a card that breaks its own restriction, or finds no slot,
/// reports its own problem and confers nothing.
#[test]
fn a_misplaced_card_grants_no_slots_and_changes_no_stats() {
    // Merchant One on an M3-A: ship-restriction, and no Crew slot for Cikatro.
    let bad = epic(vec![ship(
        "cartelspacer",
        &["merchantone", "cikatrovizago"],
    )]);
    let report = rules().validate(&bad);
    assert!(codes(&report).contains(&Code::ShipRestriction));
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.code == Code::NoFreeSlot && p.card.as_deref() == Some("cikatrovizago")),
        "{:#?}",
        report.problems
    );
    assert!(report.ships[0].bar.iter().all(|s| s.slot.kind != "crew"));
    // On the C-ROC the same title grants its Crew and Team.
    let good = epic(vec![ship(
        "croccruiser",
        &[
            "merchantone",
            "cikatrovizago",
            "jabbathehutt",
            "igrmthugdroids",
        ],
    )]);
    let report = assert_legal(&good);
    assert_eq!(report.ships[0].stats.energy, Some(5));

    // A second Title finds no slot: only the first (by id) counts.
    let two = epic(vec![ship("croccruiser", &["merchantone", "brokenhorn"])]);
    let report = rules().validate(&two);
    assert!(codes(&report).contains(&Code::TitleDuplicate));
    assert_eq!(report.ships[0].stats.energy, Some(5), "not 4 + 1 + 2");
    let one = epic(vec![ship("croccruiser", &["brokenhorn"])]);
    assert_eq!(assert_legal(&one).ships[0].stats.energy, Some(6));
}

/// First Order pilots build in Imperial squads, Resistance pilots in Rebel
/// squads (XWS has only `rebel`, `imperial` and `scum`).
#[test]
fn first_order_and_resistance_build_with_their_allies() {
    breaks(
        Code::FactionMismatch,
        &squad("standard", "rebel", vec![ship("omegaace", &[])]),
        &squad("standard", "imperial", vec![ship("omegaace", &[])]),
    );
    breaks(
        Code::FactionMismatch,
        &squad("standard", "imperial", vec![ship("blueace", &[])]),
        &squad("standard", "rebel", vec![ship("blueace", &[])]),
    );
    // A card faction is not a squad faction.
    let r = rules().validate(&squad("standard", "firstorder", vec![]));
    assert!(codes(&r).contains(&Code::UnknownFaction));
}
