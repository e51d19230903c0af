//! The page for addresses the app does not know.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::components::NotFoundNotice;

/// Any address the app does not know; answers 404 on the server.
#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <NotFoundNotice title="Not found" heading="Page not found">
            "There is no page at this address. "
            <A href=crate::lang::localized("/")>"Start again"</A>
            "."
        </NotFoundNotice>
    }
}
