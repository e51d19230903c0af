//! The fewest products that cover a shortfall: a small integer program
//! (minimise the boxes bought; each missing piece covered as many times as
//! it is missing), solved exactly by branch and bound.
//!
//! Branching: take the missing piece the fewest allowed products hold,
//! and try each of them in order; once a product's branch is done, the
//! later branches may not use it (every solution with it was in that
//! branch), so no set of boxes is searched twice. Bound: the boxes bought
//! so far plus, for pieces whose holders share no product, the sum of
//! each piece's own least number of boxes.
//!
//! Ties (as few boxes) go to the boxes that come first in the problem's
//! order (release order): the sorted list of bought indices that is
//! smallest, compared item by item.
//!
//! ```
//! use cards::collection::{BuyProblem, solve_purchase};
//! // Two pieces; box 0 holds one of the first, box 1 one of each.
//! let problem = BuyProblem {
//!     needs: vec![2, 1],
//!     products: vec![vec![(0, 1)], vec![(0, 1), (1, 1)]],
//! };
//! let solution = solve_purchase(&problem).unwrap();
//! assert_eq!(solution.bought, vec![0, 1]);
//! ```

/// The most search nodes a solve may visit before it gives up: a bound on
/// the work a stranger's input can ask for. Real squads need far fewer
/// (`cards/benches/purchase.rs`).
pub const MAX_SEARCH_NODES: u64 = 2_000_000;

/// The problem: how many of each piece are missing, and what each product
/// holds (piece index, count), in tie-break order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuyProblem {
    pub needs: Vec<u32>,
    pub products: Vec<Vec<(usize, u32)>>,
}

/// The boxes to buy: product indices, sorted, one per copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuySolution {
    pub bought: Vec<usize>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// Why no purchase was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("no product holds piece {0}")]
    NotSold(usize),
    #[error("more than 64 products hold the missing pieces")]
    TooManyProducts,
    #[error("the search gave up after {MAX_SEARCH_NODES} steps")]
    TooMuchWork,
}

struct Search<'a> {
    problem: &'a BuyProblem,
    /// Per piece: the products holding it (bit per product) and the counts.
    holders: Vec<(u64, Vec<(usize, u32)>)>,
    best: Option<Vec<usize>>,
    nodes: u64,
}

/// Solves a purchase exactly: fewest boxes, ties to the earliest.
pub fn solve_purchase(problem: &BuyProblem) -> Result<BuySolution, SolveError> {
    if problem.products.len() > 64 {
        return Err(SolveError::TooManyProducts);
    }
    let mut holders: Vec<(u64, Vec<(usize, u32)>)> = vec![(0, Vec::new()); problem.needs.len()];
    for (p, contents) in problem.products.iter().enumerate() {
        for &(piece, n) in contents {
            if let Some(h) = holders.get_mut(piece).filter(|_| n > 0) {
                h.0 |= 1 << p;
                h.1.push((p, n));
            }
        }
    }
    if let Some(piece) =
        (0..problem.needs.len()).find(|&i| problem.needs[i] > 0 && holders[i].0 == 0)
    {
        return Err(SolveError::NotSold(piece));
    }
    let mut search = Search {
        problem,
        holders,
        best: None,
        nodes: 0,
    };
    let all = if problem.products.len() == 64 {
        u64::MAX
    } else {
        (1u64 << problem.products.len()) - 1
    };
    search.visit(&mut problem.needs.clone(), &mut Vec::new(), all)?;
    Ok(BuySolution {
        bought: search.best.unwrap_or_default(),
        nodes: search.nodes,
    })
}

