//! Copying text to the clipboard, with a status line that says how it went.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::browser;

/// A button that copies `text` and says how it went (`done`, or why not).
#[component]
pub fn CopyButton(
    id: &'static str,
    label: &'static str,
    done: &'static str,
    text: Signal<String>,
) -> impl IntoView {
    let status = RwSignal::new(None::<String>);
    let copy = move |_| {
        let text = text.get_untracked();
        spawn_local(async move {
            status.set(Some(match browser::copy_text(text).await {
                Ok(()) => done.to_string(),
                Err(e) => e.to_string(),
            }));
        });
    };
    view! {
        <button type="button" id=id on:click=copy>
            {label}
        </button>
        <Status status />
    }
}

/// A status line for an action's outcome ("Link copied.").
#[component]
pub fn Status(status: RwSignal<Option<String>>) -> impl IntoView {
    move || {
        status.get().map(|m| {
            view! {
                <span class="status" role="status">
                    {m}
                </span>
            }
        })
    }
}

/// A link to copy: its label, the address in a read-only field, and a copy
/// button (`<id>` is the field, `copy-<id>` the button).
#[component]
pub fn LinkToCopy(
    id: &'static str,
    copy_id: &'static str,
    label: &'static str,
    url: Signal<String>,
) -> impl IntoView {
    view! {
        <label for=id>{label}</label>
        <div class="tool-line">
            <input id=id type="text" readonly prop:value=move || url.get() />
            <CopyButton id=copy_id label="Copy link" done="Link copied." text=url />
        </div>
    }
}
