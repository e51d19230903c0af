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
mod decoded;
mod read;
mod write;

pub use address::{YasbAddress, is_yasb_link, parse_address};
pub use decoded::{YasbDecoded, YasbError};
pub use read::{decode, decode_address};
pub use write::{LostPart, YASB_BASE, YasbExport, YasbLoss, encode};
