//! XWS 1.0, the community's squad interchange format (the schema kept in `cards/tests/golden/xws-schema.json`).
//!
//! Export writes canonical names and keeps what XWS cannot say (format, card
//! ids, slots, choices) under `vendor.merchantone`, so our own exports import
//! back to exactly the same squad. Import reads any builder's XWS: points
//! are ignored, "Heavy Scyk"'s choice is inferred from the upgrades present,
//! and nothing is dropped silently: what cannot be placed is kept as an
//! unknown card and reported in the notes.
//!
//! ```
//! use cards::squad::Rules;
//! use cards::squad::xws;
//! let rules = Rules::embedded().unwrap();
//! let json = r#"{"version": "1.0.0", "faction": "scum", "points": 999,
//!   "pilots": [{"name": "cartelspacer", "ship": "m3ainterceptor",
//!     "upgrades": {"title": ["heavyscykinterceptor"], "cannon": ["arccaster"]}}]}"#;
//! let imported = xws::import(&rules, json, None).unwrap();
//! assert!(imported.notes.is_empty());
//! let hs = &imported.squad.ships[0].upgrades.iter()
//!     .find(|e| e.choice.is_some()).unwrap();
//! assert_eq!(hs.choice.as_deref(), Some("cannon"));
//! assert!(rules.validate(&imported.squad).legal);
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::catalog::Database;
use crate::squad::Rules;
use crate::squad::limits::SquadTooLarge;
use crate::squad::{CardRef, Equipped, SlotRef, Squad, SquadShip};

// Placing cards is the squad's own (`roster.rs`): YASB links and the rules'
// tests place cards too; it stays here too, where callers have found it.
pub use super::roster::place;

/// The XWS version our exports declare.
pub const XWS_VERSION: &str = "1.0.0";
/// Our namespace under `vendor`.
pub const VENDOR: &str = "merchantone";

/// A squad in XWS.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct XwsSquad {
    pub version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
    pub faction: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obstacles: Option<Vec<String>>,
    pub pilots: Vec<XwsPilot>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vendor: Option<Map<String, Value>>,
}

/// One ship of an XWS squad.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "ReadPilot")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct XwsPilot {
    pub name: String,
    pub ship: String,
    /// Slot XWS name to card XWS names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrades: Option<BTreeMap<String, Vec<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multisection_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vendor: Option<Map<String, Value>>,
    /// Slot keys the file listed more than once; their lists were merged
    /// (a JSON map would keep only the last one).
    #[serde(skip)]
    pub repeated_keys: Vec<String>,
}

/// An XWS pilot as read, before repeated slot keys are merged.
#[derive(Deserialize)]
struct ReadPilot {
    name: String,
    ship: String,
    #[serde(default)]
    upgrades: Option<MergedLists>,
    #[serde(default)]
    multisection_id: Option<i64>,
    #[serde(default)]
    vendor: Option<Map<String, Value>>,
}

impl From<ReadPilot> for XwsPilot {
    fn from(read: ReadPilot) -> XwsPilot {
        let (upgrades, repeated_keys) = match read.upgrades {
            Some(merged) => (Some(merged.lists), merged.repeated),
            None => (None, Vec::new()),
        };
        XwsPilot {
            name: read.name,
            ship: read.ship,
            upgrades,
            multisection_id: read.multisection_id,
            vendor: read.vendor,
            repeated_keys,
        }
    }
}

/// `upgrades` with every list of a repeated key kept, in order.
struct MergedLists {
    lists: BTreeMap<String, Vec<String>>,
    repeated: Vec<String>,
}

impl<'de> Deserialize<'de> for MergedLists {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Lists;
        impl<'de> serde::de::Visitor<'de> for Lists {
            type Value = MergedLists;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of slot names to lists of card names")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<MergedLists, A::Error> {
                let mut merged = MergedLists {
                    lists: BTreeMap::new(),
                    repeated: Vec::new(),
                };
                while let Some((key, cards)) = map.next_entry::<String, Vec<String>>()? {
                    match merged.lists.get_mut(&key) {
                        Some(list) => {
                            list.extend(cards);
                            if !merged.repeated.contains(&key) {
                                merged.repeated.push(key);
                            }
                        }
                        None => {
                            merged.lists.insert(key, cards);
                        }
                    }
                }
                Ok(merged)
            }
        }
        deserializer.deserialize_map(Lists)
    }
}

