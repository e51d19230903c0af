//! `/play?s=<code>[&vs=<code>]`: a squad in play at the table. Every ship
//! with its shields, hull, tokens and damage cards, a huge ship's energy
//! round by round, the opponent's ships and the points destroyed when
//! their link is given. The game is `cards::play`; this page shows it and
//! turns taps into its steps. It keeps the game in the browser
//! (`store.rs`), saved on every step: a reload resumes it.
//!
//! The server renders the game's start; in the browser the stored game of
//! the same squads, if any, takes its place once the page is live.

use std::sync::Arc;

use cards::play::{DeckId, Game, Play, PlayStep, Player, Table};
use cards::squad::{Rules, link};
use leptos::either::Either;
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::hooks::use_query_map;

use crate::browser;
use crate::components::error_words::{browser_error, link_error, play_error, stored_game_error};
use crate::components::{Alert, WithRules, hydrate_apart};
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::{Locale, href, use_i18n};

mod counter;
mod energy;
mod ship;
mod store;

/// The game on this page, shared by its parts.
#[derive(Clone, Copy)]
pub(super) struct PlayArea {
    live: RwSignal<GameInPlay>,
    /// Why the last step was refused.
    refused: RwSignal<Option<String>>,
    rules: StoredValue<Arc<Rules>>,
    /// The page's language, for why a step was refused (the taps that
    /// take steps run outside the page's context).
    locale: Locale,
}

/// The game in play and its storage id.
#[derive(Clone)]
struct GameInPlay {
    id: String,
    play: Play,
}

impl PlayArea {
    /// Takes a step; a refused one says why, and the game is unchanged.
    pub(super) fn act(&self, step: PlayStep) {
        let (refused, l) = (self.refused, self.locale);
        self.live.update(|live| match live.play.take(step) {
            Ok(()) => {
                refused.set(None);
                if let Err(e) = store::save(&live.id, &live.play) {
                    refused.set(Some(browser_error(l, &e)));
                }
            }
            Err(e) => refused.set(Some(play_error(l, &e))),
        });
    }

    /// Reads the table (tracked).
    pub(super) fn table<T>(&self, read: impl FnOnce(&Table) -> T) -> T {
        self.live.with(|l| read(&l.play.table))
    }

    /// Undoes the last step, and saves the game.
    fn undo(&self) {
        self.live.update(|l| {
            if l.play.undo() {
                let _ = store::save(&l.id, &l.play);
            }
        });
    }

    /// Takes the last undone step again, and saves the game.
    fn redo(&self) {
        self.live.update(|l| {
            if l.play.redo() {
                let _ = store::save(&l.id, &l.play);
            }
        });
    }
}

/// Reads the card database the game was set up with.
pub(super) fn with_db<T>(read: impl FnOnce(&cards::catalog::Database) -> T) -> T {
    expect_context::<PlayArea>()
        .rules
        .with_value(|r| read(&r.db))
}

#[component]
pub fn PlayPage() -> impl IntoView {
    let query = use_query_map();
    let i18n = use_i18n();
    view! {
        <Title text=crate::components::live_title(move || {
            t_string!(i18n, play.heading).to_string()
        }) />
        <Meta name="description" content=move || t_string!(i18n, play.description) />
        <div class="play-page">
            <h1>{t!(i18n, play.heading)}</h1>
            <WithRules render=move |rules| {
                let code = query.with_untracked(|q| q.get("s")).unwrap_or_default();
                let opponent = query.with_untracked(|q| q.get("vs")).filter(|v| !v.is_empty());
                let solo = query.with_untracked(|q| q.get("solo")).is_some_and(|v| v == "1");
                view! { <PlayStart rules code opponent solo /> }
            } />
        </div>
    }
}

