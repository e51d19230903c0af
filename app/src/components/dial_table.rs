//! A maneuver dial: speeds down, bearings across, each maneuver a card
//! recolours marked with its card.

use cards::catalog::{Bearing, Difficulty, Direction, Maneuver};
use cards::symbols::maneuver_symbol;
use leptos::either::Either;
use leptos::prelude::*;

use super::change_mark::ChangeMark;
use super::game_terms::maneuver_name;
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;

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

/// A bearing's glyph (named for screen readers), or its name where the
/// font has none.
fn bearing_head(bearing: Bearing, direction: Option<Direction>) -> impl IntoView {
    let label = maneuver_name(bearing, direction);
    match maneuver_symbol(bearing, direction) {
        Some(s) => Either::Left(view! {
            <i class="xw" role="img" aria-label=label.clone() title=label>
                {s.glyph.to_string()}
            </i>
        }),
        None => Either::Right(label),
    }
}

/// A maneuver as a screen reader says it, in the page's language: its
/// speed, bearing and colour, and the energy it gives a huge ship
/// (`energy`; none for other ships). The dial's cells and the play page's
/// reveal say it alike.
pub(crate) fn spoken_maneuver(m: &Maneuver, energy: Option<u8>) -> String {
    let i18n = use_i18n();
    let maneuver = maneuver_name(m.bearing, m.direction);
    let color = match m.difficulty {
        Difficulty::Green => t_string!(i18n, parts.difficulty_green),
        Difficulty::White => t_string!(i18n, parts.difficulty_white),
        Difficulty::Red => t_string!(i18n, parts.difficulty_red),
    };
    let (speed, energy) = (m.speed.to_string(), energy.map(|e| e.to_string()));
    let mut args = vec![
        ("speed", speed.as_str()),
        ("maneuver", maneuver.as_str()),
        ("difficulty", color),
    ];
    let template = match &energy {
        Some(e) => {
            args.push(("energy", e.as_str()));
            t_string!(i18n, parts.maneuver_with_energy)
        }
        None => "{{ speed }} {{ maneuver }}, {{ difficulty }}",
    };
    fill(template, &args)
}

/// A maneuver's glyph in the game's icon font (class `xw`), or its
/// bearing's code where the font has none.
pub(crate) fn maneuver_glyph(m: &Maneuver) -> String {
    maneuver_symbol(m.bearing, m.direction)
        .map_or_else(|| m.bearing.as_str().to_string(), |s| s.glyph.to_string())
}

/// The letter that marks a difficulty beside its colour, for print in
/// black and for those who cannot tell the colours apart.
pub(crate) fn difficulty_mark(difficulty: Difficulty) -> &'static str {
    let i18n = use_i18n();
    match difficulty {
        Difficulty::Green => t_string!(i18n, parts.dial_mark_green),
        Difficulty::White => t_string!(i18n, parts.dial_mark_white),
        Difficulty::Red => t_string!(i18n, parts.dial_mark_red),
    }
}

/// One cell of the dial: the maneuver's glyph in its color, with the
/// energy it gives a huge ship; named in full for screen readers. A
/// maneuver a card recolours is outlined, and its mark names the card.
fn maneuver_cell(m: &Maneuver, note: Option<String>) -> impl IntoView + use<> {
    let difficulty = m.difficulty.as_str();
    let mark = difficulty_mark(m.difficulty);
    let name = spoken_maneuver(m, m.energy);
    let glyph = maneuver_glyph(m);
    let changed = if note.is_some() { " changed" } else { "" };
    view! {
        <td class=format!("maneuver {difficulty}{changed}")>
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
            {note.map(|note| view! { <ChangeMark note /> })}
        </td>
    }
}

/// A maneuver dial as printed: speeds down, bearings across, each
/// maneuver's glyph in its color (green, white, red) and, on a huge ship,
/// the energy it gives. The builder's ship cards and the card pages share it.
/// `notes`, parallel to `dial`, marks each maneuver a card recolours.
#[component]
pub fn DialTable(
    dial: Vec<Maneuver>,
    #[prop(optional)] notes: Vec<Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    if dial.is_empty() {
        return Either::Left(view! { <p class="none">{t!(i18n, parts.no_dial)}</p> });
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
                        .position(|m| m.speed == speed && m.bearing == *b && m.direction == *d)
                    {
                        None => Either::Left(view! { <td class="empty"></td> }),
                        Some(at) => Either::Right(maneuver_cell(
                            &dial[at],
                            notes.get(at).cloned().flatten(),
                        )),
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
                {t!(i18n, parts.dial_caption)}
                {has_energy.then_some(t!(i18n, parts.dial_caption_energy))}
            </caption>
            <thead>
                <tr>
                    <th scope="col">{t!(i18n, parts.dial_speed)}</th>
                    {header}
                </tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    })
}
