//! An upgrade card: its faces, what it requires of the ship that equips it
//! and what it does to that ship.

use serde::{Deserialize, Serialize};

use super::shared::{CardId, ShortName};
use super::ship::ShipSize;
use crate::catalog::dial_change::DialChange;
use crate::catalog::expr::{Discount, Requirement, SlotAlias, SlotFilter};
use crate::catalog::stat::StatChange;

/// One printed face of an upgrade card. Most cards have one; dual cards
/// (ARC Caster) have two, and count as one card in a squad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Face {
    pub name: String,
    pub text: String,
    pub attack: Option<u8>,
    /// Weapon range as printed, e.g. `(2, 3)` for "Range 2–3".
    pub range: Option<(u8, u8)>,
    /// Stat changes while this face is up ("Heavy Scyk": hull +1; Pivot
    /// Wing's Attack face: agility +1).
    #[serde(default)]
    pub stat_changes: Vec<StatChange>,
    /// Action icons the action bar gains while this face is up (Engine
    /// Upgrade: Boost; Servomotor S-foils: Barrel Roll or Boost).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub actions_gained: Vec<ShortName>,
    /// Change to the pilot skill while this face is up (Veteran Instincts:
    /// +2; Adaptability: -1 or +1).
    #[serde(default)]
    pub skill_change: Option<i8>,
    /// Maneuvers this face recolours on the ship's dial (R2 Astromech:
    /// every 1- and 2-speed maneuver green).
    #[serde(default)]
    pub dial_changes: Vec<DialChange>,
}

/// What an upgrade requires of the ship and squad that equip it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Restriction {
    /// Ship XWS names allowed; empty means any ship.
    pub ships: Vec<String>,
    /// Faction XWS names allowed; empty means any faction.
    pub factions: Vec<String>,
    /// The faction restriction is ignored when the squad holds a card of
    /// this XWS name (Maul: "Ignore this restriction if your squad contains
    /// Ezra Bridger").
    #[serde(default)]
    pub faction_unless: Option<String>,
    /// Ship sizes allowed ("Small ship only.", "Huge ship only."); empty means any.
    #[serde(default)]
    pub sizes: Vec<ShipSize>,
    /// Conditions on the ship: effective stats and skill, actions, printed icons.
    pub requires: Vec<Requirement>,
}

impl Restriction {
    /// "Huge ship only." (huge ships take only modifications labeled so).
    pub fn huge_only(&self) -> bool {
        self.sizes == [ShipSize::Huge]
    }

    /// Whether a ship of this size may equip the card.
    pub fn allows_size(&self, size: ShipSize) -> bool {
        self.sizes.is_empty() || self.sizes.contains(&size)
    }
}

/// What an upgrade does to the ship that equips it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Effects {
    /// Upgrade icons the bar gains (Merchant One: Crew, Team).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub grants: Vec<ShortName>,
    /// The bar gains one of these, chosen when equipped ("Heavy Scyk": Cannon, Turret or Modification).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub grant_choice: Vec<ShortName>,
    /// Upgrade icons the bar loses (Merchant One: Cargo).
    pub losses: Vec<String>,
    /// Slot types the ship can no longer equip ("Light Scyk": Modification).
    pub forbidden_slots: Vec<String>,
    /// Change to the ship card's energy limit (Merchant One +1, Insatiable Worrt -1).
    pub energy_limit_change: Option<i8>,
    /// Energy the ship gains after it performs the recover action (Insatiable Worrt: 3).
    #[serde(default)]
    pub energy_after_recover: Option<u8>,
    /// Condition cards the upgrade brings into play, by XWS name.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub conditions: Vec<ShortName>,
    /// Upgrade icons the bar loses every one of (TIE Shuttle: Torpedo, Missile, Bomb).
    #[serde(default)]
    pub losses_all: Vec<String>,
    /// What a slot this card grants may hold (TIE Shuttle: Crew of 4 points or less).
    #[serde(default)]
    pub grant_filters: Vec<SlotFilter>,
    /// Cost reductions for the ship's other cards (TIE/x1: System cards 4 less).
    #[serde(default)]
    pub discounts: Vec<Discount>,
    /// Slot types in which the ship may not hold two copies of one card
    /// (Royal Guard TIE: "2 different Modification upgrades").
    #[serde(default)]
    pub distinct_slots: Vec<String>,
    /// Slots that may also hold cards of other types (Ordnance Tubes).
    #[serde(default)]
    pub slot_aliases: Vec<SlotAlias>,
}

/// The choice that puts a dual card's second face in play.
pub const DUAL_SECOND_FACE: &str = "2";

/// An upgrade card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Upgrade {
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    pub id: CardId,
    pub xws: String,
    /// Slots the card occupies, by slot XWS name; the first is its type.
    /// Jabba the Hutt occupies two Crew slots.
    pub slots: Vec<String>,
    pub unique: bool,
    /// "Limited.": one copy per ship.
    pub limited: bool,
    /// A dual card with two faces.
    pub dual: bool,
    /// Squad points; may be negative ("Light Scyk" Interceptor: -2).
    pub points: i32,
    /// The restriction line exactly as printed above the text.
    pub restriction_text: String,
    pub faces: Vec<Face>,
    /// The card's own energy limit (Heavy Laser Turret: 2).
    pub energy_limit: Option<u8>,
    /// Energy one use of the card spends from the card itself (Heavy Laser Turret's attack: 2).
    #[serde(default)]
    pub energy_cost: Option<u8>,
    pub restriction: Restriction,
    pub effects: Effects,
    /// At most this many copies per squad (Attanni Mindlink: 2).
    #[serde(default)]
    pub squad_limit: Option<u8>,
}

impl Upgrade {
    /// The card's name: the name of its first face.
    pub fn name(&self) -> &str {
        &self.faces[0].name
    }

    /// The face in play: a dual card's second face when the squad names
    /// it (`choice` "2"), else the first.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let a = db.upgrade("adaptability").unwrap();
    /// assert_eq!(a.face_in_play(None).skill_change, Some(-1));
    /// assert_eq!(a.face_in_play(Some("2")).skill_change, Some(1));
    /// ```
    pub fn face_in_play(&self, choice: Option<&str>) -> &Face {
        match (self.dual, choice) {
            (true, Some(DUAL_SECOND_FACE)) => self.faces.get(1).unwrap_or(&self.faces[0]),
            _ => &self.faces[0],
        }
    }

    /// The slot type of the card (its first slot).
    pub fn slot(&self) -> &str {
        &self.slots[0]
    }

    /// A Modification card (huge ships take only those labeled "Huge ship only").
    pub fn is_modification(&self) -> bool {
        self.slot() == "mod"
    }
}
