//! Resolving one ship: which of its cards take effect, the effective bar
//! they build, and the stats, actions and points that follow. It reads
//! only the card database, so the engine (`engine.rs`) and an option's
//! quick trial (`quick_trial.rs`) both resolve through it.

use smallvec::SmallVec;

use super::flown::{ChangedPart, FlownManeuver, ShipChange, fly_dial, note_change};
use super::resolved::{
    Fitted, Presence, Resolved, Unfitted, conferring, discounted_cost, unfitted,
};
use super::verdict::{BarSlot, ShipReport, SlotOrigin};
use crate::catalog::{Database, DialChange, Face, Pilot, Ship, ShortName, Stat, Stats, Upgrade};
use crate::squad::{SlotRef, SquadShip};

/// The ship with its cards, effective bar and stats. Only cards that
/// are where they may be confer anything (slots, lost slots, stats,
/// energy): a card that breaks its own restriction, or finds no slot
/// on the bar, reports its own problem and changes nothing else.
pub(super) fn resolve<'a>(
    db: &'a Database,
    ship: &'a SquadShip,
    faction: &str,
    present: &Presence,
) -> Resolved<'a> {
    let pilot = ship.pilot.pilot(db);
    let hull = pilot.and_then(|p| db.ship(&p.ship));
    let upgrades: Vec<Fitted> = ship
        .upgrades
        .iter()
        .map(|equipped| Fitted {
            equipped,
            card: equipped.card.upgrade(db),
        })
        .collect();
    let mut confers: SmallVec<[bool; 16]> = upgrades
        .iter()
        .map(|f| {
            f.card
                .is_some_and(|c| allowed_on(db, c, hull, faction, present))
        })
        .collect();
    let (bar, unfitted, settled_at_once) = settle_bar(db, pilot, &upgrades, &mut confers);
    let InPlay {
        stats,
        skill,
        actions,
        conditions,
        dial,
        changes,
    } = in_play(pilot, hull, &upgrades, &confers);
    let upgrade_points: Vec<Option<i32>> = upgrades
        .iter()
        .enumerate()
        .map(|(u, f)| f.card.map(|c| discounted_cost(c, u, &upgrades, &confers)))
        .collect();
    let points =
        pilot.map_or(0, Pilot::points_or_zero) + upgrade_points.iter().flatten().sum::<i32>();
    Resolved {
        pilot,
        ship: hull,
        report: ShipReport {
            pilot: pilot.map(|p| ShortName::from(&p.xws)),
            ship: hull.map(|s| ShortName::from(&s.xws)),
            points,
            upgrade_points,
            stats,
            skill,
            actions,
            conditions,
            bar,
            dial,
            changes,
        },
        upgrades,
        unfitted,
        confers,
        settled_at_once,
    }
}

/// The bar the conferring cards build, once it no longer changes: a card
/// that finds no slot on it, or whose slot another card forbids, stops
/// conferring, and the bar is built again without it. Returns the bar,
/// the cards short of a slot, and whether it settled on the first pass.
fn settle_bar<'a>(
    db: &Database,
    pilot: Option<&Pilot>,
    upgrades: &[Fitted<'a>],
    confers: &mut [bool],
) -> (Vec<BarSlot>, Vec<Unfitted<'a>>, bool) {
    // Each pass takes effect from at least one more card, so this ends.
    let mut settled_at_once = true;
    loop {
        let bar = effective_bar(db, pilot, upgrades, confers);
        let forbidden = |kind: &str| {
            conferring(upgrades, confers)
                .any(|c| c.effects.forbidden_slots.iter().any(|k| k == kind))
        };
        let short = unfitted(&bar, upgrades);
        let misplaced: SmallVec<[usize; 4]> = short
            .iter()
            .map(|(u, ..)| *u)
            .chain(upgrades.iter().enumerate().filter_map(|(u, f)| {
                f.card
                    .filter(|c| c.slots.iter().any(|k| forbidden(k)))
                    .map(|_| u)
            }))
            .filter(|u| confers[*u])
            .collect();
        if misplaced.is_empty() {
            return (bar, short, settled_at_once);
        }
        for u in misplaced {
            confers[u] = false;
        }
        settled_at_once = false;
    }
}

