//! Exact distributions: walk every sequence of choices an algorithm can make
//! on a small deck, with its exact probability.
//!
//! # Method
//! The walker is itself a [`Source`](algorithms::Source). It runs the algorithm from the start
//! for every path, answering each draw from a recorded choice sequence and
//! recording each new branch point; after a run it steps the deepest choice
//! that has a next value (an odometer) and runs again. A path's probability
//! is the product of `weight / total` of its draws, kept as exact `u128`
//! integers; paths are summed per permutation into one table over a common
//! denominator, the least common multiple of the paths' denominators seen
//! so far (the table is scaled up when a new one needs it). The walk is
//! split on its first choices and run in parallel with rayon; each task
//! buffers its paths (768 KiB at most) and adds them to the one table under
//! a lock, so the memory is one table of `n!` weights whatever the threads.
//!
//! Rejection loops ([`Source::below_until`](algorithms::Source::below_until)) are answered in closed form:
//! each accepted value with probability `1/accepted`, which is the law of
//! the loop. Algorithms applied `k` times ([`algorithms::Repeat`]) are walked
//! once and the one-pass law is composed with itself. Loops whose length is
//! unbounded otherwise (the blog riffle taking no cards) are cut where a
//! path's probability falls below `2^-min_path_log2` or its depth passes
//! `max_depth`; the mass of the cut paths is reported as unexplored, and
//! every figure then comes with bounds.

mod compose;
mod paths;
mod throws;
mod walk;

pub use paths::{MAX_PATH_DRAWS, Path, every_path};
pub use throws::throw_probability;

pub(crate) use compose::reduce;

use crate::error::ExactError;
use crate::law::fraction::{Fraction, ratio_to_f64};
use crate::law::perm::next_permutation;
use algorithms::Algorithm;
use compose::{ROUNDED_LOG2, compose_laws, round_down};
use num_bigint::BigUint;
use num_traits::Zero;
use std::sync::atomic::{AtomicU64, Ordering};
use walk::walk;

/// The largest deck the enumerator accepts (`10!` = 3,628,800 permutations).
pub const MAX_EXACT_DECK: usize = 10;

/// Bounds on an enumeration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most paths (complete or cut) a walk may visit, and the most
    /// products a composition of passes may form.
    pub max_paths: u64,
    /// Paths whose probability falls below `2^-min_path_log2` are cut, when
    /// set. Only for algorithms with unbounded loops; a finite tree must not
    /// be cut.
    pub min_path_log2: Option<u32>,
    /// Paths deeper than this many draws are cut.
    pub max_depth: usize,
    /// The most outcomes a single draw may have (by default 2^17: a day of
    /// seconds fits, a 32-bit seed does not).
    pub max_branching: u128,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_paths: 1_000_000_000,
            min_path_log2: None,
            max_depth: 4096,
            max_branching: 1 << 17,
        }
    }
}

impl Limits {
    /// The default probability bound for algorithms with unbounded loops:
    /// paths below `2^-26` are cut.
    pub const MASS_BOUND_LOG2: u32 = 26;

    /// The default limits for an algorithm of the given kind.
    pub fn for_exact(exact: algorithms::Exact) -> Self {
        let mut limits = Limits::default();
        if exact == algorithms::Exact::MassBound {
            limits.min_path_log2 = Some(Self::MASS_BOUND_LOG2);
        }
        limits
    }
}

/// How an exact distribution was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every path of the choice tree was walked.
    BruteForce,
    /// One pass was walked and its law composed `passes` times.
    RepeatedComposition {
        /// Number of passes.
        passes: u32,
    },
    /// Weights carried over the arrangements step by step
    /// ([`crate::law::merge`]), for swap-based shuffles.
    StateMerging {
        /// Random transpositions applied.
        steps: usize,
    },
}

impl Method {
    /// A short kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            Method::BruteForce => "brute-force",
            Method::RepeatedComposition { .. } => "repeated-composition",
            Method::StateMerging { .. } => "state-merging",
        }
    }
}

