//! The JSON API beside the pages: thin handlers over the `cards` crate.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Query, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use cards::catalog::{Card, Database, FormatError, Translations};
use cards::lang::{Lang, UnknownLang};
use cards::query::{QueryError, SearchParams};
use cards::sim::dice::{self, DiceError, DiceInputs};
use cards::sim::solo::{SoloError, SoloRequest};
use cards::squad::limits::SquadTooLarge;
use cards::squad::link::LinkError;
use cards::squad::xws::{self, XwsError};
use cards::squad::{Problem, Rules, ShipReport};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use search::{Indexes, SearchError};
use serde::Serialize;
use validator::Validate;

/// The largest request body the API reads (also the server-wide limit).
pub const MAX_BODY: usize = super::http_limits::MAX_BODY_BYTES;

/// Everything the API refuses, each with its status: the one place where
/// an error becomes a response.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("the body is over {} KiB", MAX_BODY / 1024)]
    BodyTooLarge,
    #[error("the body did not arrive in time")]
    BodyTimeout,
    #[error("the body could not be read")]
    BodyUnreadable,
    #[error("the body is not UTF-8")]
    BodyNotUtf8,
    #[error("the {what} could not be read: {detail}")]
    BadJson { what: &'static str, detail: String },
    #[error("give the squad link code as ?s=<code>, or a whole YASB link as ?yasb=<link>")]
    NoLinkCode,
    #[error(transparent)]
    Yasb(#[from] cards::squad::yasb::YasbError),
    #[error(transparent)]
    Xws(#[from] XwsError),
    #[error(transparent)]
    Format(#[from] FormatError),
    #[error(transparent)]
    Link(#[from] LinkError),
    #[error("the squad is too large: {0}")]
    TooLarge(#[from] SquadTooLarge),
    #[error(transparent)]
    Query(#[from] QueryError),
    #[error(transparent)]
    Lang(#[from] UnknownLang),
    #[error("give `lang` once")]
    LangTwice,
    /// The messages of a request type's `validator` checks.
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error(transparent)]
    Solo(#[from] SoloError),
    #[error(transparent)]
    Search(#[from] SearchError),
    #[error("the {0} stopped unexpectedly")]
    Stopped(&'static str),
    #[error("there is no API at {0}")]
    NotFound(String),
    #[error(transparent)]
    Collection(#[from] cards::collection::CollectionError),
}

impl ApiError {
    /// The status of the answer: the caller's fault is 4xx, ours 500.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BodyTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::BodyTimeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Search(_) | ApiError::Stopped(_) | ApiError::Solo(SoloError::Charts(_)) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            _ => StatusCode::BAD_REQUEST,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status().is_server_error() {
            tracing::error!(error = %self, "the API failed");
        }
        error(self.status(), self.to_string())
    }
}

/// What an API handler answers.
type Answer = Result<Response, ApiError>;

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
async fn read_body(body: Body) -> Result<String, ApiError> {
    let bytes = axum::body::to_bytes(body, MAX_BODY).await.map_err(|e| {
        let cause = e.into_inner();
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(cause.as_ref());
        while let Some(e) = source {
            if e.is::<http_body_util::LengthLimitError>() {
                return ApiError::BodyTooLarge;
            }
            if e.is::<tower_http::timeout::TimeoutError>() {
                return ApiError::BodyTimeout;
            }
            source = e.source();
        }
        ApiError::BodyUnreadable
    })?;
    String::from_utf8(bytes.to_vec()).map_err(|_| ApiError::BodyNotUtf8)
}

/// Reads an XWS body into a squad.
async fn read_xws(
    rules: &Rules,
    body: Body,
    format: Option<&str>,
) -> Result<xws::Imported, ApiError> {
    let body = read_body(body).await?;
    Ok(xws::import(rules, &body, format)?)
}

#[derive(Serialize)]
struct ApiProblem<'a> {
    code: &'a str,
    severity: cards::squad::Severity,
    /// Index of the ship (pilot) in the squad, or null for the squad.
    pilot: Option<usize>,
    card: Option<&'a str>,
    slot: Option<&'a cards::squad::SlotRef>,
    /// In English, whatever the asker's language: the code is the
    /// problem's name in every language.
    message: String,
}

impl<'a> ApiProblem<'a> {
    fn new(rules: &Rules, p: &'a Problem) -> Self {
        ApiProblem {
            code: p.code.as_str(),
            severity: p.severity,
            pilot: p.ship,
            card: p.card.as_deref(),
            slot: p.slot.as_ref(),
            message: rules.english(p),
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
    /// Each ship as its cards make it fly: points, skill, stats, actions,
    /// bar, dial and what each card changed.
    ships: &'a [ShipReport],
}

/// `POST /api/validate?format=<format>` with an XWS body.
async fn validate(
    rules: Arc<Rules>,
    Query(query): Query<HashMap<String, String>>,
    request: Request,
) -> Answer {
    let format = query.get("format").map(String::as_str);
    if let Some(format) = format {
        rules.formats.get(format)?;
    }
    let imported = read_xws(&rules, request.into_body(), format).await?;
    let report = rules.validate(&imported.squad);
    Ok(json(
        StatusCode::OK,
        &Validation {
            legal: report.legal,
            points: report.points,
            format: &imported.squad.format,
            problems: report
                .problems
                .iter()
                .map(|p| ApiProblem::new(&rules, p))
                .collect(),
            notes: &imported.notes,
            ships: &report.ships,
        },
    ))
}

/// `POST /api/link` with an XWS body: the squad's link code and address,
/// under the configured public base (never the request's Host header).
async fn link(rules: Arc<Rules>, public_base: Arc<str>, request: Request) -> Answer {
    let imported = read_xws(&rules, request.into_body(), None).await?;
    // `read_xws` refuses a squad over the limits; checked again here so a
    // code handed out always decodes back.
    let code = cards::squad::link::encode_checked(&imported.squad)?;
    #[derive(Serialize)]
    struct Link<'a> {
        code: &'a str,
        url: String,
        notes: &'a [String],
    }
    Ok(json(
        StatusCode::OK,
        &Link {
            code: &code,
            url: format!("{public_base}/build?s={code}"),
            notes: &imported.notes,
        },
    ))
}

/// `GET /api/squad?s=<code>` or `?yasb=<a YASB link, URL-encoded>`: the
/// squad of a link as XWS, with its link under `vendor.merchantone.link`.
/// A link that cannot be read whole is a 400.
async fn squad(
    rules: Arc<Rules>,
    public_base: Arc<str>,
    Query(query): Query<HashMap<String, String>>,
) -> Answer {
    let squad = match (query.get("s"), query.get("yasb")) {
        (Some(code), _) => cards::squad::link::decode(code)?,
        (None, Some(link)) => {
            let read = cards::squad::yasb::decode(&rules.db, link);
            if let Some(e) = read.error {
                return Err(e.into());
            }
            read.squad
        }
        (None, None) => return Err(ApiError::NoLinkCode),
    };
    let code = cards::squad::link::encode(&squad);
    let link = format!("{public_base}/build?s={code}");
    Ok(json(
        StatusCode::OK,
        &xws::export_linked(&rules, &squad, &link),
    ))
}

/// The language a query's `lang` names (English without one), and the
/// query's other pairs. An unknown code, an empty one, one in capitals or
/// `lang` twice is the caller's fault.
fn take_lang(pairs: Vec<(String, String)>) -> Result<(Lang, Vec<(String, String)>), ApiError> {
    let (langs, rest): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|(key, _)| key == "lang");
    let lang = match langs.as_slice() {
        [] => Lang::En,
        // The code is echoed in the error: a stranger's, so cut short.
        [(_, code)] => {
            Lang::from_code(code).map_err(|_| UnknownLang(code.chars().take(20).collect()))?
        }
        _ => return Err(ApiError::LangTwice),
    };
    Ok((lang, rest))
}

/// `GET /api/search?q=&faction=&kind=&slot=&ship=&unique=&limited=&huge=&min_points=&max_points=&limit=&page=&lang=`:
/// `lang` searches that language's index (names, snippets and addresses
/// in it); without it, English.
async fn search_cards(
    rules: Arc<Rules>,
    indexes: Arc<Indexes>,
    Query(query): Query<Vec<(String, String)>>,
) -> Answer {
    let (lang, query) = take_lang(query)?;
    let index = indexes.get(lang).clone();
    let params = SearchParams::from_pairs(query)?;
    if let Err(errors) = params.validate() {
        return Err(invalid_search(&errors));
    }
    let filters = params.filters(&rules.db)?;
    let (limit, offset) = api_page(&params);
    let results = search_page(index, params, filters, limit, offset).await?;
    Ok(search_answer(&results))
}

/// A search refused for its parameters (a limit or page out of range),
/// with every reason, joined.
fn invalid_search(errors: &validator::ValidationErrors) -> ApiError {
    let message = errors
        .field_errors()
        .values()
        .flat_map(|errors| errors.iter())
        .filter_map(|e| e.message.as_ref().map(|m| m.to_string()))
        .collect::<Vec<_>>()
        .join("; ");
    ApiError::Invalid(message)
}

/// How many hits the API's page holds, and how many come before it: the
/// API's page is 20 hits unless `limit` says otherwise; `page` counts in
/// those.
fn api_page(params: &SearchParams) -> (usize, usize) {
    let limit = params.limit.unwrap_or(20);
    let offset = (params.page.unwrap_or(1).clamp(1, cards::query::MAX_PAGE) - 1) * limit;
    (limit, offset)
}

/// The page of hits of a search. A large index is searched on a blocking
/// thread: a 100,000-card set takes a good part of a millisecond, which
/// async tasks must not spend. A small one is searched here: handing it off
/// cost more than the search (the profile of this route under wrk).
async fn search_page(
    index: Arc<search::CardIndex>,
    params: SearchParams,
    filters: cards::query::Filters,
    limit: usize,
    offset: usize,
) -> Result<cards::query::Results, ApiError> {
    if index.is_small() {
        Ok(index.search_page(&params.q, &filters, limit, offset)?)
    } else {
        Ok(tokio::task::spawn_blocking(move || {
            index.search_page(&params.q, &filters, limit, offset)
        })
        .await
        .map_err(|_| ApiError::Stopped("search"))??)
    }
}

/// The API's answer to a search: how many cards match in all, this page's
/// hits, the cards' words each typed word matched with a typo allowed (when
/// nothing matched as typed), and whether the query was read leniently.
fn search_answer(results: &cards::query::Results) -> Response {
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
    struct ApiSearchAnswer<'a> {
        total: usize,
        hits: Vec<ApiHit<'a>>,
        fuzzy: &'a Option<Vec<(String, Vec<String>)>>,
        lenient: bool,
    }
    json(
        StatusCode::OK,
        &ApiSearchAnswer {
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
    )
}

/// `POST /api/sim/dice`: the exact damage distribution of an attack. Every
/// field of the body is optional (see [`cards::sim::dice::DiceInputs`]).
async fn sim_dice(request: Request) -> Answer {
    let body = read_body(request.into_body()).await?;
    let inputs: DiceInputs = read_json(&body, "dice inputs")?;
    inputs.check()?;
    // 12 dice with every modifier is tens of milliseconds: off the async threads.
    let d = tokio::task::spawn_blocking(move || dice::damage(&inputs))
        .await
        .map_err(|_| ApiError::Stopped("simulation"))?;
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
    struct DiceAnswer {
        damage: Vec<f64>,
        at_least: Vec<f64>,
        expected_hits: f64,
        expected_crits: f64,
        attack_dice: u8,
        defense_dice: u8,
        /// The same numbers as exact fractions.
        exact: Exact,
    }
    Ok(json(
        StatusCode::OK,
        &DiceAnswer {
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
    ))
}

/// Reads a JSON object body into `T`, naming the field at fault
/// ("attacker.focus: ...").
fn read_json<T: serde::de::DeserializeOwned>(
    body: &str,
    what: &'static str,
) -> Result<T, ApiError> {
    let bad = |detail: String| ApiError::BadJson { what, detail };
    let body = if body.trim().is_empty() { "{}" } else { body };
    if !body.trim_start().starts_with('{') {
        return Err(bad("the body must be a JSON object".into()));
    }
    let mut reader = serde_json::Deserializer::from_str(body);
    let value: T = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            bad(e.inner().to_string())
        } else {
            bad(format!("{path}: {}", e.inner()))
        }
    })?;
    reader.end().map_err(|e| bad(e.to_string()))?;
    Ok(value)
}

/// `POST /api/sim/solo`: the Solo Play Alpha flight system's maneuver,
/// attitude and action for a solo ship, with its reasoning.
async fn sim_solo(rules: Arc<Rules>, request: Request) -> Answer {
    let body = read_body(request.into_body()).await?;
    let req: SoloRequest = read_json(&body, "solo request")?;
    let d = req.decide(&rules.db)?;
    #[derive(Serialize)]
    struct ApiManeuver {
        speed: u8,
        bearing: &'static str,
        direction: Option<cards::catalog::Direction>,
        difficulty: &'static str,
    }
    #[derive(Serialize)]
    struct SoloAnswer {
        maneuver: ApiManeuver,
        attitude: &'static str,
        /// What the maneuver did to stress: none, gained, removed, kept.
        stress: &'static str,
        action: Option<String>,
        defense: &'static str,
        attack: &'static str,
        steps: Vec<String>,
    }
    Ok(json(
        StatusCode::OK,
        &SoloAnswer {
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
    ))
}

/// `POST /api/collection/cover`: `{"collection": <collection JSON>,
/// "squad": <XWS>}`. Whether the collection covers the squad, what is
/// missing, and the fewest products to buy.
async fn collection_cover(rules: Arc<Rules>, request: Request) -> Answer {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct CoverRequest {
        collection: serde_json::Value,
        squad: serde_json::Value,
    }
    let body = read_body(request.into_body()).await?;
    let req: CoverRequest = read_json(&body, "cover request")?;
    let collection = cards::collection::Collection::from_json(&req.collection.to_string())?;
    let owned = collection.resolve(&rules.db)?;
    let imported = xws::import(&rules, &req.squad.to_string(), None)?;
    Ok(json(
        StatusCode::OK,
        &cards::collection::CoverAnswer::of(&rules.db, &owned, &imported.squad, &imported.notes),
    ))
}

/// Any other `/api/` address: 404 as JSON, not a page.
async fn not_found(request: Request) -> ApiError {
    ApiError::NotFound(request.uri().path().to_string())
}

/// The card database in `translations`' language, the English word
/// wherever it has none: the cards' names, texts, restrictions and printed
/// ships, and the names of factions, slots, actions, ships, conditions
/// (with their texts) and products. Ids, XWS names and every rule stay.
/// A dual card's translation is one text for both faces, as YASB gives
/// it: it goes on the first face, and the other keeps its English words.
fn translated_database(db: &Database, translations: &Translations) -> Database {
    let word = |key: &str, field: &str, into: &mut String| {
        if let Some(text) = translations.get(key, field) {
            *into = text.to_string();
        }
    };
    let mut out = db.clone();
    for f in &mut out.factions {
        word(&format!("faction:{}", f.xws), "name", &mut f.name);
    }
    for s in &mut out.slots {
        word(&format!("slot:{}", s.xws), "name", &mut s.name);
    }
    for a in &mut out.actions {
        word(&format!("action:{}", a.xws), "name", &mut a.name);
    }
    for s in &mut out.ships {
        word(&format!("ship:{}", s.xws), "name", &mut s.name);
    }
    for c in &mut out.conditions {
        word(&format!("condition:{}", c.xws), "name", &mut c.name);
        word(&format!("condition:{}", c.xws), "text", &mut c.text);
    }
    for p in &mut out.products {
        word(&format!("product:{}", p.id), "name", &mut p.name);
    }
    let keys = db.card_keys();
    for (p, card) in out.pilots.iter_mut().zip(&db.pilots) {
        let key = keys.key(Card::Pilot(card));
        word(&key, "name", &mut p.name);
        word(&key, "ship", &mut p.printed_ship);
        if let Some(text) = translations.get(&key, "text") {
            p.ability = Some(text.to_string());
        }
    }
    for (u, card) in out.upgrades.iter_mut().zip(&db.upgrades) {
        let key = keys.key(Card::Upgrade(card));
        word(&key, "restriction", &mut u.restriction_text);
        if let Some(face) = u.faces.first_mut() {
            word(&key, "name", &mut face.name);
            word(&key, "text", &mut face.text);
        }
    }
    out
}

/// `db` as the JSON `GET /api/cards` answers.
fn cards_json(db: &Database) -> axum::body::Bytes {
    match serde_json::to_string(db) {
        Ok(json) => escape_markup(json).into(),
        Err(e) => format!("{{\"error\":{:?}}}", e.to_string()).into(),
    }
}

/// `GET /api/cards?lang=`: the whole card database as JSON, in the
/// language asked (English without `lang`); each answer made at start.
fn cards_route<S: Clone + Send + Sync + 'static>(
    db: &Database,
    translations: &[Translations],
) -> axum::routing::MethodRouter<S> {
    let english = cards_json(db);
    let translated: Arc<Vec<(Lang, axum::body::Bytes)>> = Arc::new(
        (translations.iter())
            .map(|t| (t.language(), cards_json(&translated_database(db, t))))
            .collect(),
    );
    get(move |Query(query): Query<Vec<(String, String)>>| {
        let (english, translated) = (english.clone(), translated.clone());
        async move {
            let body = match take_lang(query)?.0 {
                Lang::En => english,
                lang => (translated.iter())
                    .find(|(l, _)| *l == lang)
                    .map_or(english, |(_, body)| body.clone()),
            };
            Ok::<_, ApiError>(
                (
                    [(
                        header::CONTENT_TYPE,
                        HeaderValue::from_static("application/json"),
                    )],
                    body,
                )
                    .into_response(),
            )
        }
    })
}

/// The API routes; links start with `public_base` (`https://host`).
/// `translations` are the languages `GET /api/cards?lang=` speaks beside
/// English.
pub fn routes<S: Clone + Send + Sync + 'static>(
    rules: Arc<Rules>,
    indexes: Arc<Indexes>,
    translations: &[Translations],
    public_base: String,
) -> Router<S> {
    let public_base: Arc<str> = public_base.into();
    Router::new()
        .route("/api/cards", cards_route(&rules.db, translations))
        .route("/api/validate", {
            let rules = rules.clone();
            post(move |query, request| validate(rules.clone(), query, request))
        })
        .route("/api/link", {
            let (rules, public_base) = (rules.clone(), public_base.clone());
            post(move |request| link(rules.clone(), public_base.clone(), request))
        })
        .route("/api/search", {
            let rules = rules.clone();
            get(move |query| search_cards(rules.clone(), indexes.clone(), query))
        })
        .route("/api/squad", {
            let (rules, public_base) = (rules.clone(), public_base.clone());
            get(move |query| squad(rules.clone(), public_base.clone(), query))
        })
        .route("/api/collection/cover", {
            let rules = rules.clone();
            post(move |request| collection_cover(rules.clone(), request))
        })
        .route("/api/sim/dice", post(sim_dice))
        .route(
            "/api/sim/solo",
            post(move |request| sim_solo(rules.clone(), request)),
        )
        .route("/api", any(not_found))
        .route("/api/{*rest}", any(not_found))
}
