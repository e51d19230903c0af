//! The steps a player takes at the table, and what each does. A step is
//! checked whole before it changes anything: a refused step leaves the
//! table as it was.

use serde::{Deserialize, Serialize};

use super::deck::{DamageDecks, DeckId};
use super::error::{HugeStep, PlayCounter, PlayError};
use super::ids::{ChecklistItem, ShipAt, TokenKind};
use super::table::{DamageInPlay, EnergyInPlay, LOCK_LIMIT, PlayShip, Table};
use crate::sim::energy::{self, EnergyShip, HugeSection};

/// The longest name kept for a damage card the player names.
pub const CARD_NAME_LIMIT: usize = 60;

/// A damage card dealt faceup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaceUp {
    /// A card of a deck the data holds.
    Card {
        /// Its deck.
        deck: DeckId,
        /// Its printed name.
        name: String,
    },
    /// A card the player names (its ship's deck is not in the data).
    Named {
        /// Its printed name.
        name: String,
    },
}

/// One step of play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum PlayStep {
    /// A section loses (`-1`) or regains (`+1`) a shield.
    Shield {
        /// The ship.
        at: ShipAt,
        /// The section, from 0 (the fore, then the aft).
        section: usize,
        /// `+1` or `-1`.
        delta: i8,
    },
    /// A damage card is dealt to a section: facedown, or faceup.
    Deal {
        /// The ship.
        at: ShipAt,
        /// The section, from 0 (the fore, then the aft).
        section: usize,
        /// The card turned up; `None` for a card dealt facedown.
        face_up: Option<FaceUp>,
    },
    /// A faceup damage card is flipped facedown.
    Flip {
        /// The ship.
        at: ShipAt,
        /// The section, from 0 (the fore, then the aft).
        section: usize,
        /// The damage card, from 0, in the order dealt.
        card: usize,
    },
    /// A damage card is discarded (repaired).
    Repair {
        /// The ship.
        at: ShipAt,
        /// The section, from 0 (the fore, then the aft).
        section: usize,
        /// The damage card, from 0, in the order dealt.
        card: usize,
    },
    /// A token is given (`+1`) or removed (`-1`).
    Token {
        /// The ship.
        at: ShipAt,
        /// Which token.
        token: TokenKind,
        /// `+1` or `-1`.
        delta: i8,
    },
    /// A target lock on another ship.
    Lock {
        /// The ship.
        at: ShipAt,
        /// The ship locked.
        target: ShipAt,
    },
    /// A target lock is spent or removed.
    Unlock {
        /// The ship.
        at: ShipAt,
        /// Which of its locks, from 0.
        lock: usize,
    },
    /// A huge ship reveals its maneuver (`2S`) and gains its energy.
    Reveal {
        /// The ship.
        at: ShipAt,
        /// The dial code without colour.
        maneuver: String,
    },
    /// Energy moves from the Ship card to an energy card.
    Allocate {
        /// The ship.
        at: ShipAt,
        /// The energy card, from 0, in the order equipped.
        card: usize,
        /// Energy, at least 1.
        amount: u8,
    },
    /// An energy card's attack spends its energy (Heavy Laser Turret: 2).
    Fire {
        /// The ship.
        at: ShipAt,
        /// The energy card, from 0, in the order equipped.
        card: usize,
    },
    /// Energy on the Ship card spent on an "Energy:" card.
    SpendEnergy {
        /// The ship.
        at: ShipAt,
        /// Energy, at least 1.
        amount: u8,
    },
    /// The recover action: the Ship card's energy becomes this section's shields.
    Recover {
        /// The ship.
        at: ShipAt,
        /// The section, from 0 (the fore, then the aft).
        section: usize,
    },
    /// The reinforce action on a section.
    Reinforce {
        /// The ship.
        at: ShipAt,
        /// Fore or aft.
        section: HugeSection,
    },
    /// A checklist item done by hand.
    Tick {
        /// The ship.
        at: ShipAt,
        /// Which item.
        item: ChecklistItem,
    },
    /// The End phase, and the next round.
    NextRound,
}

impl Table {
    /// Takes a step, or refuses it and leaves the table as it was.
    pub fn apply(&mut self, step: &PlayStep) -> Result<(), PlayError> {
        let decks = DamageDecks::embedded().map_err(|e| PlayError::Data(e.to_string()))?;
        let mut next = self.clone();
        next.take(step, decks)?;
        *self = next;
        Ok(())
    }

