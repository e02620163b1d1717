//! The likelihood-ratio (G) test of equal cells, referred to a law that
//! holds in sparse tables too.
//!
//! `G = 2 Σ O ln(O / E)` over `k` cells of `E = N / k` expected each is
//! chi-square with `k − 1` degrees of freedom only as `E` grows. With a few
//! expected per cell its mean exceeds `k − 1` by a share that no fixed
//! correction removes: Williams' factor `q = 1 + (k + 1) / (6N)` takes out
//! the first-order part, and leaves 1.3 % of the mean at `E = 5` (0.05 % at
//! `E = 20`). Over the 362,880 arrangements of 9 cards that rest is five
//! standard deviations, so a fair shuffle failed at `E = 5` (Koehler and
//! Larntz 1980, Read and Cressie 1988: G is poorly approximated in sparse
//! tables, Pearson's X² is not).
//!
//! Here G's mean and variance under the multinomial law are computed
//! exactly (sums over the law of one cell's count and of two cells'
//! counts), and G is referred to the scaled chi-square law `c · χ²(ν)`
//! with the same two moments (Satterthwaite): `c = σ² / (2μ)`,
//! `ν = 2μ² / σ²`. Where every cell expects at least [`WILLIAMS_FROM`],
//! the exact moments agree with Williams' `(k − 1) q` and `2 (k − 1) q²`
//! to a few parts in 10^7, and those are used.

use super::TestResult;
use crate::hypothesis::name::TestName;

/// Expected count per cell from which G is referred to Williams' moments
/// instead of its exact ones: there they agree to 2e-7 of the mean and
/// 7e-7 of the variance (the tests check the p-values agree either side).
pub const WILLIAMS_FROM: f64 = 1000.0;

/// How far past its mean, in standard deviations, a count's law is summed:
/// the mass left out is below 1e-30 (plus a margin of 30 counts, for the
/// skewed laws of a few expected).
const TAIL_SD: f64 = 12.0;

/// The law of a Binomial(`trials`, `p`) count over the window where it
/// has mass: `(first, probabilities)`, normalized to sum to 1.
///
/// Weights follow from the mode by the ratio of consecutive terms and are
/// divided by their sum, so no `ln Γ` of a large count is ever taken and
/// every probability is exact to a few ulps relative.
fn binomial_window(trials: u64, p: f64) -> (u64, Vec<f64>) {
    if trials == 0 || p <= 0.0 {
        return (0, vec![1.0]);
    }
    let mean = trials as f64 * p;
    let reach = TAIL_SD * (mean * (1.0 - p)).sqrt() + 30.0;
    let lo = (mean - reach).floor().max(0.0) as u64;
    let hi = ((mean + reach).ceil() as u64).min(trials);
    let mode = (((trials + 1) as f64 * p).floor() as u64).clamp(lo, hi);
    let odds = p / (1.0 - p);
    let mut w = vec![0.0f64; (hi - lo + 1) as usize];
    w[(mode - lo) as usize] = 1.0;
    for o in mode..hi {
        let i = (o - lo) as usize;
        w[i + 1] = w[i] * (trials - o) as f64 / (o + 1) as f64 * odds;
    }
    for o in (lo + 1..=mode).rev() {
        let i = (o - lo) as usize;
        w[i - 1] = w[i] * o as f64 / ((trials - o + 1) as f64 * odds);
    }
    let total: f64 = w.iter().sum();
    w.iter_mut().for_each(|x| *x /= total);
    (lo, w)
}

/// One cell's share of G, `2 o ln(o / e)` (0 for an empty cell): the
/// statistic and its moments sum the same terms.
fn g_term(o: u64, e: f64) -> f64 {
    if o == 0 {
        0.0
    } else {
        2.0 * o as f64 * (o as f64 / e).ln()
    }
}

/// `E[Σ f(O_i)]` and `Var[Σ f(O_i)]` for `f(o) = 2 o ln(o / E)`, the counts
/// `O_1, …, O_k` multinomial over `k` equal cells with `n` draws.
///
/// The mean is `k E f(O_1)`, `O_1` binomial(`n`, `1/k`). The variance is
/// `k Var f(O_1) + k (k − 1) Cov(f(O_1), f(O_2))`; given `O_1 = a`, `O_2`
/// is binomial(`n − a`, `1/(k − 1)`), so the covariance is
/// `Σ_a P(a) (f(a) − m)(h(a) − m)` with `h(a) = E[f(O_2) | O_1 = a]` and
/// `m = E f(O_1)`, summed in that centred form to keep its digits.
///
/// Remembered for each `(k, n)` asked: the double sum over two binomial
/// windows is the costliest part of a small run's tests, and every run of
/// the same size asks for it again (`--repeat`, the calibration sweep).
pub fn g_moments(k: u64, n: u64) -> (f64, f64) {
    type Memo = std::sync::Mutex<std::collections::HashMap<(u64, u64), (f64, f64)>>;
    static MEMO: std::sync::OnceLock<Memo> = std::sync::OnceLock::new();
    let memo = MEMO.get_or_init(Default::default);
    if let Some(&m) = memo.lock().expect("no computation panics").get(&(k, n)) {
        return m;
    }
    let m = g_moments_counted(k, n);
    memo.lock()
        .expect("no computation panics")
        .insert((k, n), m);
    m
}

