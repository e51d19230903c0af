//! `/search`: card search as you type, with filters that show how many
//! hits each would leave. The address always holds the search.

use cards::catalog::Card;
use cards::collection::Piece;
use cards::query::{FilterCounts, Hit, HitKind, Results, SearchParams};
use leptos::prelude::*;

use crate::components::Alert;
use leptos_meta::{Meta, Title};
use leptos_router::NavigateOptions;
use leptos_router::components::A;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use serde::{Deserialize, Serialize};

use crate::browser::Debounce;
use crate::components::WithCards;
use crate::components::owned::OnlyOwned;

/// What the page shows for one search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchAnswer {
    pub results: Results,
    pub counts: FilterCounts,
    /// Why the search could not be run as asked (an unknown filter value).
    pub problem: Option<String>,
}

/// Runs a search on the server's index.
/// At a fixed address, `/api/search_cards`.
#[server(endpoint = "search_cards")]
pub async fn search_cards(params: SearchParams) -> Result<SearchAnswer, ServerFnError> {
    use std::sync::Arc;
    use validator::Validate;
    // Bad input is the caller's fault: `Args` answers 400 (server::headers).
    if let Err(e) = params.validate() {
        return Err(ServerFnError::Args(e.to_string()));
    }
    let index = use_context::<Arc<::search::CardIndex>>()
        .ok_or_else(|| ServerFnError::new("the server has no search index"))?;
    let db = use_context::<Arc<cards::catalog::Database>>()
        .ok_or_else(|| ServerFnError::new("the server has no card database"))?;
    let (filters, problem) = match params.filters(&db) {
        Ok(f) => (f, None),
        Err(e) => (Default::default(), Some(e.to_string())),
    };
    let (limit, offset) = (params.page_size(), params.offset());
    let answer =
        tokio::task::spawn_blocking(move || -> Result<SearchAnswer, ::search::SearchError> {
            Ok(SearchAnswer {
                results: index.search_page(&params.q, &filters, limit, offset)?,
                counts: index.counts(&params.q, &filters)?,
                problem,
            })
        })
        .await
        .map_err(|_| ServerFnError::new("the search stopped unexpectedly"))?;
    answer.map_err(ServerFnError::new)
}

/// The search of the current address; an unreadable address searches
/// nothing and says why.
fn params_of(pairs: Vec<(String, String)>) -> (SearchParams, Option<String>) {
    match SearchParams::from_pairs(pairs) {
        Ok(p) => (p, None),
        Err(e) => (SearchParams::default(), Some(e.to_string())),
    }
}

