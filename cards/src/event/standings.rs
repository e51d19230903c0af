//! The standings: tournament points, then the regulations' tiebreakers
//! (head-to-head, margin of victory, strength of schedule, then a random
//! order from the event's seed; docs/events.md cites them).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::ids::EntrantId;
use super::scoring::{Outcome, Scoring, SideScore};

/// A game with its scores, as the standings read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredGame {
    /// The two players.
    pub players: [EntrantId; 2],
    /// Their scores, in the same order.
    pub scores: [SideScore; 2],
}

/// What put a player above the next one in the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DecidedBy {
    /// More tournament points.
    Points,
    /// They beat every other player on the same points.
    HeadToHead,
    /// A larger margin of victory.
    MarginOfVictory,
    /// A larger strength of schedule.
    StrengthOfSchedule,
    /// Nothing else separated them: the event's random order did.
    Random,
    /// The last player.
    Last,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Who.
    pub entrant: EntrantId,
    /// Their place, from 1.
    pub place: u32,
    /// Tournament points, byes included.
    pub points: u32,
    /// Margin of victory, byes included.
    pub mov: u32,
    /// Strength of schedule: their opponents' tournament points together.
    pub sos: u32,
    /// Games won (byes included).
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// What put them above the next player.
    pub decided_by: DecidedBy,
}

/// The standings of `entrants` after `games` and `byes` (a bye scores
/// `scoring`'s bye), ties past every tiebreaker broken by `seed`.
pub fn standings(
    entrants: &[EntrantId],
    games: &[ScoredGame],
    byes: &[EntrantId],
    scoring: &Scoring,
    seed: u64,
) -> Vec<Standing> {
    let mut totals: BTreeMap<EntrantId, Standing> =
        entrants.iter().map(|&e| (e, no_games_yet(e))).collect();
    add_games(&mut totals, games, byes, scoring);
    add_schedules(&mut totals, games);
    let mut rng = StdRng::seed_from_u64(seed);
    let random: BTreeMap<EntrantId, u64> = totals.keys().map(|&e| (e, rng.random())).collect();
    let mut order: Vec<Standing> = totals.into_values().collect();
    order.sort_by_key(|s| {
        (
            Reverse(s.points),
            Reverse(s.mov),
            Reverse(s.sos),
            random[&s.entrant],
        )
    });
    let beat_their_group = head_to_head_first(&mut order, games);
    let decided: Vec<DecidedBy> = order
        .iter()
        .zip(order.iter().skip(1).map(Some).chain([None]))
        .map(|(above, below)| match below {
            Some(below) => what_decided(above, below, beat_their_group.contains(&above.entrant)),
            None => DecidedBy::Last,
        })
        .collect();
    for ((standing, decided_by), place) in order.iter_mut().zip(decided).zip(1..) {
        standing.place = place;
        standing.decided_by = decided_by;
    }
    order
}

fn no_games_yet(entrant: EntrantId) -> Standing {
    Standing {
        entrant,
        place: 0,
        points: 0,
        mov: 0,
        sos: 0,
        wins: 0,
        losses: 0,
        decided_by: DecidedBy::Last,
    }
}

fn add_games(
    totals: &mut BTreeMap<EntrantId, Standing>,
    games: &[ScoredGame],
    byes: &[EntrantId],
    scoring: &Scoring,
) {
    let sides = games
        .iter()
        .flat_map(|g| g.players.into_iter().zip(g.scores));
    for (entrant, score) in sides {
        if let Some(s) = totals.get_mut(&entrant) {
            s.points += score.points;
            s.mov += score.mov;
            match score.outcome {
                Outcome::Win | Outcome::ModifiedWin => s.wins += 1,
                Outcome::Loss => s.losses += 1,
                Outcome::Draw => {}
            }
        }
    }
    for bye in byes {
        if let Some(s) = totals.get_mut(bye) {
            s.points += scoring.bye_points;
            s.mov += scoring.bye_mov;
            s.wins += 1;
        }
    }
}

/// Each player's opponents' tournament points together (a bye has no
/// opponent, and adds nothing).
fn add_schedules(totals: &mut BTreeMap<EntrantId, Standing>, games: &[ScoredGame]) {
    let points: BTreeMap<EntrantId, u32> = totals.iter().map(|(&e, s)| (e, s.points)).collect();
    for game in games {
        let [a, b] = game.players;
        if let Some(s) = totals.get_mut(&a) {
            s.sos += points.get(&b).copied().unwrap_or(0);
        }
        if let Some(s) = totals.get_mut(&b) {
            s.sos += points.get(&a).copied().unwrap_or(0);
        }
    }
}

/// Whether `winner` played and beat `other`.
fn beat(winner: EntrantId, other: EntrantId, games: &[ScoredGame]) -> bool {
    games.iter().any(|g| {
        g.players
            .iter()
            .zip(g.scores)
            .any(|(&p, s)| p == winner && matches!(s.outcome, Outcome::Win | Outcome::ModifiedWin))
            && g.players.contains(&other)
    })
}

