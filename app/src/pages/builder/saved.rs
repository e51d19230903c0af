//! Squads saved in this browser: save, list, open, rename, delete. An entry
//! that cannot be read is reported and kept aside, never deleted.

use cards::squad::{CORRUPT_PREFIX, SQUAD_PREFIX, SavedSquad, SavedSquads};
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::Alert;

use super::Ctx;
use crate::browser;

/// Reads the shelf, moving unreadable entries aside (text unchanged).
fn read_shelf() -> Result<SavedSquads, browser::BrowserError> {
    let shelf = SavedSquads::read(browser::storage_entries()?);
    for c in shelf.corrupt.iter().filter(|c| c.key != c.aside_key) {
        // Copy first: the entry is removed only once its text is safe.
        if browser::storage_set(&c.aside_key, &c.text).is_ok() {
            let _ = browser::storage_remove(&c.key);
        }
    }
    Ok(shelf)
}

/// What the saved list reports: a status line and an error.
#[derive(Clone, Copy)]
struct Notices {
    status: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
}

#[component]
pub fn SavedSquads() -> impl IntoView {
    let shelf = RwSignal::new(SavedSquads::default());
    let notices = Notices {
        status: RwSignal::new(None),
        error: RwSignal::new(None),
    };
    let reload = move || match read_shelf() {
        Ok(s) => shelf.set(s),
        Err(e) => notices.error.set(Some(e.to_string())),
    };
    // Storage exists only in the browser: read it once the page is live.
    Effect::new(move |_| reload());
    let items = move || {
        shelf
            .get()
            .squads
            .into_iter()
            .map(|(id, entry)| view! { <SavedItem id entry shelf_changed=reload notices /> })
            .collect_view()
    };
    view! {
        <section class="saved print-hide" aria-label="Saved squads">
            <h2>"Saved squads"</h2>
            <SaveButtons shelf notices shelf_changed=reload />
            {move || {
                notices
                    .error
                    .get()
                    .map(|e| {
                        view! { <Alert text=e /> }
                    })
            }}
            <CorruptEntries shelf />
            {move || {
                shelf
                    .with(|s| s.squads.is_empty())
                    .then(|| view! { <p class="none">"No squads saved in this browser yet."</p> })
            }}
            <ul class="saved-list">{items}</ul>
        </section>
    }
}

