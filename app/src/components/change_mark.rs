//! The mark of something a ship's cards changed (`as_built.rs` writes
//! what it says); the stat block, the action list and the dial draw it.

use leptos::prelude::*;

/// The mark beside a changed stat, action or maneuver: a star that prints
/// in black and white, and its note, shown on pointing, focus or a tap and
/// read by screen readers.
#[component]
pub fn ChangeMark(note: String) -> impl IntoView {
    view! {
        <span class="change-mark" tabindex="0">
            <span class="star" aria-hidden="true">
                "*"
            </span>
            <span class="change-note">{note}</span>
        </span>
    }
}
