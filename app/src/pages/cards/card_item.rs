//! One card in a list (the filter's matches and a shelf): its name linked
//! to its page, its ship and skill or its slots, its points, and the first
//! sentence of its text.

use cards::catalog::{Card, Database};
use leptos::prelude::*;
use leptos_router::components::A;

use super::printed::unique_mark;
use crate::components::game_terms::slot_name;
use crate::components::glyph::symbol_text;
use crate::components::worded::{self, WordedName};
use crate::i18n::fill;
use crate::i18n::t_string;
use crate::lang::use_i18n;

/// The address of a card's page, by its key.
fn card_href(key: &str) -> String {
    crate::lang::localized(&format!("/cards/{key}"))
}

/// An upgrade's points as the list shows them.
fn signed(points: i32) -> String {
    points.to_string()
}

/// One card as a list shows it.
pub(super) fn card_item(card: Card<'_>, db: &Database) -> impl IntoView + use<> {
    let i18n = use_i18n();
    let (unique, detail, points) = match card {
        Card::Pilot(p) => (
            p.unique,
            fill(
                t_string!(i18n, cards.pilot_detail),
                &[
                    ("ship", &worded::ship_name(&p.ship, db.ship_name(&p.ship)).0),
                    ("skill", &p.skill_text()),
                ],
            ),
            p.points_text(),
        ),
        Card::Upgrade(u) => {
            let slots: Vec<String> = u.slots.iter().map(|s| slot_name(db, s)).collect();
            (u.unique, slots.join(", "), signed(u.points))
        }
    };
    let (summary, summary_lang) = crate::components::worded::card_summary(card);
    // English shown on another language's page says so.
    let summary_lang = (summary_lang != crate::lang::use_lang()).then(|| summary_lang.code());
    let (xws, name) = (card.xws().to_string(), worded::card_name(card));
    let key = db.card_key(card);
    view! {
        <li class="card-item" data-xws=xws>
            <A href=card_href(&key)>{unique_mark(unique)}<WordedName words=name /></A>
            <span class="detail">{detail}</span>
            <span class="points">{points}</span>
            {(!summary.is_empty())
                .then(|| {
                    view! {
                        <span class="summary card-words" lang=summary_lang>
                            {symbol_text(&summary, &|w| w.to_string())}
                        </span>
                    }
                })}
        </li>
    }
}
