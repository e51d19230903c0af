//! `/rules/:doc`: one document, its sections with their rule words
//! linked, and the simulators beside the sections they explain.

use cards::reference::{Document, Section};
use leptos::either::Either;
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::{use_params_map, use_query_map};

use super::contents::{Contents, groups};
use super::words::{doc_words, english_mark, in_english_note, link, unreadable};
use crate::components::LinkedText;
use crate::components::NotFoundNotice;
use crate::i18n::{t, td_string};
use crate::lang::{localized, use_i18n, use_lang};
use crate::reference::{rules_document, static_document};
use crate::simulators::{SimulatorBeside, SimulatorInputs, simulator_beside};

/// `/rules/:doc`: one document, its text from the server (carried with
/// the page, never in the wasm).
#[component]
pub fn RulesDocument() -> impl IntoView {
    let params = use_params_map();
    let slug = params.with_untracked(|p| p.get("doc").unwrap_or_default());
    // Carried in the page as JSON, not postcard: the document is text,
    // which JSON leaves readable to brotli and base64 does not (postcard
    // here made /rules/huge-ships 6.4 K br heavier as sent).
    let doc = OnceResource::new(rules_document(slug.clone()));
    let i18n = use_i18n();
    view! {
        <Suspense fallback=move || {
            view! { <p class="loading">{t!(i18n, rules.loading)}</p> }
        }>
            {move || {
                let slug = slug.clone();
                Suspend::new(async move {
                    let doc = doc.await;
                    if !crate::components::page_in_reach() {
                        return ().into_any();
                    }
                    match doc {
                        Ok(doc) => {
                            // A client gone meanwhile: nothing to draw (issue 60).
                            view! { <RulesDocumentBody slug doc=doc.map(static_document) /> }
                                .into_any()
                        }
                        Err(e) => unreadable(e.to_string()).into_any(),
                    }
                })
            }}
        </Suspense>
    }
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
fn RulesDocumentBody(slug: String, doc: Option<&'static Document>) -> impl IntoView {
    let Some(doc) = doc else {
        return Either::Left(view! { <NoSuchDocument slug /> });
    };
    let i18n = use_i18n();
    let l = crate::lang::locale(use_lang());
    let [title, summary] = doc_words(doc);
    let (page_title, description) = (title.0.clone(), summary.0.clone());
    let inputs = simulator_inputs(doc);
    let body = rule_groups(doc, inputs);
    Either::Right(view! {
        <Title text=page_title />
        <Meta name="description" content=description />
        <article class="rules-doc">
            <nav class="toc" aria-label=td_string!(l, rules.contents)>
                <h2>{t!(i18n, rules.contents)}</h2>
                <Contents doc=doc />
                <p class="toc-other">
                    <A href=localized("/rules")>{t!(i18n, rules.all_documents)}</A>
                </p>
            </nav>
            <div class="rules-body">{doc_header(doc, title, summary)} {body}</div>
        </article>
    })
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
fn rule_groups(doc: &'static Document, inputs: SimulatorInputs) -> impl IntoView {
    let english = english_mark();
    groups(doc)
        .into_iter()
        .map(|(top, children)| {
            let sim = simulator_beside(&doc.slug, &top.slug);
            view! {
                <div class="rule-group" class:with-simulator=sim.is_some()>
                    <div class="rule-text" lang=english>
                        <RuleSection doc=doc section=top />
                        {children
                            .into_iter()
                            .map(|s| view! { <RuleSection doc=doc section=s /> })
                            .collect_view()}
                    </div>
                    {sim.map(|which| view! { <SimulatorBeside which inputs /> })}
                </div>
            }
        })
        .collect_view()
}

/// One section: its heading, linked to its own address, and its
/// paragraphs with their rule words linked.
#[component]
fn RuleSection(doc: &'static Document, section: &'static Section) -> impl IntoView {
    let heading_href = format!("#{}", section.slug);
    let title = section.title.clone();
    let heading = if section.level == 1 {
        Either::Left(view! {
            <h2>
                <a class="anchor" href=heading_href>
                    {title}
                </a>
            </h2>
        })
    } else {
        Either::Right(view! {
            <h3>
                <a class="anchor" href=heading_href>
                    {title}
                </a>
            </h3>
        })
    };
    let here = (doc.slug.clone(), section.slug.clone());
    view! {
        <section class=format!("rule-section level-{}", section.level) id=section.slug.clone()>
            {heading}
            {section
                .paragraphs
                .iter()
                .map(|p| {
                    view! {
                        <p>
                            <LinkedText text=p.clone() context=doc.slug.clone() here=here.clone() />
                        </p>
                    }
                })
                .collect_view()}
        </section>
    }
}
