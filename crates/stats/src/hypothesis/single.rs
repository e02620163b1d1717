//! One permutation drawn once (a lottery, a draft, the order of names on
//! a ballot), tested against the order its items were listed in, with the
//! rank statistics one draw supports:
//!
//! - **Spearman's ρ** between each item's place in the list and in the
//!   draw: `1 − 6 D / (n (n² − 1))`, `D = Σ (i − σ(i))²`. Exact law for
//!   `n ≤` [`SPEARMAN_EXACT_UP_TO`] (every permutation counted, by the sets
//!   of values placed so far), normal above (`ρ √(n − 1)`).
//! - **Kendall's τ**: `1 − 4 I / (n (n − 1))`, `I` the inversions. Exact
//!   law, the Mahonian numbers `Π_k (1 + q + ⋯ + q^(k−1))`, for `n ≤`
//!   [`KENDALL_EXACT_UP_TO`]; normal above (variance `2 (2n + 5) / (9 n (n
//!   − 1))`).
//! - **Runs up and down**: maximal monotone stretches of the sequence, too
//!   few (a trend) or too many (a see-saw). Exact law by André's
//!   recursion `f(n, r) = r f(n − 1, r) + 2 f(n − 1, r − 1) + (n − r)
//!   f(n − 1, r − 2)` (Levene and Wolfowitz 1944) for `n ≤`
//!   [`EXACT_UP_TO`]; normal above (mean `(2n − 1)/3`, variance `(16n −
//!   29)/90`).
//! - **Longest increasing run**: the longest stretch of consecutive items
//!   in increasing order. Exact law for `n ≤` [`EXACT_UP_TO`], counting the
//!   permutations whose runs are all shorter by the relative rank of the
//!   last item and the length of the run it ends; one-sided (too long).
//!
//! Every exact law is a count of permutations, converted to a probability
//! once. Two-sided p-values count the permutations at least as far from
//! the mean as the one drawn.

use crate::hypothesis::fit::ln_chi2_sf;
use crate::law::fraction::{Fraction, ln_whole};
use num_bigint::BigUint;
use num_traits::{One, Zero};

/// The largest permutation whose Spearman law is counted exactly: the
/// count runs over the `2^n` sets of values placed.
pub const SPEARMAN_EXACT_UP_TO: usize = 10;

/// The largest permutation whose Kendall law is counted exactly (a tenth
/// of a second at this size, growing as `n³`); the normal limit, within a
/// few per cent of it in `log p` there, serves above.
pub const KENDALL_EXACT_UP_TO: usize = 200;

/// The largest permutation whose runs and longest-run laws are counted
/// exactly (a tenth of a second); the runs' normal limit serves above, and
/// the longest run is not tested.
pub const EXACT_UP_TO: usize = 400;

/// A statistic of one draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum DrawStatistic {
    /// Spearman's rank correlation with the list's order.
    SpearmanRho,
    /// Kendall's rank correlation with the list's order.
    KendallTau,
    /// Maximal monotone stretches.
    RunsUpDown,
    /// The longest stretch in increasing order.
    LongestRun,
}

impl DrawStatistic {
    /// Every statistic, in the order reported.
    pub const ALL: [DrawStatistic; 4] = [
        DrawStatistic::SpearmanRho,
        DrawStatistic::KendallTau,
        DrawStatistic::RunsUpDown,
        DrawStatistic::LongestRun,
    ];

    /// The name documents use.
    pub fn label(self) -> &'static str {
        match self {
            DrawStatistic::SpearmanRho => "spearman-rho",
            DrawStatistic::KendallTau => "kendall-tau",
            DrawStatistic::RunsUpDown => "runs-up-down",
            DrawStatistic::LongestRun => "longest-run",
        }
    }

    /// What it checks, in a sentence.
    pub fn meaning(self) -> &'static str {
        match self {
            DrawStatistic::SpearmanRho => {
                "whether items listed early are drawn early (or late): Spearman's rank correlation between the list's order and the draw's"
            }
            DrawStatistic::KendallTau => {
                "the same question counted by pairs: Kendall's rank correlation, the share of pairs drawn in the list's order less the share drawn against it"
            }
            DrawStatistic::RunsUpDown => {
                "how often the drawn sequence turns from rising to falling: too few turns is a trend, too many a see-saw"
            }
            DrawStatistic::LongestRun => {
                "the longest stretch drawn in increasing order: a block of the list kept together"
            }
        }
    }
}

