//! What several of the app's tests share: the app's router as the binary
//! builds it, and the fixture squads of `cards/tests/fixtures/squads.json`.

#![allow(dead_code)] // a test helper: each test uses some

use std::sync::Arc;

use app::server::{Args, load_rules, router, search_index};
use clap::Parser;

/// The app's router as the binary builds it from these command-line
/// arguments (after the program's name), on the embedded cards.
pub fn router_of(args: &[&str]) -> axum::Router {
    let args = Args::parse_from(std::iter::once("merchant-one").chain(args.iter().copied()));
    let rules = load_rules(&args).expect("embedded cards load");
    let index = search_index(&rules).expect("the index builds");
    router(Arc::new(rules), index, &args).unwrap()
}

/// The name the player gave the fixture squad of nine ships.
pub const NINE_SHIP_NAME: &str = "Nine Scum ships, full bars";

/// The fixture squad "Nine Scum ships, full bars" as a link code.
pub fn nine_ship_code() -> String {
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("../../../cards/tests/fixtures/squads.json")).unwrap();
    let case = cases.iter().find(|c| c["name"] == NINE_SHIP_NAME).unwrap();
    let rules = cards::squad::Rules::embedded().unwrap();
    let squad = cards::squad::xws::import(&rules, &case["xws"].to_string(), None)
        .unwrap()
        .squad;
    cards::squad::link::encode(&squad)
}
