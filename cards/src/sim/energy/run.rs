//! The run: a plan flown round by round, each round's steps in the seed's
//! order, with the state after each round and the chart's lines.

use serde::{Deserialize, Serialize};

use super::error::EnergyError;
use super::events::EnergyEvent;
use super::model::{EnergyShip, HugeAction};
use super::plan::{Plan, RoundPlan, Start};
use super::steps::{
    Tokens, activate, allocate, combat, end_activation, end_phase, perform_action, second_action,
    use_energy,
};
use crate::catalog::Maneuver;

/// The state at the end of one round, with what happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLog {
    pub round: usize,
    /// What happened, step by step.
    pub events: Vec<EnergyEvent>,
    /// Energy on the Ship card at the end of the round.
    pub ship_energy: u8,
    /// Energy on each energy card at the end of the round.
    pub card_energy: Vec<u8>,
    pub shields: u8,
    /// Damage past the shields (to the hull) so far.
    pub hull_damage: u8,
    /// Energy returned to the supply over the energy limit this round.
    pub energy_lost: u8,
}

/// A simulation's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// The state before round 1.
    pub start_energy: u8,
    pub start_card_energy: Vec<u8>,
    pub start_shields: u8,
    pub rounds: Vec<RoundLog>,
}

/// One line of the simulator's chart: a value at the start and after each round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Series {
    /// "Ship card energy", "Shields", "Heavy Laser Turret energy".
    pub name: String,
    /// `energy`, `shields` or `card` (the page styles each).
    pub kind: &'static str,
    pub values: Vec<u8>,
}

impl Run {
    /// The Ship card's energy, the shields and each energy card's energy,
    /// at the start and after each round.
    pub fn series(&self, ship: &EnergyShip) -> Vec<Series> {
        let line = |start: u8, after: &dyn Fn(&RoundLog) -> u8| -> Vec<u8> {
            std::iter::once(start)
                .chain(self.rounds.iter().map(after))
                .collect()
        };
        let mut out = vec![
            Series {
                name: "Ship card energy".into(),
                kind: "energy",
                values: line(self.start_energy, &|r| r.ship_energy),
            },
            Series {
                name: "Shields".into(),
                kind: "shields",
                values: line(self.start_shields, &|r| r.shields),
            },
        ];
        for (c, card) in ship.energy_cards.iter().enumerate() {
            let start = self.start_card_energy.get(c).copied().unwrap_or(0);
            out.push(Series {
                name: format!("{} energy", card.name),
                kind: "card",
                values: line(start, &|r| r.card_energy.get(c).copied().unwrap_or(0)),
            });
        }
        out
    }
}

/// Runs a plan. A round that asks for something the ship cannot do (a
/// maneuver not on its dial, an action not on its bar) is an error naming
/// the round; nothing is guessed.
pub fn simulate(ship: &EnergyShip, plan: &Plan) -> Result<Run, EnergyError> {
    let full = plan.start == Start::Full;
    let mut t = Tokens {
        energy: if full { ship.energy_limit } else { 0 },
        cards: ship
            .energy_cards
            .iter()
            .map(|c| if full { c.limit } else { 0 })
            .collect(),
        shields: ship.shield_value,
        hull_damage: 0,
        lost: 0,
    };
    let start = t.clone();
    let mut rounds = Vec::new();
    for (i, r) in plan.rounds.iter().enumerate() {
        let round = i + 1;
        let maneuver = check_round(ship, r, round)?;
        t.lost = 0;
        let events: Vec<EnergyEvent> = [
            activate(ship, &mut t, maneuver, r.ion),
            allocate(ship, &mut t, &r.allocate),
            use_energy(ship),
            perform_action(ship, &mut t, r.action),
            second_action(ship, &mut t, r.second_action),
            end_activation(r.ion),
            combat(ship, &mut t, r),
            end_phase(r.action),
            end_phase(r.second_action),
        ]
        .concat();
        rounds.push(RoundLog {
            round,
            events,
            ship_energy: t.energy,
            card_energy: t.cards.clone(),
            shields: t.shields,
            hull_damage: t.hull_damage,
            energy_lost: t.lost,
        });
    }
    Ok(Run {
        start_energy: start.energy,
        start_card_energy: start.cards,
        start_shields: start.shields,
        rounds,
    })
}

