//! One ship in play: its stats, actions and dial as built and as its
//! faceup damage cards and crippled sections change them, each change
//! marked; each section's shields, hull and damage cards; its tokens and
//! target locks; a huge ship's energy (`energy.rs`).

use cards::catalog::{Difficulty, Maneuver, Stat};
use cards::play::solo_request;
use cards::play::{
    DamageDecks, FaceUp, PlayShip, PlayStep, ShipAt, TokenKind, played_actions, played_dial,
    played_stats, stats_now,
};
use cards::sim::energy::HugeSection;
use cards::sim::solo::SoloRequest;
use leptos::prelude::*;

use super::PlayArea;
use super::counter::Counter;
use super::energy::EnergyPanel;
use crate::components::as_built::ShipNotes;
use crate::components::game_terms::action_name;
use crate::components::glyph::{ActionList, symbol_text};
use crate::components::{DialTable, StatBlock};
use crate::i18n::fill;
use crate::i18n::{t, t_string};
use crate::lang::use_i18n;
use crate::simulators::SoloInPlay;

/// A ship's panel: a frame drawn once, whose parts draw again when this
/// ship changes (a memo of it: another ship's step leaves it alone). The
/// dial, tokens and target locks fold away, drawn only while open, so a
/// nine-ship squad hydrates quickly and an open fold stays open.
#[component]
pub(super) fn ShipPanel(at: ShipAt) -> impl IntoView {
    let board = expect_context::<PlayArea>();
    let ship = Memo::new(move |_| board.table(|t| t.ship(at).ok().cloned()));
    let i18n = use_i18n();
    let destroyed = move || ship.with(|s| s.as_ref().is_some_and(PlayShip::destroyed));
    let class = move || {
        if destroyed() {
            "play-ship destroyed"
        } else {
            "play-ship"
        }
    };
    let part = move |draw: fn(ShipAt, PlayShip) -> AnyView| move || ship.get().map(|s| draw(at, s));
    view! {
        <article class=class data-ship=format!("{}-{}", player_code(at), at.ship)>
            {part(|_, s| view! { <ShipHead ship=s /> }.into_any())}
            {part(|_, s| view! { <AsPlayed ship=s /> }.into_any())}
            <Fold class="play-dial" summary=move || t_string!(i18n, play.dial).to_string()>
                {part(|_, s| view! { <DialInPlay ship=s /> }.into_any())}
            </Fold>
            {part(|at, s| {
                (0..s.sections.len())
                    .map(|k| view! { <SectionPanel at section=k ship=s.clone() /> })
                    .collect_view()
                    .into_any()
            })}
            {part(|at, s| view! { <EnergyPanel at ship=s /> }.into_any())}
            <Fold class="play-tokens" summary=move || ship.with(|s| tokens_summary(s.as_ref()))>
                {part(|at, s| view! { <Tokens at ship=s /> }.into_any())}
            </Fold>
            <Fold class="play-locks" summary=move || ship.with(|s| locks_summary(s.as_ref()))>
                {part(|at, s| view! { <Locks at ship=s /> }.into_any())}
            </Fold>
            {solo_fold(at, ship)}
        </article>
    }
}

/// "What does it do?" for an AI ship of a Solo Play Alpha opponent: the
/// flight system, asked with the ship's tokens as they are in play.
fn solo_fold(at: ShipAt, ship: Memo<Option<PlayShip>>) -> Option<impl IntoView> {
    let board = expect_context::<PlayArea>();
    let solo = board.live.with_untracked(|l| l.play.game.solo);
    if !solo || at.player != cards::play::Player::Theirs {
        return None;
    }
    let i18n = use_i18n();
    let asked = SoloRequest::default();
    let first = ship.with_untracked(|s| s.as_ref().map(|s| solo_request(s, &asked)));
    let request = RwSignal::new(first.unwrap_or(asked));
    // The tokens change in play; the rest is the player's.
    Effect::new(move |_| {
        let asked = request.get_untracked();
        let next = ship.with(|s| s.as_ref().map(|s| solo_request(s, &asked)));
        if let Some(next) = next.filter(|n| *n != asked) {
            request.set(next);
        }
    });
    Some(view! {
        <Fold class="play-solo" summary=move || t_string!(i18n, play.solo_what).to_string()>
            <SoloInPlay request />
        </Fold>
    })
}

