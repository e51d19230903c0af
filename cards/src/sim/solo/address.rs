//! The flight system's request as the API and the address carry it, and
//! the address's table of knobs.

use serde::{Deserialize, Serialize};

use super::approach::{Approach, AttackDie, DefenseDie, Side, TallyArc};
use super::decide::{Decision, decide};
use super::error::SoloError;
use crate::address::{Address, AddressError, Refusal, UnknownKeys, knob};
use crate::squad::limits::MAX_KEY_BYTES;

/// A request to the flight system, as the API and the page send it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SoloRequest {
    /// The solo ship's XWS name (any ship with a dial); M3-A Interceptor by default.
    #[serde(default = "default_ship")]
    pub ship: String,
    pub arc: TallyArc,
    #[serde(default)]
    pub tally_side: Option<Side>,
    #[serde(default)]
    pub obstacle_side: Option<Side>,
    pub defense: DefenseDie,
    pub attack: AttackDie,
    #[serde(default)]
    pub stressed: bool,
    #[serde(default)]
    pub ionized: bool,
    #[serde(default)]
    pub in_enemy_arc: bool,
    #[serde(default)]
    pub obstacle_ahead: bool,
    #[serde(default)]
    pub friendly_near: bool,
    #[serde(default)]
    pub enemy_in_firing_arc: bool,
}

/// The default solo ship.
pub const DEFAULT_SHIP: &str = "m3ainterceptor";

/// What the page shows first: an M3-A with its tally in the front arc on
/// the left, the nearest obstacle on the right, and a focus/hit roll.
impl Default for SoloRequest {
    fn default() -> Self {
        SoloRequest {
            ship: DEFAULT_SHIP.into(),
            arc: TallyArc::Front,
            tally_side: Some(Side::Left),
            obstacle_side: Some(Side::Right),
            defense: DefenseDie::Focus,
            attack: AttackDie::Hit,
            stressed: false,
            ionized: false,
            in_enemy_arc: false,
            obstacle_ahead: false,
            friendly_near: false,
            enemy_in_firing_arc: false,
        }
    }
}

/// The default ship, for serde.
fn default_ship() -> String {
    DEFAULT_SHIP.into()
}

impl SoloRequest {
    /// The situation the flight system reads, for a ship that is not huge.
    pub fn approach(&self) -> Approach {
        Approach {
            arc: self.arc,
            tally_side: self.tally_side,
            obstacle_side: self.obstacle_side,
            defense: self.defense,
            attack: self.attack,
            stressed: self.stressed,
            ionized: self.ionized,
            in_enemy_arc: self.in_enemy_arc,
            obstacle_ahead: self.obstacle_ahead,
            friendly_near: self.friendly_near,
            enemy_in_firing_arc: self.enemy_in_firing_arc,
            huge: false,
        }
    }

    /// Runs the flight system for the request's ship in `db`.
    pub fn decide(&self, db: &crate::catalog::Database) -> Result<Decision, SoloError> {
        let ship = db
            .ship(&self.ship)
            .ok_or_else(|| SoloError::UnknownShip(self.ship.clone()))?;
        if ship.dial.is_empty() {
            return Err(SoloError::ShipHasNoDial(ship.name.clone()));
        }
        let approach = Approach {
            huge: ship.is_huge(),
            ..self.approach()
        };
        decide(&ship.dial, &ship.actions, &approach)
    }
}

/// One of a few words, read by its name.
fn word<T: Copy>(
    all: &[T],
    name: fn(T) -> &'static str,
    text: &str,
    expected: &'static str,
) -> Result<T, Refusal> {
    all.iter()
        .copied()
        .find(|x| name(*x) == text)
        .ok_or(Refusal::NotOneOf(expected))
}

/// A side, or none when empty.
fn side(text: &str) -> Result<Option<Side>, Refusal> {
    if text.is_empty() {
        return Ok(None);
    }
    word(
        &[Side::Left, Side::Right],
        Side::as_str,
        text,
        "left or right",
    )
    .map(Some)
}

