//! Text with its rule words linked to the rules reference.

use leptos::either::Either;
use leptos::prelude::*;

use super::glyph::symbol_text;
use crate::reference::reference;

/// Text with its rule words linked to their sections and its tokens
/// (`[Hit]`, `[Bank Left]`) drawn as the game's symbols.
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
    // the text is shown unlinked, its symbols drawn all the same.
    let here_ref = here.as_ref().map(|(d, s)| (d.as_str(), s.as_str()));
    let linked = move |words: &str| match reference() {
        Err(_) => Either::Left(words.to_string()),
        Ok(r) => Either::Right(
            r.link_terms(words, &context, here_ref)
                .into_iter()
                .map(|span| match span.href {
                    Some(href) => Either::Left(view! {
                        <a class="rule-word" href=crate::lang::localized(&href)>
                            {span.text}
                        </a>
                    }),
                    None => Either::Right(span.text),
                })
                .collect_view(),
        ),
    };
    symbol_text(&text, &linked)
}
