//! The energy log's sentences as data: each event says one or more
//! [`EventMessage`]s, a key ([`EventText`]) with the count its words agree
//! with and its named values ([`EventValue`]: a number, a card, a
//! maneuver). The words are the app's catalogues' (`sims.json`, in every
//! language, English included), so a page says the values in its own
//! language (a card's translated name, a maneuver in its words).
//!
//! ```
//! use cards::sim::energy::{EventMessage, EventText, EventValue};
//! let ion = EventMessage::new(EventText::GainsEnergyLessIon)
//!     .counting(1)
//!     .with("printed", 3u8)
//!     .with("ion", 1u8)
//!     .with("gained", 2u8);
//! assert_eq!(ion.value("gained"), Some(&EventValue::Number(2)));
//! assert_eq!(ion.count, Some(1));
//! ```

use super::model::CardName;
use crate::catalog::Maneuver;

/// The key of one sentence of the energy log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventText {
    /// The maneuver revealed and executed.
    Executes,
    /// Gain Energy without ion tokens.
    GainsEnergyFromManeuver,
    /// Gain Energy less one per ion token (counts the ion tokens).
    GainsEnergyLessIon,
    /// The excess over the Ship card's energy limit returns to the supply.
    ReturnsExcess,
    /// The Ship card's energy after Gain Energy.
    ShipCardHolds,
    /// Allocate Energy to one card.
    Allocates,
    /// Less was allocated than asked, and why.
    AllocationCapped,
    /// Use Energy, when no equipped card has the "Energy:" header.
    NoEnergyHeader,
    /// Use Energy: the cards that may be used.
    MayUseEnergy,
    /// Perform Action: none.
    NoAction,
    /// Recover (counts the shields recovered).
    Recovers,
    /// The energy a recover could not turn into shields.
    RecoveryWasted,
    /// Energy gained after a recover action, all of it kept.
    GainsAfterRecover,
    /// Energy gained after a recover action, some over the limit.
    GainsAfterRecoverOverLimit,
    /// Reinforce beside the fore section.
    ReinforcesFore,
    /// Reinforce beside the aft section.
    ReinforcesAft,
    /// Target Lock.
    LocksTarget,
    /// Jam.
    Jams,
    /// Coordinate.
    Coordinates,
    /// The end of the Activation phase removes the ion tokens.
    IonRemoved,
    /// An energy card's attack, paid with its energy.
    Fires,
    /// An energy card without the energy to attack.
    CannotFire,
    /// No equipped card attacks with energy.
    NoEnergyAttack,
    /// Damage the ship suffers (counts the shields lost).
    SuffersDamage,
    /// The damage that goes past the shields to the hull.
    DamageToHull,
    /// The End phase removes the reinforce token.
    ReinforceRemoved,
}

impl EventText {
    /// Every key, in the order of the round's steps.
    pub const ALL: [EventText; 26] = [
        EventText::Executes,
        EventText::GainsEnergyFromManeuver,
        EventText::GainsEnergyLessIon,
        EventText::ReturnsExcess,
        EventText::ShipCardHolds,
        EventText::Allocates,
        EventText::AllocationCapped,
        EventText::NoEnergyHeader,
        EventText::MayUseEnergy,
        EventText::NoAction,
        EventText::Recovers,
        EventText::RecoveryWasted,
        EventText::GainsAfterRecover,
        EventText::GainsAfterRecoverOverLimit,
        EventText::ReinforcesFore,
        EventText::ReinforcesAft,
        EventText::LocksTarget,
        EventText::Jams,
        EventText::Coordinates,
        EventText::IonRemoved,
        EventText::Fires,
        EventText::CannotFire,
        EventText::NoEnergyAttack,
        EventText::SuffersDamage,
        EventText::DamageToHull,
        EventText::ReinforceRemoved,
    ];
}

/// The value of one placeholder: what it is, not yet in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventValue {
    /// A number, written as is.
    Number(u64),
    /// A card: its printed name, or its name in the page's language.
    Card(CardName),
    /// Cards, one after another (English: separated by commas).
    Cards(Vec<CardName>),
    /// A maneuver (English: "1 straight").
    Maneuver(Maneuver),
}

impl From<u8> for EventValue {
    fn from(n: u8) -> EventValue {
        EventValue::Number(u64::from(n))
    }
}

impl From<&u8> for EventValue {
    fn from(n: &u8) -> EventValue {
        EventValue::Number(u64::from(*n))
    }
}

impl From<&CardName> for EventValue {
    fn from(card: &CardName) -> EventValue {
        EventValue::Card(card.clone())
    }
}

impl From<&Vec<CardName>> for EventValue {
    fn from(cards: &Vec<CardName>) -> EventValue {
        EventValue::Cards(cards.clone())
    }
}

impl From<&Maneuver> for EventValue {
    fn from(m: &Maneuver) -> EventValue {
        EventValue::Maneuver(*m)
    }
}

/// One sentence an event says: its key, the count that picks its plural
/// form, and the values of its placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventMessage {
    /// The sentence.
    pub key: EventText,
    /// The count the sentence's words agree with, if it counts something.
    pub count: Option<u64>,
    /// Each placeholder's name and value.
    pub values: Vec<(&'static str, EventValue)>,
}

impl EventMessage {
    /// The sentence `key`, with no values yet.
    pub fn new(key: EventText) -> EventMessage {
        EventMessage {
            key,
            count: None,
            values: Vec::new(),
        }
    }

    /// The sentence's words agree with `count`.
    pub fn counting(mut self, count: u8) -> EventMessage {
        self.count = Some(u64::from(count));
        self
    }

    /// The value of placeholder `{name}`.
    pub fn with(mut self, name: &'static str, value: impl Into<EventValue>) -> EventMessage {
        self.values.push((name, value.into()));
        self
    }

    /// The value of placeholder `{name}`, if the message has one.
    pub fn value(&self, name: &str) -> Option<&EventValue> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}
