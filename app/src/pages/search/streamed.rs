//! The part of the search page the server streams once the search
//! answers, and the hold on its page while it is drawn (issue 60).

use leptos::prelude::*;

use super::{Answer, AnswerResource, FoundHere, SearchParams};
use crate::components::PageHold;

/// The answer, drawn with its page held (issue 60): none of the page's
/// owners is dropped, on another thread, while it is drawn; nothing is
/// drawn for a page already gone.
pub(super) fn held_answer(
    hold: &PageHold,
    answer: AnswerResource,
    params: Memo<SearchParams>,
    db: std::sync::Arc<cards::catalog::Database>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> Option<AnyView> {
    let held = hold.hold()?;
    let part = streamed_answer(answer, params, db, go)?;
    Some(
        view! {
            {part}
            {move || held.keep()}
        }
        .into_any(),
    )
}

/// The part of the page the server streams once the search answers.
///
/// The server may draw it after the client walked away and the page's
/// owner, or its way up to the router, is gone (issue 60): so it draws
/// nothing for a page out of reach, reads the answer and the search once
/// with `try_`, and hands what it draws values, never the handles.
pub(super) fn streamed_answer(
    answer: AnswerResource,
    params: Memo<SearchParams>,
    db: std::sync::Arc<cards::catalog::Database>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> Option<AnyView> {
    if !crate::components::page_in_reach() {
        return None;
    }
    let answer = answer.try_get().flatten()?;
    let asked = params.try_get_untracked()?;
    Some(match answer {
        // Boxed: the answer is a large type (see `WithCards`).
        Ok(answer) => view! { <Answer answer asked params db go /> }.into_any(),
        Err(e) => view! { <FoundHere db q=asked.q error=e.to_string() /> }.into_any(),
    })
}
