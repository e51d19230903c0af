//! Response headers: the Content-Security-Policy, the other security
//! headers, cache policies with validators, and the status of server
//! functions that were given bad input.

use std::hash::{Hash, Hasher};

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::set_header::SetResponseHeaderLayer;

/// The policy of every HTML page: scripts only from this site or inline
/// with one of `script_hashes` (Leptos's hydration scripts, as
/// `sha256-<base64>`), wasm allowed to compile, styles from this site
/// (style attributes allowed: the Dreadnought grid sizes its columns with
/// one), nothing framed, no plugins.
pub fn page_policy(script_hashes: &[String]) -> String {
    let scripts: String = script_hashes
        .iter()
        .map(|hash| format!(" '{hash}'"))
        .collect();
    format!(
        "default-src 'self'; script-src 'self'{scripts} 'wasm-unsafe-eval'; \
         style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; \
         connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; \
         form-action 'self'; frame-ancestors 'none'"
    )
}

/// The hash sources (`sha256-<base64>`) of a page's inline scripts, in
/// the order they appear, each once.
///
/// The page is this server's own rendering, in which a stranger's words
/// are escaped (`<` never reaches the HTML as itself outside markup the
/// app writes), so every `<script` opens a script element. One with a
/// `src` runs a file from this site and needs no hash.
pub fn inline_script_hashes(html: &[u8]) -> Vec<String> {
    use base64::Engine as _;
    use sha2::Digest as _;
    const OPEN: &[u8] = b"<script";
    const CLOSE: &[u8] = b"</script>";
    let find = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).position(|w| w == needle);
    let mut hashes: Vec<String> = Vec::new();
    let mut rest = html;
    while let Some(start) = find(rest, OPEN) {
        let after = &rest[start + OPEN.len()..];
        let Some(tag_end) = after.iter().position(|&b| b == b'>') else {
            break;
        };
        let tag = &after[..tag_end];
        let body = &after[tag_end + 1..];
        let Some(body_end) = find(body, CLOSE) else {
            break;
        };
        if find(tag, b" src=").is_none() {
            let digest = sha2::Sha256::digest(&body[..body_end]);
            let hash = format!(
                "sha256-{}",
                base64::engine::general_purpose::STANDARD.encode(digest)
            );
            if !hashes.contains(&hash) {
                hashes.push(hash);
            }
        }
        rest = &body[body_end + CLOSE.len()..];
    }
    hashes
}

