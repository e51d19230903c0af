//! The card model: what a printed card says, as plain data.
//!
//! Everything here is loaded from CSV (see [`crate::catalog`]) and is immutable
//! afterwards. Cross references (a pilot's ship, an upgrade's slot) are held
//! as XWS names, which the loader has already checked against their tables,
//! so lookups on a loaded [`Database`] always succeed.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::catalog::Maneuver;
use crate::catalog::{Discount, Requirement, SlotAlias, SlotFilter};

/// A stable numeric card id. Ids are never reused, so squad links that name
/// cards by id keep working as the card data grows.
pub type CardId = u32;

/// A faction, e.g. Scum and Villainy (`scum`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct SlotType {
    /// Inline: every ship's bar copies the implicit slots' names.
    pub xws: ShortName,
    pub name: String,
    /// Every ship has one slot of this type without printing it (Title, Modification).
    pub implicit: bool,
    pub aliases: Vec<String>,
}

/// An action icon, e.g. Reinforce.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    pub xws: String,
    pub name: String,
}

/// Base size of a ship; huge ships follow the Huge Ship Rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShipSize {
    Small,
    Large,
    Huge,
}

impl ShipSize {
    /// The word the data and the API use for it.
    pub fn as_str(self) -> &'static str {
        match self {
            ShipSize::Small => "small",
            ShipSize::Large => "large",
            ShipSize::Huge => "huge",
        }
    }

    /// Reads the word [`ShipSize::as_str`] writes.
    pub fn parse(word: &str) -> Option<ShipSize> {
        [ShipSize::Small, ShipSize::Large, ShipSize::Huge]
            .into_iter()
            .find(|s| s.as_str() == word)
    }
}

/// A ship statistic that cards can require or change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stat {
    Attack,
    Agility,
    Hull,
    Shields,
    Energy,
}

impl Stat {
    /// Every stat, in the order a card prints them.
    pub const ALL: [Stat; 5] = [
        Stat::Attack,
        Stat::Agility,
        Stat::Hull,
        Stat::Shields,
        Stat::Energy,
    ];

    /// The stat's name as the data writes it (`hull`).
    pub fn as_str(self) -> &'static str {
        match self {
            Stat::Attack => "attack",
            Stat::Agility => "agility",
            Stat::Hull => "hull",
            Stat::Shields => "shields",
            Stat::Energy => "energy",
        }
    }

    /// Reads a stat's name as [`Stat::as_str`] writes it.
    pub fn parse(s: &str) -> Option<Stat> {
        Stat::ALL.into_iter().find(|stat| stat.as_str() == s)
    }
}

/// The stat block of a ship or pilot card. `None` means the card prints no
/// value (the C-ROC Cruiser has no attack value).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub attack: Option<u8>,
    pub agility: Option<u8>,
    pub hull: Option<u8>,
    pub shields: Option<u8>,
    pub energy: Option<u8>,
}

impl Stats {
    /// The value of one stat, if printed.
    pub fn get(&self, stat: Stat) -> Option<u8> {
        match stat {
            Stat::Attack => self.attack,
            Stat::Agility => self.agility,
            Stat::Hull => self.hull,
            Stat::Shields => self.shields,
            Stat::Energy => self.energy,
        }
    }

    /// The value of one stat, to change it.
    pub fn get_mut(&mut self, stat: Stat) -> &mut Option<u8> {
        match stat {
            Stat::Attack => &mut self.attack,
            Stat::Agility => &mut self.agility,
            Stat::Hull => &mut self.hull,
            Stat::Shields => &mut self.shields,
            Stat::Energy => &mut self.energy,
        }
    }
}

/// How a requirement compares a stat with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Comparison {
    #[serde(rename = "=")]
    Equal,
    #[serde(rename = "<=")]
    AtMost,
    #[serde(rename = ">=")]
    AtLeast,
}

/// A condition on the equipping ship's stats, e.g. Pulsed Ray Shield's
/// "You can equip this card only if your shield value is "1"" (`shields=1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatRequirement {
    pub stat: Stat,
    pub comparison: Comparison,
    pub value: u8,
}

impl StatRequirement {
    /// Parses `shields=1`, `hull>=3`, `agility<=2`.
    pub fn parse(s: &str) -> Result<StatRequirement, StatError> {
        let (name, comparison, value) = if let Some((a, b)) = s.split_once("<=") {
            (a, Comparison::AtMost, b)
        } else if let Some((a, b)) = s.split_once(">=") {
            (a, Comparison::AtLeast, b)
        } else if let Some((a, b)) = s.split_once('=') {
            (a, Comparison::Equal, b)
        } else {
            return Err(StatError::NotARequirement(s.to_string()));
        };
        let stat = Stat::parse(name.trim()).ok_or_else(|| StatError::UnknownStat {
            stat: name.trim().to_string(),
            text: s.to_string(),
        })?;
        let value = value.trim().parse().map_err(|_| StatError::NotANumber {
            value: value.trim().to_string(),
            text: s.to_string(),
        })?;
        Ok(StatRequirement {
            stat,
            comparison,
            value,
        })
    }

