//! Reads the card lists of YASB's `cards-common.coffee` (kept in
//! `cards/data/yasb/`): not CoffeeScript in general, only the shape that
//! file's lists have. Each `<list>ById: [` holds entries `{ … }` whose
//! fields are `key: value` lines four spaces in; a value is a string (with
//! `.canonicalize()` applied where written), a number, a boolean, a list of
//! those, or a list of such entries (`confersAddons`). Anything else (the
//! functions a card carries) is kept as [`CoffeeValue::Code`] and never read.

use std::collections::BTreeMap;

/// A field's value as written.
#[derive(Debug, Clone, PartialEq)]
pub enum CoffeeValue {
    Text(String),
    Number(i64),
    Bool(bool),
    List(Vec<CoffeeValue>),
    Entry(BTreeMap<String, CoffeeValue>),
    /// A function or expression: not data.
    Code,
}

/// One entry of a list, with the line it starts on (for error messages).
#[derive(Debug, Clone, PartialEq)]
pub struct CoffeeEntry {
    pub line: usize,
    pub fields: BTreeMap<String, CoffeeValue>,
}

impl CoffeeEntry {
    /// A text field.
    pub fn text(&self, key: &str) -> Option<&str> {
        match self.fields.get(key) {
            Some(CoffeeValue::Text(s)) => Some(s),
            _ => None,
        }
    }

    /// A number field.
    pub fn number(&self, key: &str) -> Option<i64> {
        match self.fields.get(key) {
            Some(CoffeeValue::Number(n)) => Some(*n),
            _ => None,
        }
    }

    /// A boolean field; absent is false.
    pub fn flag(&self, key: &str) -> bool {
        matches!(self.fields.get(key), Some(CoffeeValue::Bool(true)))
    }

