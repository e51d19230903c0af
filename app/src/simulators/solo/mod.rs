//! The Solo Play Alpha simulators: the flight system (maneuver, attitude,
//! action, step by step), the tally helper and the approach charts.

mod charts;
mod tally;

use std::sync::Arc;

use cards::catalog::Database;
use cards::sim::solo::{
    AttackDie, DefenseDie, Side, SoloError, SoloRequest, SoloStep, StressChange, TallyArc,
    roll_approach,
};
use leptos::either::Either;
use leptos::prelude::*;

use super::SimulatorPanel;
use super::words::{Said, Words, alert};

use crate::components::WithCards;
use crate::components::form::Flag;
use crate::components::worded;
use crate::i18n::{td, td_string};

pub use charts::ApproachCharts;

use tally::TallyHelper;

/// The flight system beside its rules, with the tally helper.
#[component]
pub fn SoloSimulator(request: RwSignal<SoloRequest>, error: Option<String>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <SimulatorPanel
            id="solo-simulator"
            title=td_string!(l, sims.solo_title)
            hint=td_string!(l, sims.solo_hint)
            address_error=error
        >
            <WithCards render=move |db| view! { <Solo db req=request /> } />
            <TallyHelper />
        </SimulatorPanel>
    }
}

/// The flight system for one ship at the table (`/play`): the
/// simulator's inputs and answer, the ship and its stress set by the game.
#[component]
pub fn SoloInPlay(request: RwSignal<SoloRequest>) -> impl IntoView {
    view! { <WithCards render=move |db| view! { <Solo db req=request /> } /> }
}

fn stress_words(words: Words, stress: StressChange) -> &'static str {
    let l = words.locale;
    match stress {
        StressChange::None => td_string!(l, sims.solo_stress_none),
        StressChange::Gained => td_string!(l, sims.solo_stress_gained),
        StressChange::Removed => td_string!(l, sims.solo_stress_removed),
        StressChange::Kept => td_string!(l, sims.solo_stress_kept),
    }
}

#[component]
fn Solo(db: Arc<Database>, req: RwSignal<SoloRequest>) -> impl IntoView {
    let words = Words::of_page();
    let db = StoredValue::new(db);
    let decision = Memo::new(move |_| req.with(|r| db.with_value(|db| r.decide(db))));
    // Each ship by its name in the page's language; a name the card words
    // lack is English, marked so.
    let ships: Vec<(String, String, Option<&'static str>)> = db.with_value(|db| {
        db.ships
            .iter()
            .filter(|s| !s.dial.is_empty())
            .map(|s| {
                let (name, lang) = worded::ship_name(&s.xws, &s.name);
                let mark = (lang != words.lang).then_some(lang.code());
                (s.xws.clone(), name, mark)
            })
            .collect()
    });
    view! {
        <SoloShip req ships />
        <ApproachRoll req />
        <Situation req />
        {move || match decision.get() {
            Ok(d) => Either::Left(view! { <SoloDecision db d /> }),
            Err(e) => Either::Right(alert(solo_error(words, &e))),
        }}
        <p class="hint">
            {td!(
                words.locale,
                sims.solo_interpretations,
                section = Said::english("No Such Maneuver?").var(words.lang)
            )}
        </p>
    }
}

/// Why the flight system cannot decide, in the page's language.
fn solo_error(words: Words, e: &SoloError) -> AnyView {
    let l = words.locale;
    let english = |s: &str| Said::english(s).var(words.lang);
    match e {
        SoloError::NoDial => td!(l, sims.solo_error_no_dial).into_any(),
        SoloError::UnknownShip(ship) => {
            td!(l, sims.solo_error_unknown_ship, ship = english(ship)).into_any()
        }
        SoloError::ShipHasNoDial(ship) => {
            td!(l, sims.solo_error_ship_has_no_dial, ship = english(ship)).into_any()
        }
        SoloError::Charts(_) => Said::english(e.to_string()).view(words.lang),
    }
}