    /// Whether a ship with this stat value meets the requirement; a ship
    /// that prints no value never does.
    pub fn is_met_by(&self, value: Option<u8>) -> bool {
        match value {
            None => false,
            Some(v) => match self.comparison {
                Comparison::Equal => v == self.value,
                Comparison::AtMost => v <= self.value,
                Comparison::AtLeast => v >= self.value,
            },
        }
    }
}

impl std::fmt::Display for StatRequirement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let op = match self.comparison {
            Comparison::Equal => "is",
            Comparison::AtMost => "is at most",
            Comparison::AtLeast => "is at least",
        };
        write!(f, "{} value {op} {}", self.stat.as_str(), self.value)
    }
}

/// A stat requirement or stat change that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StatError {
    #[error("`{0}` is not a stat requirement (expected e.g. `shields=1`, `hull>=3`)")]
    NotARequirement(String),
    #[error("`{0}` is not a stat change (expected e.g. `hull+1`, `agility-1`)")]
    NotAChange(String),
    #[error("`{stat}` is not a stat in `{text}`")]
    UnknownStat { stat: String, text: String },
    #[error("`{value}` is not a number in `{text}`")]
    NotANumber { value: String, text: String },
    #[error("`{value}` is not a signed number in `{text}`")]
    NotASignedNumber { value: String, text: String },
}

/// A change to the equipping ship's stats, e.g. "Increase your hull value by 1" (`hull+1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatChange {
    pub stat: Stat,
    pub delta: i8,
}

impl StatChange {
    /// Parses `hull+1`, `agility-1`.
    pub fn parse(s: &str) -> Result<StatChange, StatError> {
        let at = s
            .find(['+', '-'])
            .ok_or_else(|| StatError::NotAChange(s.to_string()))?;
        let (name, delta) = s.split_at(at);
        let stat = Stat::parse(name.trim()).ok_or_else(|| StatError::UnknownStat {
            stat: name.trim().to_string(),
            text: s.to_string(),
        })?;
        let delta = delta
            .trim()
            .parse()
            .map_err(|_| StatError::NotASignedNumber {
                value: delta.trim().to_string(),
                text: s.to_string(),
            })?;
        Ok(StatChange { stat, delta })
    }
}

/// A ship type: the physical model, its dial and base stats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    pub id: CardId,
    pub xws: String,
    pub name: String,
    pub size: ShipSize,
    /// Factions (by XWS name) that field this ship.
    pub factions: Vec<String>,
    pub stats: Stats,
    /// Action bar, by action XWS name.
    pub actions: Vec<String>,
    /// The maneuver dial; empty where no source gives it.
    pub dial: Vec<Maneuver>,
    /// Other names cards print for this ship, e.g. "Scyk Fighter".
    pub aliases: Vec<String>,
    /// Epic points (2014 tournament rules); `None` where no value is published.
    pub epic_points: Option<EpicPoints>,
    /// The huge ship this is one section of ("CR90 Corvette" for its Fore
    /// and Aft): a squad fields every section of it together.
    #[serde(default)]
    pub section_of: Option<String>,
}

/// Epic points, which come in halves (each CR90 section is 1.5), held as
/// tenths so sums are exact.
///
/// ```
/// use cards::catalog::EpicPoints;
/// let fore = EpicPoints::parse("1.5").unwrap();
/// assert_eq!(fore.tenths(), 15);
/// assert_eq!(fore.to_string(), "1.5");
/// assert_eq!(EpicPoints::parse("2").unwrap().to_string(), "2");
/// assert!(EpicPoints::parse("1.25").is_none());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct EpicPoints(u16);

impl From<EpicPoints> for String {
    fn from(points: EpicPoints) -> String {
        points.to_string()
    }
}

impl TryFrom<String> for EpicPoints {
    type Error = String;
    fn try_from(text: String) -> Result<EpicPoints, String> {
        EpicPoints::parse(&text).ok_or_else(|| format!("`{text}` is not an epic points value"))
    }
}

impl EpicPoints {
    /// Whole points.
    pub fn whole(points: u16) -> EpicPoints {
        EpicPoints(points.saturating_mul(10))
    }

