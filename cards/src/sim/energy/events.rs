//! What happens in a round, as events, and the sentences each says: the
//! words come from a table of templates ([`super::words`]), English for
//! [`Display`](std::fmt::Display).

use serde::{Deserialize, Serialize};

use super::model::{CardName, HugeSection};
use super::words::{EventMessage, EventText as T};
use crate::catalog::Maneuver;

/// One thing that happened in a round, in the order of the seed's steps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum EnergyEvent {
    /// Activation: the maneuver revealed and executed.
    Executes {
        maneuver: Maneuver,
    },
    /// Gain Energy: the dial's energy less one per ion token.
    GainsEnergy {
        printed: u8,
        ion: u8,
        gained: u8,
    },
    /// The Ship card's energy limit was passed; the excess returns to the supply.
    ReturnsExcess {
        limit: u8,
        excess: u8,
    },
    ShipCardHolds {
        energy: u8,
    },
    /// Allocate Energy to one card (never past its limit).
    Allocates {
        card: CardName,
        asked: u8,
        moved: u8,
        holds: u8,
        limit: u8,
    },
    /// Use Energy: the cards with the "Energy:" header (none when empty).
    MayUseEnergy {
        cards: Vec<CardName>,
    },
    NoAction,
    Recovers {
        removed: u8,
        recovered: u8,
        shields: u8,
        shield_value: u8,
    },
    /// Energy gained after a recover action, and the cards that give it
    /// (Insatiable Worrt).
    GainsAfterRecover {
        gain: u8,
        energy: u8,
        cards: Vec<CardName>,
    },
    Reinforces {
        section: HugeSection,
    },
    LocksTarget,
    Jams,
    Coordinates,
    IonRemoved,
    Fires {
        card: CardName,
        cost: u8,
        left: u8,
    },
    CannotFire {
        card: CardName,
        holds: u8,
        cost: u8,
    },
    NoEnergyAttack,
    SuffersDamage {
        damage: u8,
        from_shields: u8,
        shields: u8,
        to_hull: u8,
        hull_damage: u8,
        hull: u8,
    },
    ReinforceRemoved,
}

impl EnergyEvent {
    /// The sentences the event says, with their values.
    pub fn messages(&self) -> Vec<EventMessage> {
        use EnergyEvent as E;
        match self {
            E::Executes { .. }
            | E::GainsEnergy { .. }
            | E::ReturnsExcess { .. }
            | E::ShipCardHolds { .. }
            | E::Allocates { .. }
            | E::MayUseEnergy { .. } => activation_messages(self),
            E::NoAction
            | E::Recovers { .. }
            | E::GainsAfterRecover { .. }
            | E::Reinforces { .. }
            | E::LocksTarget
            | E::Jams
            | E::Coordinates
            | E::IonRemoved => action_messages(self),
            E::Fires { .. }
            | E::CannotFire { .. }
            | E::NoEnergyAttack
            | E::SuffersDamage { .. }
            | E::ReinforceRemoved => combat_messages(self),
        }
    }
}

/// Activation: the maneuver, Gain, Allocate and Use Energy.
fn activation_messages(e: &EnergyEvent) -> Vec<EventMessage> {
    use EnergyEvent as E;
    let say = EventMessage::new;
    match e {
        E::Executes { maneuver } => vec![say(T::Executes).with("maneuver", maneuver)],
        E::GainsEnergy { ion: 0, gained, .. } => {
            vec![say(T::GainsEnergyFromManeuver).with("gained", gained)]
        }
        E::GainsEnergy {
            printed,
            ion,
            gained,
        } => vec![
            say(T::GainsEnergyLessIon)
                .counting(*ion)
                .with("printed", printed)
                .with("ion", ion)
                .with("gained", gained),
        ],
        E::ReturnsExcess { limit, excess } => vec![
            say(T::ReturnsExcess)
                .with("limit", limit)
                .with("excess", excess),
        ],
        E::ShipCardHolds { energy } => vec![say(T::ShipCardHolds).with("energy", energy)],
        E::Allocates {
            card,
            asked,
            moved,
            holds,
            limit,
        } => {
            let mut said = vec![
                say(T::Allocates)
                    .with("moved", moved)
                    .with("card", card)
                    .with("holds", holds)
                    .with("limit", limit),
            ];
            if moved < asked {
                said.push(say(T::AllocationCapped).with("asked", asked));
            }
            said
        }
        E::MayUseEnergy { cards } if cards.is_empty() => vec![say(T::NoEnergyHeader)],
        E::MayUseEnergy { cards } => vec![say(T::MayUseEnergy).with("cards", cards)],
        _ => Vec::new(),
    }
}

