//! `/sitemap.xml`: every page a visitor can reach without a query, in
//! each of the eight languages, for
//! search engines (`/robots.txt` names it) and for the check that the
//! binary alone serves the whole site (`scripts/check-alone`). Written once at start; the card
//! set and the rules are fixed while the server runs.

use axum::Router;
use cards::catalog::Database;

use super::fixed::fixed;

/// The pages: the fixed ones, each rules document, each shelf of
/// `/cards` and each card's page.
pub fn page_paths(db: &Database, documents: &[cards::reference::Document]) -> Vec<String> {
    let fixed = ["/", "/build", "/cards", "/search", "/rules", "/collection"];
    let mut paths: Vec<String> = fixed.iter().map(|p| p.to_string()).collect();
    paths.extend(documents.iter().map(|d| format!("/rules/{}", d.slug)));
    let shelves = db.faction_shelves().into_iter().flat_map(|f| f.ships);
    paths.extend(shelves.chain(db.slot_shelves()).map(|link| link.href));
    let keys = db.card_keys();
    paths.extend(db.cards().map(|card| format!("/cards/{}", keys.key(card))));
    paths
}

/// Each page in every language: English's address, then each prefixed one.
pub fn every_language(paths: &[String]) -> Vec<String> {
    cards::lang::Lang::ALL
        .iter()
        .flat_map(|lang| paths.iter().map(|p| lang.localize(p)))
        .collect()
}

/// The sitemap document of `paths` under `base` (no trailing `/`).
pub fn document(base: &str, paths: &[String]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in paths {
        let loc = html_escape::encode_text(&format!("{base}{path}")).into_owned();
        xml.push_str(&format!("<url><loc>{loc}</loc></url>\n"));
    }
    xml.push_str("</urlset>\n");
    xml
}

/// The text of `/robots.txt`: every page may be crawled, and the site
/// map is under `base`.
pub fn robots(base: &str) -> String {
    format!("User-agent: *\nAllow: /\nSitemap: {base}/sitemap.xml\n")
}

/// The routes of the site map of `db`'s pages under `base`, and of
/// `/robots.txt`, which names it.
pub fn routes<S: Clone + Send + Sync + 'static>(db: &Database, base: &str) -> Router<S> {
    let documents = crate::reference::reference()
        .map(|r| r.documents.as_slice())
        .unwrap_or_default();
    let map = document(base, &every_language(&page_paths(db, documents)));
    Router::new()
        .route("/sitemap.xml", fixed("application/xml; charset=utf-8", map))
        .route(
            "/robots.txt",
            fixed("text/plain; charset=utf-8", robots(base)),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test's outcome: a failure is an error, not a panic.
    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    #[test]
    fn the_map_names_every_card_shelf_and_document_once() -> TestResult {
        let db = Database::embedded()?;
        let documents = &crate::reference::reference()?.documents;
        let paths = page_paths(&db, documents);
        let unique: std::collections::HashSet<&String> = paths.iter().collect();
        assert_eq!(unique.len(), paths.len(), "no page twice");
        assert_eq!(
            paths.iter().filter(|p| p.starts_with("/rules/")).count(),
            documents.len()
        );
        assert!(paths.contains(&"/cards/brokenhorn".to_string()));
        assert!(paths.contains(&"/rules/huge-ships".to_string()));
        let cards = paths
            .iter()
            .filter(|p| p.matches('/').count() == 2 && p.starts_with("/cards/"));
        assert_eq!(cards.count(), db.cards().count());
        Ok(())
    }

    #[test]
    fn every_page_is_listed_in_every_language_once() -> TestResult {
        let db = Database::embedded()?;
        let documents = &crate::reference::reference()?.documents;
        let english = page_paths(&db, documents);
        let all = every_language(&english);
        assert_eq!(all.len(), english.len() * 8);
        let unique: std::collections::HashSet<&String> = all.iter().collect();
        assert_eq!(unique.len(), all.len());
        for page in [
            "/de/",
            "/ru/cards/brokenhorn",
            "/tr/rules/huge-ships",
            "/es/build",
        ] {
            assert!(all.contains(&page.to_string()), "{page}");
        }
        Ok(())
    }

    #[test]
    fn addresses_are_escaped_in_the_document() {
        let xml = document("https://squads.example", &["/cards?a=1&b=<2>".to_string()]);
        assert!(
            xml.contains("<loc>https://squads.example/cards?a=1&amp;b=&lt;2&gt;</loc>"),
            "{xml}"
        );
        assert!(xml.ends_with("</urlset>\n"));
    }

    #[test]
    fn robots_names_the_map_under_the_public_address() {
        assert_eq!(
            robots("https://squads.example"),
            "User-agent: *\nAllow: /\nSitemap: https://squads.example/sitemap.xml\n"
        );
    }
}
