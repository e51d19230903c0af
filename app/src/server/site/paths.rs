//! The addresses a page names the site's files by. cargo-leptos names the
//! JavaScript, wasm, CSS and split-module files by content hash; they are
//! found among the site's own files, so a site folder or the binary alone
//! is enough (Leptos reads them from `hash.txt` beside the executable).

use std::collections::HashMap;

use super::{Site, SiteError};
use crate::route_modules::RouteModules;

/// The addresses of the site's entry files, found once at start.
#[derive(Debug, Clone)]
pub struct SitePaths {
    /// The stylesheet: `/pkg/merchant-one.<hash>.css`.
    pub stylesheet: String,
    /// The JavaScript module under `/pkg`, without `.js` (`app/src/hydrate.js`).
    pub script: String,
    /// The wasm under `/pkg`, without `.wasm`.
    pub wasm: String,
    /// The icon font (`scripts/subset-fonts`), if the site has it.
    pub icon_font: Option<String>,
    /// The split modules each lazily loaded page needs (empty when the
    /// build did not split the wasm).
    pub route_modules: RouteModules,
}

/// The hash in the one name `<prefix>.<hash><suffix>` of `names`, `None`
/// when there is none.
fn hash_of<'a>(
    names: impl Iterator<Item = &'a str>,
    prefix: &str,
    suffix: &str,
) -> Result<Option<&'a str>, SiteError> {
    let found: Vec<&str> = names
        .filter_map(|name| {
            let hash = name
                .strip_prefix(prefix)?
                .strip_prefix('.')?
                .strip_suffix(suffix)?;
            let is_hash = !hash.is_empty()
                && hash
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
            is_hash.then_some(hash)
        })
        .collect();
    match found.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one)),
        several => Err(SiteError::Ambiguous {
            pattern: format!("{prefix}.*{suffix}"),
            count: several.len(),
            names: several.join(", "),
        }),
    }
}

impl SitePaths {
    /// The entry files of `site`, whose package folder is `pkg_dir` and
    /// whose files are named after `output` (`merchant-one`). A site
    /// built without hashes has the plain names; so does an empty one.
    pub fn of(site: &Site, output: &str, pkg_dir: &str) -> Result<Self, SiteError> {
        let pkg = || site.names_in(pkg_dir);
        let named = |suffix: &str, plain: String| -> Result<String, SiteError> {
            Ok(hash_of(pkg(), output, suffix)?.map_or(plain, |h| format!("{output}.{h}")))
        };
        let stylesheet = named(".css", output.to_string())?;
        let route_modules = Self::route_modules(site, pkg_dir)?;
        let icon_font = hash_of(site.names_in("fonts"), "xwing-miniatures", ".woff2")?
            .map(|h| format!("/fonts/xwing-miniatures.{h}.woff2"));
        Ok(Self {
            stylesheet: format!("/{pkg_dir}/{stylesheet}.css"),
            script: named(".js", output.to_string())?,
            wasm: named(".wasm", format!("{output}_bg"))?,
            icon_font,
            route_modules,
        })
    }

    /// The split modules' manifest, when the build split the wasm.
    fn route_modules(site: &Site, pkg_dir: &str) -> Result<RouteModules, SiteError> {
        let manifest = match hash_of(site.names_in(pkg_dir), "__wasm_split_manifest", ".json")? {
            Some(h) => format!("__wasm_split_manifest.{h}.json"),
            None => "__wasm_split_manifest.json".to_string(),
        };
        let Some(bytes) = site.get(&format!("{pkg_dir}/{manifest}")) else {
            return Ok(RouteModules::default());
        };
        let modules: HashMap<String, Vec<String>> =
            serde_json::from_slice(bytes).map_err(|source| SiteError::Manifest {
                name: manifest.clone(),
                source,
            })?;
        let addresses = modules
            .into_iter()
            .map(|(name, files)| {
                let files = files
                    .iter()
                    .map(|f| format!("/{pkg_dir}/{f}.wasm"))
                    .collect();
                (name, files)
            })
            .collect();
        Ok(RouteModules::new(addresses))
    }
}

#[cfg(test)]
mod tests {
    use axum::body::Bytes;

    use super::*;
    use crate::server::site::SiteOrigin;

    fn site(names: &[&str]) -> Site {
        let files = names
            .iter()
            .map(|n| {
                (
                    n.to_string(),
                    Bytes::from_static(b"{\"chunk_1\":[\"chunk_2\"]}"),
                )
            })
            .collect();
        Site::from_files(files, SiteOrigin::Embedded)
    }

    /// A test's outcome: a failure is an error, not a panic.
    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    #[test]
    fn hashed_names_are_found_among_the_files() -> TestResult {
        let paths = SitePaths::of(
            &site(&[
                "pkg/app.AbC-1_x.js",
                "pkg/app.AbC-1_x.js.br",
                "pkg/app.Wz9.wasm",
                "pkg/app.Wz9.wasm.gz",
                "pkg/app.Q.css",
                "pkg/__wasm_split_manifest.M1.json",
                "pkg/__wasm_split.S1.js",
                "fonts/xwing-miniatures.0a1b.woff2",
            ]),
            "app",
            "pkg",
        )?;
        assert_eq!(paths.stylesheet, "/pkg/app.Q.css");
        assert_eq!(paths.script, "app.AbC-1_x");
        assert_eq!(paths.wasm, "app.Wz9");
        assert_eq!(
            paths.icon_font.as_deref(),
            Some("/fonts/xwing-miniatures.0a1b.woff2")
        );
        assert_eq!(paths.route_modules.of("chunk_1"), ["/pkg/chunk_2.wasm"]);
        assert!(paths.route_modules.of("chunk_2").is_empty());
        Ok(())
    }

    #[test]
    fn an_unbuilt_site_has_the_plain_names() -> TestResult {
        let paths = SitePaths::of(&site(&[]), "app", "pkg")?;
        assert_eq!(
            (
                paths.stylesheet.as_str(),
                paths.script.as_str(),
                paths.wasm.as_str()
            ),
            ("/pkg/app.css", "app", "app_bg")
        );
        assert!(paths.icon_font.is_none() && paths.route_modules.of("chunk_1").is_empty());
        Ok(())
    }

    #[test]
    fn two_builds_in_one_folder_are_refused_by_name() -> TestResult {
        let error = SitePaths::of(&site(&["pkg/app.A.js", "pkg/app.B.js"]), "app", "pkg")
            .err()
            .ok_or("which one?")?;
        let text = error.to_string();
        assert!(
            text.starts_with("the site has 2 files named app.*.js"),
            "{text}"
        );
        assert!(text.contains("A") && text.contains("B"), "{text}");
        Ok(())
    }
}
