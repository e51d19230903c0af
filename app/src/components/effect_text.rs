//! An upgrade's rules as data (`cards::catalog::effect_lines`) in the
//! page's language: each line one `cards` catalogue sentence, its slots,
//! factions and actions the game's terms (`game_terms`), its ships the
//! cards' words (English where a language lacks them, marked so).

use std::sync::Arc;

use cards::catalog::Stat;
use cards::catalog::{Comparison, Database, Effect, EffectLine, Requirement, ShipSize, SlotFilter};
use cards::lang::Lang;
use leptos::prelude::*;

use super::game_terms;
use super::worded::{self, WordedName};
use crate::i18n::{ArgValue, td, td_string};
use crate::lang::{Locale, locale, use_lang};

/// One line of an upgrade's rules as data, naming its face on a dual card
/// (the face's printed name, marked English on another language's page).
pub fn effect_text(db: Arc<Database>, effect: Effect) -> AnyView {
    let l = locale(use_lang());
    let Some(face) = effect.face else {
        return line_text(&db, l, &effect.line);
    };
    let (number, name, line) = (face.number, face.name, effect.line);
    let face = move || view! { <WordedName words=(name.clone(), Lang::En) /> };
    let line = move || line_text(&db, l, &line);
    td!(l, cards.effect_on_face, line, number, face).into_any()
}

/// Names joined by commas, as the card page lists them.
fn joined(names: Vec<String>) -> String {
    names.join(", ")
}

/// Slot names in the page's language, joined.
fn slots(db: &Database, keys: &[String]) -> String {
    joined(keys.iter().map(|k| game_terms::slot_name(db, k)).collect())
}

/// The line's sentence.
fn line_text(db: &Database, l: Locale, line: &EffectLine) -> AnyView {
    use EffectLine as L;
    match line {
        L::Occupies { slots: s } => {
            let (count, slots) = (s.len() as u32, slots(db, s));
            td!(l, cards.effect_occupies, count, slots).into_any()
        }
        L::Ships { ships } => td!(l, cards.effect_ships, ships = ship_names(db, ships)).into_any(),
        L::Factions { factions } => {
            let names = factions.iter().map(|k| game_terms::faction_name(db, k));
            let factions = joined(names.collect());
            td!(l, cards.effect_factions, factions).into_any()
        }
        L::AnyFactionWith { card } => {
            td!(l, cards.effect_any_faction_with, card = card.clone()).into_any()
        }
        L::HugeOnly => td!(l, cards.effect_huge_only).into_any(),
        L::Sizes { sizes } => {
            let sizes = joined(sizes.iter().map(|s| size_word(l, *s).to_string()).collect());
            td!(l, cards.effect_sizes, sizes).into_any()
        }
        L::Limited => td!(l, cards.effect_limited).into_any(),
        L::SquadLimit { max } => td!(l, cards.effect_squad_limit, max = *max).into_any(),
        L::Requires { requirement } => {
            let requirement = requirement_text(db, l, requirement);
            td!(l, cards.effect_requires, requirement = requirement).into_any()
        }
        L::GrantedSlotTakes { filter } => {
            let wanted = wanted(l, filter, game_terms::slot_name(db, &filter.slot));
            td!(l, cards.effect_granted_slot_takes, wanted = wanted).into_any()
        }
        L::Discount { slot, amount } => discount(db, l, slot.as_deref(), *amount),
        other => bar_text(db, l, other),
    }
}

/// The lines that change the upgrade or action bar, or the stats.
fn bar_text(db: &Database, l: Locale, line: &EffectLine) -> AnyView {
    use EffectLine as L;
    match line {
        L::Grants { slots: s } => td!(l, cards.effect_grants, slots = slots(db, s)).into_any(),
        L::LosesEvery { slots: s } => {
            td!(l, cards.effect_loses_every, slots = slots(db, s)).into_any()
        }
        L::DistinctIn { slots: s } => {
            td!(l, cards.effect_distinct_in, slots = slots(db, s)).into_any()
        }
        L::GrantsOneOf { slots: s } => {
            td!(l, cards.effect_grants_one_of, slots = slots(db, s)).into_any()
        }
        L::Loses { slots: s } => td!(l, cards.effect_loses, slots = slots(db, s)).into_any(),
        L::CannotEquip { slots: s } => {
            td!(l, cards.effect_cannot_equip, slots = slots(db, s)).into_any()
        }
        L::ActionsGained { actions } => {
            let names = actions.iter().map(|k| game_terms::action_name(db, k));
            let actions = joined(names.collect());
            td!(l, cards.effect_actions_gained, actions).into_any()
        }
        L::SkillChange { delta } => {
            td!(l, cards.effect_skill_change, delta = format!("{delta:+}")).into_any()
        }
        L::StatChange { stat, delta } => {
            let (stat, delta) = (stat_word(l, Some(*stat)), format!("{delta:+}"));
            td!(l, cards.effect_stat_change, stat, delta).into_any()
        }
        // The card-wide lines are `line_text`'s.
        _ => ().into_any(),
    }
}

