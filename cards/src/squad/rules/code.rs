//! The stable problem codes: tests, the API and the UI key on these, and
//! a page's catalogue has a sentence for each (app/tests/problem_texts.rs).
//! Beneath the reasons and the verdict, which both name them.

use serde::{Deserialize, Serialize};

/// A stable problem code: tests, the API and the UI key on these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    /// Every code, in declaration order.
    pub const ALL: [Code; 31] = [
        Code::PointsOverLimit,
        Code::FactionMismatch,
        Code::ShipRestriction,
        Code::HugeOnly,
        Code::HugeModification,
        Code::NoFreeSlot,
        Code::UniqueDuplicate,
        Code::LimitedDuplicate,
        Code::TitleDuplicate,
        Code::ModificationForbidden,
        Code::SlotForbidden,
        Code::StatRequirement,
        Code::ChoiceRequired,
        Code::EpicOnly,
        Code::ShipTypeLimit,
        Code::CopyLimit,
        Code::EpicPointsOverLimit,
        Code::EpicPointsUnknown,
        Code::UnknownCard,
        Code::SlotMissing,
        Code::UnknownFormat,
        Code::UnknownFaction,
        Code::SizeRestriction,
        Code::SkillRequirement,
        Code::ActionRequirement,
        Code::SlotRequirement,
        Code::DuplicateInSlot,
        Code::SlotFilter,
        Code::SquadLimit,
        Code::ReservePilot,
        Code::SectionMissing,
    ];

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_every_code_once_in_order() {
        for (i, code) in Code::ALL.iter().enumerate() {
            assert_eq!(*code as usize, i, "{code}");
        }
        // The last variant closes the list: a code added after it must be added to ALL.
        let last = serde_json::to_string(&Code::ALL[Code::ALL.len() - 1]).unwrap();
        assert_eq!(last, "\"section-missing\"");
        for code in Code::ALL {
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
        }
    }
}
