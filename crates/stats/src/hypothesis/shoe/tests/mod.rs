use super::*;
use crate::hypothesis::fit::fixed_margin_test;
use crate::law::perm::next_permutation;
use num_traits::{ToPrimitive, Zero};
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use statrs::distribution::{Binomial, DiscreteCDF};

mod compositions;

/// Every arrangement of a shoe, in lexicographic order.
fn words(shoe: Shoe) -> Vec<Vec<u8>> {
    let mut w: Vec<u8> = (0..shoe.values() as u8)
        .flat_map(|v| std::iter::repeat_n(v, shoe.copies()))
        .collect();
    let mut out = vec![w.clone()];
    while next_permutation(&mut w) {
        out.push(w.clone());
    }
    out
}

const SMALL: [(usize, usize); 8] = [
    (2, 1),
    (4, 1),
    (2, 2),
    (3, 2),
    (2, 3),
    (3, 3),
    (4, 2),
    (2, 4),
];

fn as_u64(counts: Vec<BigUint>) -> Vec<u64> {
    counts.into_iter().map(|c| c.to_u64().unwrap()).collect()
}

#[test]
fn laws_equal_counting_every_arrangement() {
    for (v, k) in SMALL.into_iter().chain([(5, 2), (3, 4)]) {
        let shoe = Shoe::new(v, k).unwrap();
        let p = shoe.cards();
        let all = words(shoe);
        assert_eq!(all.len() as u64, shoe.arrangements().to_u64().unwrap());
        let mut descents = vec![0u64; p];
        let mut repeats = vec![0u64; p];
        for w in &all {
            descents[ShoeStatistic::Descents.of(w)] += 1;
            repeats[ShoeStatistic::Repeats.of(w)] += 1;
        }
        assert_eq!(as_u64(law::descents(shoe)), descents, "descents {v}x{k}");
        assert_eq!(as_u64(law::repeats(shoe)), repeats, "repeats {v}x{k}");
        // Matches against two first shoes: the sorted one and another.
        for first in [&all[0], &all[all.len() / 3]] {
            let mut matches = vec![0u64; p + 1];
            for w in &all {
                matches[first.iter().zip(w).filter(|(a, b)| a == b).count()] += 1;
            }
            assert_eq!(as_u64(law::matches(shoe)), matches, "matches {v}x{k}");
        }
    }
}

#[test]
fn one_deck_gives_the_classical_numbers() {
    // K = 1: Eulerian numbers, no repeats, rencontres numbers.
    for n in [3usize, 7, 12] {
        let shoe = Shoe::new(n, 1).unwrap();
        assert_eq!(
            law::descents(shoe),
            crate::hypothesis::battery::eulerian(n)[1..].to_vec()
        );
        let repeats = law::repeats(shoe);
        assert_eq!(repeats[0], crate::law::perm::factorial(n).into());
        assert!(repeats[1..].iter().all(Zero::is_zero));
        let rencontres = crate::hypothesis::battery::null_counts(
            crate::hypothesis::statistic::Statistic::FixedPoints,
            n,
        );
        assert_eq!(law::matches(shoe), rencontres);
    }
}

#[test]
fn laws_of_a_six_deck_shoe_sum_to_its_arrangements_with_the_closed_form_means() {
    let shoe = Shoe::new(52, 6).unwrap();
    let total = shoe.arrangements();
    for s in [
        ShoeStatistic::Descents,
        ShoeStatistic::Repeats,
        ShoeStatistic::Matches,
    ] {
        let counts = match s {
            ShoeStatistic::Descents => law::descents(shoe),
            ShoeStatistic::Repeats => law::repeats(shoe),
            ShoeStatistic::Matches => law::matches(shoe),
        };
        assert_eq!(counts.iter().sum::<BigUint>(), total, "{s:?}");
        // Σ s · count = mean · total, exactly (means are halves at most).
        let weighted: BigUint = counts.iter().enumerate().map(|(i, c)| c * i).sum();
        let twice_mean = (2.0 * s.null_mean(&shoe.composition())) as u64;
        assert_eq!(weighted * 2u8, total.clone() * twice_mean, "{s:?}");
    }
    // The most repeats: every value's six copies together.
    let repeats = law::repeats(shoe);
    assert!(!repeats[52 * 5].is_zero() && repeats[52 * 5 + 1..].iter().all(Zero::is_zero));
}

