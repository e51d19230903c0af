//! The energy simulator: a C-ROC's energy and shields round by round, run
//! by `cards::sim::energy` in the browser, with a log and a chart.

use cards::catalog::Database;
use cards::catalog::Formats;
use cards::sim::energy::{
    DEFAULT_PILOT, EnergyInputs, EnergyShip, HugeAction, PRESETS, RoundPlan, Run, Start, simulate,
};
use cards::squad::Rules;
use leptos::prelude::*;

use crate::components::WithCards;

#[component]
pub fn EnergySimulator(state: RwSignal<EnergyInputs>, error: Option<String>) -> impl IntoView {
    view! {
        <aside
            class="simulator energy-simulator"
            id="energy-simulator"
            aria-labelledby="energy-sim-title"
        >
            <h2 id="energy-sim-title">"Energy simulator"</h2>
            <p class="hint">
                "Fly a C-ROC round by round: each round follows the Activation steps above (gain energy, allocate it, use it, perform an action), then Combat and End."
            </p>
            {error
                .map(|e| {
                    view! {
                        <p class="error" role="alert">
                            "The address's energy settings were not read whole: "
                            {e}
                        </p>
                    }
                })}
            <WithCards render=move |db: Database| match Formats::embedded() {
                Ok(formats) => {
                    view! { <Simulator rules=Rules::new(db, formats) state /> }.into_any()
                }
                Err(e) => {
                    view! {
                        <p class="error" role="alert">
                            {e.to_string()}
                        </p>
                    }
                        .into_any()
                }
            } />
        </aside>
    }
}

#[component]
fn Simulator(rules: Rules, state: RwSignal<EnergyInputs>) -> impl IntoView {
    let rules = StoredValue::new(rules);
    let ship = Memo::new(move |_| {
        state.with(|s| {
            let ups: Vec<&str> = s.upgrades.iter().map(String::as_str).collect();
            rules.with_value(|r| EnergyShip::build(r, &s.pilot, &ups))
        })
    });
    let run = Memo::new(move |_| {
        ship.with(|ship| match ship {
            Ok(ship) => {
                state.with(|s| crate::components::off_the_async_workers(|| simulate(ship, &s.plan)))
            }
            Err(e) => Err(e.clone()),
        })
    });
    let edit = move |i: usize, f: Box<dyn FnOnce(&mut RoundPlan)>| {
        state.update(|s| {
            if let Some(r) = s.plan.rounds.get_mut(i) {
                f(r)
            }
        })
    };
    let current_preset = move || {
        state.with(|s| {
            PRESETS
                .iter()
                .position(|(_, ups)| ups.iter().eq(s.upgrades.iter()))
                .map(|i| i.to_string())
                .unwrap_or_else(|| "squad".into())
        })
    };

    let ship_line = move || {
        ship.with(|s| match s {
            Ok(s) => format!(
                "{}: energy limit {}, shields {}, actions: {}.",
                s.name,
                s.energy_limit,
                s.shield_value,
                rules.with_value(|r| s
                    .actions
                    .iter()
                    .map(|a| r.db.action_name(a).to_string())
                    .collect::<Vec<_>>()
                    .join(", "))
            ),
            Err(e) => e.to_string(),
        })
    };
    let allocate_header = move || {
        ship.with(|s| match s {
            Ok(s) if !s.energy_cards.is_empty() => format!(
                "Allocate to {}",
                s.energy_cards
                    .iter()
                    .map(|c| c.name.as_str())
                    .collect::<Vec<_>>()
                    .join(" / ")
            ),
            _ => "Allocate".to_string(),
        })
    };

    let rounds = move || {
        let Ok(s) = ship.get() else {
            return ().into_any();
        };
        let plan = state.with(|st| st.plan.clone());
        plan.rounds
            .iter()
            .enumerate()
            .map(|(i, r)| round_row(i, r, &s, edit))
            .collect_view()
            .into_any()
    };

    view! {
        <div class="energy-controls">
            <label>
                "Ship"
                <select
                    name="energy-ship"
                    prop:value=current_preset
                    on:change=move |ev| {
                        if let Ok(i) = event_target_value(&ev).parse::<usize>()
                            && let Some((_, ups)) = PRESETS.get(i)
                        {
                            state
                                .update(|s| {
                                    s.pilot = DEFAULT_PILOT.into();
                                    s.upgrades = ups.iter().map(|u| u.to_string()).collect();
                                });
                        }
                    }
                >
                    {PRESETS
                        .iter()
                        .enumerate()
                        .map(|(i, (name, _))| {
                            view! { <option value=i.to_string()>{*name}</option> }
                        })
                        .collect_view()}
                    <option value="squad" disabled=true>
                        "The ship from the builder"
                    </option>
                </select>
            </label>
            <label>
                "Starting energy"
                <select
                    name="energy-start"
                    prop:value=move || {
                        if state.with(|s| s.plan.start == Start::Full) { "full" } else { "empty" }
                    }
                    on:change=move |ev| {
                        let full = event_target_value(&ev) == "full";
                        state
                            .update(|s| {
                                s.plan.start = if full { Start::Full } else { Start::Empty };
                            });
                    }
                >
                    <option value="empty">"Empty"</option>
                    <option value="full">"Full (each card at its energy limit)"</option>
                </select>
            </label>
        </div>
        <p class="energy-ship">{ship_line}</p>
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
        <div class="energy-buttons">
            <button
                type="button"
                class="next-round"
                disabled=move || {
                    state.with(|s| s.plan.rounds.len() >= cards::sim::energy::MAX_ROUNDS)
                }
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
        {move || match run.get() {
            Ok(run) => {
                view! {
                    <EnergyChart run=run.clone() ship=ship.get().ok() />
                    <EnergyLog run />
                }
                    .into_any()
            }
            Err(e) => {
                view! {
                    <p class="error" role="alert">
                        {e.to_string()}
                    </p>
                }
                    .into_any()
            }
        }}
    }
}

