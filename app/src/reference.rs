//! The rules reference the whole app links to, parsed once
//! (`components::LinkedText` links a text's rule words to its sections).

use std::sync::OnceLock;

use cards::catalog::LoadErrors;
use cards::reference::{Document, Reference};
use leptos::prelude::*;

/// The embedded rules reference, parsed once: whole on the server; in the
/// browser its outline and glossary only (`Reference::embedded_outline`),
/// so the seeds' text stays out of the wasm. A rules page's text comes with
/// the page ([`rules_document`]).
pub fn reference() -> Result<&'static Reference, &'static LoadErrors> {
    static REFERENCE: OnceLock<Result<Reference, LoadErrors>> = OnceLock::new();
    #[cfg(feature = "ssr")]
    let load = Reference::embedded;
    #[cfg(not(feature = "ssr"))]
    let load = Reference::embedded_outline;
    REFERENCE.get_or_init(load).as_ref()
}

/// One rules document with its text, from the server: carried to the
/// browser with the page that shows it (`None`: no such document), in
/// postcard, as the search's answer is (`pages::search`), so the browser
/// needs no JSON reader for it. At `/api/rules_text`.
///
/// On the server its arguments' type is described too (its schema in the
/// API's document: `server/api/document.rs`); the browser's has no schema.
#[cfg_attr(
    feature = "ssr",
    server(
        endpoint = "rules_text",
        output = server_fn::codec::Postcard,
        input_derive = (Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)
    )
)]
#[cfg_attr(
    not(feature = "ssr"),
    server(endpoint = "rules_text", output = server_fn::codec::Postcard)
)]
#[cfg_attr(feature = "ssr", utoipa::path(
    post,
    path = <RulesDocument as server_fn::ServerFn>::PATH,
    tag = "server functions",
    request_body(content = RulesDocument, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The document, or none by that slug, in postcard (this schema's value, not JSON)", content_type = "application/x-postcard", body = Option<Document>),
        (status = 400, description = "Arguments that cannot be read (`Args|…`, `Deserialization|…`)", content_type = "text/plain", body = String),
        (status = 500, description = "`ServerError|…`", content_type = "text/plain", body = String),
    ),
))]
pub async fn rules_document(slug: String) -> Result<Option<Document>, ServerFnError> {
    let r = reference().map_err(|e| ServerFnError::new(e.to_string()))?;
    Ok(r.document(&slug).cloned())
}

/// The same document at the address the release before asked, in JSON
/// as it was, for a page left open across a deploy. The server's alone.
#[cfg(feature = "ssr")]
#[server(
    endpoint = "rules_document",
    input_derive = (Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)
)]
#[utoipa::path(
    post,
    path = <RulesDocumentInJson as server_fn::ServerFn>::PATH,
    tag = "server functions",
    request_body(content = RulesDocumentInJson, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The document, or null for none by that slug", body = Option<Document>),
        (status = 400, description = "Arguments that cannot be read (`Args|…`, `Deserialization|…`)", content_type = "text/plain", body = String),
        (status = 500, description = "`ServerError|…`", content_type = "text/plain", body = String),
    ),
)]
pub async fn rules_document_in_json(slug: String) -> Result<Option<Document>, ServerFnError> {
    rules_document(slug).await
}

/// The document as a `'static` value, as the rules page holds it: the
/// server's own; in the browser, the page's copy, kept for the session (at
/// most one per document of the reference).
pub fn static_document(doc: Document) -> &'static Document {
    #[cfg(feature = "ssr")]
    if let Some(own) = reference().ok().and_then(|r| r.document(&doc.slug)) {
        return own;
    }
    thread_local! {
        static KEPT: std::cell::RefCell<Vec<&'static Document>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        if let Some(d) = kept.iter().copied().find(|d| **d == doc) {
            return d;
        }
        let leaked: &'static Document = Box::leak(Box::new(doc));
        kept.push(leaked);
        leaked
    })
}
