//! Merchant One, the Leptos app: pages and components (both sides), the
//! server (`ssr`) and the browser entry point (`hydrate`).
//!
//! Components render and wire signals; the game logic lives in the `cards` crate.

// Deeply nested view types (the builder page) need more than the default 128.
#![recursion_limit = "512"]

pub mod app;
pub mod browser;
pub mod components;
pub mod pages;
pub mod reference;
pub mod simulators;

#[cfg(feature = "ssr")]
pub mod api;
#[cfg(feature = "ssr")]
pub mod server;

/// The browser entry point: hydrates the server-rendered page.
#[cfg(feature = "hydrate")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn hydrate() {
    console_error_panic_hook::set_once();
    leptos::mount::hydrate_body(app::App);
}
