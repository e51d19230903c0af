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

use crate::catalog::Maneuver;
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
    /// The action bar, by action XWS name.
    pub actions: Vec<String>,
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
    pub fn croc(rules: &Rules, upgrades: &[&str]) -> Result<EnergyShip, String> {
        EnergyShip::build(rules, "croccruiser", upgrades)
    }

    /// A pilot's ship with these upgrades (XWS names).
    pub fn build(rules: &Rules, pilot: &str, upgrades: &[&str]) -> Result<EnergyShip, String> {
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
    pub fn from_ship(rules: &Rules, ship: &SquadShip) -> Result<EnergyShip, String> {
        let db = &rules.db;
        let pilot = ship
            .pilot
            .pilot(db)
            .ok_or_else(|| format!("{} is not a known pilot", ship.pilot.describe()))?;
        let hull = db
            .ship_of(pilot)
            .ok_or_else(|| format!("{}'s ship is not known", pilot.name))?;
        if !hull.is_huge() {
            return Err(format!(
                "{} flies a {}, not a huge ship: only huge ships use energy",
                pilot.name, hull.name
            ));
        }
        let mut cards = Vec::new();
        for e in &ship.upgrades {
            cards.push(
                e.card
                    .upgrade(db)
                    .ok_or_else(|| format!("{} is not a known upgrade", e.card.describe()))?,
            );
        }
        let mut squad = Squad::new("epic", &pilot.faction);
        let mut placed = ship.clone();
        crate::squad::xws::place(db, &mut placed);
        squad.ships.push(placed);
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
            return Err(format!(
                "this ship cannot hold these cards, so it is not simulated: {}",
                errors.join(" ")
            ));
        }
        let stats = report.ships[0].stats;
        let mut name = hull.name.clone();
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
        Ok(EnergyShip {
            name,
            energy_limit: stats.energy.unwrap_or(0),
            shield_value: stats.shields.unwrap_or(0),
            hull: stats.hull.unwrap_or(0),
            dial: hull.dial.clone(),
            actions: pilot.actions.clone(),
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

    fn has_action(&self, xws: &str) -> bool {
        self.actions.iter().any(|a| a == xws)
    }

    /// The huge-ship actions this ship can perform (always "no action").
    pub fn huge_actions(&self) -> Vec<HugeAction> {
        HugeAction::ALL
            .into_iter()
            .filter(|a| a.action_xws().is_none_or(|xws| self.has_action(xws)))
            .collect()
    }
}

/// Ready-made C-ROCs: (label, upgrades).
pub const PRESETS: [(&str, &[&str]); 4] = [
    (
        "C-ROC Cruiser with Heavy Laser Turret",
        &["heavylaserturret"],
    ),
    (
        "Merchant One with Heavy Laser Turret",
        &["merchantone", "heavylaserturret"],
    ),
    (
        "Broken Horn with Heavy Laser Turret",
        &["brokenhorn", "heavylaserturret"],
    ),
    (
        "Insatiable Worrt with Heavy Laser Turret",
        &["insatiableworrt", "heavylaserturret"],
    ),
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
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            HugeAction::None => "no action",
            HugeAction::Recover => "Recover",
            HugeAction::Reinforce(HugeSection::Fore) => "Reinforce (fore)",
            HugeAction::Reinforce(HugeSection::Aft) => "Reinforce (aft)",
            HugeAction::TargetLock => "Target Lock",
            HugeAction::Jam => "Jam",
        }
    }

    /// Every choice, for a menu.
    pub const ALL: [HugeAction; 6] = [
        HugeAction::None,
        HugeAction::Recover,
        HugeAction::Reinforce(HugeSection::Fore),
        HugeAction::Reinforce(HugeSection::Aft),
        HugeAction::TargetLock,
        HugeAction::Jam,
    ];

    fn action_xws(self) -> Option<&'static str> {
        match self {
            HugeAction::None => None,
            HugeAction::Recover => Some("recover"),
            HugeAction::Reinforce(_) => Some("reinforce"),
            HugeAction::TargetLock => Some("targetlock"),
            HugeAction::Jam => Some("jam"),
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
    /// Use the energy cards' attacks (Heavy Laser Turret) in the Combat phase.
    pub fire: bool,
    /// Shields the ship loses to attacks in the Combat phase.
    pub shields_lost: u8,
}

impl RoundPlan {
    pub fn new(maneuver: &str) -> RoundPlan {
        RoundPlan {
            maneuver: maneuver.to_string(),
            ion: 0,
            allocate: Vec::new(),
            action: HugeAction::None,
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
        if self.action != HugeAction::None {
            parts.push(self.action.code().to_string());
        }
        if self.fire {
            parts.push("fire".into());
        }
        if self.shields_lost > 0 {
            parts.push(format!("s{}", self.shields_lost));
        }
        parts.join(".")
    }

    pub fn parse(code: &str) -> Result<RoundPlan, String> {
        let mut parts = code.split('.');
        let maneuver = parts.next().unwrap_or_default().trim();
        if maneuver.is_empty() {
            return Err("a round needs a maneuver such as `1S`".into());
        }
        let mut plan = RoundPlan::new(maneuver);
        let number = |p: &str| -> Result<u8, String> {
            p[1..]
                .parse::<u8>()
                .ok()
                .filter(|n| *n <= 20)
                .ok_or_else(|| format!("`{p}` needs a number from 0 to 20"))
        };
        for p in parts {
            match p {
                "fire" => plan.fire = true,
                _ if p.starts_with('i') => plan.ion = number(p)?,
                _ if p.starts_with('a') && p[1..].chars().all(|c| c.is_ascii_digit()) => {
                    if plan.allocate.len() >= MAX_UPGRADES_PER_SHIP {
                        return Err(format!(
                            "at most {MAX_UPGRADES_PER_SHIP} allocations (one per energy card)"
                        ));
                    }
                    plan.allocate.push(number(p)?)
                }
                _ if p.starts_with('s') && p[1..].chars().all(|c| c.is_ascii_digit()) => {
                    plan.shields_lost = number(p)?
                }
                _ => {
                    plan.action = HugeAction::ALL
                        .into_iter()
                        .find(|a| *a != HugeAction::None && a.code() == p)
                        .ok_or_else(|| {
                            format!(
                                "`{p}` is not a round part (i<ion>, a<energy>, recover, \
                                 reinforce-fore, reinforce-aft, lock, jam, fire, s<shields>)"
                            )
                        })?
                }
            }
        }
        Ok(plan)
    }
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
    pub fn parse(rounds: &str) -> Result<Plan, String> {
        let mut plan = Plan::default();
        for (i, r) in rounds.split('~').filter(|r| !r.is_empty()).enumerate() {
            if i >= MAX_ROUNDS {
                return Err(format!("at most {MAX_ROUNDS} rounds"));
            }
            plan.rounds
                .push(RoundPlan::parse(r).map_err(|e| format!("round {}: {e}", i + 1))?);
        }
        Ok(plan)
    }

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
    /// What happened, step by step, in the seed's words.
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

/// Runs a plan. A round that asks for something the ship cannot do (a
/// maneuver not on its dial, an action not on its bar) is an error naming
/// the round; nothing is guessed.
pub fn simulate(ship: &EnergyShip, plan: &Plan) -> Result<Run, String> {
    let full = plan.start == Start::Full;
    let mut energy = if full { ship.energy_limit } else { 0 };
    let mut cards: Vec<u8> = ship
        .energy_cards
        .iter()
        .map(|c| if full { c.limit } else { 0 })
        .collect();
    let mut shields = ship.shield_value;
    let mut hull_damage: u8 = 0;
    let start = (energy, cards.clone(), shields);
    let mut rounds = Vec::new();
    for (i, r) in plan.rounds.iter().enumerate() {
        let n = i + 1;
        let fail = |e: String| format!("round {n}: {e}");
        let maneuver = ship
            .dial
            .iter()
            .find(|m| {
                let code = m.to_string();
                code.split(':').next() == Some(r.maneuver.as_str())
            })
            .ok_or_else(|| {
                fail(format!(
                    "`{}` is not on the {} dial ({})",
                    r.maneuver,
                    ship.name,
                    ship.dial
                        .iter()
                        .map(|m| m.to_string().split(':').next().unwrap_or("").to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?;
        if let Some(a) = r.action.action_xws()
            && !ship.has_action(a)
        {
            return Err(fail(format!("the ship has no {} action", r.action.label())));
        }
        if r.allocate.len() > ship.energy_cards.len() {
            return Err(fail(format!(
                "energy allocated to {} cards but only {} equipped card(s) have an energy limit",
                r.allocate.len(),
                ship.energy_cards.len()
            )));
        }
        let mut lines = Vec::new();
        let mut lost = 0u8;
        // Activation: reveal and execute, then the energy steps.
        lines.push(format!(
            "Activation: reveals and executes {}.",
            maneuver.describe()
        ));
        let printed = maneuver.energy.unwrap_or(0);
        let gained = printed.saturating_sub(r.ion);
        if r.ion > 0 {
            lines.push(format!(
                "Gain Energy: the maneuver shows {printed} energy; {} ion token{} reduce{} it to {gained}.",
                r.ion,
                if r.ion == 1 { "" } else { "s" },
                if r.ion == 1 { "s" } else { "" },
            ));
        } else {
            lines.push(format!("Gain Energy: {gained} energy from the maneuver."));
        }
        energy = energy.saturating_add(gained);
        if energy > ship.energy_limit {
            let excess = energy - ship.energy_limit;
            lost += excess;
            energy = ship.energy_limit;
            lines.push(format!(
                "The Ship card's energy limit is {}: {excess} energy returns to the supply.",
                ship.energy_limit
            ));
        }
        lines.push(format!("The Ship card holds {energy} energy."));
        for (c, want) in r.allocate.iter().enumerate() {
            let card = &ship.energy_cards[c];
            let room = card.limit - cards[c].min(card.limit);
            let moved = (*want).min(energy).min(room);
            energy -= moved;
            cards[c] += moved;
            let mut line = format!(
                "Allocate Energy: {moved} to {} ({} of its limit {}).",
                card.name, cards[c], card.limit
            );
            if moved < *want {
                line.push_str(&format!(
                    " {} asked, but a card never holds more than its energy limit and only the Ship card's energy can move.",
                    want
                ));
            }
            lines.push(line);
        }
        if ship.energy_header_cards.is_empty() {
            lines.push("Use Energy: no equipped card has the \"Energy:\" header.".into());
        } else {
            lines.push(format!(
                "Use Energy: {} may be used once this round.",
                ship.energy_header_cards.join(", ")
            ));
        }
        match r.action {
            HugeAction::None => lines.push("Perform Action: none.".into()),
            HugeAction::Recover => {
                let removed = energy;
                let recovered = removed.min(ship.shield_value - shields.min(ship.shield_value));
                energy = 0;
                shields += recovered;
                let mut line = format!(
                    "Recover: removes {removed} energy from the Ship card and recovers {recovered} shield{} ({shields} of {}).",
                    if recovered == 1 { "" } else { "s" },
                    ship.shield_value
                );
                if removed > recovered {
                    line.push_str(&format!(
                        " {} energy recovers nothing: a ship cannot exceed its shield value.",
                        removed - recovered
                    ));
                }
                lines.push(line);
                if ship.energy_after_recover > 0 {
                    let gain = ship.energy_after_recover;
                    energy = gain.min(ship.energy_limit);
                    lost += gain - energy;
                    lines.push(format!(
                        "After the recover action the ship gains {gain} energy (Insatiable Worrt): {energy} on the Ship card{}.",
                        if gain > energy {
                            format!(", {} over the limit returns to the supply", gain - energy)
                        } else {
                            String::new()
                        }
                    ));
                }
            }
            HugeAction::Reinforce(section) => lines.push(format!(
                "Reinforce: a reinforce token beside the {} section until the End phase (+1 evade result when that section is targeted).",
                if section == HugeSection::Fore { "fore" } else { "aft" }
            )),
            HugeAction::TargetLock => {
                lines.push("Target Lock: the lock is placed next to the ship, usable by either section.".into())
            }
            HugeAction::Jam => lines.push(
                "Jam: an enemy ship at Range 1-2 is assigned stress tokens until it has 2.".into(),
            ),
        }
        if r.ion > 0 {
            lines.push("End of Activation phase: ion tokens are removed.".into());
        }
        // Combat.
        if r.fire {
            let mut any = false;
            for (c, card) in ship.energy_cards.iter().enumerate() {
                let Some(cost) = card.cost else { continue };
                any = true;
                if cards[c] >= cost {
                    cards[c] -= cost;
                    lines.push(format!(
                        "Combat: {} spends {cost} energy from the card to attack ({} left).",
                        card.name, cards[c]
                    ));
                } else {
                    lines.push(format!(
                        "Combat: {} cannot attack: it holds {} energy and needs {cost}.",
                        card.name, cards[c]
                    ));
                }
            }
            if !any {
                lines.push("Combat: no equipped card attacks with energy.".into());
            }
        }
        if r.shields_lost > 0 {
            let from_shields = r.shields_lost.min(shields);
            shields -= from_shields;
            let to_hull = r.shields_lost - from_shields;
            hull_damage = hull_damage.saturating_add(to_hull);
            let mut line = format!(
                "Combat: the ship suffers {} damage; {from_shields} shield{} lost ({shields} left).",
                r.shields_lost,
                if from_shields == 1 { "" } else { "s" }
            );
            if to_hull > 0 {
                line.push_str(&format!(
                    " {to_hull} damage goes to the hull ({hull_damage} of {}).",
                    ship.hull
                ));
            }
            lines.push(line);
        }
        if matches!(r.action, HugeAction::Reinforce(_)) {
            lines.push("End phase: the reinforce token is removed.".into());
        }
        rounds.push(RoundLog {
            round: n,
            lines,
            ship_energy: energy,
            card_energy: cards.clone(),
            shields,
            hull_damage,
            energy_lost: lost,
        });
    }
    Ok(Run {
        start_energy: start.0,
        start_card_energy: start.1,
        start_shields: start.2,
        rounds,
    })
}

/// The simulator's inputs, as kept in the address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnergyInputs {
    pub pilot: String,
    pub upgrades: Vec<String>,
    pub plan: Plan,
}

/// The pilot the simulator flies unless the address names another.
pub const DEFAULT_PILOT: &str = "croccruiser";

impl Default for EnergyInputs {
    fn default() -> Self {
        EnergyInputs {
            pilot: DEFAULT_PILOT.into(),
            upgrades: PRESETS[1].1.iter().map(|s| s.to_string()).collect(),
            plan: Plan::default(),
        }
    }
}

impl EnergyInputs {
    /// Reads `pilot`, `up` (upgrades, comma-separated), `start` and
    /// `rounds`; what cannot be read is reported and left at its default.
    pub fn from_pairs(pairs: &[(String, String)]) -> (EnergyInputs, Option<String>) {
        let mut state = EnergyInputs::default();
        let mut errors = Vec::new();
        for (k, v) in pairs {
            match k.as_str() {
                "pilot" if v.len() > MAX_KEY_BYTES => errors.push(format!(
                    "`pilot` is {} bytes long; a card name is at most {MAX_KEY_BYTES}",
                    v.len()
                )),
                "pilot" => state.pilot = v.clone(),
                "up" => {
                    // Bounded before anything is kept: the address is a stranger's.
                    let mut named = v.split(',').filter(|s| !s.is_empty());
                    state.upgrades = named
                        .by_ref()
                        .take(MAX_UPGRADES_PER_SHIP)
                        .filter(|u| {
                            let fits = u.len() <= MAX_KEY_BYTES;
                            if !fits {
                                errors.push(format!(
                                    "an upgrade name is {} bytes long; a card name is at most {MAX_KEY_BYTES}",
                                    u.len()
                                ));
                            }
                            fits
                        })
                        .map(String::from)
                        .collect();
                    if named.next().is_some() {
                        errors.push(format!(
                            "a ship holds at most {MAX_UPGRADES_PER_SHIP} upgrades; the first {MAX_UPGRADES_PER_SHIP} are used"
                        ));
                    }
                }
                "start" => match v.as_str() {
                    "empty" => state.plan.start = Start::Empty,
                    "full" => state.plan.start = Start::Full,
                    _ => errors.push(format!("`start` must be empty or full, not `{v}`")),
                },
                "rounds" => match Plan::parse(v) {
                    Ok(p) => state.plan.rounds = p.rounds,
                    Err(e) => errors.push(e),
                },
                _ => {}
            }
        }
        let error = (!errors.is_empty()).then(|| errors.join("; "));
        (state, error)
    }

    /// The state as address parameters; `,` and `~` stay readable.
    pub fn to_query(&self) -> String {
        let enc = |s: &str| form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
        let mut parts = Vec::new();
        if self.pilot != DEFAULT_PILOT {
            parts.push(format!("pilot={}", enc(&self.pilot)));
        }
        let ups: Vec<String> = self.upgrades.iter().map(|u| enc(u)).collect();
        parts.push(format!("up={}", ups.join(",")));
        let start = if self.plan.start == Start::Full {
            "full"
        } else {
            "empty"
        };
        parts.push(format!("start={start}"));
        if !self.plan.rounds.is_empty() {
            let rounds: Vec<String> = self.plan.rounds.iter().map(|r| enc(&r.code())).collect();
            parts.push(format!("rounds={}", rounds.join("~")));
        }
        parts.join("&")
    }
}

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
            err.contains("round 1") && err.contains("not on the"),
            "{err}"
        );
        let err = simulate(&ship, &Plan::parse("1S.a1").unwrap()).unwrap_err();
        assert!(err.contains("energy limit"), "{err}");
    }

    #[test]
    fn plans_round_trip_and_bad_parts_are_named() {
        let code = "1S.i1.a2.recover.fire.s3~2BL.reinforce-fore~4S.lock";
        assert_eq!(Plan::parse(code).unwrap().code(), code);
        assert!(Plan::parse("1S.dance").unwrap_err().contains("`dance`"));
        assert!(Plan::parse("1S~.recover").unwrap_err().contains("round 2"));
        assert!(Plan::parse("1S.i999").unwrap_err().contains("`i999`"));
        assert!(
            Plan::parse(&vec!["1S"; 31].join("~"))
                .unwrap_err()
                .contains("30")
        );
    }

    #[test]
    fn inputs_round_trip_through_the_address() {
        let pairs = |q: &str| -> Vec<(String, String)> {
            form_urlencoded::parse(q.as_bytes()).into_owned().collect()
        };
        let (inputs, error) = EnergyInputs::from_pairs(&pairs(
            "up=insatiableworrt,heavylaserturret&start=full&rounds=1S.a2.s3~1S.i1.recover~4S.fire",
        ));
        assert_eq!(error, None);
        assert_eq!(inputs.upgrades, ["insatiableworrt", "heavylaserturret"]);
        assert_eq!(inputs.plan.start, Start::Full);
        assert_eq!(inputs.plan.rounds.len(), 3);
        let q = inputs.to_query();
        assert_eq!(
            q,
            "up=insatiableworrt,heavylaserturret&start=full&rounds=1S.a2.s3~1S.i1.recover~4S.fire"
        );
        assert_eq!(EnergyInputs::from_pairs(&pairs(&q)).0, inputs);
        // Hostile text is encoded, and bad parts are named while the rest is kept.
        let (inputs, error) =
            EnergyInputs::from_pairs(&pairs("up=a%26b&start=half&rounds=1S.dance&pilot=x%20y"));
        let error = error.unwrap();
        assert!(
            error.contains("`half`") && error.contains("`dance`"),
            "{error}"
        );
        assert_eq!(inputs.to_query(), "pilot=x+y&up=a%26b&start=empty");
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
                .contains("not a huge ship")
        );
        assert!(
            EnergyShip::croc(&r, &["nosuchcard"])
                .unwrap_err()
                .contains("nosuchcard")
        );
    }

    #[test]
    fn the_simulator_offers_the_ships_own_actions() {
        let croc = EnergyShip::croc(&rules(), &[]).unwrap();
        assert_eq!(croc.huge_actions(), HugeAction::ALL.to_vec());
        let mut without = croc.clone();
        without.actions.retain(|a| a != "jam" && a != "reinforce");
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
            assert!(err.contains("cannot hold these cards"), "{err}");
        }
        let err = EnergyShip::croc(&r, &["merchantone", "brokenhorn"]).unwrap_err();
        assert!(err.contains("second Title"), "{err}");
        // Each alone is simulated.
        assert_eq!(
            EnergyShip::croc(&r, &["brokenhorn", "heavylaserturret"])
                .unwrap()
                .energy_limit,
            6
        );
    }
}
