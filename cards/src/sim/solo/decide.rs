//! The flight system's decision: the maneuver, the attitude, stress and
//! the action, with each step of the reasoning in words.

use serde::Serialize;

use super::actions::choose_action;
use super::approach::{Approach, AttackDie, DefenseDie};
use super::attitude::Attitude;
use super::charts::Charts;
use super::error::SoloError;
use super::maneuver::select_maneuver;
use super::steps::SoloStep;
use super::stress::{StressChange, stress_step};
use crate::catalog::Maneuver;

/// What the flight system decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub maneuver: Maneuver,
    /// The die results after any change the rules made.
    pub defense: DefenseDie,
    pub attack: AttackDie,
    pub attitude: Attitude,
    /// What the maneuver did to the ship's stress.
    pub stress: StressChange,
    /// The action chosen (XWS name), if any; none for a ship stressed after its maneuver.
    pub action: Option<String>,
    /// Each step of the reasoning, as data: a page says it in its own
    /// language, and the API in English, from the `sims` catalogue.
    #[serde(skip)]
    pub steps: Vec<SoloStep>,
}

/// Decides the maneuver and action of a solo ship with this dial and action bar.
pub fn decide(dial: &[Maneuver], actions: &[String], a: &Approach) -> Result<Decision, SoloError> {
    let charts = Charts::embedded().map_err(SoloError::Charts)?;
    decide_with(&charts, dial, actions, a)
}

