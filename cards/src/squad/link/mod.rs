//! Squad links: a compact, versioned, URL-safe code for a whole squad.
//!
//! A code is a version (`v2.`) followed by base64url (no padding) of a
//! small binary record: format, faction, name, notes, then each ship's pilot
//! and upgrades with the slot each sits in and its choice, and a checksum.
//! Cards are named by their stable ids, never by position in a list, so a
//! link made today opens the same squad after the card data grows.
//!
//! Version 2 (`v2.rs`) is what the encoder writes: codes and varints where
//! version 1 wrote text, identical ships once with a count, and a 16-bit
//! checksum. Version 1 codes (text slot kinds, a CRC-32) decode forever;
//! `cards/tests/golden/links.json` pins both.
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
//! assert!(code.starts_with("v2."));
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

use crate::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};

mod v2;

/// The version this module writes.
pub const VERSION: &str = v2::PREFIX;
/// The first version, still read.
const V1: &str = "v1";

use crate::squad::limits::{
    MAX_KEY_BYTES, MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_SHIPS, MAX_UPGRADES_PER_SHIP, utf8_bytes,
};

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
    #[error("this is not a squad link code (it should start with `v2.` or `v1.`)")]
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

/// Where the record inside a code breaks off; `what` names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("it ends inside {what}")]
    EndsInside { what: String },
    #[error("{what} is not a number")]
    NotANumber { what: String },
    #[error("{what} is {count}, over the limit of {max}")]
    CountOverLimit {
        what: String,
        count: u64,
        max: usize,
    },
    #[error("{what} is {len} bytes long, over the limit of {max}")]
    TextOverLimit { what: String, len: u64, max: usize },
    #[error("{what} is not text")]
    NotText { what: String },
    #[error("{what} has an impossible card id")]
    ImpossibleCardId { what: String },
    #[error("{what} has a bad {mark} mark")]
    BadMark { what: String, mark: &'static str },
    #[error(transparent)]
    TooLarge(#[from] crate::squad::limits::SquadTooLarge),
}

/// The link code of a squad.
pub fn encode(squad: &Squad) -> String {
    format!("{VERSION}.{}", URL_SAFE_NO_PAD.encode(v2::record(squad)))
}

/// The version 1 code of a squad, as links made before version 2 were
/// written: kept so that the tests can make them.
pub fn encode_v1(squad: &Squad) -> String {
    let mut out = Vec::new();
    put_text(&mut out, &squad.format);
    put_text(&mut out, &squad.faction);
    put_text(&mut out, &squad.name);
    put_text(&mut out, &squad.notes);
    put_varint(&mut out, squad.ships.len() as u64);
    for ship in &squad.ships {
        put_card(&mut out, &ship.pilot);
        put_varint(&mut out, ship.upgrades.len() as u64);
        for e in &ship.upgrades {
            put_card(&mut out, &e.card);
            match &e.slot {
                None => out.push(0),
                Some(slot) => {
                    out.push(1);
                    put_text(&mut out, &slot.kind);
                    out.push(slot.index);
                }
            }
            match &e.choice {
                None => out.push(0),
                Some(choice) => {
                    out.push(1);
                    put_text(&mut out, choice);
                }
            }
        }
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_be_bytes());
    format!("{V1}.{}", URL_SAFE_NO_PAD.encode(out))
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
    if version != VERSION && version != V1 {
        let shown = version.chars().take(12).collect();
        return Err(LinkError::UnknownVersion(shown));
    }
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
    if version == VERSION {
        return v2::read(&bytes, squad);
    }
    if bytes.len() < 4 {
        return Err(LinkError::TooShort);
    }
    let (record, crc) = bytes.split_at(bytes.len() - 4);
    let checksum_ok = crc32fast::hash(record).to_be_bytes() == crc;
    let mut r = Reader {
        bytes: record,
        at: 0,
    };
    let result = read_record(&mut r, squad);
    match (result, checksum_ok) {
        (Ok(()), true) if r.at == record.len() => Ok(()),
        (Ok(()), true) => Err(LinkError::TrailingData),
        (Ok(()), false) => Err(LinkError::Checksum),
        (Err(e), _) => Err(LinkError::Damaged(e)),
    }
}

// The record is read field by field (rather than with a serde format) so
// that a damaged code still yields every ship before the damage.
fn read_record(r: &mut Reader, squad: &mut Squad) -> Result<(), RecordError> {
    squad.format = r.text("the format", MAX_KEY_BYTES)?;
    squad.faction = r.text("the faction", MAX_KEY_BYTES)?;
    squad.name = r.text("the name", utf8_bytes(MAX_NAME_CHARS))?;
    squad.notes = r.text("the notes", utf8_bytes(MAX_NOTES_CHARS))?;
    crate::squad::limits::check_text(&squad.name, &squad.notes)?;
    let ships = r.count("the number of ships", MAX_SHIPS)?;
    for n in 1..=ships {
        let pilot = r.card(&format!("ship {n}'s pilot"))?;
        let upgrades = r.count(
            &format!("ship {n}'s number of upgrades"),
            MAX_UPGRADES_PER_SHIP,
        )?;
        // The ship is shown from here on, with the upgrades read so far.
        squad.ships.push(SquadShip {
            pilot,
            upgrades: Vec::new(),
        });
        for _ in 0..upgrades {
            let what = format!("an upgrade of ship {n}");
            let card = r.card(&what)?;
            let slot = match r.byte(&what)? {
                0 => None,
                1 => Some(SlotRef {
                    kind: r.text(&what, MAX_KEY_BYTES)?,
                    index: r.byte(&what)?,
                }),
                _ => return Err(RecordError::BadMark { what, mark: "slot" }),
            };
            let choice = match r.byte(&what)? {
                0 => None,
                1 => Some(r.text(&what, MAX_KEY_BYTES)?),
                _ => {
                    return Err(RecordError::BadMark {
                        what,
                        mark: "choice",
                    });
                }
            };
            if let Some(ship) = squad.ships.last_mut() {
                ship.upgrades.push(Equipped { card, slot, choice });
            }
        }
    }
    Ok(())
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self, what: &str) -> Result<u8, RecordError> {
        let b = *self
            .bytes
            .get(self.at)
            .ok_or_else(|| RecordError::EndsInside {
                what: what.to_string(),
            })?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self, what: &str) -> Result<u64, RecordError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte(what)?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(RecordError::NotANumber {
            what: what.to_string(),
        })
    }

    /// A count of at most `max` (crate::squad::limits): a larger one is an error,
    /// never an allocation.
    fn count(&mut self, what: &str, max: usize) -> Result<u64, RecordError> {
        let n = self.varint(what)?;
        if n > max as u64 {
            let what = what.to_string();
            return Err(RecordError::CountOverLimit {
                what,
                count: n,
                max,
            });
        }
        Ok(n)
    }

    fn text(&mut self, what: &str, max: usize) -> Result<String, RecordError> {
        let len = self.varint(what)?;
        let what = what.to_string();
        if len > max as u64 {
            return Err(RecordError::TextOverLimit { what, len, max });
        }
        let end = self.at.saturating_add(len as usize);
        let Some(slice) = self.bytes.get(self.at..end) else {
            return Err(RecordError::EndsInside { what });
        };
        self.at = end;
        String::from_utf8(slice.to_vec()).map_err(|_| RecordError::NotText { what })
    }

    fn card(&mut self, what: &str) -> Result<CardRef, RecordError> {
        match self.byte(what)? {
            0 => {
                let id = self.varint(what)?;
                u32::try_from(id)
                    .map(CardRef::Id)
                    .map_err(|_| RecordError::ImpossibleCardId {
                        what: what.to_string(),
                    })
            }
            1 => Ok(CardRef::Xws(self.text(what, MAX_KEY_BYTES)?)),
            _ => Err(RecordError::BadMark {
                what: what.to_string(),
                mark: "card",
            }),
        }
    }
}

fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn put_text(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

fn put_card(out: &mut Vec<u8>, card: &CardRef) {
    match card {
        CardRef::Id(id) => {
            out.push(0);
            put_varint(out, u64::from(*id));
        }
        CardRef::Xws(xws) => {
            out.push(1);
            put_text(out, xws);
        }
    }
}
