//! The upgrade bar as a player sees it: each slot of a ship's effective bar
//! with the card sitting in it.
//!
//! The rules engine counts slots; the builder must also show *where* each
//! card sits. A card that occupies several slots (Jabba the Hutt: two Crew)
//! fills its own slot and the next free ones of that type. A card whose slot
//! the bar no longer has (Merchant One removed, say) or whose slot another
//! card already holds is *unseated*: it stays in the squad and is listed
//! apart with its problems, never dropped. Who sits where is decided in
//! `rules/seating.rs`, which the engine reads too; this is what the
//! builder shows of it.
//!
//! ```
//! use cards::squad::UpgradeBar;
//! use cards::squad::Rules;
//! use cards::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};
//!
//! let rules = Rules::embedded().unwrap();
//! let mut squad = Squad::new("epic", "scum");
//! squad.ships.push(SquadShip {
//!     pilot: CardRef::Xws("croccruiser".into()),
//!     upgrades: vec![Equipped::new(CardRef::Xws("jabbathehutt".into()), Some(SlotRef::new("crew", 0)))],
//! });
//! let report = rules.validate(&squad);
//! let bar = UpgradeBar::seat(&rules.db, &squad.ships[0], &report.ships[0].bar);
//! // Jabba fills both printed Crew slots.
//! assert_eq!(bar.seats[0].holder, Some(0));
//! assert_eq!(bar.seats[1].holder, Some(0));
//! assert!(bar.seats[1].continued);
//! assert!(bar.unseated.is_empty());
//! ```

use super::rules::Seating;
use crate::catalog::Database;
use crate::squad::{BarSlot, Problem};
use crate::squad::{CardRef, Equipped, SlotRef, SquadShip};

/// One slot of the bar and the upgrade (by index in the ship's list) in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub slot: BarSlot,
    /// Index into `SquadShip::upgrades` of the card in this slot.
    pub holder: Option<usize>,
    /// The holder sits in an earlier slot and fills this one too.
    pub continued: bool,
}

/// A ship's bar with its cards seated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpgradeBar {
    pub seats: Vec<Seat>,
    /// Upgrades (by index) with no seat: kept and shown, never dropped.
    pub unseated: Vec<usize>,
}

impl UpgradeBar {
    /// Seats the ship's upgrades on its effective bar (from the engine's
    /// [`crate::squad::ShipReport::bar`]).
    pub fn seat(db: &Database, ship: &SquadShip, bar: &[BarSlot]) -> UpgradeBar {
        let seating = Seating::new(db, ship, bar);
        let seats = bar
            .iter()
            .zip(seating.holders)
            .map(|(slot, (holder, continued))| Seat {
                slot: slot.clone(),
                holder,
                continued,
            })
            .collect();
        UpgradeBar {
            seats,
            unseated: seating.unseated,
        }
    }

    /// Sorts a ship's problems to where the builder shows them: on the
    /// slot of the card concerned, on an unseated card, or on the ship.
    pub fn place_problems(
        &self,
        db: &Database,
        ship: &SquadShip,
        problems: impl IntoIterator<Item = Problem>,
    ) -> PlacedProblems {
        let mut placed = PlacedProblems {
            seats: vec![Vec::new(); self.seats.len()],
            unseated: vec![Vec::new(); self.unseated.len()],
            ship: Vec::new(),
        };
        let concerns = |p: &Problem, u: usize| {
            ship.upgrades
                .get(u)
                .is_some_and(|e| p.slot.is_some() && p.slot == e.slot && names(db, p, e))
        };
        for p in problems {
            if let Some(at) = self
                .seats
                .iter()
                .position(|s| !s.continued && s.holder.is_some_and(|u| concerns(&p, u)))
            {
                placed.seats[at].push(p);
            } else if let Some(at) = self.unseated.iter().position(|&u| concerns(&p, u)) {
                placed.unseated[at].push(p);
            } else {
                placed.ship.push(p);
            }
        }
        placed
    }

    /// The upgrade sitting in (or filling) a slot.
    pub fn holder(&self, slot: &SlotRef) -> Option<usize> {
        self.seats
            .iter()
            .find(|s| s.slot.slot == *slot)
            .and_then(|s| s.holder)
    }
}

/// A ship's problems sorted to where they are shown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlacedProblems {
    /// Parallel to [`UpgradeBar::seats`].
    pub seats: Vec<Vec<Problem>>,
    /// Parallel to [`UpgradeBar::unseated`].
    pub unseated: Vec<Vec<Problem>>,
    /// The pilot's and the ship's own problems.
    pub ship: Vec<Problem>,
}

