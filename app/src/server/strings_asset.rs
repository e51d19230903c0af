//! Each language's interface strings as an asset of its own
//! (`/data/strings.<lang>.<hash>.bin`): the browser carries English's and
//! downloads only its page's language, before it hydrates
//! (`app/src/i18n/browser.rs`). English has none.

use cards::lang::Lang;

use super::hashed_asset::HashedAsset;
use crate::i18n::{Locale, TRANSLATED};

/// Where the assets live.
const PREFIX: &str = "/data/strings.";

/// The address of each language's strings asset, provided to the shell.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StringsAssetPaths(pub Vec<(Lang, String)>);

impl StringsAssetPaths {
    /// The address of `lang`'s asset (none for English).
    pub fn of(&self, lang: Lang) -> Option<&str> {
        self.0
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, p)| p.as_str())
    }
}

/// Why an asset could not be made (never expected: writing to memory).
#[derive(Debug, thiserror::Error)]
pub enum StringsAssetWriteError {
    #[error("the interface strings cannot be written: {0}")]
    Postcard(#[from] postcard::Error),
    #[error("the interface strings cannot be compressed: {0}")]
    Compress(#[from] std::io::Error),
}

/// Every language's strings asset but English's: its strings by id, as
/// postcard (a list of optional strings).
pub fn strings_assets() -> Result<Vec<(Lang, HashedAsset)>, StringsAssetWriteError> {
    let mut assets = Vec::new();
    for (code, strings) in &TRANSLATED {
        let Some(locale) = Locale::ALL.into_iter().find(|l| l.code() == *code) else {
            continue;
        };
        let bytes = postcard::to_stdvec(&strings[..])?;
        let asset = HashedAsset::new(&format!("{PREFIX}{code}."), bytes)?;
        assets.push((locale.lang(), asset));
    }
    Ok(assets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{STRING_COUNT, keys, text};

    #[test]
    fn each_language_has_its_own_asset_that_reads_back() -> Result<(), Box<dyn std::error::Error>> {
        let assets = strings_assets()?;
        assert_eq!(assets.len(), 7);
        let (lang, de) = &assets[0];
        assert_eq!(*lang, Lang::De);
        assert!(de.path.starts_with("/data/strings.de.") && de.path.ends_with(".bin"));
        let back: Vec<Option<String>> = postcard::from_bytes(de.bytes())?;
        assert_eq!(back.len(), STRING_COUNT);
        let heading = text(Locale::de, keys::builder::heading);
        assert!(back.iter().flatten().any(|s| s == heading));
        assert_ne!(heading, text(Locale::en, keys::builder::heading));
        for (_, a) in &assets {
            let (raw, _, brotli) = a.sizes();
            eprintln!("{}: {raw} bytes, brotli {brotli}", a.path);
            assert!(brotli < raw / 2);
        }
        Ok(())
    }
}
