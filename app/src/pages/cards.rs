//! `/cards` (a filter and the shelves), `/cards/<faction>/<ship>` and
//! `/cards/upgrades/<slot>` (one shelf each) and `/cards/<key>` (one card
//! in full; the key is the card's XWS name, made unique where names
//! repeat: see `Database::card_key`).

use std::sync::Arc;

use cards::catalog::{
    Card, Database, Face, Pilot, ProductKind, Shelf, ShelfLink, Upgrade, effect_lines,
};
use leptos::either::{Either, EitherOf3};
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::{use_params_map, use_query_map};

use crate::components::fill::fill;
use crate::components::game_terms::{faction_name, points_label, range_label, slot_name};
use crate::components::glyph::{ActionList, ShipSilhouette, named_actions, symbol_text};
use crate::components::owned::{InCollection, OnlyOwned, ProductList, owned_signal};
use crate::components::worded::{self, WordedName, WordedText};
use crate::components::{DialTable, NotFoundNotice, SlotList, StatBlock, WithCards};
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;
use cards::lang::Lang;

use shown::{FilterEntry, filter_and_sort, shown_summary};

fn card_href(key: &str) -> String {
    crate::lang::localized(&format!("/cards/{key}"))
}

fn unique_mark(unique: bool) -> Option<&'static str> {
    unique.then_some("• ")
}

fn signed(points: i32) -> String {
    points.to_string()
}

/// The most matches `/cards` lists for a filter; the count says how many
/// more there are.
const MAX_MATCHES: usize = 40;

/// The card index: a filter over every card's words (`?q=`, so a filter
/// is an address), and the shelves, by faction and ship or by slot.
#[component]
pub fn CardsPage() -> impl IntoView {
    let query = use_query_map();
    let filter = RwSignal::new(query.with_untracked(|q| q.get("q").unwrap_or_default()));
    let i18n = use_i18n();
    view! {
        <Title text=move || t_string!(i18n, cards.title) />
        <Meta name="description" content=move || t_string!(i18n, cards.description) />
        <h1>{t!(i18n, cards.title)}</h1>
        <WithCards render=move |db| view! { <CardIndex db filter /> } />
    }
}

/// What the count beside the filter says.
#[derive(Clone, Copy)]
enum Count {
    /// No filter: how many cards there are.
    All(usize),
    /// How many of them match, all listed.
    Matches(usize, usize),
    /// How many of them match, more than are listed.
    More(usize, usize),
}

/// The cards a filter finds, in English or in the page's words, the first
/// [`MAX_MATCHES`] of them; with `only`, among the cards that pass it (an
/// empty filter then lists every such card).
fn find_shown<'a>(
    db: &'a Database,
    q: &str,
    only: Option<&dyn Fn(Card<'_>) -> bool>,
) -> (Vec<Card<'a>>, usize) {
    let words = cards::catalog::FilterWords::new(q);
    if words.is_empty() && only.is_none() {
        return (Vec::new(), 0);
    }
    let entries = db
        .cards()
        .filter(|c| only.is_none_or(|keep| keep(*c)))
        .map(FilterEntry::of)
        .collect();
    let mut found = filter_and_sort(entries, words.words());
    let total = found.len();
    found.truncate(MAX_MATCHES);
    (found, total)
}

