//! How a card changes the dial its ship flies: the `dial_changes` column of
//! `upgrades.csv` and `pilots.csv`.
//!
//! One change is `<speeds>:<bearings>:<difficulty>`, and a cell holds
//! several separated by `;`:
//! - speeds: `*` (every speed), `2`, a range `1-2`, or a list `1,3`;
//! - bearings: `*` (every bearing), or a comma list of the dial's bearing
//!   codes (`S`, `BL`, `BR`, `TL`, `TR`, `K`, … as in `dial.rs`), with `B`
//!   for both banks and `T` for both turns;
//! - difficulty: `G`, `W` or `R`, the colour the maneuvers become.
//!
//! A change recolours maneuvers the dial has; it never adds one. Every
//! card that changes a dial while it is built does only that (the cards
//! that turn one maneuver into another choose so in play, and are listed,
//! not applied, in `cards/data/SOURCES.md`).
//!
//! ```
//! use cards::catalog::{DialChange, Difficulty, Maneuver};
//! // R2 Astromech: "You may treat all 1- and 2-speed maneuvers as green."
//! let r2 = DialChange::parse("1-2:*:G").unwrap();
//! assert!(r2.applies_to(&Maneuver::parse("2TL:W").unwrap()));
//! assert!(!r2.applies_to(&Maneuver::parse("3S:W").unwrap()));
//! assert_eq!(r2.becomes, Difficulty::Green);
//! // Twin Ion Engine Mk. II: every bank green.
//! let banks = DialChange::parse("*:B:G").unwrap();
//! assert!(banks.applies_to(&Maneuver::parse("3BR:W").unwrap()));
//! assert!(!banks.applies_to(&Maneuver::parse("3S:W").unwrap()));
//! assert_eq!(banks.to_string(), "*:BL,BR:G");
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use super::dial::{Difficulty, Maneuver};

/// One change a card makes to the dial: these speeds and bearings become
/// this difficulty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DialChange {
    /// The speeds it changes; empty is every speed.
    pub speeds: Vec<u8>,
    /// The bearing codes it changes (`BL`, `S`, …); empty is every bearing.
    pub bearings: Vec<String>,
    /// The colour the maneuvers become.
    pub becomes: Difficulty,
}

/// A `dial_changes` cell that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DialChangeError {
    /// Not three parts separated by `:`.
    #[error("dial change `{0}` is not `<speeds>:<bearings>:<G|W|R>`")]
    Shape(String),
    /// A speed that is not 0 to 5, or a range that runs backwards.
    #[error("dial change `{change}` has a bad speed `{speed}` (0-5, a range `1-2` or `*`)")]
    Speed {
        /// The change as written.
        change: String,
        /// The speeds part.
        speed: String,
    },
    /// A bearing code no dial has.
    #[error("dial change `{change}` has unknown bearing `{bearing}`")]
    Bearing {
        /// The change as written.
        change: String,
        /// The unknown code.
        bearing: String,
    },
    /// A colour other than `G`, `W` or `R`.
    #[error("dial change `{change}` has unknown difficulty `{difficulty}` (G, W or R)")]
    Difficulty {
        /// The change as written.
        change: String,
        /// The unknown colour.
        difficulty: String,
    },
}

/// The fastest speed a 1st-edition dial prints.
const TOP_SPEED: u8 = 5;

impl DialChange {
    /// Parses one change, such as `1-2:*:G` or `3:B:W`.
    pub fn parse(s: &str) -> Result<DialChange, DialChangeError> {
        let parts: Vec<&str> = s.trim().split(':').collect();
        let [speeds, bearings, difficulty] = parts[..] else {
            return Err(DialChangeError::Shape(s.to_string()));
        };
        Ok(DialChange {
            speeds: parse_speeds(s, speeds)?,
            bearings: parse_bearings(s, bearings)?,
            becomes: parse_difficulty(s, difficulty)?,
        })
    }

    /// Parses a cell: changes separated by `;`, empty for none.
    pub fn parse_all(s: &str) -> Result<Vec<DialChange>, DialChangeError> {
        s.split(';')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(DialChange::parse)
            .collect()
    }

    /// Whether this change recolours the maneuver.
    pub fn applies_to(&self, m: &Maneuver) -> bool {
        let speed_ok = self.speeds.is_empty() || self.speeds.contains(&m.speed);
        let bearing_ok = self.bearings.is_empty() || {
            let code = m.bearing_code();
            self.bearings.iter().any(|b| b == code)
        };
        speed_ok && bearing_ok
    }
}

