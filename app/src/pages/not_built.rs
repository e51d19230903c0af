//! Pages whose features are not built yet say so plainly.

use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::components::A;

#[component]
fn NotBuilt(title: &'static str, what: &'static str) -> impl IntoView {
    view! {
        <Title text=title />
        <section class="not-built">
            <h1>{title}</h1>
            <p class="notice">{what}" is not built yet. "<A href="/cards">"Browse the cards"</A>" meanwhile."</p>
        </section>
    }
}

#[component]
pub fn RulesPage() -> impl IntoView {
    view! { <NotBuilt title="Rules reference" what="The rules reference" /> }
}

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