    /// Reads `2` or `1.5` (one decimal place at most, at most 100).
    pub fn parse(text: &str) -> Option<EpicPoints> {
        let (whole, tenth) = match text.split_once('.') {
            Some((w, t)) if t.len() == 1 => (w, t),
            Some(_) => return None,
            None => (text, "0"),
        };
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let whole: u16 = whole.parse().ok().filter(|w| *w <= 100)?;
        let tenth: u16 = tenth
            .parse()
            .ok()
            .filter(|_| tenth.bytes().all(|b| b.is_ascii_digit()))?;
        Some(EpicPoints(whole * 10 + tenth))
    }

    /// The value in tenths of a point.
    pub fn tenths(self) -> u16 {
        self.0
    }

    /// The sum of two values.
    pub fn plus(self, other: EpicPoints) -> EpicPoints {
        EpicPoints(self.0.saturating_add(other.0))
    }
}

impl std::fmt::Display for EpicPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 % 10 {
            0 => write!(f, "{}", self.0 / 10),
            t => write!(f, "{}.{t}", self.0 / 10),
        }
    }
}

/// A condition card: brought into play by a pilot or an upgrade, never
/// bought, and never counted for points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    pub id: CardId,
    pub xws: String,
    pub name: String,
    pub unique: bool,
    pub text: String,
}

impl Ship {
    /// Huge ships fly only in Epic play and use energy.
    pub fn is_huge(&self) -> bool {
        self.size == ShipSize::Huge
    }
}

/// A pilot card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pilot {
    pub id: CardId,
    pub xws: String,
    pub name: String,
    pub unique: bool,
    /// Pilot skill; `None` where the card prints "?" (Nashtah Pup Pilot).
    pub skill: Option<u8>,
    /// The ship's XWS name, resolved from the printed ship name.
    pub ship: String,
    /// The ship name as the card header prints it (Tansarii Point Veteran: "Scyk Fighter").
    pub printed_ship: String,
    pub faction: String,
    pub stats: Stats,
    /// Action icons, by XWS name. Inline strings: a squad report copies them.
    pub actions: Vec<ShortName>,
    /// Printed upgrade icons in printed order, by slot XWS name.
    pub upgrade_bar: Vec<ShortName>,
    pub ability: Option<String>,
    /// Squad points; `None` where the card prints "?" (Nashtah Pup Pilot).
    pub points: Option<i32>,
    /// Condition cards the pilot brings into play, by XWS name.
    pub conditions: Vec<ShortName>,
    /// A reserve pilot: it enters play only through this card (XWS name),
    /// is never bought, and needs that card in the squad (Nashtah Pup
    /// Pilot: Hound's Tooth).
    #[serde(default)]
    pub reserve_of: Option<String>,
}

impl Pilot {
    /// The pilot skill as printed: a number or "?".
    pub fn skill_text(&self) -> String {
        self.skill.map_or_else(|| "?".into(), |s| s.to_string())
    }

    /// The squad points as printed: a number or "?".
    pub fn points_text(&self) -> String {
        self.points.map_or_else(|| "?".into(), |p| p.to_string())
    }

    /// The pilot skill for sorting and comparing; "?" counts as 0.
    pub fn skill_or_zero(&self) -> u8 {
        self.skill.unwrap_or(0)
    }

    /// The squad points; "?" counts as 0, because such a pilot comes with
    /// another card rather than being bought.
    pub fn points_or_zero(&self) -> i32 {
        self.points.unwrap_or(0)
    }
}

/// One printed face of an upgrade card. Most cards have one; dual cards
/// (ARC Caster) have two, and count as one card in a squad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub name: String,
    pub text: String,
    pub attack: Option<u8>,
    /// Weapon range as printed, e.g. `(2, 3)` for "Range 2–3".
    pub range: Option<(u8, u8)>,
    /// Stat changes while this face is up ("Heavy Scyk": hull +1; Pivot
    /// Wing's Attack face: agility +1).
    #[serde(default)]
    pub stat_changes: Vec<StatChange>,
    /// Action icons the action bar gains while this face is up (Engine
    /// Upgrade: Boost; Servomotor S-foils: Barrel Roll or Boost).
    #[serde(default)]
    pub actions_gained: Vec<ShortName>,
    /// Change to the pilot skill while this face is up (Veteran Instincts:
    /// +2; Adaptability: -1 or +1).
    #[serde(default)]
    pub skill_change: Option<i8>,
}

