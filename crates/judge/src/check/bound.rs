//! Bands that a fair shuffle's counts leave with a bounded probability.
//!
//! A count `X` of Binomial(`N`, `p`) exceeds `k > Np` with probability at
//! most `exp(-N·D(k/N ‖ p))`, and falls below `k < Np` with probability at
//! most the same expression (the Chernoff–Hoeffding bound; Hoeffding,
//! "Probability inequalities for sums of bounded random variables", JASA
//! 1963, eq. 2.1), where `D(x ‖ p) = x ln(x/p) + (1−x) ln((1−x)/(1−p))`.
//! The bound holds for every `N` and `p`: no normal approximation, no
//! minimum expected count. A [`Band`] is the set of counts no side of which
//! is that unlikely.

use statrs::distribution::{Binomial, DiscreteCDF};

/// Relative slack on the exponent, so that rounding in `ln` never lets a
/// count through that the bound does not cover.
const EXPONENT_SLACK: f64 = 1e-9;

/// `D(x ‖ p)`, the Kullback–Leibler divergence between Bernoulli(`x`) and
/// Bernoulli(`p`), with `0 ln 0 = 0`.
pub(crate) fn bernoulli_divergence(x: f64, p: f64) -> f64 {
    let term = |a: f64, b: f64| if a == 0.0 { 0.0 } else { a * (a / b).ln() };
    term(x, p) + term(1.0 - x, 1.0 - p)
}

/// The counts of Binomial(`trials`, `p`) that a bounded check accepts: the
/// count must lie in `lo..=hi`. Outside, on either side, lies a probability
/// of at most `side` (so at most `2·side` in all).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    /// Trials.
    pub trials: u64,
    /// The probability of one trial under fairness.
    pub p: f64,
    /// Smallest accepted count.
    pub lo: u64,
    /// Largest accepted count.
    pub hi: u64,
}

impl Band {
    /// The band of Binomial(`trials`, `p`) leaving at most `side` on each
    /// side by the Chernoff–Hoeffding bound, as wide as needed and no wider
    /// (each bound is the nearest count the bound rules out).
    ///
    /// # Panics
    /// When `p` is not in `(0, 1)` or `side` not in `(0, 1)`.
    pub fn chernoff(trials: u64, p: f64, side: f64) -> Band {
        assert!(p > 0.0 && p < 1.0, "Band::chernoff: p = {p}");
        assert!(side > 0.0 && side < 1.0, "Band::chernoff: side = {side}");
        let n = trials as f64;
        let target = -side.ln() * (1.0 + EXPONENT_SLACK);
        let ruled_out = |k: u64| n * bernoulli_divergence(k as f64 / n, p) >= target;
        let mean = n * p;
        // Above the mean the exponent grows with k: the first count ruled
        // out, by bisection; `trials + 1` when none is.
        let first_above = mean.floor() as u64 + 1;
        let hi = if trials == 0 || !ruled_out(trials) {
            trials
        } else {
            let (mut a, mut b) = (first_above.min(trials), trials);
            if ruled_out(a) {
                b = a;
            }
            while a < b {
                let mid = a + (b - a) / 2;
                if ruled_out(mid) { b = mid } else { a = mid + 1 }
            }
            b - 1
        };
        // Below the mean it grows as k falls: the last count ruled out.
        let last_below = mean.ceil() as u64;
        let lo = if trials == 0 || last_below == 0 || !ruled_out(0) {
            0
        } else {
            let (mut a, mut b) = (0, last_below - 1);
            if ruled_out(b) {
                a = b;
            }
            // Invariant: ruled_out(a); find the largest such a.
            while a < b {
                let mid = a + (b - a).div_ceil(2);
                if ruled_out(mid) { a = mid } else { b = mid - 1 }
            }
            a + 1
        };
        Band { trials, p, lo, hi }
    }

    /// Whether `count` lies in the band.
    pub fn accepts(&self, count: u64) -> bool {
        (self.lo..=self.hi).contains(&count)
    }

    /// The probability that a count of Binomial(`trials`, `q`) lands
    /// outside the band: the chance of noticing a cell whose true
    /// probability is `q`.
    pub fn power(&self, q: f64) -> f64 {
        if q <= 0.0 {
            return if self.lo > 0 { 1.0 } else { 0.0 };
        }
        if q >= 1.0 {
            return if self.hi < self.trials { 1.0 } else { 0.0 };
        }
        let b = Binomial::new(q, self.trials).expect("q in (0, 1)");
        let below = if self.lo == 0 {
            0.0
        } else {
            b.cdf(self.lo - 1)
        };
        let above = b.sf(self.hi);
        (below + above).min(1.0)
    }

    /// The smallest relative excess `δ` such that a cell of probability
    /// `p·(1 + δ)` is noticed with probability at least `power`; `None`
    /// when not even a cell of probability 1 is.
    pub fn detects_above(&self, power: f64) -> Option<f64> {
        let max = 1.0 / self.p - 1.0;
        if self.power(1.0) < power {
            return None;
        }
        Some(bisect(0.0, max, |d| {
            self.power(self.p * (1.0 + d)) >= power
        }))
    }

