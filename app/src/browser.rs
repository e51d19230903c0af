//! Thin wrappers over the browser APIs the builder needs: the address bar,
//! local storage and the clipboard. They are called from effects and event
//! handlers only, which never run on the server; each reports failure
//! instead of panicking (storage can be disabled, the clipboard refused).

use std::time::Duration;

use leptos::prelude::{
    GetValue, SetValue, StoredValue, TimeoutHandle, on_cleanup, set_timeout_with_handle, window,
};

/// Runs an action once the calls to it pause for a while: each call
/// cancels the one still waiting, and leaving the page cancels it too.
#[derive(Clone, Copy)]
pub struct Debounce {
    delay: Duration,
    pending: StoredValue<Option<TimeoutHandle>>,
}

impl Debounce {
    /// A debounce owned by the current component, waiting `delay`.
    pub fn new(delay: Duration) -> Self {
        let pending = StoredValue::new(None::<TimeoutHandle>);
        on_cleanup(move || {
            if let Some(Some(handle)) = pending.try_get_value() {
                handle.clear();
            }
        });
        Self { delay, pending }
    }

    /// Runs `action` after the delay, unless called again before.
    pub fn run(&self, action: impl FnOnce() + 'static) {
        if let Some(Some(handle)) = self.pending.try_get_value() {
            handle.clear();
        }
        let handle = set_timeout_with_handle(action, self.delay).ok();
        self.pending.try_set_value(handle);
    }
}

/// Replaces the current address without adding a history entry, so the
/// address follows the squad without flooding the back button. An address
/// already in the bar is left alone: each replacement is a navigation the
/// browser records.
pub fn replace_url(url: &str) {
    let location = window().location();
    let path = location.pathname().unwrap_or_default();
    // The page keeps its language: `/build?s=…` on a German page is
    // `/de/build?s=…` (cards::lang::Lang::localize).
    let url = cards::lang::Lang::from_path(&path).0.localize(url);
    let now = location.search().map(|query| path + &query);
    if now.is_ok_and(|now| now == url) {
        return;
    }
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The page's origin, e.g. `http://127.0.0.1:3000`.
pub fn origin() -> String {
    window().location().origin().unwrap_or_default()
}

/// The page's origin once the page is live (empty on the server, which
/// shows paths), for links a player copies.
pub fn origin_when_live() -> leptos::prelude::RwSignal<String> {
    use leptos::prelude::*;
    let origin = RwSignal::new(String::new());
    Effect::new(move |_| origin.set(self::origin()));
    origin
}

/// What the browser refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BrowserError {
    #[error("this browser does not allow local storage for this site")]
    NoStorage,
    #[error("local storage cannot be read")]
    StorageUnreadable,
    #[error("local storage is full or refused the squad")]
    StorageRefusedWrite,
    #[error("local storage refused to remove the entry")]
    StorageRefusedRemove,
    #[error("the browser did not allow copying; select the text and copy it")]
    ClipboardRefused,
}

fn storage() -> Result<web_sys::Storage, BrowserError> {
    window()
        .local_storage()
        .ok()
        .flatten()
        .ok_or(BrowserError::NoStorage)
}

/// Every local-storage entry as `(key, value)`.
pub fn storage_entries() -> Result<Vec<(String, String)>, BrowserError> {
    let storage = storage()?;
    let len = storage
        .length()
        .map_err(|_| BrowserError::StorageUnreadable)?;
    let mut entries = Vec::new();
    for i in 0..len {
        if let Ok(Some(key)) = storage.key(i)
            && let Ok(Some(value)) = storage.get_item(&key)
        {
            entries.push((key, value));
        }
    }
    Ok(entries)
}

pub fn storage_get(key: &str) -> Option<String> {
    storage().ok()?.get_item(key).ok().flatten()
}

pub fn storage_set(key: &str, value: &str) -> Result<(), BrowserError> {
    storage()?
        .set_item(key, value)
        .map_err(|_| BrowserError::StorageRefusedWrite)
}

pub fn storage_remove(key: &str) -> Result<(), BrowserError> {
    storage()?
        .remove_item(key)
        .map_err(|_| BrowserError::StorageRefusedRemove)
}

/// Milliseconds since 1970.
pub fn now_ms() -> f64 {
    window()
        .performance()
        .map(|p| p.time_origin() + p.now())
        .unwrap_or_default()
}

/// Runs `work` and records how long it took in the page's performance
/// timeline, as a User Timing measure named `name`: the browser's
/// Performance panel shows it, and `performance.getEntriesByName(name)`
/// reads it (`end2end/scripts/measure-builder.mjs`). Without a timeline the
/// work simply runs.
pub fn measured<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let Some(performance) = window().performance() else {
        return work();
    };
    let start = format!("{name}: start");
    let marked = performance.mark(&start).is_ok();
    let out = work();
    if marked {
        let _ = performance.measure_with_start_mark(name, &start);
        performance.clear_marks_with_mark_name(&start);
    }
    out
}

