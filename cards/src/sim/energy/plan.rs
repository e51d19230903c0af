//! The plan the player writes: each round's maneuver, ion tokens,
//! allocations, actions, attacks and damage, read from and written to the
//! address's `rounds` code.

use serde::{Deserialize, Serialize};

use super::model::HugeAction;
use crate::squad::limits::MAX_UPGRADES_PER_SHIP;

/// What the player does in one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPlan {
    /// The maneuver, as a dial code without difficulty: `1S`, `2BL`.
    pub maneuver: String,
    /// Ion tokens assigned before the ship gains energy.
    pub ion: u8,
    /// Energy to move from the Ship card to each energy card, in order.
    pub allocate: Vec<u8>,
    pub action: HugeAction,
    /// The other section's action, on a ship of two sections (CR90,
    /// Raider): each section performs one action (seeds/huge-ships-wiki.txt).
    pub second_action: HugeAction,
    /// Use the energy cards' attacks (Heavy Laser Turret) in the Combat phase.
    pub fire: bool,
    /// Shields the ship loses to attacks in the Combat phase.
    pub shields_lost: u8,
}

impl RoundPlan {
    /// A round flying `maneuver` (a dial code such as `1S`), doing nothing else.
    pub fn new(maneuver: &str) -> RoundPlan {
        RoundPlan {
            maneuver: maneuver.to_string(),
            ion: 0,
            allocate: Vec::new(),
            action: HugeAction::None,
            second_action: HugeAction::None,
            fire: false,
            shields_lost: 0,
        }
    }

    /// `1S.i1.a2.recover.fire.s3`: the maneuver, then any of `i<ion>`,
    /// `a<energy>` (one per energy card), an action, `fire`, `s<shields lost>`.
    pub fn code(&self) -> String {
        let mut parts = vec![self.maneuver.clone()];
        if self.ion > 0 {
            parts.push(format!("i{}", self.ion));
        }
        for a in &self.allocate {
            parts.push(format!("a{a}"));
        }
        for action in [self.action, self.second_action] {
            if action != HugeAction::None {
                parts.push(action.code().to_string());
            }
        }
        if self.fire {
            parts.push("fire".into());
        }
        if self.shields_lost > 0 {
            parts.push(format!("s{}", self.shields_lost));
        }
        parts.join(".")
    }

    /// Reads a round's code (see [`RoundPlan::code`]).
    pub fn parse(code: &str) -> Result<RoundPlan, PlanError> {
        let mut parts = code.split('.');
        let maneuver = parts.next().unwrap_or_default().trim();
        if maneuver.is_empty() {
            return Err(PlanError::NoManeuver);
        }
        let mut plan = RoundPlan::new(maneuver);
        let number = |p: &str| -> Result<u8, PlanError> {
            p[1..]
                .parse::<u8>()
                .ok()
                .filter(|n| *n <= 20)
                .ok_or_else(|| PlanError::BadNumber(p.to_string()))
        };
        let digits = |p: &str| p[1..].chars().all(|c| c.is_ascii_digit());
        for p in parts {
            match p {
                "fire" => plan.fire = true,
                _ if p.starts_with('i') => plan.ion = number(p)?,
                _ if p.starts_with('a') && digits(p) => {
                    if plan.allocate.len() >= MAX_UPGRADES_PER_SHIP {
                        return Err(PlanError::TooManyAllocations);
                    }
                    plan.allocate.push(number(p)?)
                }
                _ if p.starts_with('s') && digits(p) => plan.shields_lost = number(p)?,
                _ => {
                    let action = HugeAction::ALL
                        .into_iter()
                        .find(|a| *a != HugeAction::None && a.code() == p)
                        .ok_or_else(|| PlanError::UnknownPart(p.to_string()))?;
                    if plan.action == HugeAction::None {
                        plan.action = action;
                    } else if plan.second_action == HugeAction::None {
                        plan.second_action = action;
                    } else {
                        return Err(PlanError::TooManyActions);
                    }
                }
            }
        }
        Ok(plan)
    }
}

/// A plan of rounds that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("a round needs a maneuver such as `1S`")]
    NoManeuver,
    #[error("a round has at most two actions, one for each section")]
    TooManyActions,
    #[error("`{0}` needs a number from 0 to 20")]
    BadNumber(String),
    #[error("at most {MAX_UPGRADES_PER_SHIP} allocations (one per energy card)")]
    TooManyAllocations,
    #[error(
        "`{0}` is not a round part (i<ion>, a<energy>, recover, reinforce-fore, reinforce-aft, lock, jam, fire, s<shields>)"
    )]
    UnknownPart(String),
    #[error("at most {MAX_ROUNDS} rounds")]
    TooManyRounds,
    #[error("round {round}: {problem}")]
    Round {
        round: usize,
        problem: Box<PlanError>,
    },
}

/// How the ship starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Start {
    /// No energy anywhere.
    #[default]
    Empty,
    /// The Ship card and each energy card at its energy limit (the summary seed:
    /// huge ships "begin the game with energy tokens ... up to each card's energy limit").
    Full,
}

/// A whole simulation: the start and the rounds.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Plan {
    pub start: Start,
    pub rounds: Vec<RoundPlan>,
}

/// The most rounds a plan may hold.
pub const MAX_ROUNDS: usize = 30;

impl Plan {
    /// Rounds joined by `~`: `1S.recover~2S.a2.fire`.
    pub fn parse(rounds: &str) -> Result<Plan, PlanError> {
        let mut plan = Plan::default();
        for (i, r) in rounds.split('~').filter(|r| !r.is_empty()).enumerate() {
            if i >= MAX_ROUNDS {
                return Err(PlanError::TooManyRounds);
            }
            let round = RoundPlan::parse(r).map_err(|e| PlanError::Round {
                round: i + 1,
                problem: Box::new(e),
            })?;
            plan.rounds.push(round);
        }
        Ok(plan)
    }

    /// The plan's rounds joined by `~`, as [`Plan::parse`] reads them.
    pub fn code(&self) -> String {
        rounds_code(&self.rounds)
    }
}

/// Rounds joined by `~`, as [`Plan::parse`] reads them (the address
/// writes the rounds apart from the start).
pub(crate) fn rounds_code(rounds: &[RoundPlan]) -> String {
    rounds
        .iter()
        .map(RoundPlan::code)
        .collect::<Vec<_>>()
        .join("~")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_round_trip_and_bad_parts_are_named() {
        let code = "1S.i1.a2.recover.fire.s3~2BL.reinforce-fore~4S.lock";
        assert_eq!(Plan::parse(code).unwrap().code(), code);
        assert!(
            Plan::parse("1S.dance")
                .unwrap_err()
                .to_string()
                .contains("`dance`")
        );
        assert!(
            Plan::parse("1S~.recover")
                .unwrap_err()
                .to_string()
                .contains("round 2")
        );
        assert!(
            Plan::parse("1S.i999")
                .unwrap_err()
                .to_string()
                .contains("`i999`")
        );
        assert!(
            Plan::parse(&vec!["1S"; 31].join("~"))
                .unwrap_err()
                .to_string()
                .contains("30")
        );
    }
}
