//! The huge ship the simulator flies, read from its cards through the
//! rules engine, its actions, and the ready-made ships of the menu.

use serde::{Deserialize, Serialize};

use super::error::EnergyError;
use crate::catalog::{Database, Maneuver, Pilot, Ship, Stats, Upgrade};
use crate::squad::{CardRef, Equipped, Problem, Report, Rules, Severity, Squad, SquadShip};

/// A card as the simulator names it: its XWS name (a page in another
/// language looks its words up by it) and its printed English name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardName {
    pub xws: String,
    pub name: String,
}

impl CardName {
    fn of(upgrade: &Upgrade) -> CardName {
        CardName {
            xws: upgrade.xws.clone(),
            name: upgrade.name().to_string(),
        }
    }
}

impl std::fmt::Display for CardName {
    /// The printed English name.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The huge ship the simulator flies: the values the energy rules read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnergyShip {
    /// "C-ROC Cruiser" and its upgrades, for the page.
    pub name: String,
    /// The ship without its upgrades: the (first section's) ship's XWS
    /// name, and its English name ("C-ROC Cruiser"; a ship of two
    /// sections by its whole name, "CR90 Corvette").
    pub ship: CardName,
    /// The Ship card's energy limit after titles (4; Merchant One 5, Broken Horn 6, Insatiable Worrt 3).
    pub energy_limit: u8,
    /// The shield value: recover never goes above it.
    pub shield_value: u8,
    pub hull: u8,
    pub dial: Vec<Maneuver>,
    /// Each section's action bar, by action XWS name: one entry, or fore
    /// and aft.
    pub section_actions: Vec<Vec<String>>,
    /// Equipped cards with an energy limit, in the order they are equipped.
    pub energy_cards: Vec<EnergyCard>,
    /// Energy gained after each recover action (Insatiable Worrt: 3).
    pub energy_after_recover: u8,
    /// The equipped cards that give it (Insatiable Worrt).
    pub after_recover_cards: Vec<CardName>,
    /// Equipped cards with the "Energy:" header, usable once per round.
    pub energy_header_cards: Vec<CardName>,
    /// The upgrades as equipped, by XWS name (the address keeps them).
    pub upgrades: Vec<String>,
}

/// An equipped card that holds energy of its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnergyCard {
    pub xws: String,
    pub name: String,
    pub limit: u8,
    /// Energy one use spends from the card (Heavy Laser Turret's attack: 2).
    pub cost: Option<u8>,
}

impl EnergyCard {
    /// The card's name, with its XWS name.
    pub fn card_name(&self) -> CardName {
        CardName {
            xws: self.xws.clone(),
            name: self.name.clone(),
        }
    }
}

impl EnergyShip {
    /// A C-ROC Cruiser with these upgrades (XWS names).
    pub fn croc(rules: &Rules, upgrades: &[&str]) -> Result<EnergyShip, EnergyError> {
        EnergyShip::build(rules, "croccruiser", upgrades)
    }

    /// A pilot's ship with these upgrades (XWS names).
    pub fn build(rules: &Rules, pilot: &str, upgrades: &[&str]) -> Result<EnergyShip, EnergyError> {
        let ship = SquadShip {
            pilot: CardRef::Xws(pilot.to_string()),
            upgrades: upgrades
                .iter()
                .map(|u| Equipped::new(CardRef::Xws((*u).to_string()), None))
                .collect(),
        };
        EnergyShip::from_ship(rules, &ship)
    }

    /// The ship of a squad, with the values the rules engine computes for it.
    pub fn from_ship(rules: &Rules, ship: &SquadShip) -> Result<EnergyShip, EnergyError> {
        EnergyShip::from_sections(rules, std::slice::from_ref(ship))
    }

