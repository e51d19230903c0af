//! The Solo Play Alpha flight system: the maneuver and action an AI pilot
//! picks for a solo ship, exactly as the rules say, with the reasoning.
//!
//! The four approach charts (with the dice the transcription lost) are data:
//! `data/solo_charts.csv`, copied from the restored charts (data/SOURCES.md). Each entry is read into a
//! [`ChartEntry`] (speed, blue or not, bearings, direction, towards what) and
//! resolved against a ship's dial.
//!
//! ```
//! use cards::catalog::Maneuver;
//! use cards::sim::solo::{Approach, TallyArc, AttackDie, DefenseDie, Side, decide};
//! let dial = Maneuver::parse_dial("1TL:W 1TR:W 1BL:G 1BR:G 2TL:W 2TR:W 2BL:G 2BR:G 2S:G 3BL:W 3BR:W 3S:G 3K:R 4S:W 5K:R").unwrap();
//! let a = Approach { arc: TallyArc::Bullseye, defense: DefenseDie::Blank, attack: AttackDie::Hit, ..Approach::default() };
//! let d = decide(&dial, &[], &a).unwrap();
//! assert_eq!(d.maneuver.describe(), "4 straight"); // bullseye, blank/hit: fastest straight
//! ```

use serde::{Deserialize, Serialize};

use validator::Validate;

use crate::address::{Address, AddressError, Knob, Refusal, UnknownKeys, flag, write_flag};
use crate::catalog::table::{Columns, read_rows};
use crate::catalog::{Bearing, Difficulty, Direction, LoadError, LoadErrors, Maneuver};
use crate::squad::limits::MAX_KEY_BYTES;

/// The solo ship's arc its tally is in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TallyArc {
    #[default]
    Bullseye,
    Front,
    Side,
    Rear,
}

impl TallyArc {
    /// Every arc, in the charts' order.
    pub const ALL: [TallyArc; 4] = [
        TallyArc::Bullseye,
        TallyArc::Front,
        TallyArc::Side,
        TallyArc::Rear,
    ];
    /// The arc's name, as the charts write it.
    pub fn as_str(self) -> &'static str {
        match self {
            TallyArc::Bullseye => "bullseye",
            TallyArc::Front => "front",
            TallyArc::Side => "side",
            TallyArc::Rear => "rear",
        }
    }
}

/// Left or right of the solo ship (which full side arc an object is in).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    #[default]
    Left,
    Right,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
    fn direction(self) -> Direction {
        match self {
            Side::Left => Direction::Left,
            Side::Right => Direction::Right,
        }
    }
    /// The side's name (`left`, `right`).
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// The approach roll's defense die.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DefenseDie {
    #[default]
    Evade,
    Focus,
    Blank,
}

impl DefenseDie {
    /// Every defense result, in the charts' order.
    pub const ALL: [DefenseDie; 3] = [DefenseDie::Evade, DefenseDie::Focus, DefenseDie::Blank];
    /// Faces out of 8: 3 evade, 2 focus, 3 blank.
    pub fn faces(self) -> u32 {
        match self {
            DefenseDie::Evade => 3,
            DefenseDie::Focus => 2,
            DefenseDie::Blank => 3,
        }
    }
    /// The result's name, as the charts write it.
    pub fn as_str(self) -> &'static str {
        match self {
            DefenseDie::Evade => "evade",
            DefenseDie::Focus => "focus",
            DefenseDie::Blank => "blank",
        }
    }
    /// The attitude this result gives.
    pub fn attitude(self) -> Attitude {
        match self {
            DefenseDie::Evade => Attitude::Defensive,
            DefenseDie::Focus => Attitude::Balanced,
            DefenseDie::Blank => Attitude::Offensive,
        }
    }
}

/// The approach roll's attack die.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttackDie {
    #[default]
    Crit,
    Hit,
    Focus,
    Blank,
}

impl AttackDie {
    /// Every attack result, in the charts' order.
    pub const ALL: [AttackDie; 4] = [
        AttackDie::Crit,
        AttackDie::Hit,
        AttackDie::Focus,
        AttackDie::Blank,
    ];
    /// Faces out of 8: 1 critical hit, 3 hit, 2 focus, 2 blank.
    pub fn faces(self) -> u32 {
        match self {
            AttackDie::Crit => 1,
            AttackDie::Hit => 3,
            AttackDie::Focus => 2,
            AttackDie::Blank => 2,
        }
    }
    /// The result's name, as the charts write it.
    pub fn as_str(self) -> &'static str {
        match self {
            AttackDie::Crit => "crit",
            AttackDie::Hit => "hit",
            AttackDie::Focus => "focus",
            AttackDie::Blank => "blank",
        }
    }
}

/// A solo ship's attitude.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Attitude {
    Defensive,
    Balanced,
    Offensive,
}

impl Attitude {
    /// The attitude's name (`defensive`, `balanced`, `offensive`).
    pub fn as_str(self) -> &'static str {
        match self {
            Attitude::Defensive => "defensive",
            Attitude::Balanced => "balanced",
            Attitude::Offensive => "offensive",
        }
    }
}

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

/// Why the flight system cannot decide.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SoloError {
    #[error("the approach charts cannot be read: {0}")]
    Charts(LoadErrors),
    #[error("the ship has no maneuver dial")]
    NoDial,
    #[error("`{0}` is not a ship in the card database")]
    UnknownShip(String),
    #[error("the {0} has no dial in the card database")]
    ShipHasNoDial(String),
}

