//! Statistics of one shuffled deck whose law under a uniform shuffle is
//! known exactly for any deck size: the battery for decks too large for a
//! permutation histogram (52 cards have 8·10^67 arrangements).
//!
//! Each statistic maps a deck to a count `k` in `0..=n`; [`null`] gives the
//! exact probability of every `k` under a uniform shuffle, from the
//! classical counting sequences divided by `n!`, computed by recurrences on
//! the probabilities themselves (positive terms only, so no cancellation;
//! the only alternating sum, of the derangement numbers, converges to
//! `e^-1` within `f64`'s precision). Probabilities below `f64`'s range (as
//! `1/k!` for `k > 170`) are 0. The tests check every law against a count
//! over all `n!` arrangements for `n ≤ 8`.

use crate::hypothesis::fit::{
    CHI_SQUARE_MIN_EXPECTED, Divergence, EXACT_FIT_COMPOSITIONS, TestResult, compositions,
    fit_expected,
};
use crate::law::fraction::Fraction;
use crate::sample::Accumulator;
use algorithms::MAX_DECK;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::sync::Mutex;

pub use crate::hypothesis::statistic::Statistic;

impl Statistic {
    /// The name of its goodness-of-fit test.
    pub fn test_name(self) -> crate::TestName {
        crate::TestName::of(crate::Test::Battery(self))
    }

    /// The statistic of one deck.
    pub fn of(self, deck: &[u8]) -> usize {
        let n = deck.len();
        match self {
            Statistic::FixedPoints => deck
                .iter()
                .enumerate()
                .filter(|&(p, &c)| p == c as usize)
                .count(),
            Statistic::Cycles => cycles(deck),
            Statistic::Descents => deck.windows(2).filter(|w| w[0] > w[1]).count(),
            Statistic::RisingSequences => {
                if n == 0 {
                    return 0;
                }
                let mut at = [0u8; MAX_DECK + 1];
                for (p, &c) in deck.iter().enumerate() {
                    at[c as usize] = p as u8;
                }
                1 + (1..n).filter(|&c| at[c] < at[c - 1]).count()
            }
            Statistic::Successions => deck
                .windows(2)
                .filter(|w| u16::from(w[1]) == u16::from(w[0]) + 1)
                .count(),
        }
    }

