//! `/build/print?s=<code>`: the squad as a document to play from, not the
//! builder without its buttons. Each ship: pilot, skill, points, stats
//! and actions with their icons, the ability, every upgrade's full text
//! and the dial (energy on huge ships); the squad: points, epic points,
//! format, obstacles, the conditions it brings and a QR code of its link.
//! Its options sit in the address (`options.rs`): compact (no card
//! texts), black and white, a space for each ship's damage cards, the
//! obstacles as a checklist. Every printed page carries the squad's name
//! and its number ("2 / 2"), from `@page` margin boxes that read the name
//! from the `--squad-name` the page sets on `<html>`. The layout is
//! `style/main.css`'s "Printout" part: a 9-ship Epic squad fits two A4
//! pages.

use crate::lang::{use_i18n, use_lang};
use cards::catalog::Database;
use cards::lang::Lang;
use cards::squad::printout::{PrintShip, PrintUpgrade, Printout};
use cards::squad::{Squad, link};
use leptos::prelude::*;
use leptos_meta::{Html, Meta, Title};
use leptos_router::hooks::use_query_map;

use crate::components::as_built::ShipNotes;
use crate::components::error_words::link_error;
use crate::components::game_terms::{
    action_name, faction_name, format_name, range_label, slot_name,
};
use crate::components::glyph::{ActionList, ShipSilhouette, symbol_text};
use crate::components::worded::{self, WordedName};
use crate::components::{Alert, DialTable, StatBlock, WithRules};
use crate::i18n::fill;
use crate::i18n::{t, t_string};

mod options;
#[cfg(feature = "ssr")]
mod qr;

use options::{PrintControls, PrintOptions};

/// The QR code of the squad's link (`<public base>/build?s=<code>`), as
/// SVG, drawn on the server and carried to the browser with the page.
///
/// On the server its arguments' type is described too (its schema in the
/// API's document: `server/api/document.rs`); the browser's has no schema.
#[cfg_attr(
    feature = "ssr",
    server(
        endpoint = "print_qr",
        input_derive = (Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)
    )
)]
#[cfg_attr(not(feature = "ssr"), server(endpoint = "print_qr"))]
#[cfg_attr(feature = "ssr", utoipa::path(
    post,
    path = <PrintQr as server_fn::ServerFn>::PATH,
    tag = "server functions",
    request_body(content = PrintQr, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The QR code of the squad's link, as SVG", content_type = "application/json", body = String),
        (status = 400, description = "Arguments that cannot be read (`Args|…`, `Deserialization|…`)", content_type = "text/plain", body = String),
        (status = 500, description = "Not a squad link code (`ServerError|…`)", content_type = "text/plain", body = String),
    ),
))]
pub async fn print_qr(code: String) -> Result<String, ServerFnError> {
    /// The longest code the QR code is drawn for: a squad at its limits
    /// (`cards::squad::limits`) is far shorter.
    const MAX_QR_CODE_CHARS: usize = 2048;
    let plain = code.len() <= MAX_QR_CODE_CHARS
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    if !plain {
        return Err(ServerFnError::new("not a squad link code"));
    }
    let base = use_context::<crate::public_base::PublicBase>()
        .map(|b| b.0)
        .unwrap_or_default();
    qr::squad_qr(&format!("{base}/build?s={code}")).map_err(|e| ServerFnError::new(e.to_string()))
}

#[component]
pub fn PrintPage() -> impl IntoView {
    let query = use_query_map();
    let code = query.with_untracked(|q| q.get("s")).unwrap_or_default();
    let options = query.with_untracked(PrintOptions::from_query);
    let qr = Resource::new(move || code.clone(), print_qr);
    let i18n = use_i18n();
    view! {
        <Meta name="description" content=move || t_string!(i18n, print.description) />
        <Meta name="robots" content="noindex" />
        <WithRules render=move |rules| {
            let code = query.with_untracked(|q| q.get("s")).unwrap_or_default();
            let decoded = link::decode_lossy(&code);
            let mut sheet = Printout::of(&rules, &decoded.squad);
            let words = shown_words(&rules.db, &decoded.squad, &mut sheet);
            let l = i18n.get_locale_untracked();
            let error = decoded.error.map(|e| link_error(l, &e));
            view! { <Sheet sheet words code error options qr /> }
        } />
    }
}

