//! The server: command line, card loading, routes and the HTTP listener.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use axum::Router;
use axum::http::{HeaderValue, header};
use cards::format::Formats;
use cards::rules::Rules;
use cards::{Database, LoadErrors};
use clap::Parser;
use leptos::prelude::*;
use leptos_axum::{LeptosRoutes, generate_route_list};
use tower_http::compression::CompressionLayer;

use crate::app::{App, shell};

/// Merchant One: an X-Wing (1st edition) squad builder and card database for Epic play.
#[derive(Parser, Debug, Clone)]
#[command(name = "merchant-one", version)]
pub struct Args {
    /// Load the card set from this folder (the six CSV files) instead of the
    /// embedded C-ROC Cruiser Expansion Pack. Checked as strictly.
    #[arg(long, env = cards::load::CARDS_ENV, value_name = "DIR")]
    pub cards: Option<PathBuf>,

    /// The address to listen on.
    #[arg(long, env = "LEPTOS_SITE_ADDR", default_value = "127.0.0.1:3000")]
    pub addr: SocketAddr,

    /// The built site (its `pkg/` holds the wasm, JavaScript and CSS).
    /// Defaults to the workspace's `target/site`.
    #[arg(long, env = "LEPTOS_SITE_ROOT", value_name = "DIR")]
    pub site_root: Option<PathBuf>,
}

/// The card database the arguments ask for.
pub fn load_cards(args: &Args) -> Result<Database, LoadErrors> {
    match &args.cards {
        Some(dir) => Database::load_dir(dir),
        None => Database::embedded(),
    }
}

/// The rules engine over the loaded cards and the built-in formats.
pub fn load_rules(args: &Args) -> Result<Rules, String> {
    let db = load_cards(args).map_err(|e| e.to_string())?;
    Ok(Rules::new(db, Formats::embedded()?))
}

/// The search index over the loaded cards and the rules reference's sections.
pub fn search_index(rules: &Rules) -> Result<Arc<search::CardIndex>, String> {
    let reference = crate::pages::rules::reference()?;
    let sections: Vec<search::RuleSection> = reference
        .sections()
        .map(|(url, title, text)| search::RuleSection { url, title, text })
        .collect();
    search::CardIndex::build(&rules.db, &sections).map(Arc::new)
}

/// Leptos options for these arguments.
pub fn leptos_options(args: &Args) -> LeptosOptions {
    let site_root = args
        .site_root
        .clone()
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/site")));
    // cargo-leptos release builds name the site's files by content hash and
    // list the hashes beside the binary; Leptos reads them from there.
    let hash_files = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("hash.txt")))
        .is_some_and(|path| path.is_file());
    LeptosOptions::builder()
        .output_name(env!("LEPTOS_OUTPUT_NAME"))
        .site_root(site_root.to_string_lossy().as_ref())
        .site_pkg_dir("pkg")
        .site_addr(args.addr)
        .hash_files(hash_files)
        .build()
}

/// Every route of the app: the JSON API, the pages and server functions
/// (with the card database and search index in their context) and the
/// built site's files.
pub fn router(rules: Arc<Rules>, index: Arc<search::CardIndex>, options: LeptosOptions) -> Router {
    let db = Arc::new(rules.db.clone());
    let routes = generate_route_list(App);
    let context = {
        let index = index.clone();
        move || {
            provide_context(db.clone());
            provide_context(index.clone());
        }
    };
    Router::new()
        .merge(crate::api::routes(rules, index))
        .leptos_routes_with_context(&options, routes, context, {
            let options = options.clone();
            move || shell(options.clone())
        })
        .fallback(leptos_axum::file_and_error_handler(shell))
        .layer(axum::middleware::from_fn(cache_site_files))
        .layer(CompressionLayer::new())
        .with_state(options)
}

/// Files under `/pkg/` are named by content hash: browsers may keep them.
async fn cache_site_files(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let hashed = request.uri().path().starts_with("/pkg/");
    let mut response = next.run(request).await;
    if hashed && response.status().is_success() {
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
    }
    response
}

/// Runs the server until Ctrl-C; a bad card set or a busy address ends it
/// with a message and a failing exit code.
pub fn main() -> ExitCode {
    let args = Args::parse();
    let rules = match load_rules(&args) {
        Ok(rules) => rules,
        Err(errors) => {
            eprintln!("merchant-one: cannot load the card set\n{errors}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("merchant-one: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(serve(args, rules))
}

async fn serve(args: Args, rules: Rules) -> ExitCode {
    use axum::serve::ListenerExt;

    let options = leptos_options(&args);
    let source = match &args.cards {
        Some(dir) => format!("from {}", dir.display()),
        None => "embedded".to_string(),
    };
    let (pilots, upgrades) = (rules.db.pilots.len(), rules.db.upgrades.len());
    let index = match search_index(&rules) {
        Ok(index) => index,
        Err(e) => {
            eprintln!("merchant-one: cannot build the search index: {e}");
            return ExitCode::FAILURE;
        }
    };
    let app = router(Arc::new(rules), index, options);
    let listener = match tokio::net::TcpListener::bind(args.addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("merchant-one: cannot listen on {}: {e}", args.addr);
            return ExitCode::FAILURE;
        }
    };
    // Without TCP_NODELAY small static files wait on delayed ACKs (shared/STACK.md).
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    println!(
        "merchant-one: {pilots} pilots and {upgrades} upgrades ({source}); listening on http://{}",
        args.addr
    );
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    match axum::serve(listener, app.into_make_service())
        .with_graceful_shutdown(shutdown)
        .await
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("merchant-one: server error: {e}");
            ExitCode::FAILURE
        }
    }
}
