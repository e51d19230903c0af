//! Maneuver dials.
//!
//! A dial is written in the ships table as space-separated maneuvers of the
//! form `<speed><bearing>:<difficulty>[:<energy>]`, e.g. `1BL:W:2` (speed 1
//! bank left, white, gives 2 energy) or `3K:R` (speed 3 Koiogran turn, red).
//!
//! Bearing codes: `S` straight, `BL`/`BR` bank, `TL`/`TR` turn, `K` Koiogran
//! turn, `SLL`/`SLR` Segnor's loop, `TRL`/`TRR` Tallon roll, `O` stationary,
//! `RS` reverse straight, `RBL`/`RBR` reverse bank. Difficulty: `W` white,
//! `G` green, `R` red.
//!
//! ```
//! use cards::catalog::{Bearing, Difficulty, Direction, Maneuver};
//! let m = Maneuver::parse("1BL:W:2").unwrap();
//! assert_eq!(m.speed, 1);
//! assert_eq!(m.bearing, Bearing::Bank);
//! assert_eq!(m.direction, Some(Direction::Left));
//! assert_eq!(m.difficulty, Difficulty::White);
//! assert_eq!(m.energy, Some(2));
//! assert_eq!(m.to_string(), "1BL:W:2");
//! ```

use serde::{Deserialize, Serialize};

/// The shape of a maneuver template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Bearing {
    Straight,
    Bank,
    Turn,
    KoiogranTurn,
    SegnorLoop,
    TallonRoll,
    Stationary,
    Reverse,
}

impl Bearing {
    /// Every bearing, as the enum lists them.
    pub const ALL: [Bearing; 8] = [
        Bearing::Straight,
        Bearing::Bank,
        Bearing::Turn,
        Bearing::KoiogranTurn,
        Bearing::SegnorLoop,
        Bearing::TallonRoll,
        Bearing::Stationary,
        Bearing::Reverse,
    ];

    /// The bearing's name (`straight`, `bank`, `koiogran-turn`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Bearing::Straight => "straight",
            Bearing::Bank => "bank",
            Bearing::Turn => "turn",
            Bearing::KoiogranTurn => "koiogran-turn",
            Bearing::SegnorLoop => "segnor-loop",
            Bearing::TallonRoll => "tallon-roll",
            Bearing::Stationary => "stationary",
            Bearing::Reverse => "reverse",
        }
    }
}

/// Which way a bank, turn or loop goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Direction {
    Left,
    Right,
}

/// A maneuver's color on the dial (1st edition: green, white, red).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Difficulty {
    Green,
    White,
    Red,
}

impl Difficulty {
    /// The word for it: `green`, `white`, `red`.
    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::Green => "green",
            Difficulty::White => "white",
            Difficulty::Red => "red",
        }
    }
}

/// One maneuver on a dial.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Maneuver {
    pub speed: u8,
    pub bearing: Bearing,
    pub direction: Option<Direction>,
    pub difficulty: Difficulty,
    /// Energy the maneuver gives a huge ship (the icons below the speed).
    pub energy: Option<u8>,
}

const BEARING_CODES: [(&str, Bearing, Option<Direction>); 14] = [
    ("S", Bearing::Straight, None),
    ("BL", Bearing::Bank, Some(Direction::Left)),
    ("BR", Bearing::Bank, Some(Direction::Right)),
    ("TL", Bearing::Turn, Some(Direction::Left)),
    ("TR", Bearing::Turn, Some(Direction::Right)),
    ("K", Bearing::KoiogranTurn, None),
    ("SLL", Bearing::SegnorLoop, Some(Direction::Left)),
    ("SLR", Bearing::SegnorLoop, Some(Direction::Right)),
    ("TRL", Bearing::TallonRoll, Some(Direction::Left)),
    ("TRR", Bearing::TallonRoll, Some(Direction::Right)),
    ("O", Bearing::Stationary, None),
    ("RS", Bearing::Reverse, None),
    ("RBL", Bearing::Reverse, Some(Direction::Left)),
    ("RBR", Bearing::Reverse, Some(Direction::Right)),
];

fn bearing_codes() -> impl Iterator<Item = (&'static str, Bearing, Option<Direction>)> {
    BEARING_CODES.into_iter()
}

/// A maneuver code that cannot be read, e.g. `1XX:W`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("maneuver `{maneuver}` {problem}")]
pub struct ManeuverError {
    pub maneuver: String,
    pub problem: ManeuverProblem,
}

