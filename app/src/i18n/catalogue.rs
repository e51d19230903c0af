//! Where each language's strings are: English's compiled in everywhere,
//! the others compiled into the server and installed in the browser from
//! the page's asset.

use std::sync::OnceLock;

use icu_plurals::{PluralCategory, PluralRules};

use super::{ENGLISH, EVERYWHERE, Locale, STRING_COUNT};

/// A key of the catalogues: the ids of its text, one per CLDR plural
/// category (all the same for a key with no plural forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    forms: [u16; 6],
    plural: bool,
}

/// A form the catalogues do not have.
const NO_FORM: u16 = u16::MAX;
/// `other`, the form every plural key has, in [`Key`]'s order.
const OTHER: usize = 5;

impl Key {
    /// Made by the generated `keys` module only.
    pub const fn new(forms: [u16; 6], plural: bool) -> Key {
        Key { forms, plural }
    }

    fn id(self, form: usize) -> Option<usize> {
        let id = self.forms[form];
        (id != NO_FORM).then_some(usize::from(id))
    }
}

/// A language's strings, by id.
type Strings = &'static [Option<&'static str>];

/// The browser's downloaded languages, by [`Locale`] index.
static INSTALLED: [OnceLock<Strings>; 8] = [const { OnceLock::new() }; 8];

/// Installs a language's strings, downloaded as its asset. A list of the
/// wrong length (an asset of another build) is refused: its ids would
/// name other keys.
pub fn install(locale: Locale, strings: Vec<Option<String>>) -> Result<(), usize> {
    if strings.len() != STRING_COUNT {
        return Err(strings.len());
    }
    let leaked: Vec<Option<&'static str>> = strings
        .into_iter()
        .map(|s| s.map(|s| &*Box::leak(s.into_boxed_str())))
        .collect();
    let _ = INSTALLED[locale.index()].set(Box::leak(leaked.into_boxed_slice()));
    Ok(())
}

/// A language's strings, where this side has them.
fn strings(locale: Locale) -> Option<Strings> {
    if locale == Locale::en {
        return Some(&ENGLISH);
    }
    #[cfg(feature = "ssr")]
    if let Some((_, s)) = super::TRANSLATED
        .iter()
        .find(|(code, _)| *code == locale.code())
    {
        return Some(s);
    }
    INSTALLED[locale.index()].get().copied()
}

/// The text of `form` in `locale`, if it has one.
fn lookup(locale: Locale, key: Key, form: usize) -> Option<&'static str> {
    let id = key.id(form)?;
    strings(locale)
        .and_then(|s| s.get(id).copied().flatten())
        .or_else(|| {
            EVERYWHERE
                .iter()
                .find(|(code, i, _)| *i == id && *code == locale.code())
                .map(|(_, _, text)| *text)
        })
}

/// A key's text in `locale`, English's where the language lacks it.
pub fn text(locale: Locale, key: Key) -> &'static str {
    lookup(locale, key, OTHER)
        .or_else(|| lookup(Locale::en, key, OTHER))
        .unwrap_or("")
}

/// A plural key's text for `count` in `locale`, by the language's CLDR
/// rules ("1 Schiff", "3 Schiffe"; Russian's `few` and `many`), English's
/// form for the count where the language lacks one.
pub fn plural_text(locale: Locale, key: Key, count: u64) -> &'static str {
    if !key.plural {
        return text(locale, key);
    }
    let form = |l: Locale| category_index(plural_category(l, count));
    lookup(locale, key, form(locale))
        .or_else(|| lookup(locale, key, OTHER))
        .or_else(|| lookup(Locale::en, key, form(Locale::en)))
        .unwrap_or_else(|| text(Locale::en, key))
}

/// A locale's language for ICU, as constants: no language tag parser in
/// the browser's code.
fn language_id(locale: Locale) -> icu_locale_core::LanguageIdentifier {
    use icu_locale_core::langid;
    match locale {
        Locale::en => langid!("en"),
        Locale::de => langid!("de"),
        Locale::es => langid!("es"),
        Locale::fr => langid!("fr"),
        Locale::ru => langid!("ru"),
        Locale::pl => langid!("pl"),
        Locale::hu => langid!("hu"),
        Locale::tr => langid!("tr"),
    }
}

fn category_index(c: PluralCategory) -> usize {
    match c {
        PluralCategory::Zero => 0,
        PluralCategory::One => 1,
        PluralCategory::Two => 2,
        PluralCategory::Few => 3,
        PluralCategory::Many => 4,
        PluralCategory::Other => OTHER,
    }
}

/// A language's plural category for a whole number.
fn plural_category(locale: Locale, count: u64) -> PluralCategory {
    thread_local! {
        static RULES: [OnceLock<Option<PluralRules>>; 8] = const { [const { OnceLock::new() }; 8] };
    }
    RULES.with(|rules| {
        let rules = rules[locale.index()]
            .get_or_init(|| PluralRules::try_new_cardinal((&language_id(locale)).into()).ok());
        rules
            .as_ref()
            .map_or(PluralCategory::Other, |r| r.category_for(count))
    })
}

#[cfg(test)]
mod tests {
    use super::super::keys;
    use super::*;

    #[test]
    fn plurals_follow_each_languages_rules() {
        let key = keys::parts::points;
        assert!(key.plural);
        assert_eq!(plural_category(Locale::ru, 1), PluralCategory::One);
        assert_eq!(plural_category(Locale::ru, 3), PluralCategory::Few);
        assert_eq!(plural_category(Locale::ru, 5), PluralCategory::Many);
        assert_eq!(plural_category(Locale::de, 3), PluralCategory::Other);
        let ru: Vec<&str> = [1, 3, 5].map(|n| plural_text(Locale::ru, key, n)).to_vec();
        assert_eq!(ru.len(), 3);
        assert!(ru[0] != ru[1] && ru[1] != ru[2], "{ru:?}");
        assert_ne!(
            plural_text(Locale::de, key, 1),
            plural_text(Locale::de, key, 3)
        );
    }

    #[test]
    fn a_language_without_a_key_falls_back_to_english() {
        let key = keys::common::brand;
        assert_eq!(text(Locale::en, key), "Merchant One");
        // The browser without the German asset installed reads English.
        assert!(!text(Locale::de, key).is_empty());
    }

    #[test]
    fn the_home_pages_offer_is_in_every_language_without_its_asset() {
        let offer = |l| text(l, keys::welcome::offer);
        assert_eq!(offer(Locale::en), "Merchant One in English");
        assert_eq!(offer(Locale::ru), "Merchant One на русском");
    }

    #[test]
    fn an_asset_of_another_build_is_refused() {
        assert_eq!(install(Locale::hu, vec![None; 3]), Err(3));
    }
}
