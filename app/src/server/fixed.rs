//! Answers made once, at start: the same bytes for every request, for
//! documents that depend only on what the server loaded (the card
//! database as JSON, the site map, robots.txt).

use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::routing::{MethodRouter, get};

/// A `GET` route answering `body` as `content_type`.
pub fn fixed<S: Clone + Send + Sync + 'static>(
    content_type: &'static str,
    body: impl Into<Bytes>,
) -> MethodRouter<S> {
    let body = body.into();
    get(move || {
        let body = body.clone();
        async move {
            (
                [(header::CONTENT_TYPE, HeaderValue::from_static(content_type))],
                body,
            )
        }
    })
}
