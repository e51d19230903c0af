//! Saved squads that travel (`cards::squad::travel`): every saved squad as
//! one file, or one link while it stays under 8 KB, and a file or link
//! merged into this browser's saved squads; and the list's filter and
//! order. A merge only adds: the page says what it added, skipped and
//! renamed, and a file it cannot read whole changes nothing.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use cards::squad::travel::{self, FiledSquad, Merge};
use cards::squad::{SavedSquads, ShelfFilter, ShelfSort};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use wasm_bindgen::JsCast;

use super::Ctx;
use super::shelf::{Notices, read_shelf};
use super::words::fill;
use crate::browser;
use crate::components::copy::{CopyField, CopyWords, TextToCopy};
use crate::components::error_words::{browser_error, travel_error};
use crate::components::game_terms::{faction_name, format_name};
use crate::i18n::{t, t_string, td_string};
use crate::lang::{Locale, use_i18n};

/// Writes a merge's entries and says what it did; an entry storage refuses
/// stops the writing there, with the reason (nothing saved is touched).
fn apply(locale: Locale, notices: Notices, incoming: Vec<FiledSquad>) {
    let shelf = match read_shelf() {
        Ok(shelf) => shelf,
        Err(e) => return notices.error.set(Some(browser_error(locale, &e))),
    };
    let Merge {
        writes,
        added,
        skipped,
        renamed,
    } = travel::merge(&shelf, incoming, browser::now_ms());
    for (key, text) in &writes {
        if let Err(e) = browser::storage_set(key, text) {
            let reason = browser_error(locale, &e);
            let said = fill(
                td_string!(locale, builder.import_refused),
                &[("reason", &reason)],
            );
            return notices.error.set(Some(said));
        }
    }
    let renamed: Vec<String> = renamed
        .iter()
        .map(|(was, now)| format!("{was} → {now}"))
        .collect();
    let mut said = fill(
        td_string!(locale, builder.import_report),
        &[
            ("added", &added.len().to_string()),
            ("skipped", &skipped.len().to_string()),
        ],
    );
    if !renamed.is_empty() {
        said.push(' ');
        said.push_str(&fill(
            td_string!(locale, builder.import_renamed),
            &[("names", &renamed.join(", "))],
        ));
    }
    notices.error.set(None);
    notices.status.set(Some(said));
}

fn refuse(locale: Locale, notices: Notices, reason: &str) {
    let said = fill(
        td_string!(locale, builder.import_refused),
        &[("reason", reason)],
    );
    notices.error.set(Some(said));
}

/// Reads the chosen file, refusing one past the largest a squads file may
/// be before reading it.
fn import_file(
    locale: Locale,
    notices: Notices,
    input: web_sys::HtmlInputElement,
    done: impl Fn() + 'static,
) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let size = file.size() as usize;
    if size > travel::MAX_SQUADS_FILE_BYTES {
        let too_large = travel::TravelError::TooLarge(size);
        return refuse(locale, notices, &travel_error(locale, &too_large));
    }
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
        match text.ok().and_then(|t| t.as_string()) {
            Some(text) => match travel::read_file(&text) {
                Ok(incoming) => apply(locale, notices, incoming),
                Err(e) => refuse(locale, notices, &travel_error(locale, &e)),
            },
            None => refuse(
                locale,
                notices,
                td_string!(locale, errors.travel_file_unreadable),
            ),
        }
        input.set_value("");
        done();
    });
}

/// A link's `squads` (`/build?squads=<code>~<code>`), merged once the page
/// is live.
pub fn import_from_address(locale: Locale, notices: Notices, done: impl Fn() + Copy + 'static) {
    let query = use_query_map();
    Effect::new(move |_| {
        let Some(value) = query.with_untracked(|q| q.get("squads")) else {
            return;
        };
        match travel::read_link_value(&value, browser::now_ms()) {
            Ok(incoming) => apply(locale, notices, incoming),
            Err(e) => refuse(locale, notices, &travel_error(locale, &e)),
        }
        done();
    });
}

/// Every saved squad as one file to download: its JSON in a `data:`
/// address.
fn squads_file_href(shelf: &SavedSquads) -> String {
    let file = travel::squads_file(shelf);
    format!("data:application/json;base64,{}", STANDARD.encode(file))
}

