//! Each reason's sentence, family by family, from the `problems`
//! catalogue: one `td!` per sentence, its names drawn by [`shown`].

use cards::catalog::{Comparison, ShipSize, SlotFilter, StatRequirement};
use cards::lang::Lang;
use cards::squad::{CardReason, NamedCard, ShipReason, SlotReason, SquadReason};
use leptos::prelude::*;

use super::{Joined, Words, Writer, count, joined, shown};
use crate::components::effect_text::wanted;
use crate::i18n::{td, td_string};

/// The arm of a variant an earlier writer of its family wrote: each
/// family's sentences are split over a few functions, each listing the
/// variants it leaves to the others, so a new variant must be placed.
fn written_before() -> AnyView {
    ().into_any()
}

/// The squad's and its format's sentences.
impl Writer {
    pub(super) fn squad(&self, r: &SquadReason) -> AnyView {
        let l = self.locale;
        match r {
            SquadReason::UnknownFormat { key, known } => {
                let (key, known) = (key.clone(), known.join(", "));
                td!(l, problems.unknown_format, key, known).into_any()
            }
            SquadReason::CustomPoints { key, max } => {
                let (key, max) = (key.clone(), *max);
                td!(l, problems.unknown_format_custom, key, max).into_any()
            }
            SquadReason::UnknownFaction { faction, known } => {
                let (faction, known) = (faction.clone(), known.join(", "));
                td!(l, problems.unknown_faction, faction, known).into_any()
            }
            SquadReason::PointsOverLimit {
                format,
                points,
                limit,
            } => td!(
                l,
                problems.points_over_limit,
                count = count(points - limit),
                points = *points,
                format = self.format_view(format),
                limit = *limit
            )
            .into_any(),
            SquadReason::ShipTypeLimit {
                format,
                max,
                size,
                count: n,
                ship,
            } => {
                let (format, max, ship) = (self.format_view(format), *max, shown(self.ship(ship)));
                match size {
                    ShipSize::Small => td!(
                        l,
                        problems.ship_type_limit_small,
                        count = count(*n),
                        format,
                        max,
                        ship
                    )
                    .into_any(),
                    // Formats limit small and large ships only.
                    ShipSize::Large | ShipSize::Huge => td!(
                        l,
                        problems.ship_type_limit_large,
                        count = count(*n),
                        format,
                        max,
                        ship
                    )
                    .into_any(),
                }
            }
            other => self.squad_cards(other),
        }
    }

    /// The squad's sentences that name cards and ships.
    fn squad_cards(&self, r: &SquadReason) -> AnyView {
        let l = self.locale;
        match r {
            SquadReason::CopyLimit {
                format,
                max,
                count: n,
                card,
            } => td!(
                l,
                problems.copy_limit,
                count = count(*n),
                format = self.format_view(format),
                max = *max,
                card = shown(self.card(card))
            )
            .into_any(),
            SquadReason::EpicPointsUnknown { ship, max } => td!(
                l,
                problems.epic_points_unknown,
                count = count(*max),
                ship = shown(self.ship(ship))
            )
            .into_any(),
            SquadReason::EpicPointsOverLimit { format, epic, max } => td!(
                l,
                problems.epic_points_over_limit,
                epic = self.decimal(epic.to_string()),
                format = self.format_view(format),
                max = *max
            )
            .into_any(),
            SquadReason::SquadLimit {
                card,
                max,
                count: n,
            } => td!(
                l,
                problems.squad_limit,
                count = count(*max),
                card = shown(self.card(card)),
                have = *n
            )
            .into_any(),
            SquadReason::SectionMissing {
                whole,
                section,
                missing,
            } => td!(
                l,
                problems.section_missing,
                whole = shown(self.whole(whole, section)),
                section = shown(self.ship(section)),
                missing = self.ships(missing, Joined::Or)
            )
            .into_any(),
            SquadReason::UniqueDuplicate { card, copies } => td!(
                l,
                problems.unique_duplicate,
                card = shown(self.card(card)),
                copies = *copies
            )
            .into_any(),
            SquadReason::UnknownFormat { .. }
            | SquadReason::CustomPoints { .. }
            | SquadReason::UnknownFaction { .. }
            | SquadReason::PointsOverLimit { .. }
            | SquadReason::ShipTypeLimit { .. } => written_before(),
        }
    }

