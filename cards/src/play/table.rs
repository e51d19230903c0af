//! The table: every ship in play with its shields, hull, tokens and damage
//! cards, set up from the squads as the rules engine builds them.

use serde::{Deserialize, Serialize};

use super::crippled::{CrippledSide, crippled_side};
use super::deck::{DamageDecks, DamageEffect, DeckId, ShipDeck};
use super::error::PlayError;
use super::ids::{ChecklistItem, Player, ShipAt, TokenKind};
use crate::catalog::{Database, Ship, ShipSize, Stats};
use crate::sim::energy::{CardName, EnergyShip, HugeSection};
use crate::squad::{FlownManeuver, Rules, ShipChange, ShipReport, Squad, SquadShip};

/// A damage card next to a ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageInPlay {
    /// The card's printed name; `None` for a card dealt facedown, never seen.
    pub name: Option<String>,
    /// The deck it came from; `None` for a card the player named.
    pub deck: Option<DeckId>,
    /// Whether it lies faceup.
    pub face_up: bool,
    /// Its text, when known.
    pub text: String,
    /// What the app applies of it while it is faceup.
    pub effect: DamageEffect,
}

impl DamageInPlay {
    /// Damage it counts against the hull: a faceup Direct Hit 2, others 1.
    pub fn counts(&self) -> u8 {
        if self.face_up {
            self.effect.counts_as
        } else {
            1
        }
    }
}

/// A section of a ship: the whole ship for every ship but the CR90 and
/// the Raider, whose fore and aft each have a Ship card of their own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaySection {
    /// Fore or aft, for a ship of two Ship cards.
    pub part: Option<HugeSection>,
    /// The section's pilot and ship, by XWS name.
    pub pilot: String,
    /// The section's ship, by XWS name.
    pub ship: String,
    /// Its hull value as built.
    pub hull: u8,
    /// Its shield value as built.
    pub shield_value: u8,
    /// Shields left.
    pub shields: u8,
    /// Damage cards next to it, in the order dealt.
    pub damage: Vec<DamageInPlay>,
    /// Whether its Ship card shows the crippled side.
    pub crippled: bool,
    /// The crippled side, when the data has it.
    pub crippled_side: Option<CrippledSide>,
    /// The energy limit as built, and as printed (a title's change is
    /// kept when the section cripples).
    pub energy_built: u8,
    /// The energy limit the Ship card prints.
    pub energy_printed: u8,
    /// The section's action bar as built, by XWS name.
    pub actions: Vec<String>,
    /// Its upgrade icons as built.
    pub slots: Vec<String>,
}

impl PlaySection {
    /// Damage counted against the section's hull.
    pub fn hull_damage(&self) -> u8 {
        self.damage
            .iter()
            .map(DamageInPlay::counts)
            .fold(0, u8::saturating_add)
    }

    /// Its energy limit now: the crippled side's, with the titles' change, once crippled.
    pub fn energy_limit(&self) -> u8 {
        match (&self.crippled_side, self.crippled) {
            (
                Some(CrippledSide {
                    energy: Some(e), ..
                }),
                true,
            ) => {
                let change = i16::from(self.energy_built) - i16::from(self.energy_printed);
                u8::try_from((i16::from(*e) + change).max(0)).unwrap_or(0)
            }
            _ => self.energy_built,
        }
    }

    /// The actions it performs now: the crippled side's once crippled.
    pub fn working_actions(&self) -> &[String] {
        match (&self.crippled_side, self.crippled) {
            (Some(side), true) => &side.actions,
            _ => &self.actions,
        }
    }
}

/// A huge ship's energy in play: the energy engine's ship, and the tokens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnergyInPlay {
    /// The ship as the energy engine of `/rules/huge-ships` reads it.
    pub engine: EnergyShip,
    /// Energy on the Ship card.
    pub ship: u8,
    /// Energy on each energy card, in `engine.energy_cards`' order.
    pub cards: Vec<u8>,
    /// The round's checklist, in [`ChecklistItem::ALL`]'s order.
    pub checklist: [bool; 4],
}

