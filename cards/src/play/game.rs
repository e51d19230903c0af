//! A game: its squads and every step taken, replayed to give the table.
//! Undo and redo move along the steps; the browser keeps the game under
//! its own key, saved on every step, and sets aside one it cannot read.

use serde::{Deserialize, Serialize};

use super::deck::DeckId;
use super::error::{PlayError, StoredGameError};
use super::step::PlayStep;
use super::table::Table;
use crate::squad::{Rules, link};

/// The most steps a game keeps: many times a long Epic game's, and a
/// bound on the work of replaying one.
pub const MAX_STEPS: usize = 5000;

/// The most ended games kept.
pub const ENDED_KEPT: usize = 10;

/// Storage keys of games.
pub const GAME_PREFIX: &str = "merchant-one.game.";

/// Storage keys of games that could not be read, kept unchanged.
pub const GAME_ASIDE_PREFIX: &str = "merchant-one.corrupt-game.";

/// A game as stored: its squads, and the steps taken.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The squad's link code.
    pub squad: String,
    /// The opponent's squad's link code, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// The deck small and large ships draw from.
    pub deck: DeckId,
    /// Whether the opponent's squad is flown by Solo Play Alpha.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub solo: bool,
    /// When it started (ms since 1970, whole).
    pub started: f64,
    /// Every step taken; those from `cursor` on were undone and can be redone.
    pub steps: Vec<PlayStep>,
    /// How many steps are taken.
    pub cursor: usize,
    /// When it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<f64>,
}

impl Game {
    /// A new game of these squads.
    pub fn new(squad: &str, opponent: Option<&str>, started: f64) -> Game {
        Game {
            squad: squad.to_string(),
            opponent: opponent.map(str::to_string),
            deck: DeckId::CoreTfa,
            solo: false,
            started: started.floor(),
            steps: Vec::new(),
            cursor: 0,
            ended: None,
        }
    }

    /// The JSON kept in the browser.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A game in play: the game, the table at its start and the table now.
#[derive(Debug, Clone)]
pub struct Play {
    /// The game as stored.
    pub game: Game,
    start: Table,
    /// The table after the steps up to the cursor.
    pub table: Table,
}

fn squad_of(code: &str) -> Result<crate::squad::Squad, PlayError> {
    link::decode(code).map_err(|e| PlayError::Squad(e.to_string()))
}

impl Play {
    /// Sets the game's squads on the table and replays its steps up to
    /// the cursor. A game whose squads or steps no longer read is an error
    /// naming the step; the caller keeps it aside.
    pub fn resume(rules: &Rules, game: Game) -> Result<Play, StoredGameError> {
        if game.steps.len() > MAX_STEPS || game.cursor > game.steps.len() {
            return Err(StoredGameError::Setup(PlayError::TooManySteps(MAX_STEPS)));
        }
        let mine = squad_of(&game.squad).map_err(StoredGameError::Setup)?;
        let theirs = game
            .opponent
            .as_deref()
            .map(squad_of)
            .transpose()
            .map_err(StoredGameError::Setup)?;
        let start =
            Table::new(rules, &mine, theirs.as_ref(), game.deck).map_err(StoredGameError::Setup)?;
        let mut play = Play {
            table: start.clone(),
            start,
            game,
        };
        play.table = play.replay(play.game.steps.len())?;
        play.table = play.replay(play.game.cursor)?;
        Ok(play)
    }

    /// Reads a stored game and resumes it.
    pub fn from_json(rules: &Rules, text: &str) -> Result<Play, StoredGameError> {
        let game: Game =
            serde_json::from_str(text).map_err(|e| StoredGameError::Json(e.to_string()))?;
        Play::resume(rules, game)
    }

    /// The table after the first `upto` steps.
    fn replay(&self, upto: usize) -> Result<Table, StoredGameError> {
        let mut table = self.start.clone();
        for (i, step) in self.game.steps.iter().take(upto).enumerate() {
            table
                .apply(step)
                .map_err(|error| StoredGameError::Replay { step: i + 1, error })?;
        }
        Ok(table)
    }

