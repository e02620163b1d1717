//! Each test against published values or exact computations.

use super::*;

#[test]
fn a_law_with_one_possible_cell_tests_nothing() {
    let t = pearson_expected(TestName::POSITION_ROW, &[0, 40, 0], &[0.0, 1.0, 0.0]);
    assert_eq!((t.df, t.p_value, t.statistic), (0.0, 1.0, 0.0));
    // A count where the law puts nothing is still impossible.
    let t = pearson_expected(TestName::POSITION_ROW, &[1, 39, 0], &[0.0, 1.0, 0.0]);
    assert_eq!(t.p_value, 0.0);
    assert!(t.log10_p.is_finite() && t.log10_p < -1e300);
    assert!(t.statistic.is_finite() && t.statistic > 1e300);
}

#[test]
fn chi2_tail_matches_statrs_and_continues_below_underflow() {
    for &(x, df) in &[
        (3.84, 1.0),
        (100.0, 50.0),
        (500.0, 200.0),
        (1e6 + 3000.0, 1e6),
    ] {
        let direct = gamma_ur(df / 2.0, x / 2.0).ln();
        assert!(
            (ln_chi2_sf(x, df) - direct).abs() < 1e-9,
            "x = {x}, df = {df}"
        );
    }
    // Where statrs gives 0, the log tail is finite and continuous with it.
    let x = 3000.0;
    assert_eq!(gamma_ur(2.5, x / 2.0), 0.0);
    let lp = ln_chi2_sf(x, 5.0);
    // Q(a, z) ~ z^(a-1) e^-z / Γ(a): ln ≈ 1.5 ln 1500 - 1500 - ln Γ(2.5).
    let approx = 1.5 * 1500f64.ln() - 1500.0 - ln_gamma(2.5);
    assert!((lp - approx).abs() < 1e-2, "{lp} vs {approx}");
    // The continued fraction agrees with statrs wherever both are representable.
    for &(a, z) in &[(2.5, 650.0), (50.0, 300.0), (2.5, 10.0), (500.0, 700.0)] {
        let q = gamma_ur(a, z);
        assert!(q > 1e-290);
        assert!(
            (ln_gamma_q_cf(a, z) - q.ln()).abs() < 1e-9 * q.ln().abs().max(1.0),
            "a = {a}, z = {z}"
        );
    }
}

#[test]
fn binomial_two_sided_matches_exact_sums() {
    // Binomial(10, 1/2): P(X = 0) = 1/1024, P(X >= 9) = 11/1024.
    assert!((binomial_two_sided(0, 10, 0.5) - 2.0 / 1024.0).abs() < 1e-15);
    assert!((binomial_two_sided(9, 10, 0.5) - 22.0 / 1024.0).abs() < 1e-15);
    assert_eq!(binomial_two_sided(5, 10, 0.5), 1.0);
    // One shuffle of 52 cards: a card seen where the law gives 1/52 is
    // a 1-in-52 event, nothing more (a normal z would call it 7.1 sd).
    assert!((binomial_two_sided(1, 1, 1.0 / 52.0) - 2.0 / 52.0).abs() < 1e-15);
    // Impossible and certain cells.
    assert_eq!(binomial_two_sided(1, 100, 0.0), 0.0);
    assert_eq!(binomial_two_sided(0, 100, 0.0), 1.0);
    assert_eq!(binomial_two_sided(99, 100, 1.0), 0.0);
}

#[test]
fn binomial_band_matches_exact_sums() {
    // Binomial(200, 0.05), summed exactly: P(X <= 1) = 4.04e-4 and P(X <= 2) = 2.34e-3,
    // so the band starts at 2; P(X > 20) = 1.16e-3 and P(X > 21) = 4.81e-4, so it ends at 21.
    assert_eq!(binomial_band(200, 0.05, 0.0005), (2, 21));
    // Binomial(320, 0.001), summed exactly: P(X > 2) = 4.27e-3, P(X > 3) = 3.33e-4.
    assert_eq!(binomial_band(320, 0.001, 0.0005).1, 3);
}

