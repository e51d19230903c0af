//! The loader refuses broken card sets, naming file, line and column of every error.
//!
//! Each test breaks one row of a small card set kept here (not the shipped
//! data, which may change), so every line number below is a line of these
//! fixtures.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::catalog::{CardSet, Database, LoadError};

const FACTIONS: &str = "xws,name,aliases,squad_faction
scum,Scum and Villainy,Scum,scum
";

const CONDITIONS: &str = "id,xws,name,unique,text
6001,shadowed,Shadowed,yes,Thweek is treated as having the pilot skill value you had after setup.
";

const SLOTS: &str = "xws,name,implicit,aliases
cannon,Cannon,no,
crew,Crew,no,
team,Team,no,
title,Title,yes,
mod,Modification,yes,
";

const ACTIONS: &str = "xws,name
focus,Focus
evade,Evade
recover,Recover
";

const SHIPS: &str =
    "id,xws,name,size,factions,attack,agility,hull,shields,energy,actions,dial,aliases,epic_points,section_of
1,croccruiser,C-ROC Cruiser,huge,Scum,,0,10,4,4,Recover,1S:W:3 2S:W:2,,,
2,m3ainterceptor,M3-A Interceptor,small,Scum,2,3,2,1,,Focus;Evade,1BL:G 2S:G 3K:R,Scyk Fighter,,
";

const PILOTS_HEADER: &str = "id,xws,name,unique,skill,ship,faction,attack,agility,hull,shields,energy,actions,upgrade_bar,ability,points,conditions,reserve_of,dial_changes";
/// Line 2 of [`pilots`].
const CROC: &str =
    "101,croccruiser,C-ROC Cruiser,no,1,C-ROC Cruiser,Scum,,0,10,4,4,Recover,Crew;Team,,35,,,";
/// Line 3 of [`pilots`].
const CARTEL: &str =
    "102,cartelspacer,Cartel Spacer,no,2,M3-A Interceptor,Scum,2,3,2,1,,Evade,,,14,Shadowed,,";

const UPGRADES_HEADER: &str = "id,face,xws,name,slots,unique,limited,dual,points,restriction_text,text,energy_limit,energy_limit_change,attack,range,allowed_ships,allowed_factions,faction_unless,sizes,grants,grant_choice,losses,forbidden_slots,requires,stat_changes,energy_after_recover,energy_cost,actions_gained,skill_change,squad_limit,conditions,losses_all,grant_filters,discounts,distinct_slots,slot_aliases,dial_changes";
/// Lines 2 to 6 of [`upgrades`]: a title with a stat change and a choice of
/// slots, a card with a requirement, a dual card's two faces, a crew card.
const UPGRADE_ROWS: [&str; 5] = [
    "201,1,heavyscykinterceptor,Heavy Scyk,Title,no,no,no,2,,Gains a slot.,,,,,M3-A Interceptor,,,,,Cannon;Modification,,,,hull+1,,,Evade,+1,,,,,,,,",
    "211,1,pulsedrayshield,Pulsed Ray Shield,Modification,no,no,no,2,,Recover.,,,,,,Scum,,,,,,,shields=1,,,,,,2,,,,,,,",
    "212,1,arccaster,ARC Caster,Cannon,no,no,yes,2,,Attack.,,,4,1,,Scum,,,,,,,,,,,,,,,,,,,,",
    "212,2,arccaster,ARC Caster (Recharging),Cannon,no,no,yes,2,,Flip.,,,,,,Scum,,,,,,,,,,,,,,,,,,,,",
    "203,1,cikatrovizago,Cikatro Vizago,Crew,yes,no,no,0,,Discard.,,,,,,Scum,,,Team,,,,,,,,,,,Shadowed,,,,,,",
];

fn pilots() -> String {
    format!("{PILOTS_HEADER}\n{CROC}\n{CARTEL}\n")
}

fn upgrades() -> String {
    format!("{UPGRADES_HEADER}\n{}\n", UPGRADE_ROWS.join("\n"))
}

/// The fixture card set, whole.
fn fixture() -> CardSet {
    CardSet::default()
        .with_file("factions.csv", FACTIONS)
        .with_file("slots.csv", SLOTS)
        .with_file("actions.csv", ACTIONS)
        .with_file("ships.csv", SHIPS)
        .with_file("conditions.csv", CONDITIONS)
        .with_file("pilots.csv", pilots())
        .with_file("upgrades.csv", upgrades())
}

fn errors_with(file: &str, bytes: impl Into<Vec<u8>>) -> Vec<LoadError> {
    match Database::load(&fixture().with_file(file, bytes)) {
        Ok(_) => panic!("a broken {file} loaded"),
        Err(e) => e.0,
    }
}

