//! The dice simulator's address: its table of knobs, and the inputs read
//! from and written to it.

use super::inputs::{DiceError, DiceInputs, RangeRule};
use crate::address::{Address, Refusal, UnknownKeys, flag, knob, number, write_flag};

impl DiceInputs {
    /// The inputs as address parameters (only those that differ from the default).
    pub fn to_query(&self) -> String {
        DICE_ADDRESS.write(self)
    }

    /// Reads address parameters written by [`DiceInputs::to_query`]; a bad
    /// value is an error naming it, unknown keys are left to the caller.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<DiceInputs, DiceError> {
        let d = DICE_ADDRESS.read(pairs)?;
        d.check()?;
        Ok(d)
    }
}

/// The dice simulator's address: every input's query key and JSON name.
pub static DICE_ADDRESS: Address<DiceInputs> = Address {
    knobs: &[
        knob!("a", "attack" => attack, number),
        knob!("d", "defense" => defense, number),
        knob!("r", "range" => range,
            read: number,
            write: |range| (*range != 2).then(|| range.to_string())),
        knob!("secondary", "primary" => primary,
            read: |v| flag(v).map(|secondary| !secondary),
            write: |primary| write_flag(!*primary)),
        knob!("rule", "range_rule" => range_rule,
            read: |v| RangeRule::parse(v).ok_or(Refusal::NotOneOf("v1 or v3")),
            write: |rule| (*rule != RangeRule::V1).then(|| rule.as_str().to_string())),
        knob!("obstructed" => obstructed, flag),
        knob!("afocus", "attacker.focus" => attacker.focus, flag),
        knob!("lock", "attacker.target_lock" => attacker.target_lock, flag),
        knob!("cells", "attacker.power_cells" => attacker.power_cells, flag),
        knob!("thugs", "attacker.thug_droids" => attacker.thug_droids, flag),
        knob!("sunny", "attacker.sunny_bounder" => attacker.sunny_bounder, flag),
        knob!("dfocus", "defender.focus" => defender.focus, flag),
        knob!("evade", "defender.evade" => defender.evade, flag),
        knob!("reinforce", "defender.reinforce" => defender.reinforce, flag),
        knob!("rother", "defender.reinforce_other" => defender.reinforce_other, flag),
        knob!("horn", "defender.broken_horn" => defender.broken_horn, flag),
        knob!("dsunny", "defender.sunny_bounder" => defender.sunny_bounder, flag),
        knob!("inaldra", "attacker.inaldra_shields" => attacker.inaldra_shields,
            read: number,
            write: |shields| (*shields > 0).then(|| shields.to_string())),
        knob!("dinaldra", "defender.inaldra_shields" => defender.inaldra_shields,
            read: number,
            write: |shields| (*shields > 0).then(|| shields.to_string())),
    ],
    unknown_keys: UnknownKeys::Ignore,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_round_trips_and_bad_values_are_named() {
        let i = DiceInputs::every_modifier(6, 6);
        let q = i.to_query();
        let pairs: Vec<(String, String)> =
            form_urlencoded::parse(q.as_bytes()).into_owned().collect();
        assert_eq!(DiceInputs::from_pairs(pairs).unwrap(), i);
        let said = |k: &str, v: &str| DiceInputs::from_pairs([(k, v)]).unwrap_err();
        assert_eq!(
            said("a", "13"),
            DiceError::TooManyDice {
                side: "attack",
                dice: 13
            }
        );
        assert!(said("a", "13").to_string().contains("attack"));
        assert_eq!(said("r", "6"), DiceError::Range(6));
        assert!(said("r", "6").to_string().contains("range"));
        assert_eq!(
            said("a", "x").to_string(),
            "`a` must be a whole number, not `x`"
        );
        assert_eq!(
            said("lock", "maybe").to_string(),
            "`lock` must be 1 or 0, not `maybe`"
        );
        assert_eq!(
            said("rule", "v2").to_string(),
            "`rule` must be v1 or v3, not `v2`"
        );
    }

    #[test]
    fn every_dice_knob_names_a_json_field() {
        crate::address::assert_table(&DICE_ADDRESS, &DiceInputs::every_modifier(1, 1));
    }

    #[test]
    fn the_default_address_is_short() {
        assert_eq!(DiceInputs::default().to_query(), "a=0&d=0");
    }
}
