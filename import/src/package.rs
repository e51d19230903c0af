//! The xwing-data 1.0.1 package as it is written: plain JSON arrays, read
//! with `serde`. Only the fields the card set uses are named; the schemas in
//! `cards/data/xwing-data/schemas/` describe the rest.

use serde::Deserialize;
use serde_json::Value;

/// One ship entry of `ships.json`.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct PackageShip {
    pub id: u32,
    pub xws: String,
    pub name: String,
    pub faction: Vec<String>,
    pub size: String,
    pub attack: Option<u8>,
    pub agility: Option<u8>,
    pub hull: Option<u8>,
    pub shields: Option<u8>,
    pub energy: Option<u8>,
    #[serde(default)]
    pub actions: Vec<String>,
    /// Small and large ships: `[speed][bearing][difficulty]` codes.
    #[serde(default)]
    pub dial: Vec<String>,
    /// Huge ships: availability by speed, then bearing (turn left .. Koiogran).
    #[serde(default)]
    pub maneuvers: Vec<Vec<u8>>,
    /// Huge ships: the energy each maneuver gives, in the same layout.
    #[serde(default)]
    pub maneuvers_energy: Vec<Vec<u8>>,
    pub epic_points: Option<f64>,
}

/// One pilot entry of `pilots.json`.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct PackagePilot {
    pub id: u32,
    pub xws: String,
    pub name: String,
    #[serde(default)]
    pub unique: bool,
    pub ship: String,
    pub faction: String,
    /// A number, or the string "?" (Nashtah Pup Pilot).
    pub skill: Value,
    /// A number, or the string "?" (Nashtah Pup Pilot).
    pub points: Value,
    #[serde(default)]
    pub slots: Vec<String>,
    #[serde(default)]
    pub text: String,
    /// Stats printed on the pilot card instead of the ship's (Outer Rim Smuggler).
    pub ship_override: Option<PackageStats>,
    #[serde(default)]
    pub conditions: Vec<String>,
}

/// A pilot's own stat block.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct PackageStats {
    pub attack: Option<u8>,
    pub agility: Option<u8>,
    pub hull: Option<u8>,
    pub shields: Option<u8>,
}

/// One upgrade entry (one face) of `upgrades.json`.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct PackageUpgrade {
    pub id: u32,
    pub xws: String,
    pub name: String,
    pub slot: String,
    pub points: i32,
    #[serde(default)]
    pub unique: bool,
    #[serde(default)]
    pub limited: bool,
    #[serde(default)]
    pub text: String,
    /// A bomb's token text, printed below the card text.
    pub effect: Option<String>,
    pub attack: Option<u8>,
    pub range: Option<String>,
    /// A title's energy-limit change, or the energy a card stores (see the package README).
    pub energy: Option<i8>,
    #[serde(default)]
    pub ship: Vec<String>,
    pub faction: Option<String>,
    #[serde(default)]
    pub size: Vec<String>,
    /// The id of the other face of a dual card.
    #[serde(rename = "dualCard")]
    pub dual_card: Option<u32>,
    #[serde(default)]
    pub grants: Vec<PackageGrant>,
    #[serde(default)]
    pub conditions: Vec<String>,
    #[serde(rename = "squadLimited")]
    pub squad_limited: Option<u8>,
}

/// A structured effect of an upgrade: a slot, an action or a stat.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct PackageGrant {
    #[serde(rename = "type")]
    pub kind: String,
    pub name: String,
    pub value: Option<i8>,
}

/// One product of `sources.json`: its name, wave, SKU, release date and
/// the cards in the box, by package id.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct PackageSource {
    pub id: u32,
    pub name: String,
    /// A number, or a name such as "Iconic Starships".
    pub wave: serde_json::Value,
    pub sku: String,
    pub release_date: String,
    #[serde(default)]
    pub contents: PackageContents,
}

/// The cards a product holds: package id (as a JSON object key) to count.
#[derive(Debug, Clone, Default, Deserialize)]
pub(crate) struct PackageContents {
    #[serde(default)]
    pub ships: std::collections::BTreeMap<String, u32>,
    #[serde(default)]
    pub pilots: std::collections::BTreeMap<String, u32>,
    #[serde(default)]
    pub upgrades: std::collections::BTreeMap<String, u32>,
    #[serde(default)]
    pub conditions: std::collections::BTreeMap<String, u32>,
}

/// One condition card of `conditions.json`.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct PackageCondition {
    pub id: u32,
    pub xws: String,
    pub name: String,
    #[serde(default)]
    pub unique: bool,
    #[serde(default)]
    pub text: String,
}

/// The package's text with its HTML reduced to what a card prints: line
/// breaks become new lines, emphasis is dropped, `&deg;` becomes a degree
/// sign. Icon words in brackets (`[Hit]`) stay, since they are what a
/// player searches for.
///
/// ```
/// # use import::plain_text;
/// assert_eq!(plain_text("<strong>Attack:</strong> 1 ship.<br /><br />Then."), "Attack: 1 ship.\n\nThen.");
/// ```
pub fn plain_text(html: &str) -> String {
    html.replace("<br />", "\n")
        .replace("<br>", "\n")
        .replace("<strong>", "")
        .replace("</strong>", "")
        .replace("<em>", "")
        .replace("</em>", "")
        .replace("&deg;", "°")
        .replace("&amp;", "&")
        .trim()
        .to_string()
}

/// A skill or points value: a number, or `?` where the card prints one.
pub(crate) fn number_or_question(value: &Value) -> Option<String> {
    match value {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) if s == "?" => Some("?".into()),
        _ => None,
    }
}
