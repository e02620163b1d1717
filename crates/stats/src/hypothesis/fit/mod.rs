//! Goodness-of-fit tests that turn shuffle counts into p-values.
//!
//! Every p-value comes from a survival function, never `1 - cdf`, and is also
//! given as `log10_p`, computed in log space, so that a report can say
//! "p = 10^-4000" where the double underflows to 0.

use crate::hypothesis::name::TestName;
use statrs::distribution::{Binomial, ContinuousCDF, DiscreteCDF};
use statrs::function::gamma::{gamma_ur, ln_gamma};

mod g;
pub use g::{WILLIAMS_FROM, g_moments, g_uniform};

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

/// The most ways `n` counts can fall into the cells of a law for which
/// [`fit_expected`] sums the exact multinomial law of its statistic
/// instead of referring it to the chi-square.
pub const EXACT_FIT_COMPOSITIONS: f64 = 2e4;

/// The ways `n` counts can fall into `k` cells, `C(n + k − 1, k − 1)`, in
/// floating point: what [`EXACT_FIT_COMPOSITIONS`] bounds.
pub fn compositions(n: u64, k: usize) -> f64 {
    (1..k).fold(1.0f64, |w, i| w * (n + i as u64) as f64 / i as f64)
}

/// `log10 P(S ≥ x)` for the statistic `S` of `divergence` over `n` draws
/// from the law `p` (every cell possible), summed over every way the draws
/// can fall ([`compositions`]), or `None` when there are more than
/// [`EXACT_FIT_COMPOSITIONS`]. Where few draws fall into few cells,
/// the chi-square reference is off (5 cards, 25 decks: the successions'
/// pooled Pearson test rejected 7.6 % of fair runs at 0.05); the exact sum
/// holds at every size (`P(p ≤ α) ≤ α`).
pub fn exact_log10_p(divergence: Divergence, n: u64, p: &[f64], x: f64) -> Option<f64> {
    let k = p.len();
    if k < 2 || compositions(n, k) > EXACT_FIT_COMPOSITIONS {
        return None;
    }
    let ln_fact: Vec<f64> = std::iter::once(0.0)
        .chain((1..=n).scan(0.0, |acc, i| {
            *acc += (i as f64).ln();
            Some(*acc)
        }))
        .collect();
    // Each cell's term and log-weight for every count it can hold, looked
    // up in the walk (the tables number up to EXACT_FIT_COMPOSITIONS, the
    // counts only up to n).
    let by_count = |f: &dyn Fn(usize, u64) -> f64| -> Vec<Vec<f64>> {
        (0..k).map(|i| (0..=n).map(|c| f(i, c)).collect()).collect()
    };
    let mut tables = Tables {
        terms: by_count(&|i, c| divergence.term(c as f64, n as f64 * p[i])),
        ln_weights: by_count(&|i, c| c as f64 * p[i].ln() - ln_fact[c as usize]),
        ln_n_fact: ln_fact[ln_fact.len() - 1],
        // Ties: the observed table's own statistic, recomputed in another
        // order, may differ in its last bits.
        at_least: x - 1e-9 * x.max(1.0),
        counts: vec![0; k],
        tail: LogSum::default(),
    };
    tables.walk(0, n);
    Some((tables.tail.ln() / std::f64::consts::LN_10).min(0.0))
}

/// The tables of counts [`exact_log10_p`] walks through, and the
/// probability of those whose statistic reaches the observed one.
struct Tables {
    /// `terms[i][c]`: cell `i`'s term of the statistic with count `c`.
    terms: Vec<Vec<f64>>,
    /// `ln_weights[i][c]`: `c ln p_i − ln c!`.
    ln_weights: Vec<Vec<f64>>,
    ln_n_fact: f64,
    at_least: f64,
    counts: Vec<u64>,
    tail: LogSum,
}

impl Tables {
    /// Every way to share `left` draws among the cells from `cell` on.
    fn walk(&mut self, cell: usize, left: u64) {
        if cell + 1 < self.counts.len() {
            for c in 0..=left {
                self.counts[cell] = c;
                self.walk(cell + 1, left - c);
            }
            return;
        }
        self.counts[cell] = left;
        let (mut x2, mut ln_pmf) = (0.0, self.ln_n_fact);
        for (i, &c) in self.counts.iter().enumerate() {
            x2 += self.terms[i][c as usize];
            ln_pmf += self.ln_weights[i][c as usize];
        }
        if x2 >= self.at_least {
            self.tail.add(ln_pmf);
        }
    }
}

