//! `/build`: the squad builder.
//!
//! The squad lives in one signal; the rules engine from `cards` (compiled
//! to wasm) validates it on every edit, and the page only shows what the
//! engine says. The address bar always holds the squad's link code.

/// Builder code a first visit never runs, fetched at its first use: with
/// `cargo leptos build --split`, every function marked so is in one file,
/// `builder_tools` (split points sharing a module name share a file).
/// One file, not one each: a file each cut the code they share with the
/// reading pages into dozens of small files those pages fetched one by one
/// (45 on `/rules/huge-ships`, 32 with one). The call becomes `async`.
/// `@return_wrapper(…)` is `wasm_split`'s `return_wrapper`, for a
/// function that hands back a future (a split function cannot be `async`).
macro_rules! builder_tool {
    (@return_wrapper($($wrap:tt)*) $item:item) => {
        #[::leptos::wasm_split::wasm_split(
            builder_tools,
            wasm_split_path = ::leptos::wasm_split,
            return_wrapper($($wrap)*)
        )]
        $item
    };
    ($item:item) => {
        #[::leptos::wasm_split::wasm_split(builder_tools, wasm_split_path = ::leptos::wasm_split)]
        $item
    };
}

mod add_ship;
mod collection;
mod header;
mod meta;
mod obstacles;
mod picker;
mod problems;
mod saved;
mod saved_travel;
mod shelf;
mod ship;
mod tools;
mod words;

use std::sync::Arc;

use cards::catalog::{CardWords, Database};
use cards::squad::limits::{self, SquadTooLarge};
use cards::squad::link;
use cards::squad::yasb::{self, YasbAddress};
use cards::squad::{DEFAULT_FACTION, DEFAULT_FORMAT, SlotRef, Squad};
use cards::squad::{Report, Rules};
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::browser;
use crate::components::WithRules;
use crate::components::card_panel::{CardPanel, PanelCard};
use crate::components::error_words;
use crate::i18n::{t, t_string};
use crate::lang::{Locale, use_i18n};
use leptos::either::Either;

/// Local-storage key of the squad being built, so leaving the builder and
/// coming back (or reloading `/build`) never loses it.
const WORKING_KEY: &str = "merchant-one.working";

/// How long edits must pause before the address, the kept squad and the
/// title follow the squad.
const SETTLE: std::time::Duration = std::time::Duration::from_millis(100);

/// What every part of the builder shares.
#[derive(Clone, Copy)]
struct Ctx {
    rules: StoredValue<Arc<Rules>>,
    /// The page's language (its address prefix).
    lang: cards::lang::Lang,
    squad: RwSignal<Squad>,
    /// The squad once edits pause ([`SETTLE`]): the address, the kept
    /// squad and the title follow it, so their writes (about 7 ms in
    /// Chromium for a 20-ship squad) come after the edit is painted.
    settled: RwSignal<Squad>,
    /// The engine's verdict; equal reports do not re-render anything.
    report: Memo<Report>,
    /// Until the player picks a format, it follows the squad (Epic once a
    /// huge ship is in it).
    format_chosen: RwSignal<bool>,
    /// The slot whose card picker is open.
    picker: RwSignal<Option<(usize, SlotRef)>>,
    /// Why the squad in the link could not be read whole.
    link_error: RwSignal<Option<String>>,
    /// The saved squad the current one was opened from or saved as.
    saved_id: RwSignal<Option<String>>,
    /// Whether the player has changed the squad since it was opened. A
    /// link that could not be read whole is not kept (nor put in the
    /// address) until then, so it never replaces the squad in work.
    edited: RwSignal<bool>,
    /// Why the last edit was refused (a squad at `cards::squad::limits`).
    refused: RwSignal<Option<SquadTooLarge>>,
    /// What moved or is unknown in the YASB link the squad was opened from.
    opened_notes: RwSignal<Vec<String>>,
    /// The card the side panel shows: the last one pointed at or focused.
    shown: RwSignal<Option<PanelCard>>,
    /// The ship whose pilot card is open in place (a phone's tap).
    pilot_open: RwSignal<Option<usize>>,
    /// The player's collection, once the page is live (`None` before).
    owned: RwSignal<Option<cards::collection::Owned>>,
    /// The cards' words in the page's language (`None` in English).
    words: StoredValue<Option<Arc<CardWords>>>,
}

