//! The ships of the squad: each with its points, effective stats, upgrade
//! bar and problems, and the card picker of a slot.

use cards::catalog::{Card, CardId, Database, ShortName};
use cards::query::SearchParams;
use cards::sim::energy::EnergyInputs;
use cards::squad::{CardOption, Problem, ShipReport};
use cards::squad::{CardRef, SlotRef, SquadShip};
use cards::squad::{Seat, UpgradeBar};
use leptos::either::{Either, EitherOf3};
use leptos::html::{Div, Input};
use leptos::prelude::*;

use super::Ctx;
use super::header::ProblemList;
use crate::components::StatBlock;
use crate::components::card_panel::{CardPanel, PanelCard};
use crate::components::glyph::{ActionList, Glyph, ShipSilhouette, named_actions, symbol_text};
use crate::components::owned::OnlyOwned;
use crate::pages::search::search_cards;
use cards::symbols::{SymbolKind, symbol};

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
    let count = Memo::new(move |_| ctx.squad.with(|s| s.ships.len()));
    view! {
        <section class="ships" aria-label="Ships">
            {move || {
                (count.get() == 0)
                    .then(|| {
                        view! {
                            <p class="empty-squad">
                                "No ships yet: choose a pilot below to add the first."
                            </p>
                        }
                    })
            }}
            <For each=move || 0..count.get() key=|i| *i let:index>
                <ShipCard index />
            </For>
        </section>
    }
}

fn card_label(db: &Database, card: &CardRef) -> (String, i32) {
    match card.upgrade(db) {
        Some(u) => (u.name().to_string(), u.points),
        None => (unknown("card", card), 0),
    }
}