    /// Its mean under a uniform shuffle of `n` cards, in closed form.
    pub fn null_mean(self, n: usize) -> f64 {
        let nf = n as f64;
        match self {
            _ if n == 0 => 0.0,
            Statistic::FixedPoints => 1.0,
            Statistic::Cycles => (1..=n).map(|k| 1.0 / k as f64).sum(),
            Statistic::Descents => (nf - 1.0) / 2.0,
            Statistic::RisingSequences => (nf + 1.0) / 2.0,
            Statistic::Successions => (nf - 1.0) / nf,
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod vbmi;

/// Whether decks of `n` cards get their statistics from the AVX-512 VBMI
/// code: where the processor has it and the sampler runs its AVX-512 path
/// (`--sampling-path scalar` or `avx2` keeps the portable code).
fn vbmi_for(n: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        (1..=vbmi::MAX_CARDS).contains(&n)
            && crate::sample::Path::current() == crate::sample::Path::Avx512
            && vbmi::available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = n;
        false
    }
}

/// [`all`] of each deck, by the AVX-512 VBMI code when `vbmi` (see
/// [`vbmi_for`]).
#[inline]
fn all_on(vbmi: bool, deck: &[u8]) -> [usize; 5] {
    #[cfg(target_arch = "x86_64")]
    if vbmi {
        // SAFETY: `vbmi` comes from `vbmi_for`, which checked that this
        // processor has the features `vbmi::all` is compiled for.
        #[allow(unsafe_code)]
        return unsafe { vbmi::all(deck) };
    }
    let _ = vbmi;
    all(deck)
}

/// Every statistic of one deck, in the order of [`Statistic::ALL`]: what
/// [`Statistic::of`] gives for each, in one pass over the deck and one
/// cycle walk instead of five passes (the battery counts 2 million large
/// decks per algorithm in the default run).
pub fn all(deck: &[u8]) -> [usize; 5] {
    let [cycles] = cycles_of([deck]);
    with_cycles(deck, cycles)
}

/// [`all`] for two decks at once: their cycle walks, each a chain of
/// dependent loads, run side by side.
fn all_of_two(a: &[u8], b: &[u8]) -> [[usize; 5]; 2] {
    let [ca, cb] = cycles_of([a, b]);
    [with_cycles(a, ca), with_cycles(b, cb)]
}

/// The statistics other than the cycles, in one pass, around `cycles`.
#[inline]
fn with_cycles(deck: &[u8], cycles: usize) -> [usize; 5] {
    let n = deck.len();
    assert!(n <= MAX_DECK, "a deck of {n} cards is over {MAX_DECK}");
    let (mut fixed, mut descents, mut successions) = (0, 0, 0);
    let mut at = [0u8; MAX_DECK + 1];
    let mut prev = None;
    for (p, &c) in deck.iter().enumerate() {
        fixed += usize::from(p == usize::from(c));
        at[usize::from(c)] = p as u8;
        if let Some(b) = prev {
            descents += usize::from(b > c);
            successions += usize::from(u16::from(c) == u16::from(b) + 1);
        }
        prev = Some(c);
    }
    let rising = if n == 0 {
        0
    } else {
        1 + at[..n].windows(2).filter(|w| w[1] < w[0]).count()
    };
    [fixed, cycles, descents, rising, successions]
}

/// The number of cycles of each of `K` decks of one size, walked side by
/// side without a data-dependent branch: each step marks the current card
/// visited and moves to the next card of its cycle or, when the cycle
/// closes, to the lowest card not yet visited (a bit scan of the cards
/// left). A deck of `n` cards takes exactly `n` steps, so the walks of
/// several decks interleave and the loop's branches are predictable; the
/// step's `if`s compile to conditional moves. Decks of more than 64 cards,
/// or of different sizes, are walked one by one with a test per card.
fn cycles_of<const K: usize>(decks: [&[u8]; K]) -> [usize; K] {
    let n = decks[0].len();
    if n > 64 || decks.iter().any(|d| d.len() != n) {
        return decks.map(cycles);
    }
    let mut left = [if n == 64 { u64::MAX } else { (1u64 << n) - 1 }; K];
    let (mut start, mut at, mut count) = ([0usize; K], [0usize; K], [0usize; K]);
    for _ in 0..n {
        for k in 0..K {
            left[k] &= !(1u64 << at[k]);
            let next = usize::from(decks[k][at[k]]);
            let closed = next == start[k];
            count[k] += usize::from(closed);
            // 64 after the last step, when no card is left; never read.
            let fresh = left[k].trailing_zeros() as usize;
            at[k] = if closed { fresh } else { next };
            start[k] = if closed { fresh } else { start[k] };
        }
    }
    count
}

/// Number of cycles of `deck` read as a permutation.
fn cycles(deck: &[u8]) -> usize {
    let mut seen = [false; MAX_DECK + 1];
    let mut count = 0;
    for start in 0..deck.len() {
        if seen[start] {
            continue;
        }
        count += 1;
        let mut p = start;
        while !seen[p] {
            seen[p] = true;
            p = deck[p] as usize;
        }
    }
    count
}

/// The exact law of `statistic` under a uniform shuffle of `n` cards:
/// `null[k]` is the probability that it equals `k`, for `k` in `0..=n`,
/// each [`null_counts`]`[k] / n!` correctly rounded.
pub fn null(statistic: Statistic, n: usize) -> Vec<f64> {
    // Each law is computed once per process: repeated runs (`--repeat`)
    // ask for the same few thousands of times.
    type Computed = Vec<((Statistic, usize), Vec<f64>)>;
    static LAWS: Mutex<Computed> = Mutex::new(Vec::new());
    let mut laws = LAWS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, law)) = laws.iter().find(|(key, _)| *key == (statistic, n)) {
        return law.clone();
    }
    let total = factorial(n);
    let law: Vec<f64> = null_counts(statistic, n)
        .into_iter()
        .map(|c| Fraction::new(c, total.clone()).to_f64())
        .collect();
    laws.push(((statistic, n), law.clone()));
    law
}

