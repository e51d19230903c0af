//! The squad's and its format's sentences: one flat `match` over
//! [`SquadReason`], one catalogue sentence per arm.

use cards::catalog::ShipSize;
use cards::squad::SquadReason;
use leptos::prelude::*;

use super::{Joined, Writer, count, shown};
use crate::i18n::td;

impl Writer {
    pub(super) fn squad(&self, r: &SquadReason) -> AnyView {
        let l = self.locale;
        match r {
            SquadReason::UnknownFormat { key, known } => td!(
                l,
                problems.unknown_format,
                key = key.clone(),
                known = known.join(", ")
            )
            .into_any(),
            SquadReason::CustomPoints { key, max } => td!(
                l,
                problems.unknown_format_custom,
                key = key.clone(),
                max = *max
            )
            .into_any(),
            SquadReason::UnknownFaction { faction, known } => td!(
                l,
                problems.unknown_faction,
                faction = faction.clone(),
                known = known.join(", ")
            )
            .into_any(),
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
            } => self.ship_type_limit(format, *max, *size, *n, ship),
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
        }
    }

    /// Too many ships of one type, small or large, for the format.
    fn ship_type_limit(
        &self,
        format: &str,
        max: u32,
        size: ShipSize,
        n: usize,
        ship: &str,
    ) -> AnyView {
        let l = self.locale;
        let (format, ship) = (self.format_view(format), shown(self.ship(ship)));
        match size {
            ShipSize::Small => td!(
                l,
                problems.ship_type_limit_small,
                count = count(n),
                format,
                max,
                ship
            )
            .into_any(),
            // Formats limit small and large ships only.
            ShipSize::Large | ShipSize::Huge => td!(
                l,
                problems.ship_type_limit_large,
                count = count(n),
                format,
                max,
                ship
            )
            .into_any(),
        }
    }
}
