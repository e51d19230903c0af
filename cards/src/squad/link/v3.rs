//! Versions 3 and 4 of the link code: version 2's record, packed to the bit;
//! version 4 adds the squad's obstacles after the ships.
//!
//! The record (bits, most significant first, from `bitstream-io`), then
//! zero bits to the byte, then a 16-bit checksum (the first two bytes of
//! the record's CRC-32):
//!
//! - the format and the faction, three bits each: a code in the tables
//!   version 2 keeps (`v2.rs`), or 7 with the name as text after it;
//! - three flags: a name follows, notes follow, and some card is named by
//!   its XWS name rather than an id (then every card has a bit for which);
//! - the name and the notes, when present: a length, then the bytes;
//! - the number of groups; each group: how many identical ships in a row,
//!   how many upgrades each carries, the pilot, then each upgrade: a bit
//!   for "a choice follows", the card, a bit for "a slot follows", the slot
//!   (a five-bit slot-kind code, or 31 and text, and its index) and the
//!   choice (a five-bit slot-kind code, or 31 and text).
//!
//! Numbers are `bitstream-io`'s variable-width integers: fields of a few
//! bits, each with a bit for "more follows". A card id is written as the
//! difference from the previous pilot's id (or upgrade's), zigzagged: the
//! cards of one ship or pack have near ids, so most take four or eight bits.

use bitstream_io::{BigEndian, BitRead, BitReader, BitWrite, BitWriter};

use super::RecordError;
use super::record::{check_group, copy_last, equip_last, over_limit};
use super::v2::{FACTIONS, FORMATS, SLOT_KINDS};
use crate::squad::limits::{
    MAX_KEY_BYTES, MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_OBSTACLES, MAX_SHIPS, utf8_bytes,
};
use crate::squad::obstacles::OBSTACLES;
use crate::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};

/// The prefix of a version 3 code.
pub(super) const PREFIX: &str = "v3";
/// A version 3 record ends with the first two bytes of its CRC-32.
pub(super) const CHECKSUM_BYTES: usize = 2;

/// Bits of a format or faction code; the largest value says "text follows".
const HEAD_CODE_BITS: u32 = 3;
/// Bits of a slot-kind code; the largest value says "text follows".
const KIND_BITS: u32 = 5;
// Every table's codes fit below its escape value.
const _: () = assert!(
    FORMATS.len() < (1 << HEAD_CODE_BITS) - 1
        && FACTIONS.len() < (1 << HEAD_CODE_BITS) - 1
        && SLOT_KINDS.len() < (1 << KIND_BITS) - 1
);

/// The prefix of a version 4 code: version 3's record, then the obstacles.
pub(super) const PREFIX_V4: &str = "v4";
/// Bits of an obstacle code; the largest value says "text follows".
const OBSTACLE_BITS: u32 = 5;
const _: () = assert!(OBSTACLES.len() < (1 << OBSTACLE_BITS) - 1);

/// The obstacles' names in code order.
fn obstacle_table() -> [&'static str; OBSTACLES.len()] {
    OBSTACLES.map(|o| o.xws)
}

/// The version 3 record of a squad, without its checksum.
pub(super) fn record(squad: &Squad) -> Vec<u8> {
    let mut w = Writer(BitWriter::endian(Vec::new(), BigEndian));
    write_squad(&mut w, squad);
    w.finish()
}

/// The version 4 record: version 3's, then how many obstacles (a number)
/// and each as a five-bit code (or 31 and its name as text).
pub(super) fn record_v4(squad: &Squad) -> Vec<u8> {
    let mut w = Writer(BitWriter::endian(Vec::new(), BigEndian));
    write_squad(&mut w, squad);
    w.number::<2>(squad.obstacles.len() as u64);
    let table = obstacle_table();
    for o in &squad.obstacles {
        w.code(OBSTACLE_BITS, &table, o);
    }
    w.finish()
}

