//! Shuffles that draw the cards out one at a time into a new order, as the
//! seed documents print them: redraw until an untaken card comes up, pick a
//! card and `splice` it out, pick a card and fill its slot with the last,
//! deal a whole deck to one player, and "The JavaScript Shuffle"'s `splice`
//! and `push` loops. Every one is uniform over all `n!` permutations; they
//! differ in cost.
//!
//! The functions of `000_d04b9b9104ef3ac9.txt` (and its English translation
//! `002_a1406b98e2fda677.txt`, which shows the same code) take a card count
//! `m` and return a new array holding a permutation of `0..m`. Each is
//! ported as a function of that shape (`shuffle_pick_1` and so on), and
//! wrapped as a [`Shuffle`] that reorders any deck by the permutation it
//! returns. Each type's documentation names its document and function.

use crate::js::{random_index, splice_insert, splice_one};
use crate::scratch::with_slots;
use crate::shuffle::{Shuffle, apply_order, order_adapter};
use crate::source::Source;
use crate::wide::{Positions, WIDE, arrange, draw_out};

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

/// Block 1 exactly as printed: returns `newArr`.
pub fn redraw_flags<T: Copy, S: Source + ?Sized>(cards_arr: &[T], src: &mut S) -> Vec<T> {
    let len = cards_arr.len();
    let mut new_arr = Vec::with_capacity(len);
    // tempArr[position] == 1
    with_slots(len, false, |temp_arr| {
        let mut position = random_index(src, len);
        for _i in 0..len {
            // while (tempArr[position] == 1) position = Math.floor(Math.random() * length);
            if temp_arr[position] {
                position = src.below_until(len as u64, &mut |r| !temp_arr[r as usize]) as usize;
            }
            new_arr.push(cards_arr[position]);
            temp_arr[position] = true;
        }
    });
    new_arr
}

/// Block 1: draw a position over the whole deck, redraw while it is taken
/// (`while(tempArr[position] == 1)`), copy that card to a new array. The
/// first position is drawn once before the loop.
///
/// Source: `001_8224637705ba0647.txt`, first `shuffle` block.
/// Cost: about `n * H(n) + n` draws, `O(n log n)` expected, unbounded worst
/// case.
/// Guarantee: uniform over all `n!` permutations, as the author says: each
/// accepted position is uniform over the untaken ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RedrawFlags;

impl Shuffle for RedrawFlags {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        *deck = redraw_flags(deck, src);
    }
}

/// Block 2 exactly as printed: returns `newArr` and empties `cardsArr`.
pub fn splice_draw<T: Copy, S: Source + ?Sized>(cards_arr: &mut Vec<T>, src: &mut S) -> Vec<T> {
    let len = cards_arr.len();
    let mut new_arr = Vec::with_capacity(len);
    for _i in 0..len {
        let position = random_index(src, cards_arr.len());
        new_arr.push(cards_arr[position]);
        splice_one(cards_arr, position as f64);
    }
    new_arr
}

/// Block 2: draw a position among the remaining cards, copy it, `splice` it
/// out ("去除空牌").
///
/// Source: `001_8224637705ba0647.txt`, second `shuffle` block.
/// Cost: `O(n^2)` for the splices, `n` draws.
/// Guarantee: uniform over all `n!` permutations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpliceDraw;

impl Shuffle for SpliceDraw {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        if deck.len() <= WIDE {
            // `splice_draw`'s loop on the cards' positions ([`crate::wide`]).
            let order = draw_out(deck.len(), src);
            return arrange(deck, order.as_slice());
        }
        *deck = splice_draw(deck, src);
    }
}

