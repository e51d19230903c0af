//! What the browser refused (`crate::browser::BrowserError`), in the
//! page's language.

use super::said;
use crate::browser::BrowserError;
use crate::i18n::td_string;
use crate::lang::Locale;

/// What the browser refused (its storage or its clipboard), in `l`'s
/// words: the saved list, the collection, the play page and the copy
/// buttons say it where the refused action was.
pub fn browser_error(l: Locale, e: &BrowserError) -> String {
    match e {
        BrowserError::NoStorage => said(td_string!(l, errors.browser_no_storage)),
        BrowserError::StorageUnreadable => said(td_string!(l, errors.browser_storage_unreadable)),
        BrowserError::StorageRefusedWrite => {
            said(td_string!(l, errors.browser_storage_refused_write))
        }
        BrowserError::StorageRefusedRemove => {
            said(td_string!(l, errors.browser_storage_refused_remove))
        }
        BrowserError::ClipboardRefused => said(td_string!(l, errors.browser_clipboard_refused)),
    }
}
