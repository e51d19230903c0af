//! The API describes itself: `GET /api/openapi.json` is an OpenAPI 3.1
//! document, valid against the published meta-schema; it names every
//! route the router answers under `/api/`; and every answer to the
//! requests of `cases.rs` (the fixture squads, and hostile ones), success
//! and error alike, fits the schema the document gives that route and
//! status.

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

mod cases;
mod document;
#[path = "../support/mod.rs"]
mod support;

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::Request;
use document::{Answer, Document};
use serde_json::Value;
use tower::ServiceExt;

/// Every route of the JSON API (`app/src/server/api.rs`), by method: the
/// one list the document is held to. The server functions are the
/// router's own list (`server_fn_paths`).
const API_ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/cards"),
    ("GET", "/api/search"),
    ("POST", "/api/validate"),
    ("POST", "/api/link"),
    ("GET", "/api/squad"),
    ("POST", "/api/collection/cover"),
    ("POST", "/api/sim/dice"),
    ("POST", "/api/sim/solo"),
    ("GET", "/api/openapi.json"),
];

/// The router, built once as the server builds it: listing the routes
/// renders the app, which is not meant to run on several threads at once.
fn app() -> axum::Router {
    static APP: std::sync::OnceLock<axum::Router> = std::sync::OnceLock::new();
    APP.get_or_init(|| support::router_of(&["--public-url", "https://squads.example/"]))
        .clone()
}

/// An answer: status, content type and body.
struct Sent {
    status: u16,
    content_type: String,
    body: Vec<u8>,
}

async fn send(case: &cases::Case) -> Sent {
    let request = Request::builder()
        .method(case.method)
        .uri(&case.uri)
        .header("content-type", case.content_type)
        .body(Body::from(case.body.clone()))
        .unwrap();
    let response = app().oneshot(request).await.unwrap();
    let content_type = (response.headers().get("content-type"))
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    Sent {
        status: response.status().as_u16(),
        content_type,
        body: axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec(),
    }
}

/// The document as the router serves it.
async fn served_document() -> Document {
    let answer = send(&cases::Case {
        method: "GET",
        uri: "/api/openapi.json".into(),
        body: Vec::new(),
        content_type: "application/json",
    })
    .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.content_type, "application/json");
    Document::new(serde_json::from_slice(&answer.body).unwrap())
}

#[tokio::test]
async fn the_document_is_valid_openapi_3_1() {
    let doc = served_document().await;
    let version = doc.json["openapi"].as_str().unwrap();
    assert!(version.starts_with("3.1."), "openapi {version}");

    // Against the OpenAPI 3.1 meta-schema, formats checked.
    let meta: Value = serde_json::from_str(document::OAS_3_1_SCHEMA).unwrap();
    let oas = jsonschema::draft202012::options()
        .should_validate_formats(true)
        .build(&meta)
        .unwrap();
    let errors: Vec<String> = (oas.iter_errors(&doc.json))
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");

    // Which leaves Schema Objects free: each against JSON Schema 2020-12.
    for (name, schema) in doc.json["components"]["schemas"].as_object().unwrap() {
        if let Err(e) = jsonschema::draft202012::meta::validate(schema) {
            panic!("components.schemas.{name}: {e}");
        }
    }
    // Every reference resolves, every operation answers something.
    for reference in document::refs(&doc.json) {
        let pointer = reference.strip_prefix('#').unwrap_or("(not local)");
        assert!(doc.json.pointer(pointer).is_some(), "{reference}");
    }
    for (method, path) in doc.operations() {
        let answers = &doc.operation(&method, &path).unwrap()["responses"];
        assert!(
            answers.as_object().is_some_and(|a| !a.is_empty()),
            "{method} {path} has no responses"
        );
    }
}