/// `deal(deck, players, numCards)` exactly as printed, with `player.hand`
/// as `hands[p]`. A card dealt from an empty deck is JavaScript's
/// `undefined`, here `None`: the function has no error handling, as its
/// author says.
pub fn deal<T: Copy, S: Source + ?Sized>(
    deck: &mut Vec<T>,
    hands: &mut [Vec<Option<T>>],
    num_cards: usize,
    src: &mut S,
) {
    for hand in hands.iter_mut() {
        while hand.len() != num_cards {
            let at = random_index(src, deck.len());
            hand.push(splice_one(deck, at as f64));
        }
    }
}

/// `deal` used to deal a whole deck to one player, whose hand is the
/// shuffled deck: each card is `splice`d at random out of the remaining ones.
///
/// Source: `003_8fdfb98757373742.txt`, function `deal` (one player, `numCards`
/// = deck size).
/// Cost: `O(n^2)` for the splices, `n` draws.
/// Guarantee: uniform over all `n!` permutations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealWholeDeck;

impl Shuffle for DealWholeDeck {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len();
        if n <= WIDE {
            // `deal`'s loop on the cards' positions ([`crate::wide`]).
            return arrange(deck, draw_out(n, src).as_slice());
        }
        let mut hands = [Vec::with_capacity(n)];
        deal(deck, &mut hands, n, src);
        let [hand] = hands;
        // `deal` has spliced every card out of `deck`: refill it in place.
        deck.clear();
        deck.extend(
            hand.into_iter()
                .map(|c| c.expect("a deck of n cards deals n cards")),
        );
    }
}

/// `spliceShuffle`: `splice` a random card out of the first `count` and
/// `splice` it back in at index `count`.
///
/// Source: `003_8fdfb98757373742.txt`, function `spliceShuffle`.
/// Cost: `O(n^2)` for the splices, `n` draws.
/// Guarantee: uniform over all `n!` permutations: each step draws uniformly
/// from the cards not yet placed, and distinct draw sequences give distinct
/// decks (the drawn card lands just after the undrawn ones, not at the end
/// as the article's Fisher–Yates reading suggests).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpliceShuffle;

impl Shuffle for SpliceShuffle {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        if deck.len() <= WIDE {
            // The same splices on the cards' positions ([`crate::wide`]).
            let mut order = Positions::identity(deck.len());
            let mut count = deck.len();
            while count != 0 {
                // splice(at, 1), then splice(count, 0, …) on a deck one
                // card shorter: the card moves to `count`, or to the end.
                let at = random_index(src, count);
                order.move_up(at, count.min(order.len() - 1));
                count -= 1;
            }
            return arrange(deck, order.as_slice());
        }
        let mut count = deck.len();
        while count != 0 {
            let at = random_index(src, count);
            let temp_x = splice_one(deck, at as f64);
            let temp_x0 = temp_x.expect("at < count <= deck.len(): one card is removed");
            splice_insert(deck, count as f64, &[temp_x0]);
            count -= 1;
        }
    }
}

/// `stackShuffle`: `push` a card `splice`d at random from the first `count`.
///
/// Source: `003_8fdfb98757373742.txt`, function `stackShuffle`.
/// Cost: `O(n^2)` for the splices, `n` draws.
/// Guarantee: uniform over all `n!` permutations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StackShuffle;

