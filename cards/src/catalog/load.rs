//! Strict loading of the card database from CSV.
//!
//! A card set is six CSV files (see [`FILES`]). Every row is read with `csv`
//! and `serde`, checked field by field with `validator`, and every cross
//! reference (a pilot's ship, an upgrade's slot) is resolved against the other
//! tables. Any error fails the whole load; all errors are reported at once,
//! each naming the file, line and column. There is no partial database.
//!
//! ```
//! let db = cards::catalog::Database::embedded().expect("the shipped card set loads");
//! assert_eq!(db.pilots.len(), 297);
//!
//! let broken = cards::catalog::CardSet::embedded()
//!     .with_file("ships.csv", "id,xws\n1,croccruiser\n");
//! let errors = cards::catalog::Database::load(&broken).unwrap_err();
//! assert!(errors.0.iter().any(|e| e.file == "ships.csv" && e.column == "name"));
//! ```

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::{Deserialize, Serialize};
use validator::{Validate, ValidationError};

use super::table::{Columns, LoadError, LoadErrors, Located, is_yes, list, read_table, yes_no};

use crate::catalog::Maneuver;
use crate::catalog::*;

/// The files of a card set, in the order they are read.
pub const FILES: [&str; 7] = [
    "factions.csv",
    "slots.csv",
    "actions.csv",
    "ships.csv",
    "conditions.csv",
    "pilots.csv",
    "upgrades.csv",
];

/// The environment variable naming a card-set folder to load instead of the embedded one.
pub const CARDS_ENV: &str = "MERCHANT_ONE_CARDS";

const EMBEDDED: [(&str, &str); 7] = [
    ("factions.csv", include_str!("../../data/factions.csv")),
    ("slots.csv", include_str!("../../data/slots.csv")),
    ("actions.csv", include_str!("../../data/actions.csv")),
    ("ships.csv", include_str!("../../data/ships.csv")),
    ("conditions.csv", include_str!("../../data/conditions.csv")),
    ("pilots.csv", include_str!("../../data/pilots.csv")),
    ("upgrades.csv", include_str!("../../data/upgrades.csv")),
];

/// YASB's card ids: optional in a folder (without it, every card of a YASB
/// link opens as an unknown card).
const EMBEDDED_YASB: &str = include_str!("../../data/yasb.csv");

/// The products and their contents: optional in a folder (without them,
/// the collection knows no boxes).
const EMBEDDED_PRODUCTS: [(&str, &str); 2] = [
    (
        super::PRODUCTS_FILE,
        include_str!("../../data/products.csv"),
    ),
    (
        super::CONTENTS_FILE,
        include_str!("../../data/product_contents.csv"),
    ),
];

/// The raw bytes of a card set's files, before checking.
#[derive(Debug, Clone, Default)]
pub struct CardSet {
    files: BTreeMap<String, Vec<u8>>,
}

impl CardSet {
    /// The card set compiled into the binary: every 1st-edition card.
    pub fn embedded() -> CardSet {
        let mut set = CardSet::default();
        for (name, text) in EMBEDDED {
            set.files.insert(name.to_string(), text.as_bytes().to_vec());
        }
        set.files.insert(
            super::YASB_FILE.to_string(),
            EMBEDDED_YASB.as_bytes().to_vec(),
        );
        for (name, text) in EMBEDDED_PRODUCTS {
            set.files.insert(name.to_string(), text.as_bytes().to_vec());
        }
        set
    }

    /// Reads the card set's files ([`FILES`]) from a folder. A missing or unreadable file is a
    /// load error for that file, reported with the others.
    pub fn read_dir(dir: &Path) -> Result<CardSet, LoadErrors> {
        let mut set = CardSet::default();
        let mut errors = Vec::new();
        for name in FILES {
            let path = dir.join(name);
            match std::fs::read(&path) {
                Ok(bytes) => {
                    set.files.insert(name.to_string(), bytes);
                }
                Err(e) => errors.push(LoadError {
                    file: path.display().to_string(),
                    line: 0,
                    column: "-".into(),
                    message: format!("cannot read the file: {e}"),
                }),
            }
        }
        // Optional: a card set of its own may have no YASB ids.
        for name in [super::YASB_FILE, super::PRODUCTS_FILE, super::CONTENTS_FILE] {
            if let Ok(bytes) = std::fs::read(dir.join(name)) {
                set.files.insert(name.to_string(), bytes);
            }
        }
        if errors.is_empty() {
            Ok(set)
        } else {
            Err(LoadErrors(errors))
        }
    }

    /// Replaces (or adds) one file; handy for tests and for layering a pack.
    pub fn with_file(mut self, name: &str, bytes: impl Into<Vec<u8>>) -> CardSet {
        self.files.insert(name.to_string(), bytes.into());
        self
    }

    fn file(&self, name: &str) -> &[u8] {
        self.files.get(name).map_or(&[], Vec::as_slice)
    }
}

impl Database {
    /// The embedded card set. The shipped data is checked by the test suite,
    /// but a bad build still gets an error rather than a panic.
    pub fn embedded() -> Result<Database, LoadErrors> {
        Database::load(&CardSet::embedded())
    }

