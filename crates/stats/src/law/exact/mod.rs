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
mod tests {
    use super::*;
    use crate::law::perm::factorial;

    #[test]
    fn an_exact_law_reports_its_walk_then_its_compositions_each_to_its_total() {
        // Seven riffles of 6 cards: one pass walked (2^6 cuts, each
        // interleaving drawn card by card), then composed six times, each
        // summing 720 arrangements over the pass's 58 (2^6 - 6).
        let alg = &algorithms::registry::find("gsr-riffle").unwrap().algorithm;
        let reports = std::sync::Mutex::new(Vec::new());
        let law = exact_distribution_with(alg, 6, &Limits::default(), &|p| {
            reports.lock().unwrap().push(p);
        })
        .unwrap();
        let reports = reports.into_inner().unwrap();
        let walk = Stage::Walk { compositions: 6 };
        let compose = Stage::Compose { passes: 7 };
        assert_eq!((reports[0].stage, reports[0].done), (walk, 0));
        let walked: Vec<_> = reports.iter().filter(|p| p.stage == walk).collect();
        let composed: Vec<_> = reports.iter().filter(|p| p.stage == compose).collect();
        assert_eq!(walked.len() + composed.len(), reports.len());
        assert!(reports[walked.len()..].iter().all(|p| p.stage == compose));
        let paths = walked.iter().map(|p| p.done).max().unwrap();
        assert_eq!(paths, law.paths + law.cut_paths);
        let last = composed.last().unwrap();
        assert_eq!((composed[0].done, composed[0].total), (0, 720 * 58 * 6));
        assert_eq!((last.done, last.total), (720 * 58 * 6, 720 * 58 * 6));
    }

    #[test]
    fn riffles_sampled_at_once_have_the_law_of_the_riffles_one_by_one() {
        // What the sampler runs for the GSR riffle (one 2^k-shuffle) against
        // the law of k riffles, each walked and composed: equal fractions
        // on every arrangement (Bayer and Diaconis).
        use algorithms::{GsrRiffle, GsrRiffles, Kernel};
        for n in 1..=5 {
            for k in 1..=3 {
                let at_once =
                    walk(&GsrRiffles { times: k }, n, &Limits::default(), &|_| {}, 0).unwrap();
                let alg = Algorithm {
                    kernel: Kernel::GsrRiffle(GsrRiffle),
                    times: k,
                };
                let one_by_one = exact_distribution(&alg, n, &Limits::default()).unwrap();
                assert!(at_once.is_complete() && one_by_one.is_complete());
                for r in 0..factorial(n) as usize {
                    assert_eq!(
                        at_once.probability_exact(r),
                        one_by_one.probability_exact(r),
                        "{n} cards, {k} riffles, arrangement {r}"
                    );
                }
            }
        }
    }
    use algorithms::registry::find;

