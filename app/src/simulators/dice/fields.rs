//! The dice simulator's inputs: a preset, the attack, and each side's
//! tokens and cards, each control bound to one field of [`DiceInputs`].

use cards::address::Knob;
use cards::sim::dice::{DICE_ADDRESS, DiceInputs, RangeRule, presets};
use leptos::prelude::*;

use crate::components::form::{Count, Flag};
use crate::i18n::{Locale, td_string};
use crate::simulators::words::Words;

/// A preset's name in the page's language, by its key.
fn preset_name(l: Locale, key: &str, english: &'static str) -> &'static str {
    match key {
        "turret-vs-m3a" => td_string!(l, sims.dice_preset_turret_vs_m3a),
        "m3a-vs-croc" => td_string!(l, sims.dice_preset_m3a_vs_croc),
        "m3a-vs-broken-horn" => td_string!(l, sims.dice_preset_m3a_vs_broken_horn),
        _ => english,
    }
}

#[component]
pub(super) fn PresetChoice(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    let preset_names: Vec<(&'static str, &'static str)> = presets()
        .iter()
        .map(|p| (p.name, preset_name(l, p.key, p.name)))
        .collect();
    view! {
        <label class="preset">
            {td_string!(l, sims.dice_preset)}
            <select
                name="dice-preset"
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(p) = presets().into_iter().find(|p| p.name == v) {
                        inputs.set(p.inputs);
                    }
                }
            >
                <option value="">{td_string!(l, sims.dice_choose_preset)}</option>
                {preset_names
                    .into_iter()
                    .map(|(n, label)| view! { <option value=n>{label}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

/// How a knob of the dice address is set on the form.
#[derive(Clone, Copy)]
enum Control {
    /// A checkbox, checked when the knob's flag is set, or when it is
    /// clear (`inverted`: the form asks "primary weapon", the address
    /// writes `secondary`).
    Flag { inverted: bool },
    /// A number of dice or shields, 0 to 12.
    Count,
    /// The range band.
    Range,
    /// The huge-ship range rule.
    RangeRule,
}

/// One control of the dice form: the knob of [`DICE_ADDRESS`] it sets (by
/// its key), the form's name for it, and its label.
struct DiceField {
    key: &'static str,
    name: &'static str,
    label: fn(Locale) -> &'static str,
    control: Control,
}

const fn field(
    key: &'static str,
    name: &'static str,
    label: fn(Locale) -> &'static str,
    control: Control,
) -> DiceField {
    DiceField {
        key,
        name,
        label,
        control,
    }
}

const FLAG: Control = Control::Flag { inverted: false };

/// The attack's fields.
static ATTACK: &[DiceField] = &[
    field(
        "a",
        "attack",
        |l| td_string!(l, sims.dice_attack_dice),
        Control::Count,
    ),
    field(
        "d",
        "defense",
        |l| td_string!(l, sims.dice_defense_dice),
        Control::Count,
    ),
    field(
        "r",
        "range",
        |l| td_string!(l, sims.dice_range),
        Control::Range,
    ),
    field(
        "secondary",
        "primary",
        |l| td_string!(l, sims.dice_primary),
        Control::Flag { inverted: true },
    ),
    field(
        "rule",
        "range-rule",
        |l| td_string!(l, sims.dice_range_rule),
        Control::RangeRule,
    ),
    field(
        "obstructed",
        "obstructed",
        |l| td_string!(l, sims.dice_obstructed),
        FLAG,
    ),
];

/// The attacker's tokens and cards.
static ATTACKER: &[DiceField] = &[
    field(
        "afocus",
        "attacker-focus",
        |l| td_string!(l, sims.dice_focus),
        FLAG,
    ),
    field(
        "lock",
        "target-lock",
        |l| td_string!(l, sims.dice_target_lock),
        FLAG,
    ),
    field(
        "cells",
        "power-cells",
        |l| td_string!(l, sims.dice_power_cells),
        FLAG,
    ),
    field(
        "thugs",
        "thug-droids",
        |l| td_string!(l, sims.dice_thug_droids),
        FLAG,
    ),
    field("sunny", "sunny-bounder", |_| "Sunny Bounder", FLAG),
    field(
        "inaldra",
        "inaldra-shields",
        |l| td_string!(l, sims.dice_inaldra_shields),
        Control::Count,
    ),
];

/// The defender's tokens and cards.
static DEFENDER: &[DiceField] = &[
    field(
        "dfocus",
        "defender-focus",
        |l| td_string!(l, sims.dice_focus),
        FLAG,
    ),
    field(
        "evade",
        "evade",
        |l| td_string!(l, sims.dice_evade_token),
        FLAG,
    ),
    field(
        "reinforce",
        "reinforce",
        |l| td_string!(l, sims.dice_reinforce),
        FLAG,
    ),
    field(
        "rother",
        "reinforce-other",
        |l| td_string!(l, sims.dice_reinforce_elsewhere),
        FLAG,
    ),
    field("horn", "broken-horn", |_| "Broken Horn", FLAG),
    field(
        "dsunny",
        "defender-sunny-bounder",
        |_| "Sunny Bounder",
        FLAG,
    ),
    field(
        "dinaldra",
        "defender-inaldra-shields",
        |l| td_string!(l, sims.dice_inaldra_shields),
        Control::Count,
    ),
];

/// The knob of [`DICE_ADDRESS`] of key `key` (the test below holds every
/// field to one).
fn knob(key: &str) -> Option<&'static Knob<DiceInputs>> {
    DICE_ADDRESS.knobs.iter().find(|k| k.key == key)
}

/// One field's control, bound to its knob.
fn control(inputs: RwSignal<DiceInputs>, l: Locale, f: &'static DiceField) -> AnyView {
    let Some(knob) = knob(f.key) else {
        return ().into_any();
    };
    let label = (f.label)(l);
    // A knob's reader takes "1", "0" and any number up to the most dice:
    // it cannot refuse what these controls send.
    match f.control {
        Control::Flag { inverted } => view! {
            <Flag
                inputs
                label
                name=f.name
                get=move |i| (knob.write)(i).is_some() != inverted
                set=move |i, on| {
                    let _ = (knob.read)(i, if on != inverted { "1" } else { "0" });
                }
            />
        }
        .into_any(),
        Control::Count => view! {
            <Count
                inputs
                label
                name=f.name
                min=0
                max=MAX_DICE
                get=move |i| (knob.write)(i).and_then(|n| n.parse().ok()).unwrap_or(0)
                set=move |i, n| {
                    let _ = (knob.read)(i, &n.to_string());
                }
            />
        }
        .into_any(),
        Control::Range => view! { <RangeSelect inputs /> }.into_any(),
        Control::RangeRule => view! { <RangeRuleSelect inputs /> }.into_any(),
    }
}

/// A fieldset of the form: its legend, its fields in order, and a note.
#[component]
fn DiceFieldset(
    inputs: RwSignal<DiceInputs>,
    legend: &'static str,
    fields: &'static [DiceField],
    #[prop(optional)] note: Option<&'static str>,
) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <fieldset>
            <legend>{legend}</legend>
            {fields.iter().map(|f| control(inputs, l, f)).collect_view()}
            {note.map(|note| view! { <p class="note">{note}</p> })}
        </fieldset>
    }
}

/// The most dice (or shields) a field takes, as the inputs' checks allow.
const MAX_DICE: u8 = 12;

#[component]
pub(super) fn AttackFields(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! { <DiceFieldset inputs legend=td_string!(l, sims.dice_attack) fields=ATTACK /> }
}

/// The attack's range band, 1 to 5.
#[component]
fn RangeSelect(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <label class="count">
            {td_string!(l, sims.dice_range)}
            <select
                name="range"
                prop:value=move || inputs.with(|i| i.range.to_string())
                on:change=move |ev| {
                    if let Ok(r) = event_target_value(&ev).parse::<u8>() {
                        inputs.update(|i| i.range = r);
                    }
                }
            >
                {(1..=5u8)
                    .map(|r| view! { <option value=r.to_string()>{r}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

/// Which huge-ship range rule gives a primary weapon beyond Range 3 its
/// defense dice: the Huge Ship Rules v1.0 or v3.0.
#[component]
fn RangeRuleSelect(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <label class="count">
            {td_string!(l, sims.dice_range_rule)}
            <select
                name="range-rule"
                prop:value=move || inputs.with(|i| i.range_rule.as_str())
                on:change=move |ev| {
                    if let Some(rule) = RangeRule::parse(&event_target_value(&ev)) {
                        inputs.update(|i| i.range_rule = rule);
                    }
                }
            >
                <option value="v1">{td_string!(l, sims.dice_range_rule_v1)}</option>
                <option value="v3">{td_string!(l, sims.dice_range_rule_v3)}</option>
            </select>
        </label>
    }
}

#[component]
pub(super) fn AttackerFields(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! { <DiceFieldset inputs legend=td_string!(l, sims.dice_attacker) fields=ATTACKER /> }
}

#[component]
pub(super) fn DefenderFields(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    let (legend, note) = (
        td_string!(l, sims.dice_defender),
        td_string!(l, sims.dice_broken_horn_note),
    );
    view! { <DiceFieldset inputs legend fields=DEFENDER note /> }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form is the knob table: every knob of the dice address has
    /// exactly one field, and every field a knob.
    #[test]
    fn every_knob_has_one_field() {
        let keys: Vec<&str> = [ATTACK, ATTACKER, DEFENDER]
            .iter()
            .flat_map(|fields| fields.iter().map(|f| f.key))
            .collect();
        let mut knobs: Vec<&str> = DICE_ADDRESS.knobs.iter().map(|k| k.key).collect();
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        knobs.sort_unstable();
        assert_eq!(sorted, knobs);
    }
}
