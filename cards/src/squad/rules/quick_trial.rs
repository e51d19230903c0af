//! An option's quick trial. Most cards a slot could take change nothing
//! on their ship but their own place and cost: no slot, stat, action,
//! discount or filter. Such a card is checked against its ship resolved
//! once without it, rather than by resolving and checking the whole ship
//! again for each card of the pool. A card that only adds upgrade icons or
//! actions is checked against the ship with those added ([`Reach`]).
//!
//! `Rules::options` takes this trial where it applies and the ship's whole
//! trial elsewhere. The tests `options_match_whole_validation` and
//! `options_match_whole_validation_on_random_squads` (in `options.rs`) hold
//! the options equal to validating the whole squad with each card
//! equipped.

use std::collections::{BTreeMap, BTreeSet};

use smallvec::SmallVec;

use super::format_checks;
use super::resolve::{allowed_on, effective_bar};
use super::resolved::{
    Fitted, Resolved, UniqueCopy, UniqueName, discounted_cost, limited_duplicate, sieve_bit,
    slot_supply, unfitted, unique_copies,
};
use super::seating::{Seating, card_fits_bar_slot};
use super::ship_checks::{ShipCheck, unfitted_problem};
use super::squad_checks::unique_duplicate;
use super::verdict::{Code, Problem, add, tidy};
use crate::catalog::{Effects, Face, Format, Upgrade};
use crate::squad::{CardRef, Equipped, SlotRef, SquadShip};

