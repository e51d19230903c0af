//! A ship's printed or effective stats, each with its symbol.

use cards::catalog::{Stat, Stats};
use cards::symbols::{SymbolKind, symbol};
use leptos::prelude::*;
use leptos::text_prop::TextProp;

use super::change_mark::ChangeMark;
use super::glyph::Glyph;
use crate::i18n::t_string;
use crate::lang::use_i18n;

/// A stat block: attack, agility, hull, shields, energy (only those printed).
/// The builder labels energy "Energy limit": there it is the effective limit.
/// A stat a card changed (`notes`: the stat and its cards' names) is
/// marked, and its mark names the cards.
#[component]
pub fn StatBlock(
    stats: Stats,
    #[prop(optional, into)] energy_label: Option<TextProp>,
    #[prop(optional)] notes: Vec<(Stat, String)>,
) -> impl IntoView {
    let i18n = use_i18n();
    let energy =
        energy_label.unwrap_or_else(|| (move || t_string!(i18n, parts.stat_energy)).into());
    let items: Vec<(&'static str, TextProp, u8)> = [
        (
            "attack",
            (move || t_string!(i18n, parts.stat_attack)).into(),
            stats.attack,
        ),
        (
            "agility",
            (move || t_string!(i18n, parts.stat_agility)).into(),
            stats.agility,
        ),
        (
            "hull",
            (move || t_string!(i18n, parts.stat_hull)).into(),
            stats.hull,
        ),
        (
            "shields",
            (move || t_string!(i18n, parts.stat_shields)).into(),
            stats.shields,
        ),
        ("energy", energy, stats.energy),
    ]
    .into_iter()
    .filter_map(|(class, label, value)| value.map(|v| (class, label, v)))
    .collect();
    view! {
        <dl class="stats">
            {items
                .into_iter()
                .map(|(class, label, value)| {
                    let note = notes
                        .iter()
                        .find(|(stat, _)| stat.as_str() == class)
                        .map(|(_, names)| format!("{}: {names}", label.get()));
                    let changed = if note.is_some() { " changed" } else { "" };
                    view! {
                        <div class=format!("stat {class}{changed}")>
                            <dt>
                                {symbol(SymbolKind::Stat, class)
                                    .map(|s| view! { <Glyph symbol=s decorative=true /> })}
                                <span class="stat-label">{move || label.get().to_string()}</span>
                            </dt>
                            <dd>
                                <span class="stat-value">{value}</span>
                                {note.map(|note| view! { <ChangeMark note /> })}
                            </dd>
                        </div>
                    }
                })
                .collect_view()}
        </dl>
    }
}
