//! Merchant One, the Leptos app: pages and components (both sides), the
//! server (`ssr`) and the browser entry point (`hydrate`).
//!
//! Components render and wire signals; the game logic lives in the `cards` crate.

// Deeply nested view types (the builder page) need more than the default 128.
#![recursion_limit = "512"]

pub mod i18n;

pub mod app;
pub mod browser;
pub mod cards_asset;
pub mod components;
pub mod lang;
pub mod pages;
pub mod reference;
pub mod simulators;

#[cfg(feature = "ssr")]
pub mod public_base;
pub mod route_modules;
#[cfg(feature = "ssr")]
pub mod server;

/// The browser entry point: hydrates the server-rendered page.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    start(false);
}

/// The browser entry point for HTML drawn for another address (the
/// service worker's page of another squad, offline): the page is drawn
/// afresh for its own address instead of hydrated, which would fail on
/// the difference.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn render_fresh() {
    start(true);
}

/// Loads the page's words and cards, then hydrates the page or draws it afresh.
#[cfg(feature = "hydrate")]
fn start(fresh: bool) {
    console_error_panic_hook::set_once();
    // A page that shows cards was rendered with them: load them first, so
    // the hydrated page is the server's. Without them the page stays as
    // the server rendered it, readable but not interactive.
    // (wasm-bindgen's executor, which `hydrate_from_async` sets up for Leptos.)
    wasm_bindgen_futures::spawn_local(async move {
        // A page not in English reads its language's words first; without
        // them it stays as the server rendered it, in that language.
        if let Err(e) = i18n::browser::load().await {
            leptos::logging::error!("Merchant One: {e}");
            return;
        }
        if cards_asset::browser::page_shows_cards()
            && let Err(e) = cards_asset::browser::load().await
        {
            leptos::logging::error!("Merchant One: {e}");
            return;
        }
        // Reading the cards, issuing the lazy page's fetches and hydrating
        // are each long work on a slow phone; run apart, none blocks a tap
        // for as long as all would.
        browser::next_task().await;
        if let Some(route) = browser::meta_content(route_modules::ROUTE_CODE_META) {
            pages::lazy::preload_page_code(&route);
            browser::next_task().await;
        }
        let Some(body) = leptos::prelude::document().body() else {
            return;
        };
        if fresh {
            // The other address's page goes; the update notice (outside
            // the app) stays.
            let app = body.query_selector_all(":scope > :not(#update-ready)");
            if let Ok(nodes) = app {
                for i in 0..nodes.length() {
                    if let Some(node) = nodes.item(i) {
                        let _ = body.remove_child(&node);
                    }
                }
            }
            leptos::mount::mount_to(body.clone(), app::App).forget();
        } else {
            // As `hydrate_lazy` does (it waits for the page's lazily loaded
            // code), then the mark that tells tests (and curious players) the
            // page is live: only now, with the lazily loaded page hydrated too.
            let owner = leptos::mount::hydrate_from_async(body.clone(), app::App).await;
            owner.forget();
        }
        browser::hydration_done();
        let _ = body.set_attribute("data-hydrated", "true");
    });
}
