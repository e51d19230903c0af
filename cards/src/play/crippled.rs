//! A section's crippled side, as data (`cards/data/crippled_sections.csv`):
//! what the Ship card's other side prints where it differs.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The crippled side of a section's Ship card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrippledSide {
    /// The section's ship, by XWS name.
    pub ship: String,
    /// The primary weapon value printed there, if it differs.
    pub attack: Option<u8>,
    /// The energy limit printed there, if it differs.
    pub energy: Option<u8>,
    /// The upgrade icons printed there.
    pub slots: Vec<String>,
    /// The actions printed there (none for the CR90's sides).
    pub actions: Vec<String>,
    /// Maneuvers the crippled side's dial lacks (`2BL`).
    pub dial_removed: Vec<String>,
    /// Where the values come from.
    pub source: String,
}

#[derive(Deserialize)]
struct Row {
    ship: String,
    attack: Option<u8>,
    energy: Option<u8>,
    slots: String,
    actions: String,
    dial_removed: String,
    source: String,
}

fn list(cell: &str, by: char) -> Vec<String> {
    cell.split(by)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn read() -> Result<Vec<CrippledSide>, csv::Error> {
    csv::Reader::from_reader(include_str!("../../data/crippled_sections.csv").as_bytes())
        .deserialize::<Row>()
        .map(|row| {
            let r = row?;
            Ok(CrippledSide {
                ship: r.ship,
                attack: r.attack,
                energy: r.energy,
                slots: list(&r.slots, ';'),
                actions: list(&r.actions, ';'),
                dial_removed: list(&r.dial_removed, ' '),
                source: r.source,
            })
        })
        .collect()
}

/// The crippled side of section ship `xws`, if the data has it (the
/// CR90's; the Raider's is not known).
///
/// ```
/// let aft = cards::play::crippled_side("cr90corvetteaft").unwrap();
/// assert_eq!((aft.energy, aft.slots.as_slice()), (Some(1), &["Cargo".to_string()][..]));
/// assert!(cards::play::crippled_side("raiderclasscorvetteaft").is_none());
/// ```
pub fn crippled_side(xws: &str) -> Option<&'static CrippledSide> {
    static SIDES: OnceLock<Vec<CrippledSide>> = OnceLock::new();
    SIDES
        .get_or_init(|| read().unwrap_or_default())
        .iter()
        .find(|s| s.ship == xws)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_file_reads_and_names_maneuvers_the_dial_has() {
        let sides = super::read().unwrap();
        assert_eq!(sides.len(), 2);
        for side in &sides {
            for m in &side.dial_removed {
                let code = m.trim_start_matches(|c: char| c.is_ascii_digit());
                assert!(crate::catalog::Maneuver::is_bearing_code(code), "{m}");
            }
        }
    }
}
