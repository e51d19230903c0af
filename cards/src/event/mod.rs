//! Events: Swiss pairing, scoring and standings by the 1st edition's
//! tournament regulations (issue 62; `docs/events.md` cites each rule).
//!
//! Pure functions of an event's players and results: the server keeps
//! the event, and the page draws what these decide.

mod cut;
mod ids;
mod scoring;
mod standings;
mod swap;
mod swiss;

pub use cut::{Cut, CutError, cut_winner, next_cut_round, seed_cut};
pub use ids::EntrantId;
pub use scoring::{ModifiedWin, Outcome, Reported, ResultError, Scoring, SideScore, score_game};
pub use standings::{DecidedBy, ScoredGame, Standing, standings};
pub use swap::{SwapError, Swapped, swap_players};
pub use swiss::{
    Contender, PairedGame, PairingMethod, Pairings, PassedOver, REMATCH_SEARCH_STEPS,
    pair_by_standings, pair_first_round,
};