/// What is wrong with a maneuver code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ManeuverProblem {
    #[error("does not start with a speed")]
    NoSpeed,
    #[error("has a bad speed")]
    BadSpeed,
    #[error("has unknown bearing `{0}`")]
    UnknownBearing(String),
    #[error("has unknown difficulty `{0}` (W, G or R)")]
    UnknownDifficulty(String),
    #[error("has no difficulty (`:W`, `:G`, `:R`)")]
    NoDifficulty,
    #[error("has a bad energy `{0}`")]
    BadEnergy(String),
    #[error("has too many parts")]
    TooManyParts,
}

impl Maneuver {
    /// Parses one maneuver such as `1BL:W:2` or `3K:R`.
    pub fn parse(s: &str) -> Result<Maneuver, ManeuverError> {
        let err = |problem| ManeuverError {
            maneuver: s.to_string(),
            problem,
        };
        let mut parts = s.split(':');
        let head = parts.next().unwrap_or_default();
        let digits = head.chars().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(err(ManeuverProblem::NoSpeed));
        }
        let speed: u8 = head[..digits]
            .parse()
            .map_err(|_| err(ManeuverProblem::BadSpeed))?;
        let code = &head[digits..];
        let (_, bearing, direction) = bearing_codes()
            .find(|(c, _, _)| *c == code)
            .ok_or_else(|| err(ManeuverProblem::UnknownBearing(code.to_string())))?;
        let difficulty = match parts.next() {
            Some("W") => Difficulty::White,
            Some("G") => Difficulty::Green,
            Some("R") => Difficulty::Red,
            Some(other) => return Err(err(ManeuverProblem::UnknownDifficulty(other.to_string()))),
            None => return Err(err(ManeuverProblem::NoDifficulty)),
        };
        let energy = match parts.next() {
            None => None,
            Some(e) => Some(
                e.parse()
                    .map_err(|_| err(ManeuverProblem::BadEnergy(e.to_string())))?,
            ),
        };
        if parts.next().is_some() {
            return Err(err(ManeuverProblem::TooManyParts));
        }
        Ok(Maneuver {
            speed,
            bearing,
            direction,
            difficulty,
            energy,
        })
    }

    /// Parses a whole dial: maneuvers separated by spaces; empty is an empty dial.
    pub fn parse_dial(s: &str) -> Result<Vec<Maneuver>, ManeuverError> {
        s.split_whitespace().map(Maneuver::parse).collect()
    }

    /// The bearing's code as a dial writes it (`BL`, `S`, `K`, …).
    pub fn bearing_code(&self) -> &'static str {
        bearing_codes()
            .find(|(_, b, d)| *b == self.bearing && *d == self.direction)
            .map_or("?", |(c, _, _)| c)
    }

    /// Whether `code` is one of the dial's bearing codes.
    pub fn is_bearing_code(code: &str) -> bool {
        bearing_codes().any(|(c, _, _)| c == code)
    }

    /// A short human name, e.g. "1 bank left".
    pub fn describe(&self) -> String {
        let mut s = format!("{} {}", self.speed, self.bearing.as_str().replace('-', " "));
        if let Some(d) = self.direction {
            s.push_str(match d {
                Direction::Left => " left",
                Direction::Right => " right",
            });
        }
        s
    }
}

impl std::fmt::Display for Maneuver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let code = self.bearing_code();
        let difficulty = match self.difficulty {
            Difficulty::White => "W",
            Difficulty::Green => "G",
            Difficulty::Red => "R",
        };
        write!(f, "{}{code}:{difficulty}", self.speed)?;
        if let Some(e) = self.energy {
            write!(f, ":{e}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bearing_code_round_trips() {
        for (code, _, _) in bearing_codes() {
            let text = format!("2{code}:G");
            assert_eq!(Maneuver::parse(&text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_maneuvers_are_explained() {
        let problem = |s: &str| Maneuver::parse(s).unwrap_err().problem;
        assert_eq!(problem("BL:W"), ManeuverProblem::NoSpeed);
        assert_eq!(problem("1X:W"), ManeuverProblem::UnknownBearing("X".into()));
        assert_eq!(problem("1S"), ManeuverProblem::NoDifficulty);
        assert_eq!(
            problem("1S:Q"),
            ManeuverProblem::UnknownDifficulty("Q".into())
        );
        assert_eq!(problem("1S:W:x"), ManeuverProblem::BadEnergy("x".into()));
        assert_eq!(problem("1S:W:1:2"), ManeuverProblem::TooManyParts);
        let said = |s: &str| Maneuver::parse(s).unwrap_err().to_string();
        assert!(said("BL:W").contains("speed"));
        assert!(said("1X:W").contains("bearing"));
        assert!(said("1S").contains("difficulty"));
        assert!(said("1S:Q").contains("difficulty"));
        assert!(said("1S:W:x").contains("energy"));
        assert!(said("1S:W:1:2").contains("too many"));
    }
}
