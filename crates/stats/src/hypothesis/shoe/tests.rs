use super::*;
use crate::hypothesis::fit::fixed_margin_test;
use crate::law::perm::next_permutation;
use num_traits::{ToPrimitive, Zero};
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use statrs::distribution::{Binomial, DiscreteCDF};

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

/// Every distinct arrangement of a composition, in lexicographic order.
fn words_of(counts: &[usize]) -> Vec<Vec<u8>> {
    let mut w: Vec<u8> = counts
        .iter()
        .enumerate()
        .flat_map(|(v, &k)| std::iter::repeat_n(v as u8, k))
        .collect();
    let mut out = vec![w.clone()];
    while next_permutation(&mut w) {
        out.push(w.clone());
    }
    out
}

/// Decklists small enough to count every arrangement: unequal copies,
/// single cards among them, and shoes for comparison.
const COMPOSITIONS: [&[usize]; 9] = [
    &[1, 2],
    &[2, 1, 1],
    &[3, 1],
    &[3, 1, 2],
    &[2, 2, 1, 1],
    &[4, 1, 1],
    &[1, 1, 1, 3],
    &[2, 3, 4],
    &[5, 2, 1, 1],
];

#[test]
fn composition_laws_match_every_arrangement() {
    for counts in COMPOSITIONS {
        let words = words_of(counts);
        let p: usize = counts.iter().sum();
        assert_eq!(
            law::arrangements_of(counts).to_u64(),
            Some(words.len() as u64),
            "{counts:?}"
        );
        let mut descents = vec![0u64; p];
        let mut repeats = vec![0u64; p];
        for w in &words {
            descents[w.windows(2).filter(|x| x[0] > x[1]).count()] += 1;
            repeats[w.windows(2).filter(|x| x[0] == x[1]).count()] += 1;
        }
        assert_eq!(as_u64(law::descents_of(counts)), descents, "{counts:?}");
        assert_eq!(as_u64(law::repeats_of(counts)), repeats, "{counts:?}");
        // Matches with a first deck in order and with one reversed: the
        // law does not depend on it.
        for first in [words[0].clone(), words[words.len() - 1].clone()] {
            let mut matches = vec![0u64; p + 1];
            for w in &words {
                matches[w.iter().zip(&first).filter(|(a, b)| a == b).count()] += 1;
            }
            assert_eq!(as_u64(law::matches_of(counts)), matches, "{counts:?}");
        }
        // A group: the first value, then the first two values.
        for group in 1..=2.min(counts.len() - 1) {
            let a: usize = counts[..group].iter().sum();
            let inside = |c: u8| usize::from(c) < group;
            let mut pairs = vec![0u64; a];
            for w in &words {
                pairs[w
                    .windows(2)
                    .filter(|x| inside(x[0]) && inside(x[1]))
                    .count()] += 1;
            }
            // Each set of group positions carries the same number of words.
            let per_set = words.len() as u64
                / law::group_pairs(a, p)
                    .iter()
                    .map(|c| c.to_u64().unwrap())
                    .sum::<u64>();
            let law: Vec<u64> = as_u64(law::group_pairs(a, p))
                .iter()
                .map(|c| c * per_set)
                .collect();
            assert_eq!(law, pairs, "{counts:?}, group {group}");
            for h in 1..=p {
                let mut held = vec![0u64; h + 1];
                for w in &words {
                    held[w[..h].iter().filter(|&&c| inside(c)).count()] += 1;
                }
                let law: Vec<u64> = as_u64(law::hand(a, p, h))
                    .iter()
                    .map(|c| c * per_set)
                    .collect();
                assert_eq!(law, held, "{counts:?}, group {group}, hand {h}");
            }
        }
    }
}