    fn law(id: &str, n: usize) -> ExactDistribution {
        let entry = find(id).unwrap();
        exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact)).unwrap()
    }

    #[test]
    fn naive_swap_on_three_cards_is_the_textbook_27_paths() {
        let d = law("naive-swap", 3);
        assert_eq!(d.denominator, 27);
        assert_eq!(d.weights, vec![4, 5, 5, 5, 4, 4]);
        assert_eq!(d.paths, 27);
        assert_eq!(
            d.position_weights(),
            vec![vec![9, 9, 9], vec![10, 8, 9], vec![8, 10, 9]]
        );
        assert!(!d.is_uniform());
        let tv = d.total_variation();
        // |4/27 - 1/6| * 3 + |5/27 - 1/6| * 3, halved = 1/18
        assert!((tv.lower - 1.0 / 18.0).abs() < 1e-15, "{tv:?}");
    }

    #[test]
    fn extreme_ranks_are_the_ends_of_the_sorted_law() {
        // Ties everywhere (the naive swap's few distinct weights) and
        // k above the number of arrangements.
        for (id, n) in [
            ("naive-swap", 3),
            ("naive-swap", 6),
            ("random-pairs-swap", 5),
        ] {
            let d = law(id, n);
            let mut sorted: Vec<usize> = (0..d.arrangements()).collect();
            sorted.sort_by(|&a, &b| d.weights[b].cmp(&d.weights[a]).then(a.cmp(&b)));
            for k in [1, 5, 7, 1000] {
                let (most, least) = d.extreme_ranks(k);
                let k = k.min(sorted.len());
                assert_eq!(most, sorted[..k], "{id} {n} {k}");
                assert_eq!(least, sorted[sorted.len() - k..], "{id} {n} {k}");
            }
            let (count, first) = d.ranks_of_weight(d.max_weight(), 2);
            let all: Vec<usize> = sorted
                .iter()
                .copied()
                .filter(|&r| d.weights[r] == d.max_weight())
                .collect();
            assert_eq!(count as usize, all.len());
            assert_eq!(first, all[..all.len().min(2)]);
        }
    }

    #[test]
    fn fisher_yates_is_exactly_uniform() {
        for n in 1..=7 {
            let d = law("fisher-yates", n);
            assert!(d.is_uniform(), "n = {n}");
            assert_eq!(d.paths, factorial(n));
            assert_eq!(d.total_variation().upper, 0.0);
        }
    }

    #[test]
    fn sattolo_reaches_only_cycles() {
        for n in 2..=6 {
            let d = law("sattolo", n);
            assert_eq!(d.support() as u64, factorial(n - 1), "n = {n}");
            assert_eq!(d.identity_probability(), 0.0);
        }
    }

    #[test]
    fn rand_mod_weights_enter_the_law() {
        // fisher-yates-mod15 at n = 3: j = w % 3 (weights 10923, 10923, 10922 of 32768),
        // then w % 2 (uniform). P(identity) = P(j=2 at i=2) * P(j=1 at i=1) = 10922/32768 / 2.
        let d = law("fisher-yates-mod15", 3);
        let p = d.identity_probability();
        assert_eq!(p, 10922.0 / 32768.0 / 2.0);
        assert!(!d.is_uniform());
    }

    #[test]
    fn rejection_loops_are_solved_in_closed_form() {
        for id in ["redraw-on-empty", "redraw-flags"] {
            for n in 1..=5 {
                let d = law(id, n);
                assert!(d.is_uniform(), "{id} n = {n}");
                assert_eq!(d.cut_paths, 0);
            }
        }
    }

    #[test]
    fn gsr_riffle_matches_bayer_diaconis() {
        // P(identity after k riffles) = C(2^k + n - 1, n) / 2^(nk); for n = 3, k = 7:
        // C(130, 3) / 2^21 = 357760 / 2097152.
        let d = law("gsr-riffle", 3);
        assert_eq!(d.method, Method::RepeatedComposition { passes: 7 });
        assert!(d.is_complete());
        assert_eq!(d.identity_probability(), 357_760.0 / 2_097_152.0);
        // 021 has two rising sequences: C(2^7 + 3 - 2, 3) / 2^21; 210 has three.
        assert_eq!(d.probability(1), 349_504.0 / 2_097_152.0);
        assert_eq!(d.probability(5), 341_376.0 / 2_097_152.0);
    }

    #[test]
    fn rounding_down_keeps_lower_bounds() {
        let law = ExactDistribution {
            deck: 2,
            weights: vec![1, 1],
            denominator: 3,
            paths: 2,
            cut_paths: 1,
            method: Method::BruteForce,
        };
        let r = round_down(&law, 4);
        // floor(16 / 3) = 5 of 16 each.
        assert_eq!((r.weights.clone(), r.denominator), (vec![5, 5], 16));
        assert!(r.probability(0) <= law.probability(0));
        let big = ExactDistribution {
            weights: vec![u128::MAX - 1, 0],
            denominator: u128::MAX,
            ..law
        };
        assert_eq!(round_down(&big, 8).weights, vec![255, 0]);
    }

    #[test]
    fn wide_draws_and_budgets_are_refused() {
        let keys = find("random-keys-32").unwrap();
        let e = exact_distribution(&keys.algorithm, 3, &Limits::default()).unwrap_err();
        assert!(matches!(e, ExactError::TooWide { .. }), "{e}");
        let swap = find("naive-swap").unwrap();
        let e = exact_distribution(&swap.algorithm, 10, &Limits::default()).unwrap_err();
        assert!(matches!(e, ExactError::TooManyPaths { .. }), "{e}");
        let e = exact_distribution(&swap.algorithm, 0, &Limits::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "deck size 0 is not allowed for exact enumeration: use 1..=10"
        );
    }

    #[test]
    fn thread_count_does_not_change_the_law() {
        let entry = find("coin-merge-sort").unwrap();
        let run = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| exact_distribution(&entry.algorithm, 6, &Limits::default()).unwrap())
        };
        assert_eq!(run(1), run(4));
    }
}
