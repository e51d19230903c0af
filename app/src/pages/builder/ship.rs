//! The ships of the squad: each with its points, effective stats, upgrade
//! bar and problems (a slot's card picker is `picker.rs`).

use cards::catalog::Database;
use cards::lang::Lang;
use cards::sim::energy::EnergyInputs;
use cards::squad::{CardRef, Problem, ShipReport, SlotRef, SquadShip};
use cards::squad::{Seat, UpgradeBar};
use cards::symbols::{SymbolKind, symbol};
use leptos::either::EitherOf3;
use leptos::prelude::*;

use super::Ctx;
use super::add_ship::Points;
use super::picker::Picker;
use super::problems::ProblemList;
use super::words::fill;
use crate::components::StatBlock;
use crate::components::as_built::ShipNotes;
use crate::components::card_panel::{CardPanel, PanelCard};
use crate::components::game_terms;
use crate::components::glyph::{ActionList, Glyph, ShipSilhouette, named_actions};
use crate::components::worded::{WordedName, pilot_name, ship_name, upgrade_name};
use crate::i18n::{t, t_string, td_string};
use crate::lang::{Locale, use_i18n};

/// Everything one ship's card shows; equal views do not re-render.
#[derive(Clone, PartialEq)]
struct ShipView {
    ship: SquadShip,
    report: ShipReport,
    problems: Vec<Problem>,
    count: usize,
    /// The energy simulator's address for a huge ship (both sections of a
    /// ship of two).
    energy_link: Option<String>,
}

#[component]
pub fn ShipList() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    let count = Memo::new(move |_| ctx.squad.with(|s| s.ships.len()));
    view! {
        <section class="ships" aria-label=move || t_string!(i18n, builder.ships_label)>
            {move || {
                (count.get() == 0)
                    .then(|| {
                        view! { <p class="empty-squad">{t!(i18n, builder.no_ships_yet)}</p> }
                    })
            }}
            {move || (count.get() > 1).then(|| view! { <SortBySkill /> })}
            <For each=move || 0..count.get() key=|i| *i let:index>
                <ShipCard index />
            </For>
        </section>
    }
}

/// Orders the ships as they activate, lowest pilot skill first: the
/// squad's own order, so it stays in the link.
#[component]
fn SortBySkill() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    let sort = move |_| {
        let skills: Vec<Option<u8>> = ctx
            .report
            .with_untracked(|r| r.ships.iter().map(|s| s.skill).collect());
        ctx.edit(|s| s.sort_by_pilot_skill(&skills));
    };
    view! {
        <p class="ship-list-tools print-hide">
            <button type="button" id="sort-by-skill" on:click=sort>
                {t!(i18n, builder.sort_by_skill)}
            </button>
        </p>
    }
}

/// An equipped card's name as the page shows it, and its printed points.
fn card_label(ctx: Ctx, db: &Database, card: &CardRef) -> ((String, Lang), i32) {
    match card.upgrade(db) {
        Some(u) => (upgrade_name(u), u.points),
        None => ((unknown_card(ctx.locale(), card), ctx.lang), 0),
    }
}

/// How an unknown upgrade is named: by the id or XWS name the squad holds.
fn unknown_card(locale: Locale, card: &CardRef) -> String {
    match card {
        CardRef::Id(id) => fill(
            td_string!(locale, builder.unknown_card_id),
            &[("id", &id.to_string())],
        ),
        CardRef::Xws(xws) => fill(
            td_string!(locale, builder.unknown_card_xws),
            &[("key", xws)],
        ),
    }
}

/// How an unknown pilot is named: by the id or XWS name the squad holds.
fn unknown_pilot(locale: Locale, card: &CardRef) -> String {
    match card {
        CardRef::Id(id) => fill(
            td_string!(locale, builder.unknown_pilot_id),
            &[("id", &id.to_string())],
        ),
        CardRef::Xws(xws) => fill(
            td_string!(locale, builder.unknown_pilot_xws),
            &[("key", xws)],
        ),
    }
}