    fn take(&mut self, step: &PlayStep, decks: &DamageDecks) -> Result<(), PlayError> {
        match step {
            PlayStep::NextRound => {
                self.next_round();
                return Ok(());
            }
            PlayStep::Lock { at, target } => {
                let target_ok = *target != *at && !self.ship(*target)?.destroyed();
                let ship = self.live_ship(*at)?;
                if !target_ok || ship.locks.contains(target) || ship.locks.len() >= LOCK_LIMIT {
                    return Err(PlayError::BadLock);
                }
                ship.locks.push(*target);
                return Ok(());
            }
            _ => {}
        }
        let at = step_ship(step).ok_or(PlayError::Destroyed)?;
        let ship = self.live_ship(at)?;
        match step {
            PlayStep::Shield { section, delta, .. } => shield(ship, *section, *delta),
            PlayStep::Deal {
                section, face_up, ..
            } => deal(ship, *section, face_up.as_ref(), decks),
            PlayStep::Flip { section, card, .. } => {
                let card = damage_card(ship, *section, *card)?;
                if !card.face_up {
                    return Err(PlayError::NotFaceUp);
                }
                card.face_up = false;
                Ok(())
            }
            PlayStep::Repair { section, card, .. } => {
                damage_card(ship, *section, *card)?;
                ship.sections[*section].damage.remove(*card);
                Ok(())
            }
            PlayStep::Token { token, delta, .. } => {
                let n = ship.token_mut(*token);
                *n = bounded(*n, *delta, token.limit(), PlayCounter::Token(*token))?;
                Ok(())
            }
            PlayStep::Unlock { lock, .. } => {
                if *lock >= ship.locks.len() {
                    return Err(PlayError::BadLock);
                }
                ship.locks.remove(*lock);
                Ok(())
            }
            _ => energy_step(ship, step),
        }
    }

    /// A ship that is not destroyed.
    fn live_ship(&mut self, at: ShipAt) -> Result<&mut PlayShip, PlayError> {
        let ship = self.ship_mut(at)?;
        if ship.destroyed() {
            return Err(PlayError::Destroyed);
        }
        Ok(ship)
    }

    /// The End phase: reinforce tokens go (the seed), and the tokens the
    /// core rules remove at the end of a round; the checklists start again.
    fn next_round(&mut self) {
        self.round = self.round.saturating_add(1);
        let theirs = self.theirs.iter_mut().flatten();
        for ship in self.mine.iter_mut().chain(theirs) {
            ship.reinforce = None;
            for kind in TokenKind::ALL {
                if kind.ends_with_round() {
                    *ship.token_mut(kind) = 0;
                }
            }
            if let Some(e) = ship.energy.as_mut() {
                e.checklist = [false; 4];
            }
        }
    }
}

/// The ship a step acts on (every step but the next round).
fn step_ship(step: &PlayStep) -> Option<ShipAt> {
    Some(match step {
        PlayStep::Shield { at, .. }
        | PlayStep::Deal { at, .. }
        | PlayStep::Flip { at, .. }
        | PlayStep::Repair { at, .. }
        | PlayStep::Token { at, .. }
        | PlayStep::Lock { at, .. }
        | PlayStep::Unlock { at, .. }
        | PlayStep::Reveal { at, .. }
        | PlayStep::Allocate { at, .. }
        | PlayStep::Fire { at, .. }
        | PlayStep::SpendEnergy { at, .. }
        | PlayStep::Recover { at, .. }
        | PlayStep::Reinforce { at, .. }
        | PlayStep::Tick { at, .. } => *at,
        PlayStep::NextRound => return None,
    })
}

/// `value + delta`, or why it would leave 0..=max.
fn bounded(value: u8, delta: i8, max: u8, what: PlayCounter) -> Result<u8, PlayError> {
    let next = i16::from(value) + i16::from(delta);
    u8::try_from(next)
        .ok()
        .filter(|n| *n <= max)
        .ok_or(PlayError::OutOfBounds { what, max })
}

fn shield(ship: &mut PlayShip, section: usize, delta: i8) -> Result<(), PlayError> {
    let s = ship
        .sections
        .get_mut(section)
        .ok_or(PlayError::NoSection(section))?;
    if s.crippled {
        return Err(PlayError::Crippled);
    }
    s.shields = bounded(s.shields, delta, s.shield_value, PlayCounter::Shields)?;
    Ok(())
}

