//! The Merchant One server binary.

/// mimalloc, not glibc's malloc: a search, a page and an API answer each
/// make hundreds of short-lived allocations, and glibc's malloc and free
/// were a quarter of a card search's time (perf, `search/benches/query.rs`,
/// which runs with the same allocator). The price is memory: under
/// `make load` the server held 161 MiB after the load (glibc: 45 MiB) and
/// 68 MiB at the end (46), for 1.4x the requests a second. mimalloc keeps
/// freed pages a while; `MIMALLOC_PURGE_DELAY=0` in the server's
/// environment gave 72 and 68 MiB at the same speed.
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
