//! The picker's options: every card a slot could take, each tried in that
//! slot and marked allowed or with the problems it would have there
//! ([`Rules::options`]). The cards one slot tries share the squad without
//! the slot's card, checked once ([`SlotTrials`]); most are answered by
//! the quick trial (`quick_trial.rs`), the others by checking their ship
//! again.

use std::collections::BTreeSet;

use super::engine::{Rules, twins};
use super::quick_trial::QuickTrial;
use super::resolve::resolve;
use super::resolved::{Presence, Resolved};
use super::ship_checks::ShipCheck;
use super::squad_checks;
use super::verdict::{Code, Problem, Severity, tidy};
use crate::catalog::{Format, Upgrade};
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

impl Rules {
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

    /// [`Rules::options`], each trial checked as `trial_kind` says.
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
        let candidates = self.candidates(slot, &resolved[ship]);
        self.tried_candidates(candidates, quick.as_ref(), &trials)
    }

    /// Each candidate card tried in the slot: the allowed first, then the
    /// refused, each part in the candidates' (name) order. The quick trial
    /// answers what it can; the others go into one trial ship, in which
    /// each card is pushed, checked and popped, so the ship's other cards
    /// are not copied for every trial (copied once, when the first card
    /// the quick trial cannot answer comes).
    fn tried_candidates<'a: 'q, 'q>(
        &'a self,
        candidates: Vec<usize>,
        quick: Option<&QuickTrial<'q>>,
        trials: &SlotTrials<'_>,
    ) -> Vec<CardOption<'a>> {
        let mut trial_ship: Option<SquadShip> = None;
        let (mut options, mut refused) = (
            Vec::with_capacity(candidates.len()),
            Vec::with_capacity(candidates.len()),
        );
        for card in candidates
            .into_iter()
            .filter_map(|at| self.db.upgrades.get(at))
        {
            let quick = quick
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
            squad_checks::fleet_checks(&rules.db, format, &all)
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
        let own = resolve(&rules.db, checked, faction, self.present);
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
        squad_checks::card_checks(&rules.db, self.format, &all, &mut problems);
        tidy(&mut problems);
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use super::super::engine::TWINS_SHARED;
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

    /// Checking an option's own ship and the squad as a whole gives what
    /// validating the whole squad gives, on every slot of every ship of the
    /// golden links' squads (every C-ROC card, illegal squads, unknown
    /// cards, choices) and of the squad on the address of a built squad.
    #[test]
    fn options_match_whole_validation() {
        let rules = Rules::embedded().unwrap();
        let golden: Vec<Golden> =
            serde_json::from_str(include_str!("../../../tests/golden/links.json")).unwrap();
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
                        crate::squad::roster::place(db, &mut ship);
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
                            crate::squad::roster::place(db, &mut ship);
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
