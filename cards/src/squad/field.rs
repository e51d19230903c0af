//! A field of a squad, as an error names it: where a link's record breaks
//! off (`link::RecordError`) or which name is past its limit
//! (`limits::SquadTooLarge::Key`). A code and the ship's number, never
//! words, so that the interface words it in the page's language; its
//! `Display` is the English the API and the tests read.

use std::fmt;

/// Which field of a squad an error names; a ship's field carries the
/// ship's number, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquadField {
    /// The format.
    Format,
    /// The faction.
    Faction,
    /// The head that holds the format and the faction (and the flags after them).
    FormatAndFaction,
    /// The squad's name.
    Name,
    /// The squad's notes.
    Notes,
    /// How many ships follow.
    ShipCount,
    /// How many groups of identical ships follow.
    ShipGroups,
    /// The obstacles the squad brings.
    Obstacles,
    /// One obstacle the squad brings.
    Obstacle,
    /// A ship's pilot.
    Pilot(usize),
    /// How many upgrades a ship carries.
    UpgradeCount(usize),
    /// A group's shape: how many upgrades and how many copies of the ship.
    UpgradesAndCopies(usize),
    /// How many copies of a ship follow.
    Copies(usize),
    /// One of a ship's upgrades.
    Upgrade(usize),
    /// The slot of one of a ship's upgrades.
    Slot(usize),
    /// The choice of one of a ship's upgrades.
    Choice(usize),
}

impl fmt::Display for SquadField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquadField::Format => f.write_str("the format"),
            SquadField::Faction => f.write_str("the faction"),
            SquadField::FormatAndFaction => f.write_str("the format and faction"),
            SquadField::Name => f.write_str("the name"),
            SquadField::Notes => f.write_str("the notes"),
            SquadField::ShipCount => f.write_str("the number of ships"),
            SquadField::ShipGroups => f.write_str("the number of ship groups"),
            SquadField::Obstacles => f.write_str("the obstacles"),
            SquadField::Obstacle => f.write_str("an obstacle"),
            SquadField::Pilot(n) => write!(f, "ship {n}'s pilot"),
            SquadField::UpgradeCount(n) => write!(f, "ship {n}'s number of upgrades"),
            SquadField::UpgradesAndCopies(n) => write!(f, "ship {n}'s upgrades and copies"),
            SquadField::Copies(n) => write!(f, "ship {n}'s copies"),
            SquadField::Upgrade(n) => write!(f, "an upgrade of ship {n}"),
            SquadField::Slot(n) => write!(f, "a slot of ship {n}"),
            SquadField::Choice(n) => write!(f, "a choice of ship {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SquadField;

    #[test]
    fn each_field_reads_as_the_english_the_errors_always_wrote() {
        assert_eq!(SquadField::ShipCount.to_string(), "the number of ships");
        assert_eq!(SquadField::Pilot(3).to_string(), "ship 3's pilot");
        assert_eq!(SquadField::Upgrade(2).to_string(), "an upgrade of ship 2");
        assert_eq!(SquadField::Choice(1).to_string(), "a choice of ship 1");
    }
}