/// The exact law of an algorithm on a deck of `deck` cards, starting from
/// the arrangement `0, 1, …, n-1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactDistribution {
    /// Number of cards.
    pub deck: usize,
    /// `weights[r] / denominator` is the probability of the arrangement of
    /// lexicographic rank `r`.
    pub weights: Vec<u128>,
    /// The common denominator, reduced (no factor common to it and every
    /// weight).
    pub denominator: u128,
    /// Complete paths walked (of one pass, for a repeated algorithm).
    pub paths: u64,
    /// Paths cut by the probability or depth bound (0 for a finite tree).
    pub cut_paths: u64,
    /// How it was computed.
    pub method: Method,
}

/// Total variation distance from uniform, with bounds when some mass is
/// unexplored (`lower == upper` otherwise): exact fractions, and the
/// nearest `f64` of each.
#[derive(Clone, Debug, PartialEq)]
pub struct TvBounds {
    /// A lower bound (the exact value when nothing is unexplored), rounded.
    pub lower: f64,
    /// An upper bound, rounded.
    pub upper: f64,
    /// The lower bound, exactly.
    pub lower_exact: Fraction,
    /// The upper bound, exactly.
    pub upper_exact: Fraction,
}

impl TvBounds {
    fn new(lower_exact: Fraction, upper_exact: Fraction) -> Self {
        TvBounds {
            lower: lower_exact.to_f64(),
            upper: upper_exact.to_f64(),
            lower_exact,
            upper_exact,
        }
    }
}

impl ExactDistribution {
    /// `n!`, the number of arrangements.
    pub fn arrangements(&self) -> usize {
        self.weights.len()
    }

    /// The sum of all weights: equal to the denominator unless paths were cut.
    pub fn explored_weight(&self) -> u128 {
        self.weights.iter().sum()
    }

    /// Whether every path was accounted for.
    pub fn is_complete(&self) -> bool {
        self.explored_weight() == self.denominator
    }

    /// The probability mass of the cut paths (0 for a finite tree).
    pub fn unexplored_mass(&self) -> f64 {
        ratio_to_f64(self.denominator - self.explored_weight(), self.denominator)
    }

    /// The probability of the arrangement of rank `r` (a lower bound when
    /// mass is unexplored), correctly rounded.
    pub fn probability(&self, r: usize) -> f64 {
        ratio_to_f64(self.weights[r], self.denominator)
    }

    /// The probability of the arrangement of rank `r`, exactly.
    pub fn probability_exact(&self, r: usize) -> Fraction {
        Fraction::new(self.weights[r], self.denominator)
    }

    /// All probabilities, in lexicographic order.
    pub fn probabilities(&self) -> Vec<f64> {
        (0..self.arrangements())
            .map(|r| self.probability(r))
            .collect()
    }

    /// How many arrangements have positive probability.
    pub fn support(&self) -> usize {
        self.weights.iter().filter(|&&w| w > 0).count()
    }

    /// The probability that the deck comes out as it went in.
    pub fn identity_probability(&self) -> f64 {
        self.probability(0)
    }

    /// The largest weight of any arrangement (over
    /// [`denominator`](Self::denominator)).
    pub fn max_weight(&self) -> u128 {
        self.weights.iter().copied().max().unwrap_or(0)
    }

    /// The smallest weight of any arrangement.
    pub fn min_weight(&self) -> u128 {
        self.weights.iter().copied().min().unwrap_or(0)
    }

    /// The largest probability of any arrangement, correctly rounded.
    pub fn max_probability(&self) -> f64 {
        ratio_to_f64(self.max_weight(), self.denominator)
    }

    /// The smallest probability of any arrangement, correctly rounded.
    pub fn min_probability(&self) -> f64 {
        ratio_to_f64(self.min_weight(), self.denominator)
    }

