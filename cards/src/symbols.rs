//! The game's symbols: which glyph of the X-Wing Miniatures icon fonts
//! stands for a card-text token, an action, an upgrade slot, a stat, a
//! maneuver or a ship, and card text cut into words and symbols.
//!
//! The table is data, `cards/data/symbols/symbols.csv` (one row a symbol:
//! its kind, our key, the font, the glyph's name in the font's map, its code
//! point, and the name a screen reader says), compiled in by `build.rs`. The
//! fonts and their maps are kept beside it with their MIT licence;
//! `scripts/subset-fonts` cuts the served WOFF2 files down to the code
//! points this table names.
//!
//! ```
//! use cards::symbols::{text_pieces, TextPiece};
//!
//! let pieces = text_pieces("Change 1 [Focus] result to a [Critical Hit] result.");
//! let named: Vec<String> = pieces
//!     .iter()
//!     .map(|p| match p {
//!         TextPiece::Words(w) => w.to_string(),
//!         TextPiece::Symbol(s) => format!("<{}>", s.name),
//!     })
//!     .collect();
//! assert_eq!(named.concat(), "Change 1 <Focus> result to a <Critical Hit> result.");
//! ```

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::catalog::{Bearing, Direction};

/// Which of the two fonts holds a glyph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymbolFont {
    /// `xwing-miniatures.ttf`: actions, slots, maneuvers, dice, stats.
    Icons,
    /// `xwing-miniatures-ships.ttf`: ship silhouettes.
    Ships,
}

/// What a symbol stands for, which says how its key is spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SymbolKind {
    /// A bracket token of card text, lower case: `critical hit`, `bank left`.
    Token,
    /// An action by its XWS name (`actions.csv`).
    Action,
    /// An upgrade slot by its XWS name (`slots.csv`).
    Slot,
    /// A stat: `attack`, `agility`, `hull`, `shields`, `energy`, `points`, `unique`.
    Stat,
    /// A maneuver's bearing and direction: `bank-left`, `koiogran-turn`.
    Maneuver,
    /// A ship type by its XWS name (`ships.csv`).
    Ship,
}

/// One glyph and what it means: a row of `symbols.csv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// What it stands for.
    pub kind: SymbolKind,
    /// Our key within its kind.
    pub key: &'static str,
    /// The font that draws it.
    pub font: SymbolFont,
    /// The glyph's name in the font's map (`icons-map.json`, `ships-map.json`).
    pub glyph_name: &'static str,
    /// The character the font draws as the glyph.
    pub glyph: char,
    /// What a screen reader says for it.
    pub name: &'static str,
}

// `static SYMBOLS: &[Symbol]`, written from `symbols.csv` by `build.rs`,
// which stops the build on a bad code point or a key given twice: the
// browser gets the table without a CSV reader.
include!(concat!(env!("OUT_DIR"), "/symbols.rs"));

/// The shipped symbols, indexed by kind and key once.
static BY_KEY: LazyLock<HashMap<(SymbolKind, &'static str), &'static Symbol>> =
    LazyLock::new(|| SYMBOLS.iter().map(|s| ((s.kind, s.key), s)).collect());

/// Every shipped symbol, in the table's order (what the fonts are cut to).
pub fn all_symbols() -> &'static [Symbol] {
    SYMBOLS
}

/// The symbol of `key` among those of `kind`.
pub fn symbol(kind: SymbolKind, key: &str) -> Option<&'static Symbol> {
    BY_KEY.get(&(kind, key)).copied()
}

/// A maneuver's glyph: its bearing and, for banks, turns, loops, rolls and
/// reverse banks, its direction.
pub fn maneuver_symbol(bearing: Bearing, direction: Option<Direction>) -> Option<&'static Symbol> {
    let key = match direction {
        None => bearing.as_str().to_string(),
        Some(Direction::Left) => format!("{}-left", bearing.as_str()),
        Some(Direction::Right) => format!("{}-right", bearing.as_str()),
    };
    symbol(SymbolKind::Maneuver, &key)
}

/// Tokens and slots that stay as text (by name, lower case), each with the reason.
pub const TOKENS_KEPT_AS_TEXT: &[(&str, &str)] = &[
    (
        "salvaged astromech",
        "the font (2.6.9) has no Salvaged Astromech glyph: its old code point now draws 2nd edition's Command",
    ),
    (
        "defense die result",
        "the rules name any of the defense die's results, and no one glyph stands for them all",
    ),
];

/// A stretch of card text: words as written, or a symbol in place of its token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextPiece<'a> {
    /// Text as written.
    Words(&'a str),
    /// A glyph in place of a token.
    Symbol(&'static Symbol),
}

/// Every bracket token in `text` as written, without its brackets
/// (`Critical Hit`, `target lock icon`).
pub fn bracket_tokens(text: &str) -> impl Iterator<Item = &str> {
    bracket_spans(text).map(move |(start, end)| &text[start + 1..end - 1])
}

/// The byte ranges of `[…]` tokens: short, on one line, with no bracket inside.
fn bracket_spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    const LONGEST_TOKEN: usize = 40;
    text.match_indices('[').filter_map(move |(start, _)| {
        let rest = &text[start + 1..];
        let close = rest.find([']', '[', '\n'])?;
        (rest[close..].starts_with(']') && close <= LONGEST_TOKEN)
            .then_some((start, start + close + 2))
    })
}

