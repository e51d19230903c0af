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

use crate::components::glyph::{ActionList, ShipSilhouette, named_actions, symbol_text};
use crate::components::owned::{InCollection, OnlyOwned, ProductList, owned_signal};
use crate::components::worded::{self, WordedName, WordedText};
use crate::components::{DialTable, NotFoundNotice, SlotList, StatBlock, WithCards};
use cards::lang::Lang;

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
    view! {
        <Title text="Cards" />
        <Meta
            name="description"
            content="Every X-Wing Miniatures 1st-edition pilot and upgrade, by faction, ship and slot, as printed."
        />
        <h1>"Cards"</h1>
        <WithCards render=move |db| view! { <CardIndex db filter /> } />
    }
}

#[component]
fn CardIndex(db: Arc<Database>, filter: RwSignal<String>) -> impl IntoView {
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
            let found = db.find_cards_where(&q, MAX_MATCHES, mine.is_some().then_some(&owns as _));
            let count = match (q.trim().is_empty() && mine.is_none(), found.total) {
                (true, _) => format!("{total} cards"),
                (false, n) if n > MAX_MATCHES => {
                    format!("{n} of {total} cards match; the first {MAX_MATCHES} are listed")
                }
                (false, n) => format!("{n} of {total} cards match"),
            };
            let items = found
                .cards
                .into_iter()
                .map(|c| card_item(c, db))
                .collect_view();
            (count, items)
        })
    };
    let (factions, slots) = db.with_value(|db| (db.faction_shelves(), db.slot_shelves()));
    view! {
        <form class="card-filter" method="get" action="/cards" role="search">
            <label for="card-filter">"Filter every card"</label>
            <input
                id="card-filter"
                name="q"
                type="search"
                placeholder="Name or text, e.g. energy"
                autocomplete="off"
                prop:value=move || filter.get()
                on:input=move |ev| {
                    let q = event_target_value(&ev);
                    crate::browser::replace_url(&filter_address(&q));
                    filter.set(q);
                }
            />
            <OnlyOwned owned=owned checked=only_owned label="Only cards in my collection" />
            {move || {
                let (count, items) = matches();
                view! {
                    <span class="count" aria-live="polite">
                        {count}
                    </span>
                    <ul class="card-list matches">{items}</ul>
                }
            }}
        </form>
        <nav class="card-shelves" aria-label="Cards by faction and ship, and by slot">
            {factions
                .into_iter()
                .map(|f| {
                    view! {
                        <section class="shelf-group" data-faction=f.faction.clone()>
                            <h2>{f.name}</h2>
                            <ShelfLinks links=f.ships />
                        </section>
                    }
                })
                .collect_view()}
            <section class="shelf-group" data-faction="upgrades">
                <h2>"Upgrades by slot"</h2>
                <ShelfLinks links=slots />
            </section>
        </nav>
    }
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
/// or a slot's upgrades (`/cards/upgrades/<slot>`).
#[component]
pub fn ShelfPage() -> impl IntoView {
    let params = use_params_map();
    let (group, item) = params.with_untracked(|p| {
        (
            p.get("group").unwrap_or_default(),
            p.get("item").unwrap_or_default(),
        )
    });
    view! {
        <p class="breadcrumb">
            <A href=crate::lang::localized("/cards")>"← All cards"</A>
        </p>
        <WithCards render=move |db| match db.shelf(&group, &item) {
            Some(shelf) => {
                let title = shelf.title();
                let ship_note = match &shelf {
                    Shelf::Ship { ship, .. } => {
                        Some(
                            format!(
                                "{} ship · dial and stats on each pilot's page",
                                ship.size.as_str(),
                            ),
                        )
                    }
                    Shelf::Slot { .. } => None,
                };
                let items = shelf.cards().into_iter().map(|c| card_item(c, &db)).collect_view();
                Either::Left(
                    view! {
                        <Title text=title.clone() />
                        <Meta
                            name="description"
                            content=format!("{title}: every card, as printed, with its points.")
                        />
                        <h1>{title}</h1>
                        {ship_note.map(|n| view! { <p class="shelf-note">{n}</p> })}
                        <ul class="card-list shelf">{items}</ul>
                    },
                )
            }
            None => {
                Either::Right(
                    view! {
                        <NotFoundNotice title="Shelf not found" heading="Shelf not found">
                            "No faction's ship or upgrade slot has this address. "
                            <A href=crate::lang::localized("/cards")>"See every shelf"</A>
                            "."
                        </NotFoundNotice>
                    },
                )
            }
        } />
    }
}

fn card_item(card: Card<'_>, db: &Database) -> impl IntoView + use<> {
    let (unique, detail, points) = match card {
        Card::Pilot(p) => (
            p.unique,
            format!("{} · pilot skill {}", db.ship_name(&p.ship), p.skill_text()),
            p.points_text(),
        ),
        Card::Upgrade(u) => {
            let slots: Vec<&str> = u.slots.iter().map(|s| db.slot_name(s)).collect();
            (u.unique, slots.join(", "), signed(u.points))
        }
    };
    let summary = card.summary();
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
                        <span class="summary">{symbol_text(&summary, &|w| w.to_string())}</span>
                    }
                })}
        </li>
    }
}

