//! A squad in play (`cards::play`): each step and its undo, the crippling
//! rule, the energy round against the energy engine, points destroyed and
//! the limits.

#![allow(clippy::unwrap_used)]

mod common;

use cards::catalog::Stat;
use cards::play::{
    DeckId, FaceUp, GAME_ASIDE_PREFIX, GAME_PREFIX, Game, HugeStep, Play, PlayCounter, PlayError,
    PlayStep, Player, ShipAt, StoredGames, TOKEN_LIMIT, TokenKind, is_red, played_actions,
    played_dial, played_stats,
};
use cards::sim::energy::{EnergyShip, HugeSection, Plan, simulate};
use cards::squad::link;
use common::{rules, squad};
use proptest::prelude::*;

fn croc() -> String {
    link::encode(&squad(
        "epic",
        "scum",
        &[("croccruiser", &["heavylaserturret"])],
    ))
}

fn cr90() -> String {
    link::encode(&squad(
        "epic",
        "rebel",
        &[
            ("cr90corvettefore", &[]),
            ("cr90corvetteaft", &[]),
            ("rookiepilot", &[]),
        ],
    ))
}

fn rebels() -> String {
    link::encode(&squad(
        "standard",
        "rebel",
        &[("rookiepilot", &[]), ("outerrimsmuggler", &[])],
    ))
}

fn play(mine: &str, theirs: Option<&str>) -> Play {
    Play::resume(rules(), Game::new(mine, theirs, 1.0)).unwrap()
}

fn dealt(deck: DeckId, name: &str) -> Option<FaceUp> {
    Some(FaceUp::Card {
        deck,
        name: name.into(),
    })
}

fn reveal(at: ShipAt, maneuver: &str) -> PlayStep {
    PlayStep::Reveal {
        at,
        maneuver: maneuver.into(),
    }
}

fn shield(at: ShipAt, section: usize, delta: i8) -> PlayStep {
    PlayStep::Shield { at, section, delta }
}

fn face_down(at: ShipAt, section: usize) -> PlayStep {
    PlayStep::Deal {
        at,
        section,
        face_up: None,
    }
}

/// The C-ROC flies three rounds at the table and in the energy engine: the
/// Ship card's energy, the turret's, the shields and the hull damage agree
/// after every round. The engine's plan counts damage to the hull, so the
/// faceup Direct Hit of round 3 is 2 there.
#[test]
fn a_croc_over_three_rounds_matches_the_energy_engine() {
    let mut p = play(&croc(), None);
    let c = ShipAt::mine(0);
    let rounds: [Vec<PlayStep>; 3] = [
        vec![
            reveal(c, "2S"),
            PlayStep::Allocate {
                at: c,
                card: 0,
                amount: 2,
            },
        ],
        vec![
            reveal(c, "1S"),
            PlayStep::Fire { at: c, card: 0 },
            shield(c, 0, -1),
            shield(c, 0, -1),
            shield(c, 0, -1),
        ],
        vec![
            reveal(c, "1BL"),
            PlayStep::Recover { at: c, section: 0 },
            shield(c, 0, -1),
            shield(c, 0, -1),
            shield(c, 0, -1),
            shield(c, 0, -1),
            PlayStep::Deal {
                at: c,
                section: 0,
                face_up: dealt(DeckId::RebelTransport, "Direct Hit"),
            },
        ],
    ];
    let engine = EnergyShip::croc(rules(), &["heavylaserturret"]).unwrap();
    let run = simulate(
        &engine,
        &Plan::parse("2S.a2~1S.fire.s3~1BL.recover.s6").unwrap(),
    )
    .unwrap();
    for (r, steps) in rounds.into_iter().enumerate() {
        for step in steps {
            p.take(step).unwrap();
        }
        let ship = p.table.ship(c).unwrap();
        let energy = ship.energy.as_ref().unwrap();
        let log = &run.rounds[r];
        assert_eq!(energy.ship, log.ship_energy, "round {}", r + 1);
        assert_eq!(energy.cards, log.card_energy, "round {}", r + 1);
        assert_eq!(ship.shields(), log.shields, "round {}", r + 1);
        assert_eq!(
            ship.sections[0].hull_damage(),
            log.hull_damage,
            "round {}",
            r + 1
        );
        p.take(PlayStep::NextRound).unwrap();
    }
    assert_eq!(p.table.round, 4);
}

