//! The energy simulator's log and errors in the page's language: each
//! [`EventMessage`] (a key and named values, from `cards`) is a `sims`
//! catalogue sentence, its cards named as the page's card words name them.

use std::sync::Arc;

use cards::lang::Lang;
use cards::sim::energy::{
    CardName, EnergyError, EnergyEvent, EventMessage, EventText, EventValue, HugeAction,
};
use cards::squad::Rules;
use leptos::prelude::*;

use super::{Said, Words};
use crate::components::problem_text::ProblemText;
use crate::components::worded;
use crate::i18n::td;

/// Says the energy simulator's events and errors.
#[derive(Clone)]
pub struct EnergyWords {
    pub words: Words,
    /// The cards, to name them in the page's language (English without).
    rules: Option<Arc<Rules>>,
}

impl EnergyWords {
    pub fn new(words: Words, rules: Option<Arc<Rules>>) -> EnergyWords {
        EnergyWords { words, rules }
    }

    /// The cards the simulator flies, if it has them.
    pub fn rules(&self) -> Option<&Arc<Rules>> {
        self.rules.as_ref()
    }

    /// An upgrade by its XWS name, named as [`EnergyWords::card`] names it.
    pub fn card_by_xws(&self, xws: &str) -> Said {
        let name = self
            .rules
            .as_ref()
            .and_then(|r| r.db.upgrade(xws))
            .map_or_else(|| xws.to_string(), |u| u.name().to_string());
        self.card(&CardName {
            xws: xws.to_string(),
            name,
        })
    }

    /// A card by its name in the page's language, if the page's card words
    /// have it, else its printed name.
    pub fn card(&self, card: &CardName) -> Said {
        let upgrade = self.rules.as_ref().and_then(|r| {
            let u = r.db.upgrade(&card.xws)?;
            Some(worded::upgrade_name(u))
        });
        match upgrade {
            Some((text, lang)) => Said::In(text, lang),
            None => Said::In(card.name.clone(), Lang::En),
        }
    }

    /// A placeholder's value in the page's language.
    pub fn value(&self, value: &EventValue) -> Said {
        match value {
            EventValue::Number(n) => Said::Plain(n.to_string()),
            EventValue::Card(card) => self.card(card),
            EventValue::Cards(cards) => {
                Said::List(cards.iter().map(|c| self.card(c)).collect(), ", ")
            }
            EventValue::Maneuver(m) => Said::Plain(self.words.maneuver(*m)),
        }
    }

    /// The value of `message`'s placeholder `name`, for the catalogue.
    fn var(
        &self,
        message: &EventMessage,
        name: &str,
    ) -> impl Fn() -> AnyView + Clone + Send + Sync + 'static + use<> {
        let said = message
            .value(name)
            .map_or(Said::Plain(String::new()), |v| self.value(v));
        said.var(self.words.lang)
    }

    /// An event: its sentences, one after another.
    pub fn event(&self, event: &EnergyEvent) -> AnyView {
        event
            .messages()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                view! {
                    {(i > 0).then_some(" ")}
                    {self.message(m)}
                }
            })
            .collect_view()
            .into_any()
    }
}

/// The table of sentences: each key's catalogue entry and its
/// placeholders (`[count]`: the entry has plural forms, picked by the
/// message's count). One list makes both the renderer and [`ENTRIES`],
/// which the tests check against every language's catalogue.
macro_rules! sentences {
    ($( $key:ident => $entry:ident ( $($var:ident),* ) $([$count:ident])? ; )*) => {
        /// Each sentence's catalogue entry, `sims.<entry>`.
        pub const ENTRIES: &[(EventText, &str)] = &[ $( (EventText::$key, stringify!($entry)), )* ];

        impl EnergyWords {
            /// One sentence of the log, from the catalogue.
            pub fn message(&self, m: &EventMessage) -> AnyView {
                let l = self.words.locale;
                let count = m.count.unwrap_or(0);
                match m.key {
                    $( EventText::$key => td!(
                        l,
                        sims.$entry
                        $(, $var = self.var(m, stringify!($var)))*
                        $(, $count = move || count)?
                    ).into_any(), )*
                }
            }
        }
    };
}

