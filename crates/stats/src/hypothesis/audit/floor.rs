//! The likelihood-ratio floor: the fewest decks with which any test can
//! tell a known law from the uniform one.
//!
//! By the Neyman–Pearson lemma, the most powerful test of "the decks are
//! uniform" against "the decks follow the law `p`" at level `alpha`
//! rejects when `S = Σ_i ln(n!·p(π_i))`, the log-likelihood ratio of the
//! `N` decks, is large. No test, however clever, needs fewer decks to
//! reach the same power against `p`: this is the floor every audit's
//! decks are measured against.
//!
//! `S` is a sum of `N` independent copies of `X = ln(n!·p(π))`, whose law
//! is known exactly from `p` (under the uniform law, each value with the
//! share of arrangements that have it; under `p`, tilted by `e^X`). Its
//! tails are computed by the saddlepoint approximation of Lugannani and
//! Rice (1980), from the cumulant generating function of `X`, which is
//! exact; the arrangements `p` never deals (`X = −∞`) are carried as a
//! defect of the uniform law, so that a law of small support is told from
//! the uniform one as soon as no deck falls outside it.

use crate::law::exact::ExactDistribution;
use statrs::function::erf::erfc;
use std::collections::BTreeMap;

/// The law of `X = ln(n!·p(π))` for `π` uniform: its values, each with
/// the share of arrangements that have it, and the share `p` never deals.
#[derive(Clone, Debug, PartialEq)]
pub struct LogRatioLaw {
    /// The finite values of `X`, increasing.
    values: Vec<f64>,
    /// `ln` of the share of arrangements with each value.
    log_shares: Vec<f64>,
    /// `ln` of the share of arrangements `p` deals at all (0 when it deals
    /// every one).
    log_support: f64,
}

/// `ln Σ e^{θ v}` over the uniform law's finite part, and the mean and
/// variance of `X` tilted by `e^{θ X}`.
#[derive(Clone, Copy, Debug)]
struct Tilt {
    log_mass: f64,
    mean: f64,
    variance: f64,
}

impl LogRatioLaw {
    /// The law of `X` for `law`, `None` when `law` is uniform (no test can
    /// tell it from the uniform law) or incomplete.
    pub fn of(law: &ExactDistribution) -> Option<LogRatioLaw> {
        if !law.is_complete() {
            return None;
        }
        let mut shares: BTreeMap<u128, u64> = BTreeMap::new();
        for &w in &law.weights {
            *shares.entry(w).or_default() += 1;
        }
        shares.remove(&0);
        if shares.len() < 2 && law.weights.iter().all(|&w| w != 0) {
            return None;
        }
        let k = law.arrangements() as f64;
        let dealt: u64 = shares.values().sum();
        // X = ln(w / D) + ln(n!), each weight converted once.
        let (ln_d, ln_k) = ((law.denominator as f64).ln(), k.ln());
        let (values, log_shares) = shares
            .into_iter()
            .map(|(w, count)| ((w as f64).ln() - ln_d + ln_k, (count as f64).ln() - ln_k))
            .unzip();
        Some(LogRatioLaw {
            values,
            log_shares,
            log_support: (dealt as f64).ln() - ln_k,
        })
    }

    /// The uniform law's finite part tilted by `e^{θX}`.
    fn tilt(&self, theta: f64) -> Tilt {
        let exponents = || {
            self.values
                .iter()
                .zip(&self.log_shares)
                .map(move |(v, s)| (*v, s + theta * v))
        };
        let top = exponents().fold(f64::NEG_INFINITY, |m, (_, a)| m.max(a));
        let (mut s0, mut s1, mut s2) = (0.0, 0.0, 0.0);
        for (v, a) in exponents() {
            let e = (a - top).exp();
            s0 += e;
            s1 += e * v;
            s2 += e * v * v;
        }
        let mean = s1 / s0;
        Tilt {
            log_mass: top + s0.ln(),
            mean,
            variance: (s2 / s0 - mean * mean).max(0.0),
        }
    }

