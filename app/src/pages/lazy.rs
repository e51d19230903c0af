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

/// Lazy routes, each `$route` with the page component `$page` as its
/// view (`#[lazy_route]` names the split-off code after the type, so each
/// route's code is its own file), and [`preload_page_code`] over them all.
macro_rules! lazy_pages {
    ($($(#[$doc:meta])* $route:ident => $page:ident;)*) => {
        $(
            $(#[$doc])*
            pub struct $route;

            #[lazy_route]
            impl LazyRoute for $route {
                fn data() -> Self {
                    Self
                }

                fn view(_this: Self) -> AnyView {
                    #[cfg(feature = "ssr")]
                    crate::route_modules::name_route_modules(stringify!($route));
                    view! { <$page /> }.into_any()
                }
            }
        )*

        /// Starts loading the code of the lazy route named `route` (as the
        /// server names it in the page's head, `route_modules`), in a task
        /// of its own: the router's hydration then finds it loading, and
        /// does not issue the module's forty fetches inside its own long
        /// task (issue 60). An unknown name loads nothing. (Spawned on
        /// wasm-bindgen's executor: Leptos sets up its own only as it
        /// hydrates.)
        #[cfg(feature = "hydrate")]
        pub fn preload_page_code(route: &str) {
            match route {
                $(stringify!($route) => wasm_bindgen_futures::spawn_local(<$route as LazyRoute>::preload()),)*
                _ => {}
            }
        }
    };
}

lazy_pages! {
    /// `/cards`.
    CardsRoute => CardsPage;
    /// `/cards/<xws>`.
    CardRoute => CardPage;
    /// `/cards/<faction>/<ship>` and `/cards/upgrades/<slot>`.
    ShelfRoute => ShelfPage;
    /// `/search`.
    SearchRoute => SearchPage;
    /// `/rules`.
    RulesIndexRoute => RulesIndex;
    /// `/rules/<doc>`: a rules document and the simulators beside it.
    RulesDocumentRoute => RulesDocument;
    /// `/build/print`: a player opens it from the builder, whose first
    /// visit needs none of it.
    PrintRoute => PrintPage;
    /// `/play`: a squad in play at the table.
    PlayRoute => PlayPage;
    /// `/collection`.
    CollectionRoute => CollectionPage;
}
