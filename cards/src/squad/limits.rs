//! How large a squad may be: one set of numbers for every way a squad
//! arrives (the builder, XWS import, `POST /api/link`, link decoding), so a
//! squad one of them accepts is never refused by another.
//!
//! The limits are far above any squad the game allows (a 300-point Epic
//! squad fields at most about 25 ships, a ship at most a dozen upgrades), so
//! a player never meets them; they exist so that a stranger's link or
//! import is bounded work.
//!
//! ```
//! use cards::squad::limits::{self, SquadTooLarge, MAX_SHIPS};
//! use cards::squad::{CardRef, Squad};
//! let mut squad = Squad::new("epic", "scum");
//! for _ in 0..MAX_SHIPS {
//!     squad.ships.push(cards::squad::SquadShip { pilot: CardRef::Id(102), upgrades: vec![] });
//! }
//! assert!(limits::check(&squad).is_ok());
//! squad.ships.push(squad.ships[0].clone());
//! assert_eq!(limits::check(&squad), Err(SquadTooLarge::Ships { ships: MAX_SHIPS + 1 }));
//! ```

use crate::squad::{CardRef, SlotRef, Squad, SquadField};

/// The most ships a squad may hold.
pub const MAX_SHIPS: usize = 60;
/// The most upgrades one ship may hold (legal or not).
pub const MAX_UPGRADES_PER_SHIP: usize = 16;
/// The longest squad name, in characters.
pub const MAX_NAME_CHARS: usize = 200;
/// The longest squad notes, in characters.
pub const MAX_NOTES_CHARS: usize = 2_000;
/// The most bytes a text of `chars` characters takes in UTF-8 (what a
/// decoder may read before it counts the characters).
pub const fn utf8_bytes(chars: usize) -> usize {
    chars * 4
}
/// The longest key (format, faction, a card's XWS name, a slot, a choice, an obstacle).
pub const MAX_KEY_BYTES: usize = 64;
/// The most obstacles a squad brings (the tournament rules' three).
pub const MAX_OBSTACLES: usize = 3;
/// The longest YASB link read, in bytes: a 60-ship squad with full upgrade
/// bars writes about 4 KB, so this bounds a stranger's paste without
/// refusing any squad the other limits allow.
pub const MAX_YASB_LINK_BYTES: usize = 16 * 1024;

/// Why a squad is over a limit: each variant names the limit it broke.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SquadTooLarge {
    #[error("the squad has {ships} ships; a squad holds at most {MAX_SHIPS}")]
    Ships { ships: usize },
    #[error("ship {ship} has {upgrades} upgrades; a ship holds at most {MAX_UPGRADES_PER_SHIP}")]
    Upgrades { ship: usize, upgrades: usize },
    #[error("the squad name is {chars} characters long; it may be at most {MAX_NAME_CHARS}")]
    Name { chars: usize },
    #[error("the squad notes are {chars} characters long; they may be at most {MAX_NOTES_CHARS}")]
    Notes { chars: usize },
    /// A name (format, faction, card, slot, choice, obstacle) past [`MAX_KEY_BYTES`].
    #[error(
        "{what} is {bytes} bytes long; a name of a card, slot or format is at most {MAX_KEY_BYTES}"
    )]
    Key {
        /// Which name: a code, so that the interface words it.
        what: SquadField,
        /// Its length, in bytes.
        bytes: usize,
    },
    #[error("the squad brings {obstacles} obstacles; a squad brings at most {MAX_OBSTACLES}")]
    Obstacles { obstacles: usize },
}

/// Whether a card fits in `slot` of ship `ship` (from 0): a card that
/// replaces the slot's card always does, another one only while the ship
/// holds fewer than [`MAX_UPGRADES_PER_SHIP`].
pub fn room_for_equip(squad: &Squad, ship: usize, slot: &SlotRef) -> Result<(), SquadTooLarge> {
    let upgrades = squad.ships.get(ship).map_or(&[][..], |s| &s.upgrades);
    if upgrades.len() < MAX_UPGRADES_PER_SHIP
        || upgrades.iter().any(|e| e.slot.as_ref() == Some(slot))
    {
        return Ok(());
    }
    Err(SquadTooLarge::Upgrades {
        ship: ship + 1,
        upgrades: upgrades.len() + 1,
    })
}

