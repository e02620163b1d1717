//! Exact laws checked against published sequences and formulas, which were
//! derived independently of this code.

use algorithms::registry::find;
use stats::law::perm::{factorial, unrank};
use stats::{ExactDistribution, Limits, exact_distribution};

fn law(id: &str, n: usize) -> ExactDistribution {
    let entry = find(id).unwrap();
    exact_distribution(&entry.algorithm, n, &Limits::for_exact(entry.exact)).unwrap()
}

/// OEIS A000085, the number of involutions of n elements, n = 0..=10.
const INVOLUTIONS: [u128; 11] = [1, 1, 2, 4, 10, 26, 76, 232, 764, 2620, 9496];
/// OEIS A192053, the largest number of naive-swap paths leading to one
/// arrangement, n = 1..=10.
const LARGEST_COUNT: [u128; 10] = [1, 2, 5, 15, 47, 159, 543, 1931, 6879, 25118];

/// The naive swap's law as path counts out of `n^n`.
fn naive_swap_counts(n: usize) -> Vec<u128> {
    let d = law("naive-swap", n);
    let paths = (n as u128).pow(n as u32);
    assert_eq!(
        paths % d.denominator,
        0,
        "the reduced denominator divides n^n"
    );
    let scale = paths / d.denominator;
    d.weights.iter().map(|w| w * scale).collect()
}

fn check_naive_swap(n: usize) {
    let counts = naive_swap_counts(n);
    assert_eq!(counts.iter().sum::<u128>(), (n as u128).pow(n as u32));
    assert_eq!(counts[0], INVOLUTIONS[n], "identity paths at n = {n}");
    assert_eq!(
        *counts.iter().max().unwrap(),
        LARGEST_COUNT[n - 1],
        "largest count at n = {n}"
    );
}

#[test]
fn naive_swap_matches_oeis_up_to_seven() {
    for n in 1..=7 {
        check_naive_swap(n);
    }
}

/// Heavy: 16.7 M and 387 M paths. `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn naive_swap_matches_oeis_at_eight_and_nine() {
    for n in 8..=9 {
        check_naive_swap(n);
    }
}

/// Rising sequences of an arrangement: 1 + the number of cards `c` that lie
/// after card `c + 1`.
fn rising_sequences(a: &[u8]) -> u32 {
    let mut pos = vec![0; a.len()];
    for (p, &c) in a.iter().enumerate() {
        pos[c as usize] = p;
    }
    1 + (0..a.len().saturating_sub(1))
        .filter(|&c| pos[c + 1] < pos[c])
        .count() as u32
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Bayer & Diaconis (1992): after k GSR riffles, an arrangement with r rising
/// sequences has probability C(2^k + n - r, n) / 2^(nk).
#[test]
fn gsr_riffle_matches_bayer_diaconis_for_every_arrangement() {
    let k = 7u32;
    for n in 1..=6usize {
        let d = law("gsr-riffle", n);
        assert!(d.is_complete());
        let denominator = 1u128 << (n as u32 * k);
        let mut a = Vec::new();
        for r in 0..factorial(n) as usize {
            unrank(r, n, &mut a);
            let rs = u128::from(rising_sequences(&a));
            let expected = binomial((1u128 << k) + n as u128 - rs, n as u128);
            assert_eq!(
                d.weights[r] * denominator,
                expected * d.denominator,
                "n = {n}, arrangement {a:?}"
            );
        }
    }
}

/// Sattolo's algorithm is uniform over the (n-1)! single-cycle arrangements.
#[test]
fn sattolo_variants_are_uniform_over_cycles() {
    for id in [
        "sattolo",
        "blog-knuth-durstenfeld",
        "blog-inside-out",
        "blog-fisher-yates",
    ] {
        for n in 2..=7 {
            let d = law(id, n);
            let mut a = Vec::new();
            for r in 0..factorial(n) as usize {
                unrank(r, n, &mut a);
                // Follow the cycle of card 0.
                let (mut c, mut len) = (a[0] as usize, 1);
                while c != 0 {
                    c = a[c] as usize;
                    len += 1;
                }
                let expected = if len == n {
                    d.denominator / factorial(n - 1) as u128
                } else {
                    0
                };
                assert_eq!(d.weights[r], expected, "{id}, n = {n}, {a:?}");
            }
        }
    }
}
