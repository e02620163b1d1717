use super::*;
use crate::law::perm::{factorial, next_permutation};

#[test]
fn fingerprints_of_small_decks_are_the_decks_themselves() {
    let mut seen = std::collections::HashSet::new();
    for n in 0..=8u8 {
        let mut a: Vec<u8> = (0..n).collect();
        loop {
            assert!(seen.insert(fingerprint(&a)), "{a:?}");
            if !next_permutation(&mut a) {
                break;
            }
        }
    }
    // 1 + 1 + 2 + 6 + ... + 40320 distinct fingerprints over all lengths.
    let total: u64 = (0..=8).map(factorial).sum();
    assert_eq!(seen.len() as u64, total);
}

#[test]
fn large_decks_that_differ_in_one_swap_differ_in_fingerprint() {
    let base: Vec<u8> = (0..52).collect();
    let mut seen = std::collections::HashSet::new();
    seen.insert(fingerprint(&base));
    for i in 0..52 {
        for j in i + 1..52 {
            let mut d = base.clone();
            d.swap(i, j);
            assert!(seen.insert(fingerprint(&d)), "swap {i} {j}");
        }
    }
    assert_eq!(seen.len(), 1 + 52 * 51 / 2);
}

#[test]
fn repeats_are_counted_as_pairs() {
    let mut f = Fingerprints::default();
    for d in [
        [0u8, 1, 2],
        [1, 0, 2],
        [0, 1, 2],
        [0, 1, 2],
        [1, 0, 2],
        [2, 1, 0],
    ] {
        f.observe(&d);
    }
    let c = f.collisions(3);
    // [0,1,2] three times (3 pairs), [1,0,2] twice (1 pair).
    assert_eq!(
        c,
        Collisions {
            ln_arrangements: ln_factorial(3),
            decks: 6,
            distinct: 3,
            pairs: 4,
            most_repeated: 3
        }
    );
}

/// What [`Fingerprints::collisions`] counts, by sorting every
/// fingerprint.
fn sorted_count(f: &Fingerprints, deck: usize) -> Collisions {
    let mut prints: Vec<u128> = f.iter().copied().collect();
    prints.sort_unstable();
    let mut c = Collisions {
        ln_arrangements: ln_factorial(deck),
        decks: prints.len() as u64,
        distinct: 0,
        pairs: 0,
        most_repeated: 0,
    };
    for group in prints.chunk_by(|a, b| a == b) {
        let g = group.len() as u64;
        c.distinct += 1;
        c.pairs += g * (g - 1) / 2;
        c.most_repeated = c.most_repeated.max(g);
    }
    c
}

/// `decks` decks of `n` cards, each one of `kinds` decks (repeats).
fn repeating(n: usize, decks: usize, kinds: u64, seed: u64) -> Vec<Vec<u8>> {
    (0..decks as u64)
        .map(|i| {
            let mut state = crate::sample::splitmix64(seed ^ i) % kinds;
            let mut deck: Vec<u8> = (0..n as u8).collect();
            for k in (1..n).rev() {
                state = crate::sample::splitmix64(state);
                deck.swap(k, (state % (k as u64 + 1)) as usize);
            }
            deck
        })
        .collect()
}

#[test]
fn counts_in_buckets_equal_a_sort_over_many_chunks() {
    // 300,000 decks: five chunks and 256 buckets; small decks (their
    // cards are their fingerprints) and large, many repeats and few,
    // kept whole or in stretches appended as a parallel read does.
    for (n, kinds) in [(6, 700), (20, 1 << 12), (52, 1 << 40)] {
        let decks = repeating(n, 300_000, kinds, n as u64);
        let mut whole = Fingerprints::default();
        for d in &decks {
            whole.observe(d);
        }
        let want = sorted_count(&whole, n);
        assert_eq!(whole.len(), 300_000);
        assert_eq!(whole.clone().collisions(n), want, "{n} cards");
        let mut parts = Fingerprints::default();
        for stretch in decks.chunks(7_919) {
            let mut part = Fingerprints::default();
            for d in stretch {
                part.observe(d);
            }
            parts.append_up_to(part, u64::MAX);
        }
        assert!(parts.iter().eq(whole.iter()));
        assert_eq!(parts.collisions(n), want, "{n} cards in stretches");
    }
}

#[test]
fn one_deck_repeated_fills_one_bucket() {
    let mut f = Fingerprints::default();
    for _ in 0..100_000 {
        f.observe(&[3, 1, 4, 0, 2]);
    }
    f.observe(&[0, 1, 2, 3, 4]);
    let c = f.collisions(5);
    assert_eq!(
        (c.decks, c.distinct, c.pairs, c.most_repeated),
        (100_001, 2, 100_000 * 99_999 / 2, 100_000)
    );
}

#[test]
fn full_buckets_are_sorted_and_counted_alike() {
    // Three decks 40,000 times each fill buckets past the table's
    // bound; 20,000 others (at 8 cards, some of them again) share them.
    for n in [8, 40] {
        let mut decks = repeating(n, 20_000, 1 << 40, 5);
        for copy in repeating(n, 3, 1 << 40, 6) {
            decks.extend(std::iter::repeat_n(copy, 40_000));
        }
        let mut f = Fingerprints::default();
        for d in &decks {
            f.observe(d);
        }
        let want = sorted_count(&f, n);
        assert!(want.most_repeated >= 40_000);
        assert_eq!(f.collisions(n), want, "{n} cards");
    }
}