#[test]
fn the_table_statistics_have_their_degrees_of_freedom_as_exact_mean() {
    // One shoe (N = 1) over every arrangement of 3 values x 2 copies: the
    // mean of (P − 1)/P · X² is exactly (V − 1)(P − 1) = 10; and the
    // contingency of one pair, the second shoe over every arrangement,
    // (V − 1)² = 4. Without the (P − 1)/P factor the means are 12 and 4.8.
    let shoe = Shoe::new(3, 2).unwrap();
    let all = words(shoe);
    let mut sum = 0.0;
    for w in &all {
        let mut c = ShoeCounts::new(shoe.composition(), false);
        c.observe(w);
        let t = fixed_margin_test(
            TestName::VALUE_POSITION,
            &c.value_position,
            (3, 2),
            (6, 1),
            1,
        );
        sum += t.statistic;
    }
    assert!(
        (sum / all.len() as f64 - 10.0).abs() < 1e-9,
        "{}",
        sum / 90.0
    );
    let mut sum = 0.0;
    for w in &all {
        let mut c = ShoeCounts::new(shoe.composition(), true);
        c.observe(&all[17]);
        c.observe(w);
        let lag = c.lag.unwrap();
        let t = fixed_margin_test(
            TestName::LAG1_CONTINGENCY,
            &lag.contingency,
            (3, 2),
            (3, 2),
            1,
        );
        sum += t.statistic;
    }
    assert!(
        (sum / all.len() as f64 - 4.0).abs() < 1e-9,
        "{}",
        sum / 90.0
    );
}

/// A shoe in order: deck after deck, each `0..V`.
#[allow(clippy::ptr_arg)] // the shape `stream` and `shoes` take
fn stacked(shoe: Shoe) -> Vec<u8> {
    (0..shoe.copies())
        .flat_map(|_| 0..shoe.values() as u8)
        .collect()
}

fn fisher_yates(cards: &mut [u8], rng: &mut impl Rng) {
    for i in (1..cards.len()).rev() {
        cards.swap(i, rng.random_range(0..=i));
    }
}

/// One GSR riffle: a binomial cut, then cards drop from each packet with
/// probability proportional to its size.
fn riffle(cards: &mut Vec<u8>, rng: &mut impl Rng) {
    let cut = (0..cards.len()).filter(|_| rng.random_bool(0.5)).count();
    let (mut a, mut b) = (cards[..cut].to_vec(), cards[cut..].to_vec());
    a.reverse();
    b.reverse();
    cards.clear();
    while !a.is_empty() || !b.is_empty() {
        let from_a = rng.random_range(0..a.len() + b.len()) < a.len();
        cards.push(if from_a { a.pop() } else { b.pop() }.unwrap());
    }
}

/// The audit of `shoes` shoes, each made by `next` from the one before.
fn stream(
    shoe: Shoe,
    shoes: u64,
    seed: u64,
    mut next: impl FnMut(&mut Vec<u8>, &mut Xoshiro256PlusPlus),
) -> ShoeRun {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut counts = ShoeCounts::new(shoe.composition(), true);
    let mut w = stacked(shoe);
    for _ in 0..shoes {
        next(&mut w, &mut rng);
        counts.observe(&w);
    }
    counts.into_run()
}

#[allow(clippy::ptr_arg)] // the shape `stream` and `shoes` take
fn fair(w: &mut Vec<u8>, rng: &mut Xoshiro256PlusPlus) {
    fisher_yates(w, rng);
}

#[test]
fn fair_shoes_raise_false_alarms_at_the_nominal_rate() {
    // 300 streams of fair shoes of 4 decks of 13 cards (400 shoes: 30.8
    // per value x position cell) and 200 of six decks of 52 (300 shoes).
    // For each test, the streams with p < 0.05 are Binomial(R, 0.05) when
    // it is calibrated: the band holds them with probability 1 − 2e-5 per
    // test, so the 10 tests here fail together with probability below
    // 2e-4. The collision test's p-value is 1 unless a shoe repeats
    // (never here): only its upper tail is checked.
    for (v, k, shoes, streams) in [(13usize, 4usize, 400u64, 300u64), (52, 6, 300, 200)] {
        let shoe = Shoe::new(v, k).unwrap();
        let mut alarms: Vec<(TestName, u64)> = Vec::new();
        for s in 0..streams {
            let run = stream(shoe, shoes, 7_000 + s, fair);
            for t in run.family() {
                match alarms.iter_mut().find(|(n, _)| *n == t.name) {
                    Some((_, a)) => *a += u64::from(t.p_value < 0.05),
                    None => alarms.push((t.name, u64::from(t.p_value < 0.05))),
                }
            }
        }
        assert_eq!(alarms.len(), 6, "{alarms:?}");
        let b = Binomial::new(0.05, streams).unwrap();
        let (low, high) = (b.inverse_cdf(1e-5), b.inverse_cdf(1.0 - 1e-5));
        for (name, a) in alarms {
            assert!(a <= high, "{v}x{k}, {name}: {a} of {streams} below 0.05");
            if name != TestName::COLLISIONS {
                assert!(a >= low, "{v}x{k}, {name}: {a} of {streams} below 0.05");
            }
        }
    }
}

/// The smallest p-value's test and `log10 p` of a run.
fn worst(run: &ShoeRun) -> (TestName, f64) {
    run.family()
        .map(|t| (t.name, t.log10_p))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap()
}

fn log10_p(run: &ShoeRun, name: TestName) -> f64 {
    run.family().find(|t| t.name == name).unwrap().log10_p
}

