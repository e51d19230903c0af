//! The energy simulator: a huge ship's energy and shields round by round, run
//! by `cards::sim::energy` in the browser, with a log and a chart.

mod chart;
mod round;

use std::sync::Arc;

use cards::sim::energy::{
    EnergyInputs, EnergyPreset, EnergyShip, MAX_ROUNDS, PRESETS, RoundPlan, Start, simulate,
};
use cards::squad::Rules;
use leptos::either::Either;
use leptos::prelude::*;

use super::SimulatorPanel;
use super::words::energy::EnergyWords;
use super::words::{Said, Words, alert};

use crate::components::worded;
use crate::components::{WithRules, hydrate_apart};
use crate::i18n::{td, td_string};
use chart::{EnergyChart, EnergyLog};
use round::RoundRow;

#[component]
pub fn EnergySimulator(state: RwSignal<EnergyInputs>, error: Option<String>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <SimulatorPanel
            id="energy-simulator"
            title=td_string!(l, sims.energy_title)
            hint=td_string!(l, sims.energy_hint)
            address_error=error
        >
            <WithRules render=move |rules| view! { <Simulator rules state /> } />
        </SimulatorPanel>
    }
}

#[component]
fn Simulator(rules: Arc<Rules>, state: RwSignal<EnergyInputs>) -> impl IntoView {
    let said = EnergyWords::new(Words::of_page(), Some(rules.clone()));
    let rules = StoredValue::new(rules);
    let ship = Memo::new(move |_| state.with(|s| rules.with_value(|r| s.ship(r))));
    let run = Memo::new(move |_| {
        ship.with(|ship| match ship {
            Ok(ship) => state.with(|s| {
                crate::components::off_the_async_workers("energy: simulate", || {
                    simulate(ship, &s.plan)
                })
            }),
            Err(e) => Err(e.clone()),
        })
    });
    let line_words = said.clone();
    let ship_line = move || {
        ship.with(|s| match s {
            Ok(s) => {
                let words = line_words.words;
                let actions = rules.with_value(|r| {
                    s.actions()
                        .map(|a| words.action_name(&r.db, a))
                        .collect::<Vec<_>>()
                        .join(", ")
                });
                td!(
                    words.locale,
                    sims.energy_ship_line,
                    ship = ship_name(&line_words, s).var(words.lang),
                    limit = s.energy_limit,
                    shields = s.shield_value,
                    actions
                )
                .into_any()
            }
            Err(e) => line_words.error(e),
        })
    };
    let log_words = said.clone();
    let table_words = said.clone();
    // The controls, the rounds and the run each hydrated apart: together
    // they were the rules page's longest task on a slow phone (issue 60).
    view! {
        <div class="energy-controls">
            <ShipChoice state said=said.clone() />
            <StartChoice state />
        </div>
        <p class="energy-ship">{ship_line}</p>
        {hydrate_apart(move || view! { <RoundsTable state ship said=table_words /> })}
        <RoundButtons state />
        {hydrate_apart(move || move || match run.get() {
            Ok(run) => {
                Either::Left(
                    view! {
                        <EnergyChart run=run.clone() ship=ship.get().ok() said=log_words.clone() />
                        <EnergyLog run said=log_words.clone() />
                    },
                )
            }
            Err(e) => Either::Right(alert(log_words.error(&e))),
        })}
    }
}

/// The ship and its upgrades, named as the page's card words name them:
/// "C-ROC Cruiser with Merchant One, Heavy Laser Turret".
fn ship_name(said: &EnergyWords, s: &EnergyShip) -> Said {
    let hull = hull_name(&s.ship.xws, &s.ship.name, s.section_actions.len() == 2);
    let cards: Vec<Said> = s.upgrades.iter().map(|xws| said.card_by_xws(xws)).collect();
    with_cards(said.words, hull, cards)
}

/// A ship's name in the page's language: a ship of two sections keeps
/// its whole (English) name, which the card words do not give.
fn hull_name(xws: &str, english: &str, sections: bool) -> Said {
    if sections {
        return Said::english(english);
    }
    let (text, lang) = worded::ship_name(xws, english);
    Said::In(text, lang)
}

/// "{ship} with {cards}" in the page's language, or the ship alone.
fn with_cards(words: Words, ship: Said, cards: Vec<Said>) -> Said {
    if cards.is_empty() {
        return ship;
    }
    let cards = Said::List(cards, ", ");
    let template = td_string!(words.locale, sims.energy_ship_with);
    Said::Plain(super::words::fill(
        template,
        &[("ship", &ship.text()), ("cards", &cards.text())],
    ))
}

/// A ready-made ship's name in the page's language, made as its English
/// label is: a title names the ship, the other cards follow "with"; a
/// ship of two sections is flown "fore and aft".
fn preset_label(said: &EnergyWords, p: &EnergyPreset) -> String {
    let Some(rules) = said.rules() else {
        return p.label.to_string();
    };
    let db = &rules.db;
    let Some(ship) = db.pilot(p.pilot).and_then(|pilot| db.ship_of(pilot)) else {
        return p.label.to_string();
    };
    if !p.second.is_empty() {
        let whole = ship.section_of.clone().unwrap_or_else(|| ship.name.clone());
        let template = td_string!(said.words.locale, sims.energy_preset_sections);
        return super::words::fill(template, &[("ship", &whole)]);
    }
    let is_title = |xws: &str| db.upgrade(xws).is_some_and(|u| u.slot() == "title");
    let title = p.upgrades.iter().find(|x| is_title(x));
    let named = match title {
        Some(title) => said.card_by_xws(title),
        None => hull_name(&ship.xws, &ship.name, false),
    };
    let cards = p
        .upgrades
        .iter()
        .filter(|x| !is_title(x))
        .map(|x| said.card_by_xws(x))
        .collect();
    with_cards(said.words, named, cards).text()
}

