//! What a run did: the round log, and energy and shields over the rounds
//! as SVG lines.

use cards::sim::energy::{EnergyShip, Run};
use leptos::either::Either;
use leptos::prelude::*;

#[component]
pub(super) fn EnergyLog(run: Run) -> impl IntoView {
    if run.rounds.is_empty() {
        return Either::Left(
            view! { <p class="energy-log empty">"Press “Next round” to fly the first round."</p> },
        );
    }
    Either::Right(view! {
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
    })
}

/// Energy and shields at the start and after each round, as SVG lines.
#[component]
pub(super) fn EnergyChart(run: Run, ship: Option<EnergyShip>) -> impl IntoView {
    let ship = ship?;
    let series = run.series(&ship);
    let top = series
        .iter()
        .flat_map(|s| s.values.iter().copied())
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
        .map(|s| {
            let pts = s
                .values
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
                .collect::<Vec<_>>()
                .join(" ");
            view! {
                <polyline class=format!("series {}", s.kind) points=pts fill="none">
                    <title>{s.name.clone()}</title>
                </polyline>
            }
        })
        .collect_view();
    let legend = series
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
        .collect_view();
    Some(view! {
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
    })
}