/// How an unknown card is named: by the id or XWS name the squad holds.
fn unknown(what: &str, card: &CardRef) -> String {
    match card {
        CardRef::Id(id) => format!("Unknown {what} #{id}"),
        CardRef::Xws(xws) => format!("Unknown {what} `{xws}`"),
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

/// The pilot's name as printed (the unique mark first) and the line under
/// it: the ship, the section of a two-section ship, the effective skill.
fn pilot_titles(db: &Database, v: &ShipView) -> (String, String) {
    // The effective pilot skill (Veteran Instincts and the like), "?" as printed.
    let skill = v
        .report
        .skill
        .map_or_else(|| "?".to_string(), |s| s.to_string());
    match v.ship.pilot.pilot(db) {
        Some(p) => (
            format!("{}{}", if p.unique { "• " } else { "" }, p.name),
            match db.ship_of(p).and_then(|s| s.section_of.as_deref()) {
                Some(whole) => format!(
                    "{} · a section of the {whole} · skill {}",
                    db.ship_name(&p.ship),
                    skill
                ),
                None => format!("{} · skill {}", db.ship_name(&p.ship), skill),
            },
        ),
        None => (
            unknown("pilot", &v.ship.pilot),
            "not in the card database; kept in the squad".to_string(),
        ),
    }
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

fn render_ship(ctx: Ctx, db: &Database, index: usize, v: ShipView) -> impl IntoView + use<> {
    let pilot = v.ship.pilot.pilot(db);
    let (title, subtitle) = pilot_titles(db, &v);
    let bar = UpgradeBar::seat(db, &v.ship, &v.report.bar);
    let placed = bar.place_problems(db, &v.ship, v.problems.clone());
    let actions = named_actions(db, &v.report.actions);
    let pilot_id = pilot.map(|p| p.id);
    let seats = bar
        .seats
        .iter()
        .zip(placed.seats)
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
        .zip(placed.unseated)
        .map(|(&u, problems)| unseated_item(db, index, &v.ship, u, problems))
        .collect_view();
    view! {
        <article class="ship" data-ship=index>
            <header class="ship-header">
                {pilot.map(|p| view! { <ShipSilhouette ship=p.ship.to_string() /> })}
                <div class="ship-titles">
                    <h2 class="pilot-name">
                        <PilotButton index pilot=pilot_id title />
                    </h2>
                    <p class="ship-type">{subtitle}</p>
                </div> <p class="ship-points">{format!("{} points", v.report.points)}</p>
                <ShipActions index last=v.count.saturating_sub(1) />
            </header>
            {move || {
                let id = pilot_id.filter(|_| ctx.pilot_open.get() == Some(index))?;
                let db = ctx.rules.with_value(|r| r.db.clone());
                Some(view! { <InPlacePanel db card=PanelCard::Pilot(id) /> })
            }}
            <StatBlock stats=v.report.stats energy_label="Energy limit" />
            <p class="ship-action-bar">
                <span class="label">"Actions: "</span>
                <ActionList actions />
            </p>
            <ShipLines conditions=condition_names(db, &v) simulate=v.energy_link.clone() />
            <div class="ship-problems">
                <ProblemList problems=placed.ship />
            </div>
            <ul class="bar" aria-label="Upgrade bar">
                {seats}
                {unseated}
            </ul>
        </article>
    }
}

/// The conditions a ship brings into play, and the link to simulate a huge
/// ship's energy.
#[component]
fn ShipLines(conditions: String, simulate: Option<String>) -> impl IntoView {
    view! {
        {(!conditions.is_empty())
            .then(|| {
                view! {
                    <p class="ship-conditions">
                        <span class="label">"Conditions in play: "</span>
                        {conditions}
                    </p>
                }
            })}
        {simulate
            .map(|href| {
                view! {
                    <p class="simulate print-hide">
                        <a href=href>"Simulate this ship's energy"</a>
                    </p>
                }
            })}
    }
}

/// The pilot's name: pointing at it or focusing it shows its card in the
/// side panel; a tap opens the card in place (on a phone, the only place).
#[component]
fn PilotButton(index: usize, pilot: Option<u32>, title: String) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let show = move || {
        if let Some(id) = pilot {
            ctx.shown.set(Some(PanelCard::Pilot(id)));
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
            {title}
        </button>
    }
}

/// A card opened in place by a tap: the side panel's card, where a phone
/// has room for it.
#[component]
fn InPlacePanel(db: std::sync::Arc<Database>, card: PanelCard) -> impl IntoView {
    view! {
        <div class="card-panel in-place">
            <CardPanel db card />
        </div>
    }
}

/// Move, clone and remove a ship.
#[component]
fn ShipActions(index: usize, last: usize) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <div class="ship-actions print-hide">
            <button
                type="button"
                class="move-up"
                aria-label="Move up"
                title="Move up"
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
                aria-label="Move down"
                title="Move down"
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
                "Clone"
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
                "Remove"
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
    let slot_name = db.slot_name(&slot.kind).to_string();
    let slot_glyph = symbol(SymbolKind::Slot, &slot.kind)
        .map(|s| view! { <Glyph symbol=s decorative=true class="slot-glyph" /> });
    let open_slot = slot.clone();
    let is_open = Memo::new(move |_| {
        ctx.picker
            .with(|p| p.as_ref() == Some(&(index, open_slot.clone())))
    });
    let toggle = {
        let slot = slot.clone();
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
    };
    let holder = seat.holder.map(|u| (u, ship.upgrades[u].clone()));
    // A tap on a filled slot opens its card in place above the picker (on a
    // wide screen the side panel shows it instead).
    let held = holder
        .as_ref()
        .filter(|_| !seat.continued)
        .and_then(|(_, e)| e.card.upgrade(db).map(|c| PanelCard::Upgrade(c.id)));
    let content = match (holder, seat.continued) {
        (None, _) => EitherOf3::A(view! {
            <button type="button" class="slot-button empty" on:click=toggle>
                {slot_glyph}
                <span class="slot-name">{slot_name}</span>
                <span class="card-name">"empty"</span>
            </button>
        }),
        (Some((_, e)), true) => {
            let (name, _) = card_label(db, &e.card);
            EitherOf3::B(view! {
                <span class="slot-button continued">
                    {slot_glyph} <span class="slot-name">{slot_name}</span>
                    <span class="card-name">{name}" (also fills this slot)"</span>
                </span>
            })
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
    let has_error = problems
        .iter()
        .any(|p| p.severity == cards::squad::Severity::Error);
    let class = if has_error {
        "bar-slot has-problem"
    } else {
        "bar-slot"
    };
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
                            {held.map(|card| view! { <InPlacePanel db card /> })}
                            <Picker ship=index at=slot.clone() />
                        }
                    })
            }}
        </li>
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
    let (name, printed) = card_label(db, &equipped.card);
    // A card another card makes cheaper shows what it costs here.
    let points = match cost {
        Some(cost) if cost != printed => format!("{cost} (printed {printed})"),
        _ => printed.to_string(),
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
            <span class="card-name">{name.clone()}</span>
            <span class="card-points">{points}</span>
        </button>
        {choice}
        <RemoveCard ship upgrade name with_title=true />
    }
}

