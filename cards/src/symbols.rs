//! The game's symbols: which glyph of the X-Wing Miniatures icon fonts
//! stands for a card-text token, an action, an upgrade slot, a stat, a
//! maneuver or a ship, and card text cut into words and symbols.
//!
//! The table is data, `cards/data/symbols/symbols.csv` (one row a symbol:
//! its kind, our key, the font, the glyph's name in the font's map, its code
//! point, and the name a screen reader says). The fonts and their maps are
//! kept beside it with their MIT licence; `scripts/subset-fonts` cuts the
//! served WOFF2 files down to the code points this table names.
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

use serde::Deserialize;

use crate::catalog::{Bearing, Direction};

/// The table as shipped.
const SYMBOLS_CSV: &str = include_str!("../data/symbols/symbols.csv");

/// Which of the two fonts holds a glyph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SymbolFont {
    /// `xwing-miniatures.ttf`: actions, slots, maneuvers, dice, stats.
    Icons,
    /// `xwing-miniatures-ships.ttf`: ship silhouettes.
    Ships,
}

/// What a symbol stands for, which says how its key is spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
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

/// One glyph and what it means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// What it stands for.
    pub kind: SymbolKind,
    /// Our key within its kind.
    pub key: String,
    /// The font that draws it.
    pub font: SymbolFont,
    /// The glyph's name in the font's map (`icons-map.json`, `ships-map.json`).
    pub glyph_name: String,
    /// The character the font draws as the glyph.
    pub glyph: char,
    /// What a screen reader says for it.
    pub name: String,
}

/// Why the symbol table could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SymbolError {
    /// The CSV itself is damaged.
    #[error("symbols.csv: {0}")]
    Csv(#[from] csv::Error),
    /// A code point is not hexadecimal or not a character.
    #[error("symbols.csv: {key}: {codepoint:?} is not a code point")]
    CodePoint {
        /// The row's key.
        key: String,
        /// What the row holds.
        codepoint: String,
    },
    /// Two rows of one kind share a key.
    #[error("symbols.csv: {kind:?} {key:?} appears twice")]
    Repeated {
        /// The kind.
        kind: SymbolKind,
        /// The key.
        key: String,
    },
}

#[derive(Deserialize)]
struct SymbolRow {
    kind: SymbolKind,
    key: String,
    font: SymbolFont,
    glyph: String,
    codepoint: String,
    name: String,
}

/// Every symbol, with an index by kind and key.
#[derive(Debug, Default)]
pub struct SymbolTable {
    rows: Vec<Symbol>,
    by_key: HashMap<SymbolKind, HashMap<String, usize>>,
}

impl SymbolTable {
    /// Reads a table in the shape of `symbols.csv`.
    pub fn read(csv_text: &str) -> Result<Self, SymbolError> {
        let mut table = SymbolTable::default();
        for row in csv::Reader::from_reader(csv_text.as_bytes()).deserialize() {
            let row: SymbolRow = row?;
            let glyph = u32::from_str_radix(&row.codepoint, 16)
                .ok()
                .and_then(char::from_u32)
                .ok_or_else(|| SymbolError::CodePoint {
                    key: row.key.clone(),
                    codepoint: row.codepoint.clone(),
                })?;
            let index = table.rows.len();
            let keys = table.by_key.entry(row.kind).or_default();
            if keys.insert(row.key.clone(), index).is_some() {
                return Err(SymbolError::Repeated {
                    kind: row.kind,
                    key: row.key,
                });
            }
            table.rows.push(Symbol {
                kind: row.kind,
                key: row.key,
                font: row.font,
                glyph_name: row.glyph,
                glyph,
                name: row.name,
            });
        }
        Ok(table)
    }

    /// The symbol of `key` among those of `kind`.
    pub fn get(&self, kind: SymbolKind, key: &str) -> Option<&Symbol> {
        let index = *self.by_key.get(&kind)?.get(key)?;
        self.rows.get(index)
    }

    /// Every symbol, in the file's order.
    pub fn all(&self) -> &[Symbol] {
        &self.rows
    }
}

/// The shipped table. It is read once; `shipped_table_reads` in this
/// module's tests holds that it reads whole, so the empty fallback is never
/// what a player sees.
static SHIPPED: LazyLock<SymbolTable> =
    LazyLock::new(|| SymbolTable::read(SYMBOLS_CSV).unwrap_or_default());

/// The shipped table.
pub fn symbol_table() -> &'static SymbolTable {
    &SHIPPED
}

/// The symbol of `key` among those of `kind`, from the shipped table.
pub fn symbol(kind: SymbolKind, key: &str) -> Option<&'static Symbol> {
    SHIPPED.get(kind, key)
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
    fn shipped_table_reads() {
        let table = SymbolTable::read(SYMBOLS_CSV).expect("symbols.csv reads");
        assert!(table.all().len() > 100);
        assert_eq!(symbol_table().all().len(), table.all().len());
    }

    #[test]
    fn a_repeated_key_is_refused() {
        let csv = "kind,key,font,glyph,codepoint,name\n\
                   token,hit,icons,hit,0064,Hit\ntoken,hit,icons,hit,0064,Hit\n";
        assert!(matches!(
            SymbolTable::read(csv),
            Err(SymbolError::Repeated { .. })
        ));
    }

    #[test]
    fn a_bad_code_point_is_refused() {
        let csv = "kind,key,font,glyph,codepoint,name\ntoken,hit,icons,hit,d800,Hit\n";
        assert!(matches!(
            SymbolTable::read(csv),
            Err(SymbolError::CodePoint { .. })
        ));
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
        for bearing in [
            Straight,
            Bank,
            Turn,
            KoiogranTurn,
            SegnorLoop,
            TallonRoll,
            Stationary,
            Reverse,
        ] {
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