    /// A huge ship of one section, or of two (a CR90's or a Raider's fore
    /// and aft, each with its own upgrades): the sections' energy limits,
    /// shields and hull add up; the energy cards of both draw on the Ship
    /// card's energy; each section keeps its own action bar.
    pub fn from_sections(rules: &Rules, sections: &[SquadShip]) -> Result<EnergyShip, EnergyError> {
        let (pilots, cards) = read_sections(&rules.db, sections)?;
        let (first, first_hull) = one_ship(&pilots)?;
        let report = legal_loadout(rules, first, sections)?;
        let total = |stat: fn(&Stats) -> Option<u8>| {
            report
                .ships
                .iter()
                .filter_map(|s| stat(&s.stats))
                .fold(0u8, u8::saturating_add)
        };
        let section_actions: Vec<Vec<String>> = pilots
            .iter()
            .map(|(p, _)| p.actions.iter().map(|a| a.to_string()).collect())
            .collect();
        Ok(EnergyShip {
            name: ship_name(first_hull, &cards),
            ship: CardName {
                xws: first_hull.xws.clone(),
                name: hull_name(first_hull),
            },
            energy_limit: total(|s| s.energy),
            shield_value: total(|s| s.shields),
            hull: total(|s| s.hull),
            dial: first_hull.dial.clone(),
            section_actions,
            energy_cards: energy_cards(&cards),
            energy_after_recover: cards
                .iter()
                .filter_map(|c| c.effects.energy_after_recover)
                .fold(0u8, u8::saturating_add),
            after_recover_cards: cards
                .iter()
                .filter(|c| c.effects.energy_after_recover.is_some_and(|e| e > 0))
                .map(|c| CardName::of(c))
                .collect(),
            energy_header_cards: cards
                .iter()
                .filter(|c| c.faces.iter().any(|f| f.text.starts_with("Energy:")))
                .map(|c| CardName::of(c))
                .collect(),
            upgrades: cards.iter().map(|c| c.xws.clone()).collect(),
        })
    }

    /// The ship's actions, both sections' for a ship of two.
    pub fn actions(&self) -> impl Iterator<Item = &str> {
        self.section_actions.iter().flatten().map(String::as_str)
    }

    pub(crate) fn has_action(&self, xws: &str) -> bool {
        self.actions().any(|a| a == xws)
    }

    /// The huge-ship actions section `section` can perform (always "no
    /// action"); a ship of one section has section 0 only.
    pub fn section_huge_actions(&self, section: usize) -> Vec<HugeAction> {
        let bar = self
            .section_actions
            .get(section)
            .map_or(&[][..], Vec::as_slice);
        HugeAction::ALL
            .into_iter()
            .filter(|a| a.action_xws().is_none_or(|x| bar.iter().any(|b| b == x)))
            .collect()
    }

    /// The huge-ship actions this ship can perform (always "no action").
    pub fn huge_actions(&self) -> Vec<HugeAction> {
        HugeAction::ALL
            .into_iter()
            .filter(|a| a.action_xws().is_none_or(|xws| self.has_action(xws)))
            .collect()
    }
}

/// A section's pilot card and the ship it flies.
type Section<'a> = (&'a Pilot, &'a Ship);

/// Each section's pilot and ship, and the upgrades of all of them: every
/// card known, every ship huge.
fn read_sections<'a>(
    db: &'a Database,
    sections: &[SquadShip],
) -> Result<(Vec<Section<'a>>, Vec<&'a Upgrade>), EnergyError> {
    let mut pilots = Vec::new();
    let mut cards = Vec::new();
    for ship in sections {
        let pilot = ship
            .pilot
            .pilot(db)
            .ok_or_else(|| EnergyError::UnknownPilot(ship.pilot.describe()))?;
        let hull = db
            .ship_of(pilot)
            .ok_or_else(|| EnergyError::UnknownShip(pilot.name.clone()))?;
        if !hull.is_huge() {
            return Err(EnergyError::NotHuge {
                pilot: pilot.name.clone(),
                ship: hull.name.clone(),
            });
        }
        for e in &ship.upgrades {
            let card = e.card.upgrade(db);
            cards.push(card.ok_or_else(|| EnergyError::UnknownUpgrade(e.card.describe()))?);
        }
        pilots.push((pilot, hull));
    }
    Ok((pilots, cards))
}

