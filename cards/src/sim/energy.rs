//! The huge-ship energy simulator: a C-ROC's energy and shields round by
//! round, following the seed's Huge Ship Rules.
//!
//! Each round walks the seed's order: the huge ship activates after small and
//! large ships; it reveals and executes its maneuver; after "Clean Up" it
//! resolves **Gain Energy** (the maneuver's energy, less one per ion token;
//! the Ship card never holds more than its energy limit, the excess returns
//! to the supply), **Allocate Energy** (to equipped cards with an energy
//! limit, never past theirs) and **Use Energy** (cards with the "Energy:"
//! header, once per round); then **Perform Action** (recover, reinforce,
//! target lock, jam); ion tokens are removed at the end of the Activation
//! phase. In the Combat phase cards such as the Heavy Laser Turret spend
//! their own energy to attack, and the ship may lose shields; in the End
//! phase reinforce tokens are removed.
//!
//! ```
//! use cards::sim::energy::{EnergyShip, Plan, simulate};
//! use cards::squad::Rules;
//! let rules = Rules::embedded().unwrap();
//! let ship = EnergyShip::croc(&rules, &["merchantone"]).unwrap();
//! assert_eq!(ship.energy_limit, 5);
//! let plan = Plan::parse("1S~1S").unwrap();
//! let run = simulate(&ship, &plan).unwrap();
//! // 3 energy, then 3 more: capped at Merchant One's limit of 5.
//! assert_eq!(run.rounds[1].ship_energy, 5);
//! ```

use serde::{Deserialize, Serialize};

use crate::address::{Address, AddressError, Knob, Refusal, UnknownKeys};
use crate::catalog::{Database, Maneuver};
use crate::squad::Rules;
use crate::squad::limits::{MAX_KEY_BYTES, MAX_UPGRADES_PER_SHIP};
use crate::squad::{CardRef, Equipped, Squad, SquadShip};

/// The huge ship the simulator flies: the values the energy rules read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnergyShip {
    /// "C-ROC Cruiser" and its upgrades, for the page.
    pub name: String,
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
    /// Equipped cards with the "Energy:" header, usable once per round.
    pub energy_header_cards: Vec<String>,
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
        let db = &rules.db;
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
        let mut squad = Squad::new("epic", &first.faction);
        for ship in sections {
            let mut placed = ship.clone();
            crate::squad::xws::place(db, &mut placed);
            squad.ships.push(placed);
        }
        let report = rules.validate(&squad);
        // An illegal loadout (two Titles, two turrets) would simulate cards
        // the ship cannot hold: refuse it with the engine's reasons.
        let errors: Vec<&str> = report
            .problems
            .iter()
            .filter(|p| p.severity == crate::squad::Severity::Error)
            .map(|p| p.message.as_str())
            .collect();
        if !errors.is_empty() {
            return Err(EnergyError::IllegalLoadout(errors.join(" ")));
        }
        let total = |stat: fn(&crate::catalog::Stats) -> Option<u8>| {
            report
                .ships
                .iter()
                .filter_map(|s| stat(&s.stats))
                .fold(0u8, u8::saturating_add)
        };
        let mut name = first_hull
            .section_of
            .clone()
            .unwrap_or_else(|| first_hull.name.clone());
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
        let section_actions: Vec<Vec<String>> = pilots
            .iter()
            .map(|(p, _)| p.actions.iter().map(|a| a.to_string()).collect())
            .collect();
        Ok(EnergyShip {
            name,
            energy_limit: total(|s| s.energy),
            shield_value: total(|s| s.shields),
            hull: total(|s| s.hull),
            dial: first_hull.dial.clone(),
            section_actions,
            energy_cards: cards
                .iter()
                .filter_map(|c| {
                    c.energy_limit.map(|limit| EnergyCard {
                        xws: c.xws.clone(),
                        name: c.name().to_string(),
                        limit,
                        cost: c.energy_cost,
                    })
                })
                .collect(),
            energy_after_recover: cards
                .iter()
                .filter_map(|c| c.effects.energy_after_recover)
                .fold(0u8, u8::saturating_add),
            energy_header_cards: cards
                .iter()
                .filter(|c| c.faces.iter().any(|f| f.text.starts_with("Energy:")))
                .map(|c| c.name().to_string())
                .collect(),
            upgrades: cards.iter().map(|c| c.xws.clone()).collect(),
        })
    }

    /// The ship's actions, both sections' for a ship of two.
    pub fn actions(&self) -> impl Iterator<Item = &str> {
        self.section_actions.iter().flatten().map(String::as_str)
    }

    fn has_action(&self, xws: &str) -> bool {
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

impl EnergyPreset {
    /// Whether `inputs` fly this preset.
    pub fn is(&self, inputs: &EnergyInputs) -> bool {
        inputs.pilot == self.pilot
            && self.upgrades.iter().eq(inputs.upgrades.iter())
            && (inputs.pilot2.is_empty() || inputs.pilot2 == self.second)
            && inputs.upgrades2.is_empty()
    }

    /// The simulator's inputs for this preset, keeping `plan`.
    pub fn inputs(&self, plan: Plan) -> EnergyInputs {
        EnergyInputs {
            pilot: self.pilot.into(),
            upgrades: self.upgrades.iter().map(|u| u.to_string()).collect(),
            pilot2: self.second.into(),
            upgrades2: Vec::new(),
            plan,
        }
    }
}

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

    fn action_xws(self) -> Option<&'static str> {
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

/// What the player does in one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPlan {
    /// The maneuver, as a dial code without difficulty: `1S`, `2BL`.
    pub maneuver: String,
    /// Ion tokens assigned before the ship gains energy.
    pub ion: u8,
    /// Energy to move from the Ship card to each energy card, in order.
    pub allocate: Vec<u8>,
    pub action: HugeAction,
    /// The other section's action, on a ship of two sections (CR90,
    /// Raider): each section performs one action (seeds/huge-ships-wiki.txt).
    pub second_action: HugeAction,
    /// Use the energy cards' attacks (Heavy Laser Turret) in the Combat phase.
    pub fire: bool,
    /// Shields the ship loses to attacks in the Combat phase.
    pub shields_lost: u8,
}

impl RoundPlan {
    /// A round flying `maneuver` (a dial code such as `1S`), doing nothing else.
    pub fn new(maneuver: &str) -> RoundPlan {
        RoundPlan {
            maneuver: maneuver.to_string(),
            ion: 0,
            allocate: Vec::new(),
            action: HugeAction::None,
            second_action: HugeAction::None,
            fire: false,
            shields_lost: 0,
        }
    }

    /// `1S.i1.a2.recover.fire.s3`: the maneuver, then any of `i<ion>`,
    /// `a<energy>` (one per energy card), an action, `fire`, `s<shields lost>`.
    pub fn code(&self) -> String {
        let mut parts = vec![self.maneuver.clone()];
        if self.ion > 0 {
            parts.push(format!("i{}", self.ion));
        }
        for a in &self.allocate {
            parts.push(format!("a{a}"));
        }
        for action in [self.action, self.second_action] {
            if action != HugeAction::None {
                parts.push(action.code().to_string());
            }
        }
        if self.fire {
            parts.push("fire".into());
        }
        if self.shields_lost > 0 {
            parts.push(format!("s{}", self.shields_lost));
        }
        parts.join(".")
    }

