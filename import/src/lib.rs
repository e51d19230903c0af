//! The card importer: writes the card set's CSV files from the xwing-data
//! 1.0.1 package (kept in `cards/data/xwing-data/`) and the overrides file
//! (`cards/data/import/overrides.csv`), and the card translations from
//! YASB's translation files (`i18n.rs`, `cards/data/i18n/`).
//!
//! The CSV stays the runtime source of truth, loaded by the `cards` crate;
//! this crate only writes it (the `import-cards` binary, run by `make
//! import-cards`), the same bytes every time, so a test can compare its
//! output with the committed files (`import/tests/import.rs`). Nothing at
//! run time depends on it. `cards/data/SOURCES.md` says where every column
//! comes from.
//!
//! Ids: the C-ROC pack keeps the ids it always had (set by overrides); every
//! other card takes its package id plus its table's block base (ships
//! 500-999, pilots 1000-2999, upgrades 3000-5999, conditions 6000-6999), so
//! ids never change when the import runs again, leave room to grow, and
//! stay two bytes in a squad link.
//!
//! ```
//! use import::{Package, import, read_overrides};
//! let package = Package::embedded();
//! let overrides = read_overrides(import::EMBEDDED_OVERRIDES).unwrap();
//! let files = import(&package, &overrides).unwrap();
//! let pilots = files.file("pilots.csv").unwrap();
//! assert!(pilots.contains(",serissu,Serissu,"));
//! ```

mod card_text;
mod coffee;
mod i18n;
mod i18n_coverage;
mod overrides;
mod package;
mod products;
mod rows;
mod translation_file;
mod yasb;

use std::path::Path;

pub use card_text::{CardText, convert_card_text, marker_tokens};
pub use coffee::{CoffeeEntry, CoffeeError, CoffeeValue, canonicalize, read_list};
pub use i18n::{
    EMBEDDED_I18N_VERDICTS, I18N_LANGUAGES, I18nImport, I18nVerdict, import_i18n,
    read_i18n_verdicts,
};
pub use i18n_coverage::{
    Coverage, SOURCES_TABLE_BEGIN, SOURCES_TABLE_END, SourcesMarkersMissing, with_coverage_table,
};
pub use overrides::{Override, OverrideTable, read_overrides};
pub use package::plain_text;
pub use products::product_key;
pub use translation_file::{
    CARD_TABLES, TranslatedCard, TranslationFile, TranslationFileError, read_translation_file,
};
pub use yasb::{
    EMBEDDED_YASB_CARDS, EMBEDDED_YASB_VERDICTS, YasbImport, YasbVerdict, import_yasb,
    read_yasb_verdicts, yasb_id_counts,
};

use package::{PackageCondition, PackagePilot, PackageShip, PackageSource, PackageUpgrade};

/// The overrides file compiled into the crate (for the import test).
pub const EMBEDDED_OVERRIDES: &str = include_str!("../../cards/data/import/overrides.csv");

/// Base of each table's id block for cards the C-ROC pack does not hold.
pub const SHIP_ID_BASE: u32 = 500;
/// See [`SHIP_ID_BASE`].
pub const PILOT_ID_BASE: u32 = 1000;
/// See [`SHIP_ID_BASE`].
pub const UPGRADE_ID_BASE: u32 = 3000;
/// See [`SHIP_ID_BASE`].
pub const CONDITION_ID_BASE: u32 = 6000;

/// The package files the importer reads, as text.
#[derive(Debug, Clone)]
pub struct Package {
    pub ships: String,
    pub pilots: String,
    pub upgrades: String,
    pub conditions: String,
    pub sources: String,
}

