//! The squad against a collection as the API answers it
//! (`POST /api/collection/cover`): pieces by kind and XWS name, products
//! by key.

use serde::Serialize;

use super::coverage::cover;
use super::holdings::Owned;
use super::piece::Piece;
use super::purchase::cheapest_purchase;
use crate::catalog::Database;
use crate::squad::Squad;

/// A missing piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MissingPiece {
    /// `ship` (a model), `pilot` or `upgrade`.
    pub kind: &'static str,
    /// The XWS name (a huge ship in sections: the whole ship's, `cr90corvette`).
    pub xws: String,
    pub name: String,
    /// How many are missing.
    pub count: u32,
    pub needed: u32,
    pub owned: u32,
    /// Keys of the products that hold it, in release order.
    pub products: Vec<String>,
}

/// A product to buy, and what it brings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BuyLine {
    pub product: String,
    pub name: String,
    pub copies: u32,
    pub contributes: Vec<BroughtPiece>,
}

/// A piece a bought product brings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BroughtPiece {
    pub kind: &'static str,
    pub xws: String,
    pub count: u32,
}

/// The whole answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CoverAnswer {
    pub covered: bool,
    pub missing: Vec<MissingPiece>,
    /// The fewest products that cover what is missing (empty when covered).
    pub buy: Vec<BuyLine>,
    /// Why no purchase is proposed, when none is.
    pub buy_error: Option<String>,
    /// What the squad's import could not place as written.
    pub notes: Vec<String>,
}

impl CoverAnswer {
    /// The answer for a squad and a collection.
    pub fn of(db: &Database, owned: &Owned, squad: &Squad, notes: &[String]) -> CoverAnswer {
        let coverage = cover(db, owned, squad);
        let (buy, buy_error) = match cheapest_purchase(db, &coverage) {
            Ok(p) => (p.lines, None),
            Err(e) => (Vec::new(), Some(e.to_string())),
        };
        let kind = |p: &Piece| p.kind().as_str();
        CoverAnswer {
            covered: coverage.is_covered(),
            missing: coverage
                .missing
                .iter()
                .map(|s| MissingPiece {
                    kind: kind(&s.piece),
                    xws: s.piece.xws(db),
                    name: s.piece.describe(db),
                    count: s.missing(),
                    needed: s.needed,
                    owned: s.owned,
                    products: s.holders.iter().map(|(k, _)| k.clone()).collect(),
                })
                .collect(),
            buy: buy
                .into_iter()
                .map(|l| BuyLine {
                    name: db
                        .product(&l.product)
                        .map(|p| p.name.clone())
                        .unwrap_or_default(),
                    product: l.product,
                    copies: l.copies,
                    contributes: l
                        .contributes
                        .iter()
                        .map(|(p, n)| BroughtPiece {
                            kind: kind(p),
                            xws: p.xws(db),
                            count: *n,
                        })
                        .collect(),
                })
                .collect(),
            buy_error,
            notes: notes.to_vec(),
        }
    }
}