/// What the pilot flies with once the conferring cards are in play.
struct InPlay {
    stats: Stats,
    skill: Option<u8>,
    actions: Vec<ShortName>,
    conditions: Vec<ShortName>,
    dial: Vec<FlownManeuver>,
    changes: Vec<ShipChange>,
}

/// The pilot's stats, skill, actions, conditions and dial, changed by
/// each conferring card's face in play (a dual card's named face), each
/// change noted with its card.
fn in_play(
    pilot: Option<&Pilot>,
    hull: Option<&Ship>,
    upgrades: &[Fitted],
    confers: &[bool],
) -> InPlay {
    let mut play = InPlay {
        stats: pilot.map(|p| p.stats).unwrap_or_default(),
        skill: pilot.and_then(|p| p.skill),
        actions: pilot.map(|p| p.actions.clone()).unwrap_or_default(),
        conditions: pilot.map(|p| p.conditions.clone()).unwrap_or_default(),
        dial: Vec::new(),
        changes: Vec::new(),
    };
    let cards: Vec<(&Upgrade, &Face)> = upgrades
        .iter()
        .zip(confers)
        .filter(|(_, c)| **c)
        .filter_map(|(f, _)| {
            f.card
                .map(|c| (c, c.face_in_play(f.equipped.choice.as_deref())))
        })
        .collect();
    for (card, face) in &cards {
        play.conditions
            .extend(card.effects.conditions.iter().cloned());
        play.take_face(card, face);
    }
    let pilot_changes = pilot.map(|p| (p.xws.as_str(), p.dial_changes.as_slice()));
    let card_changes = cards
        .iter()
        .map(|(c, face)| (c.xws.as_str(), face.dial_changes.as_slice()));
    let changers: Vec<(&str, &[DialChange])> =
        pilot_changes.into_iter().chain(card_changes).collect();
    play.dial = fly_dial(hull.map_or(&[][..], |h| &h.dial), changers.iter().copied());
    play
}

impl InPlay {
    /// One card's skill, actions, stats and energy limit, each change noted.
    fn take_face(&mut self, card: &Upgrade, face: &Face) {
        let by = card.xws.as_str();
        if let (Some(s), Some(delta)) = (&mut self.skill, face.skill_change) {
            *s = (i16::from(*s) + i16::from(delta)).clamp(0, 255) as u8;
            note_change(&mut self.changes, ChangedPart::Skill, by);
        }
        for action in &face.actions_gained {
            if !self.actions.iter().any(|a| a == action) {
                self.actions.push(action.clone());
                note_change(&mut self.changes, ChangedPart::Action(action.clone()), by);
            }
        }
        let stat_changes = face.stat_changes.iter().map(|c| (c.stat, c.delta));
        let energy = card.effects.energy_limit_change.map(|d| (Stat::Energy, d));
        for (stat, delta) in stat_changes.chain(energy).filter(|(_, d)| *d != 0) {
            if let Some(v) = self.stats.get_mut(stat) {
                *v = (i16::from(*v) + i16::from(delta)).clamp(0, 255) as u8;
                note_change(&mut self.changes, ChangedPart::Stat(stat), by);
            }
        }
    }
}