    /// Loads a card set from a folder with the same checks as the embedded one.
    pub fn load_dir(dir: &Path) -> Result<Database, LoadErrors> {
        Database::load(&CardSet::read_dir(dir)?)
    }

    /// Checks and loads a card set: all of it, or nothing with every error.
    pub fn load(set: &CardSet) -> Result<Database, LoadErrors> {
        let mut errors = Vec::new();
        let factions: Vec<Located<FactionRow>> =
            read_table("factions.csv", set.file("factions.csv"), &mut errors);
        let slots: Vec<Located<SlotRow>> =
            read_table("slots.csv", set.file("slots.csv"), &mut errors);
        let actions: Vec<Located<ActionRow>> =
            read_table("actions.csv", set.file("actions.csv"), &mut errors);
        let ships: Vec<Located<ShipRow>> =
            read_table("ships.csv", set.file("ships.csv"), &mut errors);
        let conditions: Vec<Located<ConditionRow>> =
            read_table("conditions.csv", set.file("conditions.csv"), &mut errors);
        let pilots: Vec<Located<PilotRow>> =
            read_table("pilots.csv", set.file("pilots.csv"), &mut errors);
        let upgrades: Vec<Located<UpgradeRow>> =
            read_table("upgrades.csv", set.file("upgrades.csv"), &mut errors);

        let mut b = Builder {
            errors,
            ids: HashMap::new(),
            pilot_keys: HashMap::new(),
            upgrade_xws: HashMap::new(),
            factions: Names::new("faction"),
            slots: Names::new("slot type"),
            actions: Names::new("action"),
            ships: Names::new("ship"),
            conditions: Names::new("condition"),
        };
        let db = b.build(
            Tables {
                factions,
                slots,
                actions,
                ships,
                conditions,
            },
            pilots,
            upgrades,
        );
        let mut db = db;
        if let Some(text) = set.files.get(super::YASB_FILE) {
            db.yasb = super::yasb::read_yasb(text, &db, &mut b.errors);
        }
        if let Some(products) = set.files.get(super::PRODUCTS_FILE) {
            let contents = set.file(super::CONTENTS_FILE);
            db.products = super::products::read_products(products, contents, &db, &mut b.errors);
        }
        if b.errors.is_empty() {
            Ok(db)
        } else {
            Err(LoadErrors(b.errors))
        }
    }
}

// ---------------------------------------------------------------------------
// Field formats

// Columns with words rather than numbers are read as text and checked with
// `validator`: errors raised inside serde lose their column in `csv`.

fn ship_size(value: &str) -> Result<(), ValidationError> {
    parse_size(value).map(|_| ()).ok_or_else(|| {
        ValidationError::new("size")
            .with_message(format!("expected `small`, `large` or `huge`, found `{value}`").into())
    })
}

fn parse_size(value: &str) -> Option<ShipSize> {
    match value {
        "small" => Some(ShipSize::Small),
        "large" => Some(ShipSize::Large),
        "huge" => Some(ShipSize::Huge),
        _ => None,
    }
}

/// An XWS name: lower-case ASCII letters and digits, with at most one
/// suffix after a hyphen, as the XWS 1.0 names list gives some cards
/// (`r2d2-swx22`).
fn is_xws_name(value: &str) -> bool {
    let word = |w: &str| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    };
    match value.split_once('-') {
        Some((name, suffix)) => word(name) && word(suffix),
        None => word(value),
    }
}

fn xws_name(value: &str) -> Result<(), ValidationError> {
    if is_xws_name(value) {
        Ok(())
    } else {
        Err(ValidationError::new("xws").with_message(
            format!(
                "`{value}` is not an XWS name (lower-case ASCII letters and digits, and at most one `-suffix`)"
            )
            .into(),
        ))
    }
}

/// A number the card prints in `range`, or `?` (Nashtah Pup Pilot's skill and cost).
fn number_or_question(
    value: &str,
    range: std::ops::RangeInclusive<i32>,
    what: &str,
) -> Result<(), ValidationError> {
    if value == "?" || value.parse::<i32>().is_ok_and(|n| range.contains(&n)) {
        Ok(())
    } else {
        Err(ValidationError::new("number").with_message(
            format!(
                "expected {what} ({} to {}) or `?`, found `{value}`",
                range.start(),
                range.end()
            )
            .into(),
        ))
    }
}

fn pilot_skill(value: &str) -> Result<(), ValidationError> {
    number_or_question(value, 0..=12, "a pilot skill")
}

fn pilot_points(value: &str) -> Result<(), ValidationError> {
    number_or_question(value, -50..=200, "squad points")
}

/// Epic points: a whole number or one decimal place (`1.5`).
fn epic_points(value: &str) -> Result<(), ValidationError> {
    if value.is_empty() || EpicPoints::parse(value).is_some() {
        Ok(())
    } else {
        Err(ValidationError::new("epic_points").with_message(
            format!("expected epic points such as `2` or `1.5`, found `{value}`").into(),
        ))
    }
}

