//! The flight system's reasoning as data: each step a [`SoloStep`] with
//! its values (dice, arcs, maneuvers, the seed's own words) and no
//! sentence: the words are the `sims` catalogue's, in every language
//! (app/src/simulators/words/solo.rs).

use super::approach::{AttackDie, DefenseDie, Side, TallyArc};
use super::attitude::Attitude;
use crate::catalog::Maneuver;

/// One step of the flight system's reasoning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoloStep {
    /// Where the tally is, and the approach roll.
    Approach {
        arc: TallyArc,
        side: Option<Side>,
        defense: DefenseDie,
        attack: AttackDie,
    },
    /// A huge ship ionized: no ion maneuver, less energy instead.
    IonizedHuge,
    /// A ship ionized: the ion maneuver instead of the charts.
    Ionized,
    /// The chart's entry for the roll, in the seed's words.
    ChartEntry {
        arc: TallyArc,
        defense: DefenseDie,
        attack: AttackDie,
        /// The entry as the chart prints it.
        entry: String,
    },
    /// The dial has no maneuver the entry allows.
    NoManeuverFor { entry: String },
    /// The maneuver the entry picks, from the speeds it allows.
    Picked {
        entry: String,
        speeds: Vec<i16>,
        maneuver: Maneuver,
    },
    /// The dial has no maneuver of the entry's speed.
    NoSpeed { speed: i16, entry: String },
    /// Stressed, and the roll gives a red maneuver.
    StressedRed,
    /// No such maneuver: the die becomes focus.
    NoSuchManeuver,
    /// Neither reading can be flown: the slowest straight.
    SlowestStraight { maneuver: Maneuver },
    /// The attitude the defense die gives.
    Attitude {
        attitude: Attitude,
        defense: DefenseDie,
    },
    /// A red maneuver: a stress token.
    StressGained { maneuver: Maneuver },
    /// A green maneuver: one stress token fewer.
    StressRemoved { maneuver: Maneuver },
    /// Stressed, and the maneuver was not green.
    StressKept { maneuver: Maneuver },
    /// Stressed after the maneuver: no action.
    NoActionStressed,
    /// An action priority that does not apply in this situation.
    PriorityDoesNotApply { priority: Priority },
    /// The action priority that picks the action.
    PriorityChosen {
        priority: Priority,
        /// The priority in the seed's words.
        text: &'static str,
        /// The action chosen (XWS name).
        action: &'static str,
    },
    /// No action of the priority is on the action bar.
    PriorityNotOnBar { priority: Priority },
    /// No priority fits the action bar.
    NoActionFits,
}

/// One of an attitude's action priorities, as a step names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Priority {
    pub attitude: Attitude,
    /// Its place in the attitude's list, from 1.
    pub n: usize,
    /// Its actions (XWS names), in priority order.
    pub actions: &'static [&'static str],
    /// True where the actions were read from lost icons.
    pub interpreted: bool,
}
