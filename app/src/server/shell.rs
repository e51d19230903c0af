//! The whole HTML document around the app, rendered on the server and
//! never hydrated: its head names the site's files by the names the build
//! gave them (`site::SitePaths`) and the card database's address.

use leptos::prelude::*;
use leptos::tachys::html::attribute::custom::CustomAttribute;
use leptos_meta::MetaTags;

use cards::lang::Lang;

use super::site::SitePaths;
use crate::app::{App, page_shows_cards};
use crate::cards_asset::{CARD_ASSET_META, CardAssetPaths};
use crate::i18n::STRINGS_ASSET_META;
use crate::public_base::PublicBase;
use crate::server::strings_asset::StringsAssetPaths;

/// The document of a page. Its Content-Security-Policy is set once the
/// page is written: it names the page's inline scripts by hash
/// (`headers::page_script_policy`).
pub fn shell(options: LeptosOptions, site: SitePaths) -> impl IntoView {
    let parts = use_context::<axum::http::request::Parts>();
    let shows_cards = parts
        .as_ref()
        .is_some_and(|parts| page_shows_cards(parts.uri.path()));
    let path = parts.as_ref().map_or("/", |p| p.uri.path()).to_string();
    let query = parts
        .as_ref()
        .and_then(|p| p.uri.query())
        .map(str::to_string);
    let lang = Lang::from_path(&path).0;
    view! {
        <!DOCTYPE html>
        <html lang=lang.code()>
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1" />
                <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
                <link rel="manifest" href="/manifest.webmanifest" />
                <meta name="theme-color" content="#8a3b12" />
                // The address this HTML was drawn for: a page the service
                // worker answers with another address's HTML (a squad link
                // never seen, offline) draws itself afresh (hydrate.js).
                <meta name="rendered-for" content=rendered_for(&path, query.as_deref()) />
                <link id="leptos" rel="stylesheet" href=site.stylesheet.clone() />
                {hydration_script(&options, &site)}
                {icon_font_preload(&site, shows_cards)}
                {card_asset_meta(lang)}
                {strings_asset_meta(lang)}
                {language_links(&path, query.as_deref())}
                <MetaTags />
            </head>
            <body>
                <App />
                {update_notice(lang)}
            </body>
        </html>
    }
}

/// The script that hydrates the page, started once the page has loaded and
/// the browser is idle (at most 2 s later): on a slow phone the page's own
/// text, styles and fonts come first, and nothing the player sees waits for
/// the wasm. Leptos's `HydrationScripts` would also preload the JavaScript
/// and the wasm from the head, which put half a megabyte on the first
/// paint's path under Lighthouse's throttling, and reads the file names
/// from beside the executable; the names come from the site instead.
///
/// Nor does the head preload a lazy page's split modules (Leptos does so
/// when it is given the split manifest, which is why it is not), the card
/// asset or the language's strings: it names them (`meta`), and
/// hydrate.js fetches them when it starts, beside the wasm. Preloaded, the
/// 100 to 220 KB they weigh on /rules/huge-ships and /play came before the
/// first paint on a slow phone (issue 60: Lighthouse's LCP 3.3 s, 1.2 to
/// 1.6 s without them); left to the wasm, they came after it, one after
/// another.
fn hydration_script(options: &LeptosOptions, site: &SitePaths) -> impl IntoView + use<> {
    provide_context(site.route_modules.clone());
    let call = format!(
        "({})({:?}, {:?}, {:?});",
        include_str!("../hydrate.js")
            .trim_end()
            .trim_end_matches(';'),
        format!("/{}", options.site_pkg_dir),
        site.script,
        site.wasm,
    );
    leptos::html::script().r#type("module").child(call)
}

/// The longest address repeated in the page: a longer one (a stranger's
/// thousand-word query) is not echoed; the page is drawn afresh instead.
const RENDERED_FOR_LIMIT: usize = 4096;

/// The path and query a page was rendered for, as `location` gives them;
/// empty past [`RENDERED_FOR_LIMIT`].
fn rendered_for(path: &str, query: Option<&str>) -> String {
    let address = match query {
        Some(q) if !q.is_empty() => format!("{path}?{q}"),
        _ => path.to_string(),
    };
    if address.len() > RENDERED_FOR_LIMIT {
        String::new()
    } else {
        address
    }
}

/// "A new version is ready", hidden until the service worker has a new
/// release waiting (hydrate.js shows it); never a reload behind the
/// player's back, which could lose a squad in work.
fn update_notice(lang: Lang) -> impl IntoView + use<> {
    let l = crate::lang::locale(lang);
    view! {
        <div id="update-ready" class="update-ready" role="status" hidden>
            {crate::i18n::td_string!(l, common.update_ready)}
            " "
            <button type="button" id="update-reload">
                {crate::i18n::td_string!(l, common.update_reload)}
            </button>
        </div>
    }
}

/// A page that shows cards draws their symbols in the icon font: it is
/// fetched with the stylesheet rather than once the stylesheet is read, so
/// text with a symbol is not painted late.
fn icon_font_preload(site: &SitePaths, shows_cards: bool) -> Option<impl IntoView + use<>> {
    let href = site.icon_font.clone().filter(|_| shows_cards)?;
    Some(
        leptos::html::link()
            .rel("preload")
            .href(href)
            .attr("as", "font")
            .attr("type", "font/woff2")
            .crossorigin("anonymous"),
    )
}

/// The card asset's address, which hydrate.js fetches when it starts on a
/// page that shows cards (`data-cards`) and the wasm reads from there.
fn card_asset_meta(lang: Lang) -> Option<impl IntoView + use<>> {
    let paths = use_context::<CardAssetPaths>()?;
    let path = paths.of(lang).or_else(|| paths.of(Lang::En))?.to_string();
    Some(view! { <meta name=CARD_ASSET_META content=path /> })
}

/// A page not in English names its language's strings asset, which
/// hydrate.js fetches when it starts and the wasm reads before it
/// hydrates.
fn strings_asset_meta(lang: Lang) -> Option<impl IntoView + use<>> {
    let paths = use_context::<StringsAssetPaths>()?;
    let path = paths.of(lang)?.to_string();
    Some(view! { <meta name=STRINGS_ASSET_META content=path /> })
}

/// The longest query the language links keep (a squad link's code is
/// far shorter).
pub const KEPT_QUERY_BYTES: usize = 2048;

/// The page's canonical address and its address in each language, for
/// search engines: `hreflang` for all eight, and `x-default` (English,
/// which has no prefix). The query is the page's content (a squad, a
/// search), so it is kept.
fn language_links(path: &str, query: Option<&str>) -> impl IntoView + use<> {
    let base = use_context::<PublicBase>().map_or(String::new(), |b| b.0);
    let base = base.trim_end_matches('/').to_string();
    let (lang, rest) = Lang::from_path(path);
    // A query is kept up to a squad link's length: a stranger's long query
    // is not copied into nine links of every page's head.
    let address = match query.filter(|q| q.len() <= KEPT_QUERY_BYTES) {
        Some(q) => format!("{rest}?{q}"),
        None => rest.to_string(),
    };
    let alternates = Lang::ALL.map(|other| {
        leptos::html::link()
            .rel("alternate")
            .hreflang(other.code())
            .href(format!("{base}{}", other.localize(&address)))
    });
    view! {
        <link rel="canonical" href=format!("{base}{}", lang.localize(&address)) />
        {alternates}
        <link rel="alternate" hreflang="x-default" href=format!("{base}{address}") />
    }
}
