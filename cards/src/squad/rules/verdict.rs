//! What a verdict is made of: problems with stable codes (`code.rs`) and
//! their reasons (`reason.rs`), each
//! ship's report and the squad's, and the helper that writes a problem.
//! The rules engine (`engine.rs`) and its checks (`ship_checks.rs`,
//! `squad_checks.rs`, `format_checks.rs`) all build on these; this module
//! imports none of them.

use serde::{Deserialize, Serialize};

pub use super::code::Code;
use super::flown::{FlownManeuver, ShipChange};
use super::reason::{Reason, ShipReason};
use crate::catalog::{ShortName, Stats};
use crate::squad::{CardRef, Equipped, SlotRef};

/// How much a problem matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Severity {
    /// The squad is illegal.
    Error,
    /// Worth knowing; the squad stays legal.
    Warning,
}

/// One thing wrong with a squad, located as precisely as it can be.
///
/// It carries no sentence: a page writes one in its own language from
/// `reason`, and the API its English the same way
/// (app/src/components/problem_text.rs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    pub code: Code,
    pub severity: Severity,
    /// Index of the ship in the squad, or `None` for the whole squad.
    pub ship: Option<usize>,
    /// The slot the card sits in, where it has one.
    pub slot: Option<SlotRef>,
    /// XWS name of the card concerned (a ship type's for ship-type limits);
    /// inline natively, as a slot's kind is, so a problem costs no copy of it.
    pub card: Option<ShortName>,
    /// What the problem says, as values.
    pub reason: Reason,
}

/// Where a problem sits and what kind it is: problems are shown in this
/// order.
type ProblemPlace<'a> = (
    Code,
    Severity,
    Option<usize>,
    Option<&'a SlotRef>,
    Option<&'a str>,
);

impl Problem {
    fn place(&self) -> ProblemPlace<'_> {
        (
            self.code,
            self.severity,
            self.ship,
            self.slot.as_ref(),
            self.card.as_deref(),
        )
    }
}

/// Sorts problems into the order they are shown and drops repeats (two
/// checks may find the same problem). Problems at one place keep the order
/// the checks found them in, so the order is the same on every run.
pub(super) fn tidy(problems: &mut Vec<Problem>) {
    problems.sort_by(|a, b| a.place().cmp(&b.place()));
    let mut kept: Vec<Problem> = Vec::with_capacity(problems.len());
    for p in problems.drain(..) {
        // A repeat shares its place, so only the last run of kept
        // problems can hold it.
        let repeat = kept
            .iter()
            .rev()
            .take_while(|k| k.place() == p.place())
            .any(|k| k.reason == p.reason);
        if !repeat {
            kept.push(p);
        }
    }
    *problems = kept;
}

/// Where a slot of the effective upgrade bar comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SlotOrigin {
    /// Printed on the pilot card.
    Printed,
    /// Granted by an equipped card (its XWS name).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    Granted(ShortName),
    /// Every ship has one (Title, Modification).
    Implicit,
}

/// One slot of an effective upgrade bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BarSlot {
    pub slot: SlotRef,
    pub origin: SlotOrigin,
    /// Other slot types this slot may hold (Ordnance Tubes: a Hardpoint
    /// holds a Torpedo or Missile).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_holds: Vec<String>,
}

impl BarSlot {
    /// Whether a card of this slot type may sit here.
    pub fn holds(&self, kind: &str) -> bool {
        self.slot.kind == kind || self.also_holds.iter().any(|k| k == kind)
    }
}

/// What a ship is once its cards are equipped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ShipReport {
    /// The pilot's XWS name, if the pilot is known.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub pilot: Option<ShortName>,
    /// The ship type's XWS name, if known.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub ship: Option<ShortName>,
    /// Pilot plus upgrades (unknown cards count 0).
    pub points: i32,
    /// Each upgrade's cost on this ship, in the ship's order: the printed
    /// cost less the discounts other cards give (`None`: an unknown card).
    #[serde(default)]
    pub upgrade_points: Vec<Option<i32>>,
    /// Effective stats; `energy` is the ship card's energy limit.
    pub stats: Stats,
    /// Effective pilot skill (printed, with Veteran Instincts and the like);
    /// `None` where the card prints "?".
    #[serde(default)]
    pub skill: Option<u8>,
    /// Effective action bar: printed actions, then those cards grant.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub actions: Vec<ShortName>,
    /// Condition cards the pilot and its cards bring into play, by XWS
    /// name; listed, never counted for points.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub conditions: Vec<ShortName>,
    /// Printed slots, then granted ones, then Title and Modification, less lost ones.
    pub bar: Vec<BarSlot>,
    /// The dial the ship flies: printed, recoloured by its cards.
    #[serde(default)]
    pub dial: Vec<FlownManeuver>,
    /// Each stat, skill and action a card changed, with the cards.
    #[serde(default)]
    pub changes: Vec<ShipChange>,
}

/// The verdict on a squad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// No problem of severity error.
    pub legal: bool,
    pub points: i32,
    /// The format's points limit, if the format is known.
    pub limit: Option<i32>,
    pub problems: Vec<Problem>,
    pub ships: Vec<ShipReport>,
}

impl Problem {
    /// The same problem, as one that does not make the squad illegal.
    pub(super) fn warning(self) -> Problem {
        Problem {
            severity: Severity::Warning,
            ..self
        }
    }
}

impl Report {
    /// Problems of one ship.
    pub fn ship_problems(&self, ship: usize) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(move |p| p.ship == Some(ship))
    }
}

/// Adds a check's problem, if it found one. Tested in place rather than
/// `extend`ed: moving each `None` (a whole `Problem` wide) through an
/// iterator was a tenth of validation in the profile of
/// `cards/benches/validate.rs`.
pub(super) fn add(out: &mut Vec<Problem>, problem: Option<Problem>) {
    if let Some(p) = problem {
        out.push(p);
    }
}

/// An error (`.warning()` makes it one that does not make the squad
/// illegal), its code the reason's.
pub(super) fn problem(
    (ship, slot, card): (Option<usize>, Option<SlotRef>, Option<ShortName>),
    reason: impl Into<Reason>,
) -> Problem {
    let reason = reason.into();
    Problem {
        code: reason.code(),
        severity: Severity::Error,
        ship,
        slot,
        card,
        reason,
    }
}

pub(super) fn card_name(r: &CardRef) -> Option<ShortName> {
    match r {
        CardRef::Xws(x) => Some(x.as_str().into()),
        CardRef::Id(_) => None,
    }
}

pub(super) fn unknown_upgrade(ship: usize, e: &Equipped) -> Problem {
    problem(
        (Some(ship), e.slot.clone(), card_name(&e.card)),
        ShipReason::UnknownUpgrade {
            card: e.card.clone(),
        },
    )
}
