//! A card's own restrictions, requirements and choices: one flat `match`
//! over [`CardReason`], one catalogue sentence per arm.

use cards::catalog::{Comparison, ShipSize, StatRequirement};
use cards::lang::Lang;
use cards::squad::{CardReason, Keys, NamedCard};
use leptos::prelude::*;

use super::{Joined, Words, Writer, joined, shown};
use crate::i18n::{td, td_string};

impl Writer {
    pub(super) fn card_reason(&self, r: &CardReason) -> AnyView {
        let l = self.locale;
        match r {
            CardReason::CardFaction {
                card,
                factions,
                squad,
            } => self.card_faction(card, factions, squad),
            CardReason::ShipRestriction { card, ships, hull } => td!(
                l,
                problems.ship_restriction,
                card = shown(self.card(card)),
                ships = self.ships(ships, Joined::And),
                hull = shown(self.ship(hull))
            )
            .into_any(),
            CardReason::HugeOnly { card, hull, size } => self.huge_only(card, hull, *size),
            CardReason::HugeModification { card } => {
                td!(l, problems.huge_modification, card = shown(self.card(card))).into_any()
            }
            CardReason::SizeRestriction {
                card,
                sizes,
                hull,
                size,
            } => self.size_restriction(card, sizes, hull, *size),
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
            } => self.action_requirement(card, action, actions),
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
        }
    }

    /// A card for other factions than the squad's.
    fn card_faction(&self, card: &NamedCard, factions: &Keys, squad: &str) -> AnyView {
        let l = self.locale;
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

    /// A huge ship's card on a small or large ship.
    fn huge_only(&self, card: &NamedCard, hull: &str, size: ShipSize) -> AnyView {
        let l = self.locale;
        let (card, hull) = (shown(self.card(card)), shown(self.ship(hull)));
        match size {
            ShipSize::Small => td!(l, problems.huge_only_small, card, hull).into_any(),
            // A huge ship never has this problem.
            ShipSize::Large | ShipSize::Huge => {
                td!(l, problems.huge_only_large, card, hull).into_any()
            }
        }
    }

    /// A card for ships of other sizes.
    fn size_restriction(
        &self,
        card: &NamedCard,
        sizes: &[ShipSize],
        hull: &str,
        size: ShipSize,
    ) -> AnyView {
        let l = self.locale;
        let sizes: Vec<Words> = match sizes {
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
            ShipSize::Huge => td!(l, problems.size_restriction_huge, card, sizes, hull).into_any(),
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

    /// A card that needs an action the ship's bar lacks.
    fn action_requirement(&self, card: &NamedCard, action: &str, actions: &Keys) -> AnyView {
        let l = self.locale;
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
}
