//! The application shell: document, navigation and routes.

use cards::catalog::Database;
use leptos::prelude::*;
use leptos_meta::{HashedStylesheet, MetaTags, Title, provide_meta_context};
use leptos_router::components::{A, Route, Router, Routes};
use leptos_router::{ParamSegment, SsrMode, StaticSegment, path};

use crate::pages::builder::BuilderPage;
use crate::pages::cards::{CardPage, CardsPage};
use crate::pages::home::HomePage;
use crate::pages::not_built::NotFound;
use crate::pages::rules::{RulesDocument, RulesIndex};
use crate::pages::search::SearchPage;

/// The whole HTML document, rendered on the server.
pub fn shell(options: LeptosOptions) -> impl IntoView {
    // The page's Content-Security-Policy names this response's nonce,
    // which Leptos also puts on its hydration script.
    #[cfg(feature = "ssr")]
    if let (Some(nonce), Some(response)) = (
        leptos::nonce::use_nonce(),
        use_context::<leptos_axum::ResponseOptions>(),
    ) && let Ok(policy) =
        axum::http::HeaderValue::from_str(&crate::server::headers::page_policy(&nonce))
    {
        response.insert_header(axum::http::header::CONTENT_SECURITY_POLICY, policy);
    }
    view! {
        <!DOCTYPE html>
        <html lang="en">
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
                <HashedStylesheet options=options.clone() id="leptos" />
                <HydrationScripts options />
                <MetaTags />
            </head>
            <body>
                <App />
            </body>
        </html>
    }
}

/// The card database as the server loaded it (embedded or `--cards DIR`).
/// At a fixed address, `/api/card_database`.
#[server(endpoint = "card_database")]
pub async fn card_database() -> Result<Database, ServerFnError> {
    let db = use_context::<std::sync::Arc<Database>>()
        .ok_or_else(|| ServerFnError::new("the server has no card database"))?;
    Ok(Database::clone(&db))
}

/// The card database for every page, fetched once and carried to the
/// browser with the server-rendered HTML.
#[derive(Clone, Copy)]
pub struct CardDb(pub OnceResource<Result<Database, ServerFnError>>);

/// The document title of a page titled `text`. leptos_meta writes the
/// server's `<title>` without escaping, and titles hold a stranger's words
/// (a squad name, a search), so the server escapes them here; the browser
/// sets `document.title`, which takes plain text.
pub fn page_title(text: String) -> String {
    let title = if text.is_empty() {
        "Merchant One".to_string()
    } else {
        format!("{text} · Merchant One")
    };
    #[cfg(feature = "ssr")]
    let title = html_escape::encode_text(&title).into_owned();
    title
}

#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    provide_context(CardDb(OnceResource::new(card_database())));
    // Effects run only in the browser: the mark tells tests (and curious
    // players) that the page is live.
    Effect::new(|_| {
        if let Some(body) = document().body() {
            let _ = body.set_attribute("data-hydrated", "true");
        }
    });

    view! {
        <Title formatter=page_title />
        <Router>
            <header class="site-header">
                <A href="/" attr:class="brand">
                    "Merchant One"
                </A>
                <nav aria-label="Main">
                    <A href="/build">"Builder"</A>
                    <A href="/cards">"Cards"</A>
                    <A href="/search">"Search"</A>
                    <A href="/rules">"Rules"</A>
                </nav>
            </header>
            <main>
                <Routes fallback=NotFound>
                    <Route path=StaticSegment("") view=HomePage />
                    <Route path=path!("/cards") view=CardsPage />
                    // Rendered whole before answering, so an unknown card answers 404.
                    <Route
                        path=(StaticSegment("cards"), ParamSegment("xws"))
                        view=CardPage
                        ssr=SsrMode::Async
                    />
                    // Rendered whole, so a shared link's title and preview tags are in the head.
                    <Route path=path!("/build") view=BuilderPage ssr=SsrMode::Async />
                    <Route path=path!("/search") view=SearchPage />
                    <Route path=path!("/rules") view=RulesIndex />
                    // Rendered whole, so an unknown document answers 404 and the
                    // simulators' results are in the HTML of a shared address.
                    <Route
                        path=(StaticSegment("rules"), ParamSegment("doc"))
                        view=RulesDocument
                        ssr=SsrMode::Async
                    />
                </Routes>
            </main>
            <footer class="site-footer">
                "X-Wing Miniatures Game (1st edition) squad builder and card database for Epic play. "
                "Card data: the C-ROC Cruiser Expansion Pack."
            </footer>
        </Router>
    }
}
