//! Small components shared by the pages.

pub mod card_panel;
pub mod copy;
pub mod form;
pub mod glyph;
pub mod owned;

use cards::catalog::{Bearing, Difficulty, Direction, Maneuver};
use std::sync::Arc;

use cards::catalog::{Database, Stats};
use cards::squad::Rules;
use leptos::either::Either;
use leptos::prelude::*;

use crate::cards_asset::{CardDb, CardsState};
use cards::symbols::{SymbolKind, maneuver_symbol, symbol};
use glyph::{Glyph, Named};

/// What a page shows for an address that names nothing: the server answers
/// 404, and the message (`children`) says what is missing and where to go.
#[component]
pub fn NotFoundNotice(
    /// The document title.
    title: &'static str,
    heading: &'static str,
    children: Children,
) -> impl IntoView {
    set_status_not_found();
    view! {
        <leptos_meta::Title text=title />
        <section>
            <h1>{heading}</h1>
            <p class="notice">{children()}</p>
        </section>
    }
}

/// Marks the server response 404 (no effect in the browser).
fn set_status_not_found() {
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(axum::http::StatusCode::NOT_FOUND);
    }
}

/// Renders `render` with the card database, or the reason it could not be
/// loaded (see `WithRules`).
#[component]
pub fn WithCards<F, V>(render: F) -> impl IntoView
where
    F: Fn(Arc<Database>) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let with_rules = move |rules: Arc<Rules>| render(rules.db.clone());
    view! { <WithRules render=with_rules /> }
}

