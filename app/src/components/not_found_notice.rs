//! What a page shows for an address that names nothing, answered 404.

use leptos::prelude::*;
use leptos::text_prop::TextProp;

/// What a page shows for an address that names nothing: the server answers
/// 404, and the message (`children`) says what is missing and where to go.
#[component]
pub fn NotFoundNotice(
    /// The document title.
    #[prop(into)]
    title: TextProp,
    #[prop(into)] heading: TextProp,
    children: Children,
) -> impl IntoView {
    set_status_not_found();
    view! {
        <leptos_meta::Title text=title />
        <section>
            <h1>{move || heading.get().to_string()}</h1>
            <p class="notice">{children()}</p>
        </section>
    }
}

/// Marks the server response 404 (no effect in the browser).
fn set_status_not_found() {
    #[cfg(feature = "ssr")]
    if let Some(response) = use_context::<leptos_axum::ResponseOptions>() {
        response.set_status(axum::http::StatusCode::NOT_FOUND);
    }
}
