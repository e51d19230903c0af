//! The card database as one file the browser downloads once: postcard
//! (serde's compact binary form; JSON's reader for these types was 7% of
//! the browser's code) named by the hash of its bytes, compressed once at
//! start-up, cached forever.
//!
//! Pages no longer carry the database in their HTML; a page that shows cards
//! names this file (`app/src/cards_asset.rs` fetches it before hydrating).

use std::borrow::Cow;
use std::io::Write;

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use cards::squad::Rules;

use crate::cards_asset::CardAssetBody;
use sha2::{Digest, Sha256};

/// Where the asset lives: `/data/cards.<hash>.bin`.
const PREFIX: &str = "/data/cards.";

/// Brotli quality: 11 takes seconds on a cold start for a few per cent.
const BROTLI_QUALITY: u32 = 9;

/// The serialized card database, its address and its compressed forms.
#[derive(Debug)]
pub struct CardAsset {
    /// `/data/cards.<16 hex digits>.bin`.
    pub path: String,
    bytes: Vec<u8>,
    gzip: Vec<u8>,
    brotli: Vec<u8>,
}

/// Why the asset could not be made (never expected: writing to memory).
#[derive(Debug, thiserror::Error)]
pub enum CardAssetError {
    #[error("the card database cannot be written: {0}")]
    Postcard(#[from] postcard::Error),
    #[error("the card database cannot be compressed: {0}")]
    Compress(#[from] std::io::Error),
}

impl CardAsset {
    /// Serializes and compresses the cards and formats of `rules`.
    pub fn new(rules: &Rules) -> Result<Self, CardAssetError> {
        let bytes = postcard::to_stdvec(&CardAssetBody {
            cards: Cow::Borrowed(&rules.db),
            formats: Cow::Borrowed(&rules.formats),
        })?;
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
            path: format!("{PREFIX}{hash}.bin"),
            bytes,
            gzip,
            brotli,
        })
    }

    /// The asset in the best encoding the request accepts, cached for a
    /// year: its address changes whenever its bytes do.
    pub fn respond(&self, request: &HeaderMap) -> Response {
        let accepted = request
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        let (body, encoding) = if accepts(accepted, "br") {
            (self.brotli.clone(), Some("br"))
        } else if accepts(accepted, "gzip") {
            (self.gzip.clone(), Some("gzip"))
        } else {
            (self.bytes.clone(), None)
        };
        let mut response = body.into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/octet-stream"),
        );
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        response
    }

    /// The sizes sent: (uncompressed, gzip, brotli) bytes.
    pub fn sizes(&self) -> (usize, usize, usize) {
        (self.bytes.len(), self.gzip.len(), self.brotli.len())
    }
}

/// Whether an `Accept-Encoding` value accepts `coding` (listed without `q=0`).
fn accepts(header: &str, coding: &str) -> bool {
    header.split(',').any(|part| {
        let mut fields = part.split(';').map(str::trim);
        fields
            .next()
            .is_some_and(|name| name.eq_ignore_ascii_case(coding))
            && !fields.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q == 0.0)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_are_read_from_the_header() {
        assert!(accepts("gzip, deflate, br", "br"));
        assert!(accepts("br;q=0.5", "br"));
        assert!(!accepts("br;q=0", "br"));
        assert!(!accepts("gzip", "br"));
        assert!(!accepts("", "gzip"));
        assert!(!accepts("xbr", "br"));
    }

    #[test]
    fn the_address_names_the_bytes() {
        let rules = Rules::new(
            cards::catalog::Database::embedded().unwrap(),
            cards::catalog::Formats::embedded().unwrap(),
        );
        let a = CardAsset::new(&rules).unwrap();
        let b = CardAsset::new(&rules).unwrap();
        assert_eq!(a.path, b.path);
        assert!(a.path.starts_with("/data/cards.") && a.path.ends_with(".bin"));
        let back: CardAssetBody = postcard::from_bytes(&a.bytes).unwrap();
        let back = back.into_rules();
        assert_eq!(*back.db, *rules.db);
        assert_eq!(back.formats, rules.formats);
        let (raw, gzip, brotli) = a.sizes();
        assert!(brotli < gzip && gzip < raw / 3, "{raw} {gzip} {brotli}");
        // What the products (issue 39's collection) add to a first visit.
        let mut without = cards::catalog::Database::embedded().unwrap();
        without.products.clear();
        let rules_without = Rules::new(without, cards::catalog::Formats::embedded().unwrap());
        let (raw0, _, brotli0) = CardAsset::new(&rules_without).unwrap().sizes();
        eprintln!("card asset: {raw0} -> {raw} bytes, brotli {brotli0} -> {brotli}");
        assert!(
            brotli - brotli0 < 6 * 1024,
            "the products cost {} bytes",
            brotli - brotli0
        );
    }
}
