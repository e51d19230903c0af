//! The interface's languages.

use cards::lang::Lang;

/// A language of the interface: YASB's eight.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Locale {
    #[default]
    en,
    de,
    es,
    fr,
    ru,
    pl,
    hu,
    tr,
}

impl Locale {
    /// Every locale, English first, in the catalogues' order.
    pub const ALL: [Locale; 8] = [
        Locale::en,
        Locale::de,
        Locale::es,
        Locale::fr,
        Locale::ru,
        Locale::pl,
        Locale::hu,
        Locale::tr,
    ];

    /// The language of the card data and the addresses.
    pub fn lang(self) -> Lang {
        match self {
            Locale::en => Lang::En,
            Locale::de => Lang::De,
            Locale::es => Lang::Es,
            Locale::fr => Lang::Fr,
            Locale::ru => Lang::Ru,
            Locale::pl => Lang::Pl,
            Locale::hu => Lang::Hu,
            Locale::tr => Lang::Tr,
        }
    }

    /// The locale of a language.
    pub fn of(lang: Lang) -> Locale {
        Locale::ALL
            .into_iter()
            .find(|l| l.lang() == lang)
            .unwrap_or_default()
    }

    /// Its BCP 47 code (`de`).
    pub fn code(self) -> &'static str {
        self.lang().code()
    }

    pub(super) fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_locale_and_back() {
        for lang in Lang::ALL {
            assert_eq!(Locale::of(lang).lang(), lang);
        }
        assert_eq!(Locale::ALL.len(), Lang::ALL.len());
    }
}
