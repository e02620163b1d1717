use super::*;
use crate::Throwing;
use crate::reference::CoinInsertionSort;
use crate::source::{Draw, Scripted};
use rand::SeedableRng;

/// The comparator answers of `scripts/v8-sort-vectors.js`: xorshift32 from
/// `seed`, "greater" (1) when the top 3 bits are below `p`.
fn answers(seed: u32, p: u32, count: usize) -> Vec<u64> {
    let mut s = seed;
    (0..count)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            u64::from((s >> 29) < p)
        })
        .collect()
}

/// Every case node recorded: V8's own sort, fed a scripted `Math.random`,
/// and the port fed the same answers must make the same number of calls
/// and leave the same order.
#[test]
fn the_timsort_port_makes_the_calls_v8_makes_and_leaves_its_order() {
    let data = include_str!("../../tests/data/v8-sort-node.txt");
    let mut cases = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (head, order) = line.split_once(" | ").unwrap();
        let head: Vec<u32> = head.split(' ').map(|t| t.parse().unwrap()).collect();
        let [n, seed, p, calls] = head[..] else {
            panic!("bad line {line}")
        };
        let want: Vec<u32> = order.split(' ').map(|t| t.parse().unwrap()).collect();
        let script = answers(seed * 7919 + n, p, calls as usize);
        let mut s = Scripted::new(script);
        let mut deck: Vec<u32> = (0..n).collect();
        V8TimSort.shuffle(&mut deck, &mut s);
        assert_eq!(s.remaining(), 0, "n = {n}, seed {seed}, p {p}: calls");
        assert_eq!(deck, want, "n = {n}, seed {seed}, p {p}");
        cases += 1;
    }
    assert_eq!(cases, 21 * 9);
}

#[test]
fn v8_legacy_sorts_short_arrays_by_coin_insertion() {
    // Up to 10 elements InnerArraySort is InsertionSort: the same coins
    // give the same deck as the textbook coin insertion sort.
    for n in 0..=10 {
        for seed in 0..50 {
            let mut a: Vec<u8> = (0..n).collect();
            let mut b = a.clone();
            let mut r1 = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut r2 = r1.clone();
            V8LegacySort.shuffle(&mut a, &mut r1);
            CoinInsertionSort.shuffle(&mut b, &mut r2);
            assert_eq!(a, b, "n = {n}, seed {seed}");
        }
    }
}

/// A consistent comparator: each sort, given `a < b` answers, sorts.
#[test]
fn every_engine_sort_sorts_with_a_consistent_comparator() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
    for n in [
        0, 1, 2, 3, 5, 6, 7, 10, 11, 16, 17, 33, 64, 65, 200, 1025, 2100,
    ] {
        let mut deck: Vec<u32> = (0..n).collect();
        crate::reference::FisherYates.shuffle(&mut deck, &mut rng);
        let mut want = deck.clone();
        want.sort_unstable();

        let mut a = deck.clone();
        V8LegacySort::sort(&mut a, &mut |x: &u32, y: &u32| x.cmp(y));
        assert_eq!(a, want, "v8 legacy, n = {n}");

        let mut a = deck.clone();
        V8TimSort::sort(&mut a, |x: &u32, y: &u32| x.cmp(y));
        assert_eq!(a, want, "v8 timsort, n = {n}");

        let mut a = deck.clone();
        let mut scratch = deck.clone();
        SpiderMonkeyMergeSort::sort(&mut a, &mut scratch, &mut |x: &u32, y: &u32| x <= y);
        assert_eq!(a, want, "spidermonkey, n = {n}");

        let mut a = deck.clone();
        ZendSort::sort(&mut a, &mut |a: &[u32], i, j| a[i] > a[j]);
        assert_eq!(a, want, "zend_sort, n = {n}");
    }
}

