//! The routes that take or give a squad: `POST /api/validate`,
//! `POST /api/link`, `GET /api/squad` and `POST /api/collection/cover`.

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use cards::catalog::ShortName;
use cards::collection::{Collection, CoverAnswer};
use cards::squad::xws::{self, XwsSquad};
use cards::squad::{Code, Problem, Rules, Severity, ShipReport, SlotRef};
use serde::{Deserialize, Serialize};

use super::{ApiError, ApiState, ErrorBody, JsonAnswer, read_body, read_json};
use crate::components::problem_text::english_messages;

/// Reads an XWS body into a squad.
async fn read_xws(
    rules: &Rules,
    body: Body,
    format: Option<&str>,
) -> Result<xws::Imported, ApiError> {
    let body = read_body(body).await?;
    Ok(xws::import(rules, &body, format)?)
}

/// One problem of a squad.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct ApiProblem {
    code: Code,
    severity: Severity,
    /// Index of the ship (pilot) in the squad, or null for the squad.
    pilot: Option<usize>,
    /// The XWS name of the card concerned.
    #[schema(value_type = Option<String>)]
    card: Option<ShortName>,
    slot: Option<SlotRef>,
    /// In English, whatever the asker's language: the code is the
    /// problem's name in every language.
    message: String,
}

impl ApiProblem {
    fn new(p: Problem, message: String) -> Self {
        ApiProblem {
            message,
            code: p.code,
            severity: p.severity,
            pilot: p.ship,
            card: p.card,
            slot: p.slot,
        }
    }
}

/// The verdict on a squad.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct Validation {
    /// No problem of severity `error`.
    legal: bool,
    points: i32,
    /// The format the squad was judged in.
    format: String,
    problems: Vec<ApiProblem>,
    /// What the import could not place as the XWS said.
    notes: Vec<String>,
    /// Each ship as its cards make it fly: points, skill, stats, actions,
    /// bar, dial and what each card changed.
    ships: Vec<ShipReport>,
}

/// `?format=`: the format to judge the squad in, over the one its XWS names.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct FormatQuery {
    /// `standard`, `epic` (2018; the default with a huge ship),
    /// `epic-2014`, `team-epic` or `custom:N`.
    format: Option<String>,
}

/// The squad's verdict: legal or not, its points and every problem.
/// Unknown cards are problems, not errors.
#[utoipa::path(
    post,
    path = "/api/validate",
    tag = "squads",
    params(FormatQuery),
    request_body(content = XwsSquad, description = "An XWS 1.0 squad"),
    responses(
        (status = 200, description = "The verdict", body = Validation),
        (status = 400, description = "Not XWS, not UTF-8, an unknown format, a squad over the limits", body = ErrorBody),
    ),
)]
pub(super) async fn validate(
    State(api): State<ApiState>,
    query: Result<Query<FormatQuery>, QueryRejection>,
    body: Body,
) -> Result<JsonAnswer<Validation>, ApiError> {
    let Query(query) = query?;
    let rules = &api.rules;
    let format = query.format.as_deref();
    if let Some(format) = format {
        rules.formats.get(format)?;
    }
    let imported = read_xws(rules, body, format).await?;
    let report = rules.validate(&imported.squad);
    let messages = english_messages(rules, &report.problems);
    Ok(JsonAnswer(Validation {
        legal: report.legal,
        points: report.points,
        format: imported.squad.format,
        problems: (report.problems.into_iter().zip(messages))
            .map(|(p, message)| ApiProblem::new(p, message))
            .collect(),
        notes: imported.notes,
        ships: report.ships,
    }))
}

/// A squad's link.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct LinkAnswer {
    /// The link code (`v3.…`), as `GET /api/squad?s=` reads it.
    code: String,
    /// The builder's address of the squad, under the configured public base.
    url: String,
    /// What the import could not place as the XWS said.
    notes: Vec<String>,
}

