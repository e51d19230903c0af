//! The combat dice simulator: exact distributions from `cards::sim::dice`, drawn
//! as an SVG bar chart with the numbers in a table beside it.

mod fields;
mod result;

use cards::sim::dice::{DiceInputs, damage};
use leptos::prelude::*;

use super::SimulatorPanel;

use fields::{AttackFields, AttackerFields, DefenderFields, PresetChoice};
use result::{DamageChart, DamageTable, DiceSummary};

#[component]
pub fn DiceSimulator(inputs: RwSignal<DiceInputs>, error: Option<String>) -> impl IntoView {
    // A combination the rules forbid (a huge defender with a focus token)
    // is named, and nothing is added up.
    let problem = Memo::new(move |_| inputs.with(|i| i.check().err()));
    let result = Memo::new(move |_| {
        inputs.with(|i| {
            if problem.with(Option::is_some) {
                return damage(&DiceInputs::default());
            }
            crate::components::off_the_async_workers("dice: damage", || damage(i))
        })
    });
    view! {
        <SimulatorPanel
            id="dice-simulator"
            title="Dice simulator"
            hint="Exact odds: every roll of the dice counted with its weight, no sampling. Rerolls reroll blanks (and focus results without focus to spend)."
            address_error=error
        >
            <PresetChoice inputs />
            <AttackFields inputs />
            <AttackerFields inputs />
            <DefenderFields inputs />
            {move || {
                problem
                    .get()
                    .map(|p| {
                        view! {
                            <p class="error dice-problem" role="alert">
                                {p.to_string()}
                            </p>
                        }
                    })
            }}
            <DiceSummary result />
            <div class="dice-result" class:hidden=move || problem.with(Option::is_some)>
                <DamageChart result />
                <DamageTable result />
            </div>
        </SimulatorPanel>
    }
}
