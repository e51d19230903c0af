//! Card search as plain data, shared by the server's index (the `search`
//! crate, tantivy) and the search page in the browser: what a search asks
//! (text and filters, read from an address or an API call) and what it
//! answers.
//!
//! ```
//! use cards::query::{HitKind, SearchParams};
//! let db = cards::catalog::Database::embedded().unwrap();
//! let params = SearchParams::from_pairs([("q", "energy"), ("kind", "upgrade"), ("unique", "yes")]).unwrap();
//! let filters = params.filters(&db).unwrap();
//! assert_eq!(filters.kind, Some(HitKind::Upgrade));
//! assert_eq!(filters.unique, Some(true));
//! assert_eq!(params.to_query(), "q=energy&kind=upgrade&unique=yes");
//! assert!(SearchParams::from_pairs([("colour", "red")]).is_err());
//! ```

use serde::{Deserialize, Serialize};
use validator::Validate;

use crate::address::{
    Address, AddressError, Refusal, UnknownKeys, knob, optional_number, optional_text,
};
use crate::catalog::{Database, ShipSize, ShortName};

/// The longest query text the API accepts (the page cuts longer text).
pub const MAX_QUERY_CHARS: usize = 512;
/// The most hits one answer holds.
pub const MAX_LIMIT: usize = 100;
/// The last page a search address may ask for: with [`MAX_LIMIT`] hits a
/// page, the search never ranks more than 10,000 hits for one answer.
pub const MAX_PAGE: usize = 100;

/// What a search result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum HitKind {
    Pilot,
    Upgrade,
    Ship,
    /// A section of the rules reference.
    Rule,
}

impl HitKind {
    /// Every kind, in the order the filters list them.
    pub const ALL: [HitKind; 4] = [
        HitKind::Pilot,
        HitKind::Upgrade,
        HitKind::Ship,
        HitKind::Rule,
    ];

    /// The word the address and the API use for it.
    pub fn as_str(self) -> &'static str {
        match self {
            HitKind::Pilot => "pilot",
            HitKind::Upgrade => "upgrade",
            HitKind::Ship => "ship",
            HitKind::Rule => "rule",
        }
    }

    /// Reads the word [`HitKind::as_str`] writes.
    pub fn parse(s: &str) -> Option<HitKind> {
        HitKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// How the page names the kind.
    pub fn label(self) -> &'static str {
        match self {
            HitKind::Pilot => "Pilots",
            HitKind::Upgrade => "Upgrades",
            HitKind::Ship => "Ships",
            HitKind::Rule => "Rules",
        }
    }
}

/// Narrowing a search; `None` means any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Filters {
    /// Faction XWS name: pilots of it, ships it fields, upgrades it may equip.
    pub faction: Option<String>,
    pub kind: Option<HitKind>,
    /// Slot XWS name (upgrades of that type).
    pub slot: Option<String>,
    /// Ship XWS name: its pilots, the ship, upgrades restricted to it.
    pub ship: Option<String>,
    pub unique: Option<bool>,
    pub limited: Option<bool>,
    pub huge_only: Option<bool>,
    pub min_points: Option<i64>,
    pub max_points: Option<i64>,
    /// Pilots and ships of this size, upgrades only for it.
    pub size: Option<ShipSize>,
    /// Pilot skill from..to (pilots only).
    pub skill: Option<(u64, u64)>,
}

/// The pilot-skill bands the search counts hits in (`skill=3-5`).
pub const SKILL_BANDS: [(u64, u64); 4] = [(0, 2), (3, 5), (6, 8), (9, 12)];

/// The points bands the search counts hits in (`min_points`, `max_points`).
pub const POINT_BANDS: [(i64, i64); 6] = [(0, 0), (1, 3), (4, 7), (8, 15), (16, 30), (31, 200)];

/// A band as the address writes it: `3-5`.
pub fn band_code<T: std::fmt::Display>(band: (T, T)) -> String {
    format!("{}-{}", band.0, band.1)
}