fn card_id(value: u32) -> Result<(), ValidationError> {
    if value == 0 {
        Err(ValidationError::new("id").with_message("card ids start at 1".into()))
    } else {
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Rows as they appear in the files

#[derive(Deserialize, Validate)]
struct FactionRow {
    #[validate(custom(function = "xws_name"))]
    xws: String,
    #[validate(length(min = 1))]
    name: String,
    aliases: String,
    #[validate(custom(function = "xws_name"))]
    squad_faction: String,
}
impl Columns for FactionRow {
    const COLUMNS: &'static [&'static str] = &["xws", "name", "aliases", "squad_faction"];
}

#[derive(Deserialize, Validate)]
struct SlotRow {
    #[validate(custom(function = "xws_name"))]
    xws: String,
    #[validate(length(min = 1))]
    name: String,
    #[validate(custom(function = "yes_no"))]
    implicit: String,
    aliases: String,
}
impl Columns for SlotRow {
    const COLUMNS: &'static [&'static str] = &["xws", "name", "implicit", "aliases"];
}

#[derive(Deserialize, Validate)]
struct ActionRow {
    #[validate(custom(function = "xws_name"))]
    xws: String,
    #[validate(length(min = 1))]
    name: String,
}
impl Columns for ActionRow {
    const COLUMNS: &'static [&'static str] = &["xws", "name"];
}

#[derive(Deserialize, Validate)]
struct ShipRow {
    #[validate(custom(function = "card_id"))]
    id: u32,
    #[validate(custom(function = "xws_name"))]
    xws: String,
    #[validate(length(min = 1))]
    name: String,
    #[validate(custom(function = "ship_size"))]
    size: String,
    factions: String,
    #[validate(range(max = 20))]
    attack: Option<u8>,
    #[validate(range(max = 20))]
    agility: Option<u8>,
    #[validate(range(max = 50))]
    hull: Option<u8>,
    #[validate(range(max = 50))]
    shields: Option<u8>,
    #[validate(range(max = 20))]
    energy: Option<u8>,
    actions: String,
    dial: String,
    aliases: String,
    #[validate(custom(function = "epic_points"))]
    epic_points: String,
    section_of: String,
}
impl Columns for ShipRow {
    const COLUMNS: &'static [&'static str] = &[
        "id",
        "xws",
        "name",
        "size",
        "factions",
        "attack",
        "agility",
        "hull",
        "shields",
        "energy",
        "actions",
        "dial",
        "aliases",
        "epic_points",
        "section_of",
    ];
}

#[derive(Deserialize, Validate)]
struct PilotRow {
    #[validate(custom(function = "card_id"))]
    id: u32,
    #[validate(custom(function = "xws_name"))]
    xws: String,
    #[validate(length(min = 1))]
    name: String,
    #[validate(custom(function = "yes_no"))]
    unique: String,
    #[validate(custom(function = "pilot_skill"))]
    skill: String,
    #[validate(length(min = 1))]
    ship: String,
    #[validate(length(min = 1))]
    faction: String,
    #[validate(range(max = 20))]
    attack: Option<u8>,
    #[validate(range(max = 20))]
    agility: Option<u8>,
    #[validate(range(max = 50))]
    hull: Option<u8>,
    #[validate(range(max = 50))]
    shields: Option<u8>,
    #[validate(range(max = 20))]
    energy: Option<u8>,
    actions: String,
    upgrade_bar: String,
    ability: String,
    #[validate(custom(function = "pilot_points"))]
    points: String,
    conditions: String,
    reserve_of: String,
}
impl Columns for PilotRow {
    const COLUMNS: &'static [&'static str] = &[
        "id",
        "xws",
        "name",
        "unique",
        "skill",
        "ship",
        "faction",
        "attack",
        "agility",
        "hull",
        "shields",
        "energy",
        "actions",
        "upgrade_bar",
        "ability",
        "points",
        "conditions",
        "reserve_of",
    ];
}

#[derive(Deserialize, Serialize, Validate)]
struct UpgradeRow {
    #[validate(custom(function = "card_id"))]
    id: u32,
    #[validate(range(min = 1, max = 2))]
    face: u8,
    #[validate(custom(function = "xws_name"))]
    xws: String,
    #[validate(length(min = 1))]
    name: String,
    #[validate(length(min = 1))]
    slots: String,
    #[validate(custom(function = "yes_no"))]
    unique: String,
    #[validate(custom(function = "yes_no"))]
    limited: String,
    #[validate(custom(function = "yes_no"))]
    dual: String,
    #[validate(range(min = -50, max = 100))]
    points: i32,
    restriction_text: String,
    #[validate(length(min = 1))]
    text: String,
    #[validate(range(max = 20))]
    energy_limit: Option<u8>,
    #[validate(range(min = -10, max = 10))]
    energy_limit_change: Option<i8>,
    #[validate(range(max = 20))]
    attack: Option<u8>,
    range: String,
    allowed_ships: String,
    allowed_factions: String,
    faction_unless: String,
    sizes: String,
    grants: String,
    grant_choice: String,
    losses: String,
    forbidden_slots: String,
    requires: String,
    stat_changes: String,
    #[validate(range(max = 20))]
    energy_after_recover: Option<u8>,
    #[validate(range(max = 20))]
    energy_cost: Option<u8>,
    actions_gained: String,
    #[validate(range(min = -12, max = 12))]
    skill_change: Option<i8>,
    #[validate(range(min = 1, max = 20))]
    squad_limit: Option<u8>,
    conditions: String,
    losses_all: String,
    grant_filters: String,
    discounts: String,
    distinct_slots: String,
    slot_aliases: String,
}
impl Columns for UpgradeRow {
    const COLUMNS: &'static [&'static str] = &[
        "id",
        "face",
        "xws",
        "name",
        "slots",
        "unique",
        "limited",
        "dual",
        "points",
        "restriction_text",
        "text",
        "energy_limit",
        "energy_limit_change",
        "attack",
        "range",
        "allowed_ships",
        "allowed_factions",
        "faction_unless",
        "sizes",
        "grants",
        "grant_choice",
        "losses",
        "forbidden_slots",
        "requires",
        "stat_changes",
        "energy_after_recover",
        "energy_cost",
        "actions_gained",
        "skill_change",
        "squad_limit",
        "conditions",
        "losses_all",
        "grant_filters",
        "discounts",
        "distinct_slots",
        "slot_aliases",
    ];
}

