//! One attack's inputs: the dice, the range and each side's tokens and
//! cards, and the checks that say what cannot be rolled.

use serde::{Deserialize, Serialize};
use validator::Validate;

use crate::address::AddressError;

/// The most dice a player may ask for (attack or defense, before modifiers).
pub const MAX_DICE: u8 = 12;

/// Which huge-ship range rule applies to primary weapons beyond Range 3.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RangeRule {
    /// The seed's Huge Ship Rules v1.0 (2014): +2 defense dice at Range 4, +3 at Range 5.
    #[default]
    V1,
    /// Huge Ship Rules v3.0 (2015): +1 defense die at Range 3 or beyond.
    V3,
}

impl RangeRule {
    /// Reads `v1` or `v3` (the address and the page's menu write these).
    pub fn parse(text: &str) -> Option<RangeRule> {
        [RangeRule::V1, RangeRule::V3]
            .into_iter()
            .find(|r| r.as_str() == text)
    }

    /// The word the address uses for it (`v1`, `v3`).
    pub fn as_str(self) -> &'static str {
        match self {
            RangeRule::V1 => "v1",
            RangeRule::V3 => "v3",
        }
    }
}

/// The attacker's tokens and cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Attacker {
    /// Spends a focus token: every focus result becomes a hit.
    pub focus: bool,
    /// Spends a target lock: rerolls any number of dice.
    pub target_lock: bool,
    /// Supercharged Power Cells: discards the card to roll 2 additional attack dice.
    pub power_cells: bool,
    /// IG-RM Thug Droids: changes 1 hit result to a critical hit result.
    pub thug_droids: bool,
    /// Sunny Bounder: all dice the same result, add 1 matching result.
    pub sunny_bounder: bool,
    /// Inaldra's shields: with at least one she may spend 1 to reroll any number of dice.
    #[validate(range(max = 12))]
    pub inaldra_shields: u8,
}

/// The defender's tokens and cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Defender {
    /// Spends a focus token: every focus result becomes an evade (not on a huge ship).
    pub focus: bool,
    /// Spends an evade token: adds 1 evade result (not on a huge ship).
    pub evade: bool,
    /// A reinforce token on the targeted section: adds 1 evade result.
    pub reinforce: bool,
    /// A reinforce token on the other section: no evade of its own, but
    /// Broken Horn needs only "a reinforce token".
    pub reinforce_other: bool,
    /// Broken Horn: with a reinforce token (either section), 1 additional evade result.
    pub broken_horn: bool,
    /// Sunny Bounder defending: all dice the same result, add 1 matching result.
    pub sunny_bounder: bool,
    /// Inaldra defending: with at least one shield she may spend 1 to reroll any number of dice.
    pub inaldra_shields: u8,
}

impl Defender {
    /// A reinforce token or Broken Horn makes the defender a huge ship.
    pub fn is_huge(&self) -> bool {
        self.reinforce || self.reinforce_other || self.broken_horn
    }
}

/// One attack, as the dice simulator sees it. Every field has a default, so
/// `{}` in JSON is 0 dice at Range 2 with a primary weapon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Validate)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DiceInputs {
    /// Attack dice before modifiers (the weapon's attack value).
    #[validate(range(max = 12))]
    pub attack: u8,
    /// Defense dice before modifiers (agility; 0 for a huge ship).
    #[validate(range(max = 12))]
    pub defense: u8,
    #[validate(range(min = 1, max = 5))]
    pub range: u8,
    /// A primary weapon attack: range bonuses apply.
    pub primary: bool,
    pub range_rule: RangeRule,
    /// The attack is obstructed: +1 defense die.
    pub obstructed: bool,
    #[validate(nested)]
    pub attacker: Attacker,
    pub defender: Defender,
}

impl Default for DiceInputs {
    fn default() -> Self {
        DiceInputs {
            attack: 0,
            defense: 0,
            range: 2,
            primary: true,
            range_rule: RangeRule::V1,
            obstructed: false,
            attacker: Attacker::default(),
            defender: Defender::default(),
        }
    }
}

impl DiceInputs {
    /// Checks the ranges and says what is wrong in words.
    pub fn check(&self) -> Result<(), DiceError> {
        for (side, dice) in [("attack", self.attack), ("defense", self.defense)] {
            if dice > MAX_DICE {
                return Err(DiceError::TooManyDice { side, dice });
            }
        }
        if !(1..=5).contains(&self.range) {
            return Err(DiceError::Range(self.range));
        }
        for (who, shields) in [
            ("attacker", self.attacker.inaldra_shields),
            ("defender", self.defender.inaldra_shields),
        ] {
            if shields > MAX_DICE {
                return Err(DiceError::InaldraShields { who, shields });
            }
        }
        let d = &self.defender;
        if d.reinforce && d.reinforce_other {
            return Err(DiceError::TwoReinforceTokens);
        }
        // Huge Ship Rules: focus and evade tokens do not affect huge ships;
        // Sunny Bounder and Inaldra fly M3-As.
        if d.is_huge() {
            let small: Vec<SmallShipThing> = [
                (d.focus, SmallShipThing::Focus),
                (d.evade, SmallShipThing::Evade),
                (d.sunny_bounder, SmallShipThing::SunnyBounder),
                (d.inaldra_shields > 0, SmallShipThing::Inaldra),
            ]
            .into_iter()
            .filter_map(|(on, what)| on.then_some(what))
            .collect();
            if !small.is_empty() {
                return Err(DiceError::SmallShipTokenOnHuge(small));
            }
        }
        // The derive states the same limits for API documentation; both agree.
        self.validate()
            .map_err(|e| DiceError::Invalid(e.to_string()))
    }

