//! The rules reference the whole app links to: parsed once, and
//! [`LinkedText`], which links a text's rule words to their sections.

use std::sync::OnceLock;

use cards::catalog::LoadErrors;
use cards::reference::Reference;
use leptos::prelude::*;

/// The embedded rules reference, parsed once.
pub fn reference() -> Result<&'static Reference, &'static LoadErrors> {
    static REFERENCE: OnceLock<Result<Reference, LoadErrors>> = OnceLock::new();
    REFERENCE.get_or_init(Reference::embedded).as_ref()
}

/// Text with its rule words linked to their sections.
#[component]
pub fn LinkedText(
    text: String,
    /// `cards` or the slug of the document being read.
    context: String,
    /// The section being read: no link to itself.
    #[prop(optional)]
    here: Option<(String, String)>,
) -> impl IntoView {
    let Ok(r) = reference() else {
        return view! { {text} }.into_any();
    };
    let here_ref = here.as_ref().map(|(d, s)| (d.as_str(), s.as_str()));
    r.link_terms(&text, &context, here_ref)
        .into_iter()
        .map(|span| match span.href {
            Some(href) => view! {
                <a class="rule-word" href=href>
                    {span.text}
                </a>
            }
            .into_any(),
            None => view! { {span.text} }.into_any(),
        })
        .collect_view()
        .into_any()
}