#[derive(Deserialize, Validate)]
struct ConditionRow {
    #[validate(custom(function = "card_id"))]
    id: u32,
    #[validate(custom(function = "xws_name"))]
    xws: String,
    #[validate(length(min = 1))]
    name: String,
    #[validate(custom(function = "yes_no"))]
    unique: String,
    #[validate(length(min = 1))]
    text: String,
}
impl Columns for ConditionRow {
    const COLUMNS: &'static [&'static str] = &["id", "xws", "name", "unique", "text"];
}

/// Each card table's columns, in file order, for the importer to write.
pub(crate) mod columns {
    use super::{Columns, ConditionRow, PilotRow, ShipRow, UpgradeRow};
    pub(crate) const SHIPS: &[&str] = ShipRow::COLUMNS;
    pub(crate) const PILOTS: &[&str] = PilotRow::COLUMNS;
    pub(crate) const UPGRADES: &[&str] = UpgradeRow::COLUMNS;
    pub(crate) const CONDITIONS: &[&str] = ConditionRow::COLUMNS;
}

// ---------------------------------------------------------------------------
// Cross references

/// Names (XWS, display name and aliases) that resolve to one table's rows.
struct Names {
    what: &'static str,
    by_name: HashMap<String, String>,
}

impl Names {
    fn new(what: &'static str) -> Names {
        Names {
            what,
            by_name: HashMap::new(),
        }
    }

    fn key(name: &str) -> String {
        name.trim().to_lowercase()
    }

    /// Registers a row; an alias already used by another row is an error.
    fn add<T>(
        &mut self,
        at: &Located<T>,
        column: &str,
        name: &str,
        xws: &str,
    ) -> Option<LoadError> {
        match self.by_name.get(&Names::key(name)) {
            Some(other) if other != xws => Some(at.error(
                column,
                format!(
                    "the {} name `{name}` is already used by `{other}`",
                    self.what
                ),
            )),
            _ => {
                self.by_name.insert(Names::key(name), xws.to_string());
                None
            }
        }
    }

    fn resolve(&self, name: &str) -> Result<String, CellError> {
        self.by_name.get(&Names::key(name)).cloned().ok_or_else(|| {
            let mut known: Vec<&str> = self.by_name.values().map(String::as_str).collect();
            known.sort();
            known.dedup();
            CellError::Unknown {
                what: self.what,
                name: name.to_string(),
                known: known.join(", "),
            }
        })
    }
}

