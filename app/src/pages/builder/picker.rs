//! The card picker of a slot: the engine's options for it, allowed first,
//! filtered as the player types (by the server's search when it answers).

use cards::catalog::{Card, CardId, ShortName};
use cards::query::SearchParams;
use cards::squad::{CardOption, CardRef, Problem, SlotRef};
use cards::symbols::{SymbolKind, symbol};
use leptos::either::Either;
use leptos::html::{Div, Input};
use leptos::prelude::*;

use super::Ctx;
use super::problems::ProblemList;
use crate::components::glyph::{Glyph, symbol_text};
use crate::components::owned::OnlyOwned;
use crate::pages::search::search_cards;

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
pub fn Picker(ship: usize, at: SlotRef) -> impl IntoView {
    let slot = at;
    let ctx = expect_context::<Ctx>();
    let filter = RwSignal::new(String::new());
    let only_owned = RwSignal::new(false);
    let input = NodeRef::<Input>::new();
    focus_once_shown(input);
    let slot_name = ctx.db(|db| db.slot_name(&slot.kind).to_string());
    // Closing gives the focus back to the slot's button.
    let close = closer(ctx, ship, &slot);
    let dialog = NodeRef::<Div>::new();
    view! {
        <div
            class="picker"
            role="dialog"
            aria-label=format!("{slot_name} cards")
            node_ref=dialog
            on:keydown=tab_trap(dialog)
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
            <ul class="options">
                <PickerOptions ship at=slot filter only_owned />
            </ul>
        </div>
    }
}

/// The picker's filter takes the focus once it is drawn.
fn focus_once_shown(input: NodeRef<Input>) {
    Effect::new(move |_| {
        if let Some(input) = input.get() {
            let _ = input.focus();
        }
    });
}

/// Closes the picker and gives the focus back to the slot's button.
fn closer(ctx: Ctx, ship: usize, slot: &SlotRef) -> impl Fn() + Clone + 'static {
    let slot_button = slot_button_selector(ship, slot);
    move || {
        ctx.picker.set(None);
        crate::browser::focus_after_render(slot_button.clone());
    }
}

/// Keeps Tab within the picker, as a dialog does.
fn tab_trap(dialog: NodeRef<Div>) -> impl Fn(web_sys::KeyboardEvent) + 'static {
    move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Tab"
            && let Some(el) = dialog.get()
            && crate::browser::trap_tab(&el, ev.shift_key())
        {
            ev.prevent_default();
        }
    }
}

/// The options the filters leave, or a line saying none does.
#[component]
fn PickerOptions(
    ship: usize,
    at: SlotRef,
    filter: RwSignal<String>,
    only_owned: RwSignal<bool>,
) -> impl IntoView {
    let slot = at;
    let ctx = expect_context::<Ctx>();
    let options = picker_options(ctx, ship, slot.clone());
    // Typed text also goes to the server's card search (typos forgiven);
    // until it answers, or if it cannot, the words are matched here.
    let searched = slot_search(filter, slot.kind.to_string());
    move || {
        let found = searched.get().flatten();
        let items = matching_options(ctx, options, filter, only_owned.get(), found);
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
}

/// The options that match the typed words (the server's search, when it
/// has answered, else the cards' own words), only those owned if asked.
fn matching_options(
    ctx: Ctx,
    options: Memo<Vec<PickerCard>>,
    filter: RwSignal<String>,
    only_owned: bool,
    found: Option<Vec<ShortName>>,
) -> Vec<PickerCard> {
    let words = filter.with(|q| cards::catalog::FilterWords::new(q));
    ctx.db(|db| {
        options.with(|options| {
            options
                .iter()
                .filter(|o| !only_owned || o.owned != Some(0))
                .filter(|o| match &found {
                    Some(found) => found.iter().any(|x| x.as_str() == o.xws),
                    None => db
                        .upgrade_by_id(o.id)
                        .is_some_and(|card| Card::Upgrade(card).matches_words(&words)),
                })
                .cloned()
                .collect()
        })
    })
}
