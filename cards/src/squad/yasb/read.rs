//! Reading a YASB link: every card of a ship first, then seated.

use super::address::{YasbAddress, parse_address};
use super::decoded::{YasbDecoded, YasbError};
use crate::catalog::{CUSTOM_PREFIX, Database, YasbKind};
use crate::squad::limits::{self, MAX_OBSTACLES, MAX_SHIPS, MAX_UPGRADES_PER_SHIP};
use crate::squad::obstacles::{obstacle, obstacle_key};
use crate::squad::{CardRef, Equipped, Squad, SquadShip};

/// Reads a YASB link (whole, without its scheme, or just its query).
pub fn decode(db: &Database, link: &str) -> YasbDecoded {
    match parse_address(link) {
        Ok(address) => decode_address(db, &address),
        Err(e) => YasbDecoded {
            squad: Squad::new("", ""),
            notes: Vec::new(),
            error: Some(e),
        },
    }
}

/// Reads a YASB link's fields, already taken from its address (the
/// builder's `/build?f=…&d=…`, a YASB link with only its host changed).
pub fn decode_address(db: &Database, address: &YasbAddress) -> YasbDecoded {
    let mut read = YasbDecoded {
        squad: Squad::new("", ""),
        notes: Vec::new(),
        error: None,
    };
    if let Err(e) = read_address(db, address, &mut read) {
        read.error = Some(e);
    }
    read
}

fn read_address(
    db: &Database,
    address: &YasbAddress,
    read: &mut YasbDecoded,
) -> Result<(), YasbError> {
    let data_bytes =
        address.data.len() + address.name.len() + address.obstacles.len() + address.faction.len();
    if data_bytes > limits::MAX_YASB_LINK_BYTES {
        return Err(YasbError::TooLong {
            bytes: data_bytes,
            max: limits::MAX_YASB_LINK_BYTES,
        });
    }
    if address.data.trim().is_empty() {
        return Err(YasbError::NoData);
    }
    read.squad.name = address.name.clone();
    read.squad.faction = squad_faction(db, &address.faction, &mut read.notes);
    read_obstacles(&address.obstacles, read);
    let (version, game_type, ships) = split_data(&address.data)?;
    if let Some(game_type) = game_type {
        read.squad.format = format_of(game_type)?;
    }
    let entries: Vec<&str> = ships.split(';').filter(|s| !s.trim().is_empty()).collect();
    if entries.len() > MAX_SHIPS {
        return Err(limits::SquadTooLarge::Ships {
            ships: entries.len(),
        }
        .into());
    }
    for (i, entry) in entries.iter().enumerate() {
        let ship = read_ship(db, version, entry, i + 1, &mut read.notes)?;
        read.squad.ships.push(ship);
    }
    if game_type.is_none() {
        read.squad.format = read.squad.default_format(db).to_string();
    }
    if read.squad.faction.is_empty() {
        read.squad.faction = first_pilot_faction(db, &read.squad);
    }
    limits::check(&read.squad)?;
    Ok(())
}

/// `f` as our squad faction's XWS name; a name we do not know is kept as written.
fn squad_faction(db: &Database, name: &str, notes: &mut Vec<String>) -> String {
    if name.is_empty() {
        return String::new();
    }
    match db
        .factions
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(name))
    {
        Some(f) => f.squad_faction.clone(),
        None => {
            notes.push(format!(
                "The faction `{name}` is not Rebel Alliance, Galactic Empire or Scum and Villainy; it is kept as written."
            ));
            name.to_string()
        }
    }
}

/// A link without `f` takes its first known pilot's faction.
fn first_pilot_faction(db: &Database, squad: &Squad) -> String {
    squad
        .ships
        .iter()
        .find_map(|s| s.pilot.pilot(db))
        .map_or_else(
            || crate::squad::DEFAULT_FACTION.to_string(),
            |p| db.squad_faction_of(&p.faction).to_string(),
        )
}

fn read_obstacles(list: &str, read: &mut YasbDecoded) {
    let named: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    for name in named.iter().take(MAX_OBSTACLES) {
        if obstacle(name).is_none() {
            read.notes.push(format!(
                "The obstacle `{name}` is not one of the 18 1st-edition obstacles; it is kept as written."
            ));
        }
        let key: String = obstacle_key(name)
            .chars()
            .take(limits::MAX_KEY_BYTES)
            .collect();
        read.squad.obstacles.push(key);
    }
    if named.len() > MAX_OBSTACLES {
        read.notes.push(format!(
            "The link lists {} obstacles; a squad brings {MAX_OBSTACLES}, so the first {MAX_OBSTACLES} are kept (as YASB does).",
            named.len()
        ));
    }
}