/// Writes text to the clipboard.
pub async fn copy_text(text: String) -> Result<(), BrowserError> {
    let promise = window().navigator().clipboard().write_text(&text);
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|_| BrowserError::ClipboardRefused)
}

/// Opens the browser's print dialog (the print stylesheet lays out the squad).
pub fn print() {
    let _ = window().print();
}

/// The address's fragment with its `#`, or empty.
pub fn hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// The content of the page's `<meta name="{name}">`, if it has one: how
/// the server names what the wasm is to load (strings, cards, code).
pub fn meta_content(name: &str) -> Option<String> {
    leptos::prelude::document()
        .query_selector(&format!("meta[name=\"{name}\"]"))
        .ok()
        .flatten()
        .and_then(|meta| meta.get_attribute("content"))
}

/// Moves the focus to the element `selector` names once the page has
/// redrawn (a picker that closes returns the focus to its slot's button,
/// which the edit may have drawn anew).
pub fn focus_after_render(selector: String) {
    leptos::prelude::request_animation_frame(move || {
        if let Ok(Some(el)) = leptos::prelude::document().query_selector(&selector)
            && let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el)
        {
            let _ = el.focus();
        }
    });
}

/// Keeps Tab inside `container`: from its last focusable element to its
/// first, and Shift+Tab from the first to the last. Returns whether it
/// moved the focus (the caller then cancels the key's default).
pub fn trap_tab(container: &web_sys::Element, backwards: bool) -> bool {
    let Ok(list) = container.query_selector_all("button, input, select, textarea, a[href]") else {
        return false;
    };
    let items: Vec<web_sys::HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(n).ok())
        .collect();
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        return false;
    };
    let active = leptos::prelude::document().active_element();
    let at = |el: &web_sys::HtmlElement| {
        active
            .as_ref()
            .is_some_and(|a| a == el.as_ref() as &web_sys::Element)
    };
    let target = match backwards {
        true if at(first) => last,
        false if at(last) => first,
        _ => return false,
    };
    target.focus().is_ok()
}

/// Resolves in a later task of the browser's event loop (a zero-delay
/// timeout): long work split at such points leaves the page free to
/// answer a tap between the parts.
pub async fn next_task() {
    let promise = web_sys::js_sys::Promise::new(&mut |resolve, _| {
        let _ = window().set_timeout_with_callback(&resolve);
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Runs `f` once the page is live: at once on a page already hydrated
/// (or drawn afresh), else when its hydration ends. A page hydrated in
/// parts (`components::hydrate_apart`) lets effects run between them, and
/// an effect that changes what the page shows from the browser's own
/// state (a stored game) would make a part not yet hydrated differ from
/// the server's HTML: such an effect waits for this.
pub fn after_hydration(f: impl FnOnce() + 'static) {
    let f: Box<dyn FnOnce()> = Box::new(f);
    let now = HYDRATION.with(|h| match &mut *h.borrow_mut() {
        Hydration::Under(waiting) => {
            waiting.push(f);
            None
        }
        Hydration::Done => Some(f),
    });
    if let Some(f) = now {
        f();
    }
}

/// The page's hydration has ended: runs what waited for it.
pub fn hydration_done() {
    let waiting = HYDRATION.with(|h| std::mem::replace(&mut *h.borrow_mut(), Hydration::Done));
    if let Hydration::Under(waiting) = waiting {
        for f in waiting {
            f();
        }
    }
}

/// Whether the page is still being hydrated, and what waits for it.
enum Hydration {
    Under(Vec<Box<dyn FnOnce()>>),
    Done,
}

thread_local! {
    static HYDRATION: std::cell::RefCell<Hydration> =
        const { std::cell::RefCell::new(Hydration::Under(Vec::new())) };
}

/// Where the language menu's choice is kept, for the offer on `/`.
pub const CHOSEN_LANG_KEY: &str = "merchant-one.lang";

/// The language the player chose in the menu last, or else the first one
/// the browser prefers, when the site speaks it and it is not English.
pub fn preferred_lang() -> Option<cards::lang::Lang> {
    use cards::lang::Lang;
    let chosen = storage_get(CHOSEN_LANG_KEY);
    if let Some(code) = chosen {
        return Lang::from_code(&code).ok().filter(|l| *l != Lang::En);
    }
    let languages = window().navigator().languages();
    let tags: Vec<String> = languages.iter().filter_map(|v| v.as_string()).collect();
    Lang::preferred(&tags.join(","))
}

/// The address in the bar without its language prefix, query included
/// (`/build?s=…`): what the page shows now, even after `replace_url`.
pub fn current_address() -> Option<String> {
    let location = window().location();
    let path = location.pathname().ok()?;
    let search = location.search().ok()?;
    let (_, rest) = cards::lang::Lang::from_path(&path);
    Some(format!("{rest}{search}"))
}

/// Loads `address` as a whole new page (the language menu: the page's
/// card words come with its HTML and card file).
pub fn load_page(address: &str) {
    let _ = window().location().set_href(address);
}
