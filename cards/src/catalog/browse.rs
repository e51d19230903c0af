//! How the card pages are organised: shelves of pilots by faction and ship,
//! and of upgrades by slot, each at its own address, so no page holds the
//! whole pool; and a bounded filter over every card's words.

use super::card_words::CardWords;
use super::model::{
    Card, Database, Faction, FilterWords, Pilot, Ship, ShipSize, SlotType, Upgrade,
};
use super::shown::compare_names;

/// The first segment of an upgrade shelf's address: `/cards/upgrades/<slot>`.
pub const UPGRADE_SHELVES: &str = "upgrades";

/// One shelf of the card pages.
#[derive(Debug, Clone, PartialEq)]
pub enum Shelf<'a> {
    /// A faction's pilots of one ship type (`/cards/<faction>/<ship>`),
    /// best pilot skill first.
    Ship {
        faction: &'a Faction,
        ship: &'a Ship,
        pilots: Vec<&'a Pilot>,
    },
    /// The upgrades of one slot (`/cards/upgrades/<slot>`), by name.
    Slot {
        slot: &'a SlotType,
        upgrades: Vec<&'a Upgrade>,
    },
}

impl Shelf<'_> {
    /// The shelf's heading.
    pub fn title(&self) -> String {
        match self {
            Shelf::Ship { faction, ship, .. } => format!("{}: {}", faction.name, ship.name),
            Shelf::Slot { slot, .. } => format!("{} upgrades", slot.name),
        }
    }

    /// The shelf's cards, in its order.
    pub fn cards(&self) -> Vec<Card<'_>> {
        match self {
            Shelf::Ship { pilots, .. } => pilots.iter().map(|p| Card::Pilot(p)).collect(),
            Shelf::Slot { upgrades, .. } => upgrades.iter().map(|u| Card::Upgrade(u)).collect(),
        }
    }
}

/// A link to a shelf, for the index: its address, label and card count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShelfLink {
    pub href: String,
    pub label: String,
    pub count: usize,
}

/// The shelves of one squad faction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactionShelves {
    pub faction: String,
    pub name: String,
    pub ships: Vec<ShelfLink>,
}

/// What a filter over every card found: the first matches and how many
/// there are in all.
#[derive(Debug, Clone, PartialEq)]
pub struct CardMatches<'a> {
    pub cards: Vec<Card<'a>>,
    pub total: usize,
}

impl Database {
    /// The shelf at `/cards/<group>/<item>`: `group` is a squad faction
    /// (`rebel`, `imperial`, `scum`) and `item` a ship, or `group` is
    /// [`UPGRADE_SHELVES`] and `item` a slot.
    ///
    /// ```
    /// use cards::catalog::{Database, Shelf};
    /// let db = Database::embedded().unwrap();
    /// let shelf = db.shelf("scum", "croccruiser").unwrap();
    /// assert_eq!(shelf.title(), "Scum and Villainy: C-ROC Cruiser");
    /// assert!(db.shelf("upgrades", "crew").unwrap().cards().len() > 80);
    /// assert!(db.shelf("rebel", "croccruiser").is_none());
    /// ```
    pub fn shelf(&self, group: &str, item: &str) -> Option<Shelf<'_>> {
        if group == UPGRADE_SHELVES {
            let slot = self.slot(item)?;
            let mut upgrades: Vec<&Upgrade> = self
                .upgrades
                .iter()
                .filter(|u| u.slot() == slot.xws)
                .collect();
            upgrades.sort_by(|a, b| a.name().cmp(b.name()));
            return (!upgrades.is_empty()).then_some(Shelf::Slot { slot, upgrades });
        }
        let faction = self.squad_factions().find(|f| f.xws == group)?;
        self.pilots_by_ship(&faction.xws)
            .into_iter()
            .find(|(ship, _)| ship.xws == item)
            .map(|(ship, pilots)| Shelf::Ship {
                faction,
                ship,
                pilots,
            })
    }

    /// Every ship shelf, by squad faction in table order.
    pub fn faction_shelves(&self) -> Vec<FactionShelves> {
        self.squad_factions()
            .map(|f| FactionShelves {
                faction: f.xws.clone(),
                name: f.name.clone(),
                ships: self
                    .pilots_by_ship(&f.xws)
                    .into_iter()
                    .map(|(ship, pilots)| ShelfLink {
                        href: format!("/cards/{}/{}", f.xws, ship.xws),
                        label: ship.name.clone(),
                        count: pilots.len(),
                    })
                    .collect(),
            })
            .collect()
    }

    /// Every upgrade shelf, by slot in table order.
    pub fn slot_shelves(&self) -> Vec<ShelfLink> {
        self.slots
            .iter()
            .map(|slot| ShelfLink {
                href: format!("/cards/{UPGRADE_SHELVES}/{}", slot.xws),
                label: slot.name.clone(),
                count: self
                    .upgrades
                    .iter()
                    .filter(|u| u.slot() == slot.xws)
                    .count(),
            })
            .filter(|link| link.count > 0)
            .collect()
    }

    /// The cards whose words hold every word of `query` (names, text,
    /// slots: [`Card::matches`]; the query read as [`FilterWords`], so a
    /// stranger's text drives bounded work), the first `limit` of them,
    /// pilots first. An empty query finds nothing.
    ///
    /// ```
    /// use cards::catalog::Database;
    /// let db = Database::embedded().unwrap();
    /// let found = db.find_cards("energy recover", 5);
    /// assert!(found.total >= found.cards.len() && found.cards.len() <= 5);
    /// assert_eq!(db.find_cards("  ", 5).total, 0);
    /// ```
    pub fn find_cards(&self, query: &str, limit: usize) -> CardMatches<'_> {
        self.find_cards_where(query, limit, None)
    }

    /// [`Database::find_cards`] among the cards that pass `only` (the
    /// player's own, say); with `only`, an empty query lists every card
    /// that passes.
    ///
    /// ```
    /// use cards::catalog::{Card, Database};
    /// let db = Database::embedded().unwrap();
    /// let spacer = |c: Card<'_>| matches!(c, Card::Pilot(p) if p.xws == "cartelspacer");
    /// let found = db.find_cards_where("", 5, Some(&spacer));
    /// assert_eq!(found.total, 1);
    /// assert_eq!(db.find_cards_where("marauder", 5, Some(&spacer)).total, 0);
    /// ```
    pub fn find_cards_where(
        &self,
        query: &str,
        limit: usize,
        only: Option<&dyn Fn(Card<'_>) -> bool>,
    ) -> CardMatches<'_> {
        let words = FilterWords::new(query);
        if words.is_empty() && only.is_none() {
            return CardMatches {
                cards: Vec::new(),
                total: 0,
            };
        }
        let mut cards = Vec::new();
        let mut total = 0;
        let found = self
            .cards()
            .filter(|c| only.is_none_or(|keep| keep(*c)))
            .filter(|c| words.is_empty() || c.matches_words(&words));
        for card in found {
            total += 1;
            if cards.len() < limit {
                cards.push(card);
            }
        }
        CardMatches { cards, total }
    }
}

