//! A huge ship's energy in play: the round's checklist, the maneuver
//! revealed and the energy it gains, each energy card with its
//! allocation and attack, recover and reinforce. Every button is a step of
//! `cards::play`, which runs the energy engine's own steps.

use cards::catalog::Maneuver;
use cards::play::{ChecklistItem, PlayShip, PlayStep, ShipAt, played_dial};
use cards::sim::energy::HugeSection;
use leptos::prelude::*;

use super::PlayArea;
use crate::components::{difficulty_mark, maneuver_glyph, spoken_maneuver};
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;

fn item_name(item: ChecklistItem) -> &'static str {
    let i18n = use_i18n();
    match item {
        ChecklistItem::GainEnergy => t_string!(i18n, play.check_gain_energy),
        ChecklistItem::AllocateEnergy => t_string!(i18n, play.check_allocate_energy),
        ChecklistItem::UseEnergy => t_string!(i18n, play.check_use_energy),
        ChecklistItem::PerformAction => t_string!(i18n, play.check_perform_action),
    }
}

fn section_word(section: HugeSection) -> &'static str {
    let i18n = use_i18n();
    match section {
        HugeSection::Fore => t_string!(i18n, play.fore),
        HugeSection::Aft => t_string!(i18n, play.aft),
    }
}

/// A huge ship's energy: the Ship card's, the round's checklist, the
/// maneuver revealed, the energy cards, and the actions that spend energy.
#[component]
pub(super) fn EnergyPanel(at: ShipAt, ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    let energy = ship.energy.clone()?;
    let live = !ship.destroyed();
    let limit = ship.energy_limit();
    Some(view! {
        <section class="play-energy" aria-label=move || t_string!(i18n, play.energy)>
            <h4>{t!(i18n, play.energy)}</h4>
            <p class="play-ship-energy">
                <output>
                    {fill(
                        t_string!(i18n, play.ship_energy),
                        &[("energy", &energy.ship.to_string()), ("limit", &limit.to_string())],
                    )}
                </output>
            </p>
            <Checklist at done=energy.checklist />
            {live.then(|| view! { <Reveal at ship=ship.clone() /> })}
            <EnergyCards at ship=ship.clone() live />
            {live.then(|| view! { <Actions at ship=ship.clone() /> })}
        </section>
    })
}

/// The Energy phase's steps, ticked as they are done.
#[component]
fn Checklist(at: ShipAt, done: [bool; 4]) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let items = ChecklistItem::ALL
        .into_iter()
        .map(|item| {
            let checked = done[item.index()];
            view! {
                <li>
                    <label>
                        <input
                            type="checkbox"
                            prop:checked=checked
                            disabled=checked
                            on:change=move |_| board.act(PlayStep::Tick { at, item })
                        />
                        {item_name(item)}
                    </label>
                </li>
            }
        })
        .collect_view();
    view! {
        <fieldset class="play-checklist">
            <legend>{t!(i18n, play.checklist)}</legend>
            <ul>{items}</ul>
        </fieldset>
    }
}

/// The maneuver revealed: the dial in play as the game's glyphs, each
/// with its energy, as the dial table draws them. A native `<option>`
/// cannot mix the icon font with text, so each maneuver is a radio button
/// of a fieldset: the keyboard moves through them, and a screen reader
/// says each one's spoken name (issue 60).
#[component]
fn Reveal(at: ShipAt, ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let engine_dial = ship
        .energy
        .as_ref()
        .map(|e| e.engine.dial.clone())
        .unwrap_or_default();
    let dial = played_dial(&ship);
    let chosen = RwSignal::new(dial.first().map(|m| m.code()).unwrap_or_default());
    let group = format!("reveal-{}-{}", at.player.word().replace(' ', "-"), at.ship);
    let options = dial
        .iter()
        .map(|m| {
            let gain = engine_dial
                .iter()
                .find(|e| {
                    e.speed == m.flown.maneuver.speed
                        && e.bearing_code() == m.flown.maneuver.bearing_code()
                })
                .and_then(|e| e.energy)
                .unwrap_or(0);
            reveal_option(&m.flown.maneuver, m.code(), gain, group.clone(), chosen)
        })
        .collect_view();
    let done = ship
        .energy
        .as_ref()
        .is_some_and(|e| e.done(ChecklistItem::GainEnergy));
    view! {
        <fieldset class="play-reveal">
            <legend>{t!(i18n, play.maneuver)}</legend>
            <div class="reveal-dial">{options}</div>
            <button
                type="button"
                disabled=done
                on:click=move |_| {
                    board
                        .act(PlayStep::Reveal {
                            at,
                            maneuver: chosen.get_untracked(),
                        })
                }
            >
                {t!(i18n, play.reveal)}
            </button>
        </fieldset>
    }
}

