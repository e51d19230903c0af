//! A squad in play: the table of ships with their shields, hull, tokens
//! and damage cards, the steps players take, and the game that keeps them
//! with undo and redo.
//!
//! Huge ships fly the energy engine of `/rules/huge-ships`
//! ([`crate::sim::energy`]): a revealed maneuver gains energy by the same
//! step the simulator runs, allocation and recover too.
//!
//! ```
//! use cards::play::{Game, Play, PlayStep, ShipAt, TokenKind};
//! use cards::squad::{Rules, Squad, SquadShip, CardRef, link};
//! let rules = Rules::embedded().unwrap();
//! let mut squad = Squad::new("epic", "scum");
//! squad.ships.push(SquadShip { pilot: CardRef::Xws("croccruiser".into()), upgrades: vec![] });
//! let mut play = Play::resume(&rules, Game::new(&link::encode(&squad), None, 0.0)).unwrap();
//! let croc = ShipAt::mine(0);
//! play.take(PlayStep::Reveal { at: croc, maneuver: "1S".into() }).unwrap();
//! assert_eq!(play.table.ship(croc).unwrap().energy.as_ref().unwrap().ship, 3);
//! play.take(PlayStep::Token { at: croc, token: TokenKind::Stress, delta: -1 }).unwrap_err();
//! play.undo();
//! assert_eq!(play.table, *play.start());
//! ```

// Each file imports only those listed before it: ids, error, deck,
// crippled, table, shown, solo, step, score, game.
mod crippled;
mod deck;
mod error;
mod game;
mod ids;
mod score;
mod shown;
mod solo;
mod step;
mod table;

pub use crippled::{CrippledSide, crippled_side};
pub use deck::{ActionsLost, DamageCard, DamageDecks, DamageEffect, DeckError, DeckId, ShipDeck};
pub use error::{HugeStep, PlayCounter, PlayError, StoredGameError};
pub use game::{
    ENDED_KEPT, GAME_ASIDE_PREFIX, GAME_PREFIX, Game, GameAside, IN_PLAY_KEPT, MAX_STEPS, Play,
    StoredGames, link_code,
};
pub use ids::{ChecklistItem, Player, ShipAt, TOKEN_LIMIT, TokenKind};
pub use score::Score;
pub use shown::{
    PlayedAction, PlayedManeuver, PlayedStat, is_red, played_actions, played_dial, played_stats,
    stats_now,
};
pub use solo::solo_request;
pub use step::{CARD_NAME_LIMIT, FaceUp, PlayStep};
pub use table::{DamageInPlay, EnergyInPlay, LOCK_LIMIT, PlaySection, PlayShip, Table};