/// The × that removes a card from a ship.
#[component]
fn RemoveCard(ship: usize, upgrade: usize, name: String, with_title: bool) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let label = format!("Remove {name}");
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
    db: &Database,
    index: usize,
    ship: &SquadShip,
    u: usize,
    problems: Vec<Problem>,
) -> impl IntoView + use<> {
    let e = &ship.upgrades[u];
    let (name, points) = card_label(db, &e.card);
    let slot = e
        .slot
        .as_ref()
        .map(|s| format!("{} {}", db.slot_name(&s.kind), s.index + 1))
        .unwrap_or_else(|| "no slot".to_string());
    view! {
        <li class="bar-slot unseated has-problem" data-upgrade=u>
            <div class="slot-line">
                <span class="slot-button">
                    <span class="slot-name">{format!("Outside the bar ({slot})")}</span>
                    <span class="card-name">{name.clone()}</span>
                    <span class="card-points">{points}</span>
                </span>
                <RemoveCard ship=index upgrade=u name with_title=false />
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
    let choices = db.choices_for(card);
    if choices.is_empty() {
        return None;
    }
    let (label, placeholder, current) = if card.dual {
        (
            format!("{}: face in play", card.name()),
            None,
            e.choice.clone().unwrap_or_else(|| "1".into()),
        )
    } else {
        (
            format!("{} grants", card.name()),
            Some(view! { <option value="">"Choose an icon…"</option> }),
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

/// The cards of slot type `kind` the server's search finds for the
/// filter's words (`None` while there are none, or when it cannot answer).
fn slot_search(filter: RwSignal<String>, kind: String) -> Resource<Option<Vec<ShortName>>> {
    Resource::new(
        move || filter.get(),
        move |q| {
            let kind = kind.clone();
            async move {
                if q.trim().is_empty() {
                    return None;
                }
                let params = SearchParams {
                    q,
                    kind: Some("upgrade".into()),
                    slot: Some(kind),
                    limit: Some(cards::query::MAX_LIMIT),
                    ..SearchParams::default()
                };
                let answer = search_cards(params).await.ok()?;
                Some(answer.results.hits.into_iter().map(|h| h.xws).collect())
            }
        },
    )
}

/// The selector of a slot's button, which a closing picker focuses again
/// (the edit may have drawn it anew).
fn slot_button_selector(ship: usize, slot: &SlotRef) -> String {
    format!(
        "article.ship[data-ship=\"{ship}\"] li[data-slot=\"{}:{}\"] .slot-button",
        slot.kind, slot.index
    )
}

/// One card of a slot's picker, as the picker shows it: the engine's
/// option, with the card's own words copied once for the page.
#[derive(Debug, Clone, PartialEq)]
struct PickerCard {
    id: CardId,
    xws: String,
    name: String,
    summary: String,
    points: i32,
    allowed: bool,
    /// The card's own problems there, then those of the whole squad.
    reasons: Vec<Problem>,
    /// Copies in the player's collection (`None`: no collection set).
    owned: Option<u32>,
}

impl From<CardOption<'_>> for PickerCard {
    fn from(option: CardOption<'_>) -> Self {
        let card = option.card;
        let mut reasons = option.problems;
        reasons.extend(option.squad_problems);
        Self {
            id: card.id,
            xws: card.xws.clone(),
            name: card.name().to_string(),
            summary: Card::Upgrade(card).summary(),
            points: option.points,
            allowed: option.allowed,
            reasons,
            owned: None,
        }
    }
}

/// One card of the picker: choosing it equips it (within the squad's
/// limits), allowed or not; a card that breaks a rule shows why.
#[component]
fn PickerOption(ship: usize, at: SlotRef, option: PickerCard) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let class = if option.allowed {
        "option allowed"
    } else {
        "option not-allowed"
    };
    let PickerCard {
        id,
        xws,
        name,
        summary,
        points,
        reasons,
        owned,
        ..
    } = option;
    let slot_button = slot_button_selector(ship, &at);
    let choose = move |_| {
        ctx.picker.set(None);
        crate::browser::focus_after_render(slot_button.clone());
        let slot = at.clone();
        let room = {
            let slot = slot.clone();
            move |s: &cards::squad::Squad| cards::squad::limits::room_for_equip(s, ship, &slot)
        };
        ctx.edit_within_limits(room, |s| {
            s.equip(ship, slot, CardRef::Id(id));
        });
    };
    view! {
        <li class=class data-card=xws>
            <button type="button" on:click=choose>
                <span class="card-name">{name}</span>
                <span class="card-points">{points}</span>
                <span class="card-summary">{symbol_text(&summary, &|w| w.to_string())}</span>
                {(owned == Some(0))
                    .then(|| view! { <span class="not-owned">"Not in your collection"</span> })}
            </button>
            <ProblemList problems=reasons />
        </li>
    }
}

/// The engine's options for a slot, as the picker shows them, each with
/// the copies the player owns once a collection is set.
fn picker_options(ctx: Ctx, ship: usize, slot: SlotRef) -> Memo<Vec<PickerCard>> {
    Memo::new(move |_| {
        ctx.with_rules(|r| {
            ctx.squad.with(|s| {
                // The engine's time alone, as before the picker copied
                // the cards' words (`measure-builder.mjs` reads it).
                let options =
                    crate::components::timed("builder: options", || r.options(s, ship, &slot));
                let owned = ctx.owned.get().filter(|o| !o.is_empty());
                options
                    .into_iter()
                    .map(|o| {
                        let mut card = PickerCard::from(o);
                        card.owned = owned
                            .as_ref()
                            .map(|o| o.count(&r.db, cards::collection::Piece::Upgrade(card.id)));
                        card
                    })
                    .collect::<Vec<_>>()
            })
        })
    })
}

/// The cards a slot can take: allowed first, the others greyed with the
/// engine's reason, all of them choosable; filtered as you type.
#[component]
fn Picker(ship: usize, at: SlotRef) -> impl IntoView {
    let slot = at;
    let ctx = expect_context::<Ctx>();
    let filter = RwSignal::new(String::new());
    let only_owned = RwSignal::new(false);
    let input = NodeRef::<Input>::new();
    Effect::new(move |_| {
        if let Some(input) = input.get() {
            let _ = input.focus();
        }
    });
    let options = picker_options(ctx, ship, slot.clone());
    let slot_name = ctx.db(|db| db.slot_name(&slot.kind).to_string());
    // Typed text also goes to the server's card search (typos forgiven);
    // until it answers, or if it cannot, the words are matched here.
    let searched = slot_search(filter, slot.kind.to_string());
    let list = {
        let slot = slot.clone();
        move || {
            let words = filter.with(|q| cards::catalog::FilterWords::new(q));
            let found = searched.get().flatten();
            let items: Vec<_> = ctx.db(|db| {
                options.with(|options| {
                    options
                        .iter()
                        .filter(|o| !only_owned.get() || o.owned != Some(0))
                        .filter(|o| match &found {
                            Some(found) => found.iter().any(|x| x.as_str() == o.xws),
                            None => db
                                .upgrade_by_id(o.id)
                                .is_some_and(|card| Card::Upgrade(card).matches_words(&words)),
                        })
                        .cloned()
                        .collect()
                })
            });
            if items.is_empty() {
                return Either::Left(view! { <li class="none">"No card matches."</li> });
            }
            Either::Right(
                items
                    .into_iter()
                    .map(|option| view! { <PickerOption ship at=slot.clone() option /> })
                    .collect_view(),
            )
        }
    };
    // Closing gives the focus back to the slot's button.
    let slot_button = slot_button_selector(ship, &slot);
    let close = {
        let slot_button = slot_button.clone();
        move || {
            ctx.picker.set(None);
            crate::browser::focus_after_render(slot_button.clone());
        }
    };
    let dialog = NodeRef::<Div>::new();
    let trap = move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Tab"
            && let Some(el) = dialog.get()
            && crate::browser::trap_tab(&el, ev.shift_key())
        {
            ev.prevent_default();
        }
    };
    view! {
        <div
            class="picker"
            role="dialog"
            aria-label=format!("{slot_name} cards")
            node_ref=dialog
            on:keydown=trap
        >
            <div class="picker-top">
                {symbol(SymbolKind::Slot, &slot.kind)
                    .map(|s| view! { <Glyph symbol=s class="picker-glyph" /> })}
                <input
                    node_ref=input
                    type="search"
                    class="picker-filter"
                    placeholder=format!("Filter {slot_name} cards by name or text")
                    aria-label="Filter cards"
                    autocomplete="off"
                    prop:value=move || filter.get()
                    on:input=move |ev| filter.set(event_target_value(&ev))
                    on:keydown={
                        let close = close.clone();
                        move |ev| {
                            if ev.key() == "Escape" {
                                close();
                            }
                        }
                    }
                /> <button type="button" class="picker-close" on:click=move |_| close()>
                    "Close"
                </button>
            </div>
            <OnlyOwned owned=ctx.owned checked=only_owned label="Only what I own" />
            <ul class="options">{list}</ul>
        </div>
    }
}
