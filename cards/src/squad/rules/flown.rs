//! The ship as it flies: its dial recoloured by the cards it carries, and
//! which card changed which stat, action or maneuver, so a page can mark
//! each change and name its card. `resolve.rs` builds these; the report
//! (`verdict.rs`) carries them. Imports only the catalogue.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::catalog::{DialChange, Difficulty, Maneuver, ShortName, Stat};

/// One maneuver of the dial the ship flies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FlownManeuver {
    /// The maneuver as flown (its colour after every card).
    pub maneuver: Maneuver,
    /// The colour the ship card prints.
    pub printed: Difficulty,
    /// The cards that recolour it (XWS names, in the order they apply);
    /// empty where it is flown as printed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub changed_by: Vec<ShortName>,
}

impl FlownManeuver {
    /// Whether a card changed it.
    pub fn changed(&self) -> bool {
        !self.changed_by.is_empty()
    }
}

/// What a card changed on the ship, besides its dial.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ChangedPart {
    /// A stat (the energy limit included).
    Stat(Stat),
    /// The pilot skill.
    Skill,
    /// An action the bar gains.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    Action(ShortName),
}

/// One part of the ship changed, with the cards that changed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ShipChange {
    /// What changed.
    pub part: ChangedPart,
    /// XWS names of the cards, in the order they apply.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub by: Vec<ShortName>,
}

/// Notes that `card` changed `part`, once per card.
pub(super) fn note_change(changes: &mut Vec<ShipChange>, part: ChangedPart, card: &str) {
    match changes.iter_mut().find(|c| c.part == part) {
        Some(c) if c.by.iter().any(|b| b == card) => {}
        Some(c) => c.by.push(ShortName::from(card)),
        None => changes.push(ShipChange {
            part,
            by: vec![ShortName::from(card)],
        }),
    }
}

/// The printed dial recoloured by the cards' changes (`card` is the
/// card's XWS name). Each card lets the ship treat a maneuver as a
/// colour; where several recolour one maneuver the easiest colour wins
/// (green, then white, then red), whatever order the cards are in, and the
/// cards that give it are named. A maneuver that ends as printed is not
/// marked.
///
/// ```
/// use cards::catalog::{DialChange, Maneuver};
/// use cards::squad::fly_dial;
/// let printed = Maneuver::parse_dial("1BL:W 1S:W 3BL:W").unwrap();
/// let r2 = DialChange::parse_all("1-2:*:G").unwrap();
/// let dial = fly_dial(&printed, [("r2astromech", r2.as_slice())]);
/// assert_eq!(dial[0].maneuver.to_string(), "1BL:G");
/// assert_eq!(dial[0].changed_by, ["r2astromech"]);
/// assert!(!dial[2].changed());
/// ```
pub fn fly_dial<'a>(
    printed: &[Maneuver],
    cards: impl IntoIterator<Item = (&'a str, &'a [DialChange])> + Clone,
) -> Vec<FlownManeuver> {
    printed
        .iter()
        .map(|m| {
            let offers: SmallVec<[(&str, Difficulty); 4]> = cards
                .clone()
                .into_iter()
                .flat_map(|(card, changes)| {
                    changes
                        .iter()
                        .filter(|c| c.applies_to(m))
                        .map(move |c| (card, c.becomes))
                })
                .collect();
            let easiest = offers.iter().map(|(_, d)| *d).min_by_key(|d| ease(*d));
            let mut maneuver = *m;
            let mut changed_by: Vec<ShortName> = Vec::new();
            if let Some(colour) = easiest.filter(|d| *d != m.difficulty) {
                maneuver.difficulty = colour;
                for (card, _) in offers.iter().filter(|(_, d)| *d == colour) {
                    if !changed_by.iter().any(|c| c == *card) {
                        changed_by.push(ShortName::from(*card));
                    }
                }
            }
            FlownManeuver {
                maneuver,
                printed: m.difficulty,
                changed_by,
            }
        })
        .collect()
}

/// Green is easiest, red hardest.
fn ease(d: Difficulty) -> u8 {
    match d {
        Difficulty::Green => 0,
        Difficulty::White => 1,
        Difficulty::Red => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dial(s: &str) -> Vec<Maneuver> {
        Maneuver::parse_dial(s).unwrap()
    }

    #[test]
    fn two_cards_on_one_maneuver_are_both_named() {
        let r2 = DialChange::parse_all("1-2:*:G").unwrap();
        let nien = DialChange::parse_all("*:S:G").unwrap();
        let flown = fly_dial(
            &dial("1S:W 1BL:W 3S:W"),
            [
                ("r2astromech", r2.as_slice()),
                ("niennunb", nien.as_slice()),
            ],
        );
        assert_eq!(flown[0].changed_by, ["r2astromech", "niennunb"]);
        assert_eq!(flown[1].changed_by, ["r2astromech"]);
        assert_eq!(flown[2].changed_by, ["niennunb"]);
        assert!(
            flown
                .iter()
                .all(|f| f.maneuver.difficulty == Difficulty::Green)
        );
    }

    #[test]
    fn the_easiest_colour_wins_in_any_order() {
        let ailerons = DialChange::parse_all("3:B:W").unwrap();
        let mk2 = DialChange::parse_all("*:B:G").unwrap();
        let printed = dial("3BL:R 3S:G");
        let one = fly_dial(
            &printed,
            [("ailerons", ailerons.as_slice()), ("mk2", mk2.as_slice())],
        );
        let other = fly_dial(
            &printed,
            [("mk2", mk2.as_slice()), ("ailerons", ailerons.as_slice())],
        );
        assert_eq!(one, other);
        assert_eq!(one[0].maneuver.difficulty, Difficulty::Green);
        assert_eq!(one[0].changed_by, ["mk2"]);
        let alone = fly_dial(&printed, [("ailerons", ailerons.as_slice())]);
        assert_eq!(
            (alone[0].maneuver.difficulty, alone[0].printed),
            (Difficulty::White, Difficulty::Red)
        );
    }

    #[test]
    fn a_maneuver_already_that_colour_is_not_marked() {
        let banks = DialChange::parse_all("*:B:G").unwrap();
        let flown = fly_dial(&dial("1BL:G 2BR:W"), [("tie", banks.as_slice())]);
        assert!(!flown[0].changed());
        assert!(flown[1].changed());
        assert_eq!(flown[1].printed, Difficulty::White);
    }

    #[test]
    fn a_change_is_noted_once_per_card() {
        let mut changes = Vec::new();
        note_change(&mut changes, ChangedPart::Stat(Stat::Hull), "a");
        note_change(&mut changes, ChangedPart::Stat(Stat::Hull), "a");
        note_change(&mut changes, ChangedPart::Stat(Stat::Hull), "b");
        note_change(&mut changes, ChangedPart::Skill, "a");
        assert_eq!(changes.len(), 2);
        assert_eq!(changes[0].by, ["a", "b"]);
    }
}
