//! The draws' weights, reductions and sources, checked.

use super::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The reduced draws of `bits` bits to `k` results.
fn reduced(bits: u32, k: u64) -> Vec<Draw> {
    let mut out = vec![
        Draw::WordMod { bits, k },
        Draw::WordScale { bits, k },
        Draw::WordDouble { bits, k },
        Draw::WordReject { bits, k },
    ];
    if bits <= MAX_UNIT_DOUBLE_BITS {
        out.push(Draw::UnitDouble { bits, k });
    }
    out
}

#[test]
fn weights_count_the_words_each_reduction_maps_to_each_result() {
    // Every word of 1 to 16 bits, for every k up to 60 that the bits
    // can serve: the weights are the counts of words reduced to each
    // result (accepted words only, for rejection).
    for bits in 1..=16u32 {
        for k in (1..=60u64).filter(|&k| u128::from(k) <= 1u128 << bits) {
            for d in reduced(bits, k) {
                let mut counts = vec![0u128; k as usize];
                for w in 0..1u64 << bits {
                    if d.accepts(w) {
                        counts[d.reduce(w) as usize] += 1;
                    }
                }
                let weights: Vec<u128> = (0..k).map(|r| d.weight(r)).collect();
                assert_eq!(weights, counts, "{d:?}");
                assert_eq!(counts.iter().sum::<u128>(), d.total_weight(), "{d:?}");
            }
        }
    }
}

#[test]
fn one_in_k_is_a_draw_below_k_that_came_out_zero() {
    for k in [2u64, 3, 7, 52] {
        let d = Draw::OneIn(k);
        d.validate();
        assert_eq!((d.outcomes(), d.total_weight()), (2, u128::from(k)));
        // The weights count the results below k that give each answer.
        let zeros = (0..k).filter(|&r| r == 0).count() as u128;
        assert_eq!(
            [d.weight(0), d.weight(1), d.weight(2)],
            [u128::from(k) - zeros, zeros, 0]
        );
        // Sampling: rand's draw below k, and whether it was 0.
        let (mut a, mut b) = (
            Xoshiro256PlusPlus::seed_from_u64(k),
            Xoshiro256PlusPlus::seed_from_u64(k),
        );
        for _ in 0..1000 {
            assert_eq!(a.one_in(k), b.draw(Draw::Below(k)) == 0);
        }
    }
    let ones = (0..30_000)
        .scan(Xoshiro256PlusPlus::seed_from_u64(9), |r, _| {
            Some(r.one_in(3))
        })
        .filter(|&x| x)
        .count();
    // 10,000 expected; sd 81.6: six of them.
    assert!((ones as i64 - 10_000).abs() < 490, "{ones}");
}

#[test]
#[should_panic(expected = "k must be at least 2")]
fn one_in_one_is_refused() {
    Draw::OneIn(1).validate();
}

#[test]
fn double_reductions_equal_multiply_and_shift_while_the_product_is_exact() {
    // k · word < 2^53: the double arithmetic is exact.
    for k in [3u64, 7, 52, 54] {
        for bits in [20u32, 32, 40, 47] {
            let exact = Draw::WordScale { bits, k };
            for d in [Draw::WordDouble { bits, k }, Draw::UnitDouble { bits, k }] {
                for r in 0..k {
                    assert_eq!(d.weight(r), exact.weight(r), "{d:?} {r}");
                }
            }
        }
    }
}

#[test]
fn c_scaling_of_a_64_bit_word_can_return_k() {
    // 52 · w rounds to the double 52 · 2^64 = 13 · 2^66 once it is
    // within half a spacing (2^17 / 2) of it, ties to the even
    // 52 · 2^64: w >= 2^64 - 2^16 / 52, the top 1,260 words.
    let d = Draw::WordDouble { bits: 64, k: 52 };
    let first = d.first_word_reaching(52);
    assert_eq!((1u128 << 64) - first, 1_260);
    assert_eq!(d.reduce((first - 1) as u64), 51);
    assert_eq!(d.reduce(first as u64), 52);
    assert!(std::panic::catch_unwind(|| d.validate()).is_err());
    // At 53 bits the same expression stays in range, and so does
    // JavaScript's `Math.floor(Math.random() * 52)`.
    Draw::WordDouble { bits: 53, k: 52 }.validate();
    let js = Draw::UnitDouble { bits: 53, k: 52 };
    js.validate();
    assert_eq!((0..52).map(|r| js.weight(r)).sum::<u128>(), 1u128 << 53);
}