/// Perform Action, and the end of the Activation phase.
fn action_messages(e: &EnergyEvent) -> Vec<EventMessage> {
    use EnergyEvent as E;
    let say = EventMessage::new;
    match e {
        E::NoAction => vec![say(T::NoAction)],
        E::Recovers {
            removed,
            recovered,
            shields,
            shield_value,
        } => {
            let mut said = vec![
                say(T::Recovers)
                    .counting(*recovered)
                    .with("removed", removed)
                    .with("recovered", recovered)
                    .with("shields", shields)
                    .with("shield_value", shield_value),
            ];
            if removed > recovered {
                said.push(say(T::RecoveryWasted).with("wasted", removed - recovered));
            }
            said
        }
        E::GainsAfterRecover {
            gain,
            energy,
            cards,
        } if gain > energy => vec![
            say(T::GainsAfterRecoverOverLimit)
                .with("gain", gain)
                .with("cards", cards)
                .with("energy", energy)
                .with("returned", gain - energy),
        ],
        E::GainsAfterRecover {
            gain,
            energy,
            cards,
        } => vec![
            say(T::GainsAfterRecover)
                .with("gain", gain)
                .with("cards", cards)
                .with("energy", energy),
        ],
        E::Reinforces {
            section: HugeSection::Fore,
        } => vec![say(T::ReinforcesFore)],
        E::Reinforces {
            section: HugeSection::Aft,
        } => vec![say(T::ReinforcesAft)],
        E::LocksTarget => vec![say(T::LocksTarget)],
        E::Jams => vec![say(T::Jams)],
        E::Coordinates => vec![say(T::Coordinates)],
        E::IonRemoved => vec![say(T::IonRemoved)],
        _ => Vec::new(),
    }
}

/// The Combat and End phases.
fn combat_messages(e: &EnergyEvent) -> Vec<EventMessage> {
    use EnergyEvent as E;
    let say = EventMessage::new;
    match e {
        E::Fires { card, cost, left } => vec![
            say(T::Fires)
                .with("card", card)
                .with("cost", cost)
                .with("left", left),
        ],
        E::CannotFire { card, holds, cost } => vec![
            say(T::CannotFire)
                .with("card", card)
                .with("holds", holds)
                .with("cost", cost),
        ],
        E::NoEnergyAttack => vec![say(T::NoEnergyAttack)],
        E::SuffersDamage {
            damage,
            from_shields,
            shields,
            to_hull,
            hull_damage,
            hull,
        } => {
            let mut said = vec![
                say(T::SuffersDamage)
                    .counting(*from_shields)
                    .with("damage", damage)
                    .with("from_shields", from_shields)
                    .with("shields", shields),
            ];
            if *to_hull > 0 {
                said.push(
                    say(T::DamageToHull)
                        .with("to_hull", to_hull)
                        .with("hull_damage", hull_damage)
                        .with("hull", hull),
                );
            }
            said
        }
        E::ReinforceRemoved => vec![say(T::ReinforceRemoved)],
        _ => Vec::new(),
    }
}