/// A sum of `exp(l)` kept as its logarithm, so that terms far below the
/// smallest double still count.
#[derive(Default)]
struct LogSum {
    max: f64,
    scaled: f64,
}

impl LogSum {
    fn add(&mut self, l: f64) {
        if self.scaled == 0.0 {
            (self.max, self.scaled) = (l, 1.0);
        } else if l <= self.max {
            self.scaled += (l - self.max).exp();
        } else {
            self.scaled = self.scaled * (self.max - l).exp() + 1.0;
            self.max = l;
        }
    }

    /// `ln` of the sum (`−∞` for none).
    fn ln(&self) -> f64 {
        if self.scaled == 0.0 {
            f64::NEG_INFINITY
        } else {
            self.max + self.scaled.ln()
        }
    }
}

/// The position-matrix test: does each card land on each position with
/// probability `1/n`?
///
/// `counts[card * n + position]` over `shuffles` shuffles. The `n²` cells are
/// not independent: every shuffle adds a whole permutation matrix, so every
/// row and column sums to `shuffles`. For a uniform shuffle the indicators
/// `I_ij` ("card i at position j") have
/// `Cov(I_ij, I_i'j') = (δ_ii' - 1/n)(δ_jj' - 1/n) / (n - 1)`
/// (variance `(n-1)/n²`; `-1/n²` within a row or column;
/// `1/(n²(n-1))` elsewhere). The standardized cells `(O - N/n) / sqrt(N/n)`
/// therefore have covariance `n/(n-1)` times the projection onto the
/// `(n-1)²`-dimensional space of matrices with zero row and column sums, so
/// the plain Pearson sum `X² = Σ (O - N/n)² / (N/n)` tends to
/// `n/(n-1) · χ²((n-1)²)`: its mean is `n(n-1)`, not `(n-1)²`. The statistic
/// `X² (n-1)/n` is asymptotically chi-square with `(n-1)²` degrees of
/// freedom. That is the statistic returned; the
/// calibration tests check its p-values are uniform, and that the plain sum's
/// are not.
pub fn position_test(counts: &[u64], n: usize, shuffles: u64) -> TestResult {
    fixed_margin_test(TestName::POSITION_CHI2, counts, (n, 1), (n, 1), shuffles)
}

/// The test of a sum of `tables` independent tables with fixed margins,
/// each uniform among the tables with its margins: `counts[row * cols +
/// col]`, `rows` rows summing to `row_margin` each, `cols` columns summing
/// to `col_margin` each, `T = rows · row_margin = cols · col_margin` in
/// all. The position matrix is one (`n` rows and columns, margins 1: a
/// permutation matrix); so is a shoe's value × position table (`V` values
/// of `K` copies by `P = K V` positions of one card), and the table of
/// the values at each position of two consecutive shoes (`V × V`, margins
/// `K`).
///
/// Such a table is a random assignment of `T` units (here, cards) to the
/// rows and columns, so its cells have the covariance of the permutation
/// (multivariate hypergeometric) law: `Cov(X_ab, X_cd) = r_a (T δ_ac − r_c)
/// · c_b (T δ_bd − c_d) / (T² (T − 1))`. With `E = N r c / T` per cell, the
/// standardized cells `(O − E)/√E` of the sum of `N` tables have covariance
/// `T/(T − 1)` times the projection onto the `(rows − 1)(cols − 1)`
/// dimensions of zero row and column sums, so `X² (T − 1)/T` is
/// asymptotically chi-square with `(rows − 1)(cols − 1)` degrees of
/// freedom, and its mean is exactly that for any `N`. Returned: that
/// statistic.
pub fn fixed_margin_test(
    name: TestName,
    counts: &[u64],
    (rows, row_margin): (usize, u64),
    (cols, col_margin): (usize, u64),
    tables: u64,
) -> TestResult {
    let t = rows as u64 * row_margin;
    debug_assert_eq!(t, cols as u64 * col_margin, "margins of one total");
    debug_assert_eq!(counts.len(), rows * cols);
    let e = tables as f64 * (row_margin * col_margin) as f64 / t as f64;
    let x2 = counts.iter().map(|&o| (o as f64 - e).powi(2)).sum::<f64>() / e;
    let df = ((rows - 1) * (cols - 1)) as f64;
    TestResult::chi2(name, x2 * (t as f64 - 1.0) / t as f64, df, tables, e)
}

