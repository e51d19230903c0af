//! The squad against the player's collection: covered, or what is missing
//! (each with the products that hold it) and the fewest products to buy.

use std::sync::Arc;

use cards::catalog::{Card, CardWords, Database};
use cards::collection::{Coverage, Owned, Piece, Purchase, Shortfall, cheapest_purchase, cover};
use cards::squad::{Rules, Squad};
use leptos::prelude::*;

use super::Ctx;
use super::words::fill;
use crate::browser;
use crate::components::game_terms;
use crate::components::worded;
use crate::i18n::{t, td_string};
use crate::lang::{Locale, use_i18n};

/// What the section shows, worked out from the squad and the collection.
#[derive(Clone, PartialEq)]
enum Check {
    /// The collection is not read yet (on the server, before hydration).
    Unknown,
    NoCollection,
    /// The squad checked against a collection, in the page's words.
    Checked(Lines),
}

/// The lines of a check: what is missing, and what to buy (or why there
/// is no answer). Both empty: the collection covers the squad.
#[derive(Clone, PartialEq)]
struct Lines {
    missing: Vec<MissingLine>,
    buy: Result<Vec<BuyLine>, String>,
}

#[component]
pub fn CollectionCheck() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let check = LocalResource::new(move || {
        let owned = ctx.owned.get();
        let asked = (owned.as_ref()).filter(|o| !o.is_empty()).map(|_| {
            let pieces = Pieces {
                locale: ctx.locale(),
                words: ctx.words.get_value(),
            };
            (ctx.rules.get_value(), ctx.squad.get(), pieces)
        });
        async move {
            match (owned, asked) {
                (None, _) => Check::Unknown,
                (Some(owned), Some((rules, squad, pieces))) => {
                    Check::Checked(check_squad(rules, owned, squad, pieces).await)
                }
                (Some(_), None) => Check::NoCollection,
            }
        }
    });
    let i18n = use_i18n();
    view! {
        <section class="collection-check print-hide" aria-labelledby="collection-check-heading">
            <h2 id="collection-check-heading">{t!(i18n, builder.your_collection)}</h2>
            {move || match check.get().unwrap_or(Check::Unknown) {
                Check::Unknown => {
                    view! { <p class="hint">{t!(i18n, builder.checking_collection)}</p> }.into_any()
                }
                Check::NoCollection => {
                    let href = crate::lang::localized("/collection");
                    view! {
                        <p class="hint">
                            {t!(
                                i18n,
                                builder.set_collection,
                                <a> = move |children: ChildrenFn| {
                                    view! { <a href=href.clone()>{children()}</a> }
                                }
                            )}
                        </p>
                    }
                        .into_any()
                }
                Check::Checked(lines) => view! { <CheckResult lines /> }.into_any(),
            }}
        </section>
    }
}

builder_tool! {
    /// The squad against a collection that is set, in the page's words.
    /// With `cargo leptos build --split` this is fetched once a collection is
    /// set, in the builder's tools file (`builder_tool!`):
    /// a first visit without a collection needs none of it.
    fn check_squad(rules: Arc<Rules>, owned: Owned, squad: Squad, pieces: Pieces) -> Lines {
        let db = &rules.db;
        let (coverage, purchase) = browser::measured("builder: collection check", || {
            let coverage = cover(db, &owned, &squad);
            let purchase = cheapest_purchase(db, &coverage).map_err(|e| e.to_string());
            (coverage, purchase)
        });
        Lines {
            missing: missing_lines(db, &pieces, &coverage),
            buy: purchase.map(|p| buy_lines(db, &pieces, &p)),
        }
    }
}

/// A line of what is missing: what it is, and the products that hold it.
type MissingLine = (String, String);

/// A line of what to buy: the product (with its copies), and what it brings.
type BuyLine = (String, String);

/// The squad against a collection that does not cover it: how much is
/// missing, what to buy, and what is missing with where to find it.
#[component]
fn CheckResult(lines: Lines) -> impl IntoView {
    let i18n = use_i18n();
    let Lines { missing, buy } = lines;
    if missing.is_empty() {
        return view! {
            <p class="covered" id="collection-covered">
                {t!(i18n, builder.collection_covers)}
            </p>
        }
        .into_any();
    }
    let count = missing.len();
    view! {
        <p id="collection-missing-count">
            {t!(i18n, builder.collection_lacks, count = move || count)}
        </p>
        <h3>{t!(i18n, builder.what_to_buy)}</h3>
        {match buy {
            Ok(lines) => view! { <BuyList lines /> }.into_any(),
            Err(e) => view! { <p class="error">{e}</p> }.into_any(),
        }}
        <MissingList lines=missing />
    }
    .into_any()
}

/// Each missing piece in words, with the products that hold it (and how
/// many copies each holds, when more than one).
fn missing_lines(db: &Database, pieces: &Pieces, coverage: &Coverage) -> Vec<MissingLine> {
    coverage
        .missing
        .iter()
        .map(|s| {
            let holders: Vec<String> = s
                .holders
                .iter()
                .map(|(key, n)| {
                    let name = db
                        .product(key)
                        .map_or(key.as_str(), |p| p.name.as_str())
                        .to_string();
                    if *n > 1 {
                        format!("{name} (×{n})")
                    } else {
                        name
                    }
                })
                .collect();
            (pieces.shortfall(db, s), holders.join(", "))
        })
        .collect()
}

