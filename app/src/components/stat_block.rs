//! A ship's printed or effective stats, each with its symbol.

use cards::catalog::Stats;
use cards::symbols::{SymbolKind, symbol};
use leptos::prelude::*;

use super::glyph::Glyph;

/// A stat block: attack, agility, hull, shields, energy (only those printed).
/// The builder labels energy "Energy limit": there it is the effective limit.
#[component]
pub fn StatBlock(
    stats: Stats,
    #[prop(optional)] energy_label: Option<&'static str>,
) -> impl IntoView {
    let items: Vec<(&'static str, &'static str, u8)> = [
        ("attack", "Attack", stats.attack),
        ("agility", "Agility", stats.agility),
        ("hull", "Hull", stats.hull),
        ("shields", "Shields", stats.shields),
        ("energy", energy_label.unwrap_or("Energy"), stats.energy),
    ]
    .into_iter()
    .filter_map(|(class, label, value)| value.map(|v| (class, label, v)))
    .collect();
    view! {
        <dl class="stats">
            {items
                .into_iter()
                .map(|(class, label, value)| {
                    view! {
                        <div class=format!("stat {class}")>
                            <dt>
                                {symbol(SymbolKind::Stat, class)
                                    .map(|s| view! { <Glyph symbol=s decorative=true /> })}
                                <span class="stat-label">{label}</span>
                            </dt>
                            <dd>{value}</dd>
                        </div>
                    }
                })
                .collect_view()}
        </dl>
    }
}
