//! The ship as its cards make it fly: the dial recoloured, stats changed
//! and actions gained, each change naming its card, in the report
//! (`POST /api/validate` sends the same) and in the printout.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

mod common;

use cards::catalog::{Difficulty, Stat};
use cards::squad::printout::Printout;
use cards::squad::{ChangedPart, FlownManeuver, ShipReport};

use common::{Ship, rules, squad};

fn ship(faction: &str, one: Ship) -> ShipReport {
    rules()
        .validate(&squad("standard", faction, &[one]))
        .ships
        .remove(0)
}

/// Each maneuver as `1BL:G`, with the cards that changed it.
fn changed(dial: &[FlownManeuver]) -> Vec<(String, Vec<String>)> {
    dial.iter()
        .filter(|m| m.changed())
        .map(|m| {
            let by = m.changed_by.iter().map(ToString::to_string).collect();
            (m.maneuver.to_string(), by)
        })
        .collect()
}

fn flown(dial: &[FlownManeuver]) -> Vec<String> {
    dial.iter().map(|m| m.maneuver.to_string()).collect()
}

#[test]
fn r2_astromech_greens_every_1_and_2_speed_maneuver_and_no_other() {
    let r = ship("rebel", ("rookiepilot", &["r2astromech"]));
    let printed = &rules().db.ship("xwing").unwrap().dial;
    assert_eq!(r.dial.len(), printed.len());
    for (m, p) in r.dial.iter().zip(printed) {
        if p.speed <= 2 {
            assert_eq!(m.maneuver.difficulty, Difficulty::Green, "{p}");
        } else {
            assert_eq!(m.maneuver, *p, "{p} flies as printed");
            assert!(!m.changed());
        }
    }
    // The X-wing prints its 1-speed maneuvers and 2 straight green already:
    // only the rest are marked.
    let marked: Vec<String> = changed(&r.dial).into_iter().map(|(m, _)| m).collect();
    assert_eq!(marked, ["2TL:G", "2BL:G", "2BR:G", "2TR:G"]);
    assert!(
        changed(&r.dial)
            .iter()
            .all(|(_, by)| by == &["r2astromech"])
    );
}

#[test]
fn light_scyk_greens_the_m3as_banks() {
    let r = ship("scum", ("cartelspacer", &["lightscykinterceptor"]));
    let banks: Vec<String> = flown(&r.dial)
        .into_iter()
        .filter(|m| m.contains('B'))
        .collect();
    assert_eq!(
        banks,
        ["1BL:G", "1BR:G", "2BL:G", "2BR:G", "3BL:G", "3BR:G"]
    );
    let marked: Vec<String> = changed(&r.dial).into_iter().map(|(m, _)| m).collect();
    assert_eq!(
        marked,
        ["3BL:G", "3BR:G"],
        "the M3-A prints 1 and 2 banks green"
    );
}

#[test]
fn twin_ion_engine_mk_ii_greens_a_ties_banks() {
    let r = ship("imperial", ("academypilot", &["twinionenginemkii"]));
    for m in r
        .dial
        .iter()
        .filter(|m| m.maneuver.bearing_code().starts_with('B'))
    {
        assert_eq!(m.maneuver.difficulty, Difficulty::Green, "{}", m.maneuver);
    }
    assert!(
        changed(&r.dial)
            .iter()
            .any(|(m, by)| m == "3BL:G" && by == &["twinionenginemkii"])
    );
    let plain = ship("imperial", ("academypilot", &[]));
    assert!(plain.dial.iter().all(|m| !m.changed()));
    assert_eq!(
        plain.dial.iter().map(|m| m.maneuver).collect::<Vec<_>>(),
        rules().db.ship("tiefighter").unwrap().dial
    );
}