struct Builder {
    errors: Vec<LoadError>,
    /// Card id -> where it was first used (file, line, xws).
    ids: HashMap<CardId, (&'static str, u64, String)>,
    /// A pilot is named by (faction, ship, XWS name): pilot names repeat
    /// across ships and factions, and pilot and upgrade names collide (`hansolo`).
    pilot_keys: HashMap<(String, String, String), u64>,
    /// Upgrade XWS names are unique among upgrades.
    upgrade_xws: HashMap<String, u64>,
    factions: Names,
    slots: Names,
    actions: Names,
    ships: Names,
    conditions: Names,
}

/// The tables other tables refer to.
struct Tables {
    factions: Vec<Located<FactionRow>>,
    slots: Vec<Located<SlotRow>>,
    actions: Vec<Located<ActionRow>>,
    ships: Vec<Located<ShipRow>>,
    conditions: Vec<Located<ConditionRow>>,
}

impl Builder {
    fn build(
        &mut self,
        tables: Tables,
        pilots: Vec<Located<PilotRow>>,
        upgrades: Vec<Located<UpgradeRow>>,
    ) -> Database {
        let Tables {
            factions,
            slots,
            actions,
            ships,
            conditions,
        } = tables;
        // A squad faction builds in itself; every faction builds in one of those.
        let squad_factions: Vec<String> = factions
            .iter()
            .filter(|r| r.row.squad_faction == r.row.xws)
            .map(|r| r.row.xws.clone())
            .collect();
        let factions = factions
            .into_iter()
            .map(|r| {
                let aliases = list(&r.row.aliases);
                self.register_names(Table::Factions, &r, &r.row.xws, &r.row.name, &aliases);
                if !squad_factions.contains(&r.row.squad_faction) {
                    self.errors.push(r.error(
                        "squad_faction",
                        format!(
                            "`{}` is not a squad faction (one whose squad_faction is itself: {})",
                            r.row.squad_faction,
                            squad_factions.join(", ")
                        ),
                    ));
                }
                Faction {
                    xws: r.row.xws,
                    name: r.row.name,
                    aliases,
                    squad_faction: r.row.squad_faction,
                }
            })
            .collect();
        let slots = slots
            .into_iter()
            .map(|r| {
                let aliases = list(&r.row.aliases);
                self.register_names(Table::Slots, &r, &r.row.xws, &r.row.name, &aliases);
                SlotType {
                    xws: r.row.xws.into(),
                    name: r.row.name,
                    implicit: is_yes(&r.row.implicit),
                    aliases,
                }
            })
            .collect();
        let actions = actions
            .into_iter()
            .map(|r| {
                self.register_names(Table::Actions, &r, &r.row.xws, &r.row.name, &[]);
                Action {
                    xws: r.row.xws,
                    name: r.row.name,
                }
            })
            .collect();
        // Ship names are registered before any ship is resolved.
        for r in &ships {
            self.register_id(r, r.row.id, &r.row.xws);
            let aliases = list(&r.row.aliases);
            self.register_names(Table::Ships, r, &r.row.xws, &r.row.name, &aliases);
        }
        let ships: Vec<Ship> = ships.into_iter().map(|r| self.ship(r)).collect();
        let conditions = conditions
            .into_iter()
            .map(|r| {
                self.register_id(&r, r.row.id, &r.row.xws);
                self.register_names(Table::Conditions, &r, &r.row.xws, &r.row.name, &[]);
                Condition {
                    id: r.row.id,
                    xws: r.row.xws,
                    name: r.row.name,
                    unique: is_yes(&r.row.unique),
                    text: r.row.text,
                }
            })
            .collect();
        let pilots = pilots
            .into_iter()
            .filter_map(|r| self.pilot(r, &ships))
            .collect();
        let upgrades = self.upgrades(upgrades);
        Database {
            factions,
            slots,
            actions,
            ships,
            conditions,
            pilots,
            upgrades,
            yasb: Vec::new(),
            products: Vec::new(),
        }
    }

    fn register_names<T>(
        &mut self,
        table: Table,
        at: &Located<T>,
        xws: &str,
        name: &str,
        aliases: &[String],
    ) {
        let names = match table {
            Table::Factions => &mut self.factions,
            Table::Slots => &mut self.slots,
            Table::Actions => &mut self.actions,
            Table::Ships => &mut self.ships,
            Table::Conditions => &mut self.conditions,
        };
        if names.by_name.values().any(|v| v == xws) {
            self.errors.push(at.error(
                "xws",
                format!("the XWS name `{xws}` appears twice in {}", at.file),
            ));
            return;
        }
        let mut found = Vec::new();
        found.extend(names.add(at, "xws", xws, xws));
        found.extend(names.add(at, "name", name, xws));
        for alias in aliases {
            found.extend(names.add(at, "aliases", alias, xws));
        }
        self.errors.extend(found);
    }

    fn register_id<T>(&mut self, at: &Located<T>, id: CardId, xws: &str) {
        match self.ids.get(&id) {
            Some((file, line, other)) if !(*file == at.file && other == xws) => {
                self.errors.push(at.error(
                    "id",
                    format!("the id {id} is already used by `{other}` ({file}, line {line})"),
                ));
            }
            Some(_) => {}
            None => {
                self.ids.insert(id, (at.file, at.line, xws.to_string()));
            }
        }
    }

    fn register_upgrade_xws<T>(&mut self, at: &Located<T>, xws: &str) {
        if let Some(line) = self.upgrade_xws.get(xws) {
            self.errors.push(at.error(
                "xws",
                format!("the XWS name `{xws}` is already used by another upgrade (line {line})"),
            ));
        } else {
            self.upgrade_xws.insert(xws.to_string(), at.line);
        }
    }

    fn register_pilot_key<T>(&mut self, at: &Located<T>, faction: &str, ship: &str, xws: &str) {
        let key = (faction.to_string(), ship.to_string(), xws.to_string());
        if let Some(line) = self.pilot_keys.get(&key) {
            self.errors.push(at.error(
                "xws",
                format!(
                    "the pilot `{xws}` of faction `{faction}` on the `{ship}` is already listed (line {line})"
                ),
            ));
        } else {
            self.pilot_keys.insert(key, at.line);
        }
    }

    /// Resolves a `;`-list against a table, reporting each unknown name.
    fn resolve_list<T>(
        &mut self,
        at: &Located<T>,
        column: &str,
        value: &str,
        table: Table,
    ) -> Vec<String> {
        let names = match table {
            Table::Factions => &self.factions,
            Table::Slots => &self.slots,
            Table::Actions => &self.actions,
            Table::Ships => &self.ships,
            Table::Conditions => &self.conditions,
        };
        let mut out = Vec::new();
        let mut found = Vec::new();
        for name in list(value) {
            match names.resolve(&name) {
                Ok(xws) => out.push(xws),
                Err(message) => found.push(at.error(column, message)),
            }
        }
        self.errors.extend(found);
        out
    }

