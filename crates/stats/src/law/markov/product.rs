//! Exact divergences of the shuffles whose law is the product of their
//! draws (sequential selections: Fisher–Yates from either end, Sattolo, and
//! the seeds' variants of them).

use algorithms::SwapShuffle;
use statrs::function::gamma::ln_gamma;

/// The exact law of a sequential selection, as divergences from the uniform
/// law on all `n!` decks, factorised over its draws.
///
/// With `p_t` the law of draw `t` over its `k_t` results and
/// `s = ln n! - Σ ln k_t` (0 when the draws reach every deck):
/// `χ² = exp(s + Σ ln(k_t Σ p_t²)) - 1`, `KL = s + Σ Σ p_t ln(k_t p_t)`,
/// `ln BC = -s/2 + Σ ln Σ sqrt(p_t / k_t)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProductLaw {
    /// Number of cards.
    pub deck: usize,
    /// `ln(n! / Π k_t)`: 0 when every deck can be dealt, `ln n` for
    /// Sattolo's `(n-1)!` cycles.
    pub ln_missing: f64,
    /// Pearson's χ² divergence `Σ (p - u)² / u` over all `n!` decks.
    pub chi2: f64,
    /// Kullback–Leibler divergence `KL(p ‖ u)`, in nats.
    pub kl: f64,
    /// `ln` of the Bhattacharyya coefficient `Σ sqrt(p u)`.
    pub ln_bhattacharyya: f64,
}

impl ProductLaw {
    /// The law of `swaps` when it is a sequential selection, else `None`.
    pub fn of(swaps: &SwapShuffle) -> Option<ProductLaw> {
        if !swaps.is_sequential_selection() {
            return None;
        }
        let n = swaps.n;
        let mut ks: Vec<u64> = swaps
            .draws()
            .map(|d| d.outcomes() as u64)
            .filter(|&k| k > 1)
            .collect();
        ks.sort_unstable();
        let every_deck = ks.iter().copied().eq(2..=n as u64);
        let ln_missing = if every_deck {
            0.0
        } else {
            ln_gamma(n as f64 + 1.0) - ks.iter().map(|&k| (k as f64).ln()).sum::<f64>()
        };
        let (mut ln_chi2, mut kl, mut ln_bc) = (ln_missing, ln_missing, -ln_missing / 2.0);
        for draw in swaps.draws() {
            let k = draw.outcomes();
            let total = draw.total_weight();
            // e_r = k p_r - 1 = (k w_r - W) / W: the numerator in whole
            // numbers (k w_r <= 2^72), so that a bias of one word in 2^64
            // is not lost to rounding.
            let e: Vec<f64> = (0..k as u64)
                .map(|r| {
                    let d = (k * draw.weight(r)) as i128 - total as i128;
                    d as f64 / total as f64
                })
                .collect();
            let kf = k as f64;
            ln_chi2 += (e.iter().map(|e| e * e).sum::<f64>() / kf).ln_1p();
            // Σ e_r = 0 exactly, so Σ (1 + e) ln(1 + e) = Σ [(1 + e) ln(1 + e) - e]
            // and Σ (sqrt(1 + e) - 1) = Σ -e² / (2 (1 + sqrt(1 + e))²): each
            // term of order e², with no cancellation between terms.
            kl += e.iter().map(|&e| kl_term(e)).sum::<f64>() / kf;
            ln_bc += (e
                .iter()
                .map(|&e| -e * e / (2.0 * (1.0 + (1.0 + e).sqrt()).powi(2)))
                .sum::<f64>()
                / kf)
                .ln_1p();
        }
        Some(ProductLaw {
            deck: n,
            ln_missing,
            chi2: ln_chi2.exp_m1(),
            kl,
            ln_bhattacharyya: ln_bc,
        })
    }

    /// Bounds on the total variation distance from uniform, from the
    /// Hellinger distance `H² = 1 - BC`: `H² <= TV <= sqrt(1 - BC²)`; and
    /// Pinsker's `TV <= sqrt(KL / 2)`, whichever is smaller.
    pub fn tv_bounds(&self) -> (f64, f64) {
        let bc = self.ln_bhattacharyya;
        // abs(): ln BC <= 0, and a uniform law gives -0.0.
        let lower = bc.exp_m1().abs();
        let upper = (2.0 * bc).exp_m1().abs().sqrt().min((self.kl / 2.0).sqrt());
        (lower, upper.min(1.0))
    }