/// Example events for the tests of a table of words (this crate's, and a
/// page's catalogue of the same sentences).
impl EnergyEvent {
    /// An event of every kind, with each of its sentences: together they
    /// say every key, in every plural form where a key counts (counts 0, 1,
    /// 2 and 5).
    pub fn examples() -> Vec<EnergyEvent> {
        let mut events = examples_without_counts();
        for n in [0u8, 1, 2, 5] {
            events.extend(examples_counting(n));
        }
        events
    }
}

/// The example card that holds and spends energy.
fn turret() -> CardName {
    CardName {
        xws: "heavylaserturret".into(),
        name: "Heavy Laser Turret".into(),
    }
}

/// The example events that count nothing.
fn examples_without_counts() -> Vec<EnergyEvent> {
    let horn = CardName {
        xws: "brokenhorn".into(),
        name: "Broken Horn".into(),
    };
    let straight = Maneuver {
        speed: 1,
        bearing: crate::catalog::Bearing::Straight,
        direction: None,
        difficulty: crate::catalog::Difficulty::White,
        energy: Some(3),
    };
    vec![
        EnergyEvent::Executes { maneuver: straight },
        EnergyEvent::MayUseEnergy { cards: Vec::new() },
        EnergyEvent::MayUseEnergy {
            cards: vec![turret(), horn],
        },
        EnergyEvent::NoAction,
        EnergyEvent::Reinforces {
            section: HugeSection::Fore,
        },
        EnergyEvent::Reinforces {
            section: HugeSection::Aft,
        },
        EnergyEvent::LocksTarget,
        EnergyEvent::Jams,
        EnergyEvent::Coordinates,
        EnergyEvent::IonRemoved,
        EnergyEvent::NoEnergyAttack,
        EnergyEvent::ReinforceRemoved,
        EnergyEvent::ReturnsExcess {
            limit: 4,
            excess: 2,
        },
        EnergyEvent::ShipCardHolds { energy: 3 },
        EnergyEvent::Fires {
            card: turret(),
            cost: 2,
            left: 0,
        },
        EnergyEvent::CannotFire {
            card: turret(),
            holds: 1,
            cost: 2,
        },
    ]
}

/// The example events whose sentences count, with the count `n`.
fn examples_counting(n: u8) -> [EnergyEvent; 5] {
    let worrt = CardName {
        xws: "insatiableworrt".into(),
        name: "Insatiable Worrt".into(),
    };
    [
        EnergyEvent::GainsEnergy {
            printed: 5,
            ion: n,
            gained: 5 - n,
        },
        EnergyEvent::Allocates {
            card: turret(),
            asked: 5,
            moved: n,
            holds: n,
            limit: 5,
        },
        EnergyEvent::Recovers {
            removed: 5,
            recovered: n,
            shields: n,
            shield_value: 5,
        },
        EnergyEvent::GainsAfterRecover {
            gain: 3,
            energy: (2 + n).min(5),
            cards: vec![worrt],
        },
        EnergyEvent::SuffersDamage {
            damage: 5,
            from_shields: n,
            shields: 5 - n,
            to_hull: 5 - n,
            hull_damage: 5 - n,
            hull: 8,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The examples say every sentence, and each of those that counts
    /// with a count of one and of more (the app's catalogues hold their
    /// words: `app/tests/golden/energy_events.json`).
    #[test]
    fn the_examples_say_every_sentence_in_every_form() {
        let messages: Vec<EventMessage> = (EnergyEvent::examples().iter())
            .flat_map(EnergyEvent::messages)
            .collect();
        let said: HashSet<_> = messages.iter().map(|m| m.key).collect();
        for key in T::ALL {
            assert!(said.contains(&key), "no example says {key:?}");
        }
        for counted in messages.iter().filter(|m| m.count.is_some()) {
            let counts: HashSet<bool> = (messages.iter())
                .filter(|m| m.key == counted.key)
                .filter_map(|m| m.count.map(|n| n == 1))
                .collect();
            assert_eq!(
                counts.len(),
                2,
                "{:?} is said with one count only",
                counted.key
            );
        }
    }
}
