//! The dice simulator's inputs: a preset, the attack, and each side's
//! tokens and cards, each control bound to one field of [`DiceInputs`].

use cards::sim::dice::{DiceInputs, RangeRule, presets};
use leptos::prelude::*;

use crate::components::form::{Count, Flag};

#[component]
pub(super) fn PresetChoice(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    let preset_names: Vec<&'static str> = presets().iter().map(|p| p.name).collect();
    view! {
        <label class="preset">
            "Preset"
            <select
                name="dice-preset"
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(p) = presets().into_iter().find(|p| p.name == v) {
                        inputs.set(p.inputs);
                    }
                }
            >
                <option value="">"Choose a preset…"</option>
                {preset_names
                    .into_iter()
                    .map(|n| view! { <option value=n>{n}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

#[component]
pub(super) fn AttackFields(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    view! {
        <fieldset>
            <legend>"Attack"</legend>
            <Count
                inputs
                label="Attack dice"
                name="attack"
                min=0
                max=12
                get=|i| i.attack
                set=|i, n| i.attack = n
            />
            <Count
                inputs
                label="Defense dice"
                name="defense"
                min=0
                max=12
                get=|i| i.defense
                set=|i, n| i.defense = n
            />
            <label class="count">
                "Range"
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
            <Flag
                inputs
                label="Primary weapon"
                name="primary"
                get=|i| i.primary
                set=|i, on| i.primary = on
            />
            <label class="count">
                "Range 4–5 rule"
                <select
                    name="range-rule"
                    prop:value=move || inputs.with(|i| i.range_rule.as_str())
                    on:change=move |ev| {
                        if let Some(rule) = RangeRule::parse(&event_target_value(&ev)) {
                            inputs.update(|i| i.range_rule = rule);
                        }
                    }
                >
                    <option value="v1">"v1.0 (the pack): +2 at Range 4, +3 at Range 5"</option>
                    <option value="v3">"v3.0 (2015): +1 at Range 3 or beyond"</option>
                </select>
            </label>
            <Flag
                inputs
                label="Obstructed"
                name="obstructed"
                get=|i| i.obstructed
                set=|i, on| i.obstructed = on
            />
        </fieldset>
    }
}

#[component]
pub(super) fn AttackerFields(inputs: RwSignal<DiceInputs>) -> impl IntoView {
    view! {
        <fieldset>
            <legend>"Attacker"</legend>
            <Flag
                inputs
                label="Focus"
                name="attacker-focus"
                get=|i| i.attacker.focus
                set=|i, on| i.attacker.focus = on
            />
            <Flag
                inputs
                label="Target lock"
                name="target-lock"
                get=|i| i.attacker.target_lock
                set=|i, on| i.attacker.target_lock = on
            />
            <Flag
                inputs
                label="Supercharged Power Cells (+2 dice)"
                name="power-cells"
                get=|i| i.attacker.power_cells
                set=|i, on| i.attacker.power_cells = on
            />
            <Flag
                inputs
                label="IG-RM Thug Droids (1 hit → crit)"
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
                label="Inaldra's shields"
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
    view! {
        <fieldset>
            <legend>"Defender"</legend>
            <Flag
                inputs
                label="Focus"
                name="defender-focus"
                get=|i| i.defender.focus
                set=|i, on| i.defender.focus = on
            />
            <Flag
                inputs
                label="Evade token"
                name="evade"
                get=|i| i.defender.evade
                set=|i, on| i.defender.evade = on
            />
            <Flag
                inputs
                label="Reinforce token on the targeted section"
                name="reinforce"
                get=|i| i.defender.reinforce
                set=|i, on| i.defender.reinforce = on
            />
            <Flag
                inputs
                label="Reinforce token on the other section"
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
                label="Inaldra's shields"
                name="defender-inaldra-shields"
                min=0
                max=12
                get=|i| i.defender.inaldra_shields
                set=|i, n| i.defender.inaldra_shields = n
            />
            <p class="note">
                "Interpretation: Broken Horn needs only \"a reinforce token\", so a token on either section counts; the token's own evade needs it on the targeted section."
            </p>
        </fieldset>
    }
}
