//! The simulator's controls: the tool a click applies, the shot, and the
//! armour of each kind of miniature.

use cards::dreadnought::{Board, Dir, MiniatureKind};
use leptos::prelude::*;

use super::{DIRS, Dread, TOOLS, WEAPONS, dir_label, piece_at, tool_label, weapon_label};
use crate::i18n::td_string;
use crate::simulators::words::Words;

#[component]
pub(super) fn ToolPicker(dread: Dread) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <fieldset class="dread-tools">
            <legend>{td_string!(l, sims.dread_click_to)}</legend>
            <select
                name="dread-tool"
                aria-label=td_string!(l, sims.dread_click_to)
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some((_, t)) = TOOLS.iter().find(|(n, _)| *n == v) {
                        dread.tool.set(*t);
                    }
                }
            >
                {TOOLS
                    .iter()
                    .map(|(n, _)| view! { <option value=*n>{tool_label(l, n)}</option> })
                    .collect_view()}
            </select>
            <label class="count">
                {td_string!(l, sims.dread_facing)}
                <select
                    name="dread-facing"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some((d, _)) = DIRS.iter().find(|(_, n)| *n == v) {
                            dread.facing.set(*d);
                        }
                    }
                >
                    {DIRS
                        .iter()
                        .filter(|(d, _)| d.is_orthogonal())
                        .map(|(d, n)| {
                            view! {
                                <option value=*n selected=*d == Dir::E>
                                    {dir_label(l, *d)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label class="flag">
                <input
                    type="checkbox"
                    name="dread-moves"
                    on:change=move |ev| dread.show_moves.set(event_target_checked(&ev))
                />
                {td_string!(l, sims.dread_show_moves)}
            </label>
        </fieldset>
    }
}

#[component]
pub(super) fn ShotControls(dread: Dread) -> impl IntoView {
    let l = Words::of_page().locale;
    let firers = move || {
        dread.board.with(|b| {
            b.pieces
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let name = piece_at(l, p.kind, p.x, p.y);
                    view! { <option value=i.to_string()>{name}</option> }
                })
                .collect_view()
        })
    };
    view! {
        <fieldset>
            <legend>{td_string!(l, sims.dread_shot)}</legend>
            <label class="count">
                {td_string!(l, sims.dread_firer)}
                <select
                    name="dread-firer"
                    prop:value=move || dread.firer.get().to_string()
                    on:change=move |ev| {
                        if let Ok(i) = event_target_value(&ev).parse() {
                            dread.firer.set(i);
                        }
                    }
                >
                    {firers}
                </select>
            </label>
            <WeaponChoice dread />
            <label class="count">
                {td_string!(l, sims.dread_shots)}
                <select
                    name="dread-shots"
                    prop:value=move || dread.shots.get().to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                            dread.shots.set(n.clamp(1, 3));
                        }
                    }
                >
                    <option value="1">"1"</option>
                    <option value="2">"2"</option>
                    <option value="3">"3"</option>
                </select>
            </label>
            <DirectionChoice dread />
            <button type="button" class="roll" on:click=move |_| dread.roll()>
                {td_string!(l, sims.roll)}
            </button>
        </fieldset>
    }
}

#[component]
fn WeaponChoice(dread: Dread) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <label class="count">
            {td_string!(l, sims.dread_weapon)}
            <select
                name="dread-weapon"
                prop:value=move || {
                    WEAPONS.iter().find(|(w, _)| *w == dread.weapon.get()).map_or("", |(_, n)| *n)
                }
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some((w, _)) = WEAPONS.iter().find(|(_, n)| *n == v) {
                        dread.weapon.set(*w);
                    }
                }
            >
                {WEAPONS
                    .iter()
                    .map(|(w, n)| view! { <option value=*n>{weapon_label(l, *w)}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

#[component]
fn DirectionChoice(dread: Dread) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <label class="count">
            {td_string!(l, sims.dread_direction)}
            <select
                name="dread-dir"
                prop:value=move || {
                    DIRS.iter().find(|(d, _)| *d == dread.dir.get()).map_or("", |(_, n)| *n)
                }
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some((d, _)) = DIRS.iter().find(|(_, n)| *n == v) {
                        dread.dir.set(*d);
                    }
                }
            >
                {DIRS
                    .iter()
                    .map(|(d, n)| view! { <option value=*n>{dir_label(l, *d)}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

/// One armour value for each kind of miniature, applied to all of that kind.
#[component]
pub(super) fn ArmourFields(board: RwSignal<Board>) -> impl IntoView {
    let field = move |kind: MiniatureKind| {
        let armour = move || {
            board
                .with(|b| {
                    b.pieces
                        .iter()
                        .find(|p| p.kind == kind)
                        .map_or(kind.default_armour(), |p| p.armour)
                })
                .to_string()
        };
        view! {
            <label class="count">
                {kind.name()}
                <input
                    type="number"
                    min="0"
                    max="12"
                    name=format!("armour-{}", kind.name().to_lowercase())
                    prop:value=armour
                    on:change=move |ev| {
                        if let Ok(a) = event_target_value(&ev).parse::<u8>() && a <= 12 {
                            board
                                .update(|b| {
                                    b.pieces
                                        .iter_mut()
                                        .filter(|p| p.kind == kind)
                                        .for_each(|p| p.armour = a)
                                });
                        }
                    }
                />
            </label>
        }
    };
    view! { <div class="dread-armour">{MiniatureKind::ALL.into_iter().map(field).collect_view()}</div> }
}
