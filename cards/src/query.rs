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

use crate::catalog::Database;

/// The longest query text the API accepts (the page cuts longer text).
pub const MAX_QUERY_CHARS: usize = 512;
/// The most hits one answer holds.
pub const MAX_LIMIT: usize = 100;

/// What a search result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HitKind {
    Pilot,
    Upgrade,
    Ship,
    /// A section of the rules reference.
    Rule,
}

impl HitKind {
    pub const ALL: [HitKind; 4] = [
        HitKind::Pilot,
        HitKind::Upgrade,
        HitKind::Ship,
        HitKind::Rule,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            HitKind::Pilot => "pilot",
            HitKind::Upgrade => "upgrade",
            HitKind::Ship => "ship",
            HitKind::Rule => "rule",
        }
    }

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
}

impl Filters {
    /// Checks each value against the card set: an unknown faction, slot or
    /// ship is an error naming the values that exist.
    pub fn check(&self, db: &Database) -> Result<(), String> {
        let known = |what: &str, value: &Option<String>, values: Vec<&str>| match value {
            Some(v) if !values.contains(&v.as_str()) => Err(format!(
                "unknown {what} `{}`; known: {}",
                v.chars().take(40).collect::<String>(),
                values.join(", ")
            )),
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
            return Err(format!("the points range {min} to {max} is empty"));
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
    #[validate(range(min = 1, max = 100, message = "limit must be 1 to 100"))]
    pub limit: Option<usize>,
}

fn flag(name: &str, value: &Option<String>) -> Result<Option<bool>, String> {
    match value.as_deref() {
        None | Some("") | Some("any") => Ok(None),
        Some("yes" | "true") => Ok(Some(true)),
        Some("no" | "false") => Ok(Some(false)),
        Some(other) => Err(format!(
            "{name} must be yes or no, not `{}`",
            other.chars().take(20).collect::<String>()
        )),
    }
}

impl SearchParams {
    /// Reads `key=value` pairs (an address's query); an unknown key or a
    /// number that is not one is an error.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Result<SearchParams, String> {
        let mut p = SearchParams::default();
        for (k, v) in pairs {
            let v = v.as_ref().to_string();
            let text = |v: String| (!v.is_empty()).then_some(v);
            let number = |name: &str, v: &str| -> Result<Option<i64>, String> {
                if v.is_empty() {
                    return Ok(None);
                }
                v.trim().parse().map(Some).map_err(|_| {
                    format!(
                        "{name} must be a whole number, not `{}`",
                        v.chars().take(20).collect::<String>()
                    )
                })
            };
            match k.as_ref() {
                "q" => p.q = v,
                "faction" => p.faction = text(v),
                "kind" => p.kind = text(v),
                "slot" => p.slot = text(v),
                "ship" => p.ship = text(v),
                "unique" => p.unique = text(v),
                "limited" => p.limited = text(v),
                "huge" => p.huge = text(v),
                "min_points" => p.min_points = number("min_points", &v)?,
                "max_points" => p.max_points = number("max_points", &v)?,
                "limit" => {
                    p.limit = number("limit", &v)?
                        .map(|n| {
                            usize::try_from(n).map_err(|_| "limit must be 1 to 100".to_string())
                        })
                        .transpose()?
                }
                other => {
                    return Err(format!(
                        "unknown parameter `{}`; known: q, faction, kind, slot, ship, unique, limited, huge, min_points, max_points, limit",
                        other.chars().take(20).collect::<String>()
                    ));
                }
            }
        }
        Ok(p)
    }

    /// The filters, each value checked against the card set.
    pub fn filters(&self, db: &Database) -> Result<Filters, String> {
        let kind = match self.kind.as_deref() {
            None => None,
            Some(k) => Some(HitKind::parse(k).ok_or_else(|| {
                format!(
                    "unknown kind `{}`; known: pilot, upgrade, ship, rule",
                    k.chars().take(20).collect::<String>()
                )
            })?),
        };
        let filters = Filters {
            faction: self.faction.clone(),
            kind,
            slot: self.slot.clone(),
            ship: self.ship.clone(),
            unique: flag("unique", &self.unique)?,
            limited: flag("limited", &self.limited)?,
            huge_only: flag("huge", &self.huge)?,
            min_points: self.min_points,
            max_points: self.max_points,
        };
        filters.check(db)?;
        Ok(filters)
    }

    /// The search as an address query (empty values left out).
    pub fn to_query(&self) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        let mut put = |k: &str, v: Option<String>| {
            if let Some(v) = v.filter(|v| !v.is_empty()) {
                out.append_pair(k, &v);
            }
        };
        put("q", Some(self.q.clone()));
        put("faction", self.faction.clone());
        put("kind", self.kind.clone());
        put("slot", self.slot.clone());
        put("ship", self.ship.clone());
        put("unique", self.unique.clone());
        put("limited", self.limited.clone());
        put("huge", self.huge.clone());
        put("min_points", self.min_points.map(|n| n.to_string()));
        put("max_points", self.max_points.map(|n| n.to_string()));
        put("limit", self.limit.map(|n| n.to_string()));
        out.finish()
    }
}

/// One search result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hit {
    pub xws: String,
    pub name: String,
    pub kind: HitKind,
    pub slot: Option<String>,
    pub ship: Option<String>,
    pub points: Option<i64>,
    pub score: f32,
    /// The text around the matched words, HTML-escaped, matches in `<b>`.
    pub snippet: String,
    /// The card's page (or the rules section).
    pub url: String,
}

/// What a search found.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// Every match, beyond the hits returned.
    pub total: usize,
    pub hits: Vec<Hit>,
    /// Set when nothing matched as typed and typo-tolerant matching was
    /// used: each typed word with the words of the cards it matched.
    pub fuzzy: Option<Vec<(String, Vec<String>)>>,
    /// Set when the query did not parse and was read leniently.
    pub lenient: bool,
    /// Set when the query was longer than [`MAX_QUERY_CHARS`] and cut.
    pub truncated: bool,
}

/// How many hits each filter value would leave, the other filters kept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FilterCounts {
    pub faction: Vec<(String, usize)>,
    pub kind: Vec<(HitKind, usize)>,
    pub slot: Vec<(String, usize)>,
    pub ship: Vec<(String, usize)>,
    pub unique: Vec<(bool, usize)>,
    pub limited: Vec<(bool, usize)>,
    pub huge_only: Vec<(bool, usize)>,
}