#[test]
fn chi2_critical_values_match_tables() {
    // Standard table: χ²(1) 0.05 -> 3.841, χ²(10) 0.01 -> 23.209.
    assert!((chi2_critical(1.0, 0.05) - 3.841).abs() < 1e-3);
    assert!((chi2_critical(10.0, 0.01) - 23.209).abs() < 1e-3);
    // χ²(1) is a squared normal: the critical value at α is z² with
    // ln erfc(z / √2) = ln α, solved to 40 digits: c = 87.1617334269 at
    // 1e-20, 453.943082239 at 1e-100, 1373.87263122 at 1e-300.
    assert!((chi2_critical(1.0, 1e-20) - 87.161_733_426_9).abs() < 1e-8);
    assert!((chi2_critical(1.0, 1e-100) - 453.943_082_239).abs() < 1e-7);
    assert!((chi2_critical(1.0, 1e-300) - 1_373.872_631_22).abs() < 1e-6);
    // χ²(2) is exponential with mean 2: c = -2 ln α, at any α.
    for alpha in [
        0.5,
        1e-3,
        1e-12,
        1e-20,
        1e-100,
        1e-300,
        f64::MIN_POSITIVE,
        5e-324,
    ] {
        let c = chi2_critical(2.0, alpha);
        assert!((c + 2.0 * alpha.ln()).abs() < 1e-9 * c, "{alpha}: {c}");
    }
    // Every level in (0, 1) gives a finite value, increasing as α falls.
    let mut last = 0.0;
    for e in (1..=323).step_by(7) {
        let alpha: f64 = format!("1e-{e}").parse().unwrap();
        let c = chi2_critical(2704.0, alpha);
        assert!(c.is_finite() && c > last, "1e-{e}: {c}");
        last = c;
    }
}

#[test]
fn ks_matches_published_critical_values() {
    // Two-sided one-sample KS critical values at α = 0.05 (Miller 1956):
    // n = 10: 0.40925, n = 20: 0.29408; at α = 0.01, n = 20: 0.35241.
    assert!((ks_pvalue(10, 0.40925) - 0.05).abs() < 5e-4);
    assert!((ks_pvalue(20, 0.29408) - 0.05).abs() < 5e-4);
    assert!((ks_pvalue(20, 0.35241) - 0.01).abs() < 1e-4);
    // Large n: the asymptotic 1.3581 / sqrt(n) is close at α = 0.05.
    assert!((ks_pvalue(1000, 1.3581 / 1000f64.sqrt()) - 0.05).abs() < 3e-3);
    assert_eq!(ks_pvalue(5, 0.0), 1.0);
}

#[test]
fn the_one_sided_ks_law_is_birnbaum_and_tingeys() {
    // One value: D⁺ = 1 − U.
    for d in [0.1, 0.5, 0.9] {
        assert!((ks_upper_pvalue(1, d) - (1.0 - d)).abs() < 1e-15);
    }
    // Two values: D⁺ ≥ 1/2 exactly when the larger is at most 1/2.
    assert!((ks_upper_pvalue(2, 0.5) - 0.25).abs() < 1e-15);
    // Large n: Smirnov's limit exp(−2 n d²) with Stephens's correction
    // d (√n + 0.12 + 0.11/√n): 0.05 at the limit's critical value.
    let n = 1000f64;
    let c = (0.05f64.ln() / -2.0).sqrt();
    let d = c / (n.sqrt() + 0.12 + 0.11 / n.sqrt());
    assert!(
        (ks_upper_pvalue(1000, d) - 0.05).abs() < 1e-3,
        "{}",
        ks_upper_pvalue(1000, d)
    );
    assert_eq!(ks_upper_pvalue(5, 0.0), 1.0);
    assert_eq!(ks_upper_pvalue(5, 1.0), 0.0);
    // Monotone in d.
    let ps: Vec<f64> = (1..20)
        .map(|k| ks_upper_pvalue(50, k as f64 / 20.0))
        .collect();
    assert!(ps.windows(2).all(|w| w[1] <= w[0]), "{ps:?}");
}

