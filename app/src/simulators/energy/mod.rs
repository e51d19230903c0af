//! The energy simulator: a huge ship's energy and shields round by round, run
//! by `cards::sim::energy` in the browser, with a log and a chart.

mod chart;
mod round;

use std::sync::Arc;

use cards::sim::energy::{
    EnergyInputs, EnergyShip, MAX_ROUNDS, PRESETS, RoundPlan, Start, simulate,
};
use cards::squad::Rules;
use leptos::either::Either;
use leptos::prelude::*;

use super::SimulatorPanel;

use crate::components::Alert;

use crate::components::WithRules;
use chart::{EnergyChart, EnergyLog};
use round::RoundRow;

#[component]
pub fn EnergySimulator(state: RwSignal<EnergyInputs>, error: Option<String>) -> impl IntoView {
    view! {
        <SimulatorPanel
            id="energy-simulator"
            title="Energy simulator"
            hint="Fly a huge ship round by round (both sections of a CR90 or a Raider): each round follows the Activation steps above (gain energy, allocate it, use it, perform an action), then Combat and End."
            address_error=error
        >
            <WithRules render=move |rules| view! { <Simulator rules state /> } />
        </SimulatorPanel>
    }
}

#[component]
fn Simulator(rules: Arc<Rules>, state: RwSignal<EnergyInputs>) -> impl IntoView {
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
    let ship_line = move || {
        ship.with(|s| match s {
            Ok(s) => {
                let actions = rules.with_value(|r| {
                    s.actions()
                        .map(|a| r.db.action_name(a).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                });
                format!(
                    "{}: energy limit {}, shields {}, actions: {actions}.",
                    s.name, s.energy_limit, s.shield_value
                )
            }
            Err(e) => e.to_string(),
        })
    };
    view! {
        <div class="energy-controls">
            <ShipChoice state />
            <StartChoice state />
        </div>
        <p class="energy-ship">{ship_line}</p>
        <RoundsTable state ship />
        <RoundButtons state />
        {move || match run.get() {
            Ok(run) => {
                Either::Left(
                    view! {
                        <EnergyChart run=run.clone() ship=ship.get().ok() />
                        <EnergyLog run />
                    },
                )
            }
            Err(e) => Either::Right(view! { <Alert text=e.to_string() /> }),
        }}
    }
}

/// A ready-made C-ROC, or the ship the builder sent.
#[component]
fn ShipChoice(state: RwSignal<EnergyInputs>) -> impl IntoView {
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
            "Ship"
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
                    .map(|(i, p)| view! { <option value=i.to_string()>{p.label}</option> })
                    .collect_view()}
                <option value="squad" disabled=true>
                    "The ship from the builder"
                </option>
            </select>
        </label>
    }
}

#[component]
fn StartChoice(state: RwSignal<EnergyInputs>) -> impl IntoView {
    view! {
        <label>
            "Starting energy"
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
                <option value="empty">"Empty"</option>
                <option value="full">"Full (each card at its energy limit)"</option>
            </select>
        </label>
    }
}

/// One row for each round of the plan.
#[component]
fn RoundsTable(
    state: RwSignal<EnergyInputs>,
    ship: Memo<Result<EnergyShip, cards::sim::energy::EnergyError>>,
) -> impl IntoView {
    let allocate_header = move || {
        ship.with(|s| match s {
            Ok(s) if !s.energy_cards.is_empty() => {
                let names: Vec<&str> = s.energy_cards.iter().map(|c| c.name.as_str()).collect();
                format!("Allocate to {}", names.join(" / "))
            }
            _ => "Allocate".to_string(),
        })
    };
    let rounds = move || {
        let ship = ship.get().ok()?;
        let plan = state.with(|st| st.plan.clone());
        Some(
            plan.rounds
                .into_iter()
                .enumerate()
                .map(|(i, round)| view! { <RoundRow state i round ship=ship.clone() /> })
                .collect_view(),
        )
    };
    view! {
        <table class="energy-rounds">
            <thead>
                <tr>
                    <th scope="col">"Round"</th>
                    <th scope="col">"Maneuver"</th>
                    <th scope="col">"Ion"</th>
                    <th scope="col">{allocate_header}</th>
                    <th scope="col">"Action"</th>
                    <th scope="col">"Combat"</th>
                </tr>
            </thead>
            <tbody>{rounds}</tbody>
        </table>
    }
}

/// Adds a round (the last round's maneuver again) or removes the last.
#[component]
fn RoundButtons(state: RwSignal<EnergyInputs>) -> impl IntoView {
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
                "Next round"
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
                "Remove last round"
            </button>
        </div>
    }
}