impl DrawStatistic {
    /// The smallest departure its test at `level` catches with probability
    /// `power` in a draw of `n` items: for ρ and τ the correlation, for the
    /// runs the shift of their number from the mean (normal limits, `(z_(1 −
    /// level/2) + z_power)` standard deviations); for the longest run the
    /// shortest increasing stretch the test rejects whenever the draw holds
    /// it (exact, up to [`EXACT_UP_TO`] items). `None` when no departure a
    /// draw of `n` items can hold is caught so (a correlation beyond 1,
    /// more runs than there is room for, a stretch longer than the draw).
    pub fn detectable(self, n: usize, level: f64, power: f64) -> Option<f64> {
        use statrs::distribution::{ContinuousCDF, Normal};
        let z = Normal::standard();
        let k = z.inverse_cdf(1.0 - level / 2.0) + z.inverse_cdf(power);
        let nn = n as f64;
        let within = |x: f64, most: f64| (x <= most).then_some(x);
        match self {
            DrawStatistic::SpearmanRho => within(k / (nn - 1.0).sqrt(), 1.0),
            DrawStatistic::KendallTau => within(
                k * (2.0 * (2.0 * nn + 5.0) / (9.0 * nn * (nn - 1.0))).sqrt(),
                1.0,
            ),
            DrawStatistic::RunsUpDown => {
                // Runs lie in 1..=n − 1 around (2n − 1)/3.
                let mean = (2.0 * nn - 1.0) / 3.0;
                within(
                    k * ((16.0 * nn - 29.0) / 90.0).sqrt(),
                    (mean - 1.0).max(nn - 1.0 - mean),
                )
            }
            DrawStatistic::LongestRun => {
                if n > EXACT_UP_TO {
                    return None;
                }
                let total = factorial(n);
                (2..=n).find_map(|l| {
                    let tail = &total - runs_shorter_than(n, l);
                    (Fraction::new(tail, total.clone()).to_f64() <= level).then_some(l as f64)
                })
            }
        }
    }
}

/// How a p-value was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum DrawMethod {
    /// From the exact law, every permutation counted.
    Exact,
    /// From the normal limit.
    Normal,
}

/// One statistic of one draw, its p-value and what it can detect.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawTest {
    /// The statistic.
    pub statistic: DrawStatistic,
    /// Its value: ρ, τ, the runs, the longest run.
    pub value: f64,
    /// Its mean for a uniform draw (not given for the longest run).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub null_mean: Option<f64>,
    /// The p-value: two-sided for ρ, τ and the runs (at least as far from
    /// the mean), one-sided for the longest run (at least as long).
    pub p_value: f64,
    /// `log10` of the p-value, exact where it underflows.
    pub log10_p: f64,
    /// Exact law or normal limit.
    pub method: DrawMethod,
}

/// The statistics of one permutation `draw` (`draw[i]` the list's item
/// drawn `i`-th, values `0..n`, each once).
///
/// # Panics
/// With fewer than 2 items.
pub fn tests(draw: &[u32]) -> Vec<DrawTest> {
    Laws::new(draw.len()).tests(draw)
}

/// The exact laws a draw of `n` items is tested against, counted once: a
/// tenth of a second each at the largest exact sizes, so that many draws
/// of one size (a calibration run, a lab's batch) cost one count.
#[derive(Debug)]
pub struct Laws {
    n: usize,
    /// `n!`.
    total: BigUint,
    spearman: Option<Vec<BigUint>>,
    kendall: Option<Vec<BigUint>>,
    runs: Option<Vec<BigUint>>,
    /// `P(longest < l) · n!` for the `l` asked so far.
    longest: std::sync::Mutex<std::collections::HashMap<usize, BigUint>>,
}

impl Laws {
    /// The laws of draws of `n` items (those exact at `n`).
    ///
    /// # Panics
    /// With fewer than 2 items.
    pub fn new(n: usize) -> Laws {
        assert!(n >= 2, "a draw of {n} items");
        Laws {
            n,
            total: factorial(n),
            spearman: (n <= SPEARMAN_EXACT_UP_TO).then(|| spearman_law(n)),
            kendall: (n <= KENDALL_EXACT_UP_TO).then(|| kendall_law(n)),
            runs: (n <= EXACT_UP_TO).then(|| runs_law(n)),
            longest: Default::default(),
        }
    }

    /// The items of the draws these laws test.
    pub fn items(&self) -> usize {
        self.n
    }