impl Ctx {
    /// Applies a player's edit to the squad.
    fn edit(&self, change: impl FnOnce(&mut Squad)) {
        self.edited.set(true);
        self.refused.set(None);
        let chosen = self.format_chosen.get_untracked();
        let rules = self.rules;
        self.squad.update(|squad| {
            change(squad);
            if !chosen {
                let format = rules.with_value(|r| squad.default_format(&r.db));
                squad.format = format.to_string();
            }
        });
    }

    /// Replaces the whole squad (a link, a saved squad, an import); its
    /// format counts as chosen.
    fn load(&self, squad: Squad, link_error: Option<String>, saved_id: Option<String>) {
        self.link_error.set(link_error);
        self.opened_notes.set(Vec::new());
        self.saved_id.set(saved_id);
        self.edited.set(false);
        self.refused.set(None);
        self.format_chosen.set(true);
        self.picker.set(None);
        self.squad.set(squad);
    }

    /// Opens a link code, whole or as much as a damaged one gives.
    fn open_code(&self, code: &str, saved_id: Option<String>) {
        let decoded = link::decode_lossy(code);
        let l = self.locale();
        self.load(
            decoded.squad,
            decoded.error.map(|e| error_words::link_error(l, &e)),
            saved_id,
        );
    }

    /// A new empty squad, its format following its ships again.
    fn start_new(&self) {
        self.load(Squad::new(DEFAULT_FORMAT, DEFAULT_FACTION), None, None);
        self.format_chosen.set(false);
    }

    /// The player picks a format; it no longer follows the ships.
    fn choose_format(&self, format: String) {
        self.format_chosen.set(true);
        self.edit(|s| s.format = format);
    }

    /// Applies an edit only if `room` (a `cards::squad::limits` check on the
    /// squad) allows it; otherwise says why, and the squad stays as it is.
    fn edit_within_limits(
        &self,
        room: impl FnOnce(&Squad) -> Result<(), cards::squad::limits::SquadTooLarge>,
        change: impl FnOnce(&mut Squad),
    ) {
        match self.squad.with_untracked(room) {
            Ok(()) => self.edit(change),
            Err(e) => self.refused.set(Some(e)),
        }
    }

    /// The interface's words for the page's language (fixed for the page:
    /// another language is another page).
    fn locale(&self) -> Locale {
        crate::lang::locale(self.lang)
    }

    fn with_rules<T>(&self, f: impl FnOnce(&Rules) -> T) -> T {
        self.rules.with_value(|rules| f(rules))
    }

    fn db<T>(&self, f: impl FnOnce(&Database) -> T) -> T {
        self.rules.with_value(|r| f(&r.db))
    }
}

/// What the address opens: one of our link codes, a YASB link with only
/// its host changed (`?f=…&d=…&sn=…&obs=…`), or a new squad.
#[derive(Clone)]
enum Opened {
    Code(String),
    Yasb(YasbAddress),
    New,
}

impl Opened {
    /// The squad, why it could not be read whole, and what moved.
    fn read(&self, db: &Database) -> (Squad, Option<String>, Vec<String>) {
        match self {
            Opened::Code(code) => {
                let decoded = link::decode_lossy(code);
                let l = use_i18n().get_locale_untracked();
                (
                    decoded.squad,
                    decoded.error.map(|e| error_words::link_error(l, &e)),
                    Vec::new(),
                )
            }
            Opened::Yasb(address) => {
                let read = yasb::decode_address(db, address);
                (read.squad, read.error.map(|e| e.to_string()), read.notes)
            }
            Opened::New => (
                Squad::new(DEFAULT_FORMAT, DEFAULT_FACTION),
                None,
                Vec::new(),
            ),
        }
    }
}

