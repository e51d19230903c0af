//! A page's part that needs the cards: rendered once the card database
//! and the rules engine are there, or the reason they are not.

use std::sync::Arc;

use cards::catalog::Database;
use cards::squad::Rules;
use leptos::prelude::*;

use crate::cards_asset::{CardDb, CardsState};
use crate::i18n::t;
use crate::lang::use_i18n;

/// Renders `render` with the card database, or the reason it could not be
/// loaded (see `WithRules`).
#[component]
pub fn WithCards<F, V>(render: F) -> impl IntoView
where
    F: Fn(Arc<Database>) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let with_rules = move |rules: Arc<Rules>| render(rules.db.clone());
    view! { <WithRules render=with_rules /> }
}

/// Renders `render` with the rules engine (the loaded cards and the
/// built-in formats), or the reason it could not be made. The engine is
/// shared, never copied: the server makes it once at start-up and the
/// browser once per download. The wrapper's `data-cards` mark tells the
/// browser to load the cards before hydrating (`app/src/cards_asset.rs`).
#[component]
pub fn WithRules<F, V>(render: F) -> impl IntoView
where
    F: Fn(Arc<Rules>) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let db = expect_context::<CardDb>();
    db.ensure_loaded();
    let i18n = use_i18n();
    view! {
        <div class="with-cards" data-cards="">
            {move || match db.state.get() {
                CardsState::Ready(rules) => render(rules).into_any(),
                CardsState::Loading => {
                    view! { <p class="loading">{t!(i18n, parts.loading_cards)}</p> }.into_any()
                }
                CardsState::Failed(e) => {
                    // Boxed: a page is a large type, and kept by value through
                    // the renderer's frames it can overflow a 2 MiB stack in
                    // debug builds (the search page's answer did, unboxed).
                    view! {
                        <p class="error" role="alert">
                            {t!(i18n, parts.cards_failed)}
                            {e}
                        </p>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}