/// Checks every limit of a squad; the first one broken is the error.
pub fn check(squad: &Squad) -> Result<(), SquadTooLarge> {
    if squad.ships.len() > MAX_SHIPS {
        return Err(SquadTooLarge::Ships {
            ships: squad.ships.len(),
        });
    }
    check_text(&squad.name, &squad.notes)?;
    key(SquadField::Format, &squad.format)?;
    key(SquadField::Faction, &squad.faction)?;
    if squad.obstacles.len() > MAX_OBSTACLES {
        return Err(SquadTooLarge::Obstacles {
            obstacles: squad.obstacles.len(),
        });
    }
    for o in &squad.obstacles {
        key(SquadField::Obstacle, o)?;
    }
    for (i, ship) in squad.ships.iter().enumerate() {
        let n = i + 1;
        if ship.upgrades.len() > MAX_UPGRADES_PER_SHIP {
            return Err(SquadTooLarge::Upgrades {
                ship: n,
                upgrades: ship.upgrades.len(),
            });
        }
        card(SquadField::Pilot(n), &ship.pilot)?;
        for e in &ship.upgrades {
            card(SquadField::Upgrade(n), &e.card)?;
            if let Some(slot) = &e.slot {
                key(SquadField::Slot(n), &slot.kind)?;
            }
            if let Some(choice) = &e.choice {
                key(SquadField::Choice(n), choice)?;
            }
        }
    }
    Ok(())
}

/// Checks the name and notes alone (the builder checks them as they are typed).
pub fn check_text(name: &str, notes: &str) -> Result<(), SquadTooLarge> {
    // Bytes first: a long text is refused without counting it.
    let chars = |s: &str, max: usize| {
        if s.len() > utf8_bytes(max) {
            s.len()
        } else {
            s.chars().count()
        }
    };
    let n = chars(name, MAX_NAME_CHARS);
    if n > MAX_NAME_CHARS {
        return Err(SquadTooLarge::Name { chars: n });
    }
    let n = chars(notes, MAX_NOTES_CHARS);
    if n > MAX_NOTES_CHARS {
        return Err(SquadTooLarge::Notes { chars: n });
    }
    Ok(())
}

/// Whether one more ship fits.
pub fn room_for_ship(squad: &Squad) -> Result<(), SquadTooLarge> {
    room_for_ships(squad, 1)
}

/// Room for `n` more ships (a huge ship of two sections takes two entries).
pub fn room_for_ships(squad: &Squad, n: usize) -> Result<(), SquadTooLarge> {
    if squad.ships.len() + n > MAX_SHIPS {
        return Err(SquadTooLarge::Ships {
            ships: squad.ships.len() + n,
        });
    }
    Ok(())
}

fn key(what: SquadField, value: &str) -> Result<(), SquadTooLarge> {
    if value.len() > MAX_KEY_BYTES {
        return Err(SquadTooLarge::Key {
            what,
            bytes: value.len(),
        });
    }
    Ok(())
}

fn card(what: SquadField, card: &CardRef) -> Result<(), SquadTooLarge> {
    match card {
        CardRef::Id(_) => Ok(()),
        CardRef::Xws(xws) => key(what, xws),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::{Equipped, SquadShip};

    fn ship(upgrades: usize) -> SquadShip {
        SquadShip {
            pilot: CardRef::Id(102),
            upgrades: (0..upgrades)
                .map(|_| Equipped::new(CardRef::Id(206), Some(SlotRef::new("cannon", 0))))
                .collect(),
        }
    }

    #[test]
    fn a_squad_at_every_limit_passes_and_one_past_each_fails() {
        let mut squad = Squad::new("epic", "scum");
        squad.name = "n".repeat(MAX_NAME_CHARS);
        squad.notes = "é".repeat(MAX_NOTES_CHARS);
        squad.ships = vec![ship(MAX_UPGRADES_PER_SHIP); MAX_SHIPS];
        assert_eq!(check(&squad), Ok(()));

        let mut over = squad.clone();
        over.ships.push(ship(0));
        assert!(matches!(
            check(&over),
            Err(SquadTooLarge::Ships { ships: 61 })
        ));
        assert!(room_for_ship(&squad).is_err());
        // A full ship takes a card only in place of one it holds.
        assert!(room_for_equip(&squad, 0, &SlotRef::new("cannon", 0)).is_ok());
        assert!(room_for_equip(&squad, 0, &SlotRef::new("crew", 0)).is_err());
        assert!(room_for_equip(&Squad::new("epic", "scum"), 0, &SlotRef::new("crew", 0)).is_ok());

        let mut over = squad.clone();
        over.ships[3] = ship(MAX_UPGRADES_PER_SHIP + 1);
        assert_eq!(
            check(&over),
            Err(SquadTooLarge::Upgrades {
                ship: 4,
                upgrades: 17
            })
        );

        let mut over = squad.clone();
        over.name.push('n');
        assert!(matches!(
            check(&over),
            Err(SquadTooLarge::Name { chars: 201 })
        ));

        let mut over = squad.clone();
        over.notes.push('x');
        assert!(matches!(
            check(&over),
            Err(SquadTooLarge::Notes { chars: 2001 })
        ));

        let mut over = squad;
        over.ships[0].upgrades[0].card = CardRef::Xws("x".repeat(MAX_KEY_BYTES + 1));
        let err = check(&over).unwrap_err();
        assert!(
            err.to_string()
                .contains("an upgrade of ship 1 is 65 bytes long")
        );
    }
}
