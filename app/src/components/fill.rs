//! Catalogue words that must be plain text (an attribute, the page's
//! title, a status held in a signal, a string handed to a component): the
//! template's `{name}` placeholders filled here.
//!
//! The catalogue fills its `{{ name }}` placeholders only in a view
//! (`t!`, `app/src/i18n/template.rs`); `t_string!` gives a key's text as
//! written. So a template that must be text writes its placeholders
//! `{name}`, which the catalogue leaves as they are, and [`fill`] fills
//! them; the test
//! below holds every language to English's placeholders in the pages'
//! and parts' namespaces, as `app/tests/catalogues.rs` does for
//! `{{ name }}`.

/// `template` with each `{name}` replaced by its value in `args`; a
/// placeholder `args` lacks stays as written.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (close, *v))
        });
        match value {
            Some((close, value)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use cards::lang::Lang;

    use super::fill;

    #[test]
    fn fill_replaces_named_placeholders_only() {
        assert_eq!(fill("Remove {name}", &[("name", "R2-D2")]), "Remove R2-D2");
        assert_eq!(fill("{a}·{b}·{a}", &[("a", "1"), ("b", "2")]), "1·2·1");
        assert_eq!(fill("{x} and {", &[]), "{x} and {");
        assert_eq!(fill("«{name}»", &[("name", "Ärger")]), "«Ärger»");
    }

    /// The `{name}` placeholders of a string (not `{{ name }}`).
    fn single_braced(text: &str) -> BTreeSet<String> {
        let text = text.replace("{{", "").replace("}}", "");
        text.split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name.to_string()))
            .collect()
    }

    fn catalogue(lang: Lang, namespace: &str) -> BTreeMap<String, String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang.code())
            .join(format!("{namespace}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn every_language_keeps_the_english_text_placeholders() {
        for namespace in ["cards", "search", "collection", "print", "parts", "errors"] {
            let english = catalogue(Lang::En, namespace);
            for lang in &Lang::ALL[1..] {
                let other = catalogue(*lang, namespace);
                for (key, text) in &english {
                    let theirs = other.get(key).map(String::as_str).unwrap_or_default();
                    assert_eq!(
                        single_braced(theirs),
                        single_braced(text),
                        "{lang}/{namespace}.json `{key}`"
                    );
                }
            }
        }
    }
}
