//! The squad's name, faction, format, points and squad-wide problems.

use cards::catalog::{DEFAULT_EPIC, Format};
use cards::squad::Severity;
use leptos::prelude::*;

use super::Ctx;
use super::problems::ProblemList;

const CUSTOM: &str = "custom";

/// The squad's fields, verdict, squad-wide problems and notes.
#[component]
pub fn SquadHeader() -> impl IntoView {
    view! {
        <section class="squad-header" aria-label="Squad">
            <div class="squad-fields">
                <SquadName />
                <FactionChoice />
                <FormatChoice />
            </div>
            <super::obstacles::SquadObstacles />
            <SquadVerdict />
            <SquadProblems />
            <SquadNotes />
        </section>
    }
}

#[component]
fn SquadName() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <label>
            "Squad name"
            <input
                id="squad-name"
                type="text"
                maxlength=cards::squad::limits::MAX_NAME_CHARS
                placeholder="Untitled squad"
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
            .map(|f| (f.xws.clone(), f.name.clone()))
            .collect()
    });
    let unknown_faction = {
        let known: Vec<String> = factions.iter().map(|(k, _)| k.clone()).collect();
        move || {
            let f = squad.with(|s| s.faction.clone());
            (!known.contains(&f)).then(
                || view! { <option value=f.clone()>{format!("Unknown faction `{f}`")}</option> },
            )
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
    view! {
        <label>
            "Faction"
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

/// The format: one of the formats, a custom points limit, or (as it is)
/// one the formats do not know.
#[component]
fn FormatChoice() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let squad = ctx.squad;
    let formats: Vec<(String, String)> = ctx.with_rules(|r| {
        r.formats
            .formats
            .iter()
            .map(|f| (f.key.clone(), format!("{} · {} points", f.name, f.points)))
            .collect()
    });
    let known_formats: Vec<String> = formats.iter().map(|(k, _)| k.clone()).collect();
    let format_value = Memo::new(move |_| {
        squad.with(|s| {
            if Format::custom_points(&s.format).is_some() {
                CUSTOM.to_string()
            } else {
                s.format.clone()
            }
        })
    });
    let unknown_format = move || {
        let f = format_value.get();
        (f != CUSTOM && !known_formats.contains(&f))
            .then(|| view! { <option value=f.clone()>{format!("Unknown format `{f}`")}</option> })
    };
    let options = formats
        .into_iter()
        .map(|(key, label)| {
            let k = key.clone();
            let selected = move || format_value.with(|f| *f == k);
            view! {
                <option value=key selected=selected>
                    {label}
                </option>
            }
        })
        .collect_view();
    view! {
        <label>
            "Format"
            <select
                id="squad-format"
                prop:value=move || format_value.get()
                on:change=move |ev| {
                    let value = event_target_value(&ev);
                    let format = if value == CUSTOM {
                        let points = ctx.report.with_untracked(|r| r.limit).unwrap_or(300);
                        Format::custom_key(points)
                    } else {
                        value
                    };
                    ctx.choose_format(format);
                }
            >
                {options}
                <option value=CUSTOM selected=move || format_value.with(|f| f == CUSTOM)>
                    "Custom points limit"
                </option>
                {unknown_format}
            </select>
        </label>
        <CustomPoints />
    }
}

/// The points limit of a custom format, as typed (a bad one is reported
/// by the rules, not corrected).
#[component]
fn CustomPoints() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let custom_points = move || {
        ctx.squad
            .with(|s| Format::custom_points(&s.format).map(str::to_string))
    };
    move || {
        custom_points().map(|points| {
            view! {
                <label>
                    "Points limit"
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
    let points = move || {
        report.with(|r| match r.limit {
            Some(limit) if r.points > limit => {
                format!("{} / {limit} points · {} over", r.points, r.points - limit)
            }
            Some(limit) => format!("{} / {limit} points · {} left", r.points, limit - r.points),
            None => format!("{} points", r.points),
        })
    };
    let verdict = move || {
        report.with(|r| {
            let errors = r
                .problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .count();
            match errors {
                0 => ("verdict legal", "Legal".to_string()),
                1 => ("verdict illegal", "Not legal: 1 problem".to_string()),
                n => ("verdict illegal", format!("Not legal: {n} problems")),
            }
        })
    };
    view! {
        <div class="squad-summary">
            <p class="points" id="squad-points" aria-live="polite">
                {points}
            </p>
            <p class=move || verdict().0 id="squad-verdict">
                {move || verdict().1}
            </p>
        </div>
    }
}

/// The squad-wide problems, with a switch to Epic for a huge ship
/// outside it.
#[component]
fn SquadProblems() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
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
                                "Switch to Epic"
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
    view! {
        <label class="notes">
            "Notes"
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
