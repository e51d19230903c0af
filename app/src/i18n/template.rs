//! A catalogue text's placeholders (`{{ card }}`) and tags (`<a>…</a>`,
//! `<doc/>`), filled with the values and components a `td!` gives.

use std::fmt::Display;
use std::sync::Arc;

use leptos::children::ChildrenFn;
use leptos::prelude::*;

use super::{Key, Locale, plural_text, text};

/// A piece of a catalogue text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Segment<'a> {
    Text(&'a str),
    /// `{{ name }}`.
    Value(&'a str),
    /// `<name>`.
    Open(&'a str),
    /// `</name>`.
    Close(&'a str),
    /// `<name/>`.
    Empty(&'a str),
}

/// Splits a text into its pieces. A `<` or `{{` that opens nothing is text.
pub fn parse(text: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    // Where the current run of text began, and where to look for a mark.
    let (mut start, mut from) = (0, 0);
    while let Some(at) = [text[from..].find("{{"), text[from..].find('<')]
        .into_iter()
        .flatten()
        .min()
        .map(|i| from + i)
    {
        match mark_at(&text[at..]) {
            Some((mark, len)) => {
                if at > start {
                    out.push(Segment::Text(&text[start..at]));
                }
                out.push(mark);
                start = at + len;
                from = start;
            }
            // Not a mark: its first character is text.
            None => from = at + 1,
        }
    }
    if start < text.len() {
        out.push(Segment::Text(&text[start..]));
    }
    out
}

/// The mark at the start of `s` and its length in bytes.
fn mark_at(s: &str) -> Option<(Segment<'_>, usize)> {
    let is_name =
        |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if let Some(inner) = s.strip_prefix("{{") {
        let end = inner.find("}}")?;
        let name = inner[..end].trim();
        return is_name(name).then_some((Segment::Value(name), end + 4));
    }
    let end = s.find('>')?;
    let inner = &s[1..end];
    let mark = if let Some(name) = inner.strip_prefix('/') {
        Segment::Close(name)
    } else if let Some(name) = inner.strip_suffix('/') {
        Segment::Empty(name.trim())
    } else {
        Segment::Open(inner)
    };
    let name = match mark {
        Segment::Close(n) | Segment::Empty(n) | Segment::Open(n) => n,
        _ => "",
    };
    is_name(name).then_some((mark, end + 1))
}

/// A placeholder's drawing.
pub type Value = Arc<dyn Fn() -> AnyView + Send + Sync>;
type Component = Arc<dyn Fn(ChildrenFn) -> AnyView + Send + Sync>;

/// What a `td!` gives its text.
#[derive(Default, Clone)]
pub struct Args {
    count: Option<(u64, String)>,
    values: Vec<(&'static str, Value)>,
    tags: Vec<(&'static str, Component)>,
}

/// What fills a placeholder: text, a number, or a function that draws a
/// view each time the text is drawn.
///
/// A function is called, not drawn as a reactive view: each closure type
/// drawn as a view is a reactive effect of its own in the browser's code,
/// and the texts are drawn anew with the page's data anyway. Plain values
/// share one instance per type.
pub trait ArgValue {
    fn into_value(self) -> Value;
}

impl<F, V> ArgValue for F
where
    F: Fn() -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    fn into_value(self) -> Value {
        Arc::new(move || self().into_any())
    }
}

impl ArgValue for String {
    fn into_value(self) -> Value {
        Arc::new(move || self.clone().into_any())
    }
}

impl ArgValue for &'static str {
    fn into_value(self) -> Value {
        Arc::new(move || self.into_any())
    }
}

/// Nothing is drawn for `None`.
impl<T: ArgValue> ArgValue for Option<T> {
    fn into_value(self) -> Value {
        match self {
            Some(v) => v.into_value(),
            None => String::new().into_value(),
        }
    }
}

/// A count that picks a plural form: any whole number.
pub trait Count: Display {
    fn whole(&self) -> u64;
}

/// Whole numbers count, and fill a placeholder as their decimal text.
macro_rules! counts {
    ($($t:ty),*) => {$(
        impl Count for $t {
            fn whole(&self) -> u64 {
                u64::try_from(self.unsigned_abs()).unwrap_or(u64::MAX)
            }
        }
        impl ArgValue for $t {
            fn into_value(self) -> Value {
                self.to_string().into_value()
            }
        }
    )*};
}
macro_rules! unsigned_counts {
    ($($t:ty),*) => {$(
        impl Count for $t {
            fn whole(&self) -> u64 {
                u64::try_from(*self).unwrap_or(u64::MAX)
            }
        }
        impl ArgValue for $t {
            fn into_value(self) -> Value {
                self.to_string().into_value()
            }
        }
    )*};
}
counts!(i8, i16, i32, i64, isize);
unsigned_counts!(u8, u16, u32, u64, usize);

impl Args {
    /// The count: picks the plural form and fills `{{ count }}`.
    pub fn count(&mut self, n: impl Count) {
        self.count = Some((n.whole(), n.to_string()));
    }

    /// Fills `{{ name }}` (or `<name/>`) with a value or a function
    /// that draws one ([`ArgValue`]).
    pub fn value(&mut self, name: &'static str, v: impl ArgValue) {
        self.values.push((name, v.into_value()));
    }

    /// Draws `<name>…</name>` with a component given its children.
    pub fn tag<F, V>(&mut self, name: &'static str, f: F)
    where
        F: Fn(ChildrenFn) -> V + Send + Sync + 'static,
        V: IntoView + 'static,
    {
        self.tags.push((name, Arc::new(move |c| f(c).into_any())));
    }

    fn value_of(&self, name: &str) -> Option<AnyView> {
        match self.values.iter().find(|(n, _)| *n == name) {
            Some((_, v)) => Some(v()),
            None if name == "count" => self.count.as_ref().map(|(_, s)| s.clone().into_any()),
            None => None,
        }
    }
}

/// A key's text in `locale` as a view, its marks filled from `args`.
pub fn render(locale: Locale, key: Key, args: Args) -> Vec<AnyView> {
    let text = match &args.count {
        Some((n, _)) => plural_text(locale, key, *n),
        None => text(locale, key),
    };
    build(&parse(text), &Arc::new(args))
}

/// The views of a run of segments; a tag's children are drawn again
/// each time its component asks for them.
fn build(segments: &[Segment<'static>], args: &Arc<Args>) -> Vec<AnyView> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < segments.len() {
        match segments[at] {
            Segment::Text(t) => out.push(t.into_any()),
            Segment::Value(name) | Segment::Empty(name) => out.extend(args.value_of(name)),
            Segment::Close(_) => {}
            Segment::Open(name) => {
                let end = closing(segments, at, name);
                let inner: Vec<Segment<'static>> = segments[at + 1..end].to_vec();
                let children_args = args.clone();
                let children: ChildrenFn =
                    Arc::new(move || build(&inner, &children_args).into_any());
                match args.tags.iter().find(|(n, _)| *n == name) {
                    Some((_, component)) => out.push(component(children)),
                    None => out.push(children()),
                }
                at = end;
            }
        }
        at += 1;
    }
    out
}

/// `template` as plain text (an attribute, a title, a status held in a
/// signal): each `{{ name }}` filled with its value in `values`, read by
/// the same [`parse`] as [`render`]'s views. A placeholder without a value
/// stays, and a tag is written back, as written.
///
/// ```
/// use app::i18n::fill;
/// assert_eq!(fill("Remove {{ name }}", &[("name", "R2-D2")]), "Remove R2-D2");
/// ```
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(template.len() + 16);
    for segment in parse(template) {
        // Writing to a String cannot fail.
        let _ = match segment {
            Segment::Text(t) => write!(out, "{t}"),
            Segment::Value(name) => match values.iter().find(|(n, _)| *n == name) {
                Some((_, value)) => write!(out, "{value}"),
                None => write!(out, "{{{{ {name} }}}}"),
            },
            Segment::Open(name) => write!(out, "<{name}>"),
            Segment::Close(name) => write!(out, "</{name}>"),
            Segment::Empty(name) => write!(out, "<{name}/>"),
        };
    }
    out
}

/// The index of the `</name>` that closes the tag opened at `open` (the
/// end of the text when none does).
fn closing(segments: &[Segment<'_>], open: usize, name: &str) -> usize {
    let mut depth = 0;
    for (i, s) in segments.iter().enumerate().skip(open + 1) {
        match s {
            Segment::Open(n) if *n == name => depth += 1,
            Segment::Close(n) if *n == name && depth == 0 => return i,
            Segment::Close(n) if *n == name => depth -= 1,
            _ => {}
        }
    }
    segments.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_splits_into_placeholders_and_tags() {
        use Segment::*;
        assert_eq!(
            parse("<a>Set</a> {{ count }} ships, <doc/>{{card}}"),
            vec![
                Open("a"),
                Text("Set"),
                Close("a"),
                Text(" "),
                Value("count"),
                Text(" ships, "),
                Empty("doc"),
                Value("card"),
            ]
        );
    }

    #[test]
    fn a_less_than_or_brace_that_opens_nothing_is_text() {
        assert_eq!(
            parse("points <= 3 and {x}"),
            vec![Segment::Text("points <= 3 and {x}")]
        );
        assert_eq!(parse("{{ not closed"), vec![Segment::Text("{{ not closed")]);
    }

    #[test]
    fn fill_replaces_named_placeholders_only() {
        let n = "3".to_string();
        assert_eq!(
            fill("{{a}}·{{ b }}·{{ a }}", &[("a", "1"), ("b", "2")]),
            "1·2·1"
        );
        assert_eq!(
            fill("Round {{ n }} of {{ m }} {", &[("n", &n)]),
            "Round 3 of {{ m }} {"
        );
        assert_eq!(fill("«{{ name }}»", &[("name", "Ärger")]), "«Ärger»");
        // A value is not read again, and a tag stays.
        assert_eq!(
            fill("<b>{{ a }}</b>", &[("a", "{{ b }}")]),
            "<b>{{ b }}</b>"
        );
    }
}
