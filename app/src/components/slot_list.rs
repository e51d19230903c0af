//! A card's upgrade icons as labelled badges.

use std::sync::Arc;

use cards::catalog::Database;
use cards::symbols::SymbolKind;
use leptos::either::Either;
use leptos::prelude::*;

use super::game_terms::slot_name;
use super::glyph::Named;
use crate::i18n::t;
use crate::lang::use_i18n;

/// Upgrade icons as labelled badges, in order.
#[component]
pub fn SlotList(db: Arc<Database>, slots: Vec<String>) -> impl IntoView {
    if slots.is_empty() {
        let i18n = use_i18n();
        return Either::Left(view! { <span class="none">{t!(i18n, parts.no_slots)}</span> });
    }
    Either::Right(view! {
        <ul class="slots">
            {slots
                .iter()
                .map(|s| {
                    view! {
                        <li class=format!("slot slot-{s}")>
                            <Named kind=SymbolKind::Slot key=s.clone() name=slot_name(&db, s) />
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    })
}