#[component]
fn ShipCard(index: usize) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let view_of = Memo::new(move |_| {
        let ship = ctx.squad.with(|s| s.ships.get(index).cloned())?;
        let energy_link = ctx
            .squad
            .with(|s| ctx.db(|db| EnergyInputs::for_squad_ship(db, s, index).map(|i| i.link())));
        ctx.report.with(|r| {
            Some(ShipView {
                ship,
                report: r.ships.get(index)?.clone(),
                problems: r.ship_problems(index).cloned().collect(),
                count: r.ships.len(),
                energy_link,
            })
        })
    });
    move || {
        let view = view_of.get()?;
        Some(ctx.db(|db| render_ship(ctx, db, index, view)))
    }
}

/// The pilot's name as the page shows it (the unique mark first), and the
/// line under it: the ship, the section of a two-section ship, the
/// effective skill.
fn pilot_titles(ctx: Ctx, db: &Database, v: &ShipView) -> ((String, Lang), AnyView) {
    let i18n = use_i18n();
    // The effective pilot skill (Veteran Instincts and the like), "?" as printed.
    let skill = v
        .report
        .skill
        .map_or_else(|| "?".to_string(), |s| s.to_string());
    let Some(p) = v.ship.pilot.pilot(db) else {
        let name = unknown_pilot(ctx.locale(), &v.ship.pilot);
        return (
            (name, ctx.lang),
            t!(i18n, builder.pilot_unknown_line).into_any(),
        );
    };
    let (name, lang) = pilot_name(p);
    let title = (format!("{}{name}", if p.unique { "• " } else { "" }), lang);
    let ship = ship_name(&p.ship, db.ship_name(&p.ship));
    let ship = move || view! { <WordedName words=ship.clone() /> };
    let line = match db.ship_of(p).and_then(|s| s.section_of.clone()) {
        Some(whole) => t!(
            i18n,
            builder.section_line,
            ship = ship,
            whole = move || view! { <WordedName words=(whole.clone(), Lang::En) /> },
            skill = skill
        )
        .into_any(),
        None => t!(i18n, builder.ship_line, ship = ship, skill = skill).into_any(),
    };
    (title, line)
}