#[tokio::test]
async fn the_document_names_every_route_the_router_answers() {
    let doc = served_document().await;
    let documented: BTreeSet<(String, String)> = doc.operations().into_iter().collect();
    let server_functions = server_fn::axum::server_fn_paths()
        .map(|(path, method)| (method.to_string(), path.to_string()));
    let routed: BTreeSet<(String, String)> = (API_ROUTES.iter())
        .map(|(m, p)| (m.to_string(), p.to_string()))
        .chain(server_functions)
        .collect();
    let missing: Vec<_> = routed.difference(&documented).collect();
    let extra: Vec<_> = documented.difference(&routed).collect();
    assert!(
        missing.is_empty(),
        "routed, not in the document: {missing:?}"
    );
    assert!(extra.is_empty(), "in the document, not routed: {extra:?}");
    // Each route of the list is the router's: answered by it, not by a
    // fallback (404), and for that method (not 405).
    for (method, path) in API_ROUTES {
        let sent = send(&cases::Case {
            method,
            uri: path.to_string(),
            body: b"{}".to_vec(),
            content_type: "application/json",
        })
        .await;
        assert!(
            sent.status != 404 && sent.status != 405,
            "{method} {path}: {}",
            sent.status
        );
    }
}

/// The body as the schema sees it: JSON; a postcard answer decoded into
/// its type and written as JSON; text as a JSON string.
fn instance(path: &str, sent: &Sent) -> Result<Value, String> {
    let media = sent.content_type.split(';').next().unwrap_or_default();
    match media {
        "application/json" => serde_json::from_slice(&sent.body).map_err(|e| e.to_string()),
        "text/plain" => Ok(Value::String(String::from_utf8_lossy(&sent.body).into())),
        "application/x-postcard" => match path {
            "/api/search_answer" => {
                postcard::from_bytes::<app::pages::search::SearchAnswer>(&sent.body)
                    .map(|a| serde_json::to_value(a).unwrap())
            }
            "/api/rules_text" => {
                postcard::from_bytes::<Option<cards::reference::Document>>(&sent.body)
                    .map(|a| serde_json::to_value(a).unwrap())
            }
            "/api/rules_drawn" => {
                postcard::from_bytes::<Option<app::pages::rules::drawn::DrawnDocument>>(&sent.body)
                    .map(|a| serde_json::to_value(a).unwrap())
            }
            _ => return Err(format!("postcard from {path}: add its type here")),
        }
        .map_err(|e| e.to_string()),
        other => Err(format!("an answer in `{other}`")),
    }
}

/// What is wrong with one answer, against the document; empty if it fits.
fn check(doc: &mut Document, case: &cases::Case, sent: &Sent) -> Vec<String> {
    let path = case.uri.split('?').next().unwrap_or_default();
    let answer = if doc.operation(case.method, path).is_some() {
        doc.answer(case.method, path, sent.status, &sent.content_type)
    } else if sent.status == 404 {
        // No route has the address: the fallback's answer.
        let not_found = doc.json["components"]["responses"]["NotFound"].clone();
        doc.answer_of(&not_found, &sent.content_type)
    } else if sent.status == 405 {
        // A route's other methods: the error every route answers.
        let error = serde_json::json!({"$ref": "#/components/schemas/ErrorBody"});
        Ok(Answer::Body(error))
    } else {
        Err("answered, but the document has no such operation".into())
    };
    let schema = match answer {
        Ok(Answer::Body(schema)) => schema,
        Ok(Answer::Empty) if sent.body.is_empty() => return Vec::new(),
        Ok(Answer::Empty) => return vec!["a body where the document says none".into()],
        Err(e) => return vec![e],
    };
    match instance(path, sent) {
        Ok(value) => doc.errors(&schema, &value),
        Err(e) => vec![e],
    }
}

