//! Reference algorithms that are not in the seed documents: the control
//! (Fisher–Yates), well-known relatives and well-known mistakes, and the
//! Gilbert–Shannon–Reeds model of a riffle.

use crate::scratch::{with_copy, with_slots};
use crate::shuffle::Shuffle;
use crate::source::{Source, SourceRng};
use crate::swap_loops::RAND_BITS;

/// Durstenfeld's Fisher–Yates shuffle: for `i` from `n - 1` down to 1, swap
/// card `i` with a card drawn uniformly from `0..=i`. The control.
///
/// Source: Durstenfeld, "Algorithm 235: Random permutation", CACM 1964.
/// Cost: `O(n)`, `n - 1` draws.
/// Guarantee: picked uniformly from the set of all `n!` permutations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FisherYates;

impl Shuffle for FisherYates {
    #[inline(always)]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        for i in (1..deck.len()).rev() {
            let j = src.below(i + 1);
            deck.swap(i, j);
        }
    }
}

/// Sattolo's algorithm: Fisher–Yates with the partner drawn from `0..i`
/// instead of `0..=i`.
///
/// Source: Sattolo, "An algorithm to generate a random cyclic permutation",
/// IPL 1986.
/// Cost: `O(n)`, `n - 1` draws.
/// Defect (as a shuffle): uniform over the `(n-1)!` single-cycle
/// permutations only; no card ever stays in place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sattolo;

impl Shuffle for Sattolo {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        for i in (1..deck.len()).rev() {
            let j = src.below(i);
            deck.swap(i, j);
        }
    }
}

/// rand's `SliceRandom::shuffle`, fed through [`SourceRng`], so its raw
/// 32- and 64-bit words are drawn through the trait.
///
/// Source: the `rand` crate, `rand::seq::SliceRandom::shuffle`.
/// Cost: `O(n)`; it packs several bounded choices into one 32-bit word.
/// Guarantee: uniform over all `n!` permutations (rand's documentation).
/// Sampling only: a choice tree of 2^32 branches per word cannot be walked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandShuffle;

impl Shuffle for RandShuffle {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        use rand::seq::SliceRandom;
        deck.shuffle(&mut SourceRng(src));
    }
}

/// Insertion sort with a comparator that answers a fair coin: the
/// JavaScript `array.sort(() => Math.random() - 0.5)` idiom on an engine
/// that sorts short arrays by insertion.
///
/// Source: the random-comparator idiom; insertion sort as in V8 before 2018
/// for short arrays.
/// Cost: `O(n^2)` worst case; 1 to `n - 1` coins per inserted card.
/// Defect: biased: card `i` moves left `k` places with probability
/// `2^-(k+1)`, so cards stay near their starting place (and every
/// probability is a multiple of a power of 2, never `1/n!` for `n >= 3`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoinInsertionSort;

impl Shuffle for CoinInsertionSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        for i in 1..deck.len() {
            let mut j = i;
            // compare(deck[j-1], deck[j]) says "greater" on heads: swap and go on.
            while j > 0 && src.coin() {
                deck.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

/// Top-down merge sort with a comparator that answers a fair coin.
///
/// Source: the random-comparator idiom; top-down merge sort as in
/// SpiderMonkey's `Array.prototype.sort`.
/// Cost: `O(n log n)` coins.
/// Defect: biased: every probability is a multiple of a power of 2, never
/// `1/n!` for `n >= 3`, and a merge takes whole runs from one side with
/// high probability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoinMergeSort;

impl CoinMergeSort {
    /// Sorts `deck` by coin, merging through `scratch` (at least as long).
    fn sort<T: Copy, S: Source + ?Sized>(deck: &mut [T], scratch: &mut [T], src: &mut S) {
        let n = deck.len();
        if n <= 1 {
            return;
        }
        let mid = n / 2;
        Self::sort(&mut deck[..mid], scratch, src);
        Self::sort(&mut deck[mid..], scratch, src);
        let (mut i, mut j, mut k) = (0, mid, 0);
        while i < mid && j < n {
            // compare(left, right) <= 0 takes the left card: heads. Picked
            // by index rather than by branch: the coin is unpredictable.
            let heads = src.coin();
            scratch[k] = deck[if heads { i } else { j }];
            i += usize::from(heads);
            j += usize::from(!heads);
            k += 1;
        }
        // The left half's rest follows; the right half's rest, if any, is
        // already where it belongs.
        let rest = mid - i;
        scratch[k..k + rest].copy_from_slice(&deck[i..mid]);
        k += rest;
        deck[..k].copy_from_slice(&scratch[..k]);
    }
}

impl Shuffle for CoinMergeSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        if let Some(&card) = deck.first() {
            with_slots(deck.len(), card, |scratch| Self::sort(deck, scratch, src));
        }
    }
}