/// The names of the conditions the ship brings into play.
fn condition_names(db: &Database, v: &ShipView) -> String {
    v.report
        .conditions
        .iter()
        .map(|c| {
            db.conditions
                .iter()
                .find(|d| d.xws == *c)
                .map_or(c.as_str(), |d| d.name.as_str())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// One ship's card: its header, its pilot's card when opened in place, its
/// stats, actions, conditions, problems and upgrade bar.
fn render_ship(ctx: Ctx, db: &Database, index: usize, v: ShipView) -> impl IntoView + use<> {
    let pilot = v.ship.pilot.pilot(db);
    let (title, subtitle) = pilot_titles(ctx, db, &v);
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let bar = UpgradeBar::seat(db, &v.ship, &v.report.bar);
    let placed = bar.place_problems(db, &v.ship, v.problems.clone());
    let actions = named_actions(db, &v.report.actions);
    let notes = ShipNotes::of(db, &v.report.dial, &v.report.changes);
    let pilot_id = pilot.map(|p| p.id);
    let (seats, unseated) = bar_items(ctx, db, index, &v, &bar, placed.seats, placed.unseated);
    view! {
        <article class="ship" data-ship=index>
            <ShipHeader
                index
                ship=pilot.map(|p| p.ship.to_string())
                pilot=pilot_id
                title
                subtitle
                points=v.report.points
                last=v.count.saturating_sub(1)
            />
            <PilotInPlace index pilot=pilot_id />
            <StatBlock
                stats=v.report.stats
                energy_label=td_string!(locale, builder.energy_limit)
                notes=notes.stats
            />
            <p class="ship-action-bar">
                <span class="label">{t!(i18n, builder.actions)}</span>
                <ActionList actions notes=notes.actions />
            </p>
            <ShipLines conditions=condition_names(db, &v) simulate=v.energy_link.clone() />
            <div class="ship-problems">
                <ProblemList problems=placed.ship />
            </div>
            <ul class="bar" aria-label=move || t_string!(i18n, builder.upgrade_bar)>
                {seats}
                {unseated}
            </ul>
        </article>
    }
}

/// The upgrade bar's items: each slot of the bar with the card in it, then
/// each card equipped in no slot of it, each with the problems placed on it.
fn bar_items(
    ctx: Ctx,
    db: &Database,
    index: usize,
    v: &ShipView,
    bar: &UpgradeBar,
    seat_problems: Vec<Vec<Problem>>,
    unseated_problems: Vec<Vec<Problem>>,
) -> (impl IntoView + use<>, impl IntoView + use<>) {
    let seats = bar
        .seats
        .iter()
        .zip(seat_problems)
        .map(|(seat, problems)| {
            seat_item(
                ctx,
                db,
                index,
                &v.ship,
                &v.report.upgrade_points,
                seat,
                problems,
            )
        })
        .collect_view();
    let unseated = bar
        .unseated
        .iter()
        .zip(unseated_problems)
        .map(|(&u, problems)| unseated_item(ctx, db, index, &v.ship, u, problems))
        .collect_view();
    (seats, unseated)
}

/// A ship's header: its silhouette, the pilot's name (a button that shows
/// the pilot's card) and the line under it, its points, and the buttons
/// that move, clone and remove it.
#[component]
fn ShipHeader(
    index: usize,
    /// The ship's key, for its silhouette (none for an unknown pilot).
    ship: Option<String>,
    pilot: Option<u32>,
    title: (String, Lang),
    subtitle: AnyView,
    points: i32,
    /// The index of the squad's last ship.
    last: usize,
) -> impl IntoView {
    view! {
        <header class="ship-header">
            {ship.map(|ship| view! { <ShipSilhouette ship /> })} <div class="ship-titles">
                <h2 class="pilot-name">
                    <PilotButton index pilot title />
                </h2>
                <p class="ship-type">{subtitle}</p>
            </div> <p class="ship-points">
                <Points points=Some(points) />
            </p> <ShipActions index last />
        </header>
    }
}

/// The pilot's card, opened in place by a tap on the pilot's name, while it
/// is open.
#[component]
fn PilotInPlace(index: usize, pilot: Option<u32>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        let id = pilot.filter(|_| ctx.pilot_open.get() == Some(index))?;
        let db = ctx.rules.with_value(|r| r.db.clone());
        let flown = ctx.report.with(|r| r.ships.get(index).cloned());
        let card = PanelCard::Flown {
            pilot: id,
            ship: index,
        };
        Some(view! { <InPlacePanel db card flown /> })
    }
}

/// The conditions a ship brings into play, and the link to simulate a huge
/// ship's energy.
#[component]
fn ShipLines(conditions: String, simulate: Option<String>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        {(!conditions.is_empty())
            .then(|| {
                view! {
                    <p class="ship-conditions">
                        <span class="label">{t!(i18n, builder.conditions_in_play)}</span>
                        {conditions}
                    </p>
                }
            })}
        {simulate
            .map(|href| {
                view! {
                    <p class="simulate print-hide">
                        <a href=crate::lang::localized(
                            &href,
                        )>{t!(i18n, builder.simulate_energy)}</a>
                    </p>
                }
            })}
    }
}

/// The pilot's name: pointing at it or focusing it shows its card in the
/// side panel; a tap opens the card in place (on a phone, the only place).
#[component]
fn PilotButton(index: usize, pilot: Option<u32>, title: (String, Lang)) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let show = move || {
        if let Some(id) = pilot {
            ctx.shown.set(Some(PanelCard::Flown {
                pilot: id,
                ship: index,
            }));
        }
    };
    view! {
        <button
            type="button"
            class="pilot-card"
            aria-expanded=move || (ctx.pilot_open.get() == Some(index)).to_string()
            on:click=move |_| {
                ctx.pilot_open
                    .update(|open| {
                        *open = if *open == Some(index) { None } else { Some(index) };
                    })
            }
            on:focus=move |_| show()
            on:mouseenter=move |_| show()
        >
            <WordedName words=title />
        </button>
    }
}