sentences! {
    Executes => energy_executes(maneuver);
    GainsEnergyFromManeuver => energy_gains(gained);
    GainsEnergyLessIon => energy_gains_less_ion(printed, ion, gained) [count];
    ReturnsExcess => energy_returns_excess(limit, excess);
    ShipCardHolds => energy_ship_card_holds(energy);
    Allocates => energy_allocates(moved, card, holds, limit);
    AllocationCapped => energy_allocation_capped(asked);
    NoEnergyHeader => energy_no_energy_header();
    MayUseEnergy => energy_may_use(cards);
    NoAction => energy_no_action();
    Recovers => energy_recovers(removed, recovered, shields, shield_value) [count];
    RecoveryWasted => energy_recovery_wasted(wasted);
    GainsAfterRecover => energy_gains_after_recover(gain, cards, energy);
    GainsAfterRecoverOverLimit => energy_gains_after_recover_over(gain, cards, energy, returned);
    ReinforcesFore => energy_reinforces_fore();
    ReinforcesAft => energy_reinforces_aft();
    LocksTarget => energy_locks_target();
    Jams => energy_jams();
    Coordinates => energy_coordinates();
    IonRemoved => energy_ion_removed();
    Fires => energy_fires(card, cost, left);
    CannotFire => energy_cannot_fire(card, holds, cost);
    NoEnergyAttack => energy_no_energy_attack();
    SuffersDamage => energy_suffers_damage(damage, from_shields, shields) [count];
    DamageToHull => energy_damage_to_hull(to_hull, hull_damage, hull);
    ReinforceRemoved => energy_reinforce_removed();
}

impl EnergyWords {
    /// Why the simulator cannot fly the ship or the plan.
    pub fn error(&self, e: &EnergyError) -> AnyView {
        let l = self.words.locale;
        let page = self.words.lang;
        let text = |s: &str| Said::Plain(s.to_string()).var(page);
        let english = |s: &str| Said::english(s).var(page);
        match e {
            EnergyError::UnknownPilot(p) => {
                td!(l, sims.energy_error_unknown_pilot, pilot = english(p)).into_any()
            }
            EnergyError::UnknownShip(p) => {
                td!(l, sims.energy_error_unknown_ship, pilot = english(p)).into_any()
            }
            EnergyError::NotHuge { pilot, ship } => td!(
                l,
                sims.energy_error_not_huge,
                pilot = english(pilot),
                ship = english(ship)
            )
            .into_any(),
            EnergyError::UnknownUpgrade(u) => {
                td!(l, sims.energy_error_unknown_upgrade, upgrade = english(u)).into_any()
            }
            EnergyError::IllegalLoadout(problems) => {
                let problems = problems.clone();
                let said = move || {
                    problems
                        .iter()
                        .enumerate()
                        .map(|(i, p)| {
                            let gap = (i > 0).then_some(" ");
                            view! {
                                {gap}
                                <ProblemText problem=p.clone() />
                            }
                        })
                        .collect_view()
                        .into_any()
                };
                td!(l, sims.energy_error_illegal_loadout, problems = said).into_any()
            }
            EnergyError::NotOnDial {
                round,
                maneuver,
                ship,
                dial,
            } => td!(
                l,
                sims.energy_error_not_on_dial,
                round = *round,
                maneuver = text(maneuver),
                ship = english(ship),
                dial = text(dial)
            )
            .into_any(),
            _ => self.action_error(e),
        }
    }

    /// The errors of a round's actions and of a ship's sections.
    fn action_error(&self, e: &EnergyError) -> AnyView {
        let l = self.words.locale;
        let page = self.words.lang;
        let action = |xws: &str| Said::Plain(self.action(xws)).var(page);
        let english = |s: &str| Said::english(s).var(page);
        match e {
            EnergyError::NoSuchAction { round, action: a } => td!(
                l,
                sims.energy_error_no_such_action,
                round = *round,
                action = action(a)
            )
            .into_any(),
            EnergyError::OneSectionOneAction { round } => {
                td!(l, sims.energy_error_one_action, round = *round).into_any()
            }
            EnergyError::NotOnePerSection {
                round,
                first,
                second,
            } => td!(
                l,
                sims.energy_error_one_per_section,
                round = *round,
                first = action(first),
                second = action(second)
            )
            .into_any(),
            EnergyError::SectionAlone(p) => {
                td!(l, sims.energy_error_section_alone, pilot = english(p)).into_any()
            }
            EnergyError::NotOneShip(p) => {
                td!(l, sims.energy_error_not_one_ship, pilots = english(p)).into_any()
            }
            EnergyError::TooManyAllocations {
                round,
                asked,
                cards,
            } => td!(
                l,
                sims.energy_error_too_many_allocations,
                round = *round,
                asked = *asked,
                cards = *cards
            )
            .into_any(),
            other => Said::english(other.to_string()).view(page),
        }
    }

    /// A huge-ship action's name, from the English label an error gives.
    fn action(&self, label: &str) -> String {
        HugeAction::ALL
            .into_iter()
            .find(|a| a.label() == label)
            .map_or_else(
                || label.to_string(),
                |a| self.words.huge_action(a).to_string(),
            )
    }
}