    /// A list of texts (`slots`); absent is empty.
    pub fn texts(&self, key: &str) -> Vec<&str> {
        match self.fields.get(key) {
            Some(CoffeeValue::List(items)) => items
                .iter()
                .filter_map(|v| match v {
                    CoffeeValue::Text(s) => Some(s.as_str()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A list of entries (`confersAddons`); absent is empty.
    pub fn entries(&self, key: &str) -> Vec<&BTreeMap<String, CoffeeValue>> {
        match self.fields.get(key) {
            Some(CoffeeValue::List(items)) => items
                .iter()
                .filter_map(|v| match v {
                    CoffeeValue::Entry(e) => Some(e),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Why a list cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoffeeError {
    #[error("cards-common.coffee has no list `{0}`")]
    NoList(String),
    #[error("cards-common.coffee, line {line}: {message}")]
    Shape { line: usize, message: String },
}

/// YASB's `canonicalize`: lower case, then only ASCII letters and digits.
pub fn canonicalize(name: &str) -> String {
    name.to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        .collect()
}

/// The entries of `<list>: [` (for example `pilotsById`), in order.
pub fn read_list(text: &str, list: &str) -> Result<Vec<CoffeeEntry>, CoffeeError> {
    let lines: Vec<&str> = text.lines().collect();
    let opening = format!("    {list}: [");
    let start = lines
        .iter()
        .position(|l| l.trim_end() == opening)
        .ok_or_else(|| CoffeeError::NoList(list.to_string()))?;
    let mut entries = Vec::new();
    let mut at = start + 1;
    while at < lines.len() {
        let line = lines[at];
        match (indent(line), line.trim()) {
            (_, "") => at += 1,
            (_, comment) if comment.starts_with('#') => at += 1,
            (4, "]") => return Ok(entries),
            // One entry (title 8) sits a space further in than the others.
            (depth @ 8..=11, "{") => {
                let begins = at + 1;
                at += 1;
                let fields = read_fields(&lines, &mut at, depth + 4)?;
                expect(&lines, at, depth, "}")?;
                at += 1;
                entries.push(CoffeeEntry {
                    line: begins,
                    fields,
                });
            }
            _ => return Err(shape(at, "expected `{` or the list's `]`")),
        }
    }
    Err(shape(at, "the list never closes"))
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

fn shape(at: usize, message: &str) -> CoffeeError {
    CoffeeError::Shape {
        line: at + 1,
        message: message.to_string(),
    }
}

fn expect(lines: &[&str], at: usize, depth: usize, token: &str) -> Result<(), CoffeeError> {
    match lines.get(at) {
        Some(l) if indent(l) == depth && l.trim() == token => Ok(()),
        _ => Err(shape(at, &format!("expected `{token}`"))),
    }
}

/// The `key: value` lines at `depth`, up to the first line less indented;
/// lines more indented that no list claims (function bodies) are skipped.
fn read_fields(
    lines: &[&str],
    at: &mut usize,
    depth: usize,
) -> Result<BTreeMap<String, CoffeeValue>, CoffeeError> {
    let mut fields = BTreeMap::new();
    while let Some(line) = lines.get(*at) {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || indent(line) > depth {
            *at += 1;
            continue;
        }
        if indent(line) < depth {
            break;
        }
        let Some((key, rest)) = trimmed.split_once(':') else {
            return Err(shape(*at, "expected `key: value`"));
        };
        let rest = rest.trim();
        *at += 1;
        let value = if rest == "[" {
            read_items(lines, at, depth)?
        } else {
            scalar_or_inline_list(rest)
        };
        fields.insert(key.trim().to_string(), value);
    }
    Ok(fields)
}

/// The items of a list opened at the end of a field line, one a line four
/// spaces further in, up to `]` at `depth`.
fn read_items(lines: &[&str], at: &mut usize, depth: usize) -> Result<CoffeeValue, CoffeeError> {
    let mut items = Vec::new();
    while let Some(line) = lines.get(*at) {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            *at += 1;
            continue;
        }
        if indent(line) <= depth {
            expect(lines, *at, depth, "]")?;
            *at += 1;
            return Ok(CoffeeValue::List(items));
        }
        if trimmed == "{" {
            let item_depth = indent(line);
            *at += 1;
            let fields = read_fields(lines, at, item_depth + 4)?;
            expect(lines, *at, item_depth, "}")?;
            *at += 1;
            items.push(CoffeeValue::Entry(fields));
        } else {
            items.push(scalar(trimmed.trim_end_matches(',')));
            *at += 1;
        }
    }
    Err(shape(*at, "a list never closes"))
}

fn scalar_or_inline_list(rest: &str) -> CoffeeValue {
    let rest = rest.trim_end_matches(',').trim();
    match rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        Some(inner) if inner.trim().is_empty() => CoffeeValue::List(Vec::new()),
        Some(inner) => CoffeeValue::List(split_items(inner).into_iter().map(scalar).collect()),
        None => scalar(rest),
    }
}

/// Splits `"a", 'b, c'` at the commas outside quotes.
fn split_items(inner: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut quote = None;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, ',') => {
                items.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(inner[start..].trim());
    items.retain(|s| !s.is_empty());
    items
}

fn scalar(value: &str) -> CoffeeValue {
    let value = value.trim();
    match value {
        "true" | "yes" => return CoffeeValue::Bool(true),
        "false" | "no" => return CoffeeValue::Bool(false),
        _ => {}
    }
    if let Ok(n) = value.parse::<i64>() {
        return CoffeeValue::Number(n);
    }
    match string_literal(value) {
        Some((text, "")) => CoffeeValue::Text(text),
        Some((text, ".canonicalize()")) => CoffeeValue::Text(canonicalize(&text)),
        _ => CoffeeValue::Code,
    }
}

/// A quoted string at the start of `value` (`"…"`, `'…'`, or tripled) and
/// what follows it.
pub(super) fn string_literal(value: &str) -> Option<(String, &str)> {
    for quote in ["'''", "\"\"\"", "'", "\""] {
        let Some(body) = value.strip_prefix(quote) else {
            continue;
        };
        let mut text = String::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            if body[i..].starts_with(quote) {
                return Some((text, body[i + quote.len()..].trim()));
            }
            if c == '\\' {
                if let Some((_, escaped)) = chars.next() {
                    text.push(escaped);
                }
            } else {
                text.push(c);
            }
        }
        return None;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
    pilotsById: [
        {
            name: '"Heavy Scyk" Interceptor (Cannon)'
            canonical_name: '"Heavy Scyk" Interceptor'.canonicalize()
            id: 17
            unique: true,
            points: -3
            slots: [
                "Elite"
                'Salvaged Astromech'
            ]
            modifier_func: (stats) ->
                stats.hull += 1
            confersAddons: [
                {
                    type: exportObj.Upgrade
                    slot: "Cannon"
                }
            ]
            faction: [ "Rebel Alliance", 'Scum and Villainy' ]
        }
        {
            name: '''Zero Condition'''
            id: 0
            slots: [ ]
        }
    ]
"#;

    #[test]
    fn entries_read_with_every_kind_of_value() {
        let entries = read_list(SAMPLE, "pilotsById").unwrap();
        assert_eq!(entries.len(), 2);
        let scyk = &entries[0];
        assert_eq!(
            scyk.text("name"),
            Some("\"Heavy Scyk\" Interceptor (Cannon)")
        );
        assert_eq!(scyk.text("canonical_name"), Some("heavyscykinterceptor"));
        assert_eq!(scyk.number("id"), Some(17));
        assert_eq!(scyk.number("points"), Some(-3));
        assert!(
            scyk.flag("unique"),
            "a trailing comma does not lose the value"
        );
        assert_eq!(scyk.texts("slots"), ["Elite", "Salvaged Astromech"]);
        assert_eq!(scyk.fields.get("modifier_func"), Some(&CoffeeValue::Code));
        let addons = scyk.entries("confersAddons");
        assert_eq!(
            addons[0].get("slot"),
            Some(&CoffeeValue::Text("Cannon".into()))
        );
        assert_eq!(
            scyk.texts("faction"),
            ["Rebel Alliance", "Scum and Villainy"]
        );
        assert_eq!(entries[1].text("name"), Some("Zero Condition"));
        assert!(entries[1].texts("slots").is_empty());
    }

    #[test]
    fn a_missing_list_or_a_broken_shape_is_an_error() {
        assert_eq!(
            read_list(SAMPLE, "titlesById"),
            Err(CoffeeError::NoList("titlesById".into()))
        );
        let open = "    titlesById: [\n        {\n            id: 1\n";
        assert!(matches!(
            read_list(open, "titlesById"),
            Err(CoffeeError::Shape { .. })
        ));
    }

    #[test]
    fn canonical_names_follow_yasb() {
        assert_eq!(canonicalize("\"Zeb\" Orrelios"), "zeborrelios");
        assert_eq!(canonicalize("TIE Adv. Prototype"), "tieadvprototype");
    }
}
