//! The squad as the Tabletop Simulator mod for 1st edition spawns it
//! (tjakubo2/TTS_xwing, its "Upgrades Bag" script): the mod takes a pasted
//! list with a ship's points in brackets as co.uk's "browse" format, one
//! ship a line, `Pilot + Upgrade + Upgrade (points)`, names in English as
//! the cards print them. It reads every run of name characters that ends in
//! ` +` or ` (`, across lines, so nothing may stand before the first ship;
//! the squad's name and link come last, with no ` (` or ` +` in them.
//! `cards/tests/tts.rs` restates the mod's grammar and reads our lists
//! back with it.
//!
//! ```
//! use cards::squad::tts::tts_text;
//! use cards::squad::{CardRef, Rules, SlotRef, Squad};
//! let rules = Rules::embedded().unwrap();
//! let mut squad = Squad::new("standard", "rebel");
//! squad.name = "Red (two)".into();
//! squad.add_ship(CardRef::Xws("rookiepilot".into()));
//! squad.equip(0, SlotRef::new("amd", 0), CardRef::Xws("r2astromech".into()));
//! let report = rules.validate(&squad);
//! assert_eq!(
//!     tts_text(&rules, &squad, &report, "https://m1.example/build?s=v3.x"),
//!     "Rookie Pilot + R2 Astromech (22)\n\nRed [two]\nhttps://m1.example/build?s=v3.x\n"
//! );
//! ```

use std::fmt::Write;

use crate::squad::{Report, Rules, Squad};

/// The squad for the mod: its ships, then its name and link.
pub fn tts_text(rules: &Rules, squad: &Squad, report: &Report, link: &str) -> String {
    let db = &rules.db;
    let mut out = String::new();
    for (ship, ship_report) in squad.ships.iter().zip(&report.ships) {
        // An unknown card is named, so the mod says which it could not find.
        let pilot = ship.pilot.pilot(db).map_or_else(
            || quiet(&format!("unknown pilot {}", ship.pilot.describe())),
            |p| printed_name(&p.name),
        );
        let mut parts = vec![pilot];
        for e in &ship.upgrades {
            parts.push(e.card.upgrade(db).map_or_else(
                || quiet(&format!("unknown upgrade {}", e.card.describe())),
                |card| printed_name(card.name()),
            ));
        }
        let _ = writeln!(out, "{} ({})", parts.join(" + "), ship_report.points);
    }
    let name = squad.name.trim();
    let _ = writeln!(out);
    if !name.is_empty() {
        let _ = writeln!(out, "{}", quiet(name));
    }
    let _ = writeln!(out, "{}", quiet(link));
    out
}

/// A card's name as the mod keys it: a dual card's face in brackets
/// ("Servomotor S-foils (Attack)") is the card's name alone.
fn printed_name(name: &str) -> String {
    match name.rsplit_once(" (") {
        Some((card, face)) if face.ends_with(')') => card.to_string(),
        _ => name.to_string(),
    }
}

/// Text that cannot read as a card to the mod: no bracket or plus sign.
fn quiet(text: &str) -> String {
    text.replace('(', "[")
        .replace(')', "]")
        .replace('+', "&")
        .replace(['\n', '\r'], " ")
}
