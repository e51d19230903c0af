//! The page's language, read from its address (`/de/build` is German,
//! `/build` English: `cards::lang::Lang::from_path`), and the interface's
//! words for it from `app/locales/<lang>/<namespace>.json` (`crate::i18n`).
//!
//! The address is the only source of the language: a squad link copied
//! under `/de/` opens in German for anyone, and the same code without the
//! prefix in English. The menu's choice is remembered for the offer on `/`,
//! never to redirect.

use cards::lang::Lang;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

pub use crate::i18n::{Locale, use_i18n};

/// The interface's locale of a language.
pub fn locale(lang: Lang) -> Locale {
    match lang {
        Lang::En => Locale::en,
        Lang::De => Locale::de,
        Lang::Es => Locale::es,
        Lang::Fr => Locale::fr,
        Lang::Ru => Locale::ru,
        Lang::Pl => Locale::pl,
        Lang::Hu => Locale::hu,
        Lang::Tr => Locale::tr,
    }
}

/// The page's language, as the router's address says it.
#[derive(Clone, Copy)]
pub struct PageLang(pub Memo<Lang>);

/// Reads the language from the address and provides it, with the
/// interface's catalogue for it, to everything beneath the router.
pub fn provide_page_lang() -> Memo<Lang> {
    let location = use_location();
    let lang = Memo::new(move |_| Lang::from_path(&location.pathname.get()).0);
    provide_context(PageLang(lang));
    lang
}

/// The page's language; English outside the router (the shell).
pub fn use_lang() -> Lang {
    use_context::<PageLang>().map_or(Lang::En, |l| l.0.get())
}

/// The page's language as a signal.
pub fn page_lang() -> Signal<Lang> {
    match use_context::<PageLang>() {
        Some(l) => l.0.into(),
        None => Signal::stored(Lang::En),
    }
}

/// An address of the site in the page's language: `/cards` is `/de/cards`
/// on a German page. Reactive, for links that outlive a language switch.
pub fn href(address: impl Into<String>) -> impl Fn() -> String + Clone + Send + Sync + 'static {
    let address = address.into();
    let lang = page_lang();
    move || lang.get().localize(&address)
}

/// The same address in the page's language, once (for links rendered in a
/// list that is rebuilt when the language changes anyway).
pub fn localized(address: &str) -> String {
    use_lang().localize(address)
}
