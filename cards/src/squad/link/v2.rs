//! Version 2 of the link code: varints where version 1 wrote text.
//!
//! The record, before base64url and a 16-bit checksum (the first two bytes
//! of the record's CRC-32):
//!
//! - a head: the format and the faction as codes in stable tables, and
//!   whether a name and notes follow;
//! - the number of groups, then each group: how many identical ships in a
//!   row and how many upgrades each carries, the pilot, and each upgrade
//!   with its slot (a slot-kind code and its index) and its choice;
//! - numbers are varints (`record.rs`), card ids included.
//!
//! A name missing from a table is written as text after an escape code, so
//! a new format, faction or slot kind still encodes; the tables only grow,
//! at their ends.

use super::record::{ByteReader, check_group, copy_last, equip_last, put_text, put_varint};
use super::record::{RecordError, RecordMark};
use crate::squad::limits::{
    MAX_KEY_BYTES, MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_SHIPS, MAX_UPGRADES_PER_SHIP, utf8_bytes,
};
use crate::squad::{CardRef, Equipped, SlotRef, Squad, SquadField, SquadShip};

/// The prefix of a version 2 code.
pub(super) const PREFIX: &str = "v2";

/// Format keys by code. Append only: a code, once given, is forever.
pub(super) const FORMATS: &[&str] = &["standard", "epic", "epic-2014", "team-epic"];
/// Faction XWS names by code. Append only.
pub(super) const FACTIONS: &[&str] = &["rebel", "imperial", "scum", "firstorder", "resistance"];
/// Slot kinds (XWS slot names) by code, for slots and for choices (a
/// card's choice is a slot kind: "Heavy Scyk" picks `cannon`, `turret` or
/// `mod`). Append only.
pub(super) const SLOT_KINDS: &[&str] = &[
    "ept",
    "amd",
    "torpedo",
    "missile",
    "cannon",
    "turret",
    "bomb",
    "crew",
    "system",
    "samd",
    "illicit",
    "tech",
    "cargo",
    "hardpoint",
    "team",
    "title",
    "mod",
];

/// A version 2 record ends with the first two bytes of its CRC-32.
pub(super) const CHECKSUM_BYTES: usize = 2;
/// A group's first number is `upgrades + (count - 1) * GROUP_STRIDE`;
/// `upgrades` past the limit is written as `MORE_UPGRADES`, with the real
/// number after it (only an unchecked squad has that many: the decoder
/// refuses it with its count).
const MORE_UPGRADES: u64 = MAX_UPGRADES_PER_SHIP as u64 + 1;
const GROUP_STRIDE: u64 = MORE_UPGRADES + 1;

/// The version 2 record of a squad, without its checksum.
pub(super) fn record(squad: &Squad) -> Vec<u8> {
    let mut out = Vec::new();
    let format = code_of(FORMATS, &squad.format);
    let faction = code_of(FACTIONS, &squad.faction);
    let head = ((format * (FACTIONS.len() as u64 + 1)) + faction) * 4
        + u64::from(!squad.name.is_empty())
        + 2 * u64::from(!squad.notes.is_empty());
    put_varint(&mut out, head);
    if format == FORMATS.len() as u64 {
        put_text(&mut out, &squad.format);
    }
    if faction == FACTIONS.len() as u64 {
        put_text(&mut out, &squad.faction);
    }
    if !squad.name.is_empty() {
        put_text(&mut out, &squad.name);
    }
    if !squad.notes.is_empty() {
        put_text(&mut out, &squad.notes);
    }
    let groups = groups(&squad.ships);
    put_varint(&mut out, groups.len() as u64);
    for (ship, count) in groups {
        let upgrades = ship.upgrades.len() as u64;
        let shape = upgrades.min(MORE_UPGRADES) + (count as u64 - 1) * GROUP_STRIDE;
        put_varint(&mut out, shape);
        if upgrades >= MORE_UPGRADES {
            put_varint(&mut out, upgrades);
        }
        put_card(&mut out, &ship.pilot, false);
        for e in &ship.upgrades {
            put_card(&mut out, &e.card, e.choice.is_some());
            match &e.slot {
                None => put_varint(&mut out, 0),
                Some(slot) => {
                    let kind = code_of(SLOT_KINDS, &slot.kind);
                    let stride = SLOT_KINDS.len() as u64 + 1;
                    put_varint(&mut out, 1 + u64::from(slot.index) * stride + kind);
                    if kind == SLOT_KINDS.len() as u64 {
                        put_text(&mut out, &slot.kind);
                    }
                }
            }
            if let Some(choice) = &e.choice {
                let code = code_of(SLOT_KINDS, choice);
                put_varint(&mut out, code);
                if code == SLOT_KINDS.len() as u64 {
                    put_text(&mut out, choice);
                }
            }
        }
    }
    out
}

/// Identical ships in a row, each once with its count.
pub(super) fn groups(ships: &[SquadShip]) -> Vec<(&SquadShip, usize)> {
    let mut groups: Vec<(&SquadShip, usize)> = Vec::new();
    for ship in ships {
        match groups.last_mut() {
            Some((last, count)) if *last == ship && (*count as u64) < u64::MAX / GROUP_STRIDE => {
                *count += 1
            }
            _ => groups.push((ship, 1)),
        }
    }
    groups
}

