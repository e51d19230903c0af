//! A problem of the rules engine in the page's language: its sentence from
//! the `problems` catalogue (`app/locales/<lang>/problems.json`), written
//! from the problem's reason (`cards::squad::Reason`), with the cards and
//! ships it names in the page's language through the cards' own words and
//! drawn by `worded` (English where a language lacks them, marked so).
//!
//! [`ProblemText`] draws one, for the builder, the printout and the
//! energy simulator's refusal. Each sentence is one catalogue string (`td!`), so a language orders its
//! words as it needs; the names go in as views. Slots, actions, factions,
//! stats and formats are the catalogue's words, in YASB's translations of
//! the game's terms where they have them.

mod card;
mod list_words;
mod ship;
mod slot;
mod squad;

use std::sync::Arc;

use cards::catalog::{CardWords, Format, ShipSize, Stat};
use cards::lang::Lang;
use cards::squad::{CardRef, Keys, NamedCard, Problem, Reason, Rules, WhichCard};
use leptos::prelude::*;

use super::game_terms;
use super::worded::WordedName;
use crate::cards_asset::{CardDb, CardsState, use_card_words};
use crate::i18n::{td, td_string};
use crate::lang::{Locale, locale, use_lang};

/// Words a sentence gives, and the language they are in.
type Words = (String, Lang);

/// A name in a sentence, drawn as `worded` draws it: marked when it is not
/// in the page's language.
fn shown(words: Words) -> impl Fn() -> AnyView + Clone + Send + Sync + 'static {
    move || view! { <WordedName words=words.clone() /> }.into_any()
}

/// A count for a plural.
fn count<T: Copy + Send + Sync + 'static>(n: T) -> impl Fn() -> T + Clone + Send + Sync + 'static {
    move || n
}

/// How list items are joined.
#[derive(Clone, Copy)]
enum Joined {
    /// "A and B and C".
    And,
    /// "A or B or C".
    Or,
    /// "A, B or C".
    CommasOr,
}

/// Items joined as the page's language joins them, each drawn by [`shown`].
fn joined(l: Locale, mut items: Vec<Words>, how: Joined) -> AnyView {
    let Some(last) = items.pop() else {
        return ().into_any();
    };
    if items.is_empty() {
        return shown(last)().into_any();
    }
    let second = shown(last);
    match how {
        Joined::And => {
            let first = move || joined(l, items.clone(), Joined::And);
            td!(l, problems.list_and, first, second).into_any()
        }
        Joined::Or => {
            let first = move || joined(l, items.clone(), Joined::Or);
            td!(l, problems.list_or, first, second).into_any()
        }
        Joined::CommasOr => {
            let first = move || {
                let items = items.clone().into_iter().enumerate();
                items
                    .map(|(i, item)| ((i > 0).then_some(", "), shown(item)))
                    .collect_view()
            };
            td!(l, problems.list_or, first, second).into_any()
        }
    }
}

/// Writes problems in one language, from the cards' database and words.
pub struct Writer {
    locale: Locale,
    lang: Lang,
    rules: Arc<Rules>,
    words: Option<Arc<CardWords>>,
}

impl Writer {
    /// A writer in `lang`, naming cards with `words` (`None`: their
    /// printed English).
    pub fn new(lang: Lang, rules: Arc<Rules>, words: Option<Arc<CardWords>>) -> Writer {
        Writer {
            locale: locale(lang),
            lang,
            rules,
            words,
        }
    }

    /// The writer of this page, once its cards are at hand.
    pub fn of_page() -> Option<Writer> {
        let rules = use_context::<CardDb>().and_then(|db| match db.state.get_untracked() {
            CardsState::Ready(rules) => Some(rules),
            _ => None,
        })?;
        Some(Writer::new(use_lang(), rules, use_card_words()))
    }

    /// The problem's sentence.
    pub fn write(&self, problem: &Problem) -> AnyView {
        match &problem.reason {
            Reason::Squad(r) => self.squad(r),
            Reason::Ship(r) => self.ship_reason(r),
            Reason::Slot(r) => self.slot_reason(r),
            Reason::Card(r) => self.card_reason(r),
        }
    }

    /// Words of the page's own language (the catalogue's).
    fn own(&self, words: &str) -> Words {
        (words.to_string(), self.lang)
    }

    /// A card's name, in the page's language where its words have it.
    fn card(&self, card: &NamedCard) -> Words {
        let db = &self.rules.db;
        let worded = match (card.card, self.words.as_deref()) {
            (Some(WhichCard::Pilot(id)), Some(w)) => db.pilot_by_id(id).map(|p| w.pilot_name(p)),
            (Some(WhichCard::Upgrade(id)), Some(w)) => {
                db.upgrade_by_id(id).map(|u| w.upgrade_name(u))
            }
            _ => None,
        };
        worded.map_or_else(
            || (card.english.to_string(), Lang::En),
            |(text, lang)| (text.to_string(), lang),
        )
    }

    /// A ship's name by its XWS name.
    fn ship(&self, xws: &str) -> Words {
        let english = self.rules.db.ship_name(xws);
        let (name, lang) = match self.words.as_deref() {
            Some(w) => w.ship_name(xws, english),
            None => (english, Lang::En),
        };
        (name.to_string(), lang)
    }

    /// Ship names, joined.
    fn ships(
        &self,
        keys: &Keys,
        how: Joined,
    ) -> impl Fn() -> AnyView + Clone + Send + Sync + use<> {
        let (l, items): (Locale, Vec<Words>) =
            (self.locale, keys.iter().map(|k| self.ship(k)).collect());
        move || joined(l, items.clone(), how)
    }