/// A card opened in place by a tap: the side panel's card, where a phone
/// has room for it.
#[component]
fn InPlacePanel(
    db: std::sync::Arc<Database>,
    card: PanelCard,
    flown: Option<ShipReport>,
) -> impl IntoView {
    view! {
        <div class="card-panel in-place">
            <CardPanel db card flown />
        </div>
    }
}

/// Move, clone and remove a ship.
#[component]
fn ShipActions(index: usize, last: usize) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    let up = move || t_string!(i18n, builder.move_up);
    let down = move || t_string!(i18n, builder.move_down);
    view! {
        <div class="ship-actions print-hide">
            <button
                type="button"
                class="move-up"
                aria-label=up
                title=up
                disabled=index == 0
                on:click=move |_| {
                    ctx.edit(|s| {
                        s.move_ship(index, index.saturating_sub(1));
                    })
                }
            >
                "↑"
            </button>
            <button
                type="button"
                class="move-down"
                aria-label=down
                title=down
                disabled=index == last
                on:click=move |_| {
                    ctx.edit(|s| {
                        s.move_ship(index, index + 1);
                    })
                }
            >
                "↓"
            </button>
            <button
                type="button"
                class="clone-ship"
                on:click=move |_| {
                    ctx.edit_within_limits(
                        cards::squad::limits::room_for_ship,
                        |s| {
                            s.clone_ship(index);
                        },
                    )
                }
            >
                {t!(i18n, builder.clone_ship)}
            </button>
            <button
                type="button"
                class="remove-ship"
                on:click=move |_| {
                    ctx.picker.set(None);
                    ctx.edit(|s| {
                        s.remove_ship(index);
                    })
                }
            >
                {t!(i18n, builder.remove_ship)}
            </button>
        </div>
    }
}

/// One slot of the bar: empty, holding a card, or filled by a card of an
/// earlier slot; with its problems and, when open, the card picker.
fn seat_item(
    ctx: Ctx,
    db: &Database,
    index: usize,
    ship: &SquadShip,
    costs: &[Option<i32>],
    seat: &Seat,
    problems: Vec<Problem>,
) -> impl IntoView + use<> {
    let slot = seat.slot.slot.clone();
    let slot_key = format!("{}:{}", slot.kind, slot.index);
    let slot_name = game_terms::slot_name(db, &slot.kind);
    let slot_glyph = symbol(SymbolKind::Slot, &slot.kind)
        .map(|s| view! { <Glyph symbol=s decorative=true class="slot-glyph" /> });
    let is_open = picker_open(ctx, index, slot.clone());
    let toggle = picker_toggle(ctx, index, slot.clone());
    let holder = seat.holder.map(|u| (u, ship.upgrades[u].clone()));
    // A tap on a filled slot opens its card in place above the picker (on a
    // wide screen the side panel shows it instead).
    let held = holder
        .as_ref()
        .filter(|_| !seat.continued)
        .and_then(|(_, e)| e.card.upgrade(db).map(|c| PanelCard::Upgrade(c.id)));
    let content = match (holder, seat.continued) {
        (None, _) => EitherOf3::A(empty_seat(toggle, slot_glyph, slot_name)),
        (Some((_, e)), true) => {
            let (name, _) = card_label(ctx, db, &e.card);
            EitherOf3::B(continued_seat(name, slot_glyph, slot_name))
        }
        (Some((u, e)), false) => EitherOf3::C(filled_seat(
            ctx,
            db,
            FilledSeat {
                ship: index,
                upgrade: u,
                equipped: &e,
                cost: costs.get(u).copied().flatten(),
            },
            is_open,
            toggle,
            slot_glyph,
            slot_name,
        )),
    };
    let class = seat_class(&problems);
    view! {
        <li class=class data-slot=slot_key>
            <div class="slot-line">{content}</div>
            <ProblemList problems />
            {move || {
                is_open
                    .get()
                    .then(|| {
                        let db = ctx.rules.with_value(|r| r.db.clone());
                        view! {
                            {held.map(|card| view! { <InPlacePanel db card flown=None /> })}
                            <Picker ship=index at=slot.clone() />
                        }
                    })
            }}
        </li>
    }
}

