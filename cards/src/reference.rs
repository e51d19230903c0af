//! The rules reference: the seed documents cut into addressable sections,
//! and the glossary that links rule words to them.
//!
//! The seeds are embedded verbatim (`data/rules/*.txt`); `outline.csv` says
//! where each section starts (a heading line, or a phrase inside a line for
//! transcriptions whose headings run into the text) and `glossary.csv` which
//! words link where. Both are data: a new section is a CSV row.
//!
//! ```
//! use cards::reference::Reference;
//! let r = Reference::embedded().unwrap();
//! let recover = r.section("huge-ships", "recover").unwrap();
//! assert!(recover.paragraphs[0].starts_with("Ships with the recover action icon"));
//! assert_eq!(r.address("huge-ships", "recover"), "/rules/huge-ships#recover");
//! ```

use serde::{Deserialize, Serialize};
use validator::Validate;

use crate::catalog::table::{LoadError, LoadErrors, Located, is_yes, list, read_rows, yes_no};

/// Every document of the reference, in reading order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reference {
    pub documents: Vec<Document>,
    pub glossary: Vec<Term>,
}

/// One seed document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Document {
    pub slug: String,
    pub title: String,
    /// What the document is, in a sentence.
    pub summary: String,
    /// The seed file it comes from.
    pub file: String,
    pub sections: Vec<Section>,
}

/// One section: a heading and the text under it up to the next heading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Section {
    pub slug: String,
    pub title: String,
    /// 1 for a top-level section, 2 for one inside it.
    pub level: u8,
    pub paragraphs: Vec<String>,
}

/// A rule word and the section it links to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Term {
    pub term: String,
    pub document: String,
    pub section: String,
    /// Match the capitals too ("Limited" the keyword, not "limited" the adjective).
    pub exact_case: bool,
    /// Where the word links: `cards` and document slugs.
    pub contexts: Vec<String>,
}

/// A piece of text, linked to a section or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    pub text: String,
    pub href: Option<String>,
}

const DOCUMENTS: &str = include_str!("../data/rules/documents.csv");
const OUTLINE: &str = include_str!("../data/rules/outline.csv");
const GLOSSARY: &str = include_str!("../data/rules/glossary.csv");

fn embedded_file(name: &str) -> Option<&'static str> {
    Some(match name {
        "croc-expansion-rulebook.txt" => include_str!("../data/rules/croc-expansion-rulebook.txt"),
        "huge-ships-wiki.txt" => include_str!("../data/rules/huge-ships-wiki.txt"),
        "solo-play-alpha.txt" => include_str!("../data/rules/solo-play-alpha.txt"),
        "mission-dreadnought-rulebook.txt" => {
            include_str!("../data/rules/mission-dreadnought-rulebook.txt")
        }
        _ => return None,
    })
}

#[derive(Deserialize, Validate)]
struct DocumentRow {
    #[validate(length(min = 1))]
    slug: String,
    #[validate(length(min = 1))]
    title: String,
    #[validate(length(min = 1))]
    file: String,
    #[validate(custom(function = "yes_no"))]
    inline_headings: String,
    ignore: String,
    summary: String,
}

#[derive(Deserialize, Validate)]
struct OutlineRow {
    #[validate(length(min = 1))]
    document: String,
    #[validate(length(min = 1))]
    slug: String,
    #[validate(length(min = 1))]
    title: String,
    #[validate(range(min = 1, max = 2))]
    level: u8,
    marker: String,
    #[validate(custom(function = "yes_no"))]
    keep: String,
}

#[derive(Deserialize, Validate)]
struct TermRow {
    #[validate(length(min = 1))]
    term: String,
    document: String,
    section: String,
    #[validate(custom(function = "yes_no"))]
    exact_case: String,
    contexts: String,
}

