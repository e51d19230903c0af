//! The sentences an English card page lists under "Rules as data"
//! (`app/src/components/effect_text.rs`, from
//! `cards::catalog::effect_lines`), on real cards: one card for each kind
//! of rule, as the page has always written them.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use std::sync::{Arc, OnceLock};

use app::components::effect_text::effect_text;
use app::components::plain_text::plain_text;
use cards::catalog::{Database, effect_lines};
use leptos::prelude::*;

fn db() -> Arc<Database> {
    static DB: OnceLock<Arc<Database>> = OnceLock::new();
    DB.get_or_init(|| Arc::new(Database::embedded().unwrap()))
        .clone()
}

/// The English sentences of the upgrade of XWS name `xws`.
fn lines(xws: &str) -> Vec<String> {
    let db = db();
    let effects = effect_lines(db.upgrade(xws).unwrap());
    Owner::new().with(|| {
        (effects.into_iter())
            .map(|e| plain_text(&effect_text(db.clone(), e).to_html()))
            .collect()
    })
}

#[test]
fn a_card_of_two_slots_says_so_with_its_faction() {
    assert_eq!(
        lines("jabbathehutt"),
        [
            "Occupies 2 slots: Crew, Crew",
            "Factions: Scum and Villainy"
        ]
    );
}

#[test]
fn a_faction_restriction_another_card_lifts() {
    assert_eq!(
        lines("maul"),
        [
            "Factions: Scum and Villainy",
            "Any faction if the squad has ezrabridger"
        ]
    );
}

#[test]
fn sizes_huge_only_limited_and_a_squad_limit() {
    assert_eq!(lines("deadeye"), ["Ship sizes: small"]);
    assert_eq!(lines("ordnancetubes"), ["Huge ship only"]);
    assert!(lines("superchargedpowercells").contains(&"Limited: one copy per ship".to_string()));
    assert_eq!(
        lines("attannimindlink"),
        ["Factions: Scum and Villainy", "At most 2 per squad"]
    );
}

#[test]
fn a_title_that_reshapes_the_bar() {
    assert_eq!(
        lines("merchantone"),
        [
            "Ships: C-ROC Cruiser",
            "Upgrade bar gains: Crew, Team",
            "Upgrade bar loses: Cargo"
        ]
    );
    assert_eq!(
        lines("tieshuttle"),
        [
            "Ships: TIE Bomber",
            "Upgrade bar gains: Crew, Crew",
            "Upgrade bar loses every: Torpedo, Missile, Bomb",
            "Granted slot takes a Crew card of 4 points or less"
        ]
    );
    assert_eq!(
        lines("lightscykinterceptor"),
        ["Ships: M3-A Interceptor", "Cannot equip: Modification"]
    );
}

#[test]
fn requirements_discounts_and_distinct_copies() {
    assert_eq!(
        lines("royalguardtie"),
        [
            "Ships: TIE Interceptor",
            "Requires: pilot skill value is at least 5",
            "Upgrade bar gains: Modification",
            "No two copies of one card in: Modification"
        ]
    );
    assert_eq!(
        lines("tiex1"),
        [
            "Ships: TIE Advanced",
            "Upgrade bar gains: System",
            "System upgrades cost 4 less (minimum 0)"
        ]
    );
    // A discount of no slot applies to every other card.
    assert_eq!(
        lines("vaksai"),
        [
            "Ships: Kihraxz Fighter",
            "Upgrade bar gains: Modification, Modification",
            "other upgrades cost 1 less (minimum 0)",
            "No two copies of one card in: Modification"
        ]
    );
}

#[test]
fn a_choice_of_icon_and_a_stat_change() {
    let heavy_scyk = lines("heavyscykinterceptor");
    assert!(
        heavy_scyk.contains(&"Upgrade bar gains one of: Cannon, Turret, Modification".to_string())
    );
    assert_eq!(heavy_scyk.last().unwrap(), "hull +1");
    assert_eq!(lines("hullupgrade"), ["hull +1"]);
}

#[test]
fn what_a_face_does_and_a_dual_card_names_the_face() {
    assert_eq!(lines("veteraninstincts"), ["Pilot skill +2"]);
    assert_eq!(lines("engineupgrade"), ["Action bar gains: Boost"]);
    assert_eq!(
        lines("adaptability"),
        [
            "Pilot skill -1 (face 1, Adaptability (-1))",
            "Pilot skill +1 (face 2, Adaptability (+1))"
        ]
    );
    assert_eq!(
        lines("servomotorsfoils"),
        [
            "Ships: X-wing",
            "Action bar gains: Barrel Roll (face 1, Servomotor S-foils (Attack))",
            "Action bar gains: Boost (face 2, Servomotor S-foils (Closed))",
            "attack -1 (face 2, Servomotor S-foils (Closed))"
        ]
    );
}

/// A requirement names the action and slots as the card prints them (the
/// page once wrote their XWS names: "action bar has boost").
#[test]
fn a_requirement_names_actions_and_slots_as_printed() {
    assert_eq!(lines("autothrusters"), ["Requires: action bar has Boost"]);
    assert_eq!(
        lines("longrangescanners"),
        [
            "Requires: upgrade bar has a Torpedo icon",
            "Requires: upgrade bar has a Missile icon"
        ]
    );
    assert_eq!(
        lines("r2d6"),
        [
            "Requires: pilot skill value is at least 3",
            "Requires: printed upgrade bar has no Elite icon",
            "Upgrade bar gains: Elite"
        ]
    );
}
