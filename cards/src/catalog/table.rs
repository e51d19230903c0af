//! The one strict CSV reader every table goes through: the card set's seven
//! files, the formats, the Solo charts, the Dreadnought classes and the
//! rules reference's tables alike.
//!
//! A table is read in four steps, each its own function: the header is
//! checked against the row type's columns, each record is decoded as UTF-8,
//! deserialised with `serde`, then validated with `validator`. Every problem
//! is kept, named by file, line and column; a bad row is skipped, never
//! half-read.

use std::fmt;

use serde::de::DeserializeOwned;
use validator::{Validate, ValidationError};

/// One problem found while reading data, located in its file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}, line {line}, column `{column}`: {message}")]
pub struct LoadError {
    pub file: String,
    /// 1-based line number (the header is line 1).
    pub line: u64,
    /// The column's header name (or `column N` where the file has no such header).
    pub column: String,
    pub message: String,
}

/// Every problem found in a set of tables. Never empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "the data has {} error(s):", self.0.len())?;
        for e in &self.0 {
            writeln!(f, "  {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

/// The columns a row type reads, in file order: its fields as serde names
/// them (`#[serde(rename)]` included), so a column is named once, on the
/// row's struct, and the importer writes the header the reader expects.
pub(crate) fn columns_of<T: DeserializeOwned>() -> &'static [&'static str] {
    serde_aux::serde_introspection::serde_introspect::<T>()
}

/// A row with the place it was read from.
pub(crate) struct Located<T> {
    pub file: &'static str,
    pub line: u64,
    pub row: T,
}

impl<T> Located<T> {
    /// A problem with this row's `column`.
    pub fn error(&self, column: &str, message: impl fmt::Display) -> LoadError {
        problem(self.file, self.line, column, message.to_string())
    }
}

fn problem(file: &str, line: u64, column: &str, message: impl Into<String>) -> LoadError {
    LoadError {
        file: file.to_string(),
        line,
        column: column.to_string(),
        message: message.into(),
    }
}

/// Reads a table on its own: every row, or every problem found.
pub(crate) fn read_rows<T: DeserializeOwned + Validate>(
    file: &'static str,
    text: &str,
) -> Result<Vec<Located<T>>, LoadErrors> {
    let mut errors = Vec::new();
    let rows = read_table(file, text.as_bytes(), &mut errors);
    if errors.is_empty() {
        Ok(rows)
    } else {
        Err(LoadErrors(errors))
    }
}

/// Reads one table strictly, pushing every problem found; the rows returned
/// are the ones without problems.
pub(crate) fn read_table<T: DeserializeOwned + Validate>(
    file: &'static str,
    bytes: &[u8],
    errors: &mut Vec<LoadError>,
) -> Vec<Located<T>> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .flexible(true)
        .from_reader(bytes);
    let Some(names) = read_header::<T>(file, bytes, &mut reader, errors) else {
        return Vec::new();
    };
    let header = csv::StringRecord::from(names.clone());
    let mut rows = Vec::new();
    for record in reader.byte_records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                let message = format!("cannot read the row: {e}");
                errors.push(problem(file, line, columns_of::<T>()[0], message));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line());
        let row = decode_record(&record, &names)
            .and_then(|fields| deserialize_row::<T>(fields, &header, &names))
            .and_then(|row| validate_row(row));
        match row {
            Ok(row) => rows.push(Located { file, line, row }),
            Err(found) => errors.extend(
                found
                    .into_iter()
                    .map(|(column, message)| problem(file, line, &column, message)),
            ),
        }
    }
    rows
}

/// Problems of one row: (column, message).
type RowProblems = Vec<(String, String)>;

/// The header's column names, if they are exactly `T`'s columns.
fn read_header<T: DeserializeOwned>(
    file: &str,
    bytes: &[u8],
    reader: &mut csv::Reader<&[u8]>,
    errors: &mut Vec<LoadError>,
) -> Option<Vec<String>> {
    let columns = columns_of::<T>();
    let first = columns[0];
    if bytes.iter().all(u8::is_ascii_whitespace) {
        let message = format!(
            "the file is empty: expected a header row with the columns {}",
            columns.join(", ")
        );
        errors.push(problem(file, 1, first, message));
        return None;
    }
    let headers = match reader.byte_headers() {
        Ok(h) => h.clone(),
        Err(e) => {
            let message = format!("cannot read the header row: {e}");
            errors.push(problem(file, 1, first, message));
            return None;
        }
    };
    let before = errors.len();
    let mut names = Vec::with_capacity(headers.len());
    for (i, h) in headers.iter().enumerate() {
        let name = match std::str::from_utf8(h) {
            Ok(s) => s.trim_start_matches('\u{feff}').to_string(),
            Err(_) => {
                let message = "the header is not valid UTF-8: save the file as UTF-8";
                errors.push(problem(file, 1, &format!("column {}", i + 1), message));
                format!("column {}", i + 1)
            }
        };
        names.push(name);
    }
    check_columns::<T>(file, &names, errors.len() == before, errors);
    (errors.len() == before).then_some(names)
}