fn parse_speeds(change: &str, text: &str) -> Result<Vec<u8>, DialChangeError> {
    let bad = || DialChangeError::Speed {
        change: change.to_string(),
        speed: text.to_string(),
    };
    let speed = |t: &str| t.trim().parse::<u8>().ok().filter(|s| *s <= TOP_SPEED);
    if text.trim() == "*" {
        return Ok(Vec::new());
    }
    let mut speeds = Vec::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((from, to)) => {
                let (from, to) = (speed(from).ok_or_else(bad)?, speed(to).ok_or_else(bad)?);
                if from > to {
                    return Err(bad());
                }
                speeds.extend(from..=to);
            }
            None => speeds.push(speed(part).ok_or_else(bad)?),
        }
    }
    Ok(speeds)
}

fn parse_bearings(change: &str, text: &str) -> Result<Vec<String>, DialChangeError> {
    if text.trim() == "*" {
        return Ok(Vec::new());
    }
    let mut codes = Vec::new();
    for code in text.split(',').map(str::trim) {
        match code {
            "B" => codes.extend(["BL", "BR"].map(String::from)),
            "T" => codes.extend(["TL", "TR"].map(String::from)),
            _ if Maneuver::is_bearing_code(code) => codes.push(code.to_string()),
            _ => {
                return Err(DialChangeError::Bearing {
                    change: change.to_string(),
                    bearing: code.to_string(),
                });
            }
        }
    }
    Ok(codes)
}

fn parse_difficulty(change: &str, text: &str) -> Result<Difficulty, DialChangeError> {
    match text.trim() {
        "G" => Ok(Difficulty::Green),
        "W" => Ok(Difficulty::White),
        "R" => Ok(Difficulty::Red),
        other => Err(DialChangeError::Difficulty {
            change: change.to_string(),
            difficulty: other.to_string(),
        }),
    }
}

impl fmt::Display for DialChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |items: Vec<String>| {
            if items.is_empty() {
                "*".to_string()
            } else {
                items.join(",")
            }
        };
        let speeds = list(self.speeds.iter().map(u8::to_string).collect());
        let bearings = list(self.bearings.clone());
        let difficulty = match self.becomes {
            Difficulty::Green => "G",
            Difficulty::White => "W",
            Difficulty::Red => "R",
        };
        write!(f, "{speeds}:{bearings}:{difficulty}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_of_a_cell_reads_and_writes_back() {
        let cell = DialChange::parse_all("1-2:*:G; 3:B:W ;*:S,K:R").unwrap();
        let written: Vec<String> = cell.iter().map(ToString::to_string).collect();
        assert_eq!(written, ["1,2:*:G", "3:BL,BR:W", "*:S,K:R"]);
        assert_eq!(DialChange::parse_all("").unwrap(), Vec::new());
        let again = DialChange::parse_all(&written.join(";")).unwrap();
        assert_eq!(again, cell);
    }

    #[test]
    fn bad_cells_say_what_is_wrong() {
        let err = |s: &str| DialChange::parse(s).unwrap_err();
        assert!(matches!(err("1-2:G"), DialChangeError::Shape(_)));
        assert!(matches!(err("9:*:G"), DialChangeError::Speed { .. }));
        assert!(matches!(err("3-1:*:G"), DialChangeError::Speed { .. }));
        assert!(matches!(err("x:*:G"), DialChangeError::Speed { .. }));
        assert!(matches!(err("1:Q:G"), DialChangeError::Bearing { .. }));
        assert!(matches!(err("1:S:Y"), DialChangeError::Difficulty { .. }));
        assert!(err("1:Q:G").to_string().contains("bearing `Q`"));
    }

    #[test]
    fn a_change_touches_only_its_speeds_and_bearings() {
        let m = |s: &str| Maneuver::parse(s).unwrap();
        let ailerons = DialChange::parse("3:B:W").unwrap();
        assert!(ailerons.applies_to(&m("3BL:R")));
        assert!(!ailerons.applies_to(&m("2BL:W")));
        assert!(!ailerons.applies_to(&m("3TL:R")));
        let every = DialChange::parse("*:*:G").unwrap();
        assert!(every.applies_to(&m("0O:R")));
    }
}