/// A document's sections: each outline row's marker found in the text,
/// in order, and the text up to the next one.
fn sections_of(
    d: &DocumentRow,
    outline: &[Located<OutlineRow>],
    text: &str,
) -> Result<Vec<Section>, LoadError> {
    let inline = is_yes(&d.inline_headings);
    let ignore = list(&d.ignore);
    let mut starts = Vec::new();
    let mut at = 0;
    for o in outline.iter().filter(|o| o.row.document == d.slug) {
        let row = &o.row;
        let marker = if row.marker.is_empty() {
            &row.title
        } else {
            &row.marker
        };
        let keep = is_yes(&row.keep);
        let Some(start) = find_marker(text, marker, at, inline, keep) else {
            let message = format!(
                "{}: section `{}` starts at `{marker}`, which is not in {} after the previous section",
                d.slug, row.slug, d.file
            );
            return Err(o.error("marker", message));
        };
        let body = if keep { start } else { start + marker.len() };
        starts.push((o, start, body));
        at = start + marker.len();
    }
    let mut sections: Vec<Section> = Vec::new();
    for (i, (o, _, body)) in starts.iter().enumerate() {
        let end = starts.get(i + 1).map_or(text.len(), |n| n.1);
        if sections.iter().any(|s| s.slug == o.row.slug) {
            let message = format!("{}: section `{}` twice", d.slug, o.row.slug);
            return Err(o.error("slug", message));
        }
        sections.push(Section {
            slug: o.row.slug.clone(),
            title: o.row.title.clone(),
            level: o.row.level,
            paragraphs: text[*body..end]
                .trim_start_matches([':', ' '])
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !ignore.iter().any(|x| x == l))
                .map(String::from)
                .collect(),
        });
    }
    Ok(sections)
}

/// Where `marker` starts a section in `text`, at or after `from`: a whole
/// heading line, the start of a line for a kept first phrase, or (inline
/// headings) anywhere.
fn find_marker(text: &str, marker: &str, from: usize, inline: bool, keep: bool) -> Option<usize> {
    let mut at = from;
    while let Some(found) = text[at..].find(marker) {
        let start = at + found;
        let end = start + marker.len();
        let line_start = start == 0 || text.as_bytes()[start - 1] == b'\n';
        let line_end = end == text.len() || text.as_bytes()[end] == b'\n';
        if inline || (line_start && (line_end || keep)) {
            return Some(start);
        }
        at = end;
    }
    None
}

impl Reference {
    /// The reference built into the crate.
    pub fn embedded() -> Result<Reference, LoadErrors> {
        Reference::parse(DOCUMENTS, OUTLINE, GLOSSARY, embedded_file)
    }

    /// The reference without the seeds' text: every document and section
    /// with its title, and the glossary, but no paragraphs. It is what the
    /// browser needs to link rule words and list the documents (a rules
    /// page's text comes with the page), so the seeds stay out of the wasm.
    /// The same tables are checked whole by [`Reference::embedded`].
    ///
    /// ```
    /// use cards::reference::Reference;
    /// let full = Reference::embedded().unwrap();
    /// let outline = Reference::embedded_outline().unwrap();
    /// assert_eq!(outline.glossary, full.glossary);
    /// assert!(outline.documents.iter().flat_map(|d| &d.sections).all(|s| s.paragraphs.is_empty()));
    /// ```
    pub fn embedded_outline() -> Result<Reference, LoadErrors> {
        let outline = read_rows::<OutlineRow>("outline.csv", OUTLINE)?;
        let documents = read_rows::<DocumentRow>("documents.csv", DOCUMENTS)?
            .into_iter()
            .map(|d| Document {
                sections: outline
                    .iter()
                    .filter(|o| o.row.document == d.row.slug)
                    .map(|o| Section {
                        slug: o.row.slug.clone(),
                        title: o.row.title.clone(),
                        level: o.row.level,
                        paragraphs: Vec::new(),
                    })
                    .collect(),
                slug: d.row.slug,
                title: d.row.title,
                summary: d.row.summary,
                file: d.row.file,
            })
            .collect();
        let mut glossary: Vec<Term> = read_rows::<TermRow>("glossary.csv", GLOSSARY)?
            .into_iter()
            .map(|t| Term {
                term: t.row.term,
                document: t.row.document,
                section: t.row.section,
                exact_case: is_yes(&t.row.exact_case),
                contexts: list(&t.row.contexts),
            })
            .collect();
        glossary.sort_by_key(|t| std::cmp::Reverse(t.term.len()));
        Ok(Reference {
            documents,
            glossary,
        })
    }

