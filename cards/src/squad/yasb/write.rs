//! Writing a squad as a YASB v4 link, for a friend who still uses YASB.
//! Each card goes where YASB's own loader looks for it: a printed slot's
//! card at that slot's position in the pilot's list, the Title and
//! Modification in their fields, and cards in granted slots in the added
//! list (the title's first, then the modification's, then the upgrades').
//! Anything YASB cannot name is listed as a [`YasbLoss`], never left out
//! silently.

use std::fmt;

use crate::catalog::{Database, ShortName, YasbKind};
use crate::squad::UpgradeBar;
use crate::squad::obstacles::obstacle;
use crate::squad::{CardRef, Rules, Squad, SquadShip};
use crate::squad::{ShipReport, SlotOrigin};

/// Where YASB's 1st-edition builder lives.
pub const YASB_BASE: &str = "https://geordanr.github.io/xwing/";

/// A YASB link and what it could not carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YasbExport {
    pub url: String,
    pub losses: Vec<YasbLoss>,
}

/// One thing a YASB link leaves out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YasbLoss {
    /// The ship (from 0) it concerns, if any.
    pub ship: Option<usize>,
    /// The upgrade (index on the ship) it concerns, if any.
    pub upgrade: Option<usize>,
    /// What of it is left out.
    pub part: LostPart,
    pub what: String,
}

/// The part of a squad a [`YasbLoss`] leaves out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LostPart {
    /// Something of the whole squad: its notes, format, faction or an obstacle.
    Squad,
    /// The whole ship (its pilot has no YASB id).
    Ship,
    /// One upgrade card.
    Card,
    /// An upgrade's choice (a dual card's face); the card itself is written.
    Choice,
}

impl fmt::Display for YasbLoss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.ship {
            Some(ship) => write!(f, "Ship {}: {}", ship + 1, self.what),
            None => f.write_str(&self.what),
        }
    }
}

/// The squad as a YASB v4 link on [`YASB_BASE`].
pub fn encode(rules: &Rules, squad: &Squad) -> YasbExport {
    let db = &rules.db;
    let report = rules.validate(squad);
    let mut losses = squad_losses(db, squad);
    let ships: Vec<String> = squad
        .ships
        .iter()
        .zip(&report.ships)
        .enumerate()
        .filter_map(|(i, (ship, seen))| write_ship(db, i, ship, seen, &mut losses))
        .collect();
    let data = format!("v4!{}!{}", game_type(&squad.format), ships.join(";"));
    let faction = db
        .faction(&squad.faction)
        .map_or(squad.faction.as_str(), |f| f.name.as_str());
    let obstacles: Vec<String> = squad
        .obstacles
        .iter()
        .filter_map(|o| obstacle(o).map(|o| o.yasb()))
        .collect();
    // The data is written as YASB writes it (digits, letters and `!:;,.=-`,
    // none of which needs escaping); the texts are escaped.
    let text = |s: &str| form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
    let url = format!(
        "{YASB_BASE}?f={}&d={data}&sn={}&obs={}",
        text(faction),
        text(&squad.name),
        text(&obstacles.join(","))
    );
    YasbExport { url, losses }
}

fn game_type(format: &str) -> String {
    match format {
        "standard" => "s".into(),
        "team-epic" => "t".into(),
        other => match other.strip_prefix(crate::catalog::CUSTOM_PREFIX) {
            Some(points) => format!("c={points}"),
            None => "e".into(),
        },
    }
}

/// What the squad as a whole has that a YASB link cannot hold.
fn squad_losses(db: &Database, squad: &Squad) -> Vec<YasbLoss> {
    let mut losses = Vec::new();
    let mut lose = |what: String| {
        losses.push(YasbLoss {
            ship: None,
            upgrade: None,
            part: LostPart::Squad,
            what,
        })
    };
    if !squad.notes.is_empty() {
        lose("the squad's notes (YASB links carry none)".into());
    }
    if !matches!(squad.format.as_str(), "standard" | "epic" | "team-epic")
        && !squad.format.starts_with(crate::catalog::CUSTOM_PREFIX)
    {
        lose(format!(
            "the format `{}` (YASB knows Standard, Epic, Team Epic and custom points; written as Epic)",
            squad.format
        ));
    }
    if !db.is_squad_faction(&squad.faction) {
        lose(format!("the faction `{}`", squad.faction));
    }
    for o in squad.obstacles.iter().filter(|o| obstacle(o).is_none()) {
        lose(format!("the obstacle `{o}`"));
    }
    losses
}