/// A squad without the card of one slot, resolved and checked once, for
/// the quick trials of the cards that slot could take.
pub(super) struct QuickTrial<'a> {
    check: ShipCheck<'a>,
    slot: &'a SlotRef,
    /// The squad's ships as they are, the slot's ship without its card.
    resolved: &'a [Resolved<'a>],
    format: Option<&'a Format>,
    /// The squad problems the squad has without the card: (code, card).
    before: &'a BTreeSet<(Code, Option<&'a str>)>,
    /// XWS names of the ship's pilot and cards, and of every card a
    /// problem of the ship names: a card with one of these names would
    /// share their problems, so it takes the whole trial, unless only
    /// copies of it sit on the ship ([`QuickTrial::copies_on_ship`]).
    names_on_ship: SmallVec<[&'a str; 16]>,
    /// The bits ([`sieve_bit`]) of `names_on_ship`: a card whose bit is
    /// not among them shares no name with the ship, and most cards of a
    /// slot are told so without a comparison.
    ship_name_bits: u64,
    /// The bits ([`UniqueName::bit`]) of the squad's unique names.
    unique_name_bits: u64,
    /// Whether a card of the ship that takes effect gives discounts: where
    /// none does, every card costs what it prints.
    discounts: bool,
    /// The problems of the squad without the card, the ship's own among
    /// them: those of copies already on the ship are the trial's too.
    problems: &'a [Problem],
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
        check: ShipCheck<'a>,
        slot: &'a SlotRef,
        (ship, open_choice): (&'a SquadShip, bool),
        resolved: &'a [Resolved<'a>],
        (problems, before): (&'a [Problem], &'a BTreeSet<(Code, Option<&'a str>)>),
    ) -> Option<QuickTrial<'a>> {
        let base = resolved.get(check.ship)?;
        let pilot = base.pilot?;
        if open_choice || !cards_answer_alone(base) {
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
        let names_on_ship: SmallVec<[&str; 16]> = std::iter::once(pilot.xws.as_str())
            .chain(cards.iter().flatten().map(|c| c.xws.as_str()))
            .chain(
                problems
                    .iter()
                    .filter(|p| p.ship == Some(check.ship))
                    .filter_map(|p| p.card.as_deref()),
            )
            .collect();
        let ship_name_bits = names_on_ship
            .iter()
            .fold(0, |bits, name| bits | name_bit(name));
        let discounts = base.upgrades.iter().zip(&base.confers).any(|(f, confers)| {
            *confers && f.card.is_some_and(|c| !c.effects.discounts.is_empty())
        });
        let all: Vec<&Resolved> = resolved.iter().collect();
        let unique = unique_copies(&all);
        let unique_name_bits = unique.keys().fold(0, |bits, name| bits | name.bit());
        Some(QuickTrial {
            free: free_slots(base, &cards),
            format: check.format,
            check,
            slot,
            resolved,
            before,
            names_on_ship,
            ship_name_bits,
            unique_name_bits,
            discounts,
            problems,
            unique,
            points: resolved.iter().map(|r| r.report.points).sum(),
        })
    }

    /// The card's problems in the slot, and the squad problems it would
    /// add; `None` where the card takes the whole trial: it changes the
    /// ship, shares a name with it, or would push one of the ship's cards
    /// off the bar.
    pub(super) fn try_card(&self, card: &'a Upgrade) -> Option<(Vec<Problem>, Vec<Problem>)> {
        let (ship, slot, base) = (self.check.ship, self.slot, &self.resolved[self.check.ship]);
        let reach = reach(card)?;
        let named_on_ship = self.ship_name_bits & name_bit(&card.xws) != 0
            && self.names_on_ship.contains(&card.xws.as_str());
        let copies = if named_on_ship {
            self.copies_on_ship(card, reach)
        } else {
            SmallVec::new()
        };
        if (copies.is_empty() && named_on_ship)
            || !card_fits_bar_slot(Some(card), slot, &base.report.bar)
        {
            return None;
        }
        let equipped = Equipped::new(CardRef::Id(card.id), Some(slot.clone()));
        let trial = Fitted {
            equipped: &equipped,
            card: Some(card),
        };
        let mut own = Vec::new();
        let added = self.ship_with_card(card, reach, &trial, &mut own)?;
        self.check
            .upgrade(added.as_ref().unwrap_or(base), &trial, &mut own);
        own.retain(|p| p.code != Code::ChoiceRequired);
        self.copies_problems(card, &copies, &trial, &mut own);
        self.unique_problems(card, &mut own);
        let copy_counted = self
            .format
            .is_some_and(|format| format_checks::copy_counted(format, card));
        let count = self.squad_copies(card, copy_counted)?;
        for f in copies.iter().copied().chain([&trial]) {
            add(
                &mut own,
                format_checks::squad_limit_problem(card, ship, f, count),
            );
        }
        let mut squad = self.squad_problems(card, count, copy_counted);
        for problems in [&mut own, &mut squad] {
            tidy(problems);
        }
        #[cfg(test)]
        ANSWERED.with(|n| n.set(n.get() + 1));
        Some((own, squad))
    }

    /// The ship the card is checked on: with the card's slots and actions
    /// where it adds some and takes effect, otherwise (`Some(None)`) the
    /// ship as it is without the card, a card left without a slot noted in
    /// `own`. `None` where the card takes the whole trial.
    fn ship_with_card<'r>(
        &self,
        card: &'r Upgrade,
        reach: Reach,
        trial: &Fitted<'r>,
        own: &mut Vec<Problem>,
    ) -> Option<Option<Resolved<'r>>>
    where
        'a: 'r,
    {
        let (ship, base) = (self.check.ship, &self.resolved[self.check.ship]);
        let bar = &base.report.bar;
        if reach == Reach::Adds {
            // Its slots could seat a card the ship had no room for.
            if !self.room_for(card) {
                return None;
            }
            return Some(
                self.takes_effect(card)
                    .then(|| self.with_additions(base, trial.equipped, card)),
            );
        }
        if !self.room_for(card) {
            let fitted = with_trial_card(base, trial.equipped, card);
            let at = fitted.len() - 1;
            // The bar settled at once without the card, and the card
            // changes it in no way: only a card it pushes off the bar could
            // unsettle it.
            let short = unfitted(bar, &fitted);
            if short.iter().any(|(u, ..)| *u != at && base.confers[*u]) {
                return None;
            }
            if let Some(&(_, kind, n, free)) = short.iter().find(|(u, ..)| *u == at) {
                let supply = slot_supply(bar);
                let problem = unfitted_problem(ship, trial, (kind, n, free), &supply);
                add(own, problem);
            }
        }
        Some(None)
    }

    /// The copies already on the ship keep their problems, but for those
    /// that count copies: a Limited card's are written again below, for
    /// every copy on the ship, with the trial card counted.
    fn copies_problems(
        &self,
        card: &Upgrade,
        copies: &[&Fitted],
        trial: &Fitted,
        own: &mut Vec<Problem>,
    ) {
        if copies.is_empty() {
            return;
        }
        let ship = self.check.ship;
        own.extend(
            self.problems
                .iter()
                .filter(|p| p.ship == Some(ship) && p.card.as_deref() == Some(card.xws.as_str()))
                .filter(|p| !COUNTS_COPIES.contains(&p.code) && p.code != Code::ChoiceRequired)
                .cloned(),
        );
        if card.limited {
            for f in copies.iter().copied().chain([trial]) {
                own.push(limited_duplicate(ship, f, copies.len() + 1));
            }
        }
    }

    /// A unique card whose name the squad already holds.
    fn unique_problems(&self, card: &'a Upgrade, own: &mut Vec<Problem>) {
        let (ship, slot) = (self.check.ship, self.slot);
        if !card.unique || self.unique_name_bits & UniqueName(card.name()).bit() == 0 {
            return;
        }
        let Some((name, same_name)) = self.unique.get_key_value(&UniqueName(card.name())) else {
            return;
        };
        let copy: UniqueCopy = (ship, Some(slot), &card.xws);
        let mut all = same_name.clone();
        all.push(copy);
        // The name of the first copy met, ships in order and the trial
        // card last on its ship.
        let first = if same_name[0].0 <= ship {
            name.0
        } else {
            card.name()
        };
        for copy in all.iter().filter(|c| c.0 == ship && c.2 == card.xws) {
            own.push(unique_duplicate(self.check.db, first, &all, copy));
        }
    }

    /// Copies of the card in the squad, with it: only a squad limit and the
    /// format's copy limit count them (1 otherwise). `None` where another
    /// card of the same XWS name would name the squad's problems.
    fn squad_copies(&self, card: &Upgrade, copy_counted: bool) -> Option<usize> {
        if card.squad_limit.is_none() && !copy_counted {
            return Some(1);
        }
        let mut count = 1;
        for c in self
            .resolved
            .iter()
            .flat_map(|r| &r.upgrades)
            .filter_map(|f| f.card)
            .filter(|c| c.xws == card.xws)
        {
            if c.id != card.id {
                return None;
            }
            count += 1;
        }
        Some(count)
    }

    /// The squad problems the card adds: the points limit and the format's
    /// copy limit, less those the squad had without it.
    fn squad_problems(&self, card: &Upgrade, count: usize, copy_counted: bool) -> Vec<Problem> {
        let mut squad = Vec::new();
        let Some(format) = self.format else {
            return squad;
        };
        let base = &self.resolved[self.check.ship];
        let cost = if self.discounts {
            discounted_cost(card, usize::MAX, &base.upgrades, &base.confers)
        } else {
            card.points
        };
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
        squad.retain(|p| !self.before.contains(&(p.code, p.card.as_deref())));
        squad
    }
}

