//! The application shell: document, navigation and routes.

use leptos::prelude::*;
use leptos_meta::{MetaTags, Title, provide_meta_context};
use leptos_router::components::{A, Route, Router, Routes};
use leptos_router::{Lazy, ParamSegment, SsrMode, StaticSegment, path};

use crate::cards_asset::CardDb;
#[cfg(feature = "ssr")]
use crate::cards_asset::{CARD_ASSET_META, CardAssetPath};
use crate::pages::builder::BuilderPage;
use crate::pages::home::HomePage;
use crate::pages::lazy::{
    CardRoute, CardsRoute, CollectionRoute, RulesDocumentRoute, RulesIndexRoute, SearchRoute,
    ShelfRoute,
};
use crate::pages::not_built::NotFound;
use crate::pages::print::PrintPage;
use crate::simulators::PLACES;
#[cfg(feature = "ssr")]
use leptos::tachys::html::attribute::custom::CustomAttribute;

/// The whole HTML document, rendered on the server.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    // The page's Content-Security-Policy is set once the page is written:
    // it names the page's inline scripts by hash
    // (`server::headers::page_script_policy`).
    view! {
        <!DOCTYPE html>
        <html lang="en">
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
                {stylesheet(&options)}
                {hydration_script(&options)}
                {icon_font_preload()}
                {card_asset_tags()}
                <MetaTags />
            </head>
            <body>
                <App />
            </body>
        </html>
    }
}

/// The script that hydrates the page, started once the page has loaded and
/// the browser is idle (at most 2 s later): on a slow phone the page's own
/// text, styles and fonts come first, and nothing the player sees waits for
/// the wasm. Leptos's `HydrationScripts` would also preload the JavaScript
/// and the wasm from the head, which put half a megabyte on the first
/// paint's path under Lighthouse's throttling, and reads the file names
/// from beside the executable; the names come from the site instead
/// (`server::site::SitePaths`), which also gives the split modules'
/// manifest to the router.
fn hydration_script(options: &LeptosOptions) -> impl IntoView + use<> {
    let pkg = format!("/{}", options.site_pkg_dir);
    #[cfg(feature = "ssr")]
    let (js, wasm) = match use_context::<crate::server::site::SitePaths>() {
        Some(paths) => {
            if let Some(split) = paths.split {
                provide_context(split);
            }
            (paths.script, paths.wasm)
        }
        None => (
            options.output_name.to_string(),
            format!("{}_bg", options.output_name),
        ),
    };
    #[cfg(not(feature = "ssr"))]
    let (js, wasm) = (
        options.output_name.to_string(),
        format!("{}_bg", options.output_name),
    );
    let call = format!(
        "({})({pkg:?}, {js:?}, {wasm:?});",
        include_str!("hydrate.js").trim_end().trim_end_matches(';'),
    );
    leptos::html::script().r#type("module").child(call)
}

/// The site's stylesheet, by the name the build gave it.
fn stylesheet(options: &LeptosOptions) -> impl IntoView + use<> {
    let plain = || format!("/{}/{}.css", options.site_pkg_dir, options.output_name);
    #[cfg(feature = "ssr")]
    let href = use_context::<crate::server::site::SitePaths>()
        .map(|paths| paths.stylesheet)
        .unwrap_or_else(plain);
    #[cfg(not(feature = "ssr"))]
    let href = plain();
    leptos::html::link()
        .id("leptos")
        .rel("stylesheet")
        .href(href)
}

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

/// A page that shows cards draws their symbols in the icon font: it is
/// fetched with the stylesheet rather than once the stylesheet is read, so
/// text with a symbol is not painted late. Its hashed name
/// (`scripts/subset-fonts`) is found in the site once.
fn icon_font_preload() -> Option<AnyView> {
    #[cfg(feature = "ssr")]
    {
        let href = use_context::<crate::server::site::SitePaths>()?.icon_font?;
        let shows = use_context::<axum::http::request::Parts>()
            .is_some_and(|parts| page_shows_cards(parts.uri.path()));
        shows.then(|| {
            leptos::html::link()
                .rel("preload")
                .href(href)
                .attr("as", "font")
                .attr("type", "font/woff2")
                .crossorigin("anonymous")
                .into_any()
        })
    }
    #[cfg(not(feature = "ssr"))]
    None
}

/// The card asset's address for every page, and the preload for a page
/// that shows cards (server only: the shell is never hydrated).
fn card_asset_tags() -> Option<AnyView> {
    #[cfg(feature = "ssr")]
    {
        let path = use_context::<CardAssetPath>()?.0;
        let preload = use_context::<axum::http::request::Parts>()
            .is_some_and(|parts| page_shows_cards(parts.uri.path()));
        Some(
            view! {
                <meta name=CARD_ASSET_META content=path.clone() />
                {preload
                    .then(|| {
                        leptos::html::link()
                            .rel("preload")
                            .href(path)
                            .attr("as", "fetch")
                            .crossorigin("anonymous")
                            .attr("fetchpriority", "low")
                    })}
            }
            .into_any(),
        )
    }
    #[cfg(not(feature = "ssr"))]
    None
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
