//! A game's result as the regulations score it, and the organiser's
//! settings where their text could not be found (docs/events.md).

use serde::{Deserialize, Serialize};

use super::ids::EntrantId;

/// How an event scores its games. [`Scoring::REGULATIONS`] is the 1st
/// edition's last rules (Tournament Regulations, 2016 on; the Epic Variant
/// Regulations, 2018); [`Scoring::TOURNAMENT_RULES_3_2`] the older ones the
/// play page cites. Every field is an organiser's setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    /// Tournament points for a win.
    pub win: u32,
    /// A win by less than `under` points destroyed scores `points` instead
    /// (`None`: the regulations have no modified win).
    pub modified_win: Option<ModifiedWin>,
    /// Tournament points each for equal points destroyed (`None`: no draw;
    /// a Final Salvo decides the winner, entered with the result).
    pub draw: Option<u32>,
    /// Tournament points for a loss.
    pub loss: u32,
    /// Margin of victory: the winner gets `base + difference`, the loser
    /// `base - difference` (at least 0), equal scores `base` each.
    pub mov_base: u32,
    /// Tournament points for a bye.
    pub bye_points: u32,
    /// Margin of victory for a bye.
    pub bye_mov: u32,
}

/// The older rules' smaller win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModifiedWin {
    /// Tournament points for it.
    pub points: u32,
    /// A win by fewer points destroyed than this is a modified win.
    pub under: u32,
}

impl Scoring {
    /// Tournament Regulations (2016 on) and the Epic Variant Regulations:
    /// a win 1, a loss 0, no draw (Final Salvo). Margin of victory on 100
    /// and a bye as a win with 150 are settings (docs/events.md says why).
    pub const REGULATIONS: Scoring = Scoring {
        win: 1,
        modified_win: None,
        draw: None,
        loss: 0,
        mov_base: 100,
        bye_points: 1,
        bye_mov: 150,
    };

    /// Tournament Rules 3.2: a win 5, a win by under 12 points 3, a draw 1.
    pub const TOURNAMENT_RULES_3_2: Scoring = Scoring {
        win: 5,
        modified_win: Some(ModifiedWin {
            points: 3,
            under: 12,
        }),
        draw: Some(1),
        loss: 0,
        mov_base: 100,
        bye_points: 5,
        bye_mov: 150,
    };
}

/// What was entered for a game: each side's points destroyed, and who won
/// a Final Salvo when the two are equal and the event has no draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reported {
    /// The first player's points destroyed.
    pub first: u32,
    /// The second player's points destroyed.
    pub second: u32,
    /// The winner of the Final Salvo, for equal points.
    pub salvo: Option<EntrantId>,
}

/// How a game ended for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// A win.
    Win,
    /// A win by less than the modified-win margin.
    ModifiedWin,
    /// Equal points destroyed, in an event with draws.
    Draw,
    /// A loss.
    Loss,
}

/// One side's score for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideScore {
    /// Win, modified win, draw or loss.
    pub outcome: Outcome,
    /// Tournament points.
    pub points: u32,
    /// Margin of victory.
    pub mov: u32,
}

/// Why a result cannot be scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ResultError {
    /// Equal points in an event with no draw, and no Final Salvo winner.
    #[error("the points destroyed are equal: enter who won the Final Salvo")]
    SalvoNeeded,
    /// A Final Salvo winner who did not play this game.
    #[error("the Final Salvo's winner did not play this game")]
    SalvoWinnerNotInGame,
}

