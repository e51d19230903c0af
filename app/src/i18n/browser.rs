//! The browser's download of its page's language (`<meta
//! name="strings-asset">`), installed before the page hydrates so the
//! hydrated page reads as the server's.

use super::{Locale, STRINGS_ASSET_META, install};
use cards::lang::Lang;

/// Why the page's strings could not be read.
#[derive(Debug, thiserror::Error)]
pub enum StringsDownloadError {
    #[error("the interface strings could not be downloaded: {0}")]
    Download(String),
    #[error("the interface strings could not be read: {0}")]
    Unreadable(String),
    #[error("the interface strings are of another release ({0} strings)")]
    OtherRelease(usize),
}

/// Downloads and installs the page's language, if the page names one.
pub async fn load() -> Result<(), StringsDownloadError> {
    let document = leptos::prelude::document();
    let Some(address) = crate::browser::meta_content(STRINGS_ASSET_META) else {
        return Ok(());
    };
    let lang = document
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .and_then(|code| Lang::from_code(&code).ok())
        .unwrap_or(Lang::En);
    let response = gloo_net::http::Request::get(&address)
        .send()
        .await
        .map_err(|e| StringsDownloadError::Download(e.to_string()))?;
    if !response.ok() {
        return Err(StringsDownloadError::Download(format!(
            "HTTP {}",
            response.status()
        )));
    }
    let bytes = response
        .binary()
        .await
        .map_err(|e| StringsDownloadError::Download(e.to_string()))?;
    let strings: Vec<Option<String>> = postcard::from_bytes(&bytes)
        .map_err(|e| StringsDownloadError::Unreadable(e.to_string()))?;
    install(Locale::of(lang), strings).map_err(StringsDownloadError::OtherRelease)
}
