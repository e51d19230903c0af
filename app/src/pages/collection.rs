//! `/collection`: the products and loose cards the player owns, kept in
//! this browser, carried as a file or a link. Opening a link or a file
//! never replaces a collection behind the player's back: a damaged one is
//! refused with the reason, and a good one replaces a non-empty
//! collection only when the player says so.

use std::sync::Arc;

use cards::catalog::{Card, Database, FilterWords, Product};
use cards::collection::{Collection, by_faction, by_wave, link};
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::hooks::use_query_map;

use crate::browser;
use crate::components::copy::LinkToCopy;
use crate::components::error_words::browser_error;
use crate::components::game_terms::{faction_name, slot_name};
use crate::components::owned::{load_kept, save_kept};
use crate::components::worded;
use crate::components::{Alert, WithRules};
use crate::i18n::fill;
use crate::i18n::{t, t_string, tu_string};
use crate::lang::{Locale, use_i18n};

/// Where an offered collection comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Link,
    File,
}

/// "Your collection is now the one from the link." (or the file).
fn now_from(source: Source) -> String {
    let i18n = use_i18n();
    match source {
        Source::Link => tu_string!(i18n, collection.now_from_link),
        Source::File => tu_string!(i18n, collection.now_from_file),
    }
    .to_string()
}

/// What the collection editor shares: the collection, one offered in
/// its place, and what the page says of them.
#[derive(Clone, Copy)]
struct EditorState {
    db: StoredValue<Arc<Database>>,
    collection: RwSignal<Collection>,
    /// A collection from a link or a file, waiting for "Replace mine".
    offered: RwSignal<Option<(Collection, Source)>>,
    status: RwSignal<Option<String>>,
    problem: RwSignal<Option<String>>,
    /// The page's language, for why the browser refused to keep the
    /// collection (the edits run outside the page's context).
    locale: Locale,
}

impl EditorState {
    /// Changes the collection and keeps it.
    fn change(&self, f: impl FnOnce(&mut Collection)) {
        self.collection.update(f);
        self.keep();
    }

    fn keep(&self) {
        let kept = self.collection.with_untracked(save_kept);
        let l = self.locale;
        self.problem.set(kept.err().map(|e| browser_error(l, &e)));
    }

    /// A collection read from a link or a file: taken at once when the
    /// kept one is empty, otherwise offered.
    fn receive(&self, incoming: Collection, source: Source) {
        if self.collection.with_untracked(Collection::is_empty) {
            self.collection.set(incoming);
            self.keep();
            self.status.set(Some(now_from(source)));
        } else {
            self.offered.set(Some((incoming, source)));
        }
    }
}

#[component]
pub fn CollectionPage() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Title text=crate::components::live_title(move || {
            t_string!(i18n, collection.title).to_string()
        }) />
        <Meta name="description" content=move || t_string!(i18n, collection.description) />
        <h1>{t!(i18n, collection.title)}</h1>
        <p class="lead">{t!(i18n, collection.lead)}</p>
        <WithRules render=|rules| {
            view! { <CollectionEditor db=rules.db.clone() /> }
        } />
    }
}

#[component]
fn CollectionEditor(db: Arc<Database>) -> impl IntoView {
    let editor = EditorState {
        db: StoredValue::new(db),
        collection: RwSignal::new(Collection::default()),
        offered: RwSignal::new(None),
        status: RwSignal::new(None),
        problem: RwSignal::new(None),
        locale: use_i18n().get_locale_untracked(),
    };
    let query = use_query_map();
    // Storage and the address exist only in the browser: read them once
    // the page is live. Untracked: a second run would find the unreadable
    // entry already set aside and clear the alert that says so.
    Effect::new(move |_| {
        untrack(move || {
            let (kept, problem) = editor.db.with_value(|db| load_kept(db));
            editor.collection.set(kept);
            editor.problem.set(problem);
            if let Some(code) = query.with_untracked(|q| q.get("c")) {
                match editor.db.with_value(|db| link::decode(db, &code)) {
                    Ok(owned) => {
                        let incoming = editor.db.with_value(|db| owned.to_collection(db));
                        editor.receive(incoming, Source::Link);
                    }
                    Err(e) => {
                        let i18n = use_i18n();
                        editor.problem.set(Some(fill(
                            tu_string!(i18n, collection.link_unreadable),
                            &[("error", &e.to_string())],
                        )));
                    }
                }
                browser::replace_url("/collection");
            }
        })
    });
    provide_context(editor);
    view! {
        {move || editor.problem.get().map(|p| view! { <Alert text=p /> })}
        <Offer />
        <CarryIt />
        <ProductShelves />
        <LooseCards />
    }
}