/// The faceup card a step deals: a card of the ship's deck (or, where
/// the data lacks it, a known huge-ship card), or one the player names.
fn face_up_card(
    ship: &PlayShip,
    face_up: &FaceUp,
    decks: &DamageDecks,
) -> Result<DamageInPlay, PlayError> {
    match face_up {
        FaceUp::Card { deck, name } => {
            let allowed = match ship.deck.deck {
                Some(own) => own == *deck,
                None => deck.is_huge(),
            };
            let card = decks
                .card(*deck, name)
                .filter(|_| allowed)
                .ok_or_else(|| PlayError::UnknownDamageCard(name.clone()))?;
            Ok(DamageInPlay {
                name: Some(card.name.clone()),
                deck: Some(card.deck),
                face_up: true,
                text: card.text.clone(),
                effect: card.effect.clone(),
            })
        }
        FaceUp::Named { name } => {
            let name = name.trim();
            if name.is_empty() || name.chars().count() > CARD_NAME_LIMIT {
                return Err(PlayError::BadCardName {
                    max: CARD_NAME_LIMIT,
                });
            }
            // A card the player names that a deck we know prints (Direct
            // Hit, say) does what that card does.
            let known = decks.named(name);
            Ok(DamageInPlay {
                name: Some(name.to_string()),
                deck: None,
                face_up: true,
                text: known.map(|c| c.text.clone()).unwrap_or_default(),
                effect: known.map(|c| c.effect.clone()).unwrap_or_default(),
            })
        }
    }
}

/// Deals a card; a section of a two-section ship whose damage reaches its
/// hull cripples (the seed), and the Ship card's energy is cut to the
/// limit the crippled side leaves.
fn deal(
    ship: &mut PlayShip,
    section: usize,
    face_up: Option<&FaceUp>,
    decks: &DamageDecks,
) -> Result<(), PlayError> {
    let card = match face_up {
        Some(f) => face_up_card(ship, f, decks)?,
        None => DamageInPlay {
            name: None,
            deck: None,
            face_up: false,
            text: String::new(),
            effect: Default::default(),
        },
    };
    let two = ship.has_sections();
    let s = ship
        .sections
        .get_mut(section)
        .ok_or(PlayError::NoSection(section))?;
    if s.crippled {
        return Err(PlayError::Crippled);
    }
    s.damage.push(card);
    if two && s.hull_damage() >= s.hull {
        s.crippled = true;
        s.shields = 0;
        let limit = ship.energy_limit();
        if let Some(e) = ship.energy.as_mut() {
            e.ship = e.ship.min(limit);
        }
    }
    Ok(())
}

fn damage_card(
    ship: &mut PlayShip,
    section: usize,
    card: usize,
) -> Result<&mut DamageInPlay, PlayError> {
    ship.sections
        .get_mut(section)
        .ok_or(PlayError::NoSection(section))?
        .damage
        .get_mut(card)
        .ok_or(PlayError::NoDamageCard(card))
}

/// The energy engine's ship as it flies now: the energy limit the
/// sections leave, and the shield value `recover` may fill.
fn engine_now(ship: &PlayShip, energy: &EnergyInPlay, shield_value: u8) -> EnergyShip {
    let mut engine = energy.engine.clone();
    engine.energy_limit = ship.energy_limit();
    engine.shield_value = shield_value;
    engine
}

/// The energy engine's tokens for one section's shields.
fn engine_tokens(energy: &EnergyInPlay, shields: u8) -> energy::Tokens {
    energy::Tokens {
        energy: energy.ship,
        cards: energy.cards.clone(),
        shields,
        hull_damage: 0,
        lost: 0,
    }
}

