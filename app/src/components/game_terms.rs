//! The game's own words in the page's language: slot, action, faction,
//! stat and maneuver names, and what a glyph says to a screen reader.
//!
//! The card set names these in English (`slots.csv`, `actions.csv`,
//! `factions.csv`, `symbols.csv`); another language's words are the
//! `parts` catalogue's, taken from YASB's translations (`action`, `slot`)
//! and the printed cards' terms. An English page shows the card set's own
//! words, so nothing there changes; a term the catalogue lacks ("SLAM",
//! the same in every language) stays as the card set spells it.

use cards::catalog::{Bearing, Database, Direction};
use cards::lang::Lang;
use cards::symbols::{Symbol, SymbolKind};

use leptos::either::Either;
use leptos::prelude::*;

use crate::i18n::fill;
use crate::i18n::{t, t_string, td_string};
use crate::lang::{Locale, locale, use_i18n, use_lang};

/// The page's catalogue language.
fn page_locale() -> Locale {
    locale(use_lang())
}

/// Whether the page speaks English (the card set's own words).
fn english() -> bool {
    use_lang() == Lang::En
}

/// A slot's name by its XWS name (`ept`, `amd`, …).
pub fn slot_name(db: &Database, xws: &str) -> String {
    let term = (!english())
        .then(|| slot_term(page_locale(), xws))
        .flatten();
    term.map_or_else(|| db.slot_name(xws).to_string(), str::to_string)
}

/// An action's name by its XWS name (`targetlock`, …).
pub fn action_name(db: &Database, xws: &str) -> String {
    let term = (!english())
        .then(|| action_term(page_locale(), xws))
        .flatten();
    term.map_or_else(|| db.action_name(xws).to_string(), str::to_string)
}

/// A faction's name by its XWS name (`rebel`, `scum`, …).
pub fn faction_name(db: &Database, xws: &str) -> String {
    let term = (!english())
        .then(|| faction_term(page_locale(), xws))
        .flatten();
    term.map_or_else(|| db.faction_name(xws).to_string(), str::to_string)
}

/// A format's name by its key, in `l`'s words; a format the catalogue
/// lacks (one a club adds to `formats.csv`) is `None`.
pub fn format_term(l: Locale, key: &str) -> Option<&'static str> {
    Some(match key {
        "standard" => td_string!(l, parts.format_standard),
        "epic" => td_string!(l, parts.format_epic),
        "epic-2014" => td_string!(l, parts.format_epic_2014),
        "team-epic" => td_string!(l, parts.format_team_epic),
        _ => return None,
    })
}

/// A format's name by its key, given the name `formats.csv` gives it.
pub fn format_name(key: &str, printed: &str) -> String {
    let term = (!english())
        .then(|| format_term(page_locale(), key))
        .flatten();
    term.map_or_else(|| printed.to_string(), str::to_string)
}

/// A maneuver's name ("bank left"), as the dial's column heads write it.
pub fn maneuver_name(bearing: Bearing, direction: Option<Direction>) -> String {
    let in_english = || {
        let d = match direction {
            Some(Direction::Left) => " left",
            Some(Direction::Right) => " right",
            None => "",
        };
        format!("{}{d}", bearing.as_str().replace('-', " "))
    };
    if english() {
        return in_english();
    }
    cards::symbols::maneuver_symbol(bearing, direction)
        .and_then(|s| maneuver_term(page_locale(), s.glyph_name))
        .map_or_else(in_english, str::to_string)
}

/// What a glyph says to a screen reader and on hover.
pub fn symbol_name(symbol: &'static Symbol) -> String {
    if english() {
        return symbol.name.to_string();
    }
    if symbol.kind == SymbolKind::Ship {
        return crate::cards_asset::use_card_words().map_or_else(
            || symbol.name.to_string(),
            |w| w.ship_name(symbol.key, symbol.name).0.to_string(),
        );
    }
    symbol_name_in(use_lang(), symbol)
}

/// What a glyph says in `lang`, where no page is (a server function): a
/// ship's glyph says the card set's name.
pub fn symbol_name_in(lang: Lang, symbol: &'static Symbol) -> String {
    let l = locale(lang);
    let term = match symbol.kind {
        _ if lang == Lang::En => None,
        SymbolKind::Ship => None,
        SymbolKind::Action => action_term(l, symbol.key),
        SymbolKind::Slot => slot_term(l, symbol.key),
        SymbolKind::Stat => stat_term(l, symbol.key),
        SymbolKind::Maneuver => maneuver_term(l, symbol.glyph_name),
        SymbolKind::Token => token_term(l, symbol.glyph_name),
    };
    term.map_or_else(|| symbol.name.to_string(), str::to_string)
}

/// A card-text token by its glyph: a die result, or the slot, action,
/// stat or maneuver the glyph also draws.
fn token_term(l: Locale, glyph: &str) -> Option<&'static str> {
    let slot = match glyph {
        "hit" => return Some(td_string!(l, parts.token_hit)),
        "crit" => return Some(td_string!(l, parts.token_crit)),
        "focus" => return Some(td_string!(l, parts.token_focus)),
        "evade" => return Some(td_string!(l, parts.token_evade)),
        "energy" => return stat_term(l, "energy"),
        "talent" => "ept",
        "astromech" => "amd",
        "device" => "bomb",
        "sensor" => "system",
        "modification" => "mod",
        "lock" => return action_term(l, "targetlock"),
        other => other,
    };
    slot_term(l, slot)
        .or_else(|| action_term(l, slot))
        .or_else(|| maneuver_term(l, glyph))
}

