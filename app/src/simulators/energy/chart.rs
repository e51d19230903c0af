//! What a run did: the round log, and energy and shields over the rounds
//! as SVG lines.

use cards::sim::energy::{EnergyShip, Run, Series};
use leptos::either::Either;
use leptos::prelude::*;

use crate::i18n::{td, td_string};
use crate::simulators::words::energy::EnergyWords;
use crate::simulators::words::fill;

#[component]
pub(super) fn EnergyLog(run: Run, said: EnergyWords) -> impl IntoView {
    let l = said.words.locale;
    if run.rounds.is_empty() {
        return Either::Left(
            view! { <p class="energy-log empty">{td_string!(l, sims.energy_log_empty)}</p> },
        );
    }
    Either::Right(view! {
        <ol class="energy-log" aria-label=td_string!(l, sims.energy_log_label)>
            {run
                .rounds
                .into_iter()
                .map(|r| {
                    view! {
                        <li data-round=r.round>
                            <h3>
                                {td!(
                                    l,
                                    sims.energy_round_heading,
                                    round = r.round,
                                    energy = r.ship_energy,
                                    shields = r.shields
                                )}
                            </h3>
                            <ul>
                                {r
                                    .events
                                    .iter()
                                    .map(|e| view! { <li>{said.event(e)}</li> })
                                    .collect_view()}
                            </ul>
                        </li>
                    }
                })
                .collect_view()}
        </ol>
    })
}

/// The chart's lines, each named in the page's language: the Ship card's
/// energy, the shields, then each energy card's, in the ship's order.
fn named_series(run: &Run, ship: &EnergyShip, said: &EnergyWords) -> Vec<Series> {
    let l = said.words.locale;
    let mut cards = ship.energy_cards.iter();
    run.series(ship)
        .into_iter()
        .map(|mut s| {
            s.name = match s.kind {
                "energy" => td_string!(l, sims.energy_series_ship).to_string(),
                "shields" => td_string!(l, sims.energy_series_shields).to_string(),
                _ => match cards.next() {
                    Some(c) => fill(
                        td_string!(l, sims.energy_series_card),
                        &[("card", &said.card(&c.card_name()).text())],
                    ),
                    None => s.name,
                },
            };
            s
        })
        .collect()
}

/// Where the chart draws: its width and height, the margin inside them,
/// how many points each line has (the start and each round) and the
/// highest value it shows.
#[derive(Clone, Copy)]
struct ChartScale {
    w: f64,
    h: f64,
    pad: f64,
    points: usize,
    top: u8,
}

impl ChartScale {
    /// The scale for `series` over `rounds` rounds: its top the highest
    /// value any line reaches, or the energy limit if higher (1 at least).
    fn of(series: &[Series], rounds: usize, energy_limit: u8) -> ChartScale {
        let top = series
            .iter()
            .flat_map(|s| s.values.iter().copied())
            .max()
            .unwrap_or(1)
            .max(energy_limit)
            .max(1);
        ChartScale {
            w: 320.0,
            h: 140.0,
            pad: 16.0,
            points: rounds + 1,
            top,
        }
    }

    /// Where point `i` (the start, then each round) sits across.
    fn x(self, i: usize) -> f64 {
        let ChartScale { w, pad, points, .. } = self;
        pad + (w - 2.0 * pad) * i as f64 / (points.max(2) - 1) as f64
    }

    /// Where value `v` sits up.
    fn y(self, v: u8) -> f64 {
        let ChartScale { h, pad, top, .. } = self;
        h - pad - (h - 2.0 * pad) * f64::from(v) / f64::from(top)
    }
}

/// Energy and shields at the start and after each round, as SVG lines.
#[component]
pub(super) fn EnergyChart(run: Run, ship: Option<EnergyShip>, said: EnergyWords) -> impl IntoView {
    let ship = ship?;
    let l = said.words.locale;
    let series = named_series(&run, &ship, &said);
    let scale = ChartScale::of(&series, run.rounds.len(), ship.energy_limit);
    let ChartScale { w, h, pad, .. } = scale;
    let lines = series_lines(&series, scale);
    let legend = series_legend(&series);
    Some(view! {
        <figure class="energy-chart">
            <svg
                viewBox=format!("0 0 {w} {h}")
                role="img"
                aria-label=td_string!(l, sims.energy_chart_label)
            >
                <line class="axis" x1=pad y1=h - pad x2=w - pad y2=h - pad />
                <line
                    class="limit"
                    x1=pad
                    y1=scale.y(ship.energy_limit)
                    x2=w - pad
                    y2=scale.y(ship.energy_limit)
                >
                    <title>{td!(l, sims.energy_limit_title, limit = ship.energy_limit)}</title>
                </line>
                {lines}
            </svg>
            <figcaption>
                <ul>{legend}</ul>
            </figcaption>
        </figure>
    })
}

/// Each line of the chart, named in its title.
fn series_lines(series: &[Series], scale: ChartScale) -> impl IntoView + use<> {
    series
        .iter()
        .map(|s| {
            let pts = s
                .values
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{:.1},{:.1}", scale.x(i), scale.y(*v)))
                .collect::<Vec<_>>()
                .join(" ");
            view! {
                <polyline class=format!("series {}", s.kind) points=pts fill="none">
                    <title>{s.name.clone()}</title>
                </polyline>
            }
        })
        .collect_view()
}

/// The chart's legend: each line's name and its values, round by round.
fn series_legend(series: &[Series]) -> impl IntoView + use<> {
    series
        .iter()
        .map(|s| {
            view! {
                <li class=format!(
                    "legend {}",
                    s.kind,
                )>
                    {s.name.clone()}": "
                    {s.values.iter().map(u8::to_string).collect::<Vec<_>>().join(" → ")}
                </li>
            }
        })
        .collect_view()
}