/// Checks the links and starts the game, or says why it cannot.
#[component]
fn PlayStart(
    rules: Arc<Rules>,
    code: String,
    opponent: Option<String>,
    solo: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let l = i18n.get_locale_untracked();
    if let Err(e) = link::decode(&code) {
        let text = fill(
            t_string!(i18n, play.cannot_read),
            &[("error", &link_error(l, &e))],
        );
        let builder = href(format!("/build?s={}", encode(&code)));
        return Either::Left(view! {
            <Alert text />
            <p>
                <a href=builder>{t!(i18n, play.open_builder)}</a>
            </p>
        });
    }
    let bad_opponent = opponent
        .as_deref()
        .and_then(|o| link::decode(o).err())
        .map(|e| {
            fill(
                t_string!(i18n, play.opponent_bad),
                &[("error", &link_error(l, &e))],
            )
        });
    let opponent = opponent.filter(|_| bad_opponent.is_none());
    let mut game = Game::new(&code, opponent.as_deref(), 0.0);
    game.solo = solo && game.opponent.is_some();
    match Play::resume(&rules, game) {
        Ok(play) => Either::Right(view! {
            {bad_opponent.map(|text| view! { <Alert text /> })}
            <PlayBoard rules play />
        }),
        Err(e) => {
            let text = fill(
                t_string!(i18n, play.cannot_read),
                &[("error", &stored_game_error(l, &e))],
            );
            Either::Left(view! {
                <Alert text />
                <p>
                    <a href=href("/build")>{t!(i18n, play.open_builder)}</a>
                </p>
            })
        }
    }
}

fn encode(code: &str) -> String {
    form_urlencoded::byte_serialize(code.as_bytes()).collect()
}

/// The game: the round bar, both squads, the past games.
#[component]
fn PlayBoard(rules: Arc<Rules>, play: Play) -> impl IntoView {
    let board = PlayArea {
        live: RwSignal::new(GameInPlay {
            id: String::new(),
            play,
        }),
        refused: RwSignal::new(None),
        rules: StoredValue::new(rules.clone()),
        locale: use_i18n().get_locale_untracked(),
    };
    let aside = RwSignal::new(0usize);
    let past = RwSignal::new(Vec::<(String, u16)>::new());
    // In the browser: the stored game of these squads takes the place of
    // the fresh one, and unreadable games are moved aside, once the page
    // is live (its ships are hydrated apart, and each must find the
    // server's game).
    let start_rules = rules.clone();
    Effect::new(move |_| {
        let rules = start_rules.clone();
        crate::browser::after_hydration(move || resume_stored(&rules, board, aside, past));
    });
    provide_context(board);
    let i18n = use_i18n();
    view! {
        <RoundBar board />
        {move || {
            board
                .refused
                .get()
                .map(|reason| {
                    view! {
                        <Alert text=fill(t_string!(i18n, play.refused), &[("reason", &reason)]) />
                    }
                })
        }}
        <p class="play-note">{t!(i18n, play.saved_here)}</p>
        {move || {
            (aside.get() > 0)
                .then(|| {
                    let n = aside.get();
                    view! {
                        <p class="error" role="alert">
                            {t!(
                                i18n, play.aside, count = move || n, prefix = cards::play::GAME_ASIDE_PREFIX
                            )}
                        </p>
                    }
                })
        }}
        <Score board />
        <Fleet board player=Player::Mine />
        <Fleet board player=Player::Theirs />
        <OpponentForm board />
        <EndGame board past />
        <PastGames past />
    }
}

/// Puts the stored game of the page's squads on the board, or gives the
/// fresh one an id; counts the games set aside and lists the ended ones.
fn resume_stored(
    rules: &Rules,
    board: PlayArea,
    aside: RwSignal<usize>,
    past: RwSignal<Vec<(String, u16)>>,
) {
    let mut games = store::read_games(rules);
    if store::end_past_kept(&games) {
        games = store::read_games(rules);
    }
    aside.set(games.aside.len());
    past.set(past_games(&games));
    let (squad, opponent, solo) = board.live.with_untracked(|l| {
        let g = &l.play.game;
        (g.squad.clone(), g.opponent.clone(), g.solo)
    });
    match games.in_play(&squad, opponent.as_deref(), solo) {
        Some((id, play)) => board.live.set(GameInPlay {
            id: id.clone(),
            play: play.clone(),
        }),
        None => {
            let id = store::new_game_id(&games);
            // Nothing shown changes: the page is not drawn again.
            board.live.update_untracked(|l| {
                l.id = id;
                l.play.game.started = browser::now_ms().floor();
            });
        }
    }
}

