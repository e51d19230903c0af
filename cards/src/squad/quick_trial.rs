//! An option's quick trial. Most cards a slot could take change nothing
//! on their ship but their own place and cost: no slot, stat, action,
//! discount or filter. Such a card is checked against its ship resolved
//! once without it, rather than by resolving and checking the whole ship
//! again for each card of the pool.
//!
//! `Rules::options` takes this trial where it applies and the ship's whole
//! trial elsewhere. The test `options_match_whole_validation` (in
//! `rules.rs`) holds the options equal to validating the whole squad with
//! each card equipped.

use std::collections::{BTreeMap, BTreeSet};

use smallvec::SmallVec;

use super::bar::{Seating, card_fits_bar_slot};
use super::format_checks;
use super::rules::{
    Fitted, Resolved, UniqueCopy, UniqueName, add, discounted_cost, slot_supply, unfitted,
    unique_copies,
};
use super::ship_checks::ShipCheck;
use crate::catalog::{Effects, Face, Format, Upgrade};
use crate::squad::{CardRef, Code, Equipped, Problem, Report, Rules, SlotRef, SquadShip};

/// A squad without the card of one slot, resolved and checked once, for
/// the quick trials of the cards that slot could take.
pub(super) struct QuickTrial<'a> {
    rules: &'a Rules,
    check: ShipCheck<'a>,
    slot: &'a SlotRef,
    /// The squad's ships as they are, the slot's ship without its card.
    resolved: &'a [Resolved<'a>],
    format: Option<&'a Format>,
    /// The squad problems the squad has without the card: (code, card).
    before: &'a BTreeSet<(Code, Option<&'a str>)>,
    /// XWS names of the ship's pilot and cards, and of every card a
    /// problem of the ship names: a card with one of these names would
    /// share their problems, so it takes the whole trial.
    names_on_ship: SmallVec<[&'a str; 16]>,
    unique: BTreeMap<UniqueName<'a>, SmallVec<[UniqueCopy<'a>; 2]>>,
    points: i32,
    /// Free slots of each type once every card of the ship sits, where
    /// every card fits and no slot holds another type; `None` otherwise.
    free: Option<BTreeMap<&'a str, usize>>,
}

