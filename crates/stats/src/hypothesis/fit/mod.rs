//! Goodness-of-fit tests that turn shuffle counts into p-values.
//!
//! Every p-value comes from a survival function, never `1 - cdf`, and is also
//! given as `log10_p`, computed in log space, so that a report can say
//! "p = 10^-4000" where the double underflows to 0.

use crate::hypothesis::name::TestName;
use statrs::distribution::{Binomial, ChiSquared, ContinuousCDF, DiscreteCDF};
use statrs::function::gamma::{gamma_ur, ln_gamma};

mod exact;
mod g;
mod ks;
mod position;

pub use exact::{EXACT_FIT_COMPOSITIONS, compositions, exact_log10_p};
pub use g::{WILLIAMS_FROM, g_moments, g_uniform};
pub use ks::{ks_pvalue, ks_uniform, ks_uniform_upper, ks_upper_pvalue};
pub use position::*;

/// One test's outcome.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TestResult {
    /// Which test.
    pub name: TestName,
    /// The test statistic.
    pub statistic: f64,
    /// Degrees of freedom of its null distribution.
    pub df: f64,
    /// Upper-tail p-value (0 when it underflows; see `log10_p`).
    pub p_value: f64,
    /// `log10` of the p-value, exact even where `p_value` underflows.
    pub log10_p: f64,
    /// Number of shuffles behind the counts.
    pub shuffles: u64,
    /// The smallest expected count of a cell the statistic sums over (0
    /// for a test without cells): how coarse the lattice of the
    /// statistic's values is, which decides whether its p-values are
    /// continuous enough for a two-level test. Not in documents.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub min_expected: f64,
    /// What the test is of, when it runs once for each of several
    /// subjects: a decklist's named group (`"land"`).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub subject: Option<String>,
}

impl TestResult {
    /// The same test, of `subject`.
    pub fn of_subject(self, subject: &str) -> Self {
        TestResult {
            subject: Some(subject.to_string()),
            ..self
        }
    }

    /// The name with its subject, as tables show it:
    /// `group-pairs-chi2 (land)`.
    pub fn label(&self) -> String {
        match &self.subject {
            Some(s) => format!("{} ({s})", self.name),
            None => self.name.to_string(),
        }
    }

    fn chi2(name: TestName, statistic: f64, df: f64, shuffles: u64, min_expected: f64) -> Self {
        let ln_p = ln_chi2_sf(statistic, df);
        TestResult {
            name,
            statistic,
            df,
            p_value: ln_p.exp(),
            log10_p: ln_p / std::f64::consts::LN_10,
            shuffles,
            min_expected,
            subject: None,
        }
    }
}

/// Natural log of the upper tail of the chi-square law with `df` degrees of
/// freedom at `x`: `ln P(X > x)`.
///
/// Uses statrs' survival function while it is representable, and the
/// continued fraction of the upper incomplete gamma function in log space
/// (Numerical Recipes' `gcf`) where it underflows.
pub fn ln_chi2_sf(x: f64, df: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    let (a, z) = (df / 2.0, x / 2.0);
    let q = gamma_ur(a, z);
    if q > 1e-290 {
        q.ln()
    } else {
        ln_gamma_q_cf(a, z)
    }
}

/// `ln Q(a, z)`, the log of the regularized upper incomplete gamma function,
/// by its continued fraction: `-z + a ln z - ln Γ(a) + ln CF(a, z)`. Converges
/// for `z > a + 1`, which holds wherever `Q` underflows.
fn ln_gamma_q_cf(a: f64, z: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut b = z + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..100_000 {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < 1e-15 {
            break;
        }
    }
    -z + a * z.ln() - ln_gamma(a) + h.ln()
}

