//! `/cards/<key>`: one card, pilot or upgrade, with everything its
//! printed card shows (a dual card both faces, and a "Flip" button).

use std::sync::Arc;

use cards::catalog::{Card, Database, Face, Pilot, ProductKind, Ship, Upgrade, effect_lines};
use cards::lang::Lang;
use leptos::either::{Either, EitherOf3};
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;

use super::printed::{size_ship, unique_mark};
use crate::components::effect_text::effect_text;
use crate::components::game_terms::{faction_name, points_label, range_label, slot_name};
use crate::components::glyph::{ActionList, ShipSilhouette, named_actions};
use crate::components::owned::{InCollection, ProductList};
use crate::components::worded::{self, WordedName, WordedText};
use crate::components::{DialTable, NotFoundNotice, SlotList, StatBlock, WithCards};
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::{use_i18n, use_lang};

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
    // A description is in one language, which cannot be marked: a card
    // text the page's language lacks is left out.
    let summary = match worded::card_summary(card) {
        (text, lang) if lang == use_lang() => crate::components::glyph::symbol_words(&text),
        _ => String::new(),
    };
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

/// A pilot's card: skill, name and points, the ship it flies, its stats,
/// action bar, ability, upgrade bar and dial, where to buy it and how many
/// the player owns.
#[component]
fn PilotDetail(db: Arc<Database>, pilot: Pilot) -> impl IntoView {
    let i18n = use_i18n();
    let ship = db.ship(&pilot.ship).cloned();
    let actions = named_actions(&db, &pilot.actions);
    view! {
        <Title text=worded::pilot_name(&pilot).0 />
        <Meta name="description" content=card_description(&db, Card::Pilot(&pilot)) />
        <article class="card-detail pilot" data-xws=pilot.xws.clone()>
            {pilot_header(&pilot)}
            {ship_line(&db, &pilot, ship.as_ref())}
            <StatBlock stats=pilot.stats />
            <h2>{t!(i18n, cards.action_bar)}</h2>
            <p class="actions">
                <ActionList actions />
            </p>
            <h2>{t!(i18n, cards.ability)}</h2>
            <p class="ability">{pilot_ability(&pilot)}</p>
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

/// The top of a pilot's card: its pilot skill, its name (the dot of a
/// unique pilot before it) and its points.
fn pilot_header(pilot: &Pilot) -> impl IntoView + use<> {
    let i18n = use_i18n();
    view! {
        <header>
            <span class="skill" title=move || t_string!(i18n, parts.pilot_skill)>
                {pilot.skill_text()}
            </span>
            <h1>{unique_mark(pilot.unique)}<WordedName words=worded::pilot_name(pilot) /></h1>
            <span class="points" title=move || t_string!(i18n, parts.stat_points)>
                {points_label(pilot.points)}
            </span>
        </header>
    }
}

/// The ship a pilot flies (and the name its card prints, where that
/// differs), its faction and its size.
fn ship_line(db: &Database, pilot: &Pilot, ship: Option<&Ship>) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let name = match ship {
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
        <p class="ship-line">
            <ShipSilhouette ship=pilot.ship.to_string() />
            {name}
            " · "
            {faction_name(db, &pilot.faction)}
            {ship.map(|s| format!(" · {}", size_ship(s.size)))}
        </p>
    }
}

/// A pilot's ability with its rule words linked, or a line saying it has
/// none.
fn pilot_ability(pilot: &Pilot) -> impl IntoView + use<> {
    let i18n = use_i18n();
    match worded::pilot_text(pilot) {
        Some(words) => Either::Left(view! { <WordedText words context="cards".to_string() /> }),
        None => Either::Right(t!(i18n, cards.no_ability)),
    }
}

/// An upgrade's card: name and points, slots, restriction, energy limit,
/// each printed face (a dual card's both, with "Flip" to turn it as a
/// player would), its rules as data, where to buy it and how many the
/// player owns.
#[component]
fn UpgradeDetail(db: Arc<Database>, upgrade: Upgrade) -> impl IntoView {
    let i18n = use_i18n();
    let face_up = RwSignal::new(0usize);
    let face_count = upgrade.faces.len();
    let effects: Vec<AnyView> = (effect_lines(&upgrade).into_iter())
        .map(|effect| effect_text(db.clone(), effect))
        .collect();
    let face_views = face_views(&upgrade, face_up);
    view! {
        <Title text=worded::upgrade_name(&upgrade).0 />
        <Meta name="description" content=card_description(&db, Card::Upgrade(&upgrade)) />
        <article class="card-detail upgrade" data-xws=upgrade.xws.clone()>
            {upgrade_header(&upgrade)}
            <SlotList db=db.clone() slots=upgrade.slots.clone() />
            {restriction_line(&upgrade)}
            {energy_lines(&upgrade)}
            <div class="faces">{face_views}</div>
            {flip_button(face_count, face_up)}
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

/// The top of an upgrade's card: its name (the dot of a unique upgrade
/// before it) and its points.
fn upgrade_header(upgrade: &Upgrade) -> impl IntoView + use<> {
    let i18n = use_i18n();
    view! {
        <header>
            <h1>{unique_mark(upgrade.unique)}<WordedName words=worded::upgrade_name(upgrade) /></h1>
            <span class="points" title=move || t_string!(i18n, parts.stat_points)>
                {points_label(Some(upgrade.points))}
            </span>
        </header>
    }
}

/// Who may equip the upgrade ("Rebel only."), when its card says.
fn restriction_line(upgrade: &Upgrade) -> impl IntoView + use<> {
    (!upgrade.restriction_text.is_empty()).then(|| {
        view! {
            <p class="restriction">
                <WordedText words=worded::restriction(upgrade) context="cards".to_string() />
            </p>
        }
    })
}

/// The energy limit a huge ship's upgrade prints, and the change to its
/// ship's energy limit.
fn energy_lines(upgrade: &Upgrade) -> impl IntoView + use<> {
    (
        upgrade
            .energy_limit
            .map(|e| view! { <p class="energy-limit">{energy_limit(e.to_string())}</p> }),
        upgrade.effects.energy_limit_change.map(|c| {
            let change = if c >= 0 {
                format!("+{c}")
            } else {
                c.to_string()
            };
            view! { <p class="energy-limit">{energy_limit(change)}</p> }
        }),
    )
}

/// Each printed face of the upgrade, the first face up.
fn face_views(upgrade: &Upgrade, face_up: RwSignal<usize>) -> impl IntoView + use<> {
    let face_count = upgrade.faces.len();
    upgrade
        .faces
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, face)| {
            let words = (
                worded::face_text(upgrade, i),
                (i == 0).then(|| worded::upgrade_name(upgrade)),
            );
            face_view(face, words, i, face_count, face_up)
        })
        .collect_view()
}

/// "Flip": turns a dual card over, as a player would; nothing on a card
/// with one face.
fn flip_button(face_count: usize, face_up: RwSignal<usize>) -> impl IntoView + use<> {
    let i18n = use_i18n();
    (face_count > 1).then(|| {
        view! {
            <button class="flip" on:click=move |_| face_up.update(|f| *f = (*f + 1) % face_count)>
                {t!(i18n, cards.flip)}
            </button>
        }
    })
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
    items: Vec<AnyView>,
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
