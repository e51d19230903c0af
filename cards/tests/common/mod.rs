//! What the cards crate's tests share: the shipped cards and rules, loaded
//! once, and squads built from XWS names on them.

#![allow(clippy::unwrap_used, dead_code)] // a test helper: each test uses some

use std::sync::OnceLock;

use cards::catalog::Database;
use cards::squad::{CardRef, Equipped, Rules, Squad, SquadShip};

/// The shipped rules, loaded once.
pub fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| Rules::embedded().unwrap())
}

/// The shipped cards, loaded once.
pub fn db() -> &'static Database {
    &rules().db
}

/// A pilot by XWS name, or `faction/ship/xws` where the name repeats.
pub fn pilot(spec: &str) -> CardRef {
    let db = &rules().db;
    match spec.split('/').collect::<Vec<_>>()[..] {
        [faction, ship, xws] => {
            let p = db.pilot_for(faction, ship, xws).unwrap();
            assert_eq!((p.ship.as_str(), p.xws.as_str()), (ship, xws), "{spec}");
            CardRef::Id(p.id)
        }
        _ => {
            assert_eq!(
                db.pilots.iter().filter(|p| p.xws == spec).count(),
                1,
                "{spec} names one pilot"
            );
            CardRef::Xws(spec.into())
        }
    }
}

/// One ship: a pilot and its upgrades (by XWS name, `xws:2` for a dual
/// card's second face).
pub type Ship = (&'static str, &'static [&'static str]);

pub fn squad(format: &str, faction: &str, ships: &[Ship]) -> Squad {
    let mut s = Squad::new(format, faction);
    for (p, upgrades) in ships {
        s.ships.push(SquadShip {
            pilot: pilot(p),
            upgrades: upgrades
                .iter()
                .map(|u| {
                    // `xws:2` puts a dual card's second face in play.
                    let (xws, face) = match u.split_once(':') {
                        Some((x, f)) => (x, Some(f.to_string())),
                        None => (*u, None),
                    };
                    assert!(rules().db.upgrade(xws).is_some(), "{xws} is a card");
                    Equipped {
                        card: CardRef::Xws(xws.into()),
                        slot: None,
                        choice: face,
                    }
                })
                .collect(),
        });
    }
    s
}
