//! The card picker of a slot: the engine's options for it, allowed first,
//! filtered as the player types (by the server's search when it answers).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use cards::catalog::{Card, CardId, CardWords, ShortName, compare_names};
use cards::collection::Owned;
use cards::lang::Lang;
use cards::query::SearchParams;
use cards::squad::{CardOption, CardRef, Problem, Rules, SlotRef, Squad};
use cards::symbols::{SymbolKind, symbol};
use leptos::either::Either;
use leptos::html::{Div, Input};
use leptos::prelude::*;

use super::Ctx;
use super::problems::ProblemList;
use super::words::fill;
use crate::components::game_terms;
use crate::components::glyph::{Glyph, symbol_text};
use crate::components::owned::OnlyOwned;
use crate::components::worded::WordedName;
use crate::i18n::{t, t_string, td_string};
use crate::lang::use_i18n;
use crate::pages::search::search_cards;

/// The cards of slot type `kind` the server's search finds for the
/// filter's words (`None` while there are none, or when it cannot answer).
fn slot_search(filter: RwSignal<String>, kind: String) -> LocalResource<Option<Vec<ShortName>>> {
    let lang = crate::lang::use_lang();
    LocalResource::new(move || {
        let (q, kind) = (filter.get(), kind.clone());
        async move {
            if q.trim().is_empty() {
                return None;
            }
            searched_cards(q, kind, lang).await
        }
    })
}

/// The server's search for a picker, under way.
type Searching = Pin<Box<dyn Future<Output = Option<Vec<ShortName>>>>>;

