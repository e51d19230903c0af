//! Strict loading of the card database from CSV.
//!
//! A card set is seven CSV files (see [`FILES`](super::FILES)). Every row is
//! read with `csv` and `serde`, checked field by field with `validator` (the
//! rows are `rows.rs`), and every cross reference (a pilot's ship, an
//! upgrade's slot) is resolved against the other files. Any error fails the
//! whole load; all errors are reported at once, each naming the file, line
//! and column. There is no partial database.
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

use std::collections::HashMap;
use std::path::Path;

use super::card_set::CardSet;
use super::dial::Maneuver;
use super::dial_change::DialChange;
use super::expr::{Discount, Requirement, SlotAlias, SlotFilter};
use super::model::{
    Action, CardId, Condition, Database, Effects, EpicPoints, Face, Faction, Pilot, Restriction,
    Ship, ShipSize, ShortName, SlotType, Upgrade,
};
use super::products::{CONTENTS_FILE, PRODUCTS_FILE, read_products};
use super::rows::{
    ActionRow, ConditionRow, FactionRow, PilotRow, ShipRow, SlotRow, UpgradeRow,
    card_level_mismatch, is_xws_name, row_cells,
};
use super::stat::{StatChange, Stats};
use super::table::{LoadError, LoadErrors, Located, is_yes, list, read_table};
use super::yasb::{YASB_FILE, read_yasb};

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
        let rows = CardSetRows::read(set, &mut errors);
        let mut builder = Builder::new(errors);
        let mut db = builder.build(rows);
        builder.read_optional_files(set, &mut db);
        if builder.errors.is_empty() {
            Ok(db)
        } else {
            Err(LoadErrors(builder.errors))
        }
    }
}

/// The rows of each of the seven card files ([`FILES`](super::FILES)), as
/// read and checked field by field, before any cross reference is resolved.
struct CardSetRows {
    factions: Vec<Located<FactionRow>>,
    slots: Vec<Located<SlotRow>>,
    actions: Vec<Located<ActionRow>>,
    ships: Vec<Located<ShipRow>>,
    conditions: Vec<Located<ConditionRow>>,
    pilots: Vec<Located<PilotRow>>,
    upgrades: Vec<Located<UpgradeRow>>,
}

impl CardSetRows {
    /// Reads every file in [`FILES`](super::FILES) order, keeping each file's problems.
    fn read(set: &CardSet, errors: &mut Vec<LoadError>) -> CardSetRows {
        CardSetRows {
            factions: read_table("factions.csv", set.file("factions.csv"), errors),
            slots: read_table("slots.csv", set.file("slots.csv"), errors),
            actions: read_table("actions.csv", set.file("actions.csv"), errors),
            ships: read_table("ships.csv", set.file("ships.csv"), errors),
            conditions: read_table("conditions.csv", set.file("conditions.csv"), errors),
            pilots: read_table("pilots.csv", set.file("pilots.csv"), errors),
            upgrades: read_table("upgrades.csv", set.file("upgrades.csv"), errors),
        }
    }
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

/// The load under way: every problem found so far, and the ids and names
/// each file has registered, against which later files' cells resolve.
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

impl Builder {
    fn new(errors: Vec<LoadError>) -> Builder {
        Builder {
            errors,
            ids: HashMap::new(),
            pilot_keys: HashMap::new(),
            upgrade_xws: HashMap::new(),
            factions: Names::new("faction"),
            slots: Names::new("slot type"),
            actions: Names::new("action"),
            ships: Names::new("ship"),
            conditions: Names::new("condition"),
        }
    }

