//! A card set as raw bytes, before any checking: the seven card files
//! ([`FILES`]) and the optional YASB ids and products, compiled in or read
//! from a folder. `load.rs` reads and checks them.

use std::collections::BTreeMap;
use std::path::Path;

use super::products::{CONTENTS_FILE, PRODUCTS_FILE};
use super::table::{LoadError, LoadErrors};
use super::yasb::YASB_FILE;

/// The files of a card set, in the order they are read.
pub const FILES: [&str; 7] = [
    "factions.csv",
    "slots.csv",
    "actions.csv",
    "ships.csv",
    "conditions.csv",
    "pilots.csv",
    "upgrades.csv",
];

/// The environment variable naming a card-set folder to load instead of the embedded one.
pub const CARDS_ENV: &str = "MERCHANT_ONE_CARDS";

const EMBEDDED: [(&str, &str); 7] = [
    ("factions.csv", include_str!("../../data/factions.csv")),
    ("slots.csv", include_str!("../../data/slots.csv")),
    ("actions.csv", include_str!("../../data/actions.csv")),
    ("ships.csv", include_str!("../../data/ships.csv")),
    ("conditions.csv", include_str!("../../data/conditions.csv")),
    ("pilots.csv", include_str!("../../data/pilots.csv")),
    ("upgrades.csv", include_str!("../../data/upgrades.csv")),
];

/// YASB's card ids: optional in a folder (without it, every card of a YASB
/// link opens as an unknown card).
const EMBEDDED_YASB: &str = include_str!("../../data/yasb.csv");

/// The products and their contents: optional in a folder (without them,
/// the collection knows no boxes).
const EMBEDDED_PRODUCTS: [(&str, &str); 2] = [
    (PRODUCTS_FILE, include_str!("../../data/products.csv")),
    (
        CONTENTS_FILE,
        include_str!("../../data/product_contents.csv"),
    ),
];

/// The raw bytes of a card set's files, before checking.
#[derive(Debug, Clone, Default)]
pub struct CardSet {
    files: BTreeMap<String, Vec<u8>>,
}

impl CardSet {
    /// The card set compiled into the binary: every 1st-edition card.
    pub fn embedded() -> CardSet {
        let mut set = CardSet::default();
        for (name, text) in EMBEDDED {
            set.files.insert(name.to_string(), text.as_bytes().to_vec());
        }
        set.files
            .insert(YASB_FILE.to_string(), EMBEDDED_YASB.as_bytes().to_vec());
        for (name, text) in EMBEDDED_PRODUCTS {
            set.files.insert(name.to_string(), text.as_bytes().to_vec());
        }
        set
    }

    /// Reads the card set's files ([`FILES`]) from a folder. A missing or unreadable file is a
    /// load error for that file, reported with the others.
    pub fn read_dir(dir: &Path) -> Result<CardSet, LoadErrors> {
        let mut set = CardSet::default();
        let mut errors = Vec::new();
        for name in FILES {
            let path = dir.join(name);
            match std::fs::read(&path) {
                Ok(bytes) => {
                    set.files.insert(name.to_string(), bytes);
                }
                Err(e) => errors.push(LoadError {
                    file: path.display().to_string(),
                    line: 0,
                    column: "-".into(),
                    message: format!("cannot read the file: {e}"),
                }),
            }
        }
        // Optional: a card set of its own may have no YASB ids.
        for name in [YASB_FILE, PRODUCTS_FILE, CONTENTS_FILE] {
            if let Ok(bytes) = std::fs::read(dir.join(name)) {
                set.files.insert(name.to_string(), bytes);
            }
        }
        if errors.is_empty() {
            Ok(set)
        } else {
            Err(LoadErrors(errors))
        }
    }

    /// Replaces (or adds) one file; handy for tests and for layering a pack.
    pub fn with_file(mut self, name: &str, bytes: impl Into<Vec<u8>>) -> CardSet {
        self.files.insert(name.to_string(), bytes.into());
        self
    }

    /// A file of the set; a missing one reads as empty, which its table
    /// reports as a missing header.
    pub(super) fn file(&self, name: &str) -> &[u8] {
        self.files.get(name).map_or(&[], Vec::as_slice)
    }

    /// An optional file of the set ([`YASB_FILE`], [`PRODUCTS_FILE`]), if present.
    pub(super) fn optional_file(&self, name: &str) -> Option<&[u8]> {
        self.files.get(name).map(Vec::as_slice)
    }
}
