//! Squads saved in this browser: save, list, open, rename, delete. An entry
//! that cannot be read is reported and kept aside, never deleted.

use cards::squad::link;
use cards::squad::{CORRUPT_PREFIX, SQUAD_PREFIX, SavedSquad, Shelf};
use leptos::prelude::*;

use super::Ctx;
use crate::browser;

/// Reads the shelf, moving unreadable entries aside (text unchanged).
fn read_shelf() -> Result<Shelf, browser::BrowserError> {
    let shelf = Shelf::read(browser::storage_entries()?);
    for c in shelf.corrupt.iter().filter(|c| c.key != c.aside_key) {
        // Copy first: the entry is removed only once its text is safe.
        if browser::storage_set(&c.aside_key, &c.text).is_ok() {
            let _ = browser::storage_remove(&c.key);
        }
    }
    Ok(shelf)
}

fn untitled(name: &str) -> String {
    if name.trim().is_empty() {
        "Untitled squad".to_string()
    } else {
        name.trim().to_string()
    }
}

#[component]
pub fn SavedSquads() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let shelf = RwSignal::new(Shelf::default());
    let error = RwSignal::new(None::<String>);
    let status = RwSignal::new(None::<String>);
    let reload = move || match read_shelf() {
        Ok(s) => shelf.set(s),
        Err(e) => error.set(Some(e.to_string())),
    };
    // Storage exists only in the browser: read it once the page is live.
    Effect::new(move |_| reload());

    let save = move |as_new: bool| {
        let squad = ctx.squad.get_untracked();
        let id = match ctx.saved_id.get_untracked() {
            Some(id) if !as_new => id,
            _ => {
                let taken: Vec<String> =
                    shelf.with_untracked(|s| s.squads.iter().map(|(id, _)| id.clone()).collect());
                cards::squad::new_id(browser::now_ms(), &taken)
            }
        };
        let entry = SavedSquad {
            name: untitled(&squad.name),
            code: link::encode(&squad),
            saved: browser::now_ms(),
        };
        match browser::storage_set(&format!("{SQUAD_PREFIX}{id}"), &entry.to_json()) {
            Ok(()) => {
                ctx.saved_id.set(Some(id));
                status.set(Some(format!("Saved “{}”.", entry.name)));
                error.set(None);
            }
            Err(e) => error.set(Some(format!("The squad was not saved: {e}."))),
        }
        reload();
    };

    let items = move || {
        shelf
            .get()
            .squads
            .into_iter()
            .map(|(id, entry)| view! { <SavedItem id entry shelf_changed=reload status error /> })
            .collect_view()
    };
    let corrupt = move || {
        let corrupt = shelf.get().corrupt;
        (!corrupt.is_empty()).then(|| {
            view! {
                <div class="corrupt" role="alert" id="corrupt-saved">
                    <p>
                        {format!(
                            "{} stored {} could not be read. {} kept aside in this browser's storage (keys starting “{CORRUPT_PREFIX}”), not deleted:",
                            corrupt.len(),
                            if corrupt.len() == 1 { "entry" } else { "entries" },
                            if corrupt.len() == 1 { "It is" } else { "They are" },
                        )}
                    </p>
                    <ul>
                        {corrupt
                            .into_iter()
                            .map(|c| {
                                view! {
                                    <li>
                                        <details>
                                            <summary>
                                                {format!("{}: {}", c.aside_key, c.reason)}
                                            </summary>
                                            <pre>{c.text}</pre>
                                        </details>
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                </div>
            }
        })
    };

    view! {
        <section class="saved print-hide" aria-label="Saved squads">
            <h2>"Saved squads"</h2>
            <div class="tool-line">
                <button type="button" id="save-squad" on:click=move |_| save(false)>
                    {move || if ctx.saved_id.get().is_some() { "Save changes" } else { "Save" }}
                </button>
                <button type="button" id="save-squad-new" on:click=move |_| save(true)>
                    "Save as new"
                </button>
                {move || {
                    status
                        .get()
                        .map(|m| {
                            view! {
                                <span class="status" role="status">
                                    {m}
                                </span>
                            }
                        })
                }}
            </div>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="error" role="alert">
                                {e.to_string()}
                            </p>
                        }
                    })
            }}
            {corrupt}
            {move || {
                shelf
                    .with(|s| s.squads.is_empty())
                    .then(|| view! { <p class="none">"No squads saved in this browser yet."</p> })
            }}
            <ul class="saved-list">{items}</ul>
        </section>
    }
    .into_any()
}

