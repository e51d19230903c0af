//! The pages whose code the browser loads only when it shows them: with
//! `cargo leptos build --split` each is a separate wasm file, so the
//! builder never downloads a simulator, the search page or a card page.
//! The builder and the home page stay in the main file: split out, the
//! builder's first visit grew by the code its chunks share with the other
//! pages (`scripts/page-sizes`). The server renders every page as before,
//! and names the page's modules in its head, which the browser fetches
//! beside the main wasm (`route_modules`).

use leptos::prelude::*;
use leptos_router::{LazyRoute, lazy_route};

use crate::pages::cards::{CardPage, CardsPage, ShelfPage};
use crate::pages::collection::CollectionPage;
use crate::pages::play::PlayPage;
use crate::pages::print::PrintPage;
use crate::pages::rules::{RulesDocument, RulesIndex};
use crate::pages::search::SearchPage;

/// A lazy route named `$route` whose view is the page component `$page`.
/// (`#[lazy_route]` names the split-off code after the type, so each
/// route's code is its own file.)
macro_rules! lazy_page {
    ($(#[$doc:meta])* $route:ident => $page:ident) => {
        $(#[$doc])*
        pub struct $route;

        #[lazy_route]
        impl LazyRoute for $route {
            fn data() -> Self {
                Self
            }

            fn view(_this: Self) -> AnyView {
                #[cfg(feature = "ssr")]
                crate::route_modules::name_route_modules();
                view! { <$page /> }.into_any()
            }
        }
    };
}

lazy_page!(/// `/cards`.
    CardsRoute => CardsPage);
lazy_page!(/// `/cards/<xws>`.
    CardRoute => CardPage);
lazy_page!(/// `/cards/<faction>/<ship>` and `/cards/upgrades/<slot>`.
    ShelfRoute => ShelfPage);
lazy_page!(/// `/search`.
    SearchRoute => SearchPage);
lazy_page!(/// `/rules`.
    RulesIndexRoute => RulesIndex);
lazy_page!(/// `/rules/<doc>`: a rules document and the simulators beside it.
    RulesDocumentRoute => RulesDocument);
lazy_page!(/// `/build/print`: a player opens it from the builder, whose first
    /// visit needs none of it.
    PrintRoute => PrintPage);
lazy_page!(/// `/play`: a squad in play at the table.
    PlayRoute => PlayPage);
lazy_page!(/// `/collection`.
    CollectionRoute => CollectionPage);
