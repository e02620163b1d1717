use super::*;
use crate::law::perm::next_permutation;
use proptest::prelude::Strategy;

/// Every statistic's exact counts over all `n!` arrangements.
fn brute_force(n: usize) -> Vec<Vec<u64>> {
    let mut counts = vec![vec![0u64; n + 1]; 5];
    let mut deck: Vec<u8> = (0..n as u8).collect();
    loop {
        for (c, s) in counts.iter_mut().zip(Statistic::ALL) {
            c[s.of(&deck)] += 1;
        }
        if !next_permutation(&mut deck) {
            break;
        }
    }
    counts
}

#[test]
fn nulls_are_the_counts_over_every_arrangement() {
    for n in 1..=8usize {
        let fact: u64 = (1..=n as u64).product();
        for (s, counts) in Statistic::ALL.iter().zip(brute_force(n)) {
            let exact = null_counts(*s, n);
            let law = null(*s, n);
            for (k, &c) in counts.iter().enumerate() {
                assert_eq!(exact[k], BigUint::from(c), "{} n={n} k={k}", s.name());
                // Correctly rounded: one IEEE division of exact operands.
                assert_eq!(law[k], c as f64 / fact as f64, "{} n={n} k={k}", s.name());
            }
        }
    }
}

#[test]
fn published_rows() {
    // n = 5 rows of OEIS A008290, A132393, A008292, A010027.
    let row = |s, n: usize| -> Vec<BigUint> { null_counts(s, n) };
    let big = |xs: [u32; 6]| xs.map(BigUint::from).to_vec();
    assert_eq!(row(Statistic::FixedPoints, 5), big([44, 45, 20, 10, 0, 1]));
    assert_eq!(row(Statistic::Cycles, 5), big([0, 24, 50, 35, 10, 1]));
    assert_eq!(row(Statistic::Descents, 5), big([1, 26, 66, 26, 1, 0]));
    assert_eq!(
        row(Statistic::RisingSequences, 5),
        big([0, 1, 26, 66, 26, 1])
    );
    assert_eq!(row(Statistic::Successions, 5), big([53, 44, 18, 4, 1, 0]));
    // Every row sums to n! exactly, at 52 cards too.
    for s in Statistic::ALL {
        let total: BigUint = null_counts(s, 52).iter().sum();
        assert_eq!(total, factorial(52), "{}", s.name());
    }
}

#[test]
fn large_decks_sum_to_one_with_the_closed_form_means() {
    for n in [52usize, 54, 255, 1000] {
        for s in Statistic::ALL {
            let law = null(s, n);
            let total: f64 = law.iter().sum();
            let mean: f64 = law.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
            assert!(
                (total - 1.0).abs() < 1e-12,
                "{} n={n}: sum {total}",
                s.name()
            );
            assert!(
                (mean - s.null_mean(n)).abs() < 1e-10 * s.null_mean(n).max(1.0),
                "{} n={n}: mean {mean} vs {}",
                s.name(),
                s.null_mean(n)
            );
            assert!(law.iter().all(|&p| (0.0..=1.0).contains(&p)));
        }
    }
}

proptest::proptest! {
    /// The fused pass gives each statistic's own definition, on decks
    /// of every size up to the largest (the bit set's word edges at 64,
    /// 128 and 192 cards included).
    #[test]
    fn all_statistics_at_once_agree_with_each_one(
        deck in (0..=MAX_DECK).prop_flat_map(|n| {
            proptest::sample::subsequence((0..n as u8).collect::<Vec<_>>(), n)
                .prop_shuffle()
        })
    ) {
        let each = Statistic::ALL.map(|s| s.of(&deck));
        proptest::prop_assert_eq!(all(&deck), each);
    }
}

#[test]
#[cfg(target_arch = "x86_64")]
fn the_vbmi_statistics_are_the_portable_ones() {
    use rand::{SeedableRng, seq::SliceRandom};
    if !vbmi::available() {
        eprintln!("this processor has no AVX-512 VBMI: nothing to compare");
        return;
    }
    let check = |deck: &[u8]| assert_eq!(all_on(true, deck), all(deck), "{deck:?}");
    for n in 1..=7u8 {
        let mut deck: Vec<u8> = (0..n).collect();
        loop {
            check(&deck);
            if !next_permutation(&mut deck) {
                break;
            }
        }
    }
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
    for n in 1..=vbmi::MAX_CARDS as u8 {
        let mut deck: Vec<u8> = (0..n).collect();
        check(&deck);
        deck.reverse();
        check(&deck);
        for _ in 0..200 {
            deck.shuffle(&mut rng);
            check(&deck);
        }
    }
}

