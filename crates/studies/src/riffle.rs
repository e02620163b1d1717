//! Riffle shuffles, exactly: after `k` Gilbert–Shannon–Reeds riffles of `n`
//! cards, an arrangement with `r` rising sequences has probability
//! `C(2^k + n − r, n) / 2^(nk)` (Bayer and Diaconis, "Trailing the dovetail
//! shuffle to its lair", Ann. Appl. Probab. 1992), so the whole law is
//! known from the number of arrangements with each `r` (Eulerian numbers)
//! and the total variation distance from uniform is a sum of `n` terms.
//!
//! Sorting by random keys is the same law turned around: a stable sort of
//! `n` cards by independent uniform keys of `b` bits deals an arrangement
//! with `d` descents with probability `C(2^b + n − 1 − d, n) / 2^(nb)`
//! (the keys, read in the dealt order, must not decrease, and must rise at
//! each descent, since tied cards keep their order). That is `b` riffles'
//! law of the inverse arrangement (`r − 1` descents of the inverse for `r`
//! rising sequences), so its distance from uniform is that of `b` riffles:
//! [`total_variation`]`(n, b)`.

use num_bigint::BigUint;
use num_traits::Zero;
use rayon::prelude::*;
use stats::hypothesis::battery::{Statistic, eulerian, null};
use stats::law::fraction::Fraction;

/// The largest deck [`total_variation`] accepts: `1/n!`, the chance of the
/// arrangements with one rising sequence, underflows `f64` above 170.
pub const MAX_RIFFLE_DECK: usize = 170;

/// The most riffles (or key bits) [`total_variation`] accepts (the keys of
/// JavaScript's `Math.random()` have 53).
pub const MAX_RIFFLES: u32 = 53;

/// `ln(p_r · n!)`: the log of how much more likely than uniform an
/// arrangement with `r` rising sequences is after `k` riffles,
/// `Π_{i=1..n} (1 + (i − r) / 2^k)`; `-∞` when `r > 2^k` (the arrangement
/// cannot occur).
pub fn ln_ratio(n: usize, k: u32, r: usize) -> f64 {
    let m = 2f64.powi(k as i32);
    if r as f64 > m {
        return f64::NEG_INFINITY;
    }
    (1..=n).map(|i| ((i as f64 - r as f64) / m).ln_1p()).sum()
}

/// The law of the number of rising sequences after `k` riffles:
/// `law[r]`, `r` in `0..=n` (`law[0] = 0`), the uniform chance of `r`
/// (Eulerian) times [`ln_ratio`]'s ratio.
pub fn rising_sequences_law(n: usize, k: u32) -> Vec<f64> {
    null(Statistic::RisingSequences, n)
        .iter()
        .enumerate()
        .map(|(r, &u)| {
            if u == 0.0 {
                0.0
            } else {
                (u.ln() + ln_ratio(n, k, r)).exp()
            }
        })
        .collect()
}

/// The exact total variation distance between `k` GSR riffles of `n` cards
/// and the uniform law (equally, between a stable sort by `k`-bit random
/// keys and the uniform law), rounded once from
/// [`total_variation_exact`].
///
/// # Panics
/// When `n` is outside `1..=`[`MAX_RIFFLE_DECK`] or `k` above [`MAX_RIFFLES`].
pub fn total_variation(n: usize, k: u32) -> f64 {
    total_variation_exact(n, k).to_f64()
}