#[test]
fn two_cards_on_one_maneuver_give_the_easier_colour_in_either_order() {
    // A TIE Reaper prints its 3 banks red: Advanced Ailerons makes them
    // white, Twin Ion Engine Mk. II green; green wins.
    let both = ship(
        "imperial",
        (
            "scarifbasepilot",
            &["advancedailerons", "twinionenginemkii"],
        ),
    );
    let swapped = ship(
        "imperial",
        (
            "scarifbasepilot",
            &["twinionenginemkii", "advancedailerons"],
        ),
    );
    assert_eq!(both.dial, swapped.dial);
    let three_bank = |r: &ShipReport| {
        changed(&r.dial)
            .into_iter()
            .find(|(m, _)| m.starts_with("3BL"))
    };
    assert_eq!(
        three_bank(&both).unwrap(),
        ("3BL:G".to_string(), vec!["twinionenginemkii".to_string()])
    );
    let ailerons = ship("imperial", ("scarifbasepilot", &["advancedailerons"]));
    assert_eq!(
        three_bank(&ailerons).unwrap(),
        ("3BL:W".to_string(), vec!["advancedailerons".to_string()])
    );
    // R2 Astromech and Nien Nunb both green an ARC-170's 2-speed turns and
    // straights; each names the maneuvers it changes.
    let r = ship("rebel", ("norrawexley", &["r2astromech", "niennunb"]));
    let by = |code: &str| {
        changed(&r.dial)
            .into_iter()
            .find(|(m, _)| m.starts_with(code))
            .map(|(_, by)| by)
    };
    assert_eq!(by("2TL").unwrap(), ["r2astromech"]);
    assert_eq!(by("3S").unwrap(), ["niennunb"]);
    assert_eq!(by("4S").unwrap(), ["niennunb"]);
    assert_eq!(by("1S"), None, "printed green");
}

#[test]
fn stats_and_actions_a_card_changes_are_marked_with_it() {
    let part = |r: &ShipReport, part: ChangedPart| {
        r.changes
            .iter()
            .find(|c| c.part == part)
            .map(|c| c.by.iter().map(ToString::to_string).collect::<Vec<_>>())
    };
    let r = ship("rebel", ("rookiepilot", &["shieldupgrade"]));
    assert_eq!(r.stats.shields, Some(3));
    assert_eq!(
        part(&r, ChangedPart::Stat(Stat::Shields)).unwrap(),
        ["shieldupgrade"]
    );
    let r = ship("rebel", ("rookiepilot", &["hullupgrade"]));
    assert_eq!(r.stats.hull, Some(4));
    assert_eq!(
        part(&r, ChangedPart::Stat(Stat::Hull)).unwrap(),
        ["hullupgrade"]
    );
    let r = ship("rebel", ("rookiepilot", &["stealthdevice"]));
    assert_eq!(r.stats.agility, Some(3));
    assert_eq!(
        part(&r, ChangedPart::Stat(Stat::Agility)).unwrap(),
        ["stealthdevice"]
    );
    let r = ship("scum", ("cartelspacer", &["heavyscykinterceptor"]));
    assert_eq!(r.stats.hull, Some(3));
    assert_eq!(
        part(&r, ChangedPart::Stat(Stat::Hull)).unwrap(),
        ["heavyscykinterceptor"]
    );
    let r = ship("rebel", ("rookiepilot", &["engineupgrade"]));
    assert_eq!(
        part(&r, ChangedPart::Action("boost".into())).unwrap(),
        ["engineupgrade"]
    );
    assert!(
        part(&r, ChangedPart::Action("focus".into())).is_none(),
        "printed"
    );
    assert_eq!(r.changes.len(), 1);
}

#[test]
fn the_printout_prints_the_dial_flown_and_the_changes() {
    let mut s = squad(
        "standard",
        "rebel",
        &[("rookiepilot", &["r2astromech", "shieldupgrade"])],
    );
    s.name = "R2".into();
    let sheet = Printout::of(rules(), &s);
    let dial = &sheet.ships[0].dial;
    assert!(
        dial.iter()
            .any(|m| m.maneuver.to_string() == "2BL:G" && m.changed())
    );
    assert_eq!(sheet.ships[0].stats.shields, Some(3));
    assert_eq!(
        sheet.ships[0].changes[0].part,
        ChangedPart::Stat(Stat::Shields)
    );
}

#[test]
fn the_report_sends_the_dial_and_its_changes_as_json() {
    let r = ship("rebel", ("rookiepilot", &["r2astromech"]));
    let json = serde_json::to_value(&r).unwrap();
    let first = &json["dial"][3];
    assert_eq!(first["maneuver"]["speed"], 2);
    assert_eq!(first["printed"], "white");
    assert_eq!(first["maneuver"]["difficulty"], "green");
    assert_eq!(first["changed_by"][0], "r2astromech");
}
