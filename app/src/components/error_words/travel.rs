//! A squads file or link refused (`cards::squad::travel`), in the page's
//! language.

use cards::squad::travel::{MAX_SQUADS_FILE_BYTES, MAX_SQUADS_IN_FILE, TravelError};

use super::{counted, link_error, said};
use crate::i18n::fill;
use crate::i18n::{keys, td_string};
use crate::lang::Locale;

/// Why a squads file or link was refused, in `l`'s words: the saved list
/// says it, and nothing saved changes. A squad's name stays as saved.
pub fn travel_error(l: Locale, e: &TravelError) -> String {
    match e {
        TravelError::TooLarge(bytes) => counted(
            l,
            keys::errors::travel_too_large,
            *bytes,
            &[("max", &MAX_SQUADS_FILE_BYTES.to_string())],
        ),
        TravelError::NotASquadsFile(_) => said(td_string!(l, errors.travel_not_a_squads_file)),
        TravelError::TooMany(squads) => counted(
            l,
            keys::errors::travel_too_many,
            *squads,
            &[("max", &MAX_SQUADS_IN_FILE.to_string())],
        ),
        TravelError::BadSquad {
            number,
            name,
            reason,
        } if name.is_empty() => fill(
            td_string!(l, errors.travel_bad_squad),
            &[
                ("number", &number.to_string()),
                ("reason", &link_error(l, reason)),
            ],
        ),
        TravelError::BadSquad {
            number,
            name,
            reason,
        } => fill(
            td_string!(l, errors.travel_bad_named_squad),
            &[
                ("number", &number.to_string()),
                ("name", name),
                ("reason", &link_error(l, reason)),
            ],
        ),
        TravelError::BadId { number } => fill(
            td_string!(l, errors.travel_bad_id),
            &[("number", &number.to_string())],
        ),
    }
}
