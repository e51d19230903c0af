//! What both versions' records are made of: varints (LEB128, from
//! `integer-encoding`), length-prefixed text, and a reader that stops with
//! the field it was in, never reading past the end or allocating more than
//! a limit; and [`RecordError`], where a record of any version breaks off.

use integer_encoding::VarInt;

use crate::squad::limits::{MAX_SHIPS, MAX_UPGRADES_PER_SHIP};
use crate::squad::{Equipped, Squad, SquadField};

/// Where the record inside a code breaks off; `what` names the field (a
/// code, [`SquadField`], so that the interface words it in the page's
/// language; `Display` is the English the API sends).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The record stops inside a field.
    #[error("it ends inside {what}")]
    EndsInside {
        /// The field cut short.
        what: SquadField,
    },
    /// A field that holds a number holds none.
    #[error("{what} is not a number")]
    NotANumber {
        /// The field.
        what: SquadField,
    },
    /// A count past its limit (`crate::squad::limits`).
    #[error("{what} is {count}, over the limit of {max}")]
    CountOverLimit {
        /// The field that counts.
        what: SquadField,
        /// The count read.
        count: u64,
        /// The most it may be.
        max: usize,
    },
    /// A text longer than its limit, refused before it is read.
    #[error("{what} is {len} bytes long, over the limit of {max}")]
    TextOverLimit {
        /// The field of text.
        what: SquadField,
        /// Its length as written, in bytes.
        len: u64,
        /// The most bytes it may have.
        max: usize,
    },
    /// A text that is not UTF-8.
    #[error("{what} is not text")]
    NotText {
        /// The field of text.
        what: SquadField,
    },
    /// A card id no `u32` holds.
    #[error("{what} has an impossible card id")]
    ImpossibleCardId {
        /// The field that names the card.
        what: SquadField,
    },
    /// A mark that is none of the values it may take.
    #[error("{what} has a bad {mark} mark")]
    BadMark {
        /// The field the mark belongs to.
        what: SquadField,
        /// Which mark.
        mark: RecordMark,
    },
    /// A squad past the limits of `crate::squad::limits`.
    #[error(transparent)]
    TooLarge(#[from] crate::squad::limits::SquadTooLarge),
}

/// A mark of a record that says what follows it, as
/// [`RecordError::BadMark`] names it: a code, so that the interface words
/// it; `Display` is the English the API reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordMark {
    /// Whether a slot follows.
    Slot,
    /// Whether a choice follows.
    Choice,
    /// Whether a card is an id or an XWS name.
    Card,
    /// A name's code in a table, or the escape to text.
    NameCode,
}

impl std::fmt::Display for RecordMark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RecordMark::Slot => "slot",
            RecordMark::Choice => "choice",
            RecordMark::Card => "card",
            RecordMark::NameCode => "name code",
        })
    }
}

pub(super) fn put_varint(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(&n.encode_var_vec());
}

pub(super) fn put_text(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// Reads a record field by field (rather than with a serde format), so
/// that a damaged code still yields every ship before the damage.
pub(super) struct ByteReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> ByteReader<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, at: 0 }
    }

    /// Whether every byte has been read.
    pub(super) fn at_end(&self) -> bool {
        self.at == self.bytes.len()
    }

    pub(super) fn byte(&mut self, what: SquadField) -> Result<u8, RecordError> {
        let b = *self.bytes.get(self.at).ok_or_else(|| ends_inside(what))?;
        self.at += 1;
        Ok(b)
    }

    pub(super) fn varint(&mut self, what: SquadField) -> Result<u64, RecordError> {
        let rest = self.bytes.get(self.at..).unwrap_or_default();
        match u64::decode_var(rest) {
            Some((n, len)) => {
                self.at += len;
                Ok(n)
            }
            // Every byte says "more follows": the record ends inside it.
            None if rest.len() < 10 && rest.iter().all(|b| b & 0x80 != 0) => Err(ends_inside(what)),
            None => Err(RecordError::NotANumber { what }),
        }
    }

    /// A count of at most `max` (crate::squad::limits): a larger one is an
    /// error, never an allocation.
    pub(super) fn count(&mut self, what: SquadField, max: usize) -> Result<u64, RecordError> {
        let n = self.varint(what)?;
        if n > max as u64 {
            return Err(over_limit(what, n, max));
        }
        Ok(n)
    }

    /// Length-prefixed text of at most `max` bytes.
    pub(super) fn text(&mut self, what: SquadField, max: usize) -> Result<String, RecordError> {
        let len = self.varint(what)?;
        self.text_of(len, what, max)
    }

    /// `len` bytes of text, at most `max`.
    pub(super) fn text_of(
        &mut self,
        len: u64,
        what: SquadField,
        max: usize,
    ) -> Result<String, RecordError> {
        if len > max as u64 {
            return Err(RecordError::TextOverLimit { what, len, max });
        }
        let end = self.at.saturating_add(len as usize);
        let slice = self
            .bytes
            .get(self.at..end)
            .ok_or_else(|| ends_inside(what))?;
        self.at = end;
        String::from_utf8(slice.to_vec()).map_err(|_| RecordError::NotText { what })
    }
}

fn ends_inside(what: SquadField) -> RecordError {
    RecordError::EndsInside { what }
}

/// `what` is `count`, over the limit of `max`.
pub(super) fn over_limit(what: SquadField, count: u64, max: usize) -> RecordError {
    RecordError::CountOverLimit { what, count, max }
}

/// A group of `count` identical ships, ship `n` onwards, each with
/// `upgrades` cards: refused past the squad limits before any of it is read.
pub(super) fn check_group(
    squad: &Squad,
    n: usize,
    count: u64,
    upgrades: u64,
) -> Result<(), RecordError> {
    if upgrades > MAX_UPGRADES_PER_SHIP as u64 {
        let what = SquadField::UpgradeCount(n);
        return Err(over_limit(what, upgrades, MAX_UPGRADES_PER_SHIP));
    }
    if count > MAX_SHIPS.saturating_sub(squad.ships.len()) as u64 {
        return Err(over_limit(SquadField::ShipCount, count, MAX_SHIPS));
    }
    Ok(())
}

/// Adds an upgrade to the ship being read (the last one).
pub(super) fn equip_last(squad: &mut Squad, equipped: Equipped) {
    if let Some(ship) = squad.ships.last_mut() {
        ship.upgrades.push(equipped);
    }
}

/// Repeats the ship just read until its group has `count` ships.
pub(super) fn copy_last(squad: &mut Squad, count: u64) {
    if let Some(ship) = squad.ships.last().cloned() {
        for _ in 1..count {
            squad.ships.push(ship.clone());
        }
    }
}
