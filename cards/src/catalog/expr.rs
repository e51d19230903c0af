//! The small expressions of the upgrades table's rules columns: what a
//! card requires (`requires`), which cards a slot it grants may hold
//! (`grant_filters`) and what it takes off other cards' costs
//! (`discounts`). Each reads and writes one `;`-list item.
//!
//! ```
//! use cards::catalog::{Discount, Requirement, SlotFilter};
//! assert_eq!(Requirement::parse("skill>=5").unwrap().to_string(), "pilot skill value is at least 5");
//! assert_eq!(Requirement::parse("action=boost").unwrap(), Requirement::Action("boost".into()));
//! assert_eq!(SlotFilter::parse("crew:points<=4").unwrap().describe("Crew"), "a Crew card of 4 points or less");
//! assert_eq!(Discount::parse("system-4").unwrap(), Discount { slot: Some("system".into()), amount: 4 });
//! assert_eq!(Discount::parse("*-1").unwrap(), Discount { slot: None, amount: 1 });
//! ```

use serde::{Deserialize, Serialize};

use super::stat::{Comparison, StatError, StatRequirement};

/// What a card requires of the ship that equips it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Requirement {
    /// An effective stat (`shields=1`, `agility<=2`).
    Stat(StatRequirement),
    /// The effective pilot skill (`skill>=5`: Royal Guard TIE).
    Skill { comparison: Comparison, value: u8 },
    /// An action in the effective action bar (`action=boost`: Autothrusters).
    Action(String),
    /// No such icon on the printed upgrade bar (`noslot=ept`: R2-D6).
    NoPrintedSlot(String),
    /// Such an icon on the effective upgrade bar (`slot=torpedo`:
    /// Long-Range Scanners).
    Slot(String),
}

/// An expression in `requires` that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExprError {
    #[error(transparent)]
    Stat(#[from] StatError),
    #[error("`{0}` is not a slot filter (expected e.g. `crew:points<=4` or `samd:unique`)")]
    NotAFilter(String),
    #[error("`{0}` is not a discount (expected e.g. `system-4`, or `*-1` for every card)")]
    NotADiscount(String),
    #[error("`{0}` is not a slot alias (expected e.g. `Hardpoint=Torpedo|Missile`)")]
    NotAnAlias(String),
}

fn comparison(s: &str) -> Option<(&str, Comparison, &str)> {
    if let Some((a, b)) = s.split_once("<=") {
        Some((a, Comparison::AtMost, b))
    } else if let Some((a, b)) = s.split_once(">=") {
        Some((a, Comparison::AtLeast, b))
    } else {
        s.split_once('=').map(|(a, b)| (a, Comparison::Equal, b))
    }
}

fn compares(comparison: Comparison, have: i32, want: i32) -> bool {
    match comparison {
        Comparison::Equal => have == want,
        Comparison::AtMost => have <= want,
        Comparison::AtLeast => have >= want,
    }
}

fn comparison_words(comparison: Comparison) -> &'static str {
    match comparison {
        Comparison::Equal => "is",
        Comparison::AtMost => "is at most",
        Comparison::AtLeast => "is at least",
    }
}

impl Requirement {
    /// Reads `skill>=5`, `action=boost`, `noslot=ept`, `slot=torpedo` or a
    /// stat requirement.
    pub fn parse(s: &str) -> Result<Requirement, ExprError> {
        let s = s.trim();
        match comparison(s) {
            Some(("action", Comparison::Equal, action)) => {
                return Ok(Requirement::Action(action.trim().to_string()));
            }
            Some(("noslot", Comparison::Equal, slot)) => {
                return Ok(Requirement::NoPrintedSlot(slot.trim().to_string()));
            }
            Some(("slot", Comparison::Equal, slot)) => {
                return Ok(Requirement::Slot(slot.trim().to_string()));
            }
            Some(("skill", comparison, value)) => {
                let value = value.trim().parse().map_err(|_| StatError::NotANumber {
                    value: value.trim().to_string(),
                    text: s.to_string(),
                })?;
                return Ok(Requirement::Skill { comparison, value });
            }
            _ => {}
        }
        Ok(Requirement::Stat(StatRequirement::parse(s)?))
    }

    /// Whether an effective skill meets a skill requirement (others: `true`).
    pub fn skill_met(&self, skill: Option<u8>) -> bool {
        match self {
            Requirement::Skill { comparison, value } => {
                skill.is_some_and(|s| compares(*comparison, i32::from(s), i32::from(*value)))
            }
            _ => true,
        }
    }
}