/// The data's version, game type (v3 and v4) and ships.
fn split_data(data: &str) -> Result<(u8, Option<&str>, &str), YasbError> {
    let Some(rest) = data.strip_prefix('v') else {
        return Ok((1, None, data));
    };
    let (version, rest) = rest.split_once('!').ok_or(YasbError::Damaged {
        ship: 1,
        what: "the data starts with `v` but has no `!`".into(),
    })?;
    match version {
        "3" | "4" => {
            let (game_type, ships) = rest.split_once('!').unwrap_or((rest, ""));
            Ok((4, Some(game_type), ships))
        }
        "2" => Ok((2, None, rest)),
        other => Err(YasbError::UnknownVersion(other.chars().take(12).collect())),
    }
}

/// The game type as our format: `s`, `e`, `t` or `c=N`.
fn format_of(game_type: &str) -> Result<String, YasbError> {
    let bad = || YasbError::GameType(game_type.chars().take(20).collect());
    match game_type {
        "s" => Ok("standard".into()),
        "e" => Ok("epic".into()),
        "t" => Ok("team-epic".into()),
        custom => {
            let points = custom.strip_prefix("c=").ok_or_else(bad)?;
            let points: u32 = points.trim().parse().map_err(|_| bad())?;
            Ok(format!("{CUSTOM_PREFIX}{points}"))
        }
    }
}

/// One card as the link names it: its kind and id.
struct Named {
    kind: YasbKind,
    id: i64,
}

/// One ship: its pilot, then every card it lists, then seated.
fn read_ship(
    db: &Database,
    version: u8,
    entry: &str,
    n: usize,
    notes: &mut Vec<String>,
) -> Result<SquadShip, YasbError> {
    let fields: Vec<&str> = entry.split(':').collect();
    let field = |i: usize| fields.get(i).copied().unwrap_or("").trim();
    let damaged = |what: String| YasbError::Damaged { ship: n, what };
    let pilot_id = id(field(0))
        .ok_or_else(|| damaged(format!("its pilot `{}` is not an id", clip(field(0)))))?;
    let mut named = Vec::new();
    for token in list(field(1)) {
        named.push(Named {
            kind: YasbKind::Upgrade,
            id: id(token)
                .ok_or_else(|| damaged(format!("`{}` is not an upgrade id", clip(token))))?,
        });
    }
    let printed_end = named.len();
    let (title, modification, added) = if version == 1 {
        (field(2), field(4), field(3))
    } else {
        (field(2), field(3), field(4))
    };
    for (kind, token) in [
        (YasbKind::Title, title),
        (YasbKind::Modification, modification),
    ] {
        if !token.is_empty() {
            let id = id(token)
                .ok_or_else(|| damaged(format!("`{}` is not a {} id", clip(token), kind.name())))?;
            named.push(Named { kind, id });
        }
    }
    let fields_end = named.len();
    for token in list(added) {
        named.push(
            added_card(version, token)
                .ok_or_else(|| damaged(format!("`{}` is not an added card", clip(token))))?,
        );
    }
    let named_cards = |list: &[Named]| list.iter().filter(|c| c.id >= 0).count();
    let (printed_cards, field_cards) = (
        named_cards(&named[..printed_end]),
        named_cards(&named[printed_end..fields_end]),
    );
    let cards: Vec<&Named> = named.iter().filter(|c| c.id >= 0).collect();
    if cards.len() > MAX_UPGRADES_PER_SHIP {
        return Err(limits::SquadTooLarge::Upgrades {
            ship: n,
            upgrades: cards.len(),
        }
        .into());
    }
    let pilot = pilot_ref(db, pilot_id, n, notes);
    let upgrades = cards.iter().map(|c| equipped(db, c, n, notes)).collect();
    let mut ship = SquadShip { pilot, upgrades };
    place_added_first(db, &mut ship, printed_cards, field_cards);
    note_positions(db, pilot_id, field(1), n, notes);
    Ok(ship)
}

