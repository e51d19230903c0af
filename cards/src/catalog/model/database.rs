//! The whole card database, as loaded and checked, and how a card is found
//! in it: by XWS name, by id, by the key of its page.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::any_card::Card;
use super::pilot::Pilot;
use super::product::Product;
use super::shared::{Action, CardId, Condition, Faction, SlotType};
use super::ship::Ship;
use super::upgrade::Upgrade;
use super::yasb_card::YasbCard;

/// The whole card database, as loaded and checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
    pub yasb: Vec<YasbCard>,
    /// The products and their contents (`products.csv`,
    /// `product_contents.csv`); empty for a card set without the files.
    #[serde(default)]
    pub products: Vec<Product>,
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
