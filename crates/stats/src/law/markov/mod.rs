//! Exact position matrices of swap-based shuffles, for any deck size, and
//! exact divergences of the shuffles whose law is a product of their draws.
//!
//! # Method
//! In a swap-based shuffle ([`SwapShuffle`]) each step exchanges two
//! positions chosen independently of the cards, so one card's position
//! moves as a Markov chain: from `p` it goes to `b` when the step's first
//! position is `p`, to `a` when its second is, and stays otherwise. Pushing
//! the start distribution of every card through the steps gives the exact
//! position matrix in `O(n)` work per card and step, `O(n^3)` in all (1000
//! cards in well under a second on 2 cores; rows run in parallel). The
//! probabilities are computed in `f64` from the draws' exact integer
//! weights: no sampling noise, only rounding (below 1e-13 at 1000 cards;
//! the tests compare with exact enumeration on small decks).
//!
//! A *sequential selection* (Fisher–Yates from either end, Sattolo, and the
//! seeds' variants of them; [`SwapShuffle::is_sequential_selection`]) maps
//! distinct draw sequences to distinct decks, so the probability of a deck
//! is the product of its draws' probabilities. Divergences from the uniform
//! law then factorise over the draws and are exact for any deck:
//! [`ProductLaw`].

pub mod exact;
mod product;

pub use exact::{ExactPositionLaw, MAX_EXACT_MARKOV_DECK, exact_position_law, proves_uniform};
pub use product::ProductLaw;

use crate::hypothesis::audit::{PowerPlan, position_noncentrality, position_plan};
use crate::hypothesis::fit::{binomial_two_sided, chi2_critical, noncentral_chi2_sf};
use algorithms::{Slot, SwapShuffle};
use rayon::prelude::*;
use thiserror::Error;

/// The largest deck [`position_law`] accepts: `O(n^3)` work, about 69 times
/// that of 1000 cards (0.2–0.5 s on 2 cores, `scripts/bench-markov.sh`).
pub const MAX_MARKOV_DECK: usize = 4096;

/// Relative deviations from `1/n` at or below this are rounding, not bias:
/// see [`PositionLaw::is_flat`].
pub const FLAT_TOLERANCE: f64 = 1e-9;

/// Why a position law cannot be computed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MarkovError {
    /// The deck is outside the sizes allowed.
    #[error("deck size {deck} is not allowed for the exact position matrix: use 1..={max}")]
    DeckSize {
        /// The size asked for.
        deck: usize,
        /// The largest size allowed.
        max: usize,
    },
    /// A step names a position past the end of the deck (a bug in a
    /// description).
    #[error("a step of the shuffle reaches position {position} of a {deck}-card deck")]
    OutOfDeck {
        /// The position.
        position: usize,
        /// The deck size.
        deck: usize,
    },
}

/// The exact position matrix of a shuffle: `probability(card, position)`.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionLaw {
    /// Number of cards.
    pub deck: usize,
    /// Row-major: `matrix[card * deck + position]`.
    pub matrix: Vec<f64>,
    /// Random transpositions the chain went through.
    pub steps: usize,
}

/// A sampled cell tested against an exact position matrix.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellTest {
    /// The card.
    pub card: usize,
    /// Its position.
    pub position: usize,
    /// How often the samples put it there.
    pub count: u64,
    /// How often the exact law expects it: `N p`.
    pub expected: f64,
    /// The exact two-sided binomial p-value of `count`.
    pub p_value: f64,
    /// `p_value` times the number of cells (Bonferroni), at most 1.
    pub family_p: f64,
}

/// One cell of a position matrix.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// The card (its starting position).
    pub card: usize,
    /// Where it ends.
    pub position: usize,
    /// The probability.
    pub probability: f64,
}

impl Cell {
    /// `(p - 1/n) / (1/n)`: how far the cell is from uniform, relative.
    pub fn relative_deviation(&self, deck: usize) -> f64 {
        self.probability * deck as f64 - 1.0
    }
}

/// A step, prepared once for every row.
enum Prepared {
    /// Exchange two fixed positions.
    Fixed(usize, usize),
    /// Exchange a fixed position with one drawn from `offset..offset + w.len()`.
    OneDrawn {
        fixed: usize,
        offset: usize,
        w: Vec<f64>,
    },
    /// Both drawn, independently, from the same law (dense probabilities).
    SameLaw { w: Vec<f64> },
    /// Both drawn: dense probabilities of each position.
    BothDrawn { wa: Vec<f64>, wb: Vec<f64> },
}