/// The squad's link code and address, under the configured public base
/// (never the request's Host header).
#[utoipa::path(
    post,
    path = "/api/link",
    tag = "squads",
    request_body(content = XwsSquad, description = "An XWS 1.0 squad"),
    responses(
        (status = 200, description = "The squad's link", body = LinkAnswer),
        (status = 400, description = "Not XWS, not UTF-8, a squad over the limits", body = ErrorBody),
    ),
)]
pub(super) async fn link(
    State(api): State<ApiState>,
    body: Body,
) -> Result<JsonAnswer<LinkAnswer>, ApiError> {
    let imported = read_xws(&api.rules, body, None).await?;
    // `read_xws` refuses a squad over the limits; checked again here so a
    // code handed out always decodes back.
    let code = cards::squad::link::encode_checked(&imported.squad)?;
    Ok(JsonAnswer(LinkAnswer {
        url: format!("{}/build?s={code}", api.public_base),
        code,
        notes: imported.notes,
    }))
}

/// Which squad: a link code, or a whole YASB link.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct SquadQuery {
    /// A squad link code (`v3.…`); read first when both are given.
    s: Option<String>,
    /// A whole YASB link, URL-encoded.
    yasb: Option<String>,
}

/// The squad of a link as XWS, with its link under
/// `vendor.merchantone.link`. A link that cannot be read whole is a 400.
#[utoipa::path(
    get,
    path = "/api/squad",
    tag = "squads",
    params(SquadQuery),
    responses(
        (status = 200, description = "The squad as XWS 1.0", body = XwsSquad),
        (status = 400, description = "Neither `s` nor `yasb`, a damaged code, a YASB link that cannot be read whole, a parameter given twice", body = ErrorBody),
    ),
)]
pub(super) async fn squad(
    State(api): State<ApiState>,
    query: Result<Query<SquadQuery>, QueryRejection>,
) -> Result<JsonAnswer<XwsSquad>, ApiError> {
    let Query(query) = query?;
    let squad = match (query.s, query.yasb) {
        (Some(code), _) => cards::squad::link::decode(&code)?,
        (None, Some(link)) => {
            let read = cards::squad::yasb::decode(&api.rules.db, &link);
            if let Some(e) = read.error {
                return Err(e.into());
            }
            read.squad
        }
        (None, None) => return Err(ApiError::NoLinkCode),
    };
    let code = cards::squad::link::encode(&squad);
    let link = format!("{}/build?s={code}", api.public_base);
    Ok(JsonAnswer(xws::export_linked(&api.rules, &squad, &link)))
}

/// A collection and a squad to hold against it. Each is read as its own
/// route reads it, so its errors name what is wrong in it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct CoverRequest {
    #[schema(value_type = Collection)]
    collection: serde_json::Value,
    #[schema(value_type = XwsSquad)]
    squad: serde_json::Value,
}

/// Whether the collection covers the squad, what is missing, and the
/// fewest products to buy.
#[utoipa::path(
    post,
    path = "/api/collection/cover",
    tag = "squads",
    request_body(content = CoverRequest),
    responses(
        (status = 200, description = "What the collection lacks, and what to buy", body = CoverAnswer),
        (status = 400, description = "A body, collection or squad that cannot be read", body = ErrorBody),
    ),
)]
pub(super) async fn collection_cover(
    State(api): State<ApiState>,
    body: Body,
) -> Result<JsonAnswer<CoverAnswer>, ApiError> {
    let body = read_body(body).await?;
    let req: CoverRequest = read_json(&body, "cover request")?;
    let collection = Collection::from_json(&req.collection.to_string())?;
    let owned = collection.resolve(&api.rules.db)?;
    let imported = xws::import(&api.rules, &req.squad.to_string(), None)?;
    Ok(JsonAnswer(CoverAnswer::of(
        &api.rules.db,
        &owned,
        &imported.squad,
        &imported.notes,
    )))
}