#[test]
fn the_one_sided_ks_rejects_small_p_values_and_not_atoms_at_one() {
    // p-values of a discrete exact test: an atom at 1 (as a chi-square
    // of counts that hit their expectation) is no evidence of bias; the
    // two-sided test calls it one.
    let atoms: Vec<f64> = (0..20)
        .map(|i| {
            if i % 3 == 0 {
                1.0
            } else {
                (i as f64 + 0.5) / 20.0
            }
        })
        .collect();
    assert!(
        ks_uniform_upper(&atoms).1 > 0.5,
        "{:?}",
        ks_uniform_upper(&atoms)
    );
    assert!(ks_uniform(&[1.0, 1.0]).1 < 0.05);
    assert_eq!(ks_uniform_upper(&[1.0, 1.0]), (0.0, 1.0));
    // p-values squashed towards 0: caught.
    let small: Vec<f64> = (0..200)
        .map(|i| ((i as f64 + 0.5) / 200.0).powi(2))
        .collect();
    assert!(ks_uniform_upper(&small).1 < 1e-6);
}

#[test]
fn ks_of_evenly_spread_values_does_not_reject() {
    let p: Vec<f64> = (0..200).map(|i| (i as f64 + 0.5) / 200.0).collect();
    let (d, pv) = ks_uniform(&p);
    assert!((d - 0.0025).abs() < 1e-12);
    assert!(pv > 0.999);
    let skewed: Vec<f64> = p.iter().map(|x| x * x).collect();
    assert!(ks_uniform(&skewed).1 < 1e-6);
}

#[test]
fn noncentral_chi2_matches_known_values() {
    // λ = 0 is the central law.
    assert!((noncentral_chi2_sf(3.841, 1.0, 0.0) - 0.05).abs() < 1e-4);
    // The power of a 1-df test at α = 0.05 with λ = 7.849 is 0.80
    // (z = 1.96 + 0.8416, λ = z²); with λ = 10.507 it is 0.90.
    assert!((noncentral_chi2_sf(3.8415, 1.0, 7.849) - 0.80).abs() < 1e-3);
    assert!((noncentral_chi2_sf(3.8415, 1.0, 10.507) - 0.90).abs() < 1e-3);
    // Mean df + λ: the tail at a far point is near 1 or 0.
    assert!(noncentral_chi2_sf(10.0, 4.0, 400.0) > 0.999_999);
    assert!(noncentral_chi2_sf(1000.0, 4.0, 40.0) < 1e-12);
    // Far in the tail (a critical value at α = 1e-300) the terms stay
    // finite: no panic, and noncentrality 0 gives back α.
    let c = chi2_critical(9.0, 1e-300);
    let p = noncentral_chi2_sf(c, 9.0, 0.0);
    assert!((p.log10() + 300.0).abs() < 1e-6, "{p}");
    let big = noncentral_chi2_sf(c, 9.0, 4000.0);
    assert!(big > 0.999 && big <= 1.0, "{big}");
}

/// `P(X > x)` for one degree of freedom in closed form: `X = (Z + √λ)²`, so
/// `P(X > x) = Φc(√x - √λ) + Φc(√x + √λ)`.
fn noncentral_chi2_sf_one_df(x: f64, lambda: f64) -> f64 {
    let z = statrs::distribution::Normal::standard();
    let (a, b) = (x.sqrt(), lambda.sqrt());
    z.sf(a - b) + z.sf(a + b)
}