/// A fold: its summary always, its children only while open.
#[component]
fn Fold<S>(class: &'static str, summary: S, children: ChildrenFn) -> impl IntoView
where
    S: Fn() -> String + Send + Sync + 'static,
{
    let open = RwSignal::new(false);
    view! {
        <details
            class=class
            on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
        >
            <summary>{summary}</summary>
            {move || open.get().then(|| children())}
        </details>
    }
}

/// The tokens' fold: "Tokens", and those held ("Tokens: Stress 1").
fn tokens_summary(ship: Option<&PlayShip>) -> String {
    let i18n = use_i18n();
    let title = t_string!(i18n, play.tokens);
    let held: Vec<String> = ship
        .map(|s| {
            TokenKind::ALL
                .into_iter()
                .filter(|k| s.token(*k) > 0)
                .map(|k| format!("{} {}", token_name(k), s.token(k)))
                .collect()
        })
        .unwrap_or_default();
    if held.is_empty() {
        title.to_string()
    } else {
        format!("{title}: {}", held.join(", "))
    }
}

/// The locks' fold: "Target locks", and how many are held.
fn locks_summary(ship: Option<&PlayShip>) -> String {
    let title = t_string!(use_i18n(), play.locks);
    match ship.map_or(0, |s| s.locks.len()) {
        0 => title.to_string(),
        n => format!("{title}: {n}"),
    }
}

/// The ship's name, points, and whether it is destroyed.
#[component]
fn ShipHead(ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <header class="play-ship-head">
            <h3>{ship_name(&ship)}</h3>
            <span class="play-points">
                {fill(t_string!(i18n, print.pts), &[("points", &ship.points.to_string())])}
            </span>
            {ship
                .destroyed()
                .then(|| {
                    view! { <strong class="play-destroyed">{t!(i18n, play.destroyed)}</strong> }
                })}
        </header>
    }
}

fn player_code(at: ShipAt) -> &'static str {
    match at.player {
        cards::play::Player::Mine => "mine",
        cards::play::Player::Theirs => "theirs",
    }
}

/// The pilot's name in the page's language; a two-section ship's whole name.
fn ship_name(ship: &PlayShip) -> String {
    let pilot = ship
        .sections
        .first()
        .map(|s| s.pilot.clone())
        .unwrap_or_default();
    super::with_db(|db| {
        if ship.has_sections() {
            let hull = db
                .ship(&ship.ship)
                .map(|s| s.section_of.clone().unwrap_or_default());
            return hull.unwrap_or_else(|| ship.name.clone());
        }
        db.pilot(&pilot)
            .map(|p| crate::components::worded::pilot_name(p).0)
            .unwrap_or_else(|| ship.name.clone())
    })
}

/// The word for who changed a stat: a damage card's name, or "Crippled".
fn changer(by: &str) -> String {
    if by.starts_with("crippled:") {
        t_string!(use_i18n(), play.crippled).to_string()
    } else {
        by.to_string()
    }
}