#[derive(Deserialize, Validate)]
struct ChartRow {
    chart: String,
    defense: String,
    crit: String,
    hit: String,
    focus: String,
    blank: String,
}

impl Columns for ChartRow {
    const COLUMNS: &'static [&'static str] = &["chart", "defense", "crit", "hit", "focus", "blank"];
}

/// The four approach charts: `entry(arc, defense, attack)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charts {
    cells: Vec<(TallyArc, DefenseDie, AttackDie, ChartEntry)>,
}

const CHARTS: &str = include_str!("../../data/solo_charts.csv");

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
                .zip(&ChartRow::COLUMNS[2..])
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

/// Where the tally and the nearest obstacle are, and the approach roll.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Approach {
    pub arc: TallyArc,
    /// Which full side arc the tally is in (left when not said).
    pub tally_side: Option<Side>,
    /// Which full side arc the nearest obstacle is in (left when not said).
    pub obstacle_side: Option<Side>,
    pub defense: DefenseDie,
    pub attack: AttackDie,
    pub stressed: bool,
    pub ionized: bool,
    /// The solo ship is in at least one enemy ship's firing arc.
    pub in_enemy_arc: bool,
    /// An obstacle is in the solo ship's bullseye arc at range 0-2.
    pub obstacle_ahead: bool,
    /// A friendly ship that could coordinate is near.
    pub friendly_near: bool,
    /// An enemy ship other than the tally is in one of the solo ship's
    /// firing arcs (the tally may be chosen by a lock outside them).
    pub enemy_in_firing_arc: bool,
    /// The solo ship is huge: it flies no ion maneuver (ion tokens reduce
    /// the energy it gains instead). Set from the ship, not asked.
    pub huge: bool,
}

/// What the maneuver did to the ship's stress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StressChange {
    /// Not stressed before or after.
    None,
    /// A red maneuver: the ship gains a stress token.
    Gained,
    /// A green maneuver removes a stress token.
    Removed,
    /// Stressed, and the maneuver was white: still stressed.
    Kept,
}

impl StressChange {
    /// The ship has a stress token after its maneuver (and so performs no action).
    pub fn stressed_after(self) -> bool {
        matches!(self, StressChange::Gained | StressChange::Kept)
    }

    /// What happened to stress, in one word (`none`, `gained`, `removed`, `kept`).
    pub fn as_str(self) -> &'static str {
        match self {
            StressChange::None => "none",
            StressChange::Gained => "gained",
            StressChange::Removed => "removed",
            StressChange::Kept => "kept",
        }
    }

    fn of(maneuver: &Maneuver, stressed: bool) -> StressChange {
        match (maneuver.difficulty, stressed) {
            (Difficulty::Red, _) => StressChange::Gained,
            (Difficulty::Green, true) => StressChange::Removed,
            (_, true) => StressChange::Kept,
            _ => StressChange::None,
        }
    }
}

/// What the flight system decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    pub maneuver: Maneuver,
    /// The die results after any change the rules made.
    pub defense: DefenseDie,
    pub attack: AttackDie,
    pub attitude: Attitude,
    /// What the maneuver did to the ship's stress.
    pub stress: StressChange,
    /// The action chosen (XWS name), if any; none for a ship stressed after its maneuver.
    pub action: Option<String>,
    /// Each step of the reasoning, in words.
    pub steps: Vec<String>,
}

/// Why an entry could not be resolved.
fn resolve(
    dial: &[Maneuver],
    e: &ChartEntry,
    a: &Approach,
    steps: &mut Vec<String>,
) -> Option<Maneuver> {
    let tally = a.tally_side.unwrap_or_default();
    let obstacle = a.obstacle_side.unwrap_or_default();
    let mut candidates: Vec<&Maneuver> = dial
        .iter()
        .filter(|m| e.bearings.contains(&m.bearing))
        // 1st-edition dials: green plays the role of blue.
        .filter(|m| !e.blue || m.difficulty == Difficulty::Green)
        .collect();
    if let Some((towards, reference)) = e.direction {
        let side = match reference {
            Landmark::Tally => tally,
            Landmark::Obstacle => obstacle,
        };
        let side = if towards { side } else { side.other() };
        // Maneuvers without a direction (straights, Koiogran turns) still qualify.
        candidates.retain(|m| m.direction.is_none() || m.direction == Some(side.direction()));
    }
    if candidates.is_empty() {
        steps.push(format!("The dial has no maneuver for “{}”.", e.text));
        return None;
    }
    // Reverse maneuvers count as negative only when finding the slowest.
    let key = |m: &Maneuver, slowest: bool| -> i16 {
        let s = i16::from(m.speed);
        if slowest && m.bearing == Bearing::Reverse {
            -s
        } else {
            s
        }
    };
    let slowest = e.speed == Speed::Slowest;
    let mut speeds: Vec<i16> = candidates.iter().map(|m| key(m, slowest)).collect();
    speeds.sort();
    speeds.dedup();
    let speed = match e.speed {
        Speed::Slowest => speeds[0],
        Speed::Fastest => speeds[speeds.len() - 1],
        // With an even count, average rounds up.
        Speed::Average => speeds[speeds.len() / 2],
        Speed::Exactly(n) => i16::from(n),
    };
    let pick = e.bearings.iter().find_map(|b| {
        candidates
            .iter()
            .find(|m| m.bearing == *b && key(m, slowest) == speed)
    });
    match pick {
        Some(m) => {
            steps.push(format!(
                "“{}”: speeds available {:?}, so {} ({}).",
                e.text,
                speeds,
                m.describe(),
                m.difficulty.as_str()
            ));
            Some(**m)
        }
        None => {
            steps.push(format!(
                "The dial has no {speed}-speed maneuver for “{}”.",
                e.text
            ));
            None
        }
    }
}

