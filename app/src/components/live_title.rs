//! A page title that follows the page's signals in the browser.

/// A page title that follows `text` in the browser. The server reads a
/// title only after the page has rendered, when the page's signals may
/// already be disposed (a panic, seen under load), so there it is read once,
/// now.
pub fn live_title(
    text: impl Fn() -> String + Send + Sync + 'static,
) -> leptos::text_prop::TextProp {
    if cfg!(feature = "ssr") {
        text().into()
    } else {
        text.into()
    }
}
