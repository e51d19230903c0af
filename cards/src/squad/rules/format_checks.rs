//! The checks of the whole squad, each a named function that returns its
//! problems: the format's (the points limit, ships of one type, copies of
//! a card, epic points; columns of `data/formats.csv`), and the cards'
//! own squad-wide rules (squad limits, two-section ships).

use std::collections::{BTreeMap, BTreeSet};

use super::reason::{NamedCard, SquadReason, keys};
use super::resolved::{Fitted, Resolved};
use super::verdict::{add, problem};
use crate::catalog::{Database, EpicPoints, Format, Ship, ShipSize, Upgrade};
use crate::squad::Problem;

/// The squad's points within the format's limit.
pub(super) fn points_limit(format: &Format, points: i32) -> Option<Problem> {
    (points > format.points).then(|| {
        problem(
            (None, None, None),
            SquadReason::PointsOverLimit {
                format: format.key.as_str().into(),
                points,
                limit: format.points,
            },
        )
    })
}

/// At most so many small (or large) ships of one type.
pub(super) fn ship_type_limits(format: &Format, resolved: &[&Resolved]) -> Vec<Problem> {
    let mut by_type: BTreeMap<&str, (usize, &Ship)> = BTreeMap::new();
    for ship in resolved.iter().filter_map(|r| r.ship) {
        by_type.entry(ship.xws.as_str()).or_insert((0, ship)).0 += 1;
    }
    by_type
        .values()
        .filter_map(|(count, ship)| {
            let max = match ship.size {
                ShipSize::Small => format.max_small_per_type,
                ShipSize::Large => format.max_large_per_type,
                ShipSize::Huge => None,
            }?;
            (*count > max as usize).then(|| {
                problem(
                    (None, None, Some(ship.xws.as_str().into())),
                    SquadReason::ShipTypeLimit {
                        format: format.key.as_str().into(),
                        max,
                        size: ship.size,
                        count: *count,
                        ship: ship.xws.as_str().into(),
                    },
                )
            })
        })
        .collect()
}

/// Whether a format's copy limit counts this card: a secondary weapon
/// (`weapon`: any card with an attack value) or a card of a listed slot.
pub(super) fn copy_counted(format: &Format, card: &Upgrade) -> bool {
    format.copies_of.iter().any(|k| {
        if k == "weapon" {
            card.faces.iter().any(|f| f.attack.is_some())
        } else {
            card.slots.contains(k)
        }
    })
}

/// At most so many copies of a secondary weapon or Elite talent.
pub(super) fn copy_limit(format: &Format, resolved: &[&Resolved]) -> Vec<Problem> {
    // No limit: nothing to count.
    if format.max_copies.is_none() {
        return Vec::new();
    }
    let mut copies: BTreeMap<&str, (usize, &Upgrade)> = BTreeMap::new();
    let cards = resolved
        .iter()
        .flat_map(|r| r.upgrades.iter().filter_map(|f| f.card));
    for card in cards.filter(|c| copy_counted(format, c)) {
        copies.entry(card.xws.as_str()).or_insert((0, card)).0 += 1;
    }
    copies
        .values()
        .filter_map(|&(count, card)| copy_limit_problem(format, card, count))
        .collect()
}

/// The problem of `count` copies of a card the format's copy limit counts,
/// if they are too many.
pub(super) fn copy_limit_problem(format: &Format, card: &Upgrade, count: usize) -> Option<Problem> {
    let max = format.max_copies?;
    (count > max as usize).then(|| {
        problem(
            (None, None, Some(card.xws.as_str().into())),
            SquadReason::CopyLimit {
                format: format.key.as_str().into(),
                max,
                count,
                card: NamedCard::upgrade(card),
            },
        )
    })
}