/// [`decide`] with charts of the caller's (tests read other charts).
pub fn decide_with(
    charts: &Charts,
    dial: &[Maneuver],
    actions: &[String],
    a: &Approach,
) -> Result<Decision, SoloError> {
    if dial.is_empty() {
        return Err(SoloError::NoDial);
    }
    let mut steps = vec![SoloStep::Approach {
        arc: a.arc,
        side: a.tally_side,
        defense: a.defense,
        attack: a.attack,
    }];
    let (maneuver, defense) = select_maneuver(charts, dial, a, &mut steps)?;
    let attitude = defense.attitude();
    steps.push(SoloStep::Attitude { attitude, defense });
    let stress = StressChange::of(&maneuver, a.stressed);
    steps.extend(stress_step(stress, &maneuver));
    let action = if stress.stressed_after() {
        steps.push(SoloStep::NoActionStressed);
        None
    } else {
        choose_action(actions, attitude, a, &mut steps)
    };
    Ok(Decision {
        maneuver,
        defense,
        attack: a.attack,
        attitude,
        stress,
        action,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Difficulty;
    use crate::sim::solo::approach::{Side, TallyArc};

    const M3A: &str =
        "1TL:W 1TR:W 1BL:G 1BR:G 2TL:W 2TR:W 2BL:G 2BR:G 2S:G 3BL:W 3BR:W 3S:G 3K:R 4S:W 5K:R";

    const CROC: &str = "1BL:W:2 1S:W:3 1BR:W:2 2BL:W:1 2S:W:2 2BR:W:1 3S:W:2 4S:W:1";

    fn run(dial: &str, arc: TallyArc, d: DefenseDie, a: AttackDie) -> Decision {
        let dial = Maneuver::parse_dial(dial).unwrap();
        let approach = Approach {
            arc,
            tally_side: Some(Side::Left),
            obstacle_side: Some(Side::Right),
            defense: d,
            attack: a,
            ..Approach::default()
        };
        decide(&dial, &[], &approach).unwrap()
    }

    fn code(m: &Maneuver) -> String {
        m.to_string().split(':').next().unwrap().to_string()
    }

    /// Expected maneuver per cell, rows evade/focus/blank x crit/hit/focus/blank.
    fn check_all(dial: &str, expected: [(TallyArc, [[&str; 4]; 3]); 4]) {
        for (arc, rows) in expected {
            for (d, row) in DefenseDie::ALL.into_iter().zip(rows) {
                for (a, want) in AttackDie::ALL.into_iter().zip(row) {
                    let got = run(dial, arc, d, a);
                    assert_eq!(
                        code(&got.maneuver),
                        want,
                        "{} {} {}: {:#?}",
                        arc.as_str(),
                        d.as_str(),
                        a.as_str(),
                        got.steps
                    );
                }
            }
        }
    }

    #[test]
    fn all_48_cells_on_the_m3a_dial() {
        // Tally on the left, nearest obstacle on the right.
        check_all(
            M3A,
            [
                (
                    TallyArc::Bullseye,
                    [
                        ["1BL", "2S", "1BL", "2TR"],
                        ["3S", "3S", "2S", "2S"],
                        ["5K", "4S", "3S", "2S"],
                    ],
                ),
                (
                    TallyArc::Front,
                    [
                        ["1BL", "2S", "1BL", "3BR"],
                        ["2BL", "1BL", "3S", "2S"],
                        ["5K", "2TL", "1TL", "2S"],
                    ],
                ),
                (
                    TallyArc::Side,
                    [
                        ["5K", "1TL", "1TL", "3BL"],
                        ["2BL", "2BL", "1BL", "1BL"],
                        ["5K", "3K", "2TL", "2S"],
                    ],
                ),
                (
                    TallyArc::Rear,
                    [
                        ["1TR", "2TR", "2TL", "4S"],
                        ["1BR", "1BL", "2BR", "2BL"],
                        ["3K", "5K", "5K", "2S"],
                    ],
                ),
            ],
        );
    }

    #[test]
    fn all_48_cells_on_a_dial_without_turns_advanced_or_blue() {
        // The C-ROC: banks and straights, all white. Blue entries fail, the focus
        // rows (all blue) fail too, and the slowest straight is flown.
        check_all(
            CROC,
            [
                (
                    TallyArc::Bullseye,
                    [
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "4S", "3S", "2S"],
                    ],
                ),
                (
                    TallyArc::Front,
                    [
                        ["1S", "1S", "1BL", "2BR"],
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "1S", "1S", "2S"],
                    ],
                ),
                (
                    TallyArc::Side,
                    [
                        ["1S", "1S", "1S", "2BL"],
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "1S", "1S", "2S"],
                    ],
                ),
                (
                    TallyArc::Rear,
                    [
                        ["1S", "1S", "1S", "4S"],
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "1S", "1S", "2S"],
                    ],
                ),
            ],
        );
    }

    #[test]
    fn no_such_maneuver_changes_the_defense_die_to_focus() {
        // No advanced maneuvers: bullseye blank/crit falls to focus/crit: fastest blue straight.
        let d = run(
            "1BL:G 1BR:G 2S:G 3S:W",
            TallyArc::Bullseye,
            DefenseDie::Blank,
            AttackDie::Crit,
        );
        assert_eq!(code(&d.maneuver), "2S");
        assert_eq!(d.defense, DefenseDie::Focus);
        assert_eq!(d.attitude, Attitude::Balanced);
        assert!(d.steps.contains(&SoloStep::NoSuchManeuver));
        // And when the focus entry fails too: the slowest straight.
        let d = run(
            "2S:W 3S:W 1BL:W",
            TallyArc::Bullseye,
            DefenseDie::Blank,
            AttackDie::Crit,
        );
        assert_eq!(code(&d.maneuver), "2S");
        assert!(
            d.steps
                .iter()
                .any(|s| matches!(s, SoloStep::SlowestStraight { .. }))
        );
    }

    #[test]
    fn stress_and_ion() {
        let dial = Maneuver::parse_dial(M3A).unwrap();
        let mut a = Approach {
            arc: TallyArc::Bullseye,
            defense: DefenseDie::Blank,
            attack: AttackDie::Crit,
            stressed: true,
            ..Approach::default()
        };
        // 5 Koiogran turn is red: stressed, the die becomes focus: fastest blue straight.
        let d = decide(&dial, &[], &a).unwrap();
        assert_eq!(code(&d.maneuver), "3S");
        assert_eq!(
            (d.defense, d.attitude),
            (DefenseDie::Focus, Attitude::Balanced)
        );
        // A white maneuver stands when stressed.
        a.attack = AttackDie::Hit;
        let d = decide(&dial, &[], &a).unwrap();
        assert_eq!(
            (code(&d.maneuver), d.defense),
            ("4S".to_string(), DefenseDie::Blank)
        );
        // Ionized: the ion maneuver, whatever the roll.
        a.ionized = true;
        let d = decide(&dial, &[], &a).unwrap();
        assert_eq!(d.maneuver.describe(), "1 straight");
        assert_eq!(d.maneuver.difficulty, Difficulty::White);
    }

    /// Issue 13.11: a red maneuver gains stress and a stressed ship performs
    /// no action; a green one removes the stress.
    #[test]
    fn red_maneuvers_stress_and_stressed_ships_take_no_action() {
        let dial = Maneuver::parse_dial(M3A).unwrap();
        let bar: Vec<String> = ["evade", "targetlock", "barrelroll", "boost"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // Bullseye blank/crit: the red 5 Koiogran turn, then no action.
        let a = Approach {
            arc: TallyArc::Bullseye,
            defense: DefenseDie::Blank,
            attack: AttackDie::Crit,
            ..Approach::default()
        };
        let d = decide(&dial, &bar, &a).unwrap();
        assert_eq!(d.maneuver.difficulty, Difficulty::Red);
        assert_eq!(d.stress, StressChange::Gained);
        assert_eq!(d.action, None);
        assert!(d.steps.contains(&SoloStep::NoActionStressed));
        // Stressed, a green maneuver: the stress goes and the action follows.
        let a = Approach {
            arc: TallyArc::Front,
            tally_side: Some(Side::Right),
            defense: DefenseDie::Focus,
            attack: AttackDie::Crit,
            stressed: true,
            ..Approach::default()
        };
        let d = decide(&dial, &bar, &a).unwrap();
        assert_eq!(d.maneuver.difficulty, Difficulty::Green, "{:?}", d.steps);
        assert_eq!(d.stress, StressChange::Removed);
        // Stressed, a white maneuver: still stressed, no action.
        for defense in [DefenseDie::Evade, DefenseDie::Focus, DefenseDie::Blank] {
            for attack in [
                AttackDie::Crit,
                AttackDie::Hit,
                AttackDie::Focus,
                AttackDie::Blank,
            ] {
                for arc in [
                    TallyArc::Bullseye,
                    TallyArc::Front,
                    TallyArc::Side,
                    TallyArc::Rear,
                ] {
                    let a = Approach {
                        arc,
                        defense,
                        attack,
                        stressed: true,
                        ..Approach::default()
                    };
                    let d = decide(&dial, &bar, &a).unwrap();
                    if d.maneuver.difficulty != Difficulty::Green {
                        assert_eq!(d.action, None, "{:?}", d.steps);
                    }
                    let d = decide(
                        &dial,
                        &bar,
                        &Approach {
                            stressed: false,
                            ..a
                        },
                    )
                    .unwrap();
                    if d.maneuver.difficulty == Difficulty::Red {
                        assert_eq!(d.action, None, "{:?}", d.steps);
                    }
                }
            }
        }
    }

    /// Issue 13.12: a huge ship flies no ion maneuver.
    #[test]
    fn an_ionized_huge_ship_flies_its_chosen_maneuver() {
        let db = crate::catalog::Database::embedded().unwrap();
        let croc = db.ship("croccruiser").unwrap();
        // Rear blank/blank: "2-speed straight".
        let a = Approach {
            arc: TallyArc::Rear,
            defense: DefenseDie::Blank,
            attack: AttackDie::Blank,
            ionized: true,
            huge: true,
            ..Approach::default()
        };
        let d = decide(&croc.dial, &croc.actions, &a).unwrap();
        let chosen = decide(
            &croc.dial,
            &croc.actions,
            &Approach {
                ionized: false,
                ..a.clone()
            },
        )
        .unwrap();
        assert_eq!(d.maneuver, chosen.maneuver);
        assert_ne!(
            d.maneuver.describe(),
            "1 straight",
            "the cell must tell them apart"
        );
        assert!(d.steps.contains(&SoloStep::IonizedHuge));
        // A small ship flies the ion maneuver.
        let small = decide(&croc.dial, &croc.actions, &Approach { huge: false, ..a }).unwrap();
        assert_eq!(small.maneuver.describe(), "1 straight");
    }

    fn action(bar: &[&str], d: DefenseDie, change: impl FnOnce(&mut Approach)) -> Option<String> {
        let dial = Maneuver::parse_dial(M3A).unwrap();
        let mut a = Approach {
            arc: TallyArc::Front,
            defense: d,
            attack: AttackDie::Hit,
            ..Approach::default()
        };
        change(&mut a);
        let bar: Vec<String> = bar.iter().map(|s| s.to_string()).collect();
        decide(&dial, &bar, &a).unwrap().action
    }

    #[test]
    fn attitude_priorities_follow_the_action_bar() {
        let m3a = ["evade", "targetlock", "barrelroll", "boost"];
        let croc = ["recover", "reinforce", "targetlock", "jam"];
        use DefenseDie::*;
        // Defensive: out of an enemy arc first (barrel roll, then boost)...
        assert_eq!(
            action(&m3a, Evade, |a| a.in_enemy_arc = true).as_deref(),
            Some("barrelroll")
        );
        assert_eq!(
            action(&["boost", "evade"], Evade, |a| a.in_enemy_arc = true).as_deref(),
            Some("boost")
        );
        // ...else reinforce, jam, evade, focus.
        assert_eq!(action(&m3a, Evade, |_| {}).as_deref(), Some("evade"));
        assert_eq!(action(&croc, Evade, |_| {}).as_deref(), Some("reinforce"));
        assert_eq!(
            action(&["jam", "focus"], Evade, |_| {}).as_deref(),
            Some("jam")
        );
        assert_eq!(action(&["focus"], Evade, |_| {}).as_deref(), Some("focus"));
        assert_eq!(action(&["targetlock"], Evade, |_| {}), None);
        // Balanced: coordinate with a friend near, dodge an obstacle ahead, focus.
        assert_eq!(
            action(&["coordinate", "focus"], Focus, |a| a.friendly_near = true).as_deref(),
            Some("coordinate")
        );
        assert_eq!(
            action(&["coordinate", "focus"], Focus, |_| {}).as_deref(),
            Some("focus")
        );
        assert_eq!(
            action(&m3a, Focus, |a| a.obstacle_ahead = true).as_deref(),
            Some("barrelroll")
        );
        assert_eq!(action(&m3a, Focus, |_| {}), None);
        // Offensive: with the tally out of its arcs, boost first; else lock; else focus.
        // (Rear blank/blank: a 2 straight. Rear blank/hit is a red Koiogran
        // turn, after which the stressed ship performs no action.)
        assert_eq!(
            action(&m3a, Blank, |a| {
                a.arc = TallyArc::Rear;
                a.attack = AttackDie::Blank;
            })
            .as_deref(),
            Some("boost")
        );
        // Another enemy in a firing arc: no boost to bring one in; the lock.
        assert_eq!(
            action(&m3a, Blank, |a| {
                a.arc = TallyArc::Rear;
                a.attack = AttackDie::Blank;
                a.enemy_in_firing_arc = true;
            })
            .as_deref(),
            Some("targetlock")
        );
        assert_eq!(action(&m3a, Blank, |_| {}).as_deref(), Some("targetlock"));
        assert_eq!(
            action(&["focus", "evade"], Blank, |_| {}).as_deref(),
            Some("focus")
        );
        assert_eq!(action(&["evade"], Blank, |_| {}), None);
    }
}