/// The exact total variation distance after `k` riffles of `n` cards,
/// `½ Σ_r A(n, r) |p_r − 1/n!|` with `A(n, r)` the Eulerian numbers and
/// `p_r n! = Π_{i=1..n} (2^k + i − r) / 2^(nk)`, all in whole numbers over
/// `2 · 2^(nk) · n!`.
///
/// # Panics
/// When `n` is outside `1..=`[`MAX_RIFFLE_DECK`] or `k` above [`MAX_RIFFLES`].
pub fn total_variation_exact(n: usize, k: u32) -> Fraction {
    assert!(
        (1..=MAX_RIFFLE_DECK).contains(&n),
        "deck of {n} cards: 1..={MAX_RIFFLE_DECK} allowed"
    );
    assert!(k <= MAX_RIFFLES, "{k} riffles: at most {MAX_RIFFLES}");
    let m = 1u64 << k;
    let all_paths = BigUint::from(1u32) << (k as usize * n);
    let mut sum = BigUint::zero();
    for (r, count) in eulerian(n).iter().enumerate().skip(1) {
        // p_r n! 2^(nk): zero once r > 2^k (a factor i = r − 2^k vanishes).
        let scaled = if r as u64 > m {
            BigUint::zero()
        } else {
            (1..=n as u64).fold(BigUint::from(1u32), |acc, i| acc * (m + i - r as u64))
        };
        let deviation = if scaled > all_paths {
            scaled - &all_paths
        } else {
            &all_paths - scaled
        };
        sum += count * deviation;
    }
    let factorial = (1..=n as u64).fold(BigUint::from(1u32), |acc, i| acc * i);
    Fraction::new(sum, BigUint::from(2u32) * all_paths * factorial)
}

/// One number of riffles, sampled.
#[derive(Clone, Debug, PartialEq)]
pub struct RiffleRun {
    /// Riffles per deck.
    pub riffles: u32,
    /// The exact distance from uniform (GSR model only).
    pub exact_total_variation: Option<f64>,
    /// The audit of `shuffles` decks riffled that many times (position
    /// test, battery, collisions).
    pub run: stats::hypothesis::audit::Run,
}

