//! What the energy simulator refuses to fly, and why.

use itertools::Itertools;

use crate::squad::Problem;

/// A ship or plan the simulator cannot fly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnergyError {
    #[error("{0} is not a known pilot")]
    UnknownPilot(String),
    #[error("{0}'s ship is not known")]
    UnknownShip(String),
    #[error("{pilot} flies a {ship}, not a huge ship: only huge ships use energy")]
    NotHuge { pilot: String, ship: String },
    #[error("{0} is not a known upgrade")]
    UnknownUpgrade(String),
    /// The rules engine's errors, for a page to write in its language;
    /// the message names their codes.
    #[error(
        "this ship cannot hold these cards, so it is not simulated: {}",
        .0.iter().map(|p| p.code).format(", ")
    )]
    IllegalLoadout(Vec<Problem>),
    #[error("round {round}: `{maneuver}` is not on the {ship} dial ({dial})")]
    NotOnDial {
        round: usize,
        maneuver: String,
        ship: String,
        dial: String,
    },
    #[error("round {round}: the ship has no {action} action")]
    NoSuchAction { round: usize, action: &'static str },
    #[error("round {round}: a ship of one section performs one action")]
    OneSectionOneAction { round: usize },
    #[error(
        "round {round}: each section performs one of its own actions, and {first} and {second} are not one per section"
    )]
    NotOnePerSection {
        round: usize,
        first: &'static str,
        second: &'static str,
    },
    #[error("{0} is a section of a huge ship: fly it with its other section")]
    SectionAlone(String),
    #[error("{0} are not the two sections of one ship")]
    NotOneShip(String),
    #[error(
        "round {round}: energy allocated to {asked} cards but only {cards} equipped card(s) have an energy limit"
    )]
    TooManyAllocations {
        round: usize,
        asked: usize,
        cards: usize,
    },
}
