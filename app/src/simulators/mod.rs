//! The rules simulators, one folder each, and where each sits in the
//! rules reference. Their inputs live in the page's address, so a result
//! can be shared: each reads and writes the address through its own key
//! table in `cards` (`DICE_ADDRESS`, `ENERGY_ADDRESS`, `SOLO_ADDRESS`).

mod dice;
mod dreadnought;
mod energy;
mod solo;
pub mod words;

use cards::address::AddressError;
use cards::sim::dice::DiceInputs;
use cards::sim::energy::EnergyInputs;
use cards::sim::solo::SoloRequest;
use leptos::prelude::*;

use crate::components::hydrate_apart;
use crate::i18n::t;
use crate::lang::use_i18n;
use words::{Said, Words, alert};

use dice::DiceSimulator;
use dreadnought::{DreadnoughtClasses, DreadnoughtSimulator};
use energy::EnergySimulator;
pub use solo::SoloInPlay;
use solo::{ApproachCharts, SoloSimulator};

/// A simulator that sits beside a group of rules sections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Simulator {
    Energy,
    Dice,
    Solo,
    Charts,
    Dreadnought,
    Classes,
}

impl Simulator {
    /// Whether it draws on the card database (the page then marks itself
    /// `data-cards`, through `WithCards`).
    pub const fn needs_cards(self) -> bool {
        matches!(self, Simulator::Energy | Simulator::Solo)
    }
}

/// Where each simulator sits: (document slug, top-level section slug).
pub const PLACES: [(&str, &str, Simulator); 6] = [
    ("huge-ships", "actions", Simulator::Energy),
    ("huge-ships", "combat", Simulator::Dice),
    ("solo-alpha", "flight-system", Simulator::Solo),
    ("solo-alpha", "approach-charts", Simulator::Charts),
    (
        "mission-dreadnought",
        "marine-players",
        Simulator::Dreadnought,
    ),
    (
        "mission-dreadnought",
        "dreadnought-classes",
        Simulator::Classes,
    ),
];

/// The simulator beside a document's top-level section, if any.
pub fn simulator_beside(doc: &str, group: &str) -> Option<Simulator> {
    PLACES
        .iter()
        .find(|(d, g, _)| *d == doc && *g == group)
        .map(|(_, _, s)| *s)
}

/// The inputs of the simulators on one page, read from its address.
#[derive(Clone, Copy)]
pub struct SimulatorInputs {
    dice: RwSignal<DiceInputs>,
    energy: RwSignal<EnergyInputs>,
    solo: RwSignal<SoloRequest>,
    /// What each could not read of the address, in words.
    errors: StoredValue<AddressErrors>,
}

#[derive(Default)]
struct AddressErrors {
    dice: Option<String>,
    energy: Option<String>,
    solo: Option<String>,
}

fn words(errors: &[AddressError]) -> Option<String> {
    let said: Vec<String> = errors.iter().map(ToString::to_string).collect();
    (!said.is_empty()).then(|| said.join("; "))
}

impl SimulatorInputs {
    /// Reads each simulator's inputs from the address's pairs; what one
    /// cannot read leaves it at its default, with the reason shown.
    pub fn from_address(pairs: &[(String, String)]) -> SimulatorInputs {
        let pairs = || pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        let (dice, dice_error) = match DiceInputs::from_pairs(pairs()) {
            Ok(d) => (d, None),
            Err(e) => (DiceInputs::default(), Some(e.to_string())),
        };
        let (energy, energy_errors) = EnergyInputs::from_pairs(pairs());
        let (solo, solo_errors) = SoloRequest::from_pairs(pairs());
        SimulatorInputs {
            dice: RwSignal::new(dice),
            energy: RwSignal::new(energy),
            solo: RwSignal::new(solo),
            errors: StoredValue::new(AddressErrors {
                dice: dice_error,
                energy: words(&energy_errors),
                solo: words(&solo_errors),
            }),
        }
    }

    /// The address's query for the inputs of the simulators on document
    /// `doc`, as they are now (tracked).
    pub fn query(&self, doc: &str) -> String {
        PLACES
            .iter()
            .filter(|(d, _, _)| *d == doc)
            .filter_map(|(_, _, simulator)| match simulator {
                Simulator::Dice => Some(self.dice.with(DiceInputs::to_query)),
                Simulator::Energy => Some(self.energy.with(EnergyInputs::to_query)),
                Simulator::Solo => Some(self.solo.with(SoloRequest::to_query)),
                Simulator::Charts | Simulator::Dreadnought | Simulator::Classes => None,
            })
            .collect::<Vec<_>>()
            .join("&")
    }
}

/// The simulator `which`, wired to the page's inputs.
#[component]
pub fn SimulatorBeside(which: Simulator, inputs: SimulatorInputs) -> impl IntoView {
    let errors = inputs.errors;
    // Boxed (`into_any`), not an `EitherOf6`: the simulators' views are
    // large types, and an enum of them kept by value through the renderer's
    // frames risks the stack overflow `WithCards` explains. Each is made
    // and hydrated in a task of its own, apart from the page's text.
    hydrate_apart(move || match which {
        Simulator::Energy => {
            let error = errors.with_value(|e| e.energy.clone());
            view! { <EnergySimulator state=inputs.energy error /> }.into_any()
        }
        Simulator::Dice => {
            let error = errors.with_value(|e| e.dice.clone());
            view! { <DiceSimulator inputs=inputs.dice error /> }.into_any()
        }
        Simulator::Solo => {
            let error = errors.with_value(|e| e.solo.clone());
            view! { <SoloSimulator request=inputs.solo error /> }.into_any()
        }
        Simulator::Charts => view! { <ApproachCharts /> }.into_any(),
        Simulator::Dreadnought => view! { <DreadnoughtSimulator /> }.into_any(),
        Simulator::Classes => view! { <DreadnoughtClasses /> }.into_any(),
    })
}

/// The frame of a simulator beside the rules: its title, what it does,
/// and what it could not read of the address.
#[component]
fn SimulatorPanel(
    /// The panel's id (the address's fragment points at it).
    id: &'static str,
    title: &'static str,
    hint: &'static str,
    /// What the address held that the simulator could not read, in
    /// (English) words.
    address_error: Option<String>,
    children: Children,
) -> impl IntoView {
    let title_id = format!("{id}-title");
    let labelled_by = title_id.clone();
    let i18n = use_i18n();
    let page = Words::of_page().lang;
    view! {
        <aside class=format!("simulator {id}") id=id aria-labelledby=labelled_by>
            <h2 id=title_id>{title}</h2>
            <p class="hint">{hint}</p>
            {address_error
                .map(|e| {
                    let error = Said::english(e).var(page);
                    alert(t!(i18n, sims.address_error, error))
                })}
            {children()}
        </aside>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_place_is_a_top_level_section_of_the_reference()
    -> Result<(), &'static cards::catalog::LoadErrors> {
        let reference = crate::reference::reference()?;
        for (doc, section, simulator) in PLACES {
            let found = reference.section(doc, section);
            assert!(
                found.is_some_and(|s| s.level == 1),
                "{simulator:?} is placed beside {doc}#{section}, which is not a top-level section"
            );
            assert_eq!(simulator_beside(doc, section), Some(simulator));
        }
        Ok(())
    }
}
