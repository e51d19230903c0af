//! Writes the card set's CSV files from the xwing-data package and the
//! overrides file:
//!
//! ```text
//! cargo run -p cards --bin import-cards -- cards/data/xwing-data [OUT_DIR]
//! ```
//!
//! `OUT_DIR` defaults to `cards/data`. The overrides are read from
//! `cards/data/import/overrides.csv`.

use std::path::PathBuf;
use std::process::ExitCode;

use cards::import::{ImportError, Package, import, read_overrides};

fn run() -> Result<(), ImportError> {
    let mut args = std::env::args_os().skip(1);
    let package_dir = args
        .next()
        .map_or_else(|| PathBuf::from("cards/data/xwing-data"), PathBuf::from);
    let out_dir = args
        .next()
        .map_or_else(|| PathBuf::from("cards/data"), PathBuf::from);
    let overrides_path = PathBuf::from("cards/data/import/overrides.csv");
    let overrides_text =
        std::fs::read_to_string(&overrides_path).map_err(|e| ImportError::Read {
            file: overrides_path.display().to_string(),
            message: e.to_string(),
        })?;
    let overrides = read_overrides(&overrides_text)?;
    let files = import(&Package::read_dir(&package_dir)?, &overrides)?;
    for (name, text) in &files.0 {
        let path = out_dir.join(name);
        std::fs::write(&path, text).map_err(|e| ImportError::Write {
            file: name,
            message: e.to_string(),
        })?;
        println!("wrote {} ({} lines)", path.display(), text.lines().count());
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("import-cards: {e}");
            ExitCode::FAILURE
        }
    }
}