/// What we keep under `vendor.merchantone` of a squad.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct VendorSquad {
    format: String,
    builder: String,
    /// What the standard fields could not carry (see [`export_losses`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    lost: Vec<String>,
    /// One or two obstacles: XWS's `obstacles` holds exactly three.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    obstacles: Vec<String>,
}

/// What we keep under `vendor.merchantone` of a pilot: the exact cards.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct VendorShip {
    pilot: CardRef,
    upgrades: Vec<Equipped>,
}

/// An imported squad with what the import could not place as XWS said.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub squad: Squad,
    /// One sentence per thing the player should know, e.g. an unknown card kept as such.
    pub notes: Vec<String>,
}

/// Lower-case ASCII letters and digits only, as XWS names are.
pub fn canonical(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn or_unknown(name: String) -> String {
    if name.is_empty() {
        "unknown".to_string()
    } else {
        name
    }
}

/// Where an equipped card is listed in XWS `upgrades`: (slot key, card name).
fn listed(db: &Database, e: &Equipped) -> Option<(String, String)> {
    match e.card.upgrade(db) {
        Some(card) => Some((card.slot().to_string(), card.xws.clone())),
        None => match &e.card {
            CardRef::Xws(x) => Some((
                or_unknown(canonical(e.slot.as_ref().map_or("", |s| s.kind.as_str()))),
                or_unknown(canonical(x)),
            )),
            // An unknown id has no name to list; only our vendor data keeps it.
            CardRef::Id(_) => None,
        },
    }
}

fn vendor_map(value: Value) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert(VENDOR.to_string(), value);
    map
}

/// [`export`] with the squad's link under `vendor.merchantone.link`, as
/// the builder's export and `GET /api/squad` write it.
///
/// ```
/// use cards::squad::{CardRef, Rules, Squad, xws};
/// let rules = Rules::embedded().unwrap();
/// let mut squad = Squad::new("standard", "rebel");
/// squad.add_ship(CardRef::Xws("rookiepilot".into()));
/// let out = serde_json::to_value(xws::export_linked(&rules, &squad, "https://m1.example/build?s=v3.x")).unwrap();
/// assert_eq!(out["vendor"]["merchantone"]["link"], "https://m1.example/build?s=v3.x");
/// ```
pub fn export_linked(rules: &Rules, squad: &Squad, link: &str) -> XwsSquad {
    let mut out = export(rules, squad);
    if let Some(Value::Object(ours)) = out.vendor.as_mut().and_then(|v| v.get_mut(VENDOR)) {
        ours.insert("link".to_string(), Value::String(link.to_string()));
    }
    out
}

/// The squad as XWS 1.0, with its points as the rules count them.
pub fn export(rules: &Rules, squad: &Squad) -> XwsSquad {
    let db = &rules.db;
    let report = rules.validate(squad);
    let sections = multisection_ids(db, squad);
    let pilots = squad
        .ships
        .iter()
        .zip(sections)
        .map(|(ship, multisection_id)| {
            let pilot = ship.pilot.pilot(db);
            let name = match (pilot, &ship.pilot) {
                (Some(p), _) => p.xws.clone(),
                (None, CardRef::Xws(x)) => or_unknown(canonical(x)),
                (None, CardRef::Id(_)) => "unknown".to_string(),
            };
            let hull = pilot.map_or("unknown".to_string(), |p| p.ship.clone());
            let mut upgrades: BTreeMap<String, Vec<String>> = BTreeMap::new();
            for e in &ship.upgrades {
                if let Some((key, card)) = listed(db, e) {
                    upgrades.entry(key).or_default().push(card);
                }
            }
            let vendor = VendorShip {
                pilot: ship.pilot.clone(),
                upgrades: ship.upgrades.clone(),
            };
            XwsPilot {
                name,
                ship: hull,
                upgrades: (!upgrades.is_empty()).then_some(upgrades),
                multisection_id,
                vendor: serde_json::to_value(vendor).ok().map(vendor_map),
                repeated_keys: Vec::new(),
            }
        })
        .collect();
    let three = squad.obstacles.len() == 3;
    let vendor = VendorSquad {
        format: squad.format.clone(),
        builder: "Merchant One".to_string(),
        lost: export_losses(rules, squad),
        obstacles: if three {
            Vec::new()
        } else {
            squad.obstacles.clone()
        },
    };
    XwsSquad {
        version: XWS_VERSION.to_string(),
        name: (!squad.name.is_empty()).then(|| squad.name.clone()),
        points: Some(i64::from(report.points)),
        faction: squad.faction.clone(),
        description: (!squad.notes.is_empty()).then(|| squad.notes.clone()),
        obstacles: three.then(|| squad.obstacles.clone()),
        pilots,
        vendor: serde_json::to_value(vendor).ok().map(vendor_map),
    }
}

