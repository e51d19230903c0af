//! Reads one of YASB's translation files (`cards/data/yasb/cards-<lang>.coffee`):
//! not CoffeeScript in general, only the shapes those files have.
//!
//! - `exportObj.translations.<Language> =` holds sections four spaces in
//!   (`action:`, `slot:`, `sources:`, …), each a list of
//!   `"English": "Local"` lines eight spaces in;
//! - `exportObj.renameShip 'English', 'Local'` renames a ship;
//! - `pilot_translations =` and the four other card tables hold entries
//!   `"English name":` eight spaces in, with `name:`, `text:` and `ship:`
//!   lines further in (one file indents a line with a tab).
//!
//! Every value is a one-line string literal; anything else is an error, so
//! a changed file is noticed rather than half-read.

use std::collections::BTreeMap;

use super::coffee::string_literal;

/// The card tables of a translation file, in the file's order.
pub const CARD_TABLES: [&str; 5] = [
    "pilot_translations",
    "upgrade_translations",
    "modification_translations",
    "title_translations",
    "condition_translations",
];

/// One card's entry in a card table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranslatedCard {
    /// The line the entry starts on (1-based).
    pub line: usize,
    /// The card's English name, as `cards-common.coffee` spells it.
    pub english: String,
    /// `name`, `text`, `ship`: the texts as written (markers and HTML kept).
    pub fields: BTreeMap<String, String>,
}

/// What a translation file holds, as read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TranslationFile {
    /// `action`, `slot`, `sources`, …: (English, local) pairs in file order.
    pub sections: BTreeMap<String, Vec<(String, String)>>,
    /// `renameShip`: (English, local) ship names in file order.
    pub ship_names: Vec<(String, String)>,
    /// Each card table of [`CARD_TABLES`] by its name.
    pub tables: BTreeMap<&'static str, Vec<TranslatedCard>>,
}

/// Why a translation file cannot be read: the line (1-based) and what was
/// expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TranslationFileError {
    pub line: usize,
    pub message: String,
}

fn error(at: usize, message: impl Into<String>) -> TranslationFileError {
    TranslationFileError {
        line: at + 1,
        message: message.into(),
    }
}

/// Leading spaces and tabs, each counted as one column.
fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '\t']).len()
}

/// A line with its trailing `# comment` (outside quotes) left out.
fn without_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') => return line[..i].trim_end(),
            _ => {}
        }
    }
    line.trim_end()
}

/// Reads a whole translation file.
pub fn read_translation_file(text: &str) -> Result<TranslationFile, TranslationFileError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut file = TranslationFile::default();
    let translations = lines
        .iter()
        .position(|l| l.starts_with("exportObj.translations.") && l.trim_end().ends_with(" ="))
        .or_else(|| {
            lines.iter().position(|l| {
                l.starts_with("exportObj.translations[") && l.trim_end().ends_with(" =")
            })
        })
        .ok_or_else(|| error(0, "no `exportObj.translations.<Language> =`"))?;
    file.sections = read_sections(&lines, translations + 1)?;
    for (at, line) in lines.iter().enumerate() {
        if let Some(rest) = line.trim().strip_prefix("exportObj.renameShip ") {
            let (english, rest) = string_literal(rest).ok_or_else(|| error(at, "a ship name"))?;
            let rest = rest.trim_start_matches(',').trim();
            let (local, _) = string_literal(rest).ok_or_else(|| error(at, "a local ship name"))?;
            file.ship_names.push((english, local));
        }
    }
    for table in CARD_TABLES {
        file.tables.insert(table, read_table(&lines, table)?);
    }
    Ok(file)
}

/// The sections of the translations object, from `start` to the first line
/// back at the margin.
fn read_sections(
    lines: &[&str],
    start: usize,
) -> Result<BTreeMap<String, Vec<(String, String)>>, TranslationFileError> {
    let mut sections: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for (at, line) in lines.iter().enumerate().skip(start) {
        let trimmed = without_comment(line.trim());
        if trimmed.is_empty() {
            continue;
        }
        match indent(line) {
            0 => break,
            4 => current = trimmed.strip_suffix(':').map(|s| s.trim().to_string()),
            8 => {
                let Some(section) = &current else { continue };
                // Interface strings may be functions: only `"a": "b"` pairs are kept.
                let Some((english, rest)) = string_literal(trimmed) else {
                    continue;
                };
                let Some(value) = rest.strip_prefix(':').map(str::trim) else {
                    return Err(error(at, "expected `\"English\": \"Local\"`"));
                };
                if let Some((local, "")) = string_literal(value) {
                    let entries = sections.entry(section.clone()).or_default();
                    entries.push((english, local));
                }
            }
            _ => {}
        }
    }
    Ok(sections)
}