#[test]
fn timsort_on_three_cards_by_hand() {
    // The first answer ("greater" 1, "less" 0) decides the opening run's
    // direction; a run of 2 is extended by binary insertion of the third
    // card (compared with the middle, then with the first).
    let run = |script: &[u64]| {
        let mut s = Scripted::new(script.to_vec());
        let mut deck = vec![0u8, 1, 2];
        V8TimSort.shuffle(&mut deck, &mut s);
        assert_eq!(s.remaining(), 0, "{script:?}");
        deck
    };
    assert_eq!(run(&[1, 1]), [0, 1, 2]);
    assert_eq!(run(&[1, 0, 1]), [0, 1, 2]);
    assert_eq!(run(&[1, 0, 0, 1]), [0, 2, 1]);
    assert_eq!(run(&[1, 0, 0, 0]), [2, 0, 1]);
    // A descending run is reversed.
    assert_eq!(run(&[0, 0]), [2, 1, 0]);
    assert_eq!(run(&[0, 1, 1]), [1, 0, 2]);
    assert_eq!(run(&[0, 1, 0, 1]), [1, 2, 0]);
    assert_eq!(run(&[0, 1, 0, 0]), [2, 1, 0]);
}

#[test]
fn spidermonkey_keeps_two_runs_on_one_coin() {
    // Six cards: chunks [0 1 2] and [3 4 5], each left alone by "less or
    // equal" (tails: Math.random() - 0.5 <= 0), then one more tails keeps
    // both runs as they are: 2 + 2 + 1 calls.
    let mut s = Scripted::new([0, 0, 0, 0, 0]);
    let mut deck: Vec<u8> = (0..6).collect();
    SpiderMonkeyMergeSort.shuffle(&mut deck, &mut s);
    assert_eq!(deck, [0, 1, 2, 3, 4, 5]);
    assert_eq!(s.remaining(), 0);
    // Heads on the run check: the merge takes 3 from the right first
    // (heads), then the left's 0, 1, 2 (tails, tails, tails).
    let mut s = Scripted::new([0, 0, 0, 0, 1, 1, 0, 0, 0]);
    let mut deck: Vec<u8> = (0..6).collect();
    SpiderMonkeyMergeSort.shuffle(&mut deck, &mut s);
    assert_eq!(deck, [3, 0, 1, 2, 4, 5]);
    assert_eq!(s.remaining(), 0);
}

#[test]
fn php_comparators_draw_their_range() {
    // rand(-1, 1) is a draw of 3; only 1 (result 2) is "greater".
    let usort = |rand, version, script: &[u64]| {
        let mut s = Scripted::new(script.to_vec());
        let mut deck = vec![0u8, 1];
        PhpUsortRand { rand, version }.shuffle(&mut deck, &mut s);
        (deck, s.log().to_vec())
    };
    use PhpRand::*;
    use PhpVersion::*;
    assert_eq!(
        usort(MinusOneToOne, Php7, &[2]),
        (vec![1, 0], vec![Draw::Below(3)])
    );
    assert_eq!(usort(MinusOneToOne, Php7, &[1]).0, [0, 1]);
    assert_eq!(usort(MinusOneToOne, Php7, &[0]).0, [0, 1]);
    assert_eq!(
        usort(ZeroToOne, Php7, &[1]),
        (vec![1, 0], vec![Draw::Below(2)])
    );
    assert_eq!(usort(ZeroToOne, Php7, &[0]).0, [0, 1]);
    // PHP 8 breaks a 0 by the original order: 0 before 1, kept.
    assert_eq!(usort(MinusOneToOne, Php8, &[1]).0, [0, 1]);
}

#[test]
fn php8_ties_follow_the_original_places_not_the_current_ones() {
    // Three cards, zend_sort_3: cmp(0, 1) = 1 swaps to [1 0 2]; cmp(0, 2)
    // (places 0 and 2 now at slots 1 and 2) = 0: place 0 < place 2, not
    // greater, done. PHP 7 reads the same 0 the same way; a PHP 8 tie
    // between the cards at slots 0 and 1 (places 1 and 0) is "greater".
    let run = |version, script: &[u64]| {
        let mut s = Scripted::new(script.to_vec());
        let mut deck = vec!['a', 'b', 'c'];
        PhpUsortRand {
            rand: PhpRand::MinusOneToOne,
            version,
        }
        .shuffle(&mut deck, &mut s);
        assert_eq!(s.remaining(), 0);
        deck
    };
    // zend_sort_3 on [a b c]: cmp(a,b) > 0 → cmp(c,b): 0 means "not
    // greater" → swap a and c: [c b a].
    assert_eq!(run(PhpVersion::Php7, &[2, 1]), ['c', 'b', 'a']);
    // PHP 8: cmp(c, b) = 0 falls back to places 2 > 1: greater → swap a
    // and b: [b a c], then cmp(a, c) (slots 1, 2): 0 → places 0 < 2.
    assert_eq!(run(PhpVersion::Php8, &[2, 1, 1]), ['b', 'a', 'c']);
}