/// In each group on the same points, a player who played and beat every
/// other player of the group goes first; those players.
fn head_to_head_first(order: &mut [Standing], games: &[ScoredGame]) -> BTreeSet<EntrantId> {
    let mut firsts = BTreeSet::new();
    let mut start = 0;
    while start < order.len() {
        let points = order[start].points;
        let end = order[start..]
            .iter()
            .position(|s| s.points != points)
            .map_or(order.len(), |n| start + n);
        let group = &mut order[start..end];
        let beats_all = |s: &Standing| {
            group
                .iter()
                .all(|o| o.entrant == s.entrant || beat(s.entrant, o.entrant, games))
        };
        if group.len() > 1
            && let Some(top) = group.iter().position(beats_all)
        {
            firsts.insert(group[top].entrant);
            group[..=top].rotate_right(1);
        }
        start = end;
    }
    firsts
}

fn what_decided(above: &Standing, below: &Standing, beat_their_group: bool) -> DecidedBy {
    if above.points != below.points {
        DecidedBy::Points
    } else if beat_their_group {
        DecidedBy::HeadToHead
    } else if above.mov != below.mov {
        DecidedBy::MarginOfVictory
    } else if above.sos != below.sos {
        DecidedBy::StrengthOfSchedule
    } else {
        DecidedBy::Random
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::scoring::{Reported, ResultError, score_game};

    fn e(n: u32) -> EntrantId {
        EntrantId(n)
    }

    fn game(a: u32, b: u32, first: u32, second: u32) -> Result<ScoredGame, ResultError> {
        let scoring = Scoring::TOURNAMENT_RULES_3_2;
        let scores = score_game(
            &scoring,
            e(a),
            e(b),
            Reported {
                first,
                second,
                salvo: None,
            },
        )?;
        Ok(ScoredGame {
            players: [e(a), e(b)],
            scores,
        })
    }

    fn places(table: &[Standing]) -> Vec<(u32, DecidedBy)> {
        table.iter().map(|s| (s.entrant.0, s.decided_by)).collect()
    }

    #[test]
    fn points_then_margin_then_schedule() -> Result<(), ResultError> {
        let games = [game(1, 2, 100, 0)?, game(3, 4, 60, 40)?];
        let table = standings(
            &[e(1), e(2), e(3), e(4)],
            &games,
            &[],
            &Scoring::TOURNAMENT_RULES_3_2,
            0,
        );
        assert_eq!(
            places(&table),
            [
                (1, DecidedBy::MarginOfVictory),
                (3, DecidedBy::Points),
                (4, DecidedBy::MarginOfVictory),
                (2, DecidedBy::Last)
            ]
        );
        assert_eq!((table[0].points, table[0].mov, table[0].sos), (5, 200, 0));
        Ok(())
    }

    #[test]
    fn a_player_who_beat_everyone_on_their_points_goes_first() -> Result<(), ResultError> {
        // 2 beat 1; 1 beat 3 and 4 by far, 2 beat 4 by 12. Both have 10
        // points and 1 the larger margin, but 2 beat every other player on 10.
        let games = [
            game(1, 2, 88, 100)?,
            game(1, 3, 100, 0)?,
            game(1, 4, 100, 0)?,
            game(2, 4, 100, 88)?,
        ];
        let table = standings(
            &[e(1), e(2), e(3), e(4)],
            &games,
            &[],
            &Scoring::TOURNAMENT_RULES_3_2,
            0,
        );
        assert_eq!((table[0].entrant, table[0].points), (e(2), 10));
        assert_eq!(table[0].decided_by, DecidedBy::HeadToHead);
        Ok(())
    }

    #[test]
    fn a_bye_scores_as_the_event_says_and_adds_no_schedule() {
        let table = standings(&[e(1), e(2)], &[], &[e(2)], &Scoring::REGULATIONS, 0);
        assert_eq!(
            (
                table[0].entrant,
                table[0].points,
                table[0].mov,
                table[0].sos
            ),
            (e(2), 1, 150, 0)
        );
    }

    #[test]
    fn ties_past_every_tiebreaker_follow_the_events_seed() {
        let entrants: Vec<EntrantId> = (1..=8).map(e).collect();
        let order = |seed| -> Vec<EntrantId> {
            standings(&entrants, &[], &[], &Scoring::REGULATIONS, seed)
                .iter()
                .map(|s| s.entrant)
                .collect()
        };
        assert_eq!(order(5), order(5));
        assert!((0..8).any(|seed| order(seed) != order(5)));
        assert!(
            standings(&entrants, &[], &[], &Scoring::REGULATIONS, 5)[..7]
                .iter()
                .all(|s| s.decided_by == DecidedBy::Random)
        );
    }
}
