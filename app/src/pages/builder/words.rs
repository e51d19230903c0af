//! The builder's words that must be plain text (an attribute, the page's
//! title, an error handed to a component that takes a `String`): the
//! catalogue templates with `{name}` placeholders filled here.
//!
//! The catalogue's own `{{ name }}` placeholders are filled only in a view
//! (`t!`, `app/src/i18n/template.rs`); `t_string!` gives a key's text as
//! written. So a template that must be text writes its
//! placeholders `{name}`, which the catalogue leaves as they are, and
//! [`fill`] fills them; the test below holds every language to English's
//! placeholders, as `app/tests/catalogues.rs` does for `{{ name }}`.

use cards::squad::CardRef;

use crate::i18n::td_string;
use crate::lang::Locale;

pub(super) use crate::components::fill::fill;

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

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use cards::lang::Lang;

    /// The `{name}` placeholders of a string (not `{{ name }}`).
    fn single_braced(text: &str) -> BTreeSet<String> {
        let text = text.replace("{{", "").replace("}}", "");
        text.split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_string()))
            .collect()
    }

    fn builder_catalogue(lang: Lang) -> BTreeMap<String, String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang.code())
            .join("builder.json");
        let text = std::fs::read_to_string(&path).unwrap();
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn every_language_keeps_the_english_text_placeholders() {
        let english = builder_catalogue(Lang::En);
        for lang in &Lang::ALL[1..] {
            let other = builder_catalogue(*lang);
            for (key, text) in &english {
                let theirs = other.get(key).map(String::as_str).unwrap_or_default();
                assert_eq!(
                    single_braced(theirs),
                    single_braced(text),
                    "{lang}/builder.json `{key}`"
                );
            }
        }
    }
}