#[cfg(test)]
thread_local! {
    /// How many cards this thread's quick trials answered: the tests show
    /// the quick trial ran, not only the whole one.
    pub(super) static ANSWERED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Whether the ship's cards, as settled, leave a new card's trial to the
/// card alone: each is known, settled on the first pass, and none filters
/// or keeps distinct the cards of a slot type.
fn cards_answer_alone(base: &Resolved<'_>) -> bool {
    let reads_other_cards =
        |c: &Upgrade| !c.effects.distinct_slots.is_empty() || !c.effects.grant_filters.is_empty();
    base.settled_at_once
        && !base
            .upgrades
            .iter()
            .any(|f| f.card.is_none_or(reads_other_cards))
}

/// The free slots of each type once the ship's `cards` sit, where every
/// card fits and no slot holds another type; `None` otherwise.
fn free_slots<'a>(
    base: &'a Resolved<'a>,
    cards: &[Option<&Upgrade>],
) -> Option<BTreeMap<&'a str, usize>> {
    let bar = &base.report.bar;
    (base.unfitted.is_empty() && bar.iter().all(|s| s.also_holds.is_empty())).then(|| {
        let mut free = slot_supply(bar);
        for kind in cards.iter().flatten().flat_map(|c| &c.slots) {
            if let Some(n) = free.get_mut(kind.as_str()) {
                *n = n.saturating_sub(1);
            }
        }
        free
    })
}

/// The bit ([`sieve_bit`]) of an XWS name.
fn name_bit(xws: &str) -> u64 {
    sieve_bit(xws.bytes().map(u32::from))
}

/// The codes of problems whose message counts a card's copies: adding a
/// copy writes them again for every copy.
const COUNTS_COPIES: [Code; 3] = [
    Code::UniqueDuplicate,
    Code::LimitedDuplicate,
    Code::SquadLimit,
];

impl<'a> QuickTrial<'a> {
    /// The copies of the card already on the ship, where a copy more
    /// changes nothing else there: the card reaches only itself
    /// ([`Reach::Itself`]), the pilot has another name, and the ship has
    /// room for the card without moving another. Empty otherwise, and
    /// where the ship has no copy.
    fn copies_on_ship(&self, card: &Upgrade, reach: Reach) -> SmallVec<[&'a Fitted<'a>; 2]> {
        let base = &self.resolved[self.check.ship];
        if reach != Reach::Itself
            || base.pilot.is_some_and(|p| p.xws == card.xws)
            || !self.room_for(card)
        {
            return SmallVec::new();
        }
        let copies: SmallVec<[&Fitted; 2]> = base
            .upgrades
            .iter()
            .filter(|f| f.card.is_some_and(|c| c.xws == card.xws))
            .collect();
        // Another card of the same XWS name is not a copy.
        if copies
            .iter()
            .any(|f| f.card.is_some_and(|c| c.id != card.id))
        {
            return SmallVec::new();
        }
        copies
    }
}

