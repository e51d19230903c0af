//! The Solo Play Alpha flight system: the maneuver and action an AI pilot
//! picks for a solo ship, exactly as the rules say, with the reasoning.
//!
//! The four approach charts (with the dice the transcription lost) are data:
//! `data/solo_charts.csv`, copied from the restored charts (data/SOURCES.md). Each entry is read into a
//! [`ChartEntry`] (speed, blue or not, bearings, direction, towards what) and
//! resolved against a ship's dial.
//!
//! ```
//! use cards::catalog::Maneuver;
//! use cards::sim::solo::{Approach, TallyArc, AttackDie, DefenseDie, Side, decide};
//! let dial = Maneuver::parse_dial("1TL:W 1TR:W 1BL:G 1BR:G 2TL:W 2TR:W 2BL:G 2BR:G 2S:G 3BL:W 3BR:W 3S:G 3K:R 4S:W 5K:R").unwrap();
//! let a = Approach { arc: TallyArc::Bullseye, defense: DefenseDie::Blank, attack: AttackDie::Hit, ..Approach::default() };
//! let d = decide(&dial, &[], &a).unwrap();
//! assert_eq!(d.maneuver.describe(), "4 straight"); // bullseye, blank/hit: fastest straight
//! ```

// Each file imports only those listed before it in this order: error,
// attitude (and its action priorities), approach (the situation and the
// roll), charts, steps (the reasoning's sentences), stress, maneuver (the chart read on the dial), actions,
// decide, tally, address (the request and its knobs).
mod actions;
mod address;
mod approach;
mod attitude;
mod charts;
mod decide;
mod error;
mod maneuver;
mod steps;
mod stress;
mod tally;

pub use address::{DEFAULT_SHIP, SOLO_ADDRESS, SoloRequest};
pub use approach::{Approach, AttackDie, DefenseDie, Side, TallyArc, roll_approach};
pub use attitude::Attitude;
pub use charts::{ChartEntry, ChartEntryError, Charts, EntryProblem, Landmark, Speed};
pub use decide::{Decision, decide, decide_with};
pub use error::SoloError;
pub use steps::{Priority, SoloStep};
pub use stress::StressChange;
pub use tally::{Contact, TallyReason, chart_arc, tally};
