//! A problem's English message, written from its [`Reason`] on request
//! ([`Rules::english`]): the sentence the API answers and the tests read.
//! Pages write their own language's from the same reason, so nothing in
//! the browser calls this. The names of ships, slots, factions and actions
//! come from the card database's tables, a format's from the formats;
//! cards carry their own ([`super::reason::NamedCard`]).

use std::fmt::Write;

use itertools::Itertools;

use std::borrow::Cow;

use super::engine::Rules;
use super::reason::{CardReason, Keys, Reason, ShipReason, SlotReason, SquadReason};
use super::verdict::Problem;
use crate::catalog::{Comparison, Database, Formats, ShipSize};

impl Rules {
    /// The problem's sentence in English.
    ///
    /// ```
    /// use cards::squad::{Rules, Squad};
    /// let rules = Rules::embedded().unwrap();
    /// let report = rules.validate(&Squad::new("epic", "galactic empire"));
    /// let said: Vec<String> = report.problems.iter().map(|p| rules.english(p)).collect();
    /// assert_eq!(
    ///     said,
    ///     ["The squad's faction `galactic empire` is not one of rebel, imperial, scum."]
    /// );
    /// ```
    pub fn english(&self, problem: &Problem) -> String {
        let mut out = String::new();
        problem.reason.write_english(
            Lexicon {
                db: &self.db,
                formats: &self.formats,
            },
            &mut out,
        );
        out
    }
}

/// Where a problem's English names come from.
#[derive(Clone, Copy)]
struct Lexicon<'a> {
    db: &'a Database,
    formats: &'a Formats,
}