    /// One ship's sentences.
    pub(super) fn ship_reason(&self, r: &ShipReason) -> AnyView {
        let l = self.locale;
        match r {
            ShipReason::UnknownPilot { card } => {
                td!(l, problems.unknown_card_pilot, card = self.described(card)).into_any()
            }
            ShipReason::UnknownUpgrade { card } => td!(
                l,
                problems.unknown_card_upgrade,
                card = self.described(card)
            )
            .into_any(),
            ShipReason::PilotFaction {
                pilot,
                faction,
                squad,
            } => td!(
                l,
                problems.faction_mismatch_pilot,
                pilot = shown(self.card(pilot)),
                faction = shown(self.faction_words(faction)),
                squad = shown(self.faction_words(squad))
            )
            .into_any(),
            ShipReason::ReservePilot { pilot, by } => td!(
                l,
                problems.reserve_pilot,
                pilot = shown(self.card(pilot)),
                card = shown(self.card(by))
            )
            .into_any(),
            ShipReason::EpicOnly { ship, format } => td!(
                l,
                problems.epic_only,
                ship = shown(self.ship(ship)),
                format = self.format_view(format)
            )
            .into_any(),
            ShipReason::LimitedDuplicate { card, copies } => td!(
                l,
                problems.limited_duplicate,
                card = shown(self.card(card)),
                copies = *copies
            )
            .into_any(),
            ShipReason::DuplicateInSlot { rule, slot, card } => td!(
                l,
                problems.duplicate_in_slot,
                rule = shown(self.card(rule)),
                slot = shown(self.slot_words(slot)),
                card = shown(self.card(card))
            )
            .into_any(),
        }
    }
}

/// The upgrade bar's sentences.
impl Writer {
    pub(super) fn slot_reason(&self, r: &SlotReason) -> AnyView {
        let l = self.locale;
        match r {
            SlotReason::SlotFilter {
                granter,
                filter,
                card,
                points,
                unique,
            } => self.slot_filter(granter, filter, card, (*points, *unique)),
            SlotReason::NotInSlot { card } => {
                td!(l, problems.slot_missing_none, card = shown(self.card(card))).into_any()
            }
            SlotReason::WrongSlotType { card, named, kind } => td!(
                l,
                problems.slot_missing_wrong_type,
                card = shown(self.card(card)),
                named = shown(self.slot_words(named)),
                kind = shown(self.slot_words(kind))
            )
            .into_any(),
            SlotReason::SlotTaken { card, slot, number } => td!(
                l,
                problems.slot_missing_taken,
                card = shown(self.card(card)),
                slot = shown(self.slot_words(slot)),
                number = *number
            )
            .into_any(),
            SlotReason::SlotGone { card, slot, number } => td!(
                l,
                problems.slot_missing_gone,
                card = shown(self.card(card)),
                slot = shown(self.slot_words(slot)),
                number = *number
            )
            .into_any(),
            other => self.slot_counts(other),
        }
    }

    /// A granted slot's filter refuses a card (its points, whether unique).
    fn slot_filter(
        &self,
        granter: &NamedCard,
        filter: &SlotFilter,
        card: &NamedCard,
        (points, unique): (i32, bool),
    ) -> AnyView {
        let l = self.locale;
        let slot = shown(self.slot_words(&filter.slot));
        let wanted = wanted(l, filter, slot.clone());
        let cost = move || match unique {
            true => td!(l, problems.slot_filter_cost_unique, count = count(points)).into_any(),
            false => td!(l, problems.slot_filter_cost, count = count(points)).into_any(),
        };
        td!(
            l,
            problems.slot_filter,
            granter = shown(self.card(granter)),
            slot,
            wanted = wanted,
            card = shown(self.card(card)),
            cost
        )
        .into_any()
    }

