//! Why a step of a game in play is refused, or a stored game cannot be read.

use std::fmt;

use super::ids::{Player, ShipAt, TokenKind};
use crate::squad::link::LinkError;

/// A step the game refuses: the table is left as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The squad's code is not a squad link.
    #[error("the squad cannot be read: {0}")]
    Squad(LinkError),
    /// The squad has no ships to play.
    #[error("the squad has no ships")]
    NoShips,
    /// A ship the step names is not in the game.
    #[error("there is no ship {} for {}", .0.ship + 1, .0.player.word())]
    NoShip(ShipAt),
    /// The player has no squad in this game.
    #[error("{} has no squad in this game", .0.word())]
    NoSquad(Player),
    /// A section the ship does not have.
    #[error("the ship has no section {0}")]
    NoSection(usize),
    /// A damage card the section does not hold.
    #[error("the section holds no damage card {0}")]
    NoDamageCard(usize),
    /// The ship is destroyed: nothing more happens to it.
    #[error("the ship is destroyed")]
    Destroyed,
    /// The seed: "Crippled sections cannot be the target of an attack and cannot suffer damage."
    #[error("the section is crippled and cannot suffer damage")]
    Crippled,
    /// A counter would go below zero or above what the card allows.
    #[error("{what} stays between 0 and {max}")]
    OutOfBounds {
        /// What the counter counts (shields, stress tokens).
        what: PlayCounter,
        /// The most it may hold.
        max: u8,
    },
    /// A damage card no deck of the game has.
    #[error("\"{0}\" is not a damage card of this ship's deck")]
    UnknownDamageCard(String),
    /// A named damage card with no name, or a name past the limit.
    #[error("a damage card's name is 1 to {max} characters")]
    BadCardName {
        /// The longest name kept.
        max: usize,
    },
    /// Energy steps are for huge ships.
    #[error("only a huge ship has energy")]
    NoEnergy,
    /// A maneuver the dial the ship flies does not have.
    #[error("{0} is not on the ship's dial")]
    NotOnDial(String),
    /// An equipped card that holds no energy.
    #[error("the ship has no energy card {0}")]
    NoEnergyCard(usize),
    /// Not enough energy for what the step spends.
    #[error("{holds} energy is not enough for {needs}")]
    NotEnoughEnergy {
        /// Energy held.
        holds: u8,
        /// Energy needed.
        needs: u8,
    },
    /// An action the ship cannot perform now (not on a working bar, or
    /// lost to a damage card).
    #[error("the ship cannot perform {0} now")]
    NoAction(HugeStep),
    /// A target lock on the ship itself, a destroyed ship, or one already locked.
    #[error("that target lock cannot be acquired")]
    BadLock,
    /// A step the rules allow once a round, taken again.
    #[error("{0} is done once a round")]
    OncePerRound(HugeStep),
    /// Flipping a card that is already facedown.
    #[error("that damage card is already facedown")]
    NotFaceUp,
    /// The damage decks' data cannot be read (a build error, caught by the tests).
    #[error("the damage decks cannot be read: {0}")]
    Data(String),
    /// A stored game whose place among its steps is past its last step.
    #[error("the game's place ({cursor}) is past its {steps} steps")]
    BadCursor {
        /// The place stored.
        cursor: usize,
        /// The steps stored.
        steps: usize,
    },
    /// A game of more steps than a game is kept for.
    #[error("a game keeps at most {0} steps")]
    TooManySteps(usize),
}

/// What a counter a refused step would run past counts: a code, so that
/// the interface words it; `Display` is the English the errors always wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayCounter {
    /// A section's shields.
    Shields,
    /// The energy an energy card holds.
    Energy,
    /// A token the ship holds.
    Token(TokenKind),
}

impl fmt::Display for PlayCounter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayCounter::Shields => f.write_str("shields"),
            PlayCounter::Energy => f.write_str("energy"),
            PlayCounter::Token(token) => f.write_str(token.word()),
        }
    }
}

/// A huge ship's step a refusal names (one done once a round, or an
/// action the ship cannot perform now): a code, so that the interface
/// words it; `Display` is the English the errors always wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HugeStep {
    /// Revealing the dial, which gains energy.
    Reveal,
    /// The recover action.
    Recover,
    /// The reinforce action.
    Reinforce,
}

impl HugeStep {
    /// Its code: an action's XWS name (`recover`), as action bars and
    /// damage cards name it; `reveal` for the reveal.
    pub fn code(self) -> &'static str {
        match self {
            HugeStep::Reveal => "reveal",
            HugeStep::Recover => "recover",
            HugeStep::Reinforce => "reinforce",
        }
    }
}

impl fmt::Display for HugeStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A game kept in the browser that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoredGameError {
    /// Not the JSON of a game.
    #[error("not a stored game: {0}")]
    Json(String),
    /// Its steps cannot be replayed on its squads.
    #[error("its step {step} cannot be replayed: {error}")]
    Replay {
        /// The step, from 1.
        step: usize,
        /// Why.
        error: PlayError,
    },
    /// Its squads cannot be set up.
    #[error("its squads cannot be set up: {0}")]
    Setup(PlayError),
}
