//! The rules reference the whole app links to: parsed once, and
//! [`LinkedText`], which links a text's rule words to their sections.

use std::sync::OnceLock;

use cards::catalog::LoadErrors;
use cards::reference::Reference;
use leptos::either::Either;
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
    // Without the reference (a build defect, reported where it is built)
    // the text is shown unlinked.
    let Ok(r) = reference() else {
        return Either::Left(text);
    };
    let here_ref = here.as_ref().map(|(d, s)| (d.as_str(), s.as_str()));
    Either::Right(
        r.link_terms(&text, &context, here_ref)
            .into_iter()
            .map(|span| match span.href {
                Some(href) => Either::Left(view! {
                    <a class="rule-word" href=href>
                        {span.text}
                    </a>
                }),
                None => Either::Right(span.text),
            })
            .collect_view(),
    )
}
