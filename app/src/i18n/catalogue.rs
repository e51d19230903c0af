//! Where each language's strings are: English's compiled in everywhere,
//! the others compiled into the server and installed in the browser from
//! the page's asset.

use std::sync::OnceLock;

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};

use super::{ENGLISH, EVERYWHERE, Locale, PLURAL_FORMS, STRING_COUNT};

/// A key of the catalogues: its text's id, or for a key with plural
/// forms (the top bit set) its row of [`PLURAL_FORMS`], the ids of its
/// text per CLDR plural category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key(u16);

/// A form the catalogues do not have.
const NO_FORM: u16 = u16::MAX;
/// `other`, the form every plural key has, in [`PLURAL_FORMS`]' order.
const OTHER: usize = 5;
/// The bit that marks a plural key.
const PLURAL: u16 = 0x8000;

impl Key {
    /// A key without plural forms (made by the generated `keys` module).
    pub const fn plain(id: u16) -> Key {
        assert!(id & PLURAL == 0, "too many strings for a key");
        Key(id)
    }

    /// A plural key, by its row of [`PLURAL_FORMS`] (made by the
    /// generated `keys` module).
    pub const fn plural(row: u16) -> Key {
        assert!(row & PLURAL == 0, "too many plural keys");
        Key(PLURAL | row)
    }

    fn is_plural(self) -> bool {
        self.0 & PLURAL != 0
    }

    fn id(self, form: usize) -> Option<usize> {
        let id = if self.is_plural() {
            PLURAL_FORMS[usize::from(self.0 & !PLURAL)][form]
        } else {
            self.0
        };
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
    if !key.is_plural() {
        return text(locale, key);
    }
    let form = |l: Locale| category_index(plural_category(l, count));
    lookup(locale, key, form(locale))
        .or_else(|| lookup(locale, key, OTHER))
        .or_else(|| lookup(Locale::en, key, form(Locale::en)))
        .unwrap_or_else(|| text(Locale::en, key))
}

/// A locale's language tag, as a constant: no language tag parser in the
/// browser's code.
fn language_id(locale: Locale) -> unic_langid::LanguageIdentifier {
    use unic_langid::langid;
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
        PluralCategory::ZERO => 0,
        PluralCategory::ONE => 1,
        PluralCategory::TWO => 2,
        PluralCategory::FEW => 3,
        PluralCategory::MANY => 4,
        PluralCategory::OTHER => OTHER,
    }
}

/// A language's plural category for a whole number.
///
/// `intl_pluralrules` (Fluent's) rather than `icu_plurals`: its rules are
/// code, where ICU4X's compiled data carries every locale's rules and its
/// locale fallback, twice the browser's bytes for the same answers
/// (`each_languages_whole_numbers_take_their_cldr_form` holds them).
fn plural_category(locale: Locale, count: u64) -> PluralCategory {
    thread_local! {
        static RULES: [OnceLock<Option<PluralRules>>; 8] = const { [const { OnceLock::new() }; 8] };
    }
    RULES.with(|rules| {
        rules[locale.index()]
            .get_or_init(|| PluralRules::create(language_id(locale), PluralRuleType::CARDINAL).ok())
            .as_ref()
            .and_then(|r| r.select(count).ok())
            .unwrap_or(PluralCategory::OTHER)
    })
}

#[cfg(test)]
mod tests {
    use super::super::keys;
    use super::*;

    #[test]
    fn plurals_follow_each_languages_rules() {
        let key = keys::parts::points;
        assert!(key.is_plural());
        assert_eq!(plural_category(Locale::ru, 1), PluralCategory::ONE);
        assert_eq!(plural_category(Locale::ru, 3), PluralCategory::FEW);
        assert_eq!(plural_category(Locale::ru, 5), PluralCategory::MANY);
        assert_eq!(plural_category(Locale::de, 3), PluralCategory::OTHER);
        let ru: Vec<&str> = [1, 3, 5].map(|n| plural_text(Locale::ru, key, n)).to_vec();
        assert_eq!(ru.len(), 3);
        assert!(ru[0] != ru[1] && ru[1] != ru[2], "{ru:?}");
        assert_ne!(
            plural_text(Locale::de, key, 1),
            plural_text(Locale::de, key, 3)
        );
    }

    #[test]
    fn each_languages_whole_numbers_take_their_cldr_form() {
        use PluralCategory::{FEW, MANY, ONE, OTHER};
        // CLDR's cardinal rules for whole numbers, as its charts give them.
        let table = [
            (
                Locale::en,
                [(0, OTHER), (1, ONE), (2, OTHER), (21, OTHER)].as_slice(),
            ),
            (
                Locale::de,
                &[(0, OTHER), (1, ONE), (2, OTHER), (101, OTHER)],
            ),
            (Locale::es, &[(0, OTHER), (1, ONE), (2, OTHER), (21, OTHER)]),
            (Locale::fr, &[(0, ONE), (1, ONE), (2, OTHER), (21, OTHER)]),
            (Locale::hu, &[(0, OTHER), (1, ONE), (2, OTHER), (21, OTHER)]),
            (Locale::tr, &[(0, OTHER), (1, ONE), (2, OTHER), (21, OTHER)]),
            (
                Locale::ru,
                &[
                    (0, MANY),
                    (1, ONE),
                    (2, FEW),
                    (5, MANY),
                    (11, MANY),
                    (21, ONE),
                    (22, FEW),
                    (112, MANY),
                ],
            ),
            (
                Locale::pl,
                &[
                    (0, MANY),
                    (1, ONE),
                    (2, FEW),
                    (5, MANY),
                    (12, MANY),
                    (21, MANY),
                    (22, FEW),
                ],
            ),
        ];
        for (locale, cases) in table {
            for (n, want) in cases {
                assert_eq!(&plural_category(locale, *n), want, "{locale:?} {n}");
            }
        }
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