#[test]
fn noncentral_chi2_matches_the_closed_form_for_one_df() {
    // From a noncentrality of 1e-3 to 4e8 (the position test of a strongly
    // biased shuffle run 10^6 times), around the mean and in both tails.
    for lambda in [1e-3f64, 0.7, 7.849, 55.0, 1e3, 3.3e4, 2e6, 4.4e7, 4e8] {
        let mean = 1.0 + lambda;
        let sd = (2.0 + 4.0 * lambda).sqrt();
        for k in [-8.0, -3.0, -1.0, 0.0, 0.5, 2.0, 6.0, 12.0] {
            let x = mean + k * sd;
            if x <= 0.0 {
                continue;
            }
            let (ours, closed) = (
                noncentral_chi2_sf(x, 1.0, lambda),
                noncentral_chi2_sf_one_df(x, lambda),
            );
            let err = (ours - closed).abs() / closed.max(1e-300);
            // statrs's regularised gamma is good to ~1e-10; at a large shape
            // a = μ its prefactor exp(a ln z - ln Γ(a) - z) loses about
            // ε · μ ln μ to cancellation (4e-7 at λ = 4e8).
            let mu = lambda / 2.0;
            let tolerance = 1e-9 + 4.0 * f64::EPSILON * mu * (mu + 2.0).ln();
            assert!(
                err < tolerance,
                "x {x} lambda {lambda}: {ours} vs {closed} (relative {err:e})"
            );
        }
    }
}

#[test]
fn noncentral_chi2_is_one_far_below_a_large_mean() {
    // The position test of 52 cards (df = 51^2) at its 1e-4 critical value
    // with a noncentrality of 4.4e7: the mean is 15,000 sd above the
    // critical value, so the power is 1 to every digit a double has.
    let c = chi2_critical(2601.0, 1e-4);
    assert_eq!(noncentral_chi2_sf(c, 2601.0, 4.4e7), 1.0);
    // And 2 sd below the mean it is Φ(2) to the accuracy of the normal
    // approximation at this df (skewness ~ 2^1.5 / sqrt(df + 3λ) ~ 1e-3).
    let lambda = 2e5f64;
    let sd = (2.0 * (2601.0 + 2.0 * lambda)).sqrt();
    let p = noncentral_chi2_sf(2601.0 + lambda - 2.0 * sd, 2601.0, lambda);
    assert!((p - 0.977_249_868).abs() < 2e-3, "{p}");
}

#[test]
fn tests_on_flat_counts_accept_and_on_skewed_counts_reject() {
    let flat = vec![1000u64; 24];
    let t = pearson_uniform(TestName::PERMUTATION_CHI2, &flat);
    assert_eq!((t.statistic, t.df, t.p_value), (0.0, 23.0, 1.0));
    let mut skew = flat.clone();
    skew[0] += 400;
    skew[1] -= 400;
    let t = pearson_uniform(TestName::PERMUTATION_CHI2, &skew);
    assert!((t.statistic - 320.0).abs() < 1e-9);
    assert!(t.p_value < 1e-50);
    assert!((t.log10_p - t.p_value.log10()).abs() < 1e-9);
    let g = g_uniform(TestName::PERMUTATION_G, &skew);
    assert!(g.p_value < 1e-50 && g.statistic > 300.0);
}

#[test]
fn position_statistic_is_the_corrected_sum() {
    // Two shuffles of 2 cards: identity and swap -> every cell 1 of expected 1.
    let t = position_test(&[1, 1, 1, 1], 2, 2);
    assert_eq!((t.statistic, t.df), (0.0, 1.0));
    let t = position_test(&[4, 0, 0, 4], 2, 4);
    // X² = 4 * (2² / 2) = 8, corrected by 1/2 -> 4.
    assert_eq!(t.statistic, 4.0);
    assert_eq!(
        position_test_uncorrected(&[4, 0, 0, 4], 2, 4).statistic,
        8.0
    );
    assert!((max_relative_deviation(&[4, 0, 0, 4], 2, 4) - 1.0).abs() < 1e-12);
}

