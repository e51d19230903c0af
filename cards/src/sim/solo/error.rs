//! Why the flight system cannot decide.

use crate::catalog::LoadErrors;

/// Why the flight system cannot decide.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SoloError {
    #[error("the approach charts cannot be read: {0}")]
    Charts(LoadErrors),
    #[error("the ship has no maneuver dial")]
    NoDial,
    #[error("`{0}` is not a ship in the card database")]
    UnknownShip(String),
    #[error("the {0} has no dial in the card database")]
    ShipHasNoDial(String),
}