/// A select over a fixed list of values, each with its address word
/// (the option's value) and its words on the page (the option's text).
#[component]
pub(super) fn WordedChoice<T: Copy + PartialEq + Send + Sync + 'static>(
    label: &'static str,
    name: &'static str,
    /// Each value, its address word, and its words.
    options: Vec<(T, &'static str, &'static str)>,
    get: Signal<T>,
    set: Callback<T>,
) -> impl IntoView {
    let opts = options.clone();
    view! {
        <label class="count">
            {label}
            <select
                name=name
                prop:value=move || {
                    let v = get.get();
                    options.iter().find(|(o, _, _)| *o == v).map(|(_, s, _)| *s).unwrap_or_default()
                }
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some((o, _, _)) = opts.iter().find(|(_, s, _)| *s == v) {
                        set.run(*o);
                    }
                }
            >
                {opts
                    .iter()
                    .map(|(_, s, said)| view! { <option value=*s>{*said}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The solo ship, and where its tally and the nearest obstacle are.
#[component]
fn SoloShip(
    req: RwSignal<SoloRequest>,
    ships: Vec<(String, String, Option<&'static str>)>,
) -> impl IntoView {
    let words = Words::of_page();
    let l = words.locale;
    let side_options = move || {
        [Side::Left, Side::Right]
            .into_iter()
            .map(|s| (Some(s), s.as_str(), words.side(s)))
            .collect::<Vec<_>>()
    };
    view! {
        <fieldset>
            <legend>{td_string!(l, sims.solo_ship_legend)}</legend>
            <label class="count">
                {td_string!(l, sims.solo_ship)}
                <select
                    name="solo-ship"
                    prop:value=move || req.with(|r| r.ship.clone())
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        req.update(|r| r.ship = v);
                    }
                >
                    {ships
                        .into_iter()
                        .map(|(x, n, lang)| {
                            view! {
                                <option value=x lang=lang>
                                    {n}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <WordedChoice
                label=td_string!(l, sims.solo_tally_arc)
                name="solo-arc"
                options=TallyArc::ALL.into_iter().map(|a| (a, a.as_str(), words.arc(a))).collect()
                get=Signal::derive(move || req.with(|r| r.arc))
                set=Callback::new(move |a| req.update(|r| r.arc = a))
            />
            <WordedChoice
                label=td_string!(l, sims.solo_tally_side)
                name="solo-tally-side"
                options=side_options()
                get=Signal::derive(move || req.with(|r| r.tally_side))
                set=Callback::new(move |s| req.update(|r| r.tally_side = s))
            />
            <WordedChoice
                label=td_string!(l, sims.solo_obstacle_side)
                name="solo-obstacle-side"
                options=side_options()
                get=Signal::derive(move || req.with(|r| r.obstacle_side))
                set=Callback::new(move |s| req.update(|r| r.obstacle_side = s))
            />
        </fieldset>
    }
}

/// The approach roll: chosen, or rolled.
#[component]
fn ApproachRoll(req: RwSignal<SoloRequest>) -> impl IntoView {
    let words = Words::of_page();
    let l = words.locale;
    view! {
        <fieldset>
            <legend>{td_string!(l, sims.solo_approach_roll)}</legend>
            <WordedChoice
                label=td_string!(l, sims.solo_defense_die)
                name="solo-defense"
                options=DefenseDie::ALL
                    .into_iter()
                    .map(|d| (d, d.as_str(), words.defense_die(d)))
                    .collect()
                get=Signal::derive(move || req.with(|r| r.defense))
                set=Callback::new(move |d| req.update(|r| r.defense = d))
            />
            <WordedChoice
                label=td_string!(l, sims.solo_attack_die)
                name="solo-attack"
                options=AttackDie::ALL
                    .into_iter()
                    .map(|a| (a, a.as_str(), words.attack_die(a)))
                    .collect()
                get=Signal::derive(move || req.with(|r| r.attack))
                set=Callback::new(move |a| req.update(|r| r.attack = a))
            />
            <button
                type="button"
                class="roll"
                on:click=move |_| {
                    let (d, a) = roll_approach(crate::browser::now_ms().to_bits());
                    req.update(|r| {
                        r.defense = d;
                        r.attack = a;
                    });
                }
            >
                {td_string!(l, sims.roll)}
            </button>
        </fieldset>
    }
}

/// The situation flags the flight system reads.
#[component]
fn Situation(req: RwSignal<SoloRequest>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <fieldset>
            <legend>{td_string!(l, sims.solo_situation)}</legend>
            <Flag
                inputs=req
                label=td_string!(l, sims.solo_stressed)
                name="solo-stressed"
                get=|r| r.stressed
                set=|r, on| r.stressed = on
            />
            <Flag
                inputs=req
                label=td_string!(l, sims.solo_ionized)
                name="solo-ionized"
                get=|r| r.ionized
                set=|r, on| r.ionized = on
            />
            <Flag
                inputs=req
                label=td_string!(l, sims.solo_in_enemy_arc)
                name="solo-in-enemy-arc"
                get=|r| r.in_enemy_arc
                set=|r, on| r.in_enemy_arc = on
            />
            <Flag
                inputs=req
                label=td_string!(l, sims.solo_obstacle_ahead)
                name="solo-obstacle-ahead"
                get=|r| r.obstacle_ahead
                set=|r, on| r.obstacle_ahead = on
            />
            <Flag
                inputs=req
                label=td_string!(l, sims.solo_friendly_near)
                name="solo-friendly-near"
                get=|r| r.friendly_near
                set=|r, on| r.friendly_near = on
            />
            <Flag
                inputs=req
                label=td_string!(l, sims.solo_enemy_in_firing_arc)
                name="solo-enemy-in-firing-arc"
                get=|r| r.enemy_in_firing_arc
                set=|r, on| r.enemy_in_firing_arc = on
            />
        </fieldset>
    }
}

/// What the flight system decided, with its steps.
#[component]
fn SoloDecision(db: StoredValue<Arc<Database>>, d: cards::sim::solo::Decision) -> impl IntoView {
    let words = Words::of_page();
    let l = words.locale;
    let action = match (&d.action, d.stress.stressed_after()) {
        (Some(a), _) => db.with_value(|db| words.action_name(db, a)),
        (None, true) => td_string!(l, sims.solo_no_action_stressed).to_string(),
        (None, false) => td_string!(l, sims.solo_action_none).to_string(),
    };
    let maneuver = words.maneuver(d.maneuver);
    let difficulty = words.difficulty(d.maneuver.difficulty);
    let steps: Vec<SoloStep> = d.steps;
    view! {
        <dl class="solo-result">
            <div>
                <dt>{td_string!(l, sims.solo_maneuver)}</dt>
                <dd class="solo-maneuver">{format!("{maneuver} ({difficulty})")}</dd>
            </div>
            <div>
                <dt>{td_string!(l, sims.solo_stress)}</dt>
                <dd class="solo-stress">{stress_words(words, d.stress)}</dd>
            </div>
            <div>
                <dt>{td_string!(l, sims.solo_attitude)}</dt>
                <dd class="solo-attitude">{words.attitude(d.attitude)}</dd>
            </div>
            <div>
                <dt>{td_string!(l, sims.solo_action)}</dt>
                <dd class="solo-action">{action}</dd>
            </div>
        </dl>
        <ol class="solo-steps">
            {steps.iter().map(|s| view! { <li>{words.solo_step(s)}</li> }).collect_view()}
        </ol>
    }
}