/// What a search engine shows for a card's page: what it is, its points,
/// and its text's first sentence.
fn card_description(db: &Database, card: Card<'_>) -> String {
    let what = match card {
        Card::Pilot(p) => format!(
            "{} pilot, skill {}, {} points",
            db.ship_name(&p.ship),
            p.skill_text(),
            p.points_text()
        ),
        Card::Upgrade(u) => {
            let slots: Vec<&str> = u.slots.iter().map(|s| db.slot_name(s)).collect();
            format!("{} upgrade, {} points", slots.join(" and "), u.points)
        }
    };
    format!("{}: {what}. {}", card.name(), card.summary())
        .trim_end()
        .to_string()
}

/// One card with everything its printed card shows.
#[component]
pub fn CardPage() -> impl IntoView {
    let params = use_params_map();
    let xws = move || params.read().get("xws").unwrap_or_default();
    view! {
        <p class="breadcrumb">
            <A href=crate::lang::localized("/cards")>"← All cards"</A>
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
                            <NotFoundNotice title="Card not found" heading="Card not found">
                                "No card has the name "
                                <code>{xws}</code>
                                ". "
                                <A href=crate::lang::localized("/cards")>"See every card"</A>
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
    let ship = db.ship(&pilot.ship).cloned();
    let actions = named_actions(&db, &pilot.actions);
    let ship_line = match &ship {
        Some(s) if s.name != pilot.printed_ship => {
            format!("{} (printed “{}”)", s.name, pilot.printed_ship)
        }
        Some(s) => s.name.clone(),
        None => pilot.printed_ship.clone(),
    };
    view! {
        <Title text=worded::pilot_name(&pilot).0 />
        <Meta name="description" content=card_description(&db, Card::Pilot(&pilot)) />
        <article class="card-detail pilot" data-xws=pilot.xws.clone()>
            <header>
                <span class="skill" title="Pilot skill">
                    {pilot.skill_text()}
                </span>
                <h1>{unique_mark(pilot.unique)}<WordedName words=worded::pilot_name(&pilot) /></h1>
                <span class="points" title="Squad points">
                    {pilot.points_text()}
                    " points"
                </span>
            </header>
            <p class="ship-line">
                <ShipSilhouette ship=pilot.ship.to_string() />
                {ship_line}
                " · "
                {db.faction_name(&pilot.faction).to_string()}
                {ship.as_ref().map(|s| format!(" · {} ship", s.size.as_str()))}
            </p>
            <StatBlock stats=pilot.stats />
            <h2>"Action bar"</h2>
            <p class="actions">
                <ActionList actions />
            </p>
            <h2>"Ability"</h2>
            <p class="ability">
                {match worded::pilot_text(&pilot) {
                    Some(words) => {
                        Either::Left(view! { <WordedText words context="cards".to_string() /> })
                    }
                    None => Either::Right("No ability text is printed."),
                }}
            </p>
            <h2>"Upgrade bar"</h2>
            <SlotList
                db=db.clone()
                slots=pilot.upgrade_bar.iter().map(|s| s.to_string()).collect()
            />
            {ship
                .map(|s| {
                    view! {
                        <h2>"Dial"</h2>
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
                <h1>{unique_mark(upgrade.unique)}<WordedName words=worded::upgrade_name(&upgrade) /></h1>
                <span class="points" title="Squad points">
                    {signed(upgrade.points)}
                    " points"
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
            {upgrade.energy_limit.map(|e| view! { <p class="energy-limit">"Energy limit "{e}</p> })}
            {upgrade
                .effects
                .energy_limit_change
                .map(|c| {
                    view! {
                        <p class="energy-limit">
                            {if c >= 0 {
                                format!("Energy limit +{c}")
                            } else {
                                format!("Energy limit {c}")
                            }}
                        </p>
                    }
                })}
            <div class="faces">{face_views}</div>
            {(face_count > 1)
                .then(|| {
                    view! {
                        <button
                            class="flip"
                            on:click=move |_| face_up.update(|f| *f = (*f + 1) % face_count)
                        >
                            "Flip card"
                        </button>
                    }
                })}
            <TitledList title="Rules as data" class="effects" items=effects />
            <ProductList db=db.clone() kind=ProductKind::Upgrade id=upgrade.id />
            <InCollection db=db.clone() kind=ProductKind::Upgrade id=upgrade.id />
            <p class="meta">"XWS "<code>{upgrade.xws.clone()}</code>" · id "{upgrade.id}</p>
        </article>
    }
}

/// A titled list of short lines (a card's rules as data),
/// or nothing when there are none.
#[component]
fn TitledList(title: &'static str, class: &'static str, items: Vec<String>) -> impl IntoView {
    (!items.is_empty()).then(|| {
        view! {
            <h2>{title}</h2>
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
    let range = face.range.map(|(lo, hi)| {
        if lo == hi {
            format!("Range {lo}")
        } else {
            format!("Range {lo}–{hi}")
        }
    });
    view! {
        <section class="face" class:face-up=move || face_up.get() == i data-face=i + 1>
            <h2>
                <WordedName words=name />
            </h2>
            {(face_count > 1)
                .then(|| {
                    view! {
                        <p class="face-state">
                            {move || if face_up.get() == i { "Face up" } else { "Face down" }}
                        </p>
                    }
                })}
            {face
                .attack
                .map(|a| {
                    view! {
                        <p class="weapon">
                            <span class="attack">"Attack "{a}</span>
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
