//! The huge-ship energy simulator: a C-ROC's energy and shields round by
//! round, following the seed's Huge Ship Rules.
//!
//! Each round walks the seed's order: the huge ship activates after small and
//! large ships; it reveals and executes its maneuver; after "Clean Up" it
//! resolves **Gain Energy** (the maneuver's energy, less one per ion token;
//! the Ship card never holds more than its energy limit, the excess returns
//! to the supply), **Allocate Energy** (to equipped cards with an energy
//! limit, never past theirs) and **Use Energy** (cards with the "Energy:"
//! header, once per round); then **Perform Action** (recover, reinforce,
//! target lock, jam); ion tokens are removed at the end of the Activation
//! phase. In the Combat phase cards such as the Heavy Laser Turret spend
//! their own energy to attack, and the ship may lose shields; in the End
//! phase reinforce tokens are removed.
//!
//! ```
//! use cards::sim::energy::{EnergyShip, Plan, simulate};
//! use cards::squad::Rules;
//! let rules = Rules::embedded().unwrap();
//! let ship = EnergyShip::croc(&rules, &["merchantone"]).unwrap();
//! assert_eq!(ship.energy_limit, 5);
//! let plan = Plan::parse("1S~1S").unwrap();
//! let run = simulate(&ship, &plan).unwrap();
//! // 3 energy, then 3 more: capped at Merchant One's limit of 5.
//! assert_eq!(run.rounds[1].ship_energy, 5);
//! ```

// Each file imports only those listed before it in this order: error,
// model (the ship, its actions, the presets), plan, address (the inputs
// and their knobs), words (the sentence templates), events, steps (one
// round's steps), run.
mod address;
mod error;
mod events;
mod model;
mod plan;
mod run;
mod steps;
mod words;

// The play page (`crate::play`) flies a ship in a game with these same steps.
pub(crate) use steps::{Tokens, activate, allocate, fire, recover};

pub use address::{DEFAULT_PILOT, ENERGY_ADDRESS, ENERGY_ANCHOR, ENERGY_PAGE, EnergyInputs};
pub use error::EnergyError;
pub use events::EnergyEvent;
pub use model::{CardName, EnergyCard, EnergyPreset, EnergyShip, HugeAction, HugeSection, PRESETS};
pub use plan::{MAX_ROUNDS, Plan, PlanError, RoundPlan, Start};
pub use run::{RoundLog, Run, Series, simulate};
pub use words::{EventMessage, EventText, EventValue};