impl Search<'_> {
    fn visit(
        &mut self,
        left: &mut [u32],
        chosen: &mut Vec<usize>,
        allowed: u64,
    ) -> Result<(), SolveError> {
        self.nodes += 1;
        if self.nodes > MAX_SEARCH_NODES {
            return Err(SolveError::TooMuchWork);
        }
        let Some(piece) = self.branch_piece(left, allowed) else {
            if left.iter().all(|n| *n == 0) {
                self.offer(chosen);
            }
            return Ok(());
        };
        if let Some(best) = &self.best
            && chosen.len() + self.lower_bound(left, allowed) > best.len()
        {
            return Ok(());
        }
        let mut allowed_here = allowed;
        let options: Vec<usize> = self.holders[piece]
            .1
            .iter()
            .map(|(p, _)| *p)
            .filter(|p| allowed & (1 << p) != 0)
            .collect();
        for p in options {
            let taken = self.take(left, p);
            chosen.push(p);
            let result = self.visit(left, chosen, allowed_here);
            chosen.pop();
            self.give_back(left, &taken);
            result?;
            allowed_here &= !(1 << p);
        }
        Ok(())
    }

    /// The missing piece with the fewest allowed holders, or `None` when
    /// nothing is missing or a missing piece has no allowed holder left
    /// (then the caller sees `left` is not all zero).
    fn branch_piece(&self, left: &[u32], allowed: u64) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (i, &n) in left.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let options = (self.holders[i].0 & allowed).count_ones();
            if options == 0 {
                return None;
            }
            if best.is_none_or(|(o, _)| options < o) {
                best = Some((options, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// Boxes still needed at least: pieces whose allowed holders are
    /// disjoint each need their own boxes, at least ⌈left ÷ most per box⌉.
    fn lower_bound(&self, left: &[u32], allowed: u64) -> usize {
        let mut own: Vec<(usize, u64)> = left
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(i, &n)| {
                let most = self.holders[i]
                    .1
                    .iter()
                    .filter(|(p, _)| allowed & (1 << p) != 0)
                    .map(|(_, c)| *c)
                    .max()
                    .unwrap_or(1);
                (n.div_ceil(most) as usize, self.holders[i].0 & allowed)
            })
            .collect();
        own.sort_by_key(|o| std::cmp::Reverse(o.0));
        let mut used = 0u64;
        let mut bound = 0;
        for (boxes, mask) in own {
            if mask & used == 0 {
                used |= mask;
                bound += boxes;
            }
        }
        bound
    }

    /// Buys one box: lowers what is left, and says by how much.
    fn take(&self, left: &mut [u32], p: usize) -> Vec<(usize, u32)> {
        let mut taken = Vec::new();
        for &(piece, n) in &self.problem.products[p] {
            if let Some(l) = left.get_mut(piece) {
                let t = (*l).min(n);
                if t > 0 {
                    *l -= t;
                    taken.push((piece, t));
                }
            }
        }
        taken
    }

    fn give_back(&self, left: &mut [u32], taken: &[(usize, u32)]) {
        for &(piece, t) in taken {
            left[piece] += t;
        }
    }

    fn offer(&mut self, chosen: &[usize]) {
        let mut sorted = chosen.to_vec();
        sorted.sort_unstable();
        let better = match &self.best {
            None => true,
            Some(best) => (sorted.len(), &sorted) < (best.len(), best),
        };
        if better {
            self.best = Some(sorted);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every purchase of at most `cap` copies per box, smallest first.
    fn brute_force(problem: &BuyProblem, cap: usize) -> Option<Vec<usize>> {
        let n = problem.products.len();
        let mut best: Option<Vec<usize>> = None;
        let mut copies = vec![0usize; n];
        loop {
            let mut got = vec![0u32; problem.needs.len()];
            for (p, &c) in copies.iter().enumerate() {
                for &(piece, k) in &problem.products[p] {
                    got[piece] += k * c as u32;
                }
            }
            if got.iter().zip(&problem.needs).all(|(g, n)| g >= n) {
                let bought: Vec<usize> = copies
                    .iter()
                    .enumerate()
                    .flat_map(|(p, &c)| std::iter::repeat_n(p, c))
                    .collect();
                if best
                    .as_ref()
                    .is_none_or(|b| (bought.len(), &bought) < (b.len(), b))
                {
                    best = Some(bought);
                }
            }
            // The next vector of copies, like an odometer.
            let mut i = 0;
            loop {
                if i == n {
                    return best;
                }
                copies[i] += 1;
                if copies[i] <= cap {
                    break;
                }
                copies[i] = 0;
                i += 1;
            }
        }
    }

    fn problems() -> impl Strategy<Value = BuyProblem> {
        (1usize..=4, 1usize..=5).prop_flat_map(|(pieces, products)| {
            (
                proptest::collection::vec(0u32..=3, pieces),
                proptest::collection::vec(proptest::collection::vec(0u32..=2, pieces), products),
            )
                .prop_map(|(needs, table)| BuyProblem {
                    needs,
                    products: table
                        .into_iter()
                        .map(|row| {
                            row.into_iter()
                                .enumerate()
                                .filter(|(_, n)| *n > 0)
                                .collect()
                        })
                        .collect(),
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn the_solver_finds_what_trying_every_purchase_finds(problem in problems()) {
            // No piece needs more than 3, so no box is worth a 4th copy.
            let brute = brute_force(&problem, 3);
            match solve_purchase(&problem) {
                Ok(found) => prop_assert_eq!(Some(found.bought), brute),
                Err(SolveError::NotSold(_)) => prop_assert_eq!(brute, None),
                Err(e) => prop_assert!(false, "{e}"),
            }
        }
    }

    #[test]
    fn ties_go_to_the_first_box() {
        let problem = BuyProblem {
            needs: vec![1, 1],
            products: vec![vec![(0, 1)], vec![(0, 1), (1, 1)], vec![(0, 1), (1, 1)]],
        };
        assert_eq!(solve_purchase(&problem).unwrap().bought, vec![1]);
    }

    #[test]
    fn a_piece_no_box_holds_is_named() {
        let problem = BuyProblem {
            needs: vec![1, 1],
            products: vec![vec![(0, 1)]],
        };
        assert_eq!(solve_purchase(&problem), Err(SolveError::NotSold(1)));
    }
}
