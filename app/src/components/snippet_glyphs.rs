//! A search snippet with its card-text tokens drawn as the game's glyphs,
//! as a card's own text draws them (`components::glyph::symbol_text`).
//!
//! The index keeps card text as printed, tokens and all, so a snippet of
//! Twin Ion Engine Mk. II read "([Bank Left] and [Bank Right])" on every
//! page, in English on a Spanish one. The search page's server function
//! draws them, named in the page's language: the browser receives the
//! drawn HTML and carries no code for it. `GET /api/search` keeps the
//! index's text.

use cards::symbols::{Symbol, TextPiece, text_pieces, token_symbol};

/// `snippet` (text escaped as HTML, the words found in `<b>`) with each
/// token that has a glyph drawn as one, said by `name` to a screen reader
/// and on hover. A token the query highlighted (`[<b>Focus</b>]`) is
/// drawn in `<b>`.
pub fn draw_tokens(snippet: &str, name: &dyn Fn(&'static Symbol) -> String) -> String {
    let mut drawn = String::with_capacity(snippet.len());
    let mut snippet = snippet;
    if let Some((symbol, rest)) = cut_token(snippet) {
        drawn.push_str(&glyph(symbol, name));
        snippet = rest;
    }
    for piece in text_pieces(snippet) {
        match piece {
            TextPiece::Words(words) => draw_highlighted_tokens(words, name, &mut drawn),
            TextPiece::Symbol(symbol) => drawn.push_str(&glyph(symbol, name)),
        }
    }
    drawn
}

/// A token whose `[` the fragment cut off (`Critical Hit] dobás`), and
/// what follows it.
fn cut_token(snippet: &str) -> Option<(&'static Symbol, &str)> {
    let end = snippet.find(']')?;
    let token = &snippet[..end];
    (!token.contains(['[', '<', '\n']))
        .then(|| token_symbol(token))
        .flatten()
        .map(|symbol| (symbol, &snippet[end + 1..]))
}

/// Words in which `text_pieces` found no token: a token it could not read
/// because the query's highlight is inside it, drawn in `<b>`.
fn draw_highlighted_tokens(
    words: &str,
    name: &dyn Fn(&'static Symbol) -> String,
    drawn: &mut String,
) {
    const OPEN: &str = "[<b>";
    const CLOSE: &str = "</b>]";
    let mut rest = words;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let symbol = after.find(CLOSE).and_then(|end| {
            let token = &after[..end];
            (!token.contains(['<', '[', '\n']))
                .then(|| token_symbol(token))
                .flatten()
                .map(|s| (s, end))
        });
        match symbol {
            Some((symbol, end)) => {
                drawn.push_str(&rest[..at]);
                drawn.push_str(&format!("<b>{}</b>", glyph(symbol, name)));
                rest = &after[end + CLOSE.len()..];
            }
            None => {
                drawn.push_str(&rest[..at + OPEN.len()]);
                rest = after;
            }
        }
    }
    drawn.push_str(rest);
}

/// One glyph as the `Glyph` component draws it, its name escaped.
pub(crate) fn glyph(symbol: &'static Symbol, name: &dyn Fn(&'static Symbol) -> String) -> String {
    let font = super::glyph::font_class(symbol);
    let name = html_escape::encode_double_quoted_attribute(&name(symbol)).into_owned();
    let glyph = symbol.glyph;
    format!(r#"<i class="{font}" role="img" aria-label="{name}" title="{name}">{glyph}</i>"#)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spanish(symbol: &'static Symbol) -> String {
        format!("«{}»", symbol.name)
    }

    #[test]
    fn a_token_is_drawn_as_its_glyph_named_in_the_language() {
        let drawn = draw_tokens("maniobras ([Bank Left] y [Bank Right])", &spanish);
        assert!(!drawn.contains("[Bank"), "{drawn}");
        assert_eq!(drawn.matches(r#"<i class="xw" role="img""#).count(), 2);
        assert!(drawn.contains(r#"title="«Bank Left»""#), "{drawn}");
        assert!(drawn.starts_with("maniobras (") && drawn.ends_with("</i>)"));
    }

    #[test]
    fn a_highlighted_token_is_drawn_highlighted() {
        let drawn = draw_tokens("gain a [<b>Focus</b>] token and <b>focus</b>", &spanish);
        assert!(drawn.starts_with("gain a <b><i class=\"xw\""), "{drawn}");
        assert!(
            drawn.ends_with("</i></b> token and <b>focus</b>"),
            "{drawn}"
        );
    }

    #[test]
    fn a_token_the_fragment_cut_is_drawn_whole() {
        let drawn = draw_tokens("Critical Hit] dobás esetén", &spanish);
        assert!(drawn.starts_with("<i class=\"xw\""), "{drawn}");
        assert!(drawn.ends_with("</i> dobás esetén"), "{drawn}");
    }

    #[test]
    fn what_is_not_a_token_is_left_as_it_was() {
        for text in [
            "no tokens &amp; <b>ion</b>",
            "[<b>Unknown</b>] and [not a token]",
            "[<b>open",
            "[<b>Focus</b> and more</b>]",
            "tical Hit] cut inside a word",
            "Focus and no closing bracket",
        ] {
            assert_eq!(draw_tokens(text, &spanish), text);
        }
    }

    #[test]
    fn a_name_cannot_add_markup() {
        let drawn = draw_tokens("[Hit]", &|_| r#""><script>alert(1)</script>"#.to_string());
        assert!(!drawn.contains("<script>"), "{drawn}");
        assert!(drawn.contains("&quot;&gt;&lt;script&gt;") || drawn.contains("&quot;>&lt;script>"));
    }
}
