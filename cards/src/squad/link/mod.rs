//! Squad links: a compact, versioned, URL-safe code for a whole squad.
//!
//! A code is a version (`v3.`) followed by base64url (no padding) of a
//! small binary record: format, faction, name, notes, then each ship's pilot
//! and upgrades with the slot each sits in and its choice, and a checksum.
//! Cards are named by their stable ids, never by position in a list, so a
//! link made today opens the same squad after the card data grows.
//!
//! Version 3 (`v3.rs`) is what the encoder writes: version 2's record
//! packed to the bit, card ids as differences from the card before; a
//! squad that brings obstacles is written as version 4 (`v4.rs`), the same
//! record with the obstacles after the ships. Both pack their fields with
//! `bits.rs`.
//! Version 2 (`v2.rs`: codes and varints where version 1 wrote text,
//! identical ships once with a count, a 16-bit checksum) and version 1
//! (text slot kinds, a CRC-32) decode forever; `cards/tests/golden/links.json`
//! pins all three.
//!
//! Decoding never validates and never drops anything: it rebuilds the whole
//! squad first (an id the database no longer has stays as an unknown card),
//! and the rules engine checks it afterwards. A damaged code gives a clear
//! error together with whatever could be read.
//!
//! ```
//! use cards::squad::link;
//! use cards::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};
//! let mut squad = Squad::new("epic", "scum");
//! squad.name = "Merchant's run".into();
//! squad.ships.push(SquadShip {
//!     pilot: CardRef::Id(101),
//!     upgrades: vec![Equipped::new(CardRef::Id(205), Some(SlotRef::new("title", 0)))],
//! });
//! let code = link::encode(&squad);
//! assert!(code.starts_with("v3."));
//! assert_eq!(link::decode(&code).unwrap(), squad);
//!
//! let damaged = link::decode_lossy(&code[..code.len() - 3]);
//! assert!(damaged.error.is_some());
//! ```

use base64::Engine;
use base64::alphabet::URL_SAFE;
use base64::engine::DecodePaddingMode;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};

/// base64url as links are written, read so that a cut code still decodes.
const CUT_TOLERANT: GeneralPurpose = GeneralPurpose::new(
    &URL_SAFE,
    GeneralPurposeConfig::new()
        .with_decode_padding_mode(DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true),
);

use crate::squad::Squad;

mod bits;
mod record;
mod v1;
mod v2;
mod v3;
mod v4;

pub use record::{RecordError, RecordMark};

/// The version this module writes.
pub const VERSION: &str = v3::PREFIX;

/// What decoding read: the squad (possibly partial) and why it stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub squad: Squad,
    /// `None` when the whole code was read and its checksum matched.
    pub error: Option<LinkError>,
}

/// Why a code cannot be read whole.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("this is not a squad link code (it should start with `v4.`, `v3.`, `v2.` or `v1.`)")]
    NotALink,
    #[error("this link was made by a version of Merchant One this one does not know (`{0}`)")]
    UnknownVersion(String),
    #[error("the link is damaged: it has characters a link never has ({0})")]
    NotBase64(String),
    #[error("the link is damaged: it is too short")]
    TooShort,
    #[error("the link is damaged: it has data after the squad")]
    TrailingData,
    #[error(
        "the link is damaged (its checksum does not match): the squad below may differ from the one shared"
    )]
    Checksum,
    #[error("the link is damaged: {0}; the ships before that are shown")]
    Damaged(#[source] RecordError),
}

/// The link code of a squad: version 3, or version 4 when it brings
/// obstacles (the same record with the obstacles after it), so a squad
/// without them keeps the code it always had.
pub fn encode(squad: &Squad) -> String {
    if squad.obstacles.is_empty() {
        code(VERSION, v3::record(squad), v3::CHECKSUM_BYTES)
    } else {
        code(v4::PREFIX, v4::record(squad), v4::CHECKSUM_BYTES)
    }
}

/// The version 2 code of a squad, as links made before version 3 were
/// written: kept so that the tests can make them.
pub fn encode_v2(squad: &Squad) -> String {
    code(v2::PREFIX, v2::record(squad), v2::CHECKSUM_BYTES)
}

/// The version 1 code of a squad, as links made before version 2 were
/// written: kept so that the tests can make them.
pub fn encode_v1(squad: &Squad) -> String {
    code(v1::PREFIX, v1::record(squad), v1::CHECKSUM_BYTES)
}

/// `version.` and the base64url of `record` with the first `checksum`
/// bytes of its CRC-32.
fn code(version: &str, mut record: Vec<u8>, checksum: usize) -> String {
    let crc = crc32fast::hash(&record).to_be_bytes();
    record.extend_from_slice(&crc[..checksum]);
    format!("{version}.{}", URL_SAFE_NO_PAD.encode(record))
}

/// The link code of a squad within [`crate::squad::limits`]: the server hands out
/// only these, so every code it gives decodes back whole.
pub fn encode_checked(squad: &Squad) -> Result<String, crate::squad::limits::SquadTooLarge> {
    crate::squad::limits::check(squad)?;
    Ok(encode(squad))
}

/// The squad of a code, or why it cannot be read whole.
pub fn decode(code: &str) -> Result<Squad, LinkError> {
    let decoded = decode_lossy(code);
    match decoded.error {
        None => Ok(decoded.squad),
        Some(e) => Err(e),
    }
}

/// Reads as much of a code as it can: a damaged code still gives the
/// ships read before the damage, with the reason.
pub fn decode_lossy(code: &str) -> Decoded {
    let mut squad = Squad::new("", "");
    let error = read(code.trim(), &mut squad).err();
    Decoded { squad, error }
}

fn read(code: &str, squad: &mut Squad) -> Result<(), LinkError> {
    let (version, body) = code.split_once('.').ok_or(LinkError::NotALink)?;
    let (read_record, checksum): (RecordReader, usize) = match version {
        VERSION => (v3::read_record, v3::CHECKSUM_BYTES),
        v4::PREFIX => (v4::read_record, v4::CHECKSUM_BYTES),
        v2::PREFIX => (v2::read_record, v2::CHECKSUM_BYTES),
        v1::PREFIX => (v1::read_record, v1::CHECKSUM_BYTES),
        _ => {
            let shown = version.chars().take(12).collect();
            return Err(LinkError::UnknownVersion(shown));
        }
    };
    // A link cut short may end inside a base64 group: read the whole groups
    // and the bits of the last one (the record then ends early and says so,
    // with the ships before the cut).
    let body = body.trim_end_matches('=');
    let whole = match body.len() % 4 {
        1 => body.get(..body.len() - 1).unwrap_or(body),
        _ => body,
    };
    let bytes = CUT_TOLERANT
        .decode(whole)
        .map_err(|e| LinkError::NotBase64(e.to_string()))?;
    if bytes.len() < checksum {
        return Err(LinkError::TooShort);
    }
    let (record, crc) = bytes.split_at(bytes.len() - checksum);
    let checksum_ok = crc32fast::hash(record).to_be_bytes()[..checksum] == *crc;
    match (read_record(record, squad), checksum_ok) {
        (Ok(true), true) => Ok(()),
        (Ok(false), true) => Err(LinkError::TrailingData),
        (Ok(_), false) => Err(LinkError::Checksum),
        (Err(e), _) => Err(LinkError::Damaged(e)),
    }
}

/// A version's record reader: fills the squad as far as the record goes,
/// and says whether nothing followed the record.
type RecordReader = fn(&[u8], &mut Squad) -> Result<bool, RecordError>;
