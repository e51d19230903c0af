//! YASB links: Yet Another Squad Builder's share links, read and written.
//!
//! A link is `…?f=<faction>&d=<data>&sn=<name>&obs=<obstacles>`; the data
//! names cards by YASB's ids (`cards/data/yasb.csv`, see
//! [`crate::catalog::YasbCard`]) in four versions (v4 and v3:
//! `v4!<type>!<ship>;<ship>`, v2: `v2!<ship>;…`, v1: no prefix). A ship is
//! `PILOT:UPGRADES:TITLE:MOD:ADDED` (v1: `PILOT:UPGRADES:TITLE:TITLE_ADDED:MOD`).
//!
//! Reading never validates and never drops a card: every card of a ship is
//! read first, then seated in a free slot of its type (a two-slot card in
//! two); a card with no room stays on its ship unseated, and the rules
//! engine says why. YASB itself checks restrictions while it loads, in the
//! link's order, and so deletes Maul listed before Ezra or a Bomblet
//! Generator listed before the title that adds its slot; here both stay.
//! An id the table does not know stays as a visible unknown card
//! (`yasb:upgrade:999`). Written back to YASB, an unknown pilot is named
//! again; an unknown upgrade, whose slot nobody knows, is listed as left out.
//!
//! ```
//! use cards::squad::{Rules, yasb};
//! let rules = Rules::embedded().unwrap();
//! let link = "https://geordanr.github.io/xwing/?f=Scum%20and%20Villainy\
//!     &d=v4!e!244:-1,-1,-1,-1,-1,-1,-1:49:-1:;107::17:-1:U.-1&sn=Run&obs=coreasteroid0";
//! let read = yasb::decode(&rules.db, link);
//! assert!(read.error.is_none());
//! assert_eq!(read.squad.format, "epic");
//! assert_eq!(read.squad.obstacles, ["core-asteroid-0"]);
//! let back = yasb::encode(&rules, &read.squad);
//! assert!(back.url.contains("d=v4!e!"));
//! ```

mod address;
mod read;
mod write;

pub use address::{YasbAddress, is_yasb_link, parse_address};
pub use read::{decode, decode_address};
pub use write::{LostPart, YASB_BASE, YasbExport, YasbLoss, encode};

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
