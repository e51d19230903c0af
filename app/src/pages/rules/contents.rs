//! A document's table of contents: its top-level sections with the
//! sections inside them, each linked to its address.

use cards::reference::{Document, Section};
use leptos::prelude::*;

use super::words::english_mark;
use crate::lang::localized;

/// A document's sections as a nested list of links.
#[component]
pub(super) fn Contents(doc: &'static Document) -> impl IntoView {
    let groups = groups(doc);
    view! {
        <ol class="toc-list" lang=english_mark()>
            {groups
                .into_iter()
                .map(|(top, children)| {
                    let href = localized(&format!("/rules/{}#{}", doc.slug, top.slug));
                    view! {
                        <li>
                            <a href=href>{top.title.clone()}</a>
                            {(!children.is_empty())
                                .then(|| {
                                    view! {
                                        <ol>
                                            {children
                                                .iter()
                                                .map(|s| {
                                                    let href = localized(
                                                        &format!("/rules/{}#{}", doc.slug, s.slug),
                                                    );
                                                    view! {
                                                        <li>
                                                            <a href=href>{s.title.clone()}</a>
                                                        </li>
                                                    }
                                                })
                                                .collect_view()}
                                        </ol>
                                    }
                                })}
                        </li>
                    }
                })
                .collect_view()}
        </ol>
    }
}

/// Top-level sections with the sections inside them.
pub(super) fn groups(doc: &Document) -> Vec<(&Section, Vec<&Section>)> {
    let mut out: Vec<(&Section, Vec<&Section>)> = Vec::new();
    for s in &doc.sections {
        match out.last_mut() {
            Some((_, children)) if s.level > 1 => children.push(s),
            _ => out.push((s, Vec::new())),
        }
    }
    out
}