/// Stats, actions and dial as the ship flies now, each change marked.
#[component]
fn AsPlayed(ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    let built = super::with_db(|db| ShipNotes::of(db, &ship.dial, &ship.changes));
    let mut stat_notes = built.stats.clone();
    for p in played_stats(&ship)
        .into_iter()
        .filter(|p| !p.changed_by.is_empty())
    {
        let names: Vec<String> = p.changed_by.iter().map(|b| changer(b)).collect();
        stat_notes.retain(|(s, _)| *s != p.stat);
        stat_notes.push((p.stat, names.join(", ")));
    }
    let mut stats = stats_now(&ship);
    stats.hull = ship.stats.hull;
    stats.shields = ship.stats.shields;
    stat_notes.retain(|(s, _)| {
        !matches!(s, Stat::Hull | Stat::Shields)
            || ship
                .changes
                .iter()
                .any(|c| c.part == cards::squad::ChangedPart::Stat(*s))
    });
    let actions_now = played_actions(&ship);
    let mut action_notes = built.actions.clone();
    for a in actions_now.iter().filter(|a| a.lost_to.is_some()) {
        let by = changer(a.lost_to.as_deref().unwrap_or_default());
        action_notes.push((
            a.action.clone(),
            fill(
                t_string!(i18n, play.changed_by),
                &[("color", "✕"), ("cards", &by)],
            ),
        ));
    }
    let actions: Vec<(String, String)> = super::with_db(|db| {
        actions_now
            .iter()
            .map(|a| (a.action.clone(), action_name(db, &a.action)))
            .collect()
    });
    view! {
        <div class="play-as-played">
            <StatBlock stats notes=stat_notes />
            <p class="play-actions">
                <ActionList actions notes=action_notes />
            </p>
        </div>
    }
}

/// The dial in play, each changed maneuver marked with its card.
#[component]
fn DialInPlay(ship: PlayShip) -> impl IntoView {
    let built = super::with_db(|db| ShipNotes::of(db, &ship.dial, &ship.changes));
    let (dial, notes) = dial_in_play(&ship, &built);
    view! { <DialTable dial notes /> }
}

/// The dial in play with a note on each changed maneuver: the damage
/// card's where one forces its colour, else the built ship's card.
fn dial_in_play(ship: &PlayShip, built: &ShipNotes) -> (Vec<Maneuver>, Vec<Option<String>>) {
    let i18n = use_i18n();
    let played = played_dial(ship);
    let notes = played
        .iter()
        .map(|m| {
            if m.damaged_by.is_empty() {
                let at = ship.dial.iter().position(|d| {
                    d.maneuver.speed == m.flown.maneuver.speed
                        && d.maneuver.bearing_code() == m.flown.maneuver.bearing_code()
                });
                at.and_then(|i| built.dial.get(i).cloned().flatten())
            } else {
                let colour = match m.flown.maneuver.difficulty {
                    Difficulty::Green => t_string!(i18n, parts.difficulty_green),
                    Difficulty::White => t_string!(i18n, parts.difficulty_white),
                    Difficulty::Red => t_string!(i18n, parts.difficulty_red),
                };
                Some(fill(
                    t_string!(i18n, play.changed_by),
                    &[("color", colour), ("cards", &m.damaged_by.join(", "))],
                ))
            }
        })
        .collect();
    (
        played.into_iter().map(|m| m.flown.maneuver).collect(),
        notes,
    )
}

/// A section's shields, hull and damage cards, and the controls that deal them.
#[component]
fn SectionPanel(at: ShipAt, section: usize, ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let s = ship.sections[section].clone();
    let label = match s.part {
        Some(HugeSection::Fore) => Some(t_string!(i18n, play.fore)),
        Some(HugeSection::Aft) => Some(t_string!(i18n, play.aft)),
        None => None,
    };
    let live = !ship.destroyed() && !s.crippled;
    let shield_step = move |delta| board.act(PlayStep::Shield { at, section, delta });
    let hull_left = s.hull.saturating_sub(s.hull_damage());
    let shield_max = if live { s.shield_value } else { s.shields };
    let crippled = s.crippled.then(|| {
        let bar = match &s.crippled_side {
            Some(side) => fill(
                t_string!(i18n, play.crippled_bar),
                &[("slots", &side.slots.join(", "))],
            ),
            None => t_string!(i18n, play.crippled_unknown).to_string(),
        };
        view! {
            <p class="play-crippled">
                <strong>{t!(i18n, play.crippled)}</strong>
                " "
                {bar}
            </p>
        }
    });
    view! {
        <section class="play-section" aria-label=label.unwrap_or_default()>
            {label.map(|l| view! { <h4>{l}</h4> })}
            {crippled}
            <Counter
                label=t_string!(i18n, play.shields)
                value=s.shields
                max=shield_max
                minus_label=t_string!(i18n, play.lose_shield)
                plus_label=t_string!(i18n, play.regain_shield)
                minus=Callback::new(move |_| shield_step(-1))
                plus=Callback::new(move |_| shield_step(1))
            />
            <p class="play-hull">
                {t!(i18n, play.hull_left)} ": " <output>{format!("{hull_left}/{}", s.hull)}</output>
            </p>
            <DamageList at section cards=s.damage.clone() />
            {live.then(|| view! { <DealControls at section ship=ship.clone() /> })}
        </section>
    }
}