/// [`fixed_margin_test`] with any margins (equal margins give its
/// statistic up to rounding): row `a` sums to
/// `row_margins[a]`, column `b` to `col_margins[b]` in each table (a
/// decklist's value × position table: `K_i` copies of value `i`, one card
/// per position). The covariance argument holds as it stands (`E = N r_a
/// c_b / T` per cell); rows or columns of margin 0 are left out.
pub fn fixed_margins_test(
    name: TestName,
    counts: &[u64],
    row_margins: &[u64],
    col_margins: &[u64],
    tables: u64,
) -> TestResult {
    let (rows, cols) = (row_margins.len(), col_margins.len());
    let t: u64 = row_margins.iter().sum();
    debug_assert_eq!(t, col_margins.iter().sum::<u64>(), "margins of one total");
    debug_assert_eq!(counts.len(), rows * cols);
    let mut x2 = 0.0;
    let mut min_expected = f64::INFINITY;
    for (a, &r) in row_margins.iter().enumerate() {
        for (b, &c) in col_margins.iter().enumerate() {
            if r == 0 || c == 0 {
                continue;
            }
            let e = tables as f64 * (r * c) as f64 / t as f64;
            x2 += (counts[a * cols + b] as f64 - e).powi(2) / e;
            min_expected = min_expected.min(e);
        }
    }
    let live = |m: &[u64]| m.iter().filter(|&&x| x > 0).count();
    let df = ((live(row_margins) - 1) * (live(col_margins) - 1)) as f64;
    TestResult::chi2(
        name,
        x2 * (t as f64 - 1.0) / t as f64,
        df,
        tables,
        min_expected,
    )
}

/// The plain Pearson sum over the position matrix, `Σ (O - N/n)² / (N/n)`,
/// before the `(n-1)/n` correction.
pub fn position_pearson_sum(counts: &[u64], n: usize, shuffles: u64) -> f64 {
    let e = shuffles as f64 / n as f64;
    counts.iter().map(|&o| (o as f64 - e).powi(2)).sum::<f64>() / e
}

/// The uncorrected position test (plain sum against `(n-1)²` degrees of
/// freedom): wrong, kept so the calibration test can show it fails.
pub fn position_test_uncorrected(counts: &[u64], n: usize, shuffles: u64) -> TestResult {
    let x2 = position_pearson_sum(counts, n, shuffles);
    TestResult::chi2(
        TestName::POSITION_CHI2_UNCORRECTED,
        x2,
        ((n - 1) * (n - 1)) as f64,
        shuffles,
        shuffles as f64 / n as f64,
    )
}

/// One test per row of the position matrix (per card): Pearson's
/// chi-square of where that card ended against `1/n` each, `n - 1` degrees
/// of freedom. A row is one multinomial sample (a card lands in exactly one
/// position per shuffle), so each test is valid on its own; over the `n`
/// rows compare the p-values with `alpha / n` (Bonferroni). These are views
/// for the report, not part of the verdict.
pub fn position_row_tests(counts: &[u64], n: usize) -> Vec<TestResult> {
    counts
        .chunks(n.max(1))
        .map(|row| pearson_uniform(TestName::POSITION_ROW, row))
        .collect()
}

/// Per-cell z-scores of the position matrix, `(O - N/n) / sqrt(N (1/n)(1 - 1/n))`:
/// each approximately standard normal under a uniform shuffle. With `n²`
/// cells, compare the largest `|z|` with the Bonferroni bound
/// ([`bonferroni_z`]) rather than with 1.96.
pub fn position_z_scores(counts: &[u64], n: usize, shuffles: u64) -> Vec<f64> {
    let p = 1.0 / n as f64;
    let e = shuffles as f64 * p;
    let sd = (shuffles as f64 * p * (1.0 - p)).sqrt();
    counts.iter().map(|&o| (o as f64 - e) / sd).collect()
}