    /// Reads a round's code (see [`RoundPlan::code`]).
    pub fn parse(code: &str) -> Result<RoundPlan, PlanError> {
        let mut parts = code.split('.');
        let maneuver = parts.next().unwrap_or_default().trim();
        if maneuver.is_empty() {
            return Err(PlanError::NoManeuver);
        }
        let mut plan = RoundPlan::new(maneuver);
        let number = |p: &str| -> Result<u8, PlanError> {
            p[1..]
                .parse::<u8>()
                .ok()
                .filter(|n| *n <= 20)
                .ok_or_else(|| PlanError::BadNumber(p.to_string()))
        };
        let digits = |p: &str| p[1..].chars().all(|c| c.is_ascii_digit());
        for p in parts {
            match p {
                "fire" => plan.fire = true,
                _ if p.starts_with('i') => plan.ion = number(p)?,
                _ if p.starts_with('a') && digits(p) => {
                    if plan.allocate.len() >= MAX_UPGRADES_PER_SHIP {
                        return Err(PlanError::TooManyAllocations);
                    }
                    plan.allocate.push(number(p)?)
                }
                _ if p.starts_with('s') && digits(p) => plan.shields_lost = number(p)?,
                _ => {
                    let action = HugeAction::ALL
                        .into_iter()
                        .find(|a| *a != HugeAction::None && a.code() == p)
                        .ok_or_else(|| PlanError::UnknownPart(p.to_string()))?;
                    if plan.action == HugeAction::None {
                        plan.action = action;
                    } else if plan.second_action == HugeAction::None {
                        plan.second_action = action;
                    } else {
                        return Err(PlanError::TooManyActions);
                    }
                }
            }
        }
        Ok(plan)
    }
}

/// A plan of rounds that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("a round needs a maneuver such as `1S`")]
    NoManeuver,
    #[error("a round has at most two actions, one for each section")]
    TooManyActions,
    #[error("`{0}` needs a number from 0 to 20")]
    BadNumber(String),
    #[error("at most {MAX_UPGRADES_PER_SHIP} allocations (one per energy card)")]
    TooManyAllocations,
    #[error(
        "`{0}` is not a round part (i<ion>, a<energy>, recover, reinforce-fore, reinforce-aft, lock, jam, fire, s<shields>)"
    )]
    UnknownPart(String),
    #[error("at most {MAX_ROUNDS} rounds")]
    TooManyRounds,
    #[error("round {round}: {problem}")]
    Round {
        round: usize,
        problem: Box<PlanError>,
    },
}

/// A ship or plan the simulator cannot fly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnergyError {
    #[error("{0} is not a known pilot")]
    UnknownPilot(String),
    #[error("{0}'s ship is not known")]
    UnknownShip(String),
    #[error("{pilot} flies a {ship}, not a huge ship: only huge ships use energy")]
    NotHuge { pilot: String, ship: String },
    #[error("{0} is not a known upgrade")]
    UnknownUpgrade(String),
    #[error("this ship cannot hold these cards, so it is not simulated: {0}")]
    IllegalLoadout(String),
    #[error("round {round}: `{maneuver}` is not on the {ship} dial ({dial})")]
    NotOnDial {
        round: usize,
        maneuver: String,
        ship: String,
        dial: String,
    },
    #[error("round {round}: the ship has no {action} action")]
    NoSuchAction { round: usize, action: &'static str },
    #[error("round {round}: a ship of one section performs one action")]
    OneSectionOneAction { round: usize },
    #[error(
        "round {round}: each section performs one of its own actions, and {first} and {second} are not one per section"
    )]
    NotOnePerSection {
        round: usize,
        first: &'static str,
        second: &'static str,
    },
    #[error("{0} is a section of a huge ship: fly it with its other section")]
    SectionAlone(String),
    #[error("{0} are not the two sections of one ship")]
    NotOneShip(String),
    #[error(
        "round {round}: energy allocated to {asked} cards but only {cards} equipped card(s) have an energy limit"
    )]
    TooManyAllocations {
        round: usize,
        asked: usize,
        cards: usize,
    },
}

/// How the ship starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Start {
    /// No energy anywhere.
    #[default]
    Empty,
    /// The Ship card and each energy card at its energy limit (the summary seed:
    /// huge ships "begin the game with energy tokens ... up to each card's energy limit").
    Full,
}

/// A whole simulation: the start and the rounds.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Plan {
    pub start: Start,
    pub rounds: Vec<RoundPlan>,
}

/// The most rounds a plan may hold.
pub const MAX_ROUNDS: usize = 30;

impl Plan {
    /// Rounds joined by `~`: `1S.recover~2S.a2.fire`.
    pub fn parse(rounds: &str) -> Result<Plan, PlanError> {
        let mut plan = Plan::default();
        for (i, r) in rounds.split('~').filter(|r| !r.is_empty()).enumerate() {
            if i >= MAX_ROUNDS {
                return Err(PlanError::TooManyRounds);
            }
            let round = RoundPlan::parse(r).map_err(|e| PlanError::Round {
                round: i + 1,
                problem: Box::new(e),
            })?;
            plan.rounds.push(round);
        }
        Ok(plan)
    }

    /// The plan's rounds joined by `~`, as [`Plan::parse`] reads them.
    pub fn code(&self) -> String {
        self.rounds
            .iter()
            .map(RoundPlan::code)
            .collect::<Vec<_>>()
            .join("~")
    }
}

/// The state at the end of one round, with what happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundLog {
    pub round: usize,
    /// What happened, step by step.
    pub events: Vec<EnergyEvent>,
    /// The events in the seed's words ([`EnergyEvent`]'s `Display`).
    pub lines: Vec<String>,
    /// Energy on the Ship card at the end of the round.
    pub ship_energy: u8,
    /// Energy on each energy card at the end of the round.
    pub card_energy: Vec<u8>,
    pub shields: u8,
    /// Damage past the shields (to the hull) so far.
    pub hull_damage: u8,
    /// Energy returned to the supply over the energy limit this round.
    pub energy_lost: u8,
}

/// A simulation's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// The state before round 1.
    pub start_energy: u8,
    pub start_card_energy: Vec<u8>,
    pub start_shields: u8,
    pub rounds: Vec<RoundLog>,
}

/// One line of the simulator's chart: a value at the start and after each round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Series {
    /// "Ship card energy", "Shields", "Heavy Laser Turret energy".
    pub name: String,
    /// `energy`, `shields` or `card` (the page styles each).
    pub kind: &'static str,
    pub values: Vec<u8>,
}

impl Run {
    /// The Ship card's energy, the shields and each energy card's energy,
    /// at the start and after each round.
    pub fn series(&self, ship: &EnergyShip) -> Vec<Series> {
        let line = |start: u8, after: &dyn Fn(&RoundLog) -> u8| -> Vec<u8> {
            std::iter::once(start)
                .chain(self.rounds.iter().map(after))
                .collect()
        };
        let mut out = vec![
            Series {
                name: "Ship card energy".into(),
                kind: "energy",
                values: line(self.start_energy, &|r| r.ship_energy),
            },
            Series {
                name: "Shields".into(),
                kind: "shields",
                values: line(self.start_shields, &|r| r.shields),
            },
        ];
        for (c, card) in ship.energy_cards.iter().enumerate() {
            let start = self.start_card_energy.get(c).copied().unwrap_or(0);
            out.push(Series {
                name: format!("{} energy", card.name),
                kind: "card",
                values: line(start, &|r| r.card_energy.get(c).copied().unwrap_or(0)),
            });
        }
        out
    }
}

