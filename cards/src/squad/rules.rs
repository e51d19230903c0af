//! The squad rules engine: every legality rule of the seeds, each problem
//! explained with a stable code, and nothing ever changed in the squad.
//!
//! ```
//! use cards::squad::{Code, Rules};
//! use cards::squad::{CardRef, Equipped, Squad, SquadShip};
//!
//! let rules = Rules::embedded().unwrap();
//! let mut squad = Squad::new("epic", "scum");
//! squad.ships.push(SquadShip {
//!     pilot: CardRef::Xws("croccruiser".into()),
//!     upgrades: vec![Equipped::new(CardRef::Xws("merchantone".into()), None)],
//! });
//! let report = rules.validate(&squad);
//! assert!(report.legal);
//! assert_eq!(report.points, 37);
//! assert_eq!(report.ships[0].stats.energy, Some(5));
//!
//! // Jabba the Hutt needs two Crew slots; a C-ROC with Merchant One has three.
//! for card in ["jabbathehutt", "cikatrovizago", "azmorigan"] {
//!     squad.ships[0].upgrades.push(Equipped::new(CardRef::Xws(card.into()), None));
//! }
//! let report = rules.validate(&squad);
//! assert!(!report.legal);
//! assert!(report.problems.iter().any(|p| p.code == Code::NoFreeSlot));
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use smallvec::SmallVec;

use super::format_checks;
use super::quick_trial::QuickTrial;
use super::resolved::{
    Fitted, Presence, Resolved, UniqueCopy, conferring, discounted_cost, limited_duplicate,
    slot_supply, unfitted, unique_copies,
};
use super::ship_checks::ShipCheck;
use super::verdict::{
    BarSlot, Code, Problem, Report, Severity, ShipReport, SlotOrigin, add, or_list, problem,
};
use crate::catalog::{Database, Pilot, Ship, ShortName, Upgrade};
use crate::catalog::{Format, FormatError, Formats, LoadErrors};
use crate::squad::bar::Seating;
use crate::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};

/// A card a slot could take, and what equipping it would break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardOption<'r> {
    /// The card, as the rules' database holds it: an option copies none
    /// of its text (the picker of a C-ROC's Crew slot lists 91).
    pub card: &'r Upgrade,
    pub points: i32,
    /// No error concerns this card on this ship if equipped here.
    pub allowed: bool,
    /// The problems this card would have there.
    pub problems: Vec<Problem>,
    /// Whole-squad problems that equipping it would add (points over the limit, say).
    pub squad_problems: Vec<Problem>,
}

/// The rules engine over a card database and the formats.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Shared: pages and requests hold the engine, never a copy of the cards.
    pub db: Arc<Database>,
    pub formats: Formats,
    /// Each upgrade's place in name order (ties in the database's order),
    /// parallel to `db.upgrades`: options sort by it rather than comparing
    /// names.
    name_rank: Arc<[u32]>,
    /// The upgrades (places in `db.upgrades`, in name order) that fill a
    /// slot of each type: what a slot's options go through, already in the
    /// order they are shown.
    by_slot: Arc<BTreeMap<String, Vec<usize>>>,
}

impl Rules {
    /// The engine over a card set and its formats.
    pub fn new(db: impl Into<Arc<Database>>, formats: Formats) -> Rules {
        let db: Arc<Database> = db.into();
        let mut by_name: Vec<usize> = (0..db.upgrades.len()).collect();
        by_name.sort_by_key(|&u| db.upgrades[u].name());
        let mut name_rank = vec![0u32; by_name.len()];
        for (rank, u) in by_name.into_iter().enumerate() {
            name_rank[u] = u32::try_from(rank).unwrap_or(u32::MAX);
        }
        let mut by_slot: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (u, card) in db.upgrades.iter().enumerate() {
            for kind in &card.slots {
                let cards = by_slot.entry(kind.clone()).or_default();
                if cards.last() != Some(&u) {
                    cards.push(u);
                }
            }
        }
        for cards in by_slot.values_mut() {
            cards.sort_unstable_by_key(|&u| name_rank[u]);
        }
        Rules {
            db,
            formats,
            name_rank: name_rank.into(),
            by_slot: Arc::new(by_slot),
        }
    }

    /// The embedded card set and formats.
    pub fn embedded() -> Result<Rules, LoadErrors> {
        Ok(Rules::new(Database::embedded()?, Formats::embedded()?))
    }