/// What an upgrade requires of the ship and squad that equip it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Restriction {
    /// Ship XWS names allowed; empty means any ship.
    pub ships: Vec<String>,
    /// Faction XWS names allowed; empty means any faction.
    pub factions: Vec<String>,
    /// The faction restriction is ignored when the squad holds a card of
    /// this XWS name (Maul: "Ignore this restriction if your squad contains
    /// Ezra Bridger").
    #[serde(default)]
    pub faction_unless: Option<String>,
    /// Ship sizes allowed ("Small ship only.", "Huge ship only."); empty means any.
    #[serde(default)]
    pub sizes: Vec<ShipSize>,
    /// Conditions on the ship: effective stats and skill, actions, printed icons.
    pub requires: Vec<Requirement>,
}

impl Restriction {
    /// "Huge ship only." (huge ships take only modifications labeled so).
    pub fn huge_only(&self) -> bool {
        self.sizes == [ShipSize::Huge]
    }

    /// Whether a ship of this size may equip the card.
    pub fn allows_size(&self, size: ShipSize) -> bool {
        self.sizes.is_empty() || self.sizes.contains(&size)
    }
}

/// What an upgrade does to the ship that equips it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effects {
    /// Upgrade icons the bar gains (Merchant One: Crew, Team).
    pub grants: Vec<ShortName>,
    /// The bar gains one of these, chosen when equipped ("Heavy Scyk": Cannon, Turret or Modification).
    pub grant_choice: Vec<ShortName>,
    /// Upgrade icons the bar loses (Merchant One: Cargo).
    pub losses: Vec<String>,
    /// Slot types the ship can no longer equip ("Light Scyk": Modification).
    pub forbidden_slots: Vec<String>,
    /// Change to the ship card's energy limit (Merchant One +1, Insatiable Worrt -1).
    pub energy_limit_change: Option<i8>,
    /// Energy the ship gains after it performs the recover action (Insatiable Worrt: 3).
    #[serde(default)]
    pub energy_after_recover: Option<u8>,
    /// Condition cards the upgrade brings into play, by XWS name.
    #[serde(default)]
    pub conditions: Vec<ShortName>,
    /// Upgrade icons the bar loses every one of (TIE Shuttle: Torpedo, Missile, Bomb).
    #[serde(default)]
    pub losses_all: Vec<String>,
    /// What a slot this card grants may hold (TIE Shuttle: Crew of 4 points or less).
    #[serde(default)]
    pub grant_filters: Vec<SlotFilter>,
    /// Cost reductions for the ship's other cards (TIE/x1: System cards 4 less).
    #[serde(default)]
    pub discounts: Vec<Discount>,
    /// Slot types in which the ship may not hold two copies of one card
    /// (Royal Guard TIE: "2 different Modification upgrades").
    #[serde(default)]
    pub distinct_slots: Vec<String>,
    /// Slots that may also hold cards of other types (Ordnance Tubes).
    #[serde(default)]
    pub slot_aliases: Vec<SlotAlias>,
}

/// The choice that puts a dual card's second face in play.
pub const DUAL_SECOND_FACE: &str = "2";

/// An upgrade card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Upgrade {
    pub id: CardId,
    pub xws: String,
    /// Slots the card occupies, by slot XWS name; the first is its type.
    /// Jabba the Hutt occupies two Crew slots.
    pub slots: Vec<String>,
    pub unique: bool,
    /// "Limited.": one copy per ship.
    pub limited: bool,
    /// A dual card with two faces.
    pub dual: bool,
    /// Squad points; may be negative ("Light Scyk" Interceptor: -2).
    pub points: i32,
    /// The restriction line exactly as printed above the text.
    pub restriction_text: String,
    pub faces: Vec<Face>,
    /// The card's own energy limit (Heavy Laser Turret: 2).
    pub energy_limit: Option<u8>,
    /// Energy one use of the card spends from the card itself (Heavy Laser Turret's attack: 2).
    #[serde(default)]
    pub energy_cost: Option<u8>,
    pub restriction: Restriction,
    pub effects: Effects,
    /// At most this many copies per squad (Attanni Mindlink: 2).
    #[serde(default)]
    pub squad_limit: Option<u8>,
}

impl Upgrade {
    /// The card's name: the name of its first face.
    pub fn name(&self) -> &str {
        &self.faces[0].name
    }

    /// The face in play: a dual card's second face when the squad names
    /// it (`choice` "2"), else the first.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let a = db.upgrade("adaptability").unwrap();
    /// assert_eq!(a.face_in_play(None).skill_change, Some(-1));
    /// assert_eq!(a.face_in_play(Some("2")).skill_change, Some(1));
    /// ```
    pub fn face_in_play(&self, choice: Option<&str>) -> &Face {
        match (self.dual, choice) {
            (true, Some(DUAL_SECOND_FACE)) => self.faces.get(1).unwrap_or(&self.faces[0]),
            _ => &self.faces[0],
        }
    }