/// The same law as [`null`], as `ln` of each probability (`ln count −
/// ln n!`, `−∞` for a count of 0): no underflow at any deck size, where
/// [`null`] gives 0 below a double's range (as `1/n!` from 171 cards on).
pub fn ln_null(statistic: Statistic, n: usize) -> Vec<f64> {
    let ln_total = crate::law::fraction::ln_whole(&factorial(n));
    null_counts(statistic, n)
        .iter()
        .map(|c| crate::law::fraction::ln_whole(c) - ln_total)
        .collect()
}

/// `n!` as a big integer.
fn factorial(n: usize) -> BigUint {
    (1..=n).fold(BigUint::one(), |f, k| f * k)
}

/// How many of the `n!` arrangements of `n` cards give `statistic = k`,
/// for `k` in `0..=n`: whole numbers, summing to `n!`.
pub fn null_counts(statistic: Statistic, n: usize) -> Vec<BigUint> {
    let mut c = vec![BigUint::zero(); n + 1];
    if n == 0 {
        c[0] = BigUint::one();
        return c;
    }
    match statistic {
        Statistic::FixedPoints => {
            // C(n, k) D(n − k), with derangements D(m) = (m − 1)(D(m − 1)
            // + D(m − 2)), D(0) = 1, D(1) = 0.
            let mut d = vec![BigUint::one(), BigUint::zero()];
            for m in 2..=n {
                let next = (&d[m - 1] + &d[m - 2]) * (m - 1);
                d.push(next);
            }
            let mut binomial = BigUint::one(); // C(n, k)
            for (k, slot) in c.iter_mut().enumerate() {
                *slot = &binomial * &d[n - k];
                binomial = binomial * (n - k) / (k + 1);
            }
        }
        Statistic::Cycles => {
            // Unsigned Stirling numbers of the first kind:
            // c(m, k) = (m − 1) c(m − 1, k) + c(m − 1, k − 1).
            c[0] = BigUint::one();
            for m in 1..=n {
                for k in (1..=m).rev() {
                    let stay = &c[k] * (m - 1);
                    c[k] = stay + &c[k - 1];
                }
                c[0] = BigUint::zero();
            }
        }
        Statistic::Descents | Statistic::RisingSequences => {
            // Eulerian numbers: r rising sequences, r − 1 descents.
            let rising = eulerian(n);
            if statistic == Statistic::RisingSequences {
                c = rising;
            } else {
                for (k, slot) in c.iter_mut().take(n).enumerate() {
                    *slot = rising[k + 1].clone();
                }
            }
        }
        Statistic::Successions => {
            // C(n − 1, k) a(n − 1 − k), with a(m) the arrangements of m + 1
            // cards without a succession: a(m) = m a(m − 1) + (m − 1)
            // a(m − 2), a(0) = a(1) = 1 (OEIS A000255).
            let mut a = vec![BigUint::one(), BigUint::one()];
            for m in 2..n {
                let next = &a[m - 1] * m + &a[m - 2] * (m - 1);
                a.push(next);
            }
            let mut binomial = BigUint::one(); // C(n − 1, k)
            for (k, slot) in c.iter_mut().take(n).enumerate() {
                *slot = &binomial * &a[n - 1 - k];
                binomial = binomial * (n - 1 - k) / (k + 1);
            }
        }
    }
    c
}

/// Eulerian numbers `A(n, r)`, `r` in `0..=n`: the arrangements of `n`
/// cards with `r` rising sequences (`A(n, 0) = 0` for `n > 0`), by
/// `A(n, r) = r A(n−1, r) + (n − r + 1) A(n−1, r−1)`.
pub fn eulerian(n: usize) -> Vec<BigUint> {
    let mut row = vec![BigUint::one()];
    for len in 1..=n {
        let mut next = vec![BigUint::zero(); len + 1];
        for (r, slot) in next.iter_mut().enumerate().skip(1) {
            let stay = row.get(r).map_or(BigUint::zero(), |a| a * r);
            *slot = stay + &row[r - 1] * (len - r + 1);
        }
        row = next;
    }
    row
}

/// Counts of every statistic of the battery over many decks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battery {
    /// Number of cards.
    pub deck: usize,
    /// `counts[s][k]`: decks whose statistic `Statistic::ALL[s]` was `k`.
    pub counts: [Vec<u64>; 5],
}

