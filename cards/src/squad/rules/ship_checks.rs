//! The checks of one ship of a squad, each a named function that returns
//! its problems: the pilot's faction and format, then each upgrade's
//! restrictions, then the ship's Limited copies, slots and seats.
//! [`crate::squad::Rules::validate`] runs them in this order.

use std::collections::BTreeMap;

use smallvec::SmallVec;

use super::reason::{CardReason, NamedCard, Reason, ShipReason, SlotReason, keys};
use super::resolved::{Fitted, Presence, Resolved, limited_duplicate, slot_supply};
use super::seating::{Seating, fits_bar_slot};
use super::verdict::{Code, Problem, SlotOrigin, add, card_name, problem, unknown_upgrade};
use crate::catalog::{
    DUAL_SECOND_FACE, Database, Format, Pilot, Requirement, Ship, ShortName, SlotFilter, Upgrade,
};
use crate::squad::SquadShip;

/// What every check of one ship reads.
pub(super) struct ShipCheck<'a> {
    pub db: &'a Database,
    /// The squad's faction.
    pub faction: &'a str,
    /// XWS names of every known card in the squad (a card's presence can
    /// lift another's faction restriction).
    pub present: &'a Presence<'a>,
    /// Whether the database knows the squad's faction (an unknown one is
    /// reported once for the squad, not for every card).
    pub faction_known: bool,
    pub format: Option<&'a Format>,
    /// The ship's index in the squad.
    pub ship: usize,
}

