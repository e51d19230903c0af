//! The server: command line, card loading, routes (the JSON API is
//! `api.rs`), the layers every request passes (limits, timeouts, headers,
//! logs) and the listener.

pub mod api;
pub mod card_asset;
pub mod fixed;
pub mod hashed_asset;
pub mod headers;
pub mod http_limits;
mod listen;
pub mod page_cache;
mod shell;
pub mod site;
pub mod sitemap;
pub mod strings_asset;
mod walked_away;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::pin::Pin;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};

use axum::Router;
use axum::error_handling::HandleErrorLayer;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use cards::catalog::{CardWords, Database, Formats, LoadErrors, Translations};
use cards::lang::Lang;
use cards::squad::Rules;
use clap::Parser;
use leptos::prelude::*;
use leptos_axum::{LeptosRoutes, generate_route_list};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::app::App;
use crate::cards_asset::{AllCardWords, CardAssetPaths};
use card_asset::{CardAsset, card_asset};
pub use listen::{ListenLimits, serve, shutdown_signal};
use shell::shell;

/// What `--version` prints: the package's version and the commit the
/// binary was built from (`app/build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("VERGEN_GIT_SHA"),
    ")"
);

/// Merchant One: an X-Wing (1st edition) squad builder and card database for Epic play.
#[derive(Parser, Debug, Clone)]
#[command(name = "merchant-one", version = VERSION)]
pub struct Args {
    /// Load the card pool from this folder instead of the embedded one
    /// (every 1st-edition card, the C-ROC Cruiser Expansion Pack's as
    /// printed). The folder holds the seven CSV files of `cards/data`
    /// (factions, slots, actions, ships, conditions, pilots, upgrades), and
    /// may hold `yasb.csv` (YASB's card ids, for YASB links) and the
    /// products and product contents (for collections). Checked as strictly.
    #[arg(long, env = cards::catalog::CARDS_ENV, value_name = "DIR")]
    pub cards: Option<PathBuf>,

    /// The address to listen on.
    #[arg(long, env = "LEPTOS_SITE_ADDR", default_value = "127.0.0.1:3000")]
    pub addr: SocketAddr,

    /// Serve the built site from this folder (its `pkg/` holds the wasm,
    /// JavaScript and CSS), read at start, instead of the copy the release
    /// binary carries: for development.
    #[arg(long, env = "LEPTOS_SITE_ROOT", value_name = "DIR")]
    pub site_root: Option<PathBuf>,

    /// The address players reach the site at (`https://squads.example`):
    /// squad links made by `POST /api/link` start with it, never with a
    /// request's Host header. Defaults to `http://` and `--addr`.
    #[arg(long, env = "MERCHANT_ONE_PUBLIC_URL", value_name = "URL", value_parser = public_url)]
    pub public_url: Option<String>,

    /// How many megabytes of pages and API answers to keep, as sent, for
    /// the next request of the same address; 0 renders every request.
    #[arg(
        long,
        env = "MERCHANT_ONE_PAGE_CACHE_MB",
        value_name = "MB",
        default_value_t = 64
    )]
    pub page_cache_mb: u64,
}

impl Args {
    /// The public base of squad links, without a trailing `/`.
    pub fn public_base(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_string(),
            None => format!("http://{}", self.addr),
        }
    }
}

pub use crate::public_base::PublicBase;

/// `--public-url` is an http(s) address with nothing that needs escaping.
fn public_url(value: &str) -> Result<String, StartError> {
    let rest = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"))
        .ok_or(StartError::PublicUrlScheme)?;
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() {
        return Err(StartError::PublicUrlHost);
    }
    if !value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-._~:/[]%".contains(c))
    {
        return Err(StartError::PublicUrlCharacters);
    }
    Ok(value.to_string())
}