/// An action priority of an attitude: which actions, and when.
struct Priority {
    /// The seed's words (the transcription lost the action icons).
    text: &'static str,
    /// Our reading of the lost icons, in priority order (XWS action names).
    actions: &'static [&'static str],
    when: When,
    /// True where the action was read from a lost icon, not named in words.
    interpreted: bool,
}

#[derive(Clone, Copy)]
enum When {
    Always,
    InEnemyArc,
    NoEnemyInArc,
    ObstacleAhead,
    FriendlyNear,
    /// Needs something the simulator does not model (a calculate token, a
    /// special weapon with the lock header, inactive charges): never in 1st edition.
    Never,
}

const DEFENSIVE: &[Priority] = &[
    Priority {
        text: "If the solo ship is in at least 1 enemy ship's firing arc, it performs a [?], [?], or [?] action (in that order of priority) that will move it out of at least 1 enemy ship's firing arc.",
        actions: &["barrelroll", "boost", "slam"],
        when: When::InEnemyArc,
        interpreted: true,
    },
    Priority {
        text: "The solo ship performs the [?] action, reinforcing the full arc that the most enemy ships are in.",
        actions: &["reinforce"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "The solo ship performs the [?] action, choosing the nearest enemy ship with a lock first.",
        actions: &["jam"],
        when: When::Always,
        interpreted: true,
    },
    Priority {
        text: "If the solo ship does not have an evade token, it performs the [?] action.",
        actions: &["evade"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "If the solo ship does not have a focus token, it performs the [?] action.",
        actions: &["focus"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "If the solo ship does not have a calculate token, it performs the [?] action.",
        actions: &["calculate"],
        when: When::Always,
        interpreted: false,
    },
];

const BALANCED: &[Priority] = &[
    Priority {
        text: "The solo ship performs the [?] action, choosing the nearest friendly ship without [?] in its action bar that can perform an action.",
        actions: &["coordinate"],
        when: When::FriendlyNear,
        interpreted: true,
    },
    Priority {
        text: "If there is an obstacle in the solo ship's bullseye arc at range 0-2, it performs the [?] or [?] action away from that obstacle.",
        actions: &["barrelroll", "boost"],
        when: When::ObstacleAhead,
        interpreted: true,
    },
    Priority {
        text: "If the solo ship does not have a focus token, it performs the [?] action.",
        actions: &["focus"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "If the solo ship does not have a calculate token, it performs the [?] action.",
        actions: &["calculate"],
        when: When::Always,
        interpreted: false,
    },
];

const OFFENSIVE: &[Priority] = &[
    Priority {
        text: "If no enemy ship is in any of the solo ship's firing arcs, it performs a [?], [?], or [?] action (in that order of priority) that will cause at least 1 enemy ship to be in any of its firing arcs.",
        actions: &["boost", "barrelroll", "slam"],
        when: When::NoEnemyInArc,
        interpreted: true,
    },
    Priority {
        text: "If the solo ship is equipped with a special weapon with the [?] header, it performs the [?] action, choosing the nearest enemy ship in the firing arc and range of that special weapon.",
        actions: &["targetlock"],
        when: When::Never,
        interpreted: true,
    },
    Priority {
        text: "The solo ship performs the [?] action, choosing the nearest enemy ship in its firing arc. If no enemy ship is in its firing arc, it chooses the nearest enemy ship.",
        actions: &["targetlock"],
        when: When::Always,
        interpreted: true,
    },
    Priority {
        text: "If no enemy ship is in the solo ship's firing arc, and any of its [?], [?], or [?] upgrades have 1 or more inactive charges, it performs the [?] action.",
        actions: &["reload"],
        when: When::Never,
        interpreted: true,
    },
    Priority {
        text: "If the solo ship does not have a focus token, it performs the [?] action.",
        actions: &["focus"],
        when: When::Always,
        interpreted: false,
    },
    Priority {
        text: "If the solo ship does not have a calculate token, it performs the [?] action.",
        actions: &["calculate"],
        when: When::Always,
        interpreted: false,
    },
];

fn priorities(attitude: Attitude) -> &'static [Priority] {
    match attitude {
        Attitude::Defensive => DEFENSIVE,
        Attitude::Balanced => BALANCED,
        Attitude::Offensive => OFFENSIVE,
    }
}

/// Walks the attitude's priority list against the action bar.
fn choose_action(
    actions: &[String],
    attitude: Attitude,
    a: &Approach,
    steps: &mut Vec<String>,
) -> Option<String> {
    // The tally is an enemy ship; in the bullseye or front arc it is in the
    // solo ship's firing arc. Another enemy may be there too.
    let enemy_in_arc =
        matches!(a.arc, TallyArc::Bullseye | TallyArc::Front) || a.enemy_in_firing_arc;
    for (i, p) in priorities(attitude).iter().enumerate() {
        let n = i + 1;
        let applies = match p.when {
            When::Always => true,
            When::InEnemyArc => a.in_enemy_arc,
            When::NoEnemyInArc => !enemy_in_arc,
            When::ObstacleAhead => a.obstacle_ahead,
            When::FriendlyNear => a.friendly_near,
            When::Never => false,
        };
        let reading = if p.interpreted {
            " (icons read as "
        } else {
            " ("
        };
        let names = p.actions.join(", ");
        if !applies {
            steps.push(format!(
                "{} {n}: does not apply here{reading}{names}).",
                attitude.as_str(),
            ));
            continue;
        }
        if let Some(action) = p.actions.iter().find(|x| actions.iter().any(|y| y == *x)) {
            steps.push(format!(
                "{} {n}: “{}” → {action}{reading}{names}).",
                attitude.as_str(),
                p.text
            ));
            return Some((*action).to_string());
        }
        steps.push(format!(
            "{} {n}: no {names} action on the bar; next.",
            attitude.as_str()
        ));
    }
    steps.push("No action on the list fits the action bar: no action.".into());
    None
}

/// Decides the maneuver and action of a solo ship with this dial and action bar.
pub fn decide(dial: &[Maneuver], actions: &[String], a: &Approach) -> Result<Decision, SoloError> {
    let charts = Charts::embedded().map_err(SoloError::Charts)?;
    decide_with(&charts, dial, actions, a)
}

/// [`decide`] with charts of the caller's (tests read other charts).
pub fn decide_with(
    charts: &Charts,
    dial: &[Maneuver],
    actions: &[String],
    a: &Approach,
) -> Result<Decision, SoloError> {
    if dial.is_empty() {
        return Err(SoloError::NoDial);
    }
    let mut steps = vec![format!(
        "Approach: tally in the {} arc{}; roll {} / {}.",
        a.arc.as_str(),
        a.tally_side
            .map(|s| format!(" ({} side)", s.as_str()))
            .unwrap_or_default(),
        a.defense.as_str(),
        a.attack.as_str()
    )];
    let (maneuver, defense) = select_maneuver(charts, dial, a, &mut steps)?;
    let attitude = defense.attitude();
    steps.push(format!(
        "Attitude: {} (defense die {}).",
        attitude.as_str(),
        defense.as_str()
    ));
    let stress = StressChange::of(&maneuver, a.stressed);
    steps.extend(stress_step(stress, &maneuver));
    let action = if stress.stressed_after() {
        steps.push("No action (stressed): a stressed ship performs no action.".into());
        None
    } else {
        choose_action(actions, attitude, a, &mut steps)
    };
    Ok(Decision {
        maneuver,
        defense,
        attack: a.attack,
        attitude,
        stress,
        action,
        steps,
    })
}

/// The maneuver the ship flies, and the defense die as it ends (a roll
/// that cannot be flown turns it to focus).
fn select_maneuver(
    charts: &Charts,
    dial: &[Maneuver],
    a: &Approach,
    steps: &mut Vec<String>,
) -> Result<(Maneuver, DefenseDie), SoloError> {
    if a.ionized && a.huge {
        steps.push("Ionized, but a huge ship flies no ion maneuver: each ion token reduces the energy it gains by 1 (Huge Ship Rules); it flies the chosen maneuver.".into());
    }
    if a.ionized && !a.huge {
        steps.push("Ionized: no maneuver is selected; the ship resolves the ion maneuver (1 straight, white).".into());
        let ion = Maneuver {
            speed: 1,
            bearing: Bearing::Straight,
            direction: None,
            difficulty: Difficulty::White,
            energy: None,
        };
        return Ok((ion, a.defense));
    }
    let (picked, defense) = read_charts(charts, dial, a, steps);
    match picked {
        Some(m) => Ok((m, defense)),
        None => {
            let slowest = slowest_straight(dial, a.stressed).ok_or(SoloError::NoDial)?;
            steps.push(format!(
                "That entry cannot be satisfied either: the slowest straight, {}.",
                slowest.describe()
            ));
            Ok((slowest, defense))
        }
    }
}

/// The chart entry resolved on the dial, read again with a focus result
/// when the first reading cannot be flown (no such maneuver, or red while
/// stressed).
fn read_charts(
    charts: &Charts,
    dial: &[Maneuver],
    a: &Approach,
    steps: &mut Vec<String>,
) -> (Option<Maneuver>, DefenseDie) {
    let mut defense = a.defense;
    for attempt in 0..2 {
        let e = charts.entry(a.arc, defense, a.attack);
        steps.push(format!(
            "{} chart, {} / {}: “{}”.",
            a.arc.as_str(),
            defense.as_str(),
            a.attack.as_str(),
            e.text
        ));
        match resolve(dial, e, a, steps) {
            Some(m) if a.stressed && m.difficulty == Difficulty::Red => {
                steps.push("Stressed and the roll indicates a red maneuver: the defense die is changed to focus.".into());
                defense = DefenseDie::Focus;
            }
            Some(m) => return (Some(m), defense),
            None if attempt == 0 && defense != DefenseDie::Focus => {
                steps.push("No such maneuver: the defense die is changed to focus (the lost icon read as focus: an interpretation).".into());
                defense = DefenseDie::Focus;
            }
            None => break,
        }
    }
    (None, defense)
}

/// The slowest straight on the dial (not red when stressed), or the
/// slowest maneuver of any kind.
fn slowest_straight(dial: &[Maneuver], stressed: bool) -> Option<Maneuver> {
    dial.iter()
        .filter(|m| m.bearing == Bearing::Straight)
        .filter(|m| !stressed || m.difficulty != Difficulty::Red)
        .min_by_key(|m| m.speed)
        .or_else(|| dial.iter().min_by_key(|m| m.speed))
        .copied()
}

/// What the maneuver did to stress, in words.
fn stress_step(stress: StressChange, maneuver: &Maneuver) -> Option<String> {
    let m = maneuver.describe();
    match stress {
        StressChange::Gained => Some(format!("{m} is red: the ship gains a stress token.")),
        StressChange::Removed => Some(format!("{m} is green: the ship removes a stress token.")),
        StressChange::Kept => Some(format!(
            "{m} is not green: the ship keeps its stress token."
        )),
        StressChange::None => None,
    }
}

/// An enemy ship placed for the tally helper.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    pub name: String,
    /// Every arc of the solo ship it is in (it may be in several).
    pub arcs: Vec<TallyArc>,
    /// Range 0-5 (beyond 3 counts as "beyond range 3").
    pub range: u8,
    /// The solo ship has a lock on it.
    pub locked: bool,
}

/// Picks the tally by criteria a-f; returns its index and the criterion.
pub fn tally(contacts: &[Contact]) -> Option<(usize, String)> {
    let nearest = |f: &dyn Fn(&Contact) -> bool| -> Option<usize> {
        contacts
            .iter()
            .enumerate()
            .filter(|(_, c)| f(c))
            .min_by_key(|(_, c)| c.range)
            .map(|(i, _)| i)
    };
    if let Some(i) = nearest(&|c| c.locked) {
        return Some((i, "a) the nearest object it has locked at any range".into()));
    }
    for (letter, arc) in [
        ("b", TallyArc::Bullseye),
        ("c", TallyArc::Front),
        ("d", TallyArc::Side),
        ("e", TallyArc::Rear),
    ] {
        if let Some(i) = nearest(&|c| c.range <= 3 && c.arcs.contains(&arc)) {
            return Some((
                i,
                format!(
                    "{letter}) the nearest enemy ship in its {} arc at range 0-3",
                    arc.as_str()
                ),
            ));
        }
    }
    for (letter, arc) in [
        ("b", TallyArc::Bullseye),
        ("c", TallyArc::Front),
        ("d", TallyArc::Side),
        ("e", TallyArc::Rear),
    ] {
        if let Some(i) = nearest(&|c| c.range > 3 && c.arcs.contains(&arc)) {
            return Some((
                i,
                format!(
                    "f) as {letter}) beyond range 3: the nearest enemy ship in its {} arc",
                    arc.as_str()
                ),
            ));
        }
    }
    None
}

/// The chart arc for a tally in several arcs: bullseye, front, side, rear first.
pub fn chart_arc(arcs: &[TallyArc]) -> Option<TallyArc> {
    TallyArc::ALL.into_iter().find(|a| arcs.contains(a))
}

/// A request to the flight system, as the API and the page send it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

/// A flag of the request that differs from the default.
macro_rules! solo_flag {
    ($key:literal, $field:ident) => {
        Knob {
            key: $key,
            json: stringify!($field),
            read: |r, v| {
                r.$field = flag(v)?;
                Ok(())
            },
            write: |r| write_flag(r.$field),
        }
    };
}

/// The Solo simulator's address: every input's query key and JSON name.
pub static SOLO_ADDRESS: Address<SoloRequest> = Address {
    knobs: &[
        Knob {
            key: "ship",
            json: "ship",
            read: |r, v| {
                if v.len() > MAX_KEY_BYTES {
                    return Err(Refusal::TooLong(MAX_KEY_BYTES));
                }
                r.ship = v.to_string();
                Ok(())
            },
            write: |r| (r.ship != DEFAULT_SHIP).then(|| r.ship.clone()),
        },
        Knob {
            key: "arc",
            json: "arc",
            read: |r, v| {
                r.arc = word(
                    &TallyArc::ALL,
                    TallyArc::as_str,
                    v,
                    "bullseye, front, side or rear",
                )?;
                Ok(())
            },
            write: |r| Some(r.arc.as_str().to_string()),
        },
        Knob {
            key: "tally",
            json: "tally_side",
            read: |r, v| {
                r.tally_side = side(v)?;
                Ok(())
            },
            write: |r| Some(r.tally_side.map_or("", Side::as_str).to_string()),
        },
        Knob {
            key: "obstacle",
            json: "obstacle_side",
            read: |r, v| {
                r.obstacle_side = side(v)?;
                Ok(())
            },
            write: |r| Some(r.obstacle_side.map_or("", Side::as_str).to_string()),
        },
        Knob {
            key: "defense",
            json: "defense",
            read: |r, v| {
                r.defense = word(
                    &DefenseDie::ALL,
                    DefenseDie::as_str,
                    v,
                    "evade, focus or blank",
                )?;
                Ok(())
            },
            write: |r| Some(r.defense.as_str().to_string()),
        },
        Knob {
            key: "attack",
            json: "attack",
            read: |r, v| {
                r.attack = word(
                    &AttackDie::ALL,
                    AttackDie::as_str,
                    v,
                    "crit, hit, focus or blank",
                )?;
                Ok(())
            },
            write: |r| Some(r.attack.as_str().to_string()),
        },
        solo_flag!("stressed", stressed),
        solo_flag!("ionized", ionized),
        solo_flag!("in_enemy_arc", in_enemy_arc),
        solo_flag!("obstacle_ahead", obstacle_ahead),
        solo_flag!("friendly_near", friendly_near),
        solo_flag!("enemy_in_firing_arc", enemy_in_firing_arc),
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

/// An approach roll with a seeded generator (the page passes a fresh seed):
/// one defense die and one attack die.
pub fn roll_approach(seed: u64) -> (DefenseDie, AttackDie) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let d = match rng.random_range(0..8) {
        0..=2 => DefenseDie::Evade,
        3..=4 => DefenseDie::Focus,
        _ => DefenseDie::Blank,
    };
    let a = match rng.random_range(0..8) {
        0 => AttackDie::Crit,
        1..=3 => AttackDie::Hit,
        4..=5 => AttackDie::Focus,
        _ => AttackDie::Blank,
    };
    (d, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    const M3A: &str =
        "1TL:W 1TR:W 1BL:G 1BR:G 2TL:W 2TR:W 2BL:G 2BR:G 2S:G 3BL:W 3BR:W 3S:G 3K:R 4S:W 5K:R";
    const CROC: &str = "1BL:W:2 1S:W:3 1BR:W:2 2BL:W:1 2S:W:2 2BR:W:1 3S:W:2 4S:W:1";

    fn run(dial: &str, arc: TallyArc, d: DefenseDie, a: AttackDie) -> Decision {
        let dial = Maneuver::parse_dial(dial).unwrap();
        let approach = Approach {
            arc,
            tally_side: Some(Side::Left),
            obstacle_side: Some(Side::Right),
            defense: d,
            attack: a,
            ..Approach::default()
        };
        decide(&dial, &[], &approach).unwrap()
    }

    fn code(m: &Maneuver) -> String {
        m.to_string().split(':').next().unwrap().to_string()
    }

    /// Expected maneuver per cell, rows evade/focus/blank x crit/hit/focus/blank.
    fn check_all(dial: &str, expected: [(TallyArc, [[&str; 4]; 3]); 4]) {
        for (arc, rows) in expected {
            for (d, row) in DefenseDie::ALL.into_iter().zip(rows) {
                for (a, want) in AttackDie::ALL.into_iter().zip(row) {
                    let got = run(dial, arc, d, a);
                    assert_eq!(
                        code(&got.maneuver),
                        want,
                        "{} {} {}: {:#?}",
                        arc.as_str(),
                        d.as_str(),
                        a.as_str(),
                        got.steps
                    );
                }
            }
        }
    }

    #[test]
    fn all_48_cells_on_the_m3a_dial() {
        // Tally on the left, nearest obstacle on the right.
        check_all(
            M3A,
            [
                (
                    TallyArc::Bullseye,
                    [
                        ["1BL", "2S", "1BL", "2TR"],
                        ["3S", "3S", "2S", "2S"],
                        ["5K", "4S", "3S", "2S"],
                    ],
                ),
                (
                    TallyArc::Front,
                    [
                        ["1BL", "2S", "1BL", "3BR"],
                        ["2BL", "1BL", "3S", "2S"],
                        ["5K", "2TL", "1TL", "2S"],
                    ],
                ),
                (
                    TallyArc::Side,
                    [
                        ["5K", "1TL", "1TL", "3BL"],
                        ["2BL", "2BL", "1BL", "1BL"],
                        ["5K", "3K", "2TL", "2S"],
                    ],
                ),
                (
                    TallyArc::Rear,
                    [
                        ["1TR", "2TR", "2TL", "4S"],
                        ["1BR", "1BL", "2BR", "2BL"],
                        ["3K", "5K", "5K", "2S"],
                    ],
                ),
            ],
        );
    }

    #[test]
    fn all_48_cells_on_a_dial_without_turns_advanced_or_blue() {
        // The C-ROC: banks and straights, all white. Blue entries fail, the focus
        // rows (all blue) fail too, and the slowest straight is flown.
        check_all(
            CROC,
            [
                (
                    TallyArc::Bullseye,
                    [
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "4S", "3S", "2S"],
                    ],
                ),
                (
                    TallyArc::Front,
                    [
                        ["1S", "1S", "1BL", "2BR"],
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "1S", "1S", "2S"],
                    ],
                ),
                (
                    TallyArc::Side,
                    [
                        ["1S", "1S", "1S", "2BL"],
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "1S", "1S", "2S"],
                    ],
                ),
                (
                    TallyArc::Rear,
                    [
                        ["1S", "1S", "1S", "4S"],
                        ["1S", "1S", "1S", "1S"],
                        ["1S", "1S", "1S", "2S"],
                    ],
                ),
            ],
        );
    }

    #[test]
    fn no_such_maneuver_changes_the_defense_die_to_focus() {
        // No advanced maneuvers: bullseye blank/crit falls to focus/crit: fastest blue straight.
        let d = run(
            "1BL:G 1BR:G 2S:G 3S:W",
            TallyArc::Bullseye,
            DefenseDie::Blank,
            AttackDie::Crit,
        );
        assert_eq!(code(&d.maneuver), "2S");
        assert_eq!(d.defense, DefenseDie::Focus);
        assert_eq!(d.attitude, Attitude::Balanced);
        assert!(d.steps.iter().any(|s| s.contains("changed to focus")));
        // And when the focus entry fails too: the slowest straight.
        let d = run(
            "2S:W 3S:W 1BL:W",
            TallyArc::Bullseye,
            DefenseDie::Blank,
            AttackDie::Crit,
        );
        assert_eq!(code(&d.maneuver), "2S");
        assert!(d.steps.iter().any(|s| s.contains("slowest straight")));
    }

    #[test]
    fn stress_and_ion() {
        let dial = Maneuver::parse_dial(M3A).unwrap();
        let mut a = Approach {
            arc: TallyArc::Bullseye,
            defense: DefenseDie::Blank,
            attack: AttackDie::Crit,
            stressed: true,
            ..Approach::default()
        };
        // 5 Koiogran turn is red: stressed, the die becomes focus: fastest blue straight.
        let d = decide(&dial, &[], &a).unwrap();
        assert_eq!(code(&d.maneuver), "3S");
        assert_eq!(
            (d.defense, d.attitude),
            (DefenseDie::Focus, Attitude::Balanced)
        );
        // A white maneuver stands when stressed.
        a.attack = AttackDie::Hit;
        let d = decide(&dial, &[], &a).unwrap();
        assert_eq!(
            (code(&d.maneuver), d.defense),
            ("4S".to_string(), DefenseDie::Blank)
        );
        // Ionized: the ion maneuver, whatever the roll.
        a.ionized = true;
        let d = decide(&dial, &[], &a).unwrap();
        assert_eq!(d.maneuver.describe(), "1 straight");
        assert_eq!(d.maneuver.difficulty, Difficulty::White);
    }

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
        let ships = include_str!("../../data/ships.csv")
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

    /// Issue 13.11: a red maneuver gains stress and a stressed ship performs
    /// no action; a green one removes the stress.
    #[test]
    fn red_maneuvers_stress_and_stressed_ships_take_no_action() {
        let dial = Maneuver::parse_dial(M3A).unwrap();
        let bar: Vec<String> = ["evade", "targetlock", "barrelroll", "boost"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // Bullseye blank/crit: the red 5 Koiogran turn, then no action.
        let a = Approach {
            arc: TallyArc::Bullseye,
            defense: DefenseDie::Blank,
            attack: AttackDie::Crit,
            ..Approach::default()
        };
        let d = decide(&dial, &bar, &a).unwrap();
        assert_eq!(d.maneuver.difficulty, Difficulty::Red);
        assert_eq!(d.stress, StressChange::Gained);
        assert_eq!(d.action, None);
        assert!(d.steps.iter().any(|s| s.contains("No action (stressed)")));
        // Stressed, a green maneuver: the stress goes and the action follows.
        let a = Approach {
            arc: TallyArc::Front,
            tally_side: Some(Side::Right),
            defense: DefenseDie::Focus,
            attack: AttackDie::Crit,
            stressed: true,
            ..Approach::default()
        };
        let d = decide(&dial, &bar, &a).unwrap();
        assert_eq!(d.maneuver.difficulty, Difficulty::Green, "{:?}", d.steps);
        assert_eq!(d.stress, StressChange::Removed);
        // Stressed, a white maneuver: still stressed, no action.
        for defense in [DefenseDie::Evade, DefenseDie::Focus, DefenseDie::Blank] {
            for attack in [
                AttackDie::Crit,
                AttackDie::Hit,
                AttackDie::Focus,
                AttackDie::Blank,
            ] {
                for arc in [
                    TallyArc::Bullseye,
                    TallyArc::Front,
                    TallyArc::Side,
                    TallyArc::Rear,
                ] {
                    let a = Approach {
                        arc,
                        defense,
                        attack,
                        stressed: true,
                        ..Approach::default()
                    };
                    let d = decide(&dial, &bar, &a).unwrap();
                    if d.maneuver.difficulty != Difficulty::Green {
                        assert_eq!(d.action, None, "{:?}", d.steps);
                    }
                    let d = decide(
                        &dial,
                        &bar,
                        &Approach {
                            stressed: false,
                            ..a
                        },
                    )
                    .unwrap();
                    if d.maneuver.difficulty == Difficulty::Red {
                        assert_eq!(d.action, None, "{:?}", d.steps);
                    }
                }
            }
        }
    }

    /// Issue 13.12: a huge ship flies no ion maneuver.
    #[test]
    fn an_ionized_huge_ship_flies_its_chosen_maneuver() {
        let db = crate::catalog::Database::embedded().unwrap();
        let croc = db.ship("croccruiser").unwrap();
        // Rear blank/blank: "2-speed straight".
        let a = Approach {
            arc: TallyArc::Rear,
            defense: DefenseDie::Blank,
            attack: AttackDie::Blank,
            ionized: true,
            huge: true,
            ..Approach::default()
        };
        let d = decide(&croc.dial, &croc.actions, &a).unwrap();
        let chosen = decide(
            &croc.dial,
            &croc.actions,
            &Approach {
                ionized: false,
                ..a.clone()
            },
        )
        .unwrap();
        assert_eq!(d.maneuver, chosen.maneuver);
        assert_ne!(
            d.maneuver.describe(),
            "1 straight",
            "the cell must tell them apart"
        );
        assert!(d.steps.iter().any(|s| s.contains("flies no ion maneuver")));
        // A small ship flies the ion maneuver.
        let small = decide(&croc.dial, &croc.actions, &Approach { huge: false, ..a }).unwrap();
        assert_eq!(small.maneuver.describe(), "1 straight");
    }

    fn action(bar: &[&str], d: DefenseDie, change: impl FnOnce(&mut Approach)) -> Option<String> {
        let dial = Maneuver::parse_dial(M3A).unwrap();
        let mut a = Approach {
            arc: TallyArc::Front,
            defense: d,
            attack: AttackDie::Hit,
            ..Approach::default()
        };
        change(&mut a);
        let bar: Vec<String> = bar.iter().map(|s| s.to_string()).collect();
        decide(&dial, &bar, &a).unwrap().action
    }

    #[test]
    fn attitude_priorities_follow_the_action_bar() {
        let m3a = ["evade", "targetlock", "barrelroll", "boost"];
        let croc = ["recover", "reinforce", "targetlock", "jam"];
        use DefenseDie::*;
        // Defensive: out of an enemy arc first (barrel roll, then boost)...
        assert_eq!(
            action(&m3a, Evade, |a| a.in_enemy_arc = true).as_deref(),
            Some("barrelroll")
        );
        assert_eq!(
            action(&["boost", "evade"], Evade, |a| a.in_enemy_arc = true).as_deref(),
            Some("boost")
        );
        // ...else reinforce, jam, evade, focus.
        assert_eq!(action(&m3a, Evade, |_| {}).as_deref(), Some("evade"));
        assert_eq!(action(&croc, Evade, |_| {}).as_deref(), Some("reinforce"));
        assert_eq!(
            action(&["jam", "focus"], Evade, |_| {}).as_deref(),
            Some("jam")
        );
        assert_eq!(action(&["focus"], Evade, |_| {}).as_deref(), Some("focus"));
        assert_eq!(action(&["targetlock"], Evade, |_| {}), None);
        // Balanced: coordinate with a friend near, dodge an obstacle ahead, focus.
        assert_eq!(
            action(&["coordinate", "focus"], Focus, |a| a.friendly_near = true).as_deref(),
            Some("coordinate")
        );
        assert_eq!(
            action(&["coordinate", "focus"], Focus, |_| {}).as_deref(),
            Some("focus")
        );
        assert_eq!(
            action(&m3a, Focus, |a| a.obstacle_ahead = true).as_deref(),
            Some("barrelroll")
        );
        assert_eq!(action(&m3a, Focus, |_| {}), None);
        // Offensive: with the tally out of its arcs, boost first; else lock; else focus.
        // (Rear blank/blank: a 2 straight. Rear blank/hit is a red Koiogran
        // turn, after which the stressed ship performs no action.)
        assert_eq!(
            action(&m3a, Blank, |a| {
                a.arc = TallyArc::Rear;
                a.attack = AttackDie::Blank;
            })
            .as_deref(),
            Some("boost")
        );
        // Another enemy in a firing arc: no boost to bring one in; the lock.
        assert_eq!(
            action(&m3a, Blank, |a| {
                a.arc = TallyArc::Rear;
                a.attack = AttackDie::Blank;
                a.enemy_in_firing_arc = true;
            })
            .as_deref(),
            Some("targetlock")
        );
        assert_eq!(action(&m3a, Blank, |_| {}).as_deref(), Some("targetlock"));
        assert_eq!(
            action(&["focus", "evade"], Blank, |_| {}).as_deref(),
            Some("focus")
        );
        assert_eq!(action(&["evade"], Blank, |_| {}), None);
    }

    #[test]
    fn the_tally_follows_criteria_a_to_f() {
        let c = |name: &str, arcs: &[TallyArc], range: u8, locked: bool| Contact {
            name: name.into(),
            arcs: arcs.to_vec(),
            range,
            locked,
        };
        let contacts = vec![
            c(
                "far bullseye",
                &[TallyArc::Bullseye, TallyArc::Front],
                4,
                false,
            ),
            c("side", &[TallyArc::Side], 1, false),
            c("front", &[TallyArc::Front], 3, false),
        ];
        assert_eq!(tally(&contacts).unwrap().0, 2, "c) beats d) within range 3");
        let mut locked = contacts.clone();
        locked[0].locked = true;
        assert!(tally(&locked).unwrap().1.starts_with("a)"));
        let far = vec![
            c("rear", &[TallyArc::Rear], 5, false),
            c("side", &[TallyArc::Side], 4, false),
        ];
        let (i, why) = tally(&far).unwrap();
        assert_eq!((i, why.starts_with("f)")), (1, true));
        assert_eq!(tally(&[]), None);
        assert_eq!(
            chart_arc(&[TallyArc::Rear, TallyArc::Front]),
            Some(TallyArc::Front)
        );
    }

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