/// A ready-made C-ROC, or the ship the builder sent.
#[component]
fn ShipChoice(state: RwSignal<EnergyInputs>, said: EnergyWords) -> impl IntoView {
    let l = said.words.locale;
    let current_preset = move || {
        state.with(|s| {
            PRESETS
                .iter()
                .position(|p| p.is(s))
                .map(|i| i.to_string())
                .unwrap_or_else(|| "squad".into())
        })
    };
    view! {
        <label>
            {td_string!(l, sims.energy_ship)}
            <select
                name="energy-ship"
                prop:value=current_preset
                on:change=move |ev| {
                    if let Ok(i) = event_target_value(&ev).parse::<usize>()
                        && let Some(preset) = PRESETS.get(i)
                    {
                        state.update(|s| *s = preset.inputs(s.plan.clone()));
                    }
                }
            >
                {PRESETS
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        view! { <option value=i.to_string()>{preset_label(&said, p)}</option> }
                    })
                    .collect_view()}
                <option value="squad" disabled=true>
                    {td_string!(l, sims.energy_ship_from_builder)}
                </option>
            </select>
        </label>
    }
}

#[component]
fn StartChoice(state: RwSignal<EnergyInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <label>
            {td_string!(l, sims.energy_start)}
            <select
                name="energy-start"
                prop:value=move || {
                    if state.with(|s| s.plan.start == Start::Full) { "full" } else { "empty" }
                }
                on:change=move |ev| {
                    let full = event_target_value(&ev) == "full";
                    state.update(|s| s.plan.start = if full { Start::Full } else { Start::Empty });
                }
            >
                <option value="empty">{td_string!(l, sims.energy_start_empty)}</option>
                <option value="full">{td_string!(l, sims.energy_start_full)}</option>
            </select>
        </label>
    }
}

/// One row for each round of the plan.
#[component]
fn RoundsTable(
    state: RwSignal<EnergyInputs>,
    ship: Memo<Result<EnergyShip, cards::sim::energy::EnergyError>>,
    said: EnergyWords,
) -> impl IntoView {
    let words = said.words;
    let l = words.locale;
    let header_words = said.clone();
    let allocate_header = move || {
        ship.with(|s| match s {
            Ok(s) if !s.energy_cards.is_empty() => {
                let names: Vec<Said> = s
                    .energy_cards
                    .iter()
                    .map(|c| header_words.card(&c.card_name()))
                    .collect();
                let cards = Said::List(names, " / ").var(words.lang);
                td!(l, sims.energy_allocate_to, cards).into_any()
            }
            _ => td_string!(l, sims.energy_allocate).into_any(),
        })
    };
    let rounds = move || {
        let ship = ship.get().ok()?;
        let plan = state.with(|st| st.plan.clone());
        Some(
            plan.rounds
                .into_iter()
                .enumerate()
                .map(|(i, round)| {
                    view! { <RoundRow state i round ship=ship.clone() said=said.clone() /> }
                })
                .collect_view(),
        )
    };
    view! {
        <table class="energy-rounds">
            <thead>
                <tr>
                    <th scope="col">{td_string!(l, sims.energy_round)}</th>
                    <th scope="col">{td_string!(l, sims.energy_maneuver)}</th>
                    <th scope="col">{td_string!(l, sims.energy_ion)}</th>
                    <th scope="col">{allocate_header}</th>
                    <th scope="col">{td_string!(l, sims.energy_action)}</th>
                    <th scope="col">{td_string!(l, sims.energy_combat)}</th>
                </tr>
            </thead>
            <tbody>{rounds}</tbody>
        </table>
    }
}

/// Adds a round (the last round's maneuver again) or removes the last.
#[component]
fn RoundButtons(state: RwSignal<EnergyInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <div class="energy-buttons">
            <button
                type="button"
                class="next-round"
                disabled=move || state.with(|s| s.plan.rounds.len() >= MAX_ROUNDS)
                on:click=move |_| {
                    state
                        .update(|s| {
                            let next = s
                                .plan
                                .rounds
                                .last()
                                .map(|r| RoundPlan::new(&r.maneuver))
                                .unwrap_or_else(|| RoundPlan::new("1S"));
                            s.plan.rounds.push(next);
                        })
                }
            >
                {td_string!(l, sims.energy_next_round)}
            </button>
            <button
                type="button"
                disabled=move || state.with(|s| s.plan.rounds.is_empty())
                on:click=move |_| {
                    state
                        .update(|s| {
                            s.plan.rounds.pop();
                        })
                }
            >
                {td_string!(l, sims.energy_remove_round)}
            </button>
        </div>
    }
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;
    use cards::lang::Lang;

    /// The menu's names are made from the cards; in English they are the
    /// presets' own labels.
    #[test]
    fn the_english_preset_names_are_the_presets_labels() {
        let owner = Owner::new();
        owner.set();
        let rules = Arc::new(Rules::embedded().unwrap());
        let said = EnergyWords::new(Words::of(Lang::En), Some(rules.clone()));
        for p in PRESETS {
            assert_eq!(preset_label(&said, &p), p.label);
            let ship = p.inputs(Default::default());
            let ship = ship.ship(&rules).unwrap();
            assert_eq!(ship_name(&said, &ship).text(), ship.name);
        }
    }
}
