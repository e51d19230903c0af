//! What a player pastes into the builder's import box: XWS from any
//! builder, or a YASB link. Which one it is follows from the text itself.
//!
//! ```
//! use cards::squad::{Rules, pasted};
//! let rules = Rules::embedded().unwrap();
//! let link = "https://geordanr.github.io/xwing/?f=Scum+and+Villainy&d=v4!s!107::17:-1:U.-1";
//! let imported = pasted::import(&rules, link).unwrap();
//! assert_eq!(imported.squad.ships.len(), 1);
//! assert!(pasted::import(&rules, "{").is_err());
//! ```

use crate::squad::Rules;
use crate::squad::xws::{self, Imported, XwsError};
use crate::squad::yasb::{self, YasbError};

/// Why a paste imports nothing; the squad in work stays as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PastedError {
    #[error(transparent)]
    Xws(#[from] XwsError),
    #[error(transparent)]
    Yasb(#[from] YasbError),
}

/// The squad a pasted XWS or YASB link describes, with notes on what moved
/// or is unknown; a link that cannot be read whole imports nothing.
pub fn import(rules: &Rules, text: &str) -> Result<Imported, PastedError> {
    let trimmed = text.trim();
    let looks_like_a_link = trimmed.starts_with("http") || trimmed.starts_with('?');
    if yasb::is_yasb_link(text) || (looks_like_a_link && !trimmed.starts_with('{')) {
        let read = yasb::decode(&rules.db, text);
        if let Some(e) = read.error {
            return Err(e.into());
        }
        return Ok(Imported {
            squad: read.squad,
            notes: read.notes,
        });
    }
    Ok(xws::import(rules, text, None)?)
}
