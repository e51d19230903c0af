//! The page for addresses the app does not know.

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::components::A;

/// Any address the app does not know; answers 404 on the server.
#[component]
pub fn NotFound() -> impl IntoView {
    crate::components::set_status_not_found();
    view! {
        <Title text="Not found" />
        <section>
            <h1>"Page not found"</h1>
            <p>"There is no page at this address. "<A href="/">"Start again"</A>"."</p>
        </section>
    }
}
