//! The squad: what the player built, the rules that judge it, and the ways
//! it travels (links, XWS, plain text, the browser's storage).
//!
//! The types are re-exported here; the codecs keep their own namespace,
//! because their functions read best qualified: `link::encode`,
//! `xws::import`, `list::plain_text`, `limits::check`.
//!
//! ```
//! use cards::squad::{Rules, Squad, link};
//! let rules = Rules::embedded().unwrap();
//! let squad = Squad::new("epic", "scum");
//! assert!(rules.validate(&squad).legal);
//! let code = link::encode(&squad);
//! assert_eq!(link::decode(&code).unwrap(), squad);
//! ```

mod bar;
mod field;
pub mod limits;
pub mod link;
pub mod list;
pub mod obstacles;
pub mod pasted;
pub mod printout;
mod roster;
mod rules;
mod saved;
pub mod travel;
pub mod tts;
pub mod xws;
pub mod yasb;

pub use bar::{PlacedProblems, Seat, UpgradeBar};
pub use field::SquadField;
pub use roster::{CardRef, DEFAULT_FACTION, DEFAULT_FORMAT, Equipped, SlotRef, Squad, SquadShip};
pub use rules::{
    BarSlot, CardOption, CardReason, ChangedPart, Code, Few, FlownManeuver, Keys, NamedCard,
    Problem, Reason, Report, Rules, Severity, ShipChange, ShipReason, ShipReport, SlotOrigin,
    SlotReason, SquadReason, WhichCard, fits_bar_slot, fits_slot, fly_dial,
};
pub use saved::{
    CORRUPT_PREFIX, Corrupt, SQUAD_PREFIX, SavedSquad, SavedSquadError, SavedSquads, ShelfFilter,
    ShelfRow, ShelfSort, new_id,
};