#[test]
fn the_shoe_laws_are_the_composition_laws_of_equal_copies() {
    for (v, k) in SMALL {
        let shoe = Shoe::new(v, k).unwrap();
        let counts = shoe.composition().counts().to_vec();
        assert_eq!(law::descents(shoe), law::descents_of(&counts));
        assert_eq!(law::repeats(shoe), law::repeats_of(&counts));
        assert_eq!(law::matches(shoe), law::matches_of(&counts));
    }
}

/// A 60-card decklist: 17 lands of 5 kinds (4, 4, 3, 3, 3 copies) listed
/// first, then 23 spells (ten played twice, three once).
fn decklist() -> Vec<usize> {
    let mut counts = vec![4, 4, 3, 3, 3];
    counts.extend([2; 10]);
    counts.extend([1; 3]);
    counts
}

const LANDS: usize = 17;
const LAND_KINDS: u8 = 5;

/// The decklist in list order.
fn listed(counts: &[usize]) -> Vec<u8> {
    counts
        .iter()
        .enumerate()
        .flat_map(|(v, &k)| std::iter::repeat_n(v as u8, k))
        .collect()
}

/// One Gilbert–Shannon–Reeds riffle: a binomial cut, then each card drops
/// from a packet with probability proportional to the packet's size.
fn gsr(deck: &mut Vec<u8>, rng: &mut Xoshiro256PlusPlus) {
    let n = deck.len();
    let cut = (0..n).filter(|_| rng.random::<bool>()).count();
    let old = std::mem::take(deck);
    let (mut a, mut b) = (old[..cut].iter().copied(), old[cut..].iter().copied());
    let (mut left, mut right) = (cut, n - cut);
    deck.clear();
    while left + right > 0 {
        if rng.random_range(0..left + right) < left {
            deck.push(a.next().unwrap());
            left -= 1;
        } else {
            deck.push(b.next().unwrap());
            right -= 1;
        }
    }
}

/// The decklist tests of `decks` as [`ShoeCounts`] runs them with the
/// lands as a group and an opening hand of 7: value × position (fixed
/// margins), land pairs against [`law::group_pairs`] and lands in the
/// opening hand against [`law::hand`], as `log10 p` each.
fn decklist_tests(counts: &[usize], decks: &[Vec<u8>]) -> [f64; 3] {
    let composition = Composition::new(counts.to_vec()).unwrap();
    let land = Group {
        name: "land".into(),
        values: (0..usize::from(LAND_KINDS)).collect(),
    };
    let mut c = ShoeCounts::new(composition, false)
        .with_hand(7, vec![land])
        .unwrap();
    for d in decks {
        c.observe(d);
    }
    let run = c.into_run();
    assert_eq!(run.groups[0].cards, LANDS);
    let p = |name: TestName| {
        run.tests
            .iter()
            .find(|t| t.name == name)
            .map_or(0.0, |t| t.log10_p) // 0 when not run
    };
    [
        p(TestName::VALUE_POSITION),
        p(TestName::GROUP_PAIRS),
        p(TestName::GROUP_HAND),
    ]
}

#[test]
fn fair_decklists_raise_false_alarms_at_the_nominal_rate() {
    // 200 streams of 1,000 fair decklists of 60 cards; each test at 0.05.
    // The counts of alarms are Binomial(200, 0.05): outside their 1e-5
    // tails one time in 50,000 per test if the laws are right.
    let counts = decklist();
    let streams = 200;
    let mut alarms = [0u64; 3];
    for s in 0..streams {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xdec0 + s);
        let decks: Vec<Vec<u8>> = (0..1000)
            .map(|_| {
                let mut d = listed(&counts);
                for i in (1..d.len()).rev() {
                    d.swap(i, rng.random_range(0..=i));
                }
                d
            })
            .collect();
        for (a, l) in alarms.iter_mut().zip(decklist_tests(&counts, &decks)) {
            *a += u64::from(l < 0.05f64.log10());
        }
    }
    let b = Binomial::new(0.05, streams).unwrap();
    let (low, high) = (b.inverse_cdf(1e-5), b.inverse_cdf(1.0 - 1e-5));
    for (name, a) in ["value-position", "land pairs", "opening hand"]
        .iter()
        .zip(alarms)
    {
        assert!(
            (low..=high).contains(&a),
            "{name}: {a} of {streams} at 0.05"
        );
    }
}

