//! `/rules` and `/rules/:doc`: the seed documents as a reference, each
//! section at its own address, rule words linked, and the simulators
//! beside the sections they explain.

mod dice_sim;
mod dreadnought_sim;
mod energy_sim;
mod solo_sim;

use std::sync::OnceLock;

use cards::reference::{Document, Reference, Section};
use cards::sim::dice::DiceInputs;
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;
use leptos_router::hooks::{use_params_map, use_query_map};

use crate::components::set_status_not_found;
use cards::sim::energy::EnergyInputs;
use dice_sim::DiceSimulator;
use dreadnought_sim::{DreadnoughtClasses, DreadnoughtSimulator};
use energy_sim::EnergySimulator;
use solo_sim::{ApproachCharts, SoloSimulator};

/// The embedded rules reference, parsed once.
pub fn reference() -> Result<&'static Reference, String> {
    static REFERENCE: OnceLock<Result<Reference, String>> = OnceLock::new();
    REFERENCE
        .get_or_init(Reference::embedded)
        .as_ref()
        .map_err(Clone::clone)
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
            Some(href) => view! { <a class="rule-word" href=href>{span.text}</a> }.into_any(),
            None => view! { {span.text} }.into_any(),
        })
        .collect_view()
        .into_any()
}

/// `/rules`: every document with its table of contents.
#[component]
pub fn RulesIndex() -> impl IntoView {
    let r = match reference() {
        Ok(r) => r,
        Err(e) => {
            return view! { <p class="error" role="alert">"The rules reference could not be read: "{e}</p> }
                .into_any();
        }
    };
    view! {
        <Title text="Rules reference" />
        <section class="rules-index">
            <h1>"Rules reference"</h1>
            <p>
                "The source documents, section by section, with simulators beside the rules they explain: "
                <a href="/rules/huge-ships#energy-simulator">"energy"</a>" and "
                <a href="/rules/huge-ships#dice-simulator">"combat dice"</a>"."
            </p>
            {r
                .documents
                .iter()
                .map(|d| {
                    view! {
                        <article class="rules-doc-card">
                            <h2>
                                <A href=format!("/rules/{}", d.slug)>{d.title.clone()}</A>
                            </h2>
                            <p>{d.summary.clone()}</p>
                            <Contents doc=d />
                        </article>
                    }
                })
                .collect_view()}
        </section>
    }
    .into_any()
}

#[component]
fn Contents(doc: &'static Document) -> impl IntoView {
    let groups = groups(doc);
    view! {
        <ol class="toc-list">
            {groups
                .into_iter()
                .map(|(top, children)| {
                    let href = format!("/rules/{}#{}", doc.slug, top.slug);
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
                                                    let href = format!("/rules/{}#{}", doc.slug, s.slug);
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

/// Which simulator sits beside which group of sections.
#[derive(Clone, Copy, PartialEq)]
enum Simulator {
    Energy,
    Dice,
    Solo,
    Charts,
    Dreadnought,
    Classes,
}

fn simulator_beside(doc: &str, group: &str) -> Option<Simulator> {
    match (doc, group) {
        ("huge-ships", "actions") => Some(Simulator::Energy),
        ("huge-ships", "combat") => Some(Simulator::Dice),
        ("solo-alpha", "flight-system") => Some(Simulator::Solo),
        ("solo-alpha", "approach-charts") => Some(Simulator::Charts),
        ("mission-dreadnought", "marine-players") => Some(Simulator::Dreadnought),
        ("mission-dreadnought", "dreadnought-classes") => Some(Simulator::Classes),
        _ => None,
    }
}

/// `/rules/:doc`: one document.
#[component]
pub fn RulesDocument() -> impl IntoView {
    let params = use_params_map();
    let slug = params.with_untracked(|p| p.get("doc").unwrap_or_default());
    let doc = reference().ok().and_then(|r| r.document(&slug));
    let Some(doc) = doc else {
        set_status_not_found();
        return view! {
            <Title text="Rules not found" />
            <section>
                <h1>"No such rules document"</h1>
                <p>"There is no document “"{slug}"” in the rules reference. "<A href="/rules">"See them all"</A>"."</p>
            </section>
        }
        .into_any();
    };

    // The simulators' inputs live in the address, so a result can be shared.
    let query = use_query_map();
    let pairs: Vec<(String, String)> = query.with_untracked(|q| {
        q.clone()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect()
    });
    let (dice, dice_error) =
        match DiceInputs::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))) {
            Ok(d) => (d, None),
            Err(e) => (DiceInputs::default(), Some(e)),
        };
    let (energy, energy_error) = EnergyInputs::from_pairs(&pairs);
    let dice = RwSignal::new(dice);
    let energy = RwSignal::new(energy);
    // Write the address after a change (not on the first run: the address is already right).
    Effect::new(move |first: Option<()>| {
        let d = dice.get();
        let e = energy.get();
        if first.is_some() {
            let mut q = d.to_query();
            q.push('&');
            q.push_str(&e.to_query());
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
                    {match sim {
                        Some(Simulator::Energy) => {
                            view! { <EnergySimulator state=energy error=energy_error.clone() /> }.into_any()
                        }
                        Some(Simulator::Dice) => {
                            view! { <DiceSimulator inputs=dice error=dice_error.clone() /> }.into_any()
                        }
                        Some(Simulator::Solo) => view! { <SoloSimulator /> }.into_any(),
                        Some(Simulator::Charts) => view! { <ApproachCharts /> }.into_any(),
                        Some(Simulator::Dreadnought) => view! { <DreadnoughtSimulator /> }.into_any(),
                        Some(Simulator::Classes) => view! { <DreadnoughtClasses /> }.into_any(),
                        None => ().into_any(),
                    }}
                </div>
            }
        })
        .collect_view();

    view! {
        <Title text=doc.title.clone() />
        <Meta name="description" content=doc.summary.clone() />
        <article class="rules-doc">
            <nav class="toc" aria-label="Contents">
                <h2>"Contents"</h2>
                <Contents doc=doc />
                <p class="toc-other">
                    <A href="/rules">"All rules documents"</A>
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
    }
    .into_any()
}

#[component]
fn RuleSection(doc: &'static Document, section: &'static Section) -> impl IntoView {
    let heading_href = format!("#{}", section.slug);
    let title = section.title.clone();
    let heading = if section.level == 1 {
        view! { <h2><a class="anchor" href=heading_href>{title}</a></h2> }.into_any()
    } else {
        view! { <h3><a class="anchor" href=heading_href>{title}</a></h3> }.into_any()
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

/// A checkbox bound to one flag of a simulator's inputs.
#[component]
pub fn Flag<T: Send + Sync + 'static>(
    inputs: RwSignal<T>,
    label: &'static str,
    name: &'static str,
    get: fn(&T) -> bool,
    set: fn(&mut T, bool),
) -> impl IntoView {
    view! {
        <label class="flag">
            <input
                type="checkbox"
                name=name
                prop:checked=move || inputs.with(get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    inputs.update(|i| set(i, on));
                }
            />
            {label}
        </label>
    }
}