/// A card's YASB kind and id, or `None` when YASB cannot name it.
fn yasb_id(db: &Database, card: &CardRef, choice: Option<&str>) -> Option<(YasbKind, u32)> {
    match card {
        CardRef::Id(id) => db.yasb_id_of(*id, choice).map(|c| (c.kind, c.yasb_id)),
        // An unknown card read from a YASB link names its id again.
        CardRef::Xws(name) => {
            let mut parts = name.split(':');
            let (Some("yasb"), Some(kind), Some(id), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return None;
            };
            let kind = YasbKind::ALL.into_iter().find(|k| k.name() == kind)?;
            Some((kind, id.parse().ok()?))
        }
    }
}

/// The fields of one ship as YASB writes them, or `None` (with a loss)
/// for a pilot YASB cannot name.
fn write_ship(
    db: &Database,
    i: usize,
    ship: &SquadShip,
    seen: &ShipReport,
    losses: &mut Vec<YasbLoss>,
) -> Option<String> {
    let Some((YasbKind::Pilot, pilot)) = yasb_id(db, &ship.pilot, None) else {
        let pilot = ship
            .pilot
            .pilot(db)
            .map_or_else(|| ship.pilot.describe(), |p| p.name.clone());
        losses.push(ship_loss(
            i,
            None,
            LostPart::Ship,
            format!("{pilot} has no YASB id; the ship is left out"),
        ));
        return None;
    };
    let positions = db
        .yasb_card(YasbKind::Pilot, pilot)
        .map_or(&[][..], |c| c.slots.as_slice());
    let mut fields = ShipFields::new(db, positions);
    let bar = UpgradeBar::seat(db, ship, &seen.bar);
    let seated = seat_upgrades(db, (i, ship), &bar, &mut fields, losses);
    for (holder, e) in ship
        .upgrades
        .iter()
        .enumerate()
        .filter(|(h, _)| !seated[*h])
    {
        losses.push(ship_loss(
            i,
            Some(holder),
            LostPart::Card,
            format!(
                "{} sits in no slot, and a YASB link places cards only in slots",
                card_name(db, &e.card)
            ),
        ));
    }
    Some(fields.write(pilot))
}

/// Each seat of the bar written in the pilot's YASB positions: the card
/// in it, or -1 where it is empty, filled by a wider card, or holds a card
/// YASB cannot name there (a loss). Returns which upgrades had a seat.
fn seat_upgrades(
    db: &Database,
    (i, ship): (usize, &SquadShip),
    bar: &UpgradeBar,
    fields: &mut ShipFields,
    losses: &mut Vec<YasbLoss>,
) -> Vec<bool> {
    let mut seated = vec![false; ship.upgrades.len()];
    for (at, seat) in bar.seats.iter().enumerate() {
        let (Some(holder), false) = (seat.holder, seat.continued) else {
            // Empty, or the second slot of a two-slot card: YASB writes -1.
            fields.seat(bar, at, None);
            continue;
        };
        let e = &ship.upgrades[holder];
        seated[holder] = true;
        let named = yasb_id(db, &e.card, e.choice.as_deref());
        if named.is_some() && fields.seat(bar, at, named) {
            if let Some(choice) = lost_choice(db, e) {
                losses.push(ship_loss(
                    i,
                    Some(holder),
                    LostPart::Choice,
                    format!("{choice} of {}", card_name(db, &e.card)),
                ));
            }
            continue;
        }
        fields.seat(bar, at, None);
        let why = match named {
            None => format!("has no YASB id{}", choice_words(e.choice.as_deref())),
            Some(_) => "sits in a slot the pilot's YASB card does not list".to_string(),
        };
        losses.push(ship_loss(
            i,
            Some(holder),
            LostPart::Card,
            format!("{} {why}", card_name(db, &e.card)),
        ));
    }
    seated
}

/// What the link loses of ship `ship` (of one of its upgrades, by index).
fn ship_loss(ship: usize, upgrade: Option<usize>, part: LostPart, what: String) -> YasbLoss {
    YasbLoss {
        ship: Some(ship),
        upgrade,
        part,
        what,
    }
}

/// A card's name, or how the squad names a card the database does not know.
fn card_name(db: &Database, card: &CardRef) -> String {
    match card.upgrade(db) {
        Some(u) => u.name().to_string(),
        None => card.describe(),
    }
}

/// A choice the YASB id does not carry: a dual card's face, or a choice
/// on a card YASB gives a single id.
fn lost_choice(db: &Database, e: &crate::squad::Equipped) -> Option<String> {
    let choice = e.choice.as_deref()?;
    let CardRef::Id(id) = e.card else {
        return None;
    };
    let carried = db
        .yasb
        .iter()
        .any(|c| c.card == id && c.choice.as_deref() == Some(choice));
    if carried {
        return None;
    }
    Some(if choice == crate::catalog::DUAL_SECOND_FACE {
        "which face is in play".to_string()
    } else {
        format!("the choice `{choice}`")
    })
}

