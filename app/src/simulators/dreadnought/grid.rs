//! The board as a grid of buttons: each square's contents, what the shot
//! does there, and a click that applies the tool in hand.

use cards::dreadnought::{Board, Miniature, ShotError, ShotPlan, Square};
use leptos::prelude::*;

use super::{Dread, Weapon, short};
use crate::i18n::{Locale, td_string};
use crate::simulators::words::{Words, fill};

/// What one square shows.
struct Cell {
    class: String,
    title: String,
    label: String,
    piece: Option<(usize, Miniature)>,
}

/// What the page knows about the shot, the same for every square.
struct Overlay<'a> {
    plan: &'a Result<ShotPlan, ShotError>,
    /// The rolled total, if the dice are rolled.
    total: Option<u8>,
    target: (i32, i32),
    area_weapon: bool,
    tarantula: Vec<(i32, i32)>,
    moves: Vec<(i32, i32)>,
}

fn square_class(square: Square) -> &'static str {
    match square {
        Square::Floor => "floor",
        Square::Wall => "wall",
        Square::OpenDoor => "open-door",
        Square::ClosedDoor => "closed-door",
        Square::Bulkhead => "bulkhead",
    }
}

/// A square's attack value: the rolled total less its minus, `T` (the
/// total) before the roll, `3d` where each miniature rolls its own, `✕`
/// where the firer cannot see.
fn attack_label(o: &Overlay, x: i32, y: i32) -> (bool, String) {
    let plan = o.plan.as_ref().ok();
    let attack = plan.and_then(|p| p.squares.iter().find(|s| (s.x, s.y) == (x, y)).copied());
    let separate = plan.is_some_and(|p| p.separate_rolls);
    let hidden = plan.is_some_and(|p| p.out_of_sight.contains(&(x, y)));
    let label = match (attack, o.total) {
        (Some(_), _) if separate => "3d".to_string(),
        (Some(a), Some(t)) => t.saturating_sub(a.minus).to_string(),
        (Some(a), None) if a.minus > 0 => format!("T−{}", a.minus),
        (Some(_), None) => "T".to_string(),
        (None, _) if hidden => "✕".to_string(),
        _ => String::new(),
    };
    (attack.is_some(), label)
}

fn cell(l: Locale, b: &Board, o: &Overlay, x: i32, y: i32) -> Cell {
    let piece = b.piece_at(x, y).map(|i| (i, b.pieces[i].clone()));
    let (hit, label) = attack_label(o, x, y);
    let (tx, ty) = o.target;
    let in_area = o.area_weapon && (x == tx || x == tx + 1) && (y == ty || y == ty + 1);
    let mut class = format!("sq {}", square_class(b.square(x, y)));
    for (on, name) in [
        (hit, " hit"),
        (in_area, " area"),
        (o.tarantula.contains(&(x, y)), " tarantula-square"),
        (o.moves.contains(&(x, y)), " can-move"),
    ] {
        if on {
            class.push_str(name);
        }
    }
    let who = piece
        .as_ref()
        .map(|(_, p)| {
            let template = td_string!(l, sims.dread_square_piece_title);
            fill(template, &[("kind", &p.kind.name()), ("armour", &p.armour)])
        })
        .unwrap_or_default();
    let what = if label.is_empty() {
        String::new()
    } else {
        fill(
            td_string!(l, sims.dread_square_attack_title),
            &[("value", &label)],
        )
    };
    Cell {
        class,
        title: format!("({x}, {y}) {who}{what}"),
        label,
        piece,
    }
}

#[component]
pub(super) fn Grid(dread: Dread) -> impl IntoView {
    let l = Words::of_page().locale;
    let squares = move || {
        let b = dread.board.get();
        let plan = dread.result.get();
        let overlay = Overlay {
            plan: &plan,
            total: dread
                .rolled
                .get()
                .and_then(|v| (!v.is_empty()).then(|| v.iter().sum())),
            target: dread.target.get(),
            area_weapon: matches!(dread.weapon.get(), Weapon::LasCannon | Weapon::Tarantula),
            tarantula: b
                .tarantula
                .map(|t| t.squares().to_vec())
                .unwrap_or_default(),
            moves: dread.moves.get().iter().map(|m| (m.x, m.y)).collect(),
        };
        let firer = dread.firer.get();
        (0..b.height)
            .flat_map(|y| (0..b.width).map(move |x| (x, y)))
            .map(|(x, y)| {
                let Cell {
                    class,
                    title,
                    label,
                    piece,
                } = cell(l, &b, &overlay, x, y);
                let is_firer = piece.as_ref().is_some_and(|(i, _)| *i == firer);
                view! {
                    <button
                        type="button"
                        class=class
                        class:firer=is_firer
                        data-x=x
                        data-y=y
                        title=title
                        on:click=move |_| dread.click(x, y)
                    >
                        <span class="piece">{piece.map(|(_, p)| short(p.kind))}</span>
                        <span class="value">{label}</span>
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <div
            class="dread-grid"
            style=move || {
                dread.board.with(|b| format!("grid-template-columns: repeat({}, 1.9rem)", b.width))
            }
        >
            {squares}
        </div>
    }
}
