//! The simulators: `POST /api/sim/dice` and `POST /api/sim/solo`.

use axum::body::Body;
use axum::extract::State;
use cards::catalog::{Bearing, Difficulty, Direction};
use cards::sim::dice::{self, DiceInputs};
use cards::sim::solo::{AttackDie, Attitude, DefenseDie, SoloRequest, StressChange};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use serde::Serialize;

use super::{ApiError, ApiState, ErrorBody, JsonAnswer, read_body, read_json};
use crate::simulators::words::solo::english_steps;

/// The numbers of [`DiceAnswer`] as exact fractions (`"1093/2048"`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct Exact {
    damage: Vec<String>,
    at_least: Vec<String>,
    expected_hits: String,
    expected_crits: String,
}

/// The damage distribution of one attack.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct DiceAnswer {
    /// The chance of each amount of damage, from 0.
    damage: Vec<f64>,
    /// The chance of at least each amount of damage, from 0.
    at_least: Vec<f64>,
    expected_hits: f64,
    expected_crits: f64,
    /// The dice rolled, after every modifier.
    attack_dice: u8,
    defense_dice: u8,
    /// The same numbers as exact fractions.
    exact: Exact,
}

impl From<dice::Damage> for DiceAnswer {
    fn from(d: dice::Damage) -> Self {
        let floats = |v: &[BigRational]| -> Vec<f64> {
            v.iter().map(|p| p.to_f64().unwrap_or(0.0)).collect()
        };
        let exact =
            |v: &[BigRational]| -> Vec<String> { v.iter().map(ToString::to_string).collect() };
        DiceAnswer {
            damage: floats(&d.damage),
            at_least: floats(&d.at_least),
            expected_hits: d.expected_hits.to_f64().unwrap_or(0.0),
            expected_crits: d.expected_crits.to_f64().unwrap_or(0.0),
            attack_dice: d.attack_dice,
            defense_dice: d.defense_dice,
            exact: Exact {
                damage: exact(&d.damage),
                at_least: exact(&d.at_least),
                expected_hits: d.expected_hits.to_string(),
                expected_crits: d.expected_crits.to_string(),
            },
        }
    }
}

/// The exact damage distribution of an attack. Every field of the body
/// is optional: an empty body is no dice at Range 2.
#[utoipa::path(
    post,
    path = "/api/sim/dice",
    tag = "simulators",
    request_body(content = DiceInputs),
    responses(
        (status = 200, description = "The damage distribution", body = DiceAnswer),
        (status = 400, description = "Not a JSON object, an unknown field, a value out of range (more than 12 dice, a negative number), a huge defender with focus, evade, Sunny Bounder or Inaldra; the error names the field", body = ErrorBody),
    ),
)]
pub(super) async fn sim_dice(body: Body) -> Result<JsonAnswer<DiceAnswer>, ApiError> {
    let body = read_body(body).await?;
    let inputs: DiceInputs = read_json(&body, "dice inputs")?;
    inputs.check()?;
    // 12 dice with every modifier is tens of milliseconds: off the async threads.
    let d = tokio::task::spawn_blocking(move || dice::damage(&inputs))
        .await
        .map_err(|_| ApiError::Stopped("simulation"))?;
    Ok(JsonAnswer(d.into()))
}

/// The maneuver a solo ship flies (its dial's, without the energy).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct ApiManeuver {
    speed: u8,
    bearing: Bearing,
    direction: Option<Direction>,
    difficulty: Difficulty,
}

/// What the flight system decides for a solo ship, with its reasoning.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct SoloAnswer {
    maneuver: ApiManeuver,
    attitude: Attitude,
    /// What the maneuver did to stress.
    stress: StressChange,
    /// The action's XWS name; none for a ship stressed after its maneuver.
    action: Option<String>,
    /// The approach roll's dice, after any change the rules made.
    defense: DefenseDie,
    attack: AttackDie,
    /// Each step of the reasoning, in English.
    steps: Vec<String>,
}

/// The Solo Play Alpha flight system's maneuver, attitude and action for
/// a solo ship, with its reasoning.
#[utoipa::path(
    post,
    path = "/api/sim/solo",
    tag = "simulators",
    request_body(content = SoloRequest),
    responses(
        (status = 200, description = "The decision", body = SoloAnswer),
        (status = 400, description = "Not a JSON object, a missing or unknown field, a value none of those listed, a ship without a dial; the error names the field", body = ErrorBody),
    ),
)]
pub(super) async fn sim_solo(
    State(api): State<ApiState>,
    body: Body,
) -> Result<JsonAnswer<SoloAnswer>, ApiError> {
    let body = read_body(body).await?;
    let req: SoloRequest = read_json(&body, "solo request")?;
    let d = req.decide(&api.rules.db)?;
    Ok(JsonAnswer(SoloAnswer {
        maneuver: ApiManeuver {
            speed: d.maneuver.speed,
            bearing: d.maneuver.bearing,
            direction: d.maneuver.direction,
            difficulty: d.maneuver.difficulty,
        },
        attitude: d.attitude,
        stress: d.stress,
        action: d.action,
        defense: d.defense,
        attack: d.attack,
        steps: english_steps(&d.steps),
    }))
}
