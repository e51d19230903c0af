//! Adding a ship: the pilot picker with its filters and a preview of the
//! chosen pilot.

use cards::catalog::{DEFAULT_EPIC, Pilot, PilotFilter, PilotSort, Ship, ShipSize};
use cards::squad::{CardRef, Squad};
use leptos::prelude::*;

use super::Ctx;
use super::words::fill;
use crate::components::form::{Choice, OptionalNumber};
use crate::components::game_terms;
use crate::components::glyph::{ActionList, Named, ShipSilhouette, named_actions};
use crate::components::worded::{WordedName, ship_name};
use crate::i18n::{t, t_string, td_string};
use crate::lang::use_i18n;
use cards::symbols::SymbolKind;

/// A ship type's pilots (as `Database::pilot_choices_in` orders them) as
/// an `<optgroup>`; a huge ship outside Epic is marked "Epic only"
/// (offered, never hidden). Names are the page's.
fn pilot_group(
    ctx: Ctx,
    ship: &Ship,
    pilots: Vec<&Pilot>,
    huge_ok: bool,
    owns: &dyn Fn(&Pilot) -> bool,
) -> impl IntoView + use<> {
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let epic_only = ship.is_huge() && !huge_ok;
    let shown_ship = ctx.words.with_value(|w| match w {
        Some(w) => w.ship_name(&ship.xws, &ship.name).0.to_string(),
        None => ship.name.clone(),
    });
    let label = if epic_only {
        fill(
            td_string!(locale, builder.epic_only_group),
            &[("ship", &shown_ship)],
        )
    } else {
        shown_ship
    };
    let options = pilots
        .into_iter()
        .map(|p| {
            let name = ctx.words.with_value(|w| {
                let name = w.as_ref().map_or(p.name.as_str(), |w| w.pilot_name(p).0);
                format!("{}{name}", if p.unique { "• " } else { "" })
            });
            let mut notes = String::new();
            for (note, on) in [
                (td_string!(locale, builder.option_epic_only), epic_only),
                (td_string!(locale, builder.option_not_owned), !owns(p)),
            ] {
                if on {
                    notes.push_str(" · ");
                    notes.push_str(note);
                }
            }
            // No notes: nothing at all (an empty text would be drawn as a space).
            let notes = (!notes.is_empty()).then_some(notes);
            let (skill, points) = (p.skill_text(), p.points);
            let text = t!(
                i18n,
                builder.pilot_option,
                name = name,
                skill = skill,
                points = move || view! { <Points points /> },
                notes = notes
            );
            view! { <option value=p.id.to_string()>{text}</option> }
        })
        .collect_view();
    Some(view! { <optgroup label=label>{options}</optgroup> })
}

/// A number of points ("48 points"), or "? points" for a card printed so.
#[component]
pub(super) fn Points(points: Option<i32>) -> impl IntoView {
    let i18n = use_i18n();
    match points {
        Some(n) => t!(i18n, builder.points, count = move || n).into_any(),
        None => t!(i18n, builder.points_unknown).into_any(),
    }
}

