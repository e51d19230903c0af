//! `/cards`: a filter over every card's words (`?q=`, so a filter is an
//! address), and the shelves, by faction and ship or by slot.

use std::sync::Arc;

use cards::catalog::{Card, Database, ShelfLink, list_cards};
use cards::collection::Owned;
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::use_query_map;

use super::card_item::card_item;
use crate::cards_asset::use_card_words;
use crate::components::WithCards;
use crate::components::game_terms::{faction_name, slot_name};
use crate::components::owned::{OnlyOwned, owned_signal};
use crate::components::worded;
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;

/// The most matches `/cards` lists for a filter; the count says how many
/// more there are.
const MAX_MATCHES: usize = 40;

/// The card index: a filter over every card's words (`?q=`, so a filter
/// is an address), and the shelves, by faction and ship or by slot.
#[component]
pub fn CardsPage() -> impl IntoView {
    let query = use_query_map();
    let filter = RwSignal::new(query.with_untracked(|q| q.get("q").unwrap_or_default()));
    let i18n = use_i18n();
    view! {
        <Title text=crate::components::live_title(move || {
            t_string!(i18n, cards.title).to_string()
        }) />
        <Meta name="description" content=move || t_string!(i18n, cards.description) />
        <h1>{t!(i18n, cards.title)}</h1>
        <WithCards render=move |db| view! { <CardIndex db filter /> } />
    }
}

/// What the count beside the filter says.
#[derive(Clone, Copy)]
enum Count {
    /// No filter: how many cards there are.
    All(usize),
    /// How many of them match, all listed.
    Matches(usize, usize),
    /// How many of them match, more than are listed.
    More(usize, usize),
}

/// The cards a filter finds, in English or in the page's words, the first
/// [`MAX_MATCHES`] of them; with `only`, among the cards that pass it (an
/// empty filter then lists every such card).
fn find_shown<'a>(
    db: &'a Database,
    q: &str,
    only: Option<&dyn Fn(Card<'_>) -> bool>,
) -> (Vec<Card<'a>>, usize) {
    let words = cards::catalog::FilterWords::new(q);
    if words.is_empty() && only.is_none() {
        return (Vec::new(), 0);
    }
    let shown = db.cards().filter(|c| only.is_none_or(|keep| keep(*c)));
    let mut found = list_cards(db, use_card_words().as_deref(), shown, &words);
    let total = found.len();
    found.truncate(MAX_MATCHES);
    (found, total)
}

/// The filter with its matches, and the shelves below it.
#[component]
fn CardIndex(db: Arc<Database>, filter: RwSignal<String>) -> impl IntoView {
    let i18n = use_i18n();
    let total = db.cards().count();
    let owned = owned_signal(db.clone());
    let only_owned = RwSignal::new(false);
    let db = StoredValue::new(db);
    let matches = move || {
        let q = filter.get();
        let mine = owned.get().filter(|o| only_owned.get() && !o.is_empty());
        db.with_value(|db| matches_of(db, &q, mine.as_ref(), total))
    };
    let shelves = db.with_value(|db| shelf_nav(db));
    view! {
        <form class="card-filter" method="get" action="/cards" role="search">
            <label for="card-filter">{t!(i18n, cards.filter_label)}</label>
            <input
                id="card-filter"
                name="q"
                type="search"
                placeholder=move || t_string!(i18n, cards.filter_placeholder)
                autocomplete="off"
                prop:value=move || filter.get()
                on:input=move |ev| {
                    let q = event_target_value(&ev);
                    crate::browser::replace_url(&filter_address(&q));
                    filter.set(q);
                }
            />
            <OnlyOwned
                owned=owned
                checked=only_owned
                label=move || t_string!(i18n, cards.only_owned)
            />
            {move || {
                let (count, items) = matches();
                view! {
                    <span class="count" aria-live="polite">
                        {count_line(count)}
                    </span>
                    <ul class="card-list matches">{items}</ul>
                }
            }}
        </form>
        {shelves}
    }
}