    /// The bar's sentences of counting slots.
    fn slot_counts(&self, r: &SlotReason) -> AnyView {
        let l = self.locale;
        match r {
            SlotReason::SecondTitle { card } => {
                td!(l, problems.title_duplicate, card = shown(self.card(card))).into_any()
            }
            SlotReason::NoSlot { card, slot } => td!(
                l,
                problems.no_free_slot_none,
                card = shown(self.card(card)),
                slot = shown(self.slot_words(slot))
            )
            .into_any(),
            SlotReason::SlotsTaken { card, slot, have } => td!(
                l,
                problems.no_free_slot_taken,
                count = count(*have),
                card = shown(self.card(card)),
                slot = shown(self.slot_words(slot))
            )
            .into_any(),
            SlotReason::TooFewFree {
                card,
                slot,
                needs,
                free,
                have,
            } => td!(
                l,
                problems.no_free_slot_occupies,
                count = count(*free),
                card = shown(self.card(card)),
                needs = *needs,
                slot = shown(self.slot_words(slot)),
                have = *have
            )
            .into_any(),
            SlotReason::SlotForbidden { by, slot, card } if slot == "mod" => td!(
                l,
                problems.modification_forbidden,
                by = shown(self.card(by)),
                card = shown(self.card(card))
            )
            .into_any(),
            SlotReason::SlotForbidden { by, slot, card } => td!(
                l,
                problems.slot_forbidden,
                by = shown(self.card(by)),
                slot = shown(self.slot_words(slot)),
                card = shown(self.card(card))
            )
            .into_any(),
            SlotReason::SlotFilter { .. }
            | SlotReason::NotInSlot { .. }
            | SlotReason::WrongSlotType { .. }
            | SlotReason::SlotTaken { .. }
            | SlotReason::SlotGone { .. } => written_before(),
        }
    }
}

/// A card's own restrictions and choices.
impl Writer {
    pub(super) fn card_reason(&self, r: &CardReason) -> AnyView {
        let l = self.locale;
        match r {
            CardReason::CardFaction {
                card,
                factions,
                squad,
            } => {
                let factions: Vec<Words> = factions.iter().map(|f| self.faction_words(f)).collect();
                td!(
                    l,
                    problems.faction_mismatch_card,
                    card = shown(self.card(card)),
                    factions = move || joined(l, factions.clone(), Joined::And),
                    squad = shown(self.faction_words(squad))
                )
                .into_any()
            }
            CardReason::ShipRestriction { card, ships, hull } => td!(
                l,
                problems.ship_restriction,
                card = shown(self.card(card)),
                ships = self.ships(ships, Joined::And),
                hull = shown(self.ship(hull))
            )
            .into_any(),
            CardReason::HugeOnly { card, hull, size } => {
                let (card, hull) = (shown(self.card(card)), shown(self.ship(hull)));
                match size {
                    ShipSize::Small => td!(l, problems.huge_only_small, card, hull).into_any(),
                    // A huge ship never has this problem.
                    ShipSize::Large | ShipSize::Huge => {
                        td!(l, problems.huge_only_large, card, hull).into_any()
                    }
                }
            }
            CardReason::HugeModification { card } => {
                td!(l, problems.huge_modification, card = shown(self.card(card))).into_any()
            }
            CardReason::SizeRestriction {
                card,
                sizes,
                hull,
                size,
            } => {
                let sizes: Vec<Words> = match &sizes[..] {
                    [ShipSize::Small, ShipSize::Large] | [ShipSize::Large, ShipSize::Small] => {
                        vec![self.own(td_string!(l, problems.size_restriction_ships_small_large))]
                    }
                    _ => sizes.iter().map(|s| self.sized_ships(*s)).collect(),
                };
                let sizes = move || joined(l, sizes.clone(), Joined::And);
                let (card, hull) = (shown(self.card(card)), shown(self.ship(hull)));
                match size {
                    ShipSize::Small => {
                        td!(l, problems.size_restriction_small, card, sizes, hull).into_any()
                    }
                    ShipSize::Large => {
                        td!(l, problems.size_restriction_large, card, sizes, hull).into_any()
                    }
                    ShipSize::Huge => {
                        td!(l, problems.size_restriction_huge, card, sizes, hull).into_any()
                    }
                }
            }
            other => self.requirement(other),
        }
    }

