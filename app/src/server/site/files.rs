//! Where the site's files come from: the binary or a folder.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use axum::body::Bytes;
use axum::http::HeaderValue;

/// How many files a site folder may hold: the built site has about 150,
/// and a mistaken `--site-root` (a home folder) should fail, not be read.
const MAX_FOLDER_FILES: usize = 10_000;

/// How many bytes a site folder may hold (the built site is about 5 MB).
const MAX_FOLDER_BYTES: u64 = 256 * 1024 * 1024;

/// One file of the site, held for the server's life.
pub(super) struct SiteFile {
    pub(super) bytes: Bytes,
    /// Its strong ETag, found when first asked for.
    pub(super) etag: OnceLock<Option<HeaderValue>>,
}

/// Where the site came from, for the start-up line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SiteOrigin {
    /// Carried in the binary.
    Embedded,
    /// Read from this folder at start.
    Folder(PathBuf),
}

impl std::fmt::Display for SiteOrigin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Embedded => f.write_str("the site carried in the binary"),
            Self::Folder(dir) => write!(f, "the site in {}", dir.display()),
        }
    }
}

/// The built site's files by their path under its root, with `/` between
/// folders: `pkg/merchant-one.<hash>.wasm`, `pkg/merchant-one.<hash>.wasm.br`,
/// `favicon.svg`.
pub struct Site {
    pub(super) files: HashMap<Box<str>, SiteFile>,
    origin: SiteOrigin,
}

/// Why a site folder cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("the site folder {0} does not exist (build it with `make build`)")]
    Missing(PathBuf),
    #[error("the site folder cannot be read: {0}")]
    Unreadable(#[from] walkdir::Error),
    #[error("{path} cannot be read: {source}")]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the site folder {0} holds more than {MAX_FOLDER_FILES} files or {MAX_FOLDER_BYTES} bytes; is it the built site?"
    )]
    TooLarge(PathBuf),
    #[error("the site has {count} files named {pattern}, where a build makes one: {names}")]
    Ambiguous {
        pattern: String,
        count: usize,
        names: String,
    },
    #[error("the site's split-module manifest {name} cannot be read: {source}")]
    Manifest {
        name: String,
        source: serde_json::Error,
    },
}

impl Site {
    /// The site the server answers with: the folder `--site-root` names,
    /// else the one in the binary, else (a build without `embed-site`,
    /// such as the tests') the workspace's `target/site`, which may not
    /// be built yet: the pages still render, without their files.
    pub fn choose(site_root: Option<&Path>) -> Result<Self, SiteError> {
        if let Some(dir) = site_root {
            return Self::from_folder(dir);
        }
        #[cfg(feature = "embed-site")]
        {
            Ok(Self::embedded())
        }
        #[cfg(not(feature = "embed-site"))]
        {
            let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/site"));
            match Self::from_folder(dir) {
                Err(SiteError::Missing(_)) => Ok(Self::from_files(
                    Vec::new(),
                    SiteOrigin::Folder(dir.to_path_buf()),
                )),
                found => found,
            }
        }
    }

    /// The site the binary carries.
    #[cfg(feature = "embed-site")]
    pub fn embedded() -> Self {
        use std::borrow::Cow;
        let files = Embedded::iter().filter_map(|name| {
            let file = Embedded::get(&name)?;
            let bytes = match file.data {
                Cow::Borrowed(b) => Bytes::from_static(b),
                Cow::Owned(v) => Bytes::from(v),
            };
            Some((name.to_string(), bytes))
        });
        Self::from_files(files.collect(), SiteOrigin::Embedded)
    }

