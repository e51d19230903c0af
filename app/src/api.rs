//! The JSON API beside the pages: thin handlers over the `cards` crate.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Query, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use cards::query::SearchParams;
use cards::sim::dice::{self, DiceInputs};
use cards::sim::solo::SoloRequest;
use cards::squad::xws;
use cards::squad::{Problem, Rules};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use search::CardIndex;
use serde::Serialize;
use validator::Validate;

/// The largest request body the API reads (also the server-wide limit).
pub const MAX_BODY: usize = crate::server::http_limits::MAX_BODY_BYTES;

/// `{"error": "..."}` with a status.
pub fn error(status: StatusCode, message: impl Into<String>) -> Response {
    #[derive(Serialize)]
    struct Error {
        error: String,
    }
    json(
        status,
        &Error {
            error: message.into(),
        },
    )
}

/// A JSON answer. `<`, `>` and `&` are written as `\u003c`, `\u003e` and
/// `\u0026` (the same JSON): answers echo a stranger's text, and this way
/// no markup comes back even where JSON is pasted into a page.
fn json<T: Serialize>(status: StatusCode, value: &T) -> Response {
    match serde_json::to_string(value) {
        Ok(body) => (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            escape_markup(body),
        )
            .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// Outside strings JSON has none of these characters, so the escapes
/// land only inside strings, where they mean the same characters.
fn escape_markup(json: String) -> String {
    if !json.contains(['<', '>', '&']) {
        return json;
    }
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// Reads a whole body of at most [`MAX_BODY`] bytes as UTF-8: 413 for a
/// larger one, 408 for one that does not arrive in time.
async fn read_body(body: Body) -> Result<String, Response> {
    let bytes = axum::body::to_bytes(body, MAX_BODY).await.map_err(|e| {
        let cause = e.into_inner();
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(cause.as_ref());
        while let Some(e) = source {
            if e.is::<http_body_util::LengthLimitError>() {
                return error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("the body is over {} KiB", MAX_BODY / 1024),
                );
            }
            if e.is::<tower_http::timeout::TimeoutError>() {
                return error(
                    StatusCode::REQUEST_TIMEOUT,
                    "the body did not arrive in time",
                );
            }
            source = e.source();
        }
        error(StatusCode::BAD_REQUEST, "the body could not be read")
    })?;
    String::from_utf8(bytes.to_vec())
        .map_err(|_| error(StatusCode::BAD_REQUEST, "the body is not UTF-8"))
}

/// Reads an XWS body into a squad; a bad body is a 400 answer.
async fn read_xws(
    rules: &Rules,
    body: Body,
    format: Option<&str>,
) -> Result<xws::Imported, Response> {
    let body = read_body(body).await?;
    xws::import(rules, &body, format).map_err(|message| error(StatusCode::BAD_REQUEST, message))
}

#[derive(Serialize)]
struct ApiProblem<'a> {
    code: &'a str,
    severity: cards::squad::Severity,
    /// Index of the ship (pilot) in the squad, or null for the squad.
    pilot: Option<usize>,
    card: Option<&'a str>,
    slot: Option<&'a cards::squad::SlotRef>,
    message: &'a str,
}

impl<'a> From<&'a Problem> for ApiProblem<'a> {
    fn from(p: &'a Problem) -> Self {
        ApiProblem {
            code: p.code.as_str(),
            severity: p.severity,
            pilot: p.ship,
            card: p.card.as_deref(),
            slot: p.slot.as_ref(),
            message: &p.message,
        }
    }
}

#[derive(Serialize)]
struct Validation<'a> {
    legal: bool,
    points: i32,
    format: &'a str,
    problems: Vec<ApiProblem<'a>>,
    /// What the import could not place as the XWS said.
    notes: &'a [String],
}

/// `POST /api/validate?format=<format>` with an XWS body.
async fn validate(
    rules: Arc<Rules>,
    Query(query): Query<HashMap<String, String>>,
    request: Request,
) -> Response {
    let format = query.get("format").map(String::as_str);
    if let Some(format) = format
        && let Err(message) = rules.formats.get(format)
    {
        return error(StatusCode::BAD_REQUEST, message);
    }
    let imported = match read_xws(&rules, request.into_body(), format).await {
        Ok(imported) => imported,
        Err(response) => return response,
    };
    let report = rules.validate(&imported.squad);
    json(
        StatusCode::OK,
        &Validation {
            legal: report.legal,
            points: report.points,
            format: &imported.squad.format,
            problems: report.problems.iter().map(ApiProblem::from).collect(),
            notes: &imported.notes,
        },
    )
}