/// One thing that happened in a round, in the order of the seed's steps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum EnergyEvent {
    /// Activation: the maneuver revealed and executed, in words.
    Executes {
        maneuver: String,
    },
    /// Gain Energy: the dial's energy less one per ion token.
    GainsEnergy {
        printed: u8,
        ion: u8,
        gained: u8,
    },
    /// The Ship card's energy limit was passed; the excess returns to the supply.
    ReturnsExcess {
        limit: u8,
        excess: u8,
    },
    ShipCardHolds {
        energy: u8,
    },
    /// Allocate Energy to one card (never past its limit).
    Allocates {
        card: String,
        asked: u8,
        moved: u8,
        holds: u8,
        limit: u8,
    },
    /// Use Energy: the cards with the "Energy:" header (none when empty).
    MayUseEnergy {
        cards: Vec<String>,
    },
    NoAction,
    Recovers {
        removed: u8,
        recovered: u8,
        shields: u8,
        shield_value: u8,
    },
    /// Energy gained after a recover action (Insatiable Worrt).
    GainsAfterRecover {
        gain: u8,
        energy: u8,
    },
    Reinforces {
        section: HugeSection,
    },
    LocksTarget,
    Jams,
    Coordinates,
    IonRemoved,
    Fires {
        card: String,
        cost: u8,
        left: u8,
    },
    CannotFire {
        card: String,
        holds: u8,
        cost: u8,
    },
    NoEnergyAttack,
    SuffersDamage {
        damage: u8,
        from_shields: u8,
        shields: u8,
        to_hull: u8,
        hull_damage: u8,
        hull: u8,
    },
    ReinforceRemoved,
}

fn plural(n: u8, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

impl std::fmt::Display for EnergyEvent {
    /// The event in the seed's words.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use EnergyEvent as E;
        match self {
            E::Executes { .. }
            | E::GainsEnergy { .. }
            | E::ReturnsExcess { .. }
            | E::ShipCardHolds { .. }
            | E::Allocates { .. }
            | E::MayUseEnergy { .. } => activation_words(self, f),
            E::NoAction
            | E::Recovers { .. }
            | E::GainsAfterRecover { .. }
            | E::Reinforces { .. }
            | E::LocksTarget
            | E::Jams
            | E::Coordinates
            | E::IonRemoved => action_words(self, f),
            E::Fires { .. }
            | E::CannotFire { .. }
            | E::NoEnergyAttack
            | E::SuffersDamage { .. }
            | E::ReinforceRemoved => combat_words(self, f),
        }
    }
}

/// Activation: the maneuver, Gain, Allocate and Use Energy.
fn activation_words(e: &EnergyEvent, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    use EnergyEvent as E;
    match e {
        E::Executes { maneuver } => write!(f, "Activation: reveals and executes {maneuver}."),
        E::GainsEnergy { ion: 0, gained, .. } => {
            write!(f, "Gain Energy: {gained} energy from the maneuver.")
        }
        E::GainsEnergy {
            printed,
            ion,
            gained,
        } => write!(
            f,
            "Gain Energy: the maneuver shows {printed} energy; {ion} {} {} it to {gained}.",
            plural(*ion, "ion token"),
            if *ion == 1 { "reduces" } else { "reduce" },
        ),
        E::ReturnsExcess { limit, excess } => write!(
            f,
            "The Ship card's energy limit is {limit}: {excess} energy returns to the supply."
        ),
        E::ShipCardHolds { energy } => write!(f, "The Ship card holds {energy} energy."),
        E::Allocates {
            card,
            asked,
            moved,
            holds,
            limit,
        } => {
            write!(
                f,
                "Allocate Energy: {moved} to {card} ({holds} of its limit {limit})."
            )?;
            if moved < asked {
                write!(
                    f,
                    " {asked} asked, but a card never holds more than its energy limit and only the Ship card's energy can move."
                )?;
            }
            Ok(())
        }
        E::MayUseEnergy { cards } if cards.is_empty() => {
            write!(
                f,
                "Use Energy: no equipped card has the \"Energy:\" header."
            )
        }
        E::MayUseEnergy { cards } => {
            write!(
                f,
                "Use Energy: {} may be used once this round.",
                cards.join(", ")
            )
        }
        _ => Ok(()),
    }
}

/// Perform Action, and the end of the Activation phase.
fn action_words(e: &EnergyEvent, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    use EnergyEvent as E;
    match e {
        E::NoAction => write!(f, "Perform Action: none."),
        E::Recovers {
            removed,
            recovered,
            shields,
            shield_value,
        } => {
            write!(
                f,
                "Recover: removes {removed} energy from the Ship card and recovers {recovered} {} ({shields} of {shield_value}).",
                plural(*recovered, "shield")
            )?;
            if removed > recovered {
                write!(
                    f,
                    " {} energy recovers nothing: a ship cannot exceed its shield value.",
                    removed - recovered
                )?;
            }
            Ok(())
        }
        E::GainsAfterRecover { gain, energy } => {
            write!(
                f,
                "After the recover action the ship gains {gain} energy (Insatiable Worrt): {energy} on the Ship card"
            )?;
            if gain > energy {
                write!(
                    f,
                    ", {} over the limit returns to the supply",
                    gain - energy
                )?;
            }
            write!(f, ".")
        }
        E::Reinforces { section } => write!(
            f,
            "Reinforce: a reinforce token beside the {} section until the End phase (+1 evade result when that section is targeted).",
            if *section == HugeSection::Fore {
                "fore"
            } else {
                "aft"
            }
        ),
        E::LocksTarget => write!(
            f,
            "Target Lock: the lock is placed next to the ship, usable by either section."
        ),
        E::Jams => write!(
            f,
            "Jam: an enemy ship at Range 1-2 is assigned stress tokens until it has 2."
        ),
        E::Coordinates => write!(
            f,
            "Coordinate: another friendly ship at Range 1-2 may perform one free action."
        ),
        E::IonRemoved => write!(f, "End of Activation phase: ion tokens are removed."),
        _ => Ok(()),
    }
}

/// The Combat and End phases.
fn combat_words(e: &EnergyEvent, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    use EnergyEvent as E;
    match e {
        E::Fires { card, cost, left } => write!(
            f,
            "Combat: {card} spends {cost} energy from the card to attack ({left} left)."
        ),
        E::CannotFire { card, holds, cost } => write!(
            f,
            "Combat: {card} cannot attack: it holds {holds} energy and needs {cost}."
        ),
        E::NoEnergyAttack => write!(f, "Combat: no equipped card attacks with energy."),
        E::SuffersDamage {
            damage,
            from_shields,
            shields,
            to_hull,
            hull_damage,
            hull,
        } => {
            write!(
                f,
                "Combat: the ship suffers {damage} damage; {from_shields} {} lost ({shields} left).",
                plural(*from_shields, "shield")
            )?;
            if *to_hull > 0 {
                write!(
                    f,
                    " {to_hull} damage goes to the hull ({hull_damage} of {hull})."
                )?;
            }
            Ok(())
        }
        E::ReinforceRemoved => write!(f, "End phase: the reinforce token is removed."),
        _ => Ok(()),
    }
}

