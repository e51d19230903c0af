//! The steps of one round, in the seed's order: each moves the ship's
//! tokens and says what happened as events.

use super::events::EnergyEvent;
use super::model::{EnergyShip, HugeAction};
use super::plan::RoundPlan;
use crate::catalog::Maneuver;

/// The ship's tokens between steps.
#[derive(Debug, Clone)]
pub(crate) struct Tokens {
    pub(crate) energy: u8,
    pub(crate) cards: Vec<u8>,
    pub(crate) shields: u8,
    pub(crate) hull_damage: u8,
    /// Energy returned to the supply this round.
    pub(crate) lost: u8,
}

/// Activation and Gain Energy: the maneuver, its energy less the ion
/// tokens, the excess over the Ship card's limit returned.
pub(crate) fn activate(
    ship: &EnergyShip,
    t: &mut Tokens,
    maneuver: &Maneuver,
    ion: u8,
) -> Vec<EnergyEvent> {
    let printed = maneuver.energy.unwrap_or(0);
    let gained = printed.saturating_sub(ion);
    let mut events = vec![
        EnergyEvent::Executes {
            maneuver: *maneuver,
        },
        EnergyEvent::GainsEnergy {
            printed,
            ion,
            gained,
        },
    ];
    t.energy = t.energy.saturating_add(gained);
    if t.energy > ship.energy_limit {
        let excess = t.energy - ship.energy_limit;
        t.lost = t.lost.saturating_add(excess);
        t.energy = ship.energy_limit;
        events.push(EnergyEvent::ReturnsExcess {
            limit: ship.energy_limit,
            excess,
        });
    }
    events.push(EnergyEvent::ShipCardHolds { energy: t.energy });
    events
}

/// Allocate Energy: from the Ship card to each card, never past its limit.
pub(crate) fn allocate(ship: &EnergyShip, t: &mut Tokens, asked: &[u8]) -> Vec<EnergyEvent> {
    asked
        .iter()
        .zip(&ship.energy_cards)
        .enumerate()
        .map(|(c, (&asked, card))| {
            let room = card.limit - t.cards[c].min(card.limit);
            let moved = asked.min(t.energy).min(room);
            t.energy -= moved;
            t.cards[c] += moved;
            EnergyEvent::Allocates {
                card: card.card_name(),
                asked,
                moved,
                holds: t.cards[c],
                limit: card.limit,
            }
        })
        .collect()
}

/// Use Energy: the cards with the "Energy:" header.
pub(super) fn use_energy(ship: &EnergyShip) -> Vec<EnergyEvent> {
    vec![EnergyEvent::MayUseEnergy {
        cards: ship.energy_header_cards.clone(),
    }]
}

/// Perform Action.
pub(super) fn perform_action(
    ship: &EnergyShip,
    t: &mut Tokens,
    action: HugeAction,
) -> Vec<EnergyEvent> {
    match action {
        HugeAction::None => vec![EnergyEvent::NoAction],
        HugeAction::Recover => recover(ship, t),
        HugeAction::Reinforce(section) => vec![EnergyEvent::Reinforces { section }],
        HugeAction::TargetLock => vec![EnergyEvent::LocksTarget],
        HugeAction::Jam => vec![EnergyEvent::Jams],
        HugeAction::Coordinate => vec![EnergyEvent::Coordinates],
    }
}

/// The other section's action, if the plan names one.
pub(super) fn second_action(
    ship: &EnergyShip,
    t: &mut Tokens,
    action: HugeAction,
) -> Vec<EnergyEvent> {
    match action {
        HugeAction::None => Vec::new(),
        action => perform_action(ship, t, action),
    }
}

/// Recover: the Ship card's energy becomes shields, up to the shield value;
/// then any energy the equipped cards give after a recover.
pub(crate) fn recover(ship: &EnergyShip, t: &mut Tokens) -> Vec<EnergyEvent> {
    let removed = t.energy;
    let recovered = removed.min(ship.shield_value - t.shields.min(ship.shield_value));
    t.energy = 0;
    t.shields += recovered;
    let mut events = vec![EnergyEvent::Recovers {
        removed,
        recovered,
        shields: t.shields,
        shield_value: ship.shield_value,
    }];
    if ship.energy_after_recover > 0 {
        let gain = ship.energy_after_recover;
        t.energy = gain.min(ship.energy_limit);
        t.lost = t.lost.saturating_add(gain - t.energy);
        events.push(EnergyEvent::GainsAfterRecover {
            gain,
            energy: t.energy,
            cards: ship.after_recover_cards.clone(),
        });
    }
    events
}

/// End of the Activation phase: ion tokens go.
pub(super) fn end_activation(ion: u8) -> Vec<EnergyEvent> {
    if ion > 0 {
        vec![EnergyEvent::IonRemoved]
    } else {
        Vec::new()
    }
}

/// Combat: energy attacks, then the damage the plan says the ship suffers.
pub(super) fn combat(ship: &EnergyShip, t: &mut Tokens, r: &RoundPlan) -> Vec<EnergyEvent> {
    let mut events = Vec::new();
    if r.fire {
        events.extend((0..ship.energy_cards.len()).filter_map(|c| fire(ship, t, c)));
        if events.is_empty() {
            events.push(EnergyEvent::NoEnergyAttack);
        }
    }
    if r.shields_lost > 0 {
        let from_shields = r.shields_lost.min(t.shields);
        t.shields -= from_shields;
        let to_hull = r.shields_lost - from_shields;
        t.hull_damage = t.hull_damage.saturating_add(to_hull);
        events.push(EnergyEvent::SuffersDamage {
            damage: r.shields_lost,
            from_shields,
            shields: t.shields,
            to_hull,
            hull_damage: t.hull_damage,
            hull: ship.hull,
        });
    }
    events
}

/// One energy card's attack: its cost spent from its own energy, or why
/// it cannot fire; `None` for a card with no attack cost.
pub(crate) fn fire(ship: &EnergyShip, t: &mut Tokens, c: usize) -> Option<EnergyEvent> {
    let card = ship.energy_cards.get(c)?;
    let cost = card.cost?;
    let name = card.card_name();
    let holds = t.cards.get(c).copied().unwrap_or(0);
    Some(if holds >= cost {
        t.cards[c] = holds - cost;
        EnergyEvent::Fires {
            card: name,
            cost,
            left: t.cards[c],
        }
    } else {
        EnergyEvent::CannotFire {
            card: name,
            holds,
            cost,
        }
    })
}

/// End phase: the reinforce token goes.
pub(super) fn end_phase(action: HugeAction) -> Vec<EnergyEvent> {
    if matches!(action, HugeAction::Reinforce(_)) {
        vec![EnergyEvent::ReinforceRemoved]
    } else {
        Vec::new()
    }
}