    /// The `k` most likely arrangements' ranks, most likely first (ties in
    /// lexicographic order), and the `k` least likely, in the same order (the
    /// last is the least likely): the two ends of the whole law sorted that
    /// way, found in one pass without sorting it.
    pub fn extreme_ranks(&self, k: usize) -> (Vec<usize>, Vec<usize>) {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        // The heap's top is the entry to evict: the least of the most
        // likely, the greatest of the least likely (by the same order).
        let mut most: BinaryHeap<(Reverse<u128>, usize)> = BinaryHeap::new();
        let mut least: BinaryHeap<(u128, Reverse<usize>)> = BinaryHeap::new();
        for (r, &w) in self.weights.iter().enumerate() {
            if most.len() < k {
                most.push((Reverse(w), r));
            } else if most.peek().is_some_and(|&(Reverse(x), _)| w > x) {
                most.pop();
                most.push((Reverse(w), r));
            }
            if least.len() < k {
                least.push((w, Reverse(r)));
            } else if least
                .peek()
                .is_some_and(|&(x, Reverse(q))| (w, Reverse(r)) < (x, Reverse(q)))
            {
                least.pop();
                least.push((w, Reverse(r)));
            }
        }
        // into_sorted_vec is ascending: for `most` that is the most likely
        // first; for `least`, the least likely first, so it is reversed.
        let most = most.into_sorted_vec().into_iter().map(|(_, r)| r).collect();
        let mut least: Vec<usize> = least
            .into_sorted_vec()
            .into_iter()
            .map(|(_, Reverse(r))| r)
            .collect();
        least.reverse();
        (most, least)
    }

    /// How many arrangements have weight `w`, and the ranks of the first
    /// `limit` of them (lexicographic order).
    pub fn ranks_of_weight(&self, w: u128, limit: usize) -> (u64, Vec<usize>) {
        let mut count = 0u64;
        let mut first = Vec::new();
        for (r, &x) in self.weights.iter().enumerate() {
            if x == w {
                count += 1;
                if first.len() < limit {
                    first.push(r);
                }
            }
        }
        (count, first)
    }

    /// Whether every arrangement has probability exactly `1/n!`.
    pub fn is_uniform(&self) -> bool {
        self.is_complete() && self.explored_is_flat()
    }

    /// Whether the explored mass is spread exactly evenly over all `n!`
    /// arrangements (the test for algorithms with unbounded loops).
    pub fn explored_is_flat(&self) -> bool {
        let first = self.weights[0];
        first > 0 && self.weights.iter().all(|&w| w == first)
    }

    /// Total variation distance from the uniform law,
    /// `(1/2) * sum |p(a) - 1/n!|`, exactly.
    ///
    /// With unexplored mass `U` and explored probabilities `e(a) <= p(a)`,
    /// the true distance lies between `max(sum max(0, e - u), (S - U) / 2)`
    /// and `(S + U) / 2`, where `S = sum |e - u|`. Every term is a multiple
    /// of `1 / (D n!)` (`D` the denominator), so the sums are whole numbers.
    pub fn total_variation(&self) -> TvBounds {
        let arrangements = self.arrangements() as u128;
        let sums = DeviationSums::of(&self.weights, self.denominator, arrangements);
        // Everything over 2 D n!.
        let scale = BigUint::from(self.denominator) * arrangements;
        let over = BigUint::from(2u32) * &scale;
        let unexplored = BigUint::from(self.denominator - self.explored_weight()) * arrangements;
        let (lower, upper) = if unexplored.is_zero() {
            (sums.absolute.clone(), sums.absolute)
        } else {
            let below = if sums.absolute > unexplored {
                &sums.absolute - &unexplored
            } else {
                BigUint::zero()
            };
            let lower = below.max(BigUint::from(2u32) * sums.excess);
            let upper = (sums.absolute + unexplored).min(over.clone());
            (lower, upper)
        };
        TvBounds::new(
            Fraction::new(lower, over.clone()),
            Fraction::new(upper, over),
        )
    }

    /// Whether the law is certainly not uniform: not flat when complete, or
    /// a positive lower bound on the distance when mass is unexplored.
    pub fn is_certainly_biased(&self) -> bool {
        if self.is_complete() {
            !self.explored_is_flat()
        } else {
            !self.total_variation().lower_exact.is_zero()
        }
    }