/// `POST /api/link` with an XWS body: the squad's link code and address,
/// under the configured public base (never the request's Host header).
async fn link(rules: Arc<Rules>, public_base: Arc<str>, request: Request) -> Response {
    let imported = match read_xws(&rules, request.into_body(), None).await {
        Ok(imported) => imported,
        Err(response) => return response,
    };
    // `read_xws` refuses a squad over the limits; checked again here so a
    // code handed out always decodes back.
    let code = match cards::squad::link::encode_checked(&imported.squad) {
        Ok(code) => code,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!("the squad is too large: {e}"),
            );
        }
    };
    #[derive(Serialize)]
    struct Link<'a> {
        code: &'a str,
        url: String,
        notes: &'a [String],
    }
    json(
        StatusCode::OK,
        &Link {
            code: &code,
            url: format!("{public_base}/build?s={code}"),
            notes: &imported.notes,
        },
    )
}

/// `GET /api/squad?s=<code>`: the squad of a link as XWS.
async fn squad(rules: Arc<Rules>, Query(query): Query<HashMap<String, String>>) -> Response {
    let Some(code) = query.get("s") else {
        return error(
            StatusCode::BAD_REQUEST,
            "give the squad link code as ?s=<code>",
        );
    };
    match cards::squad::link::decode(code) {
        Ok(squad) => json(StatusCode::OK, &xws::export(&rules, &squad)),
        Err(message) => error(StatusCode::BAD_REQUEST, message),
    }
}

/// `GET /api/search?q=&faction=&kind=&slot=&ship=&unique=&limited=&huge=&min_points=&max_points=&limit=`
async fn search_cards(
    rules: Arc<Rules>,
    index: Arc<CardIndex>,
    Query(query): Query<Vec<(String, String)>>,
) -> Response {
    let params = match SearchParams::from_pairs(query) {
        Ok(params) => params,
        Err(message) => return error(StatusCode::BAD_REQUEST, message),
    };
    if let Err(errors) = params.validate() {
        let message = errors
            .field_errors()
            .values()
            .flat_map(|errors| errors.iter())
            .filter_map(|e| e.message.as_ref().map(|m| m.to_string()))
            .collect::<Vec<_>>()
            .join("; ");
        return error(StatusCode::BAD_REQUEST, message);
    }
    let filters = match params.filters(&rules.db) {
        Ok(filters) => filters,
        Err(message) => return error(StatusCode::BAD_REQUEST, message),
    };
    let limit = params.limit.unwrap_or(20);
    // The index is searched on a blocking thread: a 100,000-card set takes
    // milliseconds, which async tasks must not spend.
    let answer =
        tokio::task::spawn_blocking(move || index.search(&params.q, &filters, limit)).await;
    #[derive(Serialize)]
    struct ApiHit<'a> {
        xws: &'a str,
        name: &'a str,
        kind: search::HitKind,
        slot: Option<&'a str>,
        score: f32,
        snippet: &'a str,
        url: &'a str,
    }
    #[derive(Serialize)]
    struct Answer<'a> {
        total: usize,
        hits: Vec<ApiHit<'a>>,
        fuzzy: &'a Option<Vec<(String, Vec<String>)>>,
        lenient: bool,
    }
    match answer {
        Ok(Ok(results)) => json(
            StatusCode::OK,
            &Answer {
                total: results.total,
                hits: results
                    .hits
                    .iter()
                    .map(|h| ApiHit {
                        xws: &h.xws,
                        name: &h.name,
                        kind: h.kind,
                        slot: h.slot.as_deref(),
                        score: h.score,
                        snippet: &h.snippet,
                        url: &h.url,
                    })
                    .collect(),
                fuzzy: &results.fuzzy,
                lenient: results.lenient,
            },
        ),
        Ok(Err(message)) => error(StatusCode::INTERNAL_SERVER_ERROR, message),
        Err(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the search stopped unexpectedly",
        ),
    }
}

/// `POST /api/sim/dice`: the exact damage distribution of an attack. Every
/// field of the body is optional (see [`cards::sim::dice::DiceInputs`]).
async fn sim_dice(request: Request) -> Response {
    let body = match read_body(request.into_body()).await {
        Ok(body) => body,
        Err(response) => return response,
    };
    let inputs: DiceInputs = match read_json(&body, "dice inputs") {
        Ok(inputs) => inputs,
        Err(message) => return error(StatusCode::BAD_REQUEST, message),
    };
    if let Err(message) = inputs.check() {
        return error(StatusCode::BAD_REQUEST, message);
    }
    // 12 dice with every modifier is tens of milliseconds: off the async threads.
    let Ok(d) = tokio::task::spawn_blocking(move || dice::damage(&inputs)).await else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the simulation stopped unexpectedly",
        );
    };
    let floats =
        |v: &[BigRational]| -> Vec<f64> { v.iter().map(|p| p.to_f64().unwrap_or(0.0)).collect() };
    let exact = |v: &[BigRational]| -> Vec<String> { v.iter().map(ToString::to_string).collect() };
    #[derive(Serialize)]
    struct Exact {
        damage: Vec<String>,
        at_least: Vec<String>,
        expected_hits: String,
        expected_crits: String,
    }
    #[derive(Serialize)]
    struct Answer {
        damage: Vec<f64>,
        at_least: Vec<f64>,
        expected_hits: f64,
        expected_crits: f64,
        attack_dice: u8,
        defense_dice: u8,
        /// The same numbers as exact fractions.
        exact: Exact,
    }
    json(
        StatusCode::OK,
        &Answer {
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
        },
    )
}