    /// Slot names, joined.
    fn slots(
        &self,
        keys: &Keys,
        how: Joined,
    ) -> impl Fn() -> AnyView + Clone + Send + Sync + use<> {
        let (l, items): (Locale, Vec<Words>) = (
            self.locale,
            keys.iter().map(|k| self.slot_words(k)).collect(),
        );
        move || joined(l, items.clone(), how)
    }

    /// A card named by the squad, known or not: its XWS name as written,
    /// or its number.
    fn described(&self, card: &CardRef) -> impl Fn() -> AnyView + Clone + Send + Sync + use<> {
        let (l, card) = (self.locale, card.clone());
        move || match &card {
            CardRef::Xws(xws) => format!("`{xws}`").into_any(),
            CardRef::Id(id) => td!(l, problems.unknown_card_number, id = *id).into_any(),
        }
    }

    /// A number with a decimal point, written as the language writes it.
    fn decimal(&self, number: String) -> String {
        match self.lang {
            Lang::En => number,
            _ => number.replace('.', ","),
        }
    }

    /// The whole ship of several sections, in the page's language where
    /// its section's name is ("CR90-Korvette (Bug)": "CR90-Korvette"),
    /// else as the data names it.
    fn whole(&self, whole: &str, section: &str) -> Words {
        let english = self.rules.db.ship_name(section);
        let parted = english
            .strip_prefix(whole)
            .is_some_and(|rest| rest.starts_with(" ("));
        self.words
            .as_deref()
            .map(|w| w.ship_name(section, english))
            .filter(|(_, lang)| parted && *lang != Lang::En)
            .and_then(|(name, lang)| Some((name.rsplit_once(" (")?.0.to_string(), lang)))
            .unwrap_or_else(|| (whole.to_string(), Lang::En))
    }

    /// A format's name by its key.
    fn format_view(&self, key: &str) -> impl Fn() -> AnyView + Clone + Send + Sync + use<> {
        let l = self.locale;
        let name: Result<Words, i32> = match game_terms::format_term(l, key) {
            Some(words) => Ok(self.own(words)),
            None => match Format::custom_points(key).and_then(|p| p.parse::<i32>().ok()) {
                Some(points) => Err(points),
                None => {
                    let name = self.rules.formats.get(key).map(|f| f.name.clone());
                    Ok((name.unwrap_or_else(|_| key.to_string()), Lang::En))
                }
            },
        };
        move || match &name {
            Ok(words) => shown(words.clone())(),
            Err(points) => td!(l, problems.format_custom, count = count(*points)).into_any(),
        }
    }
}

/// The words of a problem on this page: its sentence in the page's
/// language. A problem comes from the cards' rules, so the page has its
/// cards; were it to lack them, the problem's code still names it.
#[component]
pub fn ProblemText(problem: Problem) -> impl IntoView {
    match Writer::of_page() {
        Some(writer) => writer.write(&problem),
        None => problem.code.as_str().into_any(),
    }
}

/// The problems' sentences in plain English, as an English page draws
/// them: the API's `message`s.
#[cfg(feature = "ssr")]
pub fn english_messages(rules: &Arc<Rules>, problems: &[Problem]) -> Vec<String> {
    Owner::new().with(|| Writer::new(Lang::En, rules.clone(), None).plain(problems))
}

#[cfg(feature = "ssr")]
impl Writer {
    /// The problems' sentences as plain text. A sentence is a view, so
    /// each is drawn to HTML and read back as text.
    pub fn plain(&self, problems: &[Problem]) -> Vec<String> {
        (problems.iter())
            .map(|p| super::plain_text::plain_text(&self.write(p).to_html()))
            .collect()
    }
}

/// The catalogue's words of the game's tables, by XWS name; a name the
/// catalogue lacks is the database's English.
impl Writer {
    fn slot_words(&self, key: &str) -> Words {
        match game_terms::slot_term(self.locale, key) {
            Some(word) => self.own(word),
            None => (self.rules.db.slot_name(key).to_string(), Lang::En),
        }
    }

    fn action_words(&self, key: &str) -> Words {
        match (key, game_terms::action_term(self.locale, key)) {
            // An abbreviation, the same in every language.
            ("slam", _) => self.own("SLAM"),
            (_, Some(word)) => self.own(word),
            (_, None) => (self.rules.db.action_name(key).to_string(), Lang::En),
        }
    }

    fn faction_words(&self, key: &str) -> Words {
        match game_terms::faction_term(self.locale, key) {
            Some(word) => self.own(word),
            None => (self.rules.db.faction_name(key).to_string(), Lang::En),
        }
    }

    /// A stat's value, as a requirement names it ("shields value").
    fn stat(&self, stat: Stat) -> &'static str {
        let l = self.locale;
        match stat {
            Stat::Attack => td_string!(l, problems.value_attack),
            Stat::Agility => td_string!(l, problems.value_agility),
            Stat::Hull => td_string!(l, problems.value_hull),
            Stat::Shields => td_string!(l, problems.value_shields),
            Stat::Energy => td_string!(l, problems.value_energy),
        }
    }

    /// Ships of a size, as a restriction names them ("small ships").
    fn sized_ships(&self, size: ShipSize) -> Words {
        let l = self.locale;
        self.own(match size {
            ShipSize::Small => td_string!(l, problems.size_restriction_ships_small),
            ShipSize::Large => td_string!(l, problems.size_restriction_ships_large),
            ShipSize::Huge => td_string!(l, problems.size_restriction_ships_huge),
        })
    }
}