impl ShipCheck<'_> {
    /// A problem of the ship itself, naming its pilot card (`card`).
    fn ship_problem(&self, card: Option<ShortName>, reason: impl Into<Reason>) -> Problem {
        problem((Some(self.ship), None, card), reason)
    }

    /// A pilot the database does not know, and its unknown upgrades.
    pub fn unknown_pilot(&self, ship_ref: &SquadShip, r: &Resolved) -> Vec<Problem> {
        let reason = ShipReason::UnknownPilot {
            card: ship_ref.pilot.clone(),
        };
        let mut out = vec![self.ship_problem(card_name(&ship_ref.pilot), reason)];
        for f in r.upgrades.iter().filter(|f| f.card.is_none()) {
            out.push(unknown_upgrade(self.ship, f.equipped));
        }
        out
    }

    /// A pilot flies for one faction.
    pub fn pilot_faction(&self, pilot: &Pilot) -> Option<Problem> {
        let builds_in = self.db.squad_faction_of(&pilot.faction);
        (self.faction_known && builds_in != self.faction).then(|| {
            let reason = ShipReason::PilotFaction {
                pilot: NamedCard::pilot(pilot),
                faction: pilot.faction.as_str().into(),
                squad: self.faction.into(),
            };
            self.ship_problem(Some(pilot.xws.as_str().into()), reason)
        })
    }

    /// The Nashtah Pup hook: a reserve pilot (printed skill and cost "?")
    /// enters play only through the card that deploys it, so the squad
    /// must hold that card; the pilot itself costs nothing
    /// ([`Pilot::points_or_zero`]). Data names the card (`reserve_of`);
    /// what the pilot copies from the destroyed ship is play, not building.
    pub fn reserve_pilot(&self, pilot: &Pilot) -> Option<Problem> {
        let card = pilot.reserve_of.as_ref()?;
        (!self.present.contains(card)).then(|| {
            let by = self
                .db
                .upgrade(card)
                .map_or_else(|| NamedCard::unknown(card), NamedCard::upgrade);
            let reason = ShipReason::ReservePilot {
                pilot: NamedCard::pilot(pilot),
                by,
            };
            self.ship_problem(Some(pilot.xws.as_str().into()), reason)
        })
    }

    /// A huge ship only where the format fields huge ships.
    pub fn epic_only(&self, pilot: &Pilot, hull: Option<&Ship>) -> Option<Problem> {
        let (format, hull) = (self.format?, hull?);
        (hull.is_huge() && !format.huge_ships).then(|| {
            let reason = ShipReason::EpicOnly {
                ship: hull.xws.as_str().into(),
                format: format.key.as_str().into(),
            };
            self.ship_problem(Some(pilot.xws.as_str().into()), reason)
        })
    }

    /// Every restriction of one equipped card, added to `out`.
    pub fn upgrade(&self, r: &Resolved, f: &Fitted, out: &mut Vec<Problem>) {
        let Some(card) = f.card else {
            out.push(unknown_upgrade(self.ship, f.equipped));
            return;
        };
        let on = CardOnShip {
            check: self,
            f,
            card,
        };
        add(out, on.card_faction());
        if let Some(hull) = r.ship {
            add(out, on.ship_restriction(hull));
            add(out, on.huge_only(hull));
            add(out, on.size_restriction(hull));
            add(out, on.huge_modification(hull));
        }
        out.extend(on.forbidden_slots(r));
        out.extend(on.requirements(r));
        add(out, on.choice_required());
    }

    /// Two copies of one card in a slot type a conferring card keeps
    /// distinct (Royal Guard TIE: "up to 2 different Modification upgrades").
    pub fn distinct_in_slots(&self, r: &Resolved) -> Vec<Problem> {
        if r.upgrades
            .iter()
            .filter_map(|f| f.card)
            .all(|c| c.effects.distinct_slots.is_empty())
        {
            return Vec::new();
        }
        let cards: Vec<(&Fitted, &Upgrade)> = r
            .upgrades
            .iter()
            .filter_map(|f| f.card.map(|c| (f, c)))
            .collect();
        let mut out = Vec::new();
        for (_, rule) in &cards {
            for kind in &rule.effects.distinct_slots {
                // Every copy is reported, so the list's order changes nothing.
                let copies = |xws: &str| {
                    cards
                        .iter()
                        .filter(|(_, c)| c.slot() == kind && c.xws == xws)
                        .count()
                };
                for (f, card) in cards.iter().filter(|(_, c)| c.slot() == kind) {
                    if copies(&card.xws) > 1 {
                        let reason = ShipReason::DuplicateInSlot {
                            rule: NamedCard::upgrade(rule),
                            slot: kind.as_str().into(),
                            card: NamedCard::upgrade(card),
                        };
                        let at = (
                            Some(self.ship),
                            f.equipped.slot.clone(),
                            Some(card.xws.as_str().into()),
                        );
                        out.push(problem(at, reason));
                    }
                }
            }
        }
        out
    }

    /// Cards in a slot type with a filtered granted slot (TIE Shuttle's
    /// Crew of 4 points or less): the cards the filter refuses must fit in
    /// the ship's other slots of that type.
    pub fn grant_filters(&self, r: &Resolved) -> Vec<Problem> {
        let mut out = Vec::new();
        // Most ships have no filtered slot: no counts to build for them.
        if r.upgrades
            .iter()
            .filter_map(|f| f.card)
            .all(|c| c.effects.grant_filters.is_empty())
        {
            return out;
        }
        let counts = FilteredSlots::of(r);
        for f in &r.upgrades {
            let Some(granter) = f.card else { continue };
            for filter in &granter.effects.grant_filters {
                self.refused_by_filter(r, &counts, (f, granter), filter, &mut out);
            }
        }
        out
    }

    /// The cards one granted filtered slot refuses, where the ship's
    /// unfiltered slots of that type cannot hold them all.
    fn refused_by_filter(
        &self,
        r: &Resolved,
        counts: &FilteredSlots,
        (f, granter): (&Fitted, &Upgrade),
        filter: &SlotFilter,
        out: &mut Vec<Problem>,
    ) {
        let granted = r
            .report
            .bar
            .iter()
            .filter(|s| s.slot.kind == filter.slot)
            .filter(|s| matches!(&s.origin, SlotOrigin::Granted(x) if *x == granter.xws))
            .count();
        if granted == 0 {
            return;
        }
        let free = counts.unfiltered(&filter.slot);
        // A card never sits in a slot it grants itself (Smuggling
        // Compartment is a Modification in the ship's own slot).
        let refused: Vec<(&Fitted, &Upgrade)> = r
            .upgrades
            .iter()
            .filter_map(|other| other.card.map(|c| (other, c)))
            .filter(|(_, c)| c.slot() == filter.slot)
            .filter(|(other, c)| std::ptr::eq(*other, f) || !filter.admits(c.points, c.unique))
            .collect();
        let needs: usize = refused
            .iter()
            .map(|(_, c)| c.slots.iter().filter(|k| **k == filter.slot).count())
            .sum();
        if needs <= free {
            return;
        }
        for (f, card) in refused.into_iter().filter(|(_, c)| c.xws != granter.xws) {
            let reason = SlotReason::SlotFilter {
                granter: NamedCard::upgrade(granter),
                filter: filter.clone(),
                card: NamedCard::upgrade(card),
                points: card.points,
                unique: card.unique,
            };
            let at = (
                Some(self.ship),
                f.equipped.slot.clone(),
                Some(card.xws.as_str().into()),
            );
            out.push(problem(at, reason));
        }
    }
    /// Two copies or more of a Limited card on the ship: every copy is
    /// reported.
    pub fn limited_copies(&self, r: &Resolved, out: &mut Vec<Problem>) {
        let mut by_card: BTreeMap<&str, Vec<&Fitted>> = BTreeMap::new();
        for f in &r.upgrades {
            if let Some(card) = f.card.filter(|c| c.limited) {
                by_card.entry(card.xws.as_str()).or_default().push(f);
            }
        }
        for copies in by_card.values().filter(|c| c.len() > 1) {
            for f in copies {
                out.push(limited_duplicate(self.ship, f, copies.len()));
            }
        }
    }

    /// Fits the cards into the effective bar, type by type. Cards are
    /// placed in a fixed order (their chosen slot, then card id) so the
    /// same cards give the same problems in any order.
    ///
    /// Counting decides legality; [`ShipCheck::seats`] then says where a
    /// card's named slot is gone or taken.
    pub fn slot_counts(&self, r: &Resolved, out: &mut Vec<Problem>) {
        if r.unfitted.is_empty() {
            return;
        }
        let supply = slot_supply(&r.report.bar);
        for &(u, kind, n, free) in &r.unfitted {
            add(
                out,
                unfitted_problem(self.ship, &r.upgrades[u], (kind, n, free), &supply),
            );
        }
    }

    /// A known card that fits by count but has no slot of its own on the
    /// bar (its slot was lost with a title, or another card names the same
    /// slot) is kept where it is and reported, so the player can move it.
    pub fn seats(&self, ship: &SquadShip, r: &Resolved, out: &mut Vec<Problem>) {
        let i = self.ship;
        let cards: SmallVec<[Option<&Upgrade>; 16]> = r.upgrades.iter().map(|f| f.card).collect();
        let bar = Seating::of_cards(ship, &cards, &r.report.bar);
        for &u in &bar.unseated {
            let e = &ship.upgrades[u];
            let Some(card) = e.card.upgrade(self.db) else {
                continue;
            };
            let already = out.iter().any(|p| {
                p.ship == Some(i)
                    && p.slot == e.slot
                    && p.card.as_deref() == Some(card.xws.as_str())
                    && matches!(p.code, Code::NoFreeSlot | Code::TitleDuplicate)
            });
            if already {
                continue;
            }
            let name = NamedCard::upgrade(card);
            let reason = match &e.slot {
                None => SlotReason::NotInSlot { card: name },
                Some(slot) if !fits_bar_slot(self.db, e, slot, &r.report.bar) => {
                    SlotReason::WrongSlotType {
                        card: name,
                        named: slot.kind.clone(),
                        kind: card.slot().into(),
                    }
                }
                Some(at) => {
                    let (slot, number) = (at.kind.clone(), u16::from(at.index) + 1);
                    match bar.holder(&r.report.bar, at) {
                        Some(_) => SlotReason::SlotTaken {
                            card: name,
                            slot,
                            number,
                        },
                        None => SlotReason::SlotGone {
                            card: name,
                            slot,
                            number,
                        },
                    }
                }
            };
            let at = (Some(i), e.slot.clone(), Some(card.xws.as_str().into()));
            out.push(problem(at, reason).warning());
        }
    }
}