/// Reads a JSON object body into `T`, naming the field at fault
/// ("attacker.focus: ...").
fn read_json<T: serde::de::DeserializeOwned>(body: &str, what: &str) -> Result<T, String> {
    let body = if body.trim().is_empty() { "{}" } else { body };
    if !body.trim_start().starts_with('{') {
        return Err(format!(
            "the {what} could not be read: the body must be a JSON object"
        ));
    }
    let mut reader = serde_json::Deserializer::from_str(body);
    let value: T = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            format!("the {what} could not be read: {}", e.inner())
        } else {
            format!("the {what} could not be read: {path}: {}", e.inner())
        }
    })?;
    reader
        .end()
        .map_err(|e| format!("the {what} could not be read: {e}"))?;
    Ok(value)
}

/// `POST /api/sim/solo`: the Solo Play Alpha flight system's maneuver,
/// attitude and action for a solo ship, with its reasoning.
async fn sim_solo(rules: Arc<Rules>, request: Request) -> Response {
    let body = match read_body(request.into_body()).await {
        Ok(body) => body,
        Err(response) => return response,
    };
    let req: SoloRequest = match read_json(&body, "solo request") {
        Ok(req) => req,
        Err(message) => return error(StatusCode::BAD_REQUEST, message),
    };
    let d = match req.decide(&rules.db) {
        Ok(d) => d,
        Err(message) => return error(StatusCode::BAD_REQUEST, message),
    };
    #[derive(Serialize)]
    struct ApiManeuver {
        speed: u8,
        bearing: &'static str,
        direction: Option<cards::catalog::Direction>,
        difficulty: &'static str,
    }
    #[derive(Serialize)]
    struct Answer {
        maneuver: ApiManeuver,
        attitude: &'static str,
        /// What the maneuver did to stress: none, gained, removed, kept.
        stress: &'static str,
        action: Option<String>,
        defense: &'static str,
        attack: &'static str,
        steps: Vec<String>,
    }
    json(
        StatusCode::OK,
        &Answer {
            maneuver: ApiManeuver {
                speed: d.maneuver.speed,
                bearing: d.maneuver.bearing.as_str(),
                direction: d.maneuver.direction,
                difficulty: d.maneuver.difficulty.as_str(),
            },
            attitude: d.attitude.as_str(),
            stress: d.stress.as_str(),
            action: d.action,
            defense: d.defense.as_str(),
            attack: d.attack.as_str(),
            steps: d.steps,
        },
    )
}

/// Any other `/api/` address: 404 as JSON, not a page.
async fn not_found(request: Request) -> Response {
    error(
        StatusCode::NOT_FOUND,
        format!("there is no API at {}", request.uri().path()),
    )
}

/// The API routes; links start with `public_base` (`https://host`).
pub fn routes<S: Clone + Send + Sync + 'static>(
    rules: Arc<Rules>,
    index: Arc<CardIndex>,
    public_base: String,
) -> Router<S> {
    let public_base: Arc<str> = public_base.into();
    let cards_json: axum::body::Bytes = match serde_json::to_string(&rules.db) {
        Ok(json) => escape_markup(json).into(),
        Err(e) => format!("{{\"error\":{:?}}}", e.to_string()).into(),
    };
    Router::new()
        .route(
            "/api/cards",
            get(move || {
                let body = cards_json.clone();
                async move {
                    (
                        [(
                            header::CONTENT_TYPE,
                            HeaderValue::from_static("application/json"),
                        )],
                        body,
                    )
                }
            }),
        )
        .route("/api/validate", {
            let rules = rules.clone();
            post(move |query, request| validate(rules.clone(), query, request))
        })
        .route("/api/link", {
            let rules = rules.clone();
            post(move |request| link(rules.clone(), public_base.clone(), request))
        })
        .route("/api/search", {
            let rules = rules.clone();
            get(move |query| search_cards(rules.clone(), index.clone(), query))
        })
        .route("/api/squad", {
            let rules = rules.clone();
            get(move |query| squad(rules.clone(), query))
        })
        .route("/api/sim/dice", post(sim_dice))
        .route(
            "/api/sim/solo",
            post(move |request| sim_solo(rules.clone(), request)),
        )
        .route("/api", any(not_found))
        .route("/api/{*rest}", any(not_found))
}
