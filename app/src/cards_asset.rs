//! The card database on both sides. The server has it in its context; the
//! browser downloads it once, as the hashed file the server names in each
//! page's head (`<meta name="card-asset">`, `app/src/server/card_asset.rs`),
//! and the HTTP cache keeps it.
//!
//! A page that shows cards marks its content `data-cards`; the browser
//! then loads the database before hydrating, so the hydrated page is the
//! server's page. A page without the mark never downloads it, and a page
//! reached by a link inside the app loads it on demand.

use std::borrow::Cow;
use std::sync::Arc;

use cards::catalog::{CardWords, Database, Formats, Translations};
use cards::lang::Lang;
use cards::squad::Rules;
use leptos::prelude::*;

/// The `<meta>` name whose content is the card asset's address.
pub const CARD_ASSET_META: &str = "card-asset";

/// What the card asset holds: the cards, and the formats squads are built
/// for. The formats come with the cards, as the server read them, so the
/// browser carries no CSV reader.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct CardAssetBody<'a> {
    pub cards: Cow<'a, Database>,
    pub formats: Cow<'a, Formats>,
    /// The card translations of the asset's language (none in English's):
    /// each language's asset is its own file, so a page downloads only
    /// its own language's words.
    pub words: Option<Cow<'a, Translations>>,
}

impl CardAssetBody<'_> {
    /// The rules engine over what the asset holds, and the cards' words.
    pub fn into_rules(self) -> (Rules, Option<CardWords>) {
        let words = self.words.map(|w| CardWords::new(&self.cards, &w));
        (
            Rules::new(self.cards.into_owned(), self.formats.into_owned()),
            words,
        )
    }
}

/// The address of each language's card asset, provided by the server to
/// the shell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardAssetPaths(pub Vec<(Lang, String)>);

impl CardAssetPaths {
    /// The address of `lang`'s asset.
    pub fn of(&self, lang: Lang) -> Option<&str> {
        self.0
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, p)| p.as_str())
    }
}

/// Every language's card words, made once on the server.
#[derive(Debug, Clone, Default)]
pub struct AllCardWords(pub Vec<Arc<CardWords>>);

/// The cards' words in the page's language: `None` in English, whose
/// words are the cards' own.
pub fn use_card_words() -> Option<Arc<CardWords>> {
    use_context::<CardDb>().and_then(|db| db.words.get_value())
}

/// Where this page's card database stands.
#[derive(Debug, Clone)]
pub enum CardsState {
    /// Not downloaded yet (the browser, after a link inside the app).
    Loading,
    /// The rules engine over the cards, made once and shared by every page.
    Ready(Arc<Rules>),
    Failed(String),
}

/// The card database for every page (a context made by `App`).
#[derive(Clone, Copy)]
pub struct CardDb {
    pub state: RwSignal<CardsState>,
    /// The cards' words in the page's language (fixed for the page: the
    /// language menu loads the other language's page whole).
    pub words: StoredValue<Option<Arc<CardWords>>>,
}

impl CardDb {
    /// The database as this side has it: the server's own, or what the
    /// browser loaded before hydrating.
    pub fn new(lang: Lang) -> Self {
        #[cfg(feature = "ssr")]
        let state = match use_context::<Arc<Rules>>() {
            Some(rules) => CardsState::Ready(rules),
            None => CardsState::Failed("the server has no card database".into()),
        };
        #[cfg(feature = "ssr")]
        let words = use_context::<AllCardWords>()
            .and_then(|all| all.0.iter().find(|w| w.lang() == lang).cloned());
        #[cfg(all(feature = "hydrate", not(feature = "ssr")))]
        let state = browser::preloaded().map_or(CardsState::Loading, CardsState::Ready);
        #[cfg(all(feature = "hydrate", not(feature = "ssr")))]
        let words = browser::preloaded_words().filter(|w| w.lang() == lang);
        // Neither side (a plain `cargo check`): nothing to load.
        #[cfg(not(any(feature = "ssr", feature = "hydrate")))]
        let (state, words) = {
            let _ = lang;
            (CardsState::Loading, None)
        };
        Self {
            state: RwSignal::new(state),
            words: StoredValue::new(words),
        }
    }

    /// Starts the download if this page still needs the cards (browser only).
    pub fn ensure_loaded(self) {
        #[cfg(all(feature = "hydrate", not(feature = "ssr")))]
        if matches!(self.state.get_untracked(), CardsState::Loading) {
            leptos::task::spawn_local(async move {
                let state = match browser::load().await {
                    Ok(rules) => CardsState::Ready(rules),
                    Err(e) => CardsState::Failed(e.to_string()),
                };
                self.state.set(state);
            });
        }
    }
}

/// Why the browser has no card database.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardDownloadError {
    #[error("the page does not name the card file")]
    NoAddress,
    #[error("the card file could not be downloaded ({0})")]
    Download(String),
    #[error("the card file could not be read ({0})")]
    Unreadable(String),
}

/// The browser's side: find the address, download, keep.
#[cfg(all(feature = "hydrate", not(feature = "ssr")))]
pub mod browser {
    use std::cell::RefCell;
    use std::sync::Arc;

    use cards::catalog::CardWords;
    use cards::squad::Rules;

    use super::{CARD_ASSET_META, CardAssetBody, CardDownloadError};

    thread_local! {
        static LOADED: RefCell<Option<Arc<Rules>>> = const { RefCell::new(None) };
        static WORDS: RefCell<Option<Arc<CardWords>>> = const { RefCell::new(None) };
    }

    /// The cards' words the asset carried (a page not in English).
    pub fn preloaded_words() -> Option<Arc<CardWords>> {
        WORDS.with(|w| w.borrow().clone())
    }

    /// The cards loaded before hydration, if any.
    pub fn preloaded() -> Option<Arc<Rules>> {
        LOADED.with(|l| l.borrow().clone())
    }

    /// Whether the server-rendered page shows cards (`data-cards`).
    pub fn page_shows_cards() -> bool {
        leptos::prelude::document()
            .query_selector("[data-cards]")
            .ok()
            .flatten()
            .is_some()
    }

    fn address() -> Result<String, CardDownloadError> {
        crate::browser::meta_content(CARD_ASSET_META).ok_or(CardDownloadError::NoAddress)
    }

    /// Downloads the database (once per page: later calls share it).
    pub async fn load() -> Result<Arc<Rules>, CardDownloadError> {
        if let Some(rules) = preloaded() {
            return Ok(rules);
        }
        let response = gloo_net::http::Request::get(&address()?)
            .send()
            .await
            .map_err(|e| CardDownloadError::Download(e.to_string()))?;
        if !response.ok() {
            return Err(CardDownloadError::Download(format!(
                "HTTP {}",
                response.status()
            )));
        }
        let bytes = response
            .binary()
            .await
            .map_err(|e| CardDownloadError::Download(e.to_string()))?;
        let body: CardAssetBody = postcard::from_bytes(&bytes)
            .map_err(|e| CardDownloadError::Unreadable(e.to_string()))?;
        // Reading the file and making the engine of it are each long work
        // on a slow phone: apart, neither holds a tap as long as both.
        crate::browser::next_task().await;
        let (rules, words) = body.into_rules();
        let rules = Arc::new(rules);
        LOADED.with(|l| *l.borrow_mut() = Some(rules.clone()));
        WORDS.with(|w| *w.borrow_mut() = words.map(Arc::new));
        Ok(rules)
    }
}
