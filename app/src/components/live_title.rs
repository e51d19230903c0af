//! A page title that follows the page's signals in the browser.

/// A page title that follows `text` in the browser.
///
/// The server reads a page's `<Title>` only after the page has rendered
/// (leptos_meta fills the head last), when the owners of the page's
/// signals may already be gone: the last hold on one may be a task that
/// ends on another thread. A title read from a signal then panicked, once
/// in about 150,000 requests under the abort storm (`/ru/collection` once
/// in the browser tests). So on the server the title is read once, now,
/// and a `<Title>` is never given a closure (the test below).
pub fn live_title(
    text: impl Fn() -> String + Send + Sync + 'static,
) -> leptos::text_prop::TextProp {
    if cfg!(feature = "ssr") {
        text().into()
    } else {
        text.into()
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Every `<Title text=…>` in `dir`'s Rust files whose text is a
    /// closure, as `file: line`.
    fn titles_given_a_closure(dir: &Path, found: &mut Vec<String>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                titles_given_a_closure(&path, found)?;
            } else if path.extension().is_some_and(|e| e == "rs") {
                let source = std::fs::read_to_string(&path)?;
                for (n, line) in source.lines().enumerate() {
                    let text = line.split_once("<Title text=").map(|(_, t)| t.trim_start());
                    if text.is_some_and(|t| t.starts_with("move |") || t.starts_with('|')) {
                        found.push(format!("{}: {}", path.display(), n + 1));
                    }
                }
            }
        }
        Ok(())
    }

    #[test]
    fn no_page_title_is_a_closure_read_after_the_page() -> std::io::Result<()> {
        let mut found = Vec::new();
        titles_given_a_closure(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut found,
        )?;
        assert!(
            found.is_empty(),
            "give these titles live_title(…): {found:#?}"
        );
        Ok(())
    }
}
