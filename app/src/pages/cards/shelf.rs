//! `/cards/<faction>/<ship>` (a faction's pilots of a ship) and
//! `/cards/upgrades/<slot>` (a slot's upgrades): one shelf each.

use cards::catalog::{Database, FilterWords, Shelf, list_cards};
use leptos::either::Either;
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use super::card_item::card_item;
use super::printed::size_ship;
use crate::cards_asset::use_card_words;
use crate::components::game_terms::{faction_name, slot_name};
use crate::components::worded;
use crate::components::{NotFoundNotice, WithCards};
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;

/// One shelf: a faction's pilots of a ship (`/cards/<faction>/<ship>`),
/// or a slot's upgrades (`/cards/upgrades/<slot>`), by the name shown.
#[component]
pub fn ShelfPage() -> impl IntoView {
    let params = use_params_map();
    let (group, item) = params.with_untracked(|p| {
        (
            p.get("group").unwrap_or_default(),
            p.get("item").unwrap_or_default(),
        )
    });
    let i18n = use_i18n();
    view! {
        <p class="breadcrumb">
            <A href=crate::lang::localized("/cards")>{t!(i18n, cards.all_cards)}</A>
        </p>
        <WithCards render=move |db| match db.shelf(&group, &item) {
            Some(shelf) => Either::Left(shelf_view(&db, &shelf)),
            None => {
                Either::Right(
                    view! {
                        <NotFoundNotice
                            title=move || t_string!(i18n, cards.shelf_missing)
                            heading=move || t_string!(i18n, cards.shelf_missing)
                        >
                            {t!(i18n, cards.shelf_missing_text)}
                            <A href=crate::lang::localized(
                                "/cards",
                            )>{t!(i18n, cards.see_every_shelf)}</A>
                            "."
                        </NotFoundNotice>
                    },
                )
            }
        } />
    }
}

/// A shelf's heading, in the page's words.
fn shelf_title(db: &Database, shelf: &Shelf<'_>) -> String {
    let i18n = use_i18n();
    match shelf {
        Shelf::Ship { faction, ship, .. } => format!(
            "{}: {}",
            faction_name(db, &faction.xws),
            worded::ship_name(&ship.xws, &ship.name).0
        ),
        Shelf::Slot { slot, .. } => fill(
            t_string!(i18n, cards.shelf_slot_title),
            &[("slot", &slot_name(db, &slot.xws))],
        ),
    }
}

/// A shelf's heading, the size of its ship, and its cards.
fn shelf_view(db: &Database, shelf: &Shelf<'_>) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let title = shelf_title(db, shelf);
    let ship_note = match shelf {
        Shelf::Ship { ship, .. } => Some(fill(
            t_string!(i18n, cards.shelf_note),
            &[("ship", size_ship(ship.size))],
        )),
        Shelf::Slot { .. } => None,
    };
    let mut cards = shelf.cards();
    if let Shelf::Slot { .. } = shelf {
        // Upgrades by the name shown, as the filter lists them.
        let words = use_card_words();
        cards = list_cards(db, words.as_deref(), cards, &FilterWords::new(""));
    }
    let items = cards.into_iter().map(|c| card_item(c, db)).collect_view();
    let description = fill(
        t_string!(i18n, cards.shelf_description),
        &[("title", &title)],
    );
    view! {
        <Title text=title.clone() />
        <Meta name="description" content=description />
        <h1>{title}</h1>
        {ship_note.map(|n| view! { <p class="shelf-note">{n}</p> })}
        <ul class="card-list shelf">{items}</ul>
    }
}
