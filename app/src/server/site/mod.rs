//! The built site: the wasm and its chunks, the JavaScript, the CSS, the
//! fonts and `public/`, each with the `.br` and `.gz` copies
//! `scripts/precompress` made. The release binary carries it
//! (`embed-site`, rust-embed); `--site-root` names a folder instead, read
//! at start. Either way the files are held in memory and answered the same
//! way ([`Site::answer`]): by the request's `Accept-Encoding`, with an
//! ETag and `304 Not Modified`.

mod answer;
mod files;
mod paths;

pub use answer::HeldInMemory;
pub use files::{Site, SiteError, SiteOrigin};
pub use paths::SitePaths;
