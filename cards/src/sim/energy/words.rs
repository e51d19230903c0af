//! The energy log's sentences as data: one table of templates per
//! language, keyed by [`EventText`], with named placeholders (`{gained}`)
//! the events fill in.
//!
//! A sentence that counts something has a template per plural form, and
//! the table's own plural rule picks the form from the count (CLDR's
//! categories), so a language with other forms is one more table: its
//! rule and its templates. Nothing here knows English but [`ENGLISH`].
//!
//! The values are data too ([`EventValue`]: a number, a card, a maneuver),
//! so a page can say them in its own language (a card's translated name, a
//! maneuver in its words) from its own catalogue of these sentences.
//!
//! ```
//! use cards::sim::energy::{ENGLISH, EventMessage, EventText};
//! let ion = EventMessage::new(EventText::GainsEnergyLessIon)
//!     .counting(1)
//!     .with("printed", 3u8)
//!     .with("ion", 1u8)
//!     .with("gained", 2u8);
//! assert_eq!(
//!     ENGLISH.render(&ion),
//!     "Gain Energy: the maneuver shows 3 energy; 1 ion token reduces it to 2."
//! );
//! ```

use EventText as E;

use super::model::CardName;
use crate::catalog::Maneuver;

/// The key of one sentence of the energy log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventText {
    /// The maneuver revealed and executed.
    Executes,
    /// Gain Energy without ion tokens.
    GainsEnergyFromManeuver,
    /// Gain Energy less one per ion token (counts the ion tokens).
    GainsEnergyLessIon,
    /// The excess over the Ship card's energy limit returns to the supply.
    ReturnsExcess,
    /// The Ship card's energy after Gain Energy.
    ShipCardHolds,
    /// Allocate Energy to one card.
    Allocates,
    /// Less was allocated than asked, and why.
    AllocationCapped,
    /// Use Energy, when no equipped card has the "Energy:" header.
    NoEnergyHeader,
    /// Use Energy: the cards that may be used.
    MayUseEnergy,
    /// Perform Action: none.
    NoAction,
    /// Recover (counts the shields recovered).
    Recovers,
    /// The energy a recover could not turn into shields.
    RecoveryWasted,
    /// Energy gained after a recover action, all of it kept.
    GainsAfterRecover,
    /// Energy gained after a recover action, some over the limit.
    GainsAfterRecoverOverLimit,
    /// Reinforce beside the fore section.
    ReinforcesFore,
    /// Reinforce beside the aft section.
    ReinforcesAft,
    /// Target Lock.
    LocksTarget,
    /// Jam.
    Jams,
    /// Coordinate.
    Coordinates,
    /// The end of the Activation phase removes the ion tokens.
    IonRemoved,
    /// An energy card's attack, paid with its energy.
    Fires,
    /// An energy card without the energy to attack.
    CannotFire,
    /// No equipped card attacks with energy.
    NoEnergyAttack,
    /// Damage the ship suffers (counts the shields lost).
    SuffersDamage,
    /// The damage that goes past the shields to the hull.
    DamageToHull,
    /// The End phase removes the reinforce token.
    ReinforceRemoved,
}

impl EventText {
    /// Every key, in the order of the round's steps.
    pub const ALL: [EventText; 26] = [
        EventText::Executes,
        EventText::GainsEnergyFromManeuver,
        EventText::GainsEnergyLessIon,
        EventText::ReturnsExcess,
        EventText::ShipCardHolds,
        EventText::Allocates,
        EventText::AllocationCapped,
        EventText::NoEnergyHeader,
        EventText::MayUseEnergy,
        EventText::NoAction,
        EventText::Recovers,
        EventText::RecoveryWasted,
        EventText::GainsAfterRecover,
        EventText::GainsAfterRecoverOverLimit,
        EventText::ReinforcesFore,
        EventText::ReinforcesAft,
        EventText::LocksTarget,
        EventText::Jams,
        EventText::Coordinates,
        EventText::IonRemoved,
        EventText::Fires,
        EventText::CannotFire,
        EventText::NoEnergyAttack,
        EventText::SuffersDamage,
        EventText::DamageToHull,
        EventText::ReinforceRemoved,
    ];
}

/// A plural form (CLDR's category names) a template is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PluralForm {
    /// One thing (English: exactly 1).
    One,
    /// Every other count, and the form of a sentence that counts nothing.
    Other,
}

/// One template of a table: a sentence with `{name}` placeholders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventTemplate {
    /// The sentence it writes.
    pub key: EventText,
    /// The plural form of the count it is written for.
    pub form: PluralForm,
    /// The sentence, with `{name}` where the event's value goes.
    pub text: &'static str,
}

