//! `/search`: card search as you type, with filters that show how many
//! hits each would leave. The address always holds the search.

use cards::catalog::Card;
use cards::collection::Piece;
use cards::query::{FilterCounts, Hit, HitKind, Results, SearchParams};
use leptos::either::{Either, EitherOf4};
use leptos::prelude::*;

use crate::components::Alert;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use serde::{Deserialize, Serialize};

use crate::browser::Debounce;
use crate::components::game_terms::{faction_name, points_label, slot_name};
use crate::components::owned::OnlyOwned;
use crate::components::worded::{self, WordedName};
use crate::components::{PageHold, WithCards};
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;
use crate::pages::found_here::FoundHere;

/// The interface's words for the page's language.
type I18n = crate::i18n::I18n;

/// What the page shows for one search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct SearchAnswer {
    pub results: Results,
    pub counts: FilterCounts,
    /// Why the search could not be run as asked (an unknown filter value).
    pub problem: Option<String>,
}

/// Hits the search page (and its server function) holds when its address
/// does not say (`SearchParams::page_window`).
pub const PAGE_SIZE: usize = 50;

/// Runs a search on the index of the page's language `lang` (its stemmer,
/// its words, its snippets), with every hit's address language-neutral,
/// as the page localizes it. At a fixed address, `/api/search_answer`,
/// answered in postcard: serde_json's reader of the answer was the largest
/// part of the search page's wasm, and 21 K br of every page's.
///
/// On the server its arguments' type is described too (its schema in the
/// API's document: `server/api/document.rs`); the browser's has no schema.
#[cfg_attr(
    feature = "ssr",
    server(
        endpoint = "search_answer",
        output = server_fn::codec::Postcard,
        input_derive = (Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)
    )
)]
#[cfg_attr(
    not(feature = "ssr"),
    server(endpoint = "search_answer", output = server_fn::codec::Postcard)
)]
#[cfg_attr(feature = "ssr", utoipa::path(
    post,
    path = <SearchCards as server_fn::ServerFn>::PATH,
    tag = "server functions",
    request_body(content = SearchCards, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The answer, in postcard (this schema's value, not JSON)", content_type = "application/x-postcard", body = SearchAnswer),
        (status = 400, description = "Arguments that cannot be read or are out of range (`Args|…`, `Deserialization|…`)", content_type = "text/plain", body = String),
        (status = 500, description = "`ServerError|…`", content_type = "text/plain", body = String),
    ),
))]
pub async fn search_cards(
    params: SearchParams,
    // English when not given: a page of the release before still asks so.
    #[server(default)] lang: cards::lang::Lang,
) -> Result<SearchAnswer, ServerFnError> {
    use std::sync::Arc;
    use validator::Validate;
    // Bad input is the caller's fault: `Args` answers 400 (server::headers).
    if let Err(e) = params.validate() {
        return Err(ServerFnError::Args(e.to_string()));
    }
    let index = use_context::<Arc<::search::Indexes>>()
        .ok_or_else(|| ServerFnError::new("the server has no search index"))?
        .get(lang)
        .clone();
    let db = use_context::<Arc<cards::catalog::Database>>()
        .ok_or_else(|| ServerFnError::new("the server has no card database"))?;
    let (filters, problem) = match params.filters(&db) {
        Ok(f) => (f, None),
        Err(e) => (Default::default(), Some(e.to_string())),
    };
    let (limit, offset) = params.page_window(PAGE_SIZE);
    let answer =
        tokio::task::spawn_blocking(move || -> Result<SearchAnswer, ::search::SearchError> {
            let mut results = index.search_page(&params.q, &filters, limit, offset)?;
            let name = |s| crate::components::game_terms::symbol_name_in(lang, s);
            for hit in &mut results.hits {
                hit.url = cards::lang::Lang::from_path(&hit.url).1.to_string();
                hit.snippet = crate::components::snippet_glyphs::draw_tokens(&hit.snippet, &name);
            }
            Ok(SearchAnswer {
                results,
                counts: index.counts(&params.q, &filters)?,
                problem,
            })
        })
        .await
        .map_err(|_| ServerFnError::new("the search stopped unexpectedly"))?;
    answer.map_err(ServerFnError::new)
}