/// The ship's tokens between steps.
#[derive(Debug, Clone)]
struct Tokens {
    energy: u8,
    cards: Vec<u8>,
    shields: u8,
    hull_damage: u8,
    /// Energy returned to the supply this round.
    lost: u8,
}

/// Runs a plan. A round that asks for something the ship cannot do (a
/// maneuver not on its dial, an action not on its bar) is an error naming
/// the round; nothing is guessed.
pub fn simulate(ship: &EnergyShip, plan: &Plan) -> Result<Run, EnergyError> {
    let full = plan.start == Start::Full;
    let mut t = Tokens {
        energy: if full { ship.energy_limit } else { 0 },
        cards: ship
            .energy_cards
            .iter()
            .map(|c| if full { c.limit } else { 0 })
            .collect(),
        shields: ship.shield_value,
        hull_damage: 0,
        lost: 0,
    };
    let start = t.clone();
    let mut rounds = Vec::new();
    for (i, r) in plan.rounds.iter().enumerate() {
        let round = i + 1;
        let maneuver = check_round(ship, r, round)?;
        t.lost = 0;
        let events: Vec<EnergyEvent> = [
            activate(ship, &mut t, maneuver, r.ion),
            allocate(ship, &mut t, &r.allocate),
            use_energy(ship),
            perform_action(ship, &mut t, r.action),
            second_action(ship, &mut t, r.second_action),
            end_activation(r.ion),
            combat(ship, &mut t, r),
            end_phase(r.action),
            end_phase(r.second_action),
        ]
        .concat();
        rounds.push(RoundLog {
            round,
            lines: events.iter().map(ToString::to_string).collect(),
            events,
            ship_energy: t.energy,
            card_energy: t.cards.clone(),
            shields: t.shields,
            hull_damage: t.hull_damage,
            energy_lost: t.lost,
        });
    }
    Ok(Run {
        start_energy: start.energy,
        start_card_energy: start.cards,
        start_shields: start.shields,
        rounds,
    })
}

/// The round's maneuver on the ship's dial, if the ship can fly the round.
fn check_round<'a>(
    ship: &'a EnergyShip,
    r: &RoundPlan,
    round: usize,
) -> Result<&'a Maneuver, EnergyError> {
    let code = |m: &Maneuver| m.to_string().split(':').next().unwrap_or("").to_string();
    let maneuver = ship
        .dial
        .iter()
        .find(|m| code(m) == r.maneuver)
        .ok_or_else(|| EnergyError::NotOnDial {
            round,
            maneuver: r.maneuver.clone(),
            ship: ship.name.clone(),
            dial: ship.dial.iter().map(code).collect::<Vec<_>>().join(", "),
        })?;
    for action in [r.action, r.second_action] {
        if let Some(a) = action.action_xws()
            && !ship.has_action(a)
        {
            let action = action.label();
            return Err(EnergyError::NoSuchAction { round, action });
        }
    }
    if r.second_action != HugeAction::None {
        let [fore, aft] = ship.section_actions.as_slice() else {
            return Err(EnergyError::OneSectionOneAction { round });
        };
        let on = |bar: &[String], a: HugeAction| {
            a.action_xws().is_none_or(|x| bar.iter().any(|b| b == x))
        };
        let (a, b) = (r.action, r.second_action);
        if !(on(fore, a) && on(aft, b) || on(aft, a) && on(fore, b)) {
            return Err(EnergyError::NotOnePerSection {
                round,
                first: a.label(),
                second: b.label(),
            });
        }
    }
    if r.allocate.len() > ship.energy_cards.len() {
        return Err(EnergyError::TooManyAllocations {
            round,
            asked: r.allocate.len(),
            cards: ship.energy_cards.len(),
        });
    }
    Ok(maneuver)
}

/// Activation and Gain Energy: the maneuver, its energy less the ion
/// tokens, the excess over the Ship card's limit returned.
fn activate(ship: &EnergyShip, t: &mut Tokens, maneuver: &Maneuver, ion: u8) -> Vec<EnergyEvent> {
    let printed = maneuver.energy.unwrap_or(0);
    let gained = printed.saturating_sub(ion);
    let mut events = vec![
        EnergyEvent::Executes {
            maneuver: maneuver.describe(),
        },
        EnergyEvent::GainsEnergy {
            printed,
            ion,
            gained,
        },
    ];
    t.energy = t.energy.saturating_add(gained);
    if t.energy > ship.energy_limit {
        let excess = t.energy - ship.energy_limit;
        t.lost = t.lost.saturating_add(excess);
        t.energy = ship.energy_limit;
        events.push(EnergyEvent::ReturnsExcess {
            limit: ship.energy_limit,
            excess,
        });
    }
    events.push(EnergyEvent::ShipCardHolds { energy: t.energy });
    events
}

/// Allocate Energy: from the Ship card to each card, never past its limit.
fn allocate(ship: &EnergyShip, t: &mut Tokens, asked: &[u8]) -> Vec<EnergyEvent> {
    asked
        .iter()
        .zip(&ship.energy_cards)
        .enumerate()
        .map(|(c, (&asked, card))| {
            let room = card.limit - t.cards[c].min(card.limit);
            let moved = asked.min(t.energy).min(room);
            t.energy -= moved;
            t.cards[c] += moved;
            EnergyEvent::Allocates {
                card: card.name.clone(),
                asked,
                moved,
                holds: t.cards[c],
                limit: card.limit,
            }
        })
        .collect()
}

/// Use Energy: the cards with the "Energy:" header.
fn use_energy(ship: &EnergyShip) -> Vec<EnergyEvent> {
    vec![EnergyEvent::MayUseEnergy {
        cards: ship.energy_header_cards.clone(),
    }]
}

/// Perform Action.
fn perform_action(ship: &EnergyShip, t: &mut Tokens, action: HugeAction) -> Vec<EnergyEvent> {
    match action {
        HugeAction::None => vec![EnergyEvent::NoAction],
        HugeAction::Recover => recover(ship, t),
        HugeAction::Reinforce(section) => vec![EnergyEvent::Reinforces { section }],
        HugeAction::TargetLock => vec![EnergyEvent::LocksTarget],
        HugeAction::Jam => vec![EnergyEvent::Jams],
        HugeAction::Coordinate => vec![EnergyEvent::Coordinates],
    }
}

/// The other section's action, if the plan names one.
fn second_action(ship: &EnergyShip, t: &mut Tokens, action: HugeAction) -> Vec<EnergyEvent> {
    match action {
        HugeAction::None => Vec::new(),
        action => perform_action(ship, t, action),
    }
}

/// Recover: the Ship card's energy becomes shields, up to the shield value;
/// then any energy the equipped cards give after a recover.
fn recover(ship: &EnergyShip, t: &mut Tokens) -> Vec<EnergyEvent> {
    let removed = t.energy;
    let recovered = removed.min(ship.shield_value - t.shields.min(ship.shield_value));
    t.energy = 0;
    t.shields += recovered;
    let mut events = vec![EnergyEvent::Recovers {
        removed,
        recovered,
        shields: t.shields,
        shield_value: ship.shield_value,
    }];
    if ship.energy_after_recover > 0 {
        let gain = ship.energy_after_recover;
        t.energy = gain.min(ship.energy_limit);
        t.lost = t.lost.saturating_add(gain - t.energy);
        events.push(EnergyEvent::GainsAfterRecover {
            gain,
            energy: t.energy,
        });
    }
    events
}

