//! What a problem says, as values: each sentence the rules engine can
//! write, with the named values it needs (cards by id, ships, slots and
//! factions by XWS name, numbers). A page writes the sentence in its
//! language from these values (app/src/components/problem_text.rs), and
//! the API its English the same way.
//!
//! Four families, as the checks are: the squad and its format's
//! ([`SquadReason`]), one ship's ([`ShipReason`]), the upgrade bar's
//! ([`SlotReason`]) and a card's own restriction ([`CardReason`]). Each
//! variant is one sentence; a [`Code`] may have several.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smallvec::SmallVec;

use super::code::Code;
use crate::catalog::{
    Card, CardId, Comparison, EpicPoints, Pilot, ShipSize, ShortName, SlotFilter, StatRequirement,
    Upgrade,
};
use crate::squad::CardRef;

/// Which card a problem names: a page looks its words up by this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WhichCard {
    Pilot(CardId),
    Upgrade(CardId),
}

/// A card a problem names: which card, and its printed English name (kept
/// here so a sentence names it, in any language that lacks its own name,
/// without searching the card tables).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedCard {
    /// `None` where the database lacks the card: only its name is known.
    pub card: Option<WhichCard>,
    pub english: ShortName,
}

impl NamedCard {
    pub(super) fn upgrade(card: &Upgrade) -> NamedCard {
        NamedCard {
            card: Some(WhichCard::Upgrade(card.id)),
            english: card.name().into(),
        }
    }

    pub(super) fn pilot(pilot: &Pilot) -> NamedCard {
        NamedCard {
            card: Some(WhichCard::Pilot(pilot.id)),
            english: pilot.name.as_str().into(),
        }
    }

    pub(super) fn of(card: Card<'_>) -> NamedCard {
        match card {
            Card::Pilot(p) => NamedCard::pilot(p),
            Card::Upgrade(u) => NamedCard::upgrade(u),
        }
    }

    /// A card known by its name only.
    pub(super) fn unknown(english: &str) -> NamedCard {
        NamedCard {
            card: None,
            english: english.into(),
        }
    }
}

/// A short list (a card's factions, the ships it is for, icons to choose
/// from): most hold one item, kept inline so the options' hot path copies
/// it without allocating. Serialized as a plain list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Few<T>(pub SmallVec<[T; 1]>);

impl<T> std::ops::Deref for Few<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> FromIterator<T> for Few<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        Few(items.into_iter().collect())
    }
}

impl<T: Serialize> Serialize for Few<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.as_slice().serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Few<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::<T>::deserialize(d).map(|v| Few(SmallVec::from_vec(v)))
    }
}

/// XWS names (of ships, slots, factions, actions), by [`Few`].
pub type Keys = Few<ShortName>;

/// Keys from any strings.
pub(super) fn keys<'a>(items: impl IntoIterator<Item = &'a str>) -> Keys {
    items.into_iter().map(ShortName::from).collect()
}

/// What a problem says, by family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    Squad(SquadReason),
    Ship(ShipReason),
    Slot(SlotReason),
    Card(CardReason),
}

/// The squad's and its format's problems. `format` is the format's key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SquadReason {
    /// No format has this key.
    UnknownFormat { key: String, known: Keys },
    /// `custom:N` with N not a number from 1 to `max`.
    CustomPoints { key: String, max: i32 },
    /// The squad's faction is none of the squad factions (`known`).
    UnknownFaction { faction: String, known: Keys },
    PointsOverLimit {
        format: ShortName,
        points: i32,
        limit: i32,
    },
    /// `count` ships of one type, `max` allowed.
    ShipTypeLimit {
        format: ShortName,
        max: u32,
        size: ShipSize,
        count: usize,
        ship: ShortName,
    },
    /// `count` copies of a secondary weapon or Elite talent, `max` allowed.
    CopyLimit {
        format: ShortName,
        max: u32,
        count: usize,
        card: NamedCard,
    },
    /// A huge ship with no published epic points value.
    EpicPointsUnknown { ship: ShortName, max: u32 },
    EpicPointsOverLimit {
        format: ShortName,
        epic: EpicPoints,
        max: u32,
    },
    /// A card's own squad limit (Attanni Mindlink: 2).
    SquadLimit {
        card: NamedCard,
        max: usize,
        count: usize,
    },
    /// A section of a ship (`section`, a ship's XWS name) without the
    /// others (`missing`). `whole` is the whole ship's English name, as the
    /// data names it (no page has its words).
    SectionMissing {
        whole: ShortName,
        section: ShortName,
        missing: Keys,
    },
    /// `copies` cards of one unique name.
    UniqueDuplicate { card: NamedCard, copies: usize },
}

