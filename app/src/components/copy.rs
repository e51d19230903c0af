//! Copying text to the clipboard, with a status line that says how it went.

use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::text_prop::TextProp;

use crate::browser;
use crate::components::error_words::browser_error;
use crate::i18n::t_string;
use crate::lang::use_i18n;

/// A button that copies `text` and says how it went (`done`, or why not).
#[component]
pub fn CopyButton(
    id: &'static str,
    #[prop(into)] label: TextProp,
    #[prop(into)] done: TextProp,
    text: Signal<String>,
) -> impl IntoView {
    let status = RwSignal::new(None::<String>);
    // The page's language, read here: the copy finishes outside the page's context.
    let l = use_i18n().get_locale_untracked();
    let copy = move |_| {
        let text = text.get_untracked();
        let done = done.clone();
        spawn_local(async move {
            status.set(Some(match browser::copy_text(text).await {
                Ok(()) => done.get().to_string(),
                Err(e) => browser_error(l, &e),
            }));
        });
    };
    view! {
        <button type="button" id=id on:click=copy>
            {move || label.get().to_string()}
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
    #[prop(into)] label: TextProp,
    url: Signal<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label for=id>{move || label.get().to_string()}</label>
        <div class="tool-line">
            <input id=id type="text" readonly prop:value=move || url.get() />
            <CopyButton
                id=copy_id
                label=move || t_string!(i18n, parts.copy_link)
                done=move || t_string!(i18n, parts.link_copied)
                text=url
            />
        </div>
    }
}
