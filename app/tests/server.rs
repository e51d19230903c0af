//! The server's routes, exercised in process (no browser, no socket).

#![allow(clippy::unwrap_used)] // a test: a panic is a failure, not a crash
#![cfg(feature = "ssr")]

use app::cards_asset::CardAssetBody;
use app::server::{Args, load_cards};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use cards::catalog::{Database, Formats};
use clap::Parser;
use http_body_util::BodyExt;
use tower::ServiceExt;

mod support;
use support::nine_ship_code;

/// The router, built once as the server builds it: listing the routes
/// renders the app, which is not meant to run on several threads at once.
fn app() -> axum::Router {
    static APP: std::sync::OnceLock<axum::Router> = std::sync::OnceLock::new();
    APP.get_or_init(|| support::router_of(&[])).clone()
}

/// One runtime for every test, as in production.
fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    })
}

fn get(path: &str) -> (StatusCode, String, String) {
    runtime().block_on(get_async(path))
}

async fn get_async(path: &str) -> (StatusCode, String, String) {
    let response = app()
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(body.to_vec()).unwrap(),
    )
}

/// The markup without the renderer's empty hydration markers (`<!>`,
/// which type-erased components put after dynamic text).
fn markup(html: &str) -> String {
    html.replace("<!>", "")
}