/// A collection from a link or a file, and the choice to take it.
#[component]
fn Offer() -> impl IntoView {
    let editor = expect_context::<EditorState>();
    let i18n = use_i18n();
    move || {
        editor.offered.get().map(|(incoming, source)| {
            let (boxes, loose) = boxes_and_loose(&incoming);
            let take = move |_| {
                if let Some((c, _)) = editor.offered.get_untracked() {
                    editor.collection.set(c);
                    editor.keep();
                    editor.offered.set(None);
                    editor.status.set(Some(now_from(source)));
                }
            };
            view! {
                <div class="offer" role="alert">
                    <p>
                        {fill(
                            match source {
                                Source::Link => t_string!(i18n, collection.offer_link),
                                Source::File => t_string!(i18n, collection.offer_file),
                            },
                            &[("boxes", &boxes.to_string()), ("loose", &loose.to_string())],
                        )}
                    </p>
                    <button type="button" id="take-offer" on:click=take>
                        {t!(i18n, collection.replace_mine)}
                    </button>
                    <button type="button" on:click=move |_| editor.offered.set(None)>
                        {t!(i18n, collection.keep_mine)}
                    </button>
                </div>
            }
        })
    }
}

/// How many products (boxes) a collection holds, and how many loose ships,
/// pilots and upgrades beside them.
fn boxes_and_loose(c: &Collection) -> (u16, u16) {
    let boxes: u16 = c.products.values().sum();
    let loose: u16 = c
        .ships
        .values()
        .chain(c.pilots.values())
        .chain(c.upgrades.values())
        .sum();
    (boxes, loose)
}

/// The collection as a file to download: its JSON in a `data:` address.
fn collection_file_href(c: &Collection) -> String {
    let json = c.to_json();
    let encoded: String = form_urlencoded::byte_serialize(json.as_bytes()).collect();
    format!(
        "data:application/json;charset=utf-8,{}",
        encoded.replace('+', "%20")
    )
}

/// The collection as a link, a file to download, and a file to open.
#[component]
fn CarryIt() -> impl IntoView {
    let editor = expect_context::<EditorState>();
    let i18n = use_i18n();
    let origin = browser::origin_when_live();
    let code = Memo::new(move |_| {
        editor.collection.with(|c| {
            editor
                .db
                .with_value(|db| c.resolve(db).map(|o| link::encode(&o)).unwrap_or_default())
        })
    });
    let url = move || format!("{}/collection?c={}", origin.get(), code.get());
    let summary = move || {
        editor.collection.with(|c| {
            let (boxes, loose) = boxes_and_loose(c);
            fill(
                t_string!(i18n, collection.you_own),
                &[("boxes", &boxes.to_string()), ("loose", &loose.to_string())],
            )
        })
    };
    view! {
        <section class="carry" aria-label=move || t_string!(i18n, collection.carry_label)>
            <p id="collection-summary">{summary}</p>
            <LinkToCopy
                id="collection-link"
                copy_id="copy-collection-link"
                label=move || t_string!(i18n, collection.link_label)
                url=Signal::derive(url)
            />
            <CollectionFile />
            <CarryStatus />
        </section>
    }
}

/// The collection's file: a download of it, and a button to open one.
#[component]
fn CollectionFile() -> impl IntoView {
    let editor = expect_context::<EditorState>();
    let i18n = use_i18n();
    let file = move || editor.collection.with(collection_file_href);
    view! {
        <div class="tool-line">
            <a
                class="button"
                id="download-collection"
                href=file
                download="merchant-one-collection.json"
            >
                {t!(i18n, collection.download)}
            </a>
            <label class="button" for="open-collection-file">
                {t!(i18n, collection.open_file)}
            </label>
            <input
                id="open-collection-file"
                class="visually-hidden"
                type="file"
                accept=".json,application/json"
                on:change=move |ev| open_file(editor, ev)
            />
        </div>
    }
}