#[test]
fn the_energy_checklist_follows_the_round() {
    use cards::play::ChecklistItem::*;
    let mut p = play(&croc(), None);
    let c = ShipAt::mine(0);
    p.take(reveal(c, "1S")).unwrap();
    p.take(PlayStep::Tick {
        at: c,
        item: UseEnergy,
    })
    .unwrap();
    let done = |p: &Play, item| p.table.ship(c).unwrap().energy.as_ref().unwrap().done(item);
    assert!(done(&p, GainEnergy) && done(&p, UseEnergy) && !done(&p, AllocateEnergy));
    p.take(PlayStep::Reinforce {
        at: c,
        section: HugeSection::Fore,
    })
    .unwrap();
    assert!(done(&p, PerformAction));
    p.take(PlayStep::NextRound).unwrap();
    assert!(!done(&p, GainEnergy));
    assert_eq!(
        p.table.ship(c).unwrap().reinforce,
        None,
        "the End phase removes it"
    );
}

/// Ion tokens and a faceup Reactor Leak each cut the energy gained by 1.
#[test]
fn ion_and_reactor_leak_cut_the_gain() {
    let mut p = play(&croc(), None);
    let c = ShipAt::mine(0);
    p.take(PlayStep::Token {
        at: c,
        token: TokenKind::Ion,
        delta: 1,
    })
    .unwrap();
    p.take(PlayStep::Deal {
        at: c,
        section: 0,
        face_up: dealt(DeckId::RebelTransport, "Reactor Leak"),
    })
    .unwrap();
    p.take(reveal(c, "1S")).unwrap();
    assert_eq!(p.table.ship(c).unwrap().energy.as_ref().unwrap().ship, 1);
}

/// The seed: a section whose damage reaches its hull is crippled; its
/// crippled side's bar and energy limit apply; it cannot suffer damage,
/// and the other section still can.
#[test]
fn a_cr90_aft_cripples_by_the_seeds_rule() {
    let mut p = play(&cr90(), None);
    let cr = ShipAt::mine(0);
    assert_eq!(p.table.mine.len(), 2, "the two sections are one ship");
    let ship = p.table.ship(cr).unwrap();
    assert_eq!((ship.energy_limit(), ship.sections[1].hull), (5, 8));
    p.take(reveal(cr, "2S")).unwrap();
    for _ in 0..3 {
        p.take(shield(cr, 1, -1)).unwrap();
    }
    for n in 0..8 {
        assert!(
            !p.table.ship(cr).unwrap().sections[1].crippled,
            "after {n} cards"
        );
        p.take(face_down(cr, 1)).unwrap();
    }
    let ship = p.table.ship(cr).unwrap();
    let aft = &ship.sections[1];
    assert!(aft.crippled && !ship.destroyed());
    assert_eq!(ship.energy_limit(), 1);
    assert_eq!(
        ship.energy.as_ref().unwrap().ship,
        1,
        "energy past the limit goes"
    );
    assert_eq!(aft.crippled_side.as_ref().unwrap().slots, ["Cargo"]);
    let energy = played_stats(ship)
        .into_iter()
        .find(|s| s.stat == Stat::Energy)
        .unwrap();
    assert_eq!((energy.built, energy.now), (Some(5), Some(1)));
    assert!(
        played_actions(ship)
            .iter()
            .any(|a| a.action == "recover" && a.lost_to.is_some())
    );
    assert!(!played_dial(ship).iter().any(|m| m.code() == "4S"));
    assert_eq!(p.take(face_down(cr, 1)), Err(PlayError::Crippled));
    assert_eq!(
        p.take(PlayStep::Recover { at: cr, section: 0 }),
        Err(PlayError::NoAction(HugeStep::Recover))
    );
    p.take(PlayStep::NextRound).unwrap();
    assert_eq!(
        p.take(reveal(cr, "4S")),
        Err(PlayError::NotOnDial("4S".into()))
    );
    p.take(shield(cr, 0, -1)).unwrap();
    p.take(face_down(cr, 0)).unwrap();
    assert_eq!(
        p.table.ship(cr).unwrap().sections[0].hull_damage(),
        1,
        "the fore is still attackable"
    );
}