/// Ship names, each in the page's language where the cards' words have it.
fn ship_names(db: &Database, keys: &[String]) -> impl Fn() -> AnyView + Send + Sync + use<> {
    let names: Vec<(String, Lang)> = (keys.iter())
        .map(|k| worded::ship_name(k, db.ship_name(k)))
        .collect();
    move || {
        let names = names.clone().into_iter().enumerate();
        names
            .map(|(i, words)| {
                let comma = (i > 0).then_some(", ");
                view! {
                    {comma}
                    <WordedName words />
                }
            })
            .collect_view()
            .into_any()
    }
}

fn size_word(l: Locale, size: ShipSize) -> &'static str {
    match size {
        ShipSize::Small => td_string!(l, cards.effect_size_small),
        ShipSize::Large => td_string!(l, cards.effect_size_large),
        ShipSize::Huge => td_string!(l, cards.effect_size_huge),
    }
}

/// A stat as a requirement or a change names it (`None`: pilot skill).
fn stat_word(l: Locale, stat: Option<Stat>) -> &'static str {
    match stat {
        Some(Stat::Attack) => td_string!(l, cards.effect_stat_attack),
        Some(Stat::Agility) => td_string!(l, cards.effect_stat_agility),
        Some(Stat::Hull) => td_string!(l, cards.effect_stat_hull),
        Some(Stat::Shields) => td_string!(l, cards.effect_stat_shields),
        Some(Stat::Energy) => td_string!(l, cards.effect_stat_energy),
        None => td_string!(l, cards.effect_stat_skill),
    }
}

/// What a card requires of the ship, its names in the page's language.
fn requirement_text(
    db: &Database,
    l: Locale,
    requirement: &Requirement,
) -> impl Fn() -> AnyView + Send + Sync + use<> {
    let named = match requirement {
        Requirement::Action(action) => game_terms::action_name(db, action),
        Requirement::NoPrintedSlot(slot) | Requirement::Slot(slot) => {
            game_terms::slot_name(db, slot)
        }
        _ => String::new(),
    };
    let requirement = requirement.clone();
    move || match &requirement {
        Requirement::Stat(need) => {
            compared(l, Some(need.stat), need.comparison, i32::from(need.value))
        }
        Requirement::Skill { comparison, value } => {
            compared(l, None, *comparison, i32::from(*value))
        }
        Requirement::Action(_) => {
            td!(l, cards.effect_requires_action, action = named.clone()).into_any()
        }
        Requirement::NoPrintedSlot(_) => td!(
            l,
            cards.effect_requires_no_printed_slot,
            slot = named.clone()
        )
        .into_any(),
        Requirement::Slot(_) => td!(l, cards.effect_requires_slot, slot = named.clone()).into_any(),
    }
}

/// A stat's value compared (`None`: the pilot skill).
fn compared(l: Locale, stat: Option<Stat>, comparison: Comparison, value: i32) -> AnyView {
    let stat = stat_word(l, stat);
    match comparison {
        Comparison::Equal => td!(l, cards.effect_requires_equal, stat, value),
        Comparison::AtMost => td!(l, cards.effect_requires_at_most, stat, value),
        Comparison::AtLeast => td!(l, cards.effect_requires_at_least, stat, value),
    }
    .into_any()
}

/// The cards a granted slot takes, as the problems say it
/// (`slot`: the slot's name, drawn as its caller draws names).
pub(crate) fn wanted<S>(
    l: Locale,
    filter: &SlotFilter,
    slot: S,
) -> impl Fn() -> AnyView + Send + Sync + use<S>
where
    S: ArgValue + Clone + Send + Sync + 'static,
{
    let (max, unique) = (filter.max_points, filter.unique);
    move || {
        let slot = slot.clone();
        match (max, unique) {
            (Some(max), _) => td!(
                l,
                problems.slot_filter_wanted_points,
                count = move || max,
                slot
            )
            .into_any(),
            (None, true) => td!(l, problems.slot_filter_wanted_unique, slot).into_any(),
            (None, false) => td!(l, problems.slot_filter_wanted_any, slot).into_any(),
        }
    }
}

/// A discount on a slot's cards, or on every other card.
fn discount(db: &Database, l: Locale, slot: Option<&str>, amount: i32) -> AnyView {
    match slot {
        Some(slot) => {
            let slot = game_terms::slot_name(db, slot);
            td!(l, cards.effect_discount, slot, amount).into_any()
        }
        None => td!(l, cards.effect_discount_rest, amount).into_any(),
    }
}
