//! A `<select>`'s options as HTML, for `inner_html`: hydration never walks
//! what `inner_html` set, so a page of many plain options (the play page's
//! damage cards, over a hundred for nine ships) hydrates without them
//! (issue 60). The server and the browser draw them alike.

use html_escape::{encode_double_quoted_attribute, encode_text};

/// `(value, label)` pairs as `<option>`s, each escaped.
///
/// ```
/// let html = app::components::option_list::option_list_html(&[("a&b".into(), "<A>".into())]);
/// assert_eq!(html, r#"<option value="a&amp;b">&lt;A&gt;</option>"#);
/// ```
pub fn option_list_html(choices: &[(String, String)]) -> String {
    choices
        .iter()
        .map(|(value, label)| {
            format!(
                r#"<option value="{}">{}</option>"#,
                encode_double_quoted_attribute(value),
                encode_text(label)
            )
        })
        .collect()
}