/// The round's maneuver on the ship's dial, if the ship can fly the round.
fn check_round<'a>(
    ship: &'a EnergyShip,
    r: &RoundPlan,
    round: usize,
) -> Result<&'a Maneuver, EnergyError> {
    let code = |m: &Maneuver| m.to_string().split(':').next().unwrap_or("").to_string();
    let maneuver = ship
        .dial
        .iter()
        .find(|m| code(m) == r.maneuver)
        .ok_or_else(|| EnergyError::NotOnDial {
            round,
            maneuver: r.maneuver.clone(),
            ship: ship.name.clone(),
            dial: ship.dial.iter().map(code).collect::<Vec<_>>().join(", "),
        })?;
    for action in [r.action, r.second_action] {
        if let Some(a) = action.action_xws()
            && !ship.has_action(a)
        {
            let action = action.label();
            return Err(EnergyError::NoSuchAction { round, action });
        }
    }
    if r.second_action != HugeAction::None {
        let [fore, aft] = ship.section_actions.as_slice() else {
            return Err(EnergyError::OneSectionOneAction { round });
        };
        let on = |bar: &[String], a: HugeAction| {
            a.action_xws().is_none_or(|x| bar.iter().any(|b| b == x))
        };
        let (a, b) = (r.action, r.second_action);
        if !(on(fore, a) && on(aft, b) || on(aft, a) && on(fore, b)) {
            return Err(EnergyError::NotOnePerSection {
                round,
                first: a.label(),
                second: b.label(),
            });
        }
    }
    if r.allocate.len() > ship.energy_cards.len() {
        return Err(EnergyError::TooManyAllocations {
            round,
            asked: r.allocate.len(),
            cards: ship.energy_cards.len(),
        });
    }
    Ok(maneuver)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::energy::address::EnergyInputs;
    use crate::sim::energy::{EventMessage, EventText, EventValue};
    use crate::squad::Rules;

    fn rules() -> Rules {
        Rules::embedded().unwrap()
    }

    /// The sentences a round's log says.
    fn said(round: &RoundLog) -> Vec<EventMessage> {
        round
            .events
            .iter()
            .flat_map(EnergyEvent::messages)
            .collect()
    }

    /// Whether the round's log says the sentence `key`.
    fn says(round: &RoundLog, key: EventText) -> bool {
        said(round).iter().any(|m| m.key == key)
    }

    fn run(upgrades: &[&str], start: Start, rounds: &str) -> Run {
        let ship = EnergyShip::croc(&rules(), upgrades).unwrap();
        let mut plan = Plan::parse(rounds).unwrap();
        plan.start = start;
        simulate(&ship, &plan).unwrap()
    }

    fn energies(run: &Run) -> Vec<u8> {
        run.rounds.iter().map(|r| r.ship_energy).collect()
    }

    /// Flies `pilot` (and its partner section, found in the database) from
    /// empty: (ship energy, shields, energy returned) after each round.
    fn fly(pilot: &str, rounds: &str) -> (EnergyShip, Vec<(u8, u8, u8)>) {
        let ship = EnergyInputs::for_ship(pilot, &[]).ship(&rules()).unwrap();
        let run = simulate(&ship, &Plan::parse(rounds).unwrap()).unwrap();
        let rows = run
            .rounds
            .iter()
            .map(|r| (r.ship_energy, r.shields, r.energy_lost))
            .collect();
        (ship, rows)
    }

    // Hand-checked rounds, one per huge ship. The figures come from
    // cards/data/ships.csv: each ship's dial (energy per maneuver), energy
    // limit and shields; a round's energy is the maneuver's, the excess over
    // the limit returns to the supply, and Recover turns all the Ship card's
    // energy into shields up to the shield value.

    #[test]
    fn gr75_hand_checked_rounds() {
        // Dial 1S:3, 4S:0; energy limit 4; shields 4.
        let (ship, rows) = fly("gr75mediumtransport", "1S~1S.s2~4S.recover");
        assert_eq!((ship.energy_limit, ship.shield_value), (4, 4));
        // 0+3 = 3; 3+3 = 6, 2 over the limit return, 4 left, 2 shields lost;
        // 4+0 = 4, recover 2 shields (the value is 4), the energy is spent.
        assert_eq!(rows, [(3, 4, 0), (4, 2, 2), (0, 4, 0)]);
    }

    #[test]
    fn gozanti_hand_checked_rounds() {
        // Dial 1S:3, 4S:1; energy limit 4; shields 5.
        let (ship, rows) = fly("gozanticlasscruiser", "1S~1S.s3~4S.recover");
        assert_eq!((ship.energy_limit, ship.shield_value), (4, 5));
        assert_eq!(ship.section_actions.len(), 1);
        // 3; 6 -> 4 (2 return), 5-3 = 2 shields; 4+1 = 5 -> 4 (1 returns),
        // recover 3 (2 -> 5) and the 4th energy is spent with them.
        assert_eq!(rows, [(3, 5, 0), (4, 2, 2), (0, 5, 1)]);
    }

    #[test]
    fn gozanti_performs_one_action_a_round() {
        let ship = EnergyInputs::for_ship("gozanticlasscruiser", &[])
            .ship(&rules())
            .unwrap();
        let plan = Plan::parse("1S.recover.lock").unwrap();
        assert_eq!(
            simulate(&ship, &plan),
            Err(EnergyError::OneSectionOneAction { round: 1 })
        );
        assert!(simulate(&ship, &Plan::parse("1S.recover").unwrap()).is_ok());
    }

    #[test]
    fn cr90_hand_checked_rounds_with_both_sections() {
        // Dial 2S:3, 4S:1; energy limit 5 (the aft section's; the fore has
        // none); shields 5 (fore) + 3 (aft) = 8; the fore section's bar is
        // Coordinate and Target Lock, the aft's Recover and Reinforce.
        let (ship, rows) = fly("cr90corvettefore", "2S~2S.s6~4S.lock.recover");
        assert_eq!((ship.energy_limit, ship.shield_value), (5, 8));
        assert_eq!(ship.name, "CR90 Corvette");
        // 3; 6 -> 5 (1 returns), 8-6 = 2 shields; 5+1 = 6 -> 5 (1 returns),
        // the fore locks and the aft recovers 5 shields (2 -> 7).
        assert_eq!(rows, [(3, 8, 0), (5, 2, 1), (0, 7, 1)]);
        // Each section performs one of its own actions.
        for both_aft in ["2S.recover.reinforce-fore", "2S.lock.coordinate"] {
            assert!(matches!(
                simulate(&ship, &Plan::parse(both_aft).unwrap()),
                Err(EnergyError::NotOnePerSection { round: 1, .. })
            ));
        }
        assert!(simulate(&ship, &Plan::parse("2S.coordinate.reinforce-aft").unwrap()).is_ok());
    }

    #[test]
    fn raider_hand_checked_rounds_with_both_sections() {
        // Dial 1S:3, 4S:2; energy limit 6 (aft); shields 6 (fore) + 4 (aft);
        // the fore's bar is Recover and Reinforce, the aft's Target Lock and
        // Coordinate.
        let (ship, rows) = fly(
            "raiderclasscorvettefore",
            "1S~1S~4S.s5~4S.recover.coordinate",
        );
        assert_eq!((ship.energy_limit, ship.shield_value), (6, 10));
        // 3; 6; 6+2 = 8 -> 6 (2 return), 10-5 = 5 shields; 8 -> 6 (2 return),
        // recover 5 shields (5 -> 10), the 6th energy spent with them.
        assert_eq!(rows, [(3, 10, 0), (6, 10, 0), (6, 5, 2), (0, 10, 2)]);
    }

    #[test]
    fn energy_limits_follow_the_titles() {
        let r = rules();
        for (title, limit) in [
            (None, 4),
            (Some("merchantone"), 5),
            (Some("brokenhorn"), 6),
            (Some("insatiableworrt"), 3),
        ] {
            let ups: Vec<&str> = title.into_iter().collect();
            let ship = EnergyShip::croc(&r, &ups).unwrap();
            assert_eq!(ship.energy_limit, limit, "{title:?}");
            assert_eq!(ship.shield_value, 4);
            // 1 straight (3 energy) three times: capped at the limit, the rest lost.
            let run = run(&ups, Start::Empty, "1S~1S~1S");
            assert_eq!(
                energies(&run),
                vec![3.min(limit), limit, limit],
                "{title:?}"
            );
            let lost: u8 = run.rounds.iter().map(|r| r.energy_lost).sum();
            assert_eq!(lost, 9 - limit, "{title:?}");
        }
    }

    #[test]
    fn every_maneuver_gives_its_dial_energy() {
        for (m, e) in [
            ("1BL", 2),
            ("1S", 3),
            ("1BR", 2),
            ("2BL", 1),
            ("2S", 2),
            ("2BR", 1),
            ("3S", 2),
            ("4S", 1),
        ] {
            assert_eq!(
                energies(&run(&["brokenhorn"], Start::Empty, m)),
                vec![e],
                "{m}"
            );
        }
    }

    #[test]
    fn ion_tokens_reduce_the_gain_by_one_each() {
        for (ion, e) in [(0, 3), (1, 2), (2, 1), (3, 0), (5, 0)] {
            let r = run(&[], Start::Empty, &format!("1S.i{ion}"));
            assert_eq!(energies(&r), vec![e], "{ion} ions");
        }
        // Ion tokens are gone next round.
        assert_eq!(energies(&run(&[], Start::Empty, "1S.i2~2S")), vec![1, 3]);
    }

    #[test]
    fn recover_turns_energy_into_shields_up_to_the_shield_value() {
        // Full start (4 energy), lose 3 shields, recover: 4 energy -> 3 shields, 1 wasted.
        let r = run(&[], Start::Full, "4S.s3~4S.recover");
        assert_eq!(r.rounds[0].shields, 1);
        assert_eq!(r.rounds[0].ship_energy, 4);
        assert_eq!(r.rounds[1].shields, 4);
        assert_eq!(r.rounds[1].ship_energy, 0);
        // 1 energy recovers nothing.
        assert!(
            said(&r.rounds[1])
                .iter()
                .any(|m| m.key == EventText::RecoveryWasted
                    && m.value("wasted") == Some(&EventValue::Number(1)))
        );
        // Less energy than missing shields: every token becomes a shield.
        let r = run(&[], Start::Empty, "2BL.s4~2BL.recover");
        assert_eq!((r.rounds[1].shields, r.rounds[1].ship_energy), (2, 0));
        // Damage past the shields goes to the hull.
        let r = run(&[], Start::Empty, "1S.s6");
        assert_eq!((r.rounds[0].shields, r.rounds[0].hull_damage), (0, 2));
    }

    #[test]
    fn insatiable_worrt_gains_three_after_recovering() {
        // Limit 3: 1S gives 3, 2 shields lost in combat; next round 3 more
        // (capped at 3), recover: 2 shields back, 1 energy wasted, then +3.
        let r = run(&["insatiableworrt"], Start::Empty, "1S.s2~1S.recover");
        assert_eq!((r.rounds[0].ship_energy, r.rounds[0].shields), (3, 2));
        assert_eq!((r.rounds[1].ship_energy, r.rounds[1].shields), (3, 4));
        assert!(r.rounds[1].events.iter().any(|e| matches!(
            e,
            EnergyEvent::GainsAfterRecover { gain: 3, cards, .. } if cards[0].xws == "insatiableworrt"
        )));
        // Without the title, recover leaves the card empty.
        let r = run(&["merchantone"], Start::Empty, "1S.s2~1S.recover");
        assert_eq!((r.rounds[1].ship_energy, r.rounds[1].shields), (0, 4));
    }

    #[test]
    fn allocation_respects_both_limits_and_the_turret_fires() {
        // Heavy Laser Turret holds 2.
        let r = run(
            &["heavylaserturret"],
            Start::Empty,
            "1S.a5~1S.fire~4S.a2.fire",
        );
        // Round 1: 3 gained, only 2 fit on the turret.
        assert_eq!(
            (r.rounds[0].ship_energy, r.rounds[0].card_energy.clone()),
            (1, vec![2])
        );
        // Round 2: 1 + 3 = 4 on the ship card; the turret spends its 2.
        assert_eq!(
            (r.rounds[1].ship_energy, r.rounds[1].card_energy.clone()),
            (4, vec![0])
        );
        // Round 3: 4 + 1 capped at 4, 2 moved, the turret fires again.
        assert_eq!(
            (r.rounds[2].ship_energy, r.rounds[2].card_energy.clone()),
            (2, vec![0])
        );
        // Not enough energy: the turret does not fire.
        let r = run(&["heavylaserturret"], Start::Empty, "4S.a1.fire");
        assert_eq!(r.rounds[0].card_energy, vec![1]);
        assert!(says(&r.rounds[0], EventText::CannotFire));
        // A full start fills the turret too.
        let r = run(&["merchantone", "heavylaserturret"], Start::Full, "");
        assert_eq!((r.start_energy, r.start_card_energy), (5, vec![2]));
    }

    #[test]
    fn the_other_actions_are_logged_and_checked() {
        let r = run(&[], Start::Empty, "1S.reinforce-aft~1S.lock~1S.jam");
        assert!(says(&r.rounds[0], EventText::ReinforcesAft));
        assert!(says(&r.rounds[0], EventText::ReinforceRemoved));
        assert!(says(&r.rounds[1], EventText::LocksTarget));
        assert!(says(&r.rounds[2], EventText::Jams));
        let ship = EnergyShip::croc(&rules(), &[]).unwrap();
        let err = simulate(&ship, &Plan::parse("5S").unwrap()).unwrap_err();
        assert!(
            err.to_string().contains("round 1") && err.to_string().contains("not on the"),
            "{err}"
        );
        let err = simulate(&ship, &Plan::parse("1S.a1").unwrap()).unwrap_err();
        assert!(err.to_string().contains("energy limit"), "{err}");
    }

    #[test]
    fn the_log_says_its_events_values() {
        let run = run(&["insatiableworrt"], Start::Empty, "1S.i1.recover");
        let round = &run.rounds[0];
        assert!(round.events.contains(&EnergyEvent::GainsEnergy {
            printed: 3,
            ion: 1,
            gained: 2
        }));
        assert!(round.events.contains(&EnergyEvent::IonRemoved));
        // "Gain Energy: the maneuver shows 3 energy; 1 ion token reduces it to 2."
        let less_ion = EventMessage::new(EventText::GainsEnergyLessIon)
            .counting(1)
            .with("printed", 3u8)
            .with("ion", 1u8)
            .with("gained", 2u8);
        assert!(said(round).contains(&less_ion), "{:#?}", said(round));
    }

    #[test]
    fn the_chart_has_a_line_for_each_store_of_energy_and_the_shields() {
        let ship = EnergyShip::croc(&rules(), &["heavylaserturret"]).unwrap();
        let run = simulate(&ship, &Plan::parse("1S.a2~1S.fire.s1").unwrap()).unwrap();
        let series = run.series(&ship);
        let names: Vec<&str> = series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["Ship card energy", "Shields", "Heavy Laser Turret energy"]
        );
        assert_eq!(series[1].values, [4, 4, 3]);
        assert_eq!(series[2].values, [0, 2, 0]);
        assert!(
            series
                .iter()
                .all(|s| s.values.len() == run.rounds.len() + 1)
        );
    }
}
