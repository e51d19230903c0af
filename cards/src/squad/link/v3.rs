//! Version 3 of the link code: version 2's record, packed to the bit.
//! Version 4 (`v4.rs`) writes this record, then the squad's obstacles.
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

use super::bits::{BitsReader, BitsWriter};
use super::record::{RecordError, RecordMark};
use super::record::{check_group, copy_last, equip_last, over_limit};
use super::v2::{FACTIONS, FORMATS, SLOT_KINDS};
use crate::squad::limits::{MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_SHIPS, utf8_bytes};
use crate::squad::{CardRef, Equipped, SlotRef, Squad, SquadField, SquadShip};

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

/// The version 3 record of a squad, without its checksum.
pub(super) fn record(squad: &Squad) -> Vec<u8> {
    let mut w = BitsWriter::new();
    write_squad(&mut w, squad);
    w.finish()
}

/// The squad's fields, in the order the module's documentation gives.
pub(super) fn write_squad(w: &mut BitsWriter, squad: &Squad) {
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

/// Reads a version 3 record into `squad`, group by group; says whether
/// nothing but the zero bits of the last byte followed it.
pub(super) fn read_record(bytes: &[u8], squad: &mut Squad) -> Result<bool, RecordError> {
    let mut r = BitsReader::new(bytes);
    read_squad(&mut r, squad)?;
    Ok(r.only_padding_left())
}

/// Reads the squad's fields into `squad`, group by group.
pub(super) fn read_squad(r: &mut BitsReader, squad: &mut Squad) -> Result<(), RecordError> {
    squad.format = r.code(HEAD_CODE_BITS, FORMATS, SquadField::Format)?;
    squad.faction = r.code(HEAD_CODE_BITS, FACTIONS, SquadField::Faction)?;
    let has_name = r.bit(SquadField::FormatAndFaction)?;
    let has_notes = r.bit(SquadField::FormatAndFaction)?;
    let names_cards = r.bit(SquadField::FormatAndFaction)?;
    if has_name {
        squad.name = r.text(SquadField::Name, utf8_bytes(MAX_NAME_CHARS))?;
    }
    if has_notes {
        squad.notes = r.text(SquadField::Notes, utf8_bytes(MAX_NOTES_CHARS))?;
    }
    crate::squad::limits::check_text(&squad.name, &squad.notes)?;
    let groups = r.number::<4>(SquadField::ShipGroups)?;
    if groups > MAX_SHIPS as u64 {
        return Err(over_limit(SquadField::ShipGroups, groups, MAX_SHIPS));
    }
    let (mut pilot_id, mut upgrade_id) = (0i64, 0i64);
    for _ in 0..groups {
        let n = squad.ships.len() + 1;
        let count = r.number::<2>(SquadField::Copies(n))?.saturating_add(1);
        let upgrades = r.number::<3>(SquadField::UpgradeCount(n))?;
        check_group(squad, n, count, upgrades)?;
        let pilot = r.card(&mut pilot_id, names_cards, SquadField::Pilot(n))?;
        // The ship is shown from here on, with the upgrades read so far.
        squad.ships.push(SquadShip {
            pilot,
            upgrades: Vec::new(),
        });
        for _ in 0..upgrades {
            let what = SquadField::Upgrade(n);
            let has_choice = r.bit(what)?;
            let card = r.card(&mut upgrade_id, names_cards, what)?;
            let slot = if r.bit(what)? {
                let kind = r.code(KIND_BITS, SLOT_KINDS, what)?;
                let index =
                    u8::try_from(r.number::<2>(what)?).map_err(|_| RecordError::BadMark {
                        what,
                        mark: RecordMark::Slot,
                    })?;
                Some(SlotRef {
                    kind: kind.into(),
                    index,
                })
            } else {
                None
            };
            let choice = if has_choice {
                Some(r.code(KIND_BITS, SLOT_KINDS, what)?)
            } else {
                None
            };
            equip_last(squad, Equipped { card, slot, choice });
        }
        copy_last(squad, count);
    }
    Ok(())
}