    /// Builds a reference from its three tables and the seed texts. Every
    /// marker must be found, in order; every glossary link must exist. Each
    /// problem names its table's line and column.
    pub fn parse<'a>(
        documents: &str,
        outline: &str,
        glossary: &str,
        files: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<Reference, LoadErrors> {
        let outline = read_rows::<OutlineRow>("outline.csv", outline)?;
        let mut errors = Vec::new();
        let mut docs = Vec::new();
        // Documents with a problem of their own: their outline and glossary
        // rows are not reported again.
        let mut broken = Vec::new();
        let documents = read_rows::<DocumentRow>("documents.csv", documents)?;
        let slugs: Vec<String> = documents.iter().map(|d| d.row.slug.clone()).collect();
        for d in documents {
            let Some(text) = files(&d.row.file) else {
                errors.push(d.error("file", format!("no seed file `{}`", d.row.file)));
                broken.push(d.row.slug);
                continue;
            };
            match sections_of(&d.row, &outline, text) {
                Ok(sections) => docs.push(Document {
                    slug: d.row.slug,
                    title: d.row.title,
                    summary: d.row.summary,
                    file: d.row.file,
                    sections,
                }),
                Err(e) => {
                    errors.push(e);
                    broken.push(d.row.slug);
                }
            }
        }
        for o in outline.iter().filter(|o| !slugs.contains(&o.row.document)) {
            let message = format!("`{}` is not a document", o.row.document);
            errors.push(o.error("document", message));
        }
        let mut reference = Reference {
            documents: docs,
            glossary: Vec::new(),
        };
        for t in read_rows::<TermRow>("glossary.csv", glossary)? {
            if broken.contains(&t.row.document) {
                continue;
            }
            if reference.section(&t.row.document, &t.row.section).is_none() {
                let message = format!(
                    "`{}` links to {}#{}, which does not exist",
                    t.row.term, t.row.document, t.row.section
                );
                errors.push(t.error("section", message));
                continue;
            }
            reference.glossary.push(Term {
                term: t.row.term,
                document: t.row.document,
                section: t.row.section,
                exact_case: is_yes(&t.row.exact_case),
                contexts: list(&t.row.contexts),
            });
        }
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        // Longest first, so "energy limit" wins over "energy".
        reference
            .glossary
            .sort_by_key(|t| std::cmp::Reverse(t.term.len()));
        Ok(reference)
    }

    /// The document with this slug.
    pub fn document(&self, slug: &str) -> Option<&Document> {
        self.documents.iter().find(|d| d.slug == slug)
    }

    /// The section `slug` of a document.
    pub fn section(&self, document: &str, slug: &str) -> Option<&Section> {
        self.document(document)?
            .sections
            .iter()
            .find(|s| s.slug == slug)
    }

    /// The page address of a section.
    pub fn address(&self, document: &str, section: &str) -> String {
        format!("/rules/{document}#{section}")
    }

    /// Cuts `text` into spans, linking the first use of each glossary word
    /// that applies in `context` (`cards` or a document slug), except links
    /// to `here` (the section being read).
    pub fn link_terms(&self, text: &str, context: &str, here: Option<(&str, &str)>) -> Vec<Span> {
        let terms: Vec<&Term> = self
            .glossary
            .iter()
            .filter(|t| t.contexts.iter().any(|c| c == context))
            .filter(|t| here != Some((t.document.as_str(), t.section.as_str())))
            .collect();
        let mut used: Vec<(&str, &str)> = Vec::new();
        let mut spans = Vec::new();
        let mut plain = String::new();
        let mut i = 0;
        while i < text.len() {
            let matched = starts_word(text, i)
                .then(|| first_unused_term(&terms, text, i, &mut used))
                .flatten();
            if let Some((end, t)) = matched {
                push_plain(&mut spans, &mut plain);
                spans.push(Span {
                    text: text[i..end].to_string(),
                    href: Some(self.address(&t.document, &t.section)),
                });
                i = end;
            } else {
                let c = text[i..].chars().next().unwrap_or(' ');
                plain.push(c);
                i += c.len_utf8();
            }
        }
        push_plain(&mut spans, &mut plain);
        spans
    }

    /// Every section as (address, "Document › Section", text), for the search index.
    pub fn sections(&self) -> impl Iterator<Item = (String, String, String)> + '_ {
        self.documents.iter().flat_map(move |d| {
            d.sections.iter().map(move |s| {
                (
                    self.address(&d.slug, &s.slug),
                    format!("{} › {}", d.title, s.title),
                    s.paragraphs.join("\n"),
                )
            })
        })
    }
}

