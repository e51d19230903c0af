//! The Solo Play Alpha simulators: the flight system (maneuver, attitude,
//! action, step by step), the tally helper and the approach charts.

use std::sync::Arc;

use cards::catalog::Database;
use cards::sim::solo::{
    AttackDie, Charts, Contact, Decision, DefenseDie, Side, SoloRequest, StressChange, TallyArc,
    chart_arc, roll_approach, tally,
};
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::ColumnHeads;

use super::SimulatorPanel;

use crate::components::Alert;

use crate::components::WithCards;
use crate::components::form::{Choice, Flag};

/// The flight system beside its rules, with the tally helper.
#[component]
pub fn SoloSimulator(request: RwSignal<SoloRequest>, error: Option<String>) -> impl IntoView {
    view! {
        <SimulatorPanel
            id="solo-simulator"
            title="Solo flight system"
            hint="Pick where the tally is and the approach roll: the chart entry is resolved on the ship's dial, then the attitude's action list is walked against its action bar. 1st-edition dials: green stands for blue."
            address_error=error
        >
            <WithCards render=move |db| view! { <Solo db req=request /> } />
            <TallyHelper />
        </SimulatorPanel>
    }
}

fn stress_words(stress: StressChange) -> &'static str {
    match stress {
        StressChange::None => "none",
        StressChange::Gained => "gains a stress token (red maneuver)",
        StressChange::Removed => "removes a stress token (green maneuver)",
        StressChange::Kept => "keeps its stress token",
    }
}

#[component]
fn Solo(db: Arc<Database>, req: RwSignal<SoloRequest>) -> impl IntoView {
    let db = StoredValue::new(db);
    let decision = Memo::new(move |_| req.with(|r| db.with_value(|db| r.decide(db))));
    let ships: Vec<(String, String)> = db.with_value(|db| {
        db.ships
            .iter()
            .filter(|s| !s.dial.is_empty())
            .map(|s| (s.xws.clone(), s.name.clone()))
            .collect()
    });
    view! {
        <SoloShip req ships />
        <ApproachRoll req />
        <Situation req />
        {move || match decision.get() {
            Ok(d) => Either::Left(view! { <SoloDecision db d /> }),
            Err(e) => Either::Right(view! { <Alert text=e.to_string() /> }),
        }}
        <p class="hint">
            "Interpretations: the transcription lost the action icons of the attitude lists and the die icon of “No Such Maneuver?”; the icons are read as shown in the steps (marked “icons read as”), and the lost die result as focus. A red maneuver gives the ship a stress token and a ship stressed after its maneuver performs no action; a green maneuver removes one. A huge ship flies no ion maneuver: its ion tokens cost energy instead (Huge Ship Rules)."
        </p>
    }
}

/// The solo ship, and where its tally and the nearest obstacle are.
#[component]
fn SoloShip(req: RwSignal<SoloRequest>, ships: Vec<(String, String)>) -> impl IntoView {
    let side_options = || vec![(Some(Side::Left), "left"), (Some(Side::Right), "right")];
    view! {
        <fieldset>
            <legend>"Solo ship"</legend>
            <label class="count">
                "Ship"
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
                        .map(|(x, n)| view! { <option value=x>{n}</option> })
                        .collect_view()}
                </select>
            </label>
            <Choice
                label="Tally in arc"
                name="solo-arc"
                options=TallyArc::ALL.into_iter().map(|a| (a, a.as_str())).collect()
                get=Signal::derive(move || req.with(|r| r.arc))
                set=Callback::new(move |a| req.update(|r| r.arc = a))
            />
            <Choice
                label="Tally side"
                name="solo-tally-side"
                options=side_options()
                get=Signal::derive(move || req.with(|r| r.tally_side))
                set=Callback::new(move |s| req.update(|r| r.tally_side = s))
            />
            <Choice
                label="Nearest obstacle side"
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
    view! {
        <fieldset>
            <legend>"Approach roll"</legend>
            <Choice
                label="Defense die"
                name="solo-defense"
                options=DefenseDie::ALL.into_iter().map(|d| (d, d.as_str())).collect()
                get=Signal::derive(move || req.with(|r| r.defense))
                set=Callback::new(move |d| req.update(|r| r.defense = d))
            />
            <Choice
                label="Attack die"
                name="solo-attack"
                options=AttackDie::ALL.into_iter().map(|a| (a, a.as_str())).collect()
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
                "Roll"
            </button>
        </fieldset>
    }
}

