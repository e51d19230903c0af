//! The combat dice simulator: exact distributions from `cards::sim::dice`, drawn
//! as an SVG bar chart with the numbers in a table beside it.

use cards::sim::dice::{DiceInputs, RangeRule, damage, presets};
use leptos::prelude::*;
use num_traits::ToPrimitive;

use crate::components::form::{Count, Flag};

fn percent(p: &num_rational::BigRational) -> String {
    format!("{:.2}%", p.to_f64().unwrap_or(0.0) * 100.0)
}

#[component]
pub fn DiceSimulator(inputs: RwSignal<DiceInputs>, error: Option<String>) -> impl IntoView {
    // A combination the rules forbid (a huge defender with a focus token)
    // is named, and nothing is added up.
    let problem = Memo::new(move |_| inputs.with(|i| i.check().err()));
    let result = Memo::new(move |_| {
        inputs.with(|i| {
            if problem.with(Option::is_some) {
                return damage(&DiceInputs::default());
            }
            crate::components::off_the_async_workers(|| damage(i))
        })
    });
    let chart = move || {
        result.with(|d| {
            let n = d.damage.len().max(1);
            let (w, h, pad) = (320.0_f64, 150.0_f64, 18.0_f64);
            let bar = (w - 10.0) / n as f64;
            // The tallest bar fills the chart; the labels give the values.
            let top = d
                .damage
                .iter()
                .map(|p| p.to_f64().unwrap_or(0.0))
                .fold(0.0_f64, f64::max)
                .max(f64::EPSILON);
            let bars = d
                .damage
                .iter()
                .enumerate()
                .map(|(k, p)| {
                    let v = p.to_f64().unwrap_or(0.0);
                    let height = v / top * (h - 2.0 * pad);
                    let x = 5.0 + k as f64 * bar;
                    let y = h - pad - height;
                    view! {
                        <g class="bar" data-damage=k>
                            <rect x=x + 2.0 y=y width=(bar - 4.0).max(1.0) height=height>
                                <title>{format!("{k} damage: {}", percent(p))}</title>
                            </rect>
                            <text
                                class="value"
                                x=x + bar / 2.0
                                y=(y - 3.0).max(10.0)
                                text-anchor="middle"
                            >
                                {format!("{:.0}%", v * 100.0)}
                            </text>
                            <text class="label" x=x + bar / 2.0 y=h - 4.0 text-anchor="middle">
                                {k}
                            </text>
                        </g>
                    }
                })
                .collect_view();
            view! {
                <svg
                    class="dice-chart"
                    viewBox=format!("0 0 {w} {h}")
                    role="img"
                    aria-label="Probability of each damage total"
                >
                    <line x1="0" y1=h - pad x2=w y2=h - pad class="axis" />
                    {bars}
                </svg>
            }
        })
    };
    let table = move || {
        result.with(|d| {
            d.damage
                .iter()
                .zip(&d.at_least)
                .enumerate()
                .map(|(k, (p, q))| {
                    view! {
                        <tr data-damage=k>
                            <th scope="row">{k}</th>
                            <td title=p.to_string()>{percent(p)}</td>
                            <td title=q.to_string()>{percent(q)}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let summary = move || {
        result.with(|d| {
            format!(
                "{} attack dice against {} defense dice. Expected damage {:.3}: {:.3} hits and {:.3} critical hits.",
                d.attack_dice,
                d.defense_dice,
                (&d.expected_hits + &d.expected_crits).to_f64().unwrap_or(0.0),
                d.expected_hits.to_f64().unwrap_or(0.0),
                d.expected_crits.to_f64().unwrap_or(0.0),
            )
        })
    };
    let preset_list = presets();
    let preset_names: Vec<&'static str> = preset_list.iter().map(|p| p.name).collect();
    view! {
        <aside
            class="simulator dice-simulator"
            id="dice-simulator"
            aria-labelledby="dice-sim-title"
        >
            <h2 id="dice-sim-title">"Dice simulator"</h2>
            <p class="hint">
                "Exact odds: every roll of the dice counted with its weight, no sampling. Rerolls reroll blanks (and focus results without focus to spend)."
            </p>
            {error
                .map(|e| {
                    view! {
                        <p class="error" role="alert">
                            "The address's dice settings were not read: "
                            {e}
                        </p>
                    }
                })}
            <label class="preset">
                "Preset"
                <select
                    name="dice-preset"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(p) = presets().into_iter().find(|p| p.name == v) {
                            inputs.set(p.inputs);
                        }
                    }
                >
                    <option value="">"Choose a preset…"</option>
                    {preset_names
                        .into_iter()
                        .map(|n| view! { <option value=n>{n}</option> })
                        .collect_view()}
                </select>
            </label>
            <fieldset>
                <legend>"Attack"</legend>
                <Count
                    inputs
                    label="Attack dice"
                    name="attack"
                    min=0
                    max=12
                    get=|i| i.attack
                    set=|i, n| i.attack = n
                />
                <Count
                    inputs
                    label="Defense dice"
                    name="defense"
                    min=0
                    max=12
                    get=|i| i.defense
                    set=|i, n| i.defense = n
                />
                <label class="count">
                    "Range"
                    <select
                        name="range"
                        prop:value=move || inputs.with(|i| i.range.to_string())
                        on:change=move |ev| {
                            if let Ok(r) = event_target_value(&ev).parse::<u8>() {
                                inputs.update(|i| i.range = r);
                            }
                        }
                    >
                        {(1..=5u8)
                            .map(|r| view! { <option value=r.to_string()>{r}</option> })
                            .collect_view()}
                    </select>
                </label>
                <Flag
                    inputs
                    label="Primary weapon"
                    name="primary"
                    get=|i| i.primary
                    set=|i, on| i.primary = on
                />
                <label class="count">
                    "Range 4–5 rule"
                    <select
                        name="range-rule"
                        prop:value=move || inputs.with(|i| i.range_rule.as_str())
                        on:change=move |ev| {
                            if let Some(rule) = RangeRule::parse(&event_target_value(&ev)) {
                                inputs.update(|i| i.range_rule = rule);
                            }
                        }
                    >
                        <option value="v1">"v1.0 (the pack): +2 at Range 4, +3 at Range 5"</option>
                        <option value="v3">"v3.0 (2015): +1 at Range 3 or beyond"</option>
                    </select>
                </label>
                <Flag
                    inputs
                    label="Obstructed"
                    name="obstructed"
                    get=|i| i.obstructed
                    set=|i, on| i.obstructed = on
                />
            </fieldset>
            <fieldset>
                <legend>"Attacker"</legend>
                <Flag
                    inputs
                    label="Focus"
                    name="attacker-focus"
                    get=|i| i.attacker.focus
                    set=|i, on| i.attacker.focus = on
                />
                <Flag
                    inputs
                    label="Target lock"
                    name="target-lock"
                    get=|i| i.attacker.target_lock
                    set=|i, on| i.attacker.target_lock = on
                />
                <Flag
                    inputs
                    label="Supercharged Power Cells (+2 dice)"
                    name="power-cells"
                    get=|i| i.attacker.power_cells
                    set=|i, on| i.attacker.power_cells = on
                />
                <Flag
                    inputs
                    label="IG-RM Thug Droids (1 hit → crit)"
                    name="thug-droids"
                    get=|i| i.attacker.thug_droids
                    set=|i, on| i.attacker.thug_droids = on
                />
                <Flag
                    inputs
                    label="Sunny Bounder"
                    name="sunny-bounder"
                    get=|i| i.attacker.sunny_bounder
                    set=|i, on| i.attacker.sunny_bounder = on
                />
                <Count
                    inputs
                    label="Inaldra's shields"
                    name="inaldra-shields"
                    min=0
                    max=12
                    get=|i| i.attacker.inaldra_shields
                    set=|i, n| i.attacker.inaldra_shields = n
                />
            </fieldset>
            <fieldset>
                <legend>"Defender"</legend>
                <Flag
                    inputs
                    label="Focus"
                    name="defender-focus"
                    get=|i| i.defender.focus
                    set=|i, on| i.defender.focus = on
                />
                <Flag
                    inputs
                    label="Evade token"
                    name="evade"
                    get=|i| i.defender.evade
                    set=|i, on| i.defender.evade = on
                />
                <Flag
                    inputs
                    label="Reinforce token on the targeted section"
                    name="reinforce"
                    get=|i| i.defender.reinforce
                    set=|i, on| i.defender.reinforce = on
                />
                <Flag
                    inputs
                    label="Reinforce token on the other section"
                    name="reinforce-other"
                    get=|i| i.defender.reinforce_other
                    set=|i, on| i.defender.reinforce_other = on
                />
                <Flag
                    inputs
                    label="Broken Horn"
                    name="broken-horn"
                    get=|i| i.defender.broken_horn
                    set=|i, on| i.defender.broken_horn = on
                />
                <Flag
                    inputs
                    label="Sunny Bounder"
                    name="defender-sunny-bounder"
                    get=|i| i.defender.sunny_bounder
                    set=|i, on| i.defender.sunny_bounder = on
                />
                <Count
                    inputs
                    label="Inaldra's shields"
                    name="defender-inaldra-shields"
                    min=0
                    max=12
                    get=|i| i.defender.inaldra_shields
                    set=|i, n| i.defender.inaldra_shields = n
                />
                <p class="note">
                    "Interpretation: Broken Horn needs only \"a reinforce token\", so a token on either section counts; the token's own evade needs it on the targeted section."
                </p>
            </fieldset>
            {move || {
                problem
                    .get()
                    .map(|p| {
                        view! {
                            <p class="error dice-problem" role="alert">
                                {p.to_string()}
                            </p>
                        }
                    })
            }}
            <p class="dice-summary" aria-live="polite">
                {summary}
            </p>
            <div class="dice-result" class:hidden=move || problem.with(Option::is_some)>
                {chart}
                <table class="dice-table">
                    <thead>
                        <tr>
                            <th scope="col">"Damage"</th>
                            <th scope="col">"Exactly"</th>
                            <th scope="col">"At least"</th>
                        </tr>
                    </thead>
                    <tbody>{table}</tbody>
                </table>
            </div>
        </aside>
    }
}