impl Battery {
    /// Empty counts for decks of `deck` cards.
    pub fn new(deck: usize) -> Self {
        Battery {
            deck,
            counts: std::array::from_fn(|_| vec![0; deck + 1]),
        }
    }

    /// Decks counted.
    pub fn total(&self) -> u64 {
        self.counts[0].iter().sum()
    }

    /// The counts of one statistic.
    pub fn of(&self, statistic: Statistic) -> &[u64] {
        let i = Statistic::ALL
            .iter()
            .position(|&s| s == statistic)
            .expect("every statistic is in ALL");
        &self.counts[i]
    }
}

impl Battery {
    /// Counts one deck's statistics, in the order of [`Statistic::ALL`].
    #[inline]
    fn tally(&mut self, statistics: [usize; 5]) {
        for (counts, k) in self.counts.iter_mut().zip(statistics) {
            counts[k] += 1;
        }
    }
}

impl Accumulator for Battery {
    fn observe(&mut self, deck: &[u8]) {
        self.tally(all_on(vbmi_for(deck.len()), deck));
    }

    fn observe_batch(&mut self, decks: &[Vec<u8>; crate::sample::BATCH]) {
        const { assert!(crate::sample::BATCH.is_multiple_of(2)) };
        if decks.iter().all(|d| d.len() == self.deck) && vbmi_for(self.deck) {
            for deck in decks {
                self.tally(all_on(true, deck));
            }
            return;
        }
        for pair in decks.chunks_exact(2) {
            for statistics in all_of_two(&pair[0], &pair[1]) {
                self.tally(statistics);
            }
        }
    }

