//! The squad's name, faction, format, points and squad-wide problems; and
//! adding a ship.

use cards::catalog::{DEFAULT_EPIC, Format, Pilot, PilotFilter, PilotSort, Ship, ShipSize};
use cards::squad::{CardRef, Squad};
use cards::squad::{Problem, Severity};
use leptos::prelude::*;

use super::Ctx;
use crate::components::form::{Choice, OptionalNumber};
use crate::components::glyph::{ActionList, Named, ShipSilhouette, named_actions};
use cards::symbols::SymbolKind;

/// A list of problems in the engine's words, errors and warnings marked.
#[component]
pub fn ProblemList(problems: Vec<Problem>) -> impl IntoView {
    (!problems.is_empty()).then(|| {
        view! {
            <ul class="problems">
                {problems
                    .into_iter()
                    .map(|p| {
                        let class = match p.severity {
                            Severity::Error => "problem error",
                            Severity::Warning => "problem warning",
                        };
                        view! {
                            <li class=class data-code=p.code.as_str()>
                                {p.message}
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        }
    })
}

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

/// A ship type's pilots (as `Database::pilots_by_ship` orders them) as an
/// `<optgroup>`; a huge ship outside Epic is marked "Epic only" (offered,
/// never hidden).
fn pilot_group(
    ship: &Ship,
    pilots: Vec<&Pilot>,
    huge_ok: bool,
    owns: &dyn Fn(&Pilot) -> bool,
) -> impl IntoView + use<> {
    let epic_only = ship.is_huge() && !huge_ok;
    let label = if epic_only {
        format!("{} (Epic only)", ship.name)
    } else {
        ship.name.clone()
    };
    let options = pilots
        .into_iter()
        .map(|p| {
            let text = format!(
                "{}{} · skill {} · {} points{}{}",
                if p.unique { "• " } else { "" },
                p.name,
                p.skill_text(),
                p.points_text(),
                if epic_only { " · Epic only" } else { "" },
                if owns(p) { "" } else { " · not owned" }
            );
            view! { <option value=p.id.to_string()>{text}</option> }
        })
        .collect_view();
    Some(view! { <optgroup label=label>{options}</optgroup> })
}

/// The pilot picker's filters: words, size, skill, points and the order.
#[component]
fn PilotFilters(filter: RwSignal<PilotFilter>) -> impl IntoView {
    let sizes = vec![
        (None, "Any"),
        (Some(ShipSize::Small), "Small"),
        (Some(ShipSize::Large), "Large"),
        (Some(ShipSize::Huge), "Huge"),
    ];
    let sorts = vec![
        (PilotSort::Skill, "Best skill first"),
        (PilotSort::Points, "Cheapest first"),
    ];
    view! {
        <div class="pilot-filters" role="group" aria-label="Filter the pilots">
            <label>
                "Pilot or ship"
                <input
                    id="pilot-filter"
                    type="search"
                    autocomplete="off"
                    placeholder="e.g. starviper"
                    prop:value=move || filter.with(|f| f.text.clone())
                    on:input=move |ev| filter.update(|f| f.text = event_target_value(&ev))
                />
            </label>
            <Choice
                label="Size"
                name="pilot-size"
                options=sizes
                get=Signal::derive(move || filter.with(|f| f.size))
                set=Callback::new(move |size| filter.update(|f| f.size = size))
            />
            <OptionalNumber
                inputs=filter
                label="Skill at least"
                name="pilot-min-skill"
                min=0u8
                max=12
                get=|f: &PilotFilter| f.min_skill
                set=|f: &mut PilotFilter, n| f.min_skill = n
            />
            <OptionalNumber
                inputs=filter
                label="Points at most"
                name="pilot-max-points"
                min=0i32
                max=200
                get=|f: &PilotFilter| f.max_points
                set=|f: &mut PilotFilter, n| f.max_points = n
            />
            <Choice
                label="Sort"
                name="pilot-sort"
                options=sorts
                get=Signal::derive(move || filter.with(|f| f.sort))
                set=Callback::new(move |sort| filter.update(|f| f.sort = sort))
            />
        </div>
    }
}

/// The pilot chosen in the picker, as its card shows it at a glance: the
/// ship's silhouette, skill, points, actions and upgrade bar. A native
/// `<select>` draws no icons, so they are drawn here.
#[component]
fn PilotPreview(selected: RwSignal<String>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        let id: u32 = selected.get().parse().ok()?;
        ctx.db(|db| {
            let p = db.pilot_by_id(id)?;
            let actions = named_actions(db, &p.actions);
            let bar = p
                .upgrade_bar
                .iter()
                .map(|slot| {
                    let name = db.slot_name(slot).to_string();
                    view! { <Named kind=SymbolKind::Slot key=slot.to_string() name name_class="visually-hidden" /> }
                })
                .collect_view();
            Some(view! {
                <p class="pilot-preview" aria-live="polite">
                    <ShipSilhouette ship=p.ship.to_string() />
                    <span class="preview-line">
                        {format!(
                            "{} · skill {} · {} points · ",
                            db.ship_name(&p.ship),
                            p.skill_text(),
                            p.points_text(),
                        )} <ActionList actions /> " · " <span class="preview-bar">{bar}</span>
                    </span>
                </p>
            })
        })
    }
}

/// Adding a ship: pilots grouped by ship (huge ships first in Epic), with skill, points and the
/// unique mark; a huge ship is offered in every format, marked "Epic only"
/// where the format has no huge ships, with a one-click switch.
#[component]
pub fn AddShip() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let selected = RwSignal::new(String::new());
    let huge_allowed = Memo::new(move |_| {
        ctx.with_rules(|r| {
            ctx.squad
                .with(|s| r.formats.get(&s.format).is_ok_and(|f| f.huge_ships))
        })
    });
    let filter = RwSignal::new(PilotFilter::default());
    // The options depend on the faction only, not on every edit of the squad.
    let faction = Memo::new(move |_| ctx.squad.with(|s| s.faction.clone()));
    let groups = move || {
        let huge_ok = huge_allowed.get();
        let faction = faction.get();
        let owned = ctx.owned.get().filter(|o| !o.is_empty());
        filter.with(|f| {
            ctx.db(|db| {
                // No collection set: nothing is marked.
                let owns = |p: &Pilot| {
                    owned
                        .as_ref()
                        .is_none_or(|o| o.count(db, cards::collection::Piece::Pilot(p.id)) > 0)
                };
                let groups = db.pilot_choices(&faction, f, huge_ok);
                let shown: usize = groups.iter().map(|(_, p)| p.len()).sum();
                let label = match shown {
                    0 => "No pilot matches the filters".to_string(),
                    1 => "Choose a pilot (1 matches)…".to_string(),
                    n => format!("Choose a pilot ({n} match)…"),
                };
                (
                    view! { <option value="">{label}</option> },
                    groups
                        .into_iter()
                        .map(|(ship, pilots)| pilot_group(ship, pilots, huge_ok, &owns))
                        .collect_view(),
                )
            })
        })
    };
    let selected_is_epic_only = move || {
        let id: Option<u32> = selected.get().parse().ok();
        !huge_allowed.get()
            && ctx.db(|db| {
                id.and_then(|id| db.pilot_by_id(id))
                    .and_then(|p| db.ship_of(p))
                    .is_some_and(|s| s.is_huge())
            })
    };
    let add = move |_| {
        let Ok(id) = selected.get_untracked().parse::<u32>() else {
            return;
        };
        // A huge ship of two sections (CR90, Raider) goes in whole.
        let pilot = CardRef::Id(id);
        let entries = ctx.db(|db| Squad::entries_for(db, &pilot));
        ctx.edit_within_limits(
            |s| cards::squad::limits::room_for_ships(s, entries),
            |s| {
                ctx.db(|db| s.add_whole_ship(db, pilot));
            },
        );
    };
    view! {
        <section class="add-ship print-hide" aria-label="Add a ship">
            <PilotFilters filter />
            <label for="add-pilot">"Add a ship"</label>
            <select
                id="add-pilot"
                prop:value=move || selected.get()
                on:change=move |ev| selected.set(event_target_value(&ev))
            >
                {groups}
            </select>
            <PilotPreview selected />
            <button
                type="button"
                id="add-ship"
                disabled=move || selected.with(|s| s.is_empty())
                on:click=add
            >
                "Add ship"
            </button>
            {move || {
                selected_is_epic_only()
                    .then(|| {
                        view! {
                            <span class="epic-only">
                                "Huge ships fly only in Epic formats. "
                                <button
                                    type="button"
                                    on:click=move |_| ctx.choose_format(DEFAULT_EPIC.to_string())
                                >
                                    "Switch to Epic"
                                </button>
                            </span>
                        }
                    })
            }}
        </section>
    }
}
