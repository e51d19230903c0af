//! The squad model: what the player built, legal or not.
//!
//! A [`Squad`] holds exactly what the player chose, including cards the
//! database does not know and cards that break rules; legality is computed
//! from it by [`crate::rules::Rules::validate`], never enforced by refusing
//! to hold it.

use serde::{Deserialize, Serialize};

use crate::model::{CardId, Database, Pilot, Upgrade};

/// A card named by stable id (squad links) or by XWS name (imports). A
/// reference the database does not resolve is kept as it is and reported.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardRef {
    Id(CardId),
    Xws(String),
}

impl CardRef {
    pub fn pilot<'a>(&self, db: &'a Database) -> Option<&'a Pilot> {
        match self {
            CardRef::Id(id) => db.pilot_by_id(*id),
            CardRef::Xws(xws) => db.pilot(xws),
        }
    }

    pub fn upgrade<'a>(&self, db: &'a Database) -> Option<&'a Upgrade> {
        match self {
            CardRef::Id(id) => db.upgrade_by_id(*id),
            CardRef::Xws(xws) => db.upgrade(xws),
        }
    }

    /// How to name this reference to a player when the card is unknown.
    pub fn describe(&self) -> String {
        match self {
            CardRef::Id(id) => format!("card #{id}"),
            CardRef::Xws(xws) => format!("`{xws}`"),
        }
    }
}

/// One slot of a ship's effective upgrade bar: the `index`-th slot (from 0)
/// of type `kind` (a slot XWS name such as `crew`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SlotRef {
    pub kind: String,
    pub index: u8,
}

impl SlotRef {
    pub fn new(kind: &str, index: u8) -> SlotRef {
        SlotRef {
            kind: kind.to_string(),
            index,
        }
    }
}

/// An upgrade card equipped on a ship.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Equipped {
    pub card: CardRef,
    /// The slot it sits in (for a card that occupies several slots, the first).
    pub slot: Option<SlotRef>,
    /// The choice the card asks for ("Heavy Scyk": `cannon`, `turret` or `mod`).
    pub choice: Option<String>,
}

impl Equipped {
    pub fn new(card: CardRef, slot: Option<SlotRef>) -> Equipped {
        Equipped {
            card,
            slot,
            choice: None,
        }
    }
}

/// A ship in a squad: a pilot and its upgrades.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SquadShip {
    pub pilot: CardRef,
    pub upgrades: Vec<Equipped>,
}

/// A squad as the player built it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Squad {
    /// A format key: `standard`, `epic`, `epic-2014`, `team-epic`, `custom:N`.
    pub format: String,
    /// Faction XWS name (`scum`, `rebel`, `imperial`).
    pub faction: String,
    pub name: String,
    pub notes: String,
    pub ships: Vec<SquadShip>,
}

impl Squad {
    /// An empty squad of a faction and format.
    pub fn new(format: &str, faction: &str) -> Squad {
        Squad {
            format: format.to_string(),
            faction: faction.to_string(),
            name: String::new(),
            notes: String::new(),
            ships: Vec::new(),
        }
    }
}
