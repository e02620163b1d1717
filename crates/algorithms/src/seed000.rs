//! The JavaScript shuffles of `000_d04b9b9104ef3ac9.txt` (a Chinese blog
//! post on shuffling) and its English translation `002_a1406b98e2fda677.txt`,
//! which shows the same code.
//!
//! The seed functions take a card count `m` and return a new array holding a
//! permutation of `0..m`. Each is ported as a function of that shape
//! (`shuffle_pick_1` and so on), and wrapped as a [`Shuffle`] that reorders
//! any deck by the permutation it returns.

use crate::js::{random_index, splice_insert, splice_one};
use crate::scratch::with_slots;
use crate::shuffle::{Shuffle, apply_order};
use crate::source::Source;
use crate::wide::{Positions, WIDE, arrange, draw_out};

/// Implements [`Shuffle`] for a seed function `f(m, src)` that returns a
/// permutation of `0..m`: the deck is reordered by it. An empty deck is left
/// empty (two of the seed functions return `[0]` for `m = 0`).
macro_rules! order_adapter {
    ($ty:ty, $f:path) => {
        impl Shuffle for $ty {
            fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
                if deck.is_empty() {
                    return;
                }
                let order = $f(deck.len(), src);
                apply_order(deck, &order);
            }
        }
    };
}

/// The first method the post criticises, described in words only:
/// "draw a card at random into a second pile; draw again, and when you hit
/// an empty slot, draw again" (随机抽牌,放在另一组;再次抽取,抽到空牌则重复抽).
///
/// Source: `000_d04b9b9104ef3ac9.txt` and `002_a1406b98e2fda677.txt`, the
/// passage quoting the Baidu Wenku article's first method.
/// Cost: about `n * H(n)` draws (coupon collector), `O(n log n)`.
/// Guarantee: uniform over all `n!` permutations: each redraw is uniform over
/// the cards not yet drawn. The post calls it unreasonable; it is only slow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RedrawOnEmpty;

impl Shuffle for RedrawOnEmpty {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len();
        with_slots(n, false, |taken| {
            with_slots(n, 0usize, |order| {
                for drawn in order.iter_mut() {
                    let slot = src.below_until(n as u64, &mut |r| !taken[r as usize]) as usize;
                    taken[slot] = true;
                    *drawn = slot;
                }
                apply_order(deck, order);
            })
        });
    }
}

/// `shuffle_pick_1(m)` exactly as printed: draw a card, `splice` it out.
pub fn shuffle_pick_1<S: Source + ?Sized>(m: usize, src: &mut S) -> Vec<usize> {
    let mut arr: Vec<usize> = (0..m).collect();
    let mut arr2 = Vec::with_capacity(m); // []
    let mut i = m;
    while i > 0 {
        let rnd = random_index(src, i);
        arr2.push(arr[rnd]);
        splice_one(&mut arr, rnd as f64);
        i -= 1;
    }
    arr2
}

/// `shuffle_pick_1` (抽牌法): draw a random card of the remaining ones and
/// `splice` it out of the array.
///
/// Source: `000_d04b9b9104ef3ac9.txt` / `002_a1406b98e2fda677.txt`,
/// function `shuffle_pick_1`.
/// Cost: `O(n^2)` for the splices.
/// Guarantee: uniform over all `n!` permutations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShufflePick1;

impl Shuffle for ShufflePick1 {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        match deck.len() {
            0 => {}
            // `shuffle_pick_1`'s loop on the cards' positions ([`crate::wide`]).
            n if n <= WIDE => arrange(deck, draw_out(n, src).as_slice()),
            n => apply_order(deck, &shuffle_pick_1(n, src)),
        }
    }
}

/// `shuffle_pick(m)` exactly as printed: draw a card, fill its slot with the
/// last undrawn one.
pub fn shuffle_pick<S: Source + ?Sized>(m: usize, src: &mut S) -> Vec<usize> {
    let mut arr: Vec<usize> = (0..m).collect();
    let mut arr2 = Vec::with_capacity(m); // []
    let mut i = m;
    while i > 0 {
        let rnd = random_index(src, i);
        arr2.push(arr[rnd]);
        i -= 1;
        arr[rnd] = arr[i];
    }
    arr2
}

/// `shuffle_pick` (抽牌法优化): draw a random card of the first `i`, then move
/// the last undrawn card into its slot.
///
/// Source: `000_d04b9b9104ef3ac9.txt` / `002_a1406b98e2fda677.txt`,
/// function `shuffle_pick`.
/// Cost: `O(n)`, `n` draws.
/// Guarantee: uniform over all `n!` permutations (Durstenfeld's algorithm
/// writing its picks to a second array).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShufflePick;

order_adapter!(ShufflePick, shuffle_pick);

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

/// `shuffle_insert_1(m)` exactly as printed: insert card `i` before a random
/// card with `splice`. Note that for `m = 0` it returns `[0]`: one card from
/// an empty deck.
pub fn shuffle_insert_1<S: Source + ?Sized>(m: usize, src: &mut S) -> Vec<usize> {
    let mut arr = Vec::with_capacity(m.max(1));
    arr.push(0); // [0]
    for i in 1..m {
        let at = random_index(src, i + 1);
        splice_insert(&mut arr, at as f64, &[i]);
    }
    arr
}

