//! The C++ `Poker::Shuffle` of `004_bc98dc84b49fccfb.txt` (a Chinese blog
//! post on shuffling a 54-card deck), in its wrong form (the commented-out
//! line: a partner drawn from the whole deck for every `i`) and its corrected
//! form (a partner drawn from `[i, n)`), each with the seed's `rand()`
//! arithmetic on a 15-bit word and with an ideal uniform draw.
//!
//! The seed draws `(int)((n - i) * rand() / (RAND_MAX + 1.0))` with
//! `RAND_MAX = 32767`; that is [`Source::word_scale`] with 15 bits. Seeding
//! (`srand(time(0))` on every call) is not modelled here.

use crate::shuffle::Shuffle;
use crate::source::Source;

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
