//! Power: how many shuffles each test needs to catch a known bias, from
//! the exact law (noncentral chi-square).

use super::{MIN_EXPECTED, min_shuffles_to_test};
use crate::hypothesis::fit::{chi2_critical, noncentral_chi2_sf};
use crate::hypothesis::name::TestName;
use crate::law::exact::ExactDistribution;

/// How many shuffles a test needs to detect a bias, from the exact law.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PowerPlan {
    /// The test.
    pub name: TestName,
    /// Its degrees of freedom.
    pub df: f64,
    /// Noncentrality per shuffle: the test's noncentrality parameter is this
    /// times the number of shuffles.
    pub noncentrality_per_shuffle: f64,
    /// The fewest shuffles that reach the requested power at the requested
    /// significance level, and never fewer than the test needs to run
    /// ([`MIN_EXPECTED`] per cell) (`None` when the law is uniform for
    /// this test).
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub shuffles: Option<f64>,
}

/// The shuffles each test needs to reject uniformity at level `alpha` with
/// probability `power`, for the law `law`; noncentral chi-square
/// approximation with noncentrality `N · Σ (p - u)² / u` (permutation test)
/// and `N (n-1)/n · Σ (P - 1/n)² / (1/n)` (position test, after its
/// `(n-1)/n` correction).
pub fn power_plan(law: &ExactDistribution, alpha: f64, power: f64) -> Vec<PowerPlan> {
    let n = law.deck;
    let k = law.arrangements() as f64;
    let u = 1.0 / k;
    // Each probability in turn, in rank order: no table of n! floats
    // beside the law (the memory check counts the law alone).
    let delta_perm: f64 = (0..law.arrangements())
        .map(|r| (law.probability(r) - u).powi(2) / u)
        .sum();
    let delta_pos = position_noncentrality(n, law.position_matrix().into_iter().flatten());
    vec![
        plan(
            TestName::PERMUTATION_CHI2,
            k - 1.0,
            delta_perm,
            (MIN_EXPECTED * k).ceil(),
            alpha,
            power,
        ),
        position_plan(n, delta_pos, alpha, power),
    ]
}

/// The position test's noncentrality per shuffle for the `n × n` position
/// probabilities `cells`: `(n-1)/n · Σ (p - 1/n)² / (1/n)`.
pub fn position_noncentrality(n: usize, cells: impl Iterator<Item = f64>) -> f64 {
    let cell = 1.0 / n as f64;
    (n as f64 - 1.0) / n as f64 * cells.map(|p| (p - cell).powi(2) / cell).sum::<f64>()
}

/// The position test's plan on `n` cards with noncentrality `delta` per
/// shuffle.
pub fn position_plan(n: usize, delta: f64, alpha: f64, power: f64) -> PowerPlan {
    plan(
        TestName::POSITION_CHI2,
        ((n - 1) * (n - 1)) as f64,
        delta,
        min_shuffles_to_test(n) as f64,
        alpha,
        power,
    )
}

/// A test's plan; a test that needs `min` shuffles to run at all
/// ([`MIN_EXPECTED`] per cell) needs at least that many to detect anything.
fn plan(name: TestName, df: f64, delta: f64, min: f64, alpha: f64, power: f64) -> PowerPlan {
    let shuffles =
        (delta > 1e-300 && df > 0.0).then(|| shuffles_for_power(df, delta, alpha, power).max(min));
    PowerPlan {
        name,
        df,
        noncentrality_per_shuffle: delta,
        shuffles,
    }
}

/// The smallest `N` (to 0.1 %) with `P(χ²(df, N δ) > c_α) >= power`.
pub fn shuffles_for_power(df: f64, delta: f64, alpha: f64, power: f64) -> f64 {
    let c = chi2_critical(df, alpha);
    let reaches = |n: f64| noncentral_chi2_sf(c, df, n * delta) >= power;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while !reaches(hi) {
        lo = hi;
        hi *= 2.0;
        // Only the noncentrality `N δ` matters: a bias of 1e-35 per
        // shuffle needs about 1e37 shuffles, which is still a number.
        if !(hi * delta).is_finite() || hi > 1e300 {
            return f64::INFINITY;
        }
    }
    while hi - lo > 1e-3 * hi && hi - lo > 0.5 {
        let mid = 0.5 * (lo + hi);
        if reaches(mid) { hi = mid } else { lo = mid }
    }
    hi.ceil()
}

/// The fewest decks with which the test of a statistic against its fair
/// law `fair` rejects at level `alpha` with probability `power` when the
/// decks follow `model` instead: cells pooled to
/// [`crate::hypothesis::fit::CHI_SQUARE_MIN_EXPECTED`] as the audit pools
/// them where the chi-square is its reference, noncentrality
/// `N Σ (q − p)² / p` over them (every power divergence's near the fair
/// law, Cressie and Read's included), to 0.1 %, by doubling then
/// bisection, the pooling redone at each `N`. `None` when no number of
/// decks up to `10^15` does.
pub fn decks_for_power(fair: &[f64], model: &[f64], alpha: f64, power: f64) -> Option<f64> {
    use crate::hypothesis::{battery::pool, fit::CHI_SQUARE_MIN_EXPECTED};
    let reaches = |decks: f64| -> bool {
        let (q, p) = pool(model, fair, decks as u64, CHI_SQUARE_MIN_EXPECTED);
        let delta: f64 = q.iter().zip(&p).map(|(q, p)| (q - p).powi(2) / p).sum();
        let df = p.len() as f64 - 1.0;
        df >= 1.0
            && delta > 1e-300
            && noncentral_chi2_sf(chi2_critical(df, alpha), df, decks * delta) >= power
    };
    let (mut lo, mut hi) = (1.0f64, 2.0f64);
    while !reaches(hi) {
        lo = hi;
        hi *= 2.0;
        if hi > 1e15 {
            return None;
        }
    }
    // lo fails, hi reaches; both whole.
    while hi - lo > 1.0 && hi - lo > 1e-3 * hi {
        let mid = (0.5 * (lo + hi)).floor();
        if reaches(mid) { hi = mid } else { lo = mid }
    }
    Some(hi)
}