/// `decks` decklists in list order, lands first, each riffled `riffles`
/// times (seed 7).
fn riffled_decklists(riffles: usize, decks: usize) -> Vec<Vec<u8>> {
    let counts = decklist();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    (0..decks)
        .map(|_| {
            let mut d = listed(&counts);
            for _ in 0..riffles {
                gsr(&mut d, &mut rng);
            }
            d
        })
        .collect()
}

#[test]
fn lands_listed_first_and_riffled_too_little_are_caught() {
    let counts = decklist();
    let level = -6.0; // log10 of 1e-6
    // One riffle: the lands stay clumped. The land pairs and the lands in
    // the opening hand pass 1e-6 from 100 decks (log10 p = −12.5 and
    // −12.9), where the position test is not run yet (5 expected per cell
    // takes 300 decks, the singletons expecting N/60).
    let once = riffled_decklists(1, 300);
    let [position, pairs, hand] = decklist_tests(&counts, &once[..100]);
    assert!(pairs < level && hand < level, "{pairs} {hand}");
    assert_eq!(position, 0.0, "not run on 100 decks");
    let [position, ..] = decklist_tests(&counts, &once);
    assert!(position < level, "{position}");
    // Three riffles scatter the lands' run into 8 packets: the land pairs
    // no longer tell, but each packet keeps the list's order, and the
    // position test sees it in 300 decks.
    let thrice = riffled_decklists(3, 300);
    let [position, pairs, _] = decklist_tests(&counts, &thrice);
    assert!(position < level && pairs > -3.0, "{position} {pairs}");
}

#[test]
fn unequal_margins_have_their_degrees_of_freedom_as_exact_mean() {
    // As for shoes, over every arrangement of a decklist of 3 values with
    // 3, 1 and 2 copies (60 arrangements): (P − 1)/P · X² of the value ×
    // position table has mean (V − 1)(P − 1) = 10 exactly, the contingency
    // of a pair (V − 1)² = 4, and the values in an opening hand of 2
    // against the rest V − 1 = 2.
    let composition = Composition::new(vec![3, 1, 2]).unwrap();
    let all = words_of(composition.counts());
    assert_eq!(all.len(), 60);
    let copies = [3, 1, 2];
    let (mut position, mut contingency, mut hand) = (0.0, 0.0, 0.0);
    for w in &all {
        let mut c = ShoeCounts::new(composition.clone(), true);
        c.observe(&all[41]);
        c.observe(w);
        let table = |name, counts: &[u64], cols: &[u64], tables| {
            fixed_margins_test(name, counts, &copies, cols, tables).statistic
        };
        // The second deck alone: the table of both minus the first's.
        let mut first = ShoeCounts::new(composition.clone(), false);
        first.observe(&all[41]);
        let one: Vec<u64> = c
            .value_position
            .iter()
            .zip(&first.value_position)
            .map(|(a, b)| a - b)
            .collect();
        position += table(TestName::VALUE_POSITION, &one, &[1; 6], 1);
        hand += table(TestName::OPENING_HAND, &hand_table(&one, 6, 2), &[2, 4], 1);
        let lag = c.lag.unwrap();
        contingency += table(TestName::LAG1_CONTINGENCY, &lag.contingency, &copies, 1);
    }
    let n = all.len() as f64;
    for (sum, df) in [(position, 10.0), (contingency, 4.0), (hand, 2.0)] {
        assert!((sum / n - df).abs() < 1e-9, "{} against {df}", sum / n);
    }
}