/// Why the server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("the public URL starts with http:// or https://")]
    PublicUrlScheme,
    #[error("the public URL names no host")]
    PublicUrlHost,
    #[error("the public URL has characters an address never has")]
    PublicUrlCharacters,
    #[error("{0}")]
    Data(#[from] LoadErrors),
    #[error("the rules reference cannot be read: {0}")]
    Reference(&'static LoadErrors),
    #[error("the card translations cannot be read: {0}")]
    Translations(&'static LoadErrors),
    #[error(transparent)]
    Search(#[from] search::SearchError),
    #[error(transparent)]
    CardAsset(#[from] card_asset::CardAssetWriteError),
    #[error("the interface strings could not be made: {0}")]
    StringsAsset(strings_asset::StringsAssetWriteError),
    #[error(transparent)]
    Site(#[from] site::SiteError),
    #[error(transparent)]
    Api(#[from] api::PrebuiltError),
}

/// The card database the arguments ask for.
pub fn load_cards(args: &Args) -> Result<Database, LoadErrors> {
    match &args.cards {
        Some(dir) => Database::load_dir(dir),
        None => Database::embedded(),
    }
}

/// The rules engine over the loaded cards and the built-in formats.
pub fn load_rules(args: &Args) -> Result<Rules, StartError> {
    Ok(Rules::new(load_cards(args)?, Formats::embedded()?))
}

/// The shipped card translations (`cards/data/i18n/`), every language
/// but English, read once: the search and the API both speak them.
pub fn translations() -> Result<&'static [Translations], &'static LoadErrors> {
    static READ: OnceLock<Result<Vec<Translations>, LoadErrors>> = OnceLock::new();
    READ.get_or_init(|| {
        (Lang::ALL.into_iter())
            .filter_map(|lang| Translations::embedded(lang).transpose())
            .collect()
    })
    .as_deref()
}

/// The search indexes, one per language, over the loaded cards, the rules
/// reference's sections and the shipped translations. The start-up log
/// says how long they took.
pub fn search_index(rules: &Rules) -> Result<Arc<search::Indexes>, StartError> {
    let reference = crate::reference::reference().map_err(StartError::Reference)?;
    let sections: Vec<search::RuleSection> = reference
        .sections()
        .map(|(url, title, text)| search::RuleSection { url, title, text })
        .collect();
    let translations = translations().map_err(StartError::Translations)?;
    let started = std::time::Instant::now();
    let indexes = search::Indexes::build(&rules.db, &sections, translations)?;
    tracing::info!(
        "search: {} languages indexed in {} ms",
        Lang::ALL.len(),
        started.elapsed().as_millis()
    );
    Ok(Arc::new(indexes))
}

/// Leptos options for these arguments. The site's files are answered
/// from memory (`site`), and their hashed names found there, so Leptos
/// is given no site folder: it reads neither the folder nor a hash file.
pub fn leptos_options(args: &Args) -> LeptosOptions {
    LeptosOptions::builder()
        .output_name(env!("LEPTOS_OUTPUT_NAME"))
        .site_pkg_dir("pkg")
        .site_addr(args.addr)
        .build()
}

/// The answer to any address no route has: a file of the site
/// (`/favicon.svg`, `/fonts/…`), else the page saying there is no such
/// page (404), rendered with the app's context.
fn site_file_or_not_found(
    site: Arc<site::Site>,
    context: impl Fn() + Clone + Send + Sync + 'static,
    options: LeptosOptions,
    paths: site::SitePaths,
) -> impl Fn(axum::extract::Request) -> Pin<Box<dyn Future<Output = Response> + Send>>
+ Clone
+ Send
+ Sync
+ 'static {
    let render = leptos_axum::render_app_to_stream_in_order_with_context(context, move || {
        shell(options.clone(), paths.clone())
    });
    move |request: axum::extract::Request| {
        let file = site.answer(request.method(), request.uri().path(), request.headers());
        let render = render.clone();
        Box::pin(async move {
            match file {
                Some(file) => file,
                None => render(request).await,
            }
        })
    }
}

/// Compression as answers are made is for what is made for the request:
/// the site's files were compressed when built (the fonts are compressed
/// inside), so the copy the site chose is sent as it is.
#[derive(Debug, Clone, Copy)]
struct MadeForTheRequest;

impl Predicate for MadeForTheRequest {
    fn should_compress<B: axum::body::HttpBody>(&self, response: &axum::http::Response<B>) -> bool {
        response.extensions().get::<site::HeldInMemory>().is_none()
    }
}

/// A file of the site (`/pkg/…`, the card database), or a plain 404.
async fn site_file(
    site: Arc<site::Site>,
    method: axum::http::Method,
    uri: axum::http::Uri,
    headers: axum::http::HeaderMap,
) -> Response {
    site.answer(&method, uri.path(), &headers)
        .unwrap_or_else(|| (StatusCode::NOT_FOUND, "no such file").into_response())
}

/// `/xwing/?f=…&d=…` (YASB's address with our host) to `/build?f=…&d=…`.
async fn yasb_path(axum::extract::RawQuery(query): axum::extract::RawQuery) -> Response {
    let target = match query {
        Some(q) if !q.is_empty() => format!("/build?{q}"),
        _ => "/build".to_string(),
    };
    // A request's query is already valid in a header; should it not be,
    // the builder opens empty rather than the request failing.
    let location = axum::http::HeaderValue::try_from(target)
        .unwrap_or_else(|_| axum::http::HeaderValue::from_static("/build"));
    (
        StatusCode::PERMANENT_REDIRECT,
        [(axum::http::header::LOCATION, location)],
    )
        .into_response()
}

/// Every route of the app: the JSON API, the pages and server functions
/// (with the card database and the search indexes in their context: the
/// English `Arc<search::CardIndex>` and every language's
/// `Arc<search::Indexes>`), the built site's files and `/healthz`, behind
/// the layers every request passes.
pub fn router(
    rules: Arc<Rules>,
    indexes: Arc<search::Indexes>,
    args: &Args,
) -> Result<Router, StartError> {
    let options = leptos_options(args);
    let (assets, words) = card_assets(&rules)?;
    let site = site::Site::choose(args.site_root.as_deref())?;
    tracing::info!("serving {} ({} files)", site.origin(), site.len());
    let strings = strings_asset::strings_assets().map_err(StartError::StringsAsset)?;
    let made = assets.iter().chain(&strings).flat_map(|(_, a)| a.files());
    let site = Arc::new(site.with_files(made.collect()));
    let strings_paths = strings_asset::StringsAssetPaths(
        strings.iter().map(|(l, a)| (*l, a.path.clone())).collect(),
    );
    let site_paths = site::SitePaths::of(&site, &options.output_name, &options.site_pkg_dir)?;
    let db = rules.db.clone();
    let asset_paths = CardAssetPaths(assets.iter().map(|(l, a)| (*l, a.path.clone())).collect());
    let context = {
        let indexes = indexes.clone();
        let rules = rules.clone();
        let asset_paths = asset_paths.clone();
        let public_base = PublicBase(args.public_base());
        move || {
            provide_context(rules.clone());
            provide_context(db.clone());
            provide_context(indexes.english().clone());
            provide_context(indexes.clone());
            provide_context(asset_paths.clone());
            provide_context(strings_paths.clone());
            provide_context(words.clone());
            provide_context(public_base.clone());
        }
    };
    let translations = translations().map_err(StartError::Translations)?;
    let pages = page_routes(
        api_routes(rules, indexes, translations, args)?,
        &options,
        context,
        site.clone(),
        site_paths,
    );
    let pages = compressed_as_made(pages).with_state(options);
    let app = site_routes(site, &asset_paths).merge(pages);
    Ok(with_layers(app, args))
}

/// Each language's card asset (English's without words), and every
/// language's card words for the pages the server renders.
fn card_assets(rules: &Rules) -> Result<(Vec<(Lang, CardAsset)>, AllCardWords), StartError> {
    let mut assets = vec![(Lang::En, card_asset(rules, None)?)];
    let mut words = Vec::new();
    for lang in &Lang::ALL[1..] {
        let Some(file) = Translations::embedded(*lang)? else {
            continue;
        };
        assets.push((*lang, card_asset(rules, Some(&file))?));
        words.push(Arc::new(CardWords::new(&rules.db, &file)));
    }
    Ok((assets, AllCardWords(words)))
}

/// The JSON API and the documents made once at start (the site map and
/// robots.txt).
fn api_routes(
    rules: Arc<Rules>,
    indexes: Arc<search::Indexes>,
    translations: &[Translations],
    args: &Args,
) -> Result<Router<LeptosOptions>, StartError> {
    let site_map = sitemap::routes(&rules.db, &args.public_base());
    Ok(Router::new()
        .merge(api::routes(
            rules,
            indexes,
            translations,
            args.public_base(),
        )?)
        .merge(site_map))
}

/// `routes` with the app's pages and server functions, rendered with
/// `context` in the HTML document (`shell.rs`), and any other address: a
/// file of the site, else the page saying there is no such page.
fn page_routes(
    routes: Router<LeptosOptions>,
    options: &LeptosOptions,
    context: impl Fn() + Clone + Send + Sync + 'static,
    site: Arc<site::Site>,
    site_paths: site::SitePaths,
) -> Router<LeptosOptions> {
    let fallback =
        site_file_or_not_found(site, context.clone(), options.clone(), site_paths.clone());
    routes
        .leptos_routes_with_context(options, generate_route_list(App), context, {
            let options = options.clone();
            move || shell(options.clone(), site_paths.clone())
        })
        .fallback(fallback)
}

/// The pages' own layers: a page finished when its client walks away,
/// server functions' statuses, the pages' script policy, and compression
/// as answers are made.
fn compressed_as_made(pages: Router<LeptosOptions>) -> Router<LeptosOptions> {
    pages
        .layer(axum::middleware::from_fn(
            walked_away::finish_when_walked_away,
        ))
        .layer(axum::middleware::from_fn(headers::server_fn_status))
        .layer(axum::middleware::from_fn(headers::page_script_policy))
        // Pages and API answers are compressed as they are made, with gzip
        // at level 4. At its default level brotli works at quality 11, which
        // halved /build's throughput under wrk; at 4 it still cost a third,
        // most of it setting up its large window for each response, for
        // pages 2% smaller than gzip's (scripts/page-sizes). The static
        // files and the card asset stay brotli, compressed once.
        .layer(
            CompressionLayer::new()
                .no_br()
                .quality(CompressionLevel::Precise(4))
                .compress_when(DefaultPredicate::new().and(MadeForTheRequest)),
        )
}

/// `/healthz`, YASB's own path, and the site's files (the card database
/// at `asset_path`, `/pkg/…`): outside the pages' compression.
fn site_routes(site: Arc<site::Site>, assets: &CardAssetPaths) -> Router {
    let files = get(move |method, uri, headers| site_file(site.clone(), method, uri, headers));
    let mut routes = Router::new();
    for (_, path) in &assets.0 {
        routes = routes.route(path, files.clone());
    }
    routes
        .route("/healthz", get(|| async { "ok" }))
        // YASB's own path: a YASB link with only its host changed opens in
        // the builder, its query as it was.
        .route("/xwing", get(yasb_path))
        .route("/xwing/", get(yasb_path))
        // The site's files are held in memory, compressed at build time
        // (scripts/precompress), the card database at start-up: outside
        // the pages' compression.
        .route("/pkg/{*file}", files)
}

/// The layers every request passes, innermost first: the page cache, the
/// cache policy, the body's limits and the timeouts, API errors as JSON,
/// load shedding, a panic's 500, the security headers and the log.
fn with_layers(app: Router, args: &Args) -> Router {
    let shedding = ServiceBuilder::new()
        .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
            api::error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy; try again in a moment",
            )
        }))
        .load_shed()
        .concurrency_limit(http_limits::MAX_CONCURRENT_REQUESTS);
    let [csp, nosniff, referrer, frames, permissions] = headers::security_layers();
    app
        // Outside the pages' compression, so a kept answer is kept
        // compressed.
        .layer(axum::middleware::from_fn_with_state(
            page_cache::PageCache::with_capacity(args.page_cache_mb.saturating_mul(1024 * 1024)),
            page_cache::serve,
        ))
        .layer(axum::middleware::from_fn(headers::cache_policy))
        .layer(RequestBodyLimitLayer::new(http_limits::MAX_BODY_BYTES))
        .layer(RequestBodyTimeoutLayer::new(http_limits::BODY_READ_TIMEOUT))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            http_limits::REQUEST_TIMEOUT,
        ))
        .layer(axum::middleware::from_fn(headers::api_errors_as_json))
        .layer(shedding)
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(csp)
        .layer(nosniff)
        .layer(referrer)
        .layer(frames)
        .layer(permissions)
        .layer(request_log())
}