/// One card table's entries; an absent table is an error.
fn read_table(lines: &[&str], table: &str) -> Result<Vec<TranslatedCard>, TranslationFileError> {
    let opening = format!("    {table} =");
    let start = lines
        .iter()
        .position(|l| l.trim_end() == opening)
        .ok_or_else(|| error(0, format!("no `{table} =`")))?;
    let mut entries: Vec<TranslatedCard> = Vec::new();
    for (at, line) in lines.iter().enumerate().skip(start + 1) {
        let trimmed = without_comment(line.trim());
        if trimmed.is_empty() {
            continue;
        }
        match indent(line) {
            0..=4 => break,
            8 => {
                let (english, _) = string_literal(trimmed)
                    .filter(|(_, rest)| *rest == ":")
                    .ok_or_else(|| error(at, "expected `\"English name\":`"))?;
                entries.push(TranslatedCard {
                    line: at + 1,
                    english,
                    fields: BTreeMap::new(),
                });
            }
            _ => {
                let entry = entries
                    .last_mut()
                    .ok_or_else(|| error(at, "a field before any card"))?;
                let (field, value) = trimmed
                    .split_once(':')
                    .ok_or_else(|| error(at, "expected `field: \"text\"`"))?;
                let (value, "") = string_literal(value.trim())
                    .ok_or_else(|| error(at, "expected a one-line string"))?
                else {
                    return Err(error(at, "text after the string"));
                };
                entry.fields.insert(field.trim().to_string(), value);
            }
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r##"exportObj.translations.Deutsch =
    action:
        "Target Lock": "Zielerfassung"
    ui:
        upgradeHeader: (translator, language, slot) ->
            "#{translator language, 'slot', slot} Aufwertung"
        epic: "Episch"

exportObj.cardLoaders.Deutsch = () ->
    exportObj.renameShip 'X-Wing', 'X-Flügler'
    pilot_translations =
        "Wedge Antilles": # a comment
            ship: "X-Flügler"
            text: """Wenn du angreifst, sinkt %FOCUS%."""
        'Red Squadron Pilot':
        	name: 'Pilot der Rot-Staffel'
    upgrade_translations =
    modification_translations =
        "Stealth Device":
            name: "Tarnvorrichtung"
    title_translations =
    condition_translations =
    exportObj.setupCardData basic_cards
"##;

    #[test]
    fn every_shape_reads() {
        let file = read_translation_file(SAMPLE).unwrap();
        assert_eq!(
            file.sections["action"],
            [("Target Lock".to_string(), "Zielerfassung".to_string())]
        );
        assert!(
            !file.sections.contains_key("ui"),
            "identifiers are not pairs"
        );
        assert_eq!(file.ship_names[0].1, "X-Flügler");
        let pilots = &file.tables["pilot_translations"];
        assert_eq!(pilots.len(), 2);
        assert_eq!(pilots[0].english, "Wedge Antilles");
        assert_eq!(
            pilots[0].fields["text"],
            "Wenn du angreifst, sinkt %FOCUS%."
        );
        assert_eq!(pilots[1].fields["name"], "Pilot der Rot-Staffel");
        assert_eq!(file.tables["modification_translations"].len(), 1);
        assert!(file.tables["upgrade_translations"].is_empty());
    }

    #[test]
    fn a_broken_line_is_an_error_with_its_line() {
        let broken = SAMPLE.replace("name: 'Pilot der Rot-Staffel'", "name: Pilot");
        assert_eq!(read_translation_file(&broken).unwrap_err().line, 16);
        let missing = SAMPLE.replace("    title_translations =\n", "");
        assert!(read_translation_file(&missing).is_err());
    }
}
