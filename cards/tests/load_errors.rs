//! The loader refuses broken card sets, naming file, line and column of every error.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

use cards::catalog::{CardSet, Database, LoadError};

const PILOTS_HEADER: &str = "id,xws,name,unique,skill,ship,faction,attack,agility,hull,shields,energy,actions,upgrade_bar,ability,points";
const CARTEL: &str =
    "102,cartelspacer,Cartel Spacer,no,2,M3-A Interceptor,Scum,2,3,2,1,,Evade,,,14";

fn embedded_text(name: &str) -> String {
    let path = format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

fn errors_with(file: &str, bytes: impl Into<Vec<u8>>) -> Vec<LoadError> {
    let set = CardSet::embedded().with_file(file, bytes);
    match Database::load(&set) {
        Ok(_) => panic!("a broken {file} loaded"),
        Err(e) => e.0,
    }
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
fn missing_column() {
    let text = embedded_text("ships.csv").replace(",epic_points", "");
    let errors = errors_with("ships.csv", text);
    assert_error(&errors, "ships.csv", 1, "epic_points", "missing");
}

#[test]
fn unknown_column() {
    let text = embedded_text("factions.csv").replacen("aliases", "aliases,colour", 1);
    let errors = errors_with("factions.csv", text);
    assert_error(&errors, "factions.csv", 1, "colour", "unknown column");
}

#[test]
fn bad_number() {
    let text = format!(
        "{PILOTS_HEADER}\n{}\n",
        CARTEL.replace(",2,M3-A", ",two,M3-A")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(&errors, "pilots.csv", 2, "skill", "invalid digit");
}

#[test]
fn number_out_of_range() {
    let text = format!(
        "{PILOTS_HEADER}\n{}\n",
        CARTEL.replace(",2,M3-A", ",13,M3-A")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(&errors, "pilots.csv", 2, "skill", "out of range");
}

#[test]
fn bad_yes_no() {
    let text = format!("{PILOTS_HEADER}\n{}\n", CARTEL.replace(",no,", ",maybe,"));
    let errors = errors_with("pilots.csv", text);
    assert_error(&errors, "pilots.csv", 2, "unique", "expected `yes` or `no`");
}

#[test]
fn bad_ship_size() {
    let text = embedded_text("ships.csv").replace(",small,", ",tiny,");
    let errors = errors_with("ships.csv", text);
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
    let text = embedded_text("pilots.csv").replace("Crew;Crew;Hardpoint", "Crew;Galley;Hardpoint");
    let errors = errors_with("pilots.csv", text);
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
    let text = embedded_text("upgrades.csv").replace(",Crew;Team,", ",Crew;Galley,");
    let errors = errors_with("upgrades.csv", text);
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
    let text = format!(
        "{}{}\n",
        embedded_text("pilots.csv"),
        CARTEL.replace("cartelspacer,Cartel Spacer", "newpilot,New Pilot")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(
        &errors,
        "pilots.csv",
        9,
        "id",
        "already used by `cartelspacer`",
    );
}

#[test]
fn duplicate_id_across_files() {
    // An upgrade may not reuse a pilot's id: squad links name cards by id.
    let text = embedded_text("upgrades.csv").replace("\n214,1,", "\n101,1,");
    let errors = errors_with("upgrades.csv", text);
    assert_error(
        &errors,
        "upgrades.csv",
        16,
        "id",
        "already used by `croccruiser`",
    );
}

#[test]
fn duplicate_xws_name() {
    let text = format!(
        "{}{}\n",
        embedded_text("pilots.csv"),
        CARTEL.replace("102,", "199,")
    );
    let errors = errors_with("pilots.csv", text);
    assert_error(
        &errors,
        "pilots.csv",
        9,
        "xws",
        "`cartelspacer` is already used",
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
    let mut bytes = embedded_text("upgrades.csv").into_bytes();
    let at = bytes
        .windows(7)
        .position(|w| w == b"Cikatro")
        .expect("Cikatro in upgrades.csv");
    bytes[at + 1] = 0xE9;
    let errors = errors_with("upgrades.csv", bytes);
    assert_error(&errors, "upgrades.csv", 4, "name", "not valid UTF-8");
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
        "3 fields but the header has 16",
    );
}

#[test]
fn bad_dial() {
    let text = embedded_text("ships.csv").replace("3K:R", "3K:X");
    let errors = errors_with("ships.csv", text);
    assert_error(&errors, "ships.csv", 3, "dial", "unknown difficulty `X`");
}

#[test]
fn bad_requirement_and_stat_change() {
    let text = embedded_text("upgrades.csv")
        .replace("shields=1", "shine=1")
        .replace("hull+1", "hull+one");
    let errors = errors_with("upgrades.csv", text);
    assert_error(
        &errors,
        "upgrades.csv",
        12,
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
    let text = embedded_text("upgrades.csv").replace(
        "212,2,arccaster,ARC Caster (Recharging),Cannon,no,no,yes,2,",
        "212,2,arccaster,ARC Caster (Recharging),Cannon,no,no,yes,3,",
    );
    let errors = errors_with("upgrades.csv", text);
    assert_error(&errors, "upgrades.csv", 14, "points", "differs from face 1");
}

#[test]
fn several_errors_are_reported_at_once() {
    let set = CardSet::embedded()
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
    for name in cards::catalog::FILES {
        std::fs::write(dir.join(name), embedded_text(name)).unwrap();
    }
    let db = Database::load_dir(&dir).unwrap();
    assert_eq!(db, Database::embedded().unwrap());

    std::fs::remove_file(dir.join("slots.csv")).unwrap();
    let errors = Database::load_dir(&dir).unwrap_err().0;
    assert_eq!(errors.len(), 1);
    assert!(errors[0].file.ends_with("slots.csv"));
    assert!(errors[0].message.contains("cannot read"));
    std::fs::remove_dir_all(&dir).unwrap();
}
