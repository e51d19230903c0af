//! The card model: what a printed card says, as plain data.
//!
//! Everything here is loaded from CSV (see [`crate::catalog`]) and is immutable
//! afterwards. Cross references (a pilot's ship, an upgrade's slot) are held
//! as XWS names, which the loader has already checked against their tables,
//! so lookups on a loaded [`Database`] always succeed.
//!
//! Each card type has its file: the types every table shares (`shared.rs`),
//! the ship (`ship.rs`), the pilot (`pilot.rs`), the upgrade (`upgrade.rs`),
//! any card of the two (`any_card.rs`), the products (`product.rs`) and
//! YASB's ids (`yasb_card.rs`); the database that holds them all and finds a
//! card in them sits above them (`database.rs`). The stats and the rules
//! columns' expressions sit beneath the model (`catalog/stat.rs`,
//! `catalog/expr.rs`); the strict readers above it (`catalog/load.rs`).

mod any_card;
mod database;
mod pilot;
mod product;
mod shared;
mod ship;
mod upgrade;
mod yasb_card;

pub(crate) use any_card::summarize;
pub use any_card::{Card, FilterWords, MAX_FILTER_CHARS, MAX_FILTER_WORDS, SUMMARY_CHARS};
pub use database::{CardKeys, Database};
pub use pilot::Pilot;
pub use product::{Product, ProductKind, release_order};
pub use shared::{Action, CardId, Condition, Faction, ShortName, SlotType};
pub use ship::{EpicPoints, Ship, ShipSize};
pub use upgrade::{DUAL_SECOND_FACE, Effects, Face, Restriction, Upgrade};
pub use yasb_card::{YasbCard, YasbKind};
