//! `GET /api/cards` and `GET /api/search`: the card database, whole or
//! searched, in the language asked.

use std::sync::Arc;

use axum::extract::{Query, State};
use cards::catalog::{Database, ShortName, Translations};
use cards::lang::{Lang, UnknownLang};
use cards::query::{HitKind, SearchParams};
use serde::Serialize;
use validator::Validate;

use super::{ApiError, ApiState, ErrorBody, JsonAnswer, Prebuilt, PrebuiltError};

/// The answers of `GET /api/cards`, each written at start: English, and
/// each language of the shipped translations.
pub(super) struct CardAnswers {
    english: Prebuilt<Database>,
    translated: Vec<(Lang, Prebuilt<Database>)>,
}

impl CardAnswers {
    pub(super) fn new(
        db: &Database,
        translations: &[Translations],
    ) -> Result<CardAnswers, PrebuiltError> {
        Ok(CardAnswers {
            english: Prebuilt::of(db)?,
            translated: (translations.iter())
                .map(|t| Ok((t.language(), Prebuilt::of(&t.translate(db))?)))
                .collect::<Result<_, PrebuiltError>>()?,
        })
    }
}

/// The language a query's `lang` names (English without one), and the
/// query's other pairs. An unknown code, an empty one, one in capitals or
/// `lang` twice is the caller's fault.
fn take_lang(pairs: Vec<(String, String)>) -> Result<(Lang, Vec<(String, String)>), ApiError> {
    let (langs, rest): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|(key, _)| key == "lang");
    let lang = match langs.as_slice() {
        [] => Lang::En,
        // The code is echoed in the error: a stranger's, so cut short.
        [(_, code)] => {
            Lang::from_code(code).map_err(|_| UnknownLang(code.chars().take(20).collect()))?
        }
        _ => return Err(ApiError::LangTwice),
    };
    Ok((lang, rest))
}

/// The whole card database as JSON, in the language asked; each answer
/// made at start.
#[utoipa::path(
    get,
    path = "/api/cards",
    tag = "cards",
    params(
        ("lang" = Option<Lang>, Query, description = "The language of names and texts; English without it. Other parameters are ignored."),
    ),
    responses(
        (status = 200, description = "The whole card database (ids, XWS names, every field)", body = Database),
        (status = 400, description = "`lang` unknown, empty, in capitals or given twice", body = ErrorBody),
    ),
)]
pub(super) async fn cards(
    State(api): State<ApiState>,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<Prebuilt<Database>, ApiError> {
    let answers = &api.cards;
    Ok(match take_lang(query)?.0 {
        Lang::En => answers.english.clone(),
        lang => (answers.translated.iter())
            .find(|(l, _)| *l == lang)
            .map_or_else(|| answers.english.clone(), |(_, body)| body.clone()),
    })
}

/// One hit of a search.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct ApiHit {
    #[schema(value_type = String)]
    xws: ShortName,
    #[schema(value_type = String)]
    name: ShortName,
    kind: HitKind,
    #[schema(value_type = Option<String>)]
    slot: Option<ShortName>,
    score: f32,
    /// The text around the matched words, HTML-escaped, matches in `<b>`.
    snippet: String,
    /// The card's page, or the rules section's, in the language searched.
    url: String,
}

/// The API's answer to a search.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(super) struct ApiSearchAnswer {
    /// How many cards match in all.
    total: usize,
    /// This page's hits.
    hits: Vec<ApiHit>,
    /// When nothing matched as typed: each typed word with the cards'
    /// words it matched with a typo allowed.
    fuzzy: Option<Vec<(String, Vec<String>)>>,
    /// Whether the query did not parse and was read leniently.
    lenient: bool,
}

impl From<cards::query::Results> for ApiSearchAnswer {
    fn from(results: cards::query::Results) -> Self {
        ApiSearchAnswer {
            total: results.total,
            hits: (results.hits.into_iter())
                .map(|h| ApiHit {
                    xws: h.xws,
                    name: h.name,
                    kind: h.kind,
                    slot: h.slot,
                    score: h.score,
                    snippet: h.snippet,
                    url: h.url,
                })
                .collect(),
            fuzzy: results.fuzzy,
            lenient: results.lenient,
        }
    }
}

/// `lang` searches that language's index (names, snippets and addresses
/// in it); without it, English.
#[utoipa::path(
    get,
    path = "/api/search",
    tag = "cards",
    params(
        SearchParams,
        ("lang" = Option<Lang>, Query, description = "The language searched; English without it."),
    ),
    responses(
        (status = 200, description = "This page of hits", body = ApiSearchAnswer),
        (status = 400, description = "An unknown parameter or filter value, a query over 512 characters, `limit` or `page` out of 1 to 100, a bad `lang`", body = ErrorBody),
    ),
)]
pub(super) async fn search_cards(
    State(api): State<ApiState>,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<JsonAnswer<ApiSearchAnswer>, ApiError> {
    let (lang, query) = take_lang(query)?;
    let index = api.indexes.get(lang).clone();
    let params = SearchParams::from_pairs(query)?;
    if let Err(errors) = params.validate() {
        return Err(invalid_search(&errors));
    }
    let filters = params.filters(&api.rules.db)?;
    let (limit, offset) = params.page_window(API_PAGE_SIZE);
    let results = search_page(index, params, filters, limit, offset).await?;
    Ok(JsonAnswer(results.into()))
}

/// A search refused for its parameters (a limit or page out of range),
/// with every reason, joined.
fn invalid_search(errors: &validator::ValidationErrors) -> ApiError {
    let message = errors
        .field_errors()
        .values()
        .flat_map(|errors| errors.iter())
        .filter_map(|e| e.message.as_ref().map(|m| m.to_string()))
        .collect::<Vec<_>>()
        .join("; ");
    ApiError::Invalid(message)
}

/// Hits an API search answer holds when its `limit` does not say (the
/// search page's own is `pages::search::PAGE_SIZE`); `page` counts in
/// these (`SearchParams::page_window`).
const API_PAGE_SIZE: usize = 20;

/// The page of hits of a search. A large index is searched on a blocking
/// thread: a 100,000-card set takes a good part of a millisecond, which
/// async tasks must not spend. A small one is searched here: handing it off
/// cost more than the search (the profile of this route under wrk).
async fn search_page(
    index: Arc<search::CardIndex>,
    params: SearchParams,
    filters: cards::query::Filters,
    limit: usize,
    offset: usize,
) -> Result<cards::query::Results, ApiError> {
    if index.is_small() {
        Ok(index.search_page(&params.q, &filters, limit, offset)?)
    } else {
        Ok(tokio::task::spawn_blocking(move || {
            index.search_page(&params.q, &filters, limit, offset)
        })
        .await
        .map_err(|_| ApiError::Stopped("search"))??)
    }
}
