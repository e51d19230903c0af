//! The squad's obstacles: up to three of the 18, each named and drawn small.

use cards::squad::limits::MAX_OBSTACLES;
use cards::squad::obstacles::{OBSTACLES, Obstacle, ObstacleShape, choose_obstacle, obstacle};
use leptos::prelude::*;

use super::Ctx;
use super::words::fill;
use crate::i18n::{t, td_string};
use crate::lang::{Locale, use_i18n};

/// An obstacle's name in the page's language ("Core Set asteroid 3"), or
/// its key as written when no obstacle has it.
fn obstacle_name(locale: Locale, key: &str) -> String {
    obstacle(key).map_or_else(|| key.to_string(), |o| shown_name(locale, &o))
}

/// A known obstacle's name: its set's words and its number.
fn shown_name(locale: Locale, o: &Obstacle) -> String {
    let template = match o.xws.rsplit_once('-').map_or(o.xws, |(set, _)| set) {
        "core-asteroid" => td_string!(locale, builder.obstacle_core_asteroid),
        "core2-asteroid" => td_string!(locale, builder.obstacle_core2_asteroid),
        "yt2400-debris" => td_string!(locale, builder.obstacle_yt2400_debris),
        "vt49decimator-debris" => td_string!(locale, builder.obstacle_vt49_debris),
        // A set this table does not know yet: its English name.
        _ => return o.name.to_string(),
    };
    fill(template, &[("number", &o.number().to_string())])
}

/// The obstacles' names in the page's language, or "none": the line the
/// folded obstacles show (`header::ExtrasLine`), on screen and on paper.
pub(super) fn obstacle_names(locale: Locale, obstacles: &[String]) -> String {
    if obstacles.is_empty() {
        return td_string!(locale, builder.obstacles_none).to_string();
    }
    let names: Vec<String> = obstacles.iter().map(|o| obstacle_name(locale, o)).collect();
    names.join(", ")
}

#[component]
pub fn SquadObstacles() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <fieldset class="squad-obstacles">
            <legend>{t!(i18n, builder.obstacles)}</legend>
            {(0..MAX_OBSTACLES).map(|at| view! { <ObstacleChoice at /> }).collect_view()}
        </fieldset>
    }
}

/// One of the three places: a list of the 18 and a small drawing.
#[component]
fn ObstacleChoice(at: usize) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let chosen = move || ctx.squad.with(|s| s.obstacles.get(at).cloned());
    let id = format!("obstacle-{}", at + 1);
    let options = OBSTACLES
        .iter()
        .map(|o| {
            let key = o.xws;
            let selected = move || chosen().as_deref() == Some(key);
            view! {
                <option value=key selected=selected>
                    {shown_name(locale, o)}
                </option>
            }
        })
        .collect_view();
    // A name the table does not know (from an import) is shown as it is.
    let unknown = move || {
        chosen()
            .filter(|k| obstacle(k).is_none())
            .map(|key| unknown_option(locale, key))
    };
    let place = at + 1;
    view! {
        <label class="obstacle">
            <span class="visually-hidden">{t!(i18n, builder.obstacle_place, number = place)}</span>
            <ObstacleDrawing key=Signal::derive(chosen) />
            <select
                id=id
                prop:value=move || chosen().unwrap_or_default()
                on:change=move |ev| {
                    let key = event_target_value(&ev);
                    ctx.edit(|s| {
                        choose_obstacle(
                            &mut s.obstacles,
                            at,
                            Some(key.as_str()).filter(|k| !k.is_empty()),
                        )
                    });
                }
            >
                <option value="" selected=move || chosen().is_none()>
                    {t!(i18n, builder.obstacle_none)}
                </option>
                {options}
                {unknown}
            </select>
        </label>
    }
}

fn unknown_option(locale: Locale, key: String) -> impl IntoView {
    let label = fill(
        td_string!(locale, builder.unknown_obstacle),
        &[("key", &key)],
    );
    view! {
        <option value=key selected=true>
            {label}
        </option>
    }
}

/// A small drawing of an obstacle: a rock or a debris cloud, turned by its
/// number so that the six rocks of a set look apart; nothing when none.
#[component]
fn ObstacleDrawing(key: Signal<Option<String>>) -> impl IntoView {
    let locale = expect_context::<Ctx>().locale();
    move || {
        let o = key.get().and_then(|k| obstacle(&k))?;
        let turn = u32::from(o.number()) * 60;
        let shape = match o.shape {
            ObstacleShape::Asteroid => "M6 2 L15 3 L19 10 L15 18 L6 19 L2 11 Z",
            ObstacleShape::Debris => "M3 6 L9 2 L18 5 L16 12 L19 18 L8 17 L2 12 Z",
        };
        let class = match o.shape {
            ObstacleShape::Asteroid => "obstacle-drawing asteroid",
            ObstacleShape::Debris => "obstacle-drawing debris",
        };
        Some(view! {
            <svg
                class=class
                viewBox="0 0 21 21"
                width="21"
                height="21"
                role="img"
                aria-label=shown_name(locale, &o)
            >
                <path d=shape transform=format!("rotate({turn} 10.5 10.5)") />
            </svg>
        })
    }
}