    /// Every file under `dir`, read now.
    pub fn from_folder(dir: &Path) -> Result<Self, SiteError> {
        if !dir.is_dir() {
            return Err(SiteError::Missing(dir.to_path_buf()));
        }
        let mut files = Vec::new();
        let mut total = 0u64;
        for entry in walkdir::WalkDir::new(dir).follow_links(true) {
            let entry = entry?;
            if !entry.file_type().is_file() {
                continue;
            }
            total += entry.metadata()?.len();
            if files.len() >= MAX_FOLDER_FILES || total > MAX_FOLDER_BYTES {
                return Err(SiteError::TooLarge(dir.to_path_buf()));
            }
            let path = entry.path();
            let bytes = std::fs::read(path).map_err(|source| SiteError::File {
                path: path.to_path_buf(),
                source,
            })?;
            // Names the way a URL path does; a name that is not UTF-8 can
            // never be asked for, so it is left out.
            let Some(name) = path.strip_prefix(dir).ok().and_then(Path::to_str) else {
                continue;
            };
            files.push((name.replace('\\', "/"), Bytes::from(bytes)));
        }
        Ok(Self::from_files(
            files,
            SiteOrigin::Folder(dir.to_path_buf()),
        ))
    }

    /// A site of these files (path under the root, bytes).
    pub fn from_files(files: Vec<(String, Bytes)>, origin: SiteOrigin) -> Self {
        let files = files
            .into_iter()
            .map(|(name, bytes)| {
                let file = SiteFile {
                    bytes,
                    etag: OnceLock::new(),
                };
                (name.into_boxed_str(), file)
            })
            .collect();
        Self { files, origin }
    }

    /// The site with these files added (path under the root, bytes): the
    /// server's own, made at start (the card database), answered as the
    /// built files are.
    pub fn with_files(mut self, files: Vec<(String, Bytes)>) -> Self {
        let added = Self::from_files(files, self.origin.clone());
        self.files.extend(added.files);
        self
    }

    /// Where the files came from.
    pub fn origin(&self) -> &SiteOrigin {
        &self.origin
    }

    /// How many files it holds, compressed copies included.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether it holds none (a test build before `make build`).
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The bytes of the file at `name` (`pkg/…`), if the site has it.
    pub fn get(&self, name: &str) -> Option<&Bytes> {
        self.files.get(name).map(|f| &f.bytes)
    }

    /// The names of the files in the site's folder `dir` (`pkg`), not in
    /// its subfolders.
    pub fn names_in<'a>(&'a self, dir: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.files.keys().filter_map(move |name| {
            let rest = name.strip_prefix(dir)?.strip_prefix('/')?;
            (!rest.contains('/')).then_some(rest)
        })
    }
}

/// The built site, carried in the binary. rust-embed reads it when the
/// binary is compiled (`make build` builds and compresses it first) and
/// includes each file, so a changed file recompiles the binary.
#[cfg(feature = "embed-site")]
#[derive(rust_embed::Embed)]
#[folder = "../target/site"]
struct Embedded;

#[cfg(test)]
mod tests {
    use super::*;

    /// A test's outcome: a failure is an error, not a panic.
    type TestResult<T = ()> = Result<T, Box<dyn std::error::Error>>;

    #[test]
    fn a_folder_is_read_whole_and_named_by_url_path() -> TestResult {
        let dir = std::env::temp_dir().join(format!("site-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pkg"))?;
        std::fs::write(dir.join("pkg/app.js"), "js")?;
        std::fs::write(dir.join("favicon.svg"), "<svg/>")?;
        let site = Site::from_folder(&dir)?;
        std::fs::remove_dir_all(&dir)?;
        assert_eq!(site.len(), 2);
        assert_eq!(site.get("pkg/app.js").map(|b| &b[..]), Some(&b"js"[..]));
        assert_eq!(site.names_in("pkg").collect::<Vec<_>>(), ["app.js"]);
        assert_eq!(site.origin(), &SiteOrigin::Folder(dir));
        Ok(())
    }

    #[test]
    fn a_missing_folder_named_on_the_command_line_is_an_error() -> TestResult {
        let missing = Path::new("/no/such/site");
        let error = Site::choose(Some(missing)).err().ok_or("refused")?;
        assert_eq!(
            error.to_string(),
            "the site folder /no/such/site does not exist (build it with `make build`)"
        );
        Ok(())
    }
}