impl<'a> Lexicon<'a> {
    /// A format's name, by its key (an unknown key is itself).
    fn format(&self, key: &'a str) -> Cow<'a, str> {
        match self.formats.get(key) {
            Ok(Cow::Borrowed(f)) => Cow::Borrowed(&f.name),
            Ok(Cow::Owned(f)) => Cow::Owned(f.name),
            Err(_) => Cow::Borrowed(key),
        }
    }

    fn ship(&self, xws: &'a str) -> &'a str {
        self.db.ship_name(xws)
    }

    fn slot(&self, xws: &'a str) -> &'a str {
        self.db.slot_name(xws)
    }

    /// Names looked up by `name`, joined by `sep`.
    fn joined(
        &self,
        keys: &'a Keys,
        name: impl Fn(&Self, &'a str) -> &'a str,
        sep: &str,
    ) -> impl std::fmt::Display {
        keys.iter().map(move |k| name(self, k)).format(sep)
    }
}

/// "A, B or C".
fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn comparison_words(comparison: Comparison) -> &'static str {
    match comparison {
        Comparison::Equal => "is",
        Comparison::AtMost => "is at most",
        Comparison::AtLeast => "is at least",
    }
}

/// The arm of a variant an earlier writer of its family wrote: each
/// family's sentences are split over a few functions, each listing the
/// variants it leaves to the others, so a new variant must be placed.
fn unreachable_arm() -> std::fmt::Result {
    Ok(())
}

impl Reason {
    /// Writes the English sentence into `out`.
    fn write_english(&self, names: Lexicon, out: &mut String) {
        // Writing to a String cannot fail.
        let _ = match self {
            Reason::Squad(r) => r.write_english(names, out),
            Reason::Ship(r) => r.write_english(names, out),
            Reason::Slot(r) => r.write_english(names, out),
            Reason::Card(r) => r.write_english(names, out),
        };
    }
}

impl SquadReason {
    fn write_english(&self, names: Lexicon, out: &mut String) -> std::fmt::Result {
        match self {
            SquadReason::UnknownFormat { key, known } => write!(
                out,
                "unknown format `{key}`; the formats are {} and custom:N",
                known.iter().format(", ")
            ),
            SquadReason::CustomPoints { key, max } => write!(
                out,
                "`{key}`: a custom format needs a points limit from 1 to {max}, e.g. `custom:400`"
            ),
            SquadReason::UnknownFaction { faction, known } => write!(
                out,
                "The squad's faction `{faction}` is not one of {}.",
                known.iter().format(", ")
            ),
            SquadReason::PointsOverLimit {
                format,
                points,
                limit,
            } => write!(
                out,
                "The squad costs {points} points, {} over the {} limit of {limit}.",
                points - limit,
                names.format(format)
            ),
            SquadReason::ShipTypeLimit {
                format,
                max,
                size,
                count,
                ship,
            } => write!(
                out,
                "{} allows at most {max} {} ships of one type; the squad has {count} {}.",
                names.format(format),
                size.as_str(),
                names.ship(ship)
            ),
            SquadReason::CopyLimit {
                format,
                max,
                count,
                card,
            } => write!(
                out,
                "{} allows at most {max} copies of a secondary weapon or Elite talent; the squad has {count} {}.",
                names.format(format),
                card.english
            ),
            SquadReason::EpicPointsUnknown { ship, max } => write!(
                out,
                "No epic points value is published for the {}; the {max}-epic-point limit cannot be fully checked.",
                names.ship(ship)
            ),
            SquadReason::EpicPointsOverLimit { format, epic, max } => write!(
                out,
                "The squad's huge ships count {epic} epic points; {} allows {max}.",
                names.format(format)
            ),
            other => other.write_cards_english(names, out),
        }
    }

    /// The squad's problems that name cards and ships.
    fn write_cards_english(&self, names: Lexicon, out: &mut String) -> std::fmt::Result {
        match self {
            SquadReason::SquadLimit { card, max, count } => write!(
                out,
                "A squad can include at most {max} copies of {}; this one has {count}.",
                card.english
            ),
            SquadReason::SectionMissing {
                whole,
                section,
                missing,
            } => write!(
                out,
                "The {whole} flies as one ship of all its sections: this {} has no {} to go with it.",
                names.ship(section),
                names.joined(missing, Lexicon::ship, " or ")
            ),
            SquadReason::UniqueDuplicate { card, copies } => write!(
                out,
                "{} is unique: the squad may field only one card with that name ({copies} here).",
                card.english
            ),
            SquadReason::UnknownFormat { .. }
            | SquadReason::CustomPoints { .. }
            | SquadReason::UnknownFaction { .. }
            | SquadReason::PointsOverLimit { .. }
            | SquadReason::ShipTypeLimit { .. }
            | SquadReason::CopyLimit { .. }
            | SquadReason::EpicPointsUnknown { .. }
            | SquadReason::EpicPointsOverLimit { .. } => unreachable_arm(),
        }
    }
}

impl ShipReason {
    fn write_english(&self, names: Lexicon, out: &mut String) -> std::fmt::Result {
        match self {
            ShipReason::UnknownPilot { card } => write!(
                out,
                "The pilot {} is not in the card database.",
                card.describe()
            ),
            ShipReason::UnknownUpgrade { card } => write!(
                out,
                "The upgrade {} is not in the card database; it is kept in the squad.",
                card.describe()
            ),
            ShipReason::PilotFaction {
                pilot,
                faction,
                squad,
            } => write!(
                out,
                "{} flies for {}, not for the squad's faction, {}.",
                pilot.english,
                names.db.faction_name(faction),
                names.db.faction_name(squad)
            ),
            ShipReason::ReservePilot { pilot, by } => write!(
                out,
                "{} is deployed only by {}; the squad has no {}.",
                pilot.english, by.english, by.english
            ),
            ShipReason::EpicOnly { ship, format } => write!(
                out,
                "The {} is a huge ship: it can be fielded only in Epic play, not in {}.",
                names.ship(ship),
                names.format(format)
            ),
            ShipReason::LimitedDuplicate { card, copies } => write!(
                out,
                "{} is Limited: a ship cannot equip more than one copy ({copies} here).",
                card.english
            ),
            ShipReason::DuplicateInSlot { rule, slot, card } => write!(
                out,
                "{} allows only different {} upgrades; {} is equipped twice.",
                rule.english,
                names.slot(slot),
                card.english
            ),
        }
    }
}

impl SlotReason {
    fn write_english(&self, names: Lexicon, out: &mut String) -> std::fmt::Result {
        match self {
            SlotReason::SlotFilter {
                granter,
                filter,
                card,
                points,
                unique,
            } => write!(
                out,
                "{}'s {} slot takes only {}; {} ({points} points{}) needs another slot.",
                granter.english,
                names.slot(&filter.slot),
                filter.describe(names.slot(&filter.slot)),
                card.english,
                if *unique { ", unique" } else { "" }
            ),
            SlotReason::NotInSlot { card } => write!(
                out,
                "{} is not in any slot; put it in a free slot.",
                card.english
            ),
            SlotReason::WrongSlotType { card, named, kind } => write!(
                out,
                "{} names a {} slot, but it is a {} card; put it in a free {} slot.",
                card.english,
                names.slot(named),
                names.slot(kind),
                names.slot(kind)
            ),
            SlotReason::SlotTaken { card, slot, number } => write!(
                out,
                "{} names {slot_name} slot {number}, which another card holds; put it in a free {slot_name} slot.",
                card.english,
                slot_name = names.slot(slot)
            ),
            SlotReason::SlotGone { card, slot, number } => write!(
                out,
                "{} names {slot_name} slot {number}, which this ship's upgrade bar does not have; put it in a free {slot_name} slot.",
                card.english,
                slot_name = names.slot(slot)
            ),
            other => other.write_count_english(names, out),
        }
    }

    /// The bar's problems of counting slots.
    fn write_count_english(&self, names: Lexicon, out: &mut String) -> std::fmt::Result {
        match self {
            SlotReason::SecondTitle { card } => write!(
                out,
                "{} is a second Title on this ship; a ship can equip only one Title.",
                card.english
            ),
            SlotReason::NoSlot { card, slot } => write!(
                out,
                "{} needs a {} slot; this ship's upgrade bar has none.",
                card.english,
                names.slot(slot)
            ),
            SlotReason::SlotsTaken { card, slot, have } => write!(
                out,
                "{} needs a {} slot, but all {have} are taken.",
                card.english,
                names.slot(slot)
            ),
            SlotReason::TooFewFree {
                card,
                slot,
                needs,
                free,
                have,
            } => write!(
                out,
                "{} occupies {needs} {} slots; only {free} of {have} {} free.",
                card.english,
                names.slot(slot),
                if *free == 1 { "is" } else { "are" }
            ),
            SlotReason::SlotForbidden { by, slot, card } => write!(
                out,
                "{} says this ship cannot equip {} upgrades, so {} cannot be equipped.",
                by.english,
                names.slot(slot),
                card.english
            ),
            SlotReason::SlotFilter { .. }
            | SlotReason::NotInSlot { .. }
            | SlotReason::WrongSlotType { .. }
            | SlotReason::SlotTaken { .. }
            | SlotReason::SlotGone { .. } => unreachable_arm(),
        }
    }
}

impl CardReason {
    fn write_english(&self, names: Lexicon, out: &mut String) -> std::fmt::Result {
        match self {
            CardReason::CardFaction {
                card,
                factions,
                squad,
            } => {
                // Pushed rather than formatted: a slot's options write this
                // sentence for most cards of the pool, and `format_args!`
                // spent several times the work of copying the pieces.
                out.push_str(&card.english);
                out.push_str(" is for ");
                for (i, f) in factions.iter().enumerate() {
                    if i > 0 {
                        out.push_str(" and ");
                    }
                    out.push_str(names.db.faction_name(f));
                }
                out.push_str(" only; this squad is ");
                out.push_str(names.db.faction_name(squad));
                out.push('.');
                Ok(())
            }
            CardReason::ShipRestriction { card, ships, hull } => write!(
                out,
                "{} is for the {} only, not the {}.",
                card.english,
                names.joined(ships, Lexicon::ship, " and "),
                names.ship(hull)
            ),
            CardReason::HugeOnly { card, hull, size } => write!(
                out,
                "{} is labeled \"Huge ship only\"; the {} is a {} ship.",
                card.english,
                names.ship(hull),
                size.as_str()
            ),
            CardReason::HugeModification { card } => write!(
                out,
                "Huge ships can equip only modifications labeled \"Huge ship only\"; {} is not.",
                card.english
            ),
            CardReason::SizeRestriction {
                card,
                sizes,
                hull,
                size,
            } => write!(
                out,
                "{} is for {} ships only; the {} is a {} ship.",
                card.english,
                sizes.iter().map(|s| ShipSize::as_str(*s)).format(" and "),
                names.ship(hull),
                size.as_str()
            ),
            other => other.write_requirement_english(names, out),
        }
    }

    /// A card's requirements of the ship.
    fn write_requirement_english(&self, names: Lexicon, out: &mut String) -> std::fmt::Result {
        match self {
            CardReason::StatRequirement { card, need, value } => {
                let stat = need.stat.as_str();
                write!(
                    out,
                    "{} can be equipped only if the ship's {stat} value {} {}; this ship's {stat} value is ",
                    card.english,
                    comparison_words(need.comparison),
                    need.value
                )?;
                match value {
                    Some(v) => write!(out, "{v}.")?,
                    None => out.push_str("not printed."),
                }
                Ok(())
            }
            CardReason::SkillRequirement {
                card,
                comparison,
                value,
                skill,
            } => {
                write!(
                    out,
                    "{} can be equipped only if the pilot skill value {} {value}; this pilot's is ",
                    card.english,
                    comparison_words(*comparison)
                )?;
                match skill {
                    Some(s) => write!(out, "{s}."),
                    None => write!(out, "?."),
                }
            }
            CardReason::ActionRequirement {
                card,
                action,
                actions,
            } => write!(
                out,
                "{} can be equipped only if the ship's action bar has {}; this one has {}.",
                card.english,
                names.db.action_name(action),
                actions.iter().map(|a| names.db.action_name(a)).format(", ")
            ),
            CardReason::SlotRequirement { card, slot } => write!(
                out,
                "{} can be equipped only if the ship's upgrade bar has a {} icon.",
                card.english,
                names.slot(slot)
            ),
            CardReason::PrintedSlot { card, slot } => write!(
                out,
                "{} cannot be equipped by a pilot whose upgrade bar already has a {} icon.",
                card.english,
                names.slot(slot)
            ),
            other => other.write_choice_english(names, out),
        }
    }

    /// A card's choices: a dual card's face, a granted icon.
    fn write_choice_english(&self, names: Lexicon, out: &mut String) -> std::fmt::Result {
        let slots = |keys: &Keys| -> String {
            let options: Vec<&str> = keys.iter().map(|k| names.slot(k)).collect();
            or_list(&options)
        };
        match self {
            CardReason::DualFace {
                card,
                second,
                named,
            } => write!(
                out,
                "{} is a dual card: name face 1 ({}) or face 2 ({second}), not `{named}`.",
                card.english, card.english
            ),
            CardReason::ChooseIcon { card, options } => write!(
                out,
                "{} grants one upgrade icon of your choice: choose {}.",
                card.english,
                slots(options)
            ),
            CardReason::ChoiceUnnamed {
                card,
                options,
                used,
            } => write!(
                out,
                "{} grants one upgrade icon of your choice ({}); none is named, so the squad is checked with {}.",
                card.english,
                slots(options),
                names.slot(used)
            ),
            CardReason::CardFaction { .. }
            | CardReason::ShipRestriction { .. }
            | CardReason::HugeOnly { .. }
            | CardReason::HugeModification { .. }
            | CardReason::SizeRestriction { .. }
            | CardReason::StatRequirement { .. }
            | CardReason::SkillRequirement { .. }
            | CardReason::ActionRequirement { .. }
            | CardReason::SlotRequirement { .. }
            | CardReason::PrintedSlot { .. } => unreachable_arm(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash

    use crate::squad::{Code, Rules, Squad};

    /// The unknown format's sentence is written from its values, in the
    /// words `FormatError` says it in.
    #[test]
    fn an_unknown_format_reads_as_the_format_error() {
        let rules = Rules::embedded().unwrap();
        for key in ["galactic", "custom:lots", "custom:0"] {
            let report = rules.validate(&Squad::new(key, "scum"));
            let p = report
                .problems
                .iter()
                .find(|p| p.code == Code::UnknownFormat);
            let error = rules.formats.get(key).unwrap_err().to_string();
            assert_eq!(rules.english(p.unwrap()), error);
        }
    }
}
