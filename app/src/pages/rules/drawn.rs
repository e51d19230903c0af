//! A rules document as its page shows it, drawn by the server: its
//! sections as HTML in the page's language, as
//! [`LinkedText`](crate::components::LinkedText) would draw them, rule
//! words linked to their sections and tokens drawn as the game's glyphs.
//!
//! The page shows them with `inner_html`, which hydration never walks: the
//! documents' text was half the nodes of `/rules/huge-ships`, and
//! hydrating it was the page's longest task on a slow phone (issue 60).
//! The browser receives the drawn HTML and carries no code for it.

use leptos::prelude::*;
#[cfg(feature = "ssr")]
use server_draws::draw_section;

#[cfg(feature = "ssr")]
use crate::reference::reference;

/// A rules document's text as its page shows it: each section drawn as
/// HTML in the page's language (`draw_section`), in the outline's order.
/// The page sets the HTML with `inner_html`, which hydration never walks;
/// the outline itself is the reference's own, in the wasm.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ssr", derive(utoipa::ToSchema))]
pub struct DrawnDocument {
    /// Each section's HTML, heading and paragraphs.
    pub sections: Vec<String>,
}

/// One rules document drawn in `lang`, from the server: carried to the
/// browser with the page that shows it (`None`: no such document), in
/// postcard when the browser asks. At `/api/rules_drawn`.
///
/// On the server its arguments' type is described too (its schema in the
/// API's document: `server/api/document.rs`); the browser's has no schema.
#[cfg_attr(
    feature = "ssr",
    server(
        endpoint = "rules_drawn",
        output = server_fn::codec::Postcard,
        input_derive = (Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)
    )
)]
#[cfg_attr(
    not(feature = "ssr"),
    server(endpoint = "rules_drawn", output = server_fn::codec::Postcard)
)]
#[cfg_attr(feature = "ssr", utoipa::path(
    post,
    path = <DrawnRulesDocument as server_fn::ServerFn>::PATH,
    tag = "server functions",
    request_body(content = DrawnRulesDocument, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The document drawn in the language, or none by that slug, in postcard (this schema's value, not JSON)", content_type = "application/x-postcard", body = Option<DrawnDocument>),
        (status = 400, description = "Arguments that cannot be read (`Args|…`, `Deserialization|…`)", content_type = "text/plain", body = String),
        (status = 500, description = "`ServerError|…`", content_type = "text/plain", body = String),
    ),
))]
pub async fn drawn_rules_document(
    slug: String,
    lang: cards::lang::Lang,
) -> Result<Option<DrawnDocument>, ServerFnError> {
    let r = reference().map_err(|e| ServerFnError::new(e.to_string()))?;
    Ok(r.document(&slug).map(|doc| DrawnDocument {
        sections: (doc.sections.iter())
            .map(|s| draw_section(r, &doc.slug, s, lang))
            .collect(),
    }))
}

#[cfg(feature = "ssr")]
mod server_draws {
    use cards::lang::Lang;
    use cards::reference::{Reference, Section};
    use cards::symbols::{TextPiece, text_pieces};
    use html_escape::{encode_double_quoted_attribute, encode_text};

    use crate::components::game_terms::symbol_name_in;
    use crate::components::snippet_glyphs::glyph;

    /// One section of document `doc` as its page shows it, in `lang`: its
    /// heading, a link to its own address, then its paragraphs.
    ///
    /// ```text
    /// <section id="s" class="rule-section level-1"><h2><a href="#s" class="anchor">…</a></h2><p>…</p></section>
    /// ```
    pub fn draw_section(reference: &Reference, doc: &str, section: &Section, lang: Lang) -> String {
        let slug = encode_double_quoted_attribute(&section.slug);
        let heading = if section.level == 1 { "h2" } else { "h3" };
        let mut drawn = format!(
            r##"<section id="{slug}" class="rule-section level-{level}"><{heading}><a href="#{slug}" class="anchor">{title}</a></{heading}>"##,
            level = section.level,
            title = encode_text(&section.title),
        );
        let here = Some((doc, section.slug.as_str()));
        for paragraph in &section.paragraphs {
            drawn.push_str("<p>");
            draw_paragraph(reference, paragraph, doc, here, lang, &mut drawn);
            drawn.push_str("</p>");
        }
        drawn.push_str("</section>");
        drawn
    }

    /// A paragraph: its tokens as glyphs, and the words between them with
    /// their rule words linked (none to `here`).
    fn draw_paragraph(
        reference: &Reference,
        text: &str,
        doc: &str,
        here: Option<(&str, &str)>,
        lang: Lang,
        drawn: &mut String,
    ) {
        let name = |symbol| symbol_name_in(lang, symbol);
        for piece in text_pieces(text) {
            match piece {
                TextPiece::Symbol(symbol) => drawn.push_str(&glyph(symbol, &name)),
                TextPiece::Words(words) => {
                    for span in reference.link_terms(words, doc, here) {
                        let text = encode_text(&span.text);
                        match span.href {
                            Some(href) => drawn.push_str(&format!(
                                r#"<a href="{}" class="rule-word">{text}</a>"#,
                                encode_double_quoted_attribute(&lang.localize(&href))
                            )),
                            None => drawn.push_str(&text),
                        }
                    }
                }
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::reference::reference;

        fn huge_ships() -> (&'static Reference, &'static cards::reference::Document) {
            let r = reference().unwrap();
            (r, r.document("huge-ships").unwrap())
        }

        #[test]
        fn a_section_is_drawn_whole_with_its_rule_words_linked_in_the_language() {
            let (r, doc) = huge_ships();
            let drawn: String = doc
                .sections
                .iter()
                .map(|s| draw_section(r, &doc.slug, s, Lang::De))
                .collect();
            assert_eq!(drawn.matches("<section ").count(), doc.sections.len());
            assert_eq!(drawn.matches("</section>").count(), doc.sections.len());
            assert!(
                drawn.contains(r#"<a href="/de/rules/huge-ships#"#),
                "{drawn}"
            );
            assert!(!drawn.contains(r#"href="/rules/"#), "{drawn}");
        }

        #[test]
        fn no_section_links_to_itself() {
            let (r, doc) = huge_ships();
            for s in &doc.sections {
                let own = format!(r#"href="/rules/{}#{}""#, doc.slug, s.slug);
                assert!(
                    !draw_section(r, &doc.slug, s, Lang::En).contains(&own),
                    "{}",
                    s.slug
                );
            }
        }

        #[test]
        fn text_is_escaped_and_tokens_are_glyphs() {
            let (r, _) = huge_ships();
            let section = Section {
                slug: "x\"y".into(),
                title: "<b>Title</b>".into(),
                level: 2,
                paragraphs: vec!["Roll <script> & [Hit]".into()],
            };
            let drawn = draw_section(r, "huge-ships", &section, Lang::En);
            assert!(
                drawn.starts_with(r#"<section id="x&quot;y" class="rule-section level-2"><h3>"#)
            );
            assert!(
                drawn.contains("&lt;b&gt;Title&lt;/b&gt;</a></h3>"),
                "{drawn}"
            );
            assert!(
                drawn.contains("Roll &lt;script&gt; &amp; <i class=\"xw\""),
                "{drawn}"
            );
            assert!(!drawn.contains("[Hit]"), "{drawn}");
        }
    }
}