    fn resolve_one<T>(
        &mut self,
        at: &Located<T>,
        column: &str,
        value: &str,
        table: Table,
    ) -> Option<String> {
        let resolved = self.resolve_list(at, column, value, table);
        match resolved.len() {
            1 => resolved.into_iter().next(),
            0 if list(value).is_empty() => {
                self.errors.push(at.error(column, "must not be empty"));
                None
            }
            0 => None,
            _ => {
                self.errors
                    .push(at.error(column, format!("expected one name, found `{value}`")));
                None
            }
        }
    }

    fn ship(&mut self, r: Located<ShipRow>) -> Ship {
        let factions = self.resolve_list(&r, "factions", &r.row.factions, Table::Factions);
        if factions.is_empty() && !list(&r.row.factions).is_empty() {
            // unknown names were reported
        } else if factions.is_empty() {
            self.errors
                .push(r.error("factions", "a ship needs at least one faction"));
        }
        let actions = self.resolve_list(&r, "actions", &r.row.actions, Table::Actions);
        let dial = match Maneuver::parse_dial(&r.row.dial) {
            Ok(dial) => dial,
            Err(message) => {
                self.errors.push(r.error("dial", message));
                Vec::new()
            }
        };
        Ship {
            id: r.row.id,
            xws: r.row.xws,
            name: r.row.name,
            size: parse_size(&r.row.size).unwrap_or(ShipSize::Small),
            factions,
            stats: Stats {
                attack: r.row.attack,
                agility: r.row.agility,
                hull: r.row.hull,
                shields: r.row.shields,
                energy: r.row.energy,
            },
            actions,
            dial,
            aliases: list(&r.row.aliases),
            epic_points: EpicPoints::parse(&r.row.epic_points),
            section_of: Some(r.row.section_of).filter(|s| !s.is_empty()),
        }
    }

    fn pilot(&mut self, r: Located<PilotRow>, ships: &[Ship]) -> Option<Pilot> {
        self.register_id(&r, r.row.id, &r.row.xws);
        let ship = self.resolve_one(&r, "ship", &r.row.ship, Table::Ships);
        let faction = self.resolve_one(&r, "faction", &r.row.faction, Table::Factions);
        let actions = self.resolve_list(&r, "actions", &r.row.actions, Table::Actions);
        let upgrade_bar = self.resolve_list(&r, "upgrade_bar", &r.row.upgrade_bar, Table::Slots);
        let conditions = self.resolve_list(&r, "conditions", &r.row.conditions, Table::Conditions);
        let (ship, faction) = (ship?, faction?);
        self.register_pilot_key(&r, &faction, &ship, &r.row.xws);
        if !r.row.reserve_of.is_empty() && !is_xws_name(&r.row.reserve_of) {
            self.errors.push(r.error(
                "reserve_of",
                format!("`{}` is not a card's XWS name", r.row.reserve_of),
            ));
        }
        if let Some(s) = ships.iter().find(|s| s.xws == ship)
            && !s.factions.contains(&faction)
        {
            self.errors.push(r.error(
                "faction",
                format!(
                    "the {} is not flown by faction `{faction}` (ships.csv lists {})",
                    s.name,
                    s.factions.join(", ")
                ),
            ));
        }
        let row = r.row;
        Some(Pilot {
            id: row.id,
            xws: row.xws,
            name: row.name,
            unique: is_yes(&row.unique),
            skill: row.skill.parse().ok(),
            ship,
            printed_ship: row.ship,
            faction,
            stats: Stats {
                attack: row.attack,
                agility: row.agility,
                hull: row.hull,
                shields: row.shields,
                energy: row.energy,
            },
            actions: inline(actions),
            upgrade_bar: inline(upgrade_bar),
            ability: Some(row.ability).filter(|a| !a.is_empty()),
            points: row.points.parse().ok(),
            conditions: inline(conditions),
            reserve_of: Some(row.reserve_of).filter(|s| !s.is_empty()),
        })
    }

    fn upgrades(&mut self, rows: Vec<Located<UpgradeRow>>) -> Vec<Upgrade> {
        let mut cards: Vec<Upgrade> = Vec::new();
        // Faces of one card share its id; card-level columns must agree.
        let mut first_rows: HashMap<CardId, (usize, serde_json::Value)> = HashMap::new();
        for r in rows {
            self.register_id(&r, r.row.id, &r.row.xws);
            let face = self.face(&r);
            if let Some((index, first_cells)) = first_rows.get(&r.row.id) {
                let card = &mut cards[*index];
                let expected_face = card.faces.len() + 1;
                if usize::from(r.row.face) != expected_face {
                    self.errors.push(r.error(
                        "face",
                        format!(
                            "card {} already has face {}; expected face {expected_face}",
                            r.row.id, r.row.face
                        ),
                    ));
                    continue;
                }
                if let Some(column) = card_level_mismatch(first_cells, &r.row) {
                    self.errors.push(r.error(
                        column,
                        format!(
                            "face {} of `{}` differs from face 1 in `{column}`; card-level columns must agree",
                            r.row.face, card.xws
                        ),
                    ));
                    continue;
                }
                card.faces.push(face);
                continue;
            }
            if r.row.face != 1 {
                self.errors.push(r.error(
                    "face",
                    format!(
                        "card {} starts with face {}; expected face 1",
                        r.row.id, r.row.face
                    ),
                ));
                continue;
            }
            self.register_upgrade_xws(&r, &r.row.xws);
            let card = self.upgrade(&r, vec![face]);
            first_rows.insert(r.row.id, (cards.len(), row_cells(&r.row)));
            cards.push(card);
        }
        for card in &cards {
            if card.dual != (card.faces.len() == 2) {
                self.errors.push(LoadError {
                    file: "upgrades.csv".into(),
                    line: 0,
                    column: "dual".into(),
                    message: format!(
                        "`{}` has {} face(s) but dual is {}",
                        card.xws,
                        card.faces.len(),
                        if card.dual { "yes" } else { "no" }
                    ),
                });
            }
        }
        cards
    }

