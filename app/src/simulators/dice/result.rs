//! The dice simulator's answer: the damage distribution as a bar chart and
//! a table, and the expected damage in words.

use cards::sim::dice::Damage;
use leptos::prelude::*;

use crate::components::ColumnHeads;
use crate::i18n::{td, td_string};
use crate::simulators::words::Words;
use num_traits::ToPrimitive;

fn percent(words: Words, p: &num_rational::BigRational) -> String {
    words.percent(p.to_f64().unwrap_or(0.0), 2)
}

#[component]
pub(super) fn DamageChart(result: Memo<Damage>) -> impl IntoView {
    let words = Words::of_page();
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
                                <title>
                                    {td!(
                                        words.locale,
                                        sims.dice_bar_title,
                                        damage = k,
                                        chance = percent(words, p)
                                    )}
                                </title>
                            </rect>
                            <text
                                class="value"
                                x=x + bar / 2.0
                                y=(y - 3.0).max(10.0)
                                text-anchor="middle"
                            >
                                {words.percent(v, 0)}
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
                    aria-label=td_string!(words.locale, sims.dice_chart_label)
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
    let words = Words::of_page();
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
                            <td title=p.to_string()>{percent(words, p)}</td>
                            <td title=q.to_string()>{percent(words, q)}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <table class="dice-table">
            <ColumnHeads columns=vec![
                td_string!(words.locale, sims.dice_damage),
                td_string!(words.locale, sims.dice_exactly),
                td_string!(words.locale, sims.dice_at_least),
            ] />
            <tbody>{rows}</tbody>
        </table>
    }
}

#[component]
pub(super) fn DiceSummary(result: Memo<Damage>) -> impl IntoView {
    let words = Words::of_page();
    let summary = move || {
        result.with(|d| {
            let f = |r: &num_rational::BigRational| words.decimal(r.to_f64().unwrap_or(0.0), 3);
            td!(
                words.locale,
                sims.dice_summary,
                attack = d.attack_dice,
                defense = d.defense_dice,
                expected = f(&(&d.expected_hits + &d.expected_crits)),
                hits = f(&d.expected_hits),
                crits = f(&d.expected_crits)
            )
        })
    };
    view! {
        <p class="dice-summary" aria-live="polite">
            {summary}
        </p>
    }
}