/// Reads a band (`3-5`) or a single value (`4`).
///
/// ```
/// assert_eq!(cards::query::parse_band("3-5"), Some((3, 5)));
/// assert_eq!(cards::query::parse_band("4"), Some((4, 4)));
/// assert_eq!(cards::query::parse_band("5-3"), None);
/// ```
pub fn parse_band(text: &str) -> Option<(u64, u64)> {
    let (lo, hi) = text.split_once('-').unwrap_or((text, text));
    let (lo, hi) = (lo.trim().parse().ok()?, hi.trim().parse().ok()?);
    (lo <= hi).then_some((lo, hi))
}

impl Filters {
    /// Checks each value against the card set: an unknown faction, slot or
    /// ship is an error naming the values that exist.
    pub fn check(&self, db: &Database) -> Result<(), QueryError> {
        let known = |what: &'static str, value: &Option<String>, values: Vec<&str>| match value {
            Some(v) if !values.contains(&v.as_str()) => Err(QueryError::Unknown {
                what,
                value: v.chars().take(40).collect(),
                known: values.join(", "),
            }),
            _ => Ok(()),
        };
        known(
            "faction",
            &self.faction,
            db.factions.iter().map(|f| f.xws.as_str()).collect(),
        )?;
        known(
            "slot",
            &self.slot,
            db.slots.iter().map(|s| s.xws.as_str()).collect(),
        )?;
        known(
            "ship",
            &self.ship,
            db.ships.iter().map(|s| s.xws.as_str()).collect(),
        )?;
        if let (Some(min), Some(max)) = (self.min_points, self.max_points)
            && min > max
        {
            return Err(QueryError::EmptyPointsRange { min, max });
        }
        Ok(())
    }

    /// Whether any filter is set.
    pub fn is_empty(&self) -> bool {
        *self == Filters::default()
    }
}

/// A search as an address or the API gives it: every value as text, so a
/// shared address with a value this card set lacks still opens and says so.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize, Validate)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema, utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
#[serde(deny_unknown_fields)]
pub struct SearchParams {
    #[serde(default)]
    #[validate(length(max = 512, message = "the query is over 512 characters"))]
    pub q: String,
    pub faction: Option<String>,
    pub kind: Option<String>,
    pub slot: Option<String>,
    pub ship: Option<String>,
    /// `yes` or `no`.
    pub unique: Option<String>,
    pub limited: Option<String>,
    pub huge: Option<String>,
    pub min_points: Option<i64>,
    pub max_points: Option<i64>,
    /// `small`, `large` or `huge`.
    pub size: Option<String>,
    /// A pilot-skill band, `3-5`, or one value.
    pub skill: Option<String>,
    #[validate(range(min = 1, max = 100, message = "limit must be 1 to 100"))]
    pub limit: Option<usize>,
    /// Which page of `limit` hits, from 1.
    #[validate(range(min = 1, max = 100, message = "page must be 1 to 100"))]
    pub page: Option<usize>,
}

