//! What reading a YASB link gives, and why it can stop early: shared by the
//! address (`address.rs`) and the reader (`read.rs`).

use crate::squad::Squad;
use crate::squad::limits::SquadTooLarge;

/// What reading a YASB link gave: the squad (whole, or as far as it could
/// be read), what moved or is unknown, and why reading stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YasbDecoded {
    pub squad: Squad,
    /// One sentence per thing the player should know.
    pub notes: Vec<String>,
    /// `None` when the whole link was read.
    pub error: Option<YasbError>,
}

/// Why a YASB link cannot be read whole.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum YasbError {
    #[error("this is not a YASB link: it has no squad data (`d=`)")]
    NoData,
    #[error("the YASB link is {bytes} bytes long; a link is read up to {max} bytes")]
    TooLong { bytes: usize, max: usize },
    #[error("the YASB link's game type `{0}` is not s, e, t or c=<points>")]
    GameType(String),
    #[error("this YASB link was made by a version of YASB this one does not know (`v{0}`)")]
    UnknownVersion(String),
    #[error("ship {ship} of the YASB link is damaged: {what}; the ships before it are shown")]
    Damaged { ship: usize, what: String },
    #[error("the squad is too large: {0}")]
    TooLarge(#[from] SquadTooLarge),
}