/// The Solo simulator's address: every input's query key and JSON name.
pub static SOLO_ADDRESS: Address<SoloRequest> = Address {
    knobs: &[
        knob!("ship" => ship,
            read: |v| if v.len() > MAX_KEY_BYTES {
                Err(Refusal::TooLong(MAX_KEY_BYTES))
            } else {
                Ok(v.to_string())
            },
            write: |ship| (ship != DEFAULT_SHIP).then(|| ship.clone())),
        knob!("arc" => arc,
            read: |v| word(&TallyArc::ALL, TallyArc::as_str, v, "bullseye, front, side or rear"),
            write: |arc| Some(arc.as_str().to_string())),
        knob!("tally", "tally_side" => tally_side,
            read: side,
            write: |s| Some(s.map_or("", Side::as_str).to_string())),
        knob!("obstacle", "obstacle_side" => obstacle_side,
            read: side,
            write: |s| Some(s.map_or("", Side::as_str).to_string())),
        knob!("defense" => defense,
            read: |v| word(&DefenseDie::ALL, DefenseDie::as_str, v, "evade, focus or blank"),
            write: |d| Some(d.as_str().to_string())),
        knob!("attack" => attack,
            read: |v| word(&AttackDie::ALL, AttackDie::as_str, v, "crit, hit, focus or blank"),
            write: |a| Some(a.as_str().to_string())),
        knob!("stressed" => stressed, flag),
        knob!("ionized" => ionized, flag),
        knob!("in_enemy_arc" => in_enemy_arc, flag),
        knob!("obstacle_ahead" => obstacle_ahead, flag),
        knob!("friendly_near" => friendly_near, flag),
        knob!("enemy_in_firing_arc" => enemy_in_firing_arc, flag),
    ],
    unknown_keys: UnknownKeys::Ignore,
};

impl SoloRequest {
    /// Reads the request from an address; what cannot be read is reported
    /// and left at its default.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> (SoloRequest, Vec<AddressError>) {
        SOLO_ADDRESS.read_lossy(pairs)
    }

    /// The request as address parameters.
    pub fn to_query(&self) -> String {
        SOLO_ADDRESS.write(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::solo::attitude::Attitude;

    #[test]
    fn the_default_request_flies_the_m3a() {
        let db = crate::catalog::Database::embedded().unwrap();
        let d = SoloRequest::default().decide(&db).unwrap();
        // Front chart, focus/hit: the slowest blue bank or turn towards the tally (left).
        assert_eq!(d.maneuver.describe(), "1 bank left");
        assert_eq!(d.attitude, Attitude::Balanced);
    }

    /// A card set from `--cards` may leave a ship's dial blank: the request
    /// is refused by name, never flown on a guess.
    #[test]
    fn a_ship_without_a_dial_is_refused_by_name() {
        let ships = include_str!("../../../data/ships.csv")
            .lines()
            .map(|line| {
                if line.starts_with("3,gr75mediumtransport,") {
                    let mut cells: Vec<&str> = line.split(',').collect();
                    cells[11] = "";
                    cells.join(",")
                } else {
                    line.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let set = crate::catalog::CardSet::embedded().with_file("ships.csv", ships);
        let db = crate::catalog::Database::load(&set).unwrap();
        let request = SoloRequest {
            ship: "gr75mediumtransport".into(),
            ..SoloRequest::default()
        };
        assert_eq!(
            request.decide(&db),
            Err(SoloError::ShipHasNoDial("GR-75 Medium Transport".into()))
        );
        let embedded = crate::catalog::Database::embedded().unwrap();
        assert!(
            request.decide(&embedded).is_ok(),
            "the shipped GR-75 has its dial"
        );
    }

    #[test]
    fn every_solo_knob_names_a_json_field() {
        crate::address::assert_table(&SOLO_ADDRESS, &SoloRequest::default());
    }

    #[test]
    fn the_request_round_trips_through_the_address() {
        let request = SoloRequest {
            ship: "croccruiser".into(),
            arc: TallyArc::Rear,
            tally_side: None,
            stressed: true,
            enemy_in_firing_arc: true,
            ..SoloRequest::default()
        };
        let query = request.to_query();
        assert_eq!(
            query,
            "ship=croccruiser&arc=rear&tally=&obstacle=right&defense=focus&attack=hit&stressed=1&enemy_in_firing_arc=1"
        );
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect();
        assert_eq!(SoloRequest::from_pairs(pairs), (request, vec![]));
        let (kept, errors) = SoloRequest::from_pairs([("arc", "behind"), ("stressed", "1")]);
        assert!(kept.stressed);
        assert_eq!(kept.arc, SoloRequest::default().arc);
        assert_eq!(
            errors[0].to_string(),
            "`arc` must be bullseye, front, side or rear, not `behind`"
        );
    }
}