/// The problem of one card that does not fit the bar by count: `short`
/// is (the slot type short, slots it needs, slots free) and `supply`
/// the bar's [`slot_supply`].
pub(super) fn unfitted_problem(
    i: usize,
    f: &Fitted,
    (kind, n, free): (&str, usize, usize),
    supply: &BTreeMap<&str, usize>,
) -> Option<Problem> {
    let card = f.card?;
    let name = NamedCard::upgrade(card);
    let slot = kind.into();
    let have = supply.get(kind).copied().unwrap_or(0);
    let reason = match (n, have, free) {
        _ if kind == "title" => SlotReason::SecondTitle { card: name },
        (_, 0, _) => SlotReason::NoSlot { card: name, slot },
        (1, _, _) => SlotReason::SlotsTaken {
            card: name,
            slot,
            have,
        },
        (needs, _, free) => SlotReason::TooFewFree {
            card: name,
            slot,
            needs,
            free,
            have,
        },
    };
    let at = (
        Some(i),
        f.equipped.slot.clone(),
        Some(card.xws.as_str().into()),
    );
    Some(problem(at, reason))
}

/// The slots of each type on a ship's bar, and how many of them a granting
/// card's filter restricts.
struct FilteredSlots<'a> {
    total: BTreeMap<&'a str, usize>,
    filtered: BTreeMap<&'a str, usize>,
}

