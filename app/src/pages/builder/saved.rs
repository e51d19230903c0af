//! Squads saved in this browser: save, list, open, rename, file in a
//! folder, delete; the list filtered and sorted, and every squad moved to
//! another browser (`saved_travel.rs`). An entry that cannot be read is
//! reported and kept aside, never deleted.

use cards::squad::{CORRUPT_PREFIX, SQUAD_PREFIX, SavedSquad, SavedSquads, ShelfFilter, ShelfSort};
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::Alert;

use super::Ctx;
use super::saved_travel::{ShelfControls, ShelfTravel, import_from_address};
use super::shelf::{Notices, read_shelf};
use super::words::fill;
use crate::browser;
use crate::components::error_words::browser_error;
use crate::i18n::{t, t_string, td_string};
use crate::lang::use_i18n;

#[component]
pub fn SavedSquads() -> impl IntoView {
    let i18n = use_i18n();
    let shelf = RwSignal::new(SavedSquads::default());
    let notices = Notices {
        status: RwSignal::new(None),
        error: RwSignal::new(None),
    };
    let locale = expect_context::<Ctx>().locale();
    let reload = move || match read_shelf() {
        Ok(s) => shelf.set(s),
        Err(e) => notices.error.set(Some(browser_error(locale, &e))),
    };
    // Storage exists only in the browser: read it once the page is live.
    Effect::new(move |_| reload());
    import_from_address(locale, notices, reload);
    let (filter, sort) = (
        RwSignal::new(ShelfFilter::default()),
        RwSignal::new(ShelfSort::Date),
    );
    let items = move || shown_items(shelf, filter, sort, notices, reload);
    view! {
        <section class="saved print-hide" aria-label=move || t_string!(i18n, builder.saved_squads)>
            <h2>{t!(i18n, builder.saved_squads)}</h2>
            <SaveButtons shelf notices shelf_changed=reload />
            {move || {
                notices
                    .error
                    .get()
                    .map(|e| {
                        view! { <Alert text=e /> }
                    })
            }}
            <ShelfTravel shelf notices shelf_changed=reload />
            <CorruptEntries shelf />
            <ShelfControls shelf filter sort />
            <datalist id="saved-folders">
                {move || {
                    shelf
                        .with(SavedSquads::folders)
                        .into_iter()
                        .map(|f| view! { <option value=f></option> })
                        .collect_view()
                }}
            </datalist>
            {move || {
                shelf
                    .with(|s| s.squads.is_empty())
                    .then(|| view! { <p class="none">{t!(i18n, builder.no_saved_squads)}</p> })
            }}
            <ul class="saved-list">{items}</ul>
        </section>
    }
}

/// The saved squads the filter lets through, in the chosen order. Points
/// are worked out only to sort by them.
fn shown_items(
    shelf: RwSignal<SavedSquads>,
    filter: RwSignal<ShelfFilter>,
    sort: RwSignal<ShelfSort>,
    notices: Notices,
    reload: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let sort = sort.get();
    let shelf = shelf.get();
    let rules = ctx.rules.get_value();
    let rows = shelf.rows(|squad| match sort {
        ShelfSort::Points => rules.validate(squad).points,
        _ => 0,
    });
    let shown: Vec<usize> = filter.with(|f| {
        shelf
            .shown(&rows, f, sort)
            .into_iter()
            .map(|r| r.at)
            .collect()
    });
    shown
        .into_iter()
        .map(|at| {
            let (id, entry) = shelf.squads[at].clone();
            view! { <SavedItem id entry shelf_changed=reload notices /> }
        })
        .collect_view()
}