    /// The database from the seven files' rows, file by file in
    /// [`FILES`](super::FILES) order: each file's names are registered
    /// before a later file refers to them.
    fn build(&mut self, rows: CardSetRows) -> Database {
        let factions = self.factions(rows.factions);
        let slots = self.slot_types(rows.slots);
        let actions = self.actions(rows.actions);
        let ships = self.ships(rows.ships);
        let conditions = self.conditions(rows.conditions);
        let pilots = rows
            .pilots
            .into_iter()
            .filter_map(|r| self.pilot(r, &ships))
            .collect();
        let upgrades = self.upgrades(rows.upgrades);
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

    /// YASB's ids and the products, read against the loaded cards when the
    /// set has them.
    fn read_optional_files(&mut self, set: &CardSet, db: &mut Database) {
        if let Some(text) = set.optional_file(YASB_FILE) {
            db.yasb = read_yasb(text, db, &mut self.errors);
        }
        if let Some(products) = set.optional_file(PRODUCTS_FILE) {
            let contents = set.file(CONTENTS_FILE);
            db.products = read_products(products, contents, db, &mut self.errors);
        }
    }

    /// `factions.csv`: a squad faction builds in itself; every faction
    /// builds in one of those.
    fn factions(&mut self, rows: Vec<Located<FactionRow>>) -> Vec<Faction> {
        let squad_factions: Vec<String> = rows
            .iter()
            .filter(|r| r.row.squad_faction == r.row.xws)
            .map(|r| r.row.xws.clone())
            .collect();
        rows.into_iter()
            .map(|r| {
                let aliases = list(&r.row.aliases);
                self.register_names(NamesOf::Factions, &r, &r.row.xws, &r.row.name, &aliases);
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
            .collect()
    }

    /// `slots.csv`: the upgrade icons.
    fn slot_types(&mut self, rows: Vec<Located<SlotRow>>) -> Vec<SlotType> {
        rows.into_iter()
            .map(|r| {
                let aliases = list(&r.row.aliases);
                self.register_names(NamesOf::Slots, &r, &r.row.xws, &r.row.name, &aliases);
                SlotType {
                    xws: r.row.xws.into(),
                    name: r.row.name,
                    implicit: is_yes(&r.row.implicit),
                    aliases,
                }
            })
            .collect()
    }

    /// `actions.csv`: the action icons.
    fn actions(&mut self, rows: Vec<Located<ActionRow>>) -> Vec<Action> {
        rows.into_iter()
            .map(|r| {
                self.register_names(NamesOf::Actions, &r, &r.row.xws, &r.row.name, &[]);
                Action {
                    xws: r.row.xws,
                    name: r.row.name,
                }
            })
            .collect()
    }

    /// `ships.csv`: every ship's names are registered before any ship is
    /// resolved.
    fn ships(&mut self, rows: Vec<Located<ShipRow>>) -> Vec<Ship> {
        for r in &rows {
            self.register_id(r, r.row.id, &r.row.xws);
            let aliases = list(&r.row.aliases);
            self.register_names(NamesOf::Ships, r, &r.row.xws, &r.row.name, &aliases);
        }
        rows.into_iter().map(|r| self.ship(r)).collect()
    }

    /// `conditions.csv`: the condition cards.
    fn conditions(&mut self, rows: Vec<Located<ConditionRow>>) -> Vec<Condition> {
        rows.into_iter()
            .map(|r| {
                self.register_id(&r, r.row.id, &r.row.xws);
                self.register_names(NamesOf::Conditions, &r, &r.row.xws, &r.row.name, &[]);
                Condition {
                    id: r.row.id,
                    xws: r.row.xws,
                    name: r.row.name,
                    unique: is_yes(&r.row.unique),
                    text: r.row.text,
                }
            })
            .collect()
    }

    fn register_names<T>(
        &mut self,
        file: NamesOf,
        at: &Located<T>,
        xws: &str,
        name: &str,
        aliases: &[String],
    ) {
        let names = match file {
            NamesOf::Factions => &mut self.factions,
            NamesOf::Slots => &mut self.slots,
            NamesOf::Actions => &mut self.actions,
            NamesOf::Ships => &mut self.ships,
            NamesOf::Conditions => &mut self.conditions,
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

    /// Resolves a `;`-list against one file's names, reporting each unknown name.
    fn resolve_list<T>(
        &mut self,
        at: &Located<T>,
        column: &str,
        value: &str,
        file: NamesOf,
    ) -> Vec<String> {
        let names = match file {
            NamesOf::Factions => &self.factions,
            NamesOf::Slots => &self.slots,
            NamesOf::Actions => &self.actions,
            NamesOf::Ships => &self.ships,
            NamesOf::Conditions => &self.conditions,
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
        file: NamesOf,
    ) -> Option<String> {
        let resolved = self.resolve_list(at, column, value, file);
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
        let factions = self.resolve_list(&r, "factions", &r.row.factions, NamesOf::Factions);
        if factions.is_empty() && !list(&r.row.factions).is_empty() {
            // unknown names were reported
        } else if factions.is_empty() {
            self.errors
                .push(r.error("factions", "a ship needs at least one faction"));
        }
        let actions = self.resolve_list(&r, "actions", &r.row.actions, NamesOf::Actions);
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
            size: ShipSize::parse(&r.row.size).unwrap_or(ShipSize::Small),
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
        let ship = self.resolve_one(&r, "ship", &r.row.ship, NamesOf::Ships);
        let faction = self.resolve_one(&r, "faction", &r.row.faction, NamesOf::Factions);
        let actions = self.resolve_list(&r, "actions", &r.row.actions, NamesOf::Actions);
        let upgrade_bar = self.resolve_list(&r, "upgrade_bar", &r.row.upgrade_bar, NamesOf::Slots);
        let conditions =
            self.resolve_list(&r, "conditions", &r.row.conditions, NamesOf::Conditions);
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
        let dial_changes = DialChange::parse_all(&r.row.dial_changes).unwrap_or_else(|e| {
            self.errors.push(r.error("dial_changes", e));
            Vec::new()
        });
        let row = r.row;
        Some(Pilot {
            dial_changes,
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
            self.resolve_list(r, "actions_gained", &r.row.actions_gained, NamesOf::Actions);
        let mut stat_changes = Vec::new();
        for text in list(&r.row.stat_changes) {
            match StatChange::parse(&text) {
                Ok(change) => stat_changes.push(change),
                Err(message) => self.errors.push(r.error("stat_changes", message)),
            }
        }
        let dial_changes = DialChange::parse_all(&r.row.dial_changes).unwrap_or_else(|e| {
            self.errors.push(r.error("dial_changes", e));
            Vec::new()
        });
        Face {
            dial_changes,
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
        let slots = self.resolve_list(r, "slots", &row.slots, NamesOf::Slots);
        let ships = self.resolve_list(r, "allowed_ships", &row.allowed_ships, NamesOf::Ships);
        let factions = self.resolve_list(
            r,
            "allowed_factions",
            &row.allowed_factions,
            NamesOf::Factions,
        );
        let grants = self.resolve_list(r, "grants", &row.grants, NamesOf::Slots);
        let grant_choice = self.resolve_list(r, "grant_choice", &row.grant_choice, NamesOf::Slots);
        let losses = self.resolve_list(r, "losses", &row.losses, NamesOf::Slots);
        let forbidden_slots =
            self.resolve_list(r, "forbidden_slots", &row.forbidden_slots, NamesOf::Slots);
        let requires = self.requirements(r);
        let sizes = self.sizes(r);
        let losses_all = self.resolve_list(r, "losses_all", &row.losses_all, NamesOf::Slots);
        let distinct_slots =
            self.resolve_list(r, "distinct_slots", &row.distinct_slots, NamesOf::Slots);
        let grant_filters = self.grant_filters(r);
        let discounts = self.discounts(r);
        let slot_aliases = self.slot_aliases(r);
        if !row.faction_unless.is_empty() && !is_xws_name(&row.faction_unless) {
            self.errors.push(r.error(
                "faction_unless",
                format!("`{}` is not a card's XWS name", row.faction_unless),
            ));
        }
        let conditions = self.resolve_list(r, "conditions", &row.conditions, NamesOf::Conditions);
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
            match ShipSize::parse(&word) {
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
                    .resolve_one(r, "requires", &name, NamesOf::Actions)
                    .map(Requirement::Action),
                Requirement::NoPrintedSlot(name) => self
                    .resolve_one(r, "requires", &name, NamesOf::Slots)
                    .map(Requirement::NoPrintedSlot),
                Requirement::Slot(name) => self
                    .resolve_one(r, "requires", &name, NamesOf::Slots)
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
                        self.resolve_one(r, "grant_filters", &filter.slot, NamesOf::Slots)
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
                    let slot = self.resolve_one(r, "slot_aliases", &alias.slot, NamesOf::Slots);
                    let holds: Vec<String> = alias
                        .holds
                        .iter()
                        .filter_map(|h| self.resolve_one(r, "slot_aliases", h, NamesOf::Slots))
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
                        discount.slot = self.resolve_one(r, "discounts", &name, NamesOf::Slots);
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

/// Which file's names a cell refers to: each has its own [`Names`].
#[derive(Clone, Copy)]
enum NamesOf {
    Factions,
    Slots,
    Actions,
    Ships,
    Conditions,
}

/// Names a squad report copies (slot kinds, actions, conditions), kept
/// inline so copying them allocates nothing.
fn inline(list: Vec<String>) -> Vec<ShortName> {
    list.into_iter().map(ShortName::from).collect()
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