#[test]
fn the_weights_of_wide_words_are_where_the_reduction_changes() {
    // At 53 to 64 bits no enumeration is possible: every sampled word
    // lies between the first words of its result and of the next, and
    // the weights add up to the words.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for bits in [53u32, 60, 64] {
        for k in [3u64, 52, 54, 255] {
            for d in reduced(bits, k) {
                if let Draw::WordDouble { .. } = d
                    && std::panic::catch_unwind(|| d.validate()).is_err()
                {
                    continue;
                }
                let sum: u128 = (0..k).map(|r| d.weight(r)).sum();
                assert_eq!(sum, d.total_weight(), "{d:?}");
                if matches!(d, Draw::WordDouble { .. } | Draw::UnitDouble { .. }) {
                    for _ in 0..2_000 {
                        let w = rand::Rng::next_u64(&mut rng) >> (64 - bits);
                        let r = u128::from(d.reduce(w));
                        let w = u128::from(w);
                        assert!(d.first_word_reaching(r) <= w, "{d:?} {w}");
                        assert!(w < d.first_word_reaching(r + 1), "{d:?} {w}");
                    }
                }
            }
        }
    }
}

#[test]
fn rejection_samples_only_accepted_words() {
    // Words from a script: 2-bit words to 3 results reject the word 3.
    let d = Draw::WordReject { bits: 2, k: 3 };
    let mut words = [3u64 << 62, 3 << 62, 2 << 62].into_iter();
    assert_eq!(d.from_words(|| words.next().unwrap()), 2);
    assert_eq!(d.total_weight(), 3);
    assert!((0..3).all(|r| d.weight(r) == 1));
}

/// Counts, word by word, how many raw values give each result.
fn brute_weights(draw: Draw) -> Vec<u128> {
    let bits = draw.word_bits().unwrap();
    let mut counts = vec![0u128; draw.outcomes() as usize];
    for w in 0..(1u64 << bits) {
        counts[draw.reduce(w) as usize] += 1;
    }
    counts
}

#[test]
fn mod_weights_for_52_cards_match_the_issue() {
    let d = Draw::WordMod { bits: 15, k: 52 };
    for r in 0..8 {
        assert_eq!(d.weight(r), 631, "result {r}");
    }
    for r in 8..52 {
        assert_eq!(d.weight(r), 630, "result {r}");
    }
    assert_eq!(d.weight(52), 0);
}

#[test]
fn closed_form_weights_agree_with_counting_every_word() {
    for bits in [1, 3, 8, 15] {
        for k in 1..=70u64 {
            for draw in [Draw::WordMod { bits, k }, Draw::WordScale { bits, k }] {
                let brute = brute_weights(draw);
                let closed: Vec<u128> = (0..k).map(|r| draw.weight(r)).collect();
                assert_eq!(closed, brute, "{draw:?}");
                assert_eq!(closed.iter().sum::<u128>(), draw.total_weight());
            }
        }
    }
}

#[test]
fn rng_source_stays_in_range_and_reduces_like_c() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for _ in 0..10_000 {
        assert!(rng.below(5) < 5);
        assert!(rng.word(15) < 32768);
        assert!(rng.word_mod(15, 52) < 52);
        assert!(rng.word_scale(15, 54) < 54);
    }
    assert_eq!(Draw::WordScale { bits: 15, k: 54 }.reduce(32767), 53);
    assert_eq!(Draw::WordScale { bits: 15, k: 54 }.reduce(0), 0);
}

#[test]
fn scripted_replays_and_logs() {
    let mut s = Scripted::new([2, 0, 1]);
    assert_eq!(s.below(3), 2);
    assert!(!s.coin());
    assert_eq!(s.word_mod(15, 52), 1);
    assert_eq!(s.remaining(), 0);
    assert_eq!(
        s.log(),
        &[
            Draw::Below(3),
            Draw::Below(2),
            Draw::WordMod { bits: 15, k: 52 }
        ]
    );
}

#[test]
#[should_panic(expected = "not a possible result")]
fn scripted_rejects_out_of_range_values() {
    Scripted::new([3]).below(3);
}

#[test]
fn default_below_until_consumes_every_rejected_draw() {
    let mut s = Scripted::new([1, 1, 0, 2]);
    let taken = [false, true, false];
    assert_eq!(s.below_until(3, &mut |r| !taken[r as usize]), 0);
    assert_eq!(s.remaining(), 1);
}

#[test]
fn source_rng_draws_words_through_the_trait() {
    use rand::Rng;
    let mut s = Scripted::new([5, 6]);
    let mut rng = SourceRng(&mut s);
    assert_eq!(rng.next_u32(), 5);
    assert_eq!(rng.next_u64(), 6);
    assert_eq!(s.log(), &[Draw::Word(32), Draw::Word(64)]);
}
