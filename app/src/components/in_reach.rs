//! Whether the page around a streamed or suspended part is still there.
//!
//! The server draws such a part when its data comes in, which may be after
//! the client walked away (a phone's Back, a closed tab) and the request's
//! owner was dropped: the part's own owner may live on, but its way up to
//! the page's contexts (the router's, the language's) is gone, and a
//! router link or a signal read there panics (issue 60). A part checks
//! this first, and draws nothing for a page nobody will read.

use leptos::prelude::*;

/// Whether the app's root is still in reach from here: the head's
/// context, provided first of all (`App`), is found only while every owner
/// between here and there, the router's among them, is still alive.
pub fn page_in_reach() -> bool {
    use_context::<leptos_meta::MetaContext>().is_some()
}
