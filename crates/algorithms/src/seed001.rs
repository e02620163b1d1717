//! The four JavaScript `shuffle(cardsArr)` blocks of
//! `001_8224637705ba0647.txt` (a Chinese blog post, 洗牌算法问题, timing
//! shuffles of a 54-card deck), each ported exactly as printed.

use crate::js::{random_index, splice_one};
use crate::scratch::with_slots;
use crate::shuffle::Shuffle;
use crate::source::Source;
use crate::wide::{WIDE, arrange, draw_out};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Scripted;

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
    fn splice_draw_on_positions_deals_what_its_splices_deal() {
        crate::testing::assert_same_deals(
            (0..=70).chain([255, 256]),
            |deck, src| SpliceDraw.shuffle(deck, src),
            |deck, src| *deck = splice_draw(deck, src),
        );
    }
}