/// One maneuver of the reveal: its speed and glyph in its colour and the
/// energy it gains, named in full for a screen reader.
fn reveal_option(
    m: &Maneuver,
    code: String,
    gain: u8,
    group: String,
    chosen: RwSignal<String>,
) -> impl IntoView + use<> {
    let name = spoken_maneuver(m, Some(gain));
    let title = name.clone();
    let checked = chosen.with_untracked(|c| *c == code);
    let class = format!("reveal-option {}", m.difficulty.as_str());
    view! {
        <label class=class title=title>
            <input
                type="radio"
                name=group
                value=code.clone()
                checked=checked
                on:change=move |_| chosen.set(code.clone())
            />
            <span class="visually-hidden">{name}</span>
            <span class="reveal-speed" aria-hidden="true">
                {m.speed}
            </span>
            <i class="xw" aria-hidden="true">
                {maneuver_glyph(m)}
            </i>
            <span class="difficulty" aria-hidden="true">
                {difficulty_mark(m.difficulty)}
            </span>
            <span class="energy" aria-hidden="true">
                {format!("+{gain}")}
            </span>
        </label>
    }
}

/// Each equipped card that holds energy: allocate to it, attack with it.
#[component]
fn EnergyCards(at: ShipAt, ship: PlayShip, live: bool) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let energy = ship.energy?;
    let cards = energy
        .engine
        .energy_cards
        .iter()
        .enumerate()
        .map(|(card, c)| {
            let holds = energy.cards.get(card).copied().unwrap_or(0);
            let line = fill(
                t_string!(i18n, play.card_energy),
                &[
                    ("card", &c.name),
                    ("energy", &holds.to_string()),
                    ("limit", &c.limit.to_string()),
                ],
            );
            let can_allocate = live && energy.ship > 0 && holds < c.limit;
            let fire = c.cost.filter(|_| live).map(|cost| {
                let cannot_fire = holds < cost;
                let label = fill(t_string!(i18n, play.fire), &[("cost", &cost.to_string())]);
                view! {
                    <button
                        type="button"
                        disabled=cannot_fire
                        on:click=move |_| board.act(PlayStep::Fire { at, card })
                    >
                        {label}
                    </button>
                }
            });
            view! {
                <li>
                    <output lang="en">{line}</output>
                    <button
                        type="button"
                        disabled=!can_allocate
                        on:click=move |_| {
                            board
                                .act(PlayStep::Allocate {
                                    at,
                                    card,
                                    amount: 1,
                                })
                        }
                    >
                        {t!(i18n, play.allocate)}
                    </button>
                    {fire}
                </li>
            }
        })
        .collect_view();
    Some(view! { <ul class="play-energy-cards">{cards}</ul> })
}

/// Spend energy on an "Energy:" card, recover on a section, reinforce one.
#[component]
fn Actions(at: ShipAt, ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let has = |xws: &str| ship.can_perform(xws);
    let energy = ship.energy.as_ref().map_or(0, |e| e.ship);
    let no_energy = energy == 0;
    let recover = has("recover").then(|| recover_buttons(at, &ship, no_energy));
    let reinforce = has("reinforce").then(|| reinforce_buttons(at, &ship));
    view! {
        <div class="play-energy-actions">
            <button
                type="button"
                disabled=no_energy
                on:click=move |_| {
                    board
                        .act(PlayStep::SpendEnergy {
                            at,
                            amount: 1,
                        })
                }
            >
                {t!(i18n, play.spend)}
            </button>
            {recover}
            {reinforce}
        </div>
    }
}

/// The recover action's button for a section: "Recover (fore)", or
/// "Recover" on a ship of one section.
fn recover_label(part: Option<HugeSection>) -> String {
    let i18n = use_i18n();
    match part {
        Some(part) => fill(
            t_string!(i18n, play.recover),
            &[("section", section_word(part))],
        ),
        None => t_string!(i18n, play.recover_ship).to_string(),
    }
}

/// Recover: one button for each section not crippled, disabled without
/// energy to spend.
fn recover_buttons(at: ShipAt, ship: &PlayShip, no_energy: bool) -> impl IntoView + use<> {
    let board = expect_context::<PlayArea>();
    ship.sections
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.crippled)
        .map(|(section, s)| {
            let label = recover_label(s.part);
            view! {
                <button
                    type="button"
                    disabled=no_energy
                    on:click=move |_| board.act(PlayStep::Recover { at, section })
                >
                    {label}
                </button>
            }
        })
        .collect_view()
}

/// Reinforce: one button for each section, the one reinforced pressed.
fn reinforce_buttons(at: ShipAt, ship: &PlayShip) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    [HugeSection::Fore, HugeSection::Aft]
        .into_iter()
        .map(|section| {
            let label = fill(
                t_string!(i18n, play.reinforce),
                &[("section", section_word(section))],
            );
            let on = ship.reinforce == Some(section);
            view! {
                <button
                    type="button"
                    aria-pressed=on.to_string()
                    on:click=move |_| board.act(PlayStep::Reinforce { at, section })
                >
                    {label}
                </button>
            }
        })
        .collect_view()
}