/// Gives each HTML page the policy naming its own inline scripts.
///
/// By hash, not by nonce: a page is then the same bytes for every asker
/// and can be kept (`page_cache`); a nonce has to be new in each response
/// to mean anything. Leptos still writes a `nonce` attribute on its
/// scripts; the policy names no nonce, so it allows nothing.
pub async fn page_script_policy(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
    if !html {
        return response;
    }
    let (mut parts, bytes) = match read_whole(response, MAX_BUFFERED_BYTES).await {
        Ok(whole) => whole,
        Err(too_large) => return too_large,
    };
    if let Ok(policy) = HeaderValue::from_str(&page_policy(&inline_script_hashes(&bytes))) {
        parts
            .headers
            .insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// The policy of everything that is not a page (JSON, files): nothing runs.
pub const NON_PAGE_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// `Permissions-Policy`: the app uses none of these browser features.
pub const PERMISSIONS_POLICY: &str =
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/// Sets a header unless the handler set it (a page has its own CSP).
fn default_header(
    name: header::HeaderName,
    value: &'static str,
) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

/// The security headers of every response, as layers.
pub fn security_layers() -> [SetResponseHeaderLayer<HeaderValue>; 5] {
    [
        default_header(header::CONTENT_SECURITY_POLICY, NON_PAGE_POLICY),
        default_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        default_header(header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        default_header(header::X_FRAME_OPTIONS, "DENY"),
        default_header(
            header::HeaderName::from_static("permissions-policy"),
            PERMISSIONS_POLICY,
        ),
    ]
}

/// The largest answer a layer reads whole, to tag, hash or keep it. Pages
/// and API answers are far smaller (scripts/page-sizes); the largest file
/// kept, the uncompressed wasm, is under 2 MB.
pub(super) const MAX_BUFFERED_BYTES: usize = 8 * 1024 * 1024;

/// An answer's head and its whole body, read up to `limit` bytes; past it,
/// the 500 to send instead (the body is the server's own, so a larger one
/// is a fault, not a stranger's doing).
pub(super) async fn read_whole(
    response: Response,
    limit: usize,
) -> Result<(axum::http::response::Parts, axum::body::Bytes), Response> {
    let (parts, body) = response.into_parts();
    match axum::body::to_bytes(body, limit).await {
        Ok(bytes) => Ok((parts, bytes)),
        Err(_) => Err((
            StatusCode::INTERNAL_SERVER_ERROR,
            "the answer was too large",
        )
            .into_response()),
    }
}

/// Cache policies:
/// - `/pkg/` files, the icon fonts in `/fonts/` and the card database in
///   `/data/` are named by content hash (cargo-leptos,
///   `scripts/subset-fonts`, `card_asset`): immutable for a year;
/// - pages are revalidated (`no-cache`), with no validator yet;
/// - JSON answers to GET are revalidated with an ETag and answer 304 when
///   it matches;
/// - the site's other files keep the ETag the site gives them (and its
///   304), with `no-cache` so browsers revalidate.
pub async fn cache_policy(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let hashed = ["/pkg/", "/fonts/", "/data/"]
        .iter()
        .any(|dir| path.starts_with(dir));
    let get = request.method() == Method::GET;
    let if_none_match = request.headers().get(header::IF_NONE_MATCH).cloned();
    let mut response = next.run(request).await;
    if response.headers().contains_key(header::CACHE_CONTROL) {
        return response;
    }
    let status = response.status();
    if hashed && status.is_success() {
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
        return response;
    }
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if get && status == StatusCode::OK && content_type.starts_with("application/json") {
        return tag_json(response, if_none_match).await;
    }
    response
}

/// Adds a strong ETag (a hash of the body) and answers 304 when the
/// client's `If-None-Match` names it.
async fn tag_json(response: Response, if_none_match: Option<HeaderValue>) -> Response {
    let (mut parts, bytes) = match read_whole(response, MAX_BUFFERED_BYTES).await {
        Ok(whole) => whole,
        Err(too_large) => return too_large,
    };
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    let etag = format!("\"{:016x}-{:x}\"", hasher.finish(), bytes.len());
    let Ok(value) = HeaderValue::from_str(&etag) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    let matches = if_none_match
        .as_ref()
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    parts.headers.insert(header::ETAG, value);
    if matches {
        parts.status = StatusCode::NOT_MODIFIED;
        parts.headers.remove(header::CONTENT_LENGTH);
        return Response::from_parts(parts, Body::empty());
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// Leptos answers 500 to every failed server function; one whose
/// arguments could not be read (`Args`, `Deserialization`) was given bad
/// input and answers 400.
pub async fn server_fn_status(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if response.status() != StatusCode::INTERNAL_SERVER_ERROR
        || !response.headers().contains_key("serverfnerror")
    {
        return response;
    }
    let (mut parts, bytes) = match read_whole(response, super::http_limits::MAX_BODY_BYTES).await {
        Ok(whole) => whole,
        Err(too_large) => return too_large,
    };
    if bytes.starts_with(b"Args|") || bytes.starts_with(b"Deserialization|") {
        parts.status = StatusCode::BAD_REQUEST;
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// Every `/api/` error is JSON `{"error"}`, also those the layers answer
/// in plain text (tower-http's body limit 413, the request timeout 503).
/// Server functions keep Leptos's own error encoding, which the browser reads.
pub async fn api_errors_as_json(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let server_fn = response.headers().contains_key("serverfnerror");
    if !api || is_json || server_fn || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
        format!(
            "the body is over {} KiB",
            super::http_limits::MAX_BODY_BYTES / 1024
        )
    } else {
        status
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_lowercase()
    };
    super::api::error(status, message)
}