/// Each ended game's squad name and the round it reached.
fn past_games(games: &cards::play::StoredGames) -> Vec<(String, u16)> {
    games
        .ended()
        .take(cards::play::ENDED_KEPT)
        .map(|(_, p)| {
            let name = link::decode(&p.game.squad)
                .map(|s| s.name)
                .unwrap_or_default();
            (name, p.table.round)
        })
        .collect()
}

/// The round, undo, redo and the next round, kept in reach at the top.
#[component]
fn RoundBar(board: PlayArea) -> impl IntoView {
    let i18n = use_i18n();
    let round = move || board.table(|t| t.round);
    let can_undo = move || board.live.with(|l| l.play.can_undo());
    let can_redo = move || board.live.with(|l| l.play.can_redo());
    view! {
        <div class="play-bar" role="toolbar" aria-label=move || t_string!(i18n, play.heading)>
            <strong class="play-round">
                {move || fill(t_string!(i18n, play.round), &[("round", &round().to_string())])}
            </strong>
            <button type="button" disabled=move || !can_undo() on:click=move |_| board.undo()>
                {t!(i18n, play.undo)}
            </button>
            <button type="button" disabled=move || !can_redo() on:click=move |_| board.redo()>
                {t!(i18n, play.redo)}
            </button>
            <button
                type="button"
                class="play-next"
                title=move || t_string!(i18n, play.next_round_note)
                on:click=move |_| board.act(PlayStep::NextRound)
            >
                {t!(i18n, play.next_round)}
            </button>
        </div>
    }
}

/// Points destroyed by each player, when both squads are in the game.
#[component]
fn Score(board: PlayArea) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let (mine, theirs) = board.table(|t| {
            (
                t.points_destroyed(Player::Mine),
                t.points_destroyed(Player::Theirs),
            )
        });
        let (Some(mine), Some(theirs)) = (mine, theirs) else {
            return None;
        };
        Some(view! {
            <p class="play-score">
                <strong>
                    {fill(
                        t_string!(i18n, play.points_destroyed),
                        &[
                            ("mine", &mine.total().to_string()),
                            ("theirs", &theirs.total().to_string()),
                        ],
                    )}
                </strong>
                <br />
                <small>{t!(i18n, play.scoring_rule)}</small>
            </p>
        })
    }
}

/// One player's ships.
#[component]
fn Fleet(board: PlayArea, player: Player) -> impl IntoView {
    let i18n = use_i18n();
    // A memo: a step that leaves the number of ships alone leaves the panels.
    let count = Memo::new(move |_| board.table(|t| t.fleet(player).map(<[_]>::len)));
    move || {
        count.get().map(|n| {
            let heading = match player {
                Player::Mine => t_string!(i18n, play.mine),
                Player::Theirs => t_string!(i18n, play.theirs),
            };
            // Each ship hydrated in a task of its own: nine ships at once
            // held a slow phone's first tap for a third of a second.
            let ships = (0..n)
                .map(|ship| {
                    hydrate_apart(move || {
                        view! {
                            <ship::ShipPanel at=cards::play::ShipAt {
                                player,
                                ship,
                            } />
                        }
                    })
                })
                .collect_view();
            view! {
                <section class="play-fleet" aria-label=heading>
                    <h2>{heading}</h2>
                    {ships}
                </section>
            }
        })
    }
}

/// The opponent's link: the page opens again with both squads.
#[component]
fn OpponentForm(board: PlayArea) -> impl IntoView {
    let i18n = use_i18n();
    let text = RwSignal::new(String::new());
    let solo = RwSignal::new(false);
    let has_opponent = move || board.live.with(|l| l.play.game.opponent.is_some());
    let open = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let squad = board.live.with_untracked(|l| l.play.game.squad.clone());
        let url = format!(
            "/play?s={}&vs={}{}",
            encode(&squad),
            encode(&cards::play::link_code(&text.get_untracked())),
            if solo.get_untracked() { "&solo=1" } else { "" },
        );
        let _ = window().location().set_href(&href(url)());
    };
    move || {
        (!has_opponent()).then(|| {
            view! {
                <form class="play-opponent" on:submit=open>
                    <label>
                        {t!(i18n, play.opponent_link)}
                        <input
                            type="text"
                            inputmode="url"
                            maxlength="4096"
                            prop:value=move || text.get()
                            on:input=move |ev| text.set(event_target_value(&ev))
                        />
                    </label>
                    <label>
                        <input
                            type="checkbox"
                            prop:checked=move || solo.get()
                            on:change=move |ev| solo.set(event_target_checked(&ev))
                        />
                        {t!(i18n, play.opponent_solo)}
                    </label>
                    <button type="submit">{t!(i18n, play.opponent_add)}</button>
                </form>
            }
        })
    }
}