#[test]
fn both_sections_crippled_destroy_the_ship() {
    let mut p = play(&cr90(), Some(&rebels()));
    let cr = ShipAt::mine(0);
    for section in 0..2 {
        for _ in 0..8 {
            p.take(face_down(cr, section)).unwrap();
        }
    }
    assert!(p.table.ship(cr).unwrap().destroyed());
    assert_eq!(
        p.take(PlayStep::Token {
            at: cr,
            token: TokenKind::Focus,
            delta: 1
        }),
        Err(PlayError::Destroyed)
    );
    let score = p.table.points_destroyed(Player::Theirs).unwrap();
    assert_eq!((score.ships_destroyed, score.destroyed_points), (1, 90));
}

/// A faceup Damaged Engine turns the turns red on the dial shown, named;
/// flipped facedown, they are as built again.
#[test]
fn damaged_engine_turns_the_turns_red() {
    let mut p = play(&rebels(), None);
    let x = ShipAt::mine(0);
    p.take(PlayStep::Deal {
        at: x,
        section: 0,
        face_up: dealt(DeckId::CoreTfa, "Damaged Engine"),
    })
    .unwrap();
    let dial = played_dial(p.table.ship(x).unwrap());
    let turns: Vec<_> = dial
        .iter()
        .filter(|m| m.code().ends_with("TL") || m.code().ends_with("TR"))
        .collect();
    assert!(!turns.is_empty() && turns.iter().all(|m| is_red(m)));
    assert!(turns.iter().all(|m| m.damaged_by == ["Damaged Engine"]));
    assert!(
        dial.iter()
            .filter(|m| m.code() == "2S")
            .all(|m| !is_red(m) && m.damaged_by.is_empty())
    );
    p.take(PlayStep::Flip {
        at: x,
        section: 0,
        card: 0,
    })
    .unwrap();
    assert!(
        played_dial(p.table.ship(x).unwrap())
            .iter()
            .all(|m| m.damaged_by.is_empty())
    );
    assert_eq!(p.table.ship(x).unwrap().sections[0].hull_damage(), 1);
}

#[test]
fn structural_damage_lowers_agility_to_no_less_than_zero() {
    let mut p = play(&rebels(), None);
    let x = ShipAt::mine(0);
    for _ in 0..2 {
        p.take(PlayStep::Deal {
            at: x,
            section: 0,
            face_up: dealt(DeckId::CoreTfa, "Structural Damage"),
        })
        .unwrap();
    }
    let agility = played_stats(p.table.ship(x).unwrap())
        .into_iter()
        .find(|s| s.stat == Stat::Agility)
        .unwrap();
    assert_eq!((agility.built, agility.now), (Some(2), Some(0)));
    assert_eq!(agility.changed_by.len(), 2);
    // A Direct Hit counts 2: the X-wing's hull of 3 is gone.
    p.take(PlayStep::Deal {
        at: x,
        section: 0,
        face_up: dealt(DeckId::CoreTfa, "Direct Hit!"),
    })
    .unwrap();
    assert_eq!(p.table.ship(x).unwrap().sections[0].hull_damage(), 4);
    assert!(p.table.ship(x).unwrap().destroyed());
    assert_eq!(p.take(face_down(x, 0)), Err(PlayError::Destroyed));
}

