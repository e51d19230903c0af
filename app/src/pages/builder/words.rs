//! The builder's words that must be plain text (an attribute, the page's
//! title, an error handed to a component that takes a `String`): catalogue
//! templates filled by [`fill`], the engine that fills the views' `{{ name }}`
//! (`app/src/i18n/template.rs`).

use cards::squad::CardRef;

use crate::i18n::td_string;
use crate::lang::Locale;

pub(super) use crate::i18n::fill;

/// How a card the database does not know is named: by the id or XWS name
/// the squad holds ("card #12", "`xws`").
pub(super) fn card_ref(locale: Locale, card: &CardRef) -> String {
    match card {
        CardRef::Id(id) => fill(
            td_string!(locale, builder.card_number),
            &[("id", &id.to_string())],
        ),
        CardRef::Xws(xws) => format!("`{xws}`"),
    }
}
