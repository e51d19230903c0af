//! The cut: single elimination among the top of the standings
//! (docs/events.md: its seeding and its drawn games are settings).

use serde::{Deserialize, Serialize};

use super::ids::EntrantId;
use super::scoring::{Reported, ResultError};

/// How many players go on to single elimination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cut {
    /// The Swiss rounds decide the event.
    None,
    /// The top 4.
    Top4,
    /// The top 8.
    Top8,
}

impl Cut {
    /// The players it takes.
    pub fn size(self) -> usize {
        match self {
            Cut::None => 0,
            Cut::Top4 => 4,
            Cut::Top8 => 8,
        }
    }
}

/// Why a cut cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CutError {
    /// Fewer players are left than the cut takes.
    #[error("the cut takes {wanted} players, and {left} are left")]
    TooFewPlayers {
        /// The cut's size.
        wanted: usize,
        /// Players who have not dropped.
        left: usize,
    },
}

/// The seeds of a bracket of `size` (a power of two) in the order they
/// are paired, so that the first two seeds can meet only in the final:
/// 1, 8, 4, 5, 2, 7, 3, 6 for eight.
fn bracket(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// The cut's first round: `ranked`, the standings' order without the
/// players who dropped, its top seeded as a bracket (1 v 8, 4 v 5, 2 v 7,
/// 3 v 6), higher seed first.
///
/// ```
/// use cards::event::{Cut, EntrantId, seed_cut};
/// let ranked: Vec<EntrantId> = (1..=10).map(EntrantId).collect();
/// let games = seed_cut(&ranked, Cut::Top4)?;
/// assert_eq!(games, [[EntrantId(1), EntrantId(4)], [EntrantId(2), EntrantId(3)]]);
/// # Ok::<(), cards::event::CutError>(())
/// ```
pub fn seed_cut(ranked: &[EntrantId], cut: Cut) -> Result<Vec<[EntrantId; 2]>, CutError> {
    let wanted = cut.size();
    if ranked.len() < wanted {
        return Err(CutError::TooFewPlayers {
            wanted,
            left: ranked.len(),
        });
    }
    if wanted == 0 {
        return Ok(Vec::new());
    }
    let seeds = bracket(wanted);
    Ok(seeds
        .chunks_exact(2)
        .map(|pair| [ranked[pair[0] - 1], ranked[pair[1] - 1]])
        .collect())
}

/// The next round of the cut: the winners of the last, in its order,
/// paired as the bracket runs (the first two, then the next two).
pub fn next_cut_round(winners: &[EntrantId]) -> Vec<[EntrantId; 2]> {
    winners
        .chunks_exact(2)
        .map(|pair| [pair[0], pair[1]])
        .collect()
}

/// Who won a game of the cut: more points destroyed, else the Final Salvo
/// (a cut game is never drawn).
pub fn cut_winner(players: [EntrantId; 2], reported: Reported) -> Result<EntrantId, ResultError> {
    match reported.first.cmp(&reported.second) {
        std::cmp::Ordering::Greater => Ok(players[0]),
        std::cmp::Ordering::Less => Ok(players[1]),
        std::cmp::Ordering::Equal => match reported.salvo {
            Some(w) if players.contains(&w) => Ok(w),
            Some(_) => Err(ResultError::SalvoWinnerNotInGame),
            None => Err(ResultError::SalvoNeeded),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: u32) -> Vec<EntrantId> {
        (1..=n).map(EntrantId).collect()
    }

    fn seeds(games: &[[EntrantId; 2]]) -> Vec<(u32, u32)> {
        games.iter().map(|[a, b]| (a.0, b.0)).collect()
    }

    #[test]
    fn the_top_two_meet_only_in_the_final() -> Result<(), CutError> {
        let first = seed_cut(&ids(12), Cut::Top8)?;
        assert_eq!(seeds(&first), [(1, 8), (4, 5), (2, 7), (3, 6)]);
        let winners: Vec<EntrantId> = first.iter().map(|g| g[0]).collect();
        let semis = next_cut_round(&winners);
        assert_eq!(seeds(&semis), [(1, 4), (2, 3)]);
        assert_eq!(
            seeds(&next_cut_round(&[EntrantId(1), EntrantId(2)])),
            [(1, 2)]
        );
        Ok(())
    }

    #[test]
    fn a_cut_needs_its_players() {
        assert_eq!(
            seed_cut(&ids(7), Cut::Top8),
            Err(CutError::TooFewPlayers { wanted: 8, left: 7 })
        );
        assert_eq!(seed_cut(&ids(1), Cut::None), Ok(Vec::new()));
    }

    #[test]
    fn a_cut_game_is_never_drawn() {
        let players = [EntrantId(1), EntrantId(2)];
        let equal = |salvo| Reported {
            first: 40,
            second: 40,
            salvo,
        };
        assert_eq!(
            cut_winner(players, equal(None)),
            Err(ResultError::SalvoNeeded)
        );
        assert_eq!(
            cut_winner(players, equal(Some(EntrantId(2)))),
            Ok(EntrantId(2))
        );
        assert_eq!(
            cut_winner(players, equal(Some(EntrantId(3)))),
            Err(ResultError::SalvoWinnerNotInGame)
        );
        assert_eq!(
            cut_winner(
                players,
                Reported {
                    first: 12,
                    second: 11,
                    salvo: None
                }
            ),
            Ok(EntrantId(1))
        );
    }
}
