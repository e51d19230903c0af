//! The simulator's inputs as the address keeps them, and the address's
//! table of knobs.

use serde::{Deserialize, Serialize};

use super::error::EnergyError;
use super::model::{EnergyPreset, EnergyShip, PRESETS};
use super::plan::{Plan, RoundPlan, Start, rounds_code};
use crate::address::{Address, AddressError, Refusal, UnknownKeys, knob};
use crate::catalog::Database;
use crate::squad::limits::{MAX_KEY_BYTES, MAX_UPGRADES_PER_SHIP};
use crate::squad::{CardRef, Equipped, Rules, Squad, SquadShip};

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

// The presets' inputs live with the inputs: the presets are data beneath
// them (model.rs), and the default inputs fly one of them.
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

/// A card's name from the address, unless it is too long to be one.
fn card_name(what: &str, text: &str) -> Result<String, Refusal> {
    match too_long(what, text) {
        Some(problem) => Err(Refusal::Said(problem)),
        None => Ok(text.to_string()),
    }
}

/// The energy simulator's address: every input's query key and JSON name.
pub static ENERGY_ADDRESS: Address<EnergyInputs> = Address {
    knobs: &[
        knob!("pilot" => pilot,
            read: |v| card_name("`pilot`", v),
            write: |pilot| (pilot != DEFAULT_PILOT).then(|| pilot.clone())),
        knob!("up", "upgrades" => upgrades,
            read_into: read_upgrades,
            write: |upgrades| Some(upgrades.join(","))),
        knob!("pilot2" => pilot2,
            read: |v| card_name("`pilot2`", v),
            write: |pilot2| (!pilot2.is_empty()).then(|| pilot2.clone())),
        knob!("up2", "upgrades2" => upgrades2,
            read_into: read_upgrades,
            write: |upgrades| (!upgrades.is_empty()).then(|| upgrades.join(","))),
        knob!("start", "plan.start" => plan.start,
            read: |v| match v {
                "empty" => Ok(Start::Empty),
                "full" => Ok(Start::Full),
                _ => Err(Refusal::NotOneOf("empty or full")),
            },
            // Empty is the default: only a full start is written.
            write: |start| (*start == Start::Full).then(|| "full".to_string())),
        knob!("rounds", "plan.rounds" => plan.rounds,
            read: |v| Plan::parse(v)
                .map(|plan| plan.rounds)
                .map_err(|p| Refusal::Said(p.to_string())),
            write: |rounds: &Vec<RoundPlan>| (!rounds.is_empty()).then(|| rounds_code(rounds))),
    ],
    unknown_keys: UnknownKeys::Ignore,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        Rules::embedded().unwrap()
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
}
