//! One round of the plan as a table row: maneuver, ion tokens, energy to
//! allocate, action, and combat. Each control edits its round only.

use cards::sim::energy::{EnergyInputs, EnergyShip, HugeAction, RoundPlan};
use leptos::prelude::*;

use crate::i18n::{td, td_string};
use crate::simulators::words::energy::EnergyWords;
use crate::simulators::words::{Words, fill};

/// Edits round `i` of the plan in the inputs.
#[derive(Clone, Copy)]
struct RoundEdit {
    state: RwSignal<EnergyInputs>,
    i: usize,
}

impl RoundEdit {
    fn apply(self, f: impl FnOnce(&mut RoundPlan)) {
        self.state.update(|s| {
            if let Some(r) = s.plan.rounds.get_mut(self.i) {
                f(r)
            }
        })
    }
}

/// A count the round accepts: 0 to 20.
fn count(ev: &leptos::ev::Event) -> Option<u8> {
    event_target_value(ev)
        .trim()
        .parse::<u8>()
        .ok()
        .filter(|n| *n <= 20)
}

#[component]
pub(super) fn RoundRow(
    state: RwSignal<EnergyInputs>,
    i: usize,
    round: RoundPlan,
    ship: EnergyShip,
    said: EnergyWords,
) -> impl IntoView {
    let edit = RoundEdit { state, i };
    let n = i + 1;
    let words = said.words;
    view! {
        <tr data-round=n>
            <th scope="row">{n}</th>
            <td>{maneuver_select(edit, &ship, round.maneuver.clone(), words)}</td>
            <td>
                <input
                    type="number"
                    min="0"
                    max="20"
                    name=format!("ion-{n}")
                    aria-label=fill(td_string!(words.locale, sims.energy_ion_label), &[("n", &n)])
                    prop:value=round.ion.to_string()
                    on:change=move |ev| {
                        if let Some(c) = count(&ev) {
                            edit.apply(|r| r.ion = c);
                        }
                    }
                />
            </td>
            <td>{allocate_inputs(edit, &ship, &round, &said)}</td>
            <td>{action_selects(edit, &ship, &round, words)}</td>
            <td class="combat">{combat_inputs(edit, &ship, &round, words)}</td>
        </tr>
    }
}

/// The maneuvers of the ship's dial, with the energy each gives.
fn maneuver_select(
    edit: RoundEdit,
    ship: &EnergyShip,
    current: String,
    words: Words,
) -> impl IntoView + use<> {
    let n = edit.i + 1;
    let l = words.locale;
    let options = ship
        .dial
        .iter()
        .map(|m| {
            let code = m.to_string().split(':').next().unwrap_or("").to_string();
            let label = fill(
                td_string!(l, sims.energy_maneuver_option),
                &[
                    ("maneuver", &words.maneuver(*m)),
                    ("energy", &m.energy.unwrap_or(0)),
                ],
            );
            let selected = code == current;
            view! {
                <option value=code selected=selected>
                    {label}
                </option>
            }
        })
        .collect_view();
    view! {
        <select
            name=format!("maneuver-{n}")
            aria-label=fill(td_string!(l, sims.energy_maneuver_label), &[("n", &n)])
            prop:value=current
            on:change=move |ev| {
                let m = event_target_value(&ev);
                edit.apply(|r| r.maneuver = m);
            }
        >
            {options}
        </select>
    }
}

/// Energy to move to each card with an energy limit.
fn allocate_inputs(
    edit: RoundEdit,
    ship: &EnergyShip,
    round: &RoundPlan,
    said: &EnergyWords,
) -> impl IntoView + use<> {
    let n = edit.i + 1;
    let (l, page) = (said.words.locale, said.words.lang);
    ship.energy_cards
        .iter()
        .enumerate()
        .map(|(c, card)| {
            let value = round.allocate.get(c).copied().unwrap_or(0);
            view! {
                <label class="allocate">
                    <span class="visually-hidden">
                        {td!(
                            l,
                            sims.energy_allocate_hidden,
                            round = n,
                            card = said.card(&card.card_name()).var(page)
                        )}
                    </span>
                    <input
                        type="number"
                        min="0"
                        max=card.limit
                        name=format!("allocate-{n}-{c}")
                        prop:value=value.to_string()
                        on:change=move |ev| {
                            if let Some(energy) = count(&ev) {
                                edit.apply(|r| {
                                    if r.allocate.len() <= c {
                                        r.allocate.resize(c + 1, 0);
                                    }
                                    r.allocate[c] = energy;
                                    while r.allocate.last() == Some(&0) {
                                        r.allocate.pop();
                                    }
                                });
                            }
                        }
                    />
                </label>
            }
        })
        .collect_view()
}

/// The huge-ship actions the ship has: one menu, or one for each section
/// of a ship of two (each section performs one of its own actions).
fn action_selects(
    edit: RoundEdit,
    ship: &EnergyShip,
    round: &RoundPlan,
    words: Words,
) -> impl IntoView + use<> {
    let n = edit.i + 1;
    let l = words.locale;
    let two = ship.section_actions.len() == 2;
    [round.action, round.second_action]
        .into_iter()
        .enumerate()
        .take(if two { 2 } else { 1 })
        .map(|(section, current)| {
            let template = match (two, section) {
                (false, _) => td_string!(l, sims.energy_action_label),
                (true, 0) => td_string!(l, sims.energy_fore_action_label),
                (true, _) => td_string!(l, sims.energy_aft_action_label),
            };
            let label = fill(template, &[("n", &n)]);
            let options = ship
                .section_huge_actions(section)
                .into_iter()
                .map(|a| {
                    view! {
                        <option value=a.code() selected=a == current>
                            {words.huge_action(a)}
                        </option>
                    }
                })
                .collect_view();
            view! {
                <select
                    name=if section == 0 { format!("action-{n}") } else { format!("action2-{n}") }
                    aria-label=label
                    prop:value=current.code()
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        let a = HugeAction::ALL
                            .into_iter()
                            .find(|a| a.code() == v)
                            .unwrap_or_default();
                        edit.apply(|r| {
                            if section == 0 { r.action = a } else { r.second_action = a }
                        });
                    }
                >
                    {options}
                </select>
            }
        })
        .collect_view()
}

/// Fire the energy cards' attacks (where the ship has one), and the
/// shields the ship loses.
fn combat_inputs(
    edit: RoundEdit,
    ship: &EnergyShip,
    round: &RoundPlan,
    words: Words,
) -> impl IntoView + use<> {
    let n = edit.i + 1;
    let l = words.locale;
    let has_attack = ship.energy_cards.iter().any(|c| c.cost.is_some());
    let fire = round.fire;
    view! {
        {has_attack
            .then(|| {
                view! {
                    <label>
                        <input
                            type="checkbox"
                            name=format!("fire-{n}")
                            prop:checked=fire
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                edit.apply(|r| r.fire = on);
                            }
                        />
                        {td_string!(l, sims.energy_fire)}
                    </label>
                }
            })}
        <label>
            {td_string!(l, sims.energy_shields_lost)}
            <input
                type="number"
                min="0"
                max="20"
                name=format!("shields-lost-{n}")
                prop:value=round.shields_lost.to_string()
                on:change=move |ev| {
                    if let Some(c) = count(&ev) {
                        edit.apply(|r| r.shields_lost = c);
                    }
                }
            />
        </label>
    }
}