/// Places the ship's cards with the added ones (in slots granted to the
/// ship) before the Title and Modification fields, as the bar numbers
/// granted slots before the implicit ones (`rules/resolve.rs`); the list
/// keeps the link's order.
fn place_added_first(db: &Database, ship: &mut SquadShip, printed: usize, fields: usize) {
    let printed = printed.min(ship.upgrades.len());
    let fields = fields.min(ship.upgrades.len() - printed);
    ship.upgrades[printed..].rotate_left(fields);
    crate::squad::roster::place(db, ship);
    ship.upgrades[printed..].rotate_right(fields);
}

/// A comma list's items, blank ones left out.
fn list(field: &str) -> impl Iterator<Item = &str> {
    field.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// An id as YASB writes it; `-1` (and any negative) is an empty slot.
fn id(token: &str) -> Option<i64> {
    token
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|n| *n < i64::from(u32::MAX))
}

/// `U.12`, `m.3`, `T.55` (v2 and later) or a bare upgrade id (v1).
fn added_card(version: u8, token: &str) -> Option<Named> {
    let Some((kind, number)) = token.split_once('.') else {
        return (version == 1).then(|| id(token)).flatten().map(|id| Named {
            kind: YasbKind::Upgrade,
            id,
        });
    };
    let kind = match kind.trim() {
        "U" | "u" => YasbKind::Upgrade,
        "M" | "m" => YasbKind::Modification,
        "T" | "t" => YasbKind::Title,
        _ => return None,
    };
    Some(Named {
        kind,
        id: id(number)?,
    })
}

/// Shown in an error, at most 20 characters of a stranger's text.
fn clip(token: &str) -> String {
    token.chars().take(20).collect()
}

fn pilot_ref(db: &Database, pilot_id: i64, n: usize, notes: &mut Vec<String>) -> CardRef {
    let known = u32::try_from(pilot_id)
        .ok()
        .and_then(|id| db.yasb_card(YasbKind::Pilot, id));
    match known {
        Some(card) => CardRef::Id(card.card),
        None => {
            notes.push(format!(
                "Ship {n}: YASB's pilot {pilot_id} is not in the card database; it is kept as an unknown card."
            ));
            CardRef::Xws(format!("yasb:pilot:{pilot_id}"))
        }
    }
}

fn equipped(db: &Database, named: &Named, n: usize, notes: &mut Vec<String>) -> Equipped {
    let known = u32::try_from(named.id)
        .ok()
        .and_then(|id| db.yasb_card(named.kind, id));
    match known {
        Some(card) => Equipped {
            card: CardRef::Id(card.card),
            slot: None,
            choice: card.choice.clone(),
        },
        None => {
            notes.push(format!(
                "Ship {n}: YASB's {} {} is not in the card database; it is kept as an unknown card.",
                named.kind.name(),
                named.id
            ));
            Equipped::new(
                CardRef::Xws(format!("yasb:{}:{}", named.kind.name(), named.id)),
                None,
            )
        }
    }
}

/// Says where a card listed at a pilot's slot position went when that
/// position is of another type or past the pilot's slots (an old link,
/// from before an FAQ took a slot away).
fn note_positions(db: &Database, pilot_id: i64, upgrades: &str, n: usize, notes: &mut Vec<String>) {
    let slots = u32::try_from(pilot_id)
        .ok()
        .and_then(|id| db.yasb_card(YasbKind::Pilot, id))
        .map_or(&[][..], |p| p.slots.as_slice());
    for (at, token) in upgrades.split(',').enumerate() {
        let Some(card) = id(token)
            .and_then(|id| u32::try_from(id).ok())
            .and_then(|id| db.yasb_card(YasbKind::Upgrade, id))
            .and_then(|c| db.upgrade_by_id(c.card))
        else {
            continue;
        };
        match slots.get(at) {
            Some(kind) if *kind == card.slot() => {}
            Some(kind) => notes.push(format!(
                "Ship {n}: {} was listed in a {} position; it is placed in a {} slot.",
                card.name(),
                db.slot_name(kind),
                db.slot_name(card.slot())
            )),
            None => notes.push(format!(
                "Ship {n}: {} was listed past the pilot's slots (a link from before a slot was removed); it is kept, in a {} slot.",
                card.name(),
                db.slot_name(card.slot())
            )),
        }
    }
}