/// Below 32 elements Java's TimSort with `nextBoolean` asks the questions
/// V8's asks (neither merges below its minimum): the same coins give the
/// same deck. At 32 and above Java merges runs of 16 where V8 still
/// inserts, and the decks part.
#[test]
fn java_and_v8_timsorts_agree_below_java_s_first_merge() {
    let java = JavaTimSort {
        comparator: JavaComparator::NextBoolean,
    };
    let mut parted = 0;
    for n in [2u32, 3, 7, 16, 31, 32, 40] {
        for seed in 0..50 {
            let mut a: Vec<u32> = (0..n).collect();
            let mut b = a.clone();
            let mut r1 = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut r2 = r1.clone();
            java.shuffle(&mut a, &mut r1);
            V8TimSort.shuffle(&mut b, &mut r2);
            if n < 32 {
                assert_eq!(a, b, "n = {n}, seed {seed}");
            } else {
                parted += usize::from(a != b);
            }
        }
    }
    assert!(
        parted > 50,
        "{parted} of 100 decks of 32 and 40 cards parted"
    );
}

/// A consistent comparator sorts, on every size around the switch-overs,
/// and never throws.
#[test]
fn java_timsort_sorts_with_a_consistent_comparator() {
    for n in [0u32, 1, 2, 31, 32, 33, 63, 64, 65, 100, 1000] {
        let mut a: Vec<u32> = (0..n).map(|i| (i * 7919) % 1009).collect();
        let mut want = a.clone();
        want.sort();
        JavaTimSort::sort(&mut a, |x: &u32, y: &u32| x.cmp(y)).unwrap();
        assert_eq!(a, want, "n = {n}");
    }
}

/// Below 24 elements SpiderMonkey 102 sorts by insertion alone: the same
/// coins give the deck of the coin insertion sort.
#[test]
fn spidermonkey_102_sorts_short_arrays_by_coin_insertion() {
    for n in 0..24 {
        for seed in 0..50 {
            let mut a: Vec<u8> = (0..n).collect();
            let mut b = a.clone();
            let mut r1 = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut r2 = r1.clone();
            SpiderMonkey102Sort.shuffle(&mut a, &mut r1);
            CoinInsertionSort.shuffle(&mut b, &mut r2);
            assert_eq!(a, b, "n = {n}, seed {seed}");
        }
    }
}

/// A consistent comparator sorts on every size around the switch-overs.
#[test]
fn spidermonkey_102_sorts_with_a_consistent_comparator() {
    for n in [0u32, 1, 2, 23, 24, 25, 31, 32, 33, 100, 1000] {
        let mut a: Vec<u32> = (0..n).map(|i| (i * 7919) % 1009).collect();
        let mut want = a.clone();
        want.sort();
        let mut scratch = a.clone();
        SpiderMonkey102Sort::sort(&mut a, &mut scratch, &mut |x: &u32, y: &u32| x <= y);
        assert_eq!(a, want, "n = {n}");
    }
}

