//! Names the commit the binary is built from (`VERGEN_GIT_SHA`, printed by
//! `merchant-one --version`). Outside a git checkout (a source tarball)
//! vergen emits a placeholder rather than failing the build.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let git = vergen_gitcl::GitclBuilder::default().sha(false).build()?;
    vergen_gitcl::Emitter::default()
        .add_instructions(&git)?
        .emit()?;
    Ok(())
}