fn slot_probabilities(slot: Slot, n: usize) -> Vec<f64> {
    let mut w = vec![0.0; n];
    let total = slot.total_weight() as f64;
    for (p, weight) in slot.weights() {
        w[p] = weight as f64 / total;
    }
    w
}

/// Checks that a deck of `n` cards is in `1..=max`.
fn deck_up_to(n: usize, max: usize) -> Result<(), MarkovError> {
    if (1..=max).contains(&n) {
        Ok(())
    } else {
        Err(MarkovError::DeckSize { deck: n, max })
    }
}

/// Checks that both of a step's positions lie in a deck of `n` cards.
fn within_deck(step: &algorithms::Transposition, n: usize) -> Result<(), MarkovError> {
    for slot in [step.a, step.b] {
        let position = slot.max_position();
        if position >= n {
            return Err(MarkovError::OutOfDeck { position, deck: n });
        }
    }
    Ok(())
}

fn prepare(swaps: &SwapShuffle) -> Result<Vec<Prepared>, MarkovError> {
    let n = swaps.n;
    swaps
        .steps
        .iter()
        .map(|step| {
            within_deck(step, n)?;
            Ok(match (step.a, step.b) {
                (Slot::At(a), Slot::At(b)) => Prepared::Fixed(a, b),
                (Slot::At(fixed), drawn @ Slot::Drawn { draw, offset })
                | (drawn @ Slot::Drawn { draw, offset }, Slot::At(fixed)) => {
                    let total = drawn.total_weight() as f64;
                    let w = (0..draw.outcomes() as u64)
                        .map(|r| draw.weight(r) as f64 / total)
                        .collect();
                    Prepared::OneDrawn { fixed, offset, w }
                }
                (a, b) if a == b => Prepared::SameLaw {
                    w: slot_probabilities(a, n),
                },
                (a, b) => Prepared::BothDrawn {
                    wa: slot_probabilities(a, n),
                    wb: slot_probabilities(b, n),
                },
            })
        })
        .collect()
}

/// Pushes one card's position distribution `row` through one step.
#[inline]
fn advance(row: &mut [f64], step: &Prepared) {
    match step {
        Prepared::Fixed(a, b) => row.swap(*a, *b),
        Prepared::OneDrawn { fixed, offset, w } => {
            // The card at `fixed` goes to the drawn position; a card at a
            // drawn position q comes to `fixed` with probability w(q).
            let pa = row[*fixed];
            let mut to_fixed = 0.0;
            for (pq, &wq) in row[*offset..*offset + w.len()].iter_mut().zip(w) {
                to_fixed += *pq * wq;
                *pq += wq * (pa - *pq);
            }
            row[*fixed] = to_fixed;
        }
        Prepared::SameLaw { w } => {
            // The general case below with wa = wb = w: it stays with
            // probability 1 - 2w + 2w², arrives with 2 w(q) Σ_p P(p) w(p).
            let s: f64 = row.iter().zip(w).map(|(p, w)| p * w).sum();
            for (pq, &w) in row.iter_mut().zip(w) {
                *pq += 2.0 * w * (s - *pq);
            }
        }
        Prepared::BothDrawn { wa, wb } => {
            // From p to q != p: a = p and b = q, or b = p and a = q. It stays
            // when neither position is p or both are.
            let sa: f64 = row.iter().zip(wa).map(|(p, w)| p * w).sum();
            let sb: f64 = row.iter().zip(wb).map(|(p, w)| p * w).sum();
            for ((pq, &a), &b) in row.iter_mut().zip(wa).zip(wb) {
                let stay = 1.0 - a - b + 2.0 * a * b;
                *pq = *pq * stay + b * (sa - *pq * a) + a * (sb - *pq * b);
            }
        }
    }
}

