//! `/rules` and `/rules/:doc`: the seed documents as a reference, each
//! section at its own address, rule words linked, and the simulators
//! beside the sections they explain (placed by `crate::simulators`).
//!
//! The documents are the game's English rules: on a page in another
//! language their words are marked `lang="en"`, and a line says so; the
//! page's own words come from the `rules` catalogue.

use crate::i18n::{t, td_string};
use crate::lang::{localized, use_i18n, use_lang};
use cards::lang::Lang;
use cards::reference::{Document, Section};
use leptos::children::ChildrenFn;
use leptos::either::Either;
use leptos::prelude::*;

use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::{use_params_map, use_query_map};

use crate::components::LinkedText;
use crate::components::NotFoundNotice;
use crate::reference::{reference, rules_document, static_document};
use crate::simulators::{SimulatorBeside, SimulatorInputs, simulator_beside};

/// `lang="en"` on a page in another language, for the documents' words
/// (the game's English rules); nothing on an English page.
fn english_mark() -> Option<&'static str> {
    (use_lang() != Lang::En).then_some("en")
}

/// A document's title and summary in the page's language, each with the
/// `lang` mark it needs: the catalogue's words for the documents it
/// knows; a document's own (English) words for one it does not, or for a
/// title that is a name ("Solo Play Alpha").
fn doc_words(doc: &Document) -> [(String, Option<&'static str>); 2] {
    let l = crate::lang::locale(use_lang());
    let (title, summary) = match doc.slug.as_str() {
        "huge-ships" => (
            Some(td_string!(l, rules.doc_huge_ships_title)),
            Some(td_string!(l, rules.doc_huge_ships_summary)),
        ),
        "huge-ships-summary" => (
            Some(td_string!(l, rules.doc_huge_ships_summary_title)),
            Some(td_string!(l, rules.doc_huge_ships_summary_summary)),
        ),
        "solo-alpha" => (None, Some(td_string!(l, rules.doc_solo_alpha_summary))),
        "mission-dreadnought" => (
            None,
            Some(td_string!(l, rules.doc_mission_dreadnought_summary)),
        ),
        _ => (None, None),
    };
    let said = |words: Option<&'static str>, english: &str| match words {
        Some(w) => (w.to_string(), None),
        None => (english.to_string(), english_mark()),
    };
    [said(title, &doc.title), said(summary, &doc.summary)]
}

/// The line that says the documents are the game's English rules, on a
/// page in another language.
fn in_english_note() -> impl IntoView {
    let i18n = use_i18n();
    (use_lang() != Lang::En)
        .then(|| view! { <p class="hint">{t!(i18n, common.rules_in_english)}</p> })
}

/// The rules reference could not be read (the seeds' words are broken).
fn unreadable(error: String) -> impl IntoView {
    let i18n = use_i18n();
    let error = move || view! { <span lang="en">{error.clone()}</span> };
    view! {
        <p class="error" role="alert">
            {t!(i18n, rules.unreadable, error)}
        </p>
    }
}

/// A link inside a catalogue sentence: `<name>words</name>` in the
/// string becomes a link to `address` (in the page's language).
fn link(address: &str) -> impl Fn(ChildrenFn) -> AnyView + Clone + Send + Sync + 'static {
    let href = localized(address);
    move |children: ChildrenFn| view! { <a href=href.clone()>{children()}</a> }.into_any()
}

/// `/rules`: every document with its table of contents.
#[component]
pub fn RulesIndex() -> impl IntoView {
    let r = match reference() {
        Ok(r) => r,
        Err(e) => return Either::Left(unreadable(e.to_string())),
    };
    let i18n = use_i18n();
    let l = crate::lang::locale(use_lang());
    let (energy, dice) = (
        link("/rules/huge-ships#energy-simulator"),
        link("/rules/huge-ships#dice-simulator"),
    );
    Either::Right(view! {
        <Title text=td_string!(l, rules.index_title) />
        <Meta name="description" content=td_string!(l, rules.index_description) />
        <section class="rules-index">
            <h1>{t!(i18n, rules.index_title)}</h1>
            <p>{t!(i18n, rules.index_intro, <energy>, <dice>)}</p>
            {in_english_note()}
            {r
                .documents
                .iter()
                .map(|d| {
                    let [(title, title_lang), (summary, summary_lang)] = doc_words(d);
                    view! {
                        <article class="rules-doc-card">
                            <h2 lang=title_lang>
                                <A href=localized(&format!("/rules/{}", d.slug))>{title}</A>
                            </h2>
                            <p lang=summary_lang>{summary}</p>
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

#[component]
fn RulesDocumentBody(slug: String, doc: Option<&'static Document>) -> impl IntoView {
    let Some(doc) = doc else {
        return Either::Left(view! { <NoSuchDocument slug /> });
    };
    let i18n = use_i18n();
    let l = crate::lang::locale(use_lang());
    let english = english_mark();
    let [(title, title_lang), (summary, summary_lang)] = doc_words(doc);

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
        .collect_view();

    Either::Right(view! {
        <Title text=title.clone() />
        <Meta name="description" content=summary.clone() />
        <article class="rules-doc">
            <nav class="toc" aria-label=td_string!(l, rules.contents)>
                <h2>{t!(i18n, rules.contents)}</h2>
                <Contents doc=doc />
                <p class="toc-other">
                    <A href=localized("/rules")>{t!(i18n, rules.all_documents)}</A>
                </p>
            </nav>
            <div class="rules-body">
                <header>
                    <h1 lang=title_lang>{title}</h1>
                    <p class="summary" lang=summary_lang>
                        {summary}
                    </p>
                    <p class="source">
                        {t!(
                            i18n, rules.source, file = move || view! { <code>{doc.file.clone()}</code> }
                        )}
                    </p>
                    {in_english_note()}
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

#[cfg(all(test, feature = "ssr"))]
mod tests {
    use super::*;

    /// The catalogue's English title and summary of a document are the
    /// document's own (documents.csv): a page in English says them as
    /// written.
    #[test]
    fn the_english_catalogue_names_the_documents_as_they_are_written() {
        let owner = Owner::new();
        owner.set();
        for doc in &reference().unwrap().documents {
            let [(title, mark), (summary, _)] = doc_words(doc);
            assert_eq!(title, doc.title, "{}", doc.slug);
            assert_eq!(summary, doc.summary, "{}", doc.slug);
            assert_eq!(mark, None);
        }
    }
}
