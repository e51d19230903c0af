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
mod card_set;
mod card_words;
mod dial;
mod dial_change;
mod effect_lines;
mod expr;
mod format;
mod load;
mod model;
mod products;
mod rows;
mod shown;
mod stat;
pub(crate) mod table;
mod translations;
mod yasb;

pub use browse::{
    CardMatches, FactionShelves, PilotFilter, PilotSort, Shelf, ShelfLink, UPGRADE_SHELVES,
};
pub use card_set::{CARDS_ENV, CardSet, FILES};
pub use card_words::CardWords;
pub use dial::{Bearing, Difficulty, Direction, Maneuver, ManeuverError, ManeuverProblem};
pub use dial_change::{DialChange, DialChangeError};
pub use effect_lines::{Effect, EffectFace, EffectLine, effect_lines};
pub use expr::{Discount, ExprError, Requirement, SlotAlias, SlotFilter};
pub use format::{CUSTOM_PREFIX, DEFAULT_EPIC, Format, FormatError, Formats, MAX_CUSTOM_POINTS};
pub use model::{
    Action, Card, CardId, CardKeys, Condition, DUAL_SECOND_FACE, Database, Effects, EpicPoints,
    Face, Faction, FilterWords, MAX_FILTER_CHARS, MAX_FILTER_WORDS, Pilot, Product, ProductKind,
    Restriction, SUMMARY_CHARS, Ship, ShipSize, ShortName, SlotType, Upgrade, YasbCard, YasbKind,
    release_order,
};
pub use products::product_columns;
pub use products::{CONTENTS_FILE, PRODUCTS_FILE};
pub use rows::columns;
pub use shown::{compare_names, list_cards};
pub use stat::{Comparison, Stat, StatChange, StatError, StatRequirement, Stats};
pub use table::{LoadError, LoadErrors};
pub use translations::{TRANSLATION_FILES, Translations, translation_columns};
pub use yasb::YASB_FILE;
pub use yasb::yasb_columns;