/// Whether a problem names this equipped card (unknown cards carry their
/// XWS name, or no name when they were named by id).
fn names(db: &Database, p: &Problem, e: &Equipped) -> bool {
    match (&p.card, e.card.upgrade(db)) {
        (Some(xws), Some(card)) => *xws == card.xws,
        (Some(xws), None) => matches!(&e.card, CardRef::Xws(x) if x == xws),
        (None, None) => true,
        (None, Some(_)) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::{CardRef, Equipped, Squad};
    use crate::squad::{Reason, Rules, SlotReason};

    fn seat(upgrades: &[(&str, Option<(&str, u8)>)]) -> UpgradeBar {
        let rules = Rules::embedded().unwrap();
        let mut squad = Squad::new("epic", "scum");
        squad.ships.push(SquadShip {
            pilot: CardRef::Xws("croccruiser".into()),
            upgrades: upgrades
                .iter()
                .map(|(card, slot)| {
                    Equipped::new(
                        CardRef::Xws(card.to_string()),
                        slot.map(|(k, i)| SlotRef::new(k, i)),
                    )
                })
                .collect(),
        });
        let report = rules.validate(&squad);
        UpgradeBar::seat(&rules.db, &squad.ships[0], &report.ships[0].bar)
    }

    #[test]
    fn a_second_card_in_a_taken_slot_is_unseated_not_dropped() {
        let bar = seat(&[
            ("azmorigan", Some(("crew", 0))),
            ("cikatrovizago", Some(("crew", 0))),
        ]);
        assert_eq!(bar.holder(&SlotRef::new("crew", 0)), Some(0));
        assert_eq!(bar.unseated, vec![1]);
    }

    /// Issue 13.3: a card named in a slot of another type is shown apart.
    #[test]
    fn a_card_named_in_a_slot_of_another_type_is_unseated() {
        let bar = seat(&[("merchantone", Some(("crew", 0)))]);
        assert_eq!(bar.holder(&SlotRef::new("crew", 0)), None);
        assert_eq!(bar.unseated, vec![0]);
        let rules = Rules::embedded().unwrap();
        let mut squad = Squad::new("epic", "scum");
        squad.ships.push(SquadShip {
            pilot: CardRef::Xws("croccruiser".into()),
            upgrades: vec![Equipped::new(
                CardRef::Xws("merchantone".into()),
                Some(SlotRef::new("crew", 0)),
            )],
        });
        let report = rules.validate(&squad);
        assert!(
            // It names a Crew slot, but it is a Title card.
            report.problems.iter().any(|p| matches!(
                &p.reason,
                Reason::Slot(SlotReason::WrongSlotType { named, kind, .. })
                    if named == "crew" && kind == "title"
            )),
            "{:#?}",
            report.problems
        );
        // In its own slot it sits there.
        let bar = seat(&[("merchantone", Some(("title", 0)))]);
        assert_eq!(bar.holder(&SlotRef::new("title", 0)), Some(0));
    }

    /// Issue 13.4: named at the last Crew slot, Jabba fills the one before.
    #[test]
    fn jabba_named_at_the_last_crew_slot_fills_the_one_before() {
        let bar = seat(&[("jabbathehutt", Some(("crew", 1)))]);
        assert_eq!(bar.holder(&SlotRef::new("crew", 1)), Some(0));
        assert_eq!(bar.holder(&SlotRef::new("crew", 0)), Some(0));
        assert!(
            bar.seats
                .iter()
                .any(|s| s.continued && s.slot.slot == SlotRef::new("crew", 0))
        );
        assert!(bar.unseated.is_empty());
    }

    #[test]
    fn a_slot_the_bar_lost_leaves_its_card_unseated() {
        // Without Merchant One the C-ROC has one Team slot.
        let bar = seat(&[("igrmthugdroids", Some(("team", 1)))]);
        assert_eq!(bar.unseated, vec![0]);
    }

    #[test]
    fn jabba_fills_the_next_free_crew_slot() {
        let bar = seat(&[
            ("merchantone", Some(("title", 0))),
            ("azmorigan", Some(("crew", 1))),
            ("jabbathehutt", Some(("crew", 0))),
        ]);
        assert_eq!(bar.holder(&SlotRef::new("crew", 0)), Some(2));
        assert_eq!(bar.holder(&SlotRef::new("crew", 1)), Some(1));
        assert_eq!(bar.holder(&SlotRef::new("crew", 2)), Some(2));
        assert!(bar.unseated.is_empty());
    }

    #[test]
    fn problems_land_on_the_slot_the_unseated_card_or_the_ship() {
        let rules = Rules::embedded().unwrap();
        let mut squad = Squad::new("standard", "rebel");
        squad.add_ship(CardRef::Xws("croccruiser".into()));
        squad.equip(
            0,
            SlotRef::new("crew", 0),
            CardRef::Xws("cikatrovizago".into()),
        );
        squad.equip(0, SlotRef::new("team", 3), CardRef::Id(214));
        squad.equip(0, SlotRef::new("cargo", 0), CardRef::Id(999));
        let report = rules.validate(&squad);
        let bar = UpgradeBar::seat(&rules.db, &squad.ships[0], &report.ships[0].bar);
        let placed =
            bar.place_problems(&rules.db, &squad.ships[0], report.ship_problems(0).cloned());
        let crew = bar
            .seats
            .iter()
            .position(|s| s.slot.slot == SlotRef::new("crew", 0))
            .unwrap();
        let cargo = bar
            .seats
            .iter()
            .position(|s| s.slot.slot == SlotRef::new("cargo", 0))
            .unwrap();
        let codes = |ps: &[Problem]| ps.iter().map(|p| p.code.as_str()).collect::<Vec<_>>();
        assert_eq!(codes(&placed.seats[crew]), ["faction-mismatch"]);
        assert_eq!(codes(&placed.seats[cargo]), ["unknown-card"]);
        assert_eq!(bar.unseated, vec![1]);
        assert_eq!(codes(&placed.unseated[0]), ["slot-missing"]);
        // The Scum pilot in a Rebel squad, in Standard: the ship's own problems.
        assert!(codes(&placed.ship).contains(&"faction-mismatch"));
        assert!(codes(&placed.ship).contains(&"epic-only"));
    }

    #[test]
    fn unknown_cards_and_cards_without_a_slot_are_unseated() {
        let bar = seat(&[("notacard", Some(("crew", 0))), ("azmorigan", None)]);
        assert_eq!(bar.holder(&SlotRef::new("crew", 0)), Some(0));
        assert_eq!(bar.unseated, vec![1]);
    }
}