/// The energy log's sentences in one language.
#[derive(Debug, Clone, Copy)]
pub struct EventWords {
    /// The language's plural rule: the form a count takes.
    pub plural: fn(u64) -> PluralForm,
    /// Every key's templates: an [`PluralForm::Other`] one each, and one
    /// for each other form of the language where the sentence counts.
    pub templates: &'static [EventTemplate],
}

/// The value of one placeholder: what it is, not yet in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventValue {
    /// A number, written as is.
    Number(u64),
    /// A card: its printed name, or its name in the page's language.
    Card(CardName),
    /// Cards, one after another (English: separated by commas).
    Cards(Vec<CardName>),
    /// A maneuver (English: "1 straight").
    Maneuver(Maneuver),
}

impl std::fmt::Display for EventValue {
    /// The value in English, as the seed writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EventValue::Number(n) => write!(f, "{n}"),
            EventValue::Card(card) => f.write_str(&card.name),
            EventValue::Cards(cards) => {
                let names: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
                f.write_str(&names.join(", "))
            }
            EventValue::Maneuver(m) => f.write_str(&m.describe()),
        }
    }
}

impl From<u8> for EventValue {
    fn from(n: u8) -> EventValue {
        EventValue::Number(u64::from(n))
    }
}

impl From<&u8> for EventValue {
    fn from(n: &u8) -> EventValue {
        EventValue::Number(u64::from(*n))
    }
}

impl From<&CardName> for EventValue {
    fn from(card: &CardName) -> EventValue {
        EventValue::Card(card.clone())
    }
}

impl From<&Vec<CardName>> for EventValue {
    fn from(cards: &Vec<CardName>) -> EventValue {
        EventValue::Cards(cards.clone())
    }
}

impl From<&Maneuver> for EventValue {
    fn from(m: &Maneuver) -> EventValue {
        EventValue::Maneuver(*m)
    }
}

/// One sentence an event says: its key, the count that picks its plural
/// form, and the values of its placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventMessage {
    /// The sentence.
    pub key: EventText,
    /// The count the sentence's words agree with, if it counts something.
    pub count: Option<u64>,
    /// Each placeholder's name and value.
    pub values: Vec<(&'static str, EventValue)>,
}

impl EventMessage {
    /// The sentence `key`, with no values yet.
    pub fn new(key: EventText) -> EventMessage {
        EventMessage {
            key,
            count: None,
            values: Vec::new(),
        }
    }

    /// The sentence's words agree with `count`.
    pub fn counting(mut self, count: u8) -> EventMessage {
        self.count = Some(u64::from(count));
        self
    }

    /// The value of placeholder `{name}`.
    pub fn with(mut self, name: &'static str, value: impl Into<EventValue>) -> EventMessage {
        self.values.push((name, value.into()));
        self
    }

    /// The value of placeholder `{name}`, if the message has one.
    pub fn value(&self, name: &str) -> Option<&EventValue> {
        self.values.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}

impl EventWords {
    /// The template of `key` for `count`: the count's own form, or else the
    /// [`PluralForm::Other`] one.
    pub fn template(&self, key: EventText, count: Option<u64>) -> Option<&'static str> {
        let form = count.map_or(PluralForm::Other, self.plural);
        let find = |form: PluralForm| {
            self.templates
                .iter()
                .find(|t| t.key == key && t.form == form)
                .map(|t| t.text)
        };
        find(form).or_else(|| find(PluralForm::Other))
    }

    /// The message in this language. A key without a template (a table
    /// not finished) shows its name; the tests keep [`ENGLISH`] whole.
    pub fn render(&self, message: &EventMessage) -> String {
        match self.template(message.key, message.count) {
            Some(template) => fill(template, &message.values),
            None => format!("{:?}", message.key),
        }
    }
}