/// A log line for each answer: method, path, status and time taken.
fn request_log() -> TraceLayer<
    tower_http::classify::SharedClassifier<tower_http::classify::ServerErrorsAsFailures>,
    impl Fn(&axum::http::Request<axum::body::Body>) -> tracing::Span + Clone,
    (),
    DefaultOnResponse,
> {
    TraceLayer::new_for_http()
        .make_span_with(|request: &axum::http::Request<axum::body::Body>| {
            // The path only: a query may hold a stranger's squad.
            tracing::info_span!(
                "request",
                method = %request.method(),
                path = %request.uri().path(),
            )
        })
        .on_request(())
        .on_response(
            DefaultOnResponse::new()
                .level(tracing::Level::INFO)
                .latency_unit(tower_http::LatencyUnit::Micros),
        )
}

/// A handler that panicked answers 500 and is logged; the connection and
/// the server go on.
fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let what = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic");
    tracing::error!("a handler panicked: {what}");
    api::error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the server could not answer this request",
    )
    .into_response()
}

/// Logs to standard error, filtered by `RUST_LOG` (default `info`), in
/// colour only when standard error is a terminal: a log file or a
/// journal gets plain text. A
/// thread of its own writes the lines: written by the request's thread,
/// the write of each request's line was a tenth of a small page's time
/// under wrk. Lines wait rather than drop when it falls behind; the
/// returned guard writes the last ones when the server stops.
pub fn init_logging() -> tracing_appender::non_blocking::WorkerGuard {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .finish(std::io::stderr());
    let _ = tracing_subscriber::fmt()
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(filter)
        .with_writer(writer)
        .try_init();
    guard
}