#[test]
fn unequal_margins_reduce_to_the_equal_margin_test() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let counts: Vec<u64> = (0..4 * 12).map(|_| rng.random_range(0..40)).collect();
    let equal = fixed_margin_test(TestName::VALUE_POSITION, &counts, (4, 3), (12, 1), 120);
    let general = crate::hypothesis::fit::fixed_margins_test(
        TestName::VALUE_POSITION,
        &counts,
        &[3; 4],
        &[1; 12],
        120,
    );
    assert_eq!(equal.df, general.df);
    assert!((equal.statistic - general.statistic).abs() < 1e-9 * equal.statistic);
}

#[test]
fn riffled_group_pairs_match_the_riffles_enumerated() {
    use algorithms::{Algorithm, GsrRiffle, Kernel};
    // The exact law of k riffles of n cards (every path of the riffle,
    // composed k times), read as the pairs of a group of the first a
    // cards and as its cards in a hand of a + 1: the same counts, scaled
    // to 2^(k n).
    for n in [2usize, 5, 7] {
        for riffles in 1..=3u32 {
            let algorithm = Algorithm {
                kernel: Kernel::GsrRiffle(GsrRiffle),
                times: riffles,
            };
            let law =
                crate::law::exact::exact_distribution(&algorithm, n, &Default::default()).unwrap();
            assert!(law.is_complete());
            let total = 1u128 << (riffles as usize * n);
            let mut deck = Vec::new();
            for a in 1..=n {
                let h = (a + 1).min(n);
                let mut want = vec![0u64; a];
                let mut want_hand = vec![0u64; h + 1];
                for rank in 0..(1..=n).product::<usize>() {
                    crate::law::perm::unrank(rank, n, &mut deck);
                    let w = law.probability_exact(rank).numerator_over(total).unwrap() as u64;
                    let group = |c: &u8| usize::from(*c) < a;
                    want[deck
                        .windows(2)
                        .filter(|p| group(&p[0]) && group(&p[1]))
                        .count()] += w;
                    want_hand[deck[..h].iter().filter(|c| group(c)).count()] += w;
                }
                let got = as_u64(law::riffled_group_pairs(riffles, a, n));
                assert_eq!(got, want, "pairs: {riffles} riffles, {a} of {n}");
                let got = as_u64(law::riffled_group_hand(riffles, a, n, h));
                assert_eq!(got, want_hand, "hand of {h}: {riffles} riffles, {a} of {n}");
            }
        }
    }
}

#[test]
fn shoe_counts_of_stretches_appended_in_order_equal_one_pass() {
    let shoe = Shoe::new(8, 3).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut w = stacked(shoe);
    let mut decks: Vec<Vec<u8>> = Vec::new();
    for t in 0..900 {
        if t % 50 == 49 {
            // A shoe dealt before, again: a collision.
            w = decks[t / 3].clone();
        } else {
            riffle(&mut w, &mut rng);
        }
        decks.push(w.clone());
    }
    let group = Group {
        name: "low".into(),
        values: vec![0, 1],
    };
    let make = |before: u64| {
        ShoeCounts::new(shoe.composition(), true)
            .with_hand(4, vec![group.clone()])
            .unwrap()
            .after(before)
    };
    let mut whole = make(0);
    for d in &decks {
        whole.observe(d);
    }
    let want = whole.into_run();
    assert!(want.collisions.as_ref().is_some_and(|c| c.pairs > 0));
    for cuts in [vec![1, 2, 450, 450, 899], vec![300, 301]] {
        let mut bounds = vec![0];
        bounds.extend(&cuts);
        bounds.push(decks.len());
        let mut parts = bounds.windows(2).map(|b| {
            let mut c = make(b[0] as u64);
            for d in &decks[b[0]..b[1]] {
                c.observe(d);
            }
            c
        });
        let mut acc = parts.next().unwrap();
        for p in parts {
            acc.append(p);
        }
        assert_eq!(acc.into_run(), want, "cuts {cuts:?}");
    }
}