/// Each column of `T` once, and no other (unknown names are only reported
/// when every header decoded, to name one problem once).
fn check_columns<T: DeserializeOwned>(
    file: &str,
    names: &[String],
    report_unknown: bool,
    errors: &mut Vec<LoadError>,
) {
    let columns = columns_of::<T>();
    let mut unknown_reported = !report_unknown;
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            let message = format!("the column `{name}` appears twice");
            errors.push(problem(file, 1, name, message));
            unknown_reported = true;
        } else if !unknown_reported && !columns.contains(&name.as_str()) {
            let message = format!(
                "unknown column `{name}`; the columns are {}",
                columns.join(", ")
            );
            errors.push(problem(file, 1, name, message));
            unknown_reported = true;
        }
    }
    for column in columns {
        if !names.iter().any(|n| n == column) {
            let message = format!("the column `{column}` is missing");
            errors.push(problem(file, 1, column, message));
        }
    }
}

/// The record's fields as text, if it has one per column and all are UTF-8.
fn decode_record(record: &csv::ByteRecord, names: &[String]) -> Result<Vec<String>, RowProblems> {
    if record.len() != names.len() {
        let column = names
            .get(record.len())
            .cloned()
            .unwrap_or_else(|| format!("column {}", names.len() + 1));
        let message = format!(
            "the row has {} fields but the header has {} columns",
            record.len(),
            names.len()
        );
        return Err(vec![(column, message)]);
    }
    let mut fields = Vec::with_capacity(record.len());
    let mut found = Vec::new();
    for (i, field) in record.iter().enumerate() {
        match std::str::from_utf8(field) {
            Ok(s) => fields.push(s.to_string()),
            Err(e) => found.push((
                names[i].clone(),
                format!(
                    "not valid UTF-8 after byte {}: save the file as UTF-8",
                    e.valid_up_to()
                ),
            )),
        }
    }
    if found.is_empty() {
        Ok(fields)
    } else {
        Err(found)
    }
}

fn deserialize_row<T: DeserializeOwned>(
    fields: Vec<String>,
    header: &csv::StringRecord,
    names: &[String],
) -> Result<T, RowProblems> {
    csv::StringRecord::from(fields)
        .deserialize(Some(header))
        .map_err(|e| {
            let found = match e.kind() {
                csv::ErrorKind::Deserialize { err: de, .. } => {
                    let column = de
                        .field()
                        .and_then(|i| names.get(i as usize).cloned())
                        .unwrap_or_else(|| columns_of::<T>()[0].to_string());
                    (column, de.kind().to_string())
                }
                _ => (columns_of::<T>()[0].to_string(), e.to_string()),
            };
            vec![found]
        })
}

fn validate_row<T: Validate>(row: T) -> Result<T, RowProblems> {
    let Err(invalid) = row.validate() else {
        return Ok(row);
    };
    // Sorted by column so the report is stable.
    let mut fields: Vec<_> = invalid.field_errors().into_iter().collect();
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    Err(fields
        .into_iter()
        .flat_map(|(column, problems)| {
            problems
                .iter()
                .map(move |p| (column.to_string(), describe_validation(p)))
        })
        .collect())
}

fn describe_validation(e: &ValidationError) -> String {
    if let Some(message) = &e.message {
        return message.to_string();
    }
    let mut s = match e.code.as_ref() {
        "length" => "must not be empty".to_string(),
        "range" => "is out of range".to_string(),
        other => format!("fails the `{other}` check"),
    };
    let mut params: Vec<_> = e
        .params
        .iter()
        .filter(|(k, _)| k.as_ref() != "value")
        .collect();
    params.sort_by(|a, b| a.0.cmp(b.0));
    if !params.is_empty() {
        let list: Vec<String> = params.iter().map(|(k, v)| format!("{k} {v}")).collect();
        s.push_str(&format!(" ({})", list.join(", ")));
    }
    if let Some(v) = e.params.get("value") {
        s.push_str(&format!(", found {v}"));
    }
    s
}

