use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::components::A;

/// The landing page: what Merchant One is and where to go.
#[component]
pub fn HomePage() -> impl IntoView {
    view! {
        <Title text="" />
        <section class="intro">
            <h1>"Merchant One"</h1>
            <p>
                "A squad builder and card database for the X-Wing Miniatures Game (1st edition), "
                "built for players who field the C-ROC Cruiser in Epic play."
            </p>
            <ul class="entry-points">
                <li>
                    <A href="/cards">"Browse every card"</A>
                    " of the C-ROC Cruiser Expansion Pack."
                </li>
                <li>
                    <A href="/build">"Build a squad"</A>
                    " (coming soon)."
                </li>
                <li>
                    <A href="/search">"Search card text"</A>
                    " (coming soon)."
                </li>
                <li>
                    <A href="/rules">"Read the huge ship rules"</A>
                    " (coming soon)."
                </li>
            </ul>
        </section>
    }
}
