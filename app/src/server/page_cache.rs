//! Answers to `GET` kept whole, as sent, by how many bytes they take.
//!
//! A page, an API answer or a built file is a function of its address and
//! of how the client accepts it compressed: the card set and the site's
//! files are fixed while the server runs, nothing reads cookies, and each
//! page's script policy names its scripts by hash
//! (`headers::page_script_policy`), not by a nonce drawn per response. So
//! the same request gets the same bytes, and the next asker is spared the
//! rendering and the compression: under wrk these were nearly all of
//! `GET /build` (`make bench-server`). The site's files and the card
//! database are held in memory already (`site`), so their answers pass.
//!
//! Strangers choose addresses, so the cache is bounded by size and evicts
//! the least used; an address it does not hold is answered as before.

use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use quick_cache::Weighter;

use super::headers::{MAX_BUFFERED_BYTES, read_whole};

/// The cache's shards, each holding an equal share of its bytes. An
/// answer larger than most of a share (97%) is not kept, so the count is
/// fixed rather than grown with the machine's cores (quick_cache's
/// default): at the default 64 MB a share is 8 MB, room for the
/// uncompressed wasm.
const SHARDS: usize = 8;

/// The longest address (path and query) kept; longer ones are rendered
/// each time. A 20-ship squad's link is about 120 characters.
const MAX_KEY_BYTES: usize = 2048;

/// What one kept answer is found by: the address, and the request's
/// `Accept-Encoding` exactly as sent (browsers send one of a few).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Asked {
    uri: Box<str>,
    accept_encoding: Option<HeaderValue>,
}

/// One answer as it was sent.
#[derive(Clone)]
struct Kept {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
    /// Bytes held: body, headers and key, found once (the weigher runs
    /// on every eviction and must be cheap).
    weight: u64,
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<Asked, Kept> for ByBytes {
    fn weight(&self, _: &Asked, kept: &Kept) -> u64 {
        kept.weight
    }
}

/// The kept answers, shared by every request.
pub struct PageCache {
    kept: quick_cache::sync::Cache<Asked, Kept, ByBytes>,
}

impl PageCache {
    /// A cache of at most `bytes` bytes of answers; `None` for 0 (off).
    pub fn with_capacity(bytes: u64) -> Option<Arc<Self>> {
        if bytes == 0 {
            return None;
        }
        // A guess at the entries it holds, for the table's first size.
        let items = usize::try_from(bytes / (16 * 1024)).unwrap_or(usize::MAX);
        let options = quick_cache::OptionsBuilder::new()
            .estimated_items_capacity(items.max(SHARDS * 32))
            .weight_capacity(bytes)
            .shards(SHARDS)
            .build();
        let Ok(options) = options else {
            tracing::warn!("the page cache could not be made; every request is rendered");
            return None;
        };
        Some(Arc::new(Self {
            kept: quick_cache::sync::Cache::with_options(
                options,
                ByBytes,
                Default::default(),
                Default::default(),
            ),
        }))
    }

