//! The application: navigation and routes. The document around it is the
//! server's (`server::shell`).

use leptos::prelude::*;
use leptos_meta::{Title, provide_meta_context};
use leptos_router::components::{A, FlatRoutes, Route, Router};
use leptos_router::{
    Lazy, ParamSegment, SsrMode, StaticSegment, any_nested_route::IntoAnyNestedRoute,
};

use crate::cards_asset::CardDb;
use crate::components::LanguageMenu;
use crate::i18n::{I18n, t, t_string};
use crate::lang::{href, locale, provide_page_lang, use_i18n};
use crate::pages::builder::BuilderPage;
use crate::pages::home::HomePage;
use crate::pages::lazy::{
    CardRoute, CardsRoute, CollectionRoute, PlayRoute, PrintRoute, RulesDocumentRoute,
    RulesIndexRoute, SearchRoute, ShelfRoute,
};
use crate::pages::not_found::NotFound;
use crate::simulators::PLACES;

/// Whether the page at `path` shows cards, so its head asks for the icon
/// font at once (`<link rel="preload">`): their symbols are drawn in it.
/// The browser loads the cards for any page marked `data-cards` whatever
/// this says. `app/tests/server.rs` checks it against the pages' marks.
pub fn page_shows_cards(path: &str) -> bool {
    let (_, path) = cards::lang::Lang::from_path(path);
    match path.trim_end_matches('/') {
        "/build" | "/cards" | "/search" | "/play" => true,
        p if p.starts_with("/cards/") => true,
        p => p.strip_prefix("/rules/").is_some_and(|doc| {
            PLACES
                .iter()
                .any(|(d, _, simulator)| *d == doc && simulator.needs_cards())
        }),
    }
}

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
    view! {
        <Title formatter=page_title />
        <Router>
            <SiteFrame />
        </Router>
    }
}

/// Everything beneath the router: the page's language read from its
/// address, the header with the language menu, the pages in every
/// language, the footer.
#[component]
fn SiteFrame() -> impl IntoView {
    let lang = provide_page_lang();
    provide_context(CardDb::new(lang.get_untracked()));
    let i18n = I18n::new(Signal::derive(move || locale(lang.get())));
    provide_context(i18n);
    view! {
        <SiteHeader />
        <main>
            <FlatRoutes fallback=NotFound>
                <PageRoutes prefix="" />
                <PageRoutes prefix="de" />
                <PageRoutes prefix="es" />
                <PageRoutes prefix="fr" />
                <PageRoutes prefix="ru" />
                <PageRoutes prefix="pl" />
                <PageRoutes prefix="hu" />
                <PageRoutes prefix="tr" />
            </FlatRoutes>
        </main>
        <footer class="site-footer">
            {t!(i18n, common.footer_about)} {t!(i18n, common.footer_data)}
        </footer>
    }
}

/// The site's name, its sections and the language menu, in one row.
///
/// On a phone the sections fold into a menu (`style/main.css`, under
/// 40rem), so the header stays one row of at most 56 px in every
/// language and the squad starts in the first screen (issue 60). The
/// menu is a `<details>`: it opens before the page hydrates, from the
/// keyboard, and a screen reader says whether it is open.
#[component]
fn SiteHeader() -> impl IntoView {
    let i18n = use_i18n();
    let menu = NodeRef::<leptos::html::Details>::new();
    // A link followed inside the page leaves the page's header in place:
    // the menu closes, as a new page's would be.
    let close = move |_| {
        if let Some(menu) = menu.get_untracked() {
            menu.set_open(false);
        }
    };
    view! {
        <header class="site-header">
            <A href=href("/") attr:class="brand">
                {t!(i18n, common.brand)}
            </A>
            <nav class="site-nav" aria-label=move || t_string!(i18n, common.nav_label)>
                <div class="site-links">
                    <SectionLinks />
                </div>
                <details class="site-menu" node_ref=menu>
                    <summary>{t!(i18n, common.nav_menu)}</summary>
                    <div class="site-menu-links" on:click=close>
                        <SectionLinks />
                    </div>
                </details>
            </nav>
            <LanguageMenu />
        </header>
    }
}

/// The site's sections: the row on a wide screen, the menu on a phone
/// (only one of them is shown, and read, at a time).
#[component]
fn SectionLinks() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <A href=href("/build")>{t!(i18n, common.nav_builder)}</A>
        <A href=href("/cards")>{t!(i18n, common.nav_cards)}</A>
        <A href=href("/search")>{t!(i18n, common.nav_search)}</A>
        <A href=href("/rules")>{t!(i18n, common.nav_rules)}</A>
        <A href=href("/collection")>{t!(i18n, common.nav_collection)}</A>
    }
}

/// Every page of one language, beneath its prefix (`""` for English).
/// Each page but the home page and the builder loads its code when shown
/// (crate::pages::lazy).
///
/// The routes are flat (`FlatRoutes`), each with its language's prefix,
/// not nested beneath a route per language: the nested router hydrates a
/// lazily loaded page in one task once its code is in, where the flat one
/// hydrates it asynchronously, so a part hydrated apart
/// (`components::hydrate_apart`) gives the browser a turn (issue 60).
#[component(transparent)]
fn PageRoutes(prefix: &'static str) -> impl MatchNestedRoutes + Clone {
    let at = move |page: &'static str| (StaticSegment(prefix), StaticSegment(page));
    let one_of = move |page: &'static str, name: &'static str| {
        (
            StaticSegment(prefix),
            StaticSegment(page),
            ParamSegment(name),
        )
    };
    let cards_page = Lazy::<CardsRoute>::new();
    let card_page = Lazy::<CardRoute>::new();
    let shelf_page = Lazy::<ShelfRoute>::new();
    let search_page = Lazy::<SearchRoute>::new();
    let rules_index = Lazy::<RulesIndexRoute>::new();
    let rules_document = Lazy::<RulesDocumentRoute>::new();
    let collection_page = Lazy::<CollectionRoute>::new();
    let print_page = Lazy::<PrintRoute>::new();
    let play_page = Lazy::<PlayRoute>::new();
    view! {
        <Route path=at("") view=HomePage />
        <Route path=at("cards") view=cards_page />
        // Rendered whole before answering, so an unknown card or
        // shelf answers 404.
        <Route path=one_of("cards", "xws") view=card_page ssr=SsrMode::Async />
        <Route
            path=(
                StaticSegment(prefix),
                StaticSegment("cards"),
                ParamSegment("group"),
                ParamSegment("item"),
            )
            view=shelf_page
            ssr=SsrMode::Async
        />
        // Rendered whole, so a shared link's title and preview tags are in the head.
        <Route path=at("build") view=BuilderPage ssr=SsrMode::Async />
        // Rendered whole: a printout opened from a shared link.
        <Route
            path=(StaticSegment(prefix), StaticSegment("build"), StaticSegment("print"))
            view=print_page
            ssr=SsrMode::Async
        />
        <Route path=at("play") view=play_page />
        <Route path=at("search") view=search_page />
        <Route path=at("collection") view=collection_page />
        <Route path=at("rules") view=rules_index />
        // Rendered whole, so an unknown document answers 404 and the
        // simulators' results are in the HTML of a shared address.
        <Route path=one_of("rules", "doc") view=rules_document ssr=SsrMode::Async />
    }
    .into_inner()
    .into_any_nested_route()
}
