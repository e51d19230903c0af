//! The catalogue: what the printed cards say, loaded strictly from CSV.
//!
//! - the card model (ships, pilots, upgrades, restrictions, effects);
//! - strict loading of a card set, embedded or from a folder, with every
//!   error named by file, line and column ([`CardSet`], [`LoadError`]);
//! - maneuver dials ([`Maneuver`]);
//! - play formats and their limits ([`Formats`]), as data.
//!
//! ```
//! use cards::catalog::Database;
//! let db = Database::embedded().expect("the shipped card set loads");
//! assert!(db.pilot("genesisred").is_some());
//! ```

mod browse;
mod dial;
mod effect_lines;
mod expr;
mod format;
mod load;
mod model;
mod products;
pub(crate) mod table;
mod yasb;

pub use browse::{
    CardMatches, FactionShelves, PilotFilter, PilotSort, Shelf, ShelfLink, UPGRADE_SHELVES,
};
pub use dial::{Bearing, Difficulty, Direction, Maneuver, ManeuverError, ManeuverProblem};
pub use effect_lines::effect_lines;
pub use expr::{Discount, ExprError, Requirement, SlotAlias, SlotFilter};
pub use format::{CUSTOM_PREFIX, DEFAULT_EPIC, Format, FormatError, Formats, MAX_CUSTOM_POINTS};
pub(crate) use load::columns;
pub use load::{CARDS_ENV, CardSet, FILES};
pub use model::{
    Action, Card, CardId, CardKeys, Comparison, Condition, DUAL_SECOND_FACE, Database, Effects,
    EpicPoints, Face, Faction, FilterWords, MAX_FILTER_CHARS, MAX_FILTER_WORDS, Pilot, Restriction,
    SUMMARY_CHARS, Ship, ShipSize, ShortName, SlotType, Stat, StatChange, StatError,
    StatRequirement, Stats, Upgrade,
};
pub(crate) use products::product_columns;
pub use products::{CONTENTS_FILE, PRODUCTS_FILE, Product, ProductKind, release_order};
pub use table::{LoadError, LoadErrors};
pub(crate) use yasb::YASB_COLUMNS;
pub use yasb::{YASB_FILE, YasbCard, YasbKind};
