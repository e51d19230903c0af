//! The squad's name, faction, format, points and squad-wide problems.

use cards::catalog::{DEFAULT_EPIC, Format};
use cards::squad::Severity;
use leptos::prelude::*;

use super::Ctx;
use super::problems::ProblemList;
use super::words::fill;
use crate::components::game_terms;
use crate::i18n::{t, t_string, td_string};
use crate::lang::use_i18n;

const CUSTOM: &str = "custom";

/// The squad's fields, verdict, squad-wide problems and notes.
#[component]
pub fn SquadHeader() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="squad-header" aria-label=move || t_string!(i18n, builder.squad_label)>
            <div class="squad-fields">
                <SquadName />
                <FactionChoice />
                <FormatChoice />
            </div>
            <SquadVerdict />
            <SquadProblems />
            <details class="squad-extras">
                <summary>
                    <ExtrasLine />
                </summary>
                <super::obstacles::SquadObstacles />
                <SquadNotes />
            </details>
        </section>
    }
}

/// What the folded obstacles and notes hold, in one line ("Obstacles:
/// none · Notes: 2 lines"): on a phone the squad's first ship then starts
/// in the first screen (issue 60), and nothing is hidden unsaid.
#[component]
fn ExtrasLine() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let names = move || {
        ctx.squad
            .with(|s| super::obstacles::obstacle_names(locale, &s.obstacles))
    };
    let lines = move || {
        ctx.squad.with(|s| {
            let notes = s.notes.trim_end();
            if notes.is_empty() {
                0
            } else {
                notes.lines().count()
            }
        })
    };
    view! {
        <span class="extras-obstacles">{t!(i18n, builder.extras_obstacles, names = names)}</span>
        " · "
        <span class="extras-notes">
            {move || match lines() {
                0 => t!(i18n, builder.extras_notes_none).into_any(),
                n => t!(i18n, builder.extras_notes, count = move || n).into_any(),
            }}
        </span>
    }
}

#[component]
fn SquadName() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    view! {
        <label>
            {t!(i18n, builder.squad_name)}
            <input
                id="squad-name"
                type="text"
                maxlength=cards::squad::limits::MAX_NAME_CHARS
                placeholder=move || t_string!(i18n, builder.squad_name_placeholder)
                prop:value=move || ctx.squad.with(|s| s.name.clone())
                on:input=move |ev| {
                    let name = event_target_value(&ev);
                    ctx.edit(|s| s.name = name);
                }
            />
        </label>
    }
}

/// The faction; one the database does not know is shown as it is.
#[component]
fn FactionChoice() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let squad = ctx.squad;
    let factions: Vec<(String, String)> = ctx.db(|db| {
        db.squad_factions()
            .map(|f| (f.xws.clone(), game_terms::faction_name(db, &f.xws)))
            .collect()
    });
    let locale = ctx.locale();
    let unknown_faction = {
        let known: Vec<String> = factions.iter().map(|(k, _)| k.clone()).collect();
        move || {
            let f = squad.with(|s| s.faction.clone());
            (!known.contains(&f)).then(|| {
                let label = fill(td_string!(locale, builder.unknown_faction), &[("key", &f)]);
                view! { <option value=f.clone()>{label}</option> }
            })
        }
    };
    let options = factions
        .into_iter()
        .map(|(xws, name)| {
            let key = xws.clone();
            let selected = move || squad.with(|s| s.faction == key);
            // `selected` for the server's HTML; `prop:value` once live.
            view! {
                <option value=xws selected=selected>
                    {name}
                </option>
            }
        })
        .collect_view();
    let i18n = use_i18n();
    view! {
        <label>
            {t!(i18n, builder.faction)}
            <select
                id="squad-faction"
                prop:value=move || squad.with(|s| s.faction.clone())
                on:change=move |ev| {
                    let faction = event_target_value(&ev);
                    ctx.edit(|s| s.faction = faction);
                }
            >
                {options}
                {unknown_faction}
            </select>
        </label>
    }
}

/// The formats the rules know, in their order: each one's key, name and
/// points limit.
fn known_formats(ctx: Ctx) -> Vec<(String, String, i32)> {
    ctx.with_rules(|r| {
        r.formats
            .formats
            .iter()
            .map(|f| {
                (
                    f.key.clone(),
                    game_terms::format_name(&f.key, &f.name),
                    f.points,
                )
            })
            .collect()
    })
}

/// The format select's value for a squad's format: "custom" for a custom
/// points limit, the format's key otherwise.
fn format_choice_value(format: &str) -> String {
    if Format::custom_points(format).is_some() {
        CUSTOM.to_string()
    } else {
        format.to_string()
    }
}

/// The format a choice in the select sets: "custom" keeps the squad's
/// points limit (300 without one) as a custom format.
fn chosen_format(value: String, limit: Option<i32>) -> String {
    if value == CUSTOM {
        Format::custom_key(limit.unwrap_or(300))
    } else {
        value
    }
}