/// What the last link or file did to the collection ("Your collection is
/// now the one from the file."), while there is something to say.
#[component]
fn CarryStatus() -> impl IntoView {
    let editor = expect_context::<EditorState>();
    move || {
        editor.status.get().map(|s| {
            view! {
                <p class="status" role="status">
                    {s}
                </p>
            }
        })
    }
}

/// Reads a chosen file: a collection, or the reason it is not one.
fn open_file(editor: EditorState, ev: web_sys::Event) {
    use wasm_bindgen::JsCast;
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    let i18n = use_i18n();
    if file.size() > cards::collection::MAX_COLLECTION_BYTES as f64 {
        editor.problem.set(Some(fill(
            tu_string!(i18n, collection.file_too_large),
            &[(
                "kb",
                &(cards::collection::MAX_COLLECTION_BYTES / 1024).to_string(),
            )],
        )));
        return;
    }
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
        let text = text.ok().and_then(|t| t.as_string()).unwrap_or_default();
        let read = Collection::from_json(&text)
            .and_then(|c| editor.db.with_value(|db| c.resolve(db)).map(|_| c));
        match read {
            Ok(c) => {
                editor.problem.set(None);
                editor.receive(c, Source::File);
            }
            Err(e) => editor.problem.set(Some(fill(
                tu_string!(i18n, collection.file_unreadable),
                &[("error", &e.to_string())],
            ))),
        }
    });
}

/// The products, by wave or by faction, each with how many are owned.
#[component]
fn ProductShelves() -> impl IntoView {
    let editor = expect_context::<EditorState>();
    let i18n = use_i18n();
    let by_factions = RwSignal::new(false);
    let groups = move || {
        let db = editor.db.get_value();
        let groups = if by_factions.get() {
            faction_groups(&db)
        } else {
            wave_groups(&db)
        };
        groups
            .into_iter()
            .map(|(name, products)| {
                let rows = products
                    .into_iter()
                    .map(|p| view! { <ProductRow product=p.clone() /> })
                    .collect_view();
                view! {
                    <h3>{name}</h3>
                    <ul class="product-list">{rows}</ul>
                }
            })
            .collect_view()
    };
    view! {
        <section class="products" aria-labelledby="products-heading">
            <h2 id="products-heading">{t!(i18n, parts.products)}</h2>
            <fieldset class="group-by">
                <legend>{t!(i18n, collection.group_by)}</legend>
                <label>
                    <input
                        type="radio"
                        name="group-by"
                        checked=move || !by_factions.get()
                        on:change=move |_| by_factions.set(false)
                    />
                    " "
                    {t!(i18n, collection.by_wave)}
                </label>
                <label>
                    <input
                        type="radio"
                        name="group-by"
                        checked=move || by_factions.get()
                        on:change=move |_| by_factions.set(true)
                    />
                    " "
                    {t!(i18n, collection.by_faction)}
                </label>
            </fieldset>
            {groups}
        </section>
    }
}

/// The products by wave, each wave named in the page's words.
fn wave_groups(db: &Database) -> Vec<(String, Vec<&Product>)> {
    let i18n = use_i18n();
    let names: Vec<(String, String)> = db
        .products
        .iter()
        .map(|p| {
            let name = match p.wave.parse::<u32>() {
                Ok(0) => t_string!(i18n, collection.core_sets).to_string(),
                Ok(n) => fill(t_string!(i18n, collection.wave), &[("n", &n.to_string())]),
                Err(_) => p.wave.clone(),
            };
            (p.wave.clone(), name)
        })
        .collect();
    by_wave(db)
        .into_iter()
        .map(|(english, products)| {
            let wave = products.first().map(|p| p.wave.clone()).unwrap_or_default();
            let name = names
                .iter()
                .find(|(w, _)| *w == wave)
                .map_or(english, |(_, n)| n.clone());
            (name, products)
        })
        .collect()
}

/// The products by squad faction, each faction named in the page's words.
fn faction_groups(db: &Database) -> Vec<(String, Vec<&Product>)> {
    let factions: Vec<&str> = db.squad_factions().map(|f| f.xws.as_str()).collect();
    by_faction(db)
        .into_iter()
        .zip(factions)
        .map(|((_, products), xws)| (faction_name(db, xws), products))
        .collect()
}