    fn face(&mut self, r: &Located<UpgradeRow>) -> Face {
        let range = if r.row.range.is_empty() {
            None
        } else {
            match parse_range(&r.row.range) {
                Ok(range) => Some(range),
                Err(message) => {
                    self.errors.push(r.error("range", message));
                    None
                }
            }
        };
        let actions_gained =
            self.resolve_list(r, "actions_gained", &r.row.actions_gained, Table::Actions);
        let mut stat_changes = Vec::new();
        for text in list(&r.row.stat_changes) {
            match StatChange::parse(&text) {
                Ok(change) => stat_changes.push(change),
                Err(message) => self.errors.push(r.error("stat_changes", message)),
            }
        }
        Face {
            name: r.row.name.clone(),
            text: r.row.text.clone(),
            attack: r.row.attack,
            range,
            stat_changes,
            actions_gained: inline(actions_gained),
            skill_change: r.row.skill_change,
        }
    }

    fn upgrade(&mut self, r: &Located<UpgradeRow>, faces: Vec<Face>) -> Upgrade {
        let row = &r.row;
        let slots = self.resolve_list(r, "slots", &row.slots, Table::Slots);
        let ships = self.resolve_list(r, "allowed_ships", &row.allowed_ships, Table::Ships);
        let factions = self.resolve_list(
            r,
            "allowed_factions",
            &row.allowed_factions,
            Table::Factions,
        );
        let grants = self.resolve_list(r, "grants", &row.grants, Table::Slots);
        let grant_choice = self.resolve_list(r, "grant_choice", &row.grant_choice, Table::Slots);
        let losses = self.resolve_list(r, "losses", &row.losses, Table::Slots);
        let forbidden_slots =
            self.resolve_list(r, "forbidden_slots", &row.forbidden_slots, Table::Slots);
        let requires = self.requirements(r);
        let sizes = self.sizes(r);
        let losses_all = self.resolve_list(r, "losses_all", &row.losses_all, Table::Slots);
        let distinct_slots =
            self.resolve_list(r, "distinct_slots", &row.distinct_slots, Table::Slots);
        let grant_filters = self.grant_filters(r);
        let discounts = self.discounts(r);
        let slot_aliases = self.slot_aliases(r);
        if !row.faction_unless.is_empty() && !is_xws_name(&row.faction_unless) {
            self.errors.push(r.error(
                "faction_unless",
                format!("`{}` is not a card's XWS name", row.faction_unless),
            ));
        }
        let conditions = self.resolve_list(r, "conditions", &row.conditions, Table::Conditions);
        Upgrade {
            id: row.id,
            xws: row.xws.clone(),
            slots: if slots.is_empty() {
                // Unknown slot names were reported; keep the card well-formed.
                vec![row.slots.to_lowercase()]
            } else {
                slots
            },
            unique: is_yes(&row.unique),
            limited: is_yes(&row.limited),
            dual: is_yes(&row.dual),
            points: row.points,
            restriction_text: row.restriction_text.clone(),
            faces,
            energy_limit: row.energy_limit,
            energy_cost: row.energy_cost,
            restriction: Restriction {
                ships,
                factions,
                faction_unless: Some(row.faction_unless.clone()).filter(|s| !s.is_empty()),
                sizes,
                requires,
            },
            effects: Effects {
                grants: inline(grants),
                grant_choice: inline(grant_choice),
                losses,
                forbidden_slots,
                energy_limit_change: row.energy_limit_change,
                energy_after_recover: row.energy_after_recover,
                conditions: inline(conditions),
                losses_all,
                grant_filters,
                discounts,
                distinct_slots,
                slot_aliases,
            },
            squad_limit: row.squad_limit,
        }
    }
}

impl Builder {
    /// `sizes`: `small`, `large`, `huge`.
    fn sizes(&mut self, r: &Located<UpgradeRow>) -> Vec<ShipSize> {
        let mut out = Vec::new();
        for word in list(&r.row.sizes) {
            match parse_size(&word) {
                Some(size) => out.push(size),
                None => self.errors.push(r.error(
                    "sizes",
                    format!("expected `small`, `large` or `huge`, found `{word}`"),
                )),
            }
        }
        out
    }

