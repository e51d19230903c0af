//! Around the squad: its link, XWS export and import, the plain-text list
//! and printing.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use cards::squad::{link, list, xws};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::Ctx;
use crate::browser;

/// Copies `text` and reports the outcome in `status`.
fn copy(text: String, done: &'static str, status: RwSignal<Option<String>>) {
    spawn_local(async move {
        status.set(Some(match browser::copy_text(text).await {
            Ok(()) => done.to_string(),
            Err(e) => e,
        }));
    });
}

/// A file name from the squad's name.
fn file_name(name: &str) -> String {
    let slug: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let slug = slug
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if slug.is_empty() {
        "squad.xws.json".to_string()
    } else {
        format!("{slug}.xws.json")
    }
}

#[component]
pub fn SquadTools() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let squad = ctx.squad;
    let code = Memo::new(move |_| squad.with(link::encode));
    // The origin is known only in the browser; the server shows the path.
    let origin = RwSignal::new(String::new());
    Effect::new(move |_| origin.set(browser::origin()));
    let url = move || format!("{}/build?s={}", origin.get(), code.get());
    // The export and the list are made only while their section is open:
    // they cost time on every edit of a large squad.
    let xws_open = RwSignal::new(false);
    let text_open = RwSignal::new(false);
    let xws_json = Memo::new(move |_| {
        if !xws_open.get() {
            return String::new();
        }
        ctx.with_rules(|r| {
            squad.with(|s| serde_json::to_string_pretty(&xws::export(r, s)).unwrap_or_default())
        })
    });
    let xws_losses = Memo::new(move |_| {
        if !xws_open.get() {
            return Vec::new();
        }
        ctx.with_rules(|r| squad.with(|s| xws::export_losses(r, s)))
    });
    let download_href = move || {
        format!(
            "data:application/json;base64,{}",
            STANDARD.encode(xws_json.get())
        )
    };
    let download_name = move || squad.with(|s| file_name(&s.name));
    let text = Memo::new(move |_| {
        if !text_open.get() {
            return String::new();
        }
        ctx.with_rules(|r| squad.with(|s| ctx.report.with(|rep| list::plain_text_with(r, s, rep))))
    });

    let link_status = RwSignal::new(None::<String>);
    let xws_status = RwSignal::new(None::<String>);
    let text_status = RwSignal::new(None::<String>);
    let import_text = RwSignal::new(String::new());
    let import_result = RwSignal::new(None::<Result<Vec<String>, String>>);

    let import = move |_| {
        let json = import_text.get_untracked();
        let result = ctx.with_rules(|r| xws::import(r, &json, None));
        match result {
            Ok(imported) => {
                ctx.load(imported.squad, None, None);
                import_result.set(Some(Ok(imported.notes)));
            }
            Err(e) => import_result.set(Some(Err(e.to_string()))),
        }
    };
    let status = |s: RwSignal<Option<String>>| {
        move || {
            s.get().map(|m| {
                view! {
                    <span class="status" role="status">
                        {m}
                    </span>
                }
            })
        }
    };

    view! {
        <section class="squad-tools print-hide" aria-label="Share and export">
            <h2>"Share and export"</h2>
            <div class="tool share">
                <label for="share-link">"Link to this squad"</label>
                <div class="tool-line">
                    <input id="share-link" type="text" readonly prop:value=url />
                    <button
                        type="button"
                        id="copy-link"
                        on:click=move |_| copy(url(), "Link copied.", link_status)
                    >
                        "Copy link"
                    </button>
                    {status(link_status)}
                </div>
                <p class="hint">{move || format!("{} characters", url().len())}</p>
            </div>
            <details
                class="tool"
                on:toggle=move |ev| {
                    xws_open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
                }
            >
                <summary>"Export XWS"</summary>
                <textarea
                    id="xws-export"
                    readonly
                    rows="8"
                    prop:value=move || xws_json.get()
                ></textarea>
                <ul class="problems xws-losses" aria-live="polite">
                    {move || {
                        xws_losses
                            .get()
                            .into_iter()
                            .map(|line| view! { <li class="warning">{line}</li> })
                            .collect_view()
                    }}
                </ul>
                <div class="tool-line">
                    <button
                        type="button"
                        id="copy-xws"
                        on:click=move |_| copy(xws_json.get_untracked(), "XWS copied.", xws_status)
                    >
                        "Copy XWS"
                    </button>
                    <a id="download-xws" class="button" href=download_href download=download_name>
                        "Download XWS"
                    </a>
                    {status(xws_status)}
                </div>
            </details>
            <details class="tool">
                <summary>"Import XWS"</summary>
                <label for="xws-import">
                    "Paste an XWS squad (from any builder); it replaces the squad above."
                </label>
                <textarea
                    id="xws-import"
                    rows="6"
                    prop:value=move || import_text.get()
                    on:input=move |ev| import_text.set(event_target_value(&ev))
                ></textarea>
                <div class="tool-line">
                    <button
                        type="button"
                        id="import-xws"
                        disabled=move || import_text.with(|t| t.trim().is_empty())
                        on:click=import
                    >
                        "Import"
                    </button>
                </div>
                {move || {
                    import_result
                        .get()
                        .map(|r| match r {
                            Ok(notes) if notes.is_empty() => {
                                view! {
                                    <p class="status" role="status" id="import-result">
                                        "Imported: every card was placed."
                                    </p>
                                }
                                    .into_any()
                            }
                            Ok(notes) => {
                                view! {
                                    <div class="status" role="status" id="import-result">
                                        <p>"Imported, with notes:"</p>
                                        <ul>
                                            {notes
                                                .into_iter()
                                                .map(|n| view! { <li>{n}</li> })
                                                .collect_view()}
                                        </ul>
                                    </div>
                                }
                                    .into_any()
                            }
                            Err(e) => {
                                view! {
                                    <p class="error" role="alert" id="import-result">
                                        "Nothing was imported: "
                                        {e}
                                    </p>
                                }
                                    .into_any()
                            }
                        })
                }}
            </details>
            <details
                class="tool"
                on:toggle=move |ev| {
                    text_open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
                }
            >
                <summary>"Plain-text list"</summary>
                <pre id="plain-text">{move || text.get()}</pre>
                <div class="tool-line">
                    <button
                        type="button"
                        id="copy-text"
                        on:click=move |_| copy(text.get_untracked(), "List copied.", text_status)
                    >
                        "Copy list"
                    </button>
                    {status(text_status)}
                </div>
            </details>
            <div class="tool-line">
                <button type="button" id="print" on:click=move |_| browser::print()>
                    "Print"
                </button>
                <button type="button" id="new-squad" on:click=move |_| ctx.start_new()>
                    "New squad"
                </button>
            </div>
        </section>
    }
    .into_any()
}
