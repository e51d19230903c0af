//! A squad's list (the plain text and the forum post of
//! `cards::squad::list`) in the page's language: its labels from the
//! `problems` catalogue, its cards' names from their words.

use cards::catalog::{Pilot, Upgrade};
use cards::squad::CardRef;
use cards::squad::list::ListWords;
use cards::squad::obstacles::obstacle_name;
use leptos::tachys::view::RenderHtml;

use super::{Writer, count};
use crate::i18n::{td, td_string};

/// A catalogue string with its values, as plain text. `td!` fills a text's
/// values into a view (a value may itself be a view: a card's name marked
/// with its language), so the view is drawn and its text read back.
///
/// On the server the view's HTML is read, its markers dropped and its
/// escapes undone. In the browser the view may hold an `AnyView`, which
/// writes HTML only on the server (it panics there), so it is built into a
/// detached element instead and the element's text is read.
#[cfg(not(feature = "hydrate"))]
pub fn plain(view: impl RenderHtml) -> String {
    crate::components::plain_text::plain_text(&view.to_html())
}

/// See the server's `plain` above: the browser's reads a detached
/// element's text, under an owner of its own that is dropped with it.
#[cfg(feature = "hydrate")]
pub fn plain(view: impl RenderHtml) -> String {
    use leptos::prelude::{Owner, document};
    use leptos::tachys::view::Mountable;
    let Ok(holder) = document().create_element("div") else {
        return String::new();
    };
    let owner = Owner::new();
    owner.with(|| {
        let mut state = view.build();
        state.mount(&holder, None);
    });
    owner.cleanup();
    holder.text_content().unwrap_or_default()
}

impl ListWords for Writer {
    fn pilot(&self, pilot: &Pilot) -> String {
        match self.words.as_deref() {
            Some(w) => w.pilot_name(pilot).0.to_string(),
            None => pilot.name.clone(),
        }
    }

    fn upgrade(&self, upgrade: &Upgrade) -> String {
        match self.words.as_deref() {
            Some(w) => w.upgrade_name(upgrade).0.to_string(),
            None => upgrade.name().to_string(),
        }
    }

    fn slot(&self, key: &str) -> String {
        self.slot_words(key).0
    }

    fn faction(&self, key: &str) -> String {
        self.faction_words(key).0
    }

    fn format(&self, key: &str) -> String {
        plain(self.format_view(key)())
    }

    fn points(&self, points: i32, limit: Option<i32>) -> String {
        let l = self.locale;
        match limit {
            Some(limit) => plain(td!(
                l,
                problems.export_points_of,
                count = count(limit),
                points
            )),
            None => plain(td!(l, problems.export_points, count = count(points))),
        }
    }

    fn not_legal(&self) -> String {
        td_string!(self.locale, problems.export_not_legal).to_string()
    }

    fn unknown_pilot(&self, card: &CardRef) -> String {
        let l = self.locale;
        plain(td!(
            l,
            problems.export_unknown_pilot,
            card = self.described(card)
        ))
    }

    fn unknown_upgrade(&self, card: &CardRef) -> String {
        let l = self.locale;
        plain(td!(
            l,
            problems.export_unknown_upgrade,
            card = self.described(card)
        ))
    }

    fn untitled(&self) -> String {
        td_string!(self.locale, problems.export_untitled).to_string()
    }

    fn obstacles(&self, keys: &[String]) -> String {
        // The obstacles' names are the game's English ones: no catalogue
        // names them yet.
        let names: Vec<String> = keys.iter().map(|k| obstacle_name(k)).collect();
        let l = self.locale;
        plain(td!(l, problems.export_obstacles, names = names.join(", ")))
    }
}
