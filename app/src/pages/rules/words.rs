//! The pages' own words about the rules documents: a document's title and
//! summary in the page's language, the `lang="en"` mark of the documents'
//! English, the line that says they are English, the error when they
//! cannot be read, and a link inside a catalogue sentence.

use cards::lang::Lang;
use cards::reference::Document;
use leptos::children::ChildrenFn;
use leptos::prelude::*;

use crate::i18n::{t, td_string};
use crate::lang::{localized, use_i18n, use_lang};

/// `lang="en"` on a page in another language, for the documents' words
/// (the game's English rules); nothing on an English page.
pub(super) fn english_mark() -> Option<&'static str> {
    (use_lang() != Lang::En).then_some("en")
}

/// A document's title and summary in the page's language, each with the
/// `lang` mark it needs: the catalogue's words for the documents it
/// knows; a document's own (English) words for one it does not, or for a
/// title that is a name ("Solo Play Alpha").
pub(super) fn doc_words(doc: &Document) -> [(String, Option<&'static str>); 2] {
    let l = crate::lang::locale(use_lang());
    let (title, summary) = match doc.slug.as_str() {
        "huge-ships" => (
            Some(td_string!(l, rules.doc_huge_ships_title)),
            Some(td_string!(l, rules.doc_huge_ships_summary)),
        ),
        "huge-ships-summary" => (
            Some(td_string!(l, rules.doc_huge_ships_summary_title)),
            Some(td_string!(l, rules.doc_huge_ships_summary_summary)),
        ),
        "solo-alpha" => (None, Some(td_string!(l, rules.doc_solo_alpha_summary))),
        "mission-dreadnought" => (
            None,
            Some(td_string!(l, rules.doc_mission_dreadnought_summary)),
        ),
        _ => (None, None),
    };
    let said = |words: Option<&'static str>, english: &str| match words {
        Some(w) => (w.to_string(), None),
        None => (english.to_string(), english_mark()),
    };
    [said(title, &doc.title), said(summary, &doc.summary)]
}

/// The line that says the documents are the game's English rules, on a
/// page in another language.
pub(super) fn in_english_note() -> impl IntoView {
    let i18n = use_i18n();
    (use_lang() != Lang::En)
        .then(|| view! { <p class="hint">{t!(i18n, common.rules_in_english)}</p> })
}

/// The rules reference could not be read (the seeds' words are broken).
pub(super) fn unreadable(error: String) -> impl IntoView {
    let i18n = use_i18n();
    let error = move || view! { <span lang="en">{error.clone()}</span> };
    view! {
        <p class="error" role="alert">
            {t!(i18n, rules.unreadable, error)}
        </p>
    }
}

/// A link inside a catalogue sentence: `<name>words</name>` in the
/// string becomes a link to `address` (in the page's language).
pub(super) fn link(
    address: &str,
) -> impl Fn(ChildrenFn) -> AnyView + Clone + Send + Sync + 'static {
    let href = localized(address);
    move |children: ChildrenFn| view! { <a href=href.clone()>{children()}</a> }.into_any()
}

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;
    use crate::reference::reference;

    /// The catalogue's English title and summary of a document are the
    /// document's own (documents.csv): a page in English says them as
    /// written.
    #[test]
    fn the_english_catalogue_names_the_documents_as_they_are_written() {
        let owner = Owner::new();
        owner.set();
        for doc in &reference().unwrap().documents {
            let [(title, mark), (summary, _)] = doc_words(doc);
            assert_eq!(title, doc.title, "{}", doc.slug);
            assert_eq!(summary, doc.summary, "{}", doc.slug);
            assert_eq!(mark, None);
        }
    }
}
