//! One ship's sentences: one flat `match` over [`ShipReason`], one
//! catalogue sentence per arm.

use cards::squad::ShipReason;
use leptos::prelude::*;

use super::{Writer, shown};
use crate::i18n::td;

impl Writer {
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