#[test]
fn appending_up_to_keeps_the_first_decks_in_order() {
    let decks = repeating(9, 5_000, 50, 3);
    let mut whole = Fingerprints::default();
    for d in &decks[..3_001] {
        whole.observe(d);
    }
    let mut parts = Fingerprints::default();
    for stretch in decks.chunks(400) {
        let mut part = Fingerprints::default();
        for d in stretch {
            part.observe(d);
        }
        parts.append_up_to(part, 3_001);
    }
    assert_eq!(parts.len(), 3_001);
    assert!(parts.iter().eq(whole.iter()));
    assert_eq!(parts.collisions(9), sorted_count(&whole, 9));
}

proptest::proptest! {
    #[test]
    fn counts_equal_a_sort(
        picks in proptest::collection::vec(0u8..40, 0..3_000),
        cuts in proptest::collection::vec(0usize..3_000, 0..6),
    ) {
        // Decks of 4 cards (exact fingerprints) and of 30 (hashed).
        for n in [4usize, 30] {
            let decks: Vec<Vec<u8>> =
                picks.iter().map(|&k| repeating(n, 1, 1 << 40, u64::from(k)).remove(0)).collect();
            let mut bounds: Vec<usize> = cuts.iter().map(|&c| c.min(decks.len())).collect();
            bounds.push(0);
            bounds.push(decks.len());
            bounds.sort_unstable();
            let mut parts = Fingerprints::default();
            for w in bounds.windows(2) {
                let mut part = Fingerprints::default();
                for d in &decks[w[0]..w[1]] {
                    part.observe(d);
                }
                parts.merge(part);
            }
            let want = sorted_count(&parts, n);
            proptest::prop_assert_eq!(parts.collisions(n), want);
        }
    }
}

#[test]
fn the_birthday_expectation_and_its_poisson_bound() {
    // 52! = 8.0658e67; C(10^6, 2) = 4.999995e11.
    let lambda = expected_pairs(52, 1_000_000);
    assert!((lambda / (4.999995e11 / 8.065_817_517_094_388e67) - 1.0).abs() < 1e-12);
    let bound = approximation_error(52, 1_000_000);
    assert!((bound / (lambda * (4e6 - 7.0) / 8.065_817_517_094_388e67) - 1.0).abs() < 1e-9);
    assert!(unfit(52, 1_000_000).is_none());
    assert!(unfit(52, COLLISION_MAX_DECKS).is_none());
    // 10 cards: 3.6 million decks; far too few for the approximation.
    let why = unfit(10, 1_000_000).unwrap();
    assert!(why.contains("10! arrangements are too few"), "{why}");
    assert!(unfit(52, 1).is_some());
}

#[test]
fn poisson_tails_match_direct_sums_and_stay_finite() {
    for &(k, lambda) in &[(1u64, 0.5f64), (3, 2.0), (10, 4.0), (2, 1e-3)] {
        let direct: f64 = 1.0
            - (0..k)
                .map(|j| (-lambda + j as f64 * lambda.ln() - ln_gamma(j as f64 + 1.0)).exp())
                .sum::<f64>();
        let ours = ln_poisson_sf(k, lambda).exp();
        assert!(
            (ours / direct - 1.0).abs() < 1e-9,
            "{k} {lambda}: {ours} {direct}"
        );
    }
    // One repeat among a million 52-card decks: p = 1 - e^-λ ≈ λ.
    let lambda = expected_pairs(52, 1_000_000);
    let l = ln_poisson_sf(1, lambda) / std::f64::consts::LN_10;
    assert!((l - lambda.log10()).abs() < 1e-9, "{l}");
    // 116 repeats: λ^116 / 116!, far below f64's range, still finite.
    let l = ln_poisson_sf(116, lambda);
    let want = 116.0 * lambda.ln() - ln_gamma(117.0);
    assert!(
        l.is_finite() && (l / want - 1.0).abs() < 1e-12,
        "{l} {want}"
    );
    assert_eq!(ln_poisson_sf(0, lambda), 0.0);
}

#[test]
fn effective_decks_recover_a_seed_space() {
    // 10^6 decks from 2^32 equally likely seeds: C(N,2)/2^32 ≈ 116.4 pairs.
    let c = Collisions {
        ln_arrangements: ln_factorial(52),
        decks: 1_000_000,
        distinct: 1_000_000 - 116,
        pairs: 116,
        most_repeated: 2,
    };
    let e = log10_effective_decks(&c).unwrap();
    assert!((e - 32.0 * 2f64.log10()).abs() < 0.01, "{e}");
    assert!(test(&c).log10_p < -6000.0);
    let none = Collisions { pairs: 0, ..c };
    assert_eq!(log10_effective_decks(&none), None);
    assert_eq!(test(&none).p_value, 1.0);
    // 255 cards: λ underflows, the p-value's logarithm does not.
    let big = Collisions {
        ln_arrangements: ln_factorial(255),
        pairs: 1,
        ..c
    };
    assert_eq!(expected_pairs(255, 1_000_000), 0.0);
    let l = test(&big).log10_p;
    let want = (4.999995e11f64).log10() - ln_gamma(256.0) / std::f64::consts::LN_10;
    assert!((l - want).abs() < 1e-9, "{l} {want}");
}