impl QuickTrial<'_> {
    /// Whether a card that fits takes effect on the ship, as
    /// `resolve.rs` decides: its own restriction allows it on the hull,
    /// and no card that takes effect forbids its slot type.
    fn takes_effect(&self, card: &Upgrade) -> bool {
        let base = &self.resolved[self.check.ship];
        let forbidden = base
            .upgrades
            .iter()
            .zip(&base.confers)
            .filter(|(_, c)| **c)
            .filter_map(|(f, _)| f.card)
            .any(|c| {
                c.effects
                    .forbidden_slots
                    .iter()
                    .any(|k| card.slots.contains(k))
            });
        !forbidden
            && allowed_on(
                self.check.db,
                card,
                base.ship,
                self.check.faction,
                self.check.present,
            )
    }

    /// The ship as it is, with the slots and actions of a card that adds
    /// only those and takes effect: the bar is built again with it (slots
    /// only grow, so every card still fits), and its actions follow the
    /// ship's.
    fn with_additions<'r>(
        &self,
        base: &Resolved<'r>,
        equipped: &'r Equipped,
        card: &'r Upgrade,
    ) -> Resolved<'r> {
        let upgrades = with_trial_card(base, equipped, card);
        let mut confers = base.confers.clone();
        confers.push(true);
        let mut report = base.report.clone();
        report.bar = effective_bar(self.check.db, base.pilot, &upgrades, &confers);
        for action in &card.face_in_play(equipped.choice.as_deref()).actions_gained {
            if !report.actions.iter().any(|a| a == action) {
                report.actions.push(action.clone());
            }
        }
        Resolved {
            pilot: base.pilot,
            ship: base.ship,
            upgrades,
            unfitted: Vec::new(),
            confers,
            settled_at_once: true,
            report,
        }
    }

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

/// The ship's cards, then the trial card last (as the whole trial pushes it).
fn with_trial_card<'r>(
    base: &Resolved<'r>,
    equipped: &'r Equipped,
    card: &'r Upgrade,
) -> Vec<Fitted<'r>> {
    base.upgrades
        .iter()
        .map(|f| Fitted {
            equipped: f.equipped,
            card: f.card,
        })
        .chain(std::iter::once(Fitted {
            equipped,
            card: Some(card),
        }))
        .collect()
}

/// How far equipping a card reaches into its ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Nothing the rules read of the ship or its other cards changes: no
    /// slot gained, lost, aliased, forbidden or filtered, no stat, action,
    /// skill or energy change and no discount (the conditions it brings are
    /// listed, never checked).
    Itself,
    /// As `Itself`, but the card adds upgrade icons or actions (Cad Bane: a
    /// Bomb icon; Tactical Officer: Coordinate), which its own requirements
    /// may read.
    Adds,
}

/// How far the card reaches, or `None` where it changes the ship in
/// another way (it takes the whole trial).
fn reach(card: &Upgrade) -> Option<Reach> {
    // Named field by field, so a field added later must be placed here.
    let Effects {
        grants,
        grant_choice,
        losses,
        forbidden_slots,
        energy_limit_change,
        // Spent in play, or only listed beside the ship: no rule reads them.
        energy_after_recover: _,
        conditions: _,
        losses_all,
        grant_filters,
        discounts,
        distinct_slots,
        slot_aliases,
    } = &card.effects;
    let changes = !grant_choice.is_empty()
        || !losses.is_empty()
        || !forbidden_slots.is_empty()
        || energy_limit_change.is_some()
        || !losses_all.is_empty()
        || !grant_filters.is_empty()
        || !discounts.is_empty()
        || !distinct_slots.is_empty()
        || !slot_aliases.is_empty();
    let mut adds = !grants.is_empty();
    for face in &card.faces {
        let Face {
            name: _,
            text: _,
            attack: _,
            range: _,
            stat_changes,
            actions_gained,
            skill_change,
            // A recoloured maneuver makes no other card legal or illegal.
            dial_changes: _,
        } = face;
        if !stat_changes.is_empty() || skill_change.is_some() {
            return None;
        }
        adds |= !actions_gained.is_empty();
    }
    match (changes, adds) {
        (true, _) => None,
        (false, true) => Some(Reach::Adds),
        (false, false) => Some(Reach::Itself),
    }
}