    /// The slot type of the card (its first slot).
    pub fn slot(&self) -> &str {
        &self.slots[0]
    }

    /// A Modification card (huge ships take only those labeled "Huge ship only").
    pub fn is_modification(&self) -> bool {
        self.slot() == "mod"
    }
}

/// The whole card database, as loaded and checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Database {
    pub factions: Vec<Faction>,
    pub slots: Vec<SlotType>,
    pub actions: Vec<Action>,
    pub ships: Vec<Ship>,
    #[serde(default)]
    pub conditions: Vec<Condition>,
    pub pilots: Vec<Pilot>,
    pub upgrades: Vec<Upgrade>,
    /// YASB's card ids (`yasb.csv`); empty for a card set without the file.
    #[serde(default)]
    pub yasb: Vec<super::YasbCard>,
    /// The products and their contents (`products.csv`,
    /// `product_contents.csv`); empty for a card set without the files.
    #[serde(default)]
    pub products: Vec<super::Product>,
}

/// The `/cards/<key>` keys of a whole database ([`Database::card_keys`]).
#[derive(Debug, Clone)]
pub struct CardKeys<'a> {
    /// How many cards, pilots and upgrades, have each XWS name.
    named: HashMap<&'a str, usize>,
    /// How many pilots have each (XWS name, ship).
    on_ship: HashMap<(&'a str, &'a str), usize>,
}

impl CardKeys<'_> {
    /// The card's key, as [`Database::card_key`] gives it.
    pub fn key(&self, card: Card<'_>) -> String {
        let shared = self.named.get(card.xws()).copied().unwrap_or(0) > 1;
        card_key_from(card, shared, |p| {
            self.on_ship
                .get(&(p.xws.as_str(), p.ship.as_str()))
                .copied()
                .unwrap_or(0)
        })
    }
}

/// The naming rule of [`Database::card_key`], given whether another card
/// has the same XWS name and how many pilots share a pilot's name and ship.
fn card_key_from(card: Card<'_>, shared: bool, on_ship: impl FnOnce(&Pilot) -> usize) -> String {
    let xws = card.xws();
    if !shared {
        return xws.to_string();
    }
    match card {
        Card::Upgrade(u) => format!("{xws}.{}", u.slot()),
        Card::Pilot(p) if on_ship(p) > 1 => format!("{xws}.{}.{}", p.ship, p.faction),
        Card::Pilot(p) => format!("{xws}.{}", p.ship),
    }
}

/// The longest one-line summary of a card ([`Card::summary`]), in characters.
pub const SUMMARY_CHARS: usize = 100;

/// Any card, for pages that list pilots and upgrades together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Card<'a> {
    Pilot(&'a Pilot),
    Upgrade(&'a Upgrade),
}

impl Card<'_> {
    /// The card's stable id (squad links name cards by it).
    pub fn id(&self) -> CardId {
        match self {
            Card::Pilot(p) => p.id,
            Card::Upgrade(u) => u.id,
        }
    }
    /// The card's XWS name.
    pub fn xws(&self) -> &str {
        match self {
            Card::Pilot(p) => &p.xws,
            Card::Upgrade(u) => &u.xws,
        }
    }
    /// The card's printed name (an upgrade's first face).
    pub fn name(&self) -> &str {
        match self {
            Card::Pilot(p) => &p.name,
            Card::Upgrade(u) => u.name(),
        }
    }

    /// Every printed name and text of the card (both faces of a dual card).
    pub fn texts(&self) -> Vec<&str> {
        match self {
            Card::Pilot(p) => [p.name.as_str(), p.printed_ship.as_str()]
                .into_iter()
                .chain(p.ability.as_deref())
                .collect(),
            Card::Upgrade(u) => u
                .faces
                .iter()
                .flat_map(|f| [f.name.as_str(), f.text.as_str()])
                .chain(std::iter::once(u.restriction_text.as_str()))
                .collect(),
        }
    }

    /// A one-line summary for lists and pickers: the first sentence of the
    /// card's ability or text, cut at [`SUMMARY_CHARS`] characters.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let hlt = db.card("heavylaserturret").unwrap();
    /// assert!(hlt.summary().starts_with("Attack (energy)"));
    /// assert!(hlt.summary().chars().count() <= cards::catalog::SUMMARY_CHARS);
    /// ```
    pub fn summary(&self) -> String {
        let text = match self {
            Card::Pilot(p) => p.ability.as_deref().unwrap_or_default(),
            Card::Upgrade(u) => u.faces.first().map_or("", |f| f.text.as_str()),
        };
        let sentence = match text.find(". ") {
            Some(end) => &text[..=end],
            None => text,
        }
        .trim();
        if sentence.chars().count() <= SUMMARY_CHARS {
            return sentence.to_string();
        }
        let cut: String = sentence.chars().take(SUMMARY_CHARS - 1).collect();
        let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
        format!("{cut}…")
    }

    /// A quick filter: every word of `query` appears, ignoring case, in the
    /// card's names or texts. An empty query matches every card.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let horn = db.card("brokenhorn").unwrap();
    /// assert!(horn.matches("REINFORCE token"));
    /// assert!(!horn.matches("reinforce shield"));
    /// ```
    pub fn matches(&self, query: &str) -> bool {
        self.matches_words(&FilterWords::new(query))
    }

    /// [`Card::matches`] with the words read once, for a filter over many cards.
    pub fn matches_words(&self, words: &FilterWords) -> bool {
        if words.0.is_empty() {
            return true;
        }
        let haystack = self.texts().join("\n").to_lowercase();
        words.0.iter().all(|word| haystack.contains(word.as_str()))
    }
}