    /// The ship with its cards, effective bar and stats. Only cards that
    /// are where they may be confer anything (slots, lost slots, stats,
    /// energy): a card that breaks its own restriction, or finds no slot
    /// on the bar, reports its own problem and changes nothing else.
    fn resolve<'a>(
        &'a self,
        ship: &'a SquadShip,
        faction: &str,
        present: &Presence,
    ) -> Resolved<'a> {
        let db = &self.db;
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
                    .is_some_and(|c| self.allowed_on(c, hull, faction, present))
            })
            .collect();
        // Each pass takes effect from at least one more card, so this ends.
        let mut settled_at_once = true;
        let (bar, unfitted) = loop {
            let bar = self.effective_bar(pilot, &upgrades, &confers);
            let forbidden = |kind: &str| {
                conferring(&upgrades, &confers)
                    .any(|c| c.effects.forbidden_slots.iter().any(|k| k == kind))
            };
            let short = unfitted(&bar, &upgrades);
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
                break (bar, short);
            }
            for u in misplaced {
                confers[u] = false;
            }
            settled_at_once = false;
        };

        let mut stats = pilot.map(|p| p.stats).unwrap_or_default();
        let mut skill = pilot.and_then(|p| p.skill);
        let mut actions: Vec<ShortName> = pilot.map(|p| p.actions.clone()).unwrap_or_default();
        let mut conditions: Vec<ShortName> =
            pilot.map(|p| p.conditions.clone()).unwrap_or_default();
        let in_play = upgrades
            .iter()
            .zip(&confers)
            .filter(|(_, c)| **c)
            .filter_map(|(f, _)| {
                f.card
                    .map(|c| (c, c.face_in_play(f.equipped.choice.as_deref())))
            });
        for (card, face) in in_play {
            conditions.extend(card.effects.conditions.iter().cloned());
            if let (Some(s), Some(delta)) = (&mut skill, face.skill_change) {
                *s = (i16::from(*s) + i16::from(delta)).clamp(0, 255) as u8;
            }
            for action in &face.actions_gained {
                if !actions.iter().any(|a| a == action) {
                    actions.push(action.clone());
                }
            }
            for change in &face.stat_changes {
                let value = stats.get_mut(change.stat);
                if let Some(v) = value {
                    *v = (i16::from(*v) + i16::from(change.delta)).clamp(0, 255) as u8;
                }
            }
            if let (Some(e), Some(delta)) = (&mut stats.energy, card.effects.energy_limit_change) {
                *e = (i16::from(*e) + i16::from(delta)).clamp(0, 255) as u8;
            }
        }
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
            },
            upgrades,
            unfitted,
            confers,
            settled_at_once,
        }
    }

    /// Whether a card's own restriction allows it on this hull in this
    /// faction (an unknown faction or hull restricts nothing here: those
    /// are reported on their own).
    pub(super) fn allowed_on(
        &self,
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
            || !self.db.is_squad_faction(faction)
            || card
                .restriction
                .factions
                .iter()
                .any(|f| self.db.squad_faction_of(f) == faction);
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
        &self,
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
        let implicit = self.db.slots.iter().filter(|s| s.implicit).count();
        let mut bar: Vec<BarSlot> = Vec::with_capacity(p.upgrade_bar.len() + granted + implicit);
        // Indices are numbered once the bar is complete (below).
        let push = |bar: &mut Vec<BarSlot>, kind: ShortName, origin: SlotOrigin| {
            bar.push(BarSlot {
                slot: SlotRef { kind, index: 0 },
                origin,
                also_holds: Vec::new(),
            });
        };
        for kind in &p.upgrade_bar {
            push(&mut bar, kind.clone(), SlotOrigin::Printed);
        }
        for (fitted, card) in upgrades
            .iter()
            .zip(confers)
            .filter(|(_, c)| **c)
            .filter_map(|(f, _)| f.card.map(|c| (f, c)))
        {
            let granter = ShortName::from(&card.xws);
            for kind in &card.effects.grants {
                push(&mut bar, kind.clone(), SlotOrigin::Granted(granter.clone()));
            }
            if let Some(choice) = &fitted.equipped.choice
                && let Some(kind) = card.effects.grant_choice.iter().find(|c| *c == choice)
            {
                push(&mut bar, kind.clone(), SlotOrigin::Granted(granter));
            }
        }
        for slot in self.db.slots.iter().filter(|s| s.implicit) {
            push(&mut bar, slot.xws.clone(), SlotOrigin::Implicit);
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
        // Renumber after losses so indices stay 0..n per type. A bar has a
        // dozen slots, so counting the earlier ones beats a map of kinds.
        for at in 0..bar.len() {
            let (before, rest) = bar.split_at_mut(at);
            let s = &mut rest[0];
            let earlier = before.iter().filter(|b| b.slot.kind == s.slot.kind).count();
            s.slot.index = u8::try_from(earlier).unwrap_or(u8::MAX);
        }
        bar
    }

    /// Checks a squad against every rule; the squad is not changed.
    pub fn validate(&self, squad: &Squad) -> Report {
        let format = self.formats.get(&squad.format);
        let format = format.as_deref();
        let present = self.cards_present(squad);
        let twins = twins(&squad.ships);
        let inferred = self.inferred_choices(squad, &twins, &present, format.ok());
        let resolved = self.resolve_all(squad, &twins, &inferred, &present);
        let (problems, points) = self.problems(
            squad,
            format,
            &present,
            (&twins, &inferred, &resolved),
            None,
        );
        Report {
            legal: !problems.iter().any(|p| p.severity == Severity::Error),
            points,
            limit: format.ok().map(|f| f.points),
            problems,
            ships: resolved.into_iter().map(|r| r.report).collect(),
        }
    }

    /// Each ship with its unnamed choices filled (`None`: it has none).
    /// A card that grants an icon of the player's choice, with none named,
    /// is checked with the icon that suits the ship best: a squad is legal
    /// when some choice makes it legal (XWS cannot name it).
    fn inferred_choices(
        &self,
        squad: &Squad,
        twins: &[Option<usize>],
        present: &Presence,
        format: Option<&Format>,
    ) -> Vec<Option<SquadShip>> {
        let faction_known = self.db.is_squad_faction(&squad.faction);
        let mut inferred: Vec<Option<SquadShip>> = Vec::with_capacity(squad.ships.len());
        for (i, ship) in squad.ships.iter().enumerate() {
            let choices = match twins.get(i).copied().flatten() {
                Some(twin) => inferred[twin].clone(),
                None => {
                    self.infer_choices((&squad.faction, present), i, ship, faction_known, format)
                }
            };
            inferred.push(choices);
        }
        inferred
    }

    /// Every ship resolved, as checked: with its inferred choices.
    /// A twin (see [`twins`]) is copied from the earlier ship, not
    /// resolved again.
    fn resolve_all<'a>(
        &'a self,
        squad: &'a Squad,
        twins: &[Option<usize>],
        inferred: &'a [Option<SquadShip>],
        present: &Presence,
    ) -> Vec<Resolved<'a>> {
        let mut resolved: Vec<Resolved<'a>> = Vec::with_capacity(squad.ships.len());
        for (i, (ship, inferred)) in squad.ships.iter().zip(inferred).enumerate() {
            let checked = inferred.as_ref().unwrap_or(ship);
            let r = match twins.get(i).copied().flatten() {
                Some(twin) => resolved[twin].alike(checked),
                None => self.resolve(checked, &squad.faction, present),
            };
            resolved.push(r);
        }
        resolved
    }

    /// Every problem of the squad, sorted, and its points. With
    /// `only_ship`, the other ships' own checks are left out (options: the
    /// slot's card cannot change them); every squad-wide check still runs.
    fn problems(
        &self,
        squad: &Squad,
        format: Result<&Format, &FormatError>,
        present: &Presence,
        (twins, inferred, resolved): (&[Option<usize>], &[Option<SquadShip>], &[Resolved]),
        only_ship: Option<usize>,
    ) -> (Vec<Problem>, i32) {
        let faction_known = self.db.is_squad_faction(&squad.faction);
        let mut problems: Vec<Problem> = Vec::new();
        if let Err(unknown) = &format {
            problems.push(problem(Code::UnknownFormat, None, None, None, unknown));
        }
        if !faction_known {
            problems.push(problem(
                Code::UnknownFaction,
                None,
                None,
                None,
                format_args!(
                    "The squad's faction `{}` is not one of {}.",
                    squad.faction,
                    self.db
                        .factions
                        .iter()
                        .filter(|f| f.squad_faction == f.xws)
                        .map(|f| f.xws.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        // Where each checked ship's own problems sit in `problems`: a twin's
        // are the earlier ship's, told of the twin.
        let mut own_problems: SmallVec<[Option<std::ops::Range<usize>>; 16]> =
            SmallVec::from_elem(None, resolved.len());
        for (i, r) in resolved.iter().enumerate() {
            if only_ship.is_some_and(|only| only != i) {
                continue;
            }
            let start = problems.len();
            let twin = twins.get(i).copied().flatten();
            if let Some(same) = twin.and_then(|t| own_problems[t].clone()) {
                for at in same {
                    let mut p = problems[at].clone();
                    p.ship = p.ship.map(|_| i);
                    problems.push(p);
                }
                own_problems[i] = Some(start..problems.len());
                continue;
            }
            let checked = inferred[i].as_ref().unwrap_or(&squad.ships[i]);
            self.check_ship(
                (&squad.faction, present),
                i,
                checked,
                r,
                faction_known,
                format.ok(),
                &mut problems,
            );
            if inferred[i].is_some() {
                self.report_unnamed_choices(i, &squad.ships[i], checked, &mut problems);
            }
            own_problems[i] = Some(start..problems.len());
        }
        let all: Vec<&Resolved> = resolved.iter().collect();
        let points = self.squad_checks(format.ok(), &all, &mut problems);
        problems.sort();
        problems.dedup();
        (problems, points)
    }

    /// The ship with every unnamed choice filled by the icons that leave it
    /// the fewest errors (the first such, in the card's order), or `None`
    /// when it has no unnamed choice.
    fn infer_choices(
        &self,
        (faction, present): (&str, &Presence),
        i: usize,
        ship: &SquadShip,
        faction_known: bool,
        format: Option<&Format>,
    ) -> Option<SquadShip> {
        let open: Vec<(usize, &Vec<ShortName>)> = ship
            .upgrades
            .iter()
            .enumerate()
            .filter(|(_, e)| e.choice.is_none())
            .filter_map(|(u, e)| {
                e.card
                    .upgrade(&self.db)
                    .map(|c| (u, &c.effects.grant_choice))
            })
            .filter(|(_, choices)| !choices.is_empty())
            .collect();
        if open.is_empty() {
            return None;
        }
        // Every combination, bounded: a ship holds at most
        // `limits::MAX_UPGRADES_PER_SHIP` cards, and past a few open choices
        // the first icons are kept for the rest.
        const MAX_TRIED: usize = 64;
        let mut candidates: Vec<SquadShip> = vec![ship.clone()];
        for (u, choices) in &open {
            let mut next = Vec::new();
            for candidate in &candidates {
                let take = if candidates.len() * choices.len() <= MAX_TRIED {
                    choices.len()
                } else {
                    1
                };
                for choice in choices.iter().take(take) {
                    let mut c = candidate.clone();
                    c.upgrades[*u].choice = Some(choice.to_string());
                    next.push(c);
                }
            }
            candidates = next;
        }
        candidates.into_iter().min_by_key(|candidate| {
            let resolved = self.resolve(candidate, faction, present);
            let mut problems = Vec::new();
            self.check_ship(
                (faction, present),
                i,
                candidate,
                &resolved,
                faction_known,
                format,
                &mut problems,
            );
            problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .count()
        })
    }

    /// A warning for each card whose icon was not named, with the icon the
    /// check used.
    fn report_unnamed_choices(
        &self,
        i: usize,
        ship: &SquadShip,
        checked: &SquadShip,
        out: &mut Vec<Problem>,
    ) {
        for (e, used) in ship.upgrades.iter().zip(&checked.upgrades) {
            let (None, Some(used), Some(card)) =
                (&e.choice, &used.choice, e.card.upgrade(&self.db))
            else {
                continue;
            };
            let options: Vec<&str> = card
                .effects
                .grant_choice
                .iter()
                .map(|s| self.db.slot_name(s))
                .collect();
            out.push(problem(
                    Code::ChoiceRequired,
                    Some(i),
                    e.slot.clone(),
                    Some(card.xws.as_str().into()),
                    format_args!(
                        "{} grants one upgrade icon of your choice ({}); none is named, so the squad is checked with {}.",
                        card.name(),
                        or_list(&options),
                        self.db.slot_name(used)
                    ),
            ).warning());
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn check_ship(
        &self,
        (faction, present): (&str, &Presence),
        i: usize,
        ship_ref: &SquadShip,
        r: &Resolved,
        faction_known: bool,
        format: Option<&Format>,
        out: &mut Vec<Problem>,
    ) {
        let check = ShipCheck {
            db: &self.db,
            faction,
            present,
            faction_known,
            format,
            ship: i,
        };
        let Some(pilot) = r.pilot else {
            out.extend(check.unknown_pilot(ship_ref, r));
            return;
        };
        add(out, check.pilot_faction(pilot));
        add(out, check.reserve_pilot(pilot));
        add(out, check.epic_only(pilot, r.ship));
        for f in &r.upgrades {
            check.upgrade(r, f, out);
        }
        self.check_limited(i, r, out);
        out.extend(check.distinct_in_slots(r));
        out.extend(check.grant_filters(r));
        self.check_slots(i, r, out);
        self.check_seats(i, ship_ref, r, out);
    }

    /// Every known pilot and upgrade of the squad, for restrictions lifted
    /// by another card's presence (Maul with Ezra Bridger).
    fn cards_present<'s>(&'s self, squad: &'s Squad) -> Presence<'s> {
        Presence::new(&self.db, squad)
    }

    fn check_limited(&self, i: usize, r: &Resolved, out: &mut Vec<Problem>) {
        let mut by_card: BTreeMap<&str, Vec<&Fitted>> = BTreeMap::new();
        for f in &r.upgrades {
            if let Some(card) = f.card.filter(|c| c.limited) {
                by_card.entry(card.xws.as_str()).or_default().push(f);
            }
        }
        for copies in by_card.values().filter(|c| c.len() > 1) {
            for f in copies {
                out.push(limited_duplicate(i, f, copies.len()));
            }
        }
    }

    /// Fits the cards into the effective bar, type by type. Cards are
    /// placed in a fixed order (their chosen slot, then card id) so the
    /// same cards give the same problems in any order.
    ///
    /// Counting decides legality; [`Rules::check_seats`] then says where a
    /// card's named slot is gone or taken.
    fn check_slots(&self, i: usize, r: &Resolved, out: &mut Vec<Problem>) {
        if r.unfitted.is_empty() {
            return;
        }
        let supply = slot_supply(&r.report.bar);
        for &(u, kind, n, free) in &r.unfitted {
            add(
                out,
                self.unfitted_problem(i, &r.upgrades[u], (kind, n, free), &supply),
            );
        }
    }

    /// The problem of one card that does not fit the bar by count: `short`
    /// is (the slot type short, slots it needs, slots free) and `supply`
    /// the bar's [`slot_supply`].
    pub(super) fn unfitted_problem(
        &self,
        i: usize,
        f: &Fitted,
        (kind, n, free): (&str, usize, usize),
        supply: &BTreeMap<&str, usize>,
    ) -> Option<Problem> {
        let card = f.card?;
        let name = card.name();
        let slot_name = self.db.slot_name(kind);
        let (code, message) = if kind == "title" {
            (
                Code::TitleDuplicate,
                format!("{name} is a second Title on this ship; a ship can equip only one Title."),
            )
        } else {
            let have = supply.get(kind).copied().unwrap_or(0);
            let message = match (n, have, free) {
                (_, 0, _) => {
                    format!("{name} needs a {slot_name} slot; this ship's upgrade bar has none.")
                }
                (1, _, _) => {
                    format!("{name} needs a {slot_name} slot, but all {have} are taken.")
                }
                (_, _, free) => format!(
                    "{name} occupies {n} {slot_name} slots; only {free} of {have} {} free.",
                    if free == 1 { "is" } else { "are" }
                ),
            };
            (Code::NoFreeSlot, message)
        };
        Some(problem(
            code,
            Some(i),
            f.equipped.slot.clone(),
            Some(card.xws.as_str().into()),
            message,
        ))
    }

    /// A known card that fits by count but has no slot of its own on the
    /// bar (its slot was lost with a title, or another card names the same
    /// slot) is kept where it is and reported, so the player can move it.
    fn check_seats(&self, i: usize, ship: &SquadShip, r: &Resolved, out: &mut Vec<Problem>) {
        let cards: SmallVec<[Option<&Upgrade>; 16]> = r.upgrades.iter().map(|f| f.card).collect();
        let bar = Seating::of_cards(ship, &cards, &r.report.bar);
        for &u in &bar.unseated {
            let e = &ship.upgrades[u];
            let Some(card) = e.card.upgrade(&self.db) else {
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
            let name = card.name();
            let message = match &e.slot {
                None => format!("{name} is not in any slot; put it in a free slot."),
                Some(slot) if !crate::squad::fits_bar_slot(&self.db, e, slot, &r.report.bar) => {
                    format!(
                        "{name} names a {} slot, but it is a {} card; put it in a free {} slot.",
                        self.db.slot_name(&slot.kind),
                        self.db.slot_name(card.slot()),
                        self.db.slot_name(card.slot())
                    )
                }
                Some(slot) => {
                    let slot_name = self.db.slot_name(&slot.kind);
                    match bar.holder(&r.report.bar, slot) {
                        Some(_) => format!(
                            "{name} names {slot_name} slot {}, which another card holds; put it in a free {slot_name} slot.",
                            u16::from(slot.index) + 1
                        ),
                        None => format!(
                            "{name} names {slot_name} slot {}, which this ship's upgrade bar does not have; put it in a free {slot_name} slot.",
                            u16::from(slot.index) + 1
                        ),
                    }
                }
            };
            out.push(
                problem(
                    Code::SlotMissing,
                    Some(i),
                    e.slot.clone(),
                    Some(card.xws.as_str().into()),
                    message,
                )
                .warning(),
            );
        }
    }

    /// The checks of the squad as a whole (unique names, limits, sections,
    /// the format); returns the squad's points.
    fn squad_checks(
        &self,
        format: Option<&Format>,
        resolved: &[&Resolved],
        out: &mut Vec<Problem>,
    ) -> i32 {
        out.extend(self.fleet_checks(format, resolved));
        self.squad_card_checks(format, resolved, out)
    }

    /// The squad checks that read only which pilots and ships fly: the
    /// sections of a ship, ships of one type, epic points. An option's
    /// trial changes no pilot, so its trials share one answer.
    fn fleet_checks(&self, format: Option<&Format>, resolved: &[&Resolved]) -> Vec<Problem> {
        let mut out = format_checks::sections(&self.db, resolved);
        if let Some(format) = format {
            out.extend(format_checks::ship_type_limits(format, resolved));
            out.extend(format_checks::epic_points(format, resolved));
        }
        out
    }

    /// The squad checks that read the cards (unique names, squad limits,
    /// points, copies); returns the squad's points.
    fn squad_card_checks(
        &self,
        format: Option<&Format>,
        resolved: &[&Resolved],
        out: &mut Vec<Problem>,
    ) -> i32 {
        self.check_unique(resolved, out);
        out.extend(format_checks::squad_limits(resolved));
        let points: i32 = resolved.iter().map(|r| r.report.points).sum();
        if let Some(format) = format {
            add(out, format_checks::points_limit(format, points));
            out.extend(format_checks::copy_limit(format, resolved));
        }
        points
    }

    fn check_unique(&self, resolved: &[&Resolved], out: &mut Vec<Problem>) {
        for (name, copies) in unique_copies(resolved).iter().filter(|(_, c)| c.len() > 1) {
            for copy in copies {
                out.push(self.unique_duplicate(name.0, copies, copy));
            }
        }
    }

    /// The problem of one of several cards of one unique name (`name`, as
    /// written on one of them).
    pub(super) fn unique_duplicate(
        &self,
        name: &str,
        copies: &[UniqueCopy],
        &(ship, slot, xws): &UniqueCopy,
    ) -> Problem {
        let display = copies
            .iter()
            .map(|c| c.2)
            .min()
            .and_then(|first| self.db.card(first))
            .map_or_else(|| name.to_string(), |c| c.name().to_string());
        problem(
            Code::UniqueDuplicate,
            Some(ship),
            slot.cloned(),
            Some(xws.into()),
            format_args!(
                "{display} is unique: the squad may field only one card with that name ({} here).",
                copies.len()
            ),
        )
    }

    /// Every card of the slot's type, each marked allowed or with the
    /// problems equipping it in that slot of that ship would cause. The
    /// card in that slot now, if any, is replaced in the trial.
    ///
    /// Each trial re-checks only what a card there can change: its own
    /// ship, and the squad as a whole over the other ships as they are. A
    /// card that changes nothing on the ship but its own place and cost is
    /// checked alone against the ship as it is without it (see
    /// `quick_trial.rs`). A card that another card's presence rule names
    /// (`faction_unless`, `reserve_of`) can change other ships too: its
    /// trial is validated whole. `options_match_whole_validation` and
    /// `options_match_whole_validation_on_random_squads` (below) hold the
    /// options equal to whole validations.
    pub fn options(&self, squad: &Squad, ship: usize, slot: &SlotRef) -> Vec<CardOption<'_>> {
        self.options_checked(squad, ship, slot, Trial::OwnShip)
    }

    fn options_checked(
        &self,
        squad: &Squad,
        ship: usize,
        slot: &SlotRef,
        trial_kind: Trial,
    ) -> Vec<CardOption<'_>> {
        if ship >= squad.ships.len() {
            return Vec::new();
        }
        let mut base = squad.clone();
        base.ships[ship]
            .upgrades
            .retain(|e| e.slot.as_ref() != Some(slot));
        // The squad without the slot's card, checked once: every trial
        // shares its other ships, resolved once.
        let format = self.formats.get(&base.format);
        let format = format.as_deref();
        let present = self.cards_present(&base);
        let twins = twins(&base.ships);
        let inferred = self.inferred_choices(&base, &twins, &present, format.ok());
        let resolved = self.resolve_all(&base, &twins, &inferred, &present);
        // The slot's ship and the squad as a whole: what a trial compares
        // with (`before`) and the names the quick trial avoids.
        let (problems, _) = self.problems(
            &base,
            format,
            &present,
            (&twins, &inferred, &resolved),
            Some(ship),
        );
        let trials = SlotTrials::new(
            self,
            &base,
            (ship, slot, trial_kind),
            &present,
            format.ok(),
            &resolved,
            &problems,
        );
        let quick = trials.quick_trial(inferred[ship].is_some(), &problems);
        // One trial ship: each card is pushed, checked and popped, so the
        // ship's other cards are not copied for every trial; copied once,
        // when the first card the quick trial cannot answer comes.
        let mut trial_ship: Option<SquadShip> = None;
        let candidates = self.candidates(slot, &resolved[ship]);
        // Allowed cards first, each part in name order: the candidates'.
        let (mut options, mut refused) = (
            Vec::with_capacity(candidates.len()),
            Vec::with_capacity(candidates.len()),
        );
        for card in candidates
            .into_iter()
            .filter_map(|at| self.db.upgrades.get(at))
        {
            let quick = quick
                .as_ref()
                .filter(|_| !trials.named_by_presence(&card.xws))
                .and_then(|q| q.try_card(card));
            let (own, squad_problems) =
                quick.unwrap_or_else(|| trials.try_in_trial_ship(card, &mut trial_ship));
            let option = CardOption {
                card,
                points: card.points,
                allowed: !own.iter().any(|p| p.severity == Severity::Error),
                problems: own,
                squad_problems,
            };
            if option.allowed {
                options.push(option);
            } else {
                refused.push(option);
            }
        }
        options.append(&mut refused);
        options
    }

    /// The cards of a slot's own type, and of any type it also holds
    /// (Ordnance Tubes' Hardpoints hold Torpedoes and Missiles), in name
    /// order: each type's list is, so most slots sort a sorted list.
    fn candidates(&self, slot: &SlotRef, resolved: &Resolved) -> Vec<usize> {
        let mut candidates: Vec<usize> = std::iter::once(slot.kind.as_str())
            .chain(
                resolved
                    .report
                    .bar
                    .iter()
                    .filter(|s| s.slot == *slot)
                    .flat_map(|s| s.also_holds.iter().map(String::as_str)),
            )
            .filter_map(|kind| self.by_slot.get(kind))
            .flatten()
            .copied()
            .collect();
        candidates.sort_unstable_by_key(|&at| self.name_rank.get(at).copied());
        candidates.dedup();
        candidates
    }
}

/// What every card tried in one slot shares: the squad without the slot's
/// card, checked once ([`Rules::options`]).
struct SlotTrials<'a> {
    rules: &'a Rules,
    base: &'a Squad,
    ship: usize,
    slot: &'a SlotRef,
    kind: Trial,
    present: &'a Presence<'a>,
    faction_known: bool,
    format: Option<&'a Format>,
    resolved: &'a [Resolved<'a>],
    /// The squad checks that read only which pilots fly: one answer for every trial.
    fleet: Vec<Problem>,
    /// The squad-wide problems before any card is tried.
    before: BTreeSet<(Code, Option<&'a str>)>,
    /// The names the squad's presence rules ask for, listed once: most
    /// squads have none.
    named: Vec<&'a str>,
}

impl<'a> SlotTrials<'a> {
    fn new(
        rules: &'a Rules,
        base: &'a Squad,
        (ship, slot, kind): (usize, &'a SlotRef, Trial),
        present: &'a Presence<'a>,
        format: Option<&'a Format>,
        resolved: &'a [Resolved<'a>],
        problems: &'a [Problem],
    ) -> SlotTrials<'a> {
        let before = problems
            .iter()
            .filter(|p| p.ship.is_none())
            .map(|p| (p.code, p.card.as_deref()))
            .collect();
        let fleet = {
            let all: Vec<&Resolved> = resolved.iter().collect();
            rules.fleet_checks(format, &all)
        };
        let named = resolved
            .iter()
            .flat_map(|r| {
                let reserve = r.pilot.and_then(|p| p.reserve_of.as_deref());
                let unless = r
                    .upgrades
                    .iter()
                    .filter_map(|f| f.card)
                    .filter_map(|c| c.restriction.faction_unless.as_deref());
                reserve.into_iter().chain(unless)
            })
            .collect();
        SlotTrials {
            rules,
            base,
            ship,
            slot,
            kind,
            present,
            faction_known: rules.db.is_squad_faction(&base.faction),
            format,
            resolved,
            fleet,
            before,
            named,
        }
    }

    /// Whether another card's presence rule names this card: its trial
    /// can change other ships, so it is validated whole.
    fn named_by_presence(&self, xws: &str) -> bool {
        self.named.contains(&xws)
    }

    /// The quick trial of `quick_trial.rs`, where the kind of trial allows it.
    fn quick_trial(&'a self, open_choice: bool, problems: &'a [Problem]) -> Option<QuickTrial<'a>> {
        if self.kind != Trial::OwnShip {
            return None;
        }
        let check = ShipCheck {
            db: &self.rules.db,
            faction: &self.base.faction,
            present: self.present,
            faction_known: self.faction_known,
            format: self.format,
            ship: self.ship,
        };
        QuickTrial::new(
            self.rules,
            check,
            self.slot,
            (&self.base.ships[self.ship], open_choice),
            self.resolved,
            (problems, &self.before),
        )
    }

    /// A card tried on the trial ship (pushed, checked, popped): its own
    /// problems and the squad-wide ones it adds.
    fn try_in_trial_ship(
        &self,
        card: &Upgrade,
        trial_ship: &mut Option<SquadShip>,
    ) -> (Vec<Problem>, Vec<Problem>) {
        let trial = trial_ship.get_or_insert_with(|| self.base.ships[self.ship].clone());
        trial.upgrades.push(Equipped {
            card: CardRef::Id(card.id),
            slot: Some(self.slot.clone()),
            choice: card.effects.grant_choice.first().map(|c| c.to_string()),
        });
        let problems = if self.kind == Trial::Whole || self.named_by_presence(&card.xws) {
            let mut whole = self.base.clone();
            whole.ships[self.ship] = trial.clone();
            self.rules.validate(&whole).problems
        } else {
            self.own_ship_problems(trial)
        };
        trial.upgrades.pop();
        self.sort_out(card, problems)
    }

    /// The trial ship's own checks and the squad's card checks, the other
    /// ships as resolved once.
    fn own_ship_problems(&self, trial: &SquadShip) -> Vec<Problem> {
        let (rules, ship, faction) = (self.rules, self.ship, self.base.faction.as_str());
        let inferred = rules.infer_choices(
            (faction, self.present),
            ship,
            trial,
            self.faction_known,
            self.format,
        );
        let checked = inferred.as_ref().unwrap_or(trial);
        let own = rules.resolve(checked, faction, self.present);
        let mut problems = Vec::new();
        rules.check_ship(
            (faction, self.present),
            ship,
            checked,
            &own,
            self.faction_known,
            self.format,
            &mut problems,
        );
        let all: Vec<&Resolved> = self
            .resolved
            .iter()
            .enumerate()
            .map(|(i, r)| if i == ship { &own } else { r })
            .collect();
        problems.extend(self.fleet.iter().cloned());
        rules.squad_card_checks(self.format, &all, &mut problems);
        problems.sort();
        problems.dedup();
        problems
    }

    /// A trial's problems as the option shows them: the card's own on its
    /// ship, and the squad-wide ones that were not there before.
    fn sort_out(&self, card: &Upgrade, problems: Vec<Problem>) -> (Vec<Problem>, Vec<Problem>) {
        let (mut own, mut squad) = (Vec::new(), Vec::new());
        for p in problems {
            if p.ship == Some(self.ship)
                && p.card.as_deref() == Some(card.xws.as_str())
                && p.code != Code::ChoiceRequired
            {
                own.push(p);
            } else if p.ship.is_none() && !self.before.contains(&(p.code, p.card.as_deref())) {
                squad.push(p);
            }
        }
        (own, squad)
    }
}

/// How an option's trial is checked: its own ship and the squad as a whole
/// (what `Rules::options` does), or the whole squad validated again (the
/// fallback, and what the test holds the first equal to).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trial {
    OwnShip,
    Whole,
}

/// The most ships [`twins`] keeps to compare later ships with: the work
/// stays linear in the squad's size however many kinds of ship it holds.
const MAX_TWIN_MODELS: usize = 16;

/// For each ship, the first earlier ship just like it (the same pilot and
/// the same cards, slots and choices), if any. A ship's checks read only
/// itself, the squad's faction and the squad's cards, so a twin's
/// resolution and problems are the earlier ship's: a swarm of eight
/// Cartel Spacers is resolved and checked twice, not eight times. Only the
/// first [`MAX_TWIN_MODELS`] kinds of ship are looked for.
/// `twins_change_no_verdict` (below) holds the verdicts equal to checking
/// every ship on its own.
pub(super) fn twins(ships: &[SquadShip]) -> SmallVec<[Option<usize>; 16]> {
    #[cfg(test)]
    if !TWINS_SHARED.with(std::cell::Cell::get) {
        return SmallVec::from_elem(None, ships.len());
    }
    let mut models: SmallVec<[usize; MAX_TWIN_MODELS]> = SmallVec::new();
    ships
        .iter()
        .enumerate()
        .map(|(i, ship)| {
            let twin = models.iter().copied().find(|&m| ships[m] == *ship);
            if twin.is_none() && models.len() < MAX_TWIN_MODELS {
                models.push(i);
            }
            twin
        })
        .collect()
}

#[cfg(test)]
thread_local! {
    /// Whether [`twins`] finds twins: a test turns it off to check every
    /// ship on its own and compare.
    static TWINS_SHARED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;
    use crate::catalog::DUAL_SECOND_FACE;

    /// A proptest runner of `cases` random squads, seeded: a failure names
    /// the same squads on every run.
    fn seeded_runner(cases: u32) -> proptest::test_runner::TestRunner {
        use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
        TestRunner::new_with_rng(
            Config {
                cases,
                failure_persistence: None,
                ..Config::default()
            },
            TestRng::deterministic_rng(RngAlgorithm::ChaCha),
        )
    }

    #[derive(serde::Deserialize)]
    struct Golden {
        squad: Squad,
    }

    /// The problems options start from (one ship's own checks, every
    /// squad-wide check) are the squad's problems less the other ships'
    /// own: every problem of that ship or of no ship is among them, and
    /// none that validation does not find.
    #[test]
    fn one_ships_problems_are_the_squads_for_that_ship() {
        let rules = Rules::embedded().unwrap();
        let golden: Vec<Golden> =
            serde_json::from_str(include_str!("../../tests/golden/links.json")).unwrap();
        let mut checked = 0;
        for squad in golden.iter().map(|g| &g.squad) {
            let format = rules.formats.get(&squad.format);
            let format = format.as_deref();
            let present = rules.cards_present(squad);
            let twins = twins(&squad.ships);
            let inferred = rules.inferred_choices(squad, &twins, &present, format.ok());
            let resolved = rules.resolve_all(squad, &twins, &inferred, &present);
            let all = (&twins[..], &inferred[..], &resolved[..]);
            let (every, _) = rules.problems(squad, format, &present, all, None);
            for ship in 0..squad.ships.len() {
                let (one, _) = rules.problems(squad, format, &present, all, Some(ship));
                for p in &one {
                    assert!(every.contains(p), "{p:?} of ship {ship} in {}", squad.name);
                }
                for p in every
                    .iter()
                    .filter(|p| p.ship.is_none() || p.ship == Some(ship))
                {
                    assert!(one.contains(p), "{p:?} of ship {ship} in {}", squad.name);
                    checked += 1;
                }
            }
        }
        assert!(checked > 20, "{checked}");
    }

    /// Checking an option's own ship and the squad as a whole gives what
    /// validating the whole squad gives, on every slot of every ship of the
    /// golden links' squads (every C-ROC card, illegal squads, unknown
    /// cards, choices) and of the squad on the address of a built squad.
    #[test]
    fn options_match_whole_validation() {
        let rules = Rules::embedded().unwrap();
        let golden: Vec<Golden> =
            serde_json::from_str(include_str!("../../tests/golden/links.json")).unwrap();
        // A presence rule: Maul flies for the Rebels with Ezra Bridger in
        // the squad, so Ezra's trial is validated whole.
        let ship = |pilot: u32, crew: &[u32]| SquadShip {
            pilot: CardRef::Id(pilot),
            upgrades: crew
                .iter()
                .enumerate()
                .map(|(i, id)| Equipped::new(CardRef::Id(*id), Some(SlotRef::new("crew", i as u8))))
                .collect(),
        };
        let mut maul = Squad::new("standard", "rebel");
        // Han Solo (YT-1300) with Maul; Ezra Bridger (Attack Shuttle).
        maul.ships = vec![ship(1036, &[3343]), ship(1169, &[])];
        let mut compared = 0;
        let squads = golden.iter().map(|g| &g.squad).take(12).chain([&maul]);
        for squad in squads {
            let report = rules.validate(squad);
            for (i, ship) in report.ships.iter().enumerate() {
                for bar_slot in &ship.bar {
                    let slot = &bar_slot.slot;
                    let fast = rules.options_checked(squad, i, slot, Trial::OwnShip);
                    let whole = rules.options_checked(squad, i, slot, Trial::Whole);
                    assert_eq!(fast, whole, "ship {i} slot {slot:?} of {}", squad.name);
                    compared += fast.len();
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }

    /// Options over random squads of the whole pool, half their cards drawn
    /// from those with effects, names or limits the quick trial must
    /// respect (titles, discounts, filters, unique, Limited, squad limits),
    /// in every format: each slot's options equal validating the whole squad
    /// with the card equipped, and the quick trial answered many of them.
    #[test]
    fn options_match_whole_validation_on_random_squads() {
        use proptest::prelude::*;

        let rules = Rules::embedded().unwrap();
        let db = &rules.db;
        let marked: Vec<u32> = db
            .upgrades
            .iter()
            .filter(|u| {
                u.effects != crate::catalog::Effects::default()
                    || u.unique
                    || u.limited
                    || u.squad_limit.is_some()
            })
            .map(|u| u.id)
            .collect();
        let factions: Vec<String> = db.squad_factions().map(|f| f.xws.clone()).collect();
        let formats = ["standard", "epic", "epic-2014", "team-epic"];
        let card = prop_oneof![
            (0..db.upgrades.len()).prop_map(|i| db.upgrades[i].id),
            (0..marked.len()).prop_map(|i| marked[i]),
        ];
        let ship = (
            0..db.pilots.len(),
            proptest::collection::vec((card, any::<bool>()), 0..7),
        );
        let squad = (
            0..factions.len(),
            0..formats.len(),
            any::<bool>(),
            proptest::collection::vec(ship, 1..5),
        );
        let (compared, quick) = (std::cell::Cell::new(0usize), std::cell::Cell::new(0usize));
        let mut runner = seeded_runner(100);
        runner
            .run(&squad, |(faction, format, placed, ships)| {
                let mut squad = Squad::new(formats[format], &factions[faction]);
                for (pilot, cards) in ships {
                    let mut ship = SquadShip {
                        pilot: CardRef::Id(db.pilots[pilot].id),
                        upgrades: cards
                            .into_iter()
                            .map(|(id, second)| {
                                let card = db.upgrades.iter().find(|u| u.id == id).unwrap();
                                let mut e = Equipped::new(CardRef::Id(id), None);
                                e.choice = if card.dual && second {
                                    Some(DUAL_SECOND_FACE.to_string())
                                } else if second {
                                    card.effects.grant_choice.last().map(|c| c.to_string())
                                } else {
                                    None
                                };
                                e
                            })
                            .collect(),
                    };
                    if placed {
                        crate::squad::xws::place(db, &mut ship);
                    }
                    squad.ships.push(ship);
                }
                let report = rules.validate(&squad);
                for (i, ship) in report.ships.iter().enumerate() {
                    for bar_slot in &ship.bar {
                        let slot = &bar_slot.slot;
                        let before = super::super::quick_trial::ANSWERED.with(|n| n.get());
                        let fast = rules.options_checked(&squad, i, slot, Trial::OwnShip);
                        quick.set(
                            quick.get() + super::super::quick_trial::ANSWERED.with(|n| n.get())
                                - before,
                        );
                        let whole = rules.options_checked(&squad, i, slot, Trial::Whole);
                        prop_assert_eq!(&fast, &whole, "ship {} slot {:?} of {:?}", i, slot, squad);
                        // Allowed cards first, each part by name.
                        let order = |o: &CardOption| (!o.allowed, o.card.name().to_string());
                        prop_assert!(fast.windows(2).all(|w| order(&w[0]) <= order(&w[1])));
                        compared.set(compared.get() + fast.len());
                    }
                }
                Ok(())
            })
            .unwrap();
        let (compared, quick) = (compared.get(), quick.get());
        assert!(compared > 10_000, "{compared}");
        // Most random squads break a rule on the slot's ship, and those
        // take the whole trial; a quarter is still thousands of cards.
        assert!(quick * 4 > compared, "quick {quick} of {compared}");
    }

    /// Squads of a few kinds of ship, each flown several times in any
    /// order, in every format and faction: validating with twins shared
    /// gives the verdict of checking every ship on its own, and so do the
    /// options of every slot.
    #[test]
    fn twins_change_no_verdict() {
        use proptest::prelude::*;

        let rules = Rules::embedded().unwrap();
        let db = &rules.db;
        let factions: Vec<String> = db.squad_factions().map(|f| f.xws.clone()).collect();
        let formats = ["standard", "epic", "team-epic"];
        let model = (
            0..db.pilots.len(),
            proptest::collection::vec(0..db.upgrades.len(), 0..5),
            any::<bool>(),
        );
        let squad = (
            0..factions.len(),
            0..formats.len(),
            proptest::collection::vec(model, 1..4),
            proptest::collection::vec(0..3usize, 2..10),
        );
        let shared = std::cell::Cell::new(0usize);
        let mut runner = seeded_runner(60);
        fn each_alone<T>(f: impl FnOnce() -> T) -> T {
            TWINS_SHARED.with(|on| on.set(false));
            let out = f();
            TWINS_SHARED.with(|on| on.set(true));
            out
        }
        runner
            .run(&squad, |(faction, format, models, order)| {
                let models: Vec<SquadShip> = models
                    .into_iter()
                    .map(|(pilot, cards, placed)| {
                        let mut ship = SquadShip {
                            pilot: CardRef::Id(db.pilots[pilot].id),
                            upgrades: cards
                                .into_iter()
                                .map(|u| Equipped::new(CardRef::Id(db.upgrades[u].id), None))
                                .collect(),
                        };
                        if placed {
                            crate::squad::xws::place(db, &mut ship);
                        }
                        ship
                    })
                    .collect();
                let mut squad = Squad::new(formats[format], &factions[faction]);
                squad.ships = order
                    .iter()
                    .map(|m| models[m % models.len()].clone())
                    .collect();
                shared.set(shared.get() + twins(&squad.ships).iter().flatten().count());
                let report = rules.validate(&squad);
                let alone = each_alone(|| rules.validate(&squad));
                prop_assert_eq!(&report, &alone, "{:?}", squad);
                for (i, ship) in report.ships.iter().enumerate() {
                    for slot in ship.bar.iter().map(|b| &b.slot) {
                        let options = rules.options(&squad, i, slot);
                        let alone = each_alone(|| rules.options(&squad, i, slot));
                        prop_assert_eq!(&options, &alone, "ship {} slot {:?}", i, slot);
                    }
                }
                Ok(())
            })
            .unwrap();
        assert!(shared.get() > 100, "{}", shared.get());
    }
}
