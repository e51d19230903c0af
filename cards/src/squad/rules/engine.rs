//! The rules engine: [`Rules`], what it holds, and the order in which
//! [`Rules::validate`] resolves each ship (`resolve.rs`), infers the
//! choices left unnamed, and runs the checks: the ship's
//! (`ship_checks.rs`) and the squad's (`squad_checks.rs`). The squad is
//! never changed.

use std::collections::BTreeMap;
use std::sync::Arc;

use smallvec::SmallVec;

use super::reason::{CardReason, NamedCard, SquadReason, keys};
use super::resolve::resolve;
use super::resolved::{Presence, Resolved};
use super::ship_checks::ShipCheck;
use super::squad_checks;
use super::verdict::{Problem, Report, Severity, add, problem, tidy};
use crate::catalog::{Database, ShortName};
use crate::catalog::{Format, FormatError, Formats, LoadErrors, MAX_CUSTOM_POINTS};
use crate::squad::{Squad, SquadShip};

/// The rules engine over a card database and the formats.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Shared: pages and requests hold the engine, never a copy of the cards.
    pub db: Arc<Database>,
    pub formats: Formats,
    /// Each upgrade's place in name order (ties in the database's order),
    /// parallel to `db.upgrades`: options sort by it rather than comparing
    /// names.
    pub(super) name_rank: Arc<[u32]>,
    /// The upgrades (places in `db.upgrades`, in name order) that fill a
    /// slot of each type: what a slot's options go through, already in the
    /// order they are shown.
    pub(super) by_slot: Arc<BTreeMap<String, Vec<usize>>>,
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
    pub(super) fn inferred_choices(
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
    pub(super) fn resolve_all<'a>(
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
                None => resolve(&self.db, checked, &squad.faction, present),
            };
            resolved.push(r);
        }
        resolved
    }

    /// The squad's format and faction, where the data has no such key.
    fn unknown_names(
        &self,
        squad: &Squad,
        format: Result<&Format, &FormatError>,
        faction_known: bool,
    ) -> Vec<Problem> {
        let mut problems: Vec<Problem> = Vec::new();
        if let Err(unknown) = &format {
            let reason = match unknown {
                FormatError::CustomPoints(key) => SquadReason::CustomPoints {
                    key: key.clone(),
                    max: MAX_CUSTOM_POINTS,
                },
                FormatError::Unknown { key, known } => SquadReason::UnknownFormat {
                    key: key.clone(),
                    known: keys(known.split(", ")),
                },
            };
            problems.push(problem((None, None, None), reason));
        }
        if !faction_known {
            let known = self
                .db
                .factions
                .iter()
                .filter(|f| f.squad_faction == f.xws)
                .map(|f| f.xws.as_str());
            problems.push(problem(
                (None, None, None),
                SquadReason::UnknownFaction {
                    faction: squad.faction.clone(),
                    known: keys(known),
                },
            ));
        }
        problems
    }

    /// Every problem of the squad, sorted, and its points. With
    /// `only_ship`, the other ships' own checks are left out (options: the
    /// slot's card cannot change them); every squad-wide check still runs.
    pub(super) fn problems(
        &self,
        squad: &Squad,
        format: Result<&Format, &FormatError>,
        present: &Presence,
        (twins, inferred, resolved): (&[Option<usize>], &[Option<SquadShip>], &[Resolved]),
        only_ship: Option<usize>,
    ) -> (Vec<Problem>, i32) {
        let faction_known = self.db.is_squad_faction(&squad.faction);
        let mut problems = self.unknown_names(squad, format, faction_known);
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
        tidy(&mut problems);
        (problems, points)
    }

    /// The ship with every unnamed choice filled by the icons that leave it
    /// the fewest errors (the first such, in the card's order), or `None`
    /// when it has no unnamed choice.
    pub(super) fn infer_choices(
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
            let resolved = resolve(&self.db, candidate, faction, present);
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
            let reason = CardReason::ChoiceUnnamed {
                card: NamedCard::upgrade(card),
                options: keys(card.effects.grant_choice.iter().map(|s| s.as_str())),
                used: used.as_str().into(),
            };
            let at = (Some(i), e.slot.clone(), Some(card.xws.as_str().into()));
            out.push(problem(at, reason).warning());
        }
    }

    /// Every check of one ship, in the order they run, added to `out`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_ship(
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
        check.limited_copies(r, out);
        out.extend(check.distinct_in_slots(r));
        out.extend(check.grant_filters(r));
        check.slot_counts(r, out);
        check.seats(ship_ref, r, out);
    }

    /// Every known pilot and upgrade of the squad, for restrictions lifted
    /// by another card's presence (Maul with Ezra Bridger).
    pub(super) fn cards_present<'s>(&'s self, squad: &'s Squad) -> Presence<'s> {
        Presence::new(&self.db, squad)
    }

    /// The checks of the squad as a whole (unique names, limits, sections,
    /// the format); returns the squad's points.
    fn squad_checks(
        &self,
        format: Option<&Format>,
        resolved: &[&Resolved],
        out: &mut Vec<Problem>,
    ) -> i32 {
        out.extend(squad_checks::fleet_checks(&self.db, format, resolved));
        squad_checks::card_checks(&self.db, format, resolved, out)
    }
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
    pub(super) static TWINS_SHARED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::*;

    #[derive(serde::Deserialize)]
    struct Golden {
        squad: Squad,
    }

    /// squad-wide check) are the squad's problems less the other ships'
    /// own: every problem of that ship or of no ship is among them, and
    /// none that validation does not find.
    #[test]
    fn one_ships_problems_are_the_squads_for_that_ship() {
        let rules = Rules::embedded().unwrap();
        let golden: Vec<Golden> =
            serde_json::from_str(include_str!("../../../tests/golden/links.json")).unwrap();
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
}
