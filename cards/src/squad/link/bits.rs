//! The fields of a record packed to the bit, as versions 3 and 4 of the
//! link code write and read them (`v3.rs`, `v4.rs`): bits, numbers in
//! `bitstream-io`'s variable-width fields, length-prefixed text, a name as
//! its code in a table or as text, and card ids as zigzagged differences.

use bitstream_io::{BigEndian, BitRead, BitReader, BitWrite, BitWriter};

use super::record::{RecordError, RecordMark};
use crate::squad::limits::MAX_KEY_BYTES;
use crate::squad::{CardRef, SquadField};

/// Writes into memory, which cannot fail.
pub(super) struct BitsWriter(BitWriter<Vec<u8>, BigEndian>);

const IN_MEMORY: &str = "writing bits to memory cannot fail";

impl BitsWriter {
    /// An empty record.
    pub(super) fn new() -> BitsWriter {
        BitsWriter(BitWriter::endian(Vec::new(), BigEndian))
    }

    pub(super) fn bit(&mut self, bit: bool) {
        self.0.write_bit(bit).expect(IN_MEMORY);
    }

    /// A number in fields of `FIELD` bits (one of them "more follows").
    pub(super) fn number<const FIELD: u32>(&mut self, n: u64) {
        self.0.write_unsigned_vbr::<FIELD, u64>(n).expect(IN_MEMORY);
    }

    pub(super) fn text(&mut self, s: &str) {
        self.number::<4>(s.len() as u64);
        self.0.write_bytes(s.as_bytes()).expect(IN_MEMORY);
    }

    /// The code of `name` in `table` in `bits` bits, or the escape and the text.
    pub(super) fn code(&mut self, bits: u32, table: &[&str], name: &str) {
        let escape = (1u32 << bits) - 1;
        match table.iter().position(|t| *t == name) {
            Some(code) => self.0.write_var(bits, code as u32).expect(IN_MEMORY),
            None => {
                self.0.write_var(bits, escape).expect(IN_MEMORY);
                self.text(name);
            }
        }
    }

    /// A card: its id as the zigzagged difference from `previous` (which it
    /// then becomes), or its XWS name as text, after a bit saying which
    /// when the squad names any card by name.
    pub(super) fn card(&mut self, card: &CardRef, previous: &mut i64, names_cards: bool) {
        match card {
            CardRef::Id(id) => {
                if names_cards {
                    self.bit(false);
                }
                let id = i64::from(*id);
                self.0
                    .write_signed_vbr::<4, i64>(id - *previous)
                    .expect(IN_MEMORY);
                *previous = id;
            }
            CardRef::Xws(xws) => {
                self.bit(true);
                self.text(xws);
            }
        }
    }

    /// The bytes, the last one filled with zero bits.
    pub(super) fn finish(mut self) -> Vec<u8> {
        self.0.byte_align().expect(IN_MEMORY);
        self.0.into_writer()
    }
}

/// Reads field by field, naming the field where the record breaks off.
pub(super) struct BitsReader<'a>(BitReader<&'a [u8], BigEndian>);

impl<'a> BitsReader<'a> {
    /// A reader at the start of the record.
    pub(super) fn new(bytes: &'a [u8]) -> BitsReader<'a> {
        BitsReader(BitReader::endian(bytes, BigEndian))
    }

    pub(super) fn bit(&mut self, what: SquadField) -> Result<bool, RecordError> {
        self.0.read_bit().map_err(|e| broken(e, what))
    }

    pub(super) fn number<const FIELD: u32>(
        &mut self,
        what: SquadField,
    ) -> Result<u64, RecordError> {
        self.0
            .read_unsigned_vbr::<FIELD, u64>()
            .map_err(|e| broken(e, what))
    }

    /// Length-prefixed text of at most `max` bytes: a longer one is an
    /// error, never an allocation.
    pub(super) fn text(&mut self, what: SquadField, max: usize) -> Result<String, RecordError> {
        let len = self.number::<4>(what)?;
        if len > max as u64 {
            return Err(RecordError::TextOverLimit { what, len, max });
        }
        let bytes = self
            .0
            .read_to_vec(len as usize)
            .map_err(|e| broken(e, what))?;
        String::from_utf8(bytes).map_err(|_| RecordError::NotText { what })
    }

    pub(super) fn code(
        &mut self,
        bits: u32,
        table: &[&str],
        what: SquadField,
    ) -> Result<String, RecordError> {
        let code: u32 = self.0.read_var(bits).map_err(|e| broken(e, what))?;
        match table.get(code as usize) {
            Some(name) => Ok((*name).to_string()),
            None if code == (1 << bits) - 1 => self.text(what, MAX_KEY_BYTES),
            None => Err(RecordError::BadMark {
                what,
                mark: RecordMark::NameCode,
            }),
        }
    }

    pub(super) fn card(
        &mut self,
        previous: &mut i64,
        names_cards: bool,
        what: SquadField,
    ) -> Result<CardRef, RecordError> {
        if names_cards && self.bit(what)? {
            return Ok(CardRef::Xws(self.text(what, MAX_KEY_BYTES)?));
        }
        let step: i64 = self
            .0
            .read_signed_vbr::<4, i64>()
            .map_err(|e| broken(e, what))?;
        let id = previous
            .checked_add(step)
            .and_then(|id| u32::try_from(id).ok())
            .ok_or(RecordError::ImpossibleCardId { what })?;
        *previous = i64::from(id);
        Ok(CardRef::Id(id))
    }

    /// Whether all that is left are the zero bits that fill the last byte.
    pub(super) fn only_padding_left(&mut self) -> bool {
        while !self.0.byte_aligned() {
            match self.0.read_bit() {
                Ok(false) => {}
                _ => return false,
            }
        }
        self.0.read_bit().is_err()
    }
}

/// The record ends inside `what`, or `what` holds no number.
fn broken(e: std::io::Error, what: SquadField) -> RecordError {
    match e.kind() {
        std::io::ErrorKind::UnexpectedEof => RecordError::EndsInside { what },
        _ => RecordError::NotANumber { what },
    }
}