/// The damage cards next to a section: faceup ones with their text.
#[component]
fn DamageList(at: ShipAt, section: usize, cards: Vec<cards::play::DamageInPlay>) -> impl IntoView {
    let i18n = use_i18n();
    if cards.is_empty() {
        return None;
    }
    let items = cards
        .into_iter()
        .enumerate()
        .map(|(card, damage)| view! { <DamageItem at section card damage /> })
        .collect_view();
    Some(view! {
        <div class="play-damage">
            <h5>{t!(i18n, play.damage_cards)}</h5>
            <ol>{items}</ol>
        </div>
    })
}

/// A damage card's name as the table shows it: its printed name (in
/// English) while faceup, "Facedown" otherwise.
fn damage_name(d: &cards::play::DamageInPlay) -> (String, Option<&'static str>) {
    let i18n = use_i18n();
    match (&d.name, d.face_up) {
        (Some(n), true) => (n.clone(), Some("en")),
        _ => (t_string!(i18n, play.facedown).to_string(), None),
    }
}

/// "Counts as 2 damage": a faceup card that counts as more than one.
fn counts_as_label(d: &cards::play::DamageInPlay) -> Option<String> {
    let i18n = use_i18n();
    (d.face_up && d.effect.counts_as > 1).then(|| {
        fill(
            t_string!(i18n, play.counts_as),
            &[("count", &d.effect.counts_as.to_string())],
        )
    })
}

/// One damage card in the list: its name, faceup its text and what it
/// counts as, and its buttons.
#[component]
fn DamageItem(
    at: ShipAt,
    section: usize,
    card: usize,
    damage: cards::play::DamageInPlay,
) -> impl IntoView {
    let (name, lang) = damage_name(&damage);
    let counts = counts_as_label(&damage);
    let face_up = damage.face_up;
    let text = face_up.then_some(damage.text).filter(|t| !t.is_empty());
    view! {
        <li class=if face_up { "faceup" } else { "facedown" }>
            <strong lang=lang>{name}</strong>
            {text
                .map(|t| {
                    view! {
                        <span class="play-card-text" lang="en">
                            {symbol_text(&t, &|w| w.to_string())}
                        </span>
                    }
                })}
            {counts.map(|c| view! { <em>{c}</em> })}
            <DamageCardActions at section card face_up />
        </li>
    }
}

/// A damage card's buttons: flip a faceup one facedown, and repair it.
#[component]
fn DamageCardActions(at: ShipAt, section: usize, card: usize, face_up: bool) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    view! {
        <span class="play-card-actions">
            {face_up
                .then(|| {
                    view! {
                        <button
                            type="button"
                            on:click=move |_| {
                                board
                                    .act(PlayStep::Flip {
                                        at,
                                        section,
                                        card,
                                    })
                            }
                        >
                            {t!(i18n, play.flip)}
                        </button>
                    }
                })}
            <button
                type="button"
                on:click=move |_| {
                    board
                        .act(PlayStep::Repair {
                            at,
                            section,
                            card,
                        })
                }
            >
                {t!(i18n, play.repair)}
            </button>
        </span>
    }
}