#[component]
fn CardIndex(db: Arc<Database>, filter: RwSignal<String>) -> impl IntoView {
    let i18n = use_i18n();
    let total = db.cards().count();
    let owned = owned_signal(db.clone());
    let only_owned = RwSignal::new(false);
    let db = StoredValue::new(db);
    let matches = move || {
        let q = filter.get();
        let mine = owned.get().filter(|o| only_owned.get() && !o.is_empty());
        db.with_value(|db| {
            let owns =
                |card: Card<'_>| mine.as_ref().is_some_and(|o| o.count_of_card(db, card) > 0);
            let (found, n) = find_shown(db, &q, mine.is_some().then_some(&owns as _));
            let count = match (q.trim().is_empty() && mine.is_none(), n) {
                (true, _) => Count::All(total),
                (false, n) if n > MAX_MATCHES => Count::More(n, total),
                (false, n) => Count::Matches(n, total),
            };
            let items = found.into_iter().map(|c| card_item(c, db)).collect_view();
            (count, items)
        })
    };
    let (factions, slots) = db.with_value(|db| (db.faction_shelves(), db.slot_shelves()));
    let shelves = db.with_value(|db| {
        factions
            .into_iter()
            .map(|f| {
                let name = faction_name(db, &f.faction);
                let links = ship_links(db, f.ships);
                view! {
                    <section class="shelf-group" data-faction=f.faction.clone()>
                        <h2>{name}</h2>
                        <ShelfLinks links />
                    </section>
                }
            })
            .collect_view()
    });
    let slots = db.with_value(|db| slot_links(db, slots));
    view! {
        <form class="card-filter" method="get" action="/cards" role="search">
            <label for="card-filter">{t!(i18n, cards.filter_label)}</label>
            <input
                id="card-filter"
                name="q"
                type="search"
                placeholder=move || t_string!(i18n, cards.filter_placeholder)
                autocomplete="off"
                prop:value=move || filter.get()
                on:input=move |ev| {
                    let q = event_target_value(&ev);
                    crate::browser::replace_url(&filter_address(&q));
                    filter.set(q);
                }
            />
            <OnlyOwned
                owned=owned
                checked=only_owned
                label=move || t_string!(i18n, cards.only_owned)
            />
            {move || {
                let (count, items) = matches();
                view! {
                    <span class="count" aria-live="polite">
                        {count_line(count)}
                    </span>
                    <ul class="card-list matches">{items}</ul>
                }
            }}
        </form>
        <nav class="card-shelves" aria-label=move || t_string!(i18n, cards.shelves_label)>
            {shelves}
            <section class="shelf-group" data-faction="upgrades">
                <h2>{t!(i18n, cards.upgrades_by_slot)}</h2>
                <ShelfLinks links=slots />
            </section>
        </nav>
    }
}

/// The count beside the filter, in the page's words.
fn count_line(count: Count) -> impl IntoView + use<> {
    let i18n = use_i18n();
    match count {
        // Text, not a view: the number and its noun stay one text node
        // (a plural key's view puts a hydration mark between them).
        Count::All(n) => EitherOf3::A(fill(
            t_string!(i18n, cards.count_all),
            &[("count", &n.to_string())],
        )),
        Count::Matches(n, total) => EitherOf3::B(t!(
            i18n,
            cards.count_matches,
            count = move || n,
            total = move || total
        )),
        Count::More(n, total) => EitherOf3::C(t!(
            i18n,
            cards.count_matches_more,
            count = move || n,
            total = move || total,
            shown = move || MAX_MATCHES
        )),
    }
}

/// A faction's ship shelves, each named as the page's language names it.
fn ship_links(db: &Database, links: Vec<ShelfLink>) -> Vec<ShelfLink> {
    links
        .into_iter()
        .map(|mut l| {
            let xws = l.href.rsplit('/').next().unwrap_or_default();
            l.label = worded::ship_name(xws, db.ship_name(xws)).0;
            l
        })
        .collect()
}

/// The upgrade shelves, each slot named in the page's language.
fn slot_links(db: &Database, links: Vec<ShelfLink>) -> Vec<ShelfLink> {
    links
        .into_iter()
        .map(|mut l| {
            let xws = l.href.rsplit('/').next().unwrap_or_default();
            l.label = slot_name(db, xws);
            l
        })
        .collect()
}

/// The address of `/cards` filtered by `q`.
fn filter_address(q: &str) -> String {
    if q.is_empty() {
        "/cards".into()
    } else {
        format!(
            "/cards?q={}",
            form_urlencoded::byte_serialize(q.as_bytes()).collect::<String>()
        )
    }
}