/// What the builder's pilot picker narrows by and sorts on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PilotFilter {
    /// Words every one of which is in the pilot's name, ship or ability.
    pub text: String,
    pub size: Option<ShipSize>,
    /// Pilot skill at least this (a pilot of skill `?` never passes).
    pub min_skill: Option<u8>,
    /// Squad points at most this (a pilot of points `?` never passes).
    pub max_points: Option<i32>,
    pub sort: PilotSort,
}

/// The order of pilots within a ship.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PilotSort {
    /// Best pilot skill first (the printed order of a ship's pilots).
    #[default]
    Skill,
    /// Cheapest first.
    Points,
}

impl PilotFilter {
    /// Whether `pilot` passes; its words are read in English and, given
    /// the page's `shown` words, in the page's language too.
    fn passes(
        &self,
        words: &FilterWords,
        (db, shown): (&Database, Option<&CardWords>),
        ship: &Ship,
        pilot: &Pilot,
    ) -> bool {
        self.size.is_none_or(|s| ship.size == s)
            && self
                .min_skill
                .is_none_or(|m| pilot.skill.is_some_and(|s| s >= m))
            && self
                .max_points
                .is_none_or(|m| pilot.points.is_some_and(|p| p <= m))
            && match shown {
                Some(shown) => shown.matches(db, Card::Pilot(pilot), words),
                None => Card::Pilot(pilot).matches_words(words),
            }
    }
}

impl Database {
    /// The pilot picker's groups: [`Database::pilots_by_ship`] narrowed by
    /// `filter` and sorted as it says; with `huge_first` (Epic) the huge
    /// ships come first.
    ///
    /// ```
    /// use cards::catalog::{Database, PilotFilter, PilotSort, ShipSize};
    /// let db = Database::embedded().unwrap();
    /// let epic = db.pilot_choices("rebel", &PilotFilter::default(), true);
    /// assert!(epic[0].0.is_huge());
    /// let cheap_small = PilotFilter {
    ///     size: Some(ShipSize::Small),
    ///     max_points: Some(14),
    ///     sort: PilotSort::Points,
    ///     ..PilotFilter::default()
    /// };
    /// for (ship, pilots) in db.pilot_choices("imperial", &cheap_small, false) {
    ///     assert_eq!(ship.size, ShipSize::Small);
    ///     assert!(pilots.windows(2).all(|w| w[0].points <= w[1].points));
    /// }
    /// ```
    pub fn pilot_choices(
        &self,
        squad_faction: &str,
        filter: &PilotFilter,
        huge_first: bool,
    ) -> Vec<(&Ship, Vec<&Pilot>)> {
        self.pilot_choices_in(squad_faction, filter, huge_first, None)
    }

