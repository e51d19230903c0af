//! A problem announced to screen readers.

use leptos::prelude::*;

/// A problem announced to screen readers (`role="alert"`).
#[component]
pub fn Alert(#[prop(into)] text: String) -> impl IntoView {
    view! {
        <p class="error" role="alert">
            {text}
        </p>
    }
}