fn choice_words(choice: Option<&str>) -> String {
    match choice {
        Some(c) if c != crate::catalog::DUAL_SECOND_FACE => format!(" for the choice `{c}`"),
        _ => String::new(),
    }
}

/// A ship's fields as they fill up, seat by seat.
struct ShipFields<'a> {
    db: &'a Database,
    /// The pilot's printed slots in YASB's order.
    positions: &'a [ShortName],
    /// The pilot's printed slots, by position: an id or -1.
    printed: Vec<i64>,
    title: i64,
    modification: i64,
    /// Cards in granted slots: (the granting card's group, bar order, code).
    added: Vec<(u8, usize, String)>,
}

impl<'a> ShipFields<'a> {
    fn new(db: &'a Database, positions: &'a [ShortName]) -> ShipFields<'a> {
        ShipFields {
            db,
            positions,
            printed: vec![-1; positions.len()],
            title: -1,
            modification: -1,
            added: Vec::new(),
        }
    }

    /// The position in the pilot's list of a printed seat: the n-th slot of
    /// its type there, as it is the n-th printed one of its type on our bar.
    fn position(&self, bar: &UpgradeBar, at: usize) -> Option<usize> {
        let kind = &bar.seats[at].slot.slot.kind;
        let nth = bar.seats[..at]
            .iter()
            .filter(|s| s.slot.origin == SlotOrigin::Printed && s.slot.slot.kind == *kind)
            .count();
        self.positions
            .iter()
            .enumerate()
            .filter(|(_, p)| *p == kind)
            .nth(nth)
            .map(|(i, _)| i)
    }

    /// Writes seat `at` of the bar: a card's code, or `None` for empty;
    /// false when the pilot's YASB list has no position for the seat.
    fn seat(&mut self, bar: &UpgradeBar, at: usize, code: Option<(YasbKind, u32)>) -> bool {
        let seat = &bar.seats[at];
        let id = code.map_or(-1, |(_, id)| i64::from(id));
        let kind = seat.slot.slot.kind.as_str();
        match &seat.slot.origin {
            SlotOrigin::Printed => match self.position(bar, at) {
                Some(p) => self.printed[p] = id,
                None => return false,
            },
            SlotOrigin::Implicit if kind == "title" && self.title < 0 => self.title = id,
            SlotOrigin::Implicit if kind == "mod" && self.modification < 0 => {
                self.modification = id
            }
            origin => {
                let letter = match (code.map(|c| c.0), kind) {
                    (Some(YasbKind::Title), _) | (None, "title") => "T",
                    (Some(YasbKind::Modification), _) | (None, "mod") => "M",
                    _ => "U",
                };
                // YASB lists a title's added slots first, then a modification's.
                let granter = match origin {
                    SlotOrigin::Granted(by) => self.db.upgrade(by).map(|u| u.slot()),
                    _ => None,
                };
                let group = match granter {
                    Some("title") => 0,
                    Some("mod") => 1,
                    _ => 2,
                };
                self.added.push((group, at, format!("{letter}.{id}")));
            }
        }
        true
    }

    /// YASB gives only the card in the Title (or Modification) field the
    /// slots it adds: when that field holds a card that adds none and an
    /// added card of the same kind does (Smuggling Compartment beside
    /// Countermeasures), the two change places.
    fn granter_first(&mut self, letter: &str, kind: YasbKind) {
        let grants = |id: i64| {
            u32::try_from(id)
                .ok()
                .and_then(|id| self.db.yasb_card(kind, id))
                .and_then(|c| self.db.upgrade_by_id(c.card))
                .is_some_and(|u| !u.effects.grants.is_empty())
        };
        let field = if kind == YasbKind::Title {
            self.title
        } else {
            self.modification
        };
        if grants(field) {
            return;
        }
        let prefix = format!("{letter}.");
        let Some(at) = self.added.iter().position(|(_, _, code)| {
            code.strip_prefix(&prefix)
                .and_then(|id| id.parse().ok())
                .is_some_and(grants)
        }) else {
            return;
        };
        let granter: i64 = self.added[at].2[prefix.len()..].parse().unwrap_or(-1);
        self.added[at].2 = format!("{prefix}{field}");
        if kind == YasbKind::Title {
            self.title = granter;
        } else {
            self.modification = granter;
        }
    }

    fn write(mut self, pilot: u32) -> String {
        self.granter_first("T", YasbKind::Title);
        self.granter_first("M", YasbKind::Modification);
        self.added.sort_by_key(|(group, at, _)| (*group, *at));
        let printed: Vec<String> = self.printed.iter().map(i64::to_string).collect();
        let added: Vec<&str> = self.added.iter().map(|(_, _, c)| c.as_str()).collect();
        format!(
            "{pilot}:{}:{}:{}:{}",
            printed.join(","),
            self.title,
            self.modification,
            added.join(",")
        )
    }
}
