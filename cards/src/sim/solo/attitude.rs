//! A solo ship's attitude, and each attitude's action priorities as the
//! seed lists them.

use serde::{Deserialize, Serialize};

/// A solo ship's attitude.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Attitude {
    Defensive,
    Balanced,
    Offensive,
}

impl Attitude {
    /// The attitude's name (`defensive`, `balanced`, `offensive`).
    pub fn as_str(self) -> &'static str {
        match self {
            Attitude::Defensive => "defensive",
            Attitude::Balanced => "balanced",
            Attitude::Offensive => "offensive",
        }
    }
}

/// An action priority of an attitude: which actions, and when.
pub(super) struct Priority {
    /// The seed's words (the transcription lost the action icons).
    pub(super) text: &'static str,
    /// Our reading of the lost icons, in priority order (XWS action names).
    pub(super) actions: &'static [&'static str],
    pub(super) when: When,
    /// True where the action was read from a lost icon, not named in words.
    pub(super) interpreted: bool,
}

/// When a priority applies.
#[derive(Clone, Copy)]
pub(super) enum When {
    Always,
    InEnemyArc,
    NoEnemyInArc,
    ObstacleAhead,
    FriendlyNear,
    /// Needs something the simulator does not model (a calculate token, a
    /// special weapon with the lock header, inactive charges): never in 1st edition.
    Never,
}

const DEFENSIVE: &[Priority] = &[
    Priority {
        text: "If the solo ship is in at least 1 enemy ship's firing arc, it performs a [?], [?], or [?] action (in that order of priority) that will move it out of at least 1 enemy ship's firing arc.",
        actions: &["barrelroll", "boost", "slam"],
        when: When::InEnemyArc,
        interpreted: true,
    },
    Priority {
        text: "The solo ship performs the [?] action, reinforcing the full arc that the most enemy ships are in.",
        actions: &["reinforce"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "The solo ship performs the [?] action, choosing the nearest enemy ship with a lock first.",
        actions: &["jam"],
        when: When::Always,
        interpreted: true,
    },
    Priority {
        text: "If the solo ship does not have an evade token, it performs the [?] action.",
        actions: &["evade"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "If the solo ship does not have a focus token, it performs the [?] action.",
        actions: &["focus"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "If the solo ship does not have a calculate token, it performs the [?] action.",
        actions: &["calculate"],
        when: When::Always,
        interpreted: false,
    },
];

const BALANCED: &[Priority] = &[
    Priority {
        text: "The solo ship performs the [?] action, choosing the nearest friendly ship without [?] in its action bar that can perform an action.",
        actions: &["coordinate"],
        when: When::FriendlyNear,
        interpreted: true,
    },
    Priority {
        text: "If there is an obstacle in the solo ship's bullseye arc at range 0-2, it performs the [?] or [?] action away from that obstacle.",
        actions: &["barrelroll", "boost"],
        when: When::ObstacleAhead,
        interpreted: true,
    },
    Priority {
        text: "If the solo ship does not have a focus token, it performs the [?] action.",
        actions: &["focus"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "If the solo ship does not have a calculate token, it performs the [?] action.",
        actions: &["calculate"],
        when: When::Always,
        interpreted: false,
    },
];

const OFFENSIVE: &[Priority] = &[
    Priority {
        text: "If no enemy ship is in any of the solo ship's firing arcs, it performs a [?], [?], or [?] action (in that order of priority) that will cause at least 1 enemy ship to be in any of its firing arcs.",
        actions: &["boost", "barrelroll", "slam"],
        when: When::NoEnemyInArc,
        interpreted: true,
    },
    Priority {
        text: "If the solo ship is equipped with a special weapon with the [?] header, it performs the [?] action, choosing the nearest enemy ship in the firing arc and range of that special weapon.",
        actions: &["targetlock"],
        when: When::Never,
        interpreted: true,
    },
    Priority {
        text: "The solo ship performs the [?] action, choosing the nearest enemy ship in its firing arc. If no enemy ship is in its firing arc, it chooses the nearest enemy ship.",
        actions: &["targetlock"],
        when: When::Always,
        interpreted: true,
    },
    Priority {
        text: "If no enemy ship is in the solo ship's firing arc, and any of its [?], [?], or [?] upgrades have 1 or more inactive charges, it performs the [?] action.",
        actions: &["reload"],
        when: When::Never,
        interpreted: true,
    },
    Priority {
        text: "If the solo ship does not have a focus token, it performs the [?] action.",
        actions: &["focus"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "If the solo ship does not have a calculate token, it performs the [?] action.",
        actions: &["calculate"],
        when: When::Always,
        interpreted: false,
    },
];

/// The action priorities of an attitude, first to last.
pub(super) fn priorities(attitude: Attitude) -> &'static [Priority] {
    match attitude {
        Attitude::Defensive => DEFENSIVE,
        Attitude::Balanced => BALANCED,
        Attitude::Offensive => OFFENSIVE,
    }
}