/// Whether a word may start at byte `i` of `text`: at the start, or after
/// a character that is not a letter or a digit.
fn starts_word(text: &str, i: usize) -> bool {
    i == 0
        || !text[..i]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
}

/// Where the glossary word `t` ends if it is written whole at byte `i` of
/// `text`: in its case when it is exact, with an optional plural or verb
/// "s", and no letter or digit after it.
fn whole_term_end(t: &Term, text: &str, i: usize) -> Option<usize> {
    let candidate = text.get(i..i + t.term.len())?;
    let same = if t.exact_case {
        candidate == t.term
    } else {
        candidate.eq_ignore_ascii_case(&t.term)
    };
    if !same {
        return None;
    }
    let mut end = i + t.term.len();
    if text.as_bytes().get(end) == Some(&b's') {
        end += 1;
    }
    let ends = !text[end..]
        .chars()
        .next()
        .is_some_and(char::is_alphanumeric);
    ends.then_some(end)
}

/// The first of `terms` written whole at byte `i`, with where it ends,
/// if its section is not linked yet (`used`, which it joins). The first
/// term that is written there decides: one already linked links nothing.
fn first_unused_term<'t>(
    terms: &[&'t Term],
    text: &str,
    i: usize,
    used: &mut Vec<(&'t str, &'t str)>,
) -> Option<(usize, &'t Term)> {
    let (end, t) = terms
        .iter()
        .find_map(|t| whole_term_end(t, text, i).map(|end| (end, *t)))?;
    let key = (t.document.as_str(), t.section.as_str());
    if used.contains(&key) {
        return None;
    }
    used.push(key);
    Some((end, t))
}

/// Ends the plain text gathered so far as a span of its own, if any.
fn push_plain(spans: &mut Vec<Span>, plain: &mut String) {
    if !plain.is_empty() {
        spans.push(Span {
            text: std::mem::take(plain),
            href: None,
        });
    }
}

#[cfg(test)]
mod tests {

    /// The browser's reference is the server's without the paragraphs.
    #[test]
    fn the_outline_is_the_reference_without_its_text() {
        let mut full = Reference::embedded().unwrap();
        for section in full
            .documents
            .iter_mut()
            .flat_map(|d| d.sections.iter_mut())
        {
            section.paragraphs.clear();
        }
        assert_eq!(Reference::embedded_outline().unwrap(), full);
    }

    use super::*;

    fn r() -> Reference {
        Reference::embedded().unwrap()
    }

    #[test]
    fn every_document_is_cut_where_the_outline_says() {
        let r = r();
        let slugs: Vec<&str> = r.documents.iter().map(|d| d.slug.as_str()).collect();
        assert_eq!(
            slugs,
            [
                "huge-ships",
                "huge-ships-summary",
                "solo-alpha",
                "mission-dreadnought"
            ]
        );
        for d in &r.documents {
            for (i, s) in d.sections.iter().enumerate() {
                // Only a heading over sub-sections may have no text of its own.
                let parent = d.sections.get(i + 1).is_some_and(|n| n.level > s.level);
                assert!(
                    !s.paragraphs.is_empty() || parent,
                    "{}#{} is empty",
                    d.slug,
                    s.slug
                );
            }
        }
        let energy = r.section("huge-ships", "energy").unwrap();
        assert!(energy.paragraphs[0].starts_with("Huge ships can gain energy"));
        assert!(
            energy
                .paragraphs
                .iter()
                .all(|p| !p.starts_with("Energy Steps"))
        );
        let reinforce = r.section("huge-ships", "reinforce").unwrap();
        assert_eq!(reinforce.paragraphs.len(), 4);
        assert!(reinforce.paragraphs[3].starts_with("During the End phase"));
        // The last section runs to the end of the seed.
        let limited = r.section("huge-ships", "limited").unwrap();
        assert_eq!(
            limited.paragraphs,
            [
                "Some Upgrade cards are labeled \"Limited.\" A ship cannot equip multiple copies of the same card if that card is labeled as \"Limited.\""
            ]
        );
        // Inline headings: the text after the heading, without it.
        let terms = r.section("solo-alpha", "new-terms").unwrap();
        assert!(terms.paragraphs[0].starts_with("The Solo Alpha flight system"));
        let parts = r.section("solo-alpha", "required-components").unwrap();
        assert!(parts.paragraphs[0].starts_with("A 3’x3’ play area"));
        // The wiki's page furniture is left out.
        let summary = r.document("huge-ships-summary").unwrap();
        assert!(
            summary
                .sections
                .iter()
                .flat_map(|s| &s.paragraphs)
                .all(|p| p != "Advertisement" && p != "EnergyRules")
        );
        // The pack's card list is not a rules section (cards have pages of their own).
        assert!(
            r.document("huge-ships")
                .unwrap()
                .sections
                .iter()
                .flat_map(|s| &s.paragraphs)
                .all(|p| !p.starts_with("Pilot skill:"))
        );
    }