impl<'a> FilteredSlots<'a> {
    /// Counts the bar's slots, and those granted by a card with a filter
    /// on their type.
    fn of(r: &'a Resolved) -> FilteredSlots<'a> {
        let mut total: BTreeMap<&str, usize> = BTreeMap::new();
        let mut filtered: BTreeMap<&str, usize> = BTreeMap::new();
        for s in &r.report.bar {
            *total.entry(s.slot.kind.as_str()).or_default() += 1;
            let by_filter = match &s.origin {
                SlotOrigin::Granted(x) => r.upgrades.iter().filter_map(|f| f.card).any(|c| {
                    c.xws == *x
                        && c.effects
                            .grant_filters
                            .iter()
                            .any(|g| g.slot == s.slot.kind)
                }),
                _ => false,
            };
            if by_filter {
                *filtered.entry(s.slot.kind.as_str()).or_default() += 1;
            }
        }
        FilteredSlots { total, filtered }
    }

    /// Slots of a type no filter restricts, counted over the whole bar.
    fn unfiltered(&self, kind: &str) -> usize {
        self.total
            .get(kind)
            .copied()
            .unwrap_or(0)
            .saturating_sub(self.filtered.get(kind).copied().unwrap_or(0))
    }
}

/// One card on the ship, for the checks of its restrictions.
struct CardOnShip<'a> {
    check: &'a ShipCheck<'a>,
    f: &'a Fitted<'a>,
    card: &'a Upgrade,
}