/// The two-sided `|z|` beyond which a single one of `m` normal scores has
/// family-wise probability `alpha` (Bonferroni).
pub fn bonferroni_z(m: usize, alpha: f64) -> f64 {
    use statrs::distribution::Normal;
    // The lower tail, by symmetry: `1 - tiny` would round to 1.
    -Normal::standard().inverse_cdf(alpha / (2.0 * m as f64))
}

/// Largest relative deviation of a position cell from uniform:
/// `max |O / (N/n) - 1|`.
pub fn max_relative_deviation(counts: &[u64], n: usize, shuffles: u64) -> f64 {
    let e = shuffles as f64 / n as f64;
    counts
        .iter()
        .map(|&o| (o as f64 / e - 1.0).abs())
        .fold(0.0, f64::max)
}

/// Total variation distance between the empirical law of `counts` and the
/// uniform law on `counts.len()` outcomes.
///
/// Biased upward: even a perfect shuffle gives about
/// [`tv_noise_floor`] from sampling noise alone.
pub fn empirical_tv(counts: &[u64]) -> f64 {
    let n: u64 = counts.iter().sum();
    let u = 1.0 / counts.len() as f64;
    0.5 * counts
        .iter()
        .map(|&o| (o as f64 / n as f64 - u).abs())
        .sum::<f64>()
}

/// The expected [`empirical_tv`] of a perfectly uniform sample of `shuffles`
/// draws over `k` outcomes (normal approximation of each count):
/// `(k/2) sqrt(2 u (1 - u) / (π N))` with `u = 1/k`.
pub fn tv_noise_floor(k: usize, shuffles: u64) -> f64 {
    let u = 1.0 / k as f64;
    0.5 * k as f64 * (2.0 * u * (1.0 - u) / (std::f64::consts::PI * shuffles as f64)).sqrt()
}

/// `P(D_n >= d)` for the one-sample Kolmogorov–Smirnov statistic `D_n` on `n`
/// observations: the exact method of Marsaglia, Tsang & Wang (2003), with
/// their right-tail shortcut where the p-value is below about 1e-3.
pub fn ks_pvalue(n: usize, d: f64) -> f64 {
    if d <= 0.0 {
        return 1.0;
    }
    if d >= 1.0 {
        return 0.0;
    }
    let nf = n as f64;
    let s = d * d * nf;
    if s > 7.24 || (s > 3.76 && n > 99) {
        return (2.0 * (-(2.000071 + 0.331 / nf.sqrt() + 1.409 / nf) * s).exp()).min(1.0);
    }
    (1.0 - kolmogorov_cdf(n, d)).clamp(0.0, 1.0)
}

/// `P(D_n < d)`, Marsaglia, Tsang & Wang, "Evaluating Kolmogorov's
/// distribution", J. Stat. Softw. 8(18), 2003.
fn kolmogorov_cdf(n: usize, d: f64) -> f64 {
    let nf = n as f64;
    let k = (nf * d) as usize + 1;
    let m = 2 * k - 1;
    let h = k as f64 - nf * d;
    let mut hm = vec![0.0f64; m * m];
    for i in 0..m {
        for j in 0..m {
            hm[i * m + j] = if i + 1 < j { 0.0 } else { 1.0 };
        }
    }
    for i in 0..m {
        hm[i * m] -= h.powi(i as i32 + 1);
        hm[(m - 1) * m + i] -= h.powi((m - i) as i32);
    }
    if 2.0 * h - 1.0 > 0.0 {
        hm[(m - 1) * m] += (2.0 * h - 1.0).powi(m as i32);
    }
    for i in 0..m {
        for j in 0..m {
            if i + 1 > j {
                for g in 1..=(i + 1 - j) {
                    hm[i * m + j] /= g as f64;
                }
            }
        }
    }
    let (q, mut eq) = matrix_power(&hm, 0, m, n);
    let mut s = q[(k - 1) * m + k - 1];
    for i in 1..=n {
        s = s * i as f64 / nf;
        if s < 1e-140 {
            s *= 1e140;
            eq -= 140;
        }
    }
    s * 10f64.powi(eq)
}