#[tokio::test]
async fn every_answer_fits_its_schema() {
    let mut doc = served_document().await;
    let (mut checked, mut failures) = (0, Vec::new());
    let mut statuses = BTreeSet::new();
    for case in cases::all() {
        let sent = send(&case).await;
        statuses.insert((
            case.method,
            case.uri.split('?').next().unwrap().to_string(),
            sent.status,
        ));
        let errors = check(&mut doc, &case, &sent);
        checked += 1;
        if !errors.is_empty() {
            let uri: String = case.uri.chars().take(100).collect();
            let sent_body =
                String::from_utf8_lossy(&case.body[..case.body.len().min(80)]).to_string();
            failures.push(format!(
                "{} {uri} ({sent_body}) -> {} {}: {}",
                case.method,
                sent.status,
                sent.content_type,
                errors
                    .iter()
                    .take(3)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
        }
    }
    println!("{checked} answers checked; routes and statuses met:");
    for (method, path, status) in &statuses {
        println!("  {method} {path} {status}");
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} answers do not fit:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The check is not blind: a served answer with a field renamed, or of
/// the wrong type, fails it.
#[tokio::test]
async fn an_answer_that_differs_from_its_schema_fails() {
    let mut doc = served_document().await;
    let (xws, _) = cases::fixtures().remove(0);
    let case = cases::Case {
        method: "POST",
        uri: "/api/validate".into(),
        body: xws.to_string().into_bytes(),
        content_type: "application/json",
    };
    let mut sent = send(&case).await;
    assert!(check(&mut doc, &case, &sent).is_empty());
    let served: Value = serde_json::from_slice(&sent.body).unwrap();

    let mut renamed = served.clone();
    let legal = renamed.as_object_mut().unwrap().remove("legal").unwrap();
    renamed["is_legal"] = legal;
    sent.body = serde_json::to_vec(&renamed).unwrap();
    let errors = check(&mut doc, &case, &sent);
    assert!(errors.iter().any(|e| e.contains("legal")), "{errors:?}");

    let mut retyped = served;
    retyped["ships"][0]["points"] = "37".into();
    sent.body = serde_json::to_vec(&retyped).unwrap();
    let errors = check(&mut doc, &case, &sent);
    assert!(errors.iter().any(|e| e.contains("points")), "{errors:?}");
}

/// A GET whose `If-None-Match` names the answer's ETag: the 304 the
/// document gives every GET, without a body.
#[tokio::test]
async fn a_matching_etag_answers_the_documented_304() {
    let mut doc = served_document().await;
    for uri in [
        "/api/squad?s=".to_string() + &cases::fixture_codes()[0],
        "/api/openapi.json".into(),
    ] {
        let request = |etag: Option<&str>| {
            let builder = Request::get(uri.as_str());
            let builder = match etag {
                Some(etag) => builder.header("if-none-match", etag),
                None => builder,
            };
            builder.body(Body::empty()).unwrap()
        };
        let first = app().oneshot(request(None)).await.unwrap();
        let etag = first.headers()["etag"].to_str().unwrap().to_string();
        let again = app().oneshot(request(Some(&etag))).await.unwrap();
        let sent = Sent {
            status: again.status().as_u16(),
            content_type: String::new(),
            body: axum::body::to_bytes(again.into_body(), usize::MAX)
                .await
                .unwrap()
                .to_vec(),
        };
        assert_eq!(sent.status, 304, "{uri}");
        let case = cases::Case {
            method: "GET",
            uri: uri.clone(),
            body: Vec::new(),
            content_type: "application/json",
        };
        assert_eq!(check(&mut doc, &case, &sent), Vec::<String>::new(), "{uri}");
    }
}

/// Every `curl` line of docs/api.md, sent as curl sends it, answers 200
/// and fits the document.
#[tokio::test]
async fn the_curl_lines_of_the_docs_answer_as_documented() {
    let mut doc = served_document().await;
    let lines: Vec<&str> = (include_str!("../../../docs/api.md").lines())
        .filter(|l| l.starts_with("curl "))
        .collect();
    let cases: Vec<cases::Case> = lines.iter().map(|l| cases::from_curl(l)).collect();
    let curled: BTreeSet<(String, String)> = (cases.iter())
        .map(|c| {
            (
                c.method.to_string(),
                c.uri.split('?').next().unwrap().to_string(),
            )
        })
        .collect();
    let documented: BTreeSet<(String, String)> = doc.operations().into_iter().collect();
    assert_eq!(curled, documented, "a curl line for each route");
    for (line, case) in lines.iter().zip(cases) {
        let sent = send(&case).await;
        let said = String::from_utf8_lossy(&sent.body[..sent.body.len().min(300)]).to_string();
        assert_eq!(sent.status, 200, "{line}: {said}");
        assert_eq!(
            check(&mut doc, &case, &sent),
            Vec::<String>::new(),
            "{line}"
        );
    }
}
