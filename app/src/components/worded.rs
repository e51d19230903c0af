//! A card's words in the page's language (`cards::catalog::CardWords`):
//! translated where the language's file has them, else the printed
//! English, marked `lang="en"` with a small "English" note on texts. On
//! an English page the words are the card's own and nothing is marked.

use cards::catalog::{Condition, Pilot, Product, Upgrade};
use cards::lang::Lang;
use leptos::either::Either;
use leptos::prelude::*;

use super::linked_text::LinkedText;
use crate::cards_asset::use_card_words;
use crate::i18n::{t, t_string};
use crate::lang::{use_i18n, use_lang};

/// A pilot's name and the language it is in.
pub fn pilot_name(pilot: &Pilot) -> (String, Lang) {
    match use_card_words() {
        Some(w) => owned(w.pilot_name(pilot)),
        None => (pilot.name.clone(), Lang::En),
    }
}

/// A pilot's ability, if printed, and the language it is in.
pub fn pilot_text(pilot: &Pilot) -> Option<(String, Lang)> {
    match use_card_words() {
        Some(w) => w.pilot_text(pilot).map(owned),
        None => pilot.ability.clone().map(|t| (t, Lang::En)),
    }
}

/// An upgrade's name and the language it is in.
pub fn upgrade_name(upgrade: &Upgrade) -> (String, Lang) {
    match use_card_words() {
        Some(w) => owned(w.upgrade_name(upgrade)),
        None => (upgrade.name().to_string(), Lang::En),
    }
}

/// The text of an upgrade's face `face` and the language it is in.
pub fn face_text(upgrade: &Upgrade, face: usize) -> (String, Lang) {
    match use_card_words() {
        Some(w) => owned(w.face_text(upgrade, face)),
        None => {
            let text = upgrade.faces.get(face).map(|f| f.text.clone());
            (text.unwrap_or_default(), Lang::En)
        }
    }
}

/// An upgrade's restriction line and the language it is in.
pub fn restriction(upgrade: &Upgrade) -> (String, Lang) {
    match use_card_words() {
        Some(w) => owned(w.restriction(upgrade)),
        None => (upgrade.restriction_text.clone(), Lang::En),
    }
}

/// Any card's name and the language it is in.
pub fn card_name(card: cards::catalog::Card<'_>) -> (String, Lang) {
    match card {
        cards::catalog::Card::Pilot(p) => pilot_name(p),
        cards::catalog::Card::Upgrade(u) => upgrade_name(u),
    }
}

/// The one-line summary of a card's text, and the language it is in: the
/// first sentence of its ability or text in the page's words, cut as
/// [`Card::summary`](cards::catalog::Card::summary) cuts the printed one.
pub fn card_summary(card: cards::catalog::Card<'_>) -> (String, Lang) {
    match use_card_words() {
        Some(words) => words.summary(card),
        None => (card.summary(), Lang::En),
    }
}

/// A ship's name by its XWS name, given its English name.
pub fn ship_name(xws: &str, english: &str) -> (String, Lang) {
    match use_card_words() {
        Some(w) => owned(w.ship_name(xws, english)),
        None => (english.to_string(), Lang::En),
    }
}

/// A condition's name.
pub fn condition_name(condition: &Condition) -> (String, Lang) {
    match use_card_words() {
        Some(w) => owned(w.condition_name(&condition.xws, &condition.name)),
        None => (condition.name.clone(), Lang::En),
    }
}

/// A condition's text.
pub fn condition_text(condition: &Condition) -> (String, Lang) {
    match use_card_words() {
        Some(w) => owned(w.condition_text(&condition.xws, &condition.text)),
        None => (condition.text.clone(), Lang::En),
    }
}

/// A product's name.
pub fn product_name(product: &Product) -> (String, Lang) {
    match use_card_words() {
        Some(w) => owned(w.product_name(product.id, &product.name)),
        None => (product.name.clone(), Lang::En),
    }
}

fn owned((text, lang): (&str, Lang)) -> (String, Lang) {
    (text.to_string(), lang)
}

