//! What the saved list (`saved.rs`) and moving saved squads
//! (`saved_travel.rs`) share: reading the shelf from storage, and where
//! they report.

use cards::squad::SavedSquads;
use leptos::prelude::*;

use crate::browser;

/// Reads the shelf, moving unreadable entries aside (text unchanged).
pub(super) fn read_shelf() -> Result<SavedSquads, browser::BrowserError> {
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
pub(super) struct Notices {
    pub(super) status: RwSignal<Option<String>>,
    pub(super) error: RwSignal<Option<String>>,
}
