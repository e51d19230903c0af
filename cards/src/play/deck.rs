//! The damage decks as data: each card from the xwing-data files
//! (`cards/data/xwing-data/damage-deck-*.json`), what the app applies of
//! it (`cards/data/damage_effects.csv`), and which deck each ship draws
//! from, with the source (`cards/data/damage_decks.csv`).
//!
//! ```
//! use cards::play::{DamageDecks, DeckId};
//! let decks = DamageDecks::embedded().unwrap();
//! let hit = decks.card(DeckId::CoreTfa, "Direct Hit!").unwrap();
//! assert_eq!((hit.copies, hit.effect.counts_as), (7, 2));
//! // Small ships draw from the deck the game chose; the C-ROC's own decks
//! // are not in the data, so the player names its cards.
//! assert_eq!(decks.deck_for("xwing", DeckId::CoreTfa).deck, Some(DeckId::CoreTfa));
//! assert_eq!(decks.deck_for("croccruiser", DeckId::CoreTfa).deck, None);
//! ```

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::catalog::{DialChange, StatChange};
use crate::sim::energy::HugeSection;

/// A damage deck the data holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeckId {
    /// The Core Set deck.
    Core,
    /// The Force Awakens core set deck.
    CoreTfa,
    /// The Rebel Transport's huge-ship deck, Fore and Aft.
    RebelTransport,
}

impl DeckId {
    /// Every deck, small ships' first.
    pub const ALL: [DeckId; 3] = [DeckId::Core, DeckId::CoreTfa, DeckId::RebelTransport];

    /// The decks a small or large ship may draw from.
    pub const STANDARD: [DeckId; 2] = [DeckId::CoreTfa, DeckId::Core];

    /// The word the data files and stored games use.
    pub fn code(self) -> &'static str {
        match self {
            DeckId::Core => "core",
            DeckId::CoreTfa => "core-tfa",
            DeckId::RebelTransport => "rebel-transport",
        }
    }

    /// Reads [`DeckId::code`].
    pub fn parse(code: &str) -> Option<DeckId> {
        DeckId::ALL.into_iter().find(|d| d.code() == code)
    }

    /// Whether it is a huge ship's deck, with Fore and Aft cards.
    pub fn is_huge(self) -> bool {
        self == DeckId::RebelTransport
    }

    fn file(self) -> &'static str {
        match self {
            DeckId::Core => include_str!("../../data/xwing-data/damage-deck-core.json"),
            DeckId::CoreTfa => include_str!("../../data/xwing-data/damage-deck-core-tfa.json"),
            DeckId::RebelTransport => {
                include_str!("../../data/xwing-data/damage-deck-rebel-transport.json")
            }
        }
    }
}

/// Which actions a face-up card takes away.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionsLost {
    /// None.
    #[default]
    None,
    /// Every action of the bar (Damaged Sensor Array).
    All,
    /// These, by XWS name (Broadcast Malfunction: `jam`).
    Some(Vec<String>),
}

impl ActionsLost {
    /// Whether it takes away the action `xws`.
    pub fn takes(&self, xws: &str) -> bool {
        match self {
            ActionsLost::None => false,
            ActionsLost::All => true,
            ActionsLost::Some(list) => list.iter().any(|a| a == xws),
        }
    }
}

/// What the app applies of a face-up card; the rest of its text is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageEffect {
    /// Damage against the hull (Direct Hit!: 2); 1 for every other card.
    pub counts_as: u8,
    /// Stat changes, each to a minimum of 0.
    pub stat_changes: Vec<StatChange>,
    /// Maneuvers it recolours; a damage card's colour is forced, not chosen.
    pub dial_changes: Vec<DialChange>,
    /// Actions it takes away.
    pub actions_lost: ActionsLost,
    /// Change to the energy a revealed maneuver gives (Reactor Leak: -1).
    pub energy_gain: i8,
    /// The most shields one recover restores (Reactor Cowl Rupture: 2).
    pub recover_max: Option<u8>,
}

impl Default for DamageEffect {
    fn default() -> DamageEffect {
        DamageEffect {
            counts_as: 1,
            stat_changes: Vec::new(),
            dial_changes: Vec::new(),
            actions_lost: ActionsLost::None,
            energy_gain: 0,
            recover_max: None,
        }
    }
}

/// One card of a damage deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageCard {
    /// Its deck.
    pub deck: DeckId,
    /// As printed ("Direct Hit!").
    pub name: String,
    /// Copies in the deck.
    pub copies: u8,
    /// "Pilot" or "Ship".
    pub trait_name: String,
    /// The deck half of a huge ship's card.
    pub section: Option<HugeSection>,
    /// The card's text, with `[Icon]` words and paragraphs on their own lines.
    pub text: String,
    /// What the app applies of it.
    pub effect: DamageEffect,
}

