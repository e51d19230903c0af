//! Writes the card set's CSV files from the xwing-data package and the
//! overrides file, then YASB's id table from YASB's card file:
//!
//! ```text
//! cargo run -p import --bin import-cards -- cards/data/xwing-data [OUT_DIR]
//! ```
//!
//! `OUT_DIR` defaults to `cards/data`. The overrides are read from
//! `cards/data/import/overrides.csv`, YASB's card file from
//! `cards/data/yasb/cards-common.coffee` and the verdicts on where it
//! disagrees with ours from `cards/data/import/yasb-verdicts.csv`; last, the
//! card translations (`OUT_DIR/i18n/<lang>.csv` and `COVERAGE.md`) from
//! YASB's translation files beside it, with the verdicts of
//! `cards/data/import/i18n-verdicts.csv`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cards::catalog::{CardSet, Database, YASB_FILE};
use import::{
    I18N_LANGUAGES, ImportError, Package, import, import_i18n, import_yasb, read_i18n_verdicts,
    read_overrides, read_yasb_verdicts, with_coverage_table,
};

fn read(path: &Path) -> Result<String, ImportError> {
    std::fs::read_to_string(path).map_err(|e| ImportError::Read {
        file: path.display().to_string(),
        message: e.to_string(),
    })
}

fn write(path: &Path, name: &str, text: &str) -> Result<(), ImportError> {
    std::fs::write(path, text).map_err(|e| ImportError::Write {
        file: name.to_string(),
        message: e.to_string(),
    })?;
    println!("wrote {} ({} lines)", path.display(), text.lines().count());
    Ok(())
}

fn run() -> Result<(), ImportError> {
    let mut args = std::env::args_os().skip(1);
    let package_dir = args
        .next()
        .map_or_else(|| PathBuf::from("cards/data/xwing-data"), PathBuf::from);
    let out_dir = args
        .next()
        .map_or_else(|| PathBuf::from("cards/data"), PathBuf::from);
    let overrides = read_overrides(&read(Path::new("cards/data/import/overrides.csv"))?)?;
    let files = import(&Package::read_dir(&package_dir)?, &overrides)?;
    let mut set = CardSet::embedded();
    for (name, text) in &files.0 {
        write(&out_dir.join(name), name, text)?;
        set = set.with_file(name, text.as_bytes());
    }
    // The ids join the cards just written, not the ones compiled in.
    let db = Database::load(&set).map_err(|e| ImportError::Yasb(e.to_string()))?;
    let coffee = read(Path::new("cards/data/yasb/cards-common.coffee"))?;
    let verdicts = read_yasb_verdicts(&read(Path::new("cards/data/import/yasb-verdicts.csv"))?)?;
    let yasb = import_yasb(&coffee, &db, &verdicts)?;
    write(&out_dir.join(YASB_FILE), YASB_FILE, &yasb.table)?;
    write(
        &out_dir.join("import/yasb-compare.csv"),
        "import/yasb-compare.csv",
        &yasb.comparison,
    )?;
    // The translations join through the YASB ids just written.
    let set = set.with_file(YASB_FILE, yasb.table.as_bytes());
    let db = Database::load(&set).map_err(|e| ImportError::Yasb(e.to_string()))?;
    translations(&coffee, &db, &out_dir)
}

/// Writes `i18n/<lang>.csv` for each language and `i18n/COVERAGE.md`.
fn translations(common: &str, db: &Database, out_dir: &Path) -> Result<(), ImportError> {
    let yasb_dir = Path::new("cards/data/yasb");
    let english = read(&yasb_dir.join("cards-en.coffee"))?;
    let mut files = Vec::new();
    for (lang, _) in I18N_LANGUAGES {
        files.push((lang, read(&yasb_dir.join(format!("cards-{lang}.coffee")))?));
    }
    let verdicts = read_i18n_verdicts(&read(Path::new("cards/data/import/i18n-verdicts.csv"))?)?;
    let i18n = import_i18n(&english, &files, common, db, &verdicts)?;
    let dir = out_dir.join("i18n");
    std::fs::create_dir_all(&dir).map_err(|e| ImportError::Write {
        file: "i18n/".into(),
        message: e.to_string(),
    })?;
    for (lang, text) in &i18n.files {
        let name = format!("i18n/{lang}.csv");
        write(&out_dir.join(&name), &name, text)?;
    }
    write(
        &dir.join("COVERAGE.md"),
        "i18n/COVERAGE.md",
        &i18n.coverage_table,
    )?;
    // SOURCES.md carries the same table, between its marker lines.
    let sources_path = out_dir.join("SOURCES.md");
    let sources =
        with_coverage_table(&read(&sources_path)?, &i18n.coverage_table).map_err(|e| {
            ImportError::Write {
                file: "SOURCES.md".into(),
                message: e.to_string(),
            }
        })?;
    write(&sources_path, "SOURCES.md", &sources)
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