impl<'a> QuickTrial<'a> {
    /// The quick trial of the slot `slot` of the check's ship, or `None`
    /// where the ship's cards could answer a new card (one holds a choice
    /// still open, one settled only on a later pass, one is unknown, one
    /// filters or keeps distinct the cards of a slot type, or the slot is
    /// gone or filled by another card).
    pub(super) fn new(
        rules: &'a Rules,
        check: ShipCheck<'a>,
        slot: &'a SlotRef,
        (ship, open_choice): (&'a SquadShip, bool),
        resolved: &'a [Resolved<'a>],
        (report, before): (&'a Report, &'a BTreeSet<(Code, Option<&'a str>)>),
    ) -> Option<QuickTrial<'a>> {
        let base = resolved.get(check.ship)?;
        let pilot = base.pilot?;
        let reads_other_cards = |c: &Upgrade| {
            !c.effects.distinct_slots.is_empty() || !c.effects.grant_filters.is_empty()
        };
        if open_choice
            || !base.settled_at_once
            || base
                .upgrades
                .iter()
                .any(|f| f.card.is_none_or(reads_other_cards))
        {
            return None;
        }
        let bar = &base.report.bar;
        let cards: SmallVec<[Option<&Upgrade>; 16]> =
            base.upgrades.iter().map(|f| f.card).collect();
        if !bar.iter().any(|s| s.slot == *slot)
            || Seating::of_cards(ship, &cards, bar)
                .holder(bar, slot)
                .is_some()
        {
            return None;
        }
        let names_on_ship = std::iter::once(pilot.xws.as_str())
            .chain(cards.iter().flatten().map(|c| c.xws.as_str()))
            .chain(
                report
                    .ship_problems(check.ship)
                    .filter_map(|p| p.card.as_deref()),
            )
            .collect();
        let all: Vec<&Resolved> = resolved.iter().collect();
        let free =
            (base.unfitted.is_empty() && bar.iter().all(|s| s.also_holds.is_empty())).then(|| {
                let mut free = slot_supply(bar);
                for kind in cards.iter().flatten().flat_map(|c| &c.slots) {
                    if let Some(n) = free.get_mut(kind.as_str()) {
                        *n = n.saturating_sub(1);
                    }
                }
                free
            });
        Some(QuickTrial {
            free,
            rules,
            format: check.format,
            check,
            slot,
            resolved,
            before,
            names_on_ship,
            unique: unique_copies(&all),
            points: resolved.iter().map(|r| r.report.points).sum(),
        })
    }

    /// The card's problems in the slot, and the squad problems it would
    /// add; `None` where the card takes the whole trial: it changes the
    /// ship, shares a name with it, or would push one of the ship's cards
    /// off the bar.
    pub(super) fn try_card(&self, card: &'a Upgrade) -> Option<(Vec<Problem>, Vec<Problem>)> {
        let (ship, slot, base) = (self.check.ship, self.slot, &self.resolved[self.check.ship]);
        let bar = &base.report.bar;
        if !confers_nothing(card)
            || self.names_on_ship.contains(&card.xws.as_str())
            || !card_fits_bar_slot(Some(card), slot, bar)
        {
            return None;
        }
        let equipped = Equipped::new(CardRef::Id(card.id), Some(slot.clone()));
        let trial = Fitted {
            equipped: &equipped,
            card: Some(card),
        };
        let mut own = Vec::new();
        if !self.room_for(card) {
            let mut fitted: SmallVec<[Fitted; 16]> = base
                .upgrades
                .iter()
                .map(|f| Fitted {
                    equipped: f.equipped,
                    card: f.card,
                })
                .collect();
            let at = fitted.len();
            fitted.push(Fitted {
                equipped: &equipped,
                card: Some(card),
            });
            // The bar settled at once without the card, and the card
            // changes it in no way: only a card it pushes off the bar could
            // unsettle it.
            let short = unfitted(bar, &fitted);
            if short.iter().any(|(u, ..)| *u != at && base.confers[*u]) {
                return None;
            }
            if let Some(&(_, kind, n, free)) = short.iter().find(|(u, ..)| *u == at) {
                let supply = slot_supply(bar);
                let problem = self
                    .rules
                    .unfitted_problem(ship, &trial, (kind, n, free), &supply);
                add(&mut own, problem);
            }
        }
        // The ship's stats, actions and bar are those without the card.
        self.check.upgrade(base, &trial, &mut own);
        own.retain(|p| p.code != Code::ChoiceRequired);
        if card.unique
            && let Some((name, copies)) = self.unique.get_key_value(&UniqueName(card.name()))
        {
            let copy: UniqueCopy = (ship, Some(slot), &card.xws);
            let mut all = copies.clone();
            all.push(copy);
            // The name of the first copy met, ships in order and the
            // trial card last on its ship.
            let first = if copies[0].0 <= ship {
                name.0
            } else {
                card.name()
            };
            own.push(self.rules.unique_duplicate(first, &all, &copy));
        }
        let copy_counted = self
            .format
            .is_some_and(|format| format_checks::copy_counted(format, card));
        // Copies of the card in the squad, with it: only a squad limit and
        // the format's copy limit count them.
        let count = if card.squad_limit.is_some() || copy_counted {
            let mut count = 1;
            for c in self
                .resolved
                .iter()
                .flat_map(|r| &r.upgrades)
                .filter_map(|f| f.card)
            {
                if c.xws == card.xws {
                    // Another card of the same XWS name would name the
                    // squad's problems.
                    if c.id != card.id {
                        return None;
                    }
                    count += 1;
                }
            }
            count
        } else {
            1
        };
        add(
            &mut own,
            format_checks::squad_limit_problem(card, ship, &trial, count),
        );
        let mut squad = Vec::new();
        if let Some(format) = self.format {
            let cost = discounted_cost(card, usize::MAX, &base.upgrades, &base.confers);
            add(
                &mut squad,
                format_checks::points_limit(format, self.points + cost),
            );
            if copy_counted {
                add(
                    &mut squad,
                    format_checks::copy_limit_problem(format, card, count),
                );
            }
        }
        squad.retain(|p| !self.before.contains(&(p.code, p.card.as_deref())));
        for problems in [&mut own, &mut squad] {
            problems.sort();
            problems.dedup();
        }
        #[cfg(test)]
        ANSWERED.with(|n| n.set(n.get() + 1));
        Some((own, squad))
    }
}

#[cfg(test)]
thread_local! {
    /// How many cards this thread's quick trials answered: the tests show
    /// the quick trial ran, not only the whole one.
    pub(super) static ANSWERED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl QuickTrial<'_> {
    /// Whether the ship has a free slot for every slot the card fills, so
    /// that it fits and moves no other card, in whatever order the cards
    /// are placed (every card of the ship fits, so none was short).
    fn room_for(&self, card: &Upgrade) -> bool {
        self.free.as_ref().is_some_and(|free| {
            card.slots.iter().all(|kind| {
                let need = card.slots.iter().filter(|k| *k == kind).count();
                free.get(kind.as_str()).is_some_and(|n| *n >= need)
            })
        })
    }
}

/// Whether equipping the card changes nothing the rules read of its ship
/// or its other cards: no slot gained, lost, aliased, forbidden or
/// filtered, no stat, action, skill or energy change and no discount (the
/// conditions it brings are listed, never checked). Effects compare whole,
/// so an effect added later counts as a change until this says otherwise.
fn confers_nothing(card: &Upgrade) -> bool {
    let e = &card.effects;
    // Spent in play, or only listed beside the ship: no rule reads them.
    let in_play_only = Effects {
        energy_after_recover: e.energy_after_recover,
        conditions: e.conditions.clone(),
        ..Effects::default()
    };
    *e == in_play_only
        && card.faces.iter().all(|face| {
            let Face {
                name: _,
                text: _,
                attack: _,
                range: _,
                stat_changes,
                actions_gained,
                skill_change,
            } = face;
            stat_changes.is_empty() && actions_gained.is_empty() && skill_change.is_none()
        })
}