/// The printout's words that the page's language changes: each card's
/// name and text (`worded`) with the language it is in, the squad's
/// faction, each slot and action named as the page names them.
struct SheetWords {
    ships: Vec<ShipWords>,
    /// The conditions' names and texts, as [`Printout::conditions`] lists them.
    conditions: Vec<((String, Lang), (String, Lang))>,
}

/// One ship's pilot name and ability, and its upgrades' names and texts,
/// each with the language it is in; `None` for a card the database lacks
/// (its printout line says so).
#[derive(Default)]
struct ShipWords {
    pilot: Option<(String, Lang)>,
    ability: Option<(String, Lang)>,
    upgrades: Vec<Option<UpgradeWords>>,
    /// What each change its cards make says.
    notes: ShipNotes,
}

/// An upgrade's name and the text of its face in play, each with the
/// language it is in.
type UpgradeWords = ((String, Lang), (String, Lang));

/// Puts the page's words into `sheet` (faction, ship names, slots,
/// actions, weapons) and returns the cards' own words beside it.
fn shown_words(db: &Database, squad: &Squad, sheet: &mut Printout) -> SheetWords {
    let i18n = use_i18n();
    sheet.faction = faction_name(db, &squad.faction);
    sheet.format = format_name(&squad.format, &sheet.format);
    let ships = squad
        .ships
        .iter()
        .zip(sheet.ships.iter_mut())
        .map(|(ship, printed)| {
            let pilot = ship.pilot.pilot(db);
            if let Some(hull) = pilot.and_then(|p| db.ship_of(p)) {
                printed.ship = worded::ship_name(&hull.xws, &hull.name).0;
            }
            for (xws, name) in &mut printed.actions {
                *name = action_name(db, xws);
            }
            let upgrades = ship
                .upgrades
                .iter()
                .zip(printed.upgrades.iter_mut())
                .map(|(e, line)| {
                    let card = e.card.upgrade(db)?;
                    let face = card.face_in_play(e.choice.as_deref());
                    let i = card.faces.iter().position(|f| std::ptr::eq(f, face))?;
                    line.slot = slot_name(db, card.slot());
                    line.weapon = face.attack.map(|a| {
                        let attack = fill(
                            t_string!(i18n, parts.attack_value),
                            &[("attack", &a.to_string())],
                        );
                        match face.range {
                            Some(r) => format!("{attack} · {}", range_label(r, "-")),
                            None => attack,
                        }
                    });
                    // The file names a card's front only.
                    let name = match i {
                        0 => worded::upgrade_name(card),
                        _ => (face.name.clone(), Lang::En),
                    };
                    Some((name, worded::face_text(card, i)))
                })
                .collect();
            ShipWords {
                pilot: pilot.map(worded::pilot_name),
                ability: pilot.and_then(worded::pilot_text),
                upgrades,
                notes: ShipNotes::of(db, &printed.dial, &printed.changes),
            }
        })
        .collect();
    let conditions = (sheet.conditions.iter())
        .map(
            |(name, text)| match db.conditions.iter().find(|c| c.name == *name) {
                Some(c) => (worded::condition_name(c), worded::condition_text(c)),
                None => ((name.clone(), Lang::En), (text.clone(), Lang::En)),
            },
        )
        .collect();
    SheetWords { ships, conditions }
}

/// The `lang` attribute of words in `lang` on this page: none when they
/// are in the page's language.
fn lang_mark(lang: Lang) -> Option<&'static str> {
    (lang != use_lang()).then(|| lang.code())
}

