//! The simulator's ready-made attacks.

use super::inputs::{Attacker, Defender, DiceInputs};

/// A ready-made set of inputs.
pub struct Preset {
    /// A name for it that no language changes (a page's catalogue finds
    /// the preset's name in its language by it).
    pub key: &'static str,
    /// Its name in English.
    pub name: &'static str,
    pub inputs: DiceInputs,
}

/// The simulator's presets.
pub fn presets() -> Vec<Preset> {
    vec![
        Preset {
            key: "turret-vs-m3a",
            name: "Heavy Laser Turret against an M3-A (Range 2)",
            inputs: DiceInputs {
                attack: 4,
                defense: 3,
                primary: false,
                ..DiceInputs::default()
            },
        },
        Preset {
            key: "m3a-vs-croc",
            name: "M3-A attacking the reinforced C-ROC (Range 2)",
            inputs: DiceInputs {
                attack: 2,
                defense: 0,
                defender: Defender {
                    reinforce: true,
                    ..Defender::default()
                },
                ..DiceInputs::default()
            },
        },
        Preset {
            key: "m3a-vs-broken-horn",
            name: "M3-A at Range 1 with focus and target lock against the reinforced Broken Horn",
            inputs: DiceInputs {
                attack: 2,
                defense: 0,
                range: 1,
                attacker: Attacker {
                    focus: true,
                    target_lock: true,
                    ..Attacker::default()
                },
                defender: Defender {
                    reinforce: true,
                    broken_horn: true,
                    ..Defender::default()
                },
                ..DiceInputs::default()
            },
        },
    ]
}