/// Samples `kernel` repeated `1..=max` times on `n` cards, `shuffles` decks
/// each (seed `seed` for every `k`), with the exact distance when the
/// kernel is the GSR riffle.
pub fn sample_riffles(
    kernel: algorithms::Kernel,
    n: usize,
    max: u32,
    shuffles: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<RiffleRun> {
    let gsr = matches!(kernel, algorithms::Kernel::GsrRiffle(_));
    // Rows side by side, so that one row's tests overlap another's
    // shuffles; each row is seeded as on its own.
    (1..=max)
        .into_par_iter()
        .map(|k| RiffleRun {
            riffles: k,
            exact_total_variation: (gsr && n <= MAX_RIFFLE_DECK && k <= MAX_RIFFLES)
                .then(|| total_variation(n, k)),
            run: stats::hypothesis::audit::run(
                &algorithms::Algorithm { kernel, times: k },
                n,
                shuffles,
                seed,
                false,
                progress,
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::{Algorithm, GsrRiffle, Kernel};
    use stats::{Limits, exact_distribution};

    #[test]
    fn the_formula_matches_exact_enumeration_of_the_riffles() {
        for n in 1..=5 {
            for k in 1..=3 {
                let alg = Algorithm {
                    kernel: Kernel::GsrRiffle(GsrRiffle),
                    times: k,
                };
                let law = exact_distribution(&alg, n, &Limits::default()).unwrap();
                let tv = law.total_variation();
                assert_eq!(tv.lower_exact, tv.upper_exact);
                // The formula and the walk agree as fractions, not nearly.
                assert_eq!(total_variation_exact(n, k), tv.lower_exact, "n {n} k {k}");
                let s: f64 = rising_sequences_law(n, k).iter().sum();
                assert!((s - 1.0).abs() < 1e-14, "{s}");
            }
        }
    }

    #[test]
    fn bayer_and_diaconis_table_for_52_cards() {
        // Their Table 1 (three decimals), k = 1..=10.
        let published = [
            1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043,
        ];
        for (k, &want) in (1..=10).zip(&published) {
            let tv = total_variation(52, k);
            assert!((tv - want).abs() <= 0.0005, "k {k}: {tv} vs {want}");
        }
        // The distance falls by about half per riffle once below 1/2.
        assert!(total_variation(52, 11) < total_variation(52, 10) * 0.51);
        // One riffle is less than 1 away: 53 of its 2^52 cut-and-drop
        // sequences give the identity, which uniform gives 1/52! of the time.
        let one = total_variation_exact(52, 1);
        assert!(one < Fraction::new(1u32, 1u32) && total_variation(52, 1) <= 1.0);
    }

    #[test]
    fn eulerian_numbers_match_the_published_triangle() {
        // OEIS A008292, rows 1..=5.
        let rows: [&[u32]; 5] = [
            &[1],
            &[1, 1],
            &[1, 4, 1],
            &[1, 11, 11, 1],
            &[1, 26, 66, 26, 1],
        ];
        for (n, want) in (1..).zip(rows) {
            let got: Vec<BigUint> = eulerian(n).into_iter().skip(1).collect();
            let want: Vec<BigUint> = want.iter().map(|&x| BigUint::from(x)).collect();
            assert_eq!(got, want, "n {n}");
        }
        // Each row sums to n!: 52! for 52 cards.
        let sum: BigUint = eulerian(52).iter().sum();
        assert_eq!(sum, (1..=52u32).fold(BigUint::from(1u32), |a, i| a * i));
    }

    #[test]
    fn the_gsr_riffle_on_four_cards_is_half_way_exactly() {
        // One riffle of 4 cards: of 16 cut-and-drop sequences, 5 give the
        // identity (p_1 = 5/16) and the 11 arrangements with two rising
        // sequences get 1/16 each; the other 12 get nothing. The excess over
        // 1/24 is 13/48 + 11 · 1/48 = 1/2.
        assert_eq!(total_variation_exact(4, 1), Fraction::new(1u32, 2u32));
        assert_eq!(total_variation(4, 1), 0.5);
    }

    #[test]
    fn sorting_by_random_keys_is_riffling_backwards() {
        use algorithms::RandomKeys;
        use stats::law::perm::{factorial, unrank};
        for bits in 1..=3u32 {
            for n in 2..=4usize {
                let alg = Algorithm::once(Kernel::RandomKeys(RandomKeys { bits }));
                let law = exact_distribution(&alg, n, &Limits::default()).unwrap();
                let m = 1u128 << bits;
                let mut a = Vec::new();
                for rank in 0..factorial(n) as usize {
                    unrank(rank, n, &mut a);
                    let d = a.windows(2).filter(|w| w[0] > w[1]).count() as u128;
                    // C(m + n − 1 − d, n) / m^n, cross-multiplied.
                    let top = m + n as u128 - 1 - d.min(m + n as u128 - 1);
                    let c = if top < n as u128 {
                        0
                    } else {
                        (0..n as u128).fold(1u128, |acc, i| acc * (top - i) / (i + 1))
                    };
                    assert_eq!(
                        law.weights[rank] * m.pow(n as u32),
                        c * law.denominator,
                        "bits {bits}, {a:?}"
                    );
                }
                let tv = law.total_variation().lower_exact;
                assert_eq!(total_variation_exact(n, bits), tv, "{bits} {n}");
            }
        }
        // 52 cards: 8-bit keys are as far from uniform as 8 riffles, and
        // each further bit halves the distance once it is small.
        assert!((total_variation(52, 8) - 0.167159).abs() < 1e-6);
        let (t16, t32, t53) = (
            total_variation(52, 16),
            total_variation(52, 32),
            total_variation(52, 53),
        );
        assert!(
            (t32 / t16 * 2f64.powi(16) - 1.0).abs() < 1e-3,
            "{t16} {t32}"
        );
        assert!(
            (t53 / t32 * 2f64.powi(21) - 1.0).abs() < 1e-3,
            "{t32} {t53}"
        );
    }

    #[test]
    fn one_riffle_keeps_at_most_two_rising_sequences() {
        let law = rising_sequences_law(52, 1);
        assert!(law[3..].iter().all(|&p| p == 0.0));
        // 2^52 equally likely cut-and-drop sequences: 53 give the identity.
        assert!((law[1] - 53.0 / 2f64.powi(52)).abs() < 1e-25, "{}", law[1]);
    }
}
