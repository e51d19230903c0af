//! The text of a fragment the server drew: what a sentence drawn as a view
//! says, for an answer that must be plain text (the API's English).

/// `html`'s text: its tags (and the renderer's `<!>` marks) left out, its
/// entities read. Only for HTML this app drew, whose text has every `<`
/// escaped.
///
/// ```
/// use app::components::plain_text::plain_text;
/// assert_eq!(plain_text("<span lang=\"en\">Gonk</span><!> &amp; R2-D2"), "Gonk & R2-D2");
/// ```
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        rest = rest[open..]
            .find('>')
            .map_or("", |close| &rest[open + close + 1..]);
    }
    text.push_str(rest);
    html_escape::decode_html_entities(&text).into_owned()
}