/// The page: the squad of `?s=<code>` or of a YASB link's query, or a new one.
#[component]
pub fn BuilderPage() -> impl IntoView {
    let query = use_query_map();
    let opened = query.with_untracked(|q| match (q.get("s"), q.get("d")) {
        (Some(code), _) => Opened::Code(code),
        (None, Some(data)) => Opened::Yasb(YasbAddress {
            faction: q.get("f").unwrap_or_default(),
            data,
            name: q.get("sn").unwrap_or_default(),
            obstacles: q.get("obs").unwrap_or_default(),
        }),
        (None, None) => Opened::New,
    });
    view! { <WithRules render=move |rules| view! { <Builder rules opened=opened.clone() /> } /> }
}

#[component]
fn Builder(rules: Arc<Rules>, opened: Opened) -> impl IntoView {
    let (initial, initial_error, initial_notes) = opened.read(&rules.db);
    let from_link = !matches!(opened, Opened::New);
    let rules = StoredValue::new(rules);
    let squad = RwSignal::new(initial.clone());
    let settled = RwSignal::new(initial);
    let settle = browser::Debounce::new(SETTLE);
    Effect::new(move |first: Option<()>| {
        let now = squad.get();
        if first.is_some() {
            settle.run(move || settled.set(now));
        }
    });
    let report = verdict(rules, squad);
    let ctx = Ctx {
        rules,
        lang: crate::lang::use_lang(),
        squad,
        settled,
        report,
        format_chosen: RwSignal::new(from_link),
        picker: RwSignal::new(None),
        link_error: RwSignal::new(initial_error),
        saved_id: RwSignal::new(None),
        edited: RwSignal::new(false),
        refused: RwSignal::new(None),
        opened_notes: RwSignal::new(initial_notes),
        shown: RwSignal::new(None),
        pilot_open: RwSignal::new(None),
        owned: RwSignal::new(None),
        words: StoredValue::new(crate::cards_asset::use_card_words()),
    };
    provide_context(ctx);
    collection::read_owned(ctx);

    follow_the_address(ctx, from_link);
    let i18n = use_i18n();
    view! {
        <meta::BuilderMeta />
        <div class="builder">
            <div class="builder-main">
                <h1 class="print-hide">{t!(i18n, builder.heading)}</h1>
                <BuilderNotices />
                <header::SquadHeader />
                <ship::ShipList />
                <add_ship::AddShip />
                <collection::CollectionCheck />
                <tools::SquadTools />
                <saved::SavedSquads />
            </div>
            <SidePanel />
        </div>
    }
}

/// Keeps the squad's `code` for the next visit (and puts it in the address
/// if `address`), unless it is a link that could not be read whole and is
/// not yet edited.
fn keep(ctx: Ctx, code: &str, address: bool) {
    let unread = ctx.link_error.try_get_untracked().flatten().is_some();
    if unread && !ctx.edited.try_get_untracked().unwrap_or(false) {
        return;
    }
    if address {
        browser::replace_url(&format!("/build?s={code}"));
    }
    let _ = browser::storage_set(WORKING_KEY, code);
}

/// The engine's report on `squad`, kept up to date. Validation is bounded
/// by the squad's limits and takes microseconds (`cards/benches/validate.rs`),
/// so the server runs it in place: handing the worker off
/// (`off_the_async_workers`) cost more than the work.
fn verdict(rules: StoredValue<Arc<Rules>>, squad: RwSignal<Squad>) -> Memo<Report> {
    Memo::new(move |_| {
        crate::components::timed("builder: validate", || {
            rules.with_value(|r| squad.with(|s| r.validate(s)))
        })
    })
}