impl std::fmt::Display for Requirement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Requirement::Stat(req) => write!(f, "{req}"),
            Requirement::Skill { comparison, value } => {
                write!(
                    f,
                    "pilot skill value {} {value}",
                    comparison_words(*comparison)
                )
            }
            Requirement::Action(action) => write!(f, "action bar has {action}"),
            Requirement::NoPrintedSlot(slot) => write!(f, "printed upgrade bar has no {slot} icon"),
            Requirement::Slot(slot) => write!(f, "upgrade bar has a {slot} icon"),
        }
    }
}

/// Which cards a slot granted by a card may hold: TIE Shuttle's Crew "of 4
/// squad points or less", Havoc's "unique" Salvaged Astromech.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlotFilter {
    /// The granted slot type.
    pub slot: String,
    /// At most this many squad points, where the filter is on cost.
    pub max_points: Option<i32>,
    /// Only unique cards.
    pub unique: bool,
}

impl SlotFilter {
    /// Reads `crew:points<=4` or `samd:unique`.
    pub fn parse(s: &str) -> Result<SlotFilter, ExprError> {
        let bad = || ExprError::NotAFilter(s.to_string());
        let (slot, rule) = s.trim().split_once(':').ok_or_else(bad)?;
        let mut filter = SlotFilter {
            slot: slot.trim().to_string(),
            max_points: None,
            unique: false,
        };
        match rule.trim() {
            "unique" => filter.unique = true,
            rule => {
                let points = rule.strip_prefix("points<=").ok_or_else(bad)?;
                filter.max_points = Some(points.trim().parse().map_err(|_| bad())?);
            }
        }
        Ok(filter)
    }

    /// Whether a card of this slot type with these points and uniqueness fits.
    pub fn admits(&self, points: i32, unique: bool) -> bool {
        self.max_points.is_none_or(|max| points <= max) && (!self.unique || unique)
    }

    /// The filter in the data's own words, with the slot name given.
    pub fn describe(&self, slot_name: &str) -> String {
        match (self.max_points, self.unique) {
            (Some(max), _) => format!("a {slot_name} card of {max} points or less"),
            (None, true) => format!("a unique {slot_name} card"),
            (None, false) => format!("a {slot_name} card"),
        }
    }
}

/// A slot type that may also hold cards of other types (Ordnance Tubes:
/// each Hardpoint icon may be treated as a Torpedo or Missile icon),
/// written `Hardpoint=Torpedo|Missile`.
///
/// ```
/// use cards::catalog::SlotAlias;
/// let a = SlotAlias::parse("hardpoint=torpedo|missile").unwrap();
/// assert_eq!(a.slot, "hardpoint");
/// assert_eq!(a.holds, ["torpedo", "missile"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlotAlias {
    pub slot: String,
    pub holds: Vec<String>,
}

impl SlotAlias {
    /// Reads `Hardpoint=Torpedo|Missile`.
    pub fn parse(s: &str) -> Result<SlotAlias, ExprError> {
        let bad = || ExprError::NotAnAlias(s.to_string());
        let (slot, holds) = s.trim().split_once('=').ok_or_else(bad)?;
        let holds: Vec<String> = holds
            .split('|')
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty())
            .collect();
        if slot.trim().is_empty() || holds.is_empty() {
            return Err(bad());
        }
        Ok(SlotAlias {
            slot: slot.trim().to_string(),
            holds,
        })
    }
}

/// A reduction of other cards' squad point costs on the same ship, each
/// card's cost floored at 0: TIE/x1 (`system-4`), Vaksai (`*-1`), Renegade
/// Refit (`ept-1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Discount {
    /// The slot type it applies to; `None` for every other equipped card.
    pub slot: Option<String>,
    pub amount: i32,
}

impl Discount {
    /// Reads `system-4` or `*-1`.
    pub fn parse(s: &str) -> Result<Discount, ExprError> {
        let bad = || ExprError::NotADiscount(s.to_string());
        let (slot, amount) = s.trim().rsplit_once('-').ok_or_else(bad)?;
        let amount: i32 = amount.trim().parse().map_err(|_| bad())?;
        if amount <= 0 || slot.trim().is_empty() {
            return Err(bad());
        }
        let slot = match slot.trim() {
            "*" => None,
            s => Some(s.to_string()),
        };
        Ok(Discount { slot, amount })
    }

    /// Whether it applies to a card of this slot type.
    pub fn applies_to(&self, slot: &str) -> bool {
        self.slot.as_deref().is_none_or(|s| s == slot)
    }
}