    /// How many answers it holds.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

/// The key of a request whose answer may be kept: a plain `GET` of an
/// address that is not too long. Conditional and partial requests are
/// answered by the layers that know how (the site, the ETag layer), so
/// they pass.
fn asked(request: &Request) -> Option<Asked> {
    let headers = request.headers();
    if request.method() != Method::GET
        || headers.contains_key(header::RANGE)
        || headers.contains_key(header::IF_MODIFIED_SINCE)
        || headers.contains_key(header::IF_RANGE)
    {
        return None;
    }
    let uri = request.uri().path_and_query()?.as_str();
    (uri.len() <= MAX_KEY_BYTES).then(|| Asked {
        uri: uri.into(),
        accept_encoding: headers.get(header::ACCEPT_ENCODING).cloned(),
    })
}

/// Whether an answer is the same for the next asker: a page, an API
/// answer or a refusal of a bad address, never a server's trouble (5xx,
/// load shedding), anything that sets a cookie, an answer its handler
/// marked `no-store` or `private`, or one the site made from memory
/// (it answers conditional requests itself).
fn keepable(response: &Response) -> bool {
    let headers = response.headers();
    let private = headers
        .get_all(header::CACHE_CONTROL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|d| matches!(d.trim(), "no-store" | "private"));
    matches!(
        response.status(),
        StatusCode::OK | StatusCode::BAD_REQUEST | StatusCode::NOT_FOUND
    ) && !headers.contains_key(header::SET_COOKIE)
        && !private
        && response
            .extensions()
            .get::<super::site::HeldInMemory>()
            .is_none()
}

fn respond(kept: Kept) -> Response {
    let mut response = Response::new(Body::from(kept.body));
    *response.status_mut() = kept.status;
    *response.headers_mut() = kept.headers;
    response
}

/// The middleware: answers from the cache, or renders and keeps.
pub async fn serve(
    State(cache): State<Option<Arc<PageCache>>>,
    request: Request,
    next: Next,
) -> Response {
    let Some((cache, key)) = cache.and_then(|c| Some((c, asked(&request)?))) else {
        return next.run(request).await;
    };
    if let Some(kept) = cache.kept.get(&key) {
        return respond(kept);
    }
    let response = next.run(request).await;
    if !keepable(&response) {
        return response;
    }
    let (parts, body) = match read_whole(response, MAX_BUFFERED_BYTES).await {
        Ok(whole) => whole,
        Err(too_large) => return too_large,
    };
    let header_bytes: usize = parts
        .headers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 32)
        .sum();
    // The key counts too: a stranger chooses its address and encoding.
    let key_bytes = key.uri.len() + key.accept_encoding.as_ref().map_or(0, HeaderValue::len);
    let weight = (key_bytes + header_bytes + body.len() + 128) as u64;
    let kept = Kept {
        status: parts.status,
        headers: parts.headers,
        body,
        weight,
    };
    cache.kept.insert(key, kept.clone());
    respond(kept)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use axum::Router;
    use axum::response::IntoResponse;
    use axum::routing::get;
    use tower::ServiceExt;

    use super::*;

    /// A test's outcome: a failure is an error, not a panic.
    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    /// A router whose handler counts its calls and answers with the count,
    /// behind a cache of `bytes`.
    fn counted(bytes: u64) -> (Router, Arc<AtomicUsize>, Option<Arc<PageCache>>) {
        let calls = Arc::new(AtomicUsize::new(0));
        let cache = PageCache::with_capacity(bytes);
        let handler = {
            let calls = calls.clone();
            move |uri: axum::http::Uri| {
                let n = calls.fetch_add(1, Ordering::SeqCst) + 1;
                async move {
                    match uri.path() {
                        "/busy" => {
                            (StatusCode::SERVICE_UNAVAILABLE, format!("{n}")).into_response()
                        }
                        "/cookie" => {
                            ([(header::SET_COOKIE, "a=b")], format!("{n}")).into_response()
                        }
                        "/mine" => (
                            [(header::CACHE_CONTROL, "max-age=60, private")],
                            format!("{n}"),
                        )
                            .into_response(),
                        "/big" => "x".repeat(64 * 1024).into_response(),
                        "/held" => {
                            let mut response = format!("{n}").into_response();
                            response
                                .extensions_mut()
                                .insert(crate::server::site::HeldInMemory);
                            response
                        }
                        _ => format!("{n}").into_response(),
                    }
                }
            }
        };
        let router = Router::new()
            .fallback(get(handler.clone()).post(handler))
            .layer(axum::middleware::from_fn_with_state(cache.clone(), serve));
        (router, calls, cache)
    }

    async fn send(
        router: &Router,
        request: axum::http::Request<Body>,
    ) -> TestResult<(StatusCode, String)> {
        let response = router.clone().oneshot(request).await?;
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await?;
        Ok((status, String::from_utf8(body.to_vec())?))
    }

    fn get_request(uri: &str) -> TestResult<axum::http::Request<Body>> {
        Ok(axum::http::Request::get(uri).body(Body::empty())?)
    }

    #[tokio::test]
    async fn a_second_get_is_answered_from_the_cache() -> TestResult {
        let (router, calls, cache) = counted(1 << 20);
        assert_eq!(send(&router, get_request("/build?s=a")?).await?.1, "1");
        assert_eq!(send(&router, get_request("/build?s=a")?).await?.1, "1");
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert_eq!(cache.ok_or("the cache is on")?.len(), 1);
        // Another query is another page.
        assert_eq!(send(&router, get_request("/build?s=b")?).await?.1, "2");
        Ok(())
    }