/// Ending the game asks first; the ended game joins the past games and a
/// new one of the same squads begins.
#[component]
fn EndGame(board: PlayArea, past: RwSignal<Vec<(String, u16)>>) -> impl IntoView {
    let i18n = use_i18n();
    let asking = RwSignal::new(false);
    let rules = board.rules;
    let end = move |_| {
        let now = browser::now_ms().floor();
        board.live.update(|l| {
            l.play.game.ended = Some(now);
            let _ = store::save(&l.id, &l.play);
        });
        let games = rules.with_value(|r| store::read_games(r));
        store::forget_old(&games);
        past.set(past_games(&store::read_games(&rules.get_value())));
        // The next game: the same squads, deck and opponent's pilot.
        let mut game = board.live.with_untracked(|l| l.play.game.clone());
        game.steps.clear();
        game.cursor = 0;
        game.started = now;
        game.ended = None;
        if let Ok(play) = rules.with_value(|r| Play::resume(r, game)) {
            board.live.set(GameInPlay {
                id: store::new_game_id(&games),
                play,
            });
        }
        asking.set(false);
    };
    view! {
        <div class="play-end">
            <DeckChoice board />
            {move || {
                if asking.get() {
                    Either::Left(
                        view! {
                            <p role="alert">{t!(i18n, play.end_confirm)}</p>
                            <button type="button" class="danger" on:click=end>
                                {t!(i18n, play.end_yes)}
                            </button>
                            <button type="button" on:click=move |_| asking.set(false)>
                                {t!(i18n, play.end_no)}
                            </button>
                        },
                    )
                } else {
                    Either::Right(
                        view! {
                            <button type="button" on:click=move |_| asking.set(true)>
                                {t!(i18n, play.end_game)}
                            </button>
                        },
                    )
                }
            }}
        </div>
    }
}

/// The deck small and large ships draw from; chosen before the first step.
#[component]
fn DeckChoice(board: PlayArea) -> impl IntoView {
    let i18n = use_i18n();
    let deck = move || board.live.with(|l| l.play.game.deck);
    let fresh = move || board.live.with(|l| l.play.game.steps.is_empty());
    let choose = move |ev: leptos::ev::Event| {
        let Some(deck) = DeckId::parse(&event_target_value(&ev)) else {
            return;
        };
        board.live.update(|l| {
            let mut game = l.play.game.clone();
            game.deck = deck;
            if let Ok(play) = board.rules.with_value(|r| Play::resume(r, game)) {
                l.play = play;
            }
        });
    };
    view! {
        <label class="play-deck">
            {t!(i18n, play.deck)} <select disabled=move || !fresh() on:change=choose>
                {DeckId::STANDARD
                    .into_iter()
                    .map(|d| {
                        let name = match d {
                            DeckId::Core => t_string!(i18n, play.deck_core),
                            _ => t_string!(i18n, play.deck_core_tfa),
                        };
                        view! {
                            <option value=d.code() selected=move || deck() == d>
                                {name}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The last ended games.
#[component]
fn PastGames(past: RwSignal<Vec<(String, u16)>>) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let list = past.get();
        (!list.is_empty()).then(|| {
            let items = list
                .into_iter()
                .map(|(name, rounds)| {
                    view! {
                        <li>
                            {fill(
                                t_string!(i18n, play.past_game),
                                &[("name", &name), ("rounds", &rounds.to_string())],
                            )}
                        </li>
                    }
                })
                .collect_view();
            view! {
                <details class="play-past">
                    <summary>{t!(i18n, play.past_games)}</summary>
                    <ul>{items}</ul>
                </details>
            }
        })
    }
}