    /// The smallest relative shortfall `δ` such that a cell of probability
    /// `p·(1 − δ)` is noticed with probability at least `power`; `None`
    /// when not even a cell that never happens is.
    pub fn detects_below(&self, power: f64) -> Option<f64> {
        if self.power(0.0) < power {
            return None;
        }
        Some(bisect(0.0, 1.0, |d| {
            self.power(self.p * (1.0 - d)) >= power
        }))
    }

    /// How far outside the band a count is, as the exponent of its
    /// Chernoff bound (larger is less likely under fairness).
    pub fn surprise(&self, count: u64) -> f64 {
        let n = self.trials as f64;
        if n == 0.0 {
            return 0.0;
        }
        n * bernoulli_divergence(count as f64 / n, self.p)
    }
}

/// The smallest `x` in `(lo, hi]` where the monotone `ok` turns true, to a
/// relative precision of 1e-6 (rounded up, so the claim stays true).
fn bisect(mut lo: f64, mut hi: f64, ok: impl Fn(f64) -> bool) -> f64 {
    while hi - lo > 1e-7 * hi.max(1e-12) {
        let mid = 0.5 * (lo + hi);
        if ok(mid) { hi = mid } else { lo = mid }
    }
    hi
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact upper tail `P(X >= k)` of Binomial(n, p), summed in f64
    /// from the pmf by the recurrence (for the small cases below it is
    /// accurate to a few ulps).
    fn upper_tail(n: u64, p: f64, k: u64) -> f64 {
        let mut pmf = (1.0 - p).powi(n as i32);
        let mut total = 0.0;
        for i in 0..=n {
            if i >= k {
                total += pmf;
            }
            pmf *= (n - i) as f64 / (i + 1) as f64 * p / (1.0 - p);
        }
        total
    }

    fn lower_tail(n: u64, p: f64, k: u64) -> f64 {
        let mut pmf = (1.0 - p).powi(n as i32);
        let mut total = 0.0;
        for i in 0..=k.min(n) {
            total += pmf;
            pmf *= (n - i) as f64 / (i + 1) as f64 * p / (1.0 - p);
        }
        total
    }

    #[test]
    fn the_band_leaves_no_more_than_promised_and_is_as_tight_as_the_bound() {
        for &(n, p, side) in &[
            (200u64, 0.5, 1e-3),
            (500, 1.0 / 6.0, 1e-6),
            (1000, 1.0 / 52.0, 1e-4),
            (300, 0.01, 0.05),
            (50, 1.0 / 3.0, 0.2),
        ] {
            let band = Band::chernoff(n, p, side);
            assert!(band.lo as f64 <= n as f64 * p && band.hi as f64 >= n as f64 * p);
            // Exact tails outside the band are within what was promised.
            assert!(upper_tail(n, p, band.hi + 1) <= side, "{band:?}");
            if band.lo > 0 {
                assert!(lower_tail(n, p, band.lo - 1) <= side, "{band:?}");
            }
            // The edges are as tight as the bound allows: one step inwards
            // the bound no longer rules the count out.
            let target = -side.ln();
            assert!(band.surprise(band.hi) < target && band.surprise(band.hi + 1) >= target);
            if band.lo > 0 {
                assert!(band.surprise(band.lo) < target && band.surprise(band.lo - 1) >= target);
            }
        }
    }

    #[test]
    fn a_count_no_bound_rules_out_is_always_accepted() {
        // 10 trials of p = 1/2 leaving 1e-6 per side: even 0 and 10 have
        // probability 2^-10 > 1e-6 and the bound cannot rule them out.
        let band = Band::chernoff(10, 0.5, 1e-6);
        assert_eq!((band.lo, band.hi), (0, 10));
        assert_eq!(band.power(0.0), 0.0);
        assert_eq!(band.detects_below(0.999), None);
    }

    #[test]
    fn power_grows_with_the_bias_and_the_detection_floor_is_where_it_reaches_the_target() {
        let band = Band::chernoff(100_000, 1.0 / 52.0, 1e-10);
        assert!(band.power(1.0 / 52.0) < 1e-9);
        let up = band.detects_above(0.999).unwrap();
        let down = band.detects_below(0.999).unwrap();
        assert!(band.power(band.p * (1.0 + up)) >= 0.999);
        assert!(band.power(band.p * (1.0 + up * 0.99)) < 0.999);
        assert!(band.power(band.p * (1.0 - down)) >= 0.999);
        assert!(band.power(band.p * (1.0 - down * 0.99)) < 0.999);
        // Normal approximation of the same floor: the q whose count exceeds
        // hi + 1/2 by z_0.999 = 3.0902 of its own standard deviations (the
        // lower side of the band is out of reach at this q). Solved by
        // fixed-point iteration; within 1 % of the exact figure.
        let n = 100_000.0f64;
        let mut q = 1.0 / 52.0;
        for _ in 0..100 {
            q = (band.hi as f64 + 0.5 + 3.0902 * (n * q * (1.0 - q)).sqrt()) / n;
        }
        let approx = q * 52.0 - 1.0;
        assert!((up / approx - 1.0).abs() < 0.01, "{up} {approx}");
    }
}
