//! The languages Merchant One speaks: YASB's eight, so a player keeps the
//! card names printed on their own cards.
//!
//! English keeps the site's addresses as they are; every other language is
//! a path prefix (`/de/build`, `/ru/cards/heavylasercannon`). A squad, its
//! link, XWS and the API's field names stay language-neutral: only the
//! prefix and the words change.
//!
//! ```
//! use cards::lang::Lang;
//! assert_eq!(Lang::from_path("/de/cards/r2astromech"), (Lang::De, "/cards/r2astromech"));
//! assert_eq!(Lang::from_path("/build"), (Lang::En, "/build"));
//! assert_eq!(Lang::Ru.localize("/search?q=ion"), "/ru/search?q=ion");
//! assert_eq!(Lang::En.localize("/search?q=ion"), "/search?q=ion");
//! assert_eq!(Lang::from_code("xx"), Err(cards::lang::UnknownLang("xx".into())));
//! ```

use serde::{Deserialize, Serialize};

/// One of the eight languages, by its ISO 639-1 code.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Lang {
    /// English: the cards as xwing-data and the seeds print them.
    #[default]
    En,
    /// Deutsch.
    De,
    /// Español.
    Es,
    /// Français.
    Fr,
    /// Русский.
    Ru,
    /// Polski.
    Pl,
    /// Magyar.
    Hu,
    /// Türkçe.
    Tr,
}

/// A language code that is none of the eight.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language Merchant One speaks (en, de, es, fr, ru, pl, hu, tr)")]
pub struct UnknownLang(pub String);

impl Lang {
    /// Every language, English first, then in YASB's menu order.
    pub const ALL: [Lang; 8] = [
        Lang::En,
        Lang::De,
        Lang::Es,
        Lang::Fr,
        Lang::Ru,
        Lang::Pl,
        Lang::Hu,
        Lang::Tr,
    ];

    /// The ISO 639-1 code, as in `<html lang>` and the path prefix.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::Ru => "ru",
            Lang::Pl => "pl",
            Lang::Hu => "hu",
            Lang::Tr => "tr",
        }
    }

    /// The language's name in itself, as its menu shows it.
    pub const fn endonym(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Es => "Español",
            Lang::Fr => "Français",
            Lang::Ru => "Русский",
            Lang::Pl => "Polski",
            Lang::Hu => "Magyar",
            Lang::Tr => "Türkçe",
        }
    }

    /// The language with this code; case matters, as it does in addresses.
    pub fn from_code(code: &str) -> Result<Lang, UnknownLang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| UnknownLang(code.to_string()))
    }

    /// The path prefix (`/de`), empty for English.
    pub fn prefix(self) -> &'static str {
        match self {
            Lang::En => "",
            Lang::De => "/de",
            Lang::Es => "/es",
            Lang::Fr => "/fr",
            Lang::Ru => "/ru",
            Lang::Pl => "/pl",
            Lang::Hu => "/hu",
            Lang::Tr => "/tr",
        }
    }

    /// A path's language and the path without its prefix. A path with no
    /// language prefix is English; `/en/…` is not a prefix (English has
    /// none), so it stays a path of its own, which no page has.
    pub fn from_path(path: &str) -> (Lang, &str) {
        for lang in &Lang::ALL[1..] {
            if let Some(rest) = path.strip_prefix(lang.prefix()) {
                if rest.is_empty() {
                    return (*lang, "/");
                }
                if rest.starts_with(['/', '?', '#']) {
                    return (*lang, rest);
                }
            }
        }
        (Lang::En, path)
    }

    /// An address of the site (`/build?s=…`, starting with `/`) in this
    /// language: `/de/build?s=…`. The home page of a prefixed language is
    /// its prefix with a slash (`/de/`). An address relative to the page
    /// (`#energy`, `?q=x`) or to another site stays as it is.
    pub fn localize(self, address: &str) -> String {
        if self == Lang::En || !address.starts_with('/') || address.starts_with("//") {
            return address.to_string();
        }
        if address == "/" {
            return format!("{}/", self.prefix());
        }
        format!("{}{address}", self.prefix())
    }

    /// The first language of an `Accept-Language` header that the site
    /// speaks, by q-value, when it is not English: the home page offers
    /// it in one line and never redirects.
    pub fn preferred(accept_language: &str) -> Option<Lang> {
        let mut ranked: Vec<(u16, usize, Lang)> = Vec::new();
        for (index, part) in accept_language.split(',').take(32).enumerate() {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let primary = tag.split('-').next().unwrap_or("").to_ascii_lowercase();
            let q = match pieces.find_map(|p| p.trim().strip_prefix("q=")) {
                Some(q) => q_thousandths(q.trim()),
                None => Some(1000),
            };
            let Some(q) = q.filter(|q| *q > 0) else {
                continue;
            };
            if let Ok(lang) = Lang::from_code(&primary) {
                ranked.push((q, index, lang));
            }
        }
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked.first().map(|r| r.2).filter(|l| *l != Lang::En)
    }
}