/// Both sides' scores for `reported` between `first` and `second`.
///
/// ```
/// use cards::event::{EntrantId, Outcome, Reported, Scoring, score_game};
/// let (a, b) = (EntrantId(1), EntrantId(2));
/// let game = Reported { first: 100, second: 40, salvo: None };
/// let [won, lost] = score_game(&Scoring::TOURNAMENT_RULES_3_2, a, b, game)?;
/// assert_eq!((won.outcome, won.points, won.mov), (Outcome::Win, 5, 160));
/// assert_eq!((lost.outcome, lost.points, lost.mov), (Outcome::Loss, 0, 40));
/// # Ok::<(), cards::event::ResultError>(())
/// ```
pub fn score_game(
    scoring: &Scoring,
    first: EntrantId,
    second: EntrantId,
    reported: Reported,
) -> Result<[SideScore; 2], ResultError> {
    let difference = reported.first.abs_diff(reported.second);
    let first_won = match reported.first.cmp(&reported.second) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => match (scoring.draw, reported.salvo) {
            (Some(points), _) => {
                let drawn = SideScore {
                    outcome: Outcome::Draw,
                    points,
                    mov: scoring.mov_base,
                };
                return Ok([drawn, drawn]);
            }
            (None, Some(w)) if w == first => true,
            (None, Some(w)) if w == second => false,
            (None, Some(_)) => return Err(ResultError::SalvoWinnerNotInGame),
            (None, None) => return Err(ResultError::SalvoNeeded),
        },
    };
    let (outcome, points) = match scoring.modified_win {
        Some(m) if difference < m.under => (Outcome::ModifiedWin, m.points),
        _ => (Outcome::Win, scoring.win),
    };
    let won = SideScore {
        outcome,
        points,
        mov: scoring.mov_base.saturating_add(difference),
    };
    let lost = SideScore {
        outcome: Outcome::Loss,
        points: scoring.loss,
        mov: scoring.mov_base.saturating_sub(difference),
    };
    Ok(if first_won { [won, lost] } else { [lost, won] })
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: EntrantId = EntrantId(1);
    const B: EntrantId = EntrantId(2);

    fn scored(
        scoring: &Scoring,
        first: u32,
        second: u32,
        salvo: Option<EntrantId>,
    ) -> Result<[SideScore; 2], ResultError> {
        score_game(
            scoring,
            A,
            B,
            Reported {
                first,
                second,
                salvo,
            },
        )
    }

    #[test]
    fn a_win_by_under_twelve_is_a_modified_win_under_the_older_rules_only()
    -> Result<(), ResultError> {
        let [won, _] = scored(&Scoring::TOURNAMENT_RULES_3_2, 30, 19, None)?;
        assert_eq!(
            (won.outcome, won.points, won.mov),
            (Outcome::ModifiedWin, 3, 111)
        );
        let [won, _] = scored(&Scoring::TOURNAMENT_RULES_3_2, 31, 19, None)?;
        assert_eq!((won.outcome, won.points), (Outcome::Win, 5));
        let [won, lost] = scored(&Scoring::REGULATIONS, 30, 19, None)?;
        assert_eq!((won.outcome, won.points, lost.points), (Outcome::Win, 1, 0));
        Ok(())
    }

    #[test]
    fn equal_points_are_a_draw_or_need_a_final_salvo() -> Result<(), ResultError> {
        let [a, b] = scored(&Scoring::TOURNAMENT_RULES_3_2, 50, 50, None)?;
        assert_eq!((a.outcome, a.points, a.mov), (Outcome::Draw, 1, 100));
        assert_eq!(a, b);
        assert_eq!(
            scored(&Scoring::REGULATIONS, 50, 50, None),
            Err(ResultError::SalvoNeeded)
        );
        assert_eq!(
            scored(&Scoring::REGULATIONS, 50, 50, Some(EntrantId(9))),
            Err(ResultError::SalvoWinnerNotInGame)
        );
        let [a, b] = scored(&Scoring::REGULATIONS, 50, 50, Some(B))?;
        assert_eq!(
            (a.outcome, b.outcome, a.mov, b.mov),
            (Outcome::Loss, Outcome::Win, 100, 100)
        );
        Ok(())
    }

    #[test]
    fn the_losers_margin_never_goes_below_nothing() -> Result<(), ResultError> {
        let [lost, won] = scored(&Scoring::REGULATIONS, 0, 400, None)?;
        assert_eq!((lost.mov, won.mov), (0, 500));
        Ok(())
    }
}