#[test]
fn a_batch_counts_what_its_decks_count_one_by_one() {
    use rand::{SeedableRng, seq::SliceRandom};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    for n in [1, 2, 5, 52, 63, 64, 65, 200, 255] {
        let decks: [Vec<u8>; crate::sample::BATCH] = std::array::from_fn(|_| {
            let mut d: Vec<u8> = (0..n as u8).collect();
            d.shuffle(&mut rng);
            d
        });
        let (mut one, mut batch) = (Battery::new(n), Battery::new(n));
        for d in &decks {
            one.observe(d);
        }
        batch.observe_batch(&decks);
        assert_eq!(batch, one, "{n} cards");
        // Against each statistic's own definition.
        for (s, counts) in Statistic::ALL.iter().zip(&batch.counts) {
            for (k, &count) in counts.iter().enumerate() {
                let want = decks.iter().filter(|d| s.of(d) == k).count() as u64;
                assert_eq!(count, want, "{} = {k} on {n} cards", s.name());
            }
        }
    }
}

#[test]
fn all_statistics_at_once_on_every_small_arrangement() {
    for n in 0..=7u8 {
        let mut deck: Vec<u8> = (0..n).collect();
        loop {
            assert_eq!(all(&deck), Statistic::ALL.map(|s| s.of(&deck)), "{deck:?}");
            if !next_permutation(&mut deck) {
                break;
            }
        }
    }
}

#[test]
fn statistics_of_known_decks() {
    let id: Vec<u8> = (0..6).collect();
    let rev: Vec<u8> = (0..6).rev().collect();
    let cyc: Vec<u8> = vec![1, 2, 3, 4, 5, 0];
    let of = |s: Statistic, d: &[u8]| s.of(d);
    assert_eq!(of(Statistic::FixedPoints, &id), 6);
    assert_eq!(of(Statistic::Cycles, &id), 6);
    assert_eq!(of(Statistic::Descents, &id), 0);
    assert_eq!(of(Statistic::RisingSequences, &id), 1);
    assert_eq!(of(Statistic::Successions, &id), 5);
    assert_eq!(of(Statistic::FixedPoints, &rev), 0);
    assert_eq!(of(Statistic::Cycles, &rev), 3);
    assert_eq!(of(Statistic::Descents, &rev), 5);
    assert_eq!(of(Statistic::RisingSequences, &rev), 6);
    assert_eq!(of(Statistic::Successions, &rev), 0);
    assert_eq!(of(Statistic::Cycles, &cyc), 1);
    assert_eq!(of(Statistic::Successions, &cyc), 4);
    // A riffle of 0..6 cut at 3: two rising sequences.
    assert_eq!(of(Statistic::RisingSequences, &[0, 3, 1, 4, 2, 5]), 2);
}

#[test]
fn pooling_keeps_mass_and_isolates_impossible_values() {
    let law = [0.001, 0.009, 0.49, 0.49, 0.0, 0.01];
    let (c, p) = pool(&[1, 9, 490, 490, 0, 10], &law, 1000, 5.0);
    assert_eq!(c, [10, 490, 490, 10]);
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // The short tail (0.01 · 100 = 1 expected) joins the last cell.
    let (c, p) = pool(&[1, 9, 490, 490, 0, 10], &law, 100, 5.0);
    assert_eq!(c, [500, 500]);
    assert!((p[1] - 0.5).abs() < 1e-12);
    // A count of an impossible value stays visible.
    let (c, p) = pool(&[1, 9, 490, 489, 1, 10], &law, 1000, 5.0);
    assert_eq!(c, [10, 490, 489, 1, 10]);
    assert_eq!(p[3], 0.0);
    let t = fit(
        Statistic::Cycles.test_name(),
        &[1, 9, 490, 489, 1, 10],
        &law,
    );
    assert_eq!(t.p_value, 0.0);
}

