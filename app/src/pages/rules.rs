//! `/rules` and `/rules/:doc`: the seed documents as a reference, each
//! section at its own address, rule words linked, and the simulators
//! beside the sections they explain (placed by `crate::simulators`).

use crate::lang::localized;
use cards::reference::{Document, Section};
use leptos::either::Either;
use leptos::prelude::*;

use crate::components::Alert;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::{use_params_map, use_query_map};

use crate::components::LinkedText;
use crate::components::NotFoundNotice;
use crate::reference::{reference, rules_document, static_document};
use crate::simulators::{SimulatorBeside, SimulatorInputs, simulator_beside};

/// `/rules`: every document with its table of contents.
#[component]
pub fn RulesIndex() -> impl IntoView {
    let r = match reference() {
        Ok(r) => r,
        Err(e) => {
            let e = e.to_string();
            return Either::Left(
                view! { <Alert text=format!("The rules reference could not be read: {}", e) /> },
            );
        }
    };
    Either::Right(view! {
        <Title text="Rules reference" />
        <Meta
            name="description"
            content="The huge ship, C-ROC, Solo Play and Mission Dreadnought rules, section by section, with simulators beside them."
        />
        <section class="rules-index">
            <h1>"Rules reference"</h1>
            <p>
                "The source documents, section by section, with simulators beside the rules they explain: "
                <a href=localized("/rules/huge-ships#energy-simulator")>"energy"</a>" and "
                <a href=localized("/rules/huge-ships#dice-simulator")>"combat dice"</a>"."
            </p>
            {r
                .documents
                .iter()
                .map(|d| {
                    view! {
                        <article class="rules-doc-card">
                            <h2>
                                <A href=localized(&format!("/rules/{}", d.slug))>{d.title.clone()}</A>
                            </h2>
                            <p>{d.summary.clone()}</p>
                            <Contents doc=d />
                        </article>
                    }
                })
                .collect_view()}
        </section>
    })
}

#[component]
fn Contents(doc: &'static Document) -> impl IntoView {
    let groups = groups(doc);
    view! {
        <ol class="toc-list">
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
                                                    let href = localized(&format!("/rules/{}#{}", doc.slug, s.slug));
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
fn groups(doc: &Document) -> Vec<(&Section, Vec<&Section>)> {
    let mut out: Vec<(&Section, Vec<&Section>)> = Vec::new();
    for s in &doc.sections {
        match out.last_mut() {
            Some((_, children)) if s.level > 1 => children.push(s),
            _ => out.push((s, Vec::new())),
        }
    }
    out
}

/// `/rules/:doc`: one document, its text from the server (carried with
/// the page, never in the wasm).
#[component]
pub fn RulesDocument() -> impl IntoView {
    let params = use_params_map();
    let slug = params.with_untracked(|p| p.get("doc").unwrap_or_default());
    let doc = OnceResource::new(rules_document(slug.clone()));
    view! {
        <Suspense fallback=|| {
            view! { <p class="loading">"Loading the rules…"</p> }
        }>
            {move || {
                let slug = slug.clone();
                Suspend::new(async move {
                    match doc.await {
                        Ok(doc) => {
                            view! { <RulesDocumentBody slug doc=doc.map(static_document) /> }
                                .into_any()
                        }
                        Err(e) => {
                            view! {
                                <Alert text=format!("The rules reference could not be read: {e}") />
                            }
                                .into_any()
                        }
                    }
                })
            }}
        </Suspense>
    }
}

#[component]
fn RulesDocumentBody(slug: String, doc: Option<&'static Document>) -> impl IntoView {
    let Some(doc) = doc else {
        return Either::Left(view! {
            <NotFoundNotice title="Rules not found" heading="No such rules document">
                "There is no document “"
                {slug}
                "” in the rules reference. "
                <A href=localized("/rules")>"See them all"</A>
                "."
            </NotFoundNotice>
        });
    };

    // The simulators' inputs live in the address, so a result can be shared.
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

    let body = groups(doc)
        .into_iter()
        .map(|(top, children)| {
            let sim = simulator_beside(&doc.slug, &top.slug);
            view! {
                <div class="rule-group" class:with-simulator=sim.is_some()>
                    <div class="rule-text">
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
        .collect_view();

    Either::Right(view! {
        <Title text=doc.title.clone() />
        <Meta name="description" content=doc.summary.clone() />
        <article class="rules-doc">
            <nav class="toc" aria-label="Contents">
                <h2>"Contents"</h2>
                <Contents doc=doc />
                <p class="toc-other">
                    <A href=localized("/rules")>"All rules documents"</A>
                </p>
            </nav>
            <div class="rules-body">
                <header>
                    <h1>{doc.title.clone()}</h1>
                    <p class="summary">{doc.summary.clone()}</p>
                    <p class="source">"Source: "<code>{doc.file.clone()}</code>", as printed."</p>
                </header>
                {body}
            </div>
        </article>
    })
}

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