/// The situation flags the flight system reads.
#[component]
fn Situation(req: RwSignal<SoloRequest>) -> impl IntoView {
    view! {
        <fieldset>
            <legend>"Situation"</legend>
            <Flag
                inputs=req
                label="Stressed"
                name="solo-stressed"
                get=|r| r.stressed
                set=|r, on| r.stressed = on
            />
            <Flag
                inputs=req
                label="Ionized"
                name="solo-ionized"
                get=|r| r.ionized
                set=|r, on| r.ionized = on
            />
            <Flag
                inputs=req
                label="In an enemy firing arc"
                name="solo-in-enemy-arc"
                get=|r| r.in_enemy_arc
                set=|r, on| r.in_enemy_arc = on
            />
            <Flag
                inputs=req
                label="Obstacle ahead (bullseye, range 0-2)"
                name="solo-obstacle-ahead"
                get=|r| r.obstacle_ahead
                set=|r, on| r.obstacle_ahead = on
            />
            <Flag
                inputs=req
                label="Friendly ship near"
                name="solo-friendly-near"
                get=|r| r.friendly_near
                set=|r, on| r.friendly_near = on
            />
            <Flag
                inputs=req
                label="Another enemy in its firing arc"
                name="solo-enemy-in-firing-arc"
                get=|r| r.enemy_in_firing_arc
                set=|r, on| r.enemy_in_firing_arc = on
            />
        </fieldset>
    }
}

/// What the flight system decided, with its steps.
#[component]
fn SoloDecision(db: StoredValue<Arc<Database>>, d: Decision) -> impl IntoView {
    let action = match (&d.action, d.stress.stressed_after()) {
        (Some(a), _) => db.with_value(|db| db.action_name(a).to_string()),
        (None, true) => "no action (stressed)".to_string(),
        (None, false) => "none".to_string(),
    };
    view! {
        <dl class="solo-result">
            <div>
                <dt>"Maneuver"</dt>
                <dd class="solo-maneuver">
                    {format!("{} ({})", d.maneuver.describe(), d.maneuver.difficulty.as_str())}
                </dd>
            </div>
            <div>
                <dt>"Stress"</dt>
                <dd class="solo-stress">{stress_words(d.stress)}</dd>
            </div>
            <div>
                <dt>"Attitude"</dt>
                <dd class="solo-attitude">{d.attitude.as_str()}</dd>
            </div>
            <div>
                <dt>"Action"</dt>
                <dd class="solo-action">{action}</dd>
            </div>
        </dl>
        <ol class="solo-steps">
            {d.steps.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
        </ol>
    }
}

/// Place enemy ships by arc and range; criteria a–f pick the tally.
#[component]
fn TallyHelper() -> impl IntoView {
    let contacts = RwSignal::new(vec![
        Contact {
            name: "Enemy 1".into(),
            arcs: vec![TallyArc::Front],
            range: 2,
            locked: false,
        },
        Contact {
            name: "Enemy 2".into(),
            arcs: vec![TallyArc::Side],
            range: 1,
            locked: false,
        },
    ]);
    let rows = move || {
        contacts
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, c)| contact_row(contacts, i, c))
            .collect_view()
    };
    let verdict = move || {
        contacts.with(|cs| match tally(cs) {
            Some((i, why)) => format!(
                "Tally: {} ({why}); approach chart: {}.",
                cs[i].name,
                chart_arc(&cs[i].arcs).map_or("none", |a| a.as_str())
            ),
            None => "No enemy ship in any arc: no tally.".to_string(),
        })
    };
    view! {
        <h3>"Tally helper"</h3>
        <table class="tally-table">
            <ColumnHeads columns=vec!["Ship", "In arcs", "Range", "Locked"] />
            <tbody>{rows}</tbody>
        </table>
        <button
            type="button"
            on:click=move |_| {
                contacts
                    .update(|cs| {
                        let n = cs.len() + 1;
                        cs.push(Contact {
                            name: format!("Enemy {n}"),
                            arcs: vec![TallyArc::Rear],
                            range: 3,
                            locked: false,
                        });
                    })
            }
        >
            "Add an enemy ship"
        </button>
        <p class="tally-verdict" aria-live="polite">
            {verdict}
        </p>
    }
}