/// Sort by random keys: give each card a uniform key of `bits` bits, then
/// stable-sort by key.
///
/// Source: the "sort by random key" idiom (`ORDER BY RANDOM()`, decorate-
/// sort-undecorate).
/// Cost: `O(n log n)`, `n` draws of a `bits`-bit word.
/// Defect: biased by ties: cards with equal keys keep their starting order,
/// so the identity is favoured; at `n = 2` it has probability
/// `1/2 + 2^-(bits+1)`. Negligible at 53 bits, glaring at 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomKeys {
    /// Width of each key, `1..=64`.
    pub bits: u32,
}

impl Shuffle for RandomKeys {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        // A stable sort by key is a sort by (key, starting position); when
        // both fit in one word, an unstable sort of those words gives the
        // same order without the stable sort's scratch buffer.
        let n = deck.len();
        let index_bits = usize::BITS - n.saturating_sub(1).leading_zeros();
        if self.bits + index_bits <= u64::BITS {
            let mask = (1u64 << index_bits) - 1;
            with_slots(n, 0u64, |keys| {
                for (i, key) in keys.iter_mut().enumerate() {
                    *key = src.word(self.bits) << index_bits | i as u64;
                }
                if n <= 32 {
                    // The keys are distinct (each ends in its position):
                    // card i goes to the number of keys below its own, a
                    // count without branches, cheaper than a sort's
                    // mispredicted compares on small decks.
                    with_copy(deck, |deck, start| {
                        for (&card, &key) in start.iter().zip(keys.iter()) {
                            deck[keys.iter().filter(|&&other| other < key).count()] = card;
                        }
                    });
                    return;
                }
                keys.sort_unstable();
                with_copy(deck, |deck, start| {
                    for (slot, key) in deck.iter_mut().zip(keys.iter()) {
                        *slot = start[(key & mask) as usize];
                    }
                });
            });
            return;
        }
        let mut keyed: Vec<(u64, T)> = deck
            .iter()
            .map(|&card| (src.word(self.bits), card))
            .collect();
        keyed.sort_by_key(|&(key, _)| key); // stable: ties keep their order
        for (slot, (_, card)) in deck.iter_mut().zip(keyed) {
            *slot = card;
        }
    }
}

/// Fisher–Yates with C's `rand() % (i + 1)` on a 15-bit `rand()`.
///
/// Source: the common C idiom `j = rand() % (i + 1)`.
/// Cost: `O(n)`, `n - 1` draws of a 15-bit word.
/// Defect: slightly biased: unless `i + 1` divides 32768, the low partners
/// are more likely (at 52 cards, results 0..8 of `% 52` have weight 631,
/// the rest 630, out of 32768).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FisherYatesMod15;

impl Shuffle for FisherYatesMod15 {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        for i in (1..deck.len()).rev() {
            let j = src.word_mod(RAND_BITS, i + 1);
            deck.swap(i, j);
        }
    }
}

/// One Gilbert–Shannon–Reeds riffle: cut after a Binomial(n, 1/2) number of
/// cards (one coin per card), then drop cards one at a time from the two
/// packets with probability proportional to their sizes.
///
/// Source: Gilbert 1955, Reeds 1981; Bayer & Diaconis, "Trailing the
/// dovetail shuffle to its lair", Ann. Appl. Probab. 1992.
/// Cost: `O(n)`, `n` coins and up to `n` draws.
/// Defect (as a shuffle): one riffle reaches only `2^n - n` permutations; `k`
/// riffles are never exactly uniform, though at 52 cards seven come close
/// (total variation distance about 0.334).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GsrRiffle;

impl Shuffle for GsrRiffle {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len();
        let cut = (0..n).filter(|_| src.coin()).count();
        let packets = deck.clone();
        let (left, right) = packets.split_at(cut);
        let (mut i, mut j) = (0, 0);
        for slot in deck.iter_mut() {
            let (l, r) = (left.len() - i, right.len() - j);
            let from_left = if l == 0 || r == 0 {
                l > 0
            } else {
                src.below(l + r) < l
            };
            if from_left {
                *slot = left[i];
                i += 1;
            } else {
                *slot = right[j];
                j += 1;
            }
        }
    }
}

/// `times` Gilbert–Shannon–Reeds riffles sampled as one `2^times`-shuffle:
/// each position of the new deck draws a digit in `0..2^times` (a raw word
/// of `times` bits) and takes the next card of that packet, the packets
/// being the deck cut in `2^times` piles of as many cards as there are
/// digits of each value.
///
/// Source: Bayer & Diaconis, "Trailing the dovetail shuffle to its lair",
/// Ann. Appl. Probab. 1992: `k` riffles have the law of one
/// `2^k`-shuffle (a multinomial cut into `2^k` packets, then every
/// interleaving of the packets equally likely), and drawing the digits of
/// the positions gives exactly that: the digit counts are the multinomial
/// cut and, given them, every arrangement of the digits over the positions
/// is equally likely.
/// Cost: `O(n + 2^times)`, `n` draws, whatever `times` (the riffles one by
/// one take about `2n` draws each); past [`GsrRiffles::MAX_AT_ONCE`]
/// riffles it applies [`GsrRiffle`] `times` times.
/// Guarantee: the law of [`Repeat`]`<`[`GsrRiffle`]`>`, not its draws: the
/// same seed gives other decks. The `stats` crate checks the two laws equal
/// by exact enumeration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GsrRiffles {
    /// Riffles.
    pub times: u32,
}