#[test]
fn defects_of_real_shoes_are_caught_by_the_test_made_for_them() {
    // Each at 1e-6 family-wise over the 6 tests: log10 p < −6.8.
    let shoe = Shoe::new(52, 6).unwrap();
    let level = (1e-6f64 / 6.0).log10();
    // Six decks shuffled one by one and stacked, never mixed: every value
    // sits once in each 52 cards, so value x position sees nothing, but a
    // value never follows itself inside a deck: about 5 repeats expected,
    // almost none seen.
    let run = stream(shoe, 300, 1, |w, rng| {
        for deck in w.chunks_mut(52) {
            fisher_yates(deck, rng);
        }
    });
    assert!(log10_p(&run, TestName::VALUE_POSITION) > -3.0);
    assert!(log10_p(&run, TestName::REPEATS) < level - 10.0, "{run:?}");
    // Three riffles of a stacked shoe (what a quick dealer does): too few
    // descents.
    let run = stream(shoe, 300, 2, |w, rng| {
        *w = stacked(shoe);
        for _ in 0..3 {
            riffle(w, rng);
        }
    });
    let descents = TestName::of(crate::Test::Battery(
        crate::hypothesis::statistic::Statistic::Descents,
    ));
    assert!(log10_p(&run, descents) < level - 10.0);
    // The off-by-one Fisher–Yates (Sattolo's: `j` in `0..i`, never `i`):
    // no card stays where it was, so the cells where a value starts
    // expect (K − 1)/(P − 1) = 5/311 instead of 1/52, 16 % short; the
    // noncentrality is about 0.16 per shoe.
    let run = stream(shoe, 20_000, 3, |w, rng| {
        *w = stacked(shoe);
        let n = w.len();
        for i in (1..n).rev() {
            w.swap(i, rng.random_range(0..i));
        }
    });
    assert_eq!(worst(&run).0, TestName::VALUE_POSITION, "{:?}", worst(&run));
    assert!(worst(&run).1 < level - 10.0, "{:?}", worst(&run));
}

#[test]
fn a_shoe_made_from_the_last_one_fails_only_between_shoes() {
    let shoe = Shoe::new(52, 6).unwrap();
    let level = (1e-6f64 / 6.0).log10();
    // Each shoe is the last one with 800 random swaps: each shoe alone is
    // uniform (the first is, and swaps keep it so) and consecutive shoes
    // are nearly independent, but about 1.9 of the 312 cards are never
    // touched, so about 7.8 positions match the last shoe where 6 do by
    // chance.
    let mut first = true;
    let run = stream(shoe, 300, 4, |w, rng| {
        if std::mem::take(&mut first) {
            fisher_yates(w, rng);
        }
        for _ in 0..800 {
            let (a, b) = (rng.random_range(0..312), rng.random_range(0..312));
            w.swap(a, b);
        }
    });
    for t in &run.tests {
        assert!(t.log10_p > level, "{t:?}");
    }
    assert!(
        log10_p(&run, TestName::LAG1_MATCHES) < level - 20.0,
        "{:?}",
        run.lag1
    );
    // A cut instead of a shuffle: the last shoe rotated. Matches drop from
    // 6 to 312 · 5/311 ≈ 5.02 expected per pair.
    let mut first = true;
    let run = stream(shoe, 2_000, 5, |w, rng| {
        if std::mem::take(&mut first) {
            fisher_yates(w, rng);
        }
        w.rotate_left(rng.random_range(1..312));
    });
    assert!(log10_p(&run, TestName::LAG1_MATCHES) < level, "{run:?}");
    // A fair stream's matches pass.
    let run = stream(shoe, 2_000, 6, fair);
    assert!(log10_p(&run, TestName::LAG1_MATCHES) > -4.0);
}

#[test]
fn too_few_shoes_skip_the_tests_with_a_reason() {
    let shoe = Shoe::new(52, 6).unwrap();
    let run = stream(shoe, 100, 8, fair);
    assert_eq!(run.skipped[0].name, TestName::VALUE_POSITION);
    assert!(
        run.skipped[0].reason.contains("at least 260 shoes"),
        "{}",
        run.skipped[0].reason
    );
    let run = stream(shoe, 1, 8, fair);
    assert_eq!(run.skipped[1].name, TestName::COLLISIONS);
    assert_eq!(run.skipped[1].reason, "needs at least 2 decks, got 1");
    // A small shoe has too few arrangements for the Poisson approximation.
    let small = stream(Shoe::new(3, 2).unwrap(), 40, 8, fair);
    let why = &small.skipped.last().unwrap().reason;
    assert!(
        why.starts_with("the shoe's 90 arrangements are too few for 40 shoes: the Poisson"),
        "{why}"
    );
    let lag = run.lag1.unwrap();
    assert!(lag.tests.is_empty());
    assert_eq!(lag.skipped.len(), 2);
}

#[test]
fn shoes_out_of_range_are_refused_by_name() {
    assert_eq!(Shoe::new(52, 9), Err(ShoeError::Decks(9)));
    assert_eq!(Shoe::new(52, 0), Err(ShoeError::Decks(0)));
    assert_eq!(Shoe::new(1, 6), Err(ShoeError::Values(1)));
    assert_eq!(
        ShoeError::Decks(9).to_string(),
        "a shoe of 9 decks: shoes of 1..=8 decks can be audited"
    );
}
