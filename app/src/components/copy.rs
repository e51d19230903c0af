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

/// The field a text to copy is shown in, by its id.
#[derive(Clone, Copy)]
pub enum CopyField {
    /// One line (a link).
    Line(&'static str),
    /// Several lines (XWS), of this many rows.
    Area(&'static str, u32),
    /// Preformatted text (a list, a forum post).
    Pre(&'static str),
}

/// The copy button's words: its id, its label and what it says once done.
#[derive(Clone, Copy)]
pub struct CopyWords {
    pub id: &'static str,
    pub label: &'static str,
    pub done: &'static str,
}

/// A text to carry elsewhere: the text in a read-only field, what it
/// cannot hold (`children`), and a line of buttons that copy it (and
/// `download` it, where a file is offered). Every export of the builder,
/// the saved squads' link and the collection's link are drawn by it.
#[component]
pub fn TextToCopy(
    field: CopyField,
    /// The field's name for a screen reader, where no label names it.
    #[prop(optional, into)]
    aria_label: Option<TextProp>,
    copy: CopyWords,
    text: Signal<String>,
    #[prop(optional, into)] download: Option<ViewFn>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let aria_label = move || aria_label.as_ref().map(|l| l.get().to_string());
    let shown = match field {
        CopyField::Line(id) => view! { <input id=id type="text" readonly aria-label=aria_label prop:value=move || text.get() /> }
        .into_any(),
        CopyField::Area(id, rows) => view! { <textarea id=id readonly rows=rows prop:value=move || text.get()></textarea> }
        .into_any(),
        CopyField::Pre(id) => view! { <pre id=id>{move || text.get()}</pre> }.into_any(),
    };
    // A link alone sits on one line with its button; a longer text, or
    // one with notes, stands above them.
    let inline = matches!(field, CopyField::Line(_)) && children.is_none();
    let (above, beside) = if inline {
        (None, Some(shown))
    } else {
        (Some(shown), None)
    };
    view! {
        {above}
        {children.map(|c| c())}
        <div class="tool-line">
            {beside} <CopyButton id=copy.id label=copy.label done=copy.done text />
            {download.map(|d| d.run())}
        </div>
    }
}

/// A link to copy: its label, the address in a read-only field, and a copy
/// button (`<id>` is the field, `copy_id` the button).
#[component]
pub fn LinkToCopy(
    id: &'static str,
    copy_id: &'static str,
    #[prop(into)] label: TextProp,
    url: Signal<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let copy = CopyWords {
        id: copy_id,
        label: t_string!(i18n, parts.copy_link),
        done: t_string!(i18n, parts.link_copied),
    };
    view! {
        <label for=id>{move || label.get().to_string()}</label>
        <TextToCopy field=CopyField::Line(id) copy text=url />
    }
}