impl GsrRiffles {
    /// The most riffles sampled at once (65,536 packets).
    pub const MAX_AT_ONCE: u32 = 16;
}

impl Shuffle for GsrRiffles {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        if self.times > Self::MAX_AT_ONCE {
            for _ in 0..self.times {
                GsrRiffle.shuffle(deck, src);
            }
            return;
        }
        if self.times == 0 || deck.is_empty() {
            return;
        }
        let times = self.times;
        with_slots(deck.len(), 0u32, |digits| {
            for d in digits.iter_mut() {
                *d = src.word(times) as u32;
            }
            // next[d]: the next card of packet d, once the counts are summed.
            with_slots((1 << times) + 1, 0usize, |next| {
                for &d in digits.iter() {
                    next[d as usize + 1] += 1;
                }
                for d in 1..next.len() {
                    next[d] += next[d - 1];
                }
                with_copy(deck, |deck, packets| {
                    for (slot, &d) in deck.iter_mut().zip(digits.iter()) {
                        *slot = packets[next[d as usize]];
                        next[d as usize] += 1;
                    }
                });
            });
        });
    }
}

/// An algorithm applied `times` times in a row.
///
/// The exact enumerator computes the law of one pass and composes it with
/// itself, so a repeated riffle costs no more to enumerate than one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat<A> {
    /// The algorithm applied each time.
    pub inner: A,
    /// How many times.
    pub times: u32,
}

impl<A: Shuffle> Shuffle for Repeat<A> {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        for _ in 0..self.times {
            self.inner.shuffle(deck, src);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Draw, Scripted};

    #[test]
    fn fisher_yates_draws_below_i_plus_one() {
        let mut s = Scripted::new([0, 1]);
        let mut deck = vec![10, 11, 12];
        FisherYates.shuffle(&mut deck, &mut s);
        assert_eq!(deck, vec![12, 11, 10]);
        assert_eq!(s.log(), &[Draw::Below(3), Draw::Below(2)]);
    }

    #[test]
    fn random_keys_keep_tied_cards_in_their_order() {
        // Keys 1, 0, 1, 0: the two 0s first, then the two 1s, each pair in
        // its starting order.
        let mut deck = vec![10, 11, 12, 13];
        RandomKeys { bits: 1 }.shuffle(&mut deck, &mut Scripted::new([1, 0, 1, 0]));
        assert_eq!(deck, vec![11, 13, 10, 12]);
        // Keys and positions that do not fit one word: the stable sort.
        let keys = [u64::MAX, 0, u64::MAX, 0];
        let mut deck = vec![10, 11, 12, 13];
        RandomKeys { bits: 64 }.shuffle(&mut deck, &mut Scripted::new(keys));
        assert_eq!(deck, vec![11, 13, 10, 12]);
    }

    #[test]
    fn random_keys_are_a_stable_sort_by_key() {
        use rand::{Rng, SeedableRng};
        for (seed, n) in [
            (1, 0),
            (2, 1),
            (3, 2),
            (8, 5),
            (9, 8),
            (10, 31),
            (11, 32),
            (12, 33),
            (4, 52),
            (5, 255),
            (6, 256),
            (7, 600),
        ] {
            for bits in [1, 3, 8, 53, 56, 57, 64] {
                let rng = || rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
                let mut deck: Vec<u32> = (0..n).collect();
                RandomKeys { bits }.shuffle(&mut deck, &mut rng());
                // The same words (raw words take the high bits), stably sorted.
                let mut r = rng();
                let mut keyed: Vec<(u64, u32)> =
                    (0..n).map(|c| (r.next_u64() >> (64 - bits), c)).collect();
                keyed.sort_by_key(|&(k, _)| k);
                let want: Vec<u32> = keyed.into_iter().map(|(_, c)| c).collect();
                assert_eq!(deck, want, "{n} cards, {bits}-bit keys");
            }
        }
    }

