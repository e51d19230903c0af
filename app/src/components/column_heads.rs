//! A table's header row.

use leptos::prelude::*;

/// A table's header row: one heading for each column.
#[component]
pub fn ColumnHeads(columns: Vec<&'static str>) -> impl IntoView {
    view! {
        <thead>
            <tr>
                {columns.into_iter().map(|c| view! { <th scope="col">{c}</th> }).collect_view()}
            </tr>
        </thead>
    }
}