#[test]
fn cpython_and_v8_timsorts_agree_below_128_and_part_above() {
    let mut parted = 0;
    for n in [2u32, 3, 7, 63, 64, 65, 100, 127, 128, 129, 200, 1000] {
        for seed in 0..30 {
            let mut a: Vec<u32> = (0..n).collect();
            let mut b = a.clone();
            let mut r1 = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut r2 = r1.clone();
            CPythonSort.shuffle(&mut a, &mut r1);
            V8TimSort.shuffle(&mut b, &mut r2);
            if n < 128 {
                // The same questions: the same deck, the same draws.
                assert_eq!(a, b, "n = {n}, seed {seed}");
                assert_eq!(r1, r2, "n = {n}, seed {seed}");
            } else {
                parted += usize::from(a != b);
            }
        }
    }
    assert!(
        parted > 100,
        "{parted} of 150 decks of 128 to 1000 cards parted"
    );
}

/// A consistent comparator sorts, on every size around the switch-overs
/// (powersort's merges from 128 on).
#[test]
fn cpython_sorts_with_a_consistent_comparator() {
    for n in [0u32, 1, 2, 63, 64, 65, 127, 128, 129, 300, 1000, 5000] {
        let mut a: Vec<u32> = (0..n).map(|i| (i * 7919) % 1009).collect();
        let mut want = a.clone();
        want.sort();
        CPythonSort::sort(&mut a, |x: &u32, y: &u32| x.cmp(y));
        assert_eq!(a, want, "n = {n}");
    }
}

#[test]
fn libstdcxx_sorts_with_a_consistent_comparator() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
    for n in [0, 1, 2, 3, 16, 17, 33, 64, 65, 200, 1025, 2100] {
        let mut deck: Vec<u32> = (0..n).collect();
        crate::reference::FisherYates.shuffle(&mut deck, &mut rng);
        LibStdCxxSort.sort(&mut deck, |x, y| x < y).unwrap();
        assert!(deck.iter().copied().eq(0..n), "n = {n}");
    }
}

#[test]
fn libstdcxx_on_two_cards_by_hand() {
    // Heads is "less". The second card goes to the front on a first heads;
    // on tails it walks left: tails stops it, heads moves it to the front
    // and reads the cell before the array.
    let run = |script: &[u64]| {
        let mut s = Scripted::new(script.to_vec());
        let mut deck = vec![0u8, 1];
        let result = LibStdCxxSort.try_shuffle(&mut deck, &mut s);
        assert_eq!(s.remaining(), 0, "{script:?}");
        (deck, result.is_ok())
    };
    assert_eq!(run(&[1]), (vec![1, 0], true));
    assert_eq!(run(&[0, 0]), (vec![0, 1], true));
    // Stopped where the sort reads out of bounds: the card moved up, its
    // value not yet written back, as the compiled sort leaves it.
    assert_eq!(run(&[0, 1]), (vec![0, 0], false));
}

#[test]
fn go_pdqsort_sorts_with_a_consistent_comparator() {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(13);
    for n in [0, 1, 2, 12, 13, 49, 50, 51, 200, 1025, 2100] {
        let mut deck: Vec<u32> = (0..n).collect();
        crate::reference::FisherYates.shuffle(&mut deck, &mut rng);
        GoPdqSort.sort(&mut deck, |x, y| x < y);
        assert!(deck.iter().copied().eq(0..n), "n = {n}");
        // Already sorted, and reversed: the partial insertion sort and
        // the reversal of a descending range.
        GoPdqSort.sort(&mut deck, |x, y| x < y);
        assert!(deck.iter().copied().eq(0..n), "sorted, n = {n}");
        deck.reverse();
        GoPdqSort.sort(&mut deck, |x, y| x < y);
        assert!(deck.iter().copied().eq(0..n), "reversed, n = {n}");
    }
}

/// Up to 10 cards (where V8's legacy sort leaves insertion sort; Go's
/// leaves it after 12) the two are the same coin insertion sort, coin for
/// coin.
#[test]
fn go_and_v8_legacy_agree_up_to_10_cards() {
    for n in 2..=10u8 {
        for seed in 0..50 {
            let mut a: Vec<u8> = (0..n).collect();
            let mut b = a.clone();
            let mut r = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut s = r.clone();
            GoPdqSort.shuffle(&mut a, &mut r);
            V8LegacySort.shuffle(&mut b, &mut s);
            assert_eq!(a, b, "n = {n}, seed {seed}");
        }
    }
}
