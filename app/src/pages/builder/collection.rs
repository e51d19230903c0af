//! The squad against the player's collection: covered, or what is missing
//! (each with the products that hold it) and the fewest products to buy.

use cards::catalog::Database;
use cards::collection::{Coverage, Owned, Purchase, cheapest_purchase, cover};
use leptos::prelude::*;

use super::Ctx;
use crate::browser;

/// What the section shows, worked out from the squad and the collection.
#[derive(Clone, PartialEq)]
enum Check {
    /// The collection is not read yet (on the server, before hydration).
    Unknown,
    NoCollection,
    Checked {
        coverage: Coverage,
        purchase: Result<Purchase, String>,
    },
}

#[component]
pub fn CollectionCheck() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let check = Memo::new(move |_| {
        let Some(owned) = ctx.owned.get() else {
            return Check::Unknown;
        };
        if owned.is_empty() {
            return Check::NoCollection;
        }
        browser::measured("builder: collection check", || {
            ctx.db(|db| {
                ctx.squad.with(|squad| {
                    let coverage = cover(db, &owned, squad);
                    let purchase = cheapest_purchase(db, &coverage).map_err(|e| e.to_string());
                    Check::Checked { coverage, purchase }
                })
            })
        })
    });
    view! {
        <section class="collection-check print-hide" aria-labelledby="collection-check-heading">
            <h2 id="collection-check-heading">"Your collection"</h2>
            {move || match check.get() {
                Check::Unknown => {
                    view! { <p class="hint">"Checking your collection…"</p> }.into_any()
                }
                Check::NoCollection => {
                    view! {
                        <p class="hint">
                            <a href=crate::lang::localized("/collection")>"Set your collection"</a>
                            " to see what this squad needs that you don't own, and what to buy."
                        </p>
                    }
                        .into_any()
                }
                Check::Checked { coverage, purchase } => {
                    view! { <CheckResult coverage purchase /> }.into_any()
                }
            }}
        </section>
    }
}

/// A line of what is missing: what it is, and the products that hold it.
type MissingLine = (String, String);

/// A line of what to buy: the product (with its copies), and what it brings.
type BuyLine = (String, String);

/// The squad against a collection that does not cover it: how much is
/// missing, what to buy, and what is missing with where to find it.
#[component]
fn CheckResult(coverage: Coverage, purchase: Result<Purchase, String>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    if coverage.is_covered() {
        return view! {
            <p class="covered" id="collection-covered">
                "Your collection covers this squad."
            </p>
        }
        .into_any();
    }
    let missing = ctx.db(|db| missing_lines(db, &coverage));
    let count = missing.len();
    let buy = ctx.db(|db| purchase.map(|p| buy_lines(db, &p)));
    view! {
        <p id="collection-missing-count">
            {format!("Your collection lacks {count} of what this squad needs.")}
        </p>
        <h3>"What to buy"</h3>
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
fn missing_lines(db: &Database, coverage: &Coverage) -> Vec<MissingLine> {
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
            (s.describe(db), holders.join(", "))
        })
        .collect()
}

/// Each product to buy by name (with its copies, when more than one),
/// and what it brings to the squad.
fn buy_lines(db: &Database, purchase: &Purchase) -> Vec<BuyLine> {
    purchase
        .lines
        .iter()
        .map(|l| {
            let name = db
                .product(&l.product)
                .map_or(l.product.clone(), |p| p.name.clone());
            let brings: Vec<String> = l
                .contributes
                .iter()
                .map(|(piece, n)| format!("{n} × {}", piece.describe(db)))
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
    // A long list stays folded on a phone: what to buy comes first.
    let open_list = lines.len() <= 8;
    view! {
        <details class="missing-list" open=open_list>
            <summary>"What is missing, and the products that hold it"</summary>
            <ul class="missing" id="collection-missing">
                {lines
                    .into_iter()
                    .map(|(what, holders)| {
                        view! {
                            <li>
                                {what}<span class="holders">{format!(" — in {holders}")}</span>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </details>
    }
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