    /// The tilt `θ` whose mean is `x`, by bisection (the mean increases
    /// with `θ`).
    #[cfg(test)]
    fn saddlepoint(&self, x: f64) -> f64 {
        let (mut lo, mut hi) = (-1.0f64, 1.0f64);
        while self.tilt(lo).mean > x && lo > -1e6 {
            lo *= 2.0;
        }
        while self.tilt(hi).mean < x && hi < 1e6 {
            hi *= 2.0;
        }
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if self.tilt(mid).mean < x {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }

    /// `P(S ≥ N·x)` under the uniform law and under `p`, at the
    /// saddlepoint `θ` (whose tilted mean is `x`).
    fn tails(&self, decks: f64, theta: f64) -> (f64, f64) {
        let t = self.tilt(theta);
        let x = t.mean;
        // Under the uniform law: the finite part, renormalised, times the
        // chance that every deck falls in it.
        let finite = self.log_support;
        let uniform = (decks * finite).exp()
            * lugannani_rice(decks, theta, x, t.log_mass - finite, t.variance);
        // Under p: its cumulant generating function is the uniform law's
        // at θ + 1, so its saddlepoint for x is θ − 1.
        let law = lugannani_rice(decks, theta - 1.0, x, t.log_mass, t.variance);
        (uniform, law)
    }

    /// The power of the most powerful test of `decks` decks at level
    /// `alpha`.
    pub fn power(&self, decks: f64, alpha: f64) -> f64 {
        // No deck outside p's support: the test that rejects on that alone
        // has level (share inside)^N; at or below alpha it has power 1.
        if decks * self.log_support <= alpha.ln() {
            return 1.0;
        }
        // The threshold: the θ at which the uniform tail is alpha (it
        // falls as θ grows), between the uniform law's mean and the top.
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        while self.tails(decks, hi).0 > alpha && hi < 1e6 {
            lo = hi;
            hi *= 2.0;
        }
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if self.tails(decks, mid).0 > alpha {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        self.tails(decks, hi).1
    }

    /// The fewest decks with which the most powerful test at level `alpha`
    /// reaches `power`, by doubling then bisection over whole numbers;
    /// `None` beyond `10^15` decks.
    pub fn decks(&self, alpha: f64, power: f64) -> Option<f64> {
        let reaches = |n: f64| self.power(n, alpha) >= power;
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        while !reaches(hi) {
            lo = hi;
            hi *= 2.0;
            if hi > 1e15 {
                return None;
            }
        }
        while hi - lo > 1.0 {
            let mid = (0.5 * (lo + hi)).floor();
            if reaches(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Some(hi)
    }
}

/// Lugannani and Rice's `P(S ≥ N·x)` for a sum of `N` independent copies
/// of a variable whose cumulant generating function at its saddlepoint
/// `theta` for `x` is `k` with second derivative `k2`.
fn lugannani_rice(decks: f64, theta: f64, x: f64, k: f64, k2: f64) -> f64 {
    let w2 = 2.0 * decks * (theta * x - k);
    let w = theta.signum() * w2.max(0.0).sqrt();
    let u = theta * (decks * k2).sqrt();
    let upper = 0.5 * erfc(w / std::f64::consts::SQRT_2);
    if w.abs() < 1e-8 || u.abs() < 1e-12 {
        return upper;
    }
    let density = (-0.5 * w * w).exp() / (2.0 * std::f64::consts::PI).sqrt();
    (upper + density * (1.0 / u - 1.0 / w)).clamp(0.0, 1.0)
}

/// The fewest decks with which the most powerful test of the uniform law
/// against `law` (its log-likelihood ratio) rejects at level `alpha` with
/// probability `power`: the floor of every test's decks. `None` for a
/// uniform or incomplete law, or beyond `10^15` decks.
pub fn likelihood_ratio_decks(law: &ExactDistribution, alpha: f64, power: f64) -> Option<f64> {
    LogRatioLaw::of(law)?.decks(alpha, power)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::law::exact::Method;
    use statrs::distribution::{Binomial, DiscreteCDF};

    fn law(weights: Vec<u128>, denominator: u128) -> ExactDistribution {
        ExactDistribution {
            deck: 3,
            weights,
            denominator,
            paths: 0,
            cut_paths: 0,
            method: Method::BruteForce,
        }
    }

    /// The naive swap on 3 cards: 27 paths, three arrangements with 4 of
    /// them and three with 5. `S` counts the decks `K` on a 5-arrangement:
    /// `K` is binomial (N, 1/2) under the uniform law and (N, 5/9) under
    /// the naive swap, so the most powerful test's power is known exactly.
    #[test]
    fn the_floor_of_the_naive_swap_on_3_cards_is_the_binomial_tests() {
        let naive = law(vec![4, 5, 5, 5, 4, 4], 27);
        let (alpha, power) = (0.01, 0.99);
        let exact = |n: u64| -> f64 {
            // The smallest count whose uniform tail is at most alpha.
            let h0 = Binomial::new(0.5, n).unwrap();
            let h1 = Binomial::new(5.0 / 9.0, n).unwrap();
            // P(K ≥ k) = sf(k − 1); no k at all: the test never rejects.
            (1..=n)
                .find(|&k| h0.sf(k - 1) <= alpha)
                .map_or(0.0, |k| h1.sf(k - 1))
        };
        let exact_decks = (1..20_000u64).find(|&n| exact(n) >= power).unwrap() as f64;
        let floor = likelihood_ratio_decks(&naive, alpha, power).unwrap();
        // K is a lattice variable, and the exact test is not randomised:
        // its power steps up and down by about one step of the binomial
        // (a few percent of its decks at 1,700); the saddlepoint follows
        // the smooth curve through those steps.
        assert!(
            (floor / exact_decks - 1.0).abs() < 0.03,
            "saddlepoint {floor}, exact {exact_decks}"
        );
        // The saddlepoint's mean is the value asked for.
        let x = LogRatioLaw::of(&naive).unwrap();
        let theta = x.saddlepoint(0.01);
        assert!((x.tilt(theta).mean - 0.01).abs() < 1e-12);
    }

    #[test]
    fn a_law_that_never_deals_some_arrangements_is_told_apart_by_its_support() {
        // Half the arrangements never dealt: the test that rejects when no
        // deck falls outside the support has level 2^-N, power 1; 7 decks
        // reach 2^-7 < 0.01.
        let half = law(vec![1, 1, 1, 0, 0, 0], 3);
        assert_eq!(likelihood_ratio_decks(&half, 0.01, 0.99), Some(7.0));
        // The uniform law: no test tells it apart.
        assert_eq!(
            likelihood_ratio_decks(&law(vec![1; 6], 6), 0.01, 0.99),
            None
        );
    }
}