/// Why the import stopped.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("cannot read {file}: {message}")]
    Read { file: String, message: String },
    #[error("{file} is not the xwing-data format: {message}")]
    Package { file: &'static str, message: String },
    #[error("overrides.csv, line {line}: {message}")]
    Overrides { line: usize, message: String },
    #[error("overrides.csv: no {table} row has the key `{key}`")]
    UnknownKey { table: &'static str, key: String },
    #[error("{table} has no column `{column}` (named by the overrides or the importer)")]
    UnknownColumn { table: &'static str, column: String },
    #[error("the package has no {what} named `{name}` (used by `{by}`)")]
    Dangling {
        what: &'static str,
        name: String,
        by: String,
    },
    #[error("yasb-verdicts.csv, line {line}: {message}")]
    Verdicts { line: usize, message: String },
    #[error("{0}")]
    Yasb(String),
    #[error("YASB's card file and ours disagree where no verdict settles it:\n  {}", .0.join("\n  "))]
    YasbUnsettled(Vec<String>),
    #[error("{file}: {message}")]
    I18nFile { file: String, message: String },
    #[error("i18n-verdicts.csv, line {line}: {message}")]
    I18nVerdicts { line: usize, message: String },
    #[error("YASB's translations name cards that join none of ours, with no verdict:\n  {}", .0.join("\n  "))]
    I18nUnjoined(Vec<String>),
    #[error("cannot write {file}: {message}")]
    Write { file: String, message: String },
}

impl Package {
    /// The package copy kept in the repository.
    pub fn embedded() -> Package {
        Package {
            ships: include_str!("../../cards/data/xwing-data/ships.json").into(),
            pilots: include_str!("../../cards/data/xwing-data/pilots.json").into(),
            upgrades: include_str!("../../cards/data/xwing-data/upgrades.json").into(),
            conditions: include_str!("../../cards/data/xwing-data/conditions.json").into(),
            sources: include_str!("../../cards/data/xwing-data/sources.json").into(),
        }
    }

    /// Reads `ships.json`, `pilots.json`, `upgrades.json`,
    /// `conditions.json` and `sources.json` from a package folder.
    pub fn read_dir(dir: &Path) -> Result<Package, ImportError> {
        let read = |name: &str| {
            let path = dir.join(name);
            std::fs::read_to_string(&path).map_err(|e| ImportError::Read {
                file: path.display().to_string(),
                message: e.to_string(),
            })
        };
        Ok(Package {
            ships: read("ships.json")?,
            pilots: read("pilots.json")?,
            upgrades: read("upgrades.json")?,
            conditions: read("conditions.json")?,
            sources: read("sources.json")?,
        })
    }
}

/// The files an import writes, by name, in the card set's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedFiles(pub Vec<(&'static str, String)>);

impl ImportedFiles {
    /// One file's text.
    pub fn file(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| t.as_str())
    }
}

/// Runs the import: the package's cards as rows, the overrides applied,
/// every table sorted by id and written as CSV.
pub fn import(package: &Package, overrides: &[Override]) -> Result<ImportedFiles, ImportError> {
    let ships: Vec<PackageShip> = parse("ships.json", &package.ships)?;
    let pilots: Vec<PackagePilot> = parse("pilots.json", &package.pilots)?;
    let upgrades: Vec<PackageUpgrade> = parse("upgrades.json", &package.upgrades)?;
    let conditions: Vec<PackageCondition> = parse("conditions.json", &package.conditions)?;
    let sources: Vec<PackageSource> = parse("sources.json", &package.sources)?;
    let mut tables = rows::Tables::from_package(&ships, &pilots, &upgrades, &conditions)?;
    for o in overrides {
        tables.apply(o)?;
    }
    let (products, contents) = products::product_files(&sources, &tables)?;
    let mut files = tables.write()?;
    files.0.push(("products.csv", products));
    files.0.push(("product_contents.csv", contents));
    Ok(files)
}

fn parse<T: serde::de::DeserializeOwned>(
    file: &'static str,
    text: &str,
) -> Result<Vec<T>, ImportError> {
    serde_json::from_str(text).map_err(|e| ImportError::Package {
        file,
        message: e.to_string(),
    })
}