fn write_squad(w: &mut Writer, squad: &Squad) {
    let names_cards = squad
        .ships
        .iter()
        .flat_map(|s| std::iter::once(&s.pilot).chain(s.upgrades.iter().map(|e| &e.card)))
        .any(|c| matches!(c, CardRef::Xws(_)));
    w.code(HEAD_CODE_BITS, FORMATS, &squad.format);
    w.code(HEAD_CODE_BITS, FACTIONS, &squad.faction);
    w.bit(!squad.name.is_empty());
    w.bit(!squad.notes.is_empty());
    w.bit(names_cards);
    if !squad.name.is_empty() {
        w.text(&squad.name);
    }
    if !squad.notes.is_empty() {
        w.text(&squad.notes);
    }
    let groups = super::v2::groups(&squad.ships);
    w.number::<4>(groups.len() as u64);
    let (mut pilot, mut upgrade) = (0i64, 0i64);
    for (ship, count) in groups {
        w.number::<2>(count as u64 - 1);
        w.number::<3>(ship.upgrades.len() as u64);
        w.card(&ship.pilot, &mut pilot, names_cards);
        for e in &ship.upgrades {
            w.bit(e.choice.is_some());
            w.card(&e.card, &mut upgrade, names_cards);
            w.bit(e.slot.is_some());
            if let Some(slot) = &e.slot {
                w.code(KIND_BITS, SLOT_KINDS, &slot.kind);
                w.number::<2>(u64::from(slot.index));
            }
            if let Some(choice) = &e.choice {
                w.code(KIND_BITS, SLOT_KINDS, choice);
            }
        }
    }
}

/// Writes into memory, which cannot fail.
struct Writer(BitWriter<Vec<u8>, BigEndian>);

const IN_MEMORY: &str = "writing bits to memory cannot fail";

impl Writer {
    fn bit(&mut self, bit: bool) {
        self.0.write_bit(bit).expect(IN_MEMORY);
    }

    /// A number in fields of `FIELD` bits (one of them "more follows").
    fn number<const FIELD: u32>(&mut self, n: u64) {
        self.0.write_unsigned_vbr::<FIELD, u64>(n).expect(IN_MEMORY);
    }

    fn text(&mut self, s: &str) {
        self.number::<4>(s.len() as u64);
        self.0.write_bytes(s.as_bytes()).expect(IN_MEMORY);
    }