impl EnergyInPlay {
    /// Whether the item is done this round.
    pub fn done(&self, item: ChecklistItem) -> bool {
        self.checklist[item.index()]
    }
}

/// A ship in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayShip {
    /// The pilot's name, or the whole ship's for a ship of two sections.
    pub name: String,
    /// The ship type's XWS name (the first section's).
    pub ship: String,
    /// Small, large or huge.
    pub size: ShipSize,
    /// Squad points, upgrades included (both sections').
    pub points: i32,
    /// The pilot skill as built.
    pub skill: Option<u8>,
    /// The stats as built: the first section's attack, the sum of the
    /// sections' hull, shields and energy.
    pub stats: Stats,
    /// The action bar as built (both sections').
    pub actions: Vec<String>,
    /// The dial as built, with each card's changes.
    pub dial: Vec<FlownManeuver>,
    /// The stats and actions its cards changed.
    pub changes: Vec<ShipChange>,
    /// Its sections: one, or fore and aft.
    pub sections: Vec<PlaySection>,
    /// Tokens, in [`TokenKind::ALL`]'s order.
    pub tokens: [u8; 6],
    /// Its target locks, each on a ship.
    pub locks: Vec<ShipAt>,
    /// Its reinforce token's section.
    pub reinforce: Option<HugeSection>,
    /// A huge ship's energy.
    pub energy: Option<EnergyInPlay>,
    /// The deck it draws from.
    pub deck: ShipDeck,
}

/// The most target locks one ship holds here (some cards give a second).
pub const LOCK_LIMIT: usize = 3;

impl PlayShip {
    /// How many of a token it holds.
    pub fn token(&self, kind: TokenKind) -> u8 {
        self.tokens[TokenKind::ALL.iter().position(|k| *k == kind).unwrap_or(0)]
    }

    pub(super) fn token_mut(&mut self, kind: TokenKind) -> &mut u8 {
        &mut self.tokens[TokenKind::ALL.iter().position(|k| *k == kind).unwrap_or(0)]
    }

    /// Whether it has two Ship cards (CR90, Raider).
    pub fn has_sections(&self) -> bool {
        self.sections.len() > 1
    }

    /// Destroyed: hull damage at or past its hull; a ship of two sections
    /// when both are crippled (the seed).
    pub fn destroyed(&self) -> bool {
        if self.has_sections() {
            self.sections.iter().all(|s| s.crippled)
        } else {
            self.sections
                .first()
                .is_none_or(|s| s.hull_damage() >= s.hull)
        }
    }

    /// Its shields now, every section's.
    pub fn shields(&self) -> u8 {
        self.sections
            .iter()
            .map(|s| s.shields)
            .fold(0, u8::saturating_add)
    }

    /// Every faceup damage card.
    pub fn face_up(&self) -> impl Iterator<Item = &DamageInPlay> {
        self.sections
            .iter()
            .flat_map(|s| &s.damage)
            .filter(|d| d.face_up)
    }

    /// Whether it may perform action `xws` now: on the bar of a section
    /// that works, and not taken away by a faceup card.
    pub fn can_perform(&self, xws: &str) -> bool {
        let on_bar = self
            .sections
            .iter()
            .any(|s| s.working_actions().iter().any(|a| a == xws));
        on_bar && !self.face_up().any(|d| d.effect.actions_lost.takes(xws))
    }

    /// Its energy limit now, every section's.
    pub fn energy_limit(&self) -> u8 {
        self.sections
            .iter()
            .map(PlaySection::energy_limit)
            .fold(0, u8::saturating_add)
    }
}

/// The whole game's table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// From 1.
    pub round: u16,
    /// The deck small and large ships draw from.
    pub standard_deck: DeckId,
    /// The phone holder's ships.
    pub mine: Vec<PlayShip>,
    /// The opponent's, when their squad was given.
    pub theirs: Option<Vec<PlayShip>>,
}

