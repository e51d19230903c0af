//! A refused step of a game in play, and a stored game that cannot be
//! read (`cards::play`), in the page's language.

use cards::play::{HugeStep, PlayCounter, PlayError, Player, ShipAt, StoredGameError};

use super::{because, counted, link_error, numbered, said};
use crate::components::game_terms::play_token_name;
use crate::i18n::fill;
use crate::i18n::{keys, td_string};
use crate::lang::Locale;

/// Why a step was refused, in `l`'s words: the play page says it beside
/// the table, the game unchanged.
pub fn play_error(l: Locale, e: &PlayError) -> String {
    match e {
        PlayError::Squad(e) => because(td_string!(l, errors.play_squad), &link_error(l, e)),
        PlayError::NoShips => said(td_string!(l, errors.play_no_ships)),
        PlayError::NoShip(ShipAt {
            player: Player::Mine,
            ship,
        }) => numbered(td_string!(l, errors.play_no_ship_mine), ship + 1),
        PlayError::NoShip(ShipAt {
            player: Player::Theirs,
            ship,
        }) => numbered(td_string!(l, errors.play_no_ship_theirs), ship + 1),
        PlayError::NoSquad(Player::Mine) => said(td_string!(l, errors.play_no_squad_mine)),
        PlayError::NoSquad(Player::Theirs) => said(td_string!(l, errors.play_no_squad_theirs)),
        PlayError::NoSection(i) => numbered(td_string!(l, errors.play_no_section), *i),
        PlayError::NoDamageCard(i) => numbered(td_string!(l, errors.play_no_damage_card), *i),
        PlayError::Destroyed => said(td_string!(l, errors.play_destroyed)),
        PlayError::Crippled => said(td_string!(l, errors.play_crippled)),
        PlayError::OutOfBounds {
            what: PlayCounter::Shields,
            max,
        } => fill(
            td_string!(l, errors.play_bounds_shields),
            &[("max", &max.to_string())],
        ),
        PlayError::OutOfBounds {
            what: PlayCounter::Energy,
            max,
        } => fill(
            td_string!(l, errors.play_bounds_energy),
            &[("max", &max.to_string())],
        ),
        PlayError::OutOfBounds {
            what: PlayCounter::Token(token),
            max,
        } => fill(
            td_string!(l, errors.play_bounds_token),
            &[
                ("token", play_token_name(l, *token)),
                ("max", &max.to_string()),
            ],
        ),
        PlayError::UnknownDamageCard(card) => fill(
            td_string!(l, errors.play_unknown_damage_card),
            &[("card", card)],
        ),
        PlayError::BadCardName { max } => counted(l, keys::errors::play_bad_card_name, *max, &[]),
        PlayError::NoEnergy => said(td_string!(l, errors.play_no_energy)),
        PlayError::NotOnDial(maneuver) => fill(
            td_string!(l, errors.play_not_on_dial),
            &[("maneuver", maneuver)],
        ),
        PlayError::NoEnergyCard(i) => numbered(td_string!(l, errors.play_no_energy_card), *i),
        PlayError::NotEnoughEnergy { holds, needs } => fill(
            td_string!(l, errors.play_not_enough_energy),
            &[("holds", &holds.to_string()), ("needs", &needs.to_string())],
        ),
        PlayError::NoAction(step) => fill(
            td_string!(l, errors.play_no_action),
            &[("action", step_words(l, *step))],
        ),
        PlayError::BadLock => said(td_string!(l, errors.play_bad_lock)),
        PlayError::OncePerRound(step) => fill(
            td_string!(l, errors.play_once_per_round),
            &[("step", step_words(l, *step))],
        ),
        PlayError::NotFaceUp => said(td_string!(l, errors.play_not_face_up)),
        PlayError::Data(_) => said(td_string!(l, errors.play_data)),
        PlayError::BadCursor { cursor, steps } => counted(
            l,
            keys::errors::play_bad_cursor,
            *steps,
            &[("cursor", &cursor.to_string())],
        ),
        PlayError::TooManySteps(max) => counted(l, keys::errors::play_too_many_steps, *max, &[]),
    }
}

/// Why a game kept in the browser cannot be read, in `l`'s words: the
/// play page says it instead of resuming the game.
pub fn stored_game_error(l: Locale, e: &StoredGameError) -> String {
    match e {
        StoredGameError::Json(_) => said(td_string!(l, errors.stored_not_a_game)),
        StoredGameError::Replay { step, error } => fill(
            td_string!(l, errors.stored_replay),
            &[
                ("step", &step.to_string()),
                ("reason", &play_error(l, error)),
            ],
        ),
        StoredGameError::Setup(error) => {
            because(td_string!(l, errors.stored_setup), &play_error(l, error))
        }
    }
}

/// A huge ship's step, as the page's buttons and action bars name it.
fn step_words(l: Locale, step: HugeStep) -> &'static str {
    match step {
        HugeStep::Reveal => td_string!(l, play.reveal),
        HugeStep::Recover => td_string!(l, parts.action_recover),
        HugeStep::Reinforce => td_string!(l, parts.action_reinforce),
    }
}
