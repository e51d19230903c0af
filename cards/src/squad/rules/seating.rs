//! Who sits where on a ship's effective bar. The rules engine reads it on
//! every validation (a card with no seat of its own is a problem), and the
//! builder shows it (`squad/bar.rs`, [`crate::squad::UpgradeBar`]).
//!
//! A card that occupies several slots (Jabba the Hutt: two Crew) fills its
//! own slot and the next free ones of that type. A card whose slot the bar
//! no longer has, or whose slot another card already holds, is unseated.

use smallvec::SmallVec;

use super::verdict::BarSlot;
use crate::catalog::{Database, Upgrade};
use crate::squad::{Equipped, SlotRef, SquadShip};

/// A seat's (holder, continued): the upgrade (by index in the ship's list)
/// in the slot, and whether it sits in an earlier slot and fills this one
/// too.
type Held = (Option<usize>, bool);

/// Who sits where, without copying the bar: what
/// [`crate::squad::UpgradeBar::seat`] shows, and what the rules engine
/// reads on every validation.
pub(crate) struct Seating {
    /// (holder, continued), parallel to the bar.
    pub(crate) holders: SmallVec<[Held; 16]>,
    /// Upgrades (by index) with no seat.
    pub(crate) unseated: Vec<usize>,
}

impl Seating {
    /// Seats the ship's upgrades on its effective bar.
    pub(crate) fn new(db: &Database, ship: &SquadShip, bar: &[BarSlot]) -> Seating {
        let cards: Vec<Option<&Upgrade>> =
            ship.upgrades.iter().map(|e| e.card.upgrade(db)).collect();
        Seating::of_cards(ship, &cards, bar)
    }

    /// Seats the ship's upgrades, each already looked up (`cards` is
    /// parallel to `ship.upgrades`): the rules engine has them resolved.
    pub(crate) fn of_cards(
        ship: &SquadShip,
        cards: &[Option<&Upgrade>],
        bar: &[BarSlot],
    ) -> Seating {
        // (holder, continued), parallel to the bar.
        let mut seats: SmallVec<[Held; 16]> = smallvec::smallvec![(None, false); bar.len()];
        let mut unseated = Vec::new();
        // First every card takes the slot it names, then multi-slot cards
        // fill the next free slots of their type.
        let seated = seat_named_slots(ship, cards, bar, &mut seats, &mut unseated);
        for (i, slot) in seated {
            let width = cards.get(i).copied().flatten().map_or(1, |card| {
                card.slots.iter().filter(|k| **k == slot.kind).count()
            });
            fill_next_slots(&mut seats, bar, (i, slot), width);
        }
        unseated.sort_unstable();
        Seating {
            holders: seats,
            unseated,
        }
    }

    /// The upgrade sitting in (or filling) a slot of `bar`, the bar this
    /// seating was made on.
    pub(crate) fn holder(&self, bar: &[BarSlot], slot: &SlotRef) -> Option<usize> {
        bar.iter()
            .position(|s| s.slot == *slot)
            .and_then(|at| self.holders[at].0)
    }
}

/// The order cards seat in: slot order; of two cards naming one slot, the
/// order of the cards themselves (not of the list) decides, so the same
/// cards seat the same way however the list is ordered.
fn seating_order(ship: &SquadShip) -> SmallVec<[usize; 16]> {
    let mut order: SmallVec<[usize; 16]> = (0..ship.upgrades.len()).collect();
    order.sort_by_key(|&i| {
        let e = &ship.upgrades[i];
        let slot = e.slot.as_ref();
        (
            slot.is_none(),
            slot.map(|s| (s.kind.as_str(), s.index)),
            &e.card,
            e.choice.as_deref(),
            i,
        )
    });
    order
}

/// Each card takes the slot it names, where that slot is free and may hold
/// it; the others are unseated. Returns the cards seated, with their slots.
fn seat_named_slots<'s>(
    ship: &'s SquadShip,
    cards: &[Option<&Upgrade>],
    bar: &[BarSlot],
    seats: &mut [Held],
    unseated: &mut Vec<usize>,
) -> SmallVec<[(usize, &'s SlotRef); 16]> {
    let mut seated: SmallVec<[(usize, &SlotRef); 16]> = SmallVec::new();
    for i in seating_order(ship) {
        let equipped = &ship.upgrades[i];
        let Some(slot) = &equipped.slot else {
            unseated.push(i);
            continue;
        };
        // A card sits only in a slot of its own type, or one that also
        // holds its type (a link or another builder may name any slot);
        // an unknown card wherever it is named.
        if !card_fits_bar_slot(cards.get(i).copied().flatten(), slot, bar) {
            unseated.push(i);
            continue;
        }
        match seats
            .iter_mut()
            .zip(bar)
            .find(|(s, b)| b.slot == *slot && s.0.is_none())
        {
            Some((seat, _)) => {
                seat.0 = Some(i);
                seated.push((i, slot));
            }
            None => unseated.push(i),
        }
    }
    seated
}

/// A card `width` slots wide, seated in `slot`, fills as many more free
/// slots of that type: the next free slot after its own, else the nearest
/// before it (named at the last Crew slot, Jabba fills the one before).
fn fill_next_slots(
    seats: &mut [Held],
    bar: &[BarSlot],
    (i, slot): (usize, &SlotRef),
    width: usize,
) {
    for _ in 1..width {
        let free = |(s, b): (&Held, &BarSlot)| b.slot.kind == slot.kind && s.0.is_none();
        let after = seats
            .iter()
            .zip(bar)
            .position(|p| free(p) && p.1.slot.index > slot.index);
        let before = seats
            .iter()
            .zip(bar)
            .rposition(|p| free(p) && p.1.slot.index < slot.index);
        if let Some(at) = after.or(before) {
            seats[at] = (Some(i), true);
        }
    }
}

/// Whether an equipped card may sit in `slot` of this bar: [`fits_slot`],
/// or the bar's slot also holds the card's type (Ordnance Tubes).
pub fn fits_bar_slot(db: &Database, equipped: &Equipped, slot: &SlotRef, bar: &[BarSlot]) -> bool {
    card_fits_bar_slot(equipped.card.upgrade(db), slot, bar)
}

/// [`fits_bar_slot`] for a card already looked up (`None`: unknown).
pub(super) fn card_fits_bar_slot(card: Option<&Upgrade>, slot: &SlotRef, bar: &[BarSlot]) -> bool {
    card.is_none_or(|card| {
        card.slots.iter().any(|k| *k == slot.kind)
            || bar.iter().any(|s| s.slot == *slot && s.holds(card.slot()))
    })
}

/// Whether an equipped card may sit in `slot`: a known card only in a
/// slot of one of its types.
pub fn fits_slot(db: &Database, equipped: &Equipped, slot: &SlotRef) -> bool {
    equipped
        .card
        .upgrade(db)
        .is_none_or(|card| card.slots.iter().any(|k| *k == slot.kind))
}