/// End of the Activation phase: ion tokens go.
fn end_activation(ion: u8) -> Vec<EnergyEvent> {
    if ion > 0 {
        vec![EnergyEvent::IonRemoved]
    } else {
        Vec::new()
    }
}

/// Combat: energy attacks, then the damage the plan says the ship suffers.
fn combat(ship: &EnergyShip, t: &mut Tokens, r: &RoundPlan) -> Vec<EnergyEvent> {
    let mut events = Vec::new();
    if r.fire {
        for (c, card) in ship.energy_cards.iter().enumerate() {
            let Some(cost) = card.cost else { continue };
            let name = card.name.clone();
            if t.cards[c] >= cost {
                t.cards[c] -= cost;
                events.push(EnergyEvent::Fires {
                    card: name,
                    cost,
                    left: t.cards[c],
                });
            } else {
                events.push(EnergyEvent::CannotFire {
                    card: name,
                    holds: t.cards[c],
                    cost,
                });
            }
        }
        if events.is_empty() {
            events.push(EnergyEvent::NoEnergyAttack);
        }
    }
    if r.shields_lost > 0 {
        let from_shields = r.shields_lost.min(t.shields);
        t.shields -= from_shields;
        let to_hull = r.shields_lost - from_shields;
        t.hull_damage = t.hull_damage.saturating_add(to_hull);
        events.push(EnergyEvent::SuffersDamage {
            damage: r.shields_lost,
            from_shields,
            shields: t.shields,
            to_hull,
            hull_damage: t.hull_damage,
            hull: ship.hull,
        });
    }
    events
}

/// End phase: the reinforce token goes.
fn end_phase(action: HugeAction) -> Vec<EnergyEvent> {
    if matches!(action, HugeAction::Reinforce(_)) {
        vec![EnergyEvent::ReinforceRemoved]
    } else {
        Vec::new()
    }
}

/// The simulator's inputs, as kept in the address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnergyInputs {
    pub pilot: String,
    pub upgrades: Vec<String>,
    /// The other section of a ship of two (empty: the pilot's partner
    /// section from the database, without upgrades).
    pub pilot2: String,
    pub upgrades2: Vec<String>,
    pub plan: Plan,
}

/// The pilot the simulator flies unless the address names another.
pub const DEFAULT_PILOT: &str = "croccruiser";

impl Default for EnergyInputs {
    fn default() -> Self {
        EnergyInputs {
            pilot: DEFAULT_PILOT.into(),
            upgrades: PRESETS[1].upgrades.iter().map(|s| s.to_string()).collect(),
            pilot2: String::new(),
            upgrades2: Vec::new(),
            plan: Plan::default(),
        }
    }
}

impl EnergyInputs {
    /// The simulator flying one ship of a squad: its pilot and upgrades.
    pub fn for_ship(pilot: &str, upgrades: &[&str]) -> EnergyInputs {
        EnergyInputs {
            pilot: pilot.to_string(),
            upgrades: upgrades.iter().map(|u| u.to_string()).collect(),
            pilot2: String::new(),
            upgrades2: Vec::new(),
            plan: Plan::default(),
        }
    }

    /// The simulator flying both sections of a squad's two-section ship.
    pub fn for_sections(fore: (&str, &[&str]), aft: (&str, &[&str])) -> EnergyInputs {
        EnergyInputs {
            pilot2: aft.0.to_string(),
            upgrades2: aft.1.iter().map(|u| u.to_string()).collect(),
            ..EnergyInputs::for_ship(fore.0, fore.1)
        }
    }

    /// The simulator flying ship `index` of a squad, if it is a huge ship:
    /// with its upgrades and, for a section, its partner section in the
    /// squad with theirs (the fore section first). Cards the database does
    /// not know are left out: they cannot be simulated.
    pub fn for_squad_ship(db: &Database, squad: &Squad, index: usize) -> Option<EnergyInputs> {
        let known = |ship: &SquadShip| -> Vec<String> {
            ship.upgrades
                .iter()
                .filter_map(|e| e.card.upgrade(db))
                .map(|u| u.xws.clone())
                .collect()
        };
        let ship = squad.ships.get(index)?;
        let pilot = ship.pilot.pilot(db)?;
        if !db.ship_of(pilot)?.is_huge() {
            return None;
        }
        let partners = db.section_partners(pilot);
        let partner = squad.ships.iter().enumerate().find(|(i, s)| {
            *i != index
                && s.pilot
                    .pilot(db)
                    .is_some_and(|p| partners.iter().any(|q| q.xws == p.xws))
        });
        let mut inputs = EnergyInputs {
            pilot: pilot.xws.clone(),
            upgrades: known(ship),
            ..EnergyInputs::default()
        };
        inputs.plan = Plan::default();
        if let Some((i, other)) = partner {
            let other_pilot = other.pilot.pilot(db)?;
            let (fore, aft) = if i < index {
                ((other_pilot, other), (pilot, ship))
            } else {
                ((pilot, ship), (other_pilot, other))
            };
            inputs.pilot = fore.0.xws.clone();
            inputs.upgrades = known(fore.1);
            inputs.pilot2 = aft.0.xws.clone();
            inputs.upgrades2 = known(aft.1);
        }
        Some(inputs)
    }

    /// The ship these inputs fly: one section, or two (the second named by
    /// `pilot2`, or else the pilot's partner section in the database).
    ///
    /// ```
    /// use cards::sim::energy::EnergyInputs;
    /// use cards::squad::Rules;
    /// let rules = Rules::embedded().unwrap();
    /// let cr90 = EnergyInputs::for_ship("cr90corvettefore", &[]).ship(&rules).unwrap();
    /// // The aft section's energy 5, the sections' shields 5 + 3.
    /// assert_eq!((cr90.energy_limit, cr90.shield_value), (5, 8));
    /// ```
    pub fn ship(&self, rules: &Rules) -> Result<EnergyShip, EnergyError> {
        let section = |pilot: &str, upgrades: &[String]| SquadShip {
            pilot: CardRef::Xws(pilot.to_string()),
            upgrades: upgrades
                .iter()
                .map(|u| Equipped::new(CardRef::Xws(u.clone()), None))
                .collect(),
        };
        let mut sections = vec![section(&self.pilot, &self.upgrades)];
        let partner = if self.pilot2.is_empty() {
            let db = &rules.db;
            CardRef::Xws(self.pilot.clone())
                .pilot(db)
                .and_then(|p| db.section_partners(p).first().map(|p| p.xws.clone()))
        } else {
            Some(self.pilot2.clone())
        };
        if let Some(partner) = partner {
            sections.push(section(&partner, &self.upgrades2));
        }
        EnergyShip::from_sections(rules, &sections)
    }

    /// Reads `pilot`, `up` (upgrades, comma-separated), `start` and
    /// `rounds`; what cannot be read is reported and left at its default.
    pub fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> (EnergyInputs, Vec<AddressError>) {
        ENERGY_ADDRESS.read_lossy(pairs)
    }

    /// The state as address parameters; `,` and `~` stay readable.
    pub fn to_query(&self) -> String {
        ENERGY_ADDRESS.write(self)
    }

