//! A squad's ships with their cards resolved: what the rules engine
//! (`engine.rs`, through `resolve.rs`) builds once and its checks
//! (`ship_checks.rs`, `squad_checks.rs`, `format_checks.rs`,
//! `quick_trial.rs`) read. The bar arithmetic (which
//! cards fit by count, what a card costs after discounts) and the unique
//! names live here too, beside the types they read.

use std::collections::BTreeMap;

use smallvec::SmallVec;

use super::reason::{NamedCard, ShipReason};
use super::verdict::{BarSlot, Problem, ShipReport, problem};
use crate::catalog::{Database, Pilot, Ship, Upgrade};
use crate::squad::{Equipped, SlotRef, Squad, SquadShip};

/// One upgrade of a ship, resolved.
pub(super) struct Fitted<'a> {
    pub(super) equipped: &'a Equipped,
    pub(super) card: Option<&'a Upgrade>,
}

/// A squad ship with its cards resolved and its effective bar and stats.
pub(super) struct Resolved<'a> {
    pub(super) pilot: Option<&'a Pilot>,
    pub(super) ship: Option<&'a Ship>,
    pub(super) upgrades: Vec<Fitted<'a>>,
    /// The cards that do not fit the final bar by count, found while the
    /// bar settled: checking slots reads them rather than fitting again.
    pub(super) unfitted: Vec<Unfitted<'a>>,
    /// Which upgrades confer their effects, parallel to `upgrades`.
    pub(super) confers: SmallVec<[bool; 16]>,
    /// Every card allowed on the hull confers: the bar settled on the
    /// first pass, so a card that changes nothing cannot unsettle it
    /// (what an option's quick trial relies on).
    pub(super) settled_at_once: bool,
    pub(super) report: ShipReport,
}

/// The cards of a squad, asked by XWS name. Only the few cards with a
/// presence rule (`faction_unless`, `reserve_of`) ask, so the squad is
/// searched when they do rather than collected into a set on every
/// validation.
#[derive(Clone, Copy)]
pub(super) struct Presence<'s> {
    db: &'s Database,
    squad: &'s Squad,
}

impl<'s> Presence<'s> {
    /// The cards of `squad`, known to `db`.
    pub(super) fn new(db: &'s Database, squad: &'s Squad) -> Presence<'s> {
        Presence { db, squad }
    }

    /// Whether a known pilot or upgrade of the squad has this XWS name.
    pub(super) fn contains(&self, xws: &str) -> bool {
        self.squad.ships.iter().any(|ship| {
            ship.pilot.pilot(self.db).is_some_and(|p| p.xws == xws)
                || ship
                    .upgrades
                    .iter()
                    .any(|e| e.card.upgrade(self.db).is_some_and(|u| u.xws == xws))
        })
    }
}

/// A card's squad points on this ship: its printed cost less the discounts
/// of the ship's other conferring cards (TIE/x1, Vaksai), floored at 0; a
/// card no discount applies to keeps its printed cost, negative or not.
/// `at` is the card's place among `upgrades` (past the end: a card not
/// among them, as an option's trial card).
pub(super) fn discounted_cost(
    card: &Upgrade,
    at: usize,
    upgrades: &[Fitted],
    confers: &[bool],
) -> i32 {
    let discount: i32 = upgrades
        .iter()
        .zip(confers)
        .enumerate()
        .filter(|(u, (_, c))| *u != at && **c)
        .filter_map(|(_, (f, _))| f.card)
        .flat_map(|other| &other.effects.discounts)
        .filter(|d| d.applies_to(card.slot()))
        .fold(0i32, |sum, d| sum.saturating_add(d.amount));
    if discount == 0 {
        card.points
    } else {
        card.points.saturating_sub(discount).max(0)
    }
}

/// The cards that confer their effects (see `Rules::resolve`).
pub(super) fn conferring<'a, 'b>(
    upgrades: &'b [Fitted<'a>],
    confers: &'b [bool],
) -> impl Iterator<Item = &'a Upgrade> + 'b {
    upgrades
        .iter()
        .zip(confers)
        .filter(|(_, c)| **c)
        .filter_map(|(f, _)| f.card)
}

/// How many slots of each type a bar has.
pub(super) fn slot_supply(bar: &[BarSlot]) -> BTreeMap<&str, usize> {
    let mut supply: BTreeMap<&str, usize> = BTreeMap::new();
    for s in bar {
        *supply.entry(s.slot.kind.as_str()).or_insert(0) += 1;
    }
    supply
}