/// Export every saved squad (a file, and a link while it is short) and
/// import a file.
#[component]
pub fn ShelfTravel(
    shelf: RwSignal<SavedSquads>,
    notices: Notices,
    shelf_changed: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (i18n, locale) = (use_i18n(), ctx.locale());
    let origin = browser::origin_when_live();
    let file_href = move || shelf.with(squads_file_href);
    let link = Signal::derive(move || {
        shelf
            .with(travel::squads_link_value)
            .map(|v| {
                format!(
                    "{}{}",
                    origin.get(),
                    ctx.lang.localize(&format!("/build?squads={v}"))
                )
            })
            .unwrap_or_default()
    });
    view! {
        <details class="tool saved-travel">
            <summary>{t!(i18n, builder.move_saved)}</summary>
            <div class="tool-line">
                <a
                    id="export-saved"
                    class="button"
                    href=file_href
                    download="merchant-one-squads.json"
                >
                    {t!(i18n, builder.export_saved)}
                </a>
            </div>
            <SavedLink link />
            <label for="import-saved">{t!(i18n, builder.import_saved)}</label>
            <input
                type="file"
                id="import-saved"
                accept=".json,application/json"
                on:change=move |ev| import_chosen(locale, notices, shelf_changed, ev)
            />
        </details>
    }
}

/// Every saved squad as one link to copy, or, when the link would be too
/// long, a word that only the file carries them.
#[component]
fn SavedLink(link: Signal<String>) -> impl IntoView {
    let (i18n, locale) = (use_i18n(), expect_context::<Ctx>().locale());
    move || {
        if link.with(String::is_empty) {
            view! { <p class="hint">{t!(i18n, builder.saved_link_file_only)}</p> }.into_any()
        } else {
            let copy = CopyWords {
                id: "copy-saved-link",
                label: td_string!(locale, builder.copy_saved_link),
                done: td_string!(locale, builder.copied),
            };
            view! {
                <TextToCopy
                    field=CopyField::Line("saved-link")
                    aria_label=move || t_string!(i18n, builder.saved_link)
                    copy
                    text=link
                />
            }
            .into_any()
        }
    }
}

/// A squads file chosen to import: its squads are merged into the saved
/// ones.
fn import_chosen(
    locale: Locale,
    notices: Notices,
    shelf_changed: impl Fn() + 'static,
    ev: leptos::ev::Event,
) {
    if let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        import_file(locale, notices, input, shelf_changed);
    }
}

/// The list's filter (faction, format, folder) and order (date, name,
/// points), each a select over what the saved squads hold.
#[component]
pub fn ShelfControls(
    shelf: RwSignal<SavedSquads>,
    filter: RwSignal<ShelfFilter>,
    sort: RwSignal<ShelfSort>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    let db = ctx.rules.with_value(|r| r.db.clone());
    let values = move |pick: fn(&cards::squad::Squad) -> String| {
        let mut seen: Vec<String> = shelf.with(|s| {
            s.squads
                .iter()
                .map(|(_, e)| pick(&cards::squad::link::decode_lossy(&e.code).squad))
                .collect()
        });
        seen.sort();
        seen.dedup();
        seen
    };
    let any = move || t_string!(i18n, builder.size_any);
    let select = move |id: &'static str,
                       options: Vec<(String, String)>,
                       set: fn(&mut ShelfFilter, Option<String>)| {
        view! {
            <select
                id=id
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    filter.update(|f| set(f, (!v.is_empty()).then_some(v)));
                }
            >
                <option value="">{any}</option>
                {options
                    .into_iter()
                    .map(|(value, label)| view! { <option value=value>{label}</option> })
                    .collect_view()}
            </select>
        }
    };
    let factions = move || {
        let options = values(|s| s.faction.clone())
            .into_iter()
            .map(|f| (f.clone(), faction_name(&db, &f)))
            .collect();
        select("shelf-faction", options, |f, v| f.faction = v)
    };
    let formats = move || {
        let options = values(|s| s.format.clone())
            .into_iter()
            .map(|f| (f.clone(), format_name(&f, &f)))
            .collect();
        select("shelf-format", options, |f, v| f.format = v)
    };
    let folders = move || {
        let options = shelf
            .with(SavedSquads::folders)
            .into_iter()
            .map(|f| (f.clone(), f))
            .collect();
        select("shelf-folder", options, |f, v| f.folder = v)
    };
    view! {
        <div class="tool-line shelf-controls">
            <label>{t!(i18n, builder.faction)} " " {factions}</label>
            <label>{t!(i18n, builder.format)} " " {formats}</label>
            <label>{t!(i18n, builder.shelf_folder)} " " {folders}</label>
            <SortSelect sort />
        </div>
    }
}

/// The list's order: date (newest first), name or points.
#[component]
fn SortSelect(sort: RwSignal<ShelfSort>) -> impl IntoView {
    let i18n = use_i18n();
    let on_sort = move |ev| {
        sort.set(match event_target_value(&ev).as_str() {
            "name" => ShelfSort::Name,
            "points" => ShelfSort::Points,
            _ => ShelfSort::Date,
        })
    };
    view! {
        <label>
            {t!(i18n, builder.shelf_sort)} " " <select id="shelf-sort" on:change=on_sort>
                <option value="date">{t!(i18n, builder.shelf_sort_date)}</option>
                <option value="name">{t!(i18n, builder.shelf_sort_name)}</option>
                <option value="points">{t!(i18n, search.filter_points)}</option>
            </select>
        </label>
    }
}
