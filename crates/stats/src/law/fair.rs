//! What a fair shuffle's counts look like, so that a figure can show it:
//! the band every cell of a matrix or histogram stays in, and the envelope
//! the sorted histogram stays in.
//!
//! Each bound holds for all cells (or all ranks) at once with probability
//! at least `1 − alpha`: the per-cell tails are exact binomial tails
//! ([`binomial_band`]), and
//! the union bound (Bonferroni) joins them, so the bands are conservative,
//! never too narrow.

use crate::hypothesis::fit::{binomial_band, first_passing};
use statrs::distribution::{Binomial, DiscreteCDF};

/// The largest relative deviation `|O / E − 1|` that every cell of a fair
/// shuffle's position matrix (`deck²` cells, each a binomial count of
/// `shuffles` draws of probability `1/deck`) stays within, all at once,
/// with probability at least `1 − alpha`.
///
/// The largest of `deck²` cells, not one cell: at 52 cards and a million
/// shuffles one cell's 99 % deviation is 1.8 %, the largest of 2,704 cells'
/// 3.5 %.
pub fn position_spread(deck: usize, shuffles: u64, alpha: f64) -> f64 {
    let cells = (deck * deck) as f64;
    let p = 1.0 / deck as f64;
    let (lo, hi) = binomial_band(shuffles, p, alpha / (2.0 * cells));
    let expected = shuffles as f64 * p;
    (hi as f64 / expected - 1.0).max(1.0 - lo as f64 / expected)
}

/// The band every count of a fair permutation histogram (`k` cells, each a
/// binomial count of `shuffles` draws of probability `1/k`) stays in, all
/// at once, with probability at least `1 − alpha`.
pub fn histogram_band(k: usize, shuffles: u64, alpha: f64) -> (u64, u64) {
    binomial_band(shuffles, 1.0 / k as f64, alpha / (2.0 * k as f64))
}

