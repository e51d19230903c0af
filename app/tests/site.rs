//! The built site's files as the server answers them, from a site folder
//! made here (`--site-root`); the release binary's own copy is answered by
//! the same code (`scripts/check-alone` checks it byte for byte).

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use tower::ServiceExt;

const JS: &str = "pkg/merchant-one.Js1_x-Y.js";

mod support;

/// A small built site: the entry files under hashed names, a compressed
/// copy of the JavaScript, the icon font and the favicon.
fn site_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("merchant-one-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (name, bytes) in [
        (JS, &b"export default 1;"[..]),
        ("pkg/merchant-one.Js1_x-Y.js.br", b"brotli bytes"),
        ("pkg/merchant-one.Wasm2.wasm", b"\0asm"),
        ("pkg/merchant-one.Css3.css", b"body{}"),
        ("fonts/xwing-miniatures.0123abcd.woff2", b"wOF2"),
        ("favicon.svg", b"<svg/>"),
    ] {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    dir
}

fn app() -> axum::Router {
    static APP: std::sync::OnceLock<axum::Router> = std::sync::OnceLock::new();
    APP.get_or_init(|| {
        let root = site_folder();
        let app = support::router_of(&["--site-root", root.to_str().unwrap()]);
        // Read whole at start: the folder is no longer needed.
        std::fs::remove_dir_all(&root).unwrap();
        app
    })
    .clone()
}

fn ask(method: Method, path: &str, headers: &[(&str, &str)]) -> (StatusCode, HeaderMap, Vec<u8>) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut request = Request::builder().method(method).uri(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = app()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        let (parts, body) = response.into_parts();
        let bytes = body.collect().await.unwrap().to_bytes().to_vec();
        (parts.status, parts.headers, bytes)
    })
}

#[test]
fn package_files_are_sent_compressed_when_accepted_immutable_and_tagged() {
    let path = format!("/{JS}");
    let (status, headers, body) = ask(Method::GET, &path, &[("accept-encoding", "gzip, br")]);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, b"brotli bytes");
    assert_eq!(headers["content-encoding"], "br");
    assert_eq!(headers["content-type"], "text/javascript");
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(headers["vary"], "accept-encoding");
    let etag = headers["etag"].to_str().unwrap().to_string();

    let (status, headers, body) = ask(Method::GET, &path, &[]);
    assert_eq!(
        (status, body.as_slice()),
        (StatusCode::OK, &b"export default 1;"[..])
    );
    assert!(headers.get("content-encoding").is_none());
    assert_ne!(headers["etag"], etag.as_str(), "each copy has its own tag");

    let (status, headers, body) = ask(
        Method::GET,
        &path,
        &[("accept-encoding", "br"), ("if-none-match", &etag)],
    );
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert!(body.is_empty());
    assert_eq!(headers["etag"], etag.as_str());

    let (status, headers, body) = ask(Method::HEAD, &path, &[]);
    assert_eq!(status, StatusCode::OK);
    assert!(body.is_empty());
    assert_eq!(headers["content-length"], "17");
}

#[test]
fn the_sites_other_files_are_served_and_anything_else_is_the_not_found_page() {
    let (status, headers, body) = ask(Method::GET, "/favicon.svg", &[]);
    assert_eq!((status, body.as_slice()), (StatusCode::OK, &b"<svg/>"[..]));
    assert_eq!(headers["content-type"], "image/svg+xml");
    assert_eq!(headers["cache-control"], "no-cache");
    assert!(headers.contains_key("etag"));
    let (status, headers, _) = ask(Method::GET, "/fonts/xwing-miniatures.0123abcd.woff2", &[]);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    // A font is compressed inside: sent as built, never gzipped again.
    let (_, headers, body) = ask(
        Method::GET,
        "/fonts/xwing-miniatures.0123abcd.woff2",
        &[("accept-encoding", "gzip")],
    );
    assert!(headers.get("content-encoding").is_none());
    assert_eq!(body, b"wOF2");

    let (status, headers, body) = ask(Method::GET, "/no/such/page", &[]);
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert!(String::from_utf8(body).unwrap().contains("Page not found"));
    let (status, _, _) = ask(Method::GET, "/pkg/merchant-one.Gone.js", &[]);
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[test]
fn pages_name_the_sites_hashed_files() {
    let (status, _, body) = ask(Method::GET, "/cards", &[]);
    assert_eq!(status, StatusCode::OK);
    let html = String::from_utf8(body).unwrap();
    assert!(
        html.contains(r#"<link id="leptos" rel="stylesheet" href="/pkg/merchant-one.Css3.css">"#),
        "the stylesheet"
    );
    assert!(
        html.contains(r#"("/pkg", "merchant-one.Js1_x-Y", "merchant-one.Wasm2");"#),
        "the hydration call names the script and the wasm"
    );
    assert!(
        html.contains(
            r#"<link rel="preload" href="/fonts/xwing-miniatures.0123abcd.woff2" as="font""#
        ),
        "a page with cards preloads the icon font"
    );
}

#[test]
fn robots_txt_names_the_site_map_which_lists_the_pages() {
    let (status, headers, body) = ask(Method::GET, "/robots.txt", &[]);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "text/plain; charset=utf-8");
    let robots = String::from_utf8(body).unwrap();
    assert!(
        robots.contains("Sitemap: http://127.0.0.1:3000/sitemap.xml"),
        "{robots}"
    );
    let (status, headers, body) = ask(Method::GET, "/sitemap.xml", &[]);
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/xml; charset=utf-8");
    let map = String::from_utf8(body).unwrap();
    for page in [
        "/",
        "/build",
        "/collection",
        "/rules/huge-ships",
        "/cards/brokenhorn",
        "/de/",
        "/ru/cards/brokenhorn",
        "/pl/build",
    ] {
        assert!(
            map.contains(&format!("<loc>http://127.0.0.1:3000{page}</loc>")),
            "{page}"
        );
    }
}
