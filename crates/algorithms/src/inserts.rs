//! Shuffles that insert each card at a random place of the pile so far, as
//! `000_d04b9b9104ef3ac9.txt` (and its English translation
//! `002_a1406b98e2fda677.txt`) prints them: by `splice`, and by putting the
//! card last and swapping it with a random one (the inside-out
//! Fisher–Yates). Both are uniform for `n >= 1`; as written, both return
//! one card for an empty deck.

use crate::js::{random_index, splice_insert};
use crate::shuffle::{Shuffle, apply_order, order_adapter};
use crate::source::Source;
use crate::wide::{Positions, WIDE, arrange};

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
    }

    #[test]
    fn scripted_inserts_follow_the_seed_code() {
        // shuffle_insert_1(3): [0] -> insert 1 at 0 -> [1,0] -> insert 2 at 1 -> [1,2,0].
        assert_eq!(
            shuffle_insert_1(3, &mut Scripted::new([0, 1])),
            vec![1, 2, 0]
        );
        // shuffle_insert(3): i=1 rnd 0 -> [1,0]; i=2 rnd 1 -> arr[2]=0, arr[1]=2 -> [1,2,0].
        assert_eq!(shuffle_insert(3, &mut Scripted::new([0, 1])), vec![1, 2, 0]);
    }

    #[test]
    fn insertions_on_positions_deal_what_the_splices_deal() {
        crate::testing::assert_same_deals(
            (0..=70).chain([255, 256]),
            |deck, src| ShuffleInsert1.shuffle(deck, src),
            crate::testing::as_written(shuffle_insert_1),
        );
    }
}