/// The envelope a fair shuffle's *sorted* permutation histogram stays in:
/// for each rank `r` (1 = the most frequent arrangement), the counts
/// `lo..=hi` its `r`-th largest count lies in, all ranks at once, with
/// probability at least `1 − alpha`.
///
/// Sorting moves a fair histogram's extreme counts to the ends, where a
/// band for one cell would make them look like a defect; this envelope is
/// the law of the order statistics instead. The `r`-th largest of `k`
/// cells is at most `x` exactly when fewer than `r` cells exceed `x`:
/// `P(X₍ᵣ₎ ≤ x) = P(Bin(k, S(x)) ≤ r − 1)` with `S(x) = P(X > x)` of one
/// cell. This treats the `k` cells as independent binomials; a
/// histogram's cells are slightly negatively correlated (their sum is
/// fixed, a covariance of `−N/k²` against a variance of about `N/k`), and
/// the tests check the envelope against sampled histograms.
///
/// # Panics
/// When `k < 2`.
pub fn sorted_envelope(k: usize, shuffles: u64, alpha: f64) -> Vec<(u64, u64)> {
    assert!(k >= 2, "{k} arrangements: at least 2 allowed");
    let cell = Binomial::new(1.0 / k as f64, shuffles).expect("a valid binomial");
    let tail = alpha / (2.0 * k as f64);
    // Every count a rank can take lies in the band of one cell at a far
    // smaller tail; the search runs over it.
    let (min, max) = binomial_band(shuffles, 1.0 / k as f64, tail / k as f64);
    let sf: Vec<f64> = (min..=max).map(|x| cell.sf(x)).collect();
    let below = |r: usize, x: u64| -> f64 {
        // P(X₍ᵣ₎ ≤ x).
        let s = if x < min {
            1.0
        } else {
            sf[(x.min(max) - min) as usize]
        };
        if s <= 0.0 {
            return 1.0;
        }
        if s >= 1.0 {
            return 0.0;
        }
        Binomial::new(s, k as u64)
            .expect("a valid binomial")
            .cdf(r as u64 - 1)
    };
    (1..=k)
        .map(|r| {
            // hi: the smallest x with P(X₍ᵣ₎ > x) ≤ tail.
            let hi = first_passing(min, max, |x| 1.0 - below(r, x) <= tail);
            // lo: the largest x with P(X₍ᵣ₎ < x) ≤ tail.
            let lo = first_passing(min, max, |x| x > 0 && below(r, x - 1) > tail).saturating_sub(1);
            (lo.max(min), hi)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{Histogram, Positions, sample};

    #[test]
    fn the_band_is_the_tightest_the_exact_tails_allow() {
        // Bin(20, 1/2): P(X ≤ 4) = 6196/2^20 = 0.00591, P(X ≤ 5) = 21700/2^20
        // = 0.0207, so at tail 0.01 the band starts at 5 (P(X < 5) ≤ 0.01 <
        // P(X < 6)) and, by symmetry, ends at 15.
        assert_eq!(binomial_band(20, 0.5, 0.01), (5, 15));
        // Bin(10, 0.1): P(X > 3) = 0.0128, P(X > 4) = 0.00163: at tail 0.01
        // the top is 4; P(X < 0) = 0 ≤ tail, P(X < 1) = 0.349: bottom 0.
        assert_eq!(binomial_band(10, 0.1, 0.01), (0, 4));
    }

    #[test]
    fn the_spread_covers_the_largest_cell_not_one_cell() {
        // 52 cards, 10^6 shuffles: one cell's 99 % deviation is
        // 2.576 sqrt(51/10^6) = 1.84 %; the largest of 2,704 cells, at 1 %
        // for all of them, z = 4.63 (Bonferroni): 3.3 %, plus the binomial
        // skew.
        let s = position_spread(52, 1_000_000, 0.01);
        assert!((0.032..0.036).contains(&s), "{s}");
        // It shrinks like 1/sqrt(N).
        let t = position_spread(52, 4_000_000, 0.01);
        assert!((s / t - 2.0).abs() < 0.05, "{s} {t}");
    }

    #[test]
    fn fair_matrices_stay_inside_and_biased_ones_leave() {
        // 13 cards, 100,000 shuffles, seeds 1..=20. Each fair run leaves
        // the spread with probability at most 1 %: 3 or more of 20 runs
        // has probability below 0.0011 (binomial). The naive swap's largest
        // cell at 13 cards is +18 % (exact, Markov chain), far outside.
        let spread = position_spread(13, 100_000, 0.01);
        let run = |id: &str, seed: u64| {
            let a = algorithms::registry::find(id).unwrap().algorithm;
            let p = sample(&a, 13, 100_000, seed, || Positions::new(13), &|_| {});
            crate::hypothesis::fit::max_relative_deviation(&p.counts, 13, 100_000)
        };
        let outside = (1..=20)
            .filter(|&s| run("fisher-yates", s) > spread)
            .count();
        assert!(outside <= 2, "{outside} fair runs of 20 left {spread}");
        for seed in 1..=3 {
            assert!(run("naive-swap", seed) > 2.0 * spread);
        }
    }

    #[test]
    fn sorted_fair_histograms_stay_inside_the_envelope() {
        // 5 cards (120 arrangements), 12,000 shuffles, seeds 1..=30: each
        // fair sorted histogram leaves the 1 % envelope with probability
        // at most 1 % (Bonferroni, conservative); 3 or more of 30 has
        // probability below 0.0036. A pointwise band for one cell at 1 %
        // would be left by most of them (about 1.2 of 120 cells each).
        let env = sorted_envelope(120, 12_000, 0.01);
        assert!(env.windows(2).all(|w| w[0].0 >= w[1].0 && w[0].1 >= w[1].1));
        let sorted = |id: &str, seed: u64| {
            let a = algorithms::registry::find(id).unwrap().algorithm;
            let h = sample(&a, 5, 12_000, seed, || Histogram::new(5), &|_| {});
            let mut c = h.counts.clone();
            c.sort_unstable_by(|a, b| b.cmp(a));
            c
        };
        let inside = |c: &[u64]| c.iter().zip(&env).all(|(&x, &(lo, hi))| lo <= x && x <= hi);
        let outside = (1..=30)
            .filter(|&s| !inside(&sorted("fisher-yates", s)))
            .count();
        assert!(outside <= 2, "{outside} fair runs of 30 left the envelope");
        let (lo, hi) = histogram_band(120, 12_000, 0.01);
        let one_cell = binomial_band(12_000, 1.0 / 120.0, 0.005);
        assert!(lo < one_cell.0 && hi > one_cell.1);
        let pointwise_left = (1..=30)
            .filter(|&s| {
                sorted("fisher-yates", s)
                    .iter()
                    .any(|&x| x < one_cell.0 || x > one_cell.1)
            })
            .count();
        assert!(pointwise_left >= 10, "{pointwise_left}");
        // The naive swap on 5 cards deals its two most likely arrangements
        // 47/3125 of the time, 1.80 times uniform (exact law): 180 decks
        // expected where a fair shuffle's largest count stays near 100.
        assert!(!inside(&sorted("naive-swap", 1)));
    }
}