/// The cards a section may be dealt faceup: its ship's deck, or, where the
/// data lacks it, the huge-ship cards known (`deck|name` values).
fn faceup_choices(ship: &PlayShip, section: usize) -> Vec<(String, String)> {
    let Ok(decks) = DamageDecks::embedded() else {
        return Vec::new();
    };
    let part = ship.sections[section].part;
    let cards: Vec<_> = match ship.deck.deck {
        Some(deck) => decks.cards(deck).collect(),
        None => decks.known_huge().collect(),
    };
    cards
        .into_iter()
        .filter(|c| part.is_none() || c.section.is_none() || c.section == part)
        .map(|c| (format!("{}|{}", c.deck.code(), c.name), c.name.clone()))
        .collect()
}

/// The card to deal faceup: the one named, when the ship's deck is not in
/// the data and a name is typed; otherwise the one chosen from the deck
/// (`deck|name`), if it reads.
fn faceup_card(unknown: bool, named: String, chosen: &str) -> Option<FaceUp> {
    if unknown && !named.trim().is_empty() {
        return Some(FaceUp::Named { name: named });
    }
    let (deck, name) = chosen.split_once('|')?;
    let deck = cards::play::DeckId::parse(deck)?;
    Some(FaceUp::Card {
        deck,
        name: name.to_string(),
    })
}

/// Deal facedown, or faceup a card chosen from the deck or named.
#[component]
fn DealControls(at: ShipAt, section: usize, ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let choices = faceup_choices(&ship, section);
    let chosen = RwSignal::new(choices.first().map(|c| c.0.clone()).unwrap_or_default());
    let named = RwSignal::new(String::new());
    let unknown = ship.deck.deck.is_none();
    let deal_faceup = move |_| {
        let chosen = chosen.get_untracked();
        let Some(face_up) = faceup_card(unknown, named.get_untracked(), &chosen) else {
            return;
        };
        board.act(PlayStep::Deal {
            at,
            section,
            face_up: Some(face_up),
        });
        named.set(String::new());
    };
    // Plain options, drawn as HTML that hydration need not walk (a
    // nine-ship squad has over a hundred; issue 60).
    let options = crate::components::option_list::option_list_html(&choices);
    view! {
        <div class="play-deal">
            <button
                type="button"
                on:click=move |_| {
                    board
                        .act(PlayStep::Deal {
                            at,
                            section,
                            face_up: None,
                        })
                }
            >
                {t!(i18n, play.deal_facedown)}
            </button>
            <label>
                {t!(i18n, play.damage_card)}
                <select
                    lang="en"
                    on:change=move |ev| chosen.set(event_target_value(&ev))
                    inner_html=options
                ></select>
            </label>
            {unknown.then(|| view! { <NamedCard named /> })}
            <button type="button" on:click=deal_faceup>
                {t!(i18n, play.deal_faceup)}
            </button>
        </div>
    }
}

/// A damage card named by the player, for a ship whose deck is not in the
/// data: the note that says so, and the name typed.
#[component]
fn NamedCard(named: RwSignal<String>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <p class="play-note">{t!(i18n, play.deck_unknown)}</p>
        <label>
            {t!(i18n, play.named_card)}
            <input
                type="text"
                maxlength="60"
                prop:value=move || named.get()
                on:input=move |ev| named.set(event_target_value(&ev))
            />
        </label>
    }
}

/// A token's name on this page (tracked: it follows the page's language).
fn token_name(kind: TokenKind) -> &'static str {
    crate::components::game_terms::play_token_name(use_i18n().get_locale(), kind)
}