/// Which deck a ship draws from, with the source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipDeck {
    /// `None`: its deck is not in the data, and the player names each card.
    pub deck: Option<DeckId>,
    /// Whether the data holds the whole deck.
    pub complete: bool,
    /// Where the answer comes from.
    pub source: String,
}

/// A data file that cannot be read: a build error, caught by the tests.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// A file that does not parse.
    #[error("{file}: {message}")]
    File {
        /// The file.
        file: &'static str,
        /// What is wrong.
        message: String,
    },
    #[error("damage_effects.csv: no card \"{name}\" in deck {deck}")]
    /// An effect row naming a card its deck does not have.
    UnknownCard {
        /// The deck as written.
        deck: String,
        /// The name as written.
        name: String,
    },
    /// A ship row naming a deck the data has not.
    #[error("damage_decks.csv: unknown deck \"{0}\"")]
    UnknownDeck(String),
}

/// Every damage card, and which ship draws from which deck.
#[derive(Debug, Clone)]
pub struct DamageDecks {
    cards: Vec<DamageCard>,
    /// `(ship XWS name or "*", deck)`.
    ships: Vec<(String, ShipDeck)>,
}

#[derive(Deserialize)]
struct JsonCard {
    name: String,
    amount: u8,
    #[serde(rename = "type")]
    trait_name: String,
    text: String,
    section: Option<String>,
}

#[derive(Deserialize)]
struct EffectRow {
    deck: String,
    name: String,
    counts_as: Option<u8>,
    stat_changes: String,
    dial_changes: String,
    actions_lost: String,
    energy_gain: Option<i8>,
    recover_max: Option<u8>,
}

#[derive(Deserialize)]
struct DeckRow {
    ship: String,
    deck: String,
    complete: String,
    source: String,
}

/// The card text as the app writes card text: paragraphs on lines, no markup.
fn plain_text(html: &str) -> String {
    html.replace("<br /><br />", "\n")
        .replace("<br />", "\n")
        .replace("<strong>", "")
        .replace("</strong>", "")
}

fn read_deck(deck: DeckId) -> Result<Vec<DamageCard>, DeckError> {
    let rows: Vec<JsonCard> = serde_json::from_str(deck.file()).map_err(|e| DeckError::File {
        file: "damage-deck json",
        message: e.to_string(),
    })?;
    Ok(rows
        .into_iter()
        .map(|r| DamageCard {
            deck,
            name: r.name,
            copies: r.amount,
            trait_name: r.trait_name,
            section: match r.section.as_deref() {
                Some("Fore") => Some(HugeSection::Fore),
                Some("Aft") => Some(HugeSection::Aft),
                _ => None,
            },
            text: plain_text(&r.text),
            effect: DamageEffect::default(),
        })
        .collect())
}

fn csv_rows<T: for<'de> Deserialize<'de>>(
    file: &'static str,
    text: &str,
) -> Result<Vec<T>, DeckError> {
    csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .collect::<Result<Vec<T>, _>>()
        .map_err(|e| DeckError::File {
            file,
            message: e.to_string(),
        })
}

fn effect_of(row: &EffectRow) -> Result<DamageEffect, DeckError> {
    let bad = |message: String| DeckError::File {
        file: "damage_effects.csv",
        message: format!("{}: {message}", row.name),
    };
    let stat_changes = row
        .stat_changes
        .split(';')
        .filter(|s| !s.trim().is_empty())
        .map(|s| StatChange::parse(s.trim()).map_err(|e| bad(e.to_string())))
        .collect::<Result<_, _>>()?;
    let dial_changes = DialChange::parse_all(&row.dial_changes).map_err(|e| bad(e.to_string()))?;
    let actions_lost = match row.actions_lost.trim() {
        "" => ActionsLost::None,
        "*" => ActionsLost::All,
        list => ActionsLost::Some(list.split(';').map(|a| a.trim().to_string()).collect()),
    };
    Ok(DamageEffect {
        counts_as: row.counts_as.unwrap_or(1),
        stat_changes,
        dial_changes,
        actions_lost,
        energy_gain: row.energy_gain.unwrap_or(0),
        recover_max: row.recover_max,
    })
}

fn read_ships() -> Result<Vec<(String, ShipDeck)>, DeckError> {
    let rows: Vec<DeckRow> = csv_rows(
        "damage_decks.csv",
        include_str!("../../data/damage_decks.csv"),
    )?;
    rows.into_iter()
        .map(|r| {
            let deck = match r.deck.as_str() {
                "" | "standard" => None,
                code => Some(DeckId::parse(code).ok_or(DeckError::UnknownDeck(r.deck.clone()))?),
            };
            let ship = ShipDeck {
                deck,
                complete: r.complete == "yes",
                source: r.source,
            };
            Ok((r.ship, ship))
        })
        .collect()
}

