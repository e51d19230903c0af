//! The simulators' words in the page's language, from the `sims`
//! catalogue (`app/locales/<lang>/sims.json`): the game's terms (dice
//! results, arcs, maneuvers, actions), the energy log's sentences
//! ([`energy`]) and Solo Play's reasoning ([`solo`]), which `cards` gives
//! as data (a key and named values), never as English.
//!
//! A sentence with values is a view (`t!`, `td!`,
//! `app/src/i18n/template.rs`); the few that must be a plain string (an
//! `aria-label`, a `title`, an `<option>`'s text, a maneuver's words) are
//! filled by [`fill`], with the same `{{ name }}` placeholders and the same
//! engine.
//!
//! A value beside a component (`<all>…</all>`) may be a placeholder or a
//! self-closed component (`<doc/>`, as `rules.not_found_text` does).

pub mod energy;
pub mod solo;
#[cfg(all(test, feature = "ssr"))]
mod tests;

use cards::catalog::{Bearing, Difficulty, Direction, Maneuver};
use cards::lang::Lang;
use cards::sim::energy::{HugeAction, HugeSection};
use cards::sim::solo::{AttackDie, Attitude, DefenseDie, Side, TallyArc};
use leptos::prelude::*;

use crate::i18n::{Locale, td_string};
use crate::lang::{locale, use_lang};

/// The page's language and its catalogue's locale, read once (a page in
/// another language is another route, rendered whole).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    pub lang: Lang,
    pub locale: Locale,
}

impl Words {
    /// The page's.
    pub fn of_page() -> Words {
        Words::of(use_lang())
    }

    /// A language's.
    pub fn of(lang: Lang) -> Words {
        Words {
            lang,
            locale: locale(lang),
        }
    }

    /// A number with `places` decimals, with the language's decimal mark.
    pub fn decimal(self, value: f64, places: usize) -> String {
        let text = format!("{value:.places$}");
        match self.lang {
            Lang::En => text,
            _ => text.replace('.', ","),
        }
    }

    /// A percentage with `places` decimals, as the language writes one
    /// ("37.50%", "37,50 %" with a no-break space, "%37,50").
    pub fn percent(self, fraction: f64, places: usize) -> String {
        let n = self.decimal(fraction * 100.0, places);
        match self.lang {
            Lang::En | Lang::Pl | Lang::Hu => format!("{n}%"),
            Lang::De | Lang::Es | Lang::Fr | Lang::Ru => format!("{n}\u{a0}%"),
            Lang::Tr => format!("%{n}"),
        }
    }

