//! A counter a thumb can work: minus, the value, plus, each button at
//! least 44 px (style/main.css, "Play").

use leptos::prelude::*;

/// `label: value`, with buttons that take `minus` and `plus`; a button is
/// disabled where the value is at its bound.
#[component]
pub fn Counter(
    /// What it counts.
    #[prop(into)]
    label: String,
    /// The value now, and the most it may be.
    value: u8,
    max: u8,
    /// Names of the buttons, for screen readers.
    #[prop(into)]
    minus_label: String,
    #[prop(into)] plus_label: String,
    minus: Callback<()>,
    plus: Callback<()>,
) -> impl IntoView {
    let at_zero = value == 0;
    let at_max = value >= max;
    view! {
        <div class="play-counter">
            <span class="play-counter-label">{label}</span>
            <button
                type="button"
                aria-label=minus_label
                disabled=at_zero
                on:click=move |_| minus.run(())
            >
                "−"
            </button>
            <output class="play-counter-value">{format!("{value}/{max}")}</output>
            <button
                type="button"
                aria-label=plus_label
                disabled=at_max
                on:click=move |_| plus.run(())
            >
                "+"
            </button>
        </div>
    }
}