// Columns with words rather than numbers are read as text and checked with
// `validator`: errors raised inside serde lose their column in `csv`.

/// A `yes`/`no` column (blank is no).
pub(crate) fn yes_no(value: &str) -> Result<(), ValidationError> {
    match value {
        "yes" | "no" | "" => Ok(()),
        other => Err(ValidationError::new("yes_no")
            .with_message(format!("expected `yes` or `no`, found `{other}`").into())),
    }
}

/// A `yes`/`no` column's value, once [`yes_no`] has checked it.
pub(crate) fn is_yes(value: &str) -> bool {
    value == "yes"
}

/// A `;`-separated list; blanks are dropped.
pub(crate) fn list(s: &str) -> Vec<String> {
    s.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Validate)]
    struct Pair {
        #[validate(length(min = 1))]
        name: String,
        #[validate(custom(function = "yes_no"))]
        flag: String,
    }

    fn problems(text: &str) -> Vec<String> {
        match read_rows::<Pair>("pairs.csv", text) {
            Ok(_) => Vec::new(),
            Err(e) => e.0.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn good_rows_are_read_with_their_lines() {
        let rows = read_rows::<Pair>("pairs.csv", "name,flag\na,yes\nb,\n").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[1].line, rows[1].row.name.as_str()), (3, "b"));
        assert!(is_yes(&rows[0].row.flag) && !is_yes(&rows[1].row.flag));
    }

    #[test]
    fn every_problem_is_named_by_file_line_and_column() {
        assert_eq!(
            problems("name,flag\n,maybe\nok,yes,extra\n"),
            [
                "pairs.csv, line 2, column `flag`: expected `yes` or `no`, found `maybe`",
                "pairs.csv, line 2, column `name`: must not be empty (min 1), found \"\"",
                "pairs.csv, line 3, column `column 3`: the row has 3 fields but the header has 2 columns",
            ]
        );
    }

    #[test]
    fn a_wrong_header_is_refused_before_any_row() {
        assert_eq!(
            problems("name,colour\nx,yes\n"),
            [
                "pairs.csv, line 1, column `colour`: unknown column `colour`; the columns are name, flag",
                "pairs.csv, line 1, column `flag`: the column `flag` is missing",
            ]
        );
        assert_eq!(
            problems(" \n"),
            [
                "pairs.csv, line 1, column `name`: the file is empty: expected a header row with the columns name, flag"
            ]
        );
    }

    /// The tables the importer writes have their row type's fields as
    /// their header, in order: a column is named once, on the struct.
    #[test]
    fn each_written_header_is_its_row_types_fields() {
        use crate::catalog::rows::{
            ActionRow, ConditionRow, FactionRow, PilotRow, ShipRow, SlotRow, UpgradeRow,
        };
        use crate::catalog::{TRANSLATION_FILES, products, translation_columns, yasb};
        let mut tables: Vec<(&str, &[&str])> = vec![
            ("factions.csv", columns_of::<FactionRow>()),
            ("slots.csv", columns_of::<SlotRow>()),
            ("actions.csv", columns_of::<ActionRow>()),
            ("ships.csv", columns_of::<ShipRow>()),
            ("conditions.csv", columns_of::<ConditionRow>()),
            ("pilots.csv", columns_of::<PilotRow>()),
            ("upgrades.csv", columns_of::<UpgradeRow>()),
            ("yasb.csv", columns_of::<yasb::YasbRow>()),
            ("products.csv", columns_of::<products::ProductRow>()),
            ("product_contents.csv", columns_of::<products::ContentRow>()),
        ];
        tables.extend(TRANSLATION_FILES.map(|(_, file)| (file, translation_columns())));
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        for (file, columns) in tables {
            let mut reader = csv::Reader::from_path(data.join(file)).expect(file);
            let header: Vec<&str> = reader.headers().expect(file).iter().collect();
            assert_eq!(header, columns, "{file}");
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_a_problem_not_a_panic() {
        let mut errors = Vec::new();
        let rows: Vec<Located<Pair>> =
            read_table("pairs.csv", b"name,flag\n\xff\xfe,yes\n", &mut errors);
        assert!(rows.is_empty());
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].column, "name");
        assert!(errors[0].message.contains("UTF-8"), "{}", errors[0]);
    }
}