/// [`g_moments`], computed.
fn g_moments_counted(k: u64, n: u64) -> (f64, f64) {
    if k < 2 || n == 0 {
        return (0.0, 0.0);
    }
    let e = n as f64 / k as f64;
    let f = |o: u64| g_term(o, e);
    let (lo, law) = binomial_window(n, 1.0 / k as f64);
    let mean = |lo: u64, law: &[f64]| -> f64 {
        law.iter()
            .enumerate()
            .map(|(i, &p)| p * f(lo + i as u64))
            .sum()
    };
    let m = mean(lo, &law);
    let mut var1 = 0.0;
    let mut cov = 0.0;
    let q = 1.0 / (k - 1) as f64;
    for (i, &pa) in law.iter().enumerate() {
        let a = lo + i as u64;
        let fa = f(a) - m;
        var1 += pa * fa * fa;
        let (lo2, given) = binomial_window(n - a, q);
        cov += pa * fa * (mean(lo2, &given) - m);
    }
    let kf = k as f64;
    (kf * m, kf * var1 + kf * (kf - 1.0) * cov)
}

/// The G-test of `counts` against equal expected counts: G divided by
/// `c`, on `ν` degrees of freedom, where `c · χ²(ν)` has G's mean and
/// variance under the multinomial law ([`g_moments`]; Satterthwaite:
/// `c = σ² / (2μ)`, `ν = 2μ² / σ²`). With a few expected per cell G's mean
/// exceeds `k − 1` by more than Williams' correction removes (1.3 % at 5
/// expected; five standard deviations over the 362,880 arrangements of 9
/// cards, where a fair shuffle failed). Where every cell expects at least
/// [`WILLIAMS_FROM`], Williams' moments `(k − 1) q` and `2 (k − 1) q²`,
/// `q = 1 + (k + 1) / (6N)`, are used: there the two agree to 1e-6.
pub fn g_uniform(name: TestName, counts: &[u64]) -> TestResult {
    let n: u64 = counts.iter().sum();
    let k = counts.len() as f64;
    let e = n as f64 / k;
    let g = counts.iter().map(|&o| g_term(o, e)).sum::<f64>().max(0.0);
    if e >= WILLIAMS_FROM {
        // `c · χ²(ν)` with Williams' moments is `q · χ²(k − 1)`.
        let q = 1.0 + (k + 1.0) / (6.0 * n as f64);
        return TestResult::chi2(name, g / q, k - 1.0, n, e);
    }
    let (mean, var) = g_moments(counts.len() as u64, n);
    if !(var > 0.0 && mean > 0.0) {
        // One cell, or no draws: nothing varies, nothing to test.
        return TestResult::chi2(name, 0.0, (k - 1.0).max(0.0), n, e);
    }
    let c = var / (2.0 * mean);
    let df = 2.0 * mean * mean / var;
    TestResult::chi2(name, g / c, df, n, e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hypothesis::fit::ln_chi2_sf;

    /// Every way `n` draws fall into `k` cells, with its multinomial
    /// probability.
    fn every_table(k: usize, n: u64) -> Vec<(Vec<u64>, f64)> {
        fn walk(k: usize, left: u64, table: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if table.len() + 1 == k {
                table.push(left);
                out.push(table.clone());
                table.pop();
                return;
            }
            for o in 0..=left {
                table.push(o);
                walk(k, left - o, table, out);
                table.pop();
            }
        }
        let mut tables = Vec::new();
        walk(k, n, &mut Vec::new(), &mut tables);
        let ln_fact = |x: u64| (1..=x).map(|i| (i as f64).ln()).sum::<f64>();
        tables
            .into_iter()
            .map(|t| {
                let ln_p = ln_fact(n)
                    - t.iter().map(|&o| ln_fact(o)).sum::<f64>()
                    - n as f64 * (k as f64).ln();
                (t, ln_p.exp())
            })
            .collect()
    }

    fn g_of(t: &[u64]) -> f64 {
        let e = t.iter().sum::<u64>() as f64 / t.len() as f64;
        t.iter().map(|&o| g_term(o, e)).sum()
    }

    #[test]
    fn the_moments_are_those_of_every_table() {
        for (k, n) in [(2usize, 7u64), (3, 15), (6, 30), (4, 40), (6, 12)] {
            let tables = every_table(k, n);
            let mean: f64 = tables.iter().map(|(t, p)| p * g_of(t)).sum();
            let var: f64 = tables
                .iter()
                .map(|(t, p)| p * (g_of(t) - mean).powi(2))
                .sum();
            let (m, v) = g_moments(k as u64, n);
            assert!((m - mean).abs() < 1e-9 * mean, "k {k} n {n}: {m} vs {mean}");
            assert!((v - var).abs() < 1e-8 * var, "k {k} n {n}: {v} vs {var}");
        }
    }

    #[test]
    fn the_exact_law_of_a_small_table_is_rejected_at_its_level() {
        // Six cells, five expected each (3 cards, 30 decks): the share of
        // all tables whose p-value falls below the level, against the
        // level. Williams' correction alone rejects 1.14 and 1.26 times
        // too often at 0.05 and 0.01; the moment-matched law 1.02 and 1.04.
        let tables = every_table(6, 30);
        let reference = g_uniform(TestName::PERMUTATION_G, &tables[0].0);
        let scale = g_of(&tables[0].0) / reference.statistic;
        for (t, _) in tables.iter().step_by(997) {
            let r = g_uniform(TestName::PERMUTATION_G, t);
            assert_eq!(r.df, reference.df);
            assert!((r.statistic * scale - g_of(t)).abs() < 1e-9 * (1.0 + g_of(t)));
        }
        let rate = |alpha: f64, p: &dyn Fn(f64) -> f64| -> f64 {
            tables
                .iter()
                .filter(|(t, _)| p(g_of(t)) < alpha)
                .map(|(_, w)| w)
                .sum::<f64>()
                / alpha
        };
        let matched = |g: f64| ln_chi2_sf(g / scale, reference.df).exp();
        let williams = |g: f64| ln_chi2_sf(g / (1.0 + 7.0 / 180.0), 5.0).exp();
        for alpha in [0.05, 0.01] {
            let r = rate(alpha, &matched);
            assert!((r - 1.0).abs() < 0.06, "{r} times the level {alpha}");
            let w = rate(alpha, &williams);
            assert!(w > 1.12, "Williams: {w} times the level {alpha}");
        }
    }

    #[test]
    fn the_moments_match_williams_where_cells_are_full() {
        for k in [6u64, 120, 40_320] {
            let n = (WILLIAMS_FROM as u64) * k;
            let (m, v) = g_moments(k, n);
            let q = 1.0 + (k + 1) as f64 / (6.0 * n as f64);
            let df = (k - 1) as f64;
            assert!((m / (df * q) - 1.0).abs() < 1e-6, "k {k}: mean {m}");
            assert!(
                (v / (2.0 * df * q * q) - 1.0).abs() < 3e-6,
                "k {k}: var {v}"
            );
        }
    }

    #[test]
    fn p_values_agree_on_both_sides_of_the_switch_to_williams() {
        // A table just below the switch, by its exact moments, against
        // Williams' p-value of the same table: cells alternately `d` above
        // and below 990, `d` putting G three standard deviations out.
        for k in [6usize, 720] {
            let d = (990.0 * (1.0 + 3.0 * (2.0 / k as f64).sqrt()))
                .sqrt()
                .round() as u64;
            let table: Vec<u64> = (0..k)
                .map(|i| if i % 2 == 0 { 990 + d } else { 990 - d })
                .collect();
            let n: u64 = table.iter().sum();
            assert!((n as f64 / k as f64) < WILLIAMS_FROM);
            let exact = g_uniform(TestName::PERMUTATION_G, &table);
            let q = 1.0 + (k as f64 + 1.0) / (6.0 * n as f64);
            let williams = ln_chi2_sf(g_of(&table) / q, (k - 1) as f64).exp();
            assert!((1e-4..0.05).contains(&williams), "k {k}: p {williams}");
            assert!(
                (exact.p_value / williams - 1.0).abs() < 1e-3,
                "k {k}: {} vs {williams}",
                exact.p_value
            );
        }
    }

    #[test]
    fn the_nine_card_case_that_failed_is_an_ordinary_table() {
        // 1.9 million decks of 9 cards: G's exact mean is 378,724, over
        // its Williams-corrected 362,879 degrees of freedom by 4.8
        // standard deviations.
        let (m, v) = g_moments(362_880, 1_900_000);
        let q = 1.0 + 362_881.0 / (6.0 * 1_900_000.0);
        let excess = (m / q - 362_879.0) / (v.sqrt() / q);
        assert!((4.5..5.0).contains(&excess), "{excess}");
        assert!((m - 378_724.4).abs() < 1.0, "{m}");
    }
}