    /// A die result's word.
    pub fn defense_die(self, d: DefenseDie) -> &'static str {
        let l = self.locale;
        match d {
            DefenseDie::Evade => td_string!(l, sims.die_evade),
            DefenseDie::Focus => td_string!(l, sims.die_focus),
            DefenseDie::Blank => td_string!(l, sims.die_blank),
        }
    }

    /// A die result's word.
    pub fn attack_die(self, a: AttackDie) -> &'static str {
        let l = self.locale;
        match a {
            AttackDie::Crit => td_string!(l, sims.die_crit),
            AttackDie::Hit => td_string!(l, sims.die_hit),
            AttackDie::Focus => td_string!(l, sims.die_focus),
            AttackDie::Blank => td_string!(l, sims.die_blank),
        }
    }

    /// An arc's word (the charts' names: bullseye, front, side, rear).
    pub fn arc(self, arc: TallyArc) -> &'static str {
        let l = self.locale;
        match arc {
            TallyArc::Bullseye => td_string!(l, sims.arc_bullseye),
            TallyArc::Front => td_string!(l, sims.arc_front),
            TallyArc::Side => td_string!(l, sims.arc_side),
            TallyArc::Rear => td_string!(l, sims.arc_rear),
        }
    }

    /// A side's word.
    pub fn side(self, side: Side) -> &'static str {
        match side {
            Side::Left => td_string!(self.locale, sims.side_left),
            Side::Right => td_string!(self.locale, sims.side_right),
        }
    }

    /// An attitude's word.
    pub fn attitude(self, attitude: Attitude) -> &'static str {
        let l = self.locale;
        match attitude {
            Attitude::Defensive => td_string!(l, sims.attitude_defensive),
            Attitude::Balanced => td_string!(l, sims.attitude_balanced),
            Attitude::Offensive => td_string!(l, sims.attitude_offensive),
        }
    }

    /// A maneuver's colour.
    pub fn difficulty(self, d: Difficulty) -> &'static str {
        let l = self.locale;
        match d {
            Difficulty::Green => td_string!(l, sims.difficulty_green),
            Difficulty::White => td_string!(l, sims.difficulty_white),
            Difficulty::Red => td_string!(l, sims.difficulty_red),
        }
    }

    /// A huge-ship action as the energy simulator's menu names it.
    pub fn huge_action(self, a: HugeAction) -> &'static str {
        let l = self.locale;
        match a {
            HugeAction::None => td_string!(l, sims.huge_action_none),
            HugeAction::Recover => td_string!(l, sims.action_recover),
            HugeAction::Reinforce(HugeSection::Fore) => {
                td_string!(l, sims.huge_action_reinforce_fore)
            }
            HugeAction::Reinforce(HugeSection::Aft) => {
                td_string!(l, sims.huge_action_reinforce_aft)
            }
            HugeAction::TargetLock => td_string!(l, sims.action_targetlock),
            HugeAction::Jam => td_string!(l, sims.action_jam),
            HugeAction::Coordinate => td_string!(l, sims.action_coordinate),
        }
    }

    /// An action's name by its XWS name (the cards' name where the
    /// catalogue has none: SLAM is SLAM everywhere).
    pub fn action(self, xws: &str) -> Option<&'static str> {
        let l = self.locale;
        Some(match xws {
            "focus" => td_string!(l, sims.action_focus),
            "evade" => td_string!(l, sims.action_evade),
            "targetlock" => td_string!(l, sims.action_targetlock),
            "barrelroll" => td_string!(l, sims.action_barrelroll),
            "boost" => td_string!(l, sims.action_boost),
            "cloak" => td_string!(l, sims.action_cloak),
            "recover" => td_string!(l, sims.action_recover),
            "reinforce" => td_string!(l, sims.action_reinforce),
            "jam" => td_string!(l, sims.action_jam),
            "coordinate" => td_string!(l, sims.action_coordinate),
            "reload" => td_string!(l, sims.action_reload),
            "rotatearc" => td_string!(l, sims.action_rotatearc),
            _ => return None,
        })
    }

    /// An action's name, or the card database's (English) for one the
    /// catalogue lacks.
    pub fn action_name(self, db: &cards::catalog::Database, xws: &str) -> String {
        self.action(xws)
            .map_or_else(|| db.action_name(xws).to_string(), str::to_string)
    }

    /// A maneuver in words ("1 straight", "2 bank left").
    pub fn maneuver(self, m: Maneuver) -> String {
        use Direction::{Left, Right};
        let l = self.locale;
        let template = match (m.bearing, m.direction) {
            (Bearing::Straight, _) => td_string!(l, sims.maneuver_straight),
            (Bearing::Bank, Some(Left)) => td_string!(l, sims.maneuver_bank_left),
            (Bearing::Bank, Some(Right)) => td_string!(l, sims.maneuver_bank_right),
            (Bearing::Turn, Some(Left)) => td_string!(l, sims.maneuver_turn_left),
            (Bearing::Turn, Some(Right)) => td_string!(l, sims.maneuver_turn_right),
            (Bearing::KoiogranTurn, _) => td_string!(l, sims.maneuver_koiogran),
            (Bearing::SegnorLoop, Some(Left)) => td_string!(l, sims.maneuver_segnor_left),
            (Bearing::SegnorLoop, Some(Right)) => td_string!(l, sims.maneuver_segnor_right),
            (Bearing::TallonRoll, Some(Left)) => td_string!(l, sims.maneuver_tallon_left),
            (Bearing::TallonRoll, Some(Right)) => td_string!(l, sims.maneuver_tallon_right),
            (Bearing::Stationary, _) => td_string!(l, sims.maneuver_stationary),
            (Bearing::Reverse, None) => td_string!(l, sims.maneuver_reverse),
            (Bearing::Reverse, Some(Left)) => td_string!(l, sims.maneuver_reverse_left),
            (Bearing::Reverse, Some(Right)) => td_string!(l, sims.maneuver_reverse_right),
            // A bank without a side is on no dial: the data's words.
            _ => return m.describe(),
        };
        fill(template, &[("speed", &m.speed)])
    }
}

/// A value a catalogue sentence places: words in the page's language, or
/// words in another language (a name without a translation, the seed's
/// own words), which the page marks with their language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// Words in the page's language (or a number).
    Plain(String),
    /// Words in a language, marked when it is not the page's.
    In(String, Lang),
    /// Parts one after another, with a separator between them.
    List(Vec<Said>, &'static str),
}

impl Said {
    /// The seed's own words: English.
    pub fn english(text: impl Into<String>) -> Said {
        Said::In(text.into(), Lang::En)
    }

    /// The value as a view on a page in `page`.
    pub fn view(&self, page: Lang) -> AnyView {
        match self {
            Said::Plain(text) => text.clone().into_any(),
            Said::In(text, lang) if *lang == page => text.clone().into_any(),
            Said::In(text, lang) => {
                let text = text.clone();
                view! { <span lang=lang.code()>{text}</span> }.into_any()
            }
            Said::List(parts, between) => {
                let between = *between;
                parts
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        view! {
                            {(i > 0).then_some(between)}
                            {p.view(page)}
                        }
                    })
                    .collect_view()
                    .into_any()
            }
        }
    }

    /// The value for a catalogue sentence's placeholder on a page in `page`
    /// (`t!`/`td!` take a view it can make again).
    pub fn var(&self, page: Lang) -> impl Fn() -> AnyView + Clone + Send + Sync + 'static + use<> {
        let said = self.clone();
        move || said.view(page)
    }

    /// The value as plain words (for an attribute: no marks).
    pub fn text(&self) -> String {
        match self {
            Said::Plain(text) | Said::In(text, _) => text.clone(),
            Said::List(parts, between) => parts
                .iter()
                .map(Said::text)
                .collect::<Vec<_>>()
                .join(between),
        }
    }
}

/// [`crate::i18n::fill`], with values of any kind written as they display
/// (a speed, a count, a die's name).
pub fn fill(template: &str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    let written: Vec<(&str, String)> = (values.iter())
        .map(|(name, value)| (*name, value.to_string()))
        .collect();
    let pairs: Vec<(&str, &str)> = (written.iter())
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    crate::i18n::fill(template, &pairs)
}

/// The alert a simulator shows for what it cannot do (the markup of
/// `components::Alert`, with words that may hold a view).
pub fn alert(words: impl IntoView) -> impl IntoView {
    view! {
        <p class="error" role="alert">
            {words}
        </p>
    }
}
