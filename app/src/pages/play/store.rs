//! The game in the browser's storage: read with the games that cannot be
//! read moved aside unchanged, written on every step.

use cards::play::{GAME_PREFIX, Play, StoredGames};
use cards::squad::Rules;

use crate::browser;

/// Reads every stored game, moving those that cannot be read aside (the
/// text is copied before the entry is removed).
pub(super) fn read_games(rules: &Rules) -> StoredGames {
    let entries = browser::storage_entries().unwrap_or_default();
    let games = StoredGames::read(rules, entries);
    for a in games.aside.iter().filter(|a| a.key != a.aside_key) {
        if browser::storage_set(&a.aside_key, &a.text).is_ok() {
            let _ = browser::storage_remove(&a.key);
        }
    }
    games
}

/// Writes the game under its key.
pub(super) fn save(id: &str, play: &Play) -> Result<(), browser::BrowserError> {
    browser::storage_set(&format!("{GAME_PREFIX}{id}"), &play.game.to_json())
}

/// Deletes the ended games past the last [`ENDED_KEPT`](cards::play::ENDED_KEPT).
pub(super) fn forget_old(games: &StoredGames) {
    for id in games.past_kept() {
        let _ = browser::storage_remove(&format!("{GAME_PREFIX}{id}"));
    }
}

/// Ends the games in play past the last
/// [`IN_PLAY_KEPT`](cards::play::IN_PLAY_KEPT) started (they join the
/// past games); whether any was.
pub(super) fn end_past_kept(games: &StoredGames) -> bool {
    let ids = games.in_play_past_kept();
    let now = browser::now_ms().floor();
    for id in &ids {
        if let Some((_, play)) = games.games.iter().find(|(g, _)| g == id) {
            let mut play = play.clone();
            play.game.ended = Some(now);
            let _ = save(id, &play);
        }
    }
    !ids.is_empty()
}

/// A new game's id: the time, unique among the stored games.
pub(super) fn new_game_id(games: &StoredGames) -> String {
    let taken: Vec<String> = games.games.iter().map(|(id, _)| id.clone()).collect();
    cards::squad::new_id(browser::now_ms(), &taken)
}