/// Each product to buy by name (with its copies, when more than one),
/// and what it brings to the squad.
fn buy_lines(db: &Database, pieces: &Pieces, purchase: &Purchase) -> Vec<BuyLine> {
    purchase
        .lines
        .iter()
        .map(|l| {
            let name = db
                .product(&l.product)
                .map_or(l.product.clone(), |p| worded::product_name(p).0);
            let brings: Vec<String> = l
                .contributes
                .iter()
                .map(|(piece, n)| format!("{n} × {}", pieces.describe(db, piece)))
                .collect();
            (
                if l.copies > 1 {
                    format!("{} × {name}", l.copies)
                } else {
                    name
                },
                brings.join("; "),
            )
        })
        .collect()
}

/// The fewest products to buy, in order.
#[component]
fn BuyList(lines: Vec<BuyLine>) -> impl IntoView {
    view! {
        <ol class="buy" id="collection-buy">
            {lines
                .into_iter()
                .map(|(product, brings)| {
                    view! {
                        <li>
                            <strong>{product}</strong>
                            <span class="brings">{format!(": {brings}")}</span>
                        </li>
                    }
                })
                .collect_view()}
        </ol>
    }
}

/// What is missing, with the products that hold it.
#[component]
fn MissingList(lines: Vec<MissingLine>) -> impl IntoView {
    let i18n = use_i18n();
    // A long list stays folded on a phone: what to buy comes first.
    let open_list = lines.len() <= 8;
    view! {
        <details class="missing-list" open=open_list>
            <summary>{t!(i18n, builder.what_is_missing)}</summary>
            <ul class="missing" id="collection-missing">
                {lines
                    .into_iter()
                    .map(|(what, holders)| {
                        view! {
                            <li>
                                {what}
                                <span class="holders">
                                    {t!(i18n, builder.held_in, products = holders)}
                                </span>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </details>
    }
}

/// How the collection check names pieces, in the page's language.
struct Pieces {
    locale: Locale,
    /// The cards' words in the page's language (`None` in English).
    words: Option<std::sync::Arc<CardWords>>,
}

impl Pieces {
    /// A piece as a player names it: "M3-A Interceptor ship model",
    /// "Cartel Spacer pilot card (M3-A Interceptor)", "Heavy Scyk (Title)".
    fn describe(&self, db: &Database, piece: &Piece) -> String {
        let words = self.words.as_deref();
        let ship_name = |xws: &str, english: &str| -> String {
            words
                .map_or(english, |w| w.ship_name(xws, english).0)
                .to_string()
        };
        match (piece, piece.card(db)) {
            (Piece::Model(id), _) => {
                let ship = match db.ships.iter().find(|s| s.id == *id) {
                    // The whole ship of two sections has no words of its own.
                    Some(s) => match &s.section_of {
                        Some(whole) => whole.clone(),
                        None => ship_name(&s.xws, &s.name),
                    },
                    None => fill(
                        td_string!(self.locale, builder.ship_number),
                        &[("id", &id.to_string())],
                    ),
                };
                fill(
                    td_string!(self.locale, builder.piece_model),
                    &[("ship", &ship)],
                )
            }
            (_, Some(card @ Card::Pilot(p))) => {
                let name = words.map_or(p.name.as_str(), |w| w.card_name(card));
                let ship = ship_name(&p.ship, db.ship_name(&p.ship));
                let args = [("pilot", name), ("ship", ship.as_str())];
                fill(td_string!(self.locale, builder.piece_pilot), &args)
            }
            (_, Some(card @ Card::Upgrade(u))) => {
                let name = words.map_or(u.name(), |w| w.card_name(card));
                format!("{name} ({})", game_terms::slot_name(db, u.slot()))
            }
            (_, None) => fill(
                td_string!(self.locale, builder.card_number),
                &[("id", &piece.content_line().1.to_string())],
            ),
        }
    }

    /// A missing piece: "a second Heavy Scyk (Title): you own 1", or
    /// "3 × M3-A Interceptor ship model: you own none".
    fn shortfall(&self, db: &Database, s: &Shortfall) -> String {
        let locale = self.locale;
        let what = self.describe(db, &s.piece);
        let owned = match s.owned {
            0 => td_string!(locale, builder.own_none).to_string(),
            n => fill(
                td_string!(locale, builder.own_some),
                &[("count", &n.to_string())],
            ),
        };
        match (s.missing(), s.owned) {
            (1, 0) => format!("{what}: {owned}"),
            (1, n) => {
                let nth = ordinal(locale, n + 1);
                let args = [("nth", nth.as_str()), ("what", &what), ("owned", &owned)];
                fill(td_string!(locale, builder.missing_another), &args)
            }
            (m, _) => format!("{m} × {what}: {owned}"),
        }
    }
}

/// "second", "third"… (in English words to the ninth).
fn ordinal(locale: Locale, n: u32) -> String {
    let word = match n {
        2 => td_string!(locale, builder.ordinal_2),
        3 => td_string!(locale, builder.ordinal_3),
        4 => td_string!(locale, builder.ordinal_4),
        5 => td_string!(locale, builder.ordinal_5),
        6 => td_string!(locale, builder.ordinal_6),
        7 => td_string!(locale, builder.ordinal_7),
        8 => td_string!(locale, builder.ordinal_8),
        9 => td_string!(locale, builder.ordinal_9),
        _ => td_string!(locale, builder.ordinal_n),
    };
    fill(word, &[("n", &n.to_string())])
}

/// The kept collection, read once the page is live.
pub fn read_owned(ctx: Ctx) {
    Effect::new(move |_| {
        let owned = ctx.db(|db| {
            let (collection, _) = crate::components::owned::load_kept(db);
            collection.resolve(db).unwrap_or_else(|_| Owned::default())
        });
        ctx.owned.set(Some(owned));
    });
}