pub fn slot_term(l: Locale, xws: &str) -> Option<&'static str> {
    Some(match xws {
        "ept" => td_string!(l, parts.slot_ept),
        "amd" => td_string!(l, parts.slot_amd),
        "samd" => td_string!(l, parts.slot_samd),
        "torpedo" => td_string!(l, parts.slot_torpedo),
        "missile" => td_string!(l, parts.slot_missile),
        "cannon" => td_string!(l, parts.slot_cannon),
        "turret" => td_string!(l, parts.slot_turret),
        "bomb" => td_string!(l, parts.slot_bomb),
        "crew" => td_string!(l, parts.slot_crew),
        "system" => td_string!(l, parts.slot_system),
        "illicit" => td_string!(l, parts.slot_illicit),
        "tech" => td_string!(l, parts.slot_tech),
        "cargo" => td_string!(l, parts.slot_cargo),
        "hardpoint" => td_string!(l, parts.slot_hardpoint),
        "team" => td_string!(l, parts.slot_team),
        "title" => td_string!(l, parts.slot_title),
        "mod" => td_string!(l, parts.slot_mod),
        _ => return None,
    })
}

pub fn action_term(l: Locale, xws: &str) -> Option<&'static str> {
    Some(match xws {
        "focus" => td_string!(l, parts.action_focus),
        "evade" => td_string!(l, parts.action_evade),
        "targetlock" => td_string!(l, parts.action_targetlock),
        "barrelroll" => td_string!(l, parts.action_barrelroll),
        "boost" => td_string!(l, parts.action_boost),
        "cloak" => td_string!(l, parts.action_cloak),
        "recover" => td_string!(l, parts.action_recover),
        "reinforce" => td_string!(l, parts.action_reinforce),
        "jam" => td_string!(l, parts.action_jam),
        "coordinate" => td_string!(l, parts.action_coordinate),
        "reload" => td_string!(l, parts.action_reload),
        "rotatearc" => td_string!(l, parts.action_rotatearc),
        _ => return None,
    })
}

pub fn faction_term(l: Locale, xws: &str) -> Option<&'static str> {
    Some(match xws {
        "rebel" => td_string!(l, parts.faction_rebel),
        "imperial" => td_string!(l, parts.faction_imperial),
        "scum" => td_string!(l, parts.faction_scum),
        "firstorder" => td_string!(l, parts.faction_firstorder),
        "resistance" => td_string!(l, parts.faction_resistance),
        _ => return None,
    })
}

fn stat_term(l: Locale, stat: &str) -> Option<&'static str> {
    Some(match stat {
        "attack" => td_string!(l, parts.stat_attack),
        "agility" => td_string!(l, parts.stat_agility),
        "hull" => td_string!(l, parts.stat_hull),
        "shields" => td_string!(l, parts.stat_shields),
        "energy" => td_string!(l, parts.stat_energy),
        "points" => td_string!(l, parts.stat_points),
        "unique" => td_string!(l, parts.stat_unique),
        _ => return None,
    })
}

/// A maneuver by its glyph's name (`bankleft`, `kturn`, …).
fn maneuver_term(l: Locale, glyph: &str) -> Option<&'static str> {
    Some(match glyph {
        "straight" => td_string!(l, parts.maneuver_straight),
        "bankleft" => td_string!(l, parts.maneuver_bank_left),
        "bankright" => td_string!(l, parts.maneuver_bank_right),
        "turnleft" => td_string!(l, parts.maneuver_turn_left),
        "turnright" => td_string!(l, parts.maneuver_turn_right),
        "kturn" => td_string!(l, parts.maneuver_koiogran),
        "sloopleft" => td_string!(l, parts.maneuver_sloop_left),
        "sloopright" => td_string!(l, parts.maneuver_sloop_right),
        "trollleft" => td_string!(l, parts.maneuver_troll_left),
        "trollright" => td_string!(l, parts.maneuver_troll_right),
        "stop" => td_string!(l, parts.maneuver_stop),
        "reversestraight" => td_string!(l, parts.maneuver_reverse),
        "reversebankleft" => td_string!(l, parts.maneuver_reverse_left),
        "reversebankright" => td_string!(l, parts.maneuver_reverse_right),
        _ => return None,
    })
}

/// Squad points as a card prints them: "3 points", "1 point"; "? points"
/// for a card whose cost was never published.
pub fn points_label(points: Option<i32>) -> impl IntoView + use<> {
    let i18n = use_i18n();
    match points {
        Some(n) => Either::Left(t!(i18n, parts.points, count = move || n)),
        None => Either::Right(t!(i18n, parts.points_unknown)),
    }
}

/// A weapon's range as printed: "Range 2", or "Range 1–3" (`dash` between).
pub fn range_label(range: (u8, u8), dash: &str) -> String {
    let i18n = use_i18n();
    let range = match range {
        (lo, hi) if lo == hi => lo.to_string(),
        (lo, hi) => format!("{lo}{dash}{hi}"),
    };
    fill(t_string!(i18n, parts.range), &[("range", &range)])
}

/// A token's name in play, as the play page's counters and its refused
/// steps (`error_words`) write it.
pub fn play_token_name(l: Locale, kind: cards::play::TokenKind) -> &'static str {
    use cards::play::TokenKind;
    match kind {
        TokenKind::Focus => td_string!(l, play.token_focus),
        TokenKind::Evade => td_string!(l, play.token_evade),
        TokenKind::Stress => td_string!(l, play.token_stress),
        TokenKind::Ion => td_string!(l, play.token_ion),
        TokenKind::WeaponsDisabled => td_string!(l, play.token_weapons_disabled),
        TokenKind::Cloak => td_string!(l, play.token_cloak),
    }
}