/// The address follows the squad (replacing, never pushing), and the
/// working squad is kept for the next visit to `/build`; another link
/// opened while the builder shows (back and forward) is opened.
fn follow_the_address(ctx: Ctx, from_link: bool) {
    let squad = ctx.squad;
    Effect::new(move |first_done: Option<()>| {
        let code = ctx.settled.with(link::encode);
        if first_done.is_none()
            && !from_link
            && let Some(kept) = browser::storage_get(WORKING_KEY)
            && kept != code
        {
            // Coming back to `/build` without a link reopens the squad in work.
            ctx.open_code(&kept, None);
            return;
        }
        keep(ctx, &code, true);
    });
    // Leaving before edits pause keeps the last edit at once (the settled
    // squad may lag): closing the tab or going to another site puts it in
    // the address and the storage; another page of the app, whose address
    // is already in the bar, in the storage only. A page the browser keeps
    // whole for Back (`persisted`, the back/forward cache) keeps its squad
    // too, so it is written to the storage only: changing the address of a
    // page being put away makes Chromium evict it (`IgnoreEventAndEvict`).
    if !cfg!(feature = "ssr") {
        let keep_now = move |address: bool| {
            if let Some(code) = ctx.squad.try_with_untracked(link::encode) {
                keep(ctx, &code, address);
            }
        };
        let on_hide = window_event_listener(leptos::ev::pagehide, move |event| {
            keep_now(!event.persisted())
        });
        on_cleanup(move || {
            keep_now(false);
            on_hide.remove();
        });
    }
    let query = use_query_map();
    let asked = Memo::new(move |_| query.with(|q| q.get("s")));
    Effect::new(move |prev: Option<()>| {
        let asked = asked.get();
        if prev.is_none() {
            return;
        }
        if let Some(code) = asked
            && code != squad.with_untracked(link::encode)
        {
            ctx.open_code(&code, None);
        }
    });
}

/// The card last pointed at or focused, beside the squad on a wide
/// screen (hidden on a narrow one, where a tap opens it in place).
#[component]
fn SidePanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    view! {
        <aside
            class="card-panel side print-hide"
            aria-label=move || t_string!(i18n, builder.card_panel_label)
            aria-live="polite"
        >
            {move || match ctx.shown.get() {
                Some(card) => {
                    let db = ctx.rules.with_value(|r| r.db.clone());
                    let flown = match card {
                        PanelCard::Flown { ship, .. } => {
                            ctx.report.with(|r| r.ships.get(ship).cloned())
                        }
                        _ => None,
                    };
                    Either::Left(view! { <CardPanel db card flown /> })
                }
                None => {
                    Either::Right(
                        view! { <p class="panel-hint">{t!(i18n, builder.card_panel_hint)}</p> },
                    )
                }
            }}
        </aside>
    }
}

/// A link that could not be read whole, and an edit refused at the limits.
#[component]
fn BuilderNotices() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i18n = use_i18n();
    view! {
        {move || {
            ctx.link_error
                .get()
                .map(|e| {
                    view! {
                        <p class="error link-error" role="alert">
                            {e}
                            " "
                            <button
                                type="button"
                                class="link"
                                on:click=move |_| ctx.link_error.set(None)
                            >
                                {t!(i18n, builder.dismiss)}
                            </button>
                        </p>
                    }
                })
        }}
        {move || {
            let notes = ctx.opened_notes.get();
            (!notes.is_empty())
                .then(|| {
                    view! {
                        <div class="status opened-notes" role="status">
                            <p>{t!(i18n, builder.opened_with_notes)}</p>
                            <ul>
                                {notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                            </ul>
                        </div>
                    }
                })
        }}
        {move || {
            ctx.refused
                .get()
                .map(|e| {
                    view! {
                        <p class="error limit-error" role="alert">
                            {refusal(e)}
                        </p>
                    }
                })
        }}
    }
}

/// Why an edit was refused, in the page's language: the limits an edit
/// can reach (ships, a ship's upgrades) in words; any other as the rules
/// engine words it.
fn refusal(e: SquadTooLarge) -> AnyView {
    let i18n = use_i18n();
    match e {
        SquadTooLarge::Ships { ships } => t!(
            i18n,
            builder.refused_ships,
            count = move || ships,
            max = limits::MAX_SHIPS
        )
        .into_any(),
        SquadTooLarge::Upgrades { ship, upgrades } => t!(
            i18n,
            builder.refused_upgrades,
            count = move || upgrades,
            ship = ship,
            max = limits::MAX_UPGRADES_PER_SHIP
        )
        .into_any(),
        other => t!(i18n, builder.refused, reason = other.to_string()).into_any(),
    }
}