fn matrix_multiply(a: &[f64], b: &[f64], m: usize) -> Vec<f64> {
    let mut c = vec![0.0; m * m];
    for i in 0..m {
        for k in 0..m {
            let aik = a[i * m + k];
            for j in 0..m {
                c[i * m + j] += aik * b[k * m + j];
            }
        }
    }
    c
}

/// `A^n` with a decimal exponent kept aside to avoid overflow.
fn matrix_power(a: &[f64], ea: i32, m: usize, n: usize) -> (Vec<f64>, i32) {
    if n == 1 {
        return (a.to_vec(), ea);
    }
    let (v, ev) = matrix_power(a, ea, m, n / 2);
    let b = matrix_multiply(&v, &v, m);
    let eb = 2 * ev;
    let (mut v, mut ev) = if n.is_multiple_of(2) {
        (b, eb)
    } else {
        (matrix_multiply(a, &b, m), ea + eb)
    };
    if v[(m / 2) * m + m / 2] > 1e140 {
        v.iter_mut().for_each(|x| *x *= 1e-140);
        ev += 140;
    }
    (v, ev)
}

/// The Kolmogorov–Smirnov test that `p_values` are uniform on (0, 1):
/// returns `(D, p)`.
pub fn ks_uniform(p_values: &[f64]) -> (f64, f64) {
    let mut v = p_values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len() as f64;
    let d = v
        .iter()
        .enumerate()
        .map(|(i, &x)| ((i as f64 + 1.0) / n - x).max(x - i as f64 / n))
        .fold(0.0, f64::max);
    (d, ks_pvalue(v.len(), d))
}

/// The one-sided Kolmogorov–Smirnov test that `p_values` are not smaller
/// than uniform: `D⁺ = max_i (i/n − p_(i))`, how far their empirical law
/// runs above the diagonal (too many small p-values), and its exact
/// p-value by Birnbaum and Tingey (1951):
/// `P(D⁺ ≥ d) = d Σ_{j=0}^{⌊n(1−d)⌋} C(n, j) (1 − d − j/n)^(n−j) (d + j/n)^(j−1)`,
/// summed in logarithms (every term is positive).
///
/// Valid for the p-values of discrete tests too: an exact test's p-value
/// is super-uniform (`P(p ≤ u) ≤ u`), which can only lower `D⁺`, while
/// the two-sided statistic counts its atoms (a p-value of exactly 1, say)
/// as departures. A bias that shows in run after run lowers p-values, and
/// `D⁺` is what it raises.
pub fn ks_uniform_upper(p_values: &[f64]) -> (f64, f64) {
    let mut v = p_values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let d = v
        .iter()
        .enumerate()
        .map(|(i, &x)| (i as f64 + 1.0) / n as f64 - x)
        .fold(0.0, f64::max);
    (d, ks_upper_pvalue(n, d))
}

/// `P(D⁺_n ≥ d)` for `n` uniform values, exact (Birnbaum and Tingey
/// 1951).
pub fn ks_upper_pvalue(n: usize, d: f64) -> f64 {
    if n == 0 || d <= 0.0 {
        return 1.0;
    }
    if d > 1.0 {
        return 0.0;
    }
    let nf = n as f64;
    let last = (nf * (1.0 - d)).floor() as usize;
    let mut ln_choose = 0.0f64;
    let mut terms = Vec::with_capacity(last.min(n) + 1);
    for j in 0..=last.min(n) {
        let jf = j as f64;
        let a = 1.0 - d - jf / nf;
        let b = d + jf / nf;
        // 0^0 = 1 at j = n (only when d = 0, excluded above, or a = 0).
        let ln_a = if n - j == 0 {
            0.0
        } else {
            (n - j) as f64 * a.max(0.0).ln()
        };
        terms.push(ln_choose + ln_a + (jf - 1.0) * b.ln());
        ln_choose += (nf - jf).ln() - (jf + 1.0).ln();
    }
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if top == f64::NEG_INFINITY {
        return 0.0;
    }
    let sum: f64 = terms.iter().map(|t| (t - top).exp()).sum();
    (d.ln() + top + sum.ln()).exp().clamp(0.0, 1.0)
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
