//! The split modules of each lazily loaded page (`pages::lazy`), named in
//! its head for hydrate.js, which fetches them beside the wasm rather than
//! after it (`server::shell`, `hydration_script`), and the page's route,
//! whose code the wasm starts loading before it hydrates. Naming them is
//! the server's; kept apart from `server` so that the pages can name them
//! without importing the server, which imports the app.

#[cfg(feature = "ssr")]
use std::collections::HashMap;
#[cfg(feature = "ssr")]
use std::sync::Arc;

#[cfg(feature = "ssr")]
use leptos::prelude::*;

/// The split modules of each lazily loaded page, from the build's
/// manifest (`__wasm_split_manifest.<hash>.json`): by the name Leptos
/// gives the page's code (`__rules_document_route_view_<n>`), their
/// addresses.
#[cfg(feature = "ssr")]
#[derive(Debug, Clone, Default)]
pub struct RouteModules(Arc<HashMap<String, Vec<String>>>);

#[cfg(feature = "ssr")]
impl RouteModules {
    /// The modules of each page's code, by its name, as addresses.
    pub fn new(modules: HashMap<String, Vec<String>>) -> Self {
        Self(Arc::new(modules))
    }

    /// The addresses of the modules the code named `name` needs; none
    /// for a name the manifest does not hold.
    pub fn of(&self, name: &str) -> &[String] {
        self.0.get(name).map_or(&[], Vec::as_slice)
    }
}

/// The `meta` that names a page's split modules (hydrate.js reads it).
pub const ROUTE_MODULES_META: &str = "route-modules";

/// The `meta` that names the lazy route being drawn, whose code the wasm
/// starts loading before it hydrates (`pages::lazy::preload_page_code`).
pub const ROUTE_CODE_META: &str = "route-code";

/// Names in the head the split modules of the lazily loaded page being
/// drawn, from the [`RouteModules`] in context. Leptos records the page's
/// code by name as the page is drawn; a page with none (the builder, in
/// the main wasm) names nothing. `route` is the lazy route's name.
#[cfg(feature = "ssr")]
pub fn name_route_modules(route: &'static str) {
    let (Some(modules), Some(drawn)) = (
        use_context::<RouteModules>(),
        use_context::<leptos::PrefetchLazyFn>(),
    ) else {
        return;
    };
    let Some(names) = drawn.0.try_with_value(|drawn| {
        let mut names: Vec<&str> = drawn
            .iter()
            .flat_map(|code| modules.of(code))
            .map(String::as_str)
            .collect();
        names.sort_unstable();
        names.dedup();
        names.join(" ")
    }) else {
        return;
    };
    if !names.is_empty() {
        // Drawn to HTML, a leptos_meta tag joins the head; it is no part
        // of the page's body, so hydration never meets it.
        let _ = view! {
            <leptos_meta::Meta name=ROUTE_MODULES_META content=names />
            <leptos_meta::Meta name=ROUTE_CODE_META content=route />
        }
        .to_html();
    }
}
