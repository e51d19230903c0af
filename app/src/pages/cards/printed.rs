//! What a card prints, as the card pages say it: the unique mark and the
//! ship's size.

use crate::i18n::t_string;
use crate::lang::use_i18n;

/// The dot before a unique card's name.
pub(super) fn unique_mark(unique: bool) -> Option<&'static str> {
    unique.then_some("• ")
}

/// "Small ship", "huge ship": a ship's size, as a card's page says it.
pub(super) fn size_ship(size: cards::catalog::ShipSize) -> &'static str {
    let i18n = use_i18n();
    match size {
        cards::catalog::ShipSize::Small => t_string!(i18n, parts.size_ship_small),
        cards::catalog::ShipSize::Large => t_string!(i18n, parts.size_ship_large),
        cards::catalog::ShipSize::Huge => t_string!(i18n, parts.size_ship_huge),
    }
}