    /// The code of `name` in `table` in `bits` bits, or the escape and the text.
    fn code(&mut self, bits: u32, table: &[&str], name: &str) {
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
    fn card(&mut self, card: &CardRef, previous: &mut i64, names_cards: bool) {
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
    fn finish(mut self) -> Vec<u8> {
        self.0.byte_align().expect(IN_MEMORY);
        self.0.into_writer()
    }
}

/// Reads a version 3 record into `squad`, group by group; says whether
/// nothing but the zero bits of the last byte followed it.
pub(super) fn read_record(bytes: &[u8], squad: &mut Squad) -> Result<bool, RecordError> {
    let mut r = Reader(BitReader::endian(bytes, BigEndian));
    read_squad(&mut r, squad)?;
    Ok(r.only_padding_left())
}

/// Reads a version 4 record: version 3's, then the obstacles.
pub(super) fn read_record_v4(bytes: &[u8], squad: &mut Squad) -> Result<bool, RecordError> {
    let mut r = Reader(BitReader::endian(bytes, BigEndian));
    read_squad(&mut r, squad)?;
    let what = "the obstacles";
    let count = r.number::<2>(what)?;
    if count > MAX_OBSTACLES as u64 {
        return Err(over_limit(what, count, MAX_OBSTACLES));
    }
    let table = obstacle_table();
    for _ in 0..count {
        squad.obstacles.push(r.code(OBSTACLE_BITS, &table, what)?);
    }
    Ok(r.only_padding_left())
}

fn read_squad(r: &mut Reader, squad: &mut Squad) -> Result<(), RecordError> {
    squad.format = r.code(HEAD_CODE_BITS, FORMATS, "the format")?;
    squad.faction = r.code(HEAD_CODE_BITS, FACTIONS, "the faction")?;
    let has_name = r.bit("the format and faction")?;
    let has_notes = r.bit("the format and faction")?;
    let names_cards = r.bit("the format and faction")?;
    if has_name {
        squad.name = r.text("the name", utf8_bytes(MAX_NAME_CHARS))?;
    }
    if has_notes {
        squad.notes = r.text("the notes", utf8_bytes(MAX_NOTES_CHARS))?;
    }
    crate::squad::limits::check_text(&squad.name, &squad.notes)?;
    let groups = r.number::<4>("the number of ship groups")?;
    if groups > MAX_SHIPS as u64 {
        return Err(over_limit("the number of ship groups", groups, MAX_SHIPS));
    }
    let (mut pilot_id, mut upgrade_id) = (0i64, 0i64);
    for _ in 0..groups {
        let n = squad.ships.len() + 1;
        let count = r
            .number::<2>(&format!("ship {n}'s copies"))?
            .saturating_add(1);
        let upgrades = r.number::<3>(&format!("ship {n}'s number of upgrades"))?;
        check_group(squad, n, count, upgrades)?;
        let pilot = r.card(&mut pilot_id, names_cards, &format!("ship {n}'s pilot"))?;
        // The ship is shown from here on, with the upgrades read so far.
        squad.ships.push(SquadShip {
            pilot,
            upgrades: Vec::new(),
        });
        for _ in 0..upgrades {
            let what = format!("an upgrade of ship {n}");
            let has_choice = r.bit(&what)?;
            let card = r.card(&mut upgrade_id, names_cards, &what)?;
            let slot = if r.bit(&what)? {
                let kind = r.code(KIND_BITS, SLOT_KINDS, &what)?;
                let index =
                    u8::try_from(r.number::<2>(&what)?).map_err(|_| RecordError::BadMark {
                        what: what.clone(),
                        mark: "slot",
                    })?;
                Some(SlotRef {
                    kind: kind.into(),
                    index,
                })
            } else {
                None
            };
            let choice = if has_choice {
                Some(r.code(KIND_BITS, SLOT_KINDS, &what)?)
            } else {
                None
            };
            equip_last(squad, Equipped { card, slot, choice });
        }
        copy_last(squad, count);
    }
    Ok(())
}

/// Reads field by field, naming the field where the record breaks off.
struct Reader<'a>(BitReader<&'a [u8], BigEndian>);

impl Reader<'_> {
    fn bit(&mut self, what: &str) -> Result<bool, RecordError> {
        self.0.read_bit().map_err(|e| broken(e, what))
    }

    fn number<const FIELD: u32>(&mut self, what: &str) -> Result<u64, RecordError> {
        self.0
            .read_unsigned_vbr::<FIELD, u64>()
            .map_err(|e| broken(e, what))
    }

    /// Length-prefixed text of at most `max` bytes: a longer one is an
    /// error, never an allocation.
    fn text(&mut self, what: &str, max: usize) -> Result<String, RecordError> {
        let len = self.number::<4>(what)?;
        if len > max as u64 {
            let what = what.to_string();
            return Err(RecordError::TextOverLimit { what, len, max });
        }
        let bytes = self
            .0
            .read_to_vec(len as usize)
            .map_err(|e| broken(e, what))?;
        String::from_utf8(bytes).map_err(|_| RecordError::NotText {
            what: what.to_string(),
        })
    }

    fn code(&mut self, bits: u32, table: &[&str], what: &str) -> Result<String, RecordError> {
        let code: u32 = self.0.read_var(bits).map_err(|e| broken(e, what))?;
        match table.get(code as usize) {
            Some(name) => Ok((*name).to_string()),
            None if code == (1 << bits) - 1 => self.text(what, MAX_KEY_BYTES),
            None => Err(RecordError::BadMark {
                what: what.to_string(),
                mark: "name code",
            }),
        }
    }

    fn card(
        &mut self,
        previous: &mut i64,
        names_cards: bool,
        what: &str,
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
            .ok_or_else(|| RecordError::ImpossibleCardId {
                what: what.to_string(),
            })?;
        *previous = i64::from(id);
        Ok(CardRef::Id(id))
    }

    /// Whether all that is left are the zero bits that fill the last byte.
    fn only_padding_left(&mut self) -> bool {
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
fn broken(e: std::io::Error, what: &str) -> RecordError {
    let what = what.to_string();
    match e.kind() {
        std::io::ErrorKind::UnexpectedEof => RecordError::EndsInside { what },
        _ => RecordError::NotANumber { what },
    }
}