/// One ship's problems.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShipReason {
    UnknownPilot {
        card: CardRef,
    },
    UnknownUpgrade {
        card: CardRef,
    },
    /// The pilot flies for `faction`, the squad is `squad`.
    PilotFaction {
        pilot: NamedCard,
        faction: ShortName,
        squad: ShortName,
    },
    /// A reserve pilot without the card that deploys it (`by`).
    ReservePilot {
        pilot: NamedCard,
        by: NamedCard,
    },
    /// A huge ship (`ship`) in a format without them.
    EpicOnly {
        ship: ShortName,
        format: ShortName,
    },
    /// `copies` copies of a Limited card on one ship.
    LimitedDuplicate {
        card: NamedCard,
        copies: usize,
    },
    /// `rule` allows only different cards in `slot`; `card` is there twice.
    DuplicateInSlot {
        rule: NamedCard,
        slot: ShortName,
        card: NamedCard,
    },
}

/// The upgrade bar's problems: where a card sits, or cannot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SlotReason {
    /// `granter`'s slot takes only cards `filter` admits; `card` (its
    /// `points`, `unique`) needs another.
    SlotFilter {
        granter: NamedCard,
        filter: SlotFilter,
        card: NamedCard,
        points: i32,
        unique: bool,
    },
    /// The card names no slot.
    NotInSlot {
        card: NamedCard,
    },
    /// The card names a slot of another type (`named`) than its own (`kind`).
    WrongSlotType {
        card: NamedCard,
        named: ShortName,
        kind: ShortName,
    },
    /// The card names slot `number` (from 1) of `slot`, which another holds.
    SlotTaken {
        card: NamedCard,
        slot: ShortName,
        number: u16,
    },
    /// The card names slot `number` (from 1) of `slot`, which the bar lacks.
    SlotGone {
        card: NamedCard,
        slot: ShortName,
        number: u16,
    },
    SecondTitle {
        card: NamedCard,
    },
    /// The bar has no `slot` at all.
    NoSlot {
        card: NamedCard,
        slot: ShortName,
    },
    /// All `have` slots of `slot` are taken.
    SlotsTaken {
        card: NamedCard,
        slot: ShortName,
        have: usize,
    },
    /// The card occupies `needs` slots; `free` of `have` are free.
    TooFewFree {
        card: NamedCard,
        slot: ShortName,
        needs: usize,
        free: usize,
        have: usize,
    },
    /// `by` forbids the ship `slot` upgrades, so `card` cannot be equipped.
    SlotForbidden {
        by: NamedCard,
        slot: ShortName,
        card: NamedCard,
    },
}

/// A card's own restrictions and choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardReason {
    /// For `factions` only; the squad is `squad`.
    CardFaction {
        card: NamedCard,
        factions: Keys,
        squad: ShortName,
    },
    /// For `ships` only; the ship is `hull`.
    ShipRestriction {
        card: NamedCard,
        ships: Keys,
        hull: ShortName,
    },
    /// "Huge ship only." on `hull`, of `size`.
    HugeOnly {
        card: NamedCard,
        hull: ShortName,
        size: ShipSize,
    },
    /// A modification not labeled "Huge ship only." on a huge ship.
    HugeModification { card: NamedCard },
    /// For ships of `sizes` only; `hull` is of `size`.
    SizeRestriction {
        card: NamedCard,
        sizes: Few<ShipSize>,
        hull: ShortName,
        size: ShipSize,
    },
    /// The ship's stat must meet `need`; it is `value` (`None`: not printed).
    StatRequirement {
        card: NamedCard,
        need: StatRequirement,
        value: Option<u8>,
    },
    /// The pilot skill must compare so with `value`; it is `skill` (`None`: "?").
    SkillRequirement {
        card: NamedCard,
        comparison: Comparison,
        value: u8,
        skill: Option<u8>,
    },
    /// The action bar must have `action`; it has `actions`.
    ActionRequirement {
        card: NamedCard,
        action: ShortName,
        actions: Keys,
    },
    /// The upgrade bar must have a `slot` icon.
    SlotRequirement { card: NamedCard, slot: ShortName },
    /// The pilot's printed bar must not have a `slot` icon.
    PrintedSlot { card: NamedCard, slot: ShortName },
    /// A dual card with a face named neither 1 nor 2 (`named`); `second`
    /// is its second face's English name.
    DualFace {
        card: NamedCard,
        second: ShortName,
        named: ShortName,
    },
    /// A card that grants one icon of `options`, none chosen.
    ChooseIcon { card: NamedCard, options: Keys },
    /// As [`CardReason::ChooseIcon`], a warning: the squad was checked
    /// with `used`.
    ChoiceUnnamed {
        card: NamedCard,
        options: Keys,
        used: ShortName,
    },
}