    /// The address of the simulator with these inputs, at the simulator.
    ///
    /// ```
    /// use cards::sim::energy::EnergyInputs;
    /// let link = EnergyInputs::for_ship("croccruiser", &["merchantone"]).link();
    /// assert_eq!(link, "/rules/huge-ships?up=merchantone#energy-simulator");
    /// ```
    pub fn link(&self) -> String {
        format!("{ENERGY_PAGE}?{}#{ENERGY_ANCHOR}", self.to_query())
    }
}

/// The page the energy simulator sits on, and its anchor there.
pub const ENERGY_PAGE: &str = "/rules/huge-ships";
/// The anchor of the energy simulator on its page.
pub const ENERGY_ANCHOR: &str = "energy-simulator";

/// Why a name from the address cannot be a card's: longer than
/// [`MAX_KEY_BYTES`].
fn too_long(what: &str, text: &str) -> Option<String> {
    (text.len() > MAX_KEY_BYTES).then(|| {
        format!(
            "{what} is {} bytes long; a card name is at most {MAX_KEY_BYTES}",
            text.len()
        )
    })
}

/// Reads the `up` list: bounded before anything is kept (the address is a
/// stranger's); names too long and names past a ship's limit are reported.
fn read_upgrades(upgrades: &mut Vec<String>, text: &str) -> Result<(), Refusal> {
    let mut problems = Vec::new();
    let mut named = text.split(',').filter(|s| !s.is_empty());
    *upgrades = named
        .by_ref()
        .take(MAX_UPGRADES_PER_SHIP)
        .filter(|u| match too_long("an upgrade name", u) {
            Some(problem) => {
                problems.push(problem);
                false
            }
            None => true,
        })
        .map(String::from)
        .collect();
    if named.next().is_some() {
        problems.push(format!(
            "a ship holds at most {MAX_UPGRADES_PER_SHIP} upgrades; the first {MAX_UPGRADES_PER_SHIP} are used"
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Refusal::Said(problems.join("; ")))
    }
}

/// The energy simulator's address: every input's query key and JSON name.
pub static ENERGY_ADDRESS: Address<EnergyInputs> = Address {
    knobs: &[
        Knob {
            key: "pilot",
            json: "pilot",
            read: |e, v| {
                if let Some(problem) = too_long("`pilot`", v) {
                    return Err(Refusal::Said(problem));
                }
                e.pilot = v.to_string();
                Ok(())
            },
            write: |e| (e.pilot != DEFAULT_PILOT).then(|| e.pilot.clone()),
        },
        Knob {
            key: "up",
            json: "upgrades",
            read: |e, v| read_upgrades(&mut e.upgrades, v),
            write: |e| Some(e.upgrades.join(",")),
        },
        Knob {
            key: "pilot2",
            json: "pilot2",
            read: |e, v| {
                if let Some(problem) = too_long("`pilot2`", v) {
                    return Err(Refusal::Said(problem));
                }
                e.pilot2 = v.to_string();
                Ok(())
            },
            write: |e| (!e.pilot2.is_empty()).then(|| e.pilot2.clone()),
        },
        Knob {
            key: "up2",
            json: "upgrades2",
            read: |e, v| read_upgrades(&mut e.upgrades2, v),
            write: |e| (!e.upgrades2.is_empty()).then(|| e.upgrades2.join(",")),
        },
        Knob {
            key: "start",
            json: "plan.start",
            read: |e, v| {
                e.plan.start = match v {
                    "empty" => Start::Empty,
                    "full" => Start::Full,
                    _ => return Err(Refusal::NotOneOf("empty or full")),
                };
                Ok(())
            },
            // Empty is the default: only a full start is written.
            write: |e| (e.plan.start == Start::Full).then(|| "full".to_string()),
        },
        Knob {
            key: "rounds",
            json: "plan.rounds",
            read: |e, v| {
                let plan = Plan::parse(v).map_err(|p| Refusal::Said(p.to_string()))?;
                e.plan.rounds = plan.rounds;
                Ok(())
            },
            write: |e| (!e.plan.rounds.is_empty()).then(|| e.plan.code()),
        },
    ],
    unknown_keys: UnknownKeys::Ignore,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        Rules::embedded().unwrap()
    }

    fn run(upgrades: &[&str], start: Start, rounds: &str) -> Run {
        let ship = EnergyShip::croc(&rules(), upgrades).unwrap();
        let mut plan = Plan::parse(rounds).unwrap();
        plan.start = start;
        simulate(&ship, &plan).unwrap()
    }

    fn energies(run: &Run) -> Vec<u8> {
        run.rounds.iter().map(|r| r.ship_energy).collect()
    }

    /// Flies `pilot` (and its partner section, found in the database) from
    /// empty: (ship energy, shields, energy returned) after each round.
    fn fly(pilot: &str, rounds: &str) -> (EnergyShip, Vec<(u8, u8, u8)>) {
        let ship = EnergyInputs::for_ship(pilot, &[]).ship(&rules()).unwrap();
        let run = simulate(&ship, &Plan::parse(rounds).unwrap()).unwrap();
        let rows = run
            .rounds
            .iter()
            .map(|r| (r.ship_energy, r.shields, r.energy_lost))
            .collect();
        (ship, rows)
    }

    // Hand-checked rounds, one per huge ship. The figures come from
    // cards/data/ships.csv: each ship's dial (energy per maneuver), energy
    // limit and shields; a round's energy is the maneuver's, the excess over
    // the limit returns to the supply, and Recover turns all the Ship card's
    // energy into shields up to the shield value.

    #[test]
    fn gr75_hand_checked_rounds() {
        // Dial 1S:3, 4S:0; energy limit 4; shields 4.
        let (ship, rows) = fly("gr75mediumtransport", "1S~1S.s2~4S.recover");
        assert_eq!((ship.energy_limit, ship.shield_value), (4, 4));
        // 0+3 = 3; 3+3 = 6, 2 over the limit return, 4 left, 2 shields lost;
        // 4+0 = 4, recover 2 shields (the value is 4), the energy is spent.
        assert_eq!(rows, [(3, 4, 0), (4, 2, 2), (0, 4, 0)]);
    }

    #[test]
    fn gozanti_hand_checked_rounds() {
        // Dial 1S:3, 4S:1; energy limit 4; shields 5.
        let (ship, rows) = fly("gozanticlasscruiser", "1S~1S.s3~4S.recover");
        assert_eq!((ship.energy_limit, ship.shield_value), (4, 5));
        assert_eq!(ship.section_actions.len(), 1);
        // 3; 6 -> 4 (2 return), 5-3 = 2 shields; 4+1 = 5 -> 4 (1 returns),
        // recover 3 (2 -> 5) and the 4th energy is spent with them.
        assert_eq!(rows, [(3, 5, 0), (4, 2, 2), (0, 5, 1)]);
    }

    #[test]
    fn gozanti_performs_one_action_a_round() {
        let ship = EnergyInputs::for_ship("gozanticlasscruiser", &[])
            .ship(&rules())
            .unwrap();
        let plan = Plan::parse("1S.recover.lock").unwrap();
        assert_eq!(
            simulate(&ship, &plan),
            Err(EnergyError::OneSectionOneAction { round: 1 })
        );
        assert!(simulate(&ship, &Plan::parse("1S.recover").unwrap()).is_ok());
    }

    #[test]
    fn cr90_hand_checked_rounds_with_both_sections() {
        // Dial 2S:3, 4S:1; energy limit 5 (the aft section's; the fore has
        // none); shields 5 (fore) + 3 (aft) = 8; the fore section's bar is
        // Coordinate and Target Lock, the aft's Recover and Reinforce.
        let (ship, rows) = fly("cr90corvettefore", "2S~2S.s6~4S.lock.recover");
        assert_eq!((ship.energy_limit, ship.shield_value), (5, 8));
        assert_eq!(ship.name, "CR90 Corvette");
        // 3; 6 -> 5 (1 returns), 8-6 = 2 shields; 5+1 = 6 -> 5 (1 returns),
        // the fore locks and the aft recovers 5 shields (2 -> 7).
        assert_eq!(rows, [(3, 8, 0), (5, 2, 1), (0, 7, 1)]);
        // Each section performs one of its own actions.
        for both_aft in ["2S.recover.reinforce-fore", "2S.lock.coordinate"] {
            assert!(matches!(
                simulate(&ship, &Plan::parse(both_aft).unwrap()),
                Err(EnergyError::NotOnePerSection { round: 1, .. })
            ));
        }
        assert!(simulate(&ship, &Plan::parse("2S.coordinate.reinforce-aft").unwrap()).is_ok());
    }

    #[test]
    fn raider_hand_checked_rounds_with_both_sections() {
        // Dial 1S:3, 4S:2; energy limit 6 (aft); shields 6 (fore) + 4 (aft);
        // the fore's bar is Recover and Reinforce, the aft's Target Lock and
        // Coordinate.
        let (ship, rows) = fly(
            "raiderclasscorvettefore",
            "1S~1S~4S.s5~4S.recover.coordinate",
        );
        assert_eq!((ship.energy_limit, ship.shield_value), (6, 10));
        // 3; 6; 6+2 = 8 -> 6 (2 return), 10-5 = 5 shields; 8 -> 6 (2 return),
        // recover 5 shields (5 -> 10), the 6th energy spent with them.
        assert_eq!(rows, [(3, 10, 0), (6, 10, 0), (6, 5, 2), (0, 10, 2)]);
    }

    #[test]
    fn a_section_flies_with_its_partner_and_upgrades() {
        let r = rules();
        // The aft section alone is not a ship.
        let alone = SquadShip {
            pilot: CardRef::Xws("cr90corvetteaft".into()),
            upgrades: Vec::new(),
        };
        assert!(matches!(
            EnergyShip::from_ship(&r, &alone),
            Err(EnergyError::SectionAlone(_))
        ));
        // Two ships are not two sections.
        let mut mixed = EnergyInputs::for_ship("croccruiser", &[]);
        mixed.pilot2 = "gr75mediumtransport".into();
        assert!(matches!(mixed.ship(&r), Err(EnergyError::NotOneShip(_))));
        // Upgrades on both sections, kept in the address.
        let inputs = EnergyInputs::for_sections(
            ("cr90corvettefore", &["tantiveiv"]),
            ("cr90corvetteaft", &["backupshieldgenerator"]),
        );
        let query = inputs.to_query();
        assert_eq!(
            query,
            "pilot=cr90corvettefore&up=tantiveiv&pilot2=cr90corvetteaft&up2=backupshieldgenerator"
        );
        let (back, errors) = EnergyInputs::from_pairs(form_pairs(&query));
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(back, inputs);
        let ship = inputs.ship(&r).unwrap();
        assert_eq!(ship.upgrades, ["tantiveiv", "backupshieldgenerator"]);
    }

    fn form_pairs(query: &str) -> Vec<(String, String)> {
        query
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn every_preset_flies() {
        let r = rules();
        for preset in PRESETS {
            let inputs = preset.inputs(Plan::default());
            assert!(preset.is(&inputs), "{}", preset.label);
            let ship = inputs.ship(&r).unwrap();
            assert!(ship.energy_limit > 0, "{}", preset.label);
        }
    }

    #[test]
    fn energy_limits_follow_the_titles() {
        let r = rules();
        for (title, limit) in [
            (None, 4),
            (Some("merchantone"), 5),
            (Some("brokenhorn"), 6),
            (Some("insatiableworrt"), 3),
        ] {
            let ups: Vec<&str> = title.into_iter().collect();
            let ship = EnergyShip::croc(&r, &ups).unwrap();
            assert_eq!(ship.energy_limit, limit, "{title:?}");
            assert_eq!(ship.shield_value, 4);
            // 1 straight (3 energy) three times: capped at the limit, the rest lost.
            let run = run(&ups, Start::Empty, "1S~1S~1S");
            assert_eq!(
                energies(&run),
                vec![3.min(limit), limit, limit],
                "{title:?}"
            );
            let lost: u8 = run.rounds.iter().map(|r| r.energy_lost).sum();
            assert_eq!(lost, 9 - limit, "{title:?}");
        }
    }

    #[test]
    fn every_maneuver_gives_its_dial_energy() {
        for (m, e) in [
            ("1BL", 2),
            ("1S", 3),
            ("1BR", 2),
            ("2BL", 1),
            ("2S", 2),
            ("2BR", 1),
            ("3S", 2),
            ("4S", 1),
        ] {
            assert_eq!(
                energies(&run(&["brokenhorn"], Start::Empty, m)),
                vec![e],
                "{m}"
            );
        }
    }

    #[test]
    fn ion_tokens_reduce_the_gain_by_one_each() {
        for (ion, e) in [(0, 3), (1, 2), (2, 1), (3, 0), (5, 0)] {
            let r = run(&[], Start::Empty, &format!("1S.i{ion}"));
            assert_eq!(energies(&r), vec![e], "{ion} ions");
        }
        // Ion tokens are gone next round.
        assert_eq!(energies(&run(&[], Start::Empty, "1S.i2~2S")), vec![1, 3]);
    }

    #[test]
    fn recover_turns_energy_into_shields_up_to_the_shield_value() {
        // Full start (4 energy), lose 3 shields, recover: 4 energy -> 3 shields, 1 wasted.
        let r = run(&[], Start::Full, "4S.s3~4S.recover");
        assert_eq!(r.rounds[0].shields, 1);
        assert_eq!(r.rounds[0].ship_energy, 4);
        assert_eq!(r.rounds[1].shields, 4);
        assert_eq!(r.rounds[1].ship_energy, 0);
        assert!(
            r.rounds[1]
                .lines
                .iter()
                .any(|l| l.contains("1 energy recovers nothing"))
        );
        // Less energy than missing shields: every token becomes a shield.
        let r = run(&[], Start::Empty, "2BL.s4~2BL.recover");
        assert_eq!((r.rounds[1].shields, r.rounds[1].ship_energy), (2, 0));
        // Damage past the shields goes to the hull.
        let r = run(&[], Start::Empty, "1S.s6");
        assert_eq!((r.rounds[0].shields, r.rounds[0].hull_damage), (0, 2));
    }

    #[test]
    fn insatiable_worrt_gains_three_after_recovering() {
        // Limit 3: 1S gives 3, 2 shields lost in combat; next round 3 more
        // (capped at 3), recover: 2 shields back, 1 energy wasted, then +3.
        let r = run(&["insatiableworrt"], Start::Empty, "1S.s2~1S.recover");
        assert_eq!((r.rounds[0].ship_energy, r.rounds[0].shields), (3, 2));
        assert_eq!((r.rounds[1].ship_energy, r.rounds[1].shields), (3, 4));
        assert!(
            r.rounds[1]
                .lines
                .iter()
                .any(|l| l.contains("gains 3 energy (Insatiable Worrt)"))
        );
        // Without the title, recover leaves the card empty.
        let r = run(&["merchantone"], Start::Empty, "1S.s2~1S.recover");
        assert_eq!((r.rounds[1].ship_energy, r.rounds[1].shields), (0, 4));
    }

    #[test]
    fn allocation_respects_both_limits_and_the_turret_fires() {
        // Heavy Laser Turret holds 2.
        let r = run(
            &["heavylaserturret"],
            Start::Empty,
            "1S.a5~1S.fire~4S.a2.fire",
        );
        // Round 1: 3 gained, only 2 fit on the turret.
        assert_eq!(
            (r.rounds[0].ship_energy, r.rounds[0].card_energy.clone()),
            (1, vec![2])
        );
        // Round 2: 1 + 3 = 4 on the ship card; the turret spends its 2.
        assert_eq!(
            (r.rounds[1].ship_energy, r.rounds[1].card_energy.clone()),
            (4, vec![0])
        );
        // Round 3: 4 + 1 capped at 4, 2 moved, the turret fires again.
        assert_eq!(
            (r.rounds[2].ship_energy, r.rounds[2].card_energy.clone()),
            (2, vec![0])
        );
        // Not enough energy: the turret does not fire.
        let r = run(&["heavylaserturret"], Start::Empty, "4S.a1.fire");
        assert_eq!(r.rounds[0].card_energy, vec![1]);
        assert!(
            r.rounds[0]
                .lines
                .iter()
                .any(|l| l.contains("cannot attack"))
        );
        // A full start fills the turret too.
        let r = run(&["merchantone", "heavylaserturret"], Start::Full, "");
        assert_eq!((r.start_energy, r.start_card_energy), (5, vec![2]));
    }

    #[test]
    fn the_other_actions_are_logged_and_checked() {
        let r = run(&[], Start::Empty, "1S.reinforce-aft~1S.lock~1S.jam");
        assert!(r.rounds[0].lines.iter().any(|l| l.contains("aft section")));
        assert!(
            r.rounds[0]
                .lines
                .iter()
                .any(|l| l.contains("reinforce token is removed"))
        );
        assert!(
            r.rounds[1]
                .lines
                .iter()
                .any(|l| l.starts_with("Target Lock"))
        );
        assert!(r.rounds[2].lines.iter().any(|l| l.starts_with("Jam")));
        let ship = EnergyShip::croc(&rules(), &[]).unwrap();
        let err = simulate(&ship, &Plan::parse("5S").unwrap()).unwrap_err();
        assert!(
            err.to_string().contains("round 1") && err.to_string().contains("not on the"),
            "{err}"
        );
        let err = simulate(&ship, &Plan::parse("1S.a1").unwrap()).unwrap_err();
        assert!(err.to_string().contains("energy limit"), "{err}");
    }

    #[test]
    fn plans_round_trip_and_bad_parts_are_named() {
        let code = "1S.i1.a2.recover.fire.s3~2BL.reinforce-fore~4S.lock";
        assert_eq!(Plan::parse(code).unwrap().code(), code);
        assert!(
            Plan::parse("1S.dance")
                .unwrap_err()
                .to_string()
                .contains("`dance`")
        );
        assert!(
            Plan::parse("1S~.recover")
                .unwrap_err()
                .to_string()
                .contains("round 2")
        );
        assert!(
            Plan::parse("1S.i999")
                .unwrap_err()
                .to_string()
                .contains("`i999`")
        );
        assert!(
            Plan::parse(&vec!["1S"; 31].join("~"))
                .unwrap_err()
                .to_string()
                .contains("30")
        );
    }

    #[test]
    fn inputs_round_trip_through_the_address() {
        let pairs = |q: &str| -> Vec<(String, String)> {
            form_urlencoded::parse(q.as_bytes()).into_owned().collect()
        };
        let (inputs, error) = EnergyInputs::from_pairs(pairs(
            "up=insatiableworrt,heavylaserturret&start=full&rounds=1S.a2.s3~1S.i1.recover~4S.fire",
        ));
        assert_eq!(error, []);
        assert_eq!(inputs.upgrades, ["insatiableworrt", "heavylaserturret"]);
        assert_eq!(inputs.plan.start, Start::Full);
        assert_eq!(inputs.plan.rounds.len(), 3);
        let q = inputs.to_query();
        assert_eq!(
            q,
            "up=insatiableworrt,heavylaserturret&start=full&rounds=1S.a2.s3~1S.i1.recover~4S.fire"
        );
        assert_eq!(EnergyInputs::from_pairs(pairs(&q)).0, inputs);
        // Hostile text is encoded, and bad parts are named while the rest is kept.
        let (inputs, error) =
            EnergyInputs::from_pairs(pairs("up=a%26b&start=half&rounds=1S.dance&pilot=x%20y"));
        assert_eq!(error.len(), 2);
        let error: Vec<String> = error.iter().map(ToString::to_string).collect();
        let error = error.join("; ");
        assert!(
            error.contains("`half`") && error.contains("`dance`"),
            "{error}"
        );
        assert_eq!(inputs.to_query(), "pilot=x+y&up=a%26b");
    }

    #[test]
    fn every_energy_knob_names_a_json_field() {
        crate::address::assert_table(&ENERGY_ADDRESS, &EnergyInputs::default());
    }

    #[test]
    fn the_log_is_rendered_from_the_events() {
        let run = run(&["insatiableworrt"], Start::Empty, "1S.i1.recover");
        let round = &run.rounds[0];
        assert_eq!(round.lines.len(), round.events.len());
        assert!(round.events.contains(&EnergyEvent::GainsEnergy {
            printed: 3,
            ion: 1,
            gained: 2
        }));
        assert!(round.events.contains(&EnergyEvent::IonRemoved));
        assert!(
            round.lines.contains(
                &"Gain Energy: the maneuver shows 3 energy; 1 ion token reduces it to 2."
                    .to_string()
            ),
            "{:#?}",
            round.lines
        );
    }

    #[test]
    fn the_chart_has_a_line_for_each_store_of_energy_and_the_shields() {
        let ship = EnergyShip::croc(&rules(), &["heavylaserturret"]).unwrap();
        let run = simulate(&ship, &Plan::parse("1S.a2~1S.fire.s1").unwrap()).unwrap();
        let series = run.series(&ship);
        let names: Vec<&str> = series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["Ship card energy", "Shields", "Heavy Laser Turret energy"]
        );
        assert_eq!(series[1].values, [4, 4, 3]);
        assert_eq!(series[2].values, [0, 2, 0]);
        assert!(
            series
                .iter()
                .all(|s| s.values.len() == run.rounds.len() + 1)
        );
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
        assert!(err.to_string().contains("second Title"), "{err}");
        // Each alone is simulated.
        assert_eq!(
            EnergyShip::croc(&r, &["brokenhorn", "heavylaserturret"])
                .unwrap()
                .energy_limit,
            6
        );
    }
}
