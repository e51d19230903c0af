//! The JSON API beside the pages: thin handlers over the `cards` crate,
//! each answering a type the OpenAPI document at `GET /api/openapi.json`
//! describes (`document.rs`), from the same `#[utoipa::path]` that
//! registers its route.

mod catalog;
mod document;
mod sims;
mod squads;

use std::marker::PhantomData;
use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::extract::rejection::QueryRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use cards::catalog::{FormatError, Translations};
use cards::lang::UnknownLang;
use cards::query::QueryError;
use cards::sim::dice::DiceError;
use cards::sim::solo::SoloError;
use cards::squad::Rules;
use cards::squad::limits::SquadTooLarge;
use cards::squad::link::LinkError;
use cards::squad::xws::XwsError;
use search::{Indexes, SearchError};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

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
    /// A query string the route's query type cannot hold (a parameter
    /// given twice).
    #[error("the query could not be read: {0}")]
    BadQuery(String),
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

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::BadQuery(rejection.body_text())
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

/// Every error the API answers, whatever its status.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in English.
    pub error: String,
}

/// `{"error": "..."}` with a status.
pub fn error(status: StatusCode, message: impl Into<String>) -> Response {
    json(
        status,
        &ErrorBody {
            error: message.into(),
        },
    )
}

/// A 200 answer of `T` as JSON, written as [`json`] writes it.
#[derive(Debug)]
pub struct JsonAnswer<T>(pub T);

impl<T: Serialize> IntoResponse for JsonAnswer<T> {
    fn into_response(self) -> Response {
        json(StatusCode::OK, &self.0)
    }
}

/// A `T` as JSON written once, at start, and answered as it is (the card
/// database, this API's document): its type says what the bytes hold.
#[derive(Debug)]
pub struct Prebuilt<T> {
    json: Bytes,
    of: PhantomData<fn() -> T>,
}

impl<T> Clone for Prebuilt<T> {
    fn clone(&self) -> Self {
        Prebuilt {
            json: self.json.clone(),
            of: PhantomData,
        }
    }
}

/// Why an answer made at start (the card database, the document) could
/// not be written.
#[derive(Debug, thiserror::Error)]
#[error("an API answer made at start could not be written: {0}")]
pub struct PrebuiltError(#[from] serde_json::Error);

impl<T: Serialize> Prebuilt<T> {
    /// `value` written as [`json`] writes it.
    pub fn of(value: &T) -> Result<Prebuilt<T>, PrebuiltError> {
        Ok(Prebuilt {
            json: escape_markup(serde_json::to_string(value)?).into(),
            of: PhantomData,
        })
    }
}

impl<T> IntoResponse for Prebuilt<T> {
    fn into_response(self) -> Response {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            self.json,
        )
            .into_response()
    }
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

/// Any other `/api/` address: 404 as JSON, not a page (the document's
/// `NotFound` answer).
async fn not_found(request: Request) -> ApiError {
    ApiError::NotFound(request.uri().path().to_string())
}

/// What the handlers share: the rules, the search indexes, the public base
/// of links (`https://host`), the card database's answers and this API's
/// document.
#[derive(Clone)]
pub struct ApiState {
    rules: Arc<Rules>,
    indexes: Arc<Indexes>,
    public_base: Arc<str>,
    cards: Arc<catalog::CardAnswers>,
    document: Prebuilt<utoipa::openapi::OpenApi>,
}

/// Every documented route, each registered with its `#[utoipa::path]`:
/// the router and the document come from this one list.
fn documented_routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::with_openapi(document::base())
        .routes(routes!(catalog::cards))
        .routes(routes!(catalog::search_cards))
        .routes(routes!(squads::validate))
        .routes(routes!(squads::link))
        .routes(routes!(squads::squad))
        .routes(routes!(squads::collection_cover))
        .routes(routes!(sims::sim_dice))
        .routes(routes!(sims::sim_solo))
        .routes(routes!(document::openapi_json))
}

/// The API routes; links start with `public_base` (`https://host`).
/// `translations` are the languages `GET /api/cards?lang=` speaks beside
/// English.
pub fn routes<S: Clone + Send + Sync + 'static>(
    rules: Arc<Rules>,
    indexes: Arc<Indexes>,
    translations: &[Translations],
    public_base: String,
) -> Result<Router<S>, PrebuiltError> {
    let (router, openapi) = documented_routes().split_for_parts();
    let state = ApiState {
        cards: Arc::new(catalog::CardAnswers::new(&rules.db, translations)?),
        rules,
        indexes,
        public_base: public_base.into(),
        document: document::finish(openapi)?,
    };
    Ok(router
        .with_state(state)
        .route("/api", any(not_found))
        .route("/api/{*rest}", any(not_found)))
}
