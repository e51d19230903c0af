//! A table's header row.

use leptos::prelude::*;
use leptos::text_prop::TextProp;

/// A table's header row: one heading for each column (a word, or a
/// closure that gives it in the page's language).
#[component]
pub fn ColumnHeads<C: Into<TextProp>>(columns: Vec<C>) -> impl IntoView {
    view! {
        <thead>
            <tr>
                {columns
                    .into_iter()
                    .map(|c| {
                        let c: TextProp = c.into();
                        view! { <th scope="col">{move || c.get().to_string()}</th> }
                    })
                    .collect_view()}
            </tr>
        </thead>
    }
}