/// A q-value in thousandths, as RFC 9110 writes it: `0`, `1`, or either
/// with a point and up to three digits, at most 1. Read as whole numbers,
/// so that the browser's code carries no float parser for one header.
fn q_thousandths(q: &str) -> Option<u16> {
    let (whole, fraction) = q.split_once('.').unwrap_or((q, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !matches!(whole, "0" | "1") || fraction.len() > 3 || !digits(fraction) {
        return None;
    }
    let padded = format!("{fraction:0<3}");
    let thousandths = padded.parse::<u16>().ok()? + if whole == "1" { 1000 } else { 0 };
    (thousandths <= 1000).then_some(thousandths)
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Lang {
    type Err = UnknownLang;
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::from_code(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Ok(lang));
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
        }
        assert!(Lang::from_code("DE").is_err());
        assert!(Lang::from_code("").is_err());
    }

    #[test]
    fn a_prefix_is_a_whole_segment() {
        assert_eq!(Lang::from_path("/de"), (Lang::De, "/"));
        assert_eq!(Lang::from_path("/de/"), (Lang::De, "/"));
        assert_eq!(Lang::from_path("/de?x=1"), (Lang::De, "?x=1"));
        assert_eq!(Lang::from_path("/deck"), (Lang::En, "/deck"));
        assert_eq!(Lang::from_path("/en/build"), (Lang::En, "/en/build"));
        assert_eq!(Lang::from_path("/xx/build"), (Lang::En, "/xx/build"));
        assert_eq!(Lang::from_path("/"), (Lang::En, "/"));
    }

    #[test]
    fn a_relative_address_keeps_its_page() {
        assert_eq!(Lang::De.localize("#energy"), "#energy");
        assert_eq!(Lang::De.localize("?q=ion"), "?q=ion");
        assert_eq!(Lang::De.localize("//example.com/x"), "//example.com/x");
        assert_eq!(
            Lang::De.localize("https://example.com/"),
            "https://example.com/"
        );
    }

    #[test]
    fn localize_and_from_path_undo_each_other() {
        for lang in Lang::ALL {
            for address in ["/", "/build?s=v1.abc", "/cards/r2astromech", "/rules#x"] {
                let localized = lang.localize(address);
                assert_eq!(Lang::from_path(&localized), (lang, address), "{localized}");
            }
        }
    }

    #[test]
    fn the_preferred_language_goes_by_q_value() {
        assert_eq!(Lang::preferred("de-DE,de;q=0.9,en;q=0.8"), Some(Lang::De));
        assert_eq!(Lang::preferred("en-GB,en;q=0.9,ru;q=0.8"), None);
        assert_eq!(Lang::preferred("ja,ru;q=0.5,pl;q=0.7"), Some(Lang::Pl));
        assert_eq!(Lang::preferred("fr;q=0,es"), Some(Lang::Es));
        assert_eq!(Lang::preferred("tr;q=2"), None);
        assert_eq!(Lang::preferred("ru;q=0.001,de;q=0.0005"), Some(Lang::Ru));
        assert_eq!(
            Lang::preferred("ru;q=1.001,de;q=.5,fr;q=1.000"),
            Some(Lang::Fr)
        );
        assert_eq!(Lang::preferred("es;q=0.75,pl;q=0.8"), Some(Lang::Pl));
        assert_eq!(Lang::preferred("hu;q=-1,tr;q=1e0,de;q=0."), None);
        assert_eq!(Lang::preferred(""), None);
        assert_eq!(Lang::preferred(&"x,".repeat(10_000)), None);
    }
}