/// The symbol a token names: `Focus`, `target lock icon` (the rules' way),
/// in any case.
pub fn token_symbol(token: &str) -> Option<&'static Symbol> {
    let lower = token.trim().to_lowercase();
    let key = lower.strip_suffix(" icon").unwrap_or(&lower);
    symbol(SymbolKind::Token, key)
}

/// Cuts card text into words and symbols, as printed:
/// - every bracket token with a glyph (`[Hit]`, `[Bank Left]`, the rules'
///   `[jam icon]`);
/// - the cost of an attack, `Attack (focus):`, printed as a symbol;
/// - a card that opens `Energy:`, printed as the energy symbol.
///
/// Tokens with no glyph stay as written; nothing is dropped, so the pieces
/// joined back give the text, tokens for symbols.
pub fn text_pieces(text: &str) -> Vec<TextPiece<'_>> {
    let mut marks: Vec<(usize, usize, &'static Symbol)> = bracket_spans(text)
        .filter_map(|(s, e)| token_symbol(&text[s + 1..e - 1]).map(|sym| (s, e, sym)))
        .chain(attack_costs(text))
        .chain(energy_lead(text))
        .collect();
    marks.sort_by_key(|&(start, _, _)| start);
    let mut pieces = Vec::with_capacity(marks.len() * 2 + 1);
    let mut at = 0;
    for (start, end, sym) in marks {
        if start < at {
            continue;
        }
        if start > at {
            pieces.push(TextPiece::Words(&text[at..start]));
        }
        pieces.push(TextPiece::Symbol(sym));
        at = end;
    }
    if at < text.len() {
        pieces.push(TextPiece::Words(&text[at..]));
    }
    pieces
}

/// `Attack (target lock):` — the parenthesised cost, as a symbol.
fn attack_costs(text: &str) -> impl Iterator<Item = (usize, usize, &'static Symbol)> + '_ {
    text.match_indices("Attack (")
        .filter_map(move |(at, lead)| {
            let open = at + lead.len() - 1;
            let rest = &text[open + 1..];
            let close = rest.find(')')?;
            if !rest[close + 1..].starts_with(':') {
                return None;
            }
            let sym = token_symbol(&rest[..close])?;
            Some((open, open + close + 2, sym))
        })
}

/// `Energy: …` at the start of a card's text.
fn energy_lead(text: &str) -> Option<(usize, usize, &'static Symbol)> {
    const LEAD: &str = "Energy";
    text.strip_prefix(LEAD)
        .filter(|rest| rest.starts_with(':'))
        .and(symbol(SymbolKind::Token, "energy"))
        .map(|sym| (0, LEAD.len(), sym))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str) -> String {
        text_pieces(text)
            .iter()
            .map(|p| match p {
                TextPiece::Words(w) => w.to_string(),
                TextPiece::Symbol(s) => format!("<{}>", s.glyph_name),
            })
            .collect()
    }

    #[test]
    fn the_table_is_whole_and_indexed() {
        assert!(all_symbols().len() > 100);
        assert_eq!(BY_KEY.len(), all_symbols().len(), "a key is given twice");
        let hit = symbol(SymbolKind::Token, "critical hit").unwrap();
        assert_eq!((hit.glyph, hit.name), ('c', "Critical Hit"));
    }

    #[test]
    fn tokens_become_symbols_and_the_rest_stays() {
        assert_eq!(
            shown("Perform a [Bank Left] or [Salvaged Astromech] [Koiogran Turn]."),
            "Perform a <bankleft> or [Salvaged Astromech] <kturn>."
        );
        assert_eq!(shown("[Hit][Hit]"), "<hit><hit>");
        assert_eq!(shown("an [unclosed token"), "an [unclosed token");
        assert_eq!(shown("the [jam icon] action"), "the <jam> action");
    }

    #[test]
    fn attack_costs_and_an_energy_lead_are_printed_as_symbols() {
        assert_eq!(shown("Attack (target lock): Spend"), "Attack <lock>: Spend");
        assert_eq!(shown("Attack (Energy): x"), "Attack <energy>: x");
        assert_eq!(shown("Attack (1 ship): x"), "Attack (1 ship): x");
        assert_eq!(shown("Energy: Spend 1 energy"), "<energy>: Spend 1 energy");
        assert_eq!(shown("Energy is spent"), "Energy is spent");
    }

    #[test]
    fn every_maneuver_of_a_dial_has_a_glyph() {
        use Bearing::*;
        for bearing in Bearing::ALL {
            let directions: &[Option<Direction>] = match bearing {
                Straight | KoiogranTurn | Stationary => &[None],
                Reverse => &[None, Some(Direction::Left), Some(Direction::Right)],
                _ => &[Some(Direction::Left), Some(Direction::Right)],
            };
            for &d in directions {
                assert!(maneuver_symbol(bearing, d).is_some(), "{bearing:?} {d:?}");
            }
        }
    }
}