/// Whether words in `lang` need a mark on this page: English shown on a
/// page in another language.
fn foreign(lang: Lang) -> bool {
    lang != use_lang()
}

/// A name, marked `lang="en"` when it is English on another language's page.
#[component]
pub fn WordedName(#[prop(name = "words")] (text, lang): (String, Lang)) -> impl IntoView {
    if foreign(lang) {
        Either::Left(view! { <span lang=lang.code()>{text}</span> })
    } else {
        Either::Right(text)
    }
}

/// A card text with its glyphs and rule words linked; English on another
/// language's page is marked `lang="en"`, with a small note saying so.
#[component]
pub fn WordedText(
    #[prop(name = "words")] (text, lang): (String, Lang),
    context: String,
) -> impl IntoView {
    // `card-words`: the card's own words, which the page's language test
    // (`app/tests/languages.rs`) leaves to the translation files.
    if !foreign(lang) {
        return Either::Left(view! {
            <span class="card-words">
                <LinkedText text context />
            </span>
        });
    }
    let i18n = use_i18n();
    Either::Right(view! {
        <span lang=lang.code()>
            <LinkedText text context />
        </span>
        " "
        <small class="english-note" title=move || t_string!(i18n, common.english_note_title)>
            {t!(i18n, common.english_note)}
        </small>
    })
}

#[cfg(all(test, feature = "ssr"))]
#[allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
mod tests {
    use std::sync::Arc;

    use cards::catalog::{CardWords, Database, Translations};

    use super::*;
    use crate::cards_asset::{AllCardWords, CardDb};
    use crate::lang::{PageLang, locale};

    /// Renders `view` on a German page whose card words are `file`'s.
    fn german_page<V: IntoView + 'static>(file: &str, view: impl FnOnce(&Database) -> V) -> String {
        // The page's contexts may start effects, which need an executor.
        let _ = any_spawner::Executor::init_tokio();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let _inside = runtime.enter();
        let owner = Owner::new();
        owner.set();
        let db = Database::embedded().unwrap();
        let words = Translations::load("de", file).unwrap();
        provide_context(AllCardWords(vec![Arc::new(CardWords::new(&db, &words))]));
        provide_context(CardDb::new(Lang::De));
        provide_context(PageLang(Memo::new(|_| Lang::De)));
        provide_context(crate::i18n::I18n::new(Signal::stored(locale(Lang::De))));
        view(&db).to_html()
    }

    #[test]
    fn markup_in_a_translation_is_shown_as_text_never_run() {
        let file = "key,field,text\n\
            r2d2,name,<script>alert(1)</script>\n\
            r2d2,text,<img src=x onerror=alert(2)> [Focus]\n";
        let html = german_page(file, |db| {
            let pilot = db
                .pilots
                .iter()
                .find(|p| p.xws == "wedgeantilles")
                .unwrap()
                .clone();
            let r2 = db
                .upgrades
                .iter()
                .find(|u| u.xws == "r2d2")
                .unwrap()
                .clone();
            view! {
                <WordedName words=upgrade_name(&r2) />
                <WordedText words=face_text(&r2, 0) context="cards".to_string() />
                <WordedName words=pilot_name(&pilot) />
            }
        });
        assert!(!html.contains("<script>"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{html}"
        );
        assert!(
            html.contains("&lt;img src=x onerror=alert(2)&gt;"),
            "{html}"
        );
        // The token is still drawn as the game's glyph, named in German.
        assert!(html.contains("aria-label=\"Fokus\""), "{html}");
    }

    #[test]
    fn english_words_on_a_german_page_are_marked_and_noted() {
        let html = german_page("key,field,text\n", |db| {
            let pilot = db
                .pilots
                .iter()
                .find(|p| p.xws == "wedgeantilles")
                .unwrap()
                .clone();
            view! {
                <WordedName words=pilot_name(&pilot) />
                <WordedText words=pilot_text(&pilot).unwrap() context="cards".to_string() />
            }
        });
        assert!(html.contains("<span lang=\"en\">Wedge Antilles"), "{html}");
        assert!(html.contains("class=\"english-note\""), "{html}");
        assert!(html.contains("Englisch"), "{html}");
    }
}