impl Table {
    /// Sets up a game: every ship at full shields with no tokens.
    pub fn new(
        rules: &Rules,
        mine: &Squad,
        theirs: Option<&Squad>,
        standard_deck: DeckId,
    ) -> Result<Table, PlayError> {
        let decks = DamageDecks::embedded().map_err(|e| PlayError::Data(e.to_string()))?;
        let fleet = |squad: &Squad| fleet(rules, decks, squad, standard_deck);
        let mine = fleet(mine)?;
        if mine.is_empty() {
            return Err(PlayError::NoShips);
        }
        Ok(Table {
            round: 1,
            standard_deck,
            mine,
            theirs: theirs.map(fleet).transpose()?,
        })
    }

    /// A player's ships.
    pub fn fleet(&self, player: Player) -> Option<&[PlayShip]> {
        match player {
            Player::Mine => Some(&self.mine),
            Player::Theirs => self.theirs.as_deref(),
        }
    }

    /// A ship.
    pub fn ship(&self, at: ShipAt) -> Result<&PlayShip, PlayError> {
        self.fleet(at.player)
            .ok_or(PlayError::NoSquad(at.player))?
            .get(at.ship)
            .ok_or(PlayError::NoShip(at))
    }

    pub(super) fn ship_mut(&mut self, at: ShipAt) -> Result<&mut PlayShip, PlayError> {
        let fleet = match at.player {
            Player::Mine => &mut self.mine,
            Player::Theirs => self.theirs.as_mut().ok_or(PlayError::NoSquad(at.player))?,
        };
        fleet.get_mut(at.ship).ok_or(PlayError::NoShip(at))
    }
}

/// The squad's ships in play: a CR90's or a Raider's two sections, wherever
/// they sit in the squad, become one ship.
fn fleet(
    rules: &Rules,
    decks: &DamageDecks,
    squad: &Squad,
    standard: DeckId,
) -> Result<Vec<PlayShip>, PlayError> {
    let report = rules.validate(squad);
    let db = &rules.db;
    let mut used = vec![false; squad.ships.len()];
    let mut out = Vec::new();
    for i in 0..squad.ships.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut group = vec![i];
        if let Some(j) = partner(db, squad, i, &used) {
            used[j] = true;
            group.push(j);
            group.sort_by_key(|&k| !section_is_fore(db, &squad.ships[k]));
        }
        let parts: Vec<(&SquadShip, &ShipReport)> = group
            .iter()
            .filter_map(|&k| Some((squad.ships.get(k)?, report.ships.get(k)?)))
            .collect();
        if let Some(ship) = play_ship(rules, decks, &parts, standard) {
            out.push(ship);
        }
    }
    Ok(out)
}

/// The squad's other section of ship `i`'s huge ship, not yet placed.
fn partner(db: &Database, squad: &Squad, i: usize, used: &[bool]) -> Option<usize> {
    let pilot = squad.ships[i].pilot.pilot(db)?;
    let partners = db.section_partners(pilot);
    (0..squad.ships.len()).find(|&j| {
        !used[j]
            && squad.ships[j]
                .pilot
                .pilot(db)
                .is_some_and(|p| partners.iter().any(|q| q.xws == p.xws))
    })
}

fn section_is_fore(db: &Database, ship: &SquadShip) -> bool {
    ship.pilot
        .pilot(db)
        .and_then(|p| db.ship_of(p))
        .is_some_and(|s| s.xws.ends_with("fore"))
}

/// One section in play, from its squad entry and the engine's report.
fn section(
    db: &Database,
    ship: &SquadShip,
    report: &ShipReport,
    part: Option<HugeSection>,
) -> Option<PlaySection> {
    let pilot = ship.pilot.pilot(db)?;
    let hull_card = db.ship_of(pilot)?;
    let shields = report.stats.shields.unwrap_or(0);
    Some(PlaySection {
        part,
        pilot: pilot.xws.clone(),
        ship: hull_card.xws.clone(),
        hull: report.stats.hull.unwrap_or(0),
        shield_value: shields,
        shields,
        damage: Vec::new(),
        crippled: false,
        crippled_side: part.and_then(|_| crippled_side(&hull_card.xws).cloned()),
        energy_built: report.stats.energy.unwrap_or(0),
        energy_printed: hull_card.stats.energy.unwrap_or(0),
        actions: report.actions.iter().map(|a| a.to_string()).collect(),
        slots: report.bar.iter().map(|b| b.slot.kind.to_string()).collect(),
    })
}