#[component]
fn SavedItem(
    id: String,
    entry: SavedSquad,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
    status: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let key = format!("{SQUAD_PREFIX}{id}");
    let renaming = RwSignal::new(None::<String>);
    let confirm_delete = RwSignal::new(false);
    let ships = link::decode(&entry.code)
        .map(|s| s.ships.len())
        .unwrap_or_default();
    let summary = format!("{} {}", ships, if ships == 1 { "ship" } else { "ships" });

    let open = {
        let (id, code) = (id.clone(), entry.code.clone());
        move |_| {
            ctx.open_code(&code, Some(id.clone()));
        }
    };
    let rename = {
        let (id, key, entry) = (id.clone(), key.clone(), entry.clone());
        move || {
            let Some(name) = renaming.get_untracked() else {
                return;
            };
            let name = untitled(&name);
            // The name lives in the entry and in the squad its code holds.
            let mut squad = link::decode_lossy(&entry.code).squad;
            squad.name = name.clone();
            let renamed = SavedSquad {
                name: name.clone(),
                code: link::encode(&squad),
                saved: entry.saved,
            };
            match browser::storage_set(&key, &renamed.to_json()) {
                Ok(()) => {
                    if ctx.saved_id.get_untracked().as_deref() == Some(id.as_str()) {
                        ctx.edit(|s| s.name = name.clone());
                    }
                    status.set(Some(format!("Renamed to “{name}”.")));
                }
                Err(e) => error.set(Some(format!("The squad was not renamed: {e}."))),
            }
            renaming.set(None);
            shelf_changed();
        }
    };
    let delete = {
        let (id, key, name) = (id.clone(), key.clone(), entry.name.clone());
        move |_| {
            match browser::storage_remove(&key) {
                Ok(()) => {
                    if ctx.saved_id.get_untracked().as_deref() == Some(id.as_str()) {
                        ctx.saved_id.set(None);
                    }
                    status.set(Some(format!("Deleted “{name}”.")));
                }
                Err(e) => error.set(Some(e.to_string())),
            }
            confirm_delete.set(false);
            shelf_changed();
        }
    };
    let name = entry.name.clone();
    view! {
        <li class="saved-item" data-saved=id.clone()>
            {move || match renaming.get() {
                Some(current) => {
                    let rename = rename.clone();
                    let rename_key = rename.clone();
                    view! {
                        <input
                            type="text"
                            class="rename-input"
                            aria-label="New name"
                            prop:value=current
                            on:input=move |ev| renaming.set(Some(event_target_value(&ev)))
                            on:keydown=move |ev| {
                                if ev.key() == "Enter" {
                                    rename_key();
                                }
                            }
                        />
                        <button type="button" class="rename-ok" on:click=move |_| rename()>
                            "Rename"
                        </button>
                        <button type="button" on:click=move |_| renaming.set(None)>
                            "Cancel"
                        </button>
                    }
                        .into_any()
                }
                None => {
                    let name = name.clone();
                    view! {
                        <span class="saved-name">{name.clone()}</span>
                        <span class="saved-summary">{summary.clone()}</span>
                        <button type="button" class="open-saved" on:click=open.clone()>
                            "Open"
                        </button>
                        <button
                            type="button"
                            class="rename-saved"
                            on:click=move |_| renaming.set(Some(name.clone()))
                        >
                            "Rename"
                        </button>
                    }
                        .into_any()
                }
            }}
            {move || {
                if confirm_delete.get() {
                    view! {
                        <button type="button" class="confirm-delete" on:click=delete.clone()>
                            "Delete for good"
                        </button>
                        <button type="button" on:click=move |_| confirm_delete.set(false)>
                            "Keep"
                        </button>
                    }
                        .into_any()
                } else {
                    view! {
                        <button
                            type="button"
                            class="delete-saved"
                            on:click=move |_| confirm_delete.set(true)
                        >
                            "Delete"
                        </button>
                    }
                        .into_any()
                }
            }}
        </li>
    }
    .into_any()
}
