use leptos::prelude::*;
use leptos_meta::{Meta, Title};
use leptos_router::components::A;

/// What a search engine shows for the site.
const DESCRIPTION: &str = "Squad builder and card database for X-Wing Miniatures (1st edition) \
    and its huge ships: legal squads explained, YASB links opened, every card searchable.";

/// The landing page: what Merchant One is and where to go.
#[component]
pub fn HomePage() -> impl IntoView {
    view! {
        <Title text="" />
        <Meta name="description" content=DESCRIPTION />
        <section class="intro">
            <h1>"Merchant One"</h1>
            <p>
                "A squad builder and card database for the X-Wing Miniatures Game (1st edition), "
                "built for players who field the C-ROC Cruiser in Epic play."
            </p>
            <ul class="entry-points">
                <li>
                    <A href="/build">"Build a squad"</A>
                    ": every rule checked and explained; opens YASB links and XWS."
                </li>
                <li>
                    <A href="/cards">"Browse every card"</A>
                    " of the 1st edition, as printed."
                </li>
                <li>
                    <A href="/search">"Search card text"</A>
                    " for any word."
                </li>
                <li>
                    <A href="/rules">"Read the huge ship rules"</A>
                    ", with simulators beside them."
                </li>
            </ul>
        </section>
    }
}