/// XWS's `multisection_id` for each entry: the sections of one huge ship
/// (a CR90's Fore and the Aft after it) share a number, 1 for the first
/// such ship; a section without its partner, and every other ship, has none.
fn multisection_ids(db: &Database, squad: &Squad) -> Vec<Option<i64>> {
    let whole = |i: usize| -> Option<&str> {
        let pilot = squad.ships.get(i)?.pilot.pilot(db)?;
        db.ship_of(pilot)?.section_of.as_deref()
    };
    let mut ids = vec![None; squad.ships.len()];
    let mut next = 1;
    let mut i = 0;
    while i < squad.ships.len() {
        // One ship is as many entries as its whole has sections.
        let sections = whole(i).map_or(0, |w| {
            db.ships
                .iter()
                .filter(|s| s.section_of.as_deref() == Some(w))
                .count()
        });
        let run = (i..squad.ships.len())
            .take(sections)
            .take_while(|&j| whole(j).is_some() && whole(j) == whole(i))
            .count();
        if run >= 2 && run == sections {
            for id in ids.iter_mut().skip(i).take(run) {
                *id = Some(next);
            }
            next += 1;
        }
        i += run.max(1);
    }
    ids
}

/// What XWS's standard fields cannot carry of a squad: cards this
/// database does not know by a name XWS can write (a link's unknown card
/// id). Other tools see `unknown` or nothing there; the export keeps the
/// exact cards under `vendor.merchantone` and lists these sentences in
/// `vendor.merchantone.lost`, and the builder shows them beside the export.
pub fn export_losses(rules: &Rules, squad: &Squad) -> Vec<String> {
    let db = &rules.db;
    let mut lost = Vec::new();
    for (i, ship) in squad.ships.iter().enumerate() {
        let n = i + 1;
        let unnamed = |card: &CardRef| match card {
            CardRef::Id(id) => Some(format!("card #{id}")),
            CardRef::Xws(x) if canonical(x).is_empty() => Some(format!("`{x}`")),
            CardRef::Xws(_) => None,
        };
        if ship.pilot.pilot(db).is_none()
            && let Some(what) = unnamed(&ship.pilot)
        {
            lost.push(format!(
                "Ship {n}'s pilot ({what}) is not in this card database, so XWS names it `unknown`."
            ));
        }
        for e in &ship.upgrades {
            if e.card.upgrade(db).is_none()
                && let Some(what) = unnamed(&e.card)
            {
                lost.push(format!(
                    "An upgrade of ship {n} ({what}) is not in this card database and has no name XWS can list."
                ));
            }
        }
    }
    lost
}

/// A file name for a squad's XWS export, from its name: lower-case
/// letters and digits joined by `-` (`squad.xws.json` when nothing is left).
///
/// ```
/// use cards::squad::xws::file_name;
/// assert_eq!(file_name("Merchant's Run #2"), "merchant-s-run-2.xws.json");
/// assert_eq!(file_name("  ../ "), "squad.xws.json");
/// ```
pub fn file_name(name: &str) -> String {
    let slug: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let slug = slug
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if slug.is_empty() {
        "squad.xws.json".to_string()
    } else {
        format!("{slug}.xws.json")
    }
}

/// Reads XWS JSON. `format` overrides the format the file names (ours keep
/// it in vendor data); without either, a squad with a huge ship is Epic and
/// any other Standard. Malformed JSON is an error naming line and column;
/// everything else becomes a squad, with notes.
pub fn import(rules: &Rules, json: &str, format: Option<&str>) -> Result<Imported, XwsError> {
    let xws: XwsSquad = serde_json::from_str(json).map_err(|e| XwsError::NotXws(e.to_string()))?;
    // Refused before any work: the squad would be refused below anyway.
    let ships = xws.pilots.len();
    if ships > crate::squad::limits::MAX_SHIPS {
        return Err(SquadTooLarge::Ships { ships }.into());
    }
    let imported = import_squad(rules, &xws, format);
    crate::squad::limits::check(&imported.squad)?;
    Ok(imported)
}

/// Why XWS cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum XwsError {
    /// Malformed JSON, or JSON that is not an XWS squad; names line and column.
    #[error("not valid XWS: {0}")]
    NotXws(String),
    #[error("the squad is too large: {0}")]
    TooLarge(#[from] SquadTooLarge),
}