/// A search that cannot be run as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    #[error(transparent)]
    Address(#[from] AddressError),
    #[error("unknown {what} `{value}`; known: {known}")]
    Unknown {
        what: &'static str,
        value: String,
        known: String,
    },
    #[error("the points range {min} to {max} is empty")]
    EmptyPointsRange { min: i64, max: i64 },
    #[error("{name} must be yes or no, not `{value}`")]
    NotYesOrNo { name: &'static str, value: String },
    #[error("skill is a number or a range such as 3-5, not `{value}`")]
    NotABand { value: String },
}

fn yes_no_any(name: &'static str, value: &Option<String>) -> Result<Option<bool>, QueryError> {
    match value.as_deref() {
        None | Some("") | Some("any") => Ok(None),
        Some("yes" | "true") => Ok(Some(true)),
        Some("no" | "false") => Ok(Some(false)),
        Some(other) => Err(QueryError::NotYesOrNo {
            name,
            value: other.chars().take(20).collect(),
        }),
    }
}

/// A count of hits or pages as the address writes it; the range itself is
/// checked with the rest (`SearchParams`'s `validate`).
fn one_to_a_hundred(v: &str) -> Result<Option<usize>, Refusal> {
    optional_number(v).map_err(|_| Refusal::NotOneOf("a whole number from 1 to 100"))
}

/// The search address: every parameter's query key and JSON name (they
/// are the same: the API takes the address's own query).
pub static SEARCH_ADDRESS: Address<SearchParams> = Address {
    knobs: &[
        knob!("q" => q, read: |v| Ok(v.to_string()), write: |q| optional_text(q)),
        knob!("faction" => faction, optional_text),
        knob!("kind" => kind, optional_text),
        knob!("slot" => slot, optional_text),
        knob!("ship" => ship, optional_text),
        knob!("unique" => unique, optional_text),
        knob!("limited" => limited, optional_text),
        knob!("huge" => huge, optional_text),
        knob!("min_points" => min_points, optional_number),
        knob!("max_points" => max_points, optional_number),
        knob!("size" => size, optional_text),
        knob!("skill" => skill, optional_text),
        knob!("limit" => limit,
            read: one_to_a_hundred,
            write: |n| n.map(|n| n.to_string())),
        knob!("page" => page,
            read: one_to_a_hundred,
            // Page 1 is the address without a page.
            write: |p| p.filter(|&n| n > 1).map(|n| n.to_string())),
    ],
    unknown_keys: UnknownKeys::Refuse,
};

impl SearchParams {
    /// The one paging rule of every search: the hits this page holds
    /// (`limit`, else `default_size`, within 1 to [`MAX_LIMIT`]) and how
    /// many come before its first (its page within 1 to [`MAX_PAGE`]).
    /// Each entry point names its own default beside it: the search page
    /// and its server function 50, the API 20.
    ///
    /// ```
    /// use cards::query::SearchParams;
    /// let p = SearchParams { page: Some(2), ..SearchParams::default() };
    /// assert_eq!(p.page_window(50), (50, 50));
    /// assert_eq!(p.page_window(20), (20, 20));
    /// let p = SearchParams { limit: Some(500), page: Some(1000), ..p };
    /// assert_eq!(p.page_window(20), (100, 9_900));
    /// ```
    pub fn page_window(&self, default_size: usize) -> (usize, usize) {
        let size = self.limit.unwrap_or(default_size).clamp(1, MAX_LIMIT);
        (size, (self.page.unwrap_or(1).clamp(1, MAX_PAGE) - 1) * size)
    }

    /// Reads `key=value` pairs (an address's query); an unknown key or a
    /// number that is not one is an error.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<SearchParams, QueryError> {
        Ok(SEARCH_ADDRESS.read(pairs)?)
    }

    /// The filters, each value checked against the card set.
    pub fn filters(&self, db: &Database) -> Result<Filters, QueryError> {
        let kind = match self.kind.as_deref() {
            None => None,
            Some(k) => Some(HitKind::parse(k).ok_or_else(|| QueryError::Unknown {
                what: "kind",
                value: k.chars().take(20).collect(),
                known: "pilot, upgrade, ship, rule".into(),
            })?),
        };
        let filters = Filters {
            faction: self.faction.clone(),
            kind,
            slot: self.slot.clone(),
            ship: self.ship.clone(),
            unique: yes_no_any("unique", &self.unique)?,
            limited: yes_no_any("limited", &self.limited)?,
            huge_only: yes_no_any("huge", &self.huge)?,
            min_points: self.min_points,
            max_points: self.max_points,
            size: match self.size.as_deref() {
                None => None,
                Some(v) => Some(ShipSize::parse(v).ok_or_else(|| QueryError::Unknown {
                    what: "size",
                    value: v.chars().take(20).collect(),
                    known: "small, large, huge".into(),
                })?),
            },
            skill: match self.skill.as_deref() {
                None => None,
                Some(v) => Some(parse_band(v).ok_or_else(|| QueryError::NotABand {
                    value: v.chars().take(20).collect(),
                })?),
            },
        };
        filters.check(db)?;
        Ok(filters)
    }

    /// The search as an address query (empty values left out).
    pub fn to_query(&self) -> String {
        SEARCH_ADDRESS.write(self)
    }
}