/// `template` with each `{name}` replaced by its value (in English); a
/// placeholder without a value is left as written.
fn fill(template: &str, values: &[(&'static str, EventValue)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let value = after.find('}').and_then(|close| {
            let name = &after[1..close];
            let value = values.iter().find(|(n, _)| *n == name)?;
            Some((value.1.to_string(), close))
        });
        match value {
            Some((value, close)) => {
                out.push_str(&value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders a template names, in order.
#[cfg(test)]
pub(crate) fn placeholders(template: &str) -> Vec<&str> {
    template
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name))
        .collect()
}

/// English: one for 1, other for any other count.
fn english_plural(count: u64) -> PluralForm {
    if count == 1 {
        PluralForm::One
    } else {
        PluralForm::Other
    }
}

/// A template for every plural form.
const fn any(key: EventText, text: &'static str) -> EventTemplate {
    EventTemplate {
        key,
        form: PluralForm::Other,
        text,
    }
}

/// A template for a count of one.
const fn one(key: EventText, text: &'static str) -> EventTemplate {
    EventTemplate {
        key,
        form: PluralForm::One,
        text,
    }
}

/// The energy log in English, the seed's words.
pub static ENGLISH: EventWords = EventWords {
    plural: english_plural,
    templates: &[
        any(E::Executes, "Activation: reveals and executes {maneuver}."),
        any(
            E::GainsEnergyFromManeuver,
            "Gain Energy: {gained} energy from the maneuver.",
        ),
        one(
            E::GainsEnergyLessIon,
            "Gain Energy: the maneuver shows {printed} energy; {ion} ion token reduces it to {gained}.",
        ),
        any(
            E::GainsEnergyLessIon,
            "Gain Energy: the maneuver shows {printed} energy; {ion} ion tokens reduce it to {gained}.",
        ),
        any(
            E::ReturnsExcess,
            "The Ship card's energy limit is {limit}: {excess} energy returns to the supply.",
        ),
        any(E::ShipCardHolds, "The Ship card holds {energy} energy."),
        any(
            E::Allocates,
            "Allocate Energy: {moved} to {card} ({holds} of its limit {limit}).",
        ),
        any(
            E::AllocationCapped,
            "{asked} asked, but a card never holds more than its energy limit and only the Ship card's energy can move.",
        ),
        any(
            E::NoEnergyHeader,
            "Use Energy: no equipped card has the \"Energy:\" header.",
        ),
        any(
            E::MayUseEnergy,
            "Use Energy: {cards} may be used once this round.",
        ),
        any(E::NoAction, "Perform Action: none."),
        one(
            E::Recovers,
            "Recover: removes {removed} energy from the Ship card and recovers {recovered} shield ({shields} of {shield_value}).",
        ),
        any(
            E::Recovers,
            "Recover: removes {removed} energy from the Ship card and recovers {recovered} shields ({shields} of {shield_value}).",
        ),
        any(
            E::RecoveryWasted,
            "{wasted} energy recovers nothing: a ship cannot exceed its shield value.",
        ),
        any(
            E::GainsAfterRecover,
            "After the recover action the ship gains {gain} energy ({cards}): {energy} on the Ship card.",
        ),
        any(
            E::GainsAfterRecoverOverLimit,
            "After the recover action the ship gains {gain} energy ({cards}): {energy} on the Ship card, {returned} over the limit returns to the supply.",
        ),
        any(
            E::ReinforcesFore,
            "Reinforce: a reinforce token beside the fore section until the End phase (+1 evade result when that section is targeted).",
        ),
        any(
            E::ReinforcesAft,
            "Reinforce: a reinforce token beside the aft section until the End phase (+1 evade result when that section is targeted).",
        ),
        any(
            E::LocksTarget,
            "Target Lock: the lock is placed next to the ship, usable by either section.",
        ),
        any(
            E::Jams,
            "Jam: an enemy ship at Range 1-2 is assigned stress tokens until it has 2.",
        ),
        any(
            E::Coordinates,
            "Coordinate: another friendly ship at Range 1-2 may perform one free action.",
        ),
        any(
            E::IonRemoved,
            "End of Activation phase: ion tokens are removed.",
        ),
        any(
            E::Fires,
            "Combat: {card} spends {cost} energy from the card to attack ({left} left).",
        ),
        any(
            E::CannotFire,
            "Combat: {card} cannot attack: it holds {holds} energy and needs {cost}.",
        ),
        any(
            E::NoEnergyAttack,
            "Combat: no equipped card attacks with energy.",
        ),
        one(
            E::SuffersDamage,
            "Combat: the ship suffers {damage} damage; {from_shields} shield lost ({shields} left).",
        ),
        any(
            E::SuffersDamage,
            "Combat: the ship suffers {damage} damage; {from_shields} shields lost ({shields} left).",
        ),
        any(
            E::DamageToHull,
            "{to_hull} damage goes to the hull ({hull_damage} of {hull}).",
        ),
        any(
            E::ReinforceRemoved,
            "End phase: the reinforce token is removed.",
        ),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_by_name() {
        let values = [("a", EventValue::Number(1)), ("b", EventValue::Number(2))];
        assert_eq!(fill("{b} and {a}; {c} {", &values), "2 and 1; {c} {");
        assert_eq!(placeholders("{b} and {a}; {c}"), ["b", "a", "c"]);
    }
}
