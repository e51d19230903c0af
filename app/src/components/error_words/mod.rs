//! The errors of `cards` and of the browser as sentences in the page's
//! language, from the `errors` catalogue (`app/locales/<lang>/errors.json`):
//! a refused step of a game in play and a stored game that cannot be read
//! (`cards::play`), a squads file or link refused (`cards::squad::travel`),
//! a squad link that cannot be read whole (`cards::squad::link`, with the
//! field where its record breaks off), and what the browser refused
//! (`crate::browser`).
//!
//! The errors' `Display` is English (the API's words); a page shows these
//! sentences instead. Each family is one flat `match` in its own file, so
//! a new variant does not build until it has its sentence. The sentences
//! are plain text, lower case and without a final stop, as the pages'
//! templates (`play.refused`, `builder.import_refused`) embed them; their
//! placeholders, `{{ name }}`, are filled by [`fill`]. Game words come from the
//! pages' own catalogues (`play.token_focus`, `parts.action_recover`), so
//! an error names a thing as the page beside it does.
//!
//! What an error quotes stays as given: a card's or a squad's name, a
//! maneuver's code, a link's version. A parser's own English (serde's, a
//! base64 decoder's) is left out.

mod browser;
mod link;
mod play;
mod travel;

pub use browser::browser_error;
pub use link::link_error;
pub use play::{play_error, stored_game_error};
pub use travel::travel_error;

use crate::i18n::fill;
use crate::i18n::{Key, plural_text};
use crate::lang::Locale;

/// A plural key's text in `l` for `count` (its CLDR form), with `{count}`
/// and the other `args` filled.
fn counted(l: Locale, key: Key, count: usize, args: &[(&str, &str)]) -> String {
    let n = count.to_string();
    let mut all = vec![("count", n.as_str())];
    all.extend_from_slice(args);
    fill(plural_text(l, key, count as u64), &all)
}

/// A text with its `{{ n }}` filled by a number.
fn numbered(text: &str, n: usize) -> String {
    fill(text, &[("n", &n.to_string())])
}

/// The words of a whole sentence that holds no value.
fn said(text: &str) -> String {
    text.to_string()
}

/// The `{reason}` of a sentence, filled by a nested error's sentence.
fn because(text: &str, reason: &str) -> String {
    fill(text, &[("reason", reason)])
}