/// Save (over the entry the squad was opened from) or save as new.
#[component]
fn SaveButtons(
    shelf: RwSignal<SavedSquads>,
    notices: Notices,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let save = move |as_new: bool| {
        let id = match ctx.saved_id.get_untracked() {
            Some(id) if !as_new => id,
            _ => {
                let taken: Vec<String> =
                    shelf.with_untracked(|s| s.squads.iter().map(|(id, _)| id.clone()).collect());
                cards::squad::new_id(browser::now_ms(), &taken)
            }
        };
        let entry = ctx
            .squad
            .with_untracked(|s| SavedSquad::of(s, browser::now_ms()));
        match browser::storage_set(&format!("{SQUAD_PREFIX}{id}"), &entry.to_json()) {
            Ok(()) => {
                ctx.saved_id.set(Some(id));
                notices.status.set(Some(format!("Saved “{}”.", entry.name)));
                notices.error.set(None);
            }
            Err(e) => notices
                .error
                .set(Some(format!("The squad was not saved: {e}."))),
        }
        shelf_changed();
    };
    view! {
        <div class="tool-line">
            <button type="button" id="save-squad" on:click=move |_| save(false)>
                {move || if ctx.saved_id.get().is_some() { "Save changes" } else { "Save" }}
            </button>
            <button type="button" id="save-squad-new" on:click=move |_| save(true)>
                "Save as new"
            </button>
            {move || {
                notices
                    .status
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
    }
}

/// Entries that could not be read: kept aside, shown with their text.
#[component]
fn CorruptEntries(shelf: RwSignal<SavedSquads>) -> impl IntoView {
    move || {
        let corrupt = shelf.get().corrupt;
        let n = corrupt.len();
        (n > 0).then(|| {
            let (entries, they) = if n == 1 { ("entry", "It is") } else { ("entries", "They are") };
            view! {
                <div class="corrupt" role="alert" id="corrupt-saved">
                    <p>
                        {format!(
                            "{n} stored {entries} could not be read. {they} kept aside in this browser's storage (keys starting “{CORRUPT_PREFIX}”), not deleted:",
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
    }
}

#[component]
fn SavedItem(
    id: String,
    entry: SavedSquad,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
    notices: Notices,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let key = format!("{SQUAD_PREFIX}{id}");
    let renaming = RwSignal::new(None::<String>);
    let rename = {
        let (id, key, entry) = (id.clone(), key.clone(), entry.clone());
        move || {
            let Some(name) = renaming.get_untracked() else {
                return;
            };
            let renamed = entry.renamed(&name);
            match browser::storage_set(&key, &renamed.to_json()) {
                Ok(()) => {
                    if ctx.saved_id.get_untracked().as_deref() == Some(id.as_str()) {
                        ctx.edit(|s| s.name = renamed.name.clone());
                    }
                    notices
                        .status
                        .set(Some(format!("Renamed to “{}”.", renamed.name)));
                }
                Err(e) => notices
                    .error
                    .set(Some(format!("The squad was not renamed: {e}."))),
            }
            renaming.set(None);
            shelf_changed();
        }
    };
    let (name, summary, code) = (entry.name.clone(), entry.summary(), entry.code);
    let (saved_id, delete_id) = (id.clone(), id.clone());
    view! {
        <li class="saved-item" data-saved=id.clone()>
            {move || match renaming.get() {
                Some(current) => {
                    Either::Left(view! { <RenameForm current renaming rename=rename.clone() /> })
                }
                None => {
                    let (name, code, id) = (name.clone(), code.clone(), saved_id.clone());
                    Either::Right(
                        view! {
                            <span class="saved-name">{name.clone()}</span>
                            <span class="saved-summary">{summary.clone()}</span>
                            <button
                                type="button"
                                class="open-saved"
                                on:click=move |_| ctx.open_code(&code, Some(id.clone()))
                            >
                                "Open"
                            </button>
                            <button
                                type="button"
                                class="rename-saved"
                                on:click=move |_| renaming.set(Some(name.clone()))
                            >
                                "Rename"
                            </button>
                        },
                    )
                }
            }}
            <DeleteSaved id=delete_id key name=entry.name notices shelf_changed />
        </li>
    }
}

/// The new name of a saved squad, confirmed with Enter or the button.
#[component]
fn RenameForm(
    current: String,
    renaming: RwSignal<Option<String>>,
    rename: impl Fn() + Clone + Send + Sync + 'static,
) -> impl IntoView {
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
}

/// Delete, after a second click.
#[component]
fn DeleteSaved(
    id: String,
    key: String,
    name: String,
    notices: Notices,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let confirm = RwSignal::new(false);
    let delete = move |_| {
        match browser::storage_remove(&key) {
            Ok(()) => {
                if ctx.saved_id.get_untracked().as_deref() == Some(id.as_str()) {
                    ctx.saved_id.set(None);
                }
                notices.status.set(Some(format!("Deleted “{name}”.")));
            }
            Err(e) => notices.error.set(Some(e.to_string())),
        }
        confirm.set(false);
        shelf_changed();
    };
    move || {
        if confirm.get() {
            Either::Left(view! {
                <button type="button" class="confirm-delete" on:click=delete.clone()>
                    "Delete for good"
                </button>
                <button type="button" on:click=move |_| confirm.set(false)>
                    "Keep"
                </button>
            })
        } else {
            Either::Right(view! {
                <button type="button" class="delete-saved" on:click=move |_| confirm.set(true)>
                    "Delete"
                </button>
            })
        }
    }
}