    fn merge(&mut self, other: Self) {
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
}

/// Cells of a law pooled so that each expects at least `min_expected` of
/// `total` observations: adjacent values are merged left to right, and a
/// short remainder joins the last cell. A cell of probability exactly 0
/// (an impossible value) is kept on its own, so that a count in it shows
/// (its chi-square term is infinite). Returns `(counts, probabilities)`.
/// The counts may be another law's probabilities, pooled as the law's
/// cells are (for a power computation).
pub fn pool<T>(counts: &[T], law: &[f64], total: u64, min_expected: f64) -> (Vec<T>, Vec<f64>)
where
    T: Copy + Default + PartialOrd + std::ops::AddAssign,
{
    let mut out_c: Vec<T> = Vec::new();
    let mut out_p: Vec<f64> = Vec::new();
    let (mut c, mut p) = (T::default(), 0.0f64);
    let mut open = false;
    for (&o, &q) in counts.iter().zip(law) {
        if q == 0.0 {
            if o > T::default() {
                out_c.push(o);
                out_p.push(0.0);
            }
            continue;
        }
        c += o;
        p += q;
        open = true;
        if p * total as f64 >= min_expected {
            out_c.push(c);
            out_p.push(p);
            (c, p, open) = (T::default(), 0.0, false);
        }
    }
    if open {
        match out_p.iter().rposition(|&q| q > 0.0) {
            Some(last) => {
                out_c[last] += c;
                out_p[last] += p;
            }
            None => {
                out_c.push(c);
                out_p.push(p);
            }
        }
    }
    (out_c, out_p)
}

/// Expected count per pooled cell of the battery's tests where their law
/// is summed exactly, and the fewest two cells need for a statistic to be
/// tested at all (the usual rule for Pearson's approximation at 0.05).
/// Where the chi-square is the reference, cells are pooled further, to
/// [`CHI_SQUARE_MIN_EXPECTED`] ([`fit`]).
pub const BATTERY_MIN_EXPECTED: f64 = 5.0;

/// The test of a statistic's `counts` against its exact `law` (same
/// order), as the battery, the shoes and the decklists run it: the
/// Cressie–Read power divergence ([`Divergence::CressieRead`]) over cells
/// pooled to [`BATTERY_MIN_EXPECTED`] expected each, its tail summed
/// exactly over the multinomial where the counts fall in at most
/// [`EXACT_FIT_COMPOSITIONS`] ways; else over cells pooled to
/// [`CHI_SQUARE_MIN_EXPECTED`], against the chi-square with `cells − 1`
/// degrees of freedom. A count of an impossible value gives p = 0.
pub fn fit(name: crate::TestName, counts: &[u64], law: &[f64]) -> TestResult {
    let total = counts.iter().sum();
    let (c, p) = pool(counts, law, total, BATTERY_MIN_EXPECTED);
    let possible = p.iter().filter(|&&q| q > 0.0).count();
    if compositions(total, possible) <= EXACT_FIT_COMPOSITIONS {
        return fit_expected(Divergence::CressieRead, name, &c, &p);
    }
    let (wide_c, wide_p) = pool(counts, law, total, CHI_SQUARE_MIN_EXPECTED);
    if wide_p.iter().filter(|&&q| q > 0.0).count() < 2 {
        return fit_expected(Divergence::CressieRead, name, &c, &p);
    }
    fit_expected(Divergence::CressieRead, name, &wide_c, &wide_p)
}

/// Whether the test of `statistic` on `decks` decks of `deck` cards can
/// reject: its exact law, pooled to [`BATTERY_MIN_EXPECTED`] expected decks
/// a cell, keeps two cells at least. (3 cards, fewer than 30 decks: the
/// descents and rising sequences pool into one, and their test would give
/// p = 1 whatever the decks.) The one rule the audit and its plan follow.
pub fn testable(statistic: Statistic, deck: usize, decks: u64) -> bool {
    // No value of a statistic is more than 2/3 likely (the descents of 3
    // cards: one in 4 of 6 decks), so from 1,000 decks the first pooled
    // cell leaves more than 300 expected decks to a second: no law need be
    // computed (a plan for 5,000 cards asks).
    if decks >= 1_000 {
        return true;
    }
    let law = null(statistic, deck);
    let zeros = vec![0u64; law.len()];
    let (_, pooled) = pool(&zeros, &law, decks, BATTERY_MIN_EXPECTED);
    pooled.iter().filter(|&&p| p > 0.0).count() >= 2
}

/// One goodness-of-fit test per statistic, in [`Statistic::ALL`]'s
/// order: its counts against its exact null ([`fit`]).
pub fn tests(battery: &Battery) -> Vec<TestResult> {
    Statistic::ALL
        .iter()
        .zip(&battery.counts)
        .map(|(&s, counts)| fit(s.test_name(), counts, &null(s, battery.deck)))
        .collect()
}

/// Total variation distance between the observed frequencies of one
/// statistic and its exact null: an effect size (biased upward by sampling
/// noise, about `sqrt(cells / (2π N))` for a fair shuffle).
pub fn total_variation(counts: &[u64], law: &[f64]) -> f64 {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return 0.0;
    }
    0.5 * counts
        .iter()
        .zip(law)
        .map(|(&o, &q)| (o as f64 / total as f64 - q).abs())
        .sum::<f64>()
}

/// One statistic of the battery over a run's decks: its sampled
/// frequencies beside its exact law under a uniform shuffle.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StatisticSummary {
    /// The statistic.
    pub statistic: Statistic,
    /// `counts[k]`: decks whose statistic was `k`, `k` in `0..=n`.
    pub counts: Vec<u64>,
    /// `null[k]`: its exact probability under a uniform shuffle.
    pub null: Vec<f64>,
    /// The sampled mean.
    pub mean: f64,
    /// The exact mean under a uniform shuffle.
    pub null_mean: f64,
    /// Total variation distance between the sampled frequencies and the
    /// null (biased upward by sampling noise).
    pub total_variation: f64,
}

impl Battery {
    /// One summary per statistic, in [`Statistic::ALL`]'s order.
    pub fn summary(&self) -> Vec<StatisticSummary> {
        let n = self.deck;
        let total = self.total().max(1) as f64;
        Statistic::ALL
            .iter()
            .map(|&s| {
                let counts = self.of(s).to_vec();
                let law = null(s, n);
                StatisticSummary {
                    statistic: s,
                    mean: counts
                        .iter()
                        .enumerate()
                        .map(|(k, &c)| k as f64 * c as f64)
                        .sum::<f64>()
                        / total,
                    null_mean: s.null_mean(n),
                    total_variation: total_variation(&counts, &law),
                    counts,
                    null: law,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