/// The pilot picker's filters: words, size, skill, points and the order.
#[component]
fn PilotFilters(filter: RwSignal<PilotFilter>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let sizes = vec![
        (None, td_string!(locale, builder.size_any)),
        (
            Some(ShipSize::Small),
            td_string!(locale, builder.size_small),
        ),
        (
            Some(ShipSize::Large),
            td_string!(locale, builder.size_large),
        ),
        (Some(ShipSize::Huge), td_string!(locale, builder.size_huge)),
    ];
    let sorts = vec![
        (PilotSort::Skill, td_string!(locale, builder.sort_skill)),
        (PilotSort::Points, td_string!(locale, builder.sort_points)),
    ];
    view! {
        <div
            class="pilot-filters"
            role="group"
            aria-label=move || t_string!(i18n, builder.pilot_filters_label)
        >
            <label>
                {t!(i18n, builder.pilot_filter)}
                <input
                    id="pilot-filter"
                    type="search"
                    autocomplete="off"
                    placeholder=move || t_string!(i18n, builder.pilot_filter_placeholder)
                    prop:value=move || filter.with(|f| f.text.clone())
                    on:input=move |ev| filter.update(|f| f.text = event_target_value(&ev))
                />
            </label>
            <Choice
                label=td_string!(locale, builder.size)
                name="pilot-size"
                options=sizes
                get=Signal::derive(move || filter.with(|f| f.size))
                set=Callback::new(move |size| filter.update(|f| f.size = size))
            />
            <OptionalNumber
                inputs=filter
                label=td_string!(locale, builder.min_skill)
                name="pilot-min-skill"
                min=0u8
                max=12
                get=|f: &PilotFilter| f.min_skill
                set=|f: &mut PilotFilter, n| f.min_skill = n
            />
            <OptionalNumber
                inputs=filter
                label=td_string!(locale, builder.max_points)
                name="pilot-max-points"
                min=0i32
                max=200
                get=|f: &PilotFilter| f.max_points
                set=|f: &mut PilotFilter, n| f.max_points = n
            />
            <Choice
                label=td_string!(locale, builder.sort)
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
    let i18n = use_i18n();
    move || {
        let id: u32 = selected.get().parse().ok()?;
        ctx.db(|db| {
            let p = db.pilot_by_id(id)?;
            let actions = named_actions(db, &p.actions);
            let bar = p
                .upgrade_bar
                .iter()
                .map(|slot| {
                    let name = game_terms::slot_name(db, slot);
                    view! { <Named kind=SymbolKind::Slot key=slot.to_string() name name_class="visually-hidden" /> }
                })
                .collect_view();
            let ship = ship_name(&p.ship, db.ship_name(&p.ship));
            let (skill, points) = (p.skill_text(), p.points);
            let line = t!(
                i18n,
                builder.preview_line,
                ship = move || view! { <WordedName words=ship.clone() /> },
                skill = skill,
                points = move || view! { <Points points /> }
            );
            Some(view! {
                <p class="pilot-preview" aria-live="polite">
                    <ShipSilhouette ship=p.ship.to_string() />
                    <span class="preview-line">
                        {line} <ActionList actions /> " · " <span class="preview-bar">{bar}</span>
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
    let i18n = use_i18n();
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
        let (huge_ok, faction) = (huge_allowed.get(), faction.get());
        filter.with(|f| pilot_options(ctx, &faction, f, huge_ok))
    };
    view! {
        <section class="add-ship print-hide" aria-label=move || t_string!(i18n, builder.add_a_ship)>
            <PilotFilters filter />
            <label for="add-pilot">{t!(i18n, builder.add_a_ship)}</label>
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
                on:click=move |_| add_chosen_ship(ctx, selected)
            >
                {t!(i18n, builder.add_ship)}
            </button>
            <EpicOnlyNotice selected huge_allowed />
        </section>
    }
}

/// The pilot picker's options: the first says how many pilots match, then
/// the faction's pilots grouped by ship, those not in the player's
/// collection marked (none, with no collection set).
fn pilot_options(
    ctx: Ctx,
    faction: &str,
    filter: &PilotFilter,
    huge_ok: bool,
) -> impl IntoView + use<> {
    let owned = ctx.owned.get().filter(|o| !o.is_empty());
    ctx.db(|db| {
        let owns = |p: &Pilot| {
            owned
                .as_ref()
                .is_none_or(|o| o.count(db, cards::collection::Piece::Pilot(p.id)) > 0)
        };
        let groups = ctx
            .words
            .with_value(|words| db.pilot_choices_in(faction, filter, huge_ok, words.as_deref()));
        let shown: usize = groups.iter().map(|(_, p)| p.len()).sum();
        (
            view! { <option value="">{matches_label(shown)}</option> },
            groups
                .into_iter()
                .map(|(ship, pilots)| pilot_group(ctx, ship, pilots, huge_ok, &owns))
                .collect_view(),
        )
    })
}

/// The picker's first line: how many pilots the filters leave.
fn matches_label(shown: usize) -> AnyView {
    let i18n = use_i18n();
    match shown {
        0 => t!(i18n, builder.no_pilot_matches).into_any(),
        n => t!(i18n, builder.choose_pilot, count = move || n).into_any(),
    }
}

/// Adds the chosen pilot's ship, within the squad's limits; a huge ship
/// of two sections (CR90, Raider) goes in whole.
fn add_chosen_ship(ctx: Ctx, selected: RwSignal<String>) {
    let Ok(id) = selected.get_untracked().parse::<u32>() else {
        return;
    };
    let pilot = CardRef::Id(id);
    let entries = ctx.db(|db| Squad::entries_for(db, &pilot));
    ctx.edit_within_limits(
        |s| cards::squad::limits::room_for_ships(s, entries),
        |s| {
            ctx.db(|db| s.add_whole_ship(db, pilot));
        },
    );
}

/// Whether the chosen pilot flies a huge ship the format has no room for.
fn chosen_is_epic_only(ctx: Ctx, selected: RwSignal<String>, huge_allowed: Memo<bool>) -> bool {
    let id: Option<u32> = selected.get().parse().ok();
    !huge_allowed.get()
        && ctx.db(|db| {
            id.and_then(|id| db.pilot_by_id(id))
                .and_then(|p| db.ship_of(p))
                .is_some_and(|s| s.is_huge())
        })
}

/// A huge ship chosen outside Epic: why it cannot fly, and the switch.
#[component]
fn EpicOnlyNotice(selected: RwSignal<String>, huge_allowed: Memo<bool>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    move || {
        chosen_is_epic_only(ctx, selected, huge_allowed).then(|| {
            view! {
                <span class="epic-only">
                    {t!(i18n, builder.huge_epic_only)}
                    <button
                        type="button"
                        on:click=move |_| ctx.choose_format(DEFAULT_EPIC.to_string())
                    >
                        {t!(i18n, builder.switch_to_epic)}
                    </button>
                </span>
            }
        })
    }
}
