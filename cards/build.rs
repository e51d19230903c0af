//! Writes the symbol table (`data/symbols/symbols.csv`) as Rust, so the
//! browser carries the table and no CSV reader (`src/symbols.rs` includes
//! it). A damaged row stops the build with its line.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::Path;

#[derive(serde::Deserialize)]
struct Row {
    kind: String,
    key: String,
    font: String,
    glyph: String,
    codepoint: String,
    name: String,
}

/// The enum variant a column's value names.
fn variant(value: &str, known: &[(&str, &str)], line: usize) -> String {
    match known.iter().find(|(v, _)| *v == value) {
        Some((_, variant)) => variant.to_string(),
        None => panic!("symbols.csv line {line}: unknown value {value:?}"),
    }
}

fn main() {
    const SOURCE: &str = "data/symbols/symbols.csv";
    println!("cargo::rerun-if-changed={SOURCE}");
    let kinds = [
        ("token", "Token"),
        ("action", "Action"),
        ("slot", "Slot"),
        ("stat", "Stat"),
        ("maneuver", "Maneuver"),
        ("ship", "Ship"),
    ];
    let fonts = [("icons", "Icons"), ("ships", "Ships")];
    let mut reader = csv::Reader::from_path(SOURCE).unwrap_or_else(|e| panic!("{SOURCE}: {e}"));
    let mut seen = HashSet::new();
    let mut out = String::from("/// Every symbol, in the file's order (written by `build.rs`).\n");
    out.push_str("static SYMBOLS: &[Symbol] = &[\n");
    for (i, row) in reader.deserialize::<Row>().enumerate() {
        let line = i + 2;
        let row = row.unwrap_or_else(|e| panic!("{SOURCE} line {line}: {e}"));
        let glyph = u32::from_str_radix(&row.codepoint, 16)
            .ok()
            .and_then(char::from_u32)
            .unwrap_or_else(|| {
                panic!(
                    "{SOURCE} line {line}: {:?} is not a code point",
                    row.codepoint
                )
            });
        if !seen.insert((row.kind.clone(), row.key.clone())) {
            panic!(
                "{SOURCE} line {line}: {} {:?} appears twice",
                row.kind, row.key
            );
        }
        let _ = writeln!(
            out,
            "    Symbol {{ kind: SymbolKind::{}, key: {:?}, font: SymbolFont::{}, glyph_name: {:?}, glyph: {:?}, name: {:?} }},",
            variant(&row.kind, &kinds, line),
            row.key,
            variant(&row.font, &fonts, line),
            row.glyph,
            glyph,
            row.name,
        );
    }
    out.push_str("];\n");
    let target =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("symbols.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
