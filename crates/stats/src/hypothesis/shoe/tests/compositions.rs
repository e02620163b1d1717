//! Unequal compositions (decklists): their laws against every arrangement,
//! fair decklists at the nominal rate, riffled ones caught, the groups'
//! laws, and counts of stretches appended in order.

use super::*;

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