    /// `P(longest run < l) · n!`, counted once for each `l`.
    fn shorter(&self, l: usize) -> BigUint {
        self.longest
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(l)
            .or_insert_with(|| runs_shorter_than(self.n, l))
            .clone()
    }

    /// [`DrawStatistic::detectable`] in a draw of these laws' size, the
    /// longest run's from the counts kept here.
    pub fn detectable(&self, statistic: DrawStatistic, level: f64, power: f64) -> Option<f64> {
        let n = self.n;
        if statistic != DrawStatistic::LongestRun || n > EXACT_UP_TO {
            return statistic.detectable(n, level, power);
        }
        let caught = |l: usize| {
            let tail = &self.total - self.shorter(l);
            Fraction::new(tail, self.total.clone()).to_f64() <= level
        };
        // P(longest ≥ l) ≤ (n − l + 1)/l!, the chance that some l
        // consecutive items rise (a union bound), and falls as l grows: the
        // shortest run caught is at most the first l the bound puts under
        // the level, and is found counting down from there, each count
        // exact (the longer runs are the cheaper to count).
        let mut bound = BigUint::one();
        let above = (1..=n).find(|&l| {
            bound *= l;
            Fraction::new(BigUint::from(n - l + 1), bound.clone()).to_f64() <= level
        })?;
        if !caught(above) {
            // Rounding at the level: count up instead.
            return (above + 1..=n).find(|&l| caught(l)).map(|l| l as f64);
        }
        let mut l = above;
        while l > 2 && caught(l - 1) {
            l -= 1;
        }
        Some(l as f64)
    }

    /// The statistics of one permutation `draw` of the `n` items.
    ///
    /// # Panics
    /// When `draw` does not hold `n` items.
    pub fn tests(&self, draw: &[u32]) -> Vec<DrawTest> {
        assert_eq!(draw.len(), self.n, "a draw of another size");
        DrawStatistic::ALL
            .iter()
            .map(|&s| match s {
                DrawStatistic::SpearmanRho => spearman(self, draw),
                DrawStatistic::KendallTau => kendall(self, draw),
                DrawStatistic::RunsUpDown => runs(self, draw),
                DrawStatistic::LongestRun => longest(self, draw),
            })
            .collect()
    }
}

/// A p-value from `tail` permutations of `total`.
fn exact(
    statistic: DrawStatistic,
    value: f64,
    null_mean: Option<f64>,
    tail: &BigUint,
    total: &BigUint,
) -> DrawTest {
    DrawTest {
        statistic,
        value,
        null_mean,
        p_value: Fraction::new(tail.clone(), total.clone()).to_f64(),
        log10_p: (ln_whole(tail) - ln_whole(total)) / std::f64::consts::LN_10,
        method: DrawMethod::Exact,
    }
}

/// A two-sided p-value from the normal limit, `z` standard deviations.
fn normal(statistic: DrawStatistic, value: f64, null_mean: Option<f64>, z: f64) -> DrawTest {
    let ln_p = ln_chi2_sf(z * z, 1.0);
    DrawTest {
        statistic,
        value,
        null_mean,
        p_value: ln_p.exp(),
        log10_p: ln_p / std::f64::consts::LN_10,
        method: DrawMethod::Normal,
    }
}

/// `n!`.
fn factorial(n: usize) -> BigUint {
    (1..=n).fold(BigUint::one(), |f, k| f * k)
}

/// The sum of `law[s]` over the `s` whose `scaled(s)` is at least as far
/// from `center` as `scaled(observed)` (both scaled to whole numbers).
fn two_sided(
    law: &[BigUint],
    scaled: impl Fn(usize) -> i128,
    center: i128,
    observed: usize,
) -> BigUint {
    let far = (scaled(observed) - center).abs();
    law.iter()
        .enumerate()
        .filter(|&(s, _)| (scaled(s) - center).abs() >= far)
        .map(|(_, c)| c)
        .sum()
}