/// One search result. Its names are short, so they are kept inline and a
/// search copies them without allocating (`ShortName`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Hit {
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub xws: ShortName,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub name: ShortName,
    pub kind: HitKind,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub slot: Option<ShortName>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub ship: Option<ShortName>,
    pub points: Option<i64>,
    pub score: f32,
    /// The text around the matched words, HTML-escaped, matches in `<b>`.
    pub snippet: String,
    /// The card's page (or the rules section).
    pub url: String,
}

/// What a search found.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Results {
    /// Every match, beyond the hits returned.
    pub total: usize,
    /// How many of the matches rank before the first hit returned (the
    /// hits of the pages before).
    #[serde(default)]
    pub offset: usize,
    pub hits: Vec<Hit>,
    /// Set when nothing matched as typed and typo-tolerant matching was
    /// used: each typed word with the words of the cards it matched.
    pub fuzzy: Option<Vec<(String, Vec<String>)>>,
    /// Set when no card had every word, so cards with any of them were
    /// found, those with the most (and the rarest) first.
    #[serde(default)]
    pub some_words: bool,
    /// Set when the query did not parse and was read leniently.
    pub lenient: bool,
    /// Set when the query was longer than [`MAX_QUERY_CHARS`] and cut.
    pub truncated: bool,
}