/// One ship in play from its sections' squad entries and reports.
fn play_ship(
    rules: &Rules,
    decks: &DamageDecks,
    parts: &[(&SquadShip, &ShipReport)],
    standard: DeckId,
) -> Option<PlayShip> {
    let db = &rules.db;
    let (first, first_report) = parts.first()?;
    let pilot = first.pilot.pilot(db)?;
    let hull_card = db.ship_of(pilot)?;
    let two = parts.len() > 1;
    let sections: Vec<PlaySection> = parts
        .iter()
        .enumerate()
        .map(|(k, (s, r))| {
            let part = two.then_some(if k == 0 {
                HugeSection::Fore
            } else {
                HugeSection::Aft
            });
            section(db, s, r, part)
        })
        .collect::<Option<_>>()?;
    let sum = |f: fn(&PlaySection) -> u8| sections.iter().map(f).fold(0u8, u8::saturating_add);
    let stats = Stats {
        attack: parts.iter().find_map(|(_, r)| r.stats.attack),
        agility: first_report.stats.agility,
        hull: Some(sum(|s| s.hull)),
        shields: Some(sum(|s| s.shield_value)),
        energy: hull_card.is_huge().then(|| sum(|s| s.energy_built)),
    };
    let squad_ships: Vec<SquadShip> = parts.iter().map(|(s, _)| (*s).clone()).collect();
    let energy = hull_card
        .is_huge()
        .then(|| {
            EnergyShip::from_sections(rules, &squad_ships)
                .unwrap_or_else(|_| plain_engine(hull_card, &sections, first_report))
        })
        .map(|engine| EnergyInPlay {
            cards: vec![0; engine.energy_cards.len()],
            engine,
            ship: 0,
            checklist: [false; 4],
        });
    let whole = hull_card.section_of.clone();
    Some(PlayShip {
        name: whole.filter(|_| two).unwrap_or_else(|| pilot.name.clone()),
        ship: hull_card.xws.clone(),
        size: hull_card.size,
        points: parts.iter().map(|(_, r)| r.points).sum(),
        skill: first_report.skill,
        stats,
        actions: sections.iter().flat_map(|s| s.actions.clone()).collect(),
        dial: first_report.dial.clone(),
        changes: parts.iter().flat_map(|(_, r)| r.changes.clone()).collect(),
        deck: decks.deck_for(&hull_card.xws, standard),
        sections,
        tokens: [0; 6],
        locks: Vec::new(),
        reinforce: None,
        energy,
    })
}

/// The energy engine's ship for a huge ship the engine will not build
/// (an illegal loadout, a section without its partner): its Ship cards'
/// energy, shields, hull, actions and dial, with no card holding energy.
/// A squad is played as it was brought, legal or not.
fn plain_engine(hull_card: &Ship, sections: &[PlaySection], report: &ShipReport) -> EnergyShip {
    let sum = |f: fn(&PlaySection) -> u8| sections.iter().map(f).fold(0u8, u8::saturating_add);
    EnergyShip {
        name: hull_card.name.clone(),
        ship: CardName {
            xws: hull_card.xws.clone(),
            name: hull_card.name.clone(),
        },
        energy_limit: sum(|s| s.energy_built),
        shield_value: sum(|s| s.shield_value),
        hull: sum(|s| s.hull),
        dial: report.dial.iter().map(|m| m.maneuver).collect(),
        section_actions: sections.iter().map(|s| s.actions.clone()).collect(),
        energy_cards: Vec::new(),
        energy_after_recover: 0,
        after_recover_cards: Vec::new(),
        energy_header_cards: Vec::new(),
        upgrades: Vec::new(),
    }
}