/// `shuffle_insert_1` (插牌法): insert card `i` at a random one of the `i + 1`
/// places of the pile so far.
///
/// Source: `000_d04b9b9104ef3ac9.txt` / `002_a1406b98e2fda677.txt`,
/// function `shuffle_insert_1`.
/// Cost: `O(n^2)` for the splices.
/// Guarantee: uniform over all `n!` permutations for `n >= 1`; for `n = 0`
/// the seed returns `[0]` (see [`shuffle_insert_1`]); the deck adapter leaves
/// an empty deck empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShuffleInsert1;

impl Shuffle for ShuffleInsert1 {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        match deck.len() {
            0 => {}
            n if n <= WIDE => {
                // `shuffle_insert_1`'s splices on the cards' positions
                // ([`crate::wide`]).
                let mut arr = Positions::empty();
                arr.push(0);
                for i in 1..n {
                    arr.insert(random_index(src, i + 1), i as u8);
                }
                arrange(deck, arr.as_slice());
            }
            n => apply_order(deck, &shuffle_insert_1(n, src)),
        }
    }
}

/// `shuffle_insert(m)` exactly as printed. `new Array(m)` followed by
/// `arr[0] = 0` gives `[0]` for `m = 0`, as in [`shuffle_insert_1`].
pub fn shuffle_insert<S: Source + ?Sized>(m: usize, src: &mut S) -> Vec<usize> {
    let mut arr = vec![0; m.max(1)];
    arr[0] = 0;
    for i in 1..m {
        let rnd = random_index(src, i + 1);
        arr[i] = arr[rnd];
        arr[rnd] = i;
    }
    arr
}

/// `shuffle_insert` (插牌法优化版): put card `i` last, then swap it with a
/// random card in `0..=i`; the post says induction proves it uniform.
///
/// Source: `000_d04b9b9104ef3ac9.txt` / `002_a1406b98e2fda677.txt`,
/// function `shuffle_insert`.
/// Cost: `O(n)`, `n - 1` draws.
/// Guarantee: uniform over all `n!` permutations (the "inside-out"
/// Fisher–Yates), as the post claims, for `n >= 1`; for `n = 0` it returns
/// `[0]` (see [`shuffle_insert`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShuffleInsert;

order_adapter!(ShuffleInsert, shuffle_insert);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Scripted;

    #[test]
    fn empty_deck_gives_one_card_in_the_insert_functions_as_written() {
        let mut s = Scripted::new([]);
        assert_eq!(shuffle_insert_1(0, &mut s), vec![0]);
        assert_eq!(shuffle_insert(0, &mut s), vec![0]);
        assert_eq!(shuffle_pick_1(0, &mut s), Vec::<usize>::new());
        assert_eq!(shuffle_pick(0, &mut s), Vec::<usize>::new());
    }

    #[test]
    fn scripted_runs_follow_the_seed_code() {
        // shuffle_pick_1(3), draws 1 (of 3), 1 (of 2), 0 (of 1): [1, 2, 0].
        assert_eq!(
            shuffle_pick_1(3, &mut Scripted::new([1, 1, 0])),
            vec![1, 2, 0]
        );
        // shuffle_pick(3): rnd=0 -> push 0, arr[0]=2; rnd=1 -> push 1, arr[1]=1; rnd=0 -> push 2.
        assert_eq!(
            shuffle_pick(3, &mut Scripted::new([0, 1, 0])),
            vec![0, 1, 2]
        );
        // shuffle_swap(3): i=0 swap(0,0); i=1 rnd 0 -> [1,0,2]; i=2 rnd 0 -> [2,0,1].
        assert_eq!(
            shuffle_swap(3, &mut Scripted::new([0, 0, 0])),
            vec![2, 0, 1]
        );
        // shuffle_insert_1(3): [0] -> insert 1 at 0 -> [1,0] -> insert 2 at 1 -> [1,2,0].
        assert_eq!(
            shuffle_insert_1(3, &mut Scripted::new([0, 1])),
            vec![1, 2, 0]
        );
        // shuffle_insert(3): i=1 rnd 0 -> [1,0]; i=2 rnd 1 -> arr[2]=0, arr[1]=2 -> [1,2,0].
        assert_eq!(shuffle_insert(3, &mut Scripted::new([0, 1])), vec![1, 2, 0]);
    }

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
    fn redraw_on_empty_redraws_taken_slots() {
        // Draws: 1; then 1 (taken), 0; then 1, 0 (taken), 2.
        let mut s = Scripted::new([1, 1, 0, 1, 0, 2]);
        let mut deck = vec!['a', 'b', 'c'];
        RedrawOnEmpty.shuffle(&mut deck, &mut s);
        assert_eq!(deck, vec!['b', 'a', 'c']);
        assert_eq!(s.remaining(), 0);
    }

    /// A seed function `f(m, src)` applied as written, as the order
    /// adapter does: an empty deck draws nothing.
    fn as_written(
        f: fn(usize, &mut rand_xoshiro::Xoshiro256PlusPlus) -> Vec<usize>,
    ) -> impl FnMut(&mut Vec<u16>, &mut rand_xoshiro::Xoshiro256PlusPlus) {
        move |deck, src| {
            let n = deck.len();
            if n > 0 {
                apply_order(deck, &f(n, src));
            }
        }
    }

    #[test]
    fn picks_and_insertions_on_positions_deal_what_the_splices_deal() {
        let sizes = || (0..=70).chain([255, 256]);
        crate::testing::assert_same_deals(
            sizes(),
            |deck, src| ShufflePick1.shuffle(deck, src),
            as_written(shuffle_pick_1),
        );
        crate::testing::assert_same_deals(
            sizes(),
            |deck, src| ShuffleInsert1.shuffle(deck, src),
            as_written(shuffle_insert_1),
        );
    }
}
