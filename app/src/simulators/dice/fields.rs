//! The dice simulator's inputs: a preset, the attack, and each side's
//! tokens and cards, each control bound to one field of [`DiceInputs`].

use cards::sim::dice::{DiceInputs, RangeRule, presets};
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

#[component]
pub(super) fn AttackFields(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <fieldset>
            <legend>{td_string!(l, sims.dice_attack)}</legend>
            <Count
                inputs
                label=td_string!(l, sims.dice_attack_dice)
                name="attack"
                min=0
                max=12
                get=|i| i.attack
                set=|i, n| i.attack = n
            />
            <Count
                inputs
                label=td_string!(l, sims.dice_defense_dice)
                name="defense"
                min=0
                max=12
                get=|i| i.defense
                set=|i, n| i.defense = n
            />
            <RangeSelect inputs />
            <Flag
                inputs
                label=td_string!(l, sims.dice_primary)
                name="primary"
                get=|i| i.primary
                set=|i, on| i.primary = on
            />
            <RangeRuleSelect inputs />
            <Flag
                inputs
                label=td_string!(l, sims.dice_obstructed)
                name="obstructed"
                get=|i| i.obstructed
                set=|i, on| i.obstructed = on
            />
        </fieldset>
    }
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
    view! {
        <fieldset>
            <legend>{td_string!(l, sims.dice_attacker)}</legend>
            <Flag
                inputs
                label=td_string!(l, sims.dice_focus)
                name="attacker-focus"
                get=|i| i.attacker.focus
                set=|i, on| i.attacker.focus = on
            />
            <Flag
                inputs
                label=td_string!(l, sims.dice_target_lock)
                name="target-lock"
                get=|i| i.attacker.target_lock
                set=|i, on| i.attacker.target_lock = on
            />
            <Flag
                inputs
                label=td_string!(l, sims.dice_power_cells)
                name="power-cells"
                get=|i| i.attacker.power_cells
                set=|i, on| i.attacker.power_cells = on
            />
            <Flag
                inputs
                label=td_string!(l, sims.dice_thug_droids)
                name="thug-droids"
                get=|i| i.attacker.thug_droids
                set=|i, on| i.attacker.thug_droids = on
            />
            <Flag
                inputs
                label="Sunny Bounder"
                name="sunny-bounder"
                get=|i| i.attacker.sunny_bounder
                set=|i, on| i.attacker.sunny_bounder = on
            />
            <Count
                inputs
                label=td_string!(l, sims.dice_inaldra_shields)
                name="inaldra-shields"
                min=0
                max=12
                get=|i| i.attacker.inaldra_shields
                set=|i, n| i.attacker.inaldra_shields = n
            />
        </fieldset>
    }
}

#[component]
pub(super) fn DefenderFields(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let l = Words::of_page().locale;
    view! {
        <fieldset>
            <legend>{td_string!(l, sims.dice_defender)}</legend>
            <Flag
                inputs
                label=td_string!(l, sims.dice_focus)
                name="defender-focus"
                get=|i| i.defender.focus
                set=|i, on| i.defender.focus = on
            />
            <Flag
                inputs
                label=td_string!(l, sims.dice_evade_token)
                name="evade"
                get=|i| i.defender.evade
                set=|i, on| i.defender.evade = on
            />
            <Flag
                inputs
                label=td_string!(l, sims.dice_reinforce)
                name="reinforce"
                get=|i| i.defender.reinforce
                set=|i, on| i.defender.reinforce = on
            />
            <Flag
                inputs
                label=td_string!(l, sims.dice_reinforce_elsewhere)
                name="reinforce-other"
                get=|i| i.defender.reinforce_other
                set=|i, on| i.defender.reinforce_other = on
            />
            <Flag
                inputs
                label="Broken Horn"
                name="broken-horn"
                get=|i| i.defender.broken_horn
                set=|i, on| i.defender.broken_horn = on
            />
            <Flag
                inputs
                label="Sunny Bounder"
                name="defender-sunny-bounder"
                get=|i| i.defender.sunny_bounder
                set=|i, on| i.defender.sunny_bounder = on
            />
            <Count
                inputs
                label=td_string!(l, sims.dice_inaldra_shields)
                name="defender-inaldra-shields"
                min=0
                max=12
                get=|i| i.defender.inaldra_shields
                set=|i, n| i.defender.inaldra_shields = n
            />
            <p class="note">{td_string!(l, sims.dice_broken_horn_note)}</p>
        </fieldset>
    }
}
