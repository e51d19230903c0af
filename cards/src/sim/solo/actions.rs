//! The action: the attitude's priorities walked against the action bar.

use super::approach::{Approach, TallyArc};
use super::attitude::{Attitude, When, priorities};
use super::steps::{Priority, SoloStep};

/// Walks the attitude's priority list against the action bar.
pub(super) fn choose_action(
    actions: &[String],
    attitude: Attitude,
    a: &Approach,
    steps: &mut Vec<SoloStep>,
) -> Option<String> {
    // The tally is an enemy ship; in the bullseye or front arc it is in the
    // solo ship's firing arc. Another enemy may be there too.
    let enemy_in_arc =
        matches!(a.arc, TallyArc::Bullseye | TallyArc::Front) || a.enemy_in_firing_arc;
    for (i, p) in priorities(attitude).iter().enumerate() {
        let n = i + 1;
        let applies = match p.when {
            When::Always => true,
            When::InEnemyArc => a.in_enemy_arc,
            When::NoEnemyInArc => !enemy_in_arc,
            When::ObstacleAhead => a.obstacle_ahead,
            When::FriendlyNear => a.friendly_near,
            When::Never => false,
        };
        let priority = Priority {
            attitude,
            n,
            actions: p.actions,
            interpreted: p.interpreted,
        };
        if !applies {
            steps.push(SoloStep::PriorityDoesNotApply { priority });
            continue;
        }
        if let Some(action) = p.actions.iter().find(|x| actions.iter().any(|y| y == *x)) {
            steps.push(SoloStep::PriorityChosen {
                priority,
                text: p.text,
                action,
            });
            return Some((*action).to_string());
        }
        steps.push(SoloStep::PriorityNotOnBar { priority });
    }
    steps.push(SoloStep::NoActionFits);
    None
}
