//! A squad link that cannot be read whole (`cards::squad::link`), in the
//! page's language: why, and for a damaged record the field where it
//! breaks off (`cards::squad::SquadField`) in the catalogue's words.

use cards::squad::SquadField;
use cards::squad::limits::{
    MAX_KEY_BYTES, MAX_NAME_CHARS, MAX_NOTES_CHARS, MAX_OBSTACLES, MAX_SHIPS,
    MAX_UPGRADES_PER_SHIP, SquadTooLarge,
};
use cards::squad::link::{LinkError, RecordError, RecordMark};

use super::{because, counted, numbered, said};
use crate::i18n::fill;
use crate::i18n::{keys, td_string};
use crate::lang::Locale;

/// Why a squad link cannot be read whole, in `l`'s words: the builder
/// says it above what it could read, the play page instead of the game. A
/// version it names stays as written.
pub fn link_error(l: Locale, e: &LinkError) -> String {
    match e {
        LinkError::NotALink => said(td_string!(l, errors.link_not_a_link)),
        LinkError::UnknownVersion(version) => fill(
            td_string!(l, errors.link_unknown_version),
            &[("version", version)],
        ),
        LinkError::NotBase64(_) => said(td_string!(l, errors.link_not_base64)),
        LinkError::TooShort => said(td_string!(l, errors.link_too_short)),
        LinkError::TrailingData => said(td_string!(l, errors.link_trailing_data)),
        LinkError::Checksum => said(td_string!(l, errors.link_checksum)),
        LinkError::Damaged(e) => because(td_string!(l, errors.link_damaged), &record_error(l, e)),
    }
}

/// Where a link's record breaks off.
fn record_error(l: Locale, e: &RecordError) -> String {
    match e {
        RecordError::EndsInside { what } => {
            in_field(l, td_string!(l, errors.record_ends_inside), *what)
        }
        RecordError::NotANumber { what } => {
            in_field(l, td_string!(l, errors.record_not_a_number), *what)
        }
        RecordError::CountOverLimit { what, count, max } => fill(
            td_string!(l, errors.record_count_over_limit),
            &[
                ("field", &field_words(l, *what)),
                ("value", &count.to_string()),
                ("max", &max.to_string()),
            ],
        ),
        RecordError::TextOverLimit { what, len, max } => counted(
            l,
            keys::errors::record_text_over_limit,
            usize::try_from(*len).unwrap_or(usize::MAX),
            &[("field", &field_words(l, *what)), ("max", &max.to_string())],
        ),
        RecordError::NotText { what } => in_field(l, td_string!(l, errors.record_not_text), *what),
        RecordError::ImpossibleCardId { what } => {
            in_field(l, td_string!(l, errors.record_impossible_card_id), *what)
        }
        RecordError::BadMark { what, mark } => fill(
            td_string!(l, errors.record_bad_mark),
            &[
                ("field", &field_words(l, *what)),
                ("mark", mark_words(l, *mark)),
            ],
        ),
        RecordError::TooLarge(e) => too_large(l, e),
    }
}

/// Which limit a squad in a link is past.
fn too_large(l: Locale, e: &SquadTooLarge) -> String {
    let max = |n: usize| n.to_string();
    match e {
        SquadTooLarge::Ships { ships } => counted(
            l,
            keys::errors::limits_ships,
            *ships,
            &[("max", &max(MAX_SHIPS))],
        ),
        SquadTooLarge::Upgrades { ship, upgrades } => counted(
            l,
            keys::errors::limits_upgrades,
            *upgrades,
            &[
                ("ship", &ship.to_string()),
                ("max", &max(MAX_UPGRADES_PER_SHIP)),
            ],
        ),
        SquadTooLarge::Name { chars } => counted(
            l,
            keys::errors::limits_name,
            *chars,
            &[("max", &max(MAX_NAME_CHARS))],
        ),
        SquadTooLarge::Notes { chars } => counted(
            l,
            keys::errors::limits_notes,
            *chars,
            &[("max", &max(MAX_NOTES_CHARS))],
        ),
        SquadTooLarge::Key { what, bytes } => counted(
            l,
            keys::errors::limits_key,
            *bytes,
            &[
                ("field", &field_words(l, *what)),
                ("max", &max(MAX_KEY_BYTES)),
            ],
        ),
        SquadTooLarge::Obstacles { obstacles } => counted(
            l,
            keys::errors::limits_obstacles,
            *obstacles,
            &[("max", &max(MAX_OBSTACLES))],
        ),
    }
}

/// A sentence about one field, its `{field}` filled.
fn in_field(l: Locale, text: &str, what: SquadField) -> String {
    fill(text, &[("field", &field_words(l, what))])
}

/// A field of the squad, with its ship's number.
fn field_words(l: Locale, what: SquadField) -> String {
    match what {
        SquadField::Format => said(td_string!(l, errors.field_format)),
        SquadField::Faction => said(td_string!(l, errors.field_faction)),
        SquadField::FormatAndFaction => said(td_string!(l, errors.field_format_and_faction)),
        SquadField::Name => said(td_string!(l, errors.field_name)),
        SquadField::Notes => said(td_string!(l, errors.field_notes)),
        SquadField::ShipCount => said(td_string!(l, errors.field_ship_count)),
        SquadField::ShipGroups => said(td_string!(l, errors.field_ship_groups)),
        SquadField::Obstacles => said(td_string!(l, errors.field_obstacles)),
        SquadField::Obstacle => said(td_string!(l, errors.field_obstacle)),
        SquadField::Pilot(n) => numbered(td_string!(l, errors.field_pilot), n),
        SquadField::UpgradeCount(n) => numbered(td_string!(l, errors.field_upgrade_count), n),
        SquadField::UpgradesAndCopies(n) => {
            numbered(td_string!(l, errors.field_upgrades_and_copies), n)
        }
        SquadField::Copies(n) => numbered(td_string!(l, errors.field_copies), n),
        SquadField::Upgrade(n) => numbered(td_string!(l, errors.field_upgrade), n),
        SquadField::Slot(n) => numbered(td_string!(l, errors.field_slot), n),
        SquadField::Choice(n) => numbered(td_string!(l, errors.field_choice), n),
    }
}

/// A mark of the record, by what it says follows.
fn mark_words(l: Locale, mark: RecordMark) -> &'static str {
    match mark {
        RecordMark::Slot => td_string!(l, errors.mark_slot),
        RecordMark::Choice => td_string!(l, errors.mark_choice),
        RecordMark::Card => td_string!(l, errors.mark_card),
        RecordMark::NameCode => td_string!(l, errors.mark_name_code),
    }
}
