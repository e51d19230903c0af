//! The four approach charts, read from `data/solo_charts.csv`: each entry's
//! words understood as a speed, bearings and a direction.

use serde::Deserialize;
use validator::Validate;

use super::approach::{AttackDie, DefenseDie, TallyArc};
use crate::catalog::table::{columns_of, read_rows};
use crate::catalog::{Bearing, LoadError, LoadErrors};

/// "slowest", "average", "fastest" or a fixed speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speed {
    Slowest,
    Average,
    Fastest,
    Exactly(u8),
}

/// What a direction is taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landmark {
    Tally,
    Obstacle,
}

/// One approach chart entry, read from its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartEntry {
    pub text: String,
    pub speed: Speed,
    pub blue: bool,
    /// Bearings allowed, in the order printed.
    pub bearings: Vec<Bearing>,
    /// `Some((towards, reference))`.
    pub direction: Option<(bool, Landmark)>,
}

impl ChartEntry {
    /// Reads "slowest blue bank away from nearest obstacle" and the like.
    pub fn parse(text: &str) -> Result<ChartEntry, ChartEntryError> {
        let err = |problem| ChartEntryError {
            text: text.to_string(),
            problem,
        };
        let mut rest = text.trim();
        let word = |rest: &mut &str, w: &str| -> bool {
            if let Some(r) = rest.strip_prefix(w) {
                *rest = r.trim_start();
                true
            } else {
                false
            }
        };
        let speed = if word(&mut rest, "slowest") {
            Speed::Slowest
        } else if word(&mut rest, "average") {
            Speed::Average
        } else if word(&mut rest, "fastest") {
            Speed::Fastest
        } else if let Some((n, r)) = rest.split_once("-speed") {
            let n = n
                .parse()
                .map_err(|_| err(EntryProblem::BadSpeed(n.to_string())))?;
            rest = r.trim_start();
            Speed::Exactly(n)
        } else {
            return Err(err(EntryProblem::NoSpeed));
        };
        let blue = word(&mut rest, "blue");
        let (bearing_words, direction) = if let Some(i) = rest.find(" towards ") {
            (&rest[..i], Some((true, &rest[i + " towards ".len()..])))
        } else if let Some(i) = rest.find(" away from ") {
            (&rest[..i], Some((false, &rest[i + " away from ".len()..])))
        } else {
            (rest, None)
        };
        let mut bearings = Vec::new();
        for w in bearing_words
            .split([',', ' '])
            .filter(|w| !w.is_empty() && *w != "or")
        {
            match w {
                "straight" => bearings.push(Bearing::Straight),
                "bank" => bearings.push(Bearing::Bank),
                "turn" => bearings.push(Bearing::Turn),
                "stationary" => bearings.push(Bearing::Stationary),
                "reverse" => bearings.push(Bearing::Reverse),
                "advanced" => bearings.extend([
                    Bearing::KoiogranTurn,
                    Bearing::SegnorLoop,
                    Bearing::TallonRoll,
                ]),
                _ => return Err(err(EntryProblem::UnknownBearing(w.to_string()))),
            }
        }
        if bearings.is_empty() {
            return Err(err(EntryProblem::NoBearing));
        }
        let direction = match direction {
            None => None,
            Some((towards, "tally")) => Some((towards, Landmark::Tally)),
            Some((towards, "nearest obstacle")) => Some((towards, Landmark::Obstacle)),
            Some((_, other)) => {
                return Err(err(EntryProblem::UnknownLandmark(other.to_string())));
            }
        };
        Ok(ChartEntry {
            text: text.to_string(),
            speed,
            blue,
            bearings,
            direction,
        })
    }
}

/// An approach chart entry that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {problem}")]
pub struct ChartEntryError {
    pub text: String,
    pub problem: EntryProblem,
}

/// What is wrong with a chart entry's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryProblem {
    #[error("`{0}-speed` is not a speed")]
    BadSpeed(String),
    #[error("does not start with slowest, average, fastest or N-speed")]
    NoSpeed,
    #[error("`{0}` is not a bearing")]
    UnknownBearing(String),
    #[error("names no bearing")]
    NoBearing,
    #[error("`{0}` is not the tally or the nearest obstacle")]
    UnknownLandmark(String),
}

/// A row of `data/solo_charts.csv`: one chart's line for a defense result.
#[derive(Deserialize, Validate)]
struct ChartRow {
    chart: String,
    defense: String,
    crit: String,
    hit: String,
    focus: String,
    blank: String,
}

/// The four approach charts: `entry(arc, defense, attack)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charts {
    cells: Vec<(TallyArc, DefenseDie, AttackDie, ChartEntry)>,
}