/// Bytes [`position_law`] holds at its peak for `swaps`, beyond the
/// program itself: the matrix's `n²` floats and each step's probabilities
/// (a float for each outcome of a draw, `n` for a drawn position of a
/// step that draws both).
pub fn peak_bytes(swaps: &SwapShuffle) -> u64 {
    let n = swaps.n as u64;
    let floats: u64 = swaps
        .steps
        .iter()
        .map(|step| match (step.a, step.b) {
            (Slot::At(_), Slot::At(_)) => 0,
            (Slot::At(_), Slot::Drawn { draw, .. }) | (Slot::Drawn { draw, .. }, Slot::At(_)) => {
                u64::try_from(draw.outcomes()).unwrap_or(u64::MAX)
            }
            (a, b) if a == b => n,
            _ => 2 * n,
        })
        .fold(0u64, u64::saturating_add);
    (n * n).saturating_add(floats).saturating_mul(8)
}

/// The exact position matrix of a swap-based shuffle, by the one-card
/// Markov chain.
///
/// # Errors
/// [`MarkovError`] when the deck is empty or larger than
/// [`MAX_MARKOV_DECK`], or a step leaves the deck.
pub fn position_law(swaps: &SwapShuffle) -> Result<PositionLaw, MarkovError> {
    position_law_with(swaps, &|_| {})
}

