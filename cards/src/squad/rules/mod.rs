//! The squad rules engine: every legality rule of the seeds, each problem
//! explained with a stable code, and nothing ever changed in the squad.
//!
//! ```
//! use cards::squad::{Code, Rules};
//! use cards::squad::{CardRef, Equipped, Squad, SquadShip};
//!
//! let rules = Rules::embedded().unwrap();
//! let mut squad = Squad::new("epic", "scum");
//! squad.ships.push(SquadShip {
//!     pilot: CardRef::Xws("croccruiser".into()),
//!     upgrades: vec![Equipped::new(CardRef::Xws("merchantone".into()), None)],
//! });
//! let report = rules.validate(&squad);
//! assert!(report.legal);
//! assert_eq!(report.points, 37);
//! assert_eq!(report.ships[0].stats.energy, Some(5));
//!
//! // Jabba the Hutt needs two Crew slots; a C-ROC with Merchant One has three.
//! for card in ["jabbathehutt", "cikatrovizago", "azmorigan"] {
//!     squad.ships[0].upgrades.push(Equipped::new(CardRef::Xws(card.into()), None));
//! }
//! let report = rules.validate(&squad);
//! assert!(!report.legal);
//! assert!(report.problems.iter().any(|p| p.code == Code::NoFreeSlot));
//! ```
//!
//! A facade over private files, each importing only those below it:
//!
//! - `engine.rs`: [`Rules`], and the order in which `validate` resolves
//!   each ship and runs the checks;
//! - `options.rs`: the picker's [`CardOption`]s, each card tried in a slot;
//! - `quick_trial.rs`: an option's trial against its ship resolved once;
//! - `ship_checks.rs`, `squad_checks.rs`, `format_checks.rs`: one named
//!   function per check, of one ship, of the squad, of the format;
//! - `resolve.rs`: one ship resolved (which cards take effect, its bar);
//! - `flown.rs`: the ship as it flies: its dial recoloured, each change
//!   with its card;
//! - `seating.rs`: who sits where on the bar;
//! - `resolved.rs`: a ship with its cards resolved, and the bar's counts;
//! - `verdict.rs`: problems and reports, beneath everything but what a
//!   problem says: `reason.rs` (its values, by family: [`Reason`]) and
//!   `code.rs` ([`Code`]). Its sentences, English included, are the
//!   app's catalogues' (`app/locales/<lang>/problems.json`).

mod code;
mod engine;
mod flown;
mod format_checks;
mod options;
mod quick_trial;
mod reason;
mod resolve;
mod resolved;
mod seating;
mod ship_checks;
mod squad_checks;
mod verdict;

pub use code::Code;
pub use engine::Rules;
pub use flown::{ChangedPart, FlownManeuver, ShipChange, fly_dial};
pub use options::CardOption;
pub use reason::{
    CardReason, Few, Keys, NamedCard, Reason, ShipReason, SlotReason, SquadReason, WhichCard,
};
pub(crate) use seating::Seating;
pub use seating::{fits_bar_slot, fits_slot};
pub use verdict::{BarSlot, Problem, Report, Severity, ShipReport, SlotOrigin};