    /// The exact position matrix: `matrix[card][position]` is the weight (over
    /// [`denominator`](Self::denominator)) of `card` ending at `position`.
    pub fn position_weights(&self) -> Vec<Vec<u128>> {
        let n = self.deck;
        let mut matrix = vec![vec![0u128; n]; n];
        let mut a: Vec<u8> = (0..n as u8).collect();
        for &w in &self.weights {
            if w > 0 {
                for (position, &card) in a.iter().enumerate() {
                    matrix[card as usize][position] += w;
                }
            }
            next_permutation(&mut a);
        }
        matrix
    }

    /// The position matrix as exact fractions, each reduced.
    pub fn position_fractions(&self) -> Vec<Vec<Fraction>> {
        self.position_weights()
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|w| Fraction::new(w, self.denominator))
                    .collect()
            })
            .collect()
    }

    /// The position matrix as probabilities, each correctly rounded.
    pub fn position_matrix(&self) -> Vec<Vec<f64>> {
        let d = self.denominator;
        self.position_weights()
            .into_iter()
            .map(|row| row.into_iter().map(|w| ratio_to_f64(w, d)).collect())
            .collect()
    }
}

/// `sum |w n! - D|` and `sum max(0, w n! - D)` over the weights: `n!`
/// times the distance of each probability from `1/n!`, in units of `1/(D n!)`.
struct DeviationSums {
    absolute: BigUint,
    excess: BigUint,
}

impl DeviationSums {
    fn of(weights: &[u128], denominator: u128, arrangements: u128) -> Self {
        let mut sums = DeviationSums {
            absolute: BigUint::zero(),
            excess: BigUint::zero(),
        };
        // Every w <= D, so w n! fits when D n! does; partial sums go to the
        // big integers before they overflow.
        if denominator.checked_mul(arrangements).is_some() {
            let (mut absolute, mut excess) = (0u128, 0u128);
            for &w in weights {
                let scaled = w * arrangements;
                let deviation = scaled.abs_diff(denominator);
                let Some(a) = absolute.checked_add(deviation) else {
                    sums.absolute += absolute;
                    sums.excess += excess;
                    (absolute, excess) = (deviation, scaled.saturating_sub(denominator));
                    continue;
                };
                absolute = a;
                // excess <= absolute, so it cannot overflow first.
                excess += scaled.saturating_sub(denominator);
            }
            sums.absolute += absolute;
            sums.excess += excess;
        } else {
            let d = BigUint::from(denominator);
            for &w in weights {
                let scaled = BigUint::from(w) * arrangements;
                if scaled > d {
                    let over = scaled - &d;
                    sums.absolute += &over;
                    sums.excess += over;
                } else {
                    sums.absolute += &d - scaled;
                }
            }
        }
        sums
    }
}

/// Bytes the exact law of `algorithm` on `deck` cards holds at its peak on
/// `threads` threads, beyond the program itself: the walk's table and
/// buffers, and for a repeated algorithm the three tables and
/// the support the composition of passes holds. The law returned (`n!`
/// weights of 16 bytes) is part of both. `deck` is at most
/// [`MAX_EXACT_DECK`] (a larger one is refused before any table).
pub fn peak_bytes(algorithm: &Algorithm, deck: usize, threads: usize) -> u64 {
    let deck = deck.min(MAX_EXACT_DECK);
    let walked = walk::walk_bytes(deck, threads);
    if algorithm.times <= 1 {
        walked
    } else {
        walked.max(compose::compose_bytes(deck))
    }
}

/// Computes the exact law of `algorithm` on `deck` cards.
///
/// # Errors
/// [`ExactError`] when the deck is out of range, a draw is too wide, the walk
/// would exceed `limits.max_paths`, or weights would exceed 128 bits.
pub fn exact_distribution(
    algorithm: &Algorithm,
    deck: usize,
    limits: &Limits,
) -> Result<ExactDistribution, ExactError> {
    exact_distribution_with(algorithm, deck, limits, &|_| {})
}

