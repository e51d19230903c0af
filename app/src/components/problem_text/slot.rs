//! The upgrade bar's sentences: one flat `match` over [`SlotReason`], one
//! catalogue sentence per arm.

use cards::catalog::SlotFilter;
use cards::squad::{NamedCard, SlotReason};
use leptos::prelude::*;

use super::{Writer, count, shown};
use crate::components::effect_text::wanted;
use crate::i18n::td;

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
            SlotReason::SlotForbidden { by, slot, card } => self.slot_forbidden(by, slot, card),
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

    /// A card another card's rule keeps out of its slot type; the
    /// Modification slot has a sentence of its own.
    fn slot_forbidden(&self, by: &NamedCard, slot: &str, card: &NamedCard) -> AnyView {
        let l = self.locale;
        let (by, card) = (shown(self.card(by)), shown(self.card(card)));
        match slot {
            "mod" => td!(l, problems.modification_forbidden, by, card).into_any(),
            _ => td!(
                l,
                problems.slot_forbidden,
                by,
                slot = shown(self.slot_words(slot)),
                card
            )
            .into_any(),
        }
    }
}