impl Shuffle for StackShuffle {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let mut count = deck.len();
        while count != 0 {
            let at = random_index(src, count);
            let card =
                splice_one(deck, at as f64).expect("at < count <= deck.len(): one card is removed");
            deck.push(card);
            count -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Scripted;

    #[test]
    fn redraw_on_empty_redraws_taken_slots() {
        // Draws: 1; then 1 (taken), 0; then 1, 0 (taken), 2.
        let mut s = Scripted::new([1, 1, 0, 1, 0, 2]);
        let mut deck = vec!['a', 'b', 'c'];
        RedrawOnEmpty.shuffle(&mut deck, &mut s);
        assert_eq!(deck, vec!['b', 'a', 'c']);
        assert_eq!(s.remaining(), 0);
    }

    #[test]
    fn picks_of_an_empty_deck_give_no_card() {
        let mut s = Scripted::new([]);
        assert_eq!(shuffle_pick_1(0, &mut s), Vec::<usize>::new());
        assert_eq!(shuffle_pick(0, &mut s), Vec::<usize>::new());
    }

    #[test]
    fn scripted_picks_follow_the_seed_code() {
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
    }

    #[test]
    fn picks_on_positions_deal_what_the_splices_deal() {
        crate::testing::assert_same_deals(
            (0..=70).chain([255, 256]),
            |deck, src| ShufflePick1.shuffle(deck, src),
            crate::testing::as_written(shuffle_pick_1),
        );
    }

    #[test]
    fn redraw_flags_draws_first_position_before_the_loop() {
        // First draw 2 (used for i = 0); i = 1: 2 is taken, redraw 2 (taken), 0;
        // i = 2: 0 is taken, redraw 1.
        let mut s = Scripted::new([2, 2, 0, 1]);
        assert_eq!(redraw_flags(&[10, 11, 12], &mut s), vec![12, 10, 11]);
        assert_eq!(s.remaining(), 0);
    }

    #[test]
    fn splice_draw_empties_its_input() {
        let mut cards = vec![10, 11, 12];
        let out = splice_draw(&mut cards, &mut Scripted::new([1, 1, 0]));
        assert_eq!(out, vec![11, 12, 10]);
        assert!(cards.is_empty());
    }

    #[test]
    fn splice_draw_on_positions_deals_what_its_splices_deal() {
        crate::testing::assert_same_deals(
            (0..=70).chain([255, 256]),
            |deck, src| SpliceDraw.shuffle(deck, src),
            |deck, src| *deck = splice_draw(deck, src),
        );
    }

    #[test]
    fn deal_past_the_end_of_the_deck_gives_undefined() {
        let mut deck = vec![7];
        let mut hands = [Vec::new(), Vec::new()];
        deal(&mut deck, &mut hands, 1, &mut Scripted::new([0]));
        assert_eq!(hands, [vec![Some(7)], vec![None]]);
    }

    #[test]
    fn splice_shuffle_places_each_pick_after_the_undrawn_cards() {
        // count=3: take index 0 (10) -> [11,12,10]; count=2: take 0 (11), insert at 2
        // -> [12,10,11]; count=1: take 0 (12), insert at 1 -> [10,12,11].
        let mut deck = vec![10, 11, 12];
        SpliceShuffle.shuffle(&mut deck, &mut Scripted::new([0, 0, 0]));
        assert_eq!(deck, vec![10, 12, 11]);
    }

    #[test]
    fn stack_shuffle_pushes_each_pick() {
        let mut deck = vec![10, 11, 12];
        StackShuffle.shuffle(&mut deck, &mut Scripted::new([0, 0, 0]));
        assert_eq!(deck, vec![10, 11, 12]);
        let mut deck = vec![10, 11, 12];
        StackShuffle.shuffle(&mut deck, &mut Scripted::new([2, 1, 0]));
        assert_eq!(deck, vec![12, 11, 10]);
    }

    #[test]
    fn splices_on_positions_deal_what_the_splices_deal() {
        let sizes = || (0..=70).chain([255, 256]);
        crate::testing::assert_same_deals(
            sizes(),
            |deck, src| DealWholeDeck.shuffle(deck, src),
            |deck, src| {
                let n = deck.len();
                let mut hands = [Vec::new()];
                deal(deck, &mut hands, n, src);
                *deck = hands[0].iter().map(|c| c.unwrap()).collect();
            },
        );
        crate::testing::assert_same_deals(
            sizes(),
            |deck, src| SpliceShuffle.shuffle(deck, src),
            |deck, src| {
                let mut count = deck.len();
                while count != 0 {
                    let at = random_index(src, count);
                    let x = splice_one(deck, at as f64).unwrap();
                    splice_insert(deck, count as f64, &[x]);
                    count -= 1;
                }
            },
        );
    }
}
