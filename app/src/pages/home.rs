use crate::i18n::{t, t_string, td_string};
use crate::lang::{locale, localized, use_i18n, use_lang};
use cards::lang::Lang;
use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;

/// The landing page: what Merchant One is and where to go.
#[component]
pub fn HomePage() -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Title text="" />
        <Meta name="description" content=move || t_string!(i18n, common.home_description) />
        <section class="intro">
            <LanguageOffer />
            <h1>{t!(i18n, common.brand)}</h1>
            <p>{t!(i18n, common.home_intro)}</p>
            <ul class="entry-points">
                <li>
                    <A href=localized("/build")>{t!(i18n, common.home_build)}</A>
                    {t!(i18n, common.home_build_more)}
                </li>
                <li>
                    <A href=localized("/cards")>{t!(i18n, common.home_cards)}</A>
                    {t!(i18n, common.home_cards_more)}
                </li>
                <li>
                    <A href=localized("/search")>{t!(i18n, common.home_search)}</A>
                    {t!(i18n, common.home_search_more)}
                </li>
                <li>
                    <A href=localized("/rules")>{t!(i18n, common.home_rules)}</A>
                    {t!(i18n, common.home_rules_more)}
                </li>
            </ul>
        </section>
    }
}

/// On the English home page, one line in the language the browser
/// prefers (or the menu last chose), when the site speaks it: `/` never
/// redirects. Decided in the browser, so the page's HTML is the same for
/// everyone and can be cached.
#[component]
fn LanguageOffer() -> impl IntoView {
    let offered = RwSignal::new(None::<Lang>);
    if use_lang() == Lang::En {
        Effect::new(move |_| offered.set(crate::browser::preferred_lang()));
    }
    move || {
        offered.get().map(|lang| {
            let words = td_string!(locale(lang), welcome.offer).to_string();
            // A whole page load: the other language's words come with it.
            view! {
                <p class="language-offer" lang=lang.code()>
                    <A href=lang.localize("/") attr:hreflang=lang.code() attr:rel="external">
                        {words}
                    </A>
                </p>
            }
        })
    }
}
