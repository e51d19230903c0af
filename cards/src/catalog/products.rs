//! The products: every box the game was sold in, with the cards and ship
//! models it holds (`products.csv` and `product_contents.csv`, written by
//! `make import-cards` from the xwing-data package's `sources.json`). This is
//! their strict reader and the database's lookups of them; a product itself
//! is `model/product.rs`.
//!
//! ```
//! use cards::catalog::{Database, ProductKind};
//! let db = Database::embedded().unwrap();
//! let croc = db.product("c-roc-cruiser").unwrap();
//! assert_eq!(croc.sku, "SWX58");
//! let light_scyk = db.upgrade("lightscykinterceptor").unwrap();
//! assert_eq!(croc.count_of(ProductKind::Upgrade, light_scyk.id), 6);
//! ```

use serde::Deserialize;
use validator::{Validate, ValidationError};

use super::model::{CardId, Database, Product, ProductKind, release_order};
use super::table::{LoadError, Located, columns_of, read_table};

#[derive(Deserialize, Validate)]
pub(super) struct ProductRow {
    #[validate(range(max = 63))]
    id: u8,
    #[validate(length(min = 1, max = 40))]
    key: String,
    #[validate(length(min = 1))]
    name: String,
    #[validate(length(min = 1))]
    wave: String,
    #[validate(length(min = 1))]
    sku: String,
    #[validate(custom(function = "iso_date"))]
    released: String,
}

#[derive(Deserialize, Validate)]
pub(super) struct ContentRow {
    product: String,
    kind: String,
    card: u32,
    #[validate(range(min = 1, max = 99))]
    count: u16,
}

/// The columns of the two files, in file order: what the importer (the
/// `import` crate) writes.
pub mod product_columns {
    use super::{ContentRow, ProductRow, columns_of};
    /// `products.csv`'s columns.
    pub fn products() -> &'static [&'static str] {
        columns_of::<ProductRow>()
    }
    /// `product_contents.csv`'s columns.
    pub fn contents() -> &'static [&'static str] {
        columns_of::<ContentRow>()
    }
}

/// The products file's name in a card set.
pub const PRODUCTS_FILE: &str = "products.csv";
/// The contents file's name in a card set.
pub const CONTENTS_FILE: &str = "product_contents.csv";

fn iso_date(value: &str) -> Result<(), ValidationError> {
    let b = value.as_bytes();
    let shape = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        });
    if shape {
        Ok(())
    } else {
        Err(ValidationError::new("date").with_message("not a date as YYYY-MM-DD".into()))
    }
}

/// Reads the two files against a loaded database: keys and ids once each,
/// every line's product and card known, no card twice in one box.
pub(super) fn read_products(
    products: &[u8],
    contents: &[u8],
    db: &Database,
    errors: &mut Vec<LoadError>,
) -> Vec<Product> {
    let mut out: Vec<Product> = Vec::new();
    for r in read_table::<ProductRow>(PRODUCTS_FILE, products, errors) {
        if out.iter().any(|p| p.id == r.row.id || p.key == r.row.key) {
            errors.push(r.error("key", "this product is listed twice"));
            continue;
        }
        let row = r.row;
        out.push(Product {
            id: row.id,
            key: row.key,
            name: row.name,
            wave: row.wave,
            sku: row.sku,
            released: row.released,
            contents: Vec::new(),
        });
    }
    for r in read_table::<ContentRow>(CONTENTS_FILE, contents, errors) {
        if let Err(e) = add_content(&mut out, &r, db) {
            errors.push(e);
        }
    }
    out
}

fn add_content(
    products: &mut [Product],
    r: &Located<ContentRow>,
    db: &Database,
) -> Result<(), LoadError> {
    let Some(product) = products.iter_mut().find(|p| p.key == r.row.product) else {
        return Err(r.error(
            "product",
            format!("no product has the key `{}`", r.row.product),
        ));
    };
    let Some(kind) = ProductKind::parse(&r.row.kind) else {
        return Err(r.error(
            "kind",
            format!("`{}` is not ship, pilot, upgrade or condition", r.row.kind),
        ));
    };
    let known = match kind {
        ProductKind::Ship => db.ships.iter().any(|s| s.id == r.row.card),
        ProductKind::Pilot => db.pilot_by_id(r.row.card).is_some(),
        ProductKind::Upgrade => db.upgrade_by_id(r.row.card).is_some(),
        ProductKind::Condition => db.conditions.iter().any(|c| c.id == r.row.card),
    };
    if !known {
        return Err(r.error(
            "card",
            format!("no {} has the id {}", kind.as_str(), r.row.card),
        ));
    }
    if product.count_of(kind, r.row.card) > 0 {
        return Err(r.error("card", "this card is listed twice in the product"));
    }
    product.contents.push((kind, r.row.card, r.row.count));
    Ok(())
}

impl Database {
    /// The product with this key.
    pub fn product(&self, key: &str) -> Option<&Product> {
        self.products.iter().find(|p| p.key == key)
    }

    /// The products that hold a card or ship model, in release order, with
    /// how many each holds.
    pub fn products_holding(&self, kind: ProductKind, id: CardId) -> Vec<(&Product, u16)> {
        let mut out: Vec<(&Product, u16)> = self
            .products
            .iter()
            .map(|p| (p, p.count_of(kind, id)))
            .filter(|(_, n)| *n > 0)
            .collect();
        out.sort_by(|a, b| release_order(a.0, b.0));
        out
    }

    /// Every product, in release order.
    pub fn products_by_release(&self) -> Vec<&Product> {
        let mut out: Vec<&Product> = self.products.iter().collect();
        out.sort_by(|a, b| release_order(a, b));
        out
    }
}
