//! The Merchant One server binary.

#[cfg(feature = "ssr")]
fn main() -> std::process::ExitCode {
    app::server::main()
}

#[cfg(not(feature = "ssr"))]
fn main() {
    // The browser entry point is `app::hydrate`; this binary needs `ssr`.
}
