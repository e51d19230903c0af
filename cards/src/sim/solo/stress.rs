//! Stress: what the maneuver does to it, and what it says.

use serde::Serialize;

use super::steps::SoloStep;
use crate::catalog::{Difficulty, Maneuver};

/// What the maneuver did to the ship's stress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum StressChange {
    /// Not stressed before or after.
    None,
    /// A red maneuver: the ship gains a stress token.
    Gained,
    /// A green maneuver removes a stress token.
    Removed,
    /// Stressed, and the maneuver was white: still stressed.
    Kept,
}

impl StressChange {
    /// The ship has a stress token after its maneuver (and so performs no action).
    pub fn stressed_after(self) -> bool {
        matches!(self, StressChange::Gained | StressChange::Kept)
    }

    /// What happened to stress, in one word (`none`, `gained`, `removed`, `kept`).
    pub fn as_str(self) -> &'static str {
        match self {
            StressChange::None => "none",
            StressChange::Gained => "gained",
            StressChange::Removed => "removed",
            StressChange::Kept => "kept",
        }
    }

    /// What flying `maneuver` does to stress.
    pub(super) fn of(maneuver: &Maneuver, stressed: bool) -> StressChange {
        match (maneuver.difficulty, stressed) {
            (Difficulty::Red, _) => StressChange::Gained,
            (Difficulty::Green, true) => StressChange::Removed,
            (_, true) => StressChange::Kept,
            _ => StressChange::None,
        }
    }
}

/// What the maneuver did to stress, as a step.
pub(super) fn stress_step(stress: StressChange, maneuver: &Maneuver) -> Option<SoloStep> {
    let maneuver = *maneuver;
    match stress {
        StressChange::Gained => Some(SoloStep::StressGained { maneuver }),
        StressChange::Removed => Some(SoloStep::StressRemoved { maneuver }),
        StressChange::Kept => Some(SoloStep::StressKept { maneuver }),
        StressChange::None => None,
    }
}
