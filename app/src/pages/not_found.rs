//! The page for addresses the app does not know.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::components::NotFoundNotice;
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;

/// Any address the app does not know; answers 404 on the server.
#[component]
pub fn NotFound() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <NotFoundNotice
            title=move || t_string!(i18n, common.not_found_title)
            heading=move || t_string!(i18n, common.not_found_heading)
        >
            {t!(i18n, common.not_found_text)}
            <A href=crate::lang::localized("/")>{t!(i18n, common.not_found_again)}</A>
            "."
        </NotFoundNotice>
    }
}
