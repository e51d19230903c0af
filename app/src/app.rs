//! The application: navigation and routes. The document around it is the
//! server's (`server::shell`).

use leptos::prelude::*;
use leptos_meta::{Title, provide_meta_context};
use leptos_router::components::{A, Route, Router, Routes};
use leptos_router::{Lazy, ParamSegment, SsrMode, StaticSegment, path};

use crate::cards_asset::CardDb;
use crate::pages::builder::BuilderPage;
use crate::pages::home::HomePage;
use crate::pages::lazy::{
    CardRoute, CardsRoute, CollectionRoute, RulesDocumentRoute, RulesIndexRoute, SearchRoute,
    ShelfRoute,
};
use crate::pages::not_found::NotFound;
use crate::pages::print::PrintPage;
use crate::simulators::PLACES;

/// Whether the page at `path` shows cards, so its head asks the browser to
/// download the card asset at once (`<link rel="preload">`), in parallel
/// with the wasm. The browser loads the cards for any page marked
/// `data-cards` whatever this says; this only saves a round trip.
/// `app/tests/server.rs` checks it against the pages' marks.
pub fn page_shows_cards(path: &str) -> bool {
    match path.trim_end_matches('/') {
        "/build" | "/cards" | "/search" => true,
        p if p.starts_with("/cards/") => true,
        p => p.strip_prefix("/rules/").is_some_and(|doc| {
            PLACES
                .iter()
                .any(|(d, _, simulator)| *d == doc && simulator.needs_cards())
        }),
    }
}

/// The document title of a page titled `text`. leptos_meta writes the
/// server's `<title>` without escaping, and titles hold a stranger's words
/// (a squad name, a search), so the server escapes them here; the browser
/// sets `document.title`, which takes plain text.
pub fn page_title(text: String) -> String {
    let title = if text.is_empty() {
        "Merchant One".to_string()
    } else {
        format!("{text} · Merchant One")
    };
    #[cfg(feature = "ssr")]
    let title = html_escape::encode_text(&title).into_owned();
    title
}

#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    provide_context(CardDb::new());
    // Each page but the home page and the builder loads its code when
    // shown (crate::pages::lazy).
    let cards_page = Lazy::<CardsRoute>::new();
    let card_page = Lazy::<CardRoute>::new();
    let shelf_page = Lazy::<ShelfRoute>::new();
    let search_page = Lazy::<SearchRoute>::new();
    let rules_index = Lazy::<RulesIndexRoute>::new();
    let rules_document = Lazy::<RulesDocumentRoute>::new();
    let collection_page = Lazy::<CollectionRoute>::new();

    view! {
        <Title formatter=page_title />
        <Router>
            <header class="site-header">
                <A href="/" attr:class="brand">
                    "Merchant One"
                </A>
                <nav aria-label="Main">
                    <A href="/build">"Builder"</A>
                    <A href="/cards">"Cards"</A>
                    <A href="/search">"Search"</A>
                    <A href="/rules">"Rules"</A>
                    <A href="/collection">"Collection"</A>
                </nav>
            </header>
            <main>
                <Routes fallback=NotFound>
                    <Route path=StaticSegment("") view=HomePage />
                    <Route path=path!("/cards") view=cards_page />
                    // Rendered whole before answering, so an unknown card or
                    // shelf answers 404.
                    <Route
                        path=(StaticSegment("cards"), ParamSegment("xws"))
                        view=card_page
                        ssr=SsrMode::Async
                    />
                    <Route
                        path=(StaticSegment("cards"), ParamSegment("group"), ParamSegment("item"))
                        view=shelf_page
                        ssr=SsrMode::Async
                    />
                    // Rendered whole, so a shared link's title and preview tags are in the head.
                    <Route path=path!("/build") view=BuilderPage ssr=SsrMode::Async />
                    // Rendered whole: a printout opened from a shared link.
                    <Route path=path!("/build/print") view=PrintPage ssr=SsrMode::Async />
                    <Route path=path!("/search") view=search_page />
                    <Route path=path!("/collection") view=collection_page />
                    <Route path=path!("/rules") view=rules_index />
                    // Rendered whole, so an unknown document answers 404 and the
                    // simulators' results are in the HTML of a shared address.
                    <Route
                        path=(StaticSegment("rules"), ParamSegment("doc"))
                        view=rules_document
                        ssr=SsrMode::Async
                    />
                </Routes>
            </main>
            <footer class="site-footer">
                "X-Wing Miniatures Game (1st edition) squad builder and card database for Epic play. "
                "Card data: every 1st-edition card, from the xwing-data package (MIT) and the C-ROC Cruiser Expansion Pack."
            </footer>
        </Router>
    }
}
