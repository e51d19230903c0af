//! What a verdict is made of: problems with stable codes, each ship's
//! report and the squad's, and the helpers that write a problem. The rules
//! engine (`engine.rs`) and its checks (`ship_checks.rs`,
//! `squad_checks.rs`, `format_checks.rs`) all build on these; this module
//! imports none of them.

use serde::{Deserialize, Serialize};

use crate::catalog::{ShortName, Stats};
use crate::squad::{CardRef, Equipped, SlotRef};

/// A stable problem code: tests, the API and the UI key on these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    PointsOverLimit,
    FactionMismatch,
    ShipRestriction,
    HugeOnly,
    HugeModification,
    NoFreeSlot,
    UniqueDuplicate,
    LimitedDuplicate,
    TitleDuplicate,
    ModificationForbidden,
    SlotForbidden,
    StatRequirement,
    ChoiceRequired,
    EpicOnly,
    ShipTypeLimit,
    CopyLimit,
    EpicPointsOverLimit,
    EpicPointsUnknown,
    UnknownCard,
    SlotMissing,
    UnknownFormat,
    UnknownFaction,
    SizeRestriction,
    SkillRequirement,
    ActionRequirement,
    SlotRequirement,
    DuplicateInSlot,
    SlotFilter,
    SquadLimit,
    ReservePilot,
    SectionMissing,
}

impl Code {
    /// The code as the API and the page write it (`no-free-slot`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::PointsOverLimit => "points-over-limit",
            Code::FactionMismatch => "faction-mismatch",
            Code::ShipRestriction => "ship-restriction",
            Code::HugeOnly => "huge-only",
            Code::HugeModification => "huge-modification",
            Code::NoFreeSlot => "no-free-slot",
            Code::UniqueDuplicate => "unique-duplicate",
            Code::LimitedDuplicate => "limited-duplicate",
            Code::TitleDuplicate => "title-duplicate",
            Code::ModificationForbidden => "modification-forbidden",
            Code::SlotForbidden => "slot-forbidden",
            Code::StatRequirement => "stat-requirement",
            Code::ChoiceRequired => "choice-required",
            Code::EpicOnly => "epic-only",
            Code::ShipTypeLimit => "ship-type-limit",
            Code::CopyLimit => "copy-limit",
            Code::EpicPointsOverLimit => "epic-points-over-limit",
            Code::EpicPointsUnknown => "epic-points-unknown",
            Code::UnknownCard => "unknown-card",
            Code::SlotMissing => "slot-missing",
            Code::UnknownFormat => "unknown-format",
            Code::UnknownFaction => "unknown-faction",
            Code::SizeRestriction => "size-restriction",
            Code::SkillRequirement => "skill-requirement",
            Code::ActionRequirement => "action-requirement",
            Code::SlotRequirement => "slot-requirement",
            Code::DuplicateInSlot => "duplicate-in-slot",
            Code::SlotFilter => "slot-filter",
            Code::SquadLimit => "squad-limit",
            Code::ReservePilot => "reserve-pilot",
            Code::SectionMissing => "section-missing",
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How much a problem matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The squad is illegal.
    Error,
    /// Worth knowing; the squad stays legal.
    Warning,
}

/// One thing wrong with a squad, located as precisely as it can be.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
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
    /// A sentence a player understands.
    pub message: String,
}

/// Where a slot of the effective upgrade bar comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SlotOrigin {
    /// Printed on the pilot card.
    Printed,
    /// Granted by an equipped card (its XWS name).
    Granted(ShortName),
    /// Every ship has one (Title, Modification).
    Implicit,
}

/// One slot of an effective upgrade bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct ShipReport {
    /// The pilot's XWS name, if the pilot is known.
    pub pilot: Option<ShortName>,
    /// The ship type's XWS name, if known.
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
    pub actions: Vec<ShortName>,
    /// Condition cards the pilot and its cards bring into play, by XWS
    /// name; listed, never counted for points.
    #[serde(default)]
    pub conditions: Vec<ShortName>,
    /// Printed slots, then granted ones, then Title and Modification, less lost ones.
    pub bar: Vec<BarSlot>,
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

/// An error (`.warning()` makes it one that does not make the squad illegal).
/// Its message is written once, into room for a sentence ([`sentence`]):
/// callers pass `format_args!`, so no message is built twice.
pub(super) fn problem(
    code: Code,
    ship: Option<usize>,
    slot: Option<SlotRef>,
    card: Option<ShortName>,
    message: impl std::fmt::Display,
) -> Problem {
    written_problem(code, ship, slot, card, sentence(message))
}

/// An error whose sentence is already written.
pub(super) fn written_problem(
    code: Code,
    ship: Option<usize>,
    slot: Option<SlotRef>,
    card: Option<ShortName>,
    message: String,
) -> Problem {
    Problem {
        code,
        severity: Severity::Error,
        ship,
        slot,
        card,
        message,
    }
}

/// Room for a problem's message: most are one sentence of under 128 bytes.
pub(super) const SENTENCE_CAPACITY: usize = 128;

/// A problem's message, written once into a string with room for it;
/// `format!` would start small and grow it when the message opens with a
/// card's name.
pub(super) fn sentence(message: impl std::fmt::Display) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(SENTENCE_CAPACITY);
    // Writing to a String cannot fail: only a Display impl's own error
    // could, and the messages are strings and numbers.
    let _ = write!(out, "{message}");
    out
}

pub(super) fn card_name(r: &CardRef) -> Option<ShortName> {
    match r {
        CardRef::Xws(x) => Some(x.as_str().into()),
        CardRef::Id(_) => None,
    }
}

pub(super) fn unknown_upgrade(ship: usize, e: &Equipped) -> Problem {
    problem(
        Code::UnknownCard,
        Some(ship),
        e.slot.clone(),
        card_name(&e.card),
        format_args!(
            "The upgrade {} is not in the card database; it is kept in the squad.",
            e.card.describe()
        ),
    )
}

pub(super) fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
