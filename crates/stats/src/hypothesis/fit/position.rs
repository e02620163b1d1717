//! Tests and effect sizes of a position matrix (how often each card ends at
//! each position) and of a permutation histogram.

use super::{TestResult, pearson_uniform};
use crate::hypothesis::name::TestName;
use statrs::distribution::ContinuousCDF;

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
