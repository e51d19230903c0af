//! The flight system's reasoning as data: each step a [`SoloStep`] with
//! its values (dice, arcs, maneuvers, the seed's own words), English by
//! its `Display`, so a page can say it in its own language.

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

impl Priority {
    /// " (icons read as barrelroll, boost)" or " (barrelroll, boost)".
    fn reading(&self) -> String {
        let names = self.actions.join(", ");
        if self.interpreted {
            format!(" (icons read as {names})")
        } else {
            format!(" ({names})")
        }
    }
}

impl std::fmt::Display for SoloStep {
    /// The step in English.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use SoloStep as S;
        match self {
            S::Approach {
                arc,
                side,
                defense,
                attack,
            } => write!(
                f,
                "Approach: tally in the {} arc{}; roll {} / {}.",
                arc.as_str(),
                side.map(|s| format!(" ({} side)", s.as_str()))
                    .unwrap_or_default(),
                defense.as_str(),
                attack.as_str()
            ),
            S::IonizedHuge => f.write_str("Ionized, but a huge ship flies no ion maneuver: each ion token reduces the energy it gains by 1 (Huge Ship Rules); it flies the chosen maneuver."),
            S::Ionized => f.write_str("Ionized: no maneuver is selected; the ship resolves the ion maneuver (1 straight, white)."),
            S::ChartEntry {
                arc,
                defense,
                attack,
                entry,
            } => write!(
                f,
                "{} chart, {} / {}: “{entry}”.",
                arc.as_str(),
                defense.as_str(),
                attack.as_str()
            ),
            S::NoManeuverFor { entry } => write!(f, "The dial has no maneuver for “{entry}”."),
            S::Picked {
                entry,
                speeds,
                maneuver,
            } => write!(
                f,
                "“{entry}”: speeds available {speeds:?}, so {} ({}).",
                maneuver.describe(),
                maneuver.difficulty.as_str()
            ),
            S::NoSpeed { speed, entry } => {
                write!(f, "The dial has no {speed}-speed maneuver for “{entry}”.")
            }
            S::StressedRed => f.write_str("Stressed and the roll indicates a red maneuver: the defense die is changed to focus."),
            S::NoSuchManeuver => f.write_str("No such maneuver: the defense die is changed to focus (the lost icon read as focus: an interpretation)."),
            S::SlowestStraight { maneuver } => write!(
                f,
                "That entry cannot be satisfied either: the slowest straight, {}.",
                maneuver.describe()
            ),
            S::Attitude { attitude, defense } => write!(
                f,
                "Attitude: {} (defense die {}).",
                attitude.as_str(),
                defense.as_str()
            ),
            _ => self.fmt_stress_and_action(f),
        }
    }
}

impl SoloStep {
    /// Stress and the action, in English.
    fn fmt_stress_and_action(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use SoloStep as S;
        match self {
            S::StressGained { maneuver } => write!(
                f,
                "{} is red: the ship gains a stress token.",
                maneuver.describe()
            ),
            S::StressRemoved { maneuver } => write!(
                f,
                "{} is green: the ship removes a stress token.",
                maneuver.describe()
            ),
            S::StressKept { maneuver } => write!(
                f,
                "{} is not green: the ship keeps its stress token.",
                maneuver.describe()
            ),
            S::NoActionStressed => {
                f.write_str("No action (stressed): a stressed ship performs no action.")
            }
            S::PriorityDoesNotApply { priority: p } => write!(
                f,
                "{} {}: does not apply here{}.",
                p.attitude.as_str(),
                p.n,
                p.reading()
            ),
            S::PriorityChosen {
                priority: p,
                text,
                action,
            } => write!(
                f,
                "{} {}: “{text}” → {action}{}.",
                p.attitude.as_str(),
                p.n,
                p.reading()
            ),
            S::PriorityNotOnBar { priority: p } => write!(
                f,
                "{} {}: no {} action on the bar; next.",
                p.attitude.as_str(),
                p.n,
                p.actions.join(", ")
            ),
            S::NoActionFits => f.write_str("No action on the list fits the action bar: no action."),
            _ => Ok(()),
        }
    }
}
