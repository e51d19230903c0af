//! Each miniature under attack, its exact chance of elimination, and what
//! the roll did to it.

use cards::dreadnought::{Board, ShotPlan, TargetOdds};
use leptos::either::EitherOf3;
use leptos::prelude::*;

use crate::components::ColumnHeads;

use crate::components::Alert;

use super::Dread;

#[component]
pub(super) fn OddsTable(dread: Dread) -> impl IntoView {
    move || match dread.result.get() {
        Err(e) => EitherOf3::A(view! { <Alert text=e.to_string() /> }),
        Ok(p) if p.targets.is_empty() => {
            EitherOf3::B(view! { <p class="dread-none">"No miniature is under attack."</p> })
        }
        Ok(p) => {
            let b = dread.board.get();
            let outcome = dread.rolled.get().map(|r| {
                let totals: Vec<u8> = if p.separate_rolls {
                    r.chunks(3).map(|c| c.iter().sum()).collect()
                } else {
                    vec![r.iter().sum()]
                };
                p.outcome(&totals)
            });
            let rows = p
                .targets
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let rolled = outcome.as_ref().and_then(|o| o.get(i)).map(|(_, v, e)| {
                        format!("{v}: {}", if *e { "eliminated" } else { "unhurt" })
                    });
                    target_row(&b, &p, t, rolled)
                })
                .collect_view();
            EitherOf3::C(view! {
                <table class="dread-odds">
                    <ColumnHeads columns=vec![
                        "Miniature",
                        "Armour",
                        "Attack",
                        "P(eliminated)",
                        "Rolled",
                    ] />
                    <tbody>{rows}</tbody>
                </table>
            })
        }
    }
}

fn target_row(
    b: &Board,
    p: &ShotPlan,
    t: &TargetOdds,
    rolled: Option<String>,
) -> impl IntoView + use<> {
    let piece = &b.pieces[t.piece];
    let (w, all) = t.eliminated;
    let attack = match (p.separate_rolls, t.minus) {
        (true, _) => format!("{} dice of its own", p.dice),
        (false, 0) => format!("total of {} dice", p.dice),
        (false, m) => format!("total of {} dice − {m}", p.dice),
    };
    view! {
        <tr data-piece=t.piece>
            <th scope="row">{format!("{} at ({}, {})", piece.kind.name(), piece.x, piece.y)}</th>
            <td>{t.armour}</td>
            <td>{attack}</td>
            <td class="p">{format!("{w}/{all} ({:.1}%)", w as f64 * 100.0 / all as f64)}</td>
            <td class="rolled">{rolled}</td>
        </tr>
    }
}
