//! `/rules/:doc`: one document, its sections with their rule words
//! linked, and the simulators beside the sections they explain.

use cards::reference::Document;
use leptos::either::EitherOf3;
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::{use_params_map, use_query_map};

use super::contents::{Contents, groups};
use super::drawn::{DrawnDocument, drawn_rules_document};
use super::words::{doc_words, english_mark, in_english_note, link, unreadable};
use crate::components::{NotFoundNotice, hydrate_apart, page_in_reach};
use crate::i18n::{t, td_string};
use crate::lang::{localized, use_i18n, use_lang};
use crate::reference::reference;
use crate::simulators::{SimulatorBeside, SimulatorInputs, simulator_beside};

/// A document's text drawn by the server, as the page holds it.
type DrawnText = OnceResource<Result<Option<DrawnDocument>, ServerFnError>>;

/// `/rules/:doc`: one document. Its outline (contents, headings, which
/// simulator goes where) is the reference's own, in the wasm; its text is
/// drawn by the server and carried with the page, never in the wasm and
/// never hydrated.
#[component]
pub fn RulesDocument() -> impl IntoView {
    let params = use_params_map();
    let slug = params.with_untracked(|p| p.get("doc").unwrap_or_default());
    let doc = match reference() {
        Ok(r) => r.document(&slug),
        Err(e) => return EitherOf3::A(unreadable(e.to_string())),
    };
    let Some(doc) = doc else {
        return EitherOf3::B(view! { <NoSuchDocument slug /> });
    };
    // Carried in the page as JSON, not postcard: the document is text,
    // which JSON leaves readable to brotli and base64 does not (postcard
    // here made /rules/huge-ships 6.4 K br heavier as sent).
    let drawn = OnceResource::new(drawn_rules_document(slug, use_lang()));
    EitherOf3::C(view! { <RulesDocumentBody doc drawn /> })
}

/// No document by this name: a 404, with a link to them all.
#[component]
fn NoSuchDocument(slug: String) -> impl IntoView {
    let i18n = use_i18n();
    let l = crate::lang::locale(use_lang());
    let all = link("/rules");
    view! {
        <NotFoundNotice
            title=td_string!(l, rules.not_found_title)
            heading=td_string!(l, rules.not_found_heading)
        >
            {t!(i18n, rules.not_found_text, <doc/> = move || slug.clone(), <all>)}
        </NotFoundNotice>
    }
}

/// A document: its contents beside it, its title, summary and source
/// file, then its sections, each group with its simulator.
#[component]
fn RulesDocumentBody(doc: &'static Document, drawn: DrawnText) -> impl IntoView {
    let i18n = use_i18n();
    let l = crate::lang::locale(use_lang());
    let [title, summary] = doc_words(doc);
    let (page_title, description) = (title.0.clone(), summary.0.clone());
    let inputs = simulator_inputs(doc);
    let body = rule_groups(doc, drawn, inputs);
    view! {
        <Title text=page_title />
        <Meta name="description" content=description />
        <article class="rules-doc">
            <nav class="toc" aria-label=td_string!(l, rules.contents)>
                <h2>{t!(i18n, rules.contents)}</h2>
                // Its many links hydrated apart from the simulators.
                {hydrate_apart(move || view! { <Contents doc=doc /> })}
                <p class="toc-other">
                    <A href=localized("/rules")>{t!(i18n, rules.all_documents)}</A>
                </p>
            </nav>
            <div class="rules-body">{doc_header(doc, title, summary)} {body}</div>
        </article>
    }
}

/// The simulators' inputs, read from the address and written back to it
/// after a change, so a result can be shared.
fn simulator_inputs(doc: &'static Document) -> SimulatorInputs {
    let query = use_query_map();
    let pairs: Vec<(String, String)> = query.with_untracked(|q| {
        q.clone()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect()
    });
    let inputs = SimulatorInputs::from_address(&pairs);
    // Write the address after a change (not on the first run: the address is already right).
    Effect::new(move |first: Option<()>| {
        let q = inputs.query(&doc.slug);
        if first.is_some() {
            let hash = crate::browser::hash();
            crate::browser::replace_url(&format!("/rules/{}?{q}{hash}", doc.slug));
        }
    });
    inputs
}

/// A document's title and summary (each with its `lang` mark), the seed
/// file it comes from, and the line that says it is English.
fn doc_header(
    doc: &'static Document,
    (title, title_lang): (String, Option<&'static str>),
    (summary, summary_lang): (String, Option<&'static str>),
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <header>
            <h1 lang=title_lang>{title}</h1>
            <p class="summary" lang=summary_lang>
                {summary}
            </p>
            <p class="source">
                {t!(i18n, rules.source, file = move || view! { <code>{doc.file.clone()}</code> })}
            </p>
            {in_english_note()}
        </header>
    }
}

/// The document's sections, a top-level section with those inside it in
/// each group, and the simulator that explains them beside it.
fn rule_groups(doc: &'static Document, drawn: DrawnText, inputs: SimulatorInputs) -> impl IntoView {
    let english = english_mark();
    let mut first = 0;
    groups(doc)
        .into_iter()
        .map(|(top, children)| {
            let sections = first..first + 1 + children.len();
            let lead = first == 0;
            first = sections.end;
            let sim = simulator_beside(&doc.slug, &top.slug);
            view! {
                <div class="rule-group" class:with-simulator=sim.is_some()>
                    <RuleText drawn sections lead english />
                    {sim.map(|which| view! { <SimulatorBeside which inputs /> })}
                </div>
            }
        })
        .collect_view()
}

/// The drawn text of one group of sections (`sections`, in the outline's
/// order): the first group says so while it loads, and why it could not
/// be read; the others stay empty.
#[component]
fn RuleText(
    drawn: DrawnText,
    sections: std::ops::Range<usize>,
    lead: bool,
    english: Option<&'static str>,
) -> impl IntoView {
    let i18n = use_i18n();
    let loading = move || lead.then(|| view! { <p class="loading">{t!(i18n, rules.loading)}</p> });
    view! {
        <Suspense fallback=loading>
            {move || {
                let sections = sections.clone();
                Suspend::new(async move {
                    let text = drawn.await;
                    if !page_in_reach() {
                        return EitherOf3::A(());
                    }
                    match text {
                        Ok(text) => {
                            let html: String = text
                                .and_then(|t| t.sections.get(sections).map(<[String]>::concat))
                                .unwrap_or_default();
                            EitherOf3::B(
                                // A client gone meanwhile: nothing to draw (issue 60).
                                view! { <div class="rule-text" lang=english inner_html=html></div> },
                            )
                        }
                        Err(e) => EitherOf3::C(lead.then(|| unreadable(e.to_string()))),
                    }
                })
            }}
        </Suspense>
    }
}