    /// A card's requirements of the ship.
    fn requirement(&self, r: &CardReason) -> AnyView {
        let l = self.locale;
        match r {
            CardReason::StatRequirement { card, need, value } => {
                self.stat_requirement(card, need, *value)
            }
            CardReason::SkillRequirement {
                card,
                comparison,
                value,
                skill,
            } => self.skill_requirement(card, *comparison, *value, *skill),
            CardReason::ActionRequirement {
                card,
                action,
                actions,
            } => {
                // The ship's action bar as it reads: every action, in order.
                let bar: Vec<String> = actions.iter().map(|a| self.action_words(a).0).collect();
                td!(
                    l,
                    problems.action_requirement,
                    card = shown(self.card(card)),
                    action = shown(self.action_words(action)),
                    actions = bar.join(", ")
                )
                .into_any()
            }
            CardReason::SlotRequirement { card, slot } => td!(
                l,
                problems.slot_requirement,
                card = shown(self.card(card)),
                slot = shown(self.slot_words(slot))
            )
            .into_any(),
            CardReason::PrintedSlot { card, slot } => td!(
                l,
                problems.slot_requirement_printed,
                card = shown(self.card(card)),
                slot = shown(self.slot_words(slot))
            )
            .into_any(),
            other => self.choice(other),
        }
    }

    /// A card's requirement of a stat, unmet: the ship's `value`.
    fn stat_requirement(
        &self,
        card: &NamedCard,
        required: &StatRequirement,
        value: Option<u8>,
    ) -> AnyView {
        let l = self.locale;
        let (card, stat, need) = (
            shown(self.card(card)),
            self.stat(required.stat),
            required.value,
        );
        let value = value.map_or_else(
            || td_string!(l, problems.stat_requirement_not_printed).to_string(),
            |v| v.to_string(),
        );
        match required.comparison {
            Comparison::Equal => {
                td!(l, problems.stat_requirement_equal, card, stat, need, value).into_any()
            }
            Comparison::AtMost => td!(
                l,
                problems.stat_requirement_at_most,
                card,
                stat,
                need,
                value
            )
            .into_any(),
            Comparison::AtLeast => td!(
                l,
                problems.stat_requirement_at_least,
                card,
                stat,
                need,
                value
            )
            .into_any(),
        }
    }

    /// A card's requirement of the pilot skill, unmet: the pilot's `skill`.
    fn skill_requirement(
        &self,
        card: &NamedCard,
        comparison: Comparison,
        need: u8,
        skill: Option<u8>,
    ) -> AnyView {
        let l = self.locale;
        let card = shown(self.card(card));
        let skill = skill.map_or_else(|| "?".to_string(), |s| s.to_string());
        match comparison {
            Comparison::Equal => {
                td!(l, problems.skill_requirement_equal, card, need, skill).into_any()
            }
            Comparison::AtMost => {
                td!(l, problems.skill_requirement_at_most, card, need, skill).into_any()
            }
            Comparison::AtLeast => {
                td!(l, problems.skill_requirement_at_least, card, need, skill).into_any()
            }
        }
    }

    /// A card's choices: a dual card's face, a granted icon.
    fn choice(&self, r: &CardReason) -> AnyView {
        let l = self.locale;
        match r {
            CardReason::DualFace {
                card,
                second,
                named,
            } => td!(
                l,
                problems.choice_required_dual,
                card = shown(self.card(card)),
                first = shown(self.card(card)),
                // The card files translate a card's first face only.
                second = shown((second.to_string(), Lang::En)),
                named = named.to_string()
            )
            .into_any(),
            CardReason::ChooseIcon { card, options } => td!(
                l,
                problems.choice_required_choose,
                card = shown(self.card(card)),
                options = self.slots(options, Joined::CommasOr)
            )
            .into_any(),
            CardReason::ChoiceUnnamed {
                card,
                options,
                used,
            } => td!(
                l,
                problems.choice_required_unnamed,
                card = shown(self.card(card)),
                options = self.slots(options, Joined::CommasOr),
                used = shown(self.slot_words(used))
            )
            .into_any(),
            CardReason::CardFaction { .. }
            | CardReason::ShipRestriction { .. }
            | CardReason::HugeOnly { .. }
            | CardReason::HugeModification { .. }
            | CardReason::SizeRestriction { .. }
            | CardReason::StatRequirement { .. }
            | CardReason::SkillRequirement { .. }
            | CardReason::ActionRequirement { .. }
            | CardReason::SlotRequirement { .. }
            | CardReason::PrintedSlot { .. } => written_before(),
        }
    }
}