/// The whole printout: its controls, the squad's head, every ship and the
/// conditions the squad brings.
#[component]
fn Sheet(
    sheet: Printout,
    words: SheetWords,
    code: String,
    error: Option<String>,
    options: PrintOptions,
    qr: Resource<Result<String, ServerFnError>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let compact = options.compact;
    let damage = options.damage_space;
    let title = sheet_title(&sheet);
    let summary = sheet_summary(&sheet);
    // The code is the address's own text: written back percent-encoded,
    // so it stays one parameter whatever it holds.
    let code: String = form_urlencoded::byte_serialize(code.as_bytes()).collect();
    let ships = sheet
        .ships
        .into_iter()
        .zip(
            words
                .ships
                .into_iter()
                .chain(std::iter::repeat_with(ShipWords::default)),
        )
        .map(|(ship, words)| view! { <SheetShip ship words compact damage /> })
        .collect_view();
    let obstacles = sheet_obstacles(&sheet.obstacles, options.obstacle_checklist);
    let notes = (!sheet.notes.is_empty()).then(|| {
        view! {
            <p class="print-notes">
                <strong>{t!(i18n, print.notes)} ": "</strong>
                {sheet.notes.clone()}
            </p>
        }
    });
    let squad_name = format!("--squad-name: {}", css_string(&title));
    view! {
        <Title text=fill(t_string!(i18n, print.title), &[("title", &title)]) />
        <Html {..} style=squad_name />
        <article class=options.classes()>
            <PrintControls code options />
            {error
                .map(|e| {
                    view! {
                        <Alert text=fill(t_string!(i18n, print.link_damaged), &[("error", &e)]) />
                    }
                })}
            <header class="print-head">
                <div>
                    <h1>{title}</h1>
                    <p class="print-summary">{summary}</p>
                    {obstacles}
                    {notes}
                </div>
                <SquadQr qr />
            </header>
            <div class="print-ships">{ships}</div>
            <SheetConditions conditions=words.conditions compact />
        </article>
    }
}

/// The squad's name, or "Squad" for one without.
fn sheet_title(sheet: &Printout) -> String {
    if sheet.name.is_empty() {
        t_string!(use_i18n(), print.untitled).to_string()
    } else {
        sheet.name.clone()
    }
}

/// The line under the name: faction, format, points against the limit,
/// legal or not, and the epic points.
fn sheet_summary(sheet: &Printout) -> String {
    let i18n = use_i18n();
    let limit = sheet.limit.map(|l| format!("/{l}")).unwrap_or_default();
    let points = fill(
        t_string!(i18n, print.points),
        &[("points", &sheet.points.to_string()), ("limit", &limit)],
    );
    let legal = if sheet.legal {
        ""
    } else {
        t_string!(i18n, print.not_legal)
    };
    let epic = sheet.epic_points.map_or_else(
        || t_string!(i18n, print.epic_unknown).to_string(),
        |e| {
            fill(
                t_string!(i18n, print.epic_points),
                &[("points", &e.to_string())],
            )
        },
    );
    format!(
        "{} · {} · {points}{legal} · {epic}",
        sheet.faction, sheet.format
    )
}

/// The squad's obstacles: a line, or a box to tick for each.
fn sheet_obstacles(obstacles: &[String], checklist: bool) -> Option<AnyView> {
    let i18n = use_i18n();
    if obstacles.is_empty() {
        return None;
    }
    if !checklist {
        let list = obstacles.join(", ");
        return Some(
            view! { <p>{fill(t_string!(i18n, print.obstacles), &[("list", &list)])}</p> }
                .into_any(),
        );
    }
    let boxes = obstacles
        .iter()
        .map(|o| view! { <li>"☐ " {o.clone()}</li> })
        .collect_view();
    Some(
        view! {
            <div class="obstacle-checklist">
                <p>{t!(i18n, print.obstacles_placed)}</p>
                <ul>{boxes}</ul>
            </div>
        }
        .into_any(),
    )
}

/// Text as a CSS string (`"…"`, escaped), for a custom property.
fn css_string(text: &str) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = cssparser::serialize_string(text, &mut out);
    out
}

/// The QR code of the squad's link, once the server has drawn it.
#[component]
fn SquadQr(qr: Resource<Result<String, ServerFnError>>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Suspense fallback=|| ()>
            {move || {
                crate::components::page_in_reach()
                    .then(|| qr.try_get().flatten())
                    .flatten()
                    .and_then(Result::ok)
                    .map(|svg| {
                        // A client gone meanwhile: nothing to draw (issue 60).
                        view! {
                            <figure
                                class="qr"
                                aria-label=move || t_string!(i18n, print.qr_label)
                                inner_html=svg
                            ></figure>
                        }
                    })
            }}
        </Suspense>
    }
}