impl DamageDecks {
    /// Reads the embedded files.
    pub fn read() -> Result<DamageDecks, DeckError> {
        let mut cards = Vec::new();
        for deck in DeckId::ALL {
            cards.extend(read_deck(deck)?);
        }
        let effects: Vec<EffectRow> = csv_rows(
            "damage_effects.csv",
            include_str!("../../data/damage_effects.csv"),
        )?;
        for row in &effects {
            let card = cards
                .iter_mut()
                .find(|c| c.deck.code() == row.deck && c.name == row.name)
                .ok_or_else(|| DeckError::UnknownCard {
                    deck: row.deck.clone(),
                    name: row.name.clone(),
                })?;
            card.effect = effect_of(row)?;
        }
        Ok(DamageDecks {
            cards,
            ships: read_ships()?,
        })
    }

    /// The embedded decks, read once.
    pub fn embedded() -> Result<&'static DamageDecks, DeckError> {
        static DECKS: OnceLock<Result<DamageDecks, DeckError>> = OnceLock::new();
        DECKS
            .get_or_init(DamageDecks::read)
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The cards of one deck, in the data's order.
    pub fn cards(&self, deck: DeckId) -> impl Iterator<Item = &DamageCard> {
        self.cards.iter().filter(move |c| c.deck == deck)
    }

    /// A card by deck and printed name.
    pub fn card(&self, deck: DeckId, name: &str) -> Option<&DamageCard> {
        self.cards(deck).find(|c| c.name == name)
    }

    /// The card of any deck printed with this name, read as a player types
    /// it: any case, with or without the "!" of "Direct Hit!".
    pub fn named(&self, typed: &str) -> Option<&DamageCard> {
        let plain = |s: &str| s.trim().trim_end_matches('!').trim().to_lowercase();
        let typed = plain(typed);
        self.cards.iter().find(|c| plain(&c.name) == typed)
    }

    /// Every card of a huge ship's deck the data holds: the list a player
    /// names a card from when the ship's own deck is not in the data.
    pub fn known_huge(&self) -> impl Iterator<Item = &DamageCard> {
        self.cards.iter().filter(|c| c.deck.is_huge())
    }

    /// The deck ship `xws` draws from: its own row, else the small and
    /// large ships' row (the deck the game chose, `standard`).
    pub fn deck_for(&self, xws: &str, standard: DeckId) -> ShipDeck {
        let own = self.ships.iter().find(|(s, _)| s == xws);
        match own {
            Some((_, deck)) => deck.clone(),
            None => {
                let any = self.ships.iter().find(|(s, _)| s == "*");
                ShipDeck {
                    deck: Some(standard),
                    complete: true,
                    source: any.map(|(_, d)| d.source.clone()).unwrap_or_default(),
                }
            }
        }
    }

    /// Each ship row: the ship's XWS name (`*` for small and large ships) and its deck.
    pub fn ship_decks(&self) -> &[(String, ShipDeck)] {
        &self.ships
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_deck_has_its_printed_count() {
        let decks = DamageDecks::read().unwrap();
        let count = |d| decks.cards(d).map(|c| u32::from(c.copies)).sum::<u32>();
        assert_eq!(count(DeckId::Core), 33);
        assert_eq!(count(DeckId::CoreTfa), 33);
        assert_eq!(count(DeckId::RebelTransport), 20);
        assert!(decks.known_huge().all(|c| c.section.is_some()));
    }

    #[test]
    fn effects_are_read_from_their_rows() {
        let decks = DamageDecks::read().unwrap();
        let engine = decks.card(DeckId::Core, "Damaged Engine").unwrap();
        assert_eq!(engine.effect.dial_changes[0].to_string(), "*:TL,TR:R");
        let leak = decks.card(DeckId::RebelTransport, "Reactor Leak").unwrap();
        assert_eq!(leak.effect.energy_gain, -1);
        let sensor = decks.card(DeckId::CoreTfa, "Damaged Sensor Array").unwrap();
        assert!(sensor.effect.actions_lost.takes("focus"));
        assert!(!sensor.text.contains("<br"));
        let fire = decks.card(DeckId::Core, "Console Fire").unwrap();
        assert_eq!(fire.effect, DamageEffect::default());
    }

    #[test]
    fn each_huge_ship_names_its_deck_and_source() {
        let decks = DamageDecks::read().unwrap();
        let gr75 = decks.deck_for("gr75mediumtransport", DeckId::Core);
        assert_eq!(
            (gr75.deck, gr75.complete),
            (Some(DeckId::RebelTransport), true)
        );
        let croc = decks.deck_for("croccruiser", DeckId::Core);
        assert!(!croc.complete && croc.source.contains("C-ROC"));
        assert_eq!(
            decks.deck_for("xwing", DeckId::Core).deck,
            Some(DeckId::Core)
        );
    }
}