fn spearman(laws: &Laws, draw: &[u32]) -> DrawTest {
    let n = draw.len();
    let d: u128 = draw
        .iter()
        .enumerate()
        .map(|(i, &v)| (i as i128 - i128::from(v)).pow(2) as u128)
        .sum();
    let nn = n as f64;
    let rho = 1.0 - 6.0 * d as f64 / (nn * (nn * nn - 1.0));
    if n > SPEARMAN_EXACT_UP_TO {
        return normal(
            DrawStatistic::SpearmanRho,
            rho,
            Some(0.0),
            rho * (nn - 1.0).sqrt(),
        );
    }
    let law = laws.spearman.as_ref().expect("counted up to its limit");
    // The mean of D is n (n² − 1) / 6: compare 6 D with n (n² − 1).
    let n = n as i128;
    let tail = two_sided(law, |s| 6 * s as i128, n * (n * n - 1), d as usize);
    exact(
        DrawStatistic::SpearmanRho,
        rho,
        Some(0.0),
        &tail,
        &laws.total,
    )
}

/// `law[D]`: permutations of `n` with `Σ (i − σ(i))² = D`, counted over
/// the sets of values placed in the first positions.
pub fn spearman_law(n: usize) -> Vec<BigUint> {
    assert!(n <= 20, "the count runs over 2^n sets");
    let top = n * (n * n - 1) / 3;
    // state[mask][D]
    let mut state = vec![vec![0u64; top + 1]; 1 << n];
    state[0][0] = 1;
    for mask in 0..(1usize << n) {
        let i = mask.count_ones() as usize;
        if i == n {
            continue;
        }
        for v in (0..n).filter(|v| mask & (1 << v) == 0) {
            let step = (i as i64 - v as i64).pow(2) as usize;
            let next = mask | (1 << v);
            for d in 0..=top - step {
                let c = state[mask][d];
                if c != 0 {
                    state[next][d + step] += c;
                }
            }
        }
    }
    state[(1 << n) - 1]
        .iter()
        .map(|&c| BigUint::from(c))
        .collect()
}

fn kendall(laws: &Laws, draw: &[u32]) -> DrawTest {
    let n = draw.len();
    let inversions = count_inversions(draw);
    let nn = n as f64;
    let pairs = nn * (nn - 1.0) / 2.0;
    let tau = 1.0 - 2.0 * inversions as f64 / pairs;
    if n > KENDALL_EXACT_UP_TO {
        let sd = (2.0 * (2.0 * nn + 5.0) / (9.0 * nn * (nn - 1.0))).sqrt();
        return normal(DrawStatistic::KendallTau, tau, Some(0.0), tau / sd);
    }
    let law = laws.kendall.as_ref().expect("counted up to its limit");
    // The mean of I is n (n − 1) / 4.
    let n = n as i128;
    let tail = two_sided(law, |s| 4 * s as i128, n * (n - 1), inversions as usize);
    exact(
        DrawStatistic::KendallTau,
        tau,
        Some(0.0),
        &tail,
        &laws.total,
    )
}

/// Inversions, pairs `i < j` with `draw[i] > draw[j]`, by merge sort.
fn count_inversions(draw: &[u32]) -> u64 {
    fn sort(v: &mut [u32], buf: &mut Vec<u32>) -> u64 {
        if v.len() < 2 {
            return 0;
        }
        let mid = v.len() / 2;
        let mut count = sort(&mut v[..mid], buf) + sort(&mut v[mid..], buf);
        buf.clear();
        let (mut i, mut j) = (0, mid);
        while i < mid && j < v.len() {
            if v[i] <= v[j] {
                buf.push(v[i]);
                i += 1;
            } else {
                buf.push(v[j]);
                count += (mid - i) as u64;
                j += 1;
            }
        }
        buf.extend_from_slice(&v[i..mid]);
        buf.extend_from_slice(&v[j..]);
        v.copy_from_slice(buf);
        count
    }
    let mut v = draw.to_vec();
    sort(&mut v, &mut Vec::with_capacity(draw.len()))
}

/// `law[I]`: permutations of `n` with `I` inversions (the Mahonian
/// numbers): the coefficients of `Π_{k=1..n} (1 + q + ⋯ + q^(k−1))`, each
/// factor a running sum over a window of `k`.
pub fn kendall_law(n: usize) -> Vec<BigUint> {
    let mut law = vec![BigUint::one()];
    for k in 2..=n {
        let mut next = vec![BigUint::zero(); law.len() + k - 1];
        let mut window = BigUint::zero();
        for (j, slot) in next.iter_mut().enumerate() {
            if j < law.len() {
                window += &law[j];
            }
            if j >= k {
                window -= &law[j - k];
            }
            *slot = window.clone();
        }
        law = next;
    }
    law
}