    /// Takes a step: the steps undone before it are dropped.
    pub fn take(&mut self, step: PlayStep) -> Result<(), PlayError> {
        if self.game.cursor >= MAX_STEPS {
            return Err(PlayError::TooManySteps(MAX_STEPS));
        }
        self.table.apply(&step)?;
        self.game.steps.truncate(self.game.cursor);
        self.game.steps.push(step);
        self.game.cursor += 1;
        Ok(())
    }

    /// Whether a step can be undone.
    pub fn can_undo(&self) -> bool {
        self.game.cursor > 0
    }

    /// Whether an undone step can be taken again.
    pub fn can_redo(&self) -> bool {
        self.game.cursor < self.game.steps.len()
    }

    /// Undoes the last step: the table is exactly as it was before it.
    pub fn undo(&mut self) -> bool {
        self.move_to(self.game.cursor.wrapping_sub(1))
    }

    /// Takes the next undone step again.
    pub fn redo(&mut self) -> bool {
        self.move_to(self.game.cursor + 1)
    }

    fn move_to(&mut self, cursor: usize) -> bool {
        if cursor > self.game.steps.len() {
            return false;
        }
        match self.replay(cursor) {
            Ok(table) => {
                self.table = table;
                self.game.cursor = cursor;
                true
            }
            Err(_) => false,
        }
    }

    /// The table before any step.
    pub fn start(&self) -> &Table {
        &self.start
    }
}

/// A stored game that could not be read, kept as it was.
#[derive(Debug, Clone, PartialEq)]
pub struct GameAside {
    /// Where it was found.
    pub key: String,
    /// Where it is kept: under [`GAME_ASIDE_PREFIX`].
    pub aside_key: String,
    /// Its text, unchanged.
    pub text: String,
    /// Why it cannot be read; `None` for one kept aside by an earlier visit.
    pub reason: Option<StoredGameError>,
}

/// The games in storage, newest first, and those set aside.
#[derive(Debug, Clone, Default)]
pub struct StoredGames {
    /// `(id, game in play)`; the id is the key without [`GAME_PREFIX`].
    pub games: Vec<(String, Play)>,
    /// Games that cannot be read, kept aside.
    pub aside: Vec<GameAside>,
}

impl StoredGames {
    /// Sorts storage entries (any keys) into games and games set aside.
    pub fn read(rules: &Rules, entries: impl IntoIterator<Item = (String, String)>) -> StoredGames {
        let mut out = StoredGames::default();
        for (key, text) in entries {
            if let Some(id) = key.strip_prefix(GAME_PREFIX) {
                match Play::from_json(rules, &text) {
                    Ok(play) => out.games.push((id.to_string(), play)),
                    Err(reason) => out.aside.push(GameAside {
                        aside_key: format!("{GAME_ASIDE_PREFIX}{id}"),
                        key,
                        text,
                        reason: Some(reason),
                    }),
                }
            } else if key.starts_with(GAME_ASIDE_PREFIX) {
                out.aside.push(GameAside {
                    aside_key: key.clone(),
                    key,
                    text,
                    reason: None,
                });
            }
        }
        out.games.sort_by(|a, b| {
            b.1.game
                .started
                .total_cmp(&a.1.game.started)
                .then_with(|| a.0.cmp(&b.0))
        });
        out.aside.sort_by(|a, b| a.key.cmp(&b.key));
        out
    }

    /// The game in play (not ended) of this squad and opponent, if any.
    pub fn in_play(&self, squad: &str, opponent: Option<&str>) -> Option<&(String, Play)> {
        self.games.iter().find(|(_, p)| {
            p.game.ended.is_none()
                && p.game.squad == squad
                && p.game.opponent.as_deref() == opponent
        })
    }

    /// The ended games, newest first.
    pub fn ended(&self) -> impl Iterator<Item = &(String, Play)> {
        self.games.iter().filter(|(_, p)| p.game.ended.is_some())
    }

    /// The ids of ended games past the last [`ENDED_KEPT`]: the ones to delete.
    pub fn past_kept(&self) -> Vec<String> {
        let mut ended: Vec<&(String, Play)> = self.ended().collect();
        ended.sort_by(|a, b| {
            b.1.game
                .ended
                .unwrap_or(0.0)
                .total_cmp(&a.1.game.ended.unwrap_or(0.0))
        });
        ended
            .iter()
            .skip(ENDED_KEPT)
            .map(|(id, _)| id.clone())
            .collect()
    }
}
