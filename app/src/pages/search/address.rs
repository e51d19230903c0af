//! The search page's address: the search it asks (held while the page
//! is being left for a hit's), and a new search put in it.

use cards::query::SearchParams;
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};

/// The search of the current address; an unreadable address searches
/// nothing and says why.
fn params_of(pairs: Vec<(String, String)>) -> (SearchParams, Option<String>) {
    match SearchParams::from_pairs(pairs) {
        Ok(p) => (p, None),
        Err(e) => (SearchParams::default(), Some(e.to_string())),
    }
}

/// Whether the player has left the page for a hit's. A hit's page loads
/// its code before it shows, and the address changes first: meanwhile this
/// page must neither search for the new query nor navigate (which would
/// cancel the hit).
pub(super) fn left_search() -> impl Fn() -> bool + Copy + Send + Sync + 'static {
    let location = use_location();
    move || {
        location
            .pathname
            .with(|p| cards::lang::Lang::from_path(p).1.trim_end_matches('/') != "/search")
    }
}

/// The search the address asks, and why it could not be read; the last
/// one is kept while the page is being left.
pub(super) fn asked_search(
    left: impl Fn() -> bool + Copy + Send + Sync + 'static,
) -> Memo<(SearchParams, Option<String>)> {
    let query = use_query_map();
    Memo::new(move |prev: Option<&(SearchParams, Option<String>)>| {
        if let Some(prev) = prev
            && left()
        {
            return prev.clone();
        }
        query.with(|q| {
            params_of(
                q.clone()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), v))
                    .collect(),
            )
        })
    })
}

/// The address of a search (without its page: a new query or filter
/// starts again at the first page), before the page's language is added.
fn search_address(mut p: SearchParams) -> String {
    p.page = None;
    let qs = p.to_query();
    if qs.is_empty() {
        "/search".to_string()
    } else {
        format!("/search?{qs}")
    }
}

/// Puts a new search in the address, in place of the one there (nothing
/// once the page is being left).
pub(super) fn search_go(
    left: impl Fn() -> bool + Copy + Send + Sync + 'static,
) -> impl Fn(SearchParams) + Clone + Send + Sync + 'static {
    let navigate = use_navigate();
    let lang = crate::lang::page_lang();
    move |p: SearchParams| {
        if untrack(left) {
            return;
        }
        let url = lang.get_untracked().localize(&search_address(p));
        navigate(
            &url,
            NavigateOptions {
                replace: true,
                scroll: false,
                ..Default::default()
            },
        );
    }
}