/// [`position_law`], calling `progress` with the number of rows (cards)
/// done as each is done (one row is `1/n` of the work).
///
/// # Errors
/// As [`position_law`].
pub fn position_law_with(
    swaps: &SwapShuffle,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<PositionLaw, MarkovError> {
    let n = swaps.n;
    deck_up_to(n, MAX_MARKOV_DECK)?;
    let steps = prepare(swaps)?;
    let mut matrix = vec![0.0; n * n];
    matrix
        .par_chunks_mut(n)
        .enumerate()
        .for_each(|(card, row)| {
            walk_row(row, card, &steps);
            progress(1);
        });
    Ok(PositionLaw {
        deck: n,
        matrix,
        steps: steps.len(),
    })
}

/// The row of `card`: its start pushed through every step.
fn walk_row(row: &mut [f64], card: usize, steps: &[Prepared]) {
    row[card] = 1.0;
    for step in steps {
        advance(row, step);
    }
}

/// The seconds one row (card) of [`position_law`] takes on one thread,
/// measured now ([`crate::sample::seconds_each`]); the rows of a deck all
/// take the same steps, so `n` rows shared by the workers are the whole
/// job.
///
/// # Errors
/// As [`position_law`].
pub fn seconds_per_row(swaps: &SwapShuffle) -> Result<f64, MarkovError> {
    let n = swaps.n;
    deck_up_to(n, MAX_MARKOV_DECK)?;
    let steps = prepare(swaps)?;
    let mut row = vec![0.0; n];
    Ok(crate::sample::seconds_each(n as u128, |rows| {
        for card in (0..n)
            .cycle()
            .take(usize::try_from(rows).unwrap_or(usize::MAX))
        {
            row.fill(0.0);
            walk_row(&mut row, card, &steps);
            std::hint::black_box(&row);
        }
    }))
}

/// The position matrix with every cell the exact value correctly rounded
/// ([`exact_position_law`]) up to [`MAX_EXACT_MARKOV_DECK`] cards, and the
/// float chain ([`position_law`], rounding below 1e-13) above.
///
/// # Errors
/// As [`position_law`].
pub fn rounded_position_law(swaps: &SwapShuffle) -> Result<PositionLaw, MarkovError> {
    if swaps.n <= MAX_EXACT_MARKOV_DECK {
        exact_position_law(swaps).map(|law| law.rounded())
    } else {
        position_law(swaps)
    }
}

impl PositionLaw {
    /// `P(card ends at position)`.
    pub fn probability(&self, card: usize, position: usize) -> f64 {
        self.matrix[card * self.deck + position]
    }

    /// The matrix as rows (one per card), as [`crate::ExactDistribution::position_matrix`] gives it.
    pub fn rows(&self) -> Vec<Vec<f64>> {
        self.matrix.chunks(self.deck).map(<[f64]>::to_vec).collect()
    }

    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.matrix.iter().enumerate().map(|(i, &p)| Cell {
            card: i / self.deck,
            position: i % self.deck,
            probability: p,
        })
    }

    /// The most likely cell (the first in row-major order on ties).
    pub fn max_cell(&self) -> Cell {
        self.cells()
            .reduce(|m, c| if c.probability > m.probability { c } else { m })
            .expect("a deck has at least one card")
    }

    /// The cell of sampled `counts` (rows by card) from `shuffles` shuffles
    /// that this law explains worst, by an exact two-sided binomial test
    /// per cell (each cell's count is Binomial(`shuffles`, p)), with its
    /// p-value Bonferroni-adjusted over the `n²` cells. Exact at any
    /// number of shuffles; a count in a cell the law makes impossible gives
    /// p = 0.
    pub fn furthest_cell(&self, counts: &[Vec<u64>], shuffles: u64) -> CellTest {
        let mut worst: Option<CellTest> = None;
        for (card, row) in counts.iter().enumerate() {
            for (position, &count) in row.iter().enumerate() {
                let p = self.probability(card, position).clamp(0.0, 1.0);
                let p_value = binomial_two_sided(count, shuffles, p);
                if worst.as_ref().is_none_or(|w| p_value < w.p_value) {
                    worst = Some(CellTest {
                        card,
                        position,
                        count,
                        expected: shuffles as f64 * p,
                        p_value,
                        family_p: 0.0,
                    });
                }
            }
        }
        let mut w = worst.expect("a deck has at least one card");
        w.family_p = (w.p_value * (self.deck * self.deck) as f64).min(1.0);
        w
    }

    /// The least likely cell (the first in row-major order on ties).
    pub fn min_cell(&self) -> Cell {
        self.cells()
            .reduce(|m, c| if c.probability < m.probability { c } else { m })
            .expect("a deck has at least one card")
    }

    /// The expected number of cards that end where they started: the trace.
    pub fn expected_fixed_points(&self) -> f64 {
        (0..self.deck).map(|i| self.probability(i, i)).sum()
    }

    /// The largest `|row sum - 1|` or `|column sum - 1|`: rounding only,
    /// since every row and column of a position matrix sums to 1.
    pub fn rounding_error(&self) -> f64 {
        let n = self.deck;
        let rows = self.matrix.chunks(n).map(|r| r.iter().sum::<f64>());
        let columns = (0..n).map(|j| (0..n).map(|i| self.probability(i, j)).sum::<f64>());
        rows.chain(columns)
            .map(|s| (s - 1.0).abs())
            .fold(0.0, f64::max)
    }

    /// The position test's noncentrality per shuffle,
    /// `(n-1)/n · Σ (p - 1/n)² / (1/n)`, as [`crate::hypothesis::audit::power_plan`]
    /// defines it.
    pub fn noncentrality_per_shuffle(&self) -> f64 {
        position_noncentrality(self.deck, self.matrix.iter().copied())
    }

    /// Whether every cell is `1/n` up to rounding: no cell deviates by more
    /// than [`FLAT_TOLERANCE`] relative. The chain's rounding stays below
    /// 1e-13 at 1000 cards; the smallest real deviation of the registry's
    /// algorithms at 52 cards, 15-bit arithmetic, is about 1e-3.
    pub fn is_flat(&self) -> bool {
        let n = self.deck as f64;
        self.matrix
            .iter()
            .all(|p| (p * n - 1.0).abs() <= FLAT_TOLERANCE)
    }

    /// The position test's plan: how many shuffles it needs to reject at
    /// level `alpha` with probability `power` (noncentral chi-square with
    /// `(n-1)^2` degrees of freedom). A flat matrix ([`Self::is_flat`]) has
    /// noncentrality 0 and no number of shuffles.
    pub fn position_plan(&self, alpha: f64, power: f64) -> PowerPlan {
        let delta = if self.is_flat() {
            0.0
        } else {
            self.noncentrality_per_shuffle()
        };
        position_plan(self.deck, delta, alpha, power)
    }

    /// The probability that the position test rejects at level `alpha` after
    /// `shuffles` shuffles (same approximation as [`Self::position_plan`]).
    pub fn position_power_at(&self, shuffles: f64, alpha: f64) -> f64 {
        let df = ((self.deck - 1) * (self.deck - 1)) as f64;
        if df == 0.0 {
            return 0.0;
        }
        let c = chi2_critical(df, alpha);
        noncentral_chi2_sf(c, df, shuffles * self.noncentrality_per_shuffle())
    }
}

#[cfg(test)]
mod tests;