/// Renders `render` with the rules engine (the loaded cards and the
/// built-in formats), or the reason it could not be made. The engine is
/// shared, never copied: the server makes it once at start-up and the
/// browser once per download. The wrapper's `data-cards` mark tells the
/// browser to load the cards before hydrating (`app/src/cards_asset.rs`).
#[component]
pub fn WithRules<F, V>(render: F) -> impl IntoView
where
    F: Fn(Arc<Rules>) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let db = expect_context::<CardDb>();
    db.ensure_loaded();
    view! {
        <div class="with-cards" data-cards="">
            {move || match db.state.get() {
                CardsState::Ready(rules) => render(rules).into_any(),
                CardsState::Loading => {
                    view! { <p class="loading">"Loading cards…"</p> }.into_any()
                }
                CardsState::Failed(e) => {
                    // Boxed: a page is a large type, and kept by value through
                    // the renderer's frames it can overflow a 2 MiB stack in
                    // debug builds (the search page's answer did, unboxed).
                    view! {
                        <p class="error" role="alert">
                            "The card database could not be loaded: "
                            {e}
                        </p>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}

/// A problem announced to screen readers (`role="alert"`).
#[component]
pub fn Alert(#[prop(into)] text: String) -> impl IntoView {
    view! {
        <p class="error" role="alert">
            {text}
        </p>
    }
}

/// A table's header row: one heading for each column.
#[component]
pub fn ColumnHeads(columns: Vec<&'static str>) -> impl IntoView {
    view! {
        <thead>
            <tr>
                {columns.into_iter().map(|c| view! { <th scope="col">{c}</th> }).collect_view()}
            </tr>
        </thead>
    }
}

/// A stat block: attack, agility, hull, shields, energy (only those printed).
/// The builder labels energy "Energy limit": there it is the effective limit.
#[component]
pub fn StatBlock(
    stats: Stats,
    #[prop(optional)] energy_label: Option<&'static str>,
) -> impl IntoView {
    let items: Vec<(&'static str, &'static str, u8)> = [
        ("attack", "Attack", stats.attack),
        ("agility", "Agility", stats.agility),
        ("hull", "Hull", stats.hull),
        ("shields", "Shields", stats.shields),
        ("energy", energy_label.unwrap_or("Energy"), stats.energy),
    ]
    .into_iter()
    .filter_map(|(class, label, value)| value.map(|v| (class, label, v)))
    .collect();
    view! {
        <dl class="stats">
            {items
                .into_iter()
                .map(|(class, label, value)| {
                    view! {
                        <div class=format!("stat {class}")>
                            <dt>
                                {symbol(SymbolKind::Stat, class)
                                    .map(|s| view! { <Glyph symbol=s decorative=true /> })}
                                <span class="stat-label">{label}</span>
                            </dt>
                            <dd>{value}</dd>
                        </div>
                    }
                })
                .collect_view()}
        </dl>
    }
}

/// Upgrade icons as labelled badges, in order.
#[component]
pub fn SlotList(db: Arc<Database>, slots: Vec<String>) -> impl IntoView {
    if slots.is_empty() {
        return Either::Left(view! { <span class="none">"none"</span> });
    }
    Either::Right(view! {
        <ul class="slots">
            {slots
                .iter()
                .map(|s| {
                    view! {
                        <li class=format!("slot slot-{s}")>
                            <Named
                                kind=SymbolKind::Slot
                                key=s.clone()
                                name=db.slot_name(s).to_string()
                            />
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    })
}

fn bearing_columns(dial: &[Maneuver]) -> Vec<(Bearing, Option<Direction>)> {
    // Left to right as on a printed dial.
    let order = [
        (Bearing::Turn, Some(Direction::Left)),
        (Bearing::Bank, Some(Direction::Left)),
        (Bearing::Straight, None),
        (Bearing::Bank, Some(Direction::Right)),
        (Bearing::Turn, Some(Direction::Right)),
        (Bearing::KoiogranTurn, None),
        (Bearing::SegnorLoop, Some(Direction::Left)),
        (Bearing::SegnorLoop, Some(Direction::Right)),
        (Bearing::TallonRoll, Some(Direction::Left)),
        (Bearing::TallonRoll, Some(Direction::Right)),
        (Bearing::Stationary, None),
        (Bearing::Reverse, Some(Direction::Left)),
        (Bearing::Reverse, None),
        (Bearing::Reverse, Some(Direction::Right)),
    ];
    order
        .into_iter()
        .filter(|(b, d)| dial.iter().any(|m| m.bearing == *b && m.direction == *d))
        .collect()
}

fn column_label(bearing: Bearing, direction: Option<Direction>) -> String {
    let d = match direction {
        Some(Direction::Left) => " left",
        Some(Direction::Right) => " right",
        None => "",
    };
    format!("{}{d}", bearing.as_str().replace('-', " "))
}

/// A bearing's glyph (named for screen readers), or its name where the
/// font has none.
fn bearing_head(bearing: Bearing, direction: Option<Direction>) -> impl IntoView {
    let label = column_label(bearing, direction);
    match maneuver_symbol(bearing, direction) {
        Some(s) => Either::Left(view! {
            <i class="xw" role="img" aria-label=label.clone() title=label>
                {s.glyph.to_string()}
            </i>
        }),
        None => Either::Right(label),
    }
}

/// One cell of the dial: the maneuver's glyph in its color, with the
/// energy it gives a huge ship; named in full for screen readers.
fn maneuver_cell(m: &Maneuver) -> impl IntoView + use<> {
    let difficulty = m.difficulty.as_str();
    let name = format!(
        "{}, {difficulty}{}",
        m.describe(),
        m.energy
            .map(|e| format!(", {e} energy"))
            .unwrap_or_default()
    );
    let glyph = maneuver_symbol(m.bearing, m.direction)
        .map_or_else(|| m.bearing.as_str().to_string(), |s| s.glyph.to_string());
    let mark = match m.difficulty {
        Difficulty::Green => "G",
        Difficulty::White => "W",
        Difficulty::Red => "R",
    };
    view! {
        <td class=format!("maneuver {difficulty}")>
            <i class="xw" role="img" title=name.clone() aria-label=name>
                {glyph}
            </i>
            // The color's initial, for print in black and for those who
            // cannot tell the colors apart.
            <span class="difficulty" aria-hidden="true">
                {mark}
            </span>
            {m
                .energy
                .map(|e| {
                    view! {
                        <span class="energy" aria-hidden="true">
                            {e}
                        </span>
                    }
                })}
        </td>
    }
}

/// A maneuver dial as printed: speeds down, bearings across, each
/// maneuver's glyph in its color (green, white, red) and, on a huge ship,
/// the energy it gives. The builder's ship cards and the card pages share it.
#[component]
pub fn DialTable(dial: Vec<Maneuver>) -> impl IntoView {
    if dial.is_empty() {
        return Either::Left(view! { <p class="none">"No dial is given by the sources."</p> });
    }
    let columns = bearing_columns(&dial);
    let max_speed = dial.iter().map(|m| m.speed).max().unwrap_or(0);
    let min_speed = dial.iter().map(|m| m.speed).min().unwrap_or(0);
    let has_energy = dial.iter().any(|m| m.energy.is_some());
    let header = columns
        .iter()
        .map(|&(b, d)| view! { <th scope="col">{bearing_head(b, d)}</th> })
        .collect_view();
    let body = (min_speed..=max_speed)
        .rev()
        .map(|speed| {
            let cells = columns
                .iter()
                .map(|(b, d)| {
                    match dial
                        .iter()
                        .find(|m| m.speed == speed && m.bearing == *b && m.direction == *d)
                    {
                        None => Either::Left(view! { <td class="empty"></td> }),
                        Some(m) => Either::Right(maneuver_cell(m)),
                    }
                })
                .collect_view();
            view! {
                <tr>
                    <th scope="row">{speed}</th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    Either::Right(view! {
        <table class="dial">
            <caption>
                "Maneuver dial: green, white and red (G, W, R)"
                {has_energy.then_some("; the number is the energy it gives")}
            </caption>
            <thead>
                <tr>
                    <th scope="col">"Speed"</th>
                    {header}
                </tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    })
}

/// Runs `work`; in the browser it is timed as a User Timing measure
/// called `name` (`browser::measured`), so the Performance panel and
/// `end2end/scripts/measure-builder.mjs` can tell the engine's time from
/// the drawing's.
pub fn timed<T>(name: &str, work: impl FnOnce() -> T) -> T {
    #[cfg(all(feature = "hydrate", not(feature = "ssr")))]
    return crate::browser::measured(name, work);
    #[cfg(not(all(feature = "hydrate", not(feature = "ssr"))))]
    {
        let _ = name;
        work()
    }
}

/// Runs heavy pure work (an energy simulation, exact dice) named `name`.
/// During server rendering it does not hold up the other requests on the
/// same async worker: tokio moves them elsewhere while it runs
/// (`block_in_place`). Elsewhere it is `timed`.
pub fn off_the_async_workers<T>(name: &str, work: impl FnOnce() -> T) -> T {
    #[cfg(feature = "ssr")]
    if let Ok(handle) = tokio::runtime::Handle::try_current()
        && handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread
    {
        return tokio::task::block_in_place(work);
    }
    timed(name, work)
}

/// A page title that follows `text` in the browser. The server reads a
/// title only after the page has rendered, when the page's signals may
/// already be disposed (a panic, seen under load), so there it is read once,
/// now.
pub fn live_title(
    text: impl Fn() -> String + Send + Sync + 'static,
) -> leptos::text_prop::TextProp {
    if cfg!(feature = "ssr") {
        text().into()
    } else {
        text.into()
    }
}