/// The upgrades with row `n` (0 for line 2) replaced.
fn upgrades_with(n: usize, row: &str) -> String {
    let mut rows = UPGRADE_ROWS.map(String::from);
    rows[n] = row.to_string();
    format!("{UPGRADES_HEADER}\n{}\n", rows.join("\n"))
}

/// Asserts that some error names exactly this file, line and column, and says `says`.
fn assert_error(errors: &[LoadError], file: &str, line: u64, column: &str, says: &str) {
    assert!(
        errors.iter().any(|e| e.file == file
            && e.line == line
            && e.column == column
            && e.message.contains(says)),
        "no error at {file}:{line} `{column}` saying {says:?}; got:\n{}",
        errors
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The rendered message names all three too.
    let e = errors.iter().find(|e| e.column == column).unwrap();
    let shown = e.to_string();
    assert!(
        shown.contains(file) && shown.contains(&format!("line {line}")) && shown.contains(column)
    );
}

#[test]
fn the_fixture_loads() {
    let db = Database::load(&fixture()).unwrap();
    assert_eq!(db.pilots.len(), 2);
    assert_eq!(db.upgrades.len(), 4);
}

#[test]
fn bad_dial_change() {
    let text = format!(
        "{PILOTS_HEADER}\n{}\n",
        CROC.replace(",35,,,", ",35,,,1:Q:G")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(
        &errors,
        "pilots.csv",
        2,
        "dial_changes",
        "unknown bearing `Q`",
    );
    let row = format!("{}*:B:X", UPGRADE_ROWS[2]);
    let errors = errors_with("upgrades.csv", upgrades_with(2, &row));
    assert_error(&errors, "upgrades.csv", 4, "dial_changes", "difficulty `X`");
}

#[test]
fn missing_column() {
    let errors = errors_with("ships.csv", SHIPS.replace(",epic_points", ""));
    assert_error(&errors, "ships.csv", 1, "epic_points", "missing");
}

#[test]
fn unknown_column() {
    let errors = errors_with(
        "factions.csv",
        FACTIONS.replacen("aliases", "aliases,colour", 1),
    );
    assert_error(&errors, "factions.csv", 1, "colour", "unknown column");
}

#[test]
fn bad_number() {
    let text = format!(
        "{PILOTS_HEADER}\n{}\n",
        CARTEL.replace(",2,M3-A", ",two,M3-A")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(
        &errors,
        "pilots.csv",
        2,
        "skill",
        "expected a pilot skill (0 to 12) or `?`, found `two`",
    );
}

#[test]
fn number_out_of_range() {
    let text = format!(
        "{PILOTS_HEADER}\n{}\n",
        CARTEL.replace(",2,M3-A", ",13,M3-A")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(&errors, "pilots.csv", 2, "skill", "found `13`");
}

#[test]
fn bad_yes_no() {
    let text = format!("{PILOTS_HEADER}\n{}\n", CARTEL.replace(",no,", ",maybe,"));
    let errors = errors_with("pilots.csv", text);
    assert_error(&errors, "pilots.csv", 2, "unique", "expected `yes` or `no`");
}

#[test]
fn bad_ship_size() {
    let errors = errors_with("ships.csv", SHIPS.replace(",small,", ",tiny,"));
    assert_error(
        &errors,
        "ships.csv",
        3,
        "size",
        "expected `small`, `large` or `huge`",
    );
}

#[test]
fn unknown_ship() {
    let text = format!(
        "{PILOTS_HEADER}\n{}\n",
        CARTEL.replace("M3-A Interceptor", "TIE Fighter")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(
        &errors,
        "pilots.csv",
        2,
        "ship",
        "unknown ship `TIE Fighter`",
    );
}

#[test]
fn unknown_slot() {
    let errors = errors_with("pilots.csv", pilots().replace("Crew;Team", "Crew;Galley"));
    assert_error(
        &errors,
        "pilots.csv",
        2,
        "upgrade_bar",
        "unknown slot type `Galley`",
    );
}

#[test]
fn unknown_slot_in_an_upgrade_effect() {
    let row = UPGRADE_ROWS[4].replace(",Team,", ",Galley,");
    let errors = errors_with("upgrades.csv", upgrades_with(4, &row));
    assert_error(
        &errors,
        "upgrades.csv",
        6,
        "grants",
        "unknown slot type `Galley`",
    );
}

#[test]
fn duplicate_id() {
    let copy = CARTEL.replace("cartelspacer,Cartel Spacer", "newpilot,New Pilot");
    let errors = errors_with("pilots.csv", format!("{}{copy}\n", pilots()));
    assert_error(
        &errors,
        "pilots.csv",
        4,
        "id",
        "already used by `cartelspacer`",
    );
}

#[test]
fn duplicate_id_across_files() {
    // An upgrade may not reuse a pilot's id: squad links name cards by id.
    let row = UPGRADE_ROWS[4].replacen("203,", "101,", 1);
    let errors = errors_with("upgrades.csv", upgrades_with(4, &row));
    assert_error(
        &errors,
        "upgrades.csv",
        6,
        "id",
        "already used by `croccruiser`",
    );
}

#[test]
fn duplicate_xws_name() {
    let copy = CARTEL.replace("102,", "199,");
    let errors = errors_with("pilots.csv", format!("{}{copy}\n", pilots()));
    assert_error(
        &errors,
        "pilots.csv",
        4,
        "xws",
        "the pilot `cartelspacer` of faction `scum` on the `m3ainterceptor` is already listed",
    );
}

#[test]
fn bad_xws_name() {
    let text = format!(
        "{PILOTS_HEADER}\n{}\n",
        CARTEL.replace("cartelspacer", "Cartel-Spacer")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(&errors, "pilots.csv", 2, "xws", "not an XWS name");
}

#[test]
fn empty_file() {
    let errors = errors_with("upgrades.csv", "");
    assert_error(&errors, "upgrades.csv", 1, "id", "empty");
}

#[test]
fn wrong_encoding() {
    // "Cikatro Vizago" written in Latin-1 with an accent: byte 0xE9 is not UTF-8.
    let mut bytes = upgrades().into_bytes();
    let at = bytes
        .windows(7)
        .position(|w| w == b"Cikatro")
        .expect("Cikatro in the fixture");
    bytes[at + 1] = 0xE9;
    let errors = errors_with("upgrades.csv", bytes);
    assert_error(&errors, "upgrades.csv", 6, "name", "not valid UTF-8");
}

#[test]
fn short_row() {
    let text = format!("{PILOTS_HEADER}\n102,cartelspacer,Cartel Spacer\n");
    let errors = errors_with("pilots.csv", text);
    assert_error(
        &errors,
        "pilots.csv",
        2,
        "unique",
        "3 fields but the header has 19",
    );
}

#[test]
fn bad_dial() {
    let errors = errors_with("ships.csv", SHIPS.replace("3K:R", "3K:X"));
    assert_error(&errors, "ships.csv", 3, "dial", "unknown difficulty `X`");
}

#[test]
fn bad_requirement_and_stat_change() {
    let text = upgrades()
        .replace("shields=1", "shine=1")
        .replace("hull+1", "hull+one");
    let errors = errors_with("upgrades.csv", text);
    assert_error(
        &errors,
        "upgrades.csv",
        3,
        "requires",
        "`shine` is not a stat",
    );
    assert_error(
        &errors,
        "upgrades.csv",
        2,
        "stat_changes",
        "not a signed number",
    );
}

#[test]
fn dual_card_faces_must_agree() {
    let row = UPGRADE_ROWS[3].replace(",yes,2,", ",yes,3,");
    let errors = errors_with("upgrades.csv", upgrades_with(3, &row));
    assert_error(&errors, "upgrades.csv", 5, "points", "differs from face 1");
}

#[test]
fn several_errors_are_reported_at_once() {
    let set = fixture()
        .with_file(
            "pilots.csv",
            format!(
                "{PILOTS_HEADER}\n{}\n{}\n",
                CARTEL.replace("M3-A Interceptor", "TIE Fighter"),
                CARTEL
                    .replace("102,cartelspacer", "103,other")
                    .replace(",14", ",lots")
            ),
        )
        .with_file("actions.csv", "");
    let errors = Database::load(&set).unwrap_err().0;
    assert!(errors.iter().any(|e| e.file == "actions.csv"));
    assert!(errors.iter().any(|e| e.file == "pilots.csv" && e.line == 2));
    assert!(
        errors
            .iter()
            .any(|e| e.file == "pilots.csv" && e.line == 3 && e.column == "points")
    );
}

#[test]
fn a_folder_loads_with_the_same_checks() {
    let dir = std::env::temp_dir().join(format!("merchant-one-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let texts = [
        FACTIONS.to_string(),
        SLOTS.to_string(),
        ACTIONS.to_string(),
        SHIPS.to_string(),
        CONDITIONS.to_string(),
        pilots(),
        upgrades(),
    ];
    for (name, text) in cards::catalog::FILES.into_iter().zip(texts) {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let db = Database::load_dir(&dir).unwrap();
    assert_eq!(db, Database::load(&fixture()).unwrap());

    std::fs::remove_file(dir.join("slots.csv")).unwrap();
    let errors = Database::load_dir(&dir).unwrap_err().0;
    assert_eq!(errors.len(), 1);
    assert!(errors[0].file.ends_with("slots.csv"));
    assert!(errors[0].message.contains("cannot read"));
    std::fs::remove_dir_all(&dir).unwrap();
}