/// Every token, counted.
#[component]
fn Tokens(at: ShipAt, ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let live = !ship.destroyed();
    let counters = TokenKind::ALL
        .into_iter()
        .map(|token| {
            let name = token_name(token);
            let step = move |delta| board.act(PlayStep::Token { at, token, delta });
            let token_max = if live {
                token.limit()
            } else {
                ship.token(token)
            };
            view! {
                <Counter
                    label=name
                    value=ship.token(token)
                    max=token_max
                    minus_label=fill(t_string!(i18n, play.remove_token), &[("token", name)])
                    plus_label=fill(t_string!(i18n, play.add_token), &[("token", name)])
                    minus=Callback::new(move |_| step(-1))
                    plus=Callback::new(move |_| step(1))
                />
            }
        })
        .collect_view();
    view! { <div class="play-counters">{counters}</div> }
}

/// A ship's name for a lock: its squad's list number and pilot.
fn target_label(board: &PlayArea, target: ShipAt) -> String {
    let i18n = use_i18n();
    let name = board
        .table(|t| t.ship(target).ok().map(ship_name))
        .unwrap_or_default();
    let n = fill(
        t_string!(i18n, play.ship_of),
        &[("n", &(target.ship + 1).to_string())],
    );
    format!("{n}: {name}")
}

/// The ships a ship may lock: every other ship not destroyed, both squads'.
fn lock_targets(board: &PlayArea, at: ShipAt) -> Vec<ShipAt> {
    board.table(|t| {
        cards::play::Player::BOTH
            .into_iter()
            .flat_map(|player| {
                let n = t.fleet(player).map_or(0, <[_]>::len);
                (0..n).map(move |ship| ShipAt { player, ship })
            })
            .filter(|s| *s != at && t.ship(*s).is_ok_and(|x| !x.destroyed()))
            .collect()
    })
}

/// A target's value in the select: `mine-2`, `theirs-0`.
fn target_value(target: ShipAt) -> String {
    format!("{}-{}", player_code(target), target.ship)
}

/// Reads [`target_value`].
fn parse_target(value: &str) -> Option<ShipAt> {
    let (player, n) = value.split_once('-')?;
    let player = match player {
        "mine" => cards::play::Player::Mine,
        "theirs" => cards::play::Player::Theirs,
        _ => return None,
    };
    Some(ShipAt {
        player,
        ship: n.parse().ok()?,
    })
}

/// Target locks: each with a button to remove it, and one to acquire.
#[component]
fn Locks(at: ShipAt, ship: PlayShip) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let held = ship
        .locks
        .iter()
        .enumerate()
        .map(|(lock, target)| {
            let label = target_label(&board, *target);
            let remove = fill(t_string!(i18n, play.unlock), &[("target", &label)]);
            view! {
                <li>
                    {label}
                    <button
                        type="button"
                        aria-label=remove
                        on:click=move |_| board.act(PlayStep::Unlock { at, lock })
                    >
                        "✕"
                    </button>
                </li>
            }
        })
        .collect_view();
    let targets = lock_targets(&board, at);
    let live = !ship.destroyed() && !targets.is_empty();
    view! {
        <ul>{held}</ul>
        {live.then(|| view! { <AcquireLock at targets /> })}
    }
}

/// Choose a ship and acquire a target lock on it.
#[component]
fn AcquireLock(at: ShipAt, targets: Vec<ShipAt>) -> impl IntoView {
    let i18n = use_i18n();
    let board = expect_context::<PlayArea>();
    let chosen = RwSignal::new(
        targets
            .first()
            .map(|t| target_value(*t))
            .unwrap_or_default(),
    );
    let options = targets
        .iter()
        .map(|t| view! { <option value=target_value(*t)>{target_label(&board, *t)}</option> })
        .collect_view();
    let acquire = move |_| {
        if let Some(target) = parse_target(&chosen.get_untracked()) {
            board.act(PlayStep::Lock { at, target });
        }
    };
    view! {
        <label>
            {t!(i18n, play.lock_on)}
            <select on:change=move |ev| chosen.set(event_target_value(&ev))>{options}</select>
        </label>
        <button type="button" on:click=acquire>
            {t!(i18n, play.lock_add)}
        </button>
    }
}