/// Runs the server until Ctrl-C or SIGTERM; a bad card set or a busy
/// address ends it with a message and a failing exit code.
pub fn main() -> ExitCode {
    let args = Args::parse();
    let _logs = init_logging();
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
    runtime.block_on(run(args, rules))
}

async fn run(args: Args, rules: Rules) -> ExitCode {
    let source = match &args.cards {
        Some(dir) => format!("from {}", dir.display()),
        None => "embedded".to_string(),
    };
    let (pilots, upgrades) = (rules.db.pilots.len(), rules.db.upgrades.len());
    let indexes = match search_index(&rules) {
        Ok(indexes) => indexes,
        Err(e) => {
            eprintln!("merchant-one: cannot build the search index: {e}");
            return ExitCode::FAILURE;
        }
    };
    let app = match router(Arc::new(rules), indexes, &args) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("merchant-one: {e}");
            return ExitCode::FAILURE;
        }
    };
    let listener = match tokio::net::TcpListener::bind(args.addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("merchant-one: cannot listen on {}: {e}", args.addr);
            return ExitCode::FAILURE;
        }
    };
    println!(
        "merchant-one: {pilots} pilots and {upgrades} upgrades ({source}); listening on http://{}",
        args.addr
    );
    serve(listener, app, ListenLimits::default(), shutdown_signal()).await;
    ExitCode::SUCCESS
}
