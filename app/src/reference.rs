//! The rules reference the whole app links to, parsed once
//! (`components::LinkedText` links a text's rule words to its sections).

use std::sync::OnceLock;

use cards::catalog::LoadErrors;
#[cfg(feature = "ssr")]
use cards::reference::Document;
use cards::reference::Reference;
#[cfg(feature = "ssr")]
use leptos::prelude::*;

/// The embedded rules reference, parsed once: whole on the server; in the
/// browser its outline and glossary only (`Reference::embedded_outline`),
/// so the seeds' text stays out of the wasm. A rules page's text comes with
/// the page (`pages::rules::drawn`).
pub fn reference() -> Result<&'static Reference, &'static LoadErrors> {
    static REFERENCE: OnceLock<Result<Reference, LoadErrors>> = OnceLock::new();
    #[cfg(feature = "ssr")]
    let load = Reference::embedded;
    #[cfg(not(feature = "ssr"))]
    let load = Reference::embedded_outline;
    REFERENCE.get_or_init(load).as_ref()
}

/// One rules document with its text, as the release before asked for it
/// (`/api/rules_text`, postcard), for a page left open across a deploy.
/// The server's alone.
#[cfg(feature = "ssr")]
#[server(
    endpoint = "rules_text",
    output = server_fn::codec::Postcard,
    input_derive = (Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)
)]
#[utoipa::path(
    post,
    path = <RulesDocument as server_fn::ServerFn>::PATH,
    tag = "server functions",
    request_body(content = RulesDocument, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The document, or none by that slug, in postcard (this schema's value, not JSON)", content_type = "application/x-postcard", body = Option<Document>),
        (status = 400, description = "Arguments that cannot be read (`Args|…`, `Deserialization|…`)", content_type = "text/plain", body = String),
        (status = 500, description = "`ServerError|…`", content_type = "text/plain", body = String),
    ),
)]
pub async fn rules_document(slug: String) -> Result<Option<Document>, ServerFnError> {
    let r = reference().map_err(|e| ServerFnError::new(e.to_string()))?;
    Ok(r.document(&slug).cloned())
}

/// The same document at the address the release before that asked, in
/// JSON as it was. The server's alone.
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