    /// Range combat bonuses for primary weapons: (extra attack dice, extra
    /// defense dice). Range 1: +1 attack die and Range 3: +1 defense die are
    /// the core rules; Ranges 4 and 5 follow the chosen huge-ship rule.
    pub fn range_bonus(&self) -> (u8, u8) {
        if !self.primary {
            return (0, 0);
        }
        match (self.range, self.range_rule) {
            (1, _) => (1, 0),
            (3, _) => (0, 1),
            (4, RangeRule::V1) => (0, 2),
            (5, RangeRule::V1) => (0, 3),
            (4 | 5, RangeRule::V3) => (0, 1),
            _ => (0, 0),
        }
    }

    /// Every modifier on at Range 1 that one attack can have (the
    /// benchmark's case and a test's).
    pub fn every_modifier(attack: u8, defense: u8) -> DiceInputs {
        DiceInputs {
            attack,
            defense,
            range: 1,
            primary: true,
            range_rule: RangeRule::V1,
            obstructed: true,
            attacker: Attacker {
                focus: true,
                target_lock: true,
                power_cells: true,
                thug_droids: true,
                sunny_bounder: true,
                inaldra_shields: 1,
            },
            // A small defender: huge ships take no focus or evade tokens
            // (reinforce and Broken Horn are checked in tests of their own).
            defender: Defender {
                focus: true,
                evade: true,
                sunny_bounder: true,
                inaldra_shields: 1,
                ..Defender::default()
            },
        }
    }

    /// Attack dice actually rolled.
    pub fn attack_dice(&self) -> u8 {
        self.attack
            .saturating_add(self.range_bonus().0)
            .saturating_add(if self.attacker.power_cells { 2 } else { 0 })
    }

    /// Defense dice actually rolled.
    pub fn defense_dice(&self) -> u8 {
        self.defense
            .saturating_add(self.range_bonus().1)
            .saturating_add(u8::from(self.obstructed))
    }
}

/// A small ship's token or pilot, which a huge defender cannot use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmallShipThing {
    Focus,
    Evade,
    SunnyBounder,
    Inaldra,
}

impl SmallShipThing {
    /// The thing in English ("a focus token", "Sunny Bounder").
    pub fn as_str(self) -> &'static str {
        match self {
            SmallShipThing::Focus => "a focus token",
            SmallShipThing::Evade => "an evade token",
            SmallShipThing::SunnyBounder => "Sunny Bounder",
            SmallShipThing::Inaldra => "Inaldra",
        }
    }
}

/// The things, in English: "a focus token or Sunny Bounder".
fn or_list(things: &[SmallShipThing]) -> String {
    let words: Vec<&str> = things.iter().map(|t| t.as_str()).collect();
    words.join(" or ")
}

/// Inputs the simulator cannot roll.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error(transparent)]
    Address(#[from] AddressError),
    #[error("{side} must be 0 to {MAX_DICE} dice, not {dice}")]
    TooManyDice { side: &'static str, dice: u8 },
    #[error("range must be 1 to 5, not {0}")]
    Range(u8),
    #[error("the {who}'s inaldra_shields must be 0 to {MAX_DICE}, not {shields}")]
    InaldraShields { who: &'static str, shields: u8 },
    #[error("a huge ship has one reinforce token, on the targeted section or on the other")]
    TwoReinforceTokens,
    #[error(
        "a defender with a reinforce token or Broken Horn is a huge ship, which cannot use {}: focus and evade tokens do not affect huge ships, and Sunny Bounder and Inaldra fly small ships",
        or_list(.0)
    )]
    SmallShipTokenOnHuge(Vec<SmallShipThing>),
    #[error("{0}")]
    Invalid(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attack(n: u8) -> DiceInputs {
        DiceInputs {
            attack: n,
            ..DiceInputs::default()
        }
    }

    /// Issue 13.10: a huge defender takes no focus or evade tokens.
    #[test]
    fn a_huge_defender_has_no_focus_or_evade() {
        for change in [
            (|d: &mut Defender| d.focus = true) as fn(&mut Defender),
            |d| d.evade = true,
            |d| d.sunny_bounder = true,
            |d| d.inaldra_shields = 1,
        ] {
            for huge in [
                (|d: &mut Defender| d.reinforce = true) as fn(&mut Defender),
                |d| d.broken_horn = true,
                |d| d.reinforce_other = true,
            ] {
                let mut i = attack(2);
                change(&mut i.defender);
                huge(&mut i.defender);
                let err = i.check().unwrap_err();
                assert!(matches!(err, DiceError::SmallShipTokenOnHuge(_)), "{err}");
                assert!(err.to_string().contains("huge ship"), "{err}");
                // The small-ship modifier alone is fine, and so is the huge one.
                let mut small = attack(2);
                change(&mut small.defender);
                assert!(small.check().is_ok());
                let mut big = attack(2);
                huge(&mut big.defender);
                assert!(big.check().is_ok());
            }
        }
    }
}