/// The problem of one of `copies` copies of a Limited card on ship `ship`.
pub(super) fn limited_duplicate(ship: usize, f: &Fitted, copies: usize) -> Problem {
    let card = f
        .card
        .map_or_else(|| NamedCard::unknown(""), NamedCard::upgrade);
    problem(
        (
            Some(ship),
            f.equipped.slot.clone(),
            f.card.map(|c| c.xws.as_str().into()),
        ),
        ShipReason::LimitedDuplicate { card, copies },
    )
}

impl<'a> Resolved<'a> {
    /// This resolution, for a twin of its ship (`ship`, equal to the ship
    /// it was resolved from): the same cards and bar, read from the twin.
    pub(super) fn alike(&self, ship: &'a SquadShip) -> Resolved<'a> {
        Resolved {
            pilot: self.pilot,
            ship: self.ship,
            upgrades: self
                .upgrades
                .iter()
                .zip(&ship.upgrades)
                .map(|(f, equipped)| Fitted {
                    equipped,
                    card: f.card,
                })
                .collect(),
            unfitted: self.unfitted.clone(),
            confers: self.confers.clone(),
            settled_at_once: self.settled_at_once,
            report: self.report.clone(),
        }
    }
}

/// A known card that does not fit the bar by count: (index among the
/// upgrades, the slot type short, slots it needs, slots free).
pub(super) type Unfitted<'a> = (usize, &'a str, usize, usize);

/// The known cards that do not fit the bar by count. Cards are
/// placed in a fixed order (their chosen slot, then card id) so the same
/// cards give the same answer in any order.
pub(super) fn unfitted<'a>(bar: &[BarSlot], upgrades: &[Fitted<'a>]) -> Vec<Unfitted<'a>> {
    let mut supply = SlotCounts::default();
    for s in bar {
        supply.add(&s.slot.kind, 1);
    }
    let mut order: SmallVec<[usize; 16]> = (0..upgrades.len())
        .filter(|u| upgrades[*u].card.is_some())
        .collect();
    // Keys borrow: a sort compares often, and cloned strings were a third
    // of validation's time (profiled on `cards/benches/validate.rs`).
    order.sort_by_key(|u| {
        let f = &upgrades[*u];
        (
            f.equipped.slot.is_none(),
            f.equipped.slot.as_ref().map(|s| (s.index, s.kind.as_str())),
            f.card.map(|c| c.id),
            f.equipped.choice.as_deref(),
        )
    });
    let mut used = SlotCounts::default();
    let mut out = Vec::new();
    // Whether any slot also holds another type: most bars have none.
    let aliased = bar.iter().any(|s| !s.also_holds.is_empty());
    for u in order {
        let Some(card) = upgrades[u].card else {
            continue;
        };
        let mut need: SlotCounts<'a> = SlotCounts::default();
        for kind in &card.slots {
            need.add(kind, 1);
        }
        need.0.sort_unstable();
        // Its own slots first, then slots that also hold its type
        // (Ordnance Tubes' Hardpoints). Taken as it goes and given back if
        // it does not all fit: copying the counts per card cost more.
        let mut taken: SmallVec<[(&str, usize); 4]> = SmallVec::new();
        let short = need.0.iter().find_map(|&(kind, n)| {
            let free_own = supply.get(kind).saturating_sub(used.get(kind));
            let mut rest = n.saturating_sub(free_own);
            used.add(kind, n - rest);
            taken.push((kind, n - rest));
            let mut free_total = free_own;
            if aliased {
                for (host, capacity) in hosts(bar, kind).0 {
                    let free = capacity.saturating_sub(used.get(host));
                    let take = free.min(rest);
                    used.add(host, take);
                    taken.push((host, take));
                    rest -= take;
                    free_total += free;
                }
            }
            (rest > 0).then_some((kind, n, free_total))
        });
        if let Some((kind, n, free)) = short {
            for (k, n) in taken {
                used.remove(k, n);
            }
            out.push((u, kind, n, free));
        }
    }
    out
}

/// Counts by slot type. A bar has a handful of types, so a short list
/// does this faster than a map (the maps were a third of validation's time
/// in the profile of `cards/benches/validate.rs`).
#[derive(Debug, Clone, Default)]
struct SlotCounts<'a>(SmallVec<[(&'a str, usize); 6]>);

impl<'a> SlotCounts<'a> {
    fn get(&self, kind: &str) -> usize {
        self.0
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |(_, n)| *n)
    }

    /// Gives back `n` of what [`SlotCounts::add`] counted.
    fn remove(&mut self, kind: &str, n: usize) {
        if let Some((_, count)) = self.0.iter_mut().find(|(k, _)| *k == kind) {
            *count = count.saturating_sub(n);
        }
    }

    fn add(&mut self, kind: &'a str, n: usize) {
        match self.0.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count += n,
            None => self.0.push((kind, n)),
        }
    }
}