/// Text as it reads in the browser (the few entities the renderer writes).
fn unescape(html: &str) -> String {
    markup(html)
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn get_with(path: &str, accept_encoding: &str) -> axum::response::Response {
    runtime().block_on(async {
        app()
            .oneshot(
                Request::get(path)
                    .header("accept-encoding", accept_encoding)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap()
    })
}

fn body_bytes(response: axum::response::Response) -> Vec<u8> {
    runtime().block_on(async {
        response
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec()
    })
}

/// The card asset's address, as every page's head names it.
fn card_asset_address(html: &str) -> String {
    let tag = r#"<meta name="card-asset" content=""#;
    let start = html.find(tag).expect("no card-asset meta") + tag.len();
    html[start..start + html[start..].find('"').unwrap()].to_string()
}

/// The cards travel once, as a hashed file cached for a year, compressed
/// as the browser asks; no page carries them in its HTML.
#[test]
fn the_card_database_is_one_hashed_immutable_compressed_file() {
    let (_, _, page) = get("/build");
    let address = card_asset_address(&page);
    assert!(
        address.starts_with("/data/cards.") && address.ends_with(".bin"),
        "{address}"
    );
    let db = Database::embedded().unwrap();
    for (encoding, sent) in [
        ("br", Some("br")),
        ("gzip", Some("gzip")),
        ("identity", None),
    ] {
        let response = get_with(&address, encoding);
        assert_eq!(response.status(), StatusCode::OK);
        let headers = response.headers().clone();
        assert_eq!(
            headers["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(headers["content-type"], "application/octet-stream");
        assert_eq!(
            headers.get("content-encoding").map(|v| v.to_str().unwrap()),
            sent
        );
        let bytes = body_bytes(response);
        let raw = match sent {
            Some("br") => {
                let mut out = Vec::new();
                brotli::BrotliDecompress(&mut &bytes[..], &mut out).unwrap();
                out
            }
            Some(_) => {
                use std::io::Read;
                let mut out = Vec::new();
                flate2::read::GzDecoder::new(&bytes[..])
                    .read_to_end(&mut out)
                    .unwrap();
                out
            }
            None => bytes,
        };
        let back: CardAssetBody = postcard::from_bytes(&raw).unwrap();
        assert_eq!(back.cards.into_owned(), db);
        assert_eq!(back.formats.into_owned(), Formats::embedded().unwrap());
    }
    // Another hash is not an address.
    let (status, _, _) = get("/data/cards.0000000000000000.bin");
    assert_eq!(status, StatusCode::NOT_FOUND);
    // No page serializes the database any more: a pilot's ability text,
    // printed on one card page only, is in no other page.
    for path in ["/build", "/rules", "/rules/huge-ships", "/search?q=energy"] {
        let (_, _, html) = get(path);
        assert!(
            !html.contains("pilot_skill") && !html.contains("\\\"pilots\\\""),
            "{path} carries the cards"
        );
    }
}

/// Pages are compressed as they are made with gzip, also for a browser
/// that prefers brotli (the site's static files stay brotli, compressed at
/// build time).
#[test]
fn pages_are_sent_gzip_compressed() {
    use std::io::Read;
    let response = get_with("/build", "br, gzip");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let bytes = body_bytes(response);
    let mut html = String::new();
    flate2::read::GzDecoder::new(&bytes[..])
        .read_to_string(&mut html)
        .unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{}", &html[..40]);
    assert!(html.contains(" data-cards="));
    assert!(bytes.len() * 2 < html.len());
    let brotli_only = get_with("/build", "br");
    assert!(brotli_only.headers().get("content-encoding").is_none());
}

/// A page that shows cards is marked so, and the wasm loads them; no
/// head preloads the card asset, a language's strings or a split module,
/// which on a slow phone came before the first paint (shell.rs). The icon
/// font is the one file a page asks for ahead.
#[test]
fn pages_mark_the_cards_exactly_when_they_show_them_and_preload_only_the_font() {
    let shows = [
        "/build",
        "/cards",
        "/cards/croccruiser",
        "/search?q=energy",
        "/rules/huge-ships",
        "/rules/solo-alpha",
        "/play?s=",
        "/de/play?s=",
    ];
    let without = [
        "/",
        "/rules",
        "/rules/mission-dreadnought",
        "/rules/huge-ships-summary",
        "/ru/rules",
    ];
    for path in shows.iter().chain(&without) {
        let (status, _, html) = get(path);
        assert_eq!(status, StatusCode::OK, "{path}");
        let marked = html.contains(" data-cards=");
        // Every page names the asset, for the wasm and the service worker.
        card_asset_address(&html);
        let preloads: Vec<&str> = html
            .split("<link")
            .skip(1)
            .filter_map(|tag| tag.split('>').next())
            .filter(|tag| tag.contains(r#"rel="preload""#) || tag.contains("modulepreload"))
            .collect();
        assert!(
            preloads.iter().all(|tag| tag.contains(r#"as="font""#)),
            "{path}: {preloads:?}"
        );
        assert_eq!(marked, shows.contains(path), "{path}: data-cards");
        // Every page links the site's stylesheet: by its hashed name when
        // the site is built, by the plain name before.
        let link = r#"<link id="leptos" rel="stylesheet" href="/pkg/merchant-one."#;
        let href = html
            .split(link)
            .nth(1)
            .and_then(|rest| rest.split('"').next());
        assert!(
            href.is_some_and(|h| h.ends_with("css")),
            "{path}: stylesheet"
        );
    }
}

#[test]
fn api_cards_answers_the_whole_database_as_json() {
    let (status, content_type, body) = get("/api/cards");
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/json");
    let db: Database = serde_json::from_str(&body).unwrap();
    assert_eq!(db, Database::embedded().unwrap());
    let value: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(value["pilots"][0]["xws"], "croccruiser");
    assert_eq!(value["pilots"][0]["id"], 101);
    assert_eq!(value["upgrades"].as_array().unwrap().len(), 362);
}

#[test]
fn the_card_index_links_every_shelf_and_filters_by_address() {
    let (status, _, body) = get("/cards");
    assert_eq!(status, StatusCode::OK);
    let db = Database::embedded().unwrap();
    for faction in db.faction_shelves() {
        assert!(body.contains(&faction.name), "{}", faction.name);
        for link in &faction.ships {
            assert!(
                body.contains(&format!("href=\"{}\"", link.href)),
                "{}",
                link.href
            );
        }
    }
    for link in db.slot_shelves() {
        assert!(
            body.contains(&format!("href=\"{}\"", link.href)),
            "{}",
            link.href
        );
    }
    assert!(body.contains(&format!("{} cards", db.cards().count())));
    // A filter is an address: its matches are in the served page.
    let (_, _, body) = get("/cards?q=heavy+laser+turret");
    assert!(body.contains("href=\"/cards/heavylaserturret\""));
    assert!(unescape(&body).contains("1 of 659 cards match"));
    // Many matches: the first 40, and how many there are.
    let (_, _, body) = get("/cards?q=attack");
    assert!(unescape(&body).contains("the first 40 are listed"));
    assert!(body.matches("class=\"card-item\"").count() == 40);
}

/// Every shelf of the index answers with its cards, each linked to its
/// page; no shelf is the whole pool.
#[test]
fn every_shelf_lists_its_cards() {
    let db = Database::embedded().unwrap();
    let links = db
        .faction_shelves()
        .into_iter()
        .flat_map(|f| f.ships)
        .chain(db.slot_shelves());
    for link in links {
        let (status, _, body) = get(&link.href);
        assert_eq!(status, StatusCode::OK, "{}", link.href);
        let text = unescape(&body);
        let mut parts = link.href.trim_start_matches("/cards/").split('/');
        let shelf = db
            .shelf(parts.next().unwrap(), parts.next().unwrap())
            .unwrap();
        for card in shelf.cards() {
            assert!(
                text.contains(card.name()),
                "{} missing from {}",
                card.name(),
                link.href
            );
            assert!(text.contains(&format!("/cards/{}", db.card_key(card))));
        }
        assert_eq!(
            body.matches("class=\"card-item\"").count(),
            link.count,
            "{}",
            link.href
        );
    }
    for unknown in [
        "/cards/rebel/croccruiser",
        "/cards/upgrades/nosuchslot",
        "/cards/x/y",
    ] {
        let (status, _, body) = get(unknown);
        assert_eq!(status, StatusCode::NOT_FOUND, "{unknown}");
        assert!(body.contains("Shelf not found"));
    }
}

/// The pages of the size table (issue 16) stay under 60 KB compressed:
/// gzip at its default level, which any browser accepts
/// (scripts/page-sizes prints what the server sends).
#[test]
fn the_listed_pages_are_under_60_kb_compressed() {
    use std::io::Write;
    let code = cards::squad::link::encode(&twenty_ship_squad());
    for path in [
        "/build".to_string(),
        format!("/build?s={code}"),
        "/cards".into(),
        "/search?q=energy".into(),
        "/rules/huge-ships".into(),
    ] {
        let (status, _, body) = get(&path);
        assert_eq!(status, StatusCode::OK, "{path}");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(body.as_bytes()).unwrap();
        let compressed = gz.finish().unwrap().len();
        assert!(
            compressed < 60_000,
            "{path}: {compressed} bytes gzip, {} raw",
            body.len()
        );
    }
}

/// The squad of scripts/squads.py: a C-ROC with its cards and 19 Cartel
/// Spacers with Heavy Scyk, ARC Caster and a shield.
fn twenty_ship_squad() -> cards::squad::Squad {
    let spacer = r#"{"name": "cartelspacer", "ship": "m3ainterceptor",
        "upgrades": {"title": ["heavyscykinterceptor"], "cannon": ["arccaster"], "mod": ["pulsedrayshield"]}}"#;
    let croc = r#"{"name": "croccruiser", "ship": "croccruiser",
        "upgrades": {"title": ["merchantone"], "crew": ["jabbathehutt", "cikatrovizago"],
                     "team": ["igrmthugdroids"], "hardpoint": ["heavylaserturret"],
                     "cargo": ["superchargedpowercells", "quickreleasecargolocks"]}}"#;
    let pilots = std::iter::once(croc)
        .chain(std::iter::repeat_n(spacer, 19))
        .collect::<Vec<_>>()
        .join(",");
    let xws = format!(r#"{{"version": "1.0.0", "faction": "scum", "pilots": [{pilots}]}}"#);
    let rules = cards::squad::Rules::embedded().unwrap();
    let imported = cards::squad::xws::import(&rules, &xws, None).unwrap();
    assert_eq!(imported.squad.ships.len(), 20);
    imported.squad
}

/// Names that repeat get keys with the slot or ship: each card has its page.
#[test]
fn cards_whose_names_repeat_have_a_page_each() {
    let (status, _, crew) = get("/cards/hansolo.crew");
    assert_eq!(status, StatusCode::OK);
    let (status, _, pilot) = get("/cards/hansolo.yt1300");
    assert_eq!(status, StatusCode::OK);
    assert!(unescape(&crew).contains("Crew"));
    assert!(unescape(&pilot).contains("YT-1300"));
    assert_ne!(crew, pilot);
    let (status, _, _) = get("/cards/hansolo.nosuchship");
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[test]
fn a_dual_card_page_shows_both_faces() {
    let (status, _, body) = get("/cards/arccaster");
    assert_eq!(status, StatusCode::OK);
    let text = unescape(&body);
    assert!(text.contains("ARC Caster (Recharging)"));
    assert!(text.contains("Then flip this card."));
    assert!(text.contains("weapons disabled token to flip this card."));
    assert!(text.contains("Rebel and Scum only. Dual card."));
    assert!(text.contains("Range 1"));
}

#[test]
fn a_pilot_page_shows_the_printed_card() {
    let (status, _, body) = get("/cards/tansariipointveteran");
    assert_eq!(status, StatusCode::OK);
    let text = unescape(&body);
    assert!(text.contains("Tansarii Point Veteran"));
    assert!(text.contains("M3-A Interceptor (printed “Scyk Fighter”)"));
    assert!(text.contains("Elite"));
    assert!(text.contains("17"));
    let (_, _, croc) = get("/cards/croccruiser");
    let croc = unescape(&croc);
    for word in [
        "Recover",
        "Reinforce",
        "Target Lock",
        "Jam",
        "Hardpoint",
        "Cargo",
        "35",
    ] {
        assert!(croc.contains(word), "{word} missing from the C-ROC page");
    }
}

#[test]
fn unknown_cards_and_pages_answer_404() {
    let (status, _, body) = get("/cards/notacard");
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("Card not found"));
    let (status, _, _) = get("/no/such/page");
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[test]
fn the_rules_reference_renders_every_document_with_addressed_sections() {
    let (status, _, body) = get("/rules");
    assert_eq!(status, StatusCode::OK);
    for doc in [
        "huge-ships",
        "huge-ships-summary",
        "solo-alpha",
        "mission-dreadnought",
    ] {
        assert!(body.contains(&format!("href=\"/rules/{doc}\"")), "{doc}");
    }
    assert!(body.contains("href=\"/rules/huge-ships#recover\""));
    let (status, _, body) = get("/rules/huge-ships");
    assert_eq!(status, StatusCode::OK);
    // Sections by id, the table of contents, the seed's text.
    assert!(body.contains("id=\"recover\""));
    assert!(body.contains("href=\"/rules/huge-ships#ion-tokens\""));
    assert!(body.contains("For each energy token removed, that ship recovers one shield."));
    // Rule words link to their sections (here "energy" in the recover rule).
    assert!(
        markup(&body)
            .contains("<a href=\"/rules/huge-ships#energy\" class=\"rule-word\">energy</a>")
    );
    // Both simulators are on the page, rendered on the server.
    assert!(body.contains("id=\"energy-simulator\""));
    assert!(body.contains("id=\"dice-simulator\""));
    let (status, _, body) = get("/rules/warp-drive");
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("No such rules document"));
}

#[test]
fn a_shared_simulator_address_renders_its_results_on_the_server() {
    // 3 attack dice against the reinforced C-ROC: 50%, 37.5%, 12.5%.
    let (status, _, body) = get(
        "/rules/huge-ships?a=3&d=0&reinforce=1&up=insatiableworrt&start=full&rounds=1S.s2~1S.recover",
    );
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("50.00%") && body.contains("37.50%") && body.contains("12.50%"));
    // Catalogue words sit between the renderer's `<!>` markers.
    let body = markup(&body);
    assert!(
        body.contains("gains 3 energy (Insatiable Worrt)"),
        "the energy log is in the page"
    );
    // A damaged address says what it could not read, and the page still renders.
    let (status, _, body) = get("/rules/huge-ships?a=99&rounds=1S.dance");
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("attack must be 0 to 12 dice, not 99"));
    assert!(body.contains("`dance` is not a round part"));
}

#[test]
fn card_pages_link_their_rule_words() {
    let (_, _, body) = get("/cards/insatiableworrt");
    assert!(
        markup(&body)
            .contains("<a href=\"/rules/huge-ships#recover\" class=\"rule-word\">recover</a>")
    );
    let (_, _, body) = get("/cards/quickreleasecargolocks");
    assert!(
        markup(&body)
            .contains("<a href=\"/rules/huge-ships#limited\" class=\"rule-word\">Limited</a>")
    );
}

#[test]
fn a_shared_squad_link_renders_its_name_faction_and_points_in_the_head() {
    use cards::squad::{CardRef, SlotRef, Squad};
    let mut squad = Squad::new("epic", "scum");
    squad.name = "Merchant's <run>".into();
    squad.add_ship(CardRef::Id(101));
    squad.equip(0, SlotRef::new("title", 0), CardRef::Id(205));
    let code = cards::squad::link::encode(&squad);
    let (status, _, body) = get(&format!("/build?s={code}"));
    assert_eq!(status, StatusCode::OK);
    let head = unescape(&body[..body.find("</head>").unwrap()]);
    assert!(
        head.contains(
            "<title>Merchant's <run> · Scum and Villainy · 37/300 points · Merchant One</title>"
        ),
        "{head}"
    );
    assert!(head.contains(
        r#"property="og:title" content="Merchant's <run> · Scum and Villainy · 37/300 points""#
    ));
    assert!(
        head.contains(r#"property="og:description" content="C-ROC Cruiser + Merchant One (37)""#)
    );
    // The page itself shows the squad before any script runs.
    assert!(body.contains("C-ROC Cruiser"));
    assert!(markup(&body).contains("37 / 300 points · 263 left"));
}

#[test]
fn a_damaged_or_foreign_link_still_answers_the_builder_with_the_reason() {
    for code in ["v1.garbage!!", "v9.AAAA", "", "%F0%9F%9A%80", "v1."] {
        let (status, _, body) = get(&format!("/build?s={code}"));
        assert_eq!(status, StatusCode::OK, "{code}");
        assert!(body.contains("Squad builder"), "{code}");
    }
    let (_, _, body) = get("/build?s=v1.garbage!!");
    assert!(unescape(&body).contains("the link is damaged"));
}

#[test]
fn the_search_page_renders_its_results_on_the_server() {
    let (status, _, body) = get("/search?q=reinforce&kind=upgrade");
    assert_eq!(status, StatusCode::OK);
    let body = unescape(&body);
    assert!(body.contains("Broken Horn"), "{body}");
    assert!(body.contains("<b>reinforce</b>"));
    assert!(body.contains("<title>Search: reinforce · Merchant One</title>"));
    let (status, _, body) = get("/search?kind=starship&q=%22((");
    assert_eq!(status, StatusCode::OK);
    assert!(unescape(&body).contains("unknown kind `starship`"));
}

#[test]
fn a_bad_card_folder_is_refused_with_its_errors() {
    let dir = std::env::temp_dir().join(format!("merchant-one-app-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = Args::parse_from(["merchant-one", "--cards", dir.to_str().unwrap()]);
    let errors = load_cards(&args).unwrap_err();
    assert_eq!(
        errors.0.len(),
        cards::catalog::FILES.len(),
        "each missing file is reported"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_solo_and_dreadnought_pages_carry_their_simulators() {
    let (status, _, body) = get("/rules/solo-alpha");
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("id=\"solo-simulator\""));
    // The four charts, each cell with its chance: evade/hit is 3/8 x 3/8 = 9/64.
    for chart in ["bullseye", "front", "side", "rear"] {
        assert!(body.contains(&format!("data-chart=\"{chart}\"")), "{chart}");
    }
    assert!(body.contains("9/64 (14.1%)"));
    let (status, _, body) = get("/rules/mission-dreadnought");
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("id=\"dreadnought-simulator\""));
    assert!(body.contains("Abomination"));
}

/// Markup a stranger may put in any address the pages echo.
const HOSTILE: [&str; 3] = [
    "</title><script>alert('xss-a')</script>",
    "\"><img src=x onerror=alert('xss-b')>",
    "</script><script>alert('xss-c')</script>",
];

fn enc(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// The raw bytes the server sends hold none of the payload's markup.
fn assert_no_markup_from(path: &str, body: &str) {
    for bad in ["<script>alert", "<img src=x", "\"><img", "</title><script"] {
        assert!(!body.contains(bad), "{path}: `{bad}` came back unescaped");
    }
}

#[test]
fn no_route_echoes_markup_unescaped() {
    for payload in HOSTILE {
        let p = enc(payload);
        let mut squad = cards::squad::Squad::new(payload, payload);
        squad.name = payload.to_string();
        squad.notes = payload.to_string();
        squad.ships.push(cards::squad::SquadShip {
            pilot: cards::squad::CardRef::Xws(payload.to_string()),
            upgrades: vec![cards::squad::Equipped {
                card: cards::squad::CardRef::Xws(payload.to_string()),
                slot: Some(cards::squad::SlotRef::new(payload, 0)),
                choice: Some(payload.to_string()),
            }],
        });
        let code = cards::squad::link::encode(&squad);
        let paths = [
            format!("/search?q={p}"),
            format!("/search?q={p}&faction={p}&kind={p}&slot={p}"),
            format!("/build?s={code}"),
            format!("/build?s={p}"),
            format!("/build?s={}", &code[..code.len() / 2]),
            format!("/rules/huge-ships?pilot={p}&up={p},{p}&start={p}&rounds=1S.{p}~{p}"),
            format!("/rules/huge-ships?a={p}&d={p}&r={p}&rule={p}"),
            format!("/rules/solo-play-alpha?ship={p}&arc={p}"),
            format!("/rules/{p}"),
            format!("/cards/{p}"),
            format!("/cards?q={p}"),
            format!("/cards/{p}/{p}"),
            format!("/search?q={p}&size={p}&skill={p}"),
            format!("/rules/huge-ships?pilot={p}&pilot2={p}&up2={p}"),
            format!("/{p}"),
        ];
        for path in paths {
            let (_, _, body) = get(&path);
            assert_no_markup_from(&path, &body);
        }
    }
}

#[test]
fn the_squad_name_is_escaped_in_the_title_and_the_preview_tags() {
    let mut squad = cards::squad::Squad::new("epic", "scum");
    squad.name = HOSTILE[0].to_string();
    let (status, _, body) = get(&format!("/build?s={}", cards::squad::link::encode(&squad)));
    assert_eq!(status, StatusCode::OK);
    let title = body
        .split("<title>")
        .nth(1)
        .unwrap()
        .split("</title>")
        .next()
        .unwrap();
    assert!(
        title.starts_with("&lt;/title&gt;&lt;script&gt;alert("),
        "{title}"
    );
    assert!(
        body.contains("content=\"&lt;/title&gt;") || body.contains("content=\"</title>&lt;"),
        "the og:title is escaped"
    );
}

/// A hostile address gives a page no bigger than the page without it, give
/// or take the reason: its input is refused, not rendered.
fn assert_no_bigger_than_the_plain_page(body: &str) {
    let (_, _, plain) = get("/rules/huge-ships");
    assert!(
        body.len() < plain.len() + 20_000,
        "the page is {} bytes, {} without the hostile input",
        body.len(),
        plain.len()
    );
}

/// A filter of thousands of words on /cards reads the first few:
/// the page answers as for those, no bigger.
#[test]
fn a_huge_card_filter_is_bounded() {
    let words = vec!["energy"; 5_000].join("+");
    let (status, _, body) = get(&format!("/cards?q={words}"));
    assert_eq!(status, StatusCode::OK);
    let (_, _, plain) = get("/cards?q=energy");
    assert_eq!(
        body.matches("class=\"card-item\"").count(),
        plain.matches("class=\"card-item\"").count()
    );
    assert!(body.len() < plain.len() + 20_000, "{} bytes", body.len());
}

#[test]
fn simulator_addresses_are_bounded() {
    // Ten thousand upgrade names (short ones: a head over 64 KiB is
    // refused before any page), then ten thousand rounds: bounded pages
    // with the reason.
    let names = vec!["hlt"; 10_000].join(",");
    let (status, _, body) = get(&format!(
        "/rules/huge-ships?up={}&rounds=1S.fire",
        &names[..]
    ));
    assert_eq!(status, StatusCode::OK);
    assert_no_bigger_than_the_plain_page(&body);
    assert!(
        unescape(&body).contains("a ship holds at most 16 upgrades"),
        "no reason given"
    );
    let rounds = vec!["1S"; 10_000].join("~");
    let (status, _, body) = get(&format!(
        "/rules/huge-ships?up=heavylaserturret&rounds={rounds}"
    ));
    assert_eq!(status, StatusCode::OK);
    assert_no_bigger_than_the_plain_page(&body);
    assert!(unescape(&body).contains("at most 30 rounds"));
    // A name too long to be a card.
    let (_, _, body) = get(&format!("/rules/huge-ships?up={}", "x".repeat(100)));
    assert!(unescape(&body).contains("an upgrade name is 100 bytes long"));
}

/// Issue 37: YASB's own path with our host (`/xwing/?f=…&d=…`) goes to the
/// builder with the query as it was, and `/build?f=…&d=…` renders the squad.
#[test]
fn a_yasb_address_with_our_host_opens_in_the_builder() {
    let query = "f=Scum%20and%20Villainy&d=v4!e!244:224,-1,223,234,-1,-1,-1:49:-1:U.-1,U.-1;107::17:-1:U.-1&sn=Run&obs=coreasteroid5";
    for path in ["/xwing/", "/xwing"] {
        let response = runtime().block_on(async {
            app()
                .oneshot(
                    Request::get(format!("{path}?{query}"))
                        .body(Body::empty())
                        .unwrap(),
                )
                .await
                .unwrap()
        });
        assert_eq!(response.status(), StatusCode::PERMANENT_REDIRECT);
        assert_eq!(
            response.headers()["location"].to_str().unwrap(),
            format!("/build?{query}")
        );
    }
    let (status, _, html) = get(&format!("/build?{query}"));
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("<title>Run · Scum and Villainy ·"),
        "{}",
        &html[..html.len().min(600)]
    );
    assert!(html.contains("Cikatro Vizago"));
    // Without a query, the empty builder.
    let response = runtime().block_on(async {
        app()
            .oneshot(Request::get("/xwing/").body(Body::empty()).unwrap())
            .await
            .unwrap()
    });
    assert_eq!(response.headers()["location"], "/build");
}

/// The dark modules of the QR code's SVG path (`M x y h1 v1 H x V y`
/// squares, one per module), as a greyscale picture scaled 4 times.
fn qr_picture(svg: &str) -> (usize, Vec<u8>) {
    let size: usize = svg
        .split("viewBox=\"0 0 ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    let path = svg
        .split(" d=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let scale = 4;
    let mut pixels = vec![255u8; size * size * scale * scale];
    for square in path.split('M').filter(|s| !s.is_empty()) {
        let mut numbers = square
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|n| n.parse::<usize>().unwrap());
        let (x, y) = (numbers.next().unwrap(), numbers.next().unwrap());
        for dy in 0..scale {
            for dx in 0..scale {
                pixels[(y * scale + dy) * size * scale + x * scale + dx] = 0;
            }
        }
    }
    (size * scale, pixels)
}

/// Whether a card text is in `html` with its tokens drawn as glyphs: each
/// run of words between them is there.
fn drawn(html: &str, text: &str) -> bool {
    cards::symbols::text_pieces(text)
        .into_iter()
        .all(|piece| match piece {
            cards::symbols::TextPiece::Words(w) => html.contains(w),
            cards::symbols::TextPiece::Symbol(_) => true,
        })
}

/// The printout of a shared link: every equipped card's full text, each
/// ship's dial, the squad's points and format, and a QR code that reads
/// back as the squad's address.
#[test]
fn the_printout_holds_every_card_text_each_dial_and_a_qr_code_of_the_link() {
    let code = nine_ship_code();
    let (status, _, html) = get(&format!("/build/print?s={code}"));
    assert_eq!(status, StatusCode::OK);
    let text = unescape(&html);
    let rules = cards::squad::Rules::embedded().unwrap();
    let squad = cards::squad::link::decode(&code).unwrap();
    for ship in &squad.ships {
        let pilot = ship.pilot.pilot(&rules.db).unwrap();
        assert!(text.contains(&pilot.name), "{}", pilot.name);
        if let Some(ability) = &pilot.ability {
            assert!(drawn(&text, ability), "{}'s ability", pilot.name);
        }
        for e in &ship.upgrades {
            let card = e.card.upgrade(&rules.db).unwrap();
            let face = card.face_in_play(e.choice.as_deref());
            assert!(drawn(&text, &face.text), "{}'s text", face.name);
        }
    }
    let sheet = text.split("<article").nth(1).unwrap();
    for token in ["[Hit]", "[Critical Hit]", "[Focus]", "[Boost]"] {
        assert!(!sheet.contains(token), "{token} is drawn, not written");
    }
    assert_eq!(
        html.matches("<table class=\"dial\"").count(),
        9,
        "a dial per ship"
    );
    assert!(
        text.contains("1 bank left, white, 2 energy"),
        "the C-ROC's dial gives energy"
    );
    assert!(text.contains("Epic (Epic Variant Regulations 2018) · 356/300 points"));

    let svg_at = html.find("class=\"qr\"><svg").unwrap();
    let svg = &html[svg_at..html[svg_at..].find("</figure>").unwrap() + svg_at];
    let (side, pixels) = qr_picture(svg);
    let mut picture =
        rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| pixels[y * side + x]);
    let grids = picture.detect_grids();
    assert_eq!(grids.len(), 1);
    let (_, content) = grids[0].decode().unwrap();
    assert_eq!(content, format!("http://127.0.0.1:3000/build?s={code}"));
}

/// The compact printout keeps the names and dials, without card texts.
#[test]
fn the_compact_printout_leaves_the_texts_out() {
    let code = nine_ship_code();
    let (status, _, html) = get(&format!("/build/print?s={code}&compact=1"));
    assert_eq!(status, StatusCode::OK);
    let text = unescape(&html);
    assert!(text.contains("Heavy Laser Cannon"));
    assert!(!text.contains("Immediately after rolling your attack dice"));
    assert_eq!(html.matches("<table class=\"dial\"").count(), 9);
}

/// A stranger's code is written back into the printout's links as one
/// parameter, escaped, and gets no QR code.
#[test]
fn a_strange_code_stays_one_parameter_of_the_printouts_links() {
    let (status, _, html) = get("/build/print?s=v3.x%26compact%3D1%22%3E%3Cb%3E");
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("href=\"/build?s=v3.x%26compact%3D1%22%3E%3Cb%3E\""),
        "{html}"
    );
    assert!(!html.contains("<b>"));
    assert!(!html.contains("class=\"qr\""));
}

/// The printout prints the dial a ship flies, each recoloured maneuver
/// outlined and its card named, and each changed stat and gained action
/// marked with its card.
#[test]
fn the_printout_prints_the_ship_as_its_cards_make_it_fly() {
    use cards::squad::{CardRef, Squad};
    let mut squad = Squad::new("standard", "rebel");
    squad.add_ship(CardRef::Xws("rookiepilot".into()));
    for card in ["r2astromech", "shieldupgrade"] {
        squad.ships[0]
            .upgrades
            .push(cards::squad::Equipped::new(CardRef::Xws(card.into()), None));
    }
    let code = cards::squad::link::encode(&squad);
    let (status, _, html) = get(&format!("/build/print?s={code}"));
    assert_eq!(status, StatusCode::OK);
    let text = unescape(&html);
    assert_eq!(
        html.matches("class=\"maneuver green changed\"").count(),
        4,
        "2 turns and 2 banks, printed white"
    );
    assert_eq!(
        html.matches(" changed\"").count(),
        5,
        "4 maneuvers and the shields"
    );
    assert!(text.contains("<span class=\"change-note\">green: R2 Astromech</span>"));
    assert!(text.contains("<div class=\"stat shields changed\">"));
    assert!(text.contains("<span class=\"change-note\">Shields: Shield Upgrade</span>"));
    assert!(text.contains("<p class=\"print-changes\">* green: R2 Astromech</p>"));
}

/// The printout's options come from its address: black and white, a space
/// for each ship's damage cards, the obstacles as boxes to tick; its notes
/// are printed, and the squad's name reaches every page's header as a CSS
/// string, escaped.
#[test]
fn the_printout_takes_its_options_from_the_address_and_prints_the_notes() {
    let mut squad = cards::squad::link::decode(&nine_ship_code()).unwrap();
    squad.name = "Run <script>alert(\"x\")</script>".into();
    squad.notes = "Deploy the C-ROC last.\nFocus the Y-wings.".into();
    squad.obstacles = vec!["core-asteroid-1".into(), "core-asteroid-2".into()];
    let code = cards::squad::link::encode(&squad);
    let (status, _, html) = get(&format!("/build/print?s={code}&bw=1&damage=1&checklist=1"));
    assert_eq!(status, StatusCode::OK);
    let text = unescape(&html);
    assert!(html.contains("<article class=\"printout bw with-damage\">"));
    assert_eq!(html.matches("class=\"damage-space\"").count(), 9);
    assert!(text.contains("Deploy the C-ROC last.\nFocus the Y-wings."));
    assert_eq!(html.matches("<li>☐ ").count(), 2, "a box per obstacle");
    assert!(!html.contains("<script>alert"));
    let style = html
        .split("<html")
        .nth(1)
        .and_then(|h| h.split('>').next())
        .unwrap();
    assert!(
        style.contains("style=\"--squad-name: &quot;Run &lt;script&gt;alert(\\&quot;x\\&quot;)&lt;/script&gt;&quot;"),
        "{style}"
    );
    // Each option is a box that reopens the printout with it turned.
    assert!(html.contains("data-option=\"bw\" href=\"/build/print?s="));
    assert!(html.contains("aria-checked=\"true\""));
    let (_, _, plain) = get(&format!("/build/print?s={code}"));
    assert!(plain.contains("<article class=\"printout\">"));
    assert!(!plain.contains("damage-space") && !plain.contains("<li>☐ "));
}

/// Every stat and action the issue names, changed by its card, is marked
/// on the printout with the card's name.
#[test]
fn the_printout_marks_each_changed_stat_and_gained_action() {
    use cards::squad::{CardRef, Equipped, Squad};
    let cases = [
        (
            "rebel",
            "rookiepilot",
            "hullupgrade",
            "<div class=\"stat hull changed\">",
            "Hull: Hull Upgrade",
        ),
        (
            "rebel",
            "rookiepilot",
            "stealthdevice",
            "<div class=\"stat agility changed\">",
            "Agility: Stealth Device",
        ),
        (
            "rebel",
            "rookiepilot",
            "shieldupgrade",
            "<div class=\"stat shields changed\">",
            "Shields: Shield Upgrade",
        ),
        (
            "scum",
            "cartelspacer",
            "heavyscykinterceptor",
            "<div class=\"stat hull changed\">",
            "Hull: \"Heavy Scyk\" Interceptor",
        ),
        (
            "rebel",
            "rookiepilot",
            "engineupgrade",
            "<span class=\"action changed\">",
            "Boost: Engine Upgrade",
        ),
    ];
    for (faction, pilot, card, marked, note) in cases {
        let mut squad = Squad::new("standard", faction);
        squad.add_ship(CardRef::Xws(pilot.into()));
        let choice = (card == "heavyscykinterceptor").then(|| "cannon".to_string());
        squad.ships[0].upgrades.push(Equipped {
            card: CardRef::Xws(card.into()),
            slot: None,
            choice,
        });
        let code = cards::squad::link::encode(&squad);
        let (status, _, html) = get(&format!("/build/print?s={code}"));
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains(marked), "{card}: {marked}");
        let text = unescape(&html);
        assert!(
            text.contains(&format!("<span class=\"change-note\">{note}</span>")),
            "{card}: {note}"
        );
    }
}

/// `/play`: every ship of the squad in play, at full shields with no
/// damage, from the server's HTML; a damaged code says it cannot be read.
#[test]
fn the_play_page_sets_every_ship_on_the_table() {
    let code = nine_ship_code();
    let (status, _, html) = get(&format!("/play?s={code}"));
    assert_eq!(status, StatusCode::OK);
    let html = markup(&html);
    assert_eq!(html.matches(r#"<article data-ship="mine-"#).count(), 9);
    assert!(html.contains("Round 1"), "the round bar");
    assert!(
        html.contains(r#"class="play-ship-energy""#),
        "the C-ROC's energy"
    );
    assert!(
        !html.contains("data-ship=\"theirs-"),
        "no opponent without a link"
    );
    let bad = format!("/play?s={}", &code[..code.len() - 4]);
    let (status, _, html) = get(&bad);
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("The squad link cannot be read"), "{bad}");
    assert!(!html.contains("play-ship\""), "no table for a damaged code");
    let (_, _, german) = get(&format!("/de/play?s={code}"));
    assert!(german.contains("Runde 1"), "the German page");
}

/// Every page names the web app's manifest, and the address it was drawn
/// for, so that a service worker's copy of another address is drawn afresh.
#[test]
fn pages_name_their_manifest_and_their_address() {
    let (_, _, html) = get("/build?s=v3.abc");
    assert!(html.contains(r#"<link rel="manifest" href="/manifest.webmanifest">"#));
    assert!(html.contains(r#"<meta name="rendered-for" content="/build?s=v3.abc">"#));
    assert!(
        html.contains(r#"id="update-ready""#),
        "the update notice, hidden"
    );
    let (_, _, german) = get("/de/cards");
    assert!(german.contains(r#"<meta name="rendered-for" content="/de/cards">"#));
    assert!(german.contains("Eine neue Version ist bereit."));
}