#[component]
fn ShelfLinks(links: Vec<ShelfLink>) -> impl IntoView {
    view! {
        <ul class="shelf-links">
            {links
                .into_iter()
                .map(|l| {
                    view! {
                        <li>
                            <A href=crate::lang::localized(&l.href)>{l.label}</A>
                            <span class="count">{format!(" ({})", l.count)}</span>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}

/// One shelf: a faction's pilots of a ship (`/cards/<faction>/<ship>`),
/// or a slot's upgrades (`/cards/upgrades/<slot>`), by the name shown.
#[component]
pub fn ShelfPage() -> impl IntoView {
    let params = use_params_map();
    let (group, item) = params.with_untracked(|p| {
        (
            p.get("group").unwrap_or_default(),
            p.get("item").unwrap_or_default(),
        )
    });
    let i18n = use_i18n();
    view! {
        <p class="breadcrumb">
            <A href=crate::lang::localized("/cards")>{t!(i18n, cards.all_cards)}</A>
        </p>
        <WithCards render=move |db| match db.shelf(&group, &item) {
            Some(shelf) => Either::Left(shelf_view(&db, &shelf)),
            None => {
                Either::Right(
                    view! {
                        <NotFoundNotice
                            title=move || t_string!(i18n, cards.shelf_missing)
                            heading=move || t_string!(i18n, cards.shelf_missing)
                        >
                            {t!(i18n, cards.shelf_missing_text)}
                            <A href=crate::lang::localized(
                                "/cards",
                            )>{t!(i18n, cards.see_every_shelf)}</A>
                            "."
                        </NotFoundNotice>
                    },
                )
            }
        } />
    }
}

/// A shelf's heading, in the page's words.
fn shelf_title(db: &Database, shelf: &Shelf<'_>) -> String {
    let i18n = use_i18n();
    match shelf {
        Shelf::Ship { faction, ship, .. } => format!(
            "{}: {}",
            faction_name(db, &faction.xws),
            worded::ship_name(&ship.xws, &ship.name).0
        ),
        Shelf::Slot { slot, .. } => fill(
            t_string!(i18n, cards.shelf_slot_title),
            &[("slot", &slot_name(db, &slot.xws))],
        ),
    }
}

/// "Small ship", "huge ship": a ship's size, as a card's page says it.
fn size_ship(size: cards::catalog::ShipSize) -> &'static str {
    let i18n = use_i18n();
    match size {
        cards::catalog::ShipSize::Small => t_string!(i18n, parts.size_ship_small),
        cards::catalog::ShipSize::Large => t_string!(i18n, parts.size_ship_large),
        cards::catalog::ShipSize::Huge => t_string!(i18n, parts.size_ship_huge),
    }
}

fn shelf_view(db: &Database, shelf: &Shelf<'_>) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let title = shelf_title(db, shelf);
    let ship_note = match shelf {
        Shelf::Ship { ship, .. } => Some(fill(
            t_string!(i18n, cards.shelf_note),
            &[("ship", size_ship(ship.size))],
        )),
        Shelf::Slot { .. } => None,
    };
    let mut cards = shelf.cards();
    if let Shelf::Slot { .. } = shelf {
        // Upgrades by the name shown, as the filter lists them.
        let entries = cards.into_iter().map(FilterEntry::of).collect();
        cards = filter_and_sort(entries, &[]);
    }
    let items = cards.into_iter().map(|c| card_item(c, db)).collect_view();
    let description = fill(
        t_string!(i18n, cards.shelf_description),
        &[("title", &title)],
    );
    view! {
        <Title text=title.clone() />
        <Meta name="description" content=description />
        <h1>{title}</h1>
        {ship_note.map(|n| view! { <p class="shelf-note">{n}</p> })}
        <ul class="card-list shelf">{items}</ul>
    }
}

fn card_item(card: Card<'_>, db: &Database) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let (unique, detail, points) = match card {
        Card::Pilot(p) => (
            p.unique,
            fill(
                t_string!(i18n, cards.pilot_detail),
                &[
                    ("ship", &worded::ship_name(&p.ship, db.ship_name(&p.ship)).0),
                    ("skill", &p.skill_text()),
                ],
            ),
            p.points_text(),
        ),
        Card::Upgrade(u) => {
            let slots: Vec<String> = u.slots.iter().map(|s| slot_name(db, s)).collect();
            (u.unique, slots.join(", "), signed(u.points))
        }
    };
    let (summary, summary_lang) = shown_summary(card);
    // English shown on another language's page says so.
    let summary_lang = (summary_lang != crate::lang::use_lang()).then(|| summary_lang.code());
    let (xws, name) = (card.xws().to_string(), worded::card_name(card));
    let key = db.card_key(card);
    view! {
        <li class="card-item" data-xws=xws>
            <A href=card_href(&key)>{unique_mark(unique)}<WordedName words=name /></A>
            <span class="detail">{detail}</span>
            <span class="points">{points}</span>
            {(!summary.is_empty())
                .then(|| {
                    view! {
                        <span class="summary card-words" lang=summary_lang>
                            {symbol_text(&summary, &|w| w.to_string())}
                        </span>
                    }
                })}
        </li>
    }
}

/// What a search engine shows for a card's page: what it is, its points,
/// and its text's first sentence, in the page's words.
fn card_description(db: &Database, card: Card<'_>) -> String {
    let i18n = use_i18n();
    let what = match card {
        Card::Pilot(p) => fill(
            t_string!(i18n, cards.describe_pilot),
            &[
                ("ship", &worded::ship_name(&p.ship, db.ship_name(&p.ship)).0),
                ("skill", &p.skill_text()),
                ("points", &p.points_text()),
            ],
        ),
        Card::Upgrade(u) => {
            let slots: Vec<String> = u.slots.iter().map(|s| slot_name(db, s)).collect();
            fill(
                t_string!(i18n, cards.describe_upgrade),
                &[
                    ("slots", &slots.join(t_string!(i18n, cards.slots_and))),
                    ("points", &u.points.to_string()),
                ],
            )
        }
    };
    let name = worded::card_name(card).0;
    let summary = crate::components::glyph::symbol_words(&shown_summary(card).0);
    format!("{name}: {what}. {summary}").trim_end().to_string()
}

/// One card with everything its printed card shows.
#[component]
pub fn CardPage() -> impl IntoView {
    let params = use_params_map();
    let xws = move || params.read().get("xws").unwrap_or_default();
    let i18n = use_i18n();
    view! {
        <p class="breadcrumb">
            <A href=crate::lang::localized("/cards")>{t!(i18n, cards.all_cards)}</A>
        </p>
        <WithCards render=move |db| {
            let xws = xws();
            match db.card_by_key(&xws) {
                Some(Card::Pilot(p)) => {
                    EitherOf3::A(view! { <PilotDetail db=db.clone() pilot=p.clone() /> })
                }
                Some(Card::Upgrade(u)) => {
                    EitherOf3::B(view! { <UpgradeDetail db=db.clone() upgrade=u.clone() /> })
                }
                None => {
                    EitherOf3::C(
                        view! {
                            <NotFoundNotice
                                title=move || t_string!(i18n, cards.card_missing)
                                heading=move || t_string!(i18n, cards.card_missing)
                            >
                                {t!(i18n, cards.card_missing_before)}
                                <code>{xws}</code>
                                ". "
                                <A href=crate::lang::localized(
                                    "/cards",
                                )>{t!(i18n, cards.see_every_card)}</A>
                                "."
                            </NotFoundNotice>
                        },
                    )
                }
            }
        } />
    }
}

#[component]
fn PilotDetail(db: Arc<Database>, pilot: Pilot) -> impl IntoView {
    let i18n = use_i18n();
    let ship = db.ship(&pilot.ship).cloned();
    let actions = named_actions(&db, &pilot.actions);
    let ship_line = match &ship {
        Some(s) if s.name != pilot.printed_ship => fill(
            t_string!(i18n, cards.printed_as),
            &[
                ("ship", &worded::ship_name(&s.xws, &s.name).0),
                ("printed", &pilot.printed_ship),
            ],
        ),
        Some(s) => worded::ship_name(&s.xws, &s.name).0,
        None => pilot.printed_ship.clone(),
    };
    view! {
        <Title text=worded::pilot_name(&pilot).0 />
        <Meta name="description" content=card_description(&db, Card::Pilot(&pilot)) />
        <article class="card-detail pilot" data-xws=pilot.xws.clone()>
            <header>
                <span class="skill" title=move || t_string!(i18n, parts.pilot_skill)>
                    {pilot.skill_text()}
                </span>
                <h1>{unique_mark(pilot.unique)}<WordedName words=worded::pilot_name(&pilot) /></h1>
                <span class="points" title=move || t_string!(i18n, parts.stat_points)>
                    {points_label(pilot.points)}
                </span>
            </header>
            <p class="ship-line">
                <ShipSilhouette ship=pilot.ship.to_string() />
                {ship_line}
                " · "
                {faction_name(&db, &pilot.faction)}
                {ship.as_ref().map(|s| format!(" · {}", size_ship(s.size)))}
            </p>
            <StatBlock stats=pilot.stats />
            <h2>{t!(i18n, cards.action_bar)}</h2>
            <p class="actions">
                <ActionList actions />
            </p>
            <h2>{t!(i18n, cards.ability)}</h2>
            <p class="ability">
                {match worded::pilot_text(&pilot) {
                    Some(words) => {
                        Either::Left(view! { <WordedText words context="cards".to_string() /> })
                    }
                    None => Either::Right(t!(i18n, cards.no_ability)),
                }}
            </p>
            <h2>{t!(i18n, cards.upgrade_bar)}</h2>
            <SlotList
                db=db.clone()
                slots=pilot.upgrade_bar.iter().map(|s| s.to_string()).collect()
            />
            {ship
                .map(|s| {
                    view! {
                        <h2>{t!(i18n, cards.dial)}</h2>
                        <DialTable dial=s.dial />
                    }
                })}
            <ProductList db=db.clone() kind=ProductKind::Pilot id=pilot.id />
            <InCollection db=db.clone() kind=ProductKind::Pilot id=pilot.id />
            <p class="meta">"XWS "<code>{pilot.xws.clone()}</code>" · id "{pilot.id}</p>
        </article>
    }
}

#[component]
fn UpgradeDetail(db: Arc<Database>, upgrade: Upgrade) -> impl IntoView {
    // Dual cards show both faces; "Flip" turns the card as a player would.
    let i18n = use_i18n();
    let face_up = RwSignal::new(0usize);
    let faces = upgrade.faces.clone();
    let face_count = faces.len();
    let effects = effect_lines(&db, &upgrade);
    let face_views = faces
        .into_iter()
        .enumerate()
        .map(|(i, face)| {
            let words = (
                worded::face_text(&upgrade, i),
                (i == 0).then(|| worded::upgrade_name(&upgrade)),
            );
            face_view(face, words, i, face_count, face_up)
        })
        .collect_view();
    view! {
        <Title text=worded::upgrade_name(&upgrade).0 />
        <Meta name="description" content=card_description(&db, Card::Upgrade(&upgrade)) />
        <article class="card-detail upgrade" data-xws=upgrade.xws.clone()>
            <header>
                <h1>
                    {unique_mark(upgrade.unique)}<WordedName words=worded::upgrade_name(&upgrade) />
                </h1>
                <span class="points" title=move || t_string!(i18n, parts.stat_points)>
                    {points_label(Some(upgrade.points))}
                </span>
            </header>
            <SlotList db=db.clone() slots=upgrade.slots.clone() />
            {(!upgrade.restriction_text.is_empty())
                .then(|| {
                    view! {
                        <p class="restriction">
                            <WordedText
                                words=worded::restriction(&upgrade)
                                context="cards".to_string()
                            />
                        </p>
                    }
                })}
            {upgrade
                .energy_limit
                .map(|e| view! { <p class="energy-limit">{energy_limit(e.to_string())}</p> })}
            {upgrade
                .effects
                .energy_limit_change
                .map(|c| {
                    let change = if c >= 0 { format!("+{c}") } else { c.to_string() };
                    view! { <p class="energy-limit">{energy_limit(change)}</p> }
                })}
            <div class="faces">{face_views}</div>
            {(face_count > 1)
                .then(|| {
                    view! {
                        <button
                            class="flip"
                            on:click=move |_| face_up.update(|f| *f = (*f + 1) % face_count)
                        >
                            {t!(i18n, cards.flip)}
                        </button>
                    }
                })}
            <TitledList
                title=move || t_string!(i18n, cards.rules_as_data)
                class="effects"
                items=effects
            />
            <ProductList db=db.clone() kind=ProductKind::Upgrade id=upgrade.id />
            <InCollection db=db.clone() kind=ProductKind::Upgrade id=upgrade.id />
            <p class="meta">"XWS "<code>{upgrade.xws.clone()}</code>" · id "{upgrade.id}</p>
        </article>
    }
}

/// "Energy limit 3", "Energy limit +1": `value` as the card prints it.
fn energy_limit(value: String) -> String {
    let i18n = use_i18n();
    fill(t_string!(i18n, cards.energy_limit), &[("limit", &value)])
}

/// A titled list of short lines (a card's rules as data),
/// or nothing when there are none.
#[component]
fn TitledList(
    #[prop(into)] title: leptos::text_prop::TextProp,
    class: &'static str,
    items: Vec<String>,
) -> impl IntoView {
    (!items.is_empty()).then(|| {
        view! {
            <h2>{move || title.get().to_string()}</h2>
            <ul class=class>
                {items.into_iter().map(|item| view! { <li>{item}</li> }).collect_view()}
            </ul>
        }
    })
}

/// One printed face of an upgrade: its name, face up or down (dual
/// cards), its attack, and its text with rule words linked.
/// `words`: the face's text in the page's language, and its name when it
/// is the first face (the file translates a card's front only).
fn face_view(
    face: Face,
    words: ((String, Lang), Option<(String, Lang)>),
    i: usize,
    face_count: usize,
    face_up: RwSignal<usize>,
) -> impl IntoView {
    let (text, name) = words;
    let name = name.unwrap_or((face.name.clone(), Lang::En));
    let i18n = use_i18n();
    let range = face.range.map(|r| range_label(r, "–"));
    view! {
        <section class="face" class:face-up=move || face_up.get() == i data-face=i + 1>
            <h2>
                <WordedName words=name />
            </h2>
            {(face_count > 1)
                .then(|| {
                    view! {
                        <p class="face-state">
                            {move || {
                                if face_up.get() == i {
                                    t_string!(i18n, cards.face_up)
                                } else {
                                    t_string!(i18n, cards.face_down)
                                }
                            }}
                        </p>
                    }
                })}
            {face
                .attack
                .map(|a| {
                    view! {
                        <p class="weapon">
                            <span class="attack">
                                {fill(
                                    t_string!(i18n, parts.attack_value),
                                    &[("attack", &a.to_string())],
                                )}
                            </span>
                            {range.map(|r| view! { <span class="range">" · "{r}</span> })}
                        </p>
                    }
                })}
            <p class="text">
                <WordedText words=text context="cards".to_string() />
            </p>
        </section>
    }
}

/// What the `/cards` filter reads of a card, and the order it lists them
/// in: the card's printed English words and its words as the page shows
/// them (the same on an English page), so a German page finds
/// "Zielerfassung" and "Target Lock" alike, and lists by the name shown.
mod shown {
    use cards::catalog::{Card, SUMMARY_CHARS};
    use cards::lang::Lang;

    use crate::components::worded;

    /// One card as the filter reads it.
    pub struct FilterEntry<T> {
        pub item: T,
        /// Pilots are listed before upgrades.
        pub pilot: bool,
        /// Every printed name and text, lower case.
        pub english: String,
        /// The name the page shows.
        pub name: String,
        /// The name and text the page shows, lower case.
        pub shown: String,
    }

    impl<'a> FilterEntry<Card<'a>> {
        /// A card's entry, with its words in the page's language.
        pub fn of(card: Card<'a>) -> Self {
            let name = worded::card_name(card).0;
            let text = shown_text(card).map(|t| t.0).unwrap_or_default();
            FilterEntry {
                item: card,
                pilot: matches!(card, Card::Pilot(_)),
                english: card.texts().join("\n").to_lowercase(),
                shown: format!("{name}\n{text}").to_lowercase(),
                name,
            }
        }
    }

    /// The entries that hold every one of `words` (lower case, as
    /// `FilterWords` reads them), each word in the printed English or in
    /// the words shown; pilots first, then by the name shown, ignoring
    /// case and the quotes round a nickname. No word keeps every entry.
    pub fn filter_and_sort<T>(entries: Vec<FilterEntry<T>>, words: &[String]) -> Vec<T> {
        let mut found: Vec<(bool, String, T)> = entries
            .into_iter()
            .filter(|e| {
                words
                    .iter()
                    .all(|w| e.english.contains(w.as_str()) || e.shown.contains(w.as_str()))
            })
            .map(|e| (!e.pilot, sort_key(&e.name), e.item))
            .collect();
        found.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        found.into_iter().map(|(_, _, item)| item).collect()
    }

    /// A name as it sorts: lower case, without leading quotes or marks.
    fn sort_key(name: &str) -> String {
        name.trim_start_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    }

    /// A card's ability or text (an upgrade's first face) as shown.
    fn shown_text(card: Card<'_>) -> Option<(String, Lang)> {
        match card {
            Card::Pilot(p) => worded::pilot_text(p),
            Card::Upgrade(u) => Some(worded::face_text(u, 0)),
        }
    }

    /// The one-line summary of the text shown (as `Card::summary` makes
    /// it of the printed text), and the language it is in.
    pub fn shown_summary(card: Card<'_>) -> (String, Lang) {
        match shown_text(card) {
            Some((text, lang)) => (summary_of(&text), lang),
            None => (String::new(), Lang::En),
        }
    }

    /// A text's first sentence, cut at [`SUMMARY_CHARS`] characters.
    fn summary_of(text: &str) -> String {
        let sentence = match text.find(". ") {
            Some(end) => &text[..=end],
            None => text,
        }
        .trim();
        if sentence.chars().count() <= SUMMARY_CHARS {
            return sentence.to_string();
        }
        let cut: String = sentence.chars().take(SUMMARY_CHARS - 1).collect();
        let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
        format!("{cut}…")
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        fn entry(
            item: &'static str,
            pilot: bool,
            english: &str,
            shown: &str,
        ) -> FilterEntry<&'static str> {
            FilterEntry {
                item,
                pilot,
                english: english.to_lowercase(),
                name: shown.lines().next().unwrap_or_default().to_string(),
                shown: shown.to_lowercase(),
            }
        }

        fn words(q: &str) -> Vec<String> {
            cards::catalog::FilterWords::new(q).words().to_vec()
        }

        fn german() -> Vec<FilterEntry<&'static str>> {
            vec![
                entry(
                    "engine",
                    false,
                    "Engine Upgrade\nYour action bar gains [Boost].",
                    "Triebwerksverbesserung\nDeine Aktionsleiste erhält [Boost].",
                ),
                entry(
                    "lock",
                    false,
                    "Fire-Control System\nAfter you perform an attack, you may acquire a target lock.",
                    "Feuerkontrollsystem\nNachdem du angegriffen hast, darfst du eine Zielerfassung durchführen.",
                ),
                entry(
                    "howl",
                    true,
                    "\"Howlrunner\"\nTIE Fighter",
                    "\"Heulläufer\"\nTIE-Jäger",
                ),
                entry(
                    "academy",
                    true,
                    "Academy Pilot\nTIE Fighter",
                    "Akademiepilot\nTIE-Jäger",
                ),
            ]
        }

        #[test]
        fn a_word_matches_the_english_or_the_shown_words() {
            let found = filter_and_sort(german(), &words("zielerfassung"));
            assert_eq!(found, ["lock"]);
            let found = filter_and_sort(german(), &words("target lock"));
            assert_eq!(found, ["lock"]);
            // One word in English, one in German: still found.
            let found = filter_and_sort(german(), &words("boost triebwerks"));
            assert_eq!(found, ["engine"]);
            assert!(filter_and_sort(german(), &words("nichts")).is_empty());
        }

        #[test]
        fn pilots_come_first_then_the_names_shown_in_order() {
            // "Akademiepilot" before "Heulläufer" (its quotes aside), and
            // the upgrades by their German names, not their English ones.
            let all = filter_and_sort(german(), &[]);
            assert_eq!(all, ["academy", "howl", "lock", "engine"]);
        }

        #[test]
        fn a_summary_is_the_first_sentence_cut_short() {
            assert_eq!(summary_of("Eins. Zwei."), "Eins.");
            let long = "Wort ".repeat(40);
            let cut = summary_of(&long);
            assert!(
                cut.ends_with('…') && cut.chars().count() <= SUMMARY_CHARS,
                "{cut}"
            );
        }
    }
}