/// One product and how many the player owns (0 to 99).
#[component]
fn ProductRow(product: Product) -> impl IntoView {
    let id = format!("own-{}", product.key);
    let year = product.released.get(..4).unwrap_or_default().to_string();
    view! {
        <li data-product=product.key.clone()>
            <label for=id.clone()>
                <worded::WordedName words=worded::product_name(&product) />
                <small>{format!(" {} · {year}", product.sku)}</small>
            </label>
            <CopiesInput id field="products" key=product.key.clone() />
        </li>
    }
}

/// How many of one line the player owns, 0 to 99; 0 removes the line.
#[component]
fn CopiesInput(id: String, field: &'static str, key: String) -> impl IntoView {
    let editor = expect_context::<EditorState>();
    let count = {
        let key = key.clone();
        move || {
            editor
                .collection
                .with(|c| field_of(c, field).get(&key).copied().unwrap_or(0))
        }
    };
    let set = move |ev| {
        let n = copies(&event_target_value(&ev));
        let key = key.clone();
        editor.change(|c| {
            let map = field_mut(c, field);
            if n == 0 {
                map.remove(&key);
            } else {
                map.insert(key, n);
            }
        });
    };
    view! {
        <input
            id=id
            type="number"
            min="0"
            max="99"
            inputmode="numeric"
            prop:value=move || count().to_string()
            on:change=set
        />
    }
}

/// A count as typed: 0 to 99, anything else 0 or 99.
fn copies(text: &str) -> u16 {
    text.trim().parse::<i64>().map_or(0, |n| {
        n.clamp(0, i64::from(cards::collection::MAX_COPIES)) as u16
    })
}

