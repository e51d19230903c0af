//! The page's locale as a context, for the `t!` macros.

use leptos::prelude::*;

use super::Locale;

/// The interface's language of the page beneath the router.
#[derive(Debug, Clone, Copy)]
pub struct I18n(Signal<Locale>);

impl I18n {
    pub fn new(locale: Signal<Locale>) -> I18n {
        I18n(locale)
    }

    /// The page's locale (tracked where a signal is read).
    pub fn get_locale(&self) -> Locale {
        self.0.get()
    }

    /// The page's locale, untracked.
    pub fn get_locale_untracked(&self) -> Locale {
        self.0.get_untracked()
    }
}

/// The page's [`I18n`]; English outside the router.
pub fn use_i18n() -> I18n {
    use_context::<I18n>().unwrap_or_else(|| I18n(Signal::stored(Locale::en)))
}
