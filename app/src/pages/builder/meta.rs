//! The page's title and link preview, from the squad, in the page's
//! language: the cards by the names the page shows.

use cards::catalog::CardWords;
use cards::squad::{Report, Rules, Squad};
use leptos::prelude::*;
use leptos_meta::{Meta, Title};

use super::words::{card_ref, fill};
use super::{Ctx, verdict};
use crate::components::game_terms;
use crate::i18n::td_string;
use crate::lang::Locale;

/// The page's title and link preview, from the squad.
#[component]
pub(super) fn BuilderMeta() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (rules, squad) = (ctx.rules, ctx.settled);
    // Once edits pause the settled squad is the squad: its report is the
    // one already made (always, on the server).
    let settled_report = verdict(rules, squad);
    let report = Memo::new(move |_| {
        if ctx.squad.with(|now| squad.with(|settled| now == settled)) {
            ctx.report.get()
        } else {
            settled_report.get()
        }
    });
    let (locale, words) = (ctx.locale(), ctx.words);
    let title = move || {
        rules.with_value(|r| squad.with(|s| report.with(|rep| preview_title(locale, r, s, rep))))
    };
    let description = move || {
        let ships = words.with_value(|w| {
            rules.with_value(|r| {
                squad.with(|s| {
                    report.with(|rep| preview_description(locale, w.as_deref(), r, s, rep))
                })
            })
        });
        match ships.is_empty() {
            true => td_string!(locale, builder.meta_description).to_string(),
            false => ships,
        }
    };
    view! {
        <Title text=crate::components::live_title(title) />
        <Meta property="og:title" content=title />
        <Meta property="og:description" content=description />
        <Meta name="description" content=description />
        <Meta property="og:type" content="website" />
    }
}

/// The squad's title for the page and a link preview: name, faction, points.
fn preview_title(locale: Locale, rules: &Rules, squad: &Squad, report: &Report) -> String {
    let name = match squad.name.trim() {
        "" => td_string!(locale, builder.untitled_title),
        name => name,
    };
    let faction = game_terms::faction_name(&rules.db, &squad.faction);
    let points = report.points.to_string();
    let (template, limit) = match report.limit {
        Some(limit) => (td_string!(locale, builder.title), limit.to_string()),
        None => (td_string!(locale, builder.title_no_limit), String::new()),
    };
    let args = [
        ("name", name),
        ("faction", faction.as_str()),
        ("points", points.as_str()),
        ("limit", limit.as_str()),
    ];
    fill(template, &args)
}

/// The squad's ships on one line for a link preview: each pilot with its
/// upgrades and points, by the names the page shows.
fn preview_description(
    locale: Locale,
    words: Option<&CardWords>,
    rules: &Rules,
    squad: &Squad,
    report: &Report,
) -> String {
    let db = &rules.db;
    let lines: Vec<String> = squad
        .ships
        .iter()
        .zip(&report.ships)
        .map(|(ship, ship_report)| {
            let mut parts = vec![match ship.pilot.pilot(db) {
                Some(p) => words.map_or(p.name.clone(), |w| w.pilot_name(p).0.to_string()),
                None => fill(
                    td_string!(locale, builder.unknown_pilot_line),
                    &[("card", &card_ref(locale, &ship.pilot))],
                ),
            }];
            parts.extend(ship.upgrades.iter().map(|e| match e.card.upgrade(db) {
                Some(card) => {
                    let name = words.map_or(card.name(), |w| w.upgrade_name(card).0);
                    match &e.choice {
                        Some(choice) => format!("{name} ({})", game_terms::slot_name(db, choice)),
                        None => name.to_string(),
                    }
                }
                None => fill(
                    td_string!(locale, builder.unknown_upgrade_line),
                    &[("card", &card_ref(locale, &e.card))],
                ),
            }));
            format!("{} ({})", parts.join(" + "), ship_report.points)
        })
        .collect();
    lines.join(" · ")
}