/// Loose cards and ship models: find one by name, add it, set its count.
#[component]
fn LooseCards() -> impl IntoView {
    let editor = expect_context::<EditorState>();
    let i18n = use_i18n();
    let query = RwSignal::new(String::new());
    let found = move || {
        let words = FilterWords::new(&query.get());
        if words.is_empty() {
            return Vec::new();
        }
        editor.db.with_value(|db| loose_matches(db, &words))
    };
    // The lines themselves, not their counts: a count's change keeps its
    // input (and the focus in it).
    let lines = Memo::new(move |_| {
        editor.collection.with(|c| {
            ["ships", "pilots", "upgrades"]
                .into_iter()
                .flat_map(|field| field_of(c, field).keys().map(move |k| (field, k.clone())))
                .collect::<Vec<_>>()
        })
    });
    view! {
        <section class="loose" aria-labelledby="loose-heading">
            <h2 id="loose-heading">{t!(i18n, collection.loose_heading)}</h2>
            <p class="hint">{t!(i18n, collection.loose_hint)}</p>
            <label for="loose-search">{t!(i18n, collection.loose_find)}</label>
            <input
                id="loose-search"
                type="search"
                autocomplete="off"
                prop:value=move || query.get()
                on:input=move |ev| query.set(event_target_value(&ev))
            />
            <ul class="loose-found">
                {move || {
                    found()
                        .into_iter()
                        .map(|(field, key, label)| {
                            let add = move |_| {
                                editor
                                    .change(|c| {
                                        let map = field_mut(c, field);
                                        let n = map.entry(key.clone()).or_default();
                                        *n = (*n + 1).min(cards::collection::MAX_COPIES);
                                    })
                            };
                            view! {
                                <li>
                                    <button type="button" class="add-loose" on:click=add>
                                        {fill(t_string!(i18n, collection.add), &[("name", &label)])}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <ul class="loose-owned">
                {move || {
                    lines
                        .get()
                        .into_iter()
                        .map(|(field, key)| view! { <LooseLine field key /> })
                        .collect_view()
                }}
            </ul>
        </section>
    }
}

/// One field of the collection's JSON form, by name.
fn field_of<'a>(c: &'a Collection, field: &str) -> &'a std::collections::BTreeMap<String, u16> {
    match field {
        "products" => &c.products,
        "ships" => &c.ships,
        "pilots" => &c.pilots,
        _ => &c.upgrades,
    }
}

/// [`field_of`], to change.
fn field_mut<'a>(
    c: &'a mut Collection,
    field: &str,
) -> &'a mut std::collections::BTreeMap<String, u16> {
    match field {
        "products" => &mut c.products,
        "ships" => &mut c.ships,
        "pilots" => &mut c.pilots,
        _ => &mut c.upgrades,
    }
}

/// At most 12 ships and cards whose name has every word, in English or as
/// the page shows it: (field, key, label).
fn loose_matches(db: &Database, words: &FilterWords) -> Vec<(&'static str, String, String)> {
    let keys = db.card_keys();
    let has = |names: [&str; 2]| {
        let names = names.join("\n").to_lowercase();
        words.words().iter().all(|w| names.contains(w.as_str()))
    };
    let ships = db
        .ships
        .iter()
        .filter(|s| has([&s.name, &ship_label(s)]))
        .map(|s| {
            let model = cards::collection::Piece::model_of(db, s);
            ("ships", model.model_key(db), model_label(s))
        });
    let cards = db
        .cards()
        .filter(|c| has([c.name(), &worded::card_name(*c).0]))
        .map(|c| {
            let field = match c {
                Card::Pilot(_) => "pilots",
                Card::Upgrade(_) => "upgrades",
            };
            (field, keys.key(c), card_label(db, c))
        });
    let mut out: Vec<_> = ships.chain(cards).collect();
    out.dedup_by(|a, b| a.0 == b.0 && a.1 == b.1);
    out.truncate(12);
    out
}

/// A ship's name as the page's language gives it.
fn ship_label(ship: &cards::catalog::Ship) -> String {
    worded::ship_name(&ship.xws, &ship.name).0
}

/// "M3-A Interceptor (ship model)": a ship model, by its whole ship's name.
fn model_label(ship: &cards::catalog::Ship) -> String {
    let i18n = use_i18n();
    let name = match &ship.section_of {
        Some(whole) => whole.clone(),
        None => ship_label(ship),
    };
    fill(t_string!(i18n, collection.loose_ship), &[("name", &name)])
}

/// "M3-A Interceptor ship model": an owned model, as `Piece::describe`
/// names it, in the page's words.
fn owned_model_label(db: &Database, piece: cards::collection::Piece) -> String {
    let i18n = use_i18n();
    let cards::collection::Piece::Model(id) = piece else {
        return piece.describe(db);
    };
    let Some(ship) = db.ships.iter().find(|s| s.id == id) else {
        return piece.describe(db);
    };
    let name = ship.section_of.clone().unwrap_or_else(|| ship_label(ship));
    fill(t_string!(i18n, collection.owned_model), &[("name", &name)])
}

/// "Cartel Spacer (pilot, M3-A Interceptor)", "R2-D2 (Astromech)".
fn card_label(db: &Database, card: Card<'_>) -> String {
    let i18n = use_i18n();
    let name = worded::card_name(card).0;
    match card {
        Card::Pilot(p) => fill(
            t_string!(i18n, collection.loose_pilot),
            &[
                ("name", &name),
                ("ship", &worded::ship_name(&p.ship, db.ship_name(&p.ship)).0),
            ],
        ),
        Card::Upgrade(u) => format!("{name} ({})", slot_name(db, u.slot())),
    }
}

/// One loose line: its name, its count, and a way to remove it.
#[component]
fn LooseLine(field: &'static str, key: String) -> impl IntoView {
    let editor = expect_context::<EditorState>();
    let i18n = use_i18n();
    let label = editor.db.with_value(|db| loose_label(db, field, &key));
    let id = format!("loose-{field}-{key}");
    let remove = {
        let key = key.clone();
        move |_| {
            let key = key.clone();
            editor.change(|c| {
                field_mut(c, field).remove(&key);
            });
        }
    };
    view! {
        <li>
            <label for=id.clone()>{label.clone()}</label>
            <CopiesInput id field key=key.clone() />
            <button
                type="button"
                on:click=remove
                aria-label=fill(t_string!(i18n, collection.remove_named), &[("name", &label)])
            >
                {t!(i18n, collection.remove)}
            </button>
        </li>
    }
}

fn loose_label(db: &Database, field: &str, key: &str) -> String {
    match field {
        "ships" => cards::collection::Piece::model_named(db, key)
            .map_or_else(|| key.to_string(), |p| owned_model_label(db, p)),
        _ => db
            .card_by_key(key)
            .map_or_else(|| key.to_string(), |c| card_label(db, c)),
    }
}