    /// A lower bound on the shuffles *any* test needs to reject uniformity at
    /// level `alpha` with probability `power`: a test's power minus its level
    /// is at most the total variation distance between `N` shuffles and `N`
    /// uniform decks, which is at most `sqrt(1 - BC^(2N))`. No test, however
    /// clever, can do with fewer.
    pub fn shuffles_any_test_needs(&self, alpha: f64, power: f64) -> f64 {
        let gap = power - alpha;
        if gap <= 0.0 {
            return 0.0;
        }
        if self.ln_bhattacharyya == 0.0 {
            return f64::INFINITY;
        }
        ((-gap * gap).ln_1p() / (2.0 * self.ln_bhattacharyya)).ceil()
    }
}

/// `(1 + e) ln(1 + e) - e`, accurate for tiny `e` (its series
/// `e²/2 - e³/6 + e⁴/12 - …` below 1e-4); `1` at `e = -1` (a result that
/// never happens).
fn kl_term(e: f64) -> f64 {
    if e.abs() < 1e-4 {
        e * e * (0.5 - e / 6.0 + e * e / 12.0)
    } else if e <= -1.0 {
        1.0
    } else {
        (1.0 + e) * e.ln_1p() - e
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::exact::{Limits, exact_distribution};
    use algorithms::registry::find;

    fn swaps(id: &str, n: usize) -> SwapShuffle {
        find(id).unwrap().algorithm.swap_shuffle(n).unwrap()
    }

    #[test]
    fn product_divergences_match_the_enumerated_law() {
        for id in [
            "fisher-yates-mod15",
            "poker-fixed-rand15",
            "fisher-yates",
            "sattolo",
            "blog-fisher-yates",
        ] {
            for n in 2..=6 {
                let s = swaps(id, n);
                let law = ProductLaw::of(&s).unwrap();
                let entry = find(id).unwrap();
                let exact = exact_distribution(&entry.algorithm, n, &Limits::default()).unwrap();
                let u = 1.0 / exact.arrangements() as f64;
                let ps = exact.probabilities();
                let chi2: f64 = ps.iter().map(|p| (p - u).powi(2) / u).sum();
                let kl: f64 = ps
                    .iter()
                    .filter(|&&p| p > 0.0)
                    .map(|p| p * (p / u).ln())
                    .sum();
                let bc: f64 = ps.iter().map(|p| (p * u).sqrt()).sum();
                let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1e-12);
                assert!(
                    close(law.chi2, chi2),
                    "{id} n={n}: χ² {} vs {chi2}",
                    law.chi2
                );
                assert!(close(law.kl, kl), "{id} n={n}: KL {} vs {kl}", law.kl);
                assert!(
                    (law.ln_bhattacharyya - bc.ln()).abs() < 1e-12,
                    "{id} n={n}: ln BC {} vs {}",
                    law.ln_bhattacharyya,
                    bc.ln()
                );
                let tv = exact.total_variation().lower;
                let (lo, hi) = law.tv_bounds();
                assert!(
                    lo <= tv + 1e-15 && tv <= hi + 1e-15,
                    "{id} n={n}: {lo} <= {tv} <= {hi}"
                );
            }
        }
    }

    #[test]
    fn only_sequential_selections_have_a_product_law() {
        assert!(ProductLaw::of(&swaps("naive-swap", 52)).is_none());
        let fy = ProductLaw::of(&swaps("fisher-yates", 52)).unwrap();
        assert_eq!((fy.chi2, fy.kl, fy.ln_bhattacharyya), (0.0, 0.0, 0.0));
        assert_eq!(fy.shuffles_any_test_needs(1e-6, 0.99), f64::INFINITY);
        // Sattolo reaches (n-1)! decks, each with probability 1/(n-1)!.
        let s = ProductLaw::of(&swaps("sattolo", 52)).unwrap();
        assert!((s.chi2 - 51.0).abs() < 1e-9, "{}", s.chi2);
        assert!((s.kl - 52f64.ln()).abs() < 1e-9);
        assert!((s.ln_bhattacharyya + 0.5 * 52f64.ln()).abs() < 1e-9);
    }
}