    #[tokio::test]
    async fn the_encoding_asked_for_is_part_of_the_key() -> TestResult {
        let (router, calls, _) = counted(1 << 20);
        let gzip = || -> TestResult<axum::http::Request<Body>> {
            Ok(axum::http::Request::get("/build")
                .header(header::ACCEPT_ENCODING, "gzip")
                .body(Body::empty())?)
        };
        assert_eq!(send(&router, get_request("/build")?).await?.1, "1");
        assert_eq!(send(&router, gzip()?).await?.1, "2");
        assert_eq!(send(&router, gzip()?).await?.1, "2");
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        Ok(())
    }

    #[tokio::test]
    async fn only_plain_gets_of_the_same_answer_are_kept() -> TestResult {
        let (router, calls, cache) = counted(1 << 20);
        let post = || -> TestResult<axum::http::Request<Body>> {
            Ok(axum::http::Request::post("/api/link").body(Body::empty())?)
        };
        assert_eq!(send(&router, post()?).await?.1, "1");
        assert_eq!(send(&router, post()?).await?.1, "2");
        let (status, _) = send(&router, get_request("/busy")?).await?;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(send(&router, get_request("/busy")?).await?.1, "4");
        assert_eq!(send(&router, get_request("/cookie")?).await?.1, "5");
        assert_eq!(send(&router, get_request("/cookie")?).await?.1, "6");
        assert_eq!(send(&router, get_request("/mine")?).await?.1, "7");
        assert_eq!(send(&router, get_request("/mine")?).await?.1, "8");
        let ranged = || -> TestResult<axum::http::Request<Body>> {
            Ok(axum::http::Request::get("/build")
                .header(header::RANGE, "bytes=0-1")
                .body(Body::empty())?)
        };
        assert_eq!(send(&router, ranged()?).await?.1, "9");
        assert_eq!(send(&router, ranged()?).await?.1, "10");
        let long = format!("/build?s={}", "a".repeat(MAX_KEY_BYTES));
        assert_eq!(send(&router, get_request(&long)?).await?.1, "11");
        assert_eq!(send(&router, get_request(&long)?).await?.1, "12");
        assert_eq!(calls.load(Ordering::SeqCst), 12);
        assert!(cache.ok_or("the cache is on")?.is_empty());
        Ok(())
    }

    #[tokio::test]
    async fn the_cache_holds_no_more_than_its_bytes() -> TestResult {
        // Room for a 64 KiB answer in each of the 8 shards, not for forty.
        let capacity = 8 * 72 * 1024;
        let (router, _, cache) = counted(capacity);
        for i in 0..40 {
            let (_, body) = send(&router, get_request(&format!("/big?{i}"))?).await?;
            assert_eq!(body.len(), 64 * 1024, "every answer arrives whole");
        }
        let cache = cache.ok_or("the cache is on")?;
        assert!(!cache.is_empty(), "some are kept");
        assert!(cache.len() < 40 && cache.len() * 64 * 1024 <= capacity as usize);
        Ok(())
    }

    #[tokio::test]
    async fn an_answer_of_an_eighth_of_the_cache_is_kept() -> TestResult {
        // Each of the 8 shards holds 72 KiB, of which quick_cache admits
        // one entry up to 97%: room for `/big`'s 64 KiB and its headers.
        let (router, calls, cache) = counted(8 * 72 * 1024);
        send(&router, get_request("/big")?).await?;
        send(&router, get_request("/big")?).await?;
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert_eq!(cache.ok_or("the cache is on")?.len(), 1);
        Ok(())
    }

    #[tokio::test]
    async fn an_answer_the_site_holds_in_memory_is_not_kept_twice() -> TestResult {
        let (router, calls, cache) = counted(1 << 20);
        assert_eq!(send(&router, get_request("/held")?).await?.1, "1");
        assert_eq!(send(&router, get_request("/held")?).await?.1, "2");
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        assert!(cache.ok_or("the cache is on")?.is_empty());
        Ok(())
    }

    #[tokio::test]
    async fn a_cache_of_no_bytes_is_off() -> TestResult {
        let (router, calls, cache) = counted(0);
        assert!(cache.is_none());
        send(&router, get_request("/build")?).await?;
        send(&router, get_request("/build")?).await?;
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        Ok(())
    }
}
