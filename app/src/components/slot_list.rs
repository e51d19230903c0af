//! A card's upgrade icons as labelled badges.

use std::sync::Arc;

use cards::catalog::Database;
use cards::symbols::SymbolKind;
use leptos::either::Either;
use leptos::prelude::*;

use super::glyph::Named;

/// Upgrade icons as labelled badges, in order.
#[component]
pub fn SlotList(db: Arc<Database>, slots: Vec<String>) -> impl IntoView {
    if slots.is_empty() {
        return Either::Left(view! { <span class="none">"none"</span> });
    }
    Either::Right(view! {
        <ul class="slots">
            {slots
                .iter()
                .map(|s| {
                    view! {
                        <li class=format!("slot slot-{s}")>
                            <Named
                                kind=SymbolKind::Slot
                                key=s.clone()
                                name=db.slot_name(s).to_string()
                            />
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    })
}