/// The first section, when the sections are one ship: a ship of one
/// section, or the two sections of one ship.
fn one_ship<'a>(pilots: &[Section<'a>]) -> Result<Section<'a>, EnergyError> {
    let Some(&(first, first_hull)) = pilots.first() else {
        return Err(EnergyError::UnknownPilot(String::new()));
    };
    if first_hull.section_of.is_some() && pilots.len() < 2 {
        return Err(EnergyError::SectionAlone(first.name.clone()));
    }
    // Two cards are one ship only as two sections of it.
    let one_ship = pilots.len() == 1
        || pilots.len() == 2
            && first_hull.section_of.is_some()
            && pilots[1].1.section_of == first_hull.section_of
            && pilots[1].1.xws != first_hull.xws;
    if !one_ship {
        let names: Vec<&str> = pilots.iter().map(|(p, _)| p.name.as_str()).collect();
        return Err(EnergyError::NotOneShip(names.join(" and ")));
    }
    Ok((first, first_hull))
}

/// The rules engine's report on the ship, flown in an epic squad of its
/// own, if its loadout is legal.
fn legal_loadout(
    rules: &Rules,
    first: &Pilot,
    sections: &[SquadShip],
) -> Result<Report, EnergyError> {
    let mut squad = Squad::new("epic", &first.faction);
    for ship in sections {
        let mut placed = ship.clone();
        crate::squad::xws::place(&rules.db, &mut placed);
        squad.ships.push(placed);
    }
    let report = rules.validate(&squad);
    // An illegal loadout (two Titles, two turrets) would simulate cards
    // the ship cannot hold: refuse it with the engine's reasons.
    let errors: Vec<Problem> = report
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .cloned()
        .collect();
    if !errors.is_empty() {
        return Err(EnergyError::IllegalLoadout(errors));
    }
    Ok(report)
}

/// "C-ROC Cruiser with Merchant One, Heavy Laser Turret": the ship (a
/// sectioned ship by its whole name) and its upgrades, for the page.
fn ship_name(first_hull: &Ship, cards: &[&Upgrade]) -> String {
    let mut name = hull_name(first_hull);
    if !cards.is_empty() {
        name.push_str(" with ");
        name.push_str(
            &cards
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(", "),
        );
    }
    name
}

/// The ship's name: a sectioned ship by its whole name.
fn hull_name(first_hull: &Ship) -> String {
    first_hull
        .section_of
        .clone()
        .unwrap_or_else(|| first_hull.name.clone())
}

/// The equipped cards that hold energy of their own, in equipped order.
fn energy_cards(cards: &[&Upgrade]) -> Vec<EnergyCard> {
    cards
        .iter()
        .filter_map(|c| {
            c.energy_limit.map(|limit| EnergyCard {
                xws: c.xws.clone(),
                name: c.name().to_string(),
                limit,
                cost: c.energy_cost,
            })
        })
        .collect()
}

/// A ready-made ship for the simulator's menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnergyPreset {
    pub label: &'static str,
    pub pilot: &'static str,
    pub upgrades: &'static [&'static str],
    /// The aft section's pilot, for a ship of two sections.
    pub second: &'static str,
}

const fn preset(
    label: &'static str,
    pilot: &'static str,
    upgrades: &'static [&'static str],
    second: &'static str,
) -> EnergyPreset {
    EnergyPreset {
        label,
        pilot,
        upgrades,
        second,
    }
}

/// Every huge ship, and the C-ROC with each of its titles.
pub const PRESETS: [EnergyPreset; 8] = [
    preset(
        "C-ROC Cruiser with Heavy Laser Turret",
        "croccruiser",
        &["heavylaserturret"],
        "",
    ),
    preset(
        "Merchant One with Heavy Laser Turret",
        "croccruiser",
        &["merchantone", "heavylaserturret"],
        "",
    ),
    preset(
        "Broken Horn with Heavy Laser Turret",
        "croccruiser",
        &["brokenhorn", "heavylaserturret"],
        "",
    ),
    preset(
        "Insatiable Worrt with Heavy Laser Turret",
        "croccruiser",
        &["insatiableworrt", "heavylaserturret"],
        "",
    ),
    preset("GR-75 Medium Transport", "gr75mediumtransport", &[], ""),
    preset(
        "CR90 Corvette (fore and aft)",
        "cr90corvettefore",
        &[],
        "cr90corvetteaft",
    ),
    preset(
        "Raider-class Corvette (fore and aft)",
        "raiderclasscorvettefore",
        &[],
        "raiderclasscorvetteaft",
    ),
    preset("Gozanti-class Cruiser", "gozanticlasscruiser", &[], ""),
];

/// A huge ship's section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HugeSection {
    Fore,
    Aft,
}

