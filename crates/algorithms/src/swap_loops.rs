//! Loops that swap cards in place, as the seed documents print them: the
//! random-pairs swap, the naive swap (a partner drawn from the whole deck),
//! the off-by-ones that make Sattolo's algorithm (a partner drawn from
//! `0..i`, never `i` itself), and the fixes that are Fisher–Yates. Which
//! range the partner is drawn from decides everything. Each type's
//! documentation names its document and function.
//!
//! The C++ `Poker::Shuffle` of `004_bc98dc84b49fccfb.txt` draws
//! `(int)((n - i) * rand() / (RAND_MAX + 1.0))` with `RAND_MAX = 32767`;
//! that is [`Source::word_scale`] with 15 bits, and each of its two forms
//! comes with that arithmetic and with an ideal uniform draw. Its seeding
//! (`srand(time(0))` on every call) is not modelled here.

use crate::js::random_index;
use crate::shuffle::{Shuffle, order_adapter};
use crate::source::Source;

/// The swap method the post rejects, described in words only: "swap two
/// random positions, n times in all; the larger n, the closer to random"
/// (随机交换两个位置,共交换n次,n越大,越接近随机), with `n` the deck size as in
/// the post's example (10 cards, 10 swaps). The same code is `naiveShuffle`
/// in `003_8fdfb98757373742.txt`.
///
/// Source: `000_d04b9b9104ef3ac9.txt` / `002_a1406b98e2fda677.txt`, the
/// passage quoting the Baidu Wenku article's swap method; and
/// `003_8fdfb98757373742.txt`, function `naiveShuffle`.
/// Cost: `O(n)`, `2n` draws.
/// Defect: biased: its `n^(2n)` equally likely paths cannot split evenly over
/// `n!` permutations (for `n >= 3`), and the identity is favoured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomPairsSwap;

impl Shuffle for RandomPairsSwap {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        // naiveShuffle(deck): for (index = 0; index < deck.length; index += 1)
        let n = deck.len();
        for _index in 0..n {
            let random_card_a = random_index(src, n);
            let random_card_b = random_index(src, n);
            deck.swap(random_card_a, random_card_b);
        }
    }
}

/// `shuffle_swap(m)` exactly as printed: swap card `i` with a random card in
/// `0..=i`.
pub fn shuffle_swap<S: Source + ?Sized>(m: usize, src: &mut S) -> Vec<usize> {
    let mut arr: Vec<usize> = (0..m).collect();
    for i in 0..m {
        let rnd = random_index(src, i + 1);
        arr.swap(rnd, i);
    }
    arr
}

/// `shuffle_swap` (换牌法): for each `i`, swap card `i` with a random card in
/// `0..=i`.
///
/// Source: `000_d04b9b9104ef3ac9.txt` / `002_a1406b98e2fda677.txt`,
/// function `shuffle_swap`.
/// Cost: `O(n)`, `n` draws.
/// Guarantee: uniform over all `n!` permutations (Fisher–Yates run from the
/// front).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShuffleSwap;

order_adapter!(ShuffleSwap, shuffle_swap);

/// Block 3 exactly as printed: returns `newArr` (and scrambles `cardsArr`).
pub fn blog_knuth_durstenfeld<T: Copy, S: Source + ?Sized>(
    cards_arr: &mut [T],
    src: &mut S,
) -> Vec<T> {
    let length = cards_arr.len();
    // `var newArr = []` filled from the back: every slot is written once.
    let mut new_arr = cards_arr.to_vec();
    for i in (0..length).rev() {
        let position = random_index(src, i); // Math.floor(Math.random()*i): 0..i, never i
        new_arr[i] = cards_arr[position];
        cards_arr[position] = cards_arr[i];
    }
    new_arr
}

/// Block 3, which the author calls the Knuth–Durstenfeld shuffle: for `i`
/// from the end, pick `position` in `0..i` (`Math.floor(Math.random()*i)`),
/// move that card to `newArr[i]` and fill its slot with card `i`.
///
/// Source: `001_8224637705ba0647.txt`, third `shuffle` block.
/// Cost: `O(n)`, `n - 1` draws.
/// Defect: the pick excludes card `i` itself, so this is Sattolo's
/// algorithm: it deals only the `(n-1)!` single-cycle permutations, and no
/// card can stay where it started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlogKnuthDurstenfeld;

impl Shuffle for BlogKnuthDurstenfeld {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        *deck = blog_knuth_durstenfeld(deck, src);
    }
}