impl Reason {
    /// The problem's stable code.
    pub fn code(&self) -> Code {
        match self {
            Reason::Squad(r) => r.code(),
            Reason::Ship(r) => r.code(),
            Reason::Slot(r) => r.code(),
            Reason::Card(r) => r.code(),
        }
    }
}

impl SquadReason {
    fn code(&self) -> Code {
        match self {
            SquadReason::UnknownFormat { .. } | SquadReason::CustomPoints { .. } => {
                Code::UnknownFormat
            }
            SquadReason::UnknownFaction { .. } => Code::UnknownFaction,
            SquadReason::PointsOverLimit { .. } => Code::PointsOverLimit,
            SquadReason::ShipTypeLimit { .. } => Code::ShipTypeLimit,
            SquadReason::CopyLimit { .. } => Code::CopyLimit,
            SquadReason::EpicPointsUnknown { .. } => Code::EpicPointsUnknown,
            SquadReason::EpicPointsOverLimit { .. } => Code::EpicPointsOverLimit,
            SquadReason::SquadLimit { .. } => Code::SquadLimit,
            SquadReason::SectionMissing { .. } => Code::SectionMissing,
            SquadReason::UniqueDuplicate { .. } => Code::UniqueDuplicate,
        }
    }
}

impl ShipReason {
    fn code(&self) -> Code {
        match self {
            ShipReason::UnknownPilot { .. } | ShipReason::UnknownUpgrade { .. } => {
                Code::UnknownCard
            }
            ShipReason::PilotFaction { .. } => Code::FactionMismatch,
            ShipReason::ReservePilot { .. } => Code::ReservePilot,
            ShipReason::EpicOnly { .. } => Code::EpicOnly,
            ShipReason::LimitedDuplicate { .. } => Code::LimitedDuplicate,
            ShipReason::DuplicateInSlot { .. } => Code::DuplicateInSlot,
        }
    }
}

impl SlotReason {
    fn code(&self) -> Code {
        match self {
            SlotReason::SlotFilter { .. } => Code::SlotFilter,
            SlotReason::NotInSlot { .. }
            | SlotReason::WrongSlotType { .. }
            | SlotReason::SlotTaken { .. }
            | SlotReason::SlotGone { .. } => Code::SlotMissing,
            SlotReason::SecondTitle { .. } => Code::TitleDuplicate,
            SlotReason::NoSlot { .. }
            | SlotReason::SlotsTaken { .. }
            | SlotReason::TooFewFree { .. } => Code::NoFreeSlot,
            SlotReason::SlotForbidden { slot, .. } if slot == "mod" => Code::ModificationForbidden,
            SlotReason::SlotForbidden { .. } => Code::SlotForbidden,
        }
    }
}

impl CardReason {
    fn code(&self) -> Code {
        match self {
            CardReason::CardFaction { .. } => Code::FactionMismatch,
            CardReason::ShipRestriction { .. } => Code::ShipRestriction,
            CardReason::HugeOnly { .. } => Code::HugeOnly,
            CardReason::HugeModification { .. } => Code::HugeModification,
            CardReason::SizeRestriction { .. } => Code::SizeRestriction,
            CardReason::StatRequirement { .. } => Code::StatRequirement,
            CardReason::SkillRequirement { .. } => Code::SkillRequirement,
            CardReason::ActionRequirement { .. } => Code::ActionRequirement,
            CardReason::SlotRequirement { .. } | CardReason::PrintedSlot { .. } => {
                Code::SlotRequirement
            }
            CardReason::DualFace { .. }
            | CardReason::ChooseIcon { .. }
            | CardReason::ChoiceUnnamed { .. } => Code::ChoiceRequired,
        }
    }
}

impl From<SquadReason> for Reason {
    fn from(r: SquadReason) -> Reason {
        Reason::Squad(r)
    }
}

impl From<ShipReason> for Reason {
    fn from(r: ShipReason) -> Reason {
        Reason::Ship(r)
    }
}

impl From<SlotReason> for Reason {
    fn from(r: SlotReason) -> Reason {
        Reason::Slot(r)
    }
}

impl From<CardReason> for Reason {
    fn from(r: CardReason) -> Reason {
        Reason::Card(r)
    }
}
