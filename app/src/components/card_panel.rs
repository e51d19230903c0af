//! A card as printed, at a glance: the builder's side panel on a wide
//! screen, and the same panel opened in place on a phone.

use std::sync::Arc;

use cards::catalog::{Database, Face, Maneuver, Pilot, Stats, Upgrade};
use cards::squad::ShipReport;
use leptos::prelude::*;

use super::as_built::ShipNotes;
use super::dial_table::DialTable;
use super::game_terms::{points_label, range_label};
use super::glyph::{ActionList, ShipSilhouette, named_actions};
use super::slot_list::SlotList;
use super::stat_block::StatBlock;
use super::worded::{self, WordedName, WordedText};
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;
use cards::lang::Lang;

/// Which card a panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelCard {
    /// A pilot, by id: its ship, stats, actions, bar, ability and dial.
    Pilot(u32),
    /// A pilot as ship `ship` of the squad flies it: the panel shows the
    /// stats, actions and dial its cards make, given as `flown`.
    Flown { pilot: u32, ship: usize },
    /// An upgrade, by id: its slots, restriction and every face.
    Upgrade(u32),
}

/// The card, as printed, or a pilot as its ship flies (`flown`, the
/// ship's report); nothing for a card the database lacks.
#[component]
pub fn CardPanel(db: Arc<Database>, card: PanelCard, flown: Option<ShipReport>) -> impl IntoView {
    match card {
        PanelCard::Pilot(id) | PanelCard::Flown { pilot: id, .. } => db
            .pilot_by_id(id)
            .cloned()
            .map(|p| view! { <PilotPanel db=db.clone() pilot=p flown /> }.into_any()),
        PanelCard::Upgrade(id) => db
            .upgrade_by_id(id)
            .cloned()
            .map(|u| view! { <UpgradePanel db=db.clone() upgrade=u /> }.into_any()),
    }
}

fn unique_mark(unique: bool) -> Option<&'static str> {
    unique.then_some("• ")
}

/// The stats, actions and dial shown, with the notes of what cards changed.
struct Shown {
    stats: Stats,
    actions: Vec<(String, String)>,
    dial: Vec<Maneuver>,
    notes: ShipNotes,
}

/// The pilot as printed, or as its ship flies.
fn shown(db: &Database, pilot: &Pilot, flown: Option<ShipReport>) -> Shown {
    match flown {
        Some(r) => Shown {
            stats: r.stats,
            actions: named_actions(db, &r.actions),
            dial: r.dial.iter().map(|m| m.maneuver).collect(),
            notes: ShipNotes::of(db, &r.dial, &r.changes),
        },
        None => {
            let dial = db
                .ship(&pilot.ship)
                .map(|s| s.dial.clone())
                .unwrap_or_default();
            Shown {
                stats: pilot.stats,
                actions: named_actions(db, &pilot.actions),
                notes: ShipNotes::none(dial.len()),
                dial,
            }
        }
    }
}

#[component]
fn PilotPanel(db: Arc<Database>, pilot: Pilot, flown: Option<ShipReport>) -> impl IntoView {
    let i18n = use_i18n();
    let Shown {
        stats,
        actions,
        dial,
        notes,
    } = shown(&db, &pilot, flown);
    view! {
        <article class="card-panel-card pilot" data-card=pilot.xws.clone()>
            <header class="panel-head">
                <span class="skill" title=move || t_string!(i18n, parts.pilot_skill)>
                    {pilot.skill_text()}
                </span>
                <h2>{unique_mark(pilot.unique)}<WordedName words=worded::pilot_name(&pilot) /></h2>
                <span class="points">{points_label(pilot.points)}</span>
            </header>
            <p class="panel-ship">
                <ShipSilhouette ship=pilot.ship.to_string() />
                <WordedName words=worded::ship_name(&pilot.ship, &pilot.printed_ship) />
            </p>
            <StatBlock stats notes=notes.stats />
            <p class="actions">
                <ActionList actions notes=notes.actions />
            </p>
            <SlotList
                db=db.clone()
                slots=pilot.upgrade_bar.iter().map(|s| s.to_string()).collect()
            />
            {worded::pilot_text(&pilot)
                .map(|words| {
                    view! {
                        <p class="panel-text">
                            <WordedText words context="cards".to_string() />
                        </p>
                    }
                })}
            <DialTable dial notes=notes.dial />
        </article>
    }
}

#[component]
fn UpgradePanel(db: Arc<Database>, upgrade: Upgrade) -> impl IntoView {
    let i18n = use_i18n();
    let energy = upgrade.energy_limit.map(|e| {
        view! {
            <p class="panel-energy">
                {fill(t_string!(i18n, parts.energy_value), &[("energy", &e.to_string())])}
            </p>
        }
    });
    let two_faces = upgrade.faces.len() > 1;
    let faces = upgrade
        .faces
        .iter()
        .enumerate()
        .map(|(i, face)| {
            // The file translates a card's front only: its first face's name.
            let name = match i {
                0 => worded::upgrade_name(&upgrade).0,
                _ => face.name.clone(),
            };
            face_view(
                face,
                worded::face_text(&upgrade, i),
                two_faces.then_some((i + 1, name)),
            )
        })
        .collect_view();
    view! {
        <article class="card-panel-card upgrade" data-card=upgrade.xws.clone()>
            <header class="panel-head">
                <h2>
                    {unique_mark(upgrade.unique)}<WordedName words=worded::upgrade_name(&upgrade) />
                </h2>
                <span class="points">{points_label(Some(upgrade.points))}</span>
            </header>
            <SlotList db=db.clone() slots=upgrade.slots.clone() />
            {(!upgrade.restriction_text.is_empty())
                .then(|| {
                    view! {
                        <p class="panel-restriction">
                            <WordedName words=worded::restriction(&upgrade) />
                        </p>
                    }
                })}
            {upgrade
                .limited
                .then(|| view! { <p class="panel-restriction">{t!(i18n, parts.limited)}</p> })}
            {energy}
            {faces}
        </article>
    }
}

/// One face: its number and name when the card has two, the attack and
/// range it prints, and its text.
fn face_view(
    face: &Face,
    text: (String, Lang),
    heading: Option<(usize, String)>,
) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let attack = face.attack.map(|attack| {
        let range = face
            .range
            .map(|r| format!(" · {}", range_label(r, "-")))
            .unwrap_or_default();
        let attack = fill(
            t_string!(i18n, parts.attack_value),
            &[("attack", &attack.to_string())],
        );
        view! { <p class="panel-attack">{format!("{attack}{range}")}</p> }
    });
    view! {
        <section class="panel-face">
            {heading
                .map(|(number, name)| {
                    view! {
                        <h3>
                            {fill(
                                t_string!(i18n, parts.face_heading),
                                &[("number", &number.to_string()), ("name", &name)],
                            )}
                        </h3>
                    }
                })} {attack} <p class="panel-text">
                <WordedText words=text context="cards".to_string() />
            </p>
        </section>
    }
}