impl CardOnShip<'_> {
    /// A problem of this card.
    fn problem(&self, reason: impl Into<Reason>) -> Problem {
        let at = (
            Some(self.check.ship),
            self.f.equipped.slot.clone(),
            Some(self.card.xws.as_str().into()),
        );
        problem(at, reason)
    }

    fn name(&self) -> NamedCard {
        NamedCard::upgrade(self.card)
    }

    /// A card restricted to factions, in a squad of another.
    fn card_faction(&self) -> Option<Problem> {
        let (db, faction) = (self.check.db, self.check.faction);
        let factions = &self.card.restriction.factions;
        let exempt = self
            .card
            .restriction
            .faction_unless
            .as_ref()
            .is_some_and(|x| self.check.present.contains(x));
        if exempt
            || !self.check.faction_known
            || factions.is_empty()
            || factions.iter().any(|f| db.squad_faction_of(f) == faction)
        {
            return None;
        }
        Some(self.problem(CardReason::CardFaction {
            card: self.name(),
            factions: keys(factions.iter().map(String::as_str)),
            squad: faction.into(),
        }))
    }

    /// A card restricted to ship types, on another.
    fn ship_restriction(&self, hull: &Ship) -> Option<Problem> {
        let ships = &self.card.restriction.ships;
        if ships.is_empty() || ships.contains(&hull.xws) {
            return None;
        }
        Some(self.problem(CardReason::ShipRestriction {
            card: self.name(),
            ships: keys(ships.iter().map(String::as_str)),
            hull: hull.xws.as_str().into(),
        }))
    }

    /// A "Huge ship only" card on a smaller ship.
    fn huge_only(&self, hull: &Ship) -> Option<Problem> {
        (self.card.restriction.huge_only() && !hull.is_huge()).then(|| {
            self.problem(CardReason::HugeOnly {
                card: self.name(),
                hull: hull.xws.as_str().into(),
                size: hull.size,
            })
        })
    }

    /// A modification without the "Huge ship only" label on a huge ship.
    fn huge_modification(&self, hull: &Ship) -> Option<Problem> {
        let card = self.card;
        (card.is_modification() && hull.is_huge() && !card.restriction.huge_only())
            .then(|| self.problem(CardReason::HugeModification { card: self.name() }))
    }

    /// A card in a slot another equipped card forbids. Lazy, as
    /// [`CardOnShip::requirements`] is: most cards have none, and the caller
    /// extends its list with the rest.
    fn forbidden_slots<'r>(&'r self, r: &'r Resolved) -> impl Iterator<Item = Problem> + 'r {
        let forbidding = move |kind: &str| {
            r.upgrades
                .iter()
                .filter_map(|f| f.card)
                .filter(|c| c.effects.forbidden_slots.iter().any(|s| s == kind))
                .min_by_key(|c| c.id)
        };
        self.card.slots.iter().filter_map(move |kind| {
            let by = NamedCard::upgrade(forbidding(kind)?);
            Some(self.problem(SlotReason::SlotForbidden {
                by,
                slot: kind.as_str().into(),
                card: self.name(),
            }))
        })
    }

    /// A card for ships of other sizes ("Small ship only."); "Huge ship
    /// only." is [`CardOnShip::huge_only`].
    fn size_restriction(&self, hull: &Ship) -> Option<Problem> {
        let r = &self.card.restriction;
        if r.huge_only() || r.allows_size(hull.size) {
            return None;
        }
        Some(self.problem(CardReason::SizeRestriction {
            card: self.name(),
            sizes: r.sizes.iter().copied().collect(),
            hull: hull.xws.as_str().into(),
            size: hull.size,
        }))
    }

    /// What the ship must have: a stat ("only if your shield value is 1"),
    /// a pilot skill, an action icon, or no printed icon of a type.
    fn requirements<'r>(&'r self, r: &'r Resolved) -> impl Iterator<Item = Problem> + 'r {
        self.card
            .restriction
            .requires
            .iter()
            .filter_map(move |req| match req {
                Requirement::Stat(need) => {
                    let value = r.report.stats.get(need.stat);
                    (!need.is_met_by(value)).then(|| {
                        self.problem(CardReason::StatRequirement {
                            card: self.name(),
                            need: *need,
                            value,
                        })
                    })
                }
                Requirement::Skill { comparison, value } => {
                    (!req.skill_met(r.report.skill)).then(|| {
                        self.problem(CardReason::SkillRequirement {
                            card: self.name(),
                            comparison: *comparison,
                            value: *value,
                            skill: r.report.skill,
                        })
                    })
                }
                Requirement::Action(action) => (!r.report.actions.iter().any(|a| a == action))
                    .then(|| {
                        self.problem(CardReason::ActionRequirement {
                            card: self.name(),
                            action: action.as_str().into(),
                            actions: r.report.actions.iter().cloned().collect(),
                        })
                    }),
                Requirement::Slot(slot) => {
                    let has = r.report.bar.iter().any(|s| s.slot.kind == *slot);
                    (!has).then(|| {
                        self.problem(CardReason::SlotRequirement {
                            card: self.name(),
                            slot: slot.as_str().into(),
                        })
                    })
                }
                Requirement::NoPrintedSlot(slot) => {
                    let printed = r
                        .pilot
                        .is_some_and(|p| p.upgrade_bar.iter().any(|k| k == slot));
                    printed.then(|| {
                        self.problem(CardReason::PrintedSlot {
                            card: self.name(),
                            slot: slot.as_str().into(),
                        })
                    })
                }
            })
    }

    /// A card that grants one icon of a choice, with none chosen; a dual
    /// card whose named face is neither of its two.
    fn choice_required(&self) -> Option<Problem> {
        let choices = &self.card.effects.grant_choice;
        let chosen = self.f.equipped.choice.as_ref();
        if self.card.dual && choices.is_empty() {
            let named = chosen.map(String::as_str);
            return (!matches!(named, None | Some("1") | Some(DUAL_SECOND_FACE))).then(|| {
                self.problem(CardReason::DualFace {
                    card: self.name(),
                    second: self
                        .card
                        .faces
                        .get(1)
                        .map_or("", |f| f.name.as_str())
                        .into(),
                    named: named.unwrap_or_default().into(),
                })
            });
        }
        if choices.is_empty() || chosen.is_some_and(|c| choices.iter().any(|k| k == c)) {
            return None;
        }
        Some(self.problem(CardReason::ChooseIcon {
            card: self.name(),
            options: choices.iter().cloned().collect(),
        }))
    }
}
