//! A streamed or suspended part of a page, and the page around it.
//!
//! The server draws such a part when its data comes in, which may be after
//! the client walked away (a phone's Back, a closed tab) and the server
//! dropped the request's owner, on another thread and in the middle of the
//! drawing. The part's signals were then disposed under it, and its way up
//! to the page's contexts (the router's, the language's) cut: a read or a
//! router link panicked (issue 60). So a part holds its page while it is
//! drawn ([`PageHold`]), and checks that the page is there before it
//! starts ([`page_in_reach`]), for a page cleaned up on purpose.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::reactive::owner::WeakOwner;

/// Whether the app's root is still in reach from here: the head's
/// context, provided first of all (`App`), is found only while every owner
/// between here and there, the router's among them, is still alive.
pub fn page_in_reach() -> bool {
    use_context::<leptos_meta::MetaContext>().is_some()
}

/// The owners from where it is made up to the request's root, known but
/// not held (weakly: holding them from a part that the page's own nodes
/// keep would make a cycle that a dropped request never breaks). A part
/// takes them in hand ([`PageHold::hold`]) when it is drawn.
#[derive(Clone)]
pub struct PageHold(Arc<Vec<WeakOwner>>);

impl PageHold {
    /// The owners from the current one up to the root.
    pub fn here() -> PageHold {
        let mut owners = Vec::new();
        let mut next = Owner::current();
        while let Some(owner) = next {
            next = owner.parent();
            owners.push(owner.downgrade());
        }
        PageHold(Arc::new(owners))
    }

    /// Every owner, held, if every one is still there; `None` for a page
    /// gone. What is drawn with the hold in it ([`HeldPage::keep`]) cannot
    /// lose its signals or its contexts until it is drawn and dropped.
    pub fn hold(&self) -> Option<HeldPage> {
        let owners: Option<Vec<Owner>> = self.0.iter().map(WeakOwner::upgrade).collect();
        owners.map(|owners| HeldPage(Arc::new(owners)))
    }
}

/// A page's owners, held while a part of it is drawn.
#[derive(Clone)]
pub struct HeldPage(Arc<Vec<Owner>>);

impl HeldPage {
    /// Nothing, drawn: a part puts `move || held.keep()` among what it
    /// draws, so that the hold lives exactly as long as the drawing.
    pub fn keep(&self) {
        let _ = self.0.len();
    }
}
