//! Search with no signal: the card-name and text filter that runs in the
//! browser (the one `/cards` uses), shown when the server cannot answer
//! `/search`, with a note that says so.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::i18n::fill;
use crate::i18n::t_string;
use crate::lang::use_i18n;

/// When the server cannot search (no signal at the table): the card-name
/// and text filter that runs in the browser (the one `/cards` uses), and
/// a note that says so.
#[component]
pub(super) fn FoundHere(
    db: std::sync::Arc<cards::catalog::Database>,
    q: String,
    error: String,
) -> impl IntoView {
    let i18n = use_i18n();
    let found = db.find_cards(&q, 40);
    let items = found
        .cards
        .iter()
        .map(|card| {
            let key = db.card_key(*card);
            let name = card.name().to_string();
            view! {
                <li>
                    <A href=crate::lang::localized(&format!("/cards/{key}"))>{name}</A>
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="error" role="status">
            {fill(t_string!(i18n, search.offline_fallback), &[("error", &error)])}
        </p>
        <ul class="found-here">{items}</ul>
    }
}
