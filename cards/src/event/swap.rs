//! An organiser's swap of two players in a round already paired: allowed
//! even when it makes a rematch, which it names so the page can warn.

use std::collections::BTreeSet;

use super::ids::EntrantId;
use super::swiss::{Pairings, have_met};

/// A round after a swap, and the rematches the swap made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swapped {
    /// The round, the two players changed places.
    pub pairings: Pairings,
    /// Games of two players who had met already, made by the swap.
    pub rematches: Vec<[EntrantId; 2]>,
}

/// Why two players cannot be swapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SwapError {
    /// The player is not in this round (dropped, or unknown).
    #[error("player {0:?} is not paired in this round")]
    NotInRound(EntrantId),
    /// The two play each other already.
    #[error("the two players already play each other")]
    SameGame,
}

/// Where a player sits in a round: a game's side, or the bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    PairedGame { index: usize, side: usize },
    Bye,
}

fn place_of(round: &Pairings, who: EntrantId) -> Result<Place, SwapError> {
    if round.bye == Some(who) {
        return Ok(Place::Bye);
    }
    round
        .games
        .iter()
        .enumerate()
        .find_map(|(index, g)| {
            [g.first, g.second]
                .iter()
                .position(|&p| p == who)
                .map(|side| Place::PairedGame { index, side })
        })
        .ok_or(SwapError::NotInRound(who))
}

fn put(round: &mut Pairings, place: Place, who: EntrantId) {
    match place {
        Place::Bye => round.bye = Some(who),
        Place::PairedGame { index, side } => {
            if let Some(game) = round.games.get_mut(index) {
                *(if side == 0 {
                    &mut game.first
                } else {
                    &mut game.second
                }) = who;
                game.swapped = true;
            }
        }
    }
}

/// `round` with `a` and `b` in each other's places (a game's side or the
/// bye), each changed game marked swapped, its rematch flag made true.
///
/// ```
/// use std::collections::BTreeSet;
/// use cards::event::{EntrantId, Contender, pair_by_standings, swap_players};
/// let contender = |n| Contender { entrant: EntrantId(n), score: 0, had_bye: false, dropped: false };
/// let met = BTreeSet::from([(EntrantId(1), EntrantId(3))]);
/// let round = pair_by_standings(&[contender(1), contender(2), contender(3), contender(4)], &met);
/// // 1 v 2 and 3 v 4; putting 3 against 1 makes a rematch, named.
/// let swapped = swap_players(&round, EntrantId(2), EntrantId(3), &met)?;
/// assert_eq!(swapped.rematches, [[EntrantId(1), EntrantId(3)]]);
/// # Ok::<(), cards::event::SwapError>(())
/// ```
pub fn swap_players(
    round: &Pairings,
    a: EntrantId,
    b: EntrantId,
    met: &BTreeSet<(EntrantId, EntrantId)>,
) -> Result<Swapped, SwapError> {
    let (at_a, at_b) = (place_of(round, a)?, place_of(round, b)?);
    if let (Place::PairedGame { index: i, .. }, Place::PairedGame { index: j, .. }) = (at_a, at_b)
        && i == j
    {
        return Err(SwapError::SameGame);
    }
    let mut pairings = round.clone();
    put(&mut pairings, at_a, b);
    put(&mut pairings, at_b, a);
    let mut rematches = Vec::new();
    for game in pairings.games.iter_mut().filter(|g| g.swapped) {
        game.rematch = have_met(met, game.first, game.second);
        if game.rematch {
            rematches.push([game.first, game.second]);
        }
    }
    Ok(Swapped {
        pairings,
        rematches,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Contender, pair_by_standings};

    fn round(n: u32) -> Pairings {
        let contenders: Vec<Contender> = (1..=n)
            .map(|i| Contender {
                entrant: EntrantId(i),
                score: 0,
                had_bye: false,
                dropped: false,
            })
            .collect();
        pair_by_standings(&contenders, &BTreeSet::new())
    }

    #[test]
    fn a_swap_with_the_bye_moves_the_bye() -> Result<(), SwapError> {
        let swapped = swap_players(&round(5), EntrantId(5), EntrantId(1), &BTreeSet::new())?;
        assert_eq!(swapped.pairings.bye, Some(EntrantId(1)));
        assert_eq!(
            (
                swapped.pairings.games[0].first,
                swapped.pairings.games[0].swapped
            ),
            (EntrantId(5), true)
        );
        assert!(!swapped.pairings.games[1].swapped);
        assert!(swapped.rematches.is_empty());
        Ok(())
    }

    #[test]
    fn a_swap_is_refused_only_for_players_not_in_the_round_or_already_opponents() {
        let round = round(4);
        let none = BTreeSet::new();
        assert_eq!(
            swap_players(&round, EntrantId(1), EntrantId(9), &none),
            Err(SwapError::NotInRound(EntrantId(9)))
        );
        assert_eq!(
            swap_players(&round, EntrantId(1), EntrantId(2), &none),
            Err(SwapError::SameGame)
        );
    }
}
