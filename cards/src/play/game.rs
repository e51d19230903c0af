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

/// The most games in play kept: a new one past them ends the oldest, so
/// the browser's storage (shared with saved squads) never fills with them.
pub const IN_PLAY_KEPT: usize = 10;

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
    link::decode(code).map_err(PlayError::Squad)
}

impl Play {
    /// Sets the game's squads on the table and replays its steps up to
    /// the cursor. A game whose squads or steps no longer read is an error
    /// naming the step; the caller keeps it aside.
    pub fn resume(rules: &Rules, game: Game) -> Result<Play, StoredGameError> {
        if game.steps.len() > MAX_STEPS {
            return Err(StoredGameError::Setup(PlayError::TooManySteps(MAX_STEPS)));
        }
        if game.cursor > game.steps.len() {
            let (cursor, steps) = (game.cursor, game.steps.len());
            return Err(StoredGameError::Setup(PlayError::BadCursor {
                cursor,
                steps,
            }));
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
        let entries: Vec<(String, String)> = entries.into_iter().collect();
        let mut taken: Vec<String> = entries
            .iter()
            .filter(|(k, _)| k.starts_with(GAME_ASIDE_PREFIX))
            .map(|(k, _)| k.clone())
            .collect();
        let mut out = StoredGames::default();
        for (key, text) in entries {
            if let Some(id) = key.strip_prefix(GAME_PREFIX) {
                match Play::from_json(rules, &text) {
                    Ok(play) => out.games.push((id.to_string(), play)),
                    Err(reason) => {
                        let aside_key = free_aside_key(id, &taken);
                        taken.push(aside_key.clone());
                        out.aside.push(GameAside {
                            aside_key,
                            key,
                            text,
                            reason: Some(reason),
                        })
                    }
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

    /// The game in play (not ended) of these squads, solo or not, if any.
    pub fn in_play(
        &self,
        squad: &str,
        opponent: Option<&str>,
        solo: bool,
    ) -> Option<&(String, Play)> {
        self.games.iter().find(|(_, p)| {
            p.game.ended.is_none()
                && p.game.squad == squad
                && p.game.opponent.as_deref() == opponent
                && p.game.solo == solo
        })
    }

    /// The ids of games in play past the [`IN_PLAY_KEPT`] started last:
    /// the ones to end.
    pub fn in_play_past_kept(&self) -> Vec<String> {
        self.games
            .iter()
            .filter(|(_, p)| p.game.ended.is_none())
            .skip(IN_PLAY_KEPT)
            .map(|(id, _)| id.clone())
            .collect()
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

/// The key a game that cannot be read is kept under: `…corrupt-game.<id>`,
/// or with `-2`, `-3`… when an earlier copy is already kept there.
fn free_aside_key(id: &str, taken: &[String]) -> String {
    let plain = format!("{GAME_ASIDE_PREFIX}{id}");
    std::iter::once(plain.clone())
        .chain((2..).map(|n| format!("{plain}-{n}")))
        .find(|k| !taken.contains(k))
        .unwrap_or(plain)
}

/// The squad code a pasted link or code carries: the `s` parameter of an
/// address (Merchant One's, whatever its host), or the text itself.
///
/// ```
/// use cards::play::link_code;
/// assert_eq!(link_code("https://x.test/build?vs=no&s=v3.ab#top"), "v3.ab");
/// assert_eq!(link_code(" v3.ab "), "v3.ab");
/// assert_eq!(link_code("https://x.test/build?obs=a"), "");
/// ```
pub fn link_code(text: &str) -> String {
    let text = text.trim();
    let Some((_, query)) = text.split_once('?') else {
        return text.to_string();
    };
    let query = query.split('#').next().unwrap_or_default();
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "s")
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default()
}