#[test]
fn points_destroyed_follow_the_tournament_rules() {
    let mut p = play(&croc(), Some(&rebels()));
    let rookie = ShipAt::theirs(0);
    let yt = ShipAt::theirs(1);
    assert_eq!(p.table.points_destroyed(Player::Mine).unwrap().total(), 0);
    for _ in 0..2 {
        p.take(shield(rookie, 0, -1)).unwrap();
    }
    for _ in 0..3 {
        p.take(face_down(rookie, 0)).unwrap();
    }
    for _ in 0..4 {
        p.take(shield(yt, 0, -1)).unwrap();
    }
    let before_half = p.table.points_destroyed(Player::Mine).unwrap();
    assert_eq!(
        (before_half.destroyed_points, before_half.half_points),
        (21, 0)
    );
    p.take(face_down(yt, 0)).unwrap();
    let score = p.table.points_destroyed(Player::Mine).unwrap();
    assert_eq!(
        (score.destroyed_points, score.half_points, score.total()),
        (21, 13, 34)
    );
    assert_eq!(p.table.points_destroyed(Player::Theirs).unwrap().total(), 0);
    assert!(
        play(&croc(), None)
            .table
            .points_destroyed(Player::Mine)
            .is_none()
    );
}

#[test]
fn counters_stay_within_what_the_cards_allow() {
    let mut p = play(&croc(), Some(&rebels()));
    let c = ShipAt::mine(0);
    assert!(matches!(
        p.take(shield(c, 0, 1)),
        Err(PlayError::OutOfBounds {
            what: PlayCounter::Shields,
            max: 4
        })
    ));
    assert!(matches!(
        p.take(PlayStep::Token {
            at: c,
            token: TokenKind::Stress,
            delta: -1
        }),
        Err(PlayError::OutOfBounds { .. })
    ));
    for _ in 0..TOKEN_LIMIT {
        p.take(PlayStep::Token {
            at: c,
            token: TokenKind::Stress,
            delta: 1,
        })
        .unwrap();
    }
    assert!(
        p.take(PlayStep::Token {
            at: c,
            token: TokenKind::Stress,
            delta: 1
        })
        .is_err()
    );
    p.take(PlayStep::Token {
        at: c,
        token: TokenKind::Cloak,
        delta: 1,
    })
    .unwrap();
    assert!(
        p.take(PlayStep::Token {
            at: c,
            token: TokenKind::Cloak,
            delta: 1
        })
        .is_err()
    );
    assert!(
        p.take(PlayStep::Allocate {
            at: c,
            card: 0,
            amount: 1
        })
        .is_err(),
        "no energy yet"
    );
    p.take(reveal(c, "1S")).unwrap();
    assert!(p.take(reveal(c, "5K")).is_err());
    assert!(
        p.take(PlayStep::Allocate {
            at: c,
            card: 0,
            amount: 4
        })
        .is_err()
    );
    assert!(
        p.take(PlayStep::Allocate {
            at: c,
            card: 7,
            amount: 1
        })
        .is_err()
    );
    assert!(p.take(PlayStep::SpendEnergy { at: c, amount: 4 }).is_err());
    assert!(
        p.take(PlayStep::Fire { at: c, card: 0 }).is_err(),
        "the turret holds no energy"
    );
    assert_eq!(
        p.take(face_down(ShipAt::mine(5), 0)),
        Err(PlayError::NoShip(ShipAt::mine(5)))
    );
    assert!(p.take(face_down(c, 3)).is_err());
    let long = "x".repeat(61);
    assert!(
        p.take(PlayStep::Deal {
            at: c,
            section: 0,
            face_up: Some(FaceUp::Named { name: long })
        })
        .is_err()
    );
    assert!(
        p.take(PlayStep::Deal {
            at: c,
            section: 0,
            face_up: dealt(DeckId::Core, "Direct Hit!")
        })
        .is_err(),
        "not a huge ship's card"
    );
    assert_eq!(
        p.take(PlayStep::Lock { at: c, target: c }),
        Err(PlayError::BadLock)
    );
    p.take(PlayStep::Lock {
        at: c,
        target: ShipAt::theirs(1),
    })
    .unwrap();
    assert_eq!(
        p.take(PlayStep::Lock {
            at: c,
            target: ShipAt::theirs(1)
        }),
        Err(PlayError::BadLock)
    );
    assert!(p.take(PlayStep::Unlock { at: c, lock: 3 }).is_err());
    let alone = &mut play(&croc(), None);
    assert_eq!(
        alone.take(face_down(ShipAt::theirs(0), 0)),
        Err(PlayError::NoSquad(Player::Theirs))
    );
    let x = ShipAt::mine(0);
    let small = &mut play(&rebels(), None);
    assert_eq!(small.take(reveal(x, "1S")), Err(PlayError::NoEnergy));
}

