//! A problem of the rules engine in the page's language: its sentence from
//! the `problems` catalogue (`app/locales/<lang>/problems.json`), written
//! from the problem's reason (`cards::squad::Reason`), with the cards and
//! ships it names in the page's language through the cards' own words and
//! drawn by `worded` (English where a language lacks them, marked so).
//!
//! [`ProblemText`] draws one, for the builder and the printout. Each
//! sentence is one catalogue string (`td!`), so a language orders its
//! words as it needs; the names go in as views. Slots, actions, factions,
//! stats and formats are the catalogue's words, in YASB's translations of
//! the game's terms where they have them.

use std::sync::Arc;

use cards::catalog::{CardWords, Comparison, Format, ShipSize, Stat};
use cards::lang::Lang;
use cards::squad::{
    CardReason, CardRef, Keys, NamedCard, Problem, Reason, Rules, ShipReason, SlotReason,
    SquadReason, WhichCard,
};
use leptos::prelude::*;

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
        let (l, items): (Locale, Vec<Words>) =
            (self.locale, keys.iter().map(|k| self.slot(k)).collect());
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
    fn format(&self, key: &str) -> impl Fn() -> AnyView + Clone + Send + Sync + use<> {
        let l = self.locale;
        let named = |words: &str| Ok(self.own(words));
        let name: Result<Words, i32> = match key {
            "standard" => named(td_string!(l, problems.format_standard)),
            "epic" => named(td_string!(l, problems.format_epic)),
            "epic-2014" => named(td_string!(l, problems.format_epic_2014)),
            "team-epic" => named(td_string!(l, problems.format_team_epic)),
            _ => match Format::custom_points(key).and_then(|p| p.parse::<i32>().ok()) {
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
/// language, or its English message where the page has no cards.
#[component]
pub fn ProblemText(problem: Problem) -> impl IntoView {
    match Writer::of_page() {
        Some(writer) => writer.write(&problem),
        None => problem.message.into_any(),
    }
}

/// The catalogue's words of the game's tables, by XWS name; a name the
/// catalogue lacks is the database's English.
impl Writer {
    fn slot(&self, key: &str) -> Words {
        let l = self.locale;
        let word = match key {
            "ept" => td_string!(l, problems.slot_ept),
            "amd" => td_string!(l, problems.slot_amd),
            "torpedo" => td_string!(l, problems.slot_torpedo),
            "missile" => td_string!(l, problems.slot_missile),
            "cannon" => td_string!(l, problems.slot_cannon),
            "turret" => td_string!(l, problems.slot_turret),
            "bomb" => td_string!(l, problems.slot_bomb),
            "crew" => td_string!(l, problems.slot_crew),
            "system" => td_string!(l, problems.slot_system),
            "samd" => td_string!(l, problems.slot_samd),
            "illicit" => td_string!(l, problems.slot_illicit),
            "tech" => td_string!(l, problems.slot_tech),
            "cargo" => td_string!(l, problems.slot_cargo),
            "hardpoint" => td_string!(l, problems.slot_hardpoint),
            "team" => td_string!(l, problems.slot_team),
            "title" => td_string!(l, problems.slot_title),
            "mod" => td_string!(l, problems.slot_mod),
            other => return (self.rules.db.slot_name(other).to_string(), Lang::En),
        };
        self.own(word)
    }

    fn action(&self, key: &str) -> Words {
        let l = self.locale;
        let word = match key {
            "focus" => td_string!(l, problems.action_focus),
            "evade" => td_string!(l, problems.action_evade),
            "targetlock" => td_string!(l, problems.action_targetlock),
            "barrelroll" => td_string!(l, problems.action_barrelroll),
            "boost" => td_string!(l, problems.action_boost),
            "cloak" => td_string!(l, problems.action_cloak),
            // An abbreviation, the same in every language.
            "slam" => "SLAM",
            "recover" => td_string!(l, problems.action_recover),
            "reinforce" => td_string!(l, problems.action_reinforce),
            "jam" => td_string!(l, problems.action_jam),
            "coordinate" => td_string!(l, problems.action_coordinate),
            "reload" => td_string!(l, problems.action_reload),
            "rotatearc" => td_string!(l, problems.action_rotatearc),
            other => return (self.rules.db.action_name(other).to_string(), Lang::En),
        };
        self.own(word)
    }

    fn faction(&self, key: &str) -> Words {
        let l = self.locale;
        let word = match key {
            "rebel" => td_string!(l, problems.faction_rebel),
            "imperial" => td_string!(l, problems.faction_imperial),
            "scum" => td_string!(l, problems.faction_scum),
            "firstorder" => td_string!(l, problems.faction_firstorder),
            "resistance" => td_string!(l, problems.faction_resistance),
            other => return (self.rules.db.faction_name(other).to_string(), Lang::En),
        };
        self.own(word)
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

/// The arm of a variant an earlier writer of its family wrote: each
/// family's sentences are split over a few functions, each listing the
/// variants it leaves to the others, so a new variant must be placed.
fn written_before() -> AnyView {
    ().into_any()
}

/// The squad's and its format's sentences.
impl Writer {
    fn squad(&self, r: &SquadReason) -> AnyView {
        let l = self.locale;
        match r {
            SquadReason::UnknownFormat { key, known } => {
                let (key, known) = (key.clone(), known.join(", "));
                td!(l, problems.unknown_format, key, known).into_any()
            }
            SquadReason::CustomPoints { key, max } => {
                let (key, max) = (key.clone(), *max);
                td!(l, problems.unknown_format_custom, key, max).into_any()
            }
            SquadReason::UnknownFaction { faction, known } => {
                let (faction, known) = (faction.clone(), known.join(", "));
                td!(l, problems.unknown_faction, faction, known).into_any()
            }
            SquadReason::PointsOverLimit {
                format,
                points,
                limit,
            } => td!(
                l,
                problems.points_over_limit,
                count = count(points - limit),
                points = *points,
                format = self.format(format),
                limit = *limit
            )
            .into_any(),
            SquadReason::ShipTypeLimit {
                format,
                max,
                size,
                count: n,
                ship,
            } => {
                let (format, max, ship) = (self.format(format), *max, shown(self.ship(ship)));
                match size {
                    ShipSize::Small => td!(
                        l,
                        problems.ship_type_limit_small,
                        count = count(*n),
                        format,
                        max,
                        ship
                    )
                    .into_any(),
                    // Formats limit small and large ships only.
                    ShipSize::Large | ShipSize::Huge => td!(
                        l,
                        problems.ship_type_limit_large,
                        count = count(*n),
                        format,
                        max,
                        ship
                    )
                    .into_any(),
                }
            }
            other => self.squad_cards(other),
        }
    }

    /// The squad's sentences that name cards and ships.
    fn squad_cards(&self, r: &SquadReason) -> AnyView {
        let l = self.locale;
        match r {
            SquadReason::CopyLimit {
                format,
                max,
                count: n,
                card,
            } => td!(
                l,
                problems.copy_limit,
                count = count(*n),
                format = self.format(format),
                max = *max,
                card = shown(self.card(card))
            )
            .into_any(),
            SquadReason::EpicPointsUnknown { ship, max } => td!(
                l,
                problems.epic_points_unknown,
                count = count(*max),
                ship = shown(self.ship(ship))
            )
            .into_any(),
            SquadReason::EpicPointsOverLimit { format, epic, max } => td!(
                l,
                problems.epic_points_over_limit,
                epic = self.decimal(epic.to_string()),
                format = self.format(format),
                max = *max
            )
            .into_any(),
            SquadReason::SquadLimit {
                card,
                max,
                count: n,
            } => td!(
                l,
                problems.squad_limit,
                count = count(*max),
                card = shown(self.card(card)),
                have = *n
            )
            .into_any(),
            SquadReason::SectionMissing {
                whole,
                section,
                missing,
            } => td!(
                l,
                problems.section_missing,
                whole = shown(self.whole(whole, section)),
                section = shown(self.ship(section)),
                missing = self.ships(missing, Joined::Or)
            )
            .into_any(),
            SquadReason::UniqueDuplicate { card, copies } => td!(
                l,
                problems.unique_duplicate,
                card = shown(self.card(card)),
                copies = *copies
            )
            .into_any(),
            SquadReason::UnknownFormat { .. }
            | SquadReason::CustomPoints { .. }
            | SquadReason::UnknownFaction { .. }
            | SquadReason::PointsOverLimit { .. }
            | SquadReason::ShipTypeLimit { .. } => written_before(),
        }
    }

    /// One ship's sentences.
    fn ship_reason(&self, r: &ShipReason) -> AnyView {
        let l = self.locale;
        match r {
            ShipReason::UnknownPilot { card } => {
                td!(l, problems.unknown_card_pilot, card = self.described(card)).into_any()
            }
            ShipReason::UnknownUpgrade { card } => td!(
                l,
                problems.unknown_card_upgrade,
                card = self.described(card)
            )
            .into_any(),
            ShipReason::PilotFaction {
                pilot,
                faction,
                squad,
            } => td!(
                l,
                problems.faction_mismatch_pilot,
                pilot = shown(self.card(pilot)),
                faction = shown(self.faction(faction)),
                squad = shown(self.faction(squad))
            )
            .into_any(),
            ShipReason::ReservePilot { pilot, by } => td!(
                l,
                problems.reserve_pilot,
                pilot = shown(self.card(pilot)),
                card = shown(self.card(by))
            )
            .into_any(),
            ShipReason::EpicOnly { ship, format } => td!(
                l,
                problems.epic_only,
                ship = shown(self.ship(ship)),
                format = self.format(format)
            )
            .into_any(),
            ShipReason::LimitedDuplicate { card, copies } => td!(
                l,
                problems.limited_duplicate,
                card = shown(self.card(card)),
                copies = *copies
            )
            .into_any(),
            ShipReason::DuplicateInSlot { rule, slot, card } => td!(
                l,
                problems.duplicate_in_slot,
                rule = shown(self.card(rule)),
                slot = shown(self.slot(slot)),
                card = shown(self.card(card))
            )
            .into_any(),
        }
    }
}

/// The upgrade bar's sentences.
impl Writer {
    fn slot_reason(&self, r: &SlotReason) -> AnyView {
        let l = self.locale;
        match r {
            SlotReason::SlotFilter {
                granter,
                filter,
                card,
                points,
                unique,
            } => {
                let slot = shown(self.slot(&filter.slot));
                let (max, only_unique, points, unique) =
                    (filter.max_points, filter.unique, *points, *unique);
                let wanted = {
                    let slot = slot.clone();
                    move || match (max, only_unique) {
                        (Some(max), _) => {
                            let slot = slot.clone();
                            td!(
                                l,
                                problems.slot_filter_wanted_points,
                                count = count(max),
                                slot
                            )
                            .into_any()
                        }
                        (None, true) => {
                            td!(l, problems.slot_filter_wanted_unique, slot = slot.clone())
                                .into_any()
                        }
                        (None, false) => {
                            td!(l, problems.slot_filter_wanted_any, slot = slot.clone()).into_any()
                        }
                    }
                };
                let cost = move || match unique {
                    true => {
                        td!(l, problems.slot_filter_cost_unique, count = count(points)).into_any()
                    }
                    false => td!(l, problems.slot_filter_cost, count = count(points)).into_any(),
                };
                td!(
                    l,
                    problems.slot_filter,
                    granter = shown(self.card(granter)),
                    slot,
                    wanted,
                    card = shown(self.card(card)),
                    cost
                )
                .into_any()
            }
            SlotReason::NotInSlot { card } => {
                td!(l, problems.slot_missing_none, card = shown(self.card(card))).into_any()
            }
            SlotReason::WrongSlotType { card, named, kind } => td!(
                l,
                problems.slot_missing_wrong_type,
                card = shown(self.card(card)),
                named = shown(self.slot(named)),
                kind = shown(self.slot(kind))
            )
            .into_any(),
            SlotReason::SlotTaken { card, slot, number } => td!(
                l,
                problems.slot_missing_taken,
                card = shown(self.card(card)),
                slot = shown(self.slot(slot)),
                number = *number
            )
            .into_any(),
            SlotReason::SlotGone { card, slot, number } => td!(
                l,
                problems.slot_missing_gone,
                card = shown(self.card(card)),
                slot = shown(self.slot(slot)),
                number = *number
            )
            .into_any(),
            other => self.slot_counts(other),
        }
    }

    /// The bar's sentences of counting slots.
    fn slot_counts(&self, r: &SlotReason) -> AnyView {
        let l = self.locale;
        match r {
            SlotReason::SecondTitle { card } => {
                td!(l, problems.title_duplicate, card = shown(self.card(card))).into_any()
            }
            SlotReason::NoSlot { card, slot } => td!(
                l,
                problems.no_free_slot_none,
                card = shown(self.card(card)),
                slot = shown(self.slot(slot))
            )
            .into_any(),
            SlotReason::SlotsTaken { card, slot, have } => td!(
                l,
                problems.no_free_slot_taken,
                count = count(*have),
                card = shown(self.card(card)),
                slot = shown(self.slot(slot))
            )
            .into_any(),
            SlotReason::TooFewFree {
                card,
                slot,
                needs,
                free,
                have,
            } => td!(
                l,
                problems.no_free_slot_occupies,
                count = count(*free),
                card = shown(self.card(card)),
                needs = *needs,
                slot = shown(self.slot(slot)),
                have = *have
            )
            .into_any(),
            SlotReason::SlotForbidden { by, slot, card } if slot == "mod" => td!(
                l,
                problems.modification_forbidden,
                by = shown(self.card(by)),
                card = shown(self.card(card))
            )
            .into_any(),
            SlotReason::SlotForbidden { by, slot, card } => td!(
                l,
                problems.slot_forbidden,
                by = shown(self.card(by)),
                slot = shown(self.slot(slot)),
                card = shown(self.card(card))
            )
            .into_any(),
            SlotReason::SlotFilter { .. }
            | SlotReason::NotInSlot { .. }
            | SlotReason::WrongSlotType { .. }
            | SlotReason::SlotTaken { .. }
            | SlotReason::SlotGone { .. } => written_before(),
        }
    }
}

/// A card's own restrictions and choices.
impl Writer {
    fn card_reason(&self, r: &CardReason) -> AnyView {
        let l = self.locale;
        match r {
            CardReason::CardFaction {
                card,
                factions,
                squad,
            } => {
                let factions: Vec<Words> = factions.iter().map(|f| self.faction(f)).collect();
                td!(
                    l,
                    problems.faction_mismatch_card,
                    card = shown(self.card(card)),
                    factions = move || joined(l, factions.clone(), Joined::And),
                    squad = shown(self.faction(squad))
                )
                .into_any()
            }
            CardReason::ShipRestriction { card, ships, hull } => td!(
                l,
                problems.ship_restriction,
                card = shown(self.card(card)),
                ships = self.ships(ships, Joined::And),
                hull = shown(self.ship(hull))
            )
            .into_any(),
            CardReason::HugeOnly { card, hull, size } => {
                let (card, hull) = (shown(self.card(card)), shown(self.ship(hull)));
                match size {
                    ShipSize::Small => td!(l, problems.huge_only_small, card, hull).into_any(),
                    // A huge ship never has this problem.
                    ShipSize::Large | ShipSize::Huge => {
                        td!(l, problems.huge_only_large, card, hull).into_any()
                    }
                }
            }
            CardReason::HugeModification { card } => {
                td!(l, problems.huge_modification, card = shown(self.card(card))).into_any()
            }
            CardReason::SizeRestriction {
                card,
                sizes,
                hull,
                size,
            } => {
                let sizes: Vec<Words> = match &sizes[..] {
                    [ShipSize::Small, ShipSize::Large] | [ShipSize::Large, ShipSize::Small] => {
                        vec![self.own(td_string!(l, problems.size_restriction_ships_small_large))]
                    }
                    _ => sizes.iter().map(|s| self.sized_ships(*s)).collect(),
                };
                let sizes = move || joined(l, sizes.clone(), Joined::And);
                let (card, hull) = (shown(self.card(card)), shown(self.ship(hull)));
                match size {
                    ShipSize::Small => {
                        td!(l, problems.size_restriction_small, card, sizes, hull).into_any()
                    }
                    ShipSize::Large => {
                        td!(l, problems.size_restriction_large, card, sizes, hull).into_any()
                    }
                    ShipSize::Huge => {
                        td!(l, problems.size_restriction_huge, card, sizes, hull).into_any()
                    }
                }
            }
            other => self.requirement(other),
        }
    }

    /// A card's requirements of the ship.
    fn requirement(&self, r: &CardReason) -> AnyView {
        let l = self.locale;
        match r {
            CardReason::StatRequirement {
                card,
                need: required,
                value,
            } => {
                let (card, stat, need) = (
                    shown(self.card(card)),
                    self.stat(required.stat),
                    required.value,
                );
                let value = value.map_or_else(
                    || td_string!(l, problems.stat_requirement_not_printed).to_string(),
                    |v| v.to_string(),
                );
                match required.comparison {
                    Comparison::Equal => {
                        td!(l, problems.stat_requirement_equal, card, stat, need, value).into_any()
                    }
                    Comparison::AtMost => td!(
                        l,
                        problems.stat_requirement_at_most,
                        card,
                        stat,
                        need,
                        value
                    )
                    .into_any(),
                    Comparison::AtLeast => td!(
                        l,
                        problems.stat_requirement_at_least,
                        card,
                        stat,
                        need,
                        value
                    )
                    .into_any(),
                }
            }
            CardReason::SkillRequirement {
                card,
                comparison,
                value,
                skill,
            } => {
                let (card, need) = (shown(self.card(card)), *value);
                let skill = skill.map_or_else(|| "?".to_string(), |s| s.to_string());
                match comparison {
                    Comparison::Equal => {
                        td!(l, problems.skill_requirement_equal, card, need, skill).into_any()
                    }
                    Comparison::AtMost => {
                        td!(l, problems.skill_requirement_at_most, card, need, skill).into_any()
                    }
                    Comparison::AtLeast => {
                        td!(l, problems.skill_requirement_at_least, card, need, skill).into_any()
                    }
                }
            }
            CardReason::ActionRequirement {
                card,
                action,
                actions,
            } => {
                // The ship's action bar as it reads: every action, in order.
                let bar: Vec<String> = actions.iter().map(|a| self.action(a).0).collect();
                td!(
                    l,
                    problems.action_requirement,
                    card = shown(self.card(card)),
                    action = shown(self.action(action)),
                    actions = bar.join(", ")
                )
                .into_any()
            }
            CardReason::SlotRequirement { card, slot } => td!(
                l,
                problems.slot_requirement,
                card = shown(self.card(card)),
                slot = shown(self.slot(slot))
            )
            .into_any(),
            CardReason::PrintedSlot { card, slot } => td!(
                l,
                problems.slot_requirement_printed,
                card = shown(self.card(card)),
                slot = shown(self.slot(slot))
            )
            .into_any(),
            other => self.choice(other),
        }
    }

    /// A card's choices: a dual card's face, a granted icon.
    fn choice(&self, r: &CardReason) -> AnyView {
        let l = self.locale;
        match r {
            CardReason::DualFace {
                card,
                second,
                named,
            } => td!(
                l,
                problems.choice_required_dual,
                card = shown(self.card(card)),
                first = shown(self.card(card)),
                // The card files translate a card's first face only.
                second = shown((second.to_string(), Lang::En)),
                named = named.to_string()
            )
            .into_any(),
            CardReason::ChooseIcon { card, options } => td!(
                l,
                problems.choice_required_choose,
                card = shown(self.card(card)),
                options = self.slots(options, Joined::CommasOr)
            )
            .into_any(),
            CardReason::ChoiceUnnamed {
                card,
                options,
                used,
            } => td!(
                l,
                problems.choice_required_unnamed,
                card = shown(self.card(card)),
                options = self.slots(options, Joined::CommasOr),
                used = shown(self.slot(used))
            )
            .into_any(),
            CardReason::CardFaction { .. }
            | CardReason::ShipRestriction { .. }
            | CardReason::HugeOnly { .. }
            | CardReason::HugeModification { .. }
            | CardReason::SizeRestriction { .. }
            | CardReason::StatRequirement { .. }
            | CardReason::SkillRequirement { .. }
            | CardReason::ActionRequirement { .. }
            | CardReason::SlotRequirement { .. }
            | CardReason::PrintedSlot { .. } => written_before(),
        }
    }
}