    /// [`Database::pilot_choices`] on a page in another language, whose
    /// card words are `shown`: the filter's words match a pilot's English
    /// or shown words, and pilots of equal skill or points sort by the
    /// name shown ([`compare_names`]). `None`: English, as printed.
    pub fn pilot_choices_in<'a>(
        &'a self,
        squad_faction: &str,
        filter: &PilotFilter,
        huge_first: bool,
        shown: Option<&CardWords>,
    ) -> Vec<(&'a Ship, Vec<&'a Pilot>)> {
        let words = FilterWords::new(&filter.text);
        let mut groups: Vec<(&Ship, Vec<&Pilot>)> = self
            .pilots_by_ship(squad_faction)
            .into_iter()
            .filter_map(|(ship, pilots)| {
                let mut pilots: Vec<&Pilot> = pilots
                    .into_iter()
                    .filter(|p| filter.passes(&words, (self, shown), ship, p))
                    .collect();
                // One comparison for every order: each closure given to a
                // sort is a copy of the sort in the browser's code.
                let order = |a: &&Pilot, b: &&Pilot| {
                    let first = match filter.sort {
                        PilotSort::Points => a.points.cmp(&b.points),
                        PilotSort::Skill => b.skill.cmp(&a.skill),
                    };
                    first.then_with(|| match shown {
                        Some(w) => compare_names(w.pilot_name(a).0, w.pilot_name(b).0),
                        None => a.name.cmp(&b.name),
                    })
                };
                // `pilots_by_ship` orders them by skill and English name already.
                if (filter.sort, shown.is_some()) != (PilotSort::Skill, false) {
                    pilots.sort_by(order);
                }
                (!pilots.is_empty()).then_some((ship, pilots))
            })
            .collect();
        if huge_first {
            // Stable: the table order is kept within huge and other ships.
            groups.sort_by_key(|(ship, _)| !ship.is_huge());
        }
        groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_is_on_exactly_one_shelf_of_its_kind() {
        let db = Database::embedded().unwrap();
        let upgrades: usize = db.slot_shelves().iter().map(|l| l.count).sum();
        assert_eq!(upgrades, db.upgrades.len());
        // A pilot is shelved under its squad faction: First Order pilots
        // with the Empire, Resistance with the Rebels.
        let pilots: usize = db
            .faction_shelves()
            .iter()
            .flat_map(|f| f.ships.iter().map(|l| l.count))
            .sum();
        assert_eq!(pilots, db.pilots.len());
        for f in db.faction_shelves() {
            for link in &f.ships {
                let mut parts = link.href.trim_start_matches("/cards/").split('/');
                let (group, item) = (parts.next().unwrap(), parts.next().unwrap());
                assert_eq!(db.shelf(group, item).unwrap().cards().len(), link.count);
            }
        }
    }

    #[test]
    fn a_filter_is_bounded_and_counts_every_match() {
        let db = Database::embedded().unwrap();
        let all = db.find_cards("energy", usize::MAX);
        let few = db.find_cards("energy", 3);
        assert_eq!(few.cards.len(), 3);
        assert_eq!(few.total, all.total);
        assert!(all.total > 3);
    }

    #[test]
    fn the_pilot_picker_narrows_by_every_filter() {
        let db = Database::embedded().unwrap();
        let count = |f: &PilotFilter| -> usize {
            db.pilot_choices("scum", f, false)
                .iter()
                .map(|(_, p)| p.len())
                .sum()
        };
        let all = count(&PilotFilter::default());
        let text = PilotFilter {
            text: "starviper".into(),
            ..PilotFilter::default()
        };
        assert!(count(&text) > 0 && count(&text) < all);
        let aces = PilotFilter {
            min_skill: Some(9),
            ..PilotFilter::default()
        };
        for (_, pilots) in db.pilot_choices("scum", &aces, false) {
            assert!(pilots.iter().all(|p| p.skill >= Some(9)));
        }
        let huge = PilotFilter {
            size: Some(ShipSize::Huge),
            ..PilotFilter::default()
        };
        let groups = db.pilot_choices("scum", &huge, false);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].0.xws, "croccruiser");
        // Outside Epic the table order stands (the Empire's huge ships come
        // late in it); in Epic they come first.
        let standard = db.pilot_choices("imperial", &PilotFilter::default(), false);
        assert!(!standard[0].0.is_huge());
        let epic = db.pilot_choices("imperial", &PilotFilter::default(), true);
        assert!(epic[0].0.is_huge() && epic[1].0.is_huge());
    }

    #[test]
    fn unknown_shelves_are_none() {
        let db = Database::embedded().unwrap();
        assert!(db.shelf("upgrades", "nosuchslot").is_none());
        assert!(db.shelf("firstorder", "tiefofighter").is_none());
        assert!(db.shelf("", "").is_none());
    }
}