builder_tool! {
    @return_wrapper(let searching = _; { searching.await } -> Option<Vec<ShortName>>)
    /// The cards of slot type `kind` the server's search finds for `q`. With
    /// `cargo leptos build --split` the reading of the search's answer is
    /// fetched at the first word typed into a picker, in the builder's tools
    /// file (`builder_tool!`). A split function cannot be `async`: it hands
    /// back the search under way, which its caller awaits.
    fn searched_cards(q: String, kind: String, lang: Lang) -> Searching {
        Box::pin(async move {
            let params = SearchParams {
                q,
                kind: Some("upgrade".into()),
                slot: Some(kind),
                limit: Some(cards::query::MAX_LIMIT),
                ..SearchParams::default()
            };
            let answer = search_cards(params, lang).await.ok()?;
            Some(answer.results.hits.into_iter().map(|h| h.xws).collect())
        })
    }
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
/// option, with the card's words in the page's language (and the language
/// they are really in) copied once for the page.
#[derive(Debug, Clone, PartialEq)]
struct PickerCard {
    id: CardId,
    xws: String,
    name: (String, Lang),
    summary: (String, Lang),
    points: i32,
    allowed: bool,
    /// The card's own problems there, then those of the whole squad.
    reasons: Vec<Problem>,
    /// Copies in the player's collection (`None`: no collection set).
    owned: Option<u32>,
}

impl PickerCard {
    /// The engine's option in the words of a page whose card words are
    /// `words` (`None`: English, the cards' own).
    fn new(option: CardOption<'_>, words: Option<&CardWords>) -> Self {
        let card = option.card;
        let mut reasons = option.problems;
        reasons.extend(option.squad_problems);
        let (name, summary) = match words {
            Some(w) => {
                let (name, lang) = w.upgrade_name(card);
                ((name.to_string(), lang), w.summary(Card::Upgrade(card)))
            }
            None => (
                (card.name().to_string(), Lang::En),
                (Card::Upgrade(card).summary(), Lang::En),
            ),
        };
        Self {
            id: card.id,
            xws: card.xws.clone(),
            name,
            summary,
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
    let i18n = use_i18n();
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
                <span class="card-name">
                    <WordedName words=name />
                </span>
                <span class="card-points">{points}</span>
                // English words on another language's page say so.
                <span class="card-summary" lang=(summary.1 != ctx.lang).then(|| summary.1.code())>
                    {symbol_text(&summary.0, &|w| w.to_string())}
                </span>
                {(owned == Some(0))
                    .then(|| {
                        view! {
                            <span class="not-owned">{t!(i18n, builder.not_in_collection)}</span>
                        }
                    })}
            </button>
            <ProblemList problems=reasons />
        </li>
    }
}

/// The engine's options for a slot, as the picker shows them; `None`
/// until their code has loaded (see [`slot_cards`]).
fn picker_options(ctx: Ctx, ship: usize, slot: SlotRef) -> LocalResource<Vec<PickerCard>> {
    LocalResource::new(move || {
        slot_cards(SlotAsked {
            rules: ctx.rules.get_value(),
            squad: ctx.squad.get(),
            ship,
            slot: slot.clone(),
            words: ctx.words.get_value(),
            owned: ctx.owned.get().filter(|o| !o.is_empty()),
        })
    })
}

/// What the picker of one slot asks the engine.
struct SlotAsked {
    rules: Arc<Rules>,
    squad: Squad,
    ship: usize,
    slot: SlotRef,
    words: Option<Arc<CardWords>>,
    owned: Option<Owned>,
}

/// The cards a slot can take, each with the copies the player owns once
/// a collection is set. On a page in another language, allowed first
/// still, each part sorts by the name shown (the engine's order is the
/// English names'). With `cargo leptos build --split` the engine's
/// options are a file of their own, fetched when a picker first opens:
/// a first visit to the builder needs none of them.
#[lazy]
fn slot_cards(asked: SlotAsked) -> Vec<PickerCard> {
    let SlotAsked {
        rules,
        squad,
        ship,
        slot,
        words,
        owned,
    } = asked;
    // The engine's time alone, as before the picker copied the cards'
    // words (`measure-builder.mjs` reads it).
    let options =
        crate::components::timed("builder: options", || rules.options(&squad, ship, &slot));
    let mut cards: Vec<PickerCard> = options
        .into_iter()
        .map(|o| {
            let mut card = PickerCard::new(o, words.as_deref());
            card.owned = (owned.as_ref())
                .map(|o| o.count(&rules.db, cards::collection::Piece::Upgrade(card.id)));
            card
        })
        .collect();
    if words.is_some() {
        cards.sort_by(|a, b| {
            b.allowed
                .cmp(&a.allowed)
                .then_with(|| compare_names(&a.name.0, &b.name.0))
        });
    }
    cards
}

/// The cards a slot can take: allowed first, the others greyed with the
/// engine's reason, all of them choosable; filtered as you type.
#[component]
pub fn Picker(ship: usize, at: SlotRef) -> impl IntoView {
    let slot = at;
    let ctx = expect_context::<Ctx>();
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let filter = RwSignal::new(String::new());
    let only_owned = RwSignal::new(false);
    let input = NodeRef::<Input>::new();
    focus_once_shown(input);
    let slot_name = ctx.db(|db| game_terms::slot_name(db, &slot.kind));
    let slot_arg = [("slot", slot_name.as_str())];
    // Closing gives the focus back to the slot's button.
    let close = closer(ctx, ship, &slot);
    let dialog = NodeRef::<Div>::new();
    view! {
        <div
            class="picker"
            role="dialog"
            aria-label=fill(td_string!(locale, builder.picker_label), &slot_arg)
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
                    placeholder=fill(
                        td_string!(locale, builder.picker_filter_placeholder),
                        &slot_arg,
                    )
                    aria-label=move || t_string!(i18n, builder.picker_filter_label)
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
                    {t!(i18n, builder.close)}
                </button>
            </div>
            <OnlyOwned
                owned=ctx.owned
                checked=only_owned
                label=td_string!(locale, builder.only_owned)
            />
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
    let i18n = use_i18n();
    let options = picker_options(ctx, ship, slot.clone());
    // Typed text also goes to the server's card search (typos forgiven);
    // until it answers, or if it cannot, the words are matched here.
    let searched = slot_search(filter, slot.kind.to_string());
    move || {
        let found = searched.get().flatten();
        // Nothing while the options load: "no card matches" would be untrue.
        let items = matching_options(ctx, options, filter, only_owned.get(), found)?;
        if items.is_empty() {
            return Some(Either::Left(
                view! { <li class="none">{t!(i18n, builder.no_card_matches)}</li> },
            ));
        }
        Some(Either::Right(
            items
                .into_iter()
                .map(|option| view! { <PickerOption ship at=slot.clone() option /> })
                .collect_view(),
        ))
    }
}

/// The options that match the typed words (the server's search, when it
/// has answered, else the cards' own words), only those owned if asked.
/// On a page in another language a card also matches by its words there
/// (the server searches the English words).
fn matching_options(
    ctx: Ctx,
    options: LocalResource<Vec<PickerCard>>,
    filter: RwSignal<String>,
    only_owned: bool,
    found: Option<Vec<ShortName>>,
) -> Option<Vec<PickerCard>> {
    let words = filter.with(|q| cards::catalog::FilterWords::new(q));
    ctx.db(|db| {
        ctx.words.with_value(|shown| {
            let here = |o: &PickerCard| {
                db.upgrade_by_id(o.id).is_some_and(|card| match shown {
                    Some(shown) => shown.matches(db, Card::Upgrade(card), &words),
                    None => Card::Upgrade(card).matches_words(&words),
                })
            };
            options.with(|options| {
                let options = options.as_ref()?;
                let matching = options
                    .iter()
                    .filter(|o| !only_owned || o.owned != Some(0))
                    .filter(|o| match &found {
                        Some(found) => {
                            found.iter().any(|x| x.as_str() == o.xws)
                                || (shown.is_some() && here(o))
                        }
                        None => here(o),
                    })
                    .cloned()
                    .collect();
                Some(matching)
            })
        })
    })
}