#[test]
fn the_fit_sums_its_law_exactly_where_it_can_and_pools_to_ten_where_the_chi_square_decides() {
    use crate::hypothesis::fit::{CHI_SQUARE_MIN_EXPECTED, EXACT_FIT_COMPOSITIONS, compositions};
    let name = Statistic::Descents.test_name();
    // Descents of 12 cards: 240 decks pool to 5 in 6 cells, C(245, 5)
    // ways, too many to sum; pooled to 10 they leave 4 cells.
    let law = null(Statistic::Descents, 12);
    let counts: Vec<u64> = law.iter().map(|q| (q * 240.0).round() as u64).collect();
    let total: u64 = counts.iter().sum();
    let (_, five) = pool(&counts, &law, total, BATTERY_MIN_EXPECTED);
    assert_eq!(five.len(), 6);
    assert!(compositions(total, 6) > EXACT_FIT_COMPOSITIONS);
    let (_, ten) = pool(&counts, &law, total, CHI_SQUARE_MIN_EXPECTED);
    let t = fit(name, &counts, &law);
    assert_eq!(t.df, ten.len() as f64 - 1.0);
    assert_eq!(t.df, 3.0);
    assert!(t.min_expected >= CHI_SQUARE_MIN_EXPECTED, "{t:?}");
    // Descents of 3 cards (1/6, 4/6, 1/6), 30 decks: three cells pooled
    // to 5, C(32, 2) = 496 ways: the exact tail, not the chi-square's.
    let law3 = null(Statistic::Descents, 3);
    let t = fit(name, &[9, 17, 4, 0], &law3);
    assert_eq!(t.df, 2.0);
    let exact = crate::hypothesis::fit::exact_log10_p(
        crate::hypothesis::fit::Divergence::CressieRead,
        30,
        &law3[..3],
        t.statistic,
    )
    .expect("496 ways are summed");
    assert_eq!(exact, t.log10_p);
    let chi2 = crate::hypothesis::fit::ln_chi2_sf(t.statistic, 2.0) / std::f64::consts::LN_10;
    assert!((exact - chi2).abs() > 1e-3, "{exact} {chi2}");
}

#[test]
fn no_value_is_more_than_two_thirds_likely_so_a_thousand_decks_test_every_statistic() {
    // What `testable` assumes from 1,000 decks on, checked on every deck
    // the laws are quick for; below 1,000 it pools the law itself.
    for n in 2..=80 {
        for s in Statistic::ALL {
            let most = null(s, n).into_iter().fold(0.0, f64::max);
            assert!(most <= 2.0 / 3.0 + 1e-12, "{s:?} of {n} cards: {most}");
        }
    }
    // Descents of 3 cards, 1/6, 4/6, 1/6: 29 decks pool them into one cell,
    // 30 keep three.
    assert!(!testable(Statistic::Descents, 3, 29));
    assert!(testable(Statistic::Descents, 3, 30));
    assert!(testable(Statistic::Successions, 3, 29));
}

/// Where the audit decides (`α/m`, 0.01 over its 13 tests), fair counts
/// reject at the level; pooled to 5 and referred to the chi-square,
/// Pearson's sum rejected them 1.7 times too often (the calibration
/// sweep's 12 cards at 240 decks). 100,000 fair tables of each law; the
/// band leaves 10^-4 on each side (false failure at most 4 · 10^-4 over
/// the two laws).
#[test]
fn the_fit_keeps_its_level_in_the_tail_the_audit_decides_in() {
    use crate::hypothesis::fit::{Divergence, binomial_band, fit_expected};
    use rand::{RngExt, SeedableRng};
    let (tables, level) = (100_000u64, 0.01 / 13.0);
    let (lo, hi) = binomial_band(tables, level, 1e-4);
    for (statistic, n, decks) in [
        (Statistic::Descents, 12, 240u64),
        (Statistic::Descents, 5, 1_040),
    ] {
        let law = null(statistic, n);
        let cumulative: Vec<f64> = law
            .iter()
            .scan(0.0, |a, q| {
                *a += q;
                Some(*a)
            })
            .collect();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(n as u64);
        let (mut now, mut before) = (0u64, 0u64);
        let mut counts = vec![0u64; law.len()];
        for _ in 0..tables {
            counts.iter_mut().for_each(|c| *c = 0);
            for _ in 0..decks {
                let u: f64 = rng.random();
                let k = cumulative.partition_point(|&c| c <= u).min(law.len() - 1);
                counts[k] += 1;
            }
            now += u64::from(fit(statistic.test_name(), &counts, &law).p_value < level);
            let (c, p) = pool(&counts, &law, decks, BATTERY_MIN_EXPECTED);
            let pearson = fit_expected(Divergence::Pearson, statistic.test_name(), &c, &p);
            before += u64::from(pearson.p_value < level);
        }
        eprintln!(
            "{statistic:?} {n} cards {decks} decks: {now} and Pearson's {before} in [{lo}, {hi}]"
        );
        assert!(
            (lo..=hi).contains(&now),
            "{statistic:?}: {now} not in [{lo}, {hi}]"
        );
        assert!(
            before > hi,
            "{statistic:?}: Pearson's {before} within [{lo}, {hi}]"
        );
    }
}
