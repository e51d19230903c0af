//! The card database as one file the browser downloads once: postcard
//! (serde's compact binary form; JSON's reader for these types was 7% of
//! the browser's code) named by the hash of its bytes, compressed once at
//! start-up, cached forever.
//!
//! Pages no longer carry the database in their HTML; a page that shows cards
//! names this file (`app/src/cards_asset.rs` fetches it before hydrating).

use std::borrow::Cow;

use cards::catalog::Translations;
use cards::squad::Rules;

use super::hashed_asset::HashedAsset;
use crate::cards_asset::CardAssetBody;

/// Where the asset lives: `/data/cards.<hash>.bin`, and
/// `/data/cards.<lang>.<hash>.bin` for a language with card words.
const PREFIX: &str = "/data/cards.";

/// The serialized card database, its address and its compressed forms.
pub type CardAsset = HashedAsset;

/// Why the asset could not be made (never expected: writing to memory).
#[derive(Debug, thiserror::Error)]
pub enum CardAssetWriteError {
    #[error("the card database cannot be written: {0}")]
    Postcard(#[from] postcard::Error),
    #[error("the card database cannot be compressed: {0}")]
    Compress(#[from] std::io::Error),
}

/// Serializes and compresses the cards and formats of `rules`, with a
/// language's card words (`None`: English, the cards' own words).
pub fn card_asset(
    rules: &Rules,
    words: Option<&Translations>,
) -> Result<CardAsset, CardAssetWriteError> {
    let bytes = postcard::to_stdvec(&CardAssetBody {
        cards: Cow::Borrowed(&rules.db),
        formats: Cow::Borrowed(&rules.formats),
        words: words.map(Cow::Borrowed),
    })?;
    let lang = words.map_or(String::new(), |w| format!("{}.", w.lang()));
    Ok(HashedAsset::new(&format!("{PREFIX}{lang}"), bytes)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test's outcome: a failure is an error, not a panic.
    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    #[test]
    fn the_address_names_the_bytes() -> TestResult {
        let rules = Rules::new(
            cards::catalog::Database::embedded()?,
            cards::catalog::Formats::embedded()?,
        );
        let a = card_asset(&rules, None)?;
        let b = card_asset(&rules, None)?;
        assert_eq!(a.path, b.path);
        assert!(a.path.starts_with("/data/cards.") && a.path.ends_with(".bin"));
        let back: CardAssetBody = postcard::from_bytes(a.bytes())?;
        let (back, words) = back.into_rules();
        assert!(words.is_none());
        assert_eq!(*back.db, *rules.db);
        assert_eq!(back.formats, rules.formats);
        let (raw, gzip, brotli) = a.sizes();
        assert!(brotli < gzip && gzip < raw / 3, "{raw} {gzip} {brotli}");
        // What the products (issue 39's collection) add to a first visit.
        let mut without = cards::catalog::Database::embedded()?;
        without.products.clear();
        let rules_without = Rules::new(without, cards::catalog::Formats::embedded()?);
        let (raw0, _, brotli0) = card_asset(&rules_without, None)?.sizes();
        eprintln!("card asset: {raw0} -> {raw} bytes, brotli {brotli0} -> {brotli}");
        assert!(
            brotli - brotli0 < 6 * 1024,
            "the products cost {} bytes",
            brotli - brotli0
        );
        Ok(())
    }
}