#[test]
fn empirical_tv_and_its_noise_floor() {
    assert_eq!(empirical_tv(&[5, 5]), 0.0);
    assert_eq!(empirical_tv(&[10, 0]), 0.5);
    // k = 2, N = 10^6: 0.5 * 2 * sqrt(2 * 0.25 / (π 10^6)) ≈ 3.99e-4.
    assert!((tv_noise_floor(2, 1_000_000) - 3.989e-4).abs() < 1e-6);
}

#[test]
fn the_exact_tail_sums_the_multinomial() {
    use Divergence::{CressieRead, Pearson};
    // Two fair cells, two draws: X² is 2 for (0, 2) and (2, 0), 0 for
    // (1, 1).
    let half = 0.5f64.log10();
    assert!((exact_log10_p(Pearson, 2, &[0.5, 0.5], 2.0).unwrap() - half).abs() < 1e-12);
    assert_eq!(exact_log10_p(Pearson, 2, &[0.5, 0.5], 0.0), Some(0.0));
    // The power divergence of (0, 2): 1.2 · 1 for the empty cell, and
    // 1.8 · (2 (2^(2/3) − 1) − 2/3) for the full one.
    let s = 1.2 + 1.8 * (2.0 * (2f64.powf(2.0 / 3.0) - 1.0) - 2.0 / 3.0);
    let t = fit_expected(CressieRead, TestName::REPEATS, &[0, 2], &[0.5, 0.5]);
    assert!((t.statistic - s).abs() < 1e-12, "{t:?}");
    assert!((t.log10_p - half).abs() < 1e-12, "{t:?}");
    assert!((exact_log10_p(CressieRead, 2, &[0.5, 0.5], s).unwrap() - half).abs() < 1e-12);
    // Too many tables: the chi-square decides.
    assert_eq!(compositions(10_000, 3), 10_002.0 * 10_001.0 / 2.0);
    assert_eq!(exact_log10_p(Pearson, 10_000, &[0.2, 0.3, 0.5], 1.0), None);
    assert_eq!(exact_log10_p(Pearson, 5, &[1.0], 0.0), None);
}

#[test]
fn the_power_divergence_is_pearsons_near_the_expectation_and_lighter_far_above() {
    use Divergence::{CressieRead, Pearson};
    for e in [5.0f64, 10.0, 1e6, 1e12] {
        // Near E both are (O − E)² / E to first order.
        let o = e + e.sqrt() * 1e-3;
        let (p, c) = (Pearson.term(o, e), CressieRead.term(o, e));
        assert!((c / p - 1.0).abs() < 1e-3, "E {e}: {c} vs {p}");
        assert_eq!(CressieRead.term(e, e), 0.0);
        // Three standard deviations above, the power divergence grows
        // less than Pearson's term: the lighter tail of a small cell.
        let o = e + 3.0 * e.sqrt();
        assert!(CressieRead.term(o, e) < Pearson.term(o, e), "E {e}");
        // An empty cell: 2E/(λ + 1).
        assert!((CressieRead.term(0.0, e) - 1.2 * e).abs() < 1e-9 * e);
    }
}