/// Steps for the properties: each kind, on every ship of both squads.
fn any_step() -> impl Strategy<Value = PlayStep> {
    let at = (prop::bool::ANY, 0usize..4).prop_map(|(mine, ship)| ShipAt {
        player: if mine { Player::Mine } else { Player::Theirs },
        ship,
    });
    let token = prop::sample::select(TokenKind::ALL.to_vec());
    let maneuver = prop::sample::select(vec!["1S", "2S", "1BL", "3S", "4S", "2BR"]);
    let card = prop::sample::select(vec![
        None,
        dealt(DeckId::CoreTfa, "Direct Hit!"),
        dealt(DeckId::CoreTfa, "Damaged Engine"),
        dealt(DeckId::RebelTransport, "Reactor Leak"),
        Some(FaceUp::Named {
            name: "Comms Failure".into(),
        }),
    ]);
    prop_oneof![
        (at.clone(), 0usize..2, prop::sample::select(vec![-1i8, 1]))
            .prop_map(|(at, section, delta)| PlayStep::Shield { at, section, delta }),
        (at.clone(), 0usize..2, card).prop_map(|(at, section, face_up)| PlayStep::Deal {
            at,
            section,
            face_up
        }),
        (at.clone(), 0usize..2, 0usize..3).prop_map(|(at, section, card)| PlayStep::Flip {
            at,
            section,
            card
        }),
        (at.clone(), 0usize..2, 0usize..3).prop_map(|(at, section, card)| PlayStep::Repair {
            at,
            section,
            card
        }),
        (at.clone(), token, prop::sample::select(vec![-1i8, 1]))
            .prop_map(|(at, token, delta)| PlayStep::Token { at, token, delta }),
        (at.clone(), at.clone()).prop_map(|(at, target)| PlayStep::Lock { at, target }),
        (at.clone(), 0usize..2).prop_map(|(at, lock)| PlayStep::Unlock { at, lock }),
        (at.clone(), maneuver).prop_map(|(at, m)| PlayStep::Reveal {
            at,
            maneuver: m.into()
        }),
        (at.clone(), 1u8..4).prop_map(|(at, amount)| PlayStep::Allocate {
            at,
            card: 0,
            amount
        }),
        at.clone().prop_map(|at| PlayStep::Fire { at, card: 0 }),
        (at.clone(), 1u8..3).prop_map(|(at, amount)| PlayStep::SpendEnergy { at, amount }),
        (at.clone(), 0usize..2).prop_map(|(at, section)| PlayStep::Recover { at, section }),
        at.clone().prop_map(|at| PlayStep::Reinforce {
            at,
            section: HugeSection::Aft
        }),
        Just(PlayStep::NextRound),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any steps, then as many undos: the table the game started with;
    /// each undo gives back exactly the table before its step, and redo
    /// the one after.
    #[test]
    fn any_steps_then_as_many_undos_give_back_the_start(steps in prop::collection::vec(any_step(), 0..60)) {
        let mine = link::encode(&squad("epic", "scum", &[("croccruiser", &["heavylaserturret"]), ("syndicatethug", &[])]));
        let mut p = play(&mine, Some(&cr90()));
        let mut tables = vec![p.table.clone()];
        for step in steps {
            if p.take(step).is_ok() {
                tables.push(p.table.clone());
            }
        }
        let taken = tables.len() - 1;
        prop_assert_eq!(p.game.cursor, taken);
        let stored = Play::from_json(rules(), &p.game.to_json()).unwrap();
        prop_assert_eq!(&stored.table, &p.table);
        for n in (0..taken).rev() {
            prop_assert!(p.undo());
            prop_assert_eq!(&p.table, &tables[n]);
        }
        prop_assert!(!p.undo());
        prop_assert_eq!(&p.table, p.start());
        if taken > 0 {
            prop_assert!(p.redo());
            prop_assert_eq!(&p.table, &tables[1]);
        }
    }
}

#[test]
fn a_new_step_after_undo_drops_the_undone_ones() {
    let mut p = play(&rebels(), None);
    let x = ShipAt::mine(0);
    p.take(PlayStep::Token {
        at: x,
        token: TokenKind::Focus,
        delta: 1,
    })
    .unwrap();
    p.take(PlayStep::Token {
        at: x,
        token: TokenKind::Evade,
        delta: 1,
    })
    .unwrap();
    assert!(p.undo() && p.can_redo());
    p.take(PlayStep::Token {
        at: x,
        token: TokenKind::Stress,
        delta: 1,
    })
    .unwrap();
    assert!(!p.can_redo());
    assert_eq!(p.game.steps.len(), 2);
    assert_eq!(p.table.ship(x).unwrap().token(TokenKind::Evade), 0);
}

#[test]
fn a_stored_game_that_cannot_be_read_is_set_aside_unchanged() {
    let mut good = play(&rebels(), None);
    good.take(PlayStep::Token {
        at: ShipAt::mine(0),
        token: TokenKind::Focus,
        delta: 1,
    })
    .unwrap();
    let mut bad_step = good.game.clone();
    bad_step.steps.push(PlayStep::Token {
        at: ShipAt::mine(0),
        token: TokenKind::Focus,
        delta: -5,
    });
    bad_step.cursor = 2;
    let entries = vec![
        (format!("{GAME_PREFIX}a"), good.game.to_json()),
        (format!("{GAME_PREFIX}b"), "{\"squad\":".to_string()),
        (format!("{GAME_PREFIX}c"), bad_step.to_json()),
        (format!("{GAME_ASIDE_PREFIX}d"), "older".to_string()),
        ("merchant-one.squad.x".to_string(), "not a game".to_string()),
    ];
    let games = StoredGames::read(rules(), entries);
    assert_eq!(games.games.len(), 1);
    assert_eq!(games.games[0].1.table, good.table);
    let keys: Vec<_> = games
        .aside
        .iter()
        .map(|a| (a.key.as_str(), a.aside_key.as_str()))
        .collect();
    assert_eq!(
        keys,
        [
            ("merchant-one.corrupt-game.d", "merchant-one.corrupt-game.d"),
            ("merchant-one.game.b", "merchant-one.corrupt-game.b"),
            ("merchant-one.game.c", "merchant-one.corrupt-game.c"),
        ]
    );
    assert_eq!(games.aside[1].text, "{\"squad\":");
    assert!(
        games.aside[2]
            .reason
            .as_ref()
            .unwrap()
            .to_string()
            .contains("step 2")
    );
    assert!(games.in_play(&rebels(), None, false).is_some());
    assert!(
        games.in_play(&rebels(), None, true).is_none(),
        "a solo game is another game"
    );
}

#[test]
fn only_the_last_ten_ended_games_are_kept() {
    let entries = (0..13).map(|i| {
        let mut g = Game::new(&rebels(), None, f64::from(i));
        g.ended = Some(f64::from(100 + i));
        (format!("{GAME_PREFIX}{i:02}"), g.to_json())
    });
    let games = StoredGames::read(rules(), entries);
    assert_eq!(games.past_kept(), ["02", "01", "00"]);
    assert!(games.in_play(&rebels(), None, false).is_none());
}

/// The seed: each energy removed "recovers one shield on either of its
/// section". The section named first, the rest to the other.
#[test]
fn a_cr90_recovers_shields_on_both_sections() {
    let mut p = play(&cr90(), None);
    let cr = ShipAt::mine(0);
    p.take(shield(cr, 0, -1)).unwrap();
    p.take(shield(cr, 1, -1)).unwrap();
    p.take(shield(cr, 1, -1)).unwrap();
    p.take(reveal(cr, "2S")).unwrap();
    p.take(PlayStep::Recover { at: cr, section: 0 }).unwrap();
    let ship = p.table.ship(cr).unwrap();
    let shields: Vec<u8> = ship.sections.iter().map(|s| s.shields).collect();
    assert_eq!(shields, [5, 3], "3 energy: 1 to the fore, 2 to the aft");
    assert_eq!(ship.energy.as_ref().unwrap().ship, 0);
}

#[test]
fn a_huge_ship_reveals_once_a_round() {
    let mut p = play(&croc(), None);
    let c = ShipAt::mine(0);
    p.take(reveal(c, "1S")).unwrap();
    assert_eq!(
        p.take(reveal(c, "1S")),
        Err(PlayError::OncePerRound(HugeStep::Reveal))
    );
    p.take(PlayStep::NextRound).unwrap();
    p.take(reveal(c, "1S")).unwrap();
    assert_eq!(p.table.ship(c).unwrap().energy.as_ref().unwrap().ship, 4);
}

/// A card typed by name that a known deck prints does what it does: a
/// Direct Hit on a CR90's aft (whose deck we lack) counts 2.
#[test]
fn a_named_card_a_deck_prints_does_what_it_does() {
    let mut p = play(&cr90(), None);
    let cr = ShipAt::mine(0);
    let named = |name: &str| PlayStep::Deal {
        at: cr,
        section: 1,
        face_up: Some(FaceUp::Named { name: name.into() }),
    };
    p.take(named("direct hit")).unwrap();
    p.take(named("Comms Failure")).unwrap();
    let aft = &p.table.ship(cr).unwrap().sections[1];
    assert_eq!(aft.hull_damage(), 3);
    assert_eq!(aft.damage[0].name.as_deref(), Some("direct hit"));
    assert!(aft.damage[0].text.contains("2 damage"));
    assert_eq!(
        p.take(PlayStep::Flip {
            at: cr,
            section: 1,
            card: 0
        }),
        Ok(())
    );
    assert_eq!(
        p.take(PlayStep::Flip {
            at: cr,
            section: 1,
            card: 0
        }),
        Err(PlayError::NotFaceUp)
    );
}

/// A squad is played as it was brought: a CR90's aft without its fore
/// still has its energy.
#[test]
fn a_huge_ship_the_energy_engine_refuses_still_has_energy() {
    let aft = link::encode(&squad("epic", "rebel", &[("cr90corvetteaft", &[])]));
    let mut p = play(&aft, None);
    let at = ShipAt::mine(0);
    assert_eq!(p.table.ship(at).unwrap().energy_limit(), 5);
    p.take(PlayStep::Reveal {
        at,
        maneuver: "1BL".into(),
    })
    .unwrap();
    assert_eq!(p.table.ship(at).unwrap().energy.as_ref().unwrap().ship, 3);
}

#[test]
fn a_game_set_aside_never_overwrites_one_kept_before() {
    let entries = vec![
        (format!("{GAME_PREFIX}b"), "new damage".to_string()),
        (format!("{GAME_ASIDE_PREFIX}b"), "older damage".to_string()),
    ];
    let games = StoredGames::read(rules(), entries);
    let moved = games.aside.iter().find(|a| a.key != a.aside_key).unwrap();
    assert_eq!(moved.aside_key, format!("{GAME_ASIDE_PREFIX}b-2"));
}

#[test]
fn games_in_play_past_ten_are_ended_oldest_first() {
    let entries = (0..12).map(|i| {
        let g = Game::new(&rebels(), None, f64::from(i));
        (format!("{GAME_PREFIX}{i:02}"), g.to_json())
    });
    let games = StoredGames::read(rules(), entries);
    assert_eq!(games.in_play_past_kept(), ["01", "00"]);
}

#[test]
fn a_pasted_link_gives_its_squad_code() {
    let code = rebels();
    assert_eq!(
        cards::play::link_code(&format!("https://example.test/de/build?s={code}&vs=x")),
        code
    );
}