    #[test]
    fn a_missing_marker_is_a_clear_error() {
        let outline = format!("{OUTLINE}huge-ships,nowhere,Nowhere,1,No such heading,\n");
        let err = Reference::parse(DOCUMENTS, &outline, GLOSSARY, embedded_file).unwrap_err();
        assert_eq!(err.0.len(), 1, "{err}");
        assert_eq!(
            (err.0[0].file.as_str(), err.0[0].column.as_str()),
            ("outline.csv", "marker")
        );
        let line = outline.lines().count() as u64;
        assert_eq!(err.0[0].line, line, "{err}");
        let err = err.to_string();
        assert!(
            err.contains("`nowhere`") && err.contains("No such heading"),
            "{err}"
        );
        let glossary = format!("{GLOSSARY}warp,huge-ships,warp-drive,no,cards\n");
        let err = Reference::parse(DOCUMENTS, OUTLINE, &glossary, embedded_file).unwrap_err();
        assert_eq!(err.0[0].column, "section");
        assert!(err.to_string().contains("warp-drive"), "{err}");
        let glossary = format!("{GLOSSARY}warp,huge-ships,energy,perhaps,cards\n");
        let err = Reference::parse(DOCUMENTS, OUTLINE, &glossary, embedded_file).unwrap_err();
        assert_eq!(err.0[0].column, "exact_case", "{err}");
    }

    fn links(spans: &[Span]) -> Vec<(&str, &str)> {
        spans
            .iter()
            .filter_map(|s| s.href.as_deref().map(|h| (s.text.as_str(), h)))
            .collect()
    }

    #[test]
    fn card_text_links_its_rule_words() {
        let r = r();
        let spans = r.link_terms(
            "After you perform the recover action, gain 3 energy.",
            "cards",
            None,
        );
        assert_eq!(
            links(&spans),
            [
                ("recover", "/rules/huge-ships#recover"),
                ("energy", "/rules/huge-ships#energy")
            ]
        );
        // Text comes back whole.
        let all: String = spans.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(all, "After you perform the recover action, gain 3 energy.");
        // Longest first, plurals, first use only, whole words only.
        let spans = r.link_terms(
            "Energy limit +1. Ion tokens, ions and more energy; jammed, lion.",
            "cards",
            None,
        );
        assert_eq!(
            links(&spans),
            [
                ("Energy limit", "/rules/huge-ships#energy"),
                ("Ion tokens", "/rules/huge-ships#ion-tokens"),
            ]
        );
        // "Limited" the keyword, not "limited" the adjective.
        assert_eq!(
            links(&r.link_terms("Limited.", "cards", None)),
            [("Limited", "/rules/huge-ships#limited")]
        );
        assert!(links(&r.link_terms("non-limited pilot", "cards", None)).is_empty());
        // No link to the section being read.
        assert!(
            links(&r.link_terms(
                "remove all energy",
                "huge-ships",
                Some(("huge-ships", "energy"))
            ))
            .is_empty()
        );
        // Solo rules are 2nd edition: huge-ship words do not link there.
        assert!(links(&r.link_terms("target lock", "solo-alpha", None)).is_empty());
    }

    #[test]
    fn sections_feed_the_search() {
        let r = r();
        let (url, title, text) = r
            .sections()
            .find(|(u, _, _)| u == "/rules/huge-ships#recover")
            .unwrap();
        assert_eq!(url, "/rules/huge-ships#recover");
        assert_eq!(
            title,
            "Huge Ship Rules (C-ROC Cruiser Expansion Pack) › Recover"
        );
        assert!(text.contains("recovers one shield"));
    }
}