/// The search's answer as the page holds it: in postcard, as the server
/// function sends it, so the page carries one small reader of it.
type AnswerResource = Resource<Result<SearchAnswer, ServerFnError>, codee::binary::PostcardCodec>;

/// The same search at the address the release before asked, answered in
/// JSON as it was: a page left open across a deploy still searches. The
/// server's alone; the browser carries no JSON reader of the answer.
#[cfg(feature = "ssr")]
#[server(
    endpoint = "search_cards",
    input_derive = (Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)
)]
#[utoipa::path(
    post,
    path = <SearchCardsInJson as server_fn::ServerFn>::PATH,
    tag = "server functions",
    request_body(content = SearchCardsInJson, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The answer", body = SearchAnswer),
        (status = 400, description = "Arguments that cannot be read or are out of range (`Args|…`, `Deserialization|…`)", content_type = "text/plain", body = String),
        (status = 500, description = "`ServerError|…`", content_type = "text/plain", body = String),
    ),
)]
pub async fn search_cards_in_json(
    params: SearchParams,
    #[server(default)] lang: cards::lang::Lang,
) -> Result<SearchAnswer, ServerFnError> {
    search_cards(params, lang).await
}

/// The answer to `params`, searched in the page's language.
fn answer_of(params: Memo<SearchParams>) -> AnswerResource {
    let page_lang = crate::lang::use_lang();
    Resource::new_with_options(
        move || params.get(),
        move |p| search_cards(p, page_lang),
        false,
    )
}

/// The search page: its title, the box, why the address could not be read
/// (if so), and the answer.
#[component]
pub fn SearchPage() -> impl IntoView {
    let left = left_search();
    let asked = asked_search(left);
    let params = Memo::new(move |_| asked.with(|(p, _)| p.clone()));
    let answer = answer_of(params);
    let go = search_go(left);
    let i18n = use_i18n();
    view! {
        <Title text=crate::components::live_title(move || {
            let q = params.with(|p| p.q.clone());
            if q.is_empty() {
                t_string!(i18n, search.title).to_string()
            } else {
                fill(t_string!(i18n, search.title_query), &[("q", &q)])
            }
        }) />
        <Meta name="description" content=move || t_string!(i18n, search.description) />
        <section class="search-page">
            <h1>{t!(i18n, search.title)}</h1>
            <SearchBox params go=go.clone() />
            {move || {
                asked
                    .with(|(_, e)| e.clone())
                    .map(|e| {
                        view! { <Alert text=e.to_string() /> }
                    })
            }}
            <SearchResults answer params go />
        </section>
    }
}

/// The search box: typing updates the address after a pause (the address
/// drives the search), and the box follows the address (back, forward, a
/// link).
#[component]
fn SearchBox(
    params: Memo<SearchParams>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let text = RwSignal::new(params.get_untracked().q);
    // Leaving the page cancels a search still waiting for the pause, so it
    // never brings the player back here.
    let pause = Debounce::new(std::time::Duration::from_millis(250));
    let on_input = {
        let go = go.clone();
        move |ev| {
            let value = event_target_value(&ev);
            text.set(value.clone());
            let go = go.clone();
            pause.run(move || {
                // The player may have left the page (opened a hit)
                // before the pause ended: then there is nothing to do.
                let Some(mut p) = params.try_get_untracked() else {
                    return;
                };
                p.q = value;
                go(p);
            });
        }
    };
    // Back and forward (or a link) change the address: the box follows.
    Effect::new(move |_| {
        let q = params.with(|p| p.q.clone());
        if text.get_untracked() != q {
            text.set(q);
        }
    });

    let i18n = use_i18n();
    view! {
        <form class="search-box" role="search" on:submit=|ev| ev.prevent_default()>
            <label for="search-q">{t!(i18n, search.box_label)}</label>
            <input
                id="search-q"
                type="search"
                autocomplete="off"
                placeholder=move || t_string!(i18n, search.placeholder)
                prop:value=move || text.get()
                on:input=on_input
            />
        </form>
    }
}