    /// `requires`, with the actions and slots it names resolved.
    fn requirements(&mut self, r: &Located<UpgradeRow>) -> Vec<Requirement> {
        let mut out = Vec::new();
        for text in list(&r.row.requires) {
            let req = match Requirement::parse(&text) {
                Ok(req) => req,
                Err(message) => {
                    self.errors.push(r.error("requires", message));
                    continue;
                }
            };
            let resolved = match req {
                Requirement::Action(name) => self
                    .resolve_one(r, "requires", &name, Table::Actions)
                    .map(Requirement::Action),
                Requirement::NoPrintedSlot(name) => self
                    .resolve_one(r, "requires", &name, Table::Slots)
                    .map(Requirement::NoPrintedSlot),
                Requirement::Slot(name) => self
                    .resolve_one(r, "requires", &name, Table::Slots)
                    .map(Requirement::Slot),
                other => Some(other),
            };
            out.extend(resolved);
        }
        out
    }

    /// `grant_filters`, each naming a slot the card grants.
    fn grant_filters(&mut self, r: &Located<UpgradeRow>) -> Vec<SlotFilter> {
        let mut out = Vec::new();
        for text in list(&r.row.grant_filters) {
            match SlotFilter::parse(&text) {
                Ok(mut filter) => {
                    if let Some(slot) =
                        self.resolve_one(r, "grant_filters", &filter.slot, Table::Slots)
                    {
                        filter.slot = slot;
                        out.push(filter);
                    }
                }
                Err(message) => self.errors.push(r.error("grant_filters", message)),
            }
        }
        out
    }

    /// `slot_aliases`, with every slot they name resolved.
    fn slot_aliases(&mut self, r: &Located<UpgradeRow>) -> Vec<SlotAlias> {
        let mut out = Vec::new();
        for text in list(&r.row.slot_aliases) {
            match SlotAlias::parse(&text) {
                Ok(alias) => {
                    let slot = self.resolve_one(r, "slot_aliases", &alias.slot, Table::Slots);
                    let holds: Vec<String> = alias
                        .holds
                        .iter()
                        .filter_map(|h| self.resolve_one(r, "slot_aliases", h, Table::Slots))
                        .collect();
                    if let Some(slot) = slot.filter(|_| holds.len() == alias.holds.len()) {
                        out.push(SlotAlias { slot, holds });
                    }
                }
                Err(message) => self.errors.push(r.error("slot_aliases", message)),
            }
        }
        out
    }

    /// `discounts`, each for one slot type or every card.
    fn discounts(&mut self, r: &Located<UpgradeRow>) -> Vec<Discount> {
        let mut out = Vec::new();
        for text in list(&r.row.discounts) {
            match Discount::parse(&text) {
                Ok(mut discount) => {
                    if let Some(name) = discount.slot.take() {
                        discount.slot = self.resolve_one(r, "discounts", &name, Table::Slots);
                        if discount.slot.is_none() {
                            continue;
                        }
                    }
                    out.push(discount);
                }
                Err(message) => self.errors.push(r.error("discounts", message)),
            }
        }
        out
    }
}

#[derive(Clone, Copy)]
enum Table {
    Factions,
    Slots,
    Actions,
    Ships,
    Conditions,
}

/// The columns a face of a dual card prints for itself; every other
/// column is the card's and must be the same on both faces.
const FACE_COLUMNS: [&str; 8] = [
    "face",
    "name",
    "text",
    "attack",
    "range",
    "stat_changes",
    "actions_gained",
    "skill_change",
];

/// A row's cells by column name, as written in the file.
/// Names a squad report copies (slot kinds, actions, conditions), kept
/// inline so copying them allocates nothing.
fn inline(list: Vec<String>) -> Vec<ShortName> {
    list.into_iter().map(ShortName::from).collect()
}

fn row_cells(row: &UpgradeRow) -> serde_json::Value {
    serde_json::to_value(row).unwrap_or_default()
}

/// The first card-level column (in file order) in which a later face's row
/// differs from face 1's, compared cell by cell.
fn card_level_mismatch(first: &serde_json::Value, row: &UpgradeRow) -> Option<&'static str> {
    let cells = row_cells(row);
    UpgradeRow::COLUMNS
        .iter()
        .copied()
        .filter(|c| !FACE_COLUMNS.contains(c))
        .find(|c| first.get(c) != cells.get(c))
}

/// Parses a printed range: `1`, `2-3` or `2–3`.
fn parse_range(s: &str) -> Result<(u8, u8), CellError> {
    let bad = || CellError::NotARange(s.to_string());
    let (lo, hi) = match s.split_once(['-', '–']) {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (s.trim(), s.trim()),
    };
    let lo: u8 = lo.parse().map_err(|_| bad())?;
    let hi: u8 = hi.parse().map_err(|_| bad())?;
    if lo == 0 || hi < lo || hi > 5 {
        return Err(bad());
    }
    Ok((lo, hi))
}

/// A cell whose words do not name what its column needs.
#[derive(Debug, thiserror::Error)]
enum CellError {
    #[error("unknown {what} `{name}` (known: {known})")]
    Unknown {
        what: &'static str,
        name: String,
        known: String,
    },
    #[error("`{0}` is not a range (expected e.g. `1` or `2-3`)")]
    NotARange(String),
}
