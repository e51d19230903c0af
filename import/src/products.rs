//! The products of `sources.json` as two tables: `products.csv` (one row
//! per box) and `product_contents.csv` (what each box holds, by our card
//! ids). Written after the overrides, so the C-ROC pack's cards join by the
//! ids they keep.

use std::collections::BTreeMap;

use super::ImportError;
use super::OverrideTable;
use super::package::PackageSource;
use super::rows::Tables;
use cards::catalog::product_columns;

/// A product's key: its name without "Expansion Pack", in lower case, with
/// words joined by `-` ("C-ROC Cruiser Expansion Pack" is `c-roc-cruiser`).
///
/// ```
/// use import::product_key;
/// assert_eq!(product_key("C-ROC Cruiser Expansion Pack"), "c-roc-cruiser");
/// assert_eq!(product_key("Hound's Tooth Expansion Pack"), "hounds-tooth");
/// assert_eq!(product_key("TIE/fo Fighter Expansion Pack"), "tie-fo-fighter");
/// assert_eq!(product_key("Core Set"), "core-set");
/// ```
pub fn product_key(name: &str) -> String {
    let name = name.strip_suffix(" Expansion Pack").unwrap_or(name);
    let mut key = String::new();
    for c in name.chars().filter(|c| *c != '\'') {
        if c.is_ascii_alphanumeric() {
            key.push(c.to_ascii_lowercase());
        } else if !key.is_empty() && !key.ends_with('-') {
            key.push('-');
        }
    }
    key.trim_end_matches('-').to_string()
}

/// `products.csv` and `product_contents.csv`, in the package's order of
/// products and, within one, by kind and id.
pub(super) fn product_files(
    sources: &[PackageSource],
    tables: &Tables,
) -> Result<(String, String), ImportError> {
    let mut products = csv_writer("products.csv", product_columns::products())?;
    let mut contents = csv_writer("product_contents.csv", product_columns::contents())?;
    for source in sources {
        let key = product_key(&source.name);
        let wave = match &source.wave {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let id = source.id.to_string();
        write_record(
            &mut products,
            "products.csv",
            &[
                &id,
                &key,
                &source.name,
                &wave,
                &source.sku,
                &source.release_date,
            ],
        )?;
        for (kind, count, card) in box_contents(source, tables)? {
            write_record(
                &mut contents,
                "product_contents.csv",
                &[&key, kind, &card.to_string(), &count.to_string()],
            )?;
        }
    }
    Ok((
        finish(products, "products.csv")?,
        finish(contents, "product_contents.csv")?,
    ))
}

/// One box's cards as (kind, count, our id). A dual card's two faces are
/// one card: the package lists each face with the box's count of cards.
fn box_contents(
    source: &PackageSource,
    tables: &Tables,
) -> Result<Vec<(&'static str, u32, u32)>, ImportError> {
    let kinds = [
        ("ship", OverrideTable::Ships, &source.contents.ships),
        ("pilot", OverrideTable::Pilots, &source.contents.pilots),
        (
            "upgrade",
            OverrideTable::Upgrades,
            &source.contents.upgrades,
        ),
        (
            "condition",
            OverrideTable::Conditions,
            &source.contents.conditions,
        ),
    ];
    let mut out = Vec::new();
    for (kind, table, listed) in kinds {
        let mut cards: BTreeMap<u32, u32> = BTreeMap::new();
        for (package_id, count) in listed {
            let id = package_id
                .parse()
                .ok()
                .and_then(|p| tables.final_id(table, p))
                .ok_or_else(|| ImportError::Dangling {
                    what: kind,
                    name: package_id.clone(),
                    by: source.name.clone(),
                })?;
            let kept = cards.entry(id).or_default();
            *kept = (*kept).max(*count);
        }
        out.extend(cards.into_iter().map(|(id, count)| (kind, count, id)));
    }
    Ok(out)
}

fn csv_writer(file: &'static str, columns: &[&str]) -> Result<csv::Writer<Vec<u8>>, ImportError> {
    let mut out = csv::Writer::from_writer(Vec::new());
    write_record(&mut out, file, columns)?;
    Ok(out)
}

fn write_record(
    out: &mut csv::Writer<Vec<u8>>,
    file: &'static str,
    cells: &[&str],
) -> Result<(), ImportError> {
    out.write_record(cells).map_err(|e| ImportError::Write {
        file: file.into(),
        message: e.to_string(),
    })
}

fn finish(out: csv::Writer<Vec<u8>>, file: &'static str) -> Result<String, ImportError> {
    let bytes = out.into_inner().map_err(|e| ImportError::Write {
        file: file.into(),
        message: e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|e| ImportError::Write {
        file: file.into(),
        message: e.to_string(),
    })
}
