//! Build steps of the app:
//! - names the commit the binary is built from (`VERGEN_GIT_SHA`, printed
//!   by `merchant-one --version`); outside a git checkout (a source
//!   tarball) vergen emits a placeholder rather than failing the build;
//! - compiles the interface's catalogues (`app/locales/<lang>/*.json`) into
//!   keys checked at compile time, English's strings, and every other
//!   language's for the server (`build/catalogues.rs`).

#[path = "build/catalogues.rs"]
mod catalogues;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let git = vergen_gitcl::GitclBuilder::default().sha(false).build()?;
    vergen_gitcl::Emitter::default()
        .add_instructions(&git)?
        .emit()?;
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR")?).join("catalogues.rs");
    let code = catalogues::generate(std::path::Path::new("locales"))?;
    std::fs::write(out, code)?;
    println!("cargo::rerun-if-changed=locales");
    println!("cargo::rerun-if-changed=build/catalogues.rs");
    Ok(())
}
