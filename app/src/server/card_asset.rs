//! The card database as one file the browser downloads once: postcard
//! (serde's compact binary form; JSON's reader for these types was 7% of
//! the browser's code) named by the hash of its bytes, compressed once at
//! start-up, cached forever.
//!
//! Pages no longer carry the database in their HTML; a page that shows cards
//! names this file (`app/src/cards_asset.rs` fetches it before hydrating).

use std::borrow::Cow;
use std::io::Write;

use axum::body::Bytes;
use cards::catalog::Translations;
use cards::squad::Rules;

use crate::cards_asset::CardAssetBody;
use sha2::{Digest, Sha256};

/// Where the asset lives: `/data/cards.<hash>.bin`, and
/// `/data/cards.<lang>.<hash>.bin` for a language with card words.
const PREFIX: &str = "/data/cards.";

/// Brotli quality: 11 takes seconds on a cold start for a few per cent.
const BROTLI_QUALITY: u32 = 9;

/// The serialized card database, its address and its compressed forms.
#[derive(Debug)]
pub struct CardAsset {
    /// `/data/cards.<16 hex digits>.bin`.
    pub path: String,
    bytes: Bytes,
    gzip: Bytes,
    brotli: Bytes,
}

/// Why the asset could not be made (never expected: writing to memory).
#[derive(Debug, thiserror::Error)]
pub enum CardAssetWriteError {
    #[error("the card database cannot be written: {0}")]
    Postcard(#[from] postcard::Error),
    #[error("the card database cannot be compressed: {0}")]
    Compress(#[from] std::io::Error),
}

impl CardAsset {
    /// Serializes and compresses the cards and formats of `rules`, with
    /// a language's card words (`None`: English, the cards' own words).
    pub fn new(rules: &Rules, words: Option<&Translations>) -> Result<Self, CardAssetWriteError> {
        let bytes = postcard::to_stdvec(&CardAssetBody {
            cards: Cow::Borrowed(&rules.db),
            formats: Cow::Borrowed(&rules.formats),
            words: words.map(Cow::Borrowed),
        })?;
        let lang = words.map_or(String::new(), |w| format!("{}.", w.lang()));
        let digest = Sha256::digest(&bytes);
        let hash: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&bytes)?;
        let gzip = gz.finish()?;
        let mut brotli = Vec::new();
        {
            let mut w = brotli::CompressorWriter::new(&mut brotli, 64 * 1024, BROTLI_QUALITY, 22);
            w.write_all(&bytes)?;
        }
        Ok(Self {
            path: format!("{PREFIX}{lang}{hash}.bin"),
            bytes: bytes.into(),
            gzip: gzip.into(),
            brotli: brotli.into(),
        })
    }

    /// The asset as files of the site (`app/src/server/site`), which
    /// answers it as it answers the built files: by `Accept-Encoding`,
    /// with an ETag, cached for a year (its address changes whenever its
    /// bytes do).
    pub fn files(&self) -> Vec<(String, Bytes)> {
        let name = self.path.trim_start_matches('/');
        vec![
            (name.to_string(), self.bytes.clone()),
            (format!("{name}.br"), self.brotli.clone()),
            (format!("{name}.gz"), self.gzip.clone()),
        ]
    }

    /// The sizes sent: (uncompressed, gzip, brotli) bytes.
    pub fn sizes(&self) -> (usize, usize, usize) {
        (self.bytes.len(), self.gzip.len(), self.brotli.len())
    }
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
        let a = CardAsset::new(&rules, None)?;
        let b = CardAsset::new(&rules, None)?;
        assert_eq!(a.path, b.path);
        assert!(a.path.starts_with("/data/cards.") && a.path.ends_with(".bin"));
        let back: CardAssetBody = postcard::from_bytes(&a.bytes)?;
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
        let (raw0, _, brotli0) = CardAsset::new(&rules_without, None)?.sizes();
        eprintln!("card asset: {raw0} -> {raw} bytes, brotli {brotli0} -> {brotli}");
        assert!(
            brotli - brotli0 < 6 * 1024,
            "the products cost {} bytes",
            brotli - brotli0
        );
        Ok(())
    }
}
