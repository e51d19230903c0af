//! The squad as a printout to play from: for each ship its pilot, skill,
//! points, stats and actions, the pilot's ability, every upgrade's full
//! text (the face in play) and the maneuver dial; for the squad its
//! points, epic points, format, obstacles and the conditions it brings.
//! The print view (`/build/print`) lays this out; nothing here is HTML.
//!
//! ```
//! use cards::squad::printout::Printout;
//! use cards::squad::{CardRef, Rules, SlotRef, Squad};
//! let rules = Rules::embedded().unwrap();
//! let mut squad = Squad::new("epic", "scum");
//! squad.add_ship(CardRef::Xws("croccruiser".into()));
//! squad.equip(0, SlotRef::new("hardpoint", 0), CardRef::Xws("heavylaserturret".into()));
//! let sheet = Printout::of(&rules, &squad);
//! // No epic points are published for the C-ROC (cards/data/ships.csv).
//! assert_eq!(sheet.epic_points, None);
//! let croc = &sheet.ships[0];
//! assert_eq!((croc.skill.as_str(), croc.points), ("1", 40));
//! assert!(croc.upgrades[0].text.starts_with("Attack (energy): Spend 2 energy"));
//! assert!(croc.dial.iter().any(|m| m.maneuver.energy == Some(3)));
//!
//! let mut corvette = Squad::new("epic", "rebel");
//! corvette.add_ship(CardRef::Xws("cr90corvettefore".into()));
//! corvette.add_ship(CardRef::Xws("cr90corvetteaft".into()));
//! let sheet = Printout::of(&rules, &corvette);
//! assert_eq!(sheet.epic_points.unwrap().to_string(), "3");
//! ```

use crate::catalog::{Database, EpicPoints, Stats};
use crate::squad::{FlownManeuver, Rules, ShipChange, Squad, obstacles};

/// One upgrade as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintUpgrade {
    pub name: String,
    /// The slot's name ("Cannon").
    pub slot: String,
    /// Its cost on this ship.
    pub points: Option<i32>,
    /// "Attack 4 · Range 2-3", when the card prints a weapon.
    pub weapon: Option<String>,
    /// The full text of the face in play.
    pub text: String,
}

/// One ship as printed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintShip {
    pub pilot: String,
    pub unique: bool,
    /// Effective pilot skill, or "?".
    pub skill: String,
    pub points: i32,
    pub ship: String,
    /// The ship's XWS name (for its silhouette).
    pub ship_xws: String,
    pub stats: Stats,
    /// (XWS name, name) of each action on the effective bar.
    pub actions: Vec<(String, String)>,
    pub ability: Option<String>,
    pub upgrades: Vec<PrintUpgrade>,
    /// The dial the ship flies, each maneuver with its energy on a huge
    /// ship and the cards that recolour it.
    pub dial: Vec<FlownManeuver>,
    /// The stats, skill and actions its cards change, with the cards.
    pub changes: Vec<ShipChange>,
}

/// The whole printout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printout {
    pub name: String,
    /// The squad's notes, as the player wrote them.
    pub notes: String,
    pub faction: String,
    pub format: String,
    pub points: i32,
    pub limit: Option<i32>,
    pub legal: bool,
    /// The sum of the ships' epic points, where every ship has one.
    pub epic_points: Option<EpicPoints>,
    pub obstacles: Vec<String>,
    pub ships: Vec<PrintShip>,
    /// (name, text) of each condition the squad brings, once.
    pub conditions: Vec<(String, String)>,
}

impl Printout {
    /// The printout of a squad; unknown cards are named, never left out.
    pub fn of(rules: &Rules, squad: &Squad) -> Printout {
        let db = &rules.db;
        let report = rules.validate(squad);
        let ships: Vec<PrintShip> = squad
            .ships
            .iter()
            .zip(&report.ships)
            .map(|(ship, r)| print_ship(db, ship, r))
            .collect();
        let mut conditions: Vec<(String, String)> = Vec::new();
        for xws in report.ships.iter().flat_map(|s| &s.conditions) {
            if let Some(c) = db.conditions.iter().find(|c| c.xws == xws.as_str())
                && !conditions.iter().any(|(n, _)| *n == c.name)
            {
                conditions.push((c.name.clone(), c.text.clone()));
            }
        }
        let epic_points = squad
            .ships
            .iter()
            .map(|s| {
                s.pilot
                    .pilot(db)
                    .and_then(|p| db.ship_of(p))
                    .and_then(|s| s.epic_points)
            })
            .try_fold(EpicPoints::default(), |sum, p| p.map(|p| sum.plus(p)));
        Printout {
            name: squad.name.trim().to_string(),
            notes: squad.notes.trim().to_string(),
            faction: db.faction_name(&squad.faction).to_string(),
            format: rules
                .formats
                .get(&squad.format)
                .map_or_else(|_| squad.format.clone(), |f| f.name.clone()),
            points: report.points,
            limit: report.limit,
            legal: report.legal,
            epic_points,
            obstacles: squad
                .obstacles
                .iter()
                .map(|o| obstacles::obstacle_name(o))
                .collect(),
            ships,
            conditions,
        }
    }
}

fn print_ship(
    db: &Database,
    ship: &crate::squad::SquadShip,
    r: &crate::squad::ShipReport,
) -> PrintShip {
    let pilot = ship.pilot.pilot(db);
    let hull = pilot.and_then(|p| db.ship_of(p));
    let upgrades = ship
        .upgrades
        .iter()
        .enumerate()
        .map(|(i, e)| match e.card.upgrade(db) {
            Some(card) => {
                let face = card.face_in_play(e.choice.as_deref());
                let weapon = face.attack.map(|a| match face.range {
                    Some((lo, hi)) if lo == hi => format!("Attack {a} · Range {lo}"),
                    Some((lo, hi)) => format!("Attack {a} · Range {lo}-{hi}"),
                    None => format!("Attack {a}"),
                });
                PrintUpgrade {
                    name: face.name.clone(),
                    slot: db.slot_name(card.slot()).to_string(),
                    points: r.upgrade_points.get(i).copied().flatten(),
                    weapon,
                    text: face.text.clone(),
                }
            }
            None => PrintUpgrade {
                name: format!("unknown upgrade {}", e.card.describe()),
                slot: String::new(),
                points: None,
                weapon: None,
                text: String::new(),
            },
        })
        .collect();
    PrintShip {
        pilot: pilot.map_or_else(
            || format!("unknown pilot {}", ship.pilot.describe()),
            |p| p.name.clone(),
        ),
        unique: pilot.is_some_and(|p| p.unique),
        skill: r.skill.map_or_else(|| "?".to_string(), |s| s.to_string()),
        points: r.points,
        ship: hull.map(|h| h.name.clone()).unwrap_or_default(),
        ship_xws: hull.map(|h| h.xws.clone()).unwrap_or_default(),
        stats: r.stats,
        actions: r
            .actions
            .iter()
            .map(|a| (a.to_string(), db.action_name(a).to_string()))
            .collect(),
        ability: pilot.and_then(|p| p.ability.clone()),
        upgrades,
        dial: r.dial.clone(),
        changes: r.changes.clone(),
    }
}