const CHARTS: &str = include_str!("../../../data/solo_charts.csv");

impl Charts {
    /// The charts of `data/solo_charts.csv`, compiled in.
    pub fn embedded() -> Result<Charts, LoadErrors> {
        Charts::parse(CHARTS)
    }

    /// Reads the charts: every cell, each entry's words understood, or
    /// every problem with its line and column.
    pub fn parse(csv_text: &str) -> Result<Charts, LoadErrors> {
        let rows = read_rows::<ChartRow>("solo_charts.csv", csv_text)?;
        let mut cells = Vec::new();
        let mut errors = Vec::new();
        for located in &rows {
            let row = &located.row;
            let arc = TallyArc::ALL.into_iter().find(|a| a.as_str() == row.chart);
            let defense = DefenseDie::ALL
                .into_iter()
                .find(|d| d.as_str() == row.defense);
            if arc.is_none() {
                errors.push(located.error("chart", format!("`{}` is not an arc", row.chart)));
            }
            if defense.is_none() {
                let message = format!("`{}` is not a defense result", row.defense);
                errors.push(located.error("defense", message));
            }
            let texts = [&row.crit, &row.hit, &row.focus, &row.blank];
            for ((attack, text), column) in AttackDie::ALL
                .into_iter()
                .zip(texts)
                .zip(&columns_of::<ChartRow>()[2..])
            {
                match (arc, defense, ChartEntry::parse(text)) {
                    (Some(arc), Some(defense), Ok(entry)) => {
                        cells.push((arc, defense, attack, entry))
                    }
                    (_, _, Err(e)) => errors.push(located.error(column, e)),
                    _ => {}
                }
            }
        }
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        for arc in TallyArc::ALL {
            for d in DefenseDie::ALL {
                for a in AttackDie::ALL {
                    if !cells.iter().any(|(x, y, z, _)| (*x, *y, *z) == (arc, d, a)) {
                        errors.push(LoadError {
                            file: "solo_charts.csv".into(),
                            line: 0,
                            column: "chart".into(),
                            message: format!(
                                "there is no {} {} {} entry",
                                arc.as_str(),
                                d.as_str(),
                                a.as_str()
                            ),
                        });
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(Charts { cells })
        } else {
            Err(LoadErrors(errors))
        }
    }

    /// The entry of one chart cell (every cell exists: [`Charts::parse`] checks).
    pub fn entry(&self, arc: TallyArc, defense: DefenseDie, attack: AttackDie) -> &ChartEntry {
        &self
            .cells
            .iter()
            .find(|(x, y, z, _)| (*x, *y, *z) == (arc, defense, attack))
            .expect("every cell is checked when the charts are read")
            .3
    }

    /// P(this cell) = P(defense) x P(attack), out of 64.
    pub fn probability_64ths(defense: DefenseDie, attack: AttackDie) -> u32 {
        defense.faces() * attack.faces()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chart_cells_have_the_dice_probabilities() {
        let total: u32 = DefenseDie::ALL
            .into_iter()
            .flat_map(|d| {
                AttackDie::ALL
                    .into_iter()
                    .map(move |a| Charts::probability_64ths(d, a))
            })
            .sum();
        assert_eq!(total, 64);
        assert_eq!(
            Charts::probability_64ths(DefenseDie::Evade, AttackDie::Hit),
            9
        );
    }

    #[test]
    fn bad_entries_are_named() {
        assert!(
            ChartEntry::parse("quickest straight")
                .unwrap_err()
                .to_string()
                .contains("quickest")
        );
        assert!(
            ChartEntry::parse("slowest loop")
                .unwrap_err()
                .to_string()
                .contains("`loop`")
        );
        assert!(
            ChartEntry::parse("slowest bank towards the moon")
                .unwrap_err()
                .to_string()
                .contains("moon")
        );
    }

    #[test]
    fn bad_chart_rows_are_named_by_line_and_column() {
        let header = "chart,defense,crit,hit,focus,blank\n";
        let e = Charts::parse(&format!(
            "{header}sideways,evade,slowest bank,slowest bank,slowest bank,slowest loop\n"
        ))
        .unwrap_err();
        let said: Vec<String> = e.0.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "solo_charts.csv, line 2, column `chart`: `sideways` is not an arc",
                "solo_charts.csv, line 2, column `blank`: `slowest loop`: `loop` is not a bearing",
            ]
        );
        let e = Charts::parse(header).unwrap_err();
        assert_eq!(e.0.len(), 4 * 3 * 4, "every missing cell is named");
        let e = Charts::parse("arc,defense\n").unwrap_err();
        assert!(e.0[0].message.contains("unknown column `arc`"), "{e}");
    }
}
