//! The game's symbols on the page: one glyph of the icon fonts
//! (`cards::symbols` says which), a named thing shown as its glyph and its
//! name, and card text with its tokens drawn.

use cards::catalog::Database;
use cards::symbols::{Symbol, SymbolFont, SymbolKind, TextPiece, symbol, text_pieces};
use leptos::either::Either;
use leptos::prelude::*;

/// The icon font's class for a symbol (also drawn by `snippet_glyphs`).
pub(crate) fn font_class(symbol: &Symbol) -> &'static str {
    match symbol.font {
        SymbolFont::Icons => "xw",
        SymbolFont::Ships => "xw-ship",
    }
}

/// One glyph. It says its name to a screen reader and on hover, unless
/// `decorative` (a name is written beside it).
#[component]
pub fn Glyph(
    symbol: &'static Symbol,
    #[prop(optional)] decorative: bool,
    /// A class added to the font's own (`ship-silhouette`, …).
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    let class = format!("{} {class}", font_class(symbol))
        .trim_end()
        .to_string();
    let glyph = symbol.glyph.to_string();
    if decorative {
        return Either::Left(view! {
            <i class=class aria-hidden="true">
                {glyph}
            </i>
        });
    }
    // The glyph's name in the page's language (`game_terms`).
    let name = super::game_terms::symbol_name(symbol);
    Either::Right(view! {
        <i class=class role="img" aria-label=name.clone() title=name>
            {glyph}
        </i>
    })
}

/// A thing named by key (an action, a slot, a ship): its glyph, then its
/// name in `name_class` (hidden where the layout keeps only glyphs). Without
/// a glyph, the name alone.
#[component]
pub fn Named(
    kind: SymbolKind,
    #[prop(into)] key: String,
    #[prop(into)] name: String,
    #[prop(optional)] name_class: &'static str,
) -> impl IntoView {
    let glyph = symbol(kind, &key).map(|s| view! { <Glyph symbol=s decorative=true /> });
    view! {
        {glyph}
        <span class=name_class>{name}</span>
    }
}

/// Card text with each token drawn as its glyph (`[Hit]`, `Attack (focus):`),
/// and `words` drawing what lies between.
pub fn symbol_text<V: IntoView>(text: &str, words: &dyn Fn(&str) -> V) -> impl IntoView + use<V> {
    text_pieces(text)
        .into_iter()
        .map(|piece| match piece {
            TextPiece::Words(w) => Either::Left(words(w)),
            TextPiece::Symbol(s) => Either::Right(view! { <Glyph symbol=s /> }),
        })
        .collect_view()
}

/// Text with its tokens written as words in the page's language, for what
/// cannot draw a glyph (a page's description, a link preview): "[Hit]"
/// becomes "Treffer" on a German page.
pub fn symbol_words(text: &str) -> String {
    text_pieces(text)
        .into_iter()
        .map(|piece| match piece {
            TextPiece::Words(w) => w.to_string(),
            TextPiece::Symbol(s) => super::game_terms::symbol_name(s),
        })
        .collect()
}

/// Actions by XWS name, each with its name in the page's language: what
/// [`ActionList`] draws.
pub fn named_actions<S: AsRef<str>>(db: &Database, actions: &[S]) -> Vec<(String, String)> {
    actions
        .iter()
        .map(|a| {
            (
                a.as_ref().to_string(),
                super::game_terms::action_name(db, a.as_ref()),
            )
        })
        .collect()
}

/// An action bar: each action's glyph and name, in printed order; an
/// action a card gives (`notes`: its XWS name and the cards' names) is
/// marked, and its mark names the cards.
#[component]
pub fn ActionList(
    /// (XWS name, name) of each action.
    actions: Vec<(String, String)>,
    #[prop(optional)] notes: Vec<(String, String)>,
) -> impl IntoView {
    let last = actions.len().saturating_sub(1);
    actions
        .into_iter()
        .enumerate()
        .map(|(i, (key, name))| {
            let note = notes
                .iter()
                .find(|(action, _)| *action == key)
                .map(|(_, cards)| format!("{name}: {cards}"));
            let class = if note.is_some() {
                "action changed"
            } else {
                "action"
            };
            view! {
                <span class=class>
                    <Named kind=SymbolKind::Action key name name_class="action-name" />
                    {note.map(|note| view! { <super::change_mark::ChangeMark note /> })}
                </span>
                {(i < last).then_some(" · ")}
            }
        })
        .collect_view()
}

/// A ship's silhouette, named for screen readers; nothing for a ship the
/// font does not draw.
#[component]
pub fn ShipSilhouette(#[prop(into)] ship: String) -> impl IntoView {
    symbol(SymbolKind::Ship, &ship).map(|s| view! { <Glyph symbol=s class="ship-silhouette" /> })
}
