//! The names a step uses for the things on the table: whose ship, which
//! section, which token. Every other file of the game imports these.

use serde::{Deserialize, Serialize};

/// The player a ship belongs to: the one holding the phone, or the opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The squad the game was started from.
    Mine,
    /// The opponent's squad, when given.
    Theirs,
}

impl Player {
    /// Both players, the phone's holder first.
    pub const BOTH: [Player; 2] = [Player::Mine, Player::Theirs];

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Mine => Player::Theirs,
            Player::Theirs => Player::Mine,
        }
    }

    /// An English word for messages.
    pub fn word(self) -> &'static str {
        match self {
            Player::Mine => "you",
            Player::Theirs => "the opponent",
        }
    }
}

/// A ship on the table: whose, and its place in that squad's list of ships
/// in play (a two-section huge ship is one ship).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShipAt {
    /// Whose ship.
    pub player: Player,
    /// From 0, in the squad's order.
    pub ship: usize,
}

impl ShipAt {
    /// The phone holder's ship `ship`.
    pub fn mine(ship: usize) -> ShipAt {
        ShipAt {
            player: Player::Mine,
            ship,
        }
    }

    /// The opponent's ship `ship`.
    pub fn theirs(ship: usize) -> ShipAt {
        ShipAt {
            player: Player::Theirs,
            ship,
        }
    }
}

/// A token a ship holds, counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TokenKind {
    /// A focus token.
    Focus,
    /// An evade token.
    Evade,
    /// A stress token.
    Stress,
    /// An ion token.
    Ion,
    /// A weapons disabled token.
    WeaponsDisabled,
    /// A cloak token.
    Cloak,
}

/// The most focus, evade, stress or ion tokens a ship holds here. The
/// rules set no number; nine is more than any card gives one ship, and
/// keeps a stray tap from running a counter away.
pub const TOKEN_LIMIT: u8 = 9;

impl TokenKind {
    /// Every token, in the order the page shows them.
    pub const ALL: [TokenKind; 6] = [
        TokenKind::Focus,
        TokenKind::Evade,
        TokenKind::Stress,
        TokenKind::Ion,
        TokenKind::WeaponsDisabled,
        TokenKind::Cloak,
    ];

    /// The most a ship holds: one weapons disabled or cloak token, else [`TOKEN_LIMIT`].
    pub fn limit(self) -> u8 {
        match self {
            TokenKind::WeaponsDisabled | TokenKind::Cloak => 1,
            _ => TOKEN_LIMIT,
        }
    }

    /// The word the address and the stored game use.
    pub fn code(self) -> &'static str {
        match self {
            TokenKind::Focus => "focus",
            TokenKind::Evade => "evade",
            TokenKind::Stress => "stress",
            TokenKind::Ion => "ion",
            TokenKind::WeaponsDisabled => "weapons-disabled",
            TokenKind::Cloak => "cloak",
        }
    }

    /// Its English name, for messages.
    pub fn word(self) -> &'static str {
        match self {
            TokenKind::Focus => "focus",
            TokenKind::Evade => "evade",
            TokenKind::Stress => "stress",
            TokenKind::Ion => "ion",
            TokenKind::WeaponsDisabled => "weapons disabled",
            TokenKind::Cloak => "cloak",
        }
    }

    /// Whether the End phase removes it (the core rules: unused focus and
    /// evade; weapons disabled; ion tokens are gone once the ship has
    /// executed its maneuver, or, for a huge ship, at the end of the
    /// Activation phase).
    pub fn ends_with_round(self) -> bool {
        !matches!(self, TokenKind::Stress | TokenKind::Cloak)
    }
}

/// An item of a huge ship's energy checklist for the round (the seed's
/// Energy phase steps and its Perform Action step).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChecklistItem {
    /// Gain Energy: the revealed maneuver's energy.
    GainEnergy,
    /// Allocate Energy: to the cards with an energy limit.
    AllocateEnergy,
    /// Use Energy: the cards with the "Energy:" header.
    UseEnergy,
    /// Perform Action.
    PerformAction,
}

impl ChecklistItem {
    /// The items in the seed's order.
    pub const ALL: [ChecklistItem; 4] = [
        ChecklistItem::GainEnergy,
        ChecklistItem::AllocateEnergy,
        ChecklistItem::UseEnergy,
        ChecklistItem::PerformAction,
    ];

    /// Its place in [`ChecklistItem::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}