    #[test]
    fn riffles_at_once_take_each_position_from_its_digits_packet() {
        // Digits of 2 riffles per position: 2, 0, 3, 0, 1 -> packets by
        // digit: 0: [10, 11], 1: [12], 2: [13], 3: [14].
        let mut s = Scripted::new([2, 0, 3, 0, 1]);
        let mut deck = vec![10, 11, 12, 13, 14];
        GsrRiffles { times: 2 }.shuffle(&mut deck, &mut s);
        assert_eq!(deck, vec![13, 10, 14, 11, 12]);
        assert_eq!(s.log(), &[Draw::Word(2); 5]);
        // No riffle, or past the most at once: the riffles one by one.
        let mut deck = vec![10, 11, 12];
        GsrRiffles { times: 0 }.shuffle(&mut deck, &mut Scripted::new([]));
        assert_eq!(deck, vec![10, 11, 12]);
        use rand::SeedableRng;
        let times = GsrRiffles::MAX_AT_ONCE + 1;
        let rng = || rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut a, mut b): (Vec<u32>, Vec<u32>) = ((0..52).collect(), (0..52).collect());
        GsrRiffles { times }.shuffle(&mut a, &mut rng());
        Repeat {
            inner: GsrRiffle,
            times,
        }
        .shuffle(&mut b, &mut rng());
        assert_eq!(a, b);
    }

    #[test]
    fn gsr_riffle_interleaves_the_two_packets() {
        // Coins: heads, heads, tails -> cut 2: [10, 11] | [12].
        // Drops: below(3) = 2 -> right (12); then the right packet is empty.
        let mut s = Scripted::new([1, 1, 0, 2]);
        let mut deck = vec![10, 11, 12];
        GsrRiffle.shuffle(&mut deck, &mut s);
        assert_eq!(deck, vec![12, 10, 11]);
        assert_eq!(s.remaining(), 0);
    }

    #[test]
    fn random_keys_keep_tied_cards_in_order() {
        let mut deck = vec![10, 11, 12];
        RandomKeys { bits: 2 }.shuffle(&mut deck, &mut Scripted::new([3, 1, 1]));
        assert_eq!(deck, vec![11, 12, 10]);
    }

    #[test]
    fn coin_merge_sort_merges_by_coin() {
        // n = 3: sort [10] | [11, 12]: the right half merges with one coin (tails -> 12 first),
        // then [10] with [12, 11]: heads takes 10.
        let mut deck = vec![10, 11, 12];
        CoinMergeSort.shuffle(&mut deck, &mut Scripted::new([0, 1]));
        assert_eq!(deck, vec![10, 12, 11]);
    }

    #[test]
    fn coin_merge_sort_deals_what_the_textbook_merge_deals() {
        /// Top-down merge sort by coin as a textbook writes it: a vector
        /// filled left card or right card per coin, then both rests.
        fn textbook<S: Source>(deck: &mut [u16], src: &mut S) {
            let n = deck.len();
            if n <= 1 {
                return;
            }
            let mid = n / 2;
            textbook(&mut deck[..mid], src);
            textbook(&mut deck[mid..], src);
            let mut merged = Vec::new();
            let (mut i, mut j) = (0, mid);
            while i < mid && j < n {
                if src.coin() {
                    merged.push(deck[i]);
                    i += 1;
                } else {
                    merged.push(deck[j]);
                    j += 1;
                }
            }
            merged.extend_from_slice(&deck[i..mid]);
            merged.extend_from_slice(&deck[j..n]);
            deck.copy_from_slice(&merged);
        }
        // Stack slots (up to 16, up to 256 cards) and the heap (257, 400).
        crate::testing::assert_same_deals(
            (0..=40).chain([255, 256, 257, 400]),
            |deck, src| CoinMergeSort.shuffle(deck, src),
            |deck, src| textbook(deck, src),
        );
    }

    #[test]
    fn repeat_applies_the_inner_algorithm_each_time() {
        let mut s = Scripted::new([0, 0]);
        let mut deck = vec![10, 11];
        Repeat {
            inner: FisherYates,
            times: 2,
        }
        .shuffle(&mut deck, &mut s);
        assert_eq!(deck, vec![10, 11]);
        assert_eq!(s.log().len(), 2);
    }

    #[test]
    fn rand_shuffle_draws_words_through_the_trait() {
        use rand::SeedableRng;
        /// Forwards to a PRNG and logs every draw.
        struct Logged(rand_xoshiro::Xoshiro256PlusPlus, Vec<Draw>);
        impl Source for Logged {
            fn draw(&mut self, draw: Draw) -> u64 {
                self.1.push(draw);
                self.0.draw(draw)
            }
        }
        let mut src = Logged(
            rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3),
            Vec::new(),
        );
        let mut deck: Vec<u32> = (0..20).collect();
        RandShuffle.shuffle(&mut deck, &mut src);
        assert!(!src.1.is_empty());
        assert!(src.1.iter().all(|d| matches!(d, Draw::Word(32 | 64))));
        deck.sort_unstable();
        assert_eq!(deck, (0..20).collect::<Vec<_>>());
    }
}
