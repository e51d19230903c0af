//! The four approach charts, with the chance of each cell.

use cards::lang::Lang;
use cards::sim::solo::{AttackDie, Charts, DefenseDie, TallyArc};
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::Alert;
use crate::i18n::{td, td_string};
use crate::simulators::words::Words;

/// The four approach charts with the probability of each cell.
#[component]
pub fn ApproachCharts() -> impl IntoView {
    let words = Words::of_page();
    let l = words.locale;
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
            <h2 id="charts-title">{td_string!(l, sims.charts_title)}</h2>
            <p class="hint">{td_string!(l, sims.charts_hint)}</p>
            {TallyArc::ALL
                .into_iter()
                .map(|arc| approach_chart(words, &charts, arc))
                .collect_view()}
        </aside>
    })
}

/// One arc's chart: each cell's entry (the seed's English words) and its chance.
fn approach_chart(words: Words, charts: &Charts, arc: TallyArc) -> impl IntoView + use<> {
    let l = words.locale;
    // The entries are the seed's words: English, marked on another page.
    let english = (words.lang != Lang::En).then_some("en");
    let row = |d: DefenseDie| {
        let cells = AttackDie::ALL
            .into_iter()
            .map(|a| {
                let p = Charts::probability_64ths(d, a);
                let chance = format!(" {p}/64 ({})", words.percent(f64::from(p) / 64.0, 1));
                view! {
                    <td data-cell=format!("{}-{}", d.as_str(), a.as_str()) lang=english>
                        {charts.entry(arc, d, a).text.clone()}
                        <span class="cell-p">{chance}</span>
                    </td>
                }
            })
            .collect_view();
        view! {
            <tr>
                <th scope="row">{words.defense_die(d)}</th>
                {cells}
            </tr>
        }
    };
    view! {
        <table class="approach-chart" data-chart=arc.as_str()>
            <caption>{td!(l, sims.charts_caption, arc = words.arc(arc))}</caption>
            <thead>
                <tr>
                    <th scope="col">{td_string!(l, sims.charts_defense)}</th>
                    {AttackDie::ALL
                        .into_iter()
                        .map(|a| view! { <th scope="col">{words.attack_die(a)}</th> })
                        .collect_view()}
                </tr>
            </thead>
            <tbody>{DefenseDie::ALL.into_iter().map(row).collect_view()}</tbody>
        </table>
    }
}