/// The huge-ship steps: each runs the energy engine's step on the ship's
/// energy now, and ticks its item of the round's checklist.
fn energy_step(ship: &mut PlayShip, step: &PlayStep) -> Result<(), PlayError> {
    let Some(energy) = ship.energy.clone() else {
        return Err(PlayError::NoEnergy);
    };
    let mut e = energy.clone();
    let mut t = engine_tokens(&energy, 0);
    match step {
        PlayStep::Reveal { maneuver, .. } => {
            if energy.done(ChecklistItem::GainEnergy) {
                return Err(PlayError::OncePerRound(HugeStep::Reveal));
            }
            reveal(ship, &energy, &mut t, maneuver)?
        }
        PlayStep::Allocate { card, amount, .. } => {
            let holds = *e.cards.get(*card).ok_or(PlayError::NoEnergyCard(*card))?;
            let limit = energy.engine.energy_cards[*card].limit;
            if *amount == 0 || *amount > t.energy || holds + amount > limit {
                return Err(PlayError::OutOfBounds {
                    what: PlayCounter::Energy,
                    max: limit,
                });
            }
            let mut asked = vec![0; e.cards.len()];
            asked[*card] = *amount;
            energy::allocate(&engine_now(ship, &energy, 0), &mut t, &asked);
            e.checklist[ChecklistItem::AllocateEnergy.index()] = true;
        }
        PlayStep::Fire { card, .. } => {
            let engine = engine_now(ship, &energy, 0);
            let cost = engine
                .energy_cards
                .get(*card)
                .and_then(|c| c.cost)
                .ok_or(PlayError::NoEnergyCard(*card))?;
            let holds = t.cards[*card];
            if holds < cost {
                return Err(PlayError::NotEnoughEnergy { holds, needs: cost });
            }
            energy::fire(&engine, &mut t, *card);
        }
        PlayStep::SpendEnergy { amount, .. } => {
            if *amount == 0 || *amount > t.energy {
                return Err(PlayError::NotEnoughEnergy {
                    holds: t.energy,
                    needs: (*amount).max(1),
                });
            }
            t.energy -= amount;
            e.checklist[ChecklistItem::UseEnergy.index()] = true;
        }
        PlayStep::Recover { section, .. } => {
            recover(ship, &energy, &mut t, *section)?;
            e.checklist[ChecklistItem::PerformAction.index()] = true;
        }
        PlayStep::Reinforce { section, .. } => {
            if !ship.can_perform(HugeStep::Reinforce.code()) {
                return Err(PlayError::NoAction(HugeStep::Reinforce));
            }
            ship.reinforce = Some(*section);
            e.checklist[ChecklistItem::PerformAction.index()] = true;
        }
        PlayStep::Tick { item, .. } => e.checklist[item.index()] = true,
        _ => return Err(PlayError::NoEnergy),
    }
    if matches!(step, PlayStep::Reveal { .. }) {
        e.checklist[ChecklistItem::GainEnergy.index()] = true;
    }
    e.ship = t.energy;
    e.cards = t.cards;
    ship.energy = Some(e);
    Ok(())
}

/// Reveal: the maneuver must be on the dial the ship flies now; the
/// engine's Gain Energy, with each ion token and each faceup card that
/// cuts the gain (Reactor Leak) taking one away.
fn reveal(
    ship: &PlayShip,
    energy: &EnergyInPlay,
    t: &mut energy::Tokens,
    code: &str,
) -> Result<(), PlayError> {
    let flown = super::shown::played_dial(ship);
    let on_dial = flown
        .iter()
        .find(|m| m.code() == code)
        .ok_or_else(|| PlayError::NotOnDial(code.to_string()))?;
    let maneuver = energy
        .engine
        .dial
        .iter()
        .find(|m| {
            m.speed == on_dial.flown.maneuver.speed
                && m.bearing_code() == on_dial.flown.maneuver.bearing_code()
        })
        .ok_or_else(|| PlayError::NotOnDial(code.to_string()))?;
    let cut: i16 = ship
        .face_up()
        .map(|d| i16::from(d.effect.energy_gain))
        .sum();
    let less = u8::try_from((-cut).max(0)).unwrap_or(u8::MAX);
    let ion = ship.token(TokenKind::Ion).saturating_add(less);
    energy::activate(&engine_now(ship, energy, 0), t, maneuver, ion);
    Ok(())
}

/// Recover: the engine's recover on the ship's shields, every working
/// section's together (the seed: each energy removed "recovers one shield
/// on either of its section"), capped by a faceup card that limits it
/// (Reactor Cowl Rupture). The shields go to the section named first, the
/// rest to the other.
fn recover(
    ship: &mut PlayShip,
    energy: &EnergyInPlay,
    t: &mut energy::Tokens,
    section: usize,
) -> Result<(), PlayError> {
    if !ship.can_perform(HugeStep::Recover.code()) {
        return Err(PlayError::NoAction(HugeStep::Recover));
    }
    let first = ship
        .sections
        .get(section)
        .ok_or(PlayError::NoSection(section))?;
    if first.crippled {
        return Err(PlayError::Crippled);
    }
    // The working sections' shields, and the most they hold.
    let (shields, room) =
        ship.sections
            .iter()
            .filter(|s| !s.crippled)
            .fold((0u8, 0u8), |(held, most), s| {
                (
                    held.saturating_add(s.shields),
                    most.saturating_add(s.shield_value),
                )
            });
    let cap = ship.face_up().filter_map(|d| d.effect.recover_max).min();
    let value = cap.map_or(room, |c| room.min(shields.saturating_add(c)));
    t.shields = shields;
    energy::recover(&engine_now(ship, energy, value), t);
    let mut left = t.shields - shields;
    let order = std::iter::once(section).chain((0..ship.sections.len()).filter(|k| *k != section));
    for k in order {
        let s = &mut ship.sections[k];
        if s.crippled {
            continue;
        }
        let add = left.min(s.shield_value - s.shields.min(s.shield_value));
        s.shields += add;
        left -= add;
    }
    Ok(())
}
