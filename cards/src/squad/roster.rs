//! The squad model: what the player built, legal or not.
//!
//! A [`Squad`] holds exactly what the player chose, including cards the
//! database does not know and cards that break rules; legality is computed
//! from it by [`crate::squad::Rules::validate`], never enforced by refusing
//! to hold it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::catalog::DEFAULT_EPIC;
use crate::catalog::{CardId, Database, Pilot, ShortName, Upgrade};

/// A card named by stable id (squad links) or by XWS name (imports). A
/// reference the database does not resolve is kept as it is and reported.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardRef {
    Id(CardId),
    Xws(String),
}

impl CardRef {
    /// The pilot card this names, if the database has it.
    pub fn pilot<'a>(&self, db: &'a Database) -> Option<&'a Pilot> {
        match self {
            CardRef::Id(id) => db.pilot_by_id(*id),
            CardRef::Xws(xws) => db.pilot(xws),
        }
    }

    /// The upgrade card this names, if the database has it.
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlotRef {
    /// Short, so it is kept inline: a report copies thousands of these.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub kind: ShortName,
    pub index: u8,
}

impl SlotRef {
    /// Slot `index` of type `kind` (an XWS slot name).
    pub fn new(kind: &str, index: u8) -> SlotRef {
        SlotRef {
            kind: ShortName::from(kind),
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
    /// A card in a slot (or none yet), with no choice made.
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
    /// The obstacles the player brings, at most three: keys of
    /// [`crate::squad::obstacles::OBSTACLES`] in XWS form
    /// (`core-asteroid-5`); a name the table does not know is kept as written.
    #[serde(default)]
    pub obstacles: Vec<String>,
}

/// The faction a new squad starts in: this is a C-ROC builder.
pub const DEFAULT_FACTION: &str = "scum";
/// The format of a squad without huge ships, unless the player picks one.
pub const DEFAULT_FORMAT: &str = "standard";

impl Squad {
    /// An empty squad of a faction and format.
    pub fn new(format: &str, faction: &str) -> Squad {
        Squad {
            format: format.to_string(),
            faction: faction.to_string(),
            name: String::new(),
            notes: String::new(),
            ships: Vec::new(),
            obstacles: Vec::new(),
        }
    }

    /// The format to use while the player has not picked one: Epic as soon
    /// as a huge ship is present, Standard otherwise.
    pub fn default_format(&self, db: &Database) -> &'static str {
        let huge = self.ships.iter().any(|s| {
            s.pilot
                .pilot(db)
                .and_then(|p| db.ship_of(p))
                .is_some_and(|ship| ship.is_huge())
        });
        if huge { DEFAULT_EPIC } else { DEFAULT_FORMAT }
    }

    /// Adds a ship flown by `pilot` at the end; returns its index.
    pub fn add_ship(&mut self, pilot: CardRef) -> usize {
        self.ships.push(SquadShip {
            pilot,
            upgrades: Vec::new(),
        });
        self.ships.len() - 1
    }

    /// Adds a pilot and, for one section of a huge ship, the pilots of its
    /// other sections right after it (a CR90's Fore brings its Aft), so the
    /// ship goes in whole. Returns the index of the first entry.
    ///
    /// ```
    /// use cards::squad::{CardRef, Squad};
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let mut squad = Squad::new("epic", "rebel");
    /// let fore = db.pilot("cr90corvettefore").unwrap().id;
    /// squad.add_whole_ship(&db, CardRef::Id(fore));
    /// assert_eq!(squad.ships.len(), 2);
    /// ```
    pub fn add_whole_ship(&mut self, db: &Database, pilot: CardRef) -> usize {
        let partners: Vec<CardId> = pilot
            .pilot(db)
            .map(|p| db.section_partners(p).iter().map(|q| q.id).collect())
            .unwrap_or_default();
        let first = self.add_ship(pilot);
        for id in partners {
            self.add_ship(CardRef::Id(id));
        }
        first
    }

    /// How many entries adding this pilot takes (its sections included).
    pub fn entries_for(db: &Database, pilot: &CardRef) -> usize {
        1 + pilot.pilot(db).map_or(0, |p| db.section_partners(p).len())
    }

    /// Removes a ship with its upgrades.
    pub fn remove_ship(&mut self, ship: usize) -> Option<SquadShip> {
        (ship < self.ships.len()).then(|| self.ships.remove(ship))
    }

    /// Moves a ship to another position; false if either is out of range.
    pub fn move_ship(&mut self, from: usize, to: usize) -> bool {
        if from >= self.ships.len() || to >= self.ships.len() {
            return false;
        }
        let ship = self.ships.remove(from);
        self.ships.insert(to, ship);
        true
    }

    /// Orders the ships as they activate: lowest pilot skill first, ships
    /// of equal skill in the order they were (`skills[i]` is ship `i`'s
    /// effective skill, as the report gives it; "?" counts as 0).
    ///
    /// ```
    /// use cards::squad::{CardRef, Rules, Squad};
    /// let rules = Rules::embedded().unwrap();
    /// let mut squad = Squad::new("standard", "rebel");
    /// for pilot in ["lukeskywalker", "rookiepilot", "wedgeantilles"] {
    ///     squad.add_ship(CardRef::Xws(pilot.into()));
    /// }
    /// let skills: Vec<_> = rules.validate(&squad).ships.iter().map(|s| s.skill).collect();
    /// squad.sort_by_pilot_skill(&skills);
    /// let order: Vec<String> = squad.ships.iter().map(|s| s.pilot.describe()).collect();
    /// assert_eq!(order, ["`rookiepilot`", "`lukeskywalker`", "`wedgeantilles`"]);
    /// ```
    pub fn sort_by_pilot_skill(&mut self, skills: &[Option<u8>]) {
        let mut order: Vec<(u8, SquadShip)> = self
            .ships
            .drain(..)
            .enumerate()
            .map(|(i, ship)| (skills.get(i).copied().flatten().unwrap_or(0), ship))
            .collect();
        order.sort_by_key(|(skill, _)| *skill);
        self.ships = order.into_iter().map(|(_, ship)| ship).collect();
    }

    /// Puts a copy of a ship, upgrades and all, right after it; returns the
    /// copy's index. Copying unique cards is allowed: the engine says why
    /// the copy is illegal, the player decides what to change.
    pub fn clone_ship(&mut self, ship: usize) -> Option<usize> {
        let copy = self.ships.get(ship)?.clone();
        self.ships.insert(ship + 1, copy);
        Some(ship + 1)
    }

    /// Puts `card` in a slot of a ship. The card already named for that
    /// slot, if any, is the one replaced; nothing else moves.
    pub fn equip(&mut self, ship: usize, slot: SlotRef, card: CardRef) -> bool {
        let Some(ship) = self.ships.get_mut(ship) else {
            return false;
        };
        let equipped = Equipped::new(card, Some(slot.clone()));
        match ship
            .upgrades
            .iter()
            .position(|e| e.slot.as_ref() == Some(&slot))
        {
            Some(at) => ship.upgrades[at] = equipped,
            None => ship.upgrades.push(equipped),
        }
        true
    }

    /// Takes an upgrade (by its index on the ship) off a ship.
    pub fn unequip(&mut self, ship: usize, upgrade: usize) -> Option<Equipped> {
        let ship = self.ships.get_mut(ship)?;
        (upgrade < ship.upgrades.len()).then(|| ship.upgrades.remove(upgrade))
    }

    /// Sets the choice of an equipped card ("Heavy Scyk": `cannon`).
    pub fn set_choice(&mut self, ship: usize, upgrade: usize, choice: Option<String>) -> bool {
        match self
            .ships
            .get_mut(ship)
            .and_then(|s| s.upgrades.get_mut(upgrade))
        {
            Some(e) => {
                e.choice = choice;
                true
            }
            None => false,
        }
    }
}

/// Gives every upgrade without a slot the next free slot of its type.
///
/// The bar numbers the slots cards grant before the implicit Title and
/// Modification (`rules/resolve.rs`), so a card that grants a slot of its
/// own type (Smuggling Compartment, Star Viper Mk. II) is seated after the
/// other cards of that type: they take the slot it grants and it the
/// ship's own, whatever order the list names them in. The list itself
/// keeps its order.
pub fn place(db: &Database, ship: &mut SquadShip) {
    let mut taken: BTreeMap<ShortName, Vec<u8>> = BTreeMap::new();
    for e in &ship.upgrades {
        if let Some(slot) = &e.slot {
            let width = e.card.upgrade(db).map_or(1, |c| c.slots.len()) as u8;
            let list = taken.entry(slot.kind.clone()).or_default();
            list.extend(slot.index..slot.index.saturating_add(width));
        }
    }
    let grants_own_type = |e: &Equipped| {
        e.card
            .upgrade(db)
            .is_some_and(|c| c.effects.grants.iter().any(|k| k.as_str() == c.slot()))
    };
    let mut unplaced: Vec<&mut Equipped> = ship
        .upgrades
        .iter_mut()
        .filter(|e| e.slot.is_none())
        .collect();
    // A stable sort: otherwise the list's order holds.
    unplaced.sort_by_key(|e| grants_own_type(e));
    for e in unplaced {
        let Some(card) = e.card.upgrade(db) else {
            continue;
        };
        let kind = ShortName::from(card.slot());
        let width = card.slots.iter().filter(|k| **k == kind).count() as u8;
        let list = taken.entry(kind.clone()).or_default();
        let mut index = 0u8;
        while (index..index.saturating_add(width)).any(|i| list.contains(&i)) {
            index = index.saturating_add(1);
        }
        list.extend(index..index.saturating_add(width));
        e.slot = Some(SlotRef::new(&kind, index));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squad() -> Squad {
        let mut squad = Squad::new("epic", "scum");
        squad.add_ship(CardRef::Xws("croccruiser".into()));
        squad.add_ship(CardRef::Xws("cartelspacer".into()));
        squad
    }

    #[test]
    fn equip_replaces_only_the_card_of_that_slot() {
        let mut s = squad();
        assert!(s.equip(0, SlotRef::new("crew", 0), CardRef::Id(203)));
        assert!(s.equip(0, SlotRef::new("crew", 1), CardRef::Id(204)));
        assert!(s.equip(0, SlotRef::new("crew", 0), CardRef::Id(213)));
        let cards: Vec<_> = s.ships[0].upgrades.iter().map(|e| e.card.clone()).collect();
        assert_eq!(cards, vec![CardRef::Id(213), CardRef::Id(204)]);
        assert!(!s.equip(5, SlotRef::new("crew", 0), CardRef::Id(203)));
    }

    #[test]
    fn ships_move_clone_and_go_without_touching_the_others() {
        let mut s = squad();
        s.equip(0, SlotRef::new("title", 0), CardRef::Id(205));
        assert_eq!(s.clone_ship(0), Some(1));
        assert_eq!(s.ships[1], s.ships[0]);
        assert!(s.move_ship(2, 0));
        assert_eq!(s.ships[0].pilot, CardRef::Xws("cartelspacer".into()));
        assert!(!s.move_ship(0, 3));
        assert!(s.remove_ship(0).is_some());
        assert_eq!(s.ships.len(), 2);
        assert!(s.remove_ship(2).is_none());
        assert_eq!(s.unequip(0, 0).map(|e| e.card), Some(CardRef::Id(205)));
        assert!(s.unequip(0, 0).is_none());
        assert_eq!(s.ships[1].upgrades.len(), 1);
    }

    #[test]
    fn a_card_that_grants_a_slot_of_its_type_takes_the_ships_own() {
        let rules = crate::squad::Rules::embedded().unwrap();
        let mut squad = Squad::new("standard", "rebel");
        squad.ships.push(SquadShip {
            pilot: CardRef::Xws("leebo".into()),
            upgrades: vec![
                Equipped::new(CardRef::Xws("smugglingcompartment".into()), None),
                Equipped::new(CardRef::Xws("stealthdevice".into()), None),
            ],
        });
        place(&rules.db, &mut squad.ships[0]);
        let report = rules.validate(&squad);
        let bar = crate::squad::UpgradeBar::seat(&rules.db, &squad.ships[0], &report.ships[0].bar);
        let origin_of = |upgrade: usize| {
            let seat = bar.seats.iter().find(|s| s.holder == Some(upgrade));
            seat.map(|s| s.slot.origin.clone())
        };
        // The compartment sits in the ship's own Modification slot, the
        // Stealth Device in the one the compartment grants.
        assert_eq!(origin_of(0), Some(crate::squad::SlotOrigin::Implicit));
        assert_eq!(
            origin_of(1),
            Some(crate::squad::SlotOrigin::Granted(
                "smugglingcompartment".into()
            ))
        );
        assert!(report.legal, "{:?}", report.problems);
    }

    #[test]
    fn the_default_format_follows_huge_ships() {
        let db = Database::embedded().unwrap();
        let mut s = Squad::new(DEFAULT_FORMAT, DEFAULT_FACTION);
        s.add_ship(CardRef::Xws("cartelspacer".into()));
        assert_eq!(s.default_format(&db), "standard");
        s.add_ship(CardRef::Xws("croccruiser".into()));
        assert_eq!(s.default_format(&db), "epic");
    }
}
