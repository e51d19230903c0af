//! The checks of the squad as a whole, each returning its problems: one
//! card of each unique name, then the format's and the cards' limits
//! (`format_checks.rs`). They run in two groups: those that read only
//! which pilots fly, which an option's trials share, and those that read
//! the cards.

use super::format_checks;
use super::reason::{NamedCard, SquadReason};
use super::resolved::{Resolved, UniqueCopy, unique_copies};
use super::verdict::{Problem, add, problem};
use crate::catalog::{Database, Format};

/// The squad checks that read only which pilots and ships fly: the
/// sections of a ship, ships of one type, epic points. An option's
/// trial changes no pilot, so its trials share one answer.
pub(super) fn fleet_checks(
    db: &Database,
    format: Option<&Format>,
    resolved: &[&Resolved],
) -> Vec<Problem> {
    let mut out = format_checks::sections(db, resolved);
    if let Some(format) = format {
        out.extend(format_checks::ship_type_limits(format, resolved));
        out.extend(format_checks::epic_points(format, resolved));
    }
    out
}

/// The squad checks that read the cards (unique names, squad limits,
/// points, copies); returns the squad's points.
pub(super) fn card_checks(
    db: &Database,
    format: Option<&Format>,
    resolved: &[&Resolved],
    out: &mut Vec<Problem>,
) -> i32 {
    unique_names(db, resolved, out);
    out.extend(format_checks::squad_limits(resolved));
    let points: i32 = resolved.iter().map(|r| r.report.points).sum();
    if let Some(format) = format {
        add(out, format_checks::points_limit(format, points));
        out.extend(format_checks::copy_limit(format, resolved));
    }
    points
}

/// Every card of a unique name the squad holds more than once.
fn unique_names(db: &Database, resolved: &[&Resolved], out: &mut Vec<Problem>) {
    for (name, copies) in unique_copies(resolved).iter().filter(|(_, c)| c.len() > 1) {
        for copy in copies {
            out.push(unique_duplicate(db, name.0, copies, copy));
        }
    }
}

/// The problem of one of several cards of one unique name (`name`, as
/// written on one of them).
pub(super) fn unique_duplicate(
    db: &Database,
    name: &str,
    copies: &[UniqueCopy],
    &(ship, slot, xws): &UniqueCopy,
) -> Problem {
    let card = copies
        .iter()
        .map(|c| c.2)
        .min()
        .and_then(|first| db.card(first))
        .map_or_else(|| NamedCard::unknown(name), NamedCard::of);
    problem(
        (Some(ship), slot.cloned(), Some(xws.into())),
        SquadReason::UniqueDuplicate {
            card,
            copies: copies.len(),
        },
    )
}