/// The format: one of the formats, a custom points limit, or (as it is)
/// one the formats do not know.
#[component]
fn FormatChoice() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let squad = ctx.squad;
    let formats = known_formats(ctx);
    let known_keys: Vec<String> = formats.iter().map(|(k, _, _)| k.clone()).collect();
    let format_value = Memo::new(move |_| squad.with(|s| format_choice_value(&s.format)));
    let locale = ctx.locale();
    let unknown_format = move || {
        let f = format_value.get();
        (f != CUSTOM && !known_keys.contains(&f)).then(|| {
            let label = fill(td_string!(locale, builder.unknown_format), &[("key", &f)]);
            view! { <option value=f.clone()>{label}</option> }
        })
    };
    let i18n = use_i18n();
    let options = format_options(formats, format_value);
    view! {
        <label>
            {t!(i18n, builder.format)}
            <select
                id="squad-format"
                prop:value=move || format_value.get()
                on:change=move |ev| {
                    let limit = ctx.report.with_untracked(|r| r.limit);
                    ctx.choose_format(chosen_format(event_target_value(&ev), limit));
                }
            >
                {options}
                <option value=CUSTOM selected=move || format_value.with(|f| f == CUSTOM)>
                    {t!(i18n, builder.custom_format)}
                </option>
                {unknown_format}
            </select>
        </label>
        <CustomPoints />
    }
}

/// One option per format the rules know ("Standard (100 points)"), the
/// squad's selected.
fn format_options(
    formats: Vec<(String, String, i32)>,
    format_value: Memo<String>,
) -> impl IntoView + use<> {
    let i18n = use_i18n();
    formats
        .into_iter()
        .map(|(key, name, points)| {
            let k = key.clone();
            let selected = move || format_value.with(|f| *f == k);
            view! {
                <option value=key selected=selected>
                    {t!(i18n, builder.format_option, name = name, count = move || points)}
                </option>
            }
        })
        .collect_view()
}

/// The points limit of a custom format, as typed (a bad one is reported
/// by the rules, not corrected).
#[component]
fn CustomPoints() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    let custom_points = move || {
        ctx.squad
            .with(|s| Format::custom_points(&s.format).map(str::to_string))
    };
    move || {
        custom_points().map(|points| {
            view! {
                <label>
                    {t!(i18n, builder.points_limit)}
                    <input
                        id="custom-points"
                        type="number"
                        min="1"
                        max=cards::catalog::MAX_CUSTOM_POINTS
                        prop:value=points
                        on:change=move |ev| {
                            let points = event_target_value(&ev);
                            ctx.edit(|s| s.format = Format::custom_key(points.trim()));
                        }
                    />
                </label>
            }
        })
    }
}

/// The points against the limit, and legal or not.
#[component]
fn SquadVerdict() -> impl IntoView {
    let report = expect_context::<Ctx>().report;
    let i18n = use_i18n();
    let points = move || {
        let (points, limit) = report.with(|r| (r.points, r.limit));
        match limit {
            Some(limit) if points > limit => t!(
                i18n,
                builder.points_over,
                points = points,
                count = move || limit,
                over = points - limit
            )
            .into_any(),
            Some(limit) => t!(
                i18n,
                builder.points_left,
                points = points,
                count = move || limit,
                left = limit - points
            )
            .into_any(),
            None => t!(i18n, builder.points, count = move || points).into_any(),
        }
    };
    let errors = move || {
        report.with(|r| {
            r.problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .count()
        })
    };
    let verdict = move || match errors() {
        0 => t!(i18n, builder.legal).into_any(),
        n => t!(i18n, builder.not_legal, count = move || n).into_any(),
    };
    let class = move || match errors() {
        0 => "verdict legal",
        _ => "verdict illegal",
    };
    view! {
        <div class="squad-summary">
            <p class="points" id="squad-points" aria-live="polite">
                {points}
            </p>
            <p class=class id="squad-verdict">
                {verdict}
            </p>
        </div>
    }
}

/// The squad-wide problems, with a switch to Epic for a huge ship
/// outside it.
#[component]
fn SquadProblems() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    let report = ctx.report;
    let squad_problems = move || {
        report.with(|r| {
            r.problems
                .iter()
                .filter(|p| p.ship.is_none())
                .cloned()
                .collect::<Vec<_>>()
        })
    };
    let huge_in_non_epic = move || {
        report.with(|r| {
            r.problems
                .iter()
                .any(|p| p.code == cards::squad::Code::EpicOnly)
        })
    };
    view! {
        <div id="squad-problems">
            {move || view! { <ProblemList problems=squad_problems() /> }}
            {move || {
                huge_in_non_epic()
                    .then(|| {
                        view! {
                            <button
                                type="button"
                                id="switch-to-epic"
                                on:click=move |_| ctx.choose_format(DEFAULT_EPIC.to_string())
                            >
                                {t!(i18n, builder.switch_to_epic)}
                            </button>
                        }
                    })
            }}
        </div>
    }
}

#[component]
fn SquadNotes() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    view! {
        <label class="notes">
            {t!(i18n, builder.notes)}
            <textarea
                id="squad-notes"
                rows="2"
                maxlength=cards::squad::limits::MAX_NOTES_CHARS
                prop:value=move || ctx.squad.with(|s| s.notes.clone())
                on:input=move |ev| {
                    let notes = event_target_value(&ev);
                    ctx.edit(|s| s.notes = notes);
                }
            ></textarea>
        </label>
    }
}
