//! The OpenAPI 3.1 document at `GET /api/openapi.json`: each route's own
//! `#[utoipa::path]` (gathered with its route in `api.rs`), the pages'
//! server functions (each described beside its function), and the answers
//! every route shares because every request passes the same layers
//! (`server/mod.rs`, `with_layers`).

use axum::extract::State;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::{Content, OpenApi, Ref, RefOr, Response};
use utoipa::{OpenApi as _, ToSchema as _};

use super::{ApiState, ErrorBody, Prebuilt, PrebuiltError};
use crate::server::http_limits::{BODY_READ_TIMEOUT, MAX_BODY_BYTES, REQUEST_TIMEOUT};

/// The tag of the pages' server functions: no 408 of the API's own (they
/// read their bodies themselves).
const SERVER_FUNCTIONS: &str = "server functions";

/// What the routes' paths do not say: the API's title and words, its
/// tags, the server functions, and the error body every route answers.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "Merchant One",
        description = "The JSON API of an X-Wing (1st edition) squad builder. Every error under `/api/` is `{\"error\": \"...\"}` (the server functions' own errors excepted: text, as Leptos writes them). Any other address under `/api/` answers 404 (`components.responses.NotFound`), and a method a route does not take 405, both with that body."
    ),
    paths(
        crate::pages::search::search_cards,
        crate::pages::search::search_cards_in_json,
        crate::pages::rules::drawn::drawn_rules_document,
        crate::reference::rules_document,
        crate::reference::rules_document_in_json,
        crate::pages::print::print_qr,
    ),
    components(schemas(ErrorBody)),
    tags(
        (name = "cards", description = "The card database, whole or searched"),
        (name = "squads", description = "Squads as XWS: judged, linked, held against a collection"),
        (name = "simulators", description = "Dice and the solo flight system"),
        (name = "document", description = "This document"),
        (name = "server functions", description = "The pages' own calls, not a public API: form bodies (nested fields as `params[q]=`), some answered in postcard"),
    ),
)]
struct Base;

/// The document before the routes add their paths.
pub(super) fn base() -> OpenApi {
    Base::openapi()
}

/// The document with every route's paths, the answers they share, written.
pub(super) fn finish(mut openapi: OpenApi) -> Result<Prebuilt<OpenApi>, PrebuiltError> {
    shared_answers(&mut openapi);
    Prebuilt::of(&openapi)
}

/// This document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "document",
    responses((status = 200, description = "This document, OpenAPI 3.1", body = Object)),
)]
pub(super) async fn openapi_json(State(api): State<ApiState>) -> Prebuilt<OpenApi> {
    api.document.clone()
}

/// An answer of [`ErrorBody`] as JSON.
fn error_answer(description: String) -> Response {
    let mut response = Response::new(description);
    response.content.insert(
        "application/json".into(),
        Content::new(Some(Ref::from_schema_name(ErrorBody::name()))),
    );
    response
}

/// Adds `answer` at `status`; where the route answers that status already
/// (a server function's own 500, in text), the JSON body is one more
/// content type of it.
fn add_answer(operation: &mut Operation, status: u16, answer: Response) {
    let answers = &mut operation.responses.responses;
    match answers.get_mut(&status.to_string()) {
        Some(RefOr::T(own)) => {
            own.description = format!("{}; or {}", own.description, answer.description);
            own.content.extend(answer.content);
        }
        _ => {
            answers.insert(status.to_string(), RefOr::T(answer));
        }
    }
}

/// Every operation of a path, with its method.
fn operations(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    [
        ("get", &mut item.get),
        ("post", &mut item.post),
        ("put", &mut item.put),
        ("delete", &mut item.delete),
        ("patch", &mut item.patch),
    ]
    .into_iter()
    .filter_map(|(method, operation)| operation.as_mut().map(|o| (method, o)))
}

/// The answers of the layers every request passes (`server/mod.rs`,
/// `with_layers`; the limits in `http_limits.rs`), on every operation: a
/// panic's 500 and the 503 of a busy server or a late answer; for a body,
/// 413 past the limit and 408 for one that is late; for a GET, the 304 of
/// the ETag (`headers.rs`, `cache_policy`). And the fallback's 404.
fn shared_answers(openapi: &mut OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        for (method, operation) in operations(item) {
            add_answer(
                operation,
                500,
                error_answer("the server failed (in JSON)".into()),
            );
            let busy = format!(
                "the server is busy, or the answer took over {} s",
                REQUEST_TIMEOUT.as_secs()
            );
            add_answer(operation, 503, error_answer(busy));
            let server_function = (operation.tags.iter().flatten()).any(|t| t == SERVER_FUNCTIONS);
            if operation.request_body.is_some() {
                let over = format!("the body is over {} KiB", MAX_BODY_BYTES / 1024);
                add_answer(operation, 413, error_answer(over));
            }
            if operation.request_body.is_some() && !server_function {
                let late = format!(
                    "the body did not arrive within {} s",
                    BODY_READ_TIMEOUT.as_secs()
                );
                add_answer(operation, 408, error_answer(late));
            }
            if method == "get" {
                let same = "Not Modified: `If-None-Match` named this answer's ETag".into();
                add_answer(operation, 304, Response::new::<String>(same));
            }
        }
    }
    let components = openapi.components.get_or_insert_with(Default::default);
    components.responses.insert(
        "NotFound".into(),
        RefOr::T(error_answer(
            "any other address under /api/ (the router's fallback)".into(),
        )),
    );
}