/// The code of `name` in `table`, or `table.len()`: text follows.
fn code_of(table: &[&str], name: &str) -> u64 {
    table.iter().position(|t| *t == name).unwrap_or(table.len()) as u64
}

/// A card: its id (or XWS name, as text) shifted left by two, with a bit
/// for "a choice follows" and a bit for "an XWS name".
fn put_card(out: &mut Vec<u8>, card: &CardRef, has_choice: bool) {
    let choice = 2 * u64::from(has_choice);
    match card {
        CardRef::Id(id) => put_varint(out, (u64::from(*id) << 2) | choice),
        CardRef::Xws(xws) => {
            put_varint(out, ((xws.len() as u64) << 2) | choice | 1);
            out.extend_from_slice(xws.as_bytes());
        }
    }
}

/// Reads a version 2 record into `squad`; says whether it took every byte.
pub(super) fn read_record(bytes: &[u8], squad: &mut Squad) -> Result<bool, RecordError> {
    let mut r = ByteReader::new(bytes);
    read_groups(&mut r, squad)?;
    Ok(r.at_end())
}

/// Reads a version 2 record into `squad`, group by group.
fn read_groups(r: &mut ByteReader, squad: &mut Squad) -> Result<(), RecordError> {
    let head = r.varint(SquadField::FormatAndFaction)?;
    let (has_name, has_notes) = (head & 1 == 1, head & 2 == 2);
    let factions = FACTIONS.len() as u64 + 1;
    squad.format = name(r, FORMATS, (head >> 2) / factions, SquadField::Format)?;
    squad.faction = name(r, FACTIONS, (head >> 2) % factions, SquadField::Faction)?;
    if has_name {
        squad.name = r.text(SquadField::Name, utf8_bytes(MAX_NAME_CHARS))?;
    }
    if has_notes {
        squad.notes = r.text(SquadField::Notes, utf8_bytes(MAX_NOTES_CHARS))?;
    }
    crate::squad::limits::check_text(&squad.name, &squad.notes)?;
    let groups = r.count(SquadField::ShipGroups, MAX_SHIPS)?;
    for _ in 0..groups {
        let n = squad.ships.len() + 1;
        let shape = r.varint(SquadField::UpgradesAndCopies(n))?;
        let count = shape / GROUP_STRIDE + 1;
        let mut upgrades = shape % GROUP_STRIDE;
        if upgrades == MORE_UPGRADES {
            upgrades = r.varint(SquadField::UpgradeCount(n))?;
        }
        check_group(squad, n, count, upgrades)?;
        let (pilot, choice) = card(r, SquadField::Pilot(n))?;
        if choice {
            return Err(RecordError::BadMark {
                what: SquadField::Pilot(n),
                mark: RecordMark::Choice,
            });
        }
        // The ship is shown from here on, with the upgrades read so far.
        squad.ships.push(SquadShip {
            pilot,
            upgrades: Vec::new(),
        });
        for _ in 0..upgrades {
            let what = SquadField::Upgrade(n);
            let (card, has_choice) = card(r, what)?;
            let slot = match r.varint(what)? {
                0 => None,
                code => {
                    let stride = SLOT_KINDS.len() as u64 + 1;
                    let index =
                        u8::try_from((code - 1) / stride).map_err(|_| RecordError::BadMark {
                            what,
                            mark: RecordMark::Slot,
                        })?;
                    let kind = name(r, SLOT_KINDS, (code - 1) % stride, what)?;
                    Some(SlotRef {
                        kind: kind.into(),
                        index,
                    })
                }
            };
            let choice = if has_choice {
                let code = r.varint(what)?;
                Some(name(r, SLOT_KINDS, code, what)?)
            } else {
                None
            };
            equip_last(squad, Equipped { card, slot, choice });
        }
        copy_last(squad, count);
    }
    Ok(())
}

/// The name of `code` in `table`; the escape code reads it as text.
fn name(
    r: &mut ByteReader,
    table: &[&str],
    code: u64,
    what: SquadField,
) -> Result<String, RecordError> {
    match usize::try_from(code).ok().and_then(|c| table.get(c)) {
        Some(name) => Ok((*name).to_string()),
        None if code == table.len() as u64 => r.text(what, MAX_KEY_BYTES),
        None => Err(RecordError::BadMark {
            what,
            mark: RecordMark::NameCode,
        }),
    }
}

/// A card and whether a choice follows it.
fn card(r: &mut ByteReader, what: SquadField) -> Result<(CardRef, bool), RecordError> {
    let n = r.varint(what)?;
    let choice = n & 2 == 2;
    if n & 1 == 1 {
        let xws = r.text_of(n >> 2, what, MAX_KEY_BYTES)?;
        return Ok((CardRef::Xws(xws), choice));
    }
    let id = u32::try_from(n >> 2).map_err(|_| RecordError::ImpossibleCardId { what })?;
    Ok((CardRef::Id(id), choice))
}
