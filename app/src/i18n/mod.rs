//! The interface's words in the page's language, from one catalogue per
//! language (`app/locales/<lang>/<namespace>.json`).
//!
//! The build compiles the catalogues into a constant per key
//! (`keys::builder::heading`, checked at compile time: a key no catalogue
//! has does not build) and English's strings (`app/build/catalogues.rs`).
//! The server compiles in every language; the browser carries English
//! only and downloads the page's language before it hydrates, as a hashed
//! asset of its own (`app/src/server/strings_asset.rs`), so an English
//! page sends what it sent before the other seven languages existed.
//!
//! The macros read like `leptos_i18n`'s, which the app used first:
//!
//! - `td_string!(locale, builder.heading)` and `t_string!(i18n, …)`: the
//!   text, a `&'static str`;
//! - `td!(locale, problems.unique_duplicate, card = view, count = || n)`
//!   and `t!(i18n, …)`: a view, with each `{{ placeholder }}` filled and
//!   each `<tag>…</tag>` drawn by the component given for it; `count`
//!   also picks the plural form by the language's CLDR rules.
//!
//! The page's language comes from its address and does not change while
//! the page lives: the language menu loads the page anew.

#[cfg(feature = "hydrate")]
pub mod browser;
mod catalogue;
mod context;
mod locale;
mod macros;
mod template;

pub use catalogue::{Key, install, plural_text, text};
pub use context::{I18n, use_i18n};
pub use locale::Locale;
pub use template::{ArgValue, Args, Segment, Value, fill, parse, render};

pub use crate::{t, t_string, td, td_string, tu_string};

/// The `<meta>` name whose content is the page's strings asset (a page
/// not in English).
pub const STRINGS_ASSET_META: &str = "strings-asset";

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));
