//! What several of the app's tests share: the fixture squads of
//! `cards/tests/fixtures/squads.json`.

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
