//! The package's cards as CSV rows: one function per table, then the
//! overrides, then the files. Columns come from the loader's row types, so
//! the importer and the loader cannot disagree on a file's shape.

use std::collections::HashMap;

use super::package::{
    PackageCondition, PackagePilot, PackageShip, PackageUpgrade, number_or_question, plain_text,
};
use super::{
    CONDITION_ID_BASE, ImportError, ImportedFiles, Override, OverrideTable, PILOT_ID_BASE,
    SHIP_ID_BASE, UPGRADE_ID_BASE,
};
use cards::catalog::columns;

/// One CSV row: its override key, its id (for sorting) and its cells in
/// column order.
struct Row {
    key: String,
    id: u32,
    /// The card's id in the package (the row's `id` before overrides).
    package_id: u32,
    face: u8,
    cells: Vec<String>,
}

struct Table {
    name: OverrideTable,
    columns: &'static [&'static str],
    rows: Vec<Row>,
    /// Columns the importer wrote that the loader does not read: a mistake
    /// here, reported by `write` rather than dropped.
    unknown: Vec<&'static str>,
}

impl Table {
    fn new(name: OverrideTable, columns: &'static [&'static str]) -> Table {
        Table {
            name,
            columns,
            rows: Vec::new(),
            unknown: Vec::new(),
        }
    }

    /// A new row, every cell blank.
    fn row(&mut self, key: String, id: u32, package_id: u32, face: u8) -> RowCells<'_> {
        self.rows.push(Row {
            key,
            id,
            package_id,
            face,
            cells: vec![String::new(); self.columns.len()],
        });
        let columns = self.columns;
        let row = self.rows.last_mut().map(|r| &mut r.cells);
        RowCells {
            columns,
            row,
            unknown: &mut self.unknown,
        }
    }

    fn column(&self, column: &str) -> Result<usize, ImportError> {
        self.columns
            .iter()
            .position(|c| *c == column)
            .ok_or_else(|| ImportError::UnknownColumn {
                table: self.name.file(),
                column: column.to_string(),
            })
    }

    fn apply(&mut self, o: &Override) -> Result<(), ImportError> {
        let at = self.column(&o.column)?;
        // `xws/2` names one face of a dual card; a bare key names every face.
        let (key, face) = match o.key.rsplit_once('/') {
            Some((k, f)) if self.name == OverrideTable::Upgrades => {
                (k, f.parse::<u8>().ok().filter(|f| (1..=2).contains(f)))
            }
            _ => (o.key.as_str(), None),
        };
        let mut found = false;
        for row in &mut self.rows {
            if row.key == key && face.is_none_or(|f| f == row.face) {
                if o.column == "id" {
                    row.id = o.value.parse().map_err(|_| ImportError::Overrides {
                        line: 0,
                        message: format!("`{}` is not an id (key `{}`)", o.value, o.key),
                    })?;
                }
                row.cells[at] = o.value.clone();
                found = true;
            }
        }
        if found {
            Ok(())
        } else {
            Err(ImportError::UnknownKey {
                table: self.name.file(),
                key: o.key.clone(),
            })
        }
    }

    fn write(mut self) -> Result<String, ImportError> {
        if let Some(column) = self.unknown.first() {
            return Err(ImportError::UnknownColumn {
                table: self.name.file(),
                column: column.to_string(),
            });
        }
        self.rows.sort_by_key(|r| (r.id, r.face));
        let mut out = csv::Writer::from_writer(Vec::new());
        let write_error = |e: csv::Error| ImportError::Write {
            file: self.name.file().into(),
            message: e.to_string(),
        };
        out.write_record(self.columns).map_err(write_error)?;
        for row in &self.rows {
            out.write_record(&row.cells).map_err(write_error)?;
        }
        let bytes = out.into_inner().map_err(|e| ImportError::Write {
            file: self.name.file().into(),
            message: e.to_string(),
        })?;
        String::from_utf8(bytes).map_err(|e| ImportError::Write {
            file: self.name.file().into(),
            message: e.to_string(),
        })
    }
}

/// Writes cells of one row by column name.
struct RowCells<'a> {
    columns: &'static [&'static str],
    row: Option<&'a mut Vec<String>>,
    unknown: &'a mut Vec<&'static str>,
}

