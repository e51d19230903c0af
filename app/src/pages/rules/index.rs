//! `/rules`: every document with its table of contents.

use leptos::either::Either;
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;

use super::contents::Contents;
use super::words::{doc_words, in_english_note, link, unreadable};
use crate::i18n::{t, td_string};
use crate::lang::{localized, use_i18n, use_lang};
use crate::reference::reference;

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
