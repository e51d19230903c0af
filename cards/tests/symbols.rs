//! The symbol table against the cards and the fonts: every token the card
//! data and the rules reference write in brackets has a glyph or a reason
//! to stay as text, every action, slot and ship has its glyph, and every
//! code point is the one the font's own map gives.

use std::collections::BTreeSet;

use cards::catalog::Database;
use cards::reference::Reference;
use cards::symbols::{
    SymbolFont, SymbolKind, TOKENS_KEPT_AS_TEXT, all_symbols, bracket_tokens, symbol, token_symbol,
};
use serde_json::Value;

mod common;
use common::db;

/// Every text a player reads: pilots, both faces of upgrades, conditions,
/// restriction lines and the rules reference.
fn every_text(db: &Database) -> Vec<String> {
    let reference = Reference::embedded().unwrap_or_else(|e| panic!("{e}"));
    let cards = db
        .pilots
        .iter()
        .filter_map(|p| p.ability.clone())
        .chain(db.conditions.iter().map(|c| c.text.clone()))
        .chain(db.upgrades.iter().flat_map(|u| {
            u.faces
                .iter()
                .map(|f| f.text.clone())
                .chain([u.restriction_text.clone()])
        }));
    let rules = reference.sections().map(|(_, _, text)| text);
    cards.chain(rules).collect()
}

#[test]
fn every_bracket_token_has_a_glyph_or_a_reason_to_stay_as_text() {
    let texts = every_text(db());
    let tokens: BTreeSet<String> = texts
        .iter()
        .flat_map(|t| bracket_tokens(t).map(str::to_string))
        .collect();
    // The data writes 34 tokens today (`[Hit]`, `[Bank Left]`, …) and the
    // rules six more (`[jam icon]`): a reader that found none would pass.
    assert!(tokens.len() >= 34, "only {} tokens found", tokens.len());
    let mut missing = Vec::new();
    for token in &tokens {
        let lower = token.to_lowercase();
        let key = lower.strip_suffix(" icon").unwrap_or(&lower);
        let kept = TOKENS_KEPT_AS_TEXT.iter().any(|(k, _)| *k == key);
        match (token_symbol(token), kept) {
            (Some(_), false) | (None, true) => {}
            (Some(s), true) => missing.push(format!("[{token}] has {} and a reason", s.glyph_name)),
            (None, false) => missing.push(format!("[{token}] has neither glyph nor reason")),
        }
    }
    assert!(missing.is_empty(), "{missing:#?}");
}

/// A slot printed as a word, for the reason the table gives (Salvaged Astromech).
fn kept_as_text(name: &str) -> bool {
    let name = name.to_lowercase();
    TOKENS_KEPT_AS_TEXT.iter().any(|(k, _)| *k == name)
}

#[test]
fn every_action_slot_and_ship_has_its_glyph() {
    let db = db();
    let missing: Vec<String> = db
        .actions
        .iter()
        .map(|a| (SymbolKind::Action, a.xws.as_str()))
        .chain(
            db.slots
                .iter()
                .filter(|s| !kept_as_text(&s.name))
                .map(|s| (SymbolKind::Slot, s.xws.as_str())),
        )
        .chain(db.ships.iter().map(|s| (SymbolKind::Ship, s.xws.as_str())))
        .filter(|(kind, key)| symbol(*kind, key).is_none())
        .map(|(kind, key)| format!("{kind:?} {key}"))
        .collect();
    assert!(missing.is_empty(), "{missing:?}");
}

#[test]
fn every_code_point_is_the_fonts_own() {
    let map = |file: &str, top: &str| -> Value {
        let path = format!("{}/data/symbols/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let json: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        json[top].clone()
    };
    let icons = map("icons-map.json", "icons");
    let ships = map("ships-map.json", "ships");
    for s in all_symbols() {
        let fonts_map = match s.font {
            SymbolFont::Icons => &icons,
            SymbolFont::Ships => &ships,
        };
        let expected = fonts_map[s.glyph_name].as_str();
        assert_eq!(
            expected,
            Some(s.glyph.to_string().as_str()),
            "{:?} {}: {}",
            s.kind,
            s.key,
            s.glyph_name
        );
    }
}