/// Block 4 exactly as printed: shuffles `cardsArr` in place.
pub fn blog_inside_out<T: Copy, S: Source + ?Sized>(cards_arr: &mut [T], src: &mut S) {
    let len = cards_arr.len();
    for i in (1..len).rev() {
        let temp = cards_arr[i];
        let j = random_index(src, i); // Math.floor(Math.random()*i): 0..i, never i
        cards_arr[i] = cards_arr[j];
        cards_arr[j] = temp;
    }
}

/// Block 4, which the author calls the Inside-Out algorithm: for `i` from
/// `n - 1` down to 1, swap card `i` with a card `j` in `0..i`.
///
/// Source: `001_8224637705ba0647.txt`, fourth `shuffle` block.
/// Cost: `O(n)`, `n - 1` draws.
/// Defect: `j` never equals `i`, so this is Sattolo's algorithm, not the
/// inside-out Fisher–Yates: only the `(n-1)!` single-cycle permutations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlogInsideOut;

impl Shuffle for BlogInsideOut {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        blog_inside_out(deck, src);
    }
}

/// `altNaiveShuffle`: for every `index` from the end, swap it with a card
/// drawn from the whole deck (`Math.floor(Math.random() * deck.length)`).
///
/// Source: `003_8fdfb98757373742.txt`, function `altNaiveShuffle`.
/// Cost: `O(n)`, `n` draws.
/// Defect: biased: `n^n` equally likely paths cannot split evenly over `n!`
/// permutations for `n >= 3` (the naive swap run backwards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AltNaiveShuffle;

impl Shuffle for AltNaiveShuffle {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len();
        for index in (0..n).rev() {
            let random_card = random_index(src, n);
            deck.swap(index, random_card);
        }
    }
}

/// The Fisher–Yates version the article derives from `altNaiveShuffle` by
/// the one-line change `randomCard = Math.floor(Math.random() * index)`.
///
/// Source: `003_8fdfb98757373742.txt`, section 费希尔-耶茨洗牌 (the changed
/// line applied to `altNaiveShuffle`).
/// Cost: `O(n)`, `n - 1` draws.
/// Defect: `randomCard` is in `0..index`, never `index` itself, so this is
/// Sattolo's algorithm: only the `(n-1)!` single-cycle permutations, no card
/// left in place. The article says the change avoids swapping a card with
/// itself; that is exactly what breaks it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlogFisherYates;

impl Shuffle for BlogFisherYates {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len();
        for index in (0..n).rev() {
            let random_card = random_index(src, index);
            deck.swap(index, random_card);
        }
    }
}

/// Width of C's `rand()` word: `RAND_MAX = 32767`.
pub const RAND_BITS: u32 = 15;

/// The naive swap: for every `i`, swap card `i` with a card drawn uniformly
/// from the whole deck. This is the wrong version of `Poker::Shuffle`
/// (`ranIndex` in `[0, poker_size - 1]`), with an ideal uniform draw.
///
/// Source: `004_bc98dc84b49fccfb.txt`, `Poker::Shuffle`, the commented-out
/// line, with `below(n)` for the `rand()` arithmetic.
/// Cost: `O(n)`, `n` draws.
/// Defect: biased: `n^n` equally likely paths cannot split evenly over `n!`
/// permutations for `n >= 3` (at `n = 3` the counts over 27 paths are
/// 4, 5, 5, 5, 4, 4), as the post explains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NaiveSwap;

impl Shuffle for NaiveSwap {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len();
        for i in 0..n {
            let ran_index = src.below(n);
            if i != ran_index {
                deck.swap(i, ran_index);
            }
        }
    }
}

/// The wrong version of `Poker::Shuffle` exactly as printed (commented out),
/// with the seed's `(int)(n * rand() / (RAND_MAX + 1.0))` on a 15-bit word.
///
/// Source: `004_bc98dc84b49fccfb.txt`, `Poker::Shuffle`, the commented-out
/// line.
/// Cost: `O(n)`, `n` draws of a 15-bit word.
/// Defect: biased twice over: the naive swap's `n^n` paths, and 32768 raw
/// words that do not divide evenly into `n` results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NaiveSwapRand15;

impl Shuffle for NaiveSwapRand15 {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let poker_size = deck.len();
        for i in 0..poker_size {
            let ran_index = src.word_scale(RAND_BITS, poker_size);
            if i != ran_index {
                deck.swap(i, ran_index);
            }
        }
    }
}

/// The corrected `Poker::Shuffle` with an ideal uniform draw: swap card `i`
/// with a card drawn from `[i, n)`.
///
/// Source: `004_bc98dc84b49fccfb.txt`, `Poker::Shuffle`, the corrected line,
/// with `i + below(n - i)` for the `rand()` arithmetic.
/// Cost: `O(n)`, `n` draws.
/// Guarantee: uniform over all `n!` permutations (Durstenfeld's algorithm
/// run from the front).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PokerFixed;