/// Whether the picker of this ship's slot is the one open.
fn picker_open(ctx: Ctx, index: usize, slot: SlotRef) -> Memo<bool> {
    Memo::new(move |_| {
        ctx.picker
            .with(|p| p.as_ref() == Some(&(index, slot.clone())))
    })
}

/// Opens the slot's picker, or closes it if it is the one open.
fn picker_toggle(ctx: Ctx, index: usize, slot: SlotRef) -> impl Fn(web_sys::MouseEvent) + 'static {
    move |_| {
        let target = (index, slot.clone());
        ctx.picker.update(|p| {
            *p = if p.as_ref() == Some(&target) {
                None
            } else {
                Some(target)
            }
        });
    }
}

/// A slot marked when one of its problems is an error.
fn seat_class(problems: &[Problem]) -> &'static str {
    let has_error = problems
        .iter()
        .any(|p| p.severity == cards::squad::Severity::Error);
    if has_error {
        "bar-slot has-problem"
    } else {
        "bar-slot"
    }
}

/// An empty seat: the button that opens its picker.
fn empty_seat<T, G>(
    toggle: T,
    slot_glyph: Option<G>,
    slot_name: String,
) -> impl IntoView + use<T, G>
where
    T: Fn(web_sys::MouseEvent) + 'static,
    G: IntoView + 'static,
{
    let i18n = use_i18n();
    view! {
        <button type="button" class="slot-button empty" on:click=toggle>
            {slot_glyph}
            <span class="slot-name">{slot_name}</span>
            <span class="card-name">{t!(i18n, builder.empty_slot)}</span>
        </button>
    }
}

/// A seat the card of an earlier seat also fills (Jabba the Hutt's second
/// Crew slot).
fn continued_seat<G>(
    name: (String, Lang),
    slot_glyph: Option<G>,
    slot_name: String,
) -> impl IntoView + use<G>
where
    G: IntoView + 'static,
{
    let i18n = use_i18n();
    let name = move || view! { <WordedName words=name.clone() /> };
    view! {
        <span class="slot-button continued">
            {slot_glyph} <span class="slot-name">{slot_name}</span>
            <span class="card-name">{t!(i18n, builder.also_fills, name = name)}</span>
        </span>
    }
}

/// Which card a filled seat holds, and what it costs there.
struct FilledSeat<'a> {
    ship: usize,
    upgrade: usize,
    equipped: &'a cards::squad::Equipped,
    /// Its cost on this ship, when another card changes it.
    cost: Option<i32>,
}

/// A seat holding a card: the button that opens its picker (and shows the
/// card in the side panel when pointed at or focused), the choice the card
/// asks for, and its ×.
fn filled_seat<T, G>(
    ctx: Ctx,
    db: &Database,
    seat: FilledSeat<'_>,
    is_open: Memo<bool>,
    toggle: T,
    slot_glyph: Option<G>,
    slot_name: String,
) -> impl IntoView + use<T, G>
where
    T: Fn(web_sys::MouseEvent) + 'static,
    G: IntoView + 'static,
{
    let FilledSeat {
        ship,
        upgrade,
        equipped,
        cost,
    } = seat;
    let (name, printed) = card_label(ctx, db, &equipped.card);
    let i18n = use_i18n();
    // A card another card makes cheaper shows what it costs here.
    let points = match cost {
        Some(cost) if cost != printed => {
            t!(i18n, builder.cost_here, cost = cost, printed = printed).into_any()
        }
        _ => printed.into_any(),
    };
    let choice = choice_select(ctx, db, ship, upgrade, equipped);
    let card = equipped.card.upgrade(db).map(|c| PanelCard::Upgrade(c.id));
    let show = move || {
        if card.is_some() {
            ctx.shown.set(card);
        }
    };
    view! {
        <button
            type="button"
            class="slot-button filled"
            aria-expanded=move || is_open.get().to_string()
            on:click=toggle
            on:focus=move |_| show()
            on:mouseenter=move |_| show()
        >
            {slot_glyph}
            <span class="slot-name">{slot_name}</span>
            <span class="card-name">
                <WordedName words=name.clone() />
            </span>
            <span class="card-points">{points}</span>
        </button>
        {choice}
        <RemoveCard ship upgrade name=name.0 with_title=true />
    }
}