#[component]
pub fn SearchPage() -> impl IntoView {
    let query = use_query_map();
    let location = use_location();
    // A hit's page loads its code before it shows, and the address changes
    // first: meanwhile this page must neither search for the new query nor
    // navigate (which would cancel the hit).
    let left = move || {
        location
            .pathname
            .with(|p| p.trim_end_matches('/') != "/search")
    };
    let asked = Memo::new(move |prev: Option<&(SearchParams, Option<String>)>| {
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
    });
    let params = Memo::new(move |_| asked.with(|(p, _)| p.clone()));
    let answer = Resource::new(move || params.get(), search_cards);
    let navigate = use_navigate();
    // A new query or filter starts again at the first page.
    let go = move |mut p: SearchParams| {
        if untrack(left) {
            return;
        }
        p.page = None;
        let qs = p.to_query();
        let url = if qs.is_empty() {
            "/search".to_string()
        } else {
            format!("/search?{qs}")
        };
        navigate(
            &url,
            NavigateOptions {
                replace: true,
                scroll: false,
                ..Default::default()
            },
        );
    };

    view! {
        <Title text=crate::components::live_title(move || {
            let q = params.with(|p| p.q.clone());
            if q.is_empty() { "Search".to_string() } else { format!("Search: {q}") }
        }) />
        <Meta
            name="description"
            content="Search every X-Wing Miniatures 1st-edition card and rule by any word, with filters."
        />
        <section class="search-page">
            <h1>"Search"</h1>
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

    view! {
        <form class="search-box" role="search" on:submit=|ev| ev.prevent_default()>
            <label for="search-q">"Search cards"</label>
            <input
                id="search-q"
                type="search"
                autocomplete="off"
                placeholder="Any word: energy, reinforce, shield… or kind:pilot AND energy"
                prop:value=move || text.get()
                on:input=on_input
            />
        </form>
    }
}

/// The answer once the cards and the search are in.
#[component]
fn SearchResults(
    answer: Resource<Result<SearchAnswer, ServerFnError>>,
    params: Memo<SearchParams>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <WithCards render=move |db| {
            let go = go.clone();
            view! {
                <Transition fallback=|| {
                    view! { <p class="loading">"Searching…"</p> }
                }>
                    {
                        let (db, go) = (db.clone(), go.clone());
                        move || {
                            let (db, go) = (db.clone(), go.clone());
                            answer
                                .get()
                                .map(move |answer| match answer {
                                    Ok(answer) => {
                                        // Boxed: the answer is a large type (see
                                        // `WithCards`).
                                        view! { <Answer answer params db go /> }
                                            .into_any()
                                    }
                                    Err(e) => {
                                        view! {
                                            <Alert text=format!(
                                                "The search failed: {}",
                                                e.to_string(),
                                            ) />
                                        }
                                            .into_any()
                                    }
                                })
                        }
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
    label: &'static str,
    current: Option<String>,
    options: Vec<(String, String, usize)>,
    on_pick: impl Fn(Option<String>) + 'static,
) -> impl IntoView {
    let current_value = current.clone().unwrap_or_default();
    view! {
        <label class="filter">
            {label}
            <select
                id=id
                prop:value=current_value.clone()
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    on_pick((!v.is_empty()).then_some(v));
                }
            >
                <option value="" selected=current.is_none()>
                    "Any"
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
    params: Memo<SearchParams>,
    db: std::sync::Arc<cards::catalog::Database>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let r = answer.results;
    let note = r.note();
    let count = r.count_line();
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
        <SearchFilters counts=answer.counts params db=db.clone() go />
        <OnlyOwned
            owned=owned
            checked=only_owned
            label="Only cards in my collection (among these hits)"
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
        <SearchPages pages params />
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
fn SearchPages(pages: PageLinks, params: Memo<SearchParams>) -> impl IntoView {
    let address = move |page: usize| {
        let mut p = params.get_untracked();
        p.page = Some(page);
        let qs = p.to_query();
        if qs.is_empty() {
            "/search".to_string()
        } else {
            format!("/search?{qs}")
        }
    };
    let now = params
        .get_untracked()
        .page
        .unwrap_or(1)
        .clamp(1, cards::query::MAX_PAGE);
    let before = (pages.before && now > 1).then(|| {
        view! {
            <A href=address(now - 1) attr:class="page-before" attr:rel="prev">
                "← Previous results"
            </A>
        }
    });
    let after = (pages.after && now < cards::query::MAX_PAGE).then(|| {
        view! {
            <A href=address(now + 1) attr:class="page-after" attr:rel="next">
                "More results →"
            </A>
        }
    });
    (pages.before || pages.after).then(|| {
        view! {
            <nav class="search-pages" aria-label="Pages of results">
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
    let facts = [
        Some(
            match h.kind {
                HitKind::Pilot => "Pilot",
                HitKind::Upgrade => "Upgrade",
                HitKind::Ship => "Ship",
                HitKind::Rule => "Rules",
            }
            .to_string(),
        ),
        h.slot.as_deref().map(|s| db.slot_name(s).to_string()),
        (h.kind != HitKind::Upgrade)
            .then(|| h.ship.as_deref().map(|s| db.ship_name(s).to_string()))
            .flatten(),
        h.points.map(|p| format!("{p} points")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    view! {
        <li
            class="hit"
            data-xws=h.xws.to_string()
            hidden=move || only_owned.get() && copies.get() == Some(0)
        >
            <A href=crate::lang::localized(&h.url) attr:class="hit-name">
                {h.name.to_string()}
            </A>
            <span class="hit-facts">{facts}</span>
            {move || {
                copies
                    .get()
                    .map(|n| {
                        view! {
                            <span class="hit-owned">
                                {if n == 0 {
                                    " · not in your collection".to_string()
                                } else {
                                    format!(" · {n} in your collection")
                                }}
                            </span>
                        }
                    })
            }}
            <p class="snippet" inner_html=h.snippet></p>
        </li>
    }
}

/// A filter's options: (value, what the page shows, hits it would leave).
type FilterOptions = Vec<(String, String, usize)>;

fn yes_no_options(counts: &[(bool, usize)]) -> FilterOptions {
    counts
        .iter()
        .map(|(b, n)| {
            let v = if *b { "yes" } else { "no" };
            (v.to_string(), v.to_string(), *n)
        })
        .collect()
}

fn named_options<'a>(
    values: &'a [(String, usize)],
    name: impl Fn(&'a str) -> &'a str,
) -> FilterOptions {
    values
        .iter()
        .map(|(v, n)| (v.clone(), name(v).to_string(), *n))
        .collect()
}

/// The kinds of hit; rules sections only when some match.
fn kind_options(counts: &[(HitKind, usize)]) -> FilterOptions {
    counts
        .iter()
        .filter(|(k, n)| *k != HitKind::Rule || *n > 0)
        .map(|(k, n)| (k.as_str().to_string(), k.label().to_string(), *n))
        .collect()
}

/// Each filter with how many hits each value would leave.
#[component]
fn SearchFilters(
    counts: FilterCounts,
    params: Memo<SearchParams>,
    db: std::sync::Arc<cards::catalog::Database>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let p = params.get_untracked();
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
                current=(row.current)(&p)
                options=(row.options)(&counts, &db)
                on_pick=refine.by(row.set)
            />
        }
    };
    view! {
        <div class="filters" aria-label="Filters">
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
            <PointsInput which="min" params go=go.clone() />
            <PointsInput which="max" params go />
        </div>
    }
}

/// One filter's select: its id and label, the field of the search it
/// shows and sets, and its options with the hits each would leave.
struct FilterRow {
    id: &'static str,
    label: &'static str,
    current: fn(&SearchParams) -> Option<String>,
    set: fn(&mut SearchParams, Option<String>),
    options: fn(&FilterCounts, &cards::catalog::Database) -> FilterOptions,
}

const KIND: FilterRow = FilterRow {
    id: "search-kind",
    label: "Kind",
    current: |p| p.kind.clone(),
    set: |p, v| p.kind = v,
    options: |c, _| kind_options(&c.kind),
};

const FACTION: FilterRow = FilterRow {
    id: "search-faction",
    label: "Faction",
    current: |p| p.faction.clone(),
    set: |p, v| p.faction = v,
    options: |c, db| named_options(&c.faction, |v| db.faction_name(v)),
};

const SLOT: FilterRow = FilterRow {
    id: "search-slot",
    label: "Slot",
    current: |p| p.slot.clone(),
    set: |p, v| p.slot = v,
    options: |c, db| named_options(&c.slot, |v| db.slot_name(v)),
};

const SHIP: FilterRow = FilterRow {
    id: "search-ship",
    label: "Ship",
    current: |p| p.ship.clone(),
    set: |p, v| p.ship = v,
    options: |c, db| named_options(&c.ship, |v| db.ship_name(v)),
};

const UNIQUE: FilterRow = FilterRow {
    id: "search-unique",
    label: "Unique",
    current: |p| p.unique.clone(),
    set: |p, v| p.unique = v,
    options: |c, _| yes_no_options(&c.unique),
};

const LIMITED: FilterRow = FilterRow {
    id: "search-limited",
    label: "Limited",
    current: |p| p.limited.clone(),
    set: |p, v| p.limited = v,
    options: |c, _| yes_no_options(&c.limited),
};

const HUGE: FilterRow = FilterRow {
    id: "search-huge",
    label: "Huge ship only",
    current: |p| p.huge.clone(),
    set: |p, v| p.huge = v,
    options: |c, _| yes_no_options(&c.huge_only),
};

const SIZE: FilterRow = FilterRow {
    id: "search-size",
    label: "Ship size",
    current: |p| p.size.clone(),
    set: |p, v| p.size = v,
    options: |c, _| named_options(&c.size, |v| v),
};

const SKILL: FilterRow = FilterRow {
    id: "search-skill",
    label: "Pilot skill",
    current: |p| p.skill.clone(),
    set: |p, v| p.skill = v,
    options: |c, _| named_options(&c.skill, |v| v),
};

/// The bands of points, read and written as the two points bounds.
const POINTS_BAND: FilterRow = FilterRow {
    id: "search-points-band",
    label: "Points",
    current: |p| p.min_points.zip(p.max_points).map(cards::query::band_code),
    set: |p, v| {
        let band = v.as_deref().and_then(cards::query::parse_band);
        p.min_points = band.and_then(|b| i64::try_from(b.0).ok());
        p.max_points = band.and_then(|b| i64::try_from(b.1).ok());
    },
    options: |c, _| named_options(&c.points, |v| v),
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
            let mut p = params.get_untracked();
            change(&mut p, v);
            go(p);
        }
    }
}

/// The lowest (`min`) or highest (`max`) points a hit may cost.
#[component]
fn PointsInput(
    which: &'static str,
    params: Memo<SearchParams>,
    go: impl Fn(SearchParams) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let p = params.get_untracked();
    let value = if which == "min" {
        p.min_points
    } else {
        p.max_points
    };
    view! {
        <label class="filter points">
            {if which == "min" { "Points from" } else { "Points to" }}
            <input
                id=format!("search-{which}-points")
                type="number"
                prop:value=value.map(|v| v.to_string()).unwrap_or_default()
                on:change=move |ev| {
                    let v = event_target_value(&ev).trim().parse::<i64>().ok();
                    let mut p = params.get_untracked();
                    if which == "min" { p.min_points = v } else { p.max_points = v }
                    go(p);
                }
            />
        </label>
    }
}
