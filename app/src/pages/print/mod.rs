//! `/build/print?s=<code>`: the squad as a document to play from, not the
//! builder without its buttons. Each ship: pilot, skill, points, stats
//! and actions with their icons, the ability, every upgrade's full text
//! and the dial (energy on huge ships); the squad: points, epic points,
//! format, obstacles, the conditions it brings and a QR code of its link.
//! `&compact=1` leaves the card texts out. The layout is `style/main.css`'s
//! "Printout" part: a 9-ship Epic squad fits two A4 pages.

use crate::lang::localized;
use cards::squad::link;
use cards::squad::printout::{PrintShip, PrintUpgrade, Printout};
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::hooks::use_query_map;

use crate::components::glyph::{ActionList, ShipSilhouette};
use crate::components::{Alert, DialTable, StatBlock, WithRules};

#[cfg(feature = "ssr")]
mod qr;

/// The QR code of the squad's link (`<public base>/build?s=<code>`), as
/// SVG, drawn on the server and carried to the browser with the page.
#[server(endpoint = "print_qr")]
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
    let compact = query
        .with_untracked(|q| q.get("compact"))
        .is_some_and(|c| c == "1");
    let qr = Resource::new(move || code.clone(), print_qr);
    view! {
        <Meta
            name="description"
            content="A squad's printout: every card's text and each ship's dial."
        />
        <Meta name="robots" content="noindex" />
        <WithRules render=move |rules| {
            let code = query.with_untracked(|q| q.get("s")).unwrap_or_default();
            let decoded = link::decode_lossy(&code);
            let sheet = Printout::of(&rules, &decoded.squad);
            let error = decoded.error.map(|e| e.to_string());
            view! { <Sheet sheet code error compact qr /> }
        } />
    }
}

/// The whole printout: its controls, the squad's head, every ship and the
/// conditions the squad brings.
#[component]
fn Sheet(
    sheet: Printout,
    code: String,
    error: Option<String>,
    compact: bool,
    qr: Resource<Result<String, ServerFnError>>,
) -> impl IntoView {
    let title = sheet_title(&sheet);
    let summary = sheet_summary(&sheet);
    // The code is the address's own text: written back percent-encoded,
    // so it stays one parameter whatever it holds.
    let code: String = form_urlencoded::byte_serialize(code.as_bytes()).collect();
    let ships = sheet
        .ships
        .into_iter()
        .map(|ship| view! { <SheetShip ship compact /> })
        .collect_view();
    view! {
        <Title text=format!("{title} (printout)") />
        <article class=if compact { "printout compact" } else { "printout" }>
            <PrintControls code compact />
            {error
                .map(|e| view! { <Alert text=format!("The link could not be read whole: {e}") /> })}
            <header class="print-head">
                <div>
                    <h1>{title}</h1>
                    <p class="print-summary">{summary}</p>
                    {(!sheet.obstacles.is_empty())
                        .then(|| view! { <p>"Obstacles: "{sheet.obstacles.join(", ")}</p> })}
                </div>
                <SquadQr qr />
            </header>
            <div class="print-ships">{ships}</div>
            <SheetConditions conditions=sheet.conditions compact />
        </article>
    }
}

/// The squad's name, or "Squad" for one without.
fn sheet_title(sheet: &Printout) -> String {
    if sheet.name.is_empty() {
        "Squad".to_string()
    } else {
        sheet.name.clone()
    }
}

/// The line under the name: faction, format, points against the limit,
/// legal or not, and the epic points.
fn sheet_summary(sheet: &Printout) -> String {
    let limit = sheet.limit.map(|l| format!("/{l}")).unwrap_or_default();
    format!(
        "{} · {} · {}{limit} points{} · {}",
        sheet.faction,
        sheet.format,
        sheet.points,
        if sheet.legal { "" } else { " (not legal)" },
        sheet.epic_points.map_or_else(
            || "epic points unknown (a ship has none published)".to_string(),
            |e| format!("{e} epic points"),
        ),
    )
}

/// Back to the builder, the other layout (with or without the card
/// texts), and Print; `code` is already percent-encoded.
#[component]
fn PrintControls(code: String, compact: bool) -> impl IntoView {
    let other = localized(&if compact {
        format!("/build/print?s={code}")
    } else {
        format!("/build/print?s={code}&compact=1")
    });
    view! {
        <p class="print-controls print-hide">
            <a href=localized(&format!("/build?s={code}"))>"← Back to the builder"</a>
            <a href=other>{if compact { "With card texts" } else { "Compact (no card texts)" }}</a>
            <button type="button" on:click=|_| crate::browser::print()>
                "Print"
            </button>
        </p>
    }
}

/// The QR code of the squad's link, once the server has drawn it.
#[component]
fn SquadQr(qr: Resource<Result<String, ServerFnError>>) -> impl IntoView {
    view! {
        <Suspense fallback=|| ()>
            {move || {
                qr.get()
                    .and_then(Result::ok)
                    .map(|svg| {
                        view! {
                            <figure
                                class="qr"
                                aria-label="QR code of the squad's link"
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
fn SheetConditions(conditions: Vec<(String, String)>, compact: bool) -> impl IntoView {
    (!conditions.is_empty()).then(|| {
        view! {
            <section class="print-conditions">
                <h2>"Conditions"</h2>
                {conditions
                    .into_iter()
                    .map(|(name, text)| {
                        view! {
                            <p>
                                <strong>{name}</strong>
                                {(!compact).then(|| format!(": {text}"))}
                            </p>
                        }
                    })
                    .collect_view()}
            </section>
        }
    })
}

#[component]
fn SheetShip(ship: PrintShip, compact: bool) -> impl IntoView {
    let upgrades = ship
        .upgrades
        .into_iter()
        .map(|u| view! { <SheetUpgrade upgrade=u compact /> })
        .collect_view();
    view! {
        <section class="print-ship">
            <h2>
                <span class="skill" title="Pilot skill">
                    {ship.skill}
                </span>
                {if ship.unique { "• " } else { "" }}
                {ship.pilot}
                <span class="print-points">{ship.points}" pts"</span>
            </h2>
            // A `div`: the stats are a `dl`, which a `p` cannot hold.
            <div class="print-line">
                <ShipSilhouette ship=ship.ship_xws />
                {ship.ship}
                <StatBlock stats=ship.stats />
                <ActionList actions=ship.actions />
            </div>
            // The dial first: it floats at the right, the texts flow round it.
            <div class="print-body">
                <DialTable dial=ship.dial />
                {ship
                    .ability
                    .filter(|_| !compact)
                    .map(|a| view! { <p class="print-ability">{a}</p> })}
                <ul class="print-upgrades">{upgrades}</ul>
            </div>
        </section>
    }
}

#[component]
fn SheetUpgrade(upgrade: PrintUpgrade, compact: bool) -> impl IntoView {
    let PrintUpgrade {
        name,
        slot,
        points,
        weapon,
        text,
    } = upgrade;
    view! {
        <li>
            <strong>{name}</strong>
            {format!(" ({slot}{})", points.map(|p| format!(", {p}")).unwrap_or_default())}
            {weapon.map(|w| format!(" · {w}"))}
            {(!compact && !text.is_empty()).then(|| format!(": {text}"))}
        </li>
    }
}