/// Maximal monotone stretches of `draw` (1 for two items).
fn count_runs(draw: &[u32]) -> usize {
    let ups: Vec<bool> = draw.windows(2).map(|w| w[1] > w[0]).collect();
    1 + ups.windows(2).filter(|w| w[0] != w[1]).count()
}

fn runs(laws: &Laws, draw: &[u32]) -> DrawTest {
    let n = draw.len();
    let r = count_runs(draw);
    let nn = n as f64;
    let mean = (2.0 * nn - 1.0) / 3.0;
    if n > EXACT_UP_TO {
        let sd = ((16.0 * nn - 29.0) / 90.0).sqrt();
        return normal(
            DrawStatistic::RunsUpDown,
            r as f64,
            Some(mean),
            (r as f64 - mean) / sd,
        );
    }
    let law = laws.runs.as_ref().expect("counted up to its limit");
    // The mean is (2n − 1)/3: compare 3 R with 2n − 1.
    let tail = two_sided(law, |s| 3 * s as i128, 2 * n as i128 - 1, r);
    exact(
        DrawStatistic::RunsUpDown,
        r as f64,
        Some(mean),
        &tail,
        &laws.total,
    )
}

/// `law[r]`: permutations of `n ≥ 2` with `r` runs up and down, `r` in
/// `0..n` (`law[0] = 0`), by André's recursion from `n = 2` (two
/// permutations, one run each).
pub fn runs_law(n: usize) -> Vec<BigUint> {
    assert!(n >= 2, "runs of {n} items");
    let mut law = vec![BigUint::zero(); n];
    law[1] = BigUint::from(2u8);
    for m in 3..=n {
        let mut next = vec![BigUint::zero(); n];
        for r in 1..m {
            let mut c = &law[r] * r;
            c += &law[r - 1] * 2u8;
            if r >= 2 {
                c += &law[r - 2] * (m - r);
            }
            next[r] = c;
        }
        law = next;
    }
    law
}

/// The longest stretch of consecutive items in increasing order.
fn longest_run(draw: &[u32]) -> usize {
    let (mut best, mut run) = (1, 1);
    for w in draw.windows(2) {
        run = if w[1] > w[0] { run + 1 } else { 1 };
        best = best.max(run);
    }
    best
}

fn longest(laws: &Laws, draw: &[u32]) -> DrawTest {
    let n = draw.len();
    let l = longest_run(draw);
    if n > EXACT_UP_TO {
        // No normal limit: the longest run grows like log n / log log n.
        return DrawTest {
            statistic: DrawStatistic::LongestRun,
            value: l as f64,
            null_mean: None,
            p_value: f64::NAN,
            log10_p: f64::NAN,
            method: DrawMethod::Normal,
        };
    }
    // P(longest ≥ l) = 1 − P(every run shorter than l).
    let tail = &laws.total - laws.shorter(l);
    exact(
        DrawStatistic::LongestRun,
        l as f64,
        None,
        &tail,
        &laws.total,
    )
}

/// Permutations of `n` whose increasing runs are all shorter than `l`
/// (David and Barton, *Combinatorial Chance*, 1962): their exponential
/// generating function is `1 / Σ_k (x^(kl)/(kl)! − x^(kl+1)/(kl+1)!)`, so
/// that, with `a_0 = 1`,
/// `a_m = Σ_(j ≡ 1 mod l) C(m, j) a_(m−j) − Σ_(j ≡ 0 mod l, j ≥ l) C(m, j) a_(m−j)`:
/// about `n²/l` products of whole numbers, each count exact.
pub fn runs_shorter_than(n: usize, l: usize) -> BigUint {
    if l <= 1 {
        return if n == 0 {
            BigUint::one()
        } else {
            BigUint::zero()
        };
    }
    let mut a = vec![BigUint::one()];
    // Row `m` of Pascal's triangle.
    let mut row = vec![BigUint::one()];
    for m in 1..=n {
        let mut next = Vec::with_capacity(m + 1);
        next.push(BigUint::one());
        next.extend(row.windows(2).map(|w| &w[0] + &w[1]));
        next.push(BigUint::one());
        row = next;
        let (mut more, mut less) = (BigUint::zero(), BigUint::zero());
        for j in (1..=m).step_by(l) {
            more += &row[j] * &a[m - j];
            if let Some(k) = (j + l - 1..=m).next() {
                less += &row[k] * &a[m - k];
            }
        }
        a.push(more - less);
    }
    a.swap_remove(n)
}

#[cfg(test)]
mod tests;