/// The × that removes a card from a ship.
#[component]
fn RemoveCard(ship: usize, upgrade: usize, name: String, with_title: bool) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let label = fill(
        td_string!(ctx.locale(), builder.remove_card),
        &[("name", &name)],
    );
    view! {
        <button
            type="button"
            class="remove-card"
            aria-label=label.clone()
            title=with_title.then_some(label)
            on:click=move |_| {
                ctx.edit(|s| {
                    s.unequip(ship, upgrade);
                })
            }
        >
            "×"
        </button>
    }
}

/// A card the bar has no seat for: kept, shown apart with its problems.
fn unseated_item(
    ctx: Ctx,
    db: &Database,
    index: usize,
    ship: &SquadShip,
    u: usize,
    problems: Vec<Problem>,
) -> impl IntoView + use<> {
    let e = &ship.upgrades[u];
    let (name, points) = card_label(ctx, db, &e.card);
    let i18n = use_i18n();
    let slot = e.slot.as_ref().map_or_else(
        || td_string!(ctx.locale(), builder.no_slot).to_string(),
        |s| format!("{} {}", game_terms::slot_name(db, &s.kind), s.index + 1),
    );
    view! {
        <li class="bar-slot unseated has-problem" data-upgrade=u>
            <div class="slot-line">
                <span class="slot-button">
                    <span class="slot-name">{t!(i18n, builder.outside_bar, slot = slot)}</span>
                    <span class="card-name">
                        <WordedName words=name.clone() />
                    </span>
                    <span class="card-points">{points}</span>
                </span>
                <RemoveCard ship=index upgrade=u name=name.0 with_title=false />
            </div>
            <ProblemList problems />
        </li>
    }
}

/// The choice a card asks for ("Heavy Scyk": Cannon, Turret or
/// Modification), or the face of a dual card in play.
fn choice_select(
    ctx: Ctx,
    db: &Database,
    ship: usize,
    upgrade: usize,
    e: &cards::squad::Equipped,
) -> Option<impl IntoView + use<>> {
    let card = e.card.upgrade(db)?;
    let mut choices = db.choices_for(card);
    if choices.is_empty() {
        return None;
    }
    if !card.dual {
        // A slot to choose, named as the page names slots.
        for (value, name) in &mut choices {
            *name = game_terms::slot_name(db, value);
        }
    }
    let locale = ctx.locale();
    let (name, _) = upgrade_name(card);
    let (label, placeholder, current) = if card.dual {
        // The first face's name is the card's, in the page's words.
        if let Some((_, first)) = choices.first_mut() {
            first.clone_from(&name);
        }
        (
            fill(td_string!(locale, builder.face_in_play), &[("name", &name)]),
            None,
            e.choice.clone().unwrap_or_else(|| "1".into()),
        )
    } else {
        let i18n = use_i18n();
        (
            fill(td_string!(locale, builder.card_grants), &[("name", &name)]),
            Some(view! { <option value="">{t!(i18n, builder.choose_icon)}</option> }),
            e.choice.clone().unwrap_or_default(),
        )
    };
    let options = choices
        .into_iter()
        .map(|(value, name)| view! { <option value=value>{name}</option> })
        .collect_view();
    Some(view! {
        <select
            class="card-choice"
            aria-label=label
            prop:value=current
            on:change=move |ev| {
                let value = event_target_value(&ev);
                let choice = (!value.is_empty()).then_some(value);
                ctx.edit(|s| {
                    s.set_choice(ship, upgrade, choice);
                });
            }
        >
            {placeholder}
            {options}
        </select>
    })
}
