//! What to buy: the shortfall of a [`Coverage`] as a [`BuyProblem`] over
//! the products that hold a missing piece, in release order, and the
//! solver's answer as products with what each brings.

use serde::Serialize;

use super::coverage::Coverage;
use super::piece::Piece;
use super::solver::{BuyProblem, SolveError, solve_purchase};
use crate::catalog::{Database, Product};

/// One product to buy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PurchaseLine {
    /// The product's key.
    pub product: String,
    pub copies: u32,
    /// The missing pieces it brings, and how many of each.
    pub contributes: Vec<(Piece, u32)>,
}

/// The fewest products that cover what is missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Purchase {
    pub lines: Vec<PurchaseLine>,
    /// Search nodes the solver visited.
    pub nodes: u64,
}

impl Purchase {
    /// How many boxes in all.
    pub fn boxes(&self) -> u32 {
        self.lines.iter().map(|l| l.copies).sum()
    }
}

/// Why no purchase is proposed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PurchaseError {
    #[error("no product holds {0}")]
    NotSold(String),
    #[error("finding the fewest products took too long; buy what is listed as missing")]
    TooMuchWork,
}

/// The fewest products, exactly, that cover what `coverage` lacks; ties
/// go to the product released first.
pub fn cheapest_purchase(db: &Database, coverage: &Coverage) -> Result<Purchase, PurchaseError> {
    let missing: Vec<(Piece, u32)> = coverage
        .missing
        .iter()
        .map(|s| (s.piece, s.missing()))
        .collect();
    let candidates: Vec<&Product> = db
        .products_by_release()
        .into_iter()
        .filter(|p| missing.iter().any(|(piece, _)| holds(p, *piece) > 0))
        .collect();
    let problem = BuyProblem {
        needs: missing.iter().map(|(_, n)| *n).collect(),
        products: candidates
            .iter()
            .map(|p| {
                missing
                    .iter()
                    .enumerate()
                    .map(|(i, (piece, _))| (i, holds(p, *piece)))
                    .filter(|(_, n)| *n > 0)
                    .collect()
            })
            .collect(),
    };
    let solution = solve_purchase(&problem).map_err(|e| match e {
        SolveError::NotSold(i) => PurchaseError::NotSold(missing[i].0.describe(db)),
        SolveError::TooManyProducts | SolveError::TooMuchWork => PurchaseError::TooMuchWork,
    })?;
    Ok(Purchase {
        lines: lines(&candidates, &missing, &solution.bought),
        nodes: solution.nodes,
    })
}

fn holds(product: &Product, piece: Piece) -> u32 {
    let (kind, id) = piece.content_line();
    u32::from(product.count_of(kind, id))
}

/// The bought boxes, one line per product in release order, each credited
/// with what it brings before the later ones.
fn lines(candidates: &[&Product], missing: &[(Piece, u32)], bought: &[usize]) -> Vec<PurchaseLine> {
    let mut left: Vec<u32> = missing.iter().map(|(_, n)| *n).collect();
    let mut out: Vec<PurchaseLine> = Vec::new();
    for &p in bought {
        let product = candidates[p];
        let mut brings = Vec::new();
        for (i, (piece, _)) in missing.iter().enumerate() {
            let n = left[i].min(holds(product, *piece));
            if n > 0 {
                left[i] -= n;
                brings.push((*piece, n));
            }
        }
        match out.iter_mut().find(|l| l.product == product.key) {
            Some(line) => {
                line.copies += 1;
                for (piece, n) in brings {
                    match line.contributes.iter_mut().find(|(q, _)| *q == piece) {
                        Some((_, have)) => *have += n,
                        None => line.contributes.push((piece, n)),
                    }
                }
            }
            None => out.push(PurchaseLine {
                product: product.key.clone(),
                copies: 1,
                contributes: brings,
            }),
        }
    }
    out
}