/// The answer once the cards and the search are in.
#[component]
fn SearchResults(
    answer: AnswerResource,
    params: Memo<SearchParams>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <WithCards render=move |db| {
            let go = go.clone();
            view! {
                <Transition fallback=move || {
                    view! { <p class="loading">{t!(i18n, search.searching)}</p> }
                }>
                    {
                        let (db, go) = (db.clone(), go.clone());
                        let hold = PageHold::here();
                        move || held_answer(&hold, answer, params, db.clone(), go.clone())
                    }
                </Transition>
            }
        } />
    }
}

/// A filter as a select whose options say how many hits each would leave.
#[component]
fn FilterSelect(
    id: &'static str,
    label: fn(I18n) -> &'static str,
    current: Option<String>,
    options: Vec<(String, String, usize)>,
    on_pick: impl Fn(Option<String>) + 'static,
) -> impl IntoView {
    let current_value = current.clone().unwrap_or_default();
    let i18n = use_i18n();
    view! {
        <label class="filter">
            {move || label(i18n)}
            <select
                id=id
                prop:value=current_value.clone()
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    on_pick((!v.is_empty()).then_some(v));
                }
            >
                <option value="" selected=current.is_none()>
                    {t!(i18n, search.any)}
                </option>
                {options
                    .into_iter()
                    .map(|(value, name, n)| {
                        let selected = current.as_deref() == Some(value.as_str());
                        view! {
                            <option value=value selected=selected>
                                {format!("{name} ({n})")}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

#[component]
fn Answer(
    answer: SearchAnswer,
    /// The search this answers, as a value (see [`streamed_answer`]).
    asked: SearchParams,
    params: Memo<SearchParams>,
    db: std::sync::Arc<cards::catalog::Database>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let r = answer.results;
    let note = note(&r);
    let count = count_line(&r);
    let pages = PageLinks {
        before: r.offset > 0,
        after: r.more_after(),
    };
    let start = r.offset + 1;
    let owned = crate::components::owned::owned_signal(db.clone());
    let only_owned = RwSignal::new(false);
    let hits = r
        .hits
        .into_iter()
        .map(|h| {
            // A rules section is never owned, nor hidden.
            let piece = h
                .url
                .strip_prefix("/cards/")
                .and_then(|key| db.card_by_key(key))
                .map(|c| match c {
                    Card::Pilot(p) => Piece::Pilot(p.id),
                    Card::Upgrade(u) => Piece::Upgrade(u.id),
                });
            let db_here = db.clone();
            let copies = Signal::derive(move || {
                let piece = piece?;
                owned.with(|o| {
                    o.as_ref()
                        .filter(|o| !o.is_empty())
                        .map(|o| o.count(&db_here, piece))
                })
            });
            hit_item(&db, h, copies, only_owned)
        })
        .collect_view();
    view! {
        <SearchFilters counts=answer.counts asked=asked.clone() params db=db.clone() go />
        <OnlyOwned
            owned=owned
            checked=only_owned
            label=move || t_string!(i18n, search.only_owned)
        />
        {answer
            .problem
            .map(|e| {
                view! { <Alert text=e /> }
            })}
        {note.map(|n| view! { <p class="notice search-note">{n}</p> })}
        <p class="count" id="search-count" aria-live="polite">
            {count}
        </p>
        <ol class="hits" start=start>
            {hits}
        </ol>
        <SearchPages pages asked />
    }
}

/// Whether a search has pages before and after the one shown.
#[derive(Clone, Copy)]
struct PageLinks {
    before: bool,
    after: bool,
}

/// Links to the pages before and after: plain addresses, so a page of
/// results can be shared, opened in a new tab and reached by keyboard.
#[component]
fn SearchPages(pages: PageLinks, asked: SearchParams) -> impl IntoView {
    let now = asked.page.unwrap_or(1).clamp(1, cards::query::MAX_PAGE);
    let address = move |page: usize| {
        let mut p = asked.clone();
        p.page = Some(page);
        let qs = p.to_query();
        crate::lang::localized(&if qs.is_empty() {
            "/search".to_string()
        } else {
            format!("/search?{qs}")
        })
    };
    let i18n = use_i18n();
    let before = (pages.before && now > 1).then(|| {
        view! {
            <A href=address(now - 1) attr:class="page-before" attr:rel="prev">
                {t!(i18n, search.previous)}
            </A>
        }
    });
    let after = (pages.after && now < cards::query::MAX_PAGE).then(|| {
        view! {
            <A href=address(now + 1) attr:class="page-after" attr:rel="next">
                {t!(i18n, search.more)}
            </A>
        }
    });
    (pages.before || pages.after).then(|| {
        view! {
            <nav class="search-pages" aria-label=move || t_string!(i18n, search.pages_label)>
                {before}
                {after}
            </nav>
        }
    })
}

/// One hit: its name linked, what it is, and the words that matched.
fn hit_item(
    db: &cards::catalog::Database,
    h: Hit,
    copies: Signal<Option<u32>>,
    only_owned: RwSignal<bool>,
) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let facts = [
        Some(
            match h.kind {
                HitKind::Pilot => t_string!(i18n, search.hit_pilot),
                HitKind::Upgrade => t_string!(i18n, search.hit_upgrade),
                HitKind::Ship => t_string!(i18n, search.hit_ship),
                HitKind::Rule => t_string!(i18n, search.hit_rules),
            }
            .to_string(),
        ),
        h.slot.as_deref().map(|s| slot_name(db, s)),
        (h.kind != HitKind::Upgrade)
            .then(|| {
                h.ship
                    .as_deref()
                    .map(|s| worded::ship_name(s, db.ship_name(s)).0)
            })
            .flatten(),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    let points = h.points.map(|p| {
        let p = i32::try_from(p).unwrap_or(i32::MAX);
        view! {
            " · "
            {points_label(Some(p))}
        }
    });
    let name = hit_name(db, &h);
    view! {
        <li
            class="hit"
            data-xws=h.xws.to_string()
            hidden=move || only_owned.get() && copies.get() == Some(0)
        >
            <A href=crate::lang::localized(&h.url) attr:class="hit-name">
                {name}
            </A>
            <span class="hit-facts">{facts}{points}</span>
            {move || {
                copies
                    .get()
                    .map(|n| {
                        view! {
                            <span class="hit-owned">
                                " · "
                                {if n == 0 {
                                    Either::Left(t!(i18n, search.not_owned))
                                } else {
                                    Either::Right(t!(i18n, search.owned, count = move || n))
                                }}
                            </span>
                        }
                    })
            }}
            // `card-words`: the card's own words, as a card page marks them
            // (`components::worded`).
            <p class="snippet card-words" lang=snippet_lang(db, &h) inner_html=h.snippet></p>
        </li>
    }
}

/// `en` where a hit's snippet is English on another language's page: a
/// rules section (the rules stay English), or a card the language has no
/// text for.
fn snippet_lang(db: &cards::catalog::Database, h: &Hit) -> Option<&'static str> {
    use cards::catalog::Card;
    use cards::lang::Lang;
    if crate::lang::use_lang() == Lang::En {
        return None;
    }
    let card = || {
        h.url
            .strip_prefix("/cards/")
            .and_then(|key| db.card_by_key(key))
    };
    let lang = match h.kind {
        HitKind::Rule => Lang::En,
        HitKind::Ship => worded::ship_name(&h.xws, &h.name).1,
        HitKind::Pilot | HitKind::Upgrade => match card() {
            Some(Card::Pilot(p)) => worded::pilot_text(p).map_or(Lang::En, |t| t.1),
            Some(Card::Upgrade(u)) => worded::face_text(u, 0).1,
            None => Lang::En,
        },
    };
    (lang == Lang::En).then_some("en")
}

/// A hit's name: a card's or a ship's as the page's language names it
/// (English marked on another language's page), a rules section's as the
/// index gives it.
fn hit_name(db: &cards::catalog::Database, h: &Hit) -> impl IntoView + use<> {
    let name = match h.kind {
        HitKind::Rule => (h.name.to_string(), cards::lang::Lang::En),
        HitKind::Ship => worded::ship_name(&h.xws, &h.name),
        HitKind::Pilot | HitKind::Upgrade => h
            .url
            .strip_prefix("/cards/")
            .and_then(|key| db.card_by_key(key))
            .map_or_else(
                || (h.name.to_string(), cards::lang::Lang::En),
                worded::card_name,
            ),
    };
    view! { <WordedName words=name /> }
}

/// How many matched, and how many are shown (`Results::count_line`, in
/// the page's words).
fn count_line(r: &Results) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let (first, last) = (r.offset + 1, r.offset + r.hits.len());
    let total = r.total;
    match (total, r.hits.len()) {
        (0, _) => EitherOf4::A(t!(i18n, search.count_none)),
        // One result reads "1 result", on any page.
        (t, 0) if t > 1 => EitherOf4::B(t!(i18n, search.count_past, count = move || total)),
        (t, s) if s < t && t > 1 => EitherOf4::C(t!(
            i18n,
            search.count_range,
            count = move || total,
            first = move || first,
            last = move || last
        )),
        _ => EitherOf4::D(t!(i18n, search.count_results, count = move || total)),
    }
}

/// What the page says about how the query was read (`Results::note`, in
/// the page's words): with a typo allowed per word, with any of its
/// words, leniently, or cut to `MAX_QUERY_CHARS`.
fn note(r: &Results) -> Option<String> {
    let i18n = use_i18n();
    let quoted = |words: &[String]| {
        words
            .iter()
            .map(|w| fill(t_string!(i18n, search.quoted), &[("word", w)]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (&r.fuzzy, r.lenient, r.truncated) {
        (Some(words), _, _) => {
            let words = words
                .iter()
                .map(|(typed, near)| {
                    let matched = if near.is_empty() {
                        t_string!(i18n, search.note_nothing).to_string()
                    } else {
                        quoted(near)
                    };
                    let typed = quoted(std::slice::from_ref(typed));
                    fill(
                        t_string!(i18n, search.note_typo_word),
                        &[("typed", &typed), ("matched", &matched)],
                    )
                })
                .collect::<Vec<_>>()
                .join("; ");
            Some(fill(
                t_string!(i18n, search.note_typo),
                &[("words", &words)],
            ))
        }
        (None, _, _) if r.some_words => Some(t_string!(i18n, search.note_some_words).to_string()),
        (None, true, _) => Some(t_string!(i18n, search.note_lenient).to_string()),
        (None, false, true) => Some(fill(
            t_string!(i18n, search.note_truncated),
            &[("count", &cards::query::MAX_QUERY_CHARS.to_string())],
        )),
        _ => None,
    }
}

/// A filter's options: (value, what the page shows, hits it would leave).
type FilterOptions = Vec<(String, String, usize)>;

fn yes_no_options(counts: &[(bool, usize)]) -> FilterOptions {
    let i18n = use_i18n();
    counts
        .iter()
        .map(|(b, n)| {
            let (v, shown) = if *b {
                ("yes", t_string!(i18n, search.yes))
            } else {
                ("no", t_string!(i18n, search.no))
            };
            (v.to_string(), shown.to_string(), *n)
        })
        .collect()
}

fn named_options(values: &[(String, usize)], name: impl Fn(&str) -> String) -> FilterOptions {
    values
        .iter()
        .map(|(v, n)| (v.clone(), name(v), *n))
        .collect()
}

/// A ship size's name ("small").
fn size_name(size: &str) -> String {
    let i18n = use_i18n();
    match size {
        "small" => t_string!(i18n, search.size_small),
        "large" => t_string!(i18n, search.size_large),
        "huge" => t_string!(i18n, search.size_huge),
        other => other,
    }
    .to_string()
}

/// The kinds of hit; rules sections only when some match.
fn kind_options(counts: &[(HitKind, usize)]) -> FilterOptions {
    let i18n = use_i18n();
    counts
        .iter()
        .filter(|(k, n)| *k != HitKind::Rule || *n > 0)
        .map(|(k, n)| {
            let label = match k {
                HitKind::Pilot => t_string!(i18n, search.kind_pilots),
                HitKind::Upgrade => t_string!(i18n, search.kind_upgrades),
                HitKind::Ship => t_string!(i18n, search.kind_ships),
                HitKind::Rule => t_string!(i18n, search.kind_rules),
            };
            (k.as_str().to_string(), label.to_string(), *n)
        })
        .collect()
}

/// Each filter with how many hits each value would leave.
#[component]
fn SearchFilters(
    counts: FilterCounts,
    asked: SearchParams,
    params: Memo<SearchParams>,
    db: std::sync::Arc<cards::catalog::Database>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let p = &asked;
    let refine = Refine {
        params,
        go: go.clone(),
    };
    // Each select a child of its own: the page's markup as it always was.
    let select = |row: &FilterRow| {
        view! {
            <FilterSelect
                id=row.id
                label=row.label
                current=(row.current)(p)
                options=(row.options)(&counts, &db)
                on_pick=refine.by(row.set)
            />
        }
    };
    view! {
        <div class="filters" aria-label=move || t_string!(i18n, search.filters_label)>
            {select(&KIND)}
            {select(&FACTION)}
            {select(&SLOT)}
            {select(&SHIP)}
            {select(&UNIQUE)}
            {select(&LIMITED)}
            {select(&HUGE)}
            {select(&SIZE)}
            {select(&SKILL)}
            {select(&POINTS_BAND)}
            <PointsInput which="min" value=p.min_points params go=go.clone() />
            <PointsInput which="max" value=p.max_points params go />
        </div>
    }
}

/// One filter's select: its id and label, the field of the search it
/// shows and sets, and its options with the hits each would leave.
struct FilterRow {
    id: &'static str,
    label: fn(I18n) -> &'static str,
    current: fn(&SearchParams) -> Option<String>,
    set: fn(&mut SearchParams, Option<String>),
    options: fn(&FilterCounts, &cards::catalog::Database) -> FilterOptions,
}

const KIND: FilterRow = FilterRow {
    id: "search-kind",
    label: |i18n| t_string!(i18n, search.filter_kind),
    current: |p| p.kind.clone(),
    set: |p, v| p.kind = v,
    options: |c, _| kind_options(&c.kind),
};

const FACTION: FilterRow = FilterRow {
    id: "search-faction",
    label: |i18n| t_string!(i18n, search.filter_faction),
    current: |p| p.faction.clone(),
    set: |p, v| p.faction = v,
    options: |c, db| named_options(&c.faction, |v| faction_name(db, v)),
};

const SLOT: FilterRow = FilterRow {
    id: "search-slot",
    label: |i18n| t_string!(i18n, search.filter_slot),
    current: |p| p.slot.clone(),
    set: |p, v| p.slot = v,
    options: |c, db| named_options(&c.slot, |v| slot_name(db, v)),
};

const SHIP: FilterRow = FilterRow {
    id: "search-ship",
    label: |i18n| t_string!(i18n, search.filter_ship),
    current: |p| p.ship.clone(),
    set: |p, v| p.ship = v,
    options: |c, db| named_options(&c.ship, |v| worded::ship_name(v, db.ship_name(v)).0),
};

const UNIQUE: FilterRow = FilterRow {
    id: "search-unique",
    label: |i18n| t_string!(i18n, search.filter_unique),
    current: |p| p.unique.clone(),
    set: |p, v| p.unique = v,
    options: |c, _| yes_no_options(&c.unique),
};

const LIMITED: FilterRow = FilterRow {
    id: "search-limited",
    label: |i18n| t_string!(i18n, search.filter_limited),
    current: |p| p.limited.clone(),
    set: |p, v| p.limited = v,
    options: |c, _| yes_no_options(&c.limited),
};

const HUGE: FilterRow = FilterRow {
    id: "search-huge",
    label: |i18n| t_string!(i18n, search.filter_huge),
    current: |p| p.huge.clone(),
    set: |p, v| p.huge = v,
    options: |c, _| yes_no_options(&c.huge_only),
};

const SIZE: FilterRow = FilterRow {
    id: "search-size",
    label: |i18n| t_string!(i18n, search.filter_size),
    current: |p| p.size.clone(),
    set: |p, v| p.size = v,
    options: |c, _| named_options(&c.size, size_name),
};

const SKILL: FilterRow = FilterRow {
    id: "search-skill",
    label: |i18n| t_string!(i18n, search.filter_skill),
    current: |p| p.skill.clone(),
    set: |p, v| p.skill = v,
    options: |c, _| named_options(&c.skill, str::to_string),
};

/// The bands of points, read and written as the two points bounds.
const POINTS_BAND: FilterRow = FilterRow {
    id: "search-points-band",
    label: |i18n| t_string!(i18n, search.filter_points),
    current: |p| p.min_points.zip(p.max_points).map(cards::query::band_code),
    set: |p, v| {
        let band = v.as_deref().and_then(cards::query::parse_band);
        p.min_points = band.and_then(|b| i64::try_from(b.0).ok());
        p.max_points = band.and_then(|b| i64::try_from(b.1).ok());
    },
    options: |c, _| named_options(&c.points, str::to_string),
};

/// A new search: the one shown, with one filter changed.
struct Refine<G> {
    params: Memo<SearchParams>,
    go: G,
}

impl<G: Fn(SearchParams) + Clone + 'static> Refine<G> {
    /// What picking a value of the filter that `change` sets does.
    fn by(
        &self,
        change: fn(&mut SearchParams, Option<String>),
    ) -> impl Fn(Option<String>) + 'static {
        let (params, go) = (self.params, self.go.clone());
        move |v: Option<String>| {
            let Some(mut p) = params.try_get_untracked() else {
                return;
            };
            change(&mut p, v);
            go(p);
        }
    }
}

/// The lowest (`min`) or highest (`max`) points a hit may cost.
#[component]
fn PointsInput(
    which: &'static str,
    /// The bound the search shown has.
    value: Option<i64>,
    params: Memo<SearchParams>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="filter points">
            {move || {
                if which == "min" {
                    t_string!(i18n, search.points_from)
                } else {
                    t_string!(i18n, search.points_to)
                }
            }}
            <input
                id=format!("search-{which}-points")
                type="number"
                prop:value=value.map(|v| v.to_string()).unwrap_or_default()
                on:change=move |ev| {
                    let v = event_target_value(&ev).trim().parse::<i64>().ok();
                    let Some(mut p) = params.try_get_untracked() else {
                        return;
                    };
                    if which == "min" { p.min_points = v } else { p.max_points = v }
                    go(p);
                }
            />
        </label>
    }
}

mod address;
use address::{asked_search, left_search, search_go};

mod streamed;
use streamed::held_answer;

#[cfg(all(test, feature = "ssr"))]
#[allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
mod tests;