/// What the filter `q` finds, among the cards the player owns (`mine`)
/// when only those are asked for: the count beside the filter, and the
/// matches listed. `total`: how many cards there are.
fn matches_of(
    db: &Database,
    q: &str,
    mine: Option<&Owned>,
    total: usize,
) -> (Count, impl IntoView + use<>) {
    let owns = |card: Card<'_>| mine.is_some_and(|o| o.count_of_card(db, card) > 0);
    let (found, n) = find_shown(db, q, mine.is_some().then_some(&owns as _));
    let count = match (q.trim().is_empty() && mine.is_none(), n) {
        (true, _) => Count::All(total),
        (false, n) if n > MAX_MATCHES => Count::More(n, total),
        (false, n) => Count::Matches(n, total),
    };
    let items = found.into_iter().map(|c| card_item(c, db)).collect_view();
    (count, items)
}

/// The shelves: each faction's ships, then the upgrades by slot.
fn shelf_nav(db: &Database) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let (factions, slots) = (db.faction_shelves(), db.slot_shelves());
    let shelves = factions
        .into_iter()
        .map(|f| {
            let name = faction_name(db, &f.faction);
            let links = ship_links(db, f.ships);
            view! {
                <section class="shelf-group" data-faction=f.faction.clone()>
                    <h2>{name}</h2>
                    <ShelfLinks links />
                </section>
            }
        })
        .collect_view();
    let slots = slot_links(db, slots);
    view! {
        <nav class="card-shelves" aria-label=move || t_string!(i18n, cards.shelves_label)>
            {shelves}
            <section class="shelf-group" data-faction="upgrades">
                <h2>{t!(i18n, cards.upgrades_by_slot)}</h2>
                <ShelfLinks links=slots />
            </section>
        </nav>
    }
}

/// The count beside the filter, in the page's words.
fn count_line(count: Count) -> impl IntoView + use<> {
    let i18n = use_i18n();
    match count {
        // Text, not a view: the number and its noun stay one text node
        // (a plural key's view puts a hydration mark between them).
        Count::All(n) => EitherOf3::A(fill(
            t_string!(i18n, cards.count_all),
            &[("count", &n.to_string())],
        )),
        Count::Matches(n, total) => EitherOf3::B(t!(
            i18n,
            cards.count_matches,
            count = move || n,
            total = move || total
        )),
        Count::More(n, total) => EitherOf3::C(t!(
            i18n,
            cards.count_matches_more,
            count = move || n,
            total = move || total,
            shown = move || MAX_MATCHES
        )),
    }
}

/// A faction's ship shelves, each named as the page's language names it.
fn ship_links(db: &Database, links: Vec<ShelfLink>) -> Vec<ShelfLink> {
    links
        .into_iter()
        .map(|mut l| {
            let xws = l.href.rsplit('/').next().unwrap_or_default();
            l.label = worded::ship_name(xws, db.ship_name(xws)).0;
            l
        })
        .collect()
}

/// The upgrade shelves, each slot named in the page's language.
fn slot_links(db: &Database, links: Vec<ShelfLink>) -> Vec<ShelfLink> {
    links
        .into_iter()
        .map(|mut l| {
            let xws = l.href.rsplit('/').next().unwrap_or_default();
            l.label = slot_name(db, xws);
            l
        })
        .collect()
}

/// The address of `/cards` filtered by `q`.
fn filter_address(q: &str) -> String {
    if q.is_empty() {
        "/cards".into()
    } else {
        format!(
            "/cards?q={}",
            form_urlencoded::byte_serialize(q.as_bytes()).collect::<String>()
        )
    }
}

/// The links to a group's shelves, each with its count of cards.
#[component]
fn ShelfLinks(links: Vec<ShelfLink>) -> impl IntoView {
    view! {
        <ul class="shelf-links">
            {links
                .into_iter()
                .map(|l| {
                    view! {
                        <li>
                            <A href=crate::lang::localized(&l.href)>{l.label}</A>
                            <span class="count">{format!(" ({})", l.count)}</span>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}
