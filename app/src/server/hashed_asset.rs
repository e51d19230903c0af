//! A file the server makes at start-up and serves as a built file: named
//! by the hash of its bytes, compressed once, cached forever (its address
//! changes whenever its bytes do). The card database and each language's
//! interface strings are such files.

use std::io::Write;

use axum::body::Bytes;
use sha2::{Digest, Sha256};

/// Brotli quality: 11 takes seconds on a cold start for a few per cent.
const BROTLI_QUALITY: u32 = 9;

/// A made file, its address and its compressed forms.
#[derive(Debug)]
pub struct HashedAsset {
    /// `<prefix><16 hex digits>.bin`.
    pub path: String,
    bytes: Bytes,
    gzip: Bytes,
    brotli: Bytes,
}

impl HashedAsset {
    /// Names `bytes` by their hash under `prefix` (`/data/cards.de.`) and
    /// compresses them.
    pub fn new(prefix: &str, bytes: Vec<u8>) -> Result<Self, std::io::Error> {
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
            path: format!("{prefix}{hash}.bin"),
            bytes: bytes.into(),
            gzip: gzip.into(),
            brotli: brotli.into(),
        })
    }

    /// The uncompressed bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The asset as files of the site (`app/src/server/site`), which
    /// answers it as it answers the built files: by `Accept-Encoding`,
    /// with an ETag, cached for a year.
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
