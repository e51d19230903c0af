//! The types every card table shares: the card id and the short inline
//! name, and the small tables the cards name by XWS name (factions, upgrade
//! icons, action icons) with the condition cards they bring into play.

use serde::{Deserialize, Serialize};

/// A stable numeric card id. Ids are never reused, so squad links that name
/// cards by id keep working as the card data grows.
pub type CardId = u32;

/// A faction, e.g. Scum and Villainy (`scum`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Faction {
    pub xws: String,
    pub name: String,
    /// Other names a card may print, e.g. "Scum" in "Scum only.".
    pub aliases: Vec<String>,
    /// The squad faction its pilots build in (First Order: `imperial`;
    /// XWS knows only `rebel`, `imperial` and `scum`).
    pub squad_faction: String,
}

/// A short name copied on the validation hot path: a slot type, an action,
/// a condition, an XWS name. Natively it is kept inline (`compact_str`), so
/// a report copies names without allocating (cards/benches/validate.rs). In
/// the browser it is a plain `String`: there validation is a small part of
/// an edit, and the inline string's code would add to the first load.
#[cfg(not(target_arch = "wasm32"))]
pub type ShortName = compact_str::CompactString;
/// See the native definition.
#[cfg(target_arch = "wasm32")]
pub type ShortName = String;

/// An upgrade icon, e.g. Crew (`crew`) or Modification (`mod`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlotType {
    /// Inline: every ship's bar copies the implicit slots' names.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub xws: ShortName,
    pub name: String,
    /// Every ship has one slot of this type without printing it (Title, Modification).
    pub implicit: bool,
    pub aliases: Vec<String>,
}

/// An action icon, e.g. Reinforce.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Action {
    pub xws: String,
    pub name: String,
}

/// A condition card: brought into play by a pilot or an upgrade, never
/// bought, and never counted for points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Condition {
    #[cfg_attr(feature = "openapi", schema(value_type = u32))]
    pub id: CardId,
    pub xws: String,
    pub name: String,
    pub unique: bool,
    pub text: String,
}