/// The action of the Perform Action step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HugeAction {
    #[default]
    None,
    Recover,
    Reinforce(HugeSection),
    TargetLock,
    Jam,
    Coordinate,
}

impl HugeAction {
    /// The word used in the address.
    pub fn code(self) -> &'static str {
        match self {
            HugeAction::None => "",
            HugeAction::Recover => "recover",
            HugeAction::Reinforce(HugeSection::Fore) => "reinforce-fore",
            HugeAction::Reinforce(HugeSection::Aft) => "reinforce-aft",
            HugeAction::TargetLock => "lock",
            HugeAction::Jam => "jam",
            HugeAction::Coordinate => "coordinate",
        }
    }

    /// The action's name, as the page shows it.
    pub fn label(self) -> &'static str {
        match self {
            HugeAction::None => "no action",
            HugeAction::Recover => "Recover",
            HugeAction::Reinforce(HugeSection::Fore) => "Reinforce (fore)",
            HugeAction::Reinforce(HugeSection::Aft) => "Reinforce (aft)",
            HugeAction::TargetLock => "Target Lock",
            HugeAction::Jam => "Jam",
            HugeAction::Coordinate => "Coordinate",
        }
    }

    /// Every choice, for a menu.
    pub const ALL: [HugeAction; 7] = [
        HugeAction::None,
        HugeAction::Recover,
        HugeAction::Reinforce(HugeSection::Fore),
        HugeAction::Reinforce(HugeSection::Aft),
        HugeAction::TargetLock,
        HugeAction::Jam,
        HugeAction::Coordinate,
    ];

    pub(crate) fn action_xws(self) -> Option<&'static str> {
        match self {
            HugeAction::None => None,
            HugeAction::Recover => Some("recover"),
            HugeAction::Reinforce(_) => Some("reinforce"),
            HugeAction::TargetLock => Some("targetlock"),
            HugeAction::Jam => Some("jam"),
            HugeAction::Coordinate => Some("coordinate"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::squad::{Reason, SlotReason};

    fn rules() -> Rules {
        Rules::embedded().unwrap()
    }

    #[test]
    fn only_huge_ships_use_energy() {
        let r = rules();
        let ship = SquadShip {
            pilot: CardRef::Xws("cartelspacer".into()),
            upgrades: vec![],
        };
        assert!(
            EnergyShip::from_ship(&r, &ship)
                .unwrap_err()
                .to_string()
                .contains("not a huge ship")
        );
        assert!(
            EnergyShip::croc(&r, &["nosuchcard"])
                .unwrap_err()
                .to_string()
                .contains("nosuchcard")
        );
    }

    #[test]
    fn the_simulator_offers_the_ships_own_actions() {
        let croc = EnergyShip::croc(&rules(), &[]).unwrap();
        // Every huge action but Coordinate, which the C-ROC's bar lacks.
        assert_eq!(croc.huge_actions(), HugeAction::ALL[..6].to_vec());
        let mut without = croc.clone();
        without.section_actions[0].retain(|a| a != "jam" && a != "reinforce");
        assert_eq!(
            without.huge_actions(),
            vec![
                HugeAction::None,
                HugeAction::Recover,
                HugeAction::TargetLock
            ]
        );
    }

    /// Issue 13.7: an illegal loadout is refused with the engine's reasons.
    #[test]
    fn an_illegal_loadout_is_refused_with_its_problems() {
        let r = rules();
        for cards in [
            &["merchantone", "brokenhorn", "heavylaserturret"][..],
            &["heavylaserturret", "heavylaserturret"][..],
        ] {
            let err = EnergyShip::croc(&r, cards).unwrap_err();
            assert!(err.to_string().contains("cannot hold these cards"), "{err}");
        }
        let err = EnergyShip::croc(&r, &["merchantone", "brokenhorn"]).unwrap_err();
        let EnergyError::IllegalLoadout(problems) = &err else {
            panic!("{err}");
        };
        assert!(
            (problems.iter())
                .any(|p| matches!(&p.reason, Reason::Slot(SlotReason::SecondTitle { .. }))),
            "{problems:?}"
        );
        // Each alone is simulated.
        assert_eq!(
            EnergyShip::croc(&r, &["brokenhorn", "heavylaserturret"])
                .unwrap()
                .energy_limit,
            6
        );
    }
}
