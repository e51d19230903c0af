//! Thin wrappers over the browser APIs the builder needs: the address bar,
//! local storage and the clipboard. They are called from effects and event
//! handlers only, which never run on the server; each reports failure
//! instead of panicking (storage can be disabled, the clipboard refused).

use leptos::prelude::window;

/// Replaces the current address without adding a history entry, so the
/// address follows the squad without flooding the back button.
pub fn replace_url(url: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url));
    }
}

/// The page's origin, e.g. `http://127.0.0.1:3000`.
pub fn origin() -> String {
    window().location().origin().unwrap_or_default()
}

fn storage() -> Result<web_sys::Storage, String> {
    window()
        .local_storage()
        .ok()
        .flatten()
        .ok_or_else(|| "this browser does not allow local storage for this site".to_string())
}

/// Every local-storage entry as `(key, value)`.
pub fn storage_entries() -> Result<Vec<(String, String)>, String> {
    let storage = storage()?;
    let len = storage
        .length()
        .map_err(|_| "local storage cannot be read")?;
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

pub fn storage_set(key: &str, value: &str) -> Result<(), String> {
    storage()?
        .set_item(key, value)
        .map_err(|_| "local storage is full or refused the squad".to_string())
}

pub fn storage_remove(key: &str) -> Result<(), String> {
    storage()?
        .remove_item(key)
        .map_err(|_| "local storage refused to remove the entry".to_string())
}

/// Milliseconds since 1970.
pub fn now_ms() -> f64 {
    window()
        .performance()
        .map(|p| p.time_origin() + p.now())
        .unwrap_or_default()
}

/// Writes text to the clipboard.
pub async fn copy_text(text: String) -> Result<(), String> {
    let promise = window().navigator().clipboard().write_text(&text);
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|_| "the browser did not allow copying; select the text and copy it".to_string())
}

/// Opens the browser's print dialog (the print stylesheet lays out the squad).
pub fn print() {
    let _ = window().print();
}

/// The address's fragment with its `#`, or empty.
pub fn hash() -> String {
    window().location().hash().unwrap_or_default()
}
