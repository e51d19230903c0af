//! The combat dice simulator: exact distributions from `cards::sim::dice`, drawn
//! as an SVG bar chart with the numbers in a table beside it.

mod fields;
mod result;

use cards::sim::dice::{DiceError, DiceInputs, SmallShipThing, damage};
use leptos::prelude::*;

use super::SimulatorPanel;
use super::words::{Said, Words};
use crate::components::hydrate_apart;
use crate::i18n::{td, td_string};

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
    let words = Words::of_page();
    view! {
        <SimulatorPanel
            id="dice-simulator"
            title=td_string!(words.locale, sims.dice_title)
            hint=td_string!(words.locale, sims.dice_hint)
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
                                {problem_words(words, &p)}
                            </p>
                        }
                    })
            }}
            // The result (its sums are worked out as it is drawn) made and
            // hydrated apart from the fields (issue 60).
            {hydrate_apart(move || {
                view! {
                    <DiceSummary result />
                    <div class="dice-result" class:hidden=move || problem.with(Option::is_some)>
                        <DamageChart result />
                        <DamageTable result />
                    </div>
                }
            })}
        </SimulatorPanel>
    }
}

/// Why the simulator cannot roll the inputs, in the page's language.
fn problem_words(words: Words, e: &DiceError) -> AnyView {
    let l = words.locale;
    let side = |side: &str| match side {
        "attack" => td_string!(l, sims.dice_side_attack),
        _ => td_string!(l, sims.dice_side_defense),
    };
    let max = cards::sim::dice::MAX_DICE;
    match e {
        DiceError::TooManyDice { side: s, dice } => td!(
            l,
            sims.dice_error_dice_count,
            side = side(s),
            max,
            dice = *dice
        )
        .into_any(),
        DiceError::Range(range) => td!(l, sims.dice_error_range, range = *range).into_any(),
        DiceError::InaldraShields { who, shields } => {
            let who = match *who {
                "attacker" => td_string!(l, sims.dice_who_attacker),
                _ => td_string!(l, sims.dice_who_defender),
            };
            td!(l, sims.dice_error_inaldra, who, max, shields = *shields).into_any()
        }
        DiceError::TwoReinforceTokens => td!(l, sims.dice_error_two_reinforce).into_any(),
        DiceError::SmallShipTokenOnHuge(things) => {
            let things = Said::List(
                things.iter().map(|t| small_ship_thing(words, *t)).collect(),
                td_string!(l, sims.dice_or),
            )
            .var(words.lang);
            td!(l, sims.dice_error_small_ship_on_huge, things).into_any()
        }
        other => Said::english(other.to_string()).view(words.lang),
    }
}

/// A small ship's token or pilot a huge defender cannot use.
fn small_ship_thing(words: Words, thing: SmallShipThing) -> Said {
    let l = words.locale;
    match thing {
        SmallShipThing::Focus => Said::Plain(td_string!(l, sims.dice_a_focus_token).into()),
        SmallShipThing::Evade => Said::Plain(td_string!(l, sims.dice_an_evade_token).into()),
        // Pilots' names: the cards' English.
        SmallShipThing::SunnyBounder | SmallShipThing::Inaldra => Said::english(thing.as_str()),
    }
}