/// The most characters a card filter reads: the filter is a stranger's text
/// (an address's `?q=`), so the work it drives is bounded.
pub const MAX_FILTER_CHARS: usize = 200;

/// The most words a card filter reads.
pub const MAX_FILTER_WORDS: usize = 12;

/// A filter's words, lowercased: at most [`MAX_FILTER_WORDS`] from the
/// first [`MAX_FILTER_CHARS`] characters.
///
/// ```
/// use cards::catalog::{FilterWords, MAX_FILTER_WORDS};
/// assert_eq!(FilterWords::new("  Energy TOKEN ").words(), ["energy", "token"]);
/// let long = "word ".repeat(10_000);
/// assert_eq!(FilterWords::new(&long).words().len(), MAX_FILTER_WORDS);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FilterWords(Vec<String>);

impl FilterWords {
    pub fn new(query: &str) -> FilterWords {
        let head: String = query.chars().take(MAX_FILTER_CHARS).collect();
        FilterWords(
            head.to_lowercase()
                .split_whitespace()
                .take(MAX_FILTER_WORDS)
                .map(String::from)
                .collect(),
        )
    }

    pub fn words(&self) -> &[String] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Database {
    /// The faction with this XWS name.
    pub fn faction(&self, xws: &str) -> Option<&Faction> {
        self.factions.iter().find(|f| f.xws == xws)
    }

    /// The slot type with this XWS name.
    pub fn slot(&self, xws: &str) -> Option<&SlotType> {
        self.slots.iter().find(|s| s.xws == xws)
    }

    /// The action with this XWS name.
    pub fn action(&self, xws: &str) -> Option<&Action> {
        self.actions.iter().find(|a| a.xws == xws)
    }

    /// The ship type with this XWS name.
    pub fn ship(&self, xws: &str) -> Option<&Ship> {
        self.ships.iter().find(|s| s.xws == xws)
    }

    /// The pilot with this XWS name.
    pub fn pilot(&self, xws: &str) -> Option<&Pilot> {
        self.pilots.iter().find(|p| p.xws == xws)
    }

    /// The pilot an XWS squad names: by XWS name, ship and squad faction,
    /// because pilot names repeat (`bobafett` flies a Firespray-31 for the
    /// Empire and for Scum). Where no pilot matches all three, the closest
    /// one by that name (same ship, then same faction, then any), so the
    /// caller can say what differs.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let scum = db.pilot_for("scum", "firespray31", "bobafett").unwrap();
    /// let imperial = db.pilot_for("imperial", "firespray31", "bobafett").unwrap();
    /// assert_eq!((scum.faction.as_str(), imperial.faction.as_str()), ("scum", "imperial"));
    /// // First Order pilots build in Imperial squads.
    /// let fo = db.pilot_for("imperial", "tiefofighter", "omegaace").unwrap();
    /// assert_eq!(fo.faction, "firstorder");
    /// ```
    pub fn pilot_for(&self, squad_faction: &str, ship: &str, xws: &str) -> Option<&Pilot> {
        let named = || self.pilots.iter().filter(move |p| p.xws == xws);
        let in_faction = |p: &&Pilot| self.squad_faction_of(&p.faction) == squad_faction;
        named()
            .find(|p| p.ship == ship && in_faction(p))
            .or_else(|| named().find(|p| p.ship == ship))
            .or_else(|| named().find(in_faction))
            .or_else(|| named().next())
    }

    /// The squad faction a card faction builds in (`firstorder` -> `imperial`);
    /// an unknown faction is its own.
    pub fn squad_faction_of<'a>(&'a self, faction: &'a str) -> &'a str {
        self.faction(faction).map_or(faction, |f| &f.squad_faction)
    }

    /// The factions a squad can be, in table order (XWS: `rebel`, `imperial`, `scum`).
    pub fn squad_factions(&self) -> impl Iterator<Item = &Faction> {
        self.factions.iter().filter(|f| f.squad_faction == f.xws)
    }

    /// The pilots a squad of this faction can add, by ship type in table
    /// order, best pilot skill first, then by name; ship types with none are
    /// left out. First Order pilots join Imperial squads and Resistance
    /// pilots Rebel squads. An unknown squad faction offers every pilot, so
    /// a squad the user can still fix is never a dead end.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let imperial = db.pilots_by_ship("imperial");
    /// assert!(imperial.iter().any(|(ship, _)| ship.xws == "tiefofighter"));
    /// assert!(imperial.iter().all(|(ship, _)| ship.xws != "croccruiser"));
    /// let scum = db.pilots_by_ship("scum");
    /// let (_, m3a) = scum.iter().find(|(s, _)| s.xws == "m3ainterceptor").unwrap();
    /// assert_eq!(m3a[0].name, "Serissu", "skill 8 comes first");
    /// assert!(m3a.windows(2).all(|w| w[0].skill >= w[1].skill));
    /// ```
    pub fn pilots_by_ship(&self, squad_faction: &str) -> Vec<(&Ship, Vec<&Pilot>)> {
        let any = !self.is_squad_faction(squad_faction);
        self.ships
            .iter()
            .filter_map(|ship| {
                let mut pilots: Vec<&Pilot> = self
                    .pilots
                    .iter()
                    .filter(|p| p.ship == ship.xws)
                    .filter(|p| any || self.squad_faction_of(&p.faction) == squad_faction)
                    .collect();
                pilots.sort_by(|a, b| b.skill.cmp(&a.skill).then(a.name.cmp(&b.name)));
                (!pilots.is_empty()).then_some((ship, pilots))
            })
            .collect()
    }

    /// Whether a squad can be of this faction (XWS: `rebel`, `imperial`, `scum`).
    pub fn is_squad_faction(&self, faction: &str) -> bool {
        self.faction(faction)
            .is_some_and(|f| f.squad_faction == f.xws)
    }

    /// The pilot with this id.
    pub fn pilot_by_id(&self, id: CardId) -> Option<&Pilot> {
        self.pilots.iter().find(|p| p.id == id)
    }

    /// The upgrade with this XWS name.
    pub fn upgrade(&self, xws: &str) -> Option<&Upgrade> {
        self.upgrades.iter().find(|u| u.xws == xws)
    }

    /// The upgrade with this id.
    pub fn upgrade_by_id(&self, id: CardId) -> Option<&Upgrade> {
        self.upgrades.iter().find(|u| u.id == id)
    }

    /// The ship a pilot flies.
    pub fn ship_of(&self, pilot: &Pilot) -> Option<&Ship> {
        self.ship(&pilot.ship)
    }

    /// Display name of a slot type, falling back to its XWS name.
    pub fn slot_name<'a>(&'a self, xws: &'a str) -> &'a str {
        self.slot(xws).map_or(xws, |s| &s.name)
    }

    /// Display name of a faction, falling back to its XWS name.
    pub fn faction_name<'a>(&'a self, xws: &'a str) -> &'a str {
        self.faction(xws).map_or(xws, |f| &f.name)
    }

    /// Display name of an action, falling back to its XWS name.
    pub fn action_name<'a>(&'a self, xws: &'a str) -> &'a str {
        self.action(xws).map_or(xws, |a| &a.name)
    }

    /// Display name of a ship, falling back to its XWS name.
    pub fn ship_name<'a>(&'a self, xws: &'a str) -> &'a str {
        self.ship(xws).map_or(xws, |s| &s.name)
    }

    /// A pilot or an upgrade by XWS name. Pilots and upgrades have separate
    /// XWS namespaces (the C-ROC Cruiser pilot shares its ship's name), so
    /// pilots are looked up first.
    pub fn card(&self, xws: &str) -> Option<Card<'_>> {
        self.pilot(xws)
            .map(Card::Pilot)
            .or_else(|| self.upgrade(xws).map(Card::Upgrade))
    }

