//! Who takes part in an event, by number.

use serde::{Deserialize, Serialize};

/// A player, or a Team Epic team, in one event: numbered from 1 in the
/// order they registered, kept with the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct EntrantId(pub u32);
