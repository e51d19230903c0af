//! The language menu on every page: the same page, query and squad in
//! each of the eight languages.

use cards::lang::Lang;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

use crate::i18n::t;
use crate::lang::{page_lang, use_i18n};

/// The menu: each language's name in itself, linking to this page in it.
#[component]
pub fn LanguageMenu() -> impl IntoView {
    let i18n = use_i18n();
    let location = use_location();
    let current = page_lang();
    let here = move || {
        let path = location.pathname.get();
        let search = location.search.get();
        address_in(&path, &search)
    };
    let choices = Lang::ALL.map(|lang| {
        let address = move || lang.localize(&here());
        view! {
            <li>
                <a
                    href=address
                    rel="external"
                    hreflang=lang.code()
                    lang=lang.code()
                    aria-current=move || (current.get() == lang).then_some("true")
                    on:click=move |ev| {
                        remember(lang);
                        if let Some(now) = crate::browser::current_address() {
                            ev.prevent_default();
                            crate::browser::load_page(&lang.localize(&now));
                        }
                    }
                >
                    {lang.endonym()}
                </a>
            </li>
        }
    });
    view! {
        <details class="language-menu">
            <summary>
                <span class="visually-hidden">{t!(i18n, common.language_menu_label)}": "</span>
                {move || current.get().endonym()}
            </summary>
            <ul>{choices}</ul>
        </details>
    }
}

/// A page's address without its language prefix, with its query
/// (`search`, given without its `?`).
fn address_in(path: &str, search: &str) -> String {
    let (_, rest) = Lang::from_path(path);
    let search = search.trim_start_matches('?');
    // As the head's language links: a stranger's long query is not copied
    // eight times into the page (the click reads the address bar anyway).
    if search.is_empty() || search.len() > 2048 {
        rest.to_string()
    } else {
        format!("{rest}?{search}")
    }
}

/// Keeps the player's choice for the next visit to `/` (browser only).
fn remember(lang: Lang) {
    #[cfg(feature = "hydrate")]
    if let Some(storage) = leptos::prelude::window().local_storage().ok().flatten() {
        let _ = storage.set_item(crate::browser::CHOSEN_LANG_KEY, lang.code());
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = lang;
}
