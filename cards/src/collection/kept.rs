//! The collection as the browser keeps it: one local-storage entry holding
//! its JSON form. An entry that cannot be read is never lost: the app
//! copies it aside, unchanged, and starts from an empty collection with
//! the reason shown. The storage calls live in the app; this decides.
//!
//! ```
//! use cards::catalog::Database;
//! use cards::collection::{COLLECTION_ASIDE_PREFIX, read_kept};
//! let db = Database::embedded().unwrap();
//! let kept = read_kept(Some(r#"{"products":{"core-set":1}}"#), &db, 5.0);
//! assert_eq!(kept.collection.products["core-set"], 1);
//! let broken = read_kept(Some("{not json"), &db, 5.0);
//! assert!(broken.collection.is_empty());
//! let aside = broken.aside.unwrap();
//! assert_eq!(aside.key, format!("{COLLECTION_ASIDE_PREFIX}5"));
//! assert_eq!(aside.text, "{not json");
//! ```

use super::holdings::Collection;
use crate::catalog::Database;

/// The local-storage key of the collection.
pub const COLLECTION_KEY: &str = "merchant-one.collection";
/// Keys of unreadable collections kept aside start with this.
pub const COLLECTION_ASIDE_PREFIX: &str = "merchant-one.collection-aside.";

/// An unreadable entry, to copy aside under `key` before anything else is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aside {
    pub key: String,
    pub text: String,
    pub reason: String,
}

/// What the stored entry gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub collection: Collection,
    /// The entry, when it could not be read.
    pub aside: Option<Aside>,
}

/// Reads the stored entry (none: an empty collection). `now_ms` names the
/// copy kept aside.
pub fn read_kept(entry: Option<&str>, db: &Database, now_ms: f64) -> Kept {
    let Some(text) = entry else {
        return Kept {
            collection: Collection::default(),
            aside: None,
        };
    };
    match Collection::from_json(text).and_then(|c| c.resolve(db).map(|_| c)) {
        Ok(collection) => Kept {
            collection,
            aside: None,
        },
        Err(e) => Kept {
            collection: Collection::default(),
            aside: Some(Aside {
                key: format!("{COLLECTION_ASIDE_PREFIX}{}", now_ms as u64),
                text: text.to_string(),
                reason: e.to_string(),
            }),
        },
    }
}
