//! A site file's answer: the copy the client accepts, typed, tagged.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::Response;

use super::Site;
use super::files::SiteFile;

/// The service worker's file (scripts/service-worker.mjs).
const SERVICE_WORKER: &str = "sw.js";

/// The service worker's Content-Security-Policy: same-origin fetches only.
const WORKER_POLICY: &str = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/// Marks an answer made from the site's memory, so the page cache
/// (`page_cache`) does not keep a second copy of it.
#[derive(Debug, Clone, Copy)]
pub struct HeldInMemory;

/// The compressed copies `scripts/precompress` writes, best first.
const ENCODINGS: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

/// Whether `accept_encoding` allows `coding` (a `q` of 0 refuses it; `*`
/// stands for any coding not named).
fn accepts(accept_encoding: &str, coding: &str) -> bool {
    let mut star = None;
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or_default().trim();
        let refused = parts.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        if name.eq_ignore_ascii_case(coding) {
            return !refused;
        }
        if name == "*" {
            star = Some(!refused);
        }
    }
    star.unwrap_or(false)
}

/// A strong ETag of these bytes: their SHA-256, shortened. Each copy
/// (plain, brotli, gzip) is a representation of its own, so each has its
/// own tag.
fn etag_of(bytes: &[u8]) -> Option<HeaderValue> {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(bytes);
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    HeaderValue::from_str(&format!("\"{hex}\"")).ok()
}

fn matches(if_none_match: Option<&HeaderValue>, etag: &HeaderValue) -> bool {
    let Some(asked) = if_none_match.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let etag = etag.to_str().unwrap_or_default();
    asked.split(',').any(|t| {
        let t = t.trim();
        t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag
    })
}

