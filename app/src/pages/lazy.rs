//! The pages whose code the browser loads only when it shows them: with
//! `cargo leptos build --split` each is a separate wasm file, so the
//! builder never downloads a simulator, the search page or a card page.
//! The builder and the home page stay in the main file: split out, the
//! builder's first visit grew by the code its chunks share with the other
//! pages (`scripts/page-sizes`). The server renders every page as before.

use leptos::prelude::*;
use leptos_router::{LazyRoute, lazy_route};

use crate::pages::cards::{CardPage, CardsPage, ShelfPage};
use crate::pages::rules::{RulesDocument, RulesIndex};
use crate::pages::search::SearchPage;

/// `/cards`.
pub struct CardsRoute;

#[lazy_route]
impl LazyRoute for CardsRoute {
    fn data() -> Self {
        Self
    }

    fn view(_this: Self) -> AnyView {
        view! { <CardsPage /> }.into_any()
    }
}

/// `/cards/<xws>`.
pub struct CardRoute;

#[lazy_route]
impl LazyRoute for CardRoute {
    fn data() -> Self {
        Self
    }

    fn view(_this: Self) -> AnyView {
        view! { <CardPage /> }.into_any()
    }
}

/// `/cards/<faction>/<ship>` and `/cards/upgrades/<slot>`.
pub struct ShelfRoute;

#[lazy_route]
impl LazyRoute for ShelfRoute {
    fn data() -> Self {
        Self
    }

    fn view(_this: Self) -> AnyView {
        view! { <ShelfPage /> }.into_any()
    }
}

/// `/search`.
pub struct SearchRoute;

#[lazy_route]
impl LazyRoute for SearchRoute {
    fn data() -> Self {
        Self
    }

    fn view(_this: Self) -> AnyView {
        view! { <SearchPage /> }.into_any()
    }
}

/// `/rules`.
pub struct RulesIndexRoute;

#[lazy_route]
impl LazyRoute for RulesIndexRoute {
    fn data() -> Self {
        Self
    }

    fn view(_this: Self) -> AnyView {
        view! { <RulesIndex /> }.into_any()
    }
}

/// `/rules/<doc>`: a rules document and the simulators beside it.
pub struct RulesDocumentRoute;

#[lazy_route]
impl LazyRoute for RulesDocumentRoute {
    fn data() -> Self {
        Self
    }

    fn view(_this: Self) -> AnyView {
        view! { <RulesDocument /> }.into_any()
    }
}