#[test]
fn the_exact_test_never_rejects_more_than_its_level_where_the_chi_square_does() {
    // Every table of 25 decks of 5 cards' successions, pooled as the
    // battery pools them: the exact test's size is at most the level; the
    // chi-square reference's is not (what the sweep found).
    use crate::hypothesis::battery::{BATTERY_MIN_EXPECTED, Statistic, null, pool};
    let n = 25u64;
    let full = null(Statistic::Successions, 5);
    let zeros = vec![0u64; full.len()];
    let (_, law) = pool(&zeros, &full, n, BATTERY_MIN_EXPECTED);
    let law: [f64; 2] = law.try_into().expect("two pooled cells");
    let name = TestName::REPEATS;
    let ln_fact = |m: u64| (1..=m).map(|i| (i as f64).ln()).sum::<f64>();
    for alpha in [0.01, 0.05] {
        let (mut exact, mut chi2) = (0.0, 0.0);
        for a in 0..=n {
            let c = [a, n - a];
            let pmf = (ln_fact(n)
                + c.iter()
                    .zip(&law)
                    .map(|(&k, &q)| k as f64 * q.ln() - ln_fact(k))
                    .sum::<f64>())
            .exp();
            let t = pearson_expected(name, &c, &law);
            if t.p_value < alpha {
                exact += pmf;
            }
            if TestResult::chi2(name, t.statistic, 1.0, n, 5.0).p_value < alpha {
                chi2 += pmf;
            }
        }
        eprintln!("alpha {alpha}: exact {exact:.4}, chi-square {chi2:.4}");
        assert!(exact <= alpha, "alpha {alpha}: exact size {exact}");
        assert!(exact > 0.5 * alpha, "alpha {alpha}: exact size {exact}");
        if alpha == 0.05 {
            assert!(chi2 > 1.3 * alpha, "alpha {alpha}: chi-square size {chi2}");
        }
    }
}

/// Clopper and Pearson's interval against closed forms: no success in
/// `n` gives an upper end `1 − 0.025^(1/n)`, all successes a lower end
/// `0.025^(1/n)`; and 5 of 10 gives 0.1871 to 0.8129 (the textbook
/// figure); the ends' binomial tails are 2.5 % each.
#[test]
fn clopper_pearson_meets_its_closed_forms_and_tails() {
    for n in [1u64, 10, 1000] {
        let (lo, hi) = clopper_pearson(0, n, 0.95);
        assert_eq!(lo, 0.0);
        let want = 1.0 - 0.025f64.powf(1.0 / n as f64);
        assert!((hi - want).abs() < 1e-9, "n = {n}: {hi} vs {want}");
        let (lo, hi) = clopper_pearson(n, n, 0.95);
        assert_eq!(hi, 1.0);
        assert!((lo - (1.0 - want)).abs() < 1e-9, "n = {n}: {lo}");
    }
    let (lo, hi) = clopper_pearson(5, 10, 0.95);
    assert!(
        (lo - 0.1871).abs() < 5e-5 && (hi - 0.8129).abs() < 5e-5,
        "{lo} {hi}"
    );
    let (lo, hi) = clopper_pearson(123, 1000, 0.95);
    let at = |p: f64| Binomial::new(p, 1000).unwrap();
    assert!((at(lo).sf(122) - 0.025).abs() < 1e-7, "lower tail");
    assert!((at(hi).cdf(123) - 0.025).abs() < 1e-7, "upper tail");
}

/// Where statrs 0.19.1's beta inverse never returned (405 throws in
/// 6,000,000 sorts: the upper end) and at other large counts: the
/// ends agree with SciPy 1.17.1's `beta.ppf` (`scipy.stats.beta.ppf(0.025,
/// k, n - k + 1)` and `beta.ppf(0.975, k + 1, n - k)`) to 1e-9 relative.
#[test]
fn clopper_pearson_returns_on_large_counts_and_meets_scipy() {
    for (k, n, lower, upper) in [
        (
            390u64,
            6_000_000u64,
            5.870_842_879_222_085_4e-5,
            7.178_210_081_991_304e-5,
        ),
        (
            517,
            8_000_000,
            5.917_386_225_777_058_7e-5,
            7.044_323_146_322_913e-5,
        ),
        (
            257,
            10_000_000,
            2.265_373_266_994_882e-5,
            2.904_173_889_875_414e-5,
        ),
        (5, 100, 0.016_431_879_182_052_155, 0.112_834_911_105_462_75),
    ] {
        let (lo, hi) = clopper_pearson(k, n, 0.95);
        assert!(
            (lo / lower - 1.0).abs() < 1e-9,
            "{k} of {n}: {lo} vs {lower}"
        );
        assert!(
            (hi / upper - 1.0).abs() < 1e-9,
            "{k} of {n}: {hi} vs {upper}"
        );
    }
}