/// Whether a card's own restriction allows it on this hull in this
/// faction (an unknown faction or hull restricts nothing here: those
/// are reported on their own).
pub(super) fn allowed_on(
    db: &Database,
    card: &Upgrade,
    hull: Option<&Ship>,
    faction: &str,
    present: &Presence,
) -> bool {
    let exempt = card
        .restriction
        .faction_unless
        .as_ref()
        .is_some_and(|x| present.contains(x));
    let faction_ok = card.restriction.factions.is_empty()
        || exempt
        || !db.is_squad_faction(faction)
        || card
            .restriction
            .factions
            .iter()
            .any(|f| db.squad_faction_of(f) == faction);
    let hull_ok = hull.is_none_or(|hull| {
        (card.restriction.ships.is_empty() || card.restriction.ships.contains(&hull.xws))
            && card.restriction.allows_size(hull.size)
            && !(card.is_modification() && hull.is_huge() && !card.restriction.huge_only())
    });
    faction_ok && hull_ok
}

/// Printed slots, then those the conferring cards grant, then the
/// implicit ones, less those the conferring cards take away.
pub(super) fn effective_bar(
    db: &Database,
    pilot: Option<&Pilot>,
    upgrades: &[Fitted],
    confers: &[bool],
) -> Vec<BarSlot> {
    let Some(p) = pilot else {
        return Vec::new();
    };
    let granted: usize = conferring(upgrades, confers)
        .map(|c| c.effects.grants.len() + usize::from(!c.effects.grant_choice.is_empty()))
        .sum();
    let implicit = db.slots.iter().filter(|s| s.implicit).count();
    let mut bar: Vec<BarSlot> = Vec::with_capacity(p.upgrade_bar.len() + granted + implicit);
    for kind in &p.upgrade_bar {
        push_slot(&mut bar, kind.clone(), SlotOrigin::Printed);
    }
    grant_slots(&mut bar, upgrades, confers);
    for slot in db.slots.iter().filter(|s| s.implicit) {
        push_slot(&mut bar, slot.xws.clone(), SlotOrigin::Implicit);
    }
    for card in conferring(upgrades, confers) {
        for kind in &card.effects.losses {
            if let Some(at) = bar.iter().rposition(|s| s.slot.kind == *kind) {
                bar.remove(at);
            }
        }
        bar.retain(|s| !card.effects.losses_all.iter().any(|k| *k == s.slot.kind));
    }
    for card in conferring(upgrades, confers) {
        for alias in &card.effects.slot_aliases {
            for s in bar.iter_mut().filter(|s| s.slot.kind == alias.slot) {
                s.also_holds.extend(alias.holds.iter().cloned());
            }
        }
    }
    number_slots(&mut bar);
    bar
}

/// A slot at the end of the bar. Indices are numbered once the bar is
/// complete ([`number_slots`]).
fn push_slot(bar: &mut Vec<BarSlot>, kind: ShortName, origin: SlotOrigin) {
    bar.push(BarSlot {
        slot: SlotRef { kind, index: 0 },
        origin,
        also_holds: Vec::new(),
    });
}

/// The slots each conferring card grants, and the icon of its choice
/// where one is named.
fn grant_slots(bar: &mut Vec<BarSlot>, upgrades: &[Fitted], confers: &[bool]) {
    for (fitted, card) in upgrades
        .iter()
        .zip(confers)
        .filter(|(_, c)| **c)
        .filter_map(|(f, _)| f.card.map(|c| (f, c)))
    {
        let granter = ShortName::from(&card.xws);
        for kind in &card.effects.grants {
            push_slot(bar, kind.clone(), SlotOrigin::Granted(granter.clone()));
        }
        if let Some(choice) = &fitted.equipped.choice
            && let Some(kind) = card.effects.grant_choice.iter().find(|c| *c == choice)
        {
            push_slot(bar, kind.clone(), SlotOrigin::Granted(granter));
        }
    }
}

/// Numbers the slots after losses so indices stay 0..n per type. A bar
/// has a dozen slots, so counting the earlier ones beats a map of kinds.
fn number_slots(bar: &mut [BarSlot]) {
    for at in 0..bar.len() {
        let (before, rest) = bar.split_at_mut(at);
        let s = &mut rest[0];
        let earlier = before.iter().filter(|b| b.slot.kind == s.slot.kind).count();
        s.slot.index = u8::try_from(earlier).unwrap_or(u8::MAX);
    }
}