    /// The key that names one card in `/cards/<key>`: its XWS name where no
    /// other card has it; otherwise an upgrade adds its slot and a pilot its
    /// ship, then its faction (`hansolo.crew`, `hansolo.yt1300`,
    /// `bobafett.firespray31.scum`). XWS names hold no dot, so keys never
    /// collide with names. The C-ROC pack's names are all unique, so their
    /// pages keep the address they always had.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let key = |c| db.card_key(c);
    /// assert_eq!(key(db.card("brokenhorn").unwrap()), "brokenhorn");
    /// let han: Vec<String> = db.cards().filter(|c| c.xws() == "hansolo").map(key).collect();
    /// assert!(han.contains(&"hansolo.crew".to_string()) && han.contains(&"hansolo.yt1300".to_string()));
    /// for card in db.cards() {
    ///     assert_eq!(db.card_by_key(&db.card_key(card)), Some(card));
    /// }
    /// ```
    pub fn card_key(&self, card: Card<'_>) -> String {
        let xws = card.xws();
        let shared = self.cards().filter(|c| c.xws() == xws).count() > 1;
        card_key_from(card, shared, |p| {
            self.pilots
                .iter()
                .filter(|o| o.xws == p.xws && o.ship == p.ship)
                .count()
        })
    }

    /// Every card's [`Database::card_key`], found in one pass over the
    /// cards: asking `card_key` card by card scans them all for each, which
    /// at 100,000 cards took minutes to build the search index.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let keys = db.card_keys();
    /// for card in db.cards() {
    ///     assert_eq!(keys.key(card), db.card_key(card));
    /// }
    /// ```
    pub fn card_keys(&self) -> CardKeys<'_> {
        let mut named: HashMap<&str, usize> = HashMap::new();
        let names = self.pilots.iter().map(|p| p.xws.as_str());
        for xws in names.chain(self.upgrades.iter().map(|u| u.xws.as_str())) {
            *named.entry(xws).or_insert(0) += 1;
        }
        let mut on_ship: HashMap<(&str, &str), usize> = HashMap::new();
        for p in &self.pilots {
            *on_ship.entry((&p.xws, &p.ship)).or_insert(0) += 1;
        }
        CardKeys { named, on_ship }
    }

    /// The card a [`Database::card_key`] names.
    pub fn card_by_key(&self, key: &str) -> Option<Card<'_>> {
        let xws = key.split('.').next()?;
        self.cards()
            .filter(|c| c.xws() == xws)
            .find(|c| self.card_key(*c) == key)
    }

    /// What a squad may name for an equipped card, as (value, label): the
    /// icons of a choice ("Heavy Scyk": `cannon`, Cannon …), or a dual
    /// card's two faces (`1`, ARC Caster; `2`, ARC Caster (Recharging)).
    /// Empty for a card that asks for nothing.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let faces = db.choices_for(db.upgrade("arccaster").unwrap());
    /// assert_eq!(faces[1], ("2".to_string(), "ARC Caster (Recharging)".to_string()));
    /// let icons = db.choices_for(db.upgrade("heavyscykinterceptor").unwrap());
    /// assert_eq!(icons[2], ("mod".to_string(), "Modification".to_string()));
    /// ```
    pub fn choices_for(&self, card: &Upgrade) -> Vec<(String, String)> {
        if !card.effects.grant_choice.is_empty() {
            return card
                .effects
                .grant_choice
                .iter()
                .map(|c| (c.to_string(), self.slot_name(c).to_string()))
                .collect();
        }
        if card.dual {
            return card
                .faces
                .iter()
                .enumerate()
                .map(|(i, f)| ((i + 1).to_string(), f.name.clone()))
                .collect();
        }
        Vec::new()
    }

    /// The other sections' pilots a section pilot comes with, in table
    /// order: for a CR90 (Fore) pilot, the CR90 (Aft) pilot of its faction.
    /// Empty for a ship of one section.
    ///
    /// ```
    /// let db = cards::catalog::Database::embedded().unwrap();
    /// let fore = db.pilot("cr90corvettefore").unwrap();
    /// let partners = db.section_partners(fore);
    /// assert_eq!(partners.len(), 1);
    /// assert_eq!(partners[0].xws, "cr90corvetteaft");
    /// assert!(db.section_partners(db.pilot("croccruiser").unwrap()).is_empty());
    /// ```
    pub fn section_partners(&self, pilot: &Pilot) -> Vec<&Pilot> {
        let Some(whole) = self.ship_of(pilot).and_then(|s| s.section_of.as_ref()) else {
            return Vec::new();
        };
        self.ships
            .iter()
            .filter(|s| s.section_of.as_ref() == Some(whole) && s.xws != pilot.ship)
            .filter_map(|s| {
                self.pilots
                    .iter()
                    .find(|p| p.ship == s.xws && p.faction == pilot.faction)
            })
            .collect()
    }

    /// Every pilot and upgrade card, pilots first.
    pub fn cards(&self) -> impl Iterator<Item = Card<'_>> {
        self.pilots
            .iter()
            .map(Card::Pilot)
            .chain(self.upgrades.iter().map(Card::Upgrade))
    }
}
