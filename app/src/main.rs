//! The Merchant One server binary.

/// mimalloc, not glibc's malloc: a search, a page and an API answer each
/// make hundreds of short-lived allocations, and glibc's malloc and free
/// were a quarter of a card search's time (perf, `search/benches/query.rs`,
/// which runs with the same allocator). Its price in memory, and the
/// purge setting the Makefile starts it with, are in docs/hosting.md.
#[cfg(feature = "ssr")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(feature = "ssr")]
fn main() -> std::process::ExitCode {
    app::server::main()
}

#[cfg(not(feature = "ssr"))]
fn main() {
    // The browser entry point is `app::hydrate`; this binary needs `ssr`.
}