impl RowCells<'_> {
    fn set(&mut self, column: &'static str, value: impl ToString) -> &mut Self {
        match (
            self.columns.iter().position(|c| *c == column),
            self.row.as_deref_mut(),
        ) {
            (Some(at), Some(row)) => row[at] = value.to_string(),
            (None, _) => self.unknown.push(column),
            (Some(_), None) => {}
        }
        self
    }

    fn opt<T: ToString>(&mut self, column: &'static str, value: Option<T>) -> &mut Self {
        if let Some(v) = value {
            self.set(column, v);
        }
        self
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The package's faction names, by the XWS name `factions.csv` gives them.
fn faction_keys() -> HashMap<String, (String, Option<String>)> {
    let mut out = HashMap::new();
    let mut reader =
        csv::Reader::from_reader(include_str!("../../cards/data/factions.csv").as_bytes());
    for record in reader.records().flatten() {
        let (xws, name, aliases) = (&record[0], &record[1], &record[2]);
        let short = aliases.split(';').next().filter(|s| !s.is_empty());
        out.insert(
            name.to_string(),
            (xws.to_string(), short.map(str::to_string)),
        );
    }
    out
}

pub(super) struct Tables {
    ships: Table,
    pilots: Table,
    upgrades: Table,
    conditions: Table,
}

impl Tables {
    pub(super) fn from_package(
        ships: &[PackageShip],
        pilots: &[PackagePilot],
        upgrades: &[PackageUpgrade],
        conditions: &[PackageCondition],
    ) -> Result<Tables, ImportError> {
        let factions = faction_keys();
        let mut tables = Tables {
            ships: Table::new(OverrideTable::Ships, columns::ships()),
            pilots: Table::new(OverrideTable::Pilots, columns::pilots()),
            upgrades: Table::new(OverrideTable::Upgrades, columns::upgrades()),
            conditions: Table::new(OverrideTable::Conditions, columns::conditions()),
        };
        for ship in ships {
            tables.ship(ship, &factions)?;
        }
        for pilot in pilots {
            tables.pilot(pilot, ships, &factions)?;
        }
        for upgrade in upgrades {
            tables.upgrade(upgrade, upgrades, &factions);
        }
        for condition in conditions {
            tables.condition(condition);
        }
        Ok(tables)
    }

    fn ship(
        &mut self,
        s: &PackageShip,
        factions: &HashMap<String, (String, Option<String>)>,
    ) -> Result<(), ImportError> {
        let dial = dial(s)?;
        let mut row = self.ships.row(s.xws.clone(), SHIP_ID_BASE + s.id, s.id, 1);
        row.set("id", SHIP_ID_BASE + s.id)
            .set("xws", &s.xws)
            .set("name", &s.name)
            .set("size", &s.size)
            .set("factions", short_names(&s.faction, factions).join(";"))
            .opt("attack", s.attack)
            .opt("agility", s.agility)
            .opt("hull", s.hull)
            .opt("shields", s.shields)
            .opt("energy", s.energy)
            .set("actions", s.actions.join(";"))
            .set("dial", dial)
            .opt("epic_points", s.epic_points);
        Ok(())
    }

    fn pilot(
        &mut self,
        p: &PackagePilot,
        ships: &[PackageShip],
        factions: &HashMap<String, (String, Option<String>)>,
    ) -> Result<(), ImportError> {
        let dangling = |what, name: &str| ImportError::Dangling {
            what,
            name: name.to_string(),
            by: p.xws.clone(),
        };
        let ship = ships
            .iter()
            .find(|s| s.name == p.ship)
            .ok_or_else(|| dangling("ship", &p.ship))?;
        let (faction, _) = factions
            .get(&p.faction)
            .ok_or_else(|| dangling("faction", &p.faction))?;
        let key = format!("{faction}/{}/{}", ship.xws, p.xws);
        let own = p.ship_override.as_ref();
        let id = PILOT_ID_BASE + p.id;
        let mut row = self.pilots.row(key, id, p.id, 1);
        row.set("id", id)
            .set("xws", &p.xws)
            .set("name", &p.name)
            .set("unique", yes_no(p.unique))
            .opt("skill", number_or_question(&p.skill))
            .set("ship", &p.ship)
            .set("faction", &p.faction)
            .opt("attack", own.map_or(ship.attack, |o| o.attack))
            .opt("agility", own.map_or(ship.agility, |o| o.agility))
            .opt("hull", own.map_or(ship.hull, |o| o.hull))
            .opt("shields", own.map_or(ship.shields, |o| o.shields))
            .opt("energy", ship.energy)
            .set("actions", ship.actions.join(";"))
            .set("upgrade_bar", p.slots.join(";"))
            .set("ability", plain_text(&p.text))
            .opt("points", number_or_question(&p.points))
            .set("conditions", p.conditions.join(";"));
        Ok(())
    }

    fn upgrade(
        &mut self,
        u: &PackageUpgrade,
        all: &[PackageUpgrade],
        factions: &HashMap<String, (String, Option<String>)>,
    ) {
        // Both faces of a dual card take the id of the face listed first.
        let first = all.iter().find(|o| o.xws == u.xws).unwrap_or(u);
        let face = if first.id == u.id { 1 } else { 2 };
        let id = UPGRADE_ID_BASE + first.id;
        let mut text = plain_text(&u.text);
        if let Some(effect) = &u.effect {
            text = [text, plain_text(effect)].join("\n\n").trim().to_string();
        }
        let (energy_limit, energy_change) = match u.slot.as_str() {
            "Title" => (None, u.energy.map(|e| format!("{e:+}"))),
            _ => (u.energy.map(|e| e.to_string()), None),
        };
        let mut grants = Vec::new();
        let mut actions = Vec::new();
        let mut stat_changes = Vec::new();
        let mut skill = None;
        for g in &u.grants {
            match (g.kind.as_str(), g.name.as_str()) {
                ("slot", name) => grants.push(name.to_string()),
                ("action", name) => actions.push(name.to_string()),
                ("stats", "skill") => skill = g.value,
                ("stats", stat) => {
                    stat_changes.push(format!("{stat}{:+}", g.value.unwrap_or_default()))
                }
                _ => {}
            }
        }
        let restriction = restriction_line(u, factions);
        let mut row = self.upgrades.row(u.xws.clone(), id, u.id, face);
        row.set("id", id)
            .set("face", face)
            .set("xws", &u.xws)
            .set("name", &u.name)
            .set("slots", &u.slot)
            .set("unique", yes_no(u.unique))
            .set("limited", yes_no(u.limited))
            .set("dual", yes_no(u.dual_card.is_some()))
            .set("points", u.points)
            .set("restriction_text", restriction)
            .set("text", text)
            .opt("energy_limit", energy_limit)
            .opt("energy_limit_change", energy_change)
            .opt("attack", u.attack)
            .opt("range", u.range.as_ref())
            .set("allowed_ships", u.ship.join(";"))
            .set(
                "allowed_factions",
                short_names(u.faction.as_slice(), factions).join(";"),
            )
            .set("sizes", u.size.join(";"))
            .set("grants", grants.join(";"))
            .set("actions_gained", actions.join(";"))
            .opt("skill_change", skill.map(|s| format!("{s:+}")))
            .set("stat_changes", stat_changes.join(";"))
            .opt("squad_limit", u.squad_limited)
            .set("conditions", u.conditions.join(";"));
    }

    fn condition(&mut self, c: &PackageCondition) {
        let id = CONDITION_ID_BASE + c.id;
        let mut row = self.conditions.row(c.xws.clone(), id, c.id, 1);
        row.set("id", id)
            .set("xws", &c.xws)
            .set("name", &c.name)
            .set("unique", yes_no(c.unique))
            .set("text", plain_text(&c.text));
    }

    /// Our id of the card the package numbers `package_id` in `table`,
    /// after the overrides (the C-ROC pack keeps its own ids). Both faces
    /// of a dual card give the card's one id.
    pub(super) fn final_id(&self, table: OverrideTable, package_id: u32) -> Option<u32> {
        let table = match table {
            OverrideTable::Ships => &self.ships,
            OverrideTable::Pilots => &self.pilots,
            OverrideTable::Upgrades => &self.upgrades,
            OverrideTable::Conditions => &self.conditions,
        };
        table
            .rows
            .iter()
            .find(|r| r.package_id == package_id)
            .map(|r| r.id)
    }

    pub(super) fn apply(&mut self, o: &Override) -> Result<(), ImportError> {
        match o.table {
            OverrideTable::Ships => self.ships.apply(o),
            OverrideTable::Pilots => self.pilots.apply(o),
            OverrideTable::Upgrades => self.upgrades.apply(o),
            OverrideTable::Conditions => self.conditions.apply(o),
        }
    }

    pub(super) fn write(self) -> Result<ImportedFiles, ImportError> {
        Ok(ImportedFiles(vec![
            ("ships.csv", self.ships.write()?),
            ("pilots.csv", self.pilots.write()?),
            ("upgrades.csv", self.upgrades.write()?),
            ("conditions.csv", self.conditions.write()?),
        ]))
    }
}

/// The restriction line as cards print it, from the package's structured
/// fields: size, ships, faction, then "Limited.". Lines the package keeps
/// nowhere are overrides.
fn restriction_line(
    u: &PackageUpgrade,
    factions: &HashMap<String, (String, Option<String>)>,
) -> String {
    let mut parts = Vec::new();
    if let [size] = u.size.as_slice() {
        let mut word = size.clone();
        if let Some(first) = word.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        parts.push(format!("{word} ship only."));
    }
    if !u.ship.is_empty() {
        parts.push(format!("{} only.", and_list(&u.ship)));
    }
    if let Some(f) = &u.faction {
        parts.push(format!(
            "{} only.",
            short_names(std::slice::from_ref(f), factions).join(" and ")
        ));
    }
    if u.limited {
        parts.push("Limited.".into());
    }
    parts.join(" ")
}

/// Faction names as cards print them in restrictions ("Scum"), where
/// `factions.csv` gives a short name; otherwise the full name.
fn short_names(
    names: &[String],
    factions: &HashMap<String, (String, Option<String>)>,
) -> Vec<String> {
    names
        .iter()
        .map(|f| {
            factions
                .get(f)
                .and_then(|(_, short)| short.clone())
                .unwrap_or_else(|| f.clone())
        })
        .collect()
}

/// `A`, `A and B`, `A, B and C`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The dial in the ships table's notation (see `cards/src/catalog/dial.rs`).
fn dial(s: &PackageShip) -> Result<String, ImportError> {
    let unknown = |code: String| ImportError::Package {
        file: "ships.json",
        message: format!(
            "`{}` has a maneuver this importer cannot read: `{code}`",
            s.xws
        ),
    };
    let mut out = Vec::new();
    for code in &s.dial {
        let mut chars = code.chars();
        let (speed, bearing, difficulty) = (chars.next(), chars.next(), chars.next());
        let bearing = match bearing {
            Some('T') => "TL",
            Some('Y') => "TR",
            Some('B') => "BL",
            Some('N') => "BR",
            Some('F') => "S",
            Some('K') => "K",
            Some('L') => "SLL",
            Some('P') => "SLR",
            Some('E') => "TRL",
            Some('R') => "TRR",
            Some('A') => "RBL",
            Some('D') => "RBR",
            Some('S') => "RS",
            Some('O') => "O",
            _ => return Err(unknown(code.clone())),
        };
        match (speed, difficulty, chars.next()) {
            (Some(speed), Some(difficulty), None) => {
                out.push(format!("{speed}{bearing}:{difficulty}"))
            }
            _ => return Err(unknown(code.clone())),
        }
    }
    // Huge ships: every maneuver is white; the energy layout matches.
    const HUGE_BEARINGS: [&str; 6] = ["TL", "BL", "S", "BR", "TR", "K"];
    for (speed, row) in s.maneuvers.iter().enumerate() {
        for (i, available) in row.iter().enumerate() {
            if *available == 0 || !s.dial.is_empty() {
                continue;
            }
            let bearing = HUGE_BEARINGS
                .get(i)
                .ok_or_else(|| unknown(format!("speed {speed}, bearing {i}")))?;
            let energy = s
                .maneuvers_energy
                .get(speed)
                .and_then(|r| r.get(i))
                .copied()
                .unwrap_or_default();
            out.push(format!("{speed}{bearing}:W:{energy}"));
        }
    }
    Ok(out.join(" "))
}