/// What an exact computation is doing when it reports its work: stages
/// whose units cost different times, so that a time left is measured
/// within a stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Walking every path of one pass; `compositions` of the pass with
    /// itself follow. Units: paths, the total estimated by Knuth's method
    /// before the walk starts.
    Walk {
        /// Compositions that follow the walk.
        compositions: u32,
    },
    /// Composing `passes` passes. Units: products of two weights summed
    /// (`n!` times one pass's support per composition, at most), known
    /// before the stage starts.
    Compose {
        /// Passes composed.
        passes: u32,
    },
}

/// One report of an exact computation's work: its stage, the units of
/// that stage done and expected in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is being done.
    pub stage: Stage,
    /// Units of this stage done.
    pub done: u64,
    /// Units of this stage expected in all (raised when the work runs
    /// past it).
    pub total: u64,
}

/// The work of one stage as it goes, reported as
/// [`exact_distribution_with`] says.
pub(crate) struct Work<'a> {
    stage: Stage,
    done: AtomicU64,
    total: AtomicU64,
    report: &'a (dyn Fn(Progress) + Sync),
}

impl<'a> Work<'a> {
    /// A stage that starts, reported with nothing done.
    fn start(report: &'a (dyn Fn(Progress) + Sync), stage: Stage, total: u64) -> Self {
        report(Progress {
            stage,
            done: 0,
            total,
        });
        Work {
            stage,
            done: AtomicU64::new(0),
            total: AtomicU64::new(total),
            report,
        }
    }

    /// A stage that reports to no one.
    #[cfg(test)]
    pub(crate) fn quiet() -> Work<'static> {
        Work::start(&|_| {}, Stage::Compose { passes: 2 }, 0)
    }

    /// `units` more done.
    fn add(&self, units: u64) {
        let done = self
            .done
            .fetch_add(units, Ordering::Relaxed)
            .saturating_add(units);
        let total = self.total.fetch_max(done, Ordering::Relaxed).max(done);
        (self.report)(Progress {
            stage: self.stage,
            done,
            total,
        });
    }
}

/// [`exact_distribution`], calling `progress` as its work goes, from any
/// thread: at the start of each [`Stage`], then every few thousand units.
///
/// # Errors
/// As [`exact_distribution`].
pub fn exact_distribution_with(
    algorithm: &Algorithm,
    deck: usize,
    limits: &Limits,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<ExactDistribution, ExactError> {
    if !(1..=MAX_EXACT_DECK).contains(&deck) {
        return Err(ExactError::DeckSize {
            deck,
            max: MAX_EXACT_DECK,
        });
    }
    // A sort that may throw deals the decks of the sorts that finished.
    if algorithm.times == 1
        && let Some(sort) = algorithm.throwing()
    {
        return throws::law_given_no_throw(sort, deck, limits, progress);
    }
    let compositions = algorithm.times.saturating_sub(1);
    let once = walk(&algorithm.kernel, deck, limits, progress, compositions)?;
    if algorithm.times <= 1 {
        return Ok(once);
    }
    // A complete one-pass law composes exactly. An incomplete one (cut by a
    // probability bound) has denominators that outgrow 128 bits, so it is
    // rounded down to a denominator of 2^ROUNDED_LOG2 first; rounding down
    // only moves mass to "unexplored", so every bound stays valid.
    let complete = once.is_complete();
    let step = if complete {
        once
    } else {
        round_down(&once, ROUNDED_LOG2)
    };
    // Each composition sums, for each arrangement, over the smaller
    // support, at most the pass's.
    let products = (step.arrangements() as u64)
        .saturating_mul(step.support() as u64)
        .saturating_mul(u64::from(compositions));
    let work = Work::start(
        progress,
        Stage::Compose {
            passes: algorithm.times,
        },
        products,
    );
    let mut law = step.clone();
    for _ in 1..algorithm.times {
        law = compose_laws(&law, &step, limits, &work)?;
        if !complete {
            law = round_down(&law, ROUNDED_LOG2);
        }
    }
    law.method = Method::RepeatedComposition {
        passes: algorithm.times,
    };
    Ok(law)
}

#[cfg(test)]
mod tests;