/// Builds a squad from parsed XWS (see [`import`]).
pub fn import_squad(rules: &Rules, xws: &XwsSquad, format: Option<&str>) -> Imported {
    let db = &rules.db;
    let mut notes = Vec::new();
    let faction = xws.faction.trim().to_lowercase();
    if !db.is_squad_faction(&faction) {
        notes.push(format!(
            "The faction `{}` is not rebel, imperial or scum; it is kept as written.",
            xws.faction
        ));
    }
    let mut ships = Vec::new();
    for (i, pilot) in xws.pilots.iter().enumerate() {
        ships.push(import_ship(rules, &faction, i, pilot, &mut notes));
    }
    let vendor = xws
        .vendor
        .as_ref()
        .and_then(|v| v.get(VENDOR))
        .and_then(|v| serde_json::from_value::<VendorSquad>(v.clone()).ok());
    let obstacles = imported_obstacles(xws, vendor.as_ref(), &mut notes);
    let vendor_format = vendor.map(|v| v.format);
    let has_huge = ships.iter().any(|s| {
        s.pilot
            .pilot(db)
            .and_then(|p| db.ship(&p.ship))
            .is_some_and(|s| s.is_huge())
    });
    let format = format
        .map(String::from)
        .or(vendor_format)
        .unwrap_or_else(|| if has_huge { "epic" } else { "standard" }.to_string());
    Imported {
        squad: Squad {
            format,
            faction,
            name: xws.name.clone().unwrap_or_default(),
            notes: xws.description.clone().unwrap_or_default(),
            ships,
            obstacles,
        },
        notes,
    }
}

/// XWS's `obstacles`, or our vendor data's when it has fewer than three;
/// each in XWS form (a YASB name is read too), an unknown one kept as written.
fn imported_obstacles(
    xws: &XwsSquad,
    vendor: Option<&VendorSquad>,
    notes: &mut Vec<String>,
) -> Vec<String> {
    let listed = match (&xws.obstacles, vendor) {
        (Some(listed), _) => listed.clone(),
        (None, Some(v)) => v.obstacles.clone(),
        (None, None) => Vec::new(),
    };
    let mut kept = Vec::new();
    for name in listed.iter().filter(|n| !n.trim().is_empty()) {
        if crate::squad::obstacles::obstacle(name).is_none() {
            notes.push(format!(
                "The obstacle `{name}` is not one of the 18 1st-edition obstacles; it is kept as written."
            ));
        }
        kept.push(crate::squad::obstacles::obstacle_key(name));
    }
    kept
}

fn import_ship(
    rules: &Rules,
    faction: &str,
    i: usize,
    pilot: &XwsPilot,
    notes: &mut Vec<String>,
) -> SquadShip {
    let db = &rules.db;
    let n = i + 1;
    for key in &pilot.repeated_keys {
        notes.push(format!(
            "Ship {n} lists `{key}` more than once in its upgrades; every card of those lists is kept."
        ));
    }
    if let Some(ship) = vendor_ship(db, pilot, n, notes) {
        return ship;
    }
    let mut ship = SquadShip {
        pilot: listed_pilot(db, faction, pilot, n, notes),
        upgrades: listed_upgrades(db, pilot, n, notes),
    };
    infer_choices(rules, &mut ship, n, notes);
    place(db, &mut ship);
    ship
}

/// The (key, card) pairs of a pilot's upgrade lists, sorted.
fn listed_cards(pilot: &XwsPilot) -> Vec<(String, String)> {
    let mut cards: Vec<(String, String)> = pilot
        .upgrades
        .iter()
        .flatten()
        .flat_map(|(key, cards)| cards.iter().map(move |c| (key.clone(), c.clone())))
        .collect();
    cards.sort();
    cards
}

/// Our own exports carry the exact ship; it is used when it agrees with
/// the standard fields (another tool may have edited those).
fn vendor_ship(
    db: &Database,
    pilot: &XwsPilot,
    n: usize,
    notes: &mut Vec<String>,
) -> Option<SquadShip> {
    let vendor = pilot
        .vendor
        .as_ref()
        .and_then(|v| v.get(VENDOR))
        .and_then(|v| serde_json::from_value::<VendorShip>(v.clone()).ok())?;
    let mut from_vendor: Vec<(String, String)> = vendor
        .upgrades
        .iter()
        .filter_map(|e| listed(db, e))
        .collect();
    from_vendor.sort();
    let pilot_agrees = vendor.pilot.pilot(db).is_none_or(|p| p.xws == pilot.name);
    if from_vendor == listed_cards(pilot) && pilot_agrees {
        return Some(SquadShip {
            pilot: vendor.pilot,
            upgrades: vendor.upgrades,
        });
    }
    notes.push(format!(
        "Ship {n}: the Merchant One data does not match the listed cards; the listed cards are used."
    ));
    None
}

