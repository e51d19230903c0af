//! Version 4 of the link code: version 3's record (`v3.rs`), then the
//! squad's obstacles: how many (a number), and each as a five-bit code in
//! the order of [`OBSTACLES`] (or 31 and its name as text). A squad that
//! brings no obstacles is written as version 3, so it keeps the code it
//! always had.

use super::bits::{BitsReader, BitsWriter};
use super::record::RecordError;
use super::record::over_limit;
use super::v3::{read_squad, write_squad};
use crate::squad::limits::MAX_OBSTACLES;
use crate::squad::obstacles::OBSTACLES;
use crate::squad::{Squad, SquadField};

/// The prefix of a version 4 code: version 3's record, then the obstacles.
pub(super) const PREFIX: &str = "v4";
/// A version 4 record ends as version 3's does.
pub(super) const CHECKSUM_BYTES: usize = super::v3::CHECKSUM_BYTES;
/// Bits of an obstacle code; the largest value says "text follows".
const OBSTACLE_BITS: u32 = 5;
const _: () = assert!(OBSTACLES.len() < (1 << OBSTACLE_BITS) - 1);

/// The obstacles' names in code order.
fn obstacle_table() -> [&'static str; OBSTACLES.len()] {
    OBSTACLES.map(|o| o.xws)
}

/// The version 4 record: version 3's, then how many obstacles (a number)
/// and each as a five-bit code (or 31 and its name as text).
pub(super) fn record(squad: &Squad) -> Vec<u8> {
    let mut w = BitsWriter::new();
    write_squad(&mut w, squad);
    w.number::<2>(squad.obstacles.len() as u64);
    let table = obstacle_table();
    for o in &squad.obstacles {
        w.code(OBSTACLE_BITS, &table, o);
    }
    w.finish()
}

/// Reads a version 4 record: version 3's, then the obstacles; says
/// whether nothing but the zero bits of the last byte followed it.
pub(super) fn read_record(bytes: &[u8], squad: &mut Squad) -> Result<bool, RecordError> {
    let mut r = BitsReader::new(bytes);
    read_squad(&mut r, squad)?;
    let what = SquadField::Obstacles;
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
