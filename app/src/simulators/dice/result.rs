//! The dice simulator's answer: the damage distribution as a bar chart and
//! a table, and the expected damage in words.

use cards::sim::dice::Damage;
use leptos::prelude::*;

use crate::components::ColumnHeads;
use num_traits::ToPrimitive;

fn percent(p: &num_rational::BigRational) -> String {
    format!("{:.2}%", p.to_f64().unwrap_or(0.0) * 100.0)
}

#[component]
pub(super) fn DamageChart(result: Memo<Damage>) -> impl IntoView {
    move || {
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
    }
}

#[component]
pub(super) fn DamageTable(result: Memo<Damage>) -> impl IntoView {
    let rows = move || {
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
    view! {
        <table class="dice-table">
            <ColumnHeads columns=vec!["Damage", "Exactly", "At least"] />
            <tbody>{rows}</tbody>
        </table>
    }
}

#[component]
pub(super) fn DiceSummary(result: Memo<Damage>) -> impl IntoView {
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
    view! {
        <p class="dice-summary" aria-live="polite">
            {summary}
        </p>
    }
}