/// The chi-square law's upper quantile: the `x` with `P(X > x) = alpha`.
///
/// # Panics
/// When `df <= 0` or `alpha` is not in `(0, 1)`.
pub fn chi2_critical(df: f64, alpha: f64) -> f64 {
    assert!(
        df > 0.0 && alpha > 0.0 && alpha < 1.0,
        "chi2_critical({df}, {alpha})"
    );
    // Solved on the log of the tail, which stays exact far below the
    // 1e-16 where `inverse_cdf(1 - alpha)` would round `1 - alpha` to 1
    // (and return infinity): any level down to the smallest double works.
    let target = alpha.ln();
    let above = |x: f64| ln_chi2_sf(x, df) > target;
    let (mut lo, mut hi) = (0.0f64, df.max(1.0));
    while above(hi) {
        lo = hi;
        hi *= 2.0;
    }
    while hi - lo > 1e-13 * hi {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if above(mid) { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

/// The exact two-sided p-value of a count `k` of Binomial(`trials`, `p`):
/// `min(1, 2 min(P(X <= k), P(X >= k)))`. Valid at any number of trials
/// (no normal approximation), so a comparison of a few shuffles with an
/// exact law never cries wolf; a count the law makes impossible gives 0.
///
/// # Panics
/// When `p` is not a probability.
pub fn binomial_two_sided(k: u64, trials: u64, p: f64) -> f64 {
    assert!((0.0..=1.0).contains(&p), "binomial_two_sided: p = {p}");
    if p == 0.0 {
        return if k == 0 { 1.0 } else { 0.0 };
    }
    if p == 1.0 {
        return if k == trials { 1.0 } else { 0.0 };
    }
    let b = Binomial::new(p, trials).expect("p in (0, 1)");
    let lower = b.cdf(k);
    let upper = if k == 0 { 1.0 } else { b.sf(k - 1) };
    (2.0 * lower.min(upper)).min(1.0)
}

/// The central band of Binomial(`trials`, `p`) leaving at most `tail` on
/// each side: `(lo, hi)` with `P(X < lo) <= tail` and `P(X > hi) <= tail`,
/// both as tight as possible. A count outside it is a `2 · tail` event.
///
/// # Panics
/// When `p` is not a probability.
pub fn binomial_band(trials: u64, p: f64, tail: f64) -> (u64, u64) {
    let b = Binomial::new(p, trials).expect("p in [0, 1]");
    // Both conditions grow with `k`: a binary search, so that a band of a
    // million trials costs some forty evaluations, not a million.
    let lo = first_passing(0, trials, |k| b.cdf(k) > tail);
    let hi = first_passing(0, trials, |k| b.sf(k) <= tail);
    (lo, hi)
}

/// The smallest `k` in `from..=to` for which the monotone `pass` holds
/// (`to` when none before it does).
pub(crate) fn first_passing(mut from: u64, mut to: u64, pass: impl Fn(u64) -> bool) -> u64 {
    while from < to {
        let mid = from + (to - from) / 2;
        if pass(mid) {
            to = mid;
        } else {
            from = mid + 1;
        }
    }
    from
}

/// The Clopper–Pearson interval of a binomial rate from `k` successes in
/// `n` trials, at `level` (0.95: each tail 2.5 %): the rates whose
/// one-sided binomial tail at `k` is at least `(1 − level)/2`, from the
/// beta quantiles. Conservative: it holds the true rate at least `level`
/// of the time.
///
/// # Panics
/// When `n` is 0, `k > n`, or `level` is not in `(0, 1)`.
pub fn clopper_pearson(k: u64, n: u64, level: f64) -> (f64, f64) {
    assert!(n > 0 && k <= n, "{k} successes in {n} trials");
    assert!(level > 0.0 && level < 1.0, "level {level}");
    let tail = (1.0 - level) / 2.0;
    let (kf, nf) = (k as f64, n as f64);
    let lower = if k == 0 {
        0.0
    } else {
        beta_quantile(kf, nf - kf + 1.0, tail)
    };
    let upper = if k == n {
        1.0
    } else {
        beta_quantile(kf + 1.0, nf - kf, 1.0 - tail)
    };
    (lower, upper)
}

/// The `x` at which the regularized incomplete beta `I_x(a, b)` (the
/// beta law's CDF) reaches `target`, by bisection of `[0, 1]`: `I_x` rises
/// with `x`, and the halving stops when the two ends are neighbouring
/// doubles, within about 1,100 halvings whatever the shapes. statrs
/// 0.19.1's own inverse (`Beta::inverse_cdf`) never returns for some
/// shapes: `sample -a sort-random-dotnet-core -d 52 -n 6000000 --seed 1`
/// hung in it, on the upper end for 405 throws in 6,000,000 sorts.
fn beta_quantile(a: f64, b: f64, target: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    loop {
        let mid = lo + (hi - lo) / 2.0;
        if mid <= lo || mid >= hi {
            return mid;
        }
        if statrs::function::beta::beta_reg(a, b, mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

/// Pearson's X² of `counts` against the law `weights / denominator`, and
/// its p-value from the chi-square law with `counts.len() − 1` degrees of
/// freedom, every cell kept: the test as a published analysis computes
/// it, to compare with its figures (no pooling, no exact tail, unlike
/// [`fit_expected`]).
pub fn pearson_weights(counts: &[u64], weights: &[u128], denominator: u128) -> (f64, f64) {
    let total: u64 = counts.iter().sum();
    let x2: f64 = counts
        .iter()
        .zip(weights)
        .map(|(&o, &w)| {
            let e = total as f64 * crate::law::fraction::ratio_to_f64(w, denominator);
            (o as f64 - e).powi(2) / e
        })
        .sum();
    (x2, chi2_sf_or_nan(x2, (counts.len() - 1) as f64))
}

/// Pearson's X² of independence of a table's rows and columns, and its
/// p-value from the chi-square law on `(rows − 1)(columns − 1)` degrees of
/// freedom, as a published analysis computes it.
pub fn independence<const C: usize>(table: &[[u32; C]]) -> (f64, f64) {
    let total: u32 = table.iter().flatten().sum();
    let columns: Vec<u32> = (0..C).map(|j| table.iter().map(|r| r[j]).sum()).collect();
    let x2 = table
        .iter()
        .flat_map(|row| {
            let r: u32 = row.iter().sum();
            row.iter().zip(&columns).map(move |(&o, &c)| {
                let e = f64::from(r) * f64::from(c) / f64::from(total);
                (f64::from(o) - e).powi(2) / e
            })
        })
        .sum::<f64>();
    let df = ((table.len() - 1) * (C - 1)) as f64;
    (x2, chi2_sf_or_nan(x2, df))
}

/// The chi-square survival function at `x` on `df` degrees of freedom,
/// NaN where `df` is not positive.
fn chi2_sf_or_nan(x: f64, df: f64) -> f64 {
    ChiSquared::new(df).map_or(f64::NAN, |c| c.sf(x))
}

/// Pearson's chi-square of observed `counts` against equal expected counts,
/// with `counts.len() - 1` degrees of freedom.
pub fn pearson_uniform(name: TestName, counts: &[u64]) -> TestResult {
    let n: u64 = counts.iter().sum();
    let k = counts.len() as f64;
    let e = n as f64 / k;
    let x2: f64 = counts.iter().map(|&o| (o as f64 - e).powi(2)).sum::<f64>() / e;
    TestResult::chi2(name, x2, k - 1.0, n, e)
}

/// What a goodness-of-fit test against a known law sums over its cells,
/// each cell's term from its observed count `O` and expected count `E`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Divergence {
    /// Pearson's `(O − E)² / E`.
    Pearson,
    /// Cressie and Read's power divergence with `λ = 2/3`,
    /// `2 / (λ(λ + 1)) · (O((O/E)^λ − 1) − λ(O − E))`: the member of the
    /// family Read and Cressie (1988, ch. 5) recommend because its
    /// chi-square approximation holds in the far tail with expected counts
    /// as small as the pooled cells' (a cell expecting 5 lifts Pearson's
    /// right tail: pooled to 5, the battery's Pearson tests rejected fair
    /// decks 1.7 times too often at `p < 0.01/13`, the audit's Bonferroni
    /// share; this statistic pooled to [`CHI_SQUARE_MIN_EXPECTED`] stays
    /// within sampling noise of the level down to `10^-4`).
    CressieRead,
}

impl Divergence {
    /// The Cressie–Read exponent.
    pub const LAMBDA: f64 = 2.0 / 3.0;

    /// One cell's term. Both are 0 at `O = E` and grow as `(O − E)² / E`
    /// near it; `O · expm1(λ ln(O/E)) − λ(O − E)` keeps the power
    /// divergence's term accurate there (its two parts cancel to second
    /// order).
    pub fn term(self, observed: f64, expected: f64) -> f64 {
        let d = observed - expected;
        match self {
            Divergence::Pearson => d * d / expected,
            Divergence::CressieRead => {
                let l = Self::LAMBDA;
                let power = if observed == 0.0 {
                    -1.0
                } else {
                    (l * (d / expected).ln_1p()).exp_m1()
                };
                (2.0 / (l * (l + 1.0))) * (observed * power - l * d).max(0.0)
            }
        }
    }
}

/// Expected count per cell below which the chi-square reference of a test
/// against a known law is not trusted in the tail the audit uses (its
/// thresholds go down to `α/m`, `7.7·10^-4` for 13 tests at `α = 0.01`):
/// the cells of [`Divergence::CressieRead`] tests referred to the
/// chi-square are pooled to at least this many.
pub const CHI_SQUARE_MIN_EXPECTED: f64 = 10.0;

/// Pearson's chi-square of observed `counts` against the exact law
/// `probabilities` (same order): [`fit_expected`] with
/// [`Divergence::Pearson`].
pub fn pearson_expected(name: TestName, counts: &[u64], probabilities: &[f64]) -> TestResult {
    fit_expected(Divergence::Pearson, name, counts, probabilities)
}

/// The goodness-of-fit test of observed `counts` against the exact law
/// `probabilities` (same order) by `divergence`: the test that a sampler
/// reproduces a known distribution. Cells of probability 0 are left out of
/// the degrees of freedom; a count in one makes the statistic infinite:
/// p = 0, reported as `statistic = f64::MAX` and `log10_p = f64::MIN`. A
/// law with a single possible cell gives 0 degrees of freedom and p = 1.
/// When the counts can fall in at most [`EXACT_FIT_COMPOSITIONS`]
/// ways, the p-value is the statistic's exact tail under the multinomial
/// ([`exact_log10_p`]); else the chi-square's, `cells − 1` degrees of
/// freedom.
pub fn fit_expected(
    divergence: Divergence,
    name: TestName,
    counts: &[u64],
    probabilities: &[f64],
) -> TestResult {
    let n: u64 = counts.iter().sum();
    let mut x2 = 0.0;
    let mut cells = 0usize;
    let mut min_expected = f64::INFINITY;
    for (&o, &p) in counts.iter().zip(probabilities) {
        if p > 0.0 {
            let e = n as f64 * p;
            x2 += divergence.term(o as f64, e);
            cells += 1;
            min_expected = min_expected.min(e);
        } else if o > 0 {
            x2 = f64::INFINITY;
        }
    }
    if x2.is_infinite() {
        // Finite stand-ins (the largest doubles), so that JSON, which has
        // no infinity, keeps them as numbers.
        return TestResult {
            name,
            statistic: f64::MAX,
            df: cells as f64 - 1.0,
            p_value: 0.0,
            log10_p: f64::MIN,
            shuffles: n,
            min_expected,
            subject: None,
        };
    }
    if cells <= 1 {
        // One possible cell: every count is where the law puts it, and the
        // test has nothing to test (0 degrees of freedom).
        return TestResult {
            name,
            statistic: 0.0,
            df: 0.0,
            p_value: 1.0,
            log10_p: 0.0,
            shuffles: n,
            min_expected,
            subject: None,
        };
    }
    let possible: Vec<f64> = probabilities.iter().copied().filter(|&p| p > 0.0).collect();
    match exact_log10_p(divergence, n, &possible, x2) {
        Some(log10_p) => TestResult {
            name,
            statistic: x2,
            df: cells as f64 - 1.0,
            p_value: 10f64.powf(log10_p),
            log10_p,
            shuffles: n,
            min_expected,
            subject: None,
        },
        None => TestResult::chi2(name, x2, cells as f64 - 1.0, n, min_expected),
    }
}

/// `P(X > x)` for the noncentral chi-square law with `df` degrees of freedom
/// and noncentrality `lambda`, as the Poisson mixture
/// `Σ_j Pois(j; λ/2) Q(df/2 + j, x/2)`, summed outward from the Poisson mode.
///
/// One regularised gamma function is evaluated, at the mode; the other
/// terms follow by recurrence (`Q(a + 1, z) = Q(a, z) + g(a)` with
/// `g(a) = e^-z z^a / Γ(a + 1)`: sums of positive terms going up, and
/// differences whose rounding stays below `ε Q(mode)` per step going down,
/// where `Q` shrinks and its terms matter less). The Poisson weights follow
/// `w(j ± 1) = w(j) · ratio` relative to the mode's weight, and the sum is
/// divided by the sum of the weights: a common factor cancels, so no
/// `ln Γ(j)` of a large `j` is ever subtracted from `j ln μ` (at
/// `λ = 4·10^7` that cancellation alone costs 8 digits). Each side stops
/// once a geometric bound on the weights it has not visited is below
/// `2^-60` of the sums, or the weights underflow. Accuracy: that of
/// statrs's `gamma_ur` (about 1e-10), less about `ε μ ln μ` from the
/// prefactor of `g` at the mode (4e-7 at `λ = 4·10^8`).
pub fn noncentral_chi2_sf(x: f64, df: f64, lambda: f64) -> f64 {
    if lambda <= 0.0 {
        return ln_chi2_sf(x, df).exp();
    }
    if x <= 0.0 {
        return 1.0;
    }
    const EPS: f64 = 1.0 / (1u64 << 60) as f64;
    let mu = lambda / 2.0;
    let mode = mu.floor();
    let z = x / 2.0;
    let a_mode = df / 2.0 + mode;
    let q_mode = gamma_ur(a_mode, z);
    let g_mode = (-z + a_mode * z.ln() - ln_gamma(a_mode + 1.0)).exp();
    let (mut total, mut weight) = (q_mode, 1.0);
    // Upward: w(j+1) = w(j) μ/(j+1); past the mode the ratio is below 1, so
    // the weights from j on sum to at most w / (1 - μ/(j+1)), and each term
    // is at most its weight (Q <= 1).
    let (mut w, mut j, mut q, mut g) = (1.0f64, mode, q_mode, g_mode);
    while j < mode + 40.0 * mu.sqrt() + 100.0 {
        w *= mu / (j + 1.0);
        q = (q + g).min(1.0);
        g *= z / (df / 2.0 + j + 1.0);
        j += 1.0;
        if w == 0.0 {
            break;
        }
        weight += w;
        total += w * q;
        let rest = w / (1.0 - mu / (j + 1.0));
        if rest < EPS * weight && rest < EPS * total {
            break;
        }
    }
    // Downward: w(j-1) = w(j) j/μ; the weights from j down sum to at most
    // w / (1 - j/μ), and Q falls with j, so the terms are at most that
    // times the last Q.
    let (mut w, mut j, mut q, mut g) = (1.0f64, mode, q_mode, g_mode);
    while j >= 1.0 {
        w *= j / mu;
        g *= (df / 2.0 + j) / z;
        q = (q - g).max(0.0);
        j -= 1.0;
        if w == 0.0 {
            break;
        }
        weight += w;
        total += w * q;
        let rest = w / (1.0 - j / mu).max(f64::MIN_POSITIVE);
        if rest < EPS * weight && rest * q < EPS * total {
            break;
        }
    }
    (total / weight).min(1.0)
}

#[cfg(test)]
mod tests;
