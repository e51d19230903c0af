//! Each miniature under attack, its exact chance of elimination, and what
//! the roll did to it.

use cards::dreadnought::{Board, ShotPlan, TargetOdds};
use leptos::either::EitherOf3;
use leptos::prelude::*;

use crate::components::ColumnHeads;
use crate::i18n::{Locale, td, td_string};
use crate::simulators::words::Words;

use super::{Dread, piece_at, shot_error};

#[component]
pub(super) fn OddsTable(dread: Dread) -> impl IntoView {
    let words = Words::of_page();
    let l = words.locale;
    move || match dread.result.get() {
        Err(e) => EitherOf3::A(shot_error(l, &e)),
        Ok(p) if p.targets.is_empty() => {
            EitherOf3::B(view! { <p class="dread-none">{td_string!(l, sims.dread_no_target)}</p> })
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
                        let (v, e) = (*v, *e);
                        move || {
                            if e {
                                td!(l, sims.dread_rolled_eliminated, value = v).into_any()
                            } else {
                                td!(l, sims.dread_rolled_unhurt, value = v).into_any()
                            }
                        }
                    });
                    target_row(words, &b, &p, t, rolled)
                })
                .collect_view();
            EitherOf3::C(view! {
                <table class="dread-odds">
                    <ColumnHeads columns=vec![
                        td_string!(l, sims.dread_odds_miniature),
                        td_string!(l, sims.dread_odds_armour),
                        td_string!(l, sims.dread_odds_attack),
                        td_string!(l, sims.dread_odds_eliminated),
                        td_string!(l, sims.dread_odds_rolled),
                    ] />
                    <tbody>{rows}</tbody>
                </table>
            })
        }
    }
}

/// The attack on one target, in words: the dice it rolls.
fn attack_words(l: Locale, p: &ShotPlan, minus: u8) -> AnyView {
    let count = u64::from(p.dice);
    let dice = move || count;
    match (p.separate_rolls, minus) {
        (true, _) => td!(l, sims.dread_attack_own_dice, count = dice).into_any(),
        (false, 0) => td!(l, sims.dread_attack_total, count = dice).into_any(),
        (false, minus) => td!(l, sims.dread_attack_total_less, count = dice, minus).into_any(),
    }
}

fn target_row<R: IntoView + 'static>(
    words: Words,
    b: &Board,
    p: &ShotPlan,
    t: &TargetOdds,
    rolled: Option<R>,
) -> impl IntoView + use<R> {
    let piece = &b.pieces[t.piece];
    let (w, all) = t.eliminated;
    let chance = words.percent(w as f64 / all as f64, 1);
    view! {
        <tr data-piece=t.piece>
            <th scope="row">{piece_at(words.locale, piece.kind, piece.x, piece.y)}</th>
            <td>{t.armour}</td>
            <td>{attack_words(words.locale, p, t.minus)}</td>
            <td class="p">{format!("{w}/{all} ({chance})")}</td>
            <td class="rolled">{rolled}</td>
        </tr>
    }
}