impl Shuffle for PokerFixed {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let poker_size = deck.len();
        for i in 0..poker_size {
            let ran_index = i + src.below(poker_size - i);
            if i != ran_index {
                deck.swap(i, ran_index);
            }
        }
    }
}

/// The corrected `Poker::Shuffle` exactly as printed:
/// `ranIndex = i + (int)((poker_size - 1.0 - i + 1.0) * rand() / (RAND_MAX + 1.0))`.
///
/// Source: `004_bc98dc84b49fccfb.txt`, `Poker::Shuffle`, the corrected line.
/// Cost: `O(n)`, `n` draws of a 15-bit word.
/// Defect: slightly biased: `(n - i)` results from 32768 raw words are not
/// equally likely unless `n - i` divides 32768 (at `n = 52` some partners
/// are drawn with weight 631 instead of 630 out of 32768).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PokerFixedRand15;

impl Shuffle for PokerFixedRand15 {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let poker_size = deck.len();
        for i in 0..poker_size {
            let ran_index = i + src.word_scale(RAND_BITS, poker_size - i);
            if i != ran_index {
                deck.swap(i, ran_index);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Draw, Scripted};

    #[test]
    fn random_pairs_swap_draws_two_full_range_indices_per_card() {
        let mut s = Scripted::new([0, 2, 1, 1, 2, 0]);
        let mut deck = vec![10, 11, 12];
        RandomPairsSwap.shuffle(&mut deck, &mut s);
        // swap(0,2) -> [12,11,10]; swap(1,1); swap(2,0) -> [10,11,12]
        assert_eq!(deck, vec![10, 11, 12]);
        assert!(s.log().iter().all(|d| *d == crate::Draw::Below(3)));
    }

    #[test]
    fn scripted_swaps_follow_the_seed_code() {
        // shuffle_swap(3): i=0 swap(0,0); i=1 rnd 0 -> [1,0,2]; i=2 rnd 0 -> [2,0,1].
        assert_eq!(
            shuffle_swap(3, &mut Scripted::new([0, 0, 0])),
            vec![2, 0, 1]
        );
    }

    #[test]
    fn knuth_durstenfeld_block_never_picks_the_current_card() {
        let mut s = Scripted::new([0, 0]);
        let mut cards = vec![10, 11, 12];
        // i=2: pos 0 -> new[2]=10, cards=[12,11,12]; i=1: pos 0 -> new[1]=12, cards=[11,..];
        // i=0: no draw -> new[0]=11.
        assert_eq!(blog_knuth_durstenfeld(&mut cards, &mut s), vec![11, 12, 10]);
        assert_eq!(s.log(), &[crate::Draw::Below(2), crate::Draw::Below(1)]);
    }

    #[test]
    fn inside_out_block_draws_below_i() {
        let mut s = Scripted::new([1, 0]);
        let mut cards = vec![10, 11, 12];
        blog_inside_out(&mut cards, &mut s);
        // i=2, j=1 -> [10,12,11]; i=1, j=0 -> [12,10,11]
        assert_eq!(cards, vec![12, 10, 11]);
        assert_eq!(s.log(), &[crate::Draw::Below(2), crate::Draw::Below(1)]);
    }

    #[test]
    fn blog_fisher_yates_never_swaps_a_card_with_itself() {
        let mut s = Scripted::new([0, 0]);
        let mut deck = vec![10, 11, 12];
        BlogFisherYates.shuffle(&mut deck, &mut s);
        // index 2 <-> 0: [12,11,10]; index 1 <-> 0: [11,12,10]; index 0: no draw.
        assert_eq!(deck, vec![11, 12, 10]);
        assert_eq!(s.log(), &[crate::Draw::Below(2), crate::Draw::Below(1)]);
    }

    #[test]
    fn rand_versions_draw_15_bit_words_scaled_as_printed() {
        let mut s = Scripted::new([2, 1, 0]);
        let mut deck = vec![10, 11, 12];
        NaiveSwapRand15.shuffle(&mut deck, &mut s);
        assert_eq!(s.log(), &[Draw::WordScale { bits: 15, k: 3 }; 3]);
        // swap(0,2) -> [12,11,10]; swap(1,1); swap(2,0) -> [10,11,12]
        assert_eq!(deck, vec![10, 11, 12]);

        let mut s = Scripted::new([1, 0, 0]);
        PokerFixedRand15.shuffle(&mut deck, &mut s);
        let k = |k| Draw::WordScale { bits: 15, k };
        assert_eq!(s.log(), &[k(3), k(2), k(1)]);
        assert_eq!(deck, vec![11, 10, 12]);
    }
}
