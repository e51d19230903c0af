//! Solo Play Alpha at the table: the flight system's request for an AI
//! ship as it is in play, so "What does it do?" answers with the engine of
//! `/rules/solo-alpha` and `POST /api/sim/solo`, fed the ship's tokens.

use super::ids::TokenKind;
use super::table::PlayShip;
use crate::sim::solo::SoloRequest;

/// The flight system's request for `ship` in play: its ship type, stressed
/// while it holds a stress token and ionized while it holds an ion token;
/// the rest of the situation (the tally's arc, the roll) as in `asked`.
///
/// ```
/// use cards::play::{Game, Play, PlayStep, ShipAt, TokenKind, solo_request};
/// use cards::sim::solo::SoloRequest;
/// use cards::squad::{CardRef, Rules, Squad, SquadShip, link};
/// let rules = Rules::embedded().unwrap();
/// let mut squad = Squad::new("standard", "scum");
/// squad.ships.push(SquadShip { pilot: CardRef::Xws("cartelspacer".into()), upgrades: vec![] });
/// let mut play = Play::resume(&rules, Game::new(&link::encode(&squad), None, 0.0)).unwrap();
/// let at = ShipAt::mine(0);
/// play.take(PlayStep::Token { at, token: TokenKind::Stress, delta: 1 }).unwrap();
/// let asked = solo_request(play.table.ship(at).unwrap(), &SoloRequest::default());
/// assert!(asked.stressed && !asked.ionized);
/// assert_eq!(asked.ship, "m3ainterceptor");
/// ```
pub fn solo_request(ship: &PlayShip, asked: &SoloRequest) -> SoloRequest {
    SoloRequest {
        ship: ship.ship.clone(),
        stressed: ship.token(TokenKind::Stress) > 0,
        ionized: ship.token(TokenKind::Ion) > 0,
        ..asked.clone()
    }
}