impl Site {
    /// The answer to a `GET` or `HEAD` of `path`, or `None` when the site
    /// has no such file (or the method is another). The plain file is
    /// answered when the client accepts no compressed copy the site has.
    pub fn answer(&self, method: &Method, path: &str, headers: &HeaderMap) -> Option<Response> {
        if method != Method::GET && method != Method::HEAD {
            return None;
        }
        let name = path.strip_prefix('/')?;
        let plain = self.files.get(name)?;
        let accept = headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        let copies: Vec<(&str, &SiteFile)> = ENCODINGS
            .iter()
            .filter_map(|(coding, ext)| {
                Some((*coding, self.files.get(format!("{name}{ext}").as_str())?))
            })
            .collect();
        let chosen = copies.iter().find(|(coding, _)| accepts(accept, coding));
        let file = chosen.map_or(plain, |(_, file)| file);
        let mut response = Response::new(Body::empty());
        response.extensions_mut().insert(HeldInMemory);
        let out = response.headers_mut();
        let mime = mime_guess::from_path(name).first_or_octet_stream();
        if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
            out.insert(header::CONTENT_TYPE, value);
        }
        if let Some((coding, _)) = chosen {
            out.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        if name == SERVICE_WORKER {
            // A worker runs under its own script's policy: it fetches the
            // site's files and pages, and nothing else.
            out.insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(WORKER_POLICY),
            );
        }
        if !copies.is_empty() {
            out.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        let etag = file.etag.get_or_init(|| etag_of(&file.bytes));
        if let Some(etag) = etag {
            out.insert(header::ETAG, etag.clone());
            if matches(headers.get(header::IF_NONE_MATCH), etag) {
                *response.status_mut() = StatusCode::NOT_MODIFIED;
                return Some(response);
            }
        }
        out.insert(header::CONTENT_LENGTH, HeaderValue::from(file.bytes.len()));
        if method == Method::GET {
            *response.body_mut() = Body::from(file.bytes.clone());
        }
        Some(response)
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Bytes;

    use super::*;
    use crate::server::site::SiteOrigin;

    /// A test's outcome: a failure is an error, not a panic.
    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    fn site() -> Site {
        let file = |name: &str, bytes: &'static [u8]| (name.to_string(), Bytes::from_static(bytes));
        Site::from_files(
            vec![
                file("pkg/app.X.wasm", b"plain wasm"),
                file("pkg/app.X.wasm.br", b"br"),
                file("pkg/app.X.wasm.gz", b"gz"),
                file("fonts/icons.woff2", b"font"),
            ],
            SiteOrigin::Embedded,
        )
    }

    fn get(path: &str, headers: &[(header::HeaderName, &'static str)]) -> Option<Response> {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            map.insert(name.clone(), HeaderValue::from_static(value));
        }
        site().answer(&Method::GET, path, &map)
    }

    async fn body(response: Response) -> TestResult<Bytes> {
        Ok(axum::body::to_bytes(response.into_body(), 1 << 20).await?)
    }

    #[tokio::test]
    async fn the_copy_the_client_accepts_is_sent() -> TestResult {
        let br = get(
            "/pkg/app.X.wasm",
            &[(header::ACCEPT_ENCODING, "gzip, deflate, br, zstd")],
        )
        .ok_or("found")?;
        assert_eq!(br.headers()[header::CONTENT_ENCODING], "br");
        assert_eq!(br.headers()[header::CONTENT_TYPE], "application/wasm");
        assert_eq!(br.headers()[header::VARY], "accept-encoding");
        assert_eq!(body(br).await?, "br");
        let gz = get(
            "/pkg/app.X.wasm",
            &[(header::ACCEPT_ENCODING, "br;q=0, gzip")],
        )
        .ok_or("found")?;
        assert_eq!(gz.headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(body(gz).await?, "gz");
        let plain = get("/pkg/app.X.wasm", &[]).ok_or("found")?;
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        assert_eq!(plain.headers()[header::CONTENT_LENGTH], "10");
        assert_eq!(body(plain).await?, "plain wasm");
        let font = get("/fonts/icons.woff2", &[(header::ACCEPT_ENCODING, "br")]).ok_or("found")?;
        assert!(font.headers().get(header::VARY).is_none());
        assert_eq!(body(font).await?, "font");
        Ok(())
    }

    #[tokio::test]
    async fn a_known_tag_answers_not_modified_and_each_copy_has_its_own() -> TestResult {
        let br = get("/pkg/app.X.wasm", &[(header::ACCEPT_ENCODING, "br")]).ok_or("found")?;
        let plain = get("/pkg/app.X.wasm", &[]).ok_or("found")?;
        let tag = br.headers()[header::ETAG].to_str()?.to_string();
        assert_ne!(plain.headers()[header::ETAG], tag.as_str());
        let tag: &'static str = Box::leak(tag.into_boxed_str());
        let again = get(
            "/pkg/app.X.wasm",
            &[
                (header::ACCEPT_ENCODING, "br"),
                (header::IF_NONE_MATCH, tag),
            ],
        )
        .ok_or("found")?;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert!(body(again).await?.is_empty());
        let other = get("/pkg/app.X.wasm", &[(header::IF_NONE_MATCH, tag)]).ok_or("found")?;
        assert_eq!(
            other.status(),
            StatusCode::OK,
            "the plain copy's tag differs"
        );
        Ok(())
    }

    #[test]
    fn what_the_site_lacks_is_left_to_the_pages() -> TestResult {
        assert!(get("/pkg/nothing.js", &[]).is_none());
        assert!(get("/pkg/../pkg/app.X.wasm", &[]).is_none());
        assert!(get("/pkg", &[]).is_none());
        let map = HeaderMap::new();
        assert!(
            site()
                .answer(&Method::POST, "/pkg/app.X.wasm", &map)
                .is_none()
        );
        let head = site()
            .answer(&Method::HEAD, "/pkg/app.X.wasm", &map)
            .ok_or("found")?;
        assert_eq!(head.headers()[header::CONTENT_LENGTH], "10");
        Ok(())
    }

    #[test]
    fn accept_encoding_is_read_with_its_weights() {
        assert!(accepts("gzip, br", "br"));
        assert!(!accepts("gzip, br;q=0", "br"));
        assert!(accepts("*", "br"));
        assert!(!accepts("gzip, *;q=0", "br"));
        assert!(!accepts("", "gzip"));
        assert!(accepts("BR;q=0.5", "br"));
        assert!(accepts("gzip, deflate, br", "br"));
        assert!(accepts("br;q=0.5", "br"));
        assert!(!accepts("br;q=0", "br"));
        assert!(!accepts("gzip", "br"));
        assert!(!accepts("xbr", "br"));
    }
}
