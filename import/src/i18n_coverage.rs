//! What the translation import counted, per language, and the table
//! `cards/data/i18n/COVERAGE.md` written from it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use cards::catalog::YasbKind;

/// One language's counts: what was written, what was kept though the same
/// as English, what was dropped and why.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Card names written that differ from the English, by card kind.
    pub names: BTreeMap<YasbKind, usize>,
    /// Card names written that are the English name (proper names), by kind.
    pub same_names: BTreeMap<YasbKind, usize>,
    /// Card texts written, by card kind.
    pub texts: BTreeMap<YasbKind, usize>,
    /// Ship, action, slot and product names written, by kind (`ship`, …).
    pub terms: BTreeMap<&'static str, usize>,
    /// Of those, the ones the same as English.
    pub same_terms: BTreeMap<&'static str, usize>,
    /// Texts dropped as the English pasted in, by field (`text`,
    /// `restriction`).
    pub dropped: BTreeMap<&'static str, usize>,
    /// Entries that join none of our cards, settled by a verdict.
    pub settled: usize,
}

impl Coverage {
    pub(super) fn count_name(&mut self, kind: YasbKind, same: bool) {
        let map = if same {
            &mut self.same_names
        } else {
            &mut self.names
        };
        *map.entry(kind).or_insert(0) += 1;
    }

    pub(super) fn count_text(&mut self, kind: YasbKind) {
        *self.texts.entry(kind).or_insert(0) += 1;
    }

    pub(super) fn count_term(&mut self, kind: &'static str, same: bool) {
        *self.terms.entry(kind).or_insert(0) += 1;
        if same {
            *self.same_terms.entry(kind).or_insert(0) += 1;
        }
    }

    pub(super) fn count_dropped(&mut self, field: &'static str) {
        *self.dropped.entry(field).or_insert(0) += 1;
    }

    /// Card names written that differ from the English, every kind.
    pub fn translated_names(&self) -> usize {
        self.names.values().sum()
    }

    /// Card names and texts of one kind: (names translated, texts).
    pub fn of_kind(&self, kind: YasbKind) -> (usize, usize) {
        let get = |m: &BTreeMap<YasbKind, usize>| m.get(&kind).copied().unwrap_or(0);
        (get(&self.names), get(&self.texts))
    }

    /// A term kind's count (`ship`, `action`, `slot`, `product`).
    pub fn term(&self, kind: &str) -> usize {
        self.terms.get(kind).copied().unwrap_or(0)
    }

    /// A dropped field's count (`text`, `restriction`).
    pub fn dropped(&self, field: &str) -> usize {
        self.dropped.get(field).copied().unwrap_or(0)
    }
}

/// `COVERAGE.md`: one row per language, named as `names` (code, name) says.
pub(super) fn coverage_table(
    names: &[(&str, &str)],
    coverage: &[(&'static str, Coverage)],
) -> String {
    let mut out = String::from(
        "# Card translations: coverage\n\n\
         Written by `make import-cards` (`import/src/i18n.rs`) from YASB's\n\
         translation files in `cards/data/yasb/`; do not edit by hand.\n\n\
         Cards are counted as YASB's entries: *name / text* is the number of\n\
         names that differ from the English and of texts kept. A name the same\n\
         as the English (a proper name) is kept and counted under \"same\". A\n\
         text the same as `cards-en.coffee`'s, or written in English card words\n\
         only (an English text edited by hand), was pasted in untranslated: it is\n\
         dropped, and counted under \"dropped\" (the card shows its English text).\n\
         \"Settled\" counts entries that join none of our cards, each with its\n\
         verdict in `cards/data/import/i18n-verdicts.csv` (joined by hand or\n\
         skipped). Ships, actions, slots and products count the names written;\n\
         \"same\" those the same as English in YASB's canonical form.\n\n\
         | language | pilots | upgrades | modifications | titles | conditions | names same as English | ships | actions | slots | products | dropped texts | dropped restrictions | settled |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for (lang, c) in coverage {
        let name = names
            .iter()
            .find(|(code, _)| code == lang)
            .map_or(*lang, |(_, name)| *name);
        let _ = write!(out, "| {name} (`{lang}`)");
        for kind in YasbKind::ALL {
            let (names, texts) = c.of_kind(kind);
            let _ = write!(out, " | {names} / {texts}");
        }
        let same: usize = c.same_names.values().sum();
        let _ = write!(out, " | {same}");
        for term in ["ship", "action", "slot", "product"] {
            let _ = write!(out, " | {}", c.term(term));
            match c.same_terms.get(term) {
                Some(same) if *same > 0 => {
                    let _ = write!(out, " ({same} same)");
                }
                _ => {}
            }
        }
        let _ = writeln!(
            out,
            " | {} | {} | {} |",
            c.dropped("text"),
            c.dropped("restriction"),
            c.settled
        );
    }
    out
}

/// Where `cards/data/SOURCES.md` holds the coverage table: the import
/// rewrites what lies between these lines, so the table there stays the
/// import's.
pub const SOURCES_TABLE_BEGIN: &str = "<!-- coverage table: written by make import-cards -->";
/// The line after the table in `SOURCES.md`.
pub const SOURCES_TABLE_END: &str = "<!-- end of coverage table -->";

/// Why the coverage table could not be put in `SOURCES.md`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "cards/data/SOURCES.md lacks the coverage table's marker lines ({SOURCES_TABLE_BEGIN} … {SOURCES_TABLE_END})"
)]
pub struct SourcesMarkersMissing;

/// `sources` (SOURCES.md) with the table rows of `coverage_table` (the
/// heading row, the rule and a row per language) between its markers.
pub fn with_coverage_table(
    sources: &str,
    coverage_table: &str,
) -> Result<String, SourcesMarkersMissing> {
    let begin = sources
        .find(SOURCES_TABLE_BEGIN)
        .ok_or(SourcesMarkersMissing)?;
    let after_begin = begin + SOURCES_TABLE_BEGIN.len();
    let end = sources[after_begin..]
        .find(SOURCES_TABLE_END)
        .ok_or(SourcesMarkersMissing)?
        + after_begin;
    let rows: String = coverage_table
        .lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect();
    Ok(format!(
        "{}\n\n{rows}\n{}",
        &sources[..after_begin],
        &sources[end..]
    ))
}

#[cfg(test)]
mod sources_tests {
    use super::*;

    #[test]
    fn the_table_goes_between_the_markers_and_nowhere_else() {
        let sources =
            format!("# Sources\nbefore\n{SOURCES_TABLE_BEGIN}\nold\n{SOURCES_TABLE_END}\nafter\n");
        let table = "# Coverage\n\nwords\n\n| a | b |\n|---|---|\n| x | 1 |\n";
        let once = with_coverage_table(&sources, table).unwrap();
        assert_eq!(
            once,
            format!(
                "# Sources\nbefore\n{SOURCES_TABLE_BEGIN}\n\n| a | b |\n|---|---|\n| x | 1 |\n\n{SOURCES_TABLE_END}\nafter\n"
            )
        );
        assert_eq!(
            with_coverage_table(&once, table).unwrap(),
            once,
            "twice is once"
        );
        assert_eq!(
            with_coverage_table("no markers", table),
            Err(SourcesMarkersMissing)
        );
    }
}
