//! The player's collection in this browser: read once the page is live
//! (an unreadable entry is copied aside first, never lost), saved on
//! every change, and the small views that show what a card page or a
//! picker needs of it.

use cards::catalog::{CardId, Database, ProductKind};
use cards::collection::{COLLECTION_KEY, Collection, Owned, Piece, read_kept};
use leptos::prelude::*;

use leptos::text_prop::TextProp;

use crate::browser;
use crate::i18n::fill;
use crate::i18n::{t, tu_string};
use crate::lang::use_i18n;

/// The kept collection, and why the stored entry could not be read (it
/// was copied aside under the key named in the reason).
///
/// The reason is kept for the rest of the page's life: a page whose cards
/// arrive after it is live draws its collection twice, and the second
/// reading finds the entry already aside and would say nothing.
pub fn load_kept(db: &Database) -> (Collection, Option<String>) {
    let kept = read_kept(
        browser::storage_get(COLLECTION_KEY).as_deref(),
        db,
        browser::now_ms(),
    );
    let problem = kept.aside.map(|aside| {
        // Copy first: the entry is removed only once its text is safe.
        if browser::storage_set(&aside.key, &aside.text).is_ok() {
            let _ = browser::storage_remove(COLLECTION_KEY);
        }
        let i18n = use_i18n();
        fill(
            tu_string!(i18n, parts.kept_unreadable),
            &[("reason", &aside.reason.to_string()), ("key", &aside.key)],
        )
    });
    SET_ASIDE.with(|said| {
        let mut said = said.borrow_mut();
        if problem.is_some() {
            said.clone_from(&problem);
        }
        (kept.collection, said.clone())
    })
}

thread_local! {
    /// What [`load_kept`] said of an unreadable entry on this page load
    /// (the browser's one thread; the server reads no storage).
    static SET_ASIDE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Keeps the collection in this browser.
pub fn save_kept(collection: &Collection) -> Result<(), browser::BrowserError> {
    browser::storage_set(COLLECTION_KEY, &collection.to_json())
}

/// The kept collection, resolved, once the page is live (`None` before,
/// and on the server).
pub fn owned_signal(db: std::sync::Arc<Database>) -> ReadSignal<Option<Owned>> {
    let (owned, set_owned) = signal(None);
    Effect::new(move |_| {
        let (collection, _) = load_kept(&db);
        set_owned.set(collection.resolve(&db).ok());
    });
    owned
}

/// "In your collection: N" for a card, once the page is live.
#[component]
pub fn InCollection(db: std::sync::Arc<Database>, kind: ProductKind, id: CardId) -> impl IntoView {
    let owned = owned_signal(db.clone());
    let piece = match kind {
        ProductKind::Pilot => Piece::Pilot(id),
        _ => Piece::Upgrade(id),
    };
    let count = Memo::new(move |_| owned.get().map(|o| o.count(&db, piece)));
    let i18n = use_i18n();
    view! {
        <p class="in-collection" hidden=move || count.get().is_none()>
            {t!(i18n, parts.in_collection)}
            <strong>{move || count.get().unwrap_or_default()}</strong>
            " "
            <a href=crate::lang::localized("/collection")>{t!(i18n, parts.set_it)}</a>
        </p>
    }
}

/// The products that hold a card, each with how many copies it holds.
#[component]
pub fn ProductList(db: std::sync::Arc<Database>, kind: ProductKind, id: CardId) -> impl IntoView {
    let holders = db.products_holding(kind, id);
    (!holders.is_empty()).then(|| {
        let items = holders
            .into_iter()
            .map(|(p, n)| {
                let copies = (n > 1).then(|| format!(" ×{n}"));
                view! { <li>{p.name.clone()}{copies}</li> }
            })
            .collect_view();
        let i18n = use_i18n();
        view! {
            <h2>{t!(i18n, parts.products)}</h2>
            <ul class="products">{items}</ul>
        }
    })
}

/// "Only what I own": a box that narrows a list to the player's cards,
/// shown once a collection is set.
#[component]
pub fn OnlyOwned(
    #[prop(into)] owned: Signal<Option<Owned>>,
    checked: RwSignal<bool>,
    #[prop(into)] label: TextProp,
) -> impl IntoView {
    move || {
        let label = label.clone();
        owned
            .with(|o| o.as_ref().is_some_and(|o| !o.is_empty()))
            .then(|| {
                view! {
                    <label class="only-owned">
                        <input
                            type="checkbox"
                            id="only-owned"
                            prop:checked=move || checked.get()
                            on:change=move |ev| checked.set(event_target_checked(&ev))
                        />
                        " "
                        {move || label.get().to_string()}
                    </label>
                }
            })
    }
}