/// Changes enemy ship `i` of the helper.
fn edit_contact(contacts: RwSignal<Vec<Contact>>, i: usize, f: impl FnOnce(&mut Contact)) {
    contacts.update(|cs| {
        if let Some(c) = cs.get_mut(i) {
            f(c)
        }
    });
}

/// One enemy ship: the arcs it is in, its range, and whether it is locked.
fn contact_row(contacts: RwSignal<Vec<Contact>>, i: usize, c: Contact) -> impl IntoView + use<> {
    let arcs = TallyArc::ALL
        .into_iter()
        .map(|a| {
            view! {
                <label class="flag">
                    <input
                        type="checkbox"
                        name=format!("tally-{i}-{}", a.as_str())
                        prop:checked=c.arcs.contains(&a)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            edit_contact(
                                contacts,
                                i,
                                |c| {
                                    c.arcs.retain(|x| *x != a);
                                    if on {
                                        c.arcs.push(a);
                                    }
                                },
                            );
                        }
                    />
                    {a.as_str()}
                </label>
            }
        })
        .collect_view();
    view! {
        <tr data-contact=i>
            <th scope="row">{c.name.clone()}</th>
            <td>{arcs}</td>
            <td>
                <input
                    type="number"
                    min="0"
                    max="5"
                    name=format!("tally-{i}-range")
                    aria-label=format!("{} range", c.name)
                    prop:value=c.range.to_string()
                    on:change=move |ev| {
                        if let Ok(r) = event_target_value(&ev).parse::<u8>() && r <= 5 {
                            edit_contact(contacts, i, |c| c.range = r);
                        }
                    }
                />
            </td>
            <td>
                <input
                    type="checkbox"
                    name=format!("tally-{i}-locked")
                    aria-label=format!("{} locked", c.name)
                    prop:checked=c.locked
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        edit_contact(contacts, i, |c| c.locked = on);
                    }
                />
            </td>
        </tr>
    }
}

/// The four approach charts with the probability of each cell.
#[component]
pub fn ApproachCharts() -> impl IntoView {
    let charts = match Charts::embedded() {
        Ok(c) => c,
        Err(e) => {
            return Either::Left(view! { <Alert text=e.to_string() /> });
        }
    };
    Either::Right(view! {
        <aside
            class="simulator approach-charts"
            id="approach-charts"
            aria-labelledby="charts-title"
            // It scrolls on its own beside the rules: reachable by keyboard.
            tabindex="0"
        >
            <h2 id="charts-title">"Approach charts with their dice"</h2>
            <p class="hint">
                "Rows: the defense die; columns: the attack die. Each cell's chance is the two faces' chances multiplied (out of 64). The dice the transcription lost are restored from the community’s charts."
            </p>
            {TallyArc::ALL.into_iter().map(|arc| approach_chart(&charts, arc)).collect_view()}
        </aside>
    })
}

/// One arc's chart: each cell's entry and its chance.
fn approach_chart(charts: &Charts, arc: TallyArc) -> impl IntoView + use<> {
    let row = |d: DefenseDie| {
        let cells = AttackDie::ALL
            .into_iter()
            .map(|a| {
                let p = Charts::probability_64ths(d, a);
                let chance = format!(" {p}/64 ({:.1}%)", f64::from(p) * 100.0 / 64.0);
                view! {
                    <td data-cell=format!(
                        "{}-{}",
                        d.as_str(),
                        a.as_str(),
                    )>
                        {charts.entry(arc, d, a).text.clone()} <span class="cell-p">{chance}</span>
                    </td>
                }
            })
            .collect_view();
        view! {
            <tr>
                <th scope="row">{d.as_str()}</th>
                {cells}
            </tr>
        }
    };
    view! {
        <table class="approach-chart" data-chart=arc.as_str()>
            <caption>{format!("{} arc", arc.as_str())}</caption>
            <thead>
                <tr>
                    <th scope="col">"Defense"</th>
                    {AttackDie::ALL
                        .into_iter()
                        .map(|a| view! { <th scope="col">{a.as_str()}</th> })
                        .collect_view()}
                </tr>
            </thead>
            <tbody>{DefenseDie::ALL.into_iter().map(row).collect_view()}</tbody>
        </table>
    }
}