fn round_row<E>(i: usize, r: &RoundPlan, ship: &EnergyShip, edit: E) -> impl IntoView + use<E>
where
    E: Fn(usize, Box<dyn FnOnce(&mut RoundPlan)>) + Copy + Send + Sync + 'static,
{
    let number = move |ev: leptos::ev::Event| {
        event_target_value(&ev)
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|n| *n <= 20)
    };
    let maneuvers: Vec<(String, String)> = ship
        .dial
        .iter()
        .map(|m| {
            let code = m.to_string().split(':').next().unwrap_or("").to_string();
            (
                code,
                format!("{} (+{} energy)", m.describe(), m.energy.unwrap_or(0)),
            )
        })
        .collect();
    let actions: Vec<HugeAction> = ship.huge_actions();
    let has_attack = ship.energy_cards.iter().any(|c| c.cost.is_some());
    let allocate = ship
        .energy_cards
        .iter()
        .enumerate()
        .map(|(c, card)| {
            let value = r.allocate.get(c).copied().unwrap_or(0);
            view! {
                <label class="allocate">
                    <span class="visually-hidden">
                        {format!("Round {} energy to {}", i + 1, card.name)}
                    </span>
                    <input
                        type="number"
                        min="0"
                        max=card.limit
                        name=format!("allocate-{}-{c}", i + 1)
                        prop:value=value.to_string()
                        on:change=move |ev| {
                            if let Some(n) = number(ev) {
                                edit(
                                    i,
                                    Box::new(move |r| {
                                        if r.allocate.len() <= c {
                                            r.allocate.resize(c + 1, 0);
                                        }
                                        r.allocate[c] = n;
                                        while r.allocate.last() == Some(&0) {
                                            r.allocate.pop();
                                        }
                                    }),
                                );
                            }
                        }
                    />
                </label>
            }
        })
        .collect_view();
    let maneuver = r.maneuver.clone();
    let action = r.action;
    view! {
        <tr data-round=i + 1>
            <th scope="row">{i + 1}</th>
            <td>
                <select
                    name=format!("maneuver-{}", i + 1)
                    aria-label=format!("Round {} maneuver", i + 1)
                    prop:value=maneuver.clone()
                    on:change=move |ev| {
                        let m = event_target_value(&ev);
                        edit(i, Box::new(move |r| r.maneuver = m));
                    }
                >
                    {maneuvers
                        .into_iter()
                        .map(|(code, label)| {
                            let selected = code == maneuver;
                            view! {
                                <option value=code selected=selected>
                                    {label}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </td>
            <td>
                <input
                    type="number"
                    min="0"
                    max="20"
                    name=format!("ion-{}", i + 1)
                    aria-label=format!("Round {} ion tokens", i + 1)
                    prop:value=r.ion.to_string()
                    on:change=move |ev| {
                        if let Some(n) = number(ev) {
                            edit(i, Box::new(move |r| r.ion = n));
                        }
                    }
                />
            </td>
            <td>{allocate}</td>
            <td>
                <select
                    name=format!("action-{}", i + 1)
                    aria-label=format!("Round {} action", i + 1)
                    prop:value=action.code()
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        let a = HugeAction::ALL
                            .into_iter()
                            .find(|a| a.code() == v)
                            .unwrap_or_default();
                        edit(i, Box::new(move |r| r.action = a));
                    }
                >
                    {actions
                        .into_iter()
                        .map(|a| {
                            view! {
                                <option value=a.code() selected=a == action>
                                    {a.label()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </td>
            <td class="combat">
                {has_attack
                    .then(|| {
                        view! {
                            <label>
                                <input
                                    type="checkbox"
                                    name=format!("fire-{}", i + 1)
                                    prop:checked=r.fire
                                    on:change=move |ev| {
                                        let on = event_target_checked(&ev);
                                        edit(i, Box::new(move |r| r.fire = on));
                                    }
                                />
                                "Fire"
                            </label>
                        }
                    })}
                <label>
                    "Shields lost"
                    <input
                        type="number"
                        min="0"
                        max="20"
                        name=format!("shields-lost-{}", i + 1)
                        prop:value=r.shields_lost.to_string()
                        on:change=move |ev| {
                            if let Some(n) = number(ev) {
                                edit(i, Box::new(move |r| r.shields_lost = n));
                            }
                        }
                    />
                </label>
            </td>
        </tr>
    }
}

#[component]
fn EnergyLog(run: Run) -> impl IntoView {
    if run.rounds.is_empty() {
        return view! { <p class="energy-log empty">"Press “Next round” to fly the first round."</p> }.into_any();
    }
    view! {
        <ol class="energy-log" aria-label="Round log">
            {run
                .rounds
                .into_iter()
                .map(|r| {
                    view! {
                        <li data-round=r.round>
                            <h3>
                                {format!(
                                    "Round {}: {} energy on the Ship card, {} shields",
                                    r.round,
                                    r.ship_energy,
                                    r.shields,
                                )}
                            </h3>
                            <ul>
                                {r.lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                            </ul>
                        </li>
                    }
                })
                .collect_view()}
        </ol>
    }
    .into_any()
}

/// Energy and shields at the start and after each round, as SVG lines.
#[component]
fn EnergyChart(run: Run, ship: Option<EnergyShip>) -> impl IntoView {
    let Some(ship) = ship else {
        return ().into_any();
    };
    let mut series: Vec<(String, &'static str, Vec<u8>)> = vec![
        (
            "Ship card energy".into(),
            "energy",
            std::iter::once(run.start_energy)
                .chain(run.rounds.iter().map(|r| r.ship_energy))
                .collect(),
        ),
        (
            "Shields".into(),
            "shields",
            std::iter::once(run.start_shields)
                .chain(run.rounds.iter().map(|r| r.shields))
                .collect(),
        ),
    ];
    for (c, card) in ship.energy_cards.iter().enumerate() {
        series.push((
            format!("{} energy", card.name),
            "card",
            std::iter::once(run.start_card_energy.get(c).copied().unwrap_or(0))
                .chain(
                    run.rounds
                        .iter()
                        .map(|r| r.card_energy.get(c).copied().unwrap_or(0)),
                )
                .collect(),
        ));
    }
    let top = series
        .iter()
        .flat_map(|(_, _, v)| v.iter().copied())
        .max()
        .unwrap_or(1)
        .max(ship.energy_limit)
        .max(1);
    let points = run.rounds.len() + 1;
    let (w, h, pad) = (320.0_f64, 140.0_f64, 16.0_f64);
    let x = move |i: usize| pad + (w - 2.0 * pad) * i as f64 / (points.max(2) - 1) as f64;
    let y = move |v: u8| h - pad - (h - 2.0 * pad) * f64::from(v) / f64::from(top);
    let lines = series
        .iter()
        .map(|(name, class, values)| {
            let pts = values
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
                .collect::<Vec<_>>()
                .join(" ");
            view! {
                <polyline class=format!("series {class}") points=pts fill="none">
                    <title>{name.clone()}</title>
                </polyline>
            }
        })
        .collect_view();
    let legend = series
        .iter()
        .map(|(name, class, values)| {
            view! {
                <li class=format!(
                    "legend {class}",
                )>
                    {name.clone()}": "
                    {values.iter().map(u8::to_string).collect::<Vec<_>>().join(" → ")}
                </li>
            }
        })
        .collect_view();
    view! {
        <figure class="energy-chart">
            <svg
                viewBox=format!("0 0 {w} {h}")
                role="img"
                aria-label="Energy and shields over the rounds"
            >
                <line class="axis" x1=pad y1=h - pad x2=w - pad y2=h - pad />
                <line
                    class="limit"
                    x1=pad
                    y1=y(ship.energy_limit)
                    x2=w - pad
                    y2=y(ship.energy_limit)
                >
                    <title>{format!("Energy limit {}", ship.energy_limit)}</title>
                </line>
                {lines}
            </svg>
            <figcaption>
                <ul>{legend}</ul>
            </figcaption>
        </figure>
    }
    .into_any()
}