/// The pilot as listed: its card (by name, ship and the squad's faction,
/// since pilot names repeat), or kept as an unknown card.
fn listed_pilot(
    db: &Database,
    faction: &str,
    pilot: &XwsPilot,
    n: usize,
    notes: &mut Vec<String>,
) -> CardRef {
    match db.pilot_for(faction, &pilot.ship, &pilot.name) {
        Some(p) => {
            if p.ship != pilot.ship {
                notes.push(format!(
                    "Ship {n}: {} flies the {}, not `{}`; the pilot card is used.",
                    p.name,
                    db.ship_name(&p.ship),
                    pilot.ship
                ));
            }
            CardRef::Id(p.id)
        }
        None => {
            notes.push(format!(
                "Ship {n}: the pilot `{}` is not in the card database; it is kept as an unknown card.",
                pilot.name
            ));
            CardRef::Xws(pilot.name.clone())
        }
    }
}

/// The upgrades as listed: each card in its own slot type (whatever list
/// it was under), or kept as an unknown card in the listed slot.
fn listed_upgrades(
    db: &Database,
    pilot: &XwsPilot,
    n: usize,
    notes: &mut Vec<String>,
) -> Vec<Equipped> {
    let listed = pilot
        .upgrades
        .iter()
        .flatten()
        .flat_map(|(key, cards)| cards.iter().map(move |c| (key, c)));
    let mut upgrades = Vec::new();
    for (key, card) in listed {
        match db.upgrade(card) {
            Some(u) => {
                if u.slot() != key {
                    notes.push(format!(
                        "Ship {n}: {} was listed under `{key}` but is a {} card; it is placed in a {} slot.",
                        u.name(),
                        db.slot_name(u.slot()),
                        db.slot_name(u.slot())
                    ));
                }
                upgrades.push(Equipped::new(CardRef::Id(u.id), None));
            }
            None => {
                notes.push(format!(
                    "Ship {n}: the upgrade `{card}` is not in the card database; it is kept as an unknown card."
                ));
                upgrades.push(Equipped::new(
                    CardRef::Xws(card.clone()),
                    Some(SlotRef::new(key, 0)),
                ));
            }
        }
    }
    upgrades
}

/// "Heavy Scyk": the granted icon is the one the other upgrades need.
fn infer_choices(rules: &Rules, ship: &mut SquadShip, n: usize, notes: &mut Vec<String>) {
    let db = &rules.db;
    let Some(pilot) = ship.pilot.pilot(db) else {
        return;
    };
    let mut supply: BTreeMap<&str, i32> = BTreeMap::new();
    for kind in &pilot.upgrade_bar {
        *supply.entry(kind.as_str()).or_insert(0) += 1;
    }
    for slot in db.slots.iter().filter(|s| s.implicit) {
        *supply.entry(slot.xws.as_str()).or_insert(0) += 1;
    }
    let mut demand: BTreeMap<&str, i32> = BTreeMap::new();
    for card in ship.upgrades.iter().filter_map(|e| e.card.upgrade(db)) {
        for kind in &card.effects.grants {
            *supply.entry(kind.as_str()).or_insert(0) += 1;
        }
        for kind in &card.effects.losses {
            *supply.entry(kind.as_str()).or_insert(0) -= 1;
        }
        for kind in &card.slots {
            *demand.entry(kind.as_str()).or_insert(0) += 1;
        }
    }
    for e in ship.upgrades.iter_mut().filter(|e| e.choice.is_none()) {
        let Some(card) = e.card.upgrade(db) else {
            continue;
        };
        if card.effects.grant_choice.is_empty() {
            continue;
        }
        let needed = card.effects.grant_choice.iter().find(|kind| {
            demand.get(kind.as_str()).copied().unwrap_or(0)
                > supply.get(kind.as_str()).copied().unwrap_or(0)
        });
        match needed {
            Some(kind) => {
                *supply.entry(kind.as_str()).or_insert(0) += 1;
                e.choice = Some(kind.to_string());
            }
            None => notes.push(format!(
                "Ship {n}: no upgrade shows which icon {} grants; choose it in the builder.",
                card.name()
            )),
        }
    }
}
