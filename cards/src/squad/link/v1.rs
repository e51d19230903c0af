//! Version 1 of the link code, read forever: every field as text or a
//! varint, with marks for "a slot follows" and "a choice follows", and the
//! record's whole CRC-32.

use super::record::{ByteReader, put_text, put_varint};
use super::record::{RecordError, RecordMark};
use crate::squad::limits::{
    MAX_KEY_BYTES, MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_SHIPS, MAX_UPGRADES_PER_SHIP, utf8_bytes,
};
use crate::squad::{CardRef, Equipped, SlotRef, Squad, SquadField, SquadShip};

/// The prefix of a version 1 code.
pub(super) const PREFIX: &str = "v1";
/// A version 1 record ends with its CRC-32, all four bytes.
pub(super) const CHECKSUM_BYTES: usize = 4;

/// The version 1 record of a squad, without its checksum.
pub(super) fn record(squad: &Squad) -> Vec<u8> {
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
    out
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

/// Reads a version 1 record into `squad`, ship by ship; says whether it
/// took every byte.
pub(super) fn read_record(bytes: &[u8], squad: &mut Squad) -> Result<bool, RecordError> {
    let mut r = ByteReader::new(bytes);
    read_fields(&mut r, squad)?;
    Ok(r.at_end())
}

/// Reads a version 1 record into `squad`, field by field.
fn read_fields(r: &mut ByteReader, squad: &mut Squad) -> Result<(), RecordError> {
    squad.format = r.text(SquadField::Format, MAX_KEY_BYTES)?;
    squad.faction = r.text(SquadField::Faction, MAX_KEY_BYTES)?;
    squad.name = r.text(SquadField::Name, utf8_bytes(MAX_NAME_CHARS))?;
    squad.notes = r.text(SquadField::Notes, utf8_bytes(MAX_NOTES_CHARS))?;
    crate::squad::limits::check_text(&squad.name, &squad.notes)?;
    let ships = r.count(SquadField::ShipCount, MAX_SHIPS)?;
    // At most MAX_SHIPS: the count is checked.
    for n in 1..=ships as usize {
        let pilot = card(r, SquadField::Pilot(n))?;
        let upgrades = r.count(SquadField::UpgradeCount(n), MAX_UPGRADES_PER_SHIP)?;
        // The ship is shown from here on, with the upgrades read so far.
        squad.ships.push(SquadShip {
            pilot,
            upgrades: Vec::new(),
        });
        for _ in 0..upgrades {
            let what = SquadField::Upgrade(n);
            let card = card(r, what)?;
            let slot = match r.byte(what)? {
                0 => None,
                1 => Some(SlotRef {
                    kind: r.text(what, MAX_KEY_BYTES)?.into(),
                    index: r.byte(what)?,
                }),
                _ => {
                    let mark = RecordMark::Slot;
                    return Err(RecordError::BadMark { what, mark });
                }
            };
            let choice = match r.byte(what)? {
                0 => None,
                1 => Some(r.text(what, MAX_KEY_BYTES)?),
                _ => {
                    let mark = RecordMark::Choice;
                    return Err(RecordError::BadMark { what, mark });
                }
            };
            if let Some(ship) = squad.ships.last_mut() {
                ship.upgrades.push(Equipped { card, slot, choice });
            }
        }
    }
    Ok(())
}

fn card(r: &mut ByteReader, what: SquadField) -> Result<CardRef, RecordError> {
    match r.byte(what)? {
        0 => {
            let id = r.varint(what)?;
            u32::try_from(id)
                .map(CardRef::Id)
                .map_err(|_| RecordError::ImpossibleCardId { what })
        }
        1 => Ok(CardRef::Xws(r.text(what, MAX_KEY_BYTES)?)),
        _ => Err(RecordError::BadMark {
            what,
            mark: RecordMark::Card,
        }),
    }
}