/// Slot types whose slots may also hold cards of `kind`, with how many
/// such slots the bar has, in the order of their names.
fn hosts<'a>(bar: &'a [BarSlot], kind: &str) -> SlotCounts<'a> {
    let mut out = SlotCounts::default();
    for s in bar
        .iter()
        .filter(|s| s.also_holds.iter().any(|k| k == kind))
    {
        out.add(&s.slot.kind, 1);
    }
    out.0.sort_unstable();
    out
}

/// A unique pilot or card of a squad: (ship, slot, XWS name).
pub(super) type UniqueCopy<'r> = (usize, Option<&'r SlotRef>, &'r str);

/// Every unique pilot and card of the squad, by name.
pub(super) fn unique_copies<'r>(
    resolved: &[&'r Resolved],
) -> BTreeMap<UniqueName<'r>, SmallVec<[UniqueCopy<'r>; 2]>> {
    let mut by_name: BTreeMap<UniqueName, SmallVec<[UniqueCopy; 2]>> = BTreeMap::new();
    for (i, r) in resolved.iter().enumerate() {
        if let Some(p) = r.pilot.filter(|p| p.unique) {
            by_name
                .entry(UniqueName(&p.name))
                .or_default()
                .push((i, None, &p.xws));
        }
        for f in &r.upgrades {
            if let Some(c) = f.card.filter(|c| c.unique) {
                by_name.entry(UniqueName(c.name())).or_default().push((
                    i,
                    f.equipped.slot.as_ref(),
                    &c.xws,
                ));
            }
        }
    }
    by_name
}

/// A unique card's name as names compare: without case and quotation
/// marks. Compared char by char, so no key is built per card.
#[derive(Debug, Clone, Copy)]
pub(super) struct UniqueName<'a>(pub(super) &'a str);

impl UniqueName<'_> {
    /// [`UniqueName::key`] of an ASCII name, as bytes.
    fn ascii_key(&self) -> impl Iterator<Item = u8> + '_ {
        self.0
            .bytes()
            .filter(|b| *b != b'"')
            .map(|b| b.to_ascii_lowercase())
    }

    fn key(&self) -> impl Iterator<Item = char> + '_ {
        self.0
            .chars()
            .filter(|c| !matches!(c, '"' | '“' | '”'))
            .flat_map(char::to_lowercase)
    }

    /// One of 64 bits, the same for names that compare equal: a set of
    /// them rules out most names before any comparison.
    pub(super) fn bit(&self) -> u64 {
        sieve_bit(self.key().map(u32::from))
    }
}

/// One of 64 bits for a sequence of values: a few multiply-rotate rounds,
/// as a Bloom filter of one hash over 64 bits needs.
pub(super) fn sieve_bit(values: impl Iterator<Item = u32>) -> u64 {
    let hash = values.fold(0u64, |h, v| {
        (h ^ u64::from(v))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(5)
    });
    1 << (hash >> 58)
}

impl Ord for UniqueName<'_> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // Most names are ASCII: bytes compare as their chars do, without
        // decoding (a tenth of an options call compared names by chars).
        if self.0.is_ascii() && other.0.is_ascii() {
            return self.ascii_key().cmp(other.ascii_key());
        }
        self.key().cmp(other.key())
    }
}

impl PartialOrd for UniqueName<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for UniqueName<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for UniqueName<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unique names match without case and quotation marks, and differ
    /// otherwise.
    #[test]
    fn unique_names_compare_without_case_and_quotes() {
        assert_eq!(UniqueName("\"Dutch\" Vander"), UniqueName("dutch vander"));
        assert_eq!(UniqueName("“Heavy Scyk”"), UniqueName("HEAVY SCYK"));
        assert_ne!(UniqueName("Han Solo"), UniqueName("Han Solo (Crew)"));
        assert!(UniqueName("Azmorigan") < UniqueName("\"Bo\""));
    }

    proptest::proptest! {
        /// ASCII names order by bytes exactly as by chars.
        #[test]
        fn ascii_names_order_as_chars(a in "[ -~]{0,12}", b in "[ -~]{0,12}") {
            let (a, b) = (UniqueName(&a), UniqueName(&b));
            proptest::prop_assert_eq!(a.cmp(&b), a.key().cmp(b.key()));
        }

        /// Names that compare equal have one sieve bit: the quick trial
        /// looks a unique card up only where its bit is set.
        #[test]
        fn equal_names_share_their_bit(name in "[ -~“”é]{0,12}", upper in proptest::bool::ANY) {
            let other = if upper { name.to_uppercase() } else { name.replace('"', "") };
            let (a, b) = (UniqueName(&name), UniqueName(&other));
            if a == b {
                proptest::prop_assert_eq!(a.bit(), b.bit());
            }
            proptest::prop_assert_eq!(a.bit().count_ones(), 1);
        }
    }
}