/// The huge ships' epic points (2014 rules) within the limit; a ship with
/// no published value is a warning, never a guess.
pub(super) fn epic_points(format: &Format, resolved: &[&Resolved]) -> Vec<Problem> {
    let Some(max) = format.max_epic_points else {
        return Vec::new();
    };
    let mut known = EpicPoints::default();
    let mut unknown: BTreeSet<&str> = BTreeSet::new();
    for ship in resolved
        .iter()
        .filter_map(|r| r.ship)
        .filter(|s| s.is_huge())
    {
        match ship.epic_points {
            Some(p) => known = known.plus(p),
            None => {
                unknown.insert(ship.xws.as_str());
            }
        }
    }
    let mut out: Vec<Problem> = unknown
        .into_iter()
        .map(|xws| {
            let reason = SquadReason::EpicPointsUnknown {
                ship: xws.into(),
                max,
            };
            problem((None, None, Some(xws.into())), reason).warning()
        })
        .collect();
    if u32::from(known.tenths()) > max.saturating_mul(10) {
        out.push(problem(
            (None, None, None),
            SquadReason::EpicPointsOverLimit {
                format: format.key.as_str().into(),
                epic: known,
                max,
            },
        ));
    }
    out
}

/// Cards with a squad limit (Attanni Mindlink: "Your squad cannot include
/// more than 2 copies"), counted over every ship.
pub(super) fn squad_limits(resolved: &[&Resolved]) -> Vec<Problem> {
    // Every copy of a card with a squad limit, with where it sits.
    let copies: Vec<(&Upgrade, usize, &Fitted)> = resolved
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.upgrades.iter().map(move |f| (i, f)))
        .filter_map(|(i, f)| {
            f.card
                .filter(|c| c.squad_limit.is_some())
                .map(|c| (c, i, f))
        })
        .collect();
    let mut out = Vec::new();
    for (card, ship, f) in &copies {
        let count = copies.iter().filter(|(c, ..)| c.xws == card.xws).count();
        add(&mut out, squad_limit_problem(card, *ship, f, count));
    }
    out
}

/// The problem of one of `count` copies of a card with a squad limit, if
/// they are too many.
pub(super) fn squad_limit_problem(
    card: &Upgrade,
    ship: usize,
    f: &Fitted,
    count: usize,
) -> Option<Problem> {
    let max = usize::from(card.squad_limit?);
    (count > max).then(|| {
        problem(
            (
                Some(ship),
                f.equipped.slot.clone(),
                Some(card.xws.as_str().into()),
            ),
            SquadReason::SquadLimit {
                card: NamedCard::upgrade(card),
                max,
                count,
            },
        )
    })
}

/// Huge ships of several sections (the CR90's Fore and Aft) fly whole: each
/// section in the squad needs one of every other section of its ship. Every
/// entry of a section more numerous than the scarcest is reported, so the
/// squad's order changes nothing.
pub(super) fn sections(db: &Database, resolved: &[&Resolved]) -> Vec<Problem> {
    let mut out = Vec::new();
    let wholes: BTreeSet<&str> = resolved
        .iter()
        .filter_map(|r| r.ship?.section_of.as_deref())
        .collect();
    for whole in wholes {
        let kinds: Vec<&Ship> = db
            .ships
            .iter()
            .filter(|s| s.section_of.as_deref() == Some(whole))
            .collect();
        let entries = |kind: &Ship| -> Vec<usize> {
            resolved
                .iter()
                .enumerate()
                .filter(|(_, r)| r.ship.is_some_and(|s| s.xws == kind.xws))
                .map(|(i, _)| i)
                .collect()
        };
        let whole_ships = kinds.iter().map(|k| entries(k).len()).min().unwrap_or(0);
        for kind in &kinds {
            let missing = kinds
                .iter()
                .filter(|other| entries(other).len() == whole_ships && other.xws != kind.xws)
                .map(|other| other.xws.as_str());
            let reason = SquadReason::SectionMissing {
                whole: whole.into(),
                section: kind.xws.as_str().into(),
                missing: keys(missing),
            };
            let these = entries(kind);
            if these.len() == whole_ships {
                continue;
            }
            for i in these {
                let card = resolved[i].pilot.map(|p| p.xws.as_str().into());
                out.push(problem((Some(i), None, card), reason.clone()));
            }
        }
    }
    out
}