impl Results {
    /// What the page says about how the query was read: with a typo
    /// allowed per word, leniently, or cut to [`MAX_QUERY_CHARS`].
    pub fn note(&self) -> Option<String> {
        let quoted = |words: &[String]| {
            words
                .iter()
                .map(|w| format!("“{w}”"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (&self.fuzzy, self.lenient, self.truncated) {
            (Some(words), _, _) => Some(format!(
                "Nothing matched as typed, so one typo per word was allowed: {}.",
                words
                    .iter()
                    .map(|(typed, near)| {
                        let matched = if near.is_empty() {
                            "nothing".to_string()
                        } else {
                            quoted(near)
                        };
                        format!("“{typed}” matched {matched}")
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
            (None, _, _) if self.some_words => Some(
                "No card has every word, so cards with any of them are listed, those with the most first."
                    .to_string(),
            ),
            (None, true, _) => Some(
                "The query's syntax was not understood; its words were searched instead."
                    .to_string(),
            ),
            (None, false, true) => Some(format!(
                "Only the first {MAX_QUERY_CHARS} characters were searched."
            )),
            _ => None,
        }
    }

    /// How many matched, and how many are shown.
    ///
    /// ```
    /// let mut r = cards::query::Results::default();
    /// assert_eq!(r.count_line(), "No card matches.");
    /// r.total = 56;
    /// r.offset = 100;
    /// assert_eq!(r.count_line(), "56 results; this page is past the last");
    /// ```
    pub fn count_line(&self) -> String {
        let (first, last) = (self.offset + 1, self.offset + self.hits.len());
        match (self.total, self.hits.len()) {
            (0, _) => "No card matches.".to_string(),
            (1, _) => "1 result".to_string(),
            (t, 0) => format!("{t} results; this page is past the last"),
            (t, s) if s < t => format!("{t} results, {first} to {last} shown"),
            (t, _) => format!("{t} results"),
        }
    }

    /// Whether hits rank after this page's last.
    pub fn more_after(&self) -> bool {
        self.offset + self.hits.len() < self.total
    }
}

/// How many hits each filter value would leave, the other filters kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FilterCounts {
    pub faction: Vec<(String, usize)>,
    pub kind: Vec<(HitKind, usize)>,
    pub slot: Vec<(String, usize)>,
    pub ship: Vec<(String, usize)>,
    pub unique: Vec<(bool, usize)>,
    pub limited: Vec<(bool, usize)>,
    pub huge_only: Vec<(bool, usize)>,
    /// By ship size: `small`, `large`, `huge`.
    #[serde(default)]
    pub size: Vec<(String, usize)>,
    /// By [`SKILL_BANDS`], as [`band_code`] writes them.
    #[serde(default)]
    pub skill: Vec<(String, usize)>,
    /// By [`POINT_BANDS`], as [`band_code`] writes them.
    #[serde(default)]
    pub points: Vec<(String, usize)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_search_knob_names_a_json_field() {
        let every = SearchParams {
            q: "energy".into(),
            faction: Some("scum".into()),
            kind: Some("upgrade".into()),
            slot: Some("crew".into()),
            ship: Some("croccruiser".into()),
            unique: Some("yes".into()),
            limited: Some("no".into()),
            huge: Some("yes".into()),
            min_points: Some(1),
            max_points: Some(9),
            size: Some("huge".into()),
            skill: Some("3-5".into()),
            limit: Some(5),
            page: Some(2),
        };
        crate::address::assert_table(&SEARCH_ADDRESS, &every);
        let query = every.to_query();
        let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect();
        assert_eq!(SearchParams::from_pairs(pairs).unwrap(), every);
    }

    #[test]
    fn a_page_says_which_results_it_shows() {
        let hit = Hit {
            xws: "x".into(),
            name: "X".into(),
            kind: HitKind::Upgrade,
            slot: None,
            ship: None,
            points: None,
            score: 1.0,
            snippet: String::new(),
            url: "/cards/x".into(),
        };
        let mut r = Results {
            total: 56,
            hits: vec![hit; 50],
            ..Results::default()
        };
        assert_eq!(r.count_line(), "56 results, 1 to 50 shown");
        assert!(r.more_after());
        r.offset = 50;
        r.hits.truncate(6);
        assert_eq!(r.count_line(), "56 results, 51 to 56 shown");
        assert!(!r.more_after());
        let page = |n| SearchParams {
            page: Some(n),
            limit: Some(20),
            ..SearchParams::default()
        };
        assert_eq!(page(1).page_window(50), (20, 0));
        assert_eq!(page(3).page_window(50), (20, 40));
        assert_eq!(
            page(1000).page_window(50),
            (20, 99 * 20),
            "past MAX_PAGE is the last page"
        );
        let unsized_page = SearchParams {
            limit: None,
            ..page(2)
        };
        assert_eq!(unsized_page.page_window(50), (50, 50), "the default");
        let zero = SearchParams {
            limit: Some(0),
            ..page(1)
        };
        assert_eq!(zero.page_window(50), (1, 0), "at least one hit");
    }

    #[test]
    fn the_note_says_how_the_query_was_read() {
        let mut r = Results {
            fuzzy: Some(vec![
                ("enrgy".into(), vec!["energy".into()]),
                ("zzz".into(), vec![]),
            ]),
            ..Results::default()
        };
        assert_eq!(
            r.note().unwrap(),
            "Nothing matched as typed, so one typo per word was allowed: “enrgy” matched “energy”; “zzz” matched nothing."
        );
        r.fuzzy = None;
        assert_eq!(r.note(), None);
        r.truncated = true;
        assert!(r.note().unwrap().contains("512"));
    }

    #[test]
    fn bad_parameters_are_named() {
        let said = |k: &str, v: &str| SearchParams::from_pairs([(k, v)]).unwrap_err().to_string();
        assert_eq!(
            said("min_points", "x"),
            "`min_points` must be a whole number, not `x`"
        );
        assert!(said("colour", "red").starts_with("unknown parameter `colour`; known: q, faction"));
        let db = Database::embedded().unwrap();
        let params = SearchParams::from_pairs([("unique", "maybe")]).unwrap();
        assert_eq!(
            params.filters(&db).unwrap_err().to_string(),
            "unique must be yes or no, not `maybe`"
        );
    }
}