/// Save (over the entry the squad was opened from) or save as new.
#[component]
fn SaveButtons(
    shelf: RwSignal<SavedSquads>,
    notices: Notices,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (i18n, locale) = (use_i18n(), ctx.locale());
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
                let said = fill(td_string!(locale, builder.saved), &[("name", &entry.name)]);
                notices.status.set(Some(said));
                notices.error.set(None);
            }
            Err(e) => notices.error.set(Some(fill(
                td_string!(locale, builder.not_saved),
                &[("reason", &browser_error(locale, &e))],
            ))),
        }
        shelf_changed();
    };
    view! {
        <div class="tool-line">
            <button type="button" id="save-squad" on:click=move |_| save(false)>
                {move || {
                    if ctx.saved_id.get().is_some() {
                        t_string!(i18n, builder.save_changes)
                    } else {
                        t_string!(i18n, builder.save)
                    }
                }}
            </button>
            <button type="button" id="save-squad-new" on:click=move |_| save(true)>
                {t!(i18n, builder.save_as_new)}
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
    let i18n = use_i18n();
    move || {
        let corrupt = shelf.get().corrupt;
        let n = corrupt.len();
        (n > 0).then(|| {
            view! {
                <div class="corrupt" role="alert" id="corrupt-saved">
                    <p>
                        {t!(
                            i18n, builder.corrupt_entries, count = move || n, prefix = CORRUPT_PREFIX
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

/// One saved squad in the list: its name, ships and buttons (or the
/// rename form), its folder, and delete.
#[component]
fn SavedItem(
    id: String,
    entry: SavedSquad,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
    notices: Notices,
) -> impl IntoView {
    let key = format!("{SQUAD_PREFIX}{id}");
    let renaming = RwSignal::new(None::<String>);
    let rename = rename_saved(
        id.clone(),
        key.clone(),
        entry.clone(),
        renaming,
        notices,
        shelf_changed,
    );
    let folder = folder_input(key.clone(), entry.clone(), notices, shelf_changed);
    let (name, code) = (entry.name.clone(), entry.code);
    // How many ships the squad has ("2 ships").
    let ships = cards::squad::link::decode_lossy(&code).squad.ships.len();
    let (saved_id, delete_id) = (id.clone(), id.clone());
    view! {
        <li class="saved-item" data-saved=id.clone()>
            {move || match renaming.get() {
                Some(current) => {
                    Either::Left(view! { <RenameForm current renaming rename=rename.clone() /> })
                }
                None => {
                    let (name, code, id) = (name.clone(), code.clone(), saved_id.clone());
                    Either::Right(view! { <SavedLine id name code ships renaming /> })
                }
            }}
            {folder}
            <DeleteSaved id=delete_id key name=entry.name notices shelf_changed />
        </li>
    }
}

/// Renames saved squad `id` (kept under `key`) to the name typed, and the
/// squad being built with it when it is the one open; says what it did.
fn rename_saved(
    id: String,
    key: String,
    entry: SavedSquad,
    renaming: RwSignal<Option<String>>,
    notices: Notices,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
) -> impl Fn() + Clone + Send + Sync + 'static {
    let ctx = expect_context::<Ctx>();
    let locale = ctx.locale();
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
                let said = fill(
                    td_string!(locale, builder.renamed),
                    &[("name", &renamed.name)],
                );
                notices.status.set(Some(said));
            }
            Err(e) => notices.error.set(Some(fill(
                td_string!(locale, builder.not_renamed),
                &[("reason", &browser_error(locale, &e))],
            ))),
        }
        renaming.set(None);
        shelf_changed();
    }
}

/// A saved squad's line while it is not being renamed: its name, how many
/// ships it has, and the buttons to open and to rename it.
#[component]
fn SavedLine(
    id: String,
    name: String,
    code: String,
    ships: usize,
    renaming: RwSignal<Option<String>>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    view! {
        <span class="saved-name">{name.clone()}</span>
        <span class="saved-summary">{t!(i18n, common.ships_count, count = move || ships)}</span>
        <button
            type="button"
            class="open-saved"
            on:click=move |_| ctx.open_code(&code, Some(id.clone()))
        >
            {t!(i18n, builder.open_saved)}
        </button>
        <button
            type="button"
            class="rename-saved"
            on:click=move |_| renaming.set(Some(name.clone()))
        >
            {t!(i18n, builder.rename)}
        </button>
    }
}

/// The folder a saved squad is filed in: typed, kept when it changes.
fn folder_input(
    key: String,
    entry: SavedSquad,
    notices: Notices,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let (i18n, locale) = (use_i18n(), expect_context::<Ctx>().locale());
    let current = entry.folder.clone().unwrap_or_default();
    let file = move |ev| {
        let folder = event_target_value(&ev).trim().to_string();
        let filed = SavedSquad {
            folder: (!folder.is_empty()).then_some(folder),
            ..entry.clone()
        };
        if let Err(e) = browser::storage_set(&key, &filed.to_json()) {
            notices.error.set(Some(browser_error(locale, &e)));
        }
        shelf_changed();
    };
    view! {
        <input
            type="text"
            class="saved-folder"
            list="saved-folders"
            aria-label=move || t_string!(i18n, builder.folder)
            placeholder=move || t_string!(i18n, builder.folder)
            prop:value=current
            on:change=file
        />
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
    let i18n = use_i18n();
    view! {
        <input
            type="text"
            class="rename-input"
            aria-label=move || t_string!(i18n, builder.new_name)
            prop:value=current
            on:input=move |ev| renaming.set(Some(event_target_value(&ev)))
            on:keydown=move |ev| {
                if ev.key() == "Enter" {
                    rename_key();
                }
            }
        />
        <button type="button" class="rename-ok" on:click=move |_| rename()>
            {t!(i18n, builder.rename)}
        </button>
        <button type="button" on:click=move |_| renaming.set(None)>
            {t!(i18n, builder.cancel)}
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
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let confirm = RwSignal::new(false);
    let delete = move |_| {
        match browser::storage_remove(&key) {
            Ok(()) => {
                if ctx.saved_id.get_untracked().as_deref() == Some(id.as_str()) {
                    ctx.saved_id.set(None);
                }
                let said = fill(td_string!(locale, builder.deleted), &[("name", &name)]);
                notices.status.set(Some(said));
            }
            Err(e) => notices.error.set(Some(browser_error(locale, &e))),
        }
        confirm.set(false);
        shelf_changed();
    };
    move || {
        if confirm.get() {
            Either::Left(view! {
                <button type="button" class="confirm-delete" on:click=delete.clone()>
                    {t!(i18n, builder.delete_for_good)}
                </button>
                <button type="button" on:click=move |_| confirm.set(false)>
                    {t!(i18n, builder.keep)}
                </button>
            })
        } else {
            Either::Right(view! {
                <button type="button" class="delete-saved" on:click=move |_| confirm.set(true)>
                    {t!(i18n, builder.delete)}
                </button>
            })
        }
    }
}
