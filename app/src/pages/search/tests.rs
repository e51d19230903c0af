//! Issue 60: the part of the search page the server streams, drawn after
//! its page is gone (a client that walked away) and while it lives.

use super::*;
use crate::lang::PageLang;
use cards::lang::Lang;
use std::sync::Arc;

/// An answer with one hit and a filter, as the server sends it.
fn energy_answer() -> SearchAnswer {
    let hit = Hit {
        xws: "heavylaserturret".into(),
        name: "Heavy Laser Turret".into(),
        kind: HitKind::Upgrade,
        slot: Some("hardpoint".into()),
        ship: None,
        points: Some(5),
        score: 1.0,
        snippet: "<mark>Energy</mark>".into(),
        url: "/cards/heavylaserturret".into(),
    };
    SearchAnswer {
        results: Results {
            total: 1,
            hits: vec![hit],
            ..Default::default()
        },
        counts: FilterCounts {
            kind: vec![(HitKind::Upgrade, 1)],
            ..Default::default()
        },
        problem: None,
    }
}

/// What is gone when the streamed part is drawn.
#[derive(Clone, Copy, PartialEq)]
enum Gone {
    /// Nothing: the page is being served.
    Nothing,
    /// The page's owner, which holds the search asked, was disposed.
    Page,
    /// The request's root owner was dropped, as when the server drops the
    /// answer's stream: the page's owner lives on, cut off from the router.
    Root,
    /// The request's root dropped on another thread while the part was
    /// being drawn: after its view was made, before it was written out.
    RootWhileDrawn,
}

/// The part the server streams for a search of "energy", drawn in the
/// page's owner beneath the router, after `gone`. The answer is ready, as
/// the server's is when it draws this part, and is held by the request's
/// root, as the resource that outlives the page in issue 60's panic.
fn streamed(gone: Gone) -> String {
    let _ = any_spawner::Executor::init_tokio();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let _inside = runtime.enter();
    let root = Owner::new();
    root.set();
    leptos_meta::provide_meta_context();
    provide_context(PageLang(Memo::new(|_| Lang::En)));
    provide_context(crate::i18n::I18n::new(Signal::stored(crate::lang::locale(
        Lang::En,
    ))));
    provide_context(leptos_router::location::RequestUrl::new("/search?q=energy"));
    let db = Arc::new(cards::catalog::Database::embedded().unwrap());
    // The page's owner, beneath the router, as the search page's is.
    let page = Arc::new(std::sync::Mutex::new(None::<(Owner, PageHold)>));
    let kept = page.clone();
    let _ = view! {
        <leptos_router::components::Router>
            {
                let owner = Owner::current().unwrap().child();
                let hold = owner.with(PageHold::here);
                *kept.lock().unwrap() = Some((owner, hold));
            }
        </leptos_router::components::Router>
    }
    .to_html();
    let (page, hold) = page.lock().unwrap().take().unwrap();

    let params = page.with(|| {
        Memo::new(|_| SearchParams {
            q: "energy".into(),
            ..Default::default()
        })
    });
    let answer: AnswerResource =
        Resource::new_with_options(move || (), move |()| async { Ok(energy_answer()) }, false);
    runtime.block_on(async { answer.await }).unwrap();
    let mut root = Some(root);
    match gone {
        Gone::Nothing | Gone::RootWhileDrawn => {}
        Gone::Page => page.cleanup(),
        Gone::Root => root = None,
    }
    let part = page.with(|| held_answer(&hold, answer, params, db, |_| {}));
    if gone == Gone::RootWhileDrawn {
        drop(root.take());
        drop(page);
    }
    part.to_html()
}

/// Issue 60: a client walked away, the server drew the answer after the
/// page's owner was gone, and the search filters' read of the search
/// asked panicked. Now nothing is drawn, and nothing panics.
#[test]
fn the_answer_streamed_after_its_page_is_gone_draws_nothing_and_never_panics() {
    // Nothing but the renderer's empty marker.
    assert_eq!(streamed(Gone::Page).replace("<!>", ""), "");
}

/// Issue 60's other panic: the request's root dropped, and a hit's router
/// link found no router above the page's owner. Now nothing is drawn.
#[test]
fn the_answer_streamed_after_its_request_is_gone_draws_nothing_and_never_panics() {
    assert_eq!(streamed(Gone::Root).replace("<!>", ""), "");
}

/// The same part, drawn while its page is served, shows the hit and the
/// filters: the tests above draw nothing because the page is gone.
#[test]
fn the_answer_streamed_while_its_page_lives_shows_the_hits() {
    let html = streamed(Gone::Nothing);
    assert!(html.contains("data-xws=\"heavylaserturret\""), "{html}");
    assert!(html.contains("id=\"search-min-points\""), "{html}");
}

/// The request's root dropped while the part was being drawn: the part
/// holds its page, so nothing was disposed under it, and it draws the
/// hits (on ce6c611 this was the race the abort storm lost).
#[test]
fn a_page_is_held_while_its_answer_is_drawn() {
    let html = streamed(Gone::RootWhileDrawn);
    assert!(html.contains("data-xws=\"heavylaserturret\""), "{html}");
}