/// The conditions the squad brings, each once (their texts unless compact).
#[component]
fn SheetConditions(
    conditions: Vec<((String, Lang), (String, Lang))>,
    compact: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    (!conditions.is_empty()).then(|| {
        view! {
            <section class="print-conditions">
                <h2>{t!(i18n, print.conditions)}</h2>
                {conditions
                    .into_iter()
                    .map(|(name, text)| {
                        view! {
                            <p>
                                <strong>
                                    <WordedName words=name />
                                </strong>
                                {(!compact)
                                    .then(|| {
                                        view! {
                                            ": "
                                            <SheetText words=text />
                                        }
                                    })}
                            </p>
                        }
                    })
                    .collect_view()}
            </section>
        }
    })
}

/// A card text on the printout with the game's glyphs, as card pages draw
/// them; English on another language's page says so.
#[component]
fn SheetText(#[prop(name = "words")] (text, lang): (String, Lang)) -> impl IntoView {
    view! {
        <span class="card-words" lang=lang_mark(lang)>
            {symbol_text(&text, &|w| w.to_string())}
        </span>
    }
}

#[component]
fn SheetShip(ship: PrintShip, words: ShipWords, compact: bool, damage: bool) -> impl IntoView {
    let i18n = use_i18n();
    let upgrades = ship
        .upgrades
        .into_iter()
        .zip(words.upgrades.into_iter().chain(std::iter::repeat(None)))
        .map(|(u, words)| view! { <SheetUpgrade upgrade=u words compact /> })
        .collect_view();
    let dial_notes = words.notes.dial_summary();
    let pilot = words.pilot.unwrap_or((ship.pilot, Lang::En));
    let ability = words
        .ability
        .or_else(|| ship.ability.map(|a| (a, Lang::En)))
        .filter(|_| !compact)
        .map(|words| {
            view! {
                <p class="print-ability">
                    <SheetText words />
                </p>
            }
        });
    let points = fill(
        t_string!(i18n, print.pts),
        &[("points", &ship.points.to_string())],
    );
    view! {
        <section class="print-ship">
            <h2>
                <span class="skill" title=move || t_string!(i18n, parts.pilot_skill)>
                    {ship.skill}
                </span>
                {if ship.unique { "• " } else { "" }}
                <WordedName words=pilot />
                <span class="print-points">{points}</span>
            </h2>
            // A `div`: the stats are a `dl`, which a `p` cannot hold.
            <div class="print-line">
                <ShipSilhouette ship=ship.ship_xws />
                {ship.ship}
                <StatBlock stats=ship.stats notes=words.notes.stats />
                <ActionList actions=ship.actions notes=words.notes.actions />
            </div>
            // The dial first: it floats at the right, the texts flow round it.
            <div class="print-body">
                <DialTable
                    dial=ship.dial.iter().map(|m| m.maneuver).collect()
                    notes=words.notes.dial.clone()
                />
                {(!dial_notes.is_empty())
                    .then(|| {
                        view! { <p class="print-changes">"* " {dial_notes.join(" · ")}</p> }
                    })}
                {ability}
                <ul class="print-upgrades">{upgrades}</ul>
            </div>
            {damage
                .then(|| {
                    view! {
                        <div class="damage-space">
                            <span>{t!(i18n, print.damage_cards)}</span>
                        </div>
                    }
                })}
        </section>
    }
}

#[component]
fn SheetUpgrade(
    upgrade: PrintUpgrade,
    words: Option<UpgradeWords>,
    compact: bool,
) -> impl IntoView {
    let PrintUpgrade {
        name,
        slot,
        points,
        weapon,
        text,
    } = upgrade;
    let (name, (text, text_lang)) = words.unwrap_or(((name, Lang::En), (text, Lang::En)));
    view! {
        <li>
            <strong>
                <WordedName words=name />
            </strong>
            {format!(" ({slot}{})", points.map(|p| format!(", {p}")).unwrap_or_default())}
            {weapon.map(|w| format!(" · {w}"))}
            {(!compact && !text.is_empty())
                .then(|| {
                    view! {
                        ": "
                        <SheetText words=(text, text_lang) />
                    }
                })}
        </li>
    }
}
