//! `riffleShuffle` of `003_8fdfb98757373742.txt` (a Chinese translation of
//! "The JavaScript Shuffle"), ported exactly as printed: a cut near the
//! middle, then packets of 0 to 3 cards spliced from the left half into the
//! right half at a drifting index, with JavaScript's `splice` semantics.

use crate::js::{random_index, splice_range, splice_range_whole};
use crate::scratch::{with_copy, with_slots};
use crate::shuffle::Shuffle;
use crate::source::Source;
use crate::wide::{POSITIONS, ROOM, WIDE, arrange, block};

/// One `riffleShuffle(deck)`, exactly as printed, with JavaScript's `splice`
/// semantics: a cut of `deck.length / 2 + r - 4` (`r` in `0..9`, fractional
/// for odd decks, truncated by `splice`), then packets of 0 to 3 cards from
/// the left half spliced into the right half at a drifting index.
///
/// The `while (leftCount > 0)` loop takes 0 cards with probability 1/4 per
/// turn, so its length is unbounded; it also checks
/// [`Source::keep_going`], which is always true when sampling.
pub fn riffle_shuffle<T: Copy, S: Source + ?Sized>(deck: &mut [T], src: &mut S) {
    let cut_deck_variant = deck.len() as f64 / 2.0 + random_index(src, 9) as f64 - 4.0;
    // leftHalf = deck.splice(0, cutDeckVariant): the first `cut` cards.
    let cut = splice_range(deck.len(), 0.0, cut_deck_variant).end;
    if deck.len() <= PACKED {
        return riffle_packed(deck, cut, src);
    }
    if deck.len() <= WIDE {
        return riffle_wide(deck, cut, src);
    }
    // The left half in scratch slots (on the stack up to 256 cards), so
    // that a pass allocates nothing.
    match deck.first() {
        Some(&card) => with_slots(deck.len(), card, |left| riffle_halves(deck, cut, left, src)),
        None => riffle_halves(deck, cut, &mut [], src),
    }
}

/// The most cards [`riffle_packed`] takes: one byte each in a `u64`.
const PACKED: usize = 8;

/// [`riffle_halves`] for a deck of at most [`PACKED`] cards, on their
/// starting positions packed one byte each in a word (the card at index
/// `i` in bits `8i..8i + 8`): each `splice` is a few shifts and masks
/// instead of moves, the same splices in the same order with the same
/// draws. The deck is rearranged once, at the end.
fn riffle_packed<T: Copy, S: Source + ?Sized>(deck: &mut [T], cut: usize, src: &mut S) {
    /// The low `k` bytes of a word.
    fn mask(k: usize) -> u64 {
        if k >= PACKED { !0 } else { (1 << (8 * k)) - 1 }
    }
    /// `x` without its low `k` bytes, shifted down.
    fn down(x: u64, k: usize) -> u64 {
        if k >= PACKED { 0 } else { x >> (8 * k) }
    }
    /// `x` moved up `k` bytes.
    fn up(x: u64, k: usize) -> u64 {
        if k >= PACKED { 0 } else { x << (8 * k) }
    }
    /// `len` bytes `items` inserted at byte `at` of `x`.
    fn insert(x: u64, at: usize, items: u64, len: usize) -> u64 {
        (x & mask(at)) | up(items, at) | up(down(x, at), at + len)
    }
    const IDENTITY: u64 = 0x0706_0504_0302_0100;
    let n = deck.len();
    let mut left = IDENTITY & mask(cut);
    let mut left_len = cut;
    let mut right = down(IDENTITY, cut) & mask(n - cut);
    let mut right_len = n - cut;
    let mut left_count = left_len as i64;
    let mut right_count = right_len as i64 - random_index(src, 4) as i64;
    while left_count > 0 && src.keep_going() {
        let take_amount = random_index(src, 4) as i64;
        // rightHalf.splice(rightCount, 0, ...leftHalf.splice(leftCount, takeAmount))
        let packet = splice_range_whole(left_len, left_count, take_amount);
        if !packet.is_empty() {
            let at = splice_range_whole(right_len, right_count, 0).start;
            let items = down(left, packet.start) & mask(packet.len());
            right = insert(right, at, items, packet.len());
            left = (left & mask(packet.start)) | up(down(left, packet.end), packet.start);
            left_len -= packet.len();
            right_len += packet.len();
        }
        left_count -= take_amount;
        right_count = right_count - random_index(src, 4) as i64 + take_amount;
    }
    let at = splice_range_whole(right_len, right_count, 0).start;
    let order = insert(right, at, left, left_len);
    with_copy(deck, |deck, start| {
        for (i, slot) in deck.iter_mut().enumerate() {
            *slot = start[usize::from(down(order, i) as u8)];
        }
    });
}

/// [`riffle_halves`] for a deck of at most [`WIDE`] cards, on their
/// starting positions (one byte each) in two arrays with room to spare:
/// each `splice` moves a whole block of [`WIDE`] bytes, the tail of the
/// half and whatever lies past it, instead of the few cards the draws
/// decide ([`crate::wide`]). The work no longer depends on the draws, so
/// there are no branches on them to mispredict (the loop's own end
/// aside); the same splices in the same order with the same draws. The
/// deck is rearranged once, at the end.
fn riffle_wide<T: Copy, S: Source + ?Sized>(deck: &mut [T], cut: usize, src: &mut S) {
    let n = deck.len();
    let (mut left, mut right) = ([0u8; ROOM], [0u8; ROOM]);
    left[..WIDE].copy_from_slice(&POSITIONS[..WIDE]);
    right[..WIDE].copy_from_slice(&POSITIONS[cut..cut + WIDE]);
    let (mut left_len, mut right_len) = (cut, n - cut);
    let mut left_count = left_len as i64;
    let mut right_count = right_len as i64 - random_index(src, 4) as i64;
    while left_count > 0 && src.keep_going() {
        let take_amount = random_index(src, 4) as i64;
        // rightHalf.splice(rightCount, 0, ...leftHalf.splice(leftCount, takeAmount))
        let packet = splice_range_whole(left_len, left_count, take_amount);
        let (from, k) = (packet.start, packet.len());
        let at = splice_range_whole(right_len, right_count, 0).start;
        // The packet (at most 3 cards; 4 bytes written, the block after
        // them lands on the rest) at `at`, the right half's tail k places up.
        let tail = block(&right, at);
        let packet: [u8; 4] = left[from..from + 4].try_into().expect("4 bytes");
        right[at..at + 4].copy_from_slice(&packet);
        right[at + k..at + k + WIDE].copy_from_slice(&tail);
        // The left half's tail k places down over the packet.
        let rest = block(&left, from + k);
        left[from..from + WIDE].copy_from_slice(&rest);
        left_len -= k;
        right_len += k;
        left_count -= take_amount;
        right_count = right_count - random_index(src, 4) as i64 + take_amount;
    }
    // deck.splice(rightCount, 0, ...leftHalf)
    let at = splice_range_whole(right_len, right_count, 0).start;
    let tail = block(&right, at);
    right[at..at + WIDE].copy_from_slice(&block(&left, 0));
    right[at + left_len..at + left_len + WIDE].copy_from_slice(&tail);
    arrange(deck, &right[..n]);
}

/// `riffleShuffle` after its cut, with `leftHalf` in `left[..left_len]`;
/// `left` holds at least the deck.
///
/// `rightHalf` stays in `deck` as a gap buffer: its cards are
/// `deck[..front]` then `deck[back..]`, and the gap between them has room
/// for the left half's cards still to come. Each `splice` into `rightHalf`
/// moves the gap to its index (a few cards, as the index drifts) and fills
/// the gap's start, instead of moving the whole tail; once every card is
/// back the gap is closed and `deck` is the result.
fn riffle_halves<T: Copy, S: Source + ?Sized>(
    deck: &mut [T],
    cut: usize,
    left: &mut [T],
    src: &mut S,
) {
    let n = deck.len();
    left[..cut].copy_from_slice(&deck[..cut]);
    // rightHalf = deck[cut..]: all after the gap.
    let (mut front, mut back) = (0, cut);
    let mut left_len = cut;
    let mut left_count = left_len as i64;
    let mut right_count = (n - cut) as i64 - random_index(src, 4) as i64;
    while left_count > 0 && src.keep_going() {
        let take_amount = random_index(src, 4) as i64;
        // rightHalf.splice(rightCount, 0, ...leftHalf.splice(leftCount, takeAmount))
        let packet = splice_range_whole(left_len, left_count, take_amount);
        if !packet.is_empty() {
            let at = splice_range_whole(front + n - back, right_count, 0).start;
            insert_at_gap(deck, (&mut front, &mut back), at, &left[packet.clone()]);
            copy_few(left, packet.end..left_len, packet.start);
            left_len -= packet.len();
        }
        left_count -= take_amount;
        right_count = right_count - random_index(src, 4) as i64 + take_amount;
    }
    let at = splice_range_whole(front + n - back, right_count, 0).start;
    insert_at_gap(deck, (&mut front, &mut back), at, &left[..left_len]);
    debug_assert_eq!(front, back, "every card of the left half is back");
}

/// Inserts `items` at index `at` of the gap buffer `deck[..front]` ++
/// `deck[back..]`: moves the gap there, then fills its first slots.
#[inline(always)]
fn insert_at_gap<T: Copy>(
    deck: &mut [T],
    (front, back): (&mut usize, &mut usize),
    at: usize,
    items: &[T],
) {
    if at < *front {
        let moved = *front - at;
        copy_few(deck, at..*front, *back - moved);
        *back -= moved;
    } else if at > *front {
        let moved = at - *front;
        copy_few(deck, *back..*back + moved, *front);
        *back += moved;
    }
    *front = at + items.len();
    for (slot, &item) in deck[at..*front].iter_mut().zip(items) {
        *slot = item;
    }
}

/// `slice.copy_within(from, to)` for the few cards the riffle's splices
/// move at a time (a packet of at most 3 cards, the gap's drift), one by one
/// rather than through a `memmove` call; longer moves still take it.
#[inline(always)]
fn copy_few<T: Copy>(slice: &mut [T], from: std::ops::Range<usize>, to: usize) {
    let start = from.start;
    if from.len() > 8 {
        slice.copy_within(from, to);
    } else if to < start {
        for i in from {
            slice[i - (start - to)] = slice[i];
        }
    } else {
        for i in from.rev() {
            slice[i + (to - start)] = slice[i];
        }
    }
}

/// One pass of the article's `riffleShuffle`; the registry repeats it 7
/// times, as the article recommends ([`crate::Repeat`]).
///
/// Source: `003_8fdfb98757373742.txt`, function `riffleShuffle`.
/// Cost: `O(n^2)` per pass for the splices; the number of draws per pass is
/// unbounded (a packet may have 0 cards).
/// Defect: not a model of a riffle: its first `splice(leftCount, ...)` starts
/// at the end of the left half and takes nothing, packets are cut from the
/// left half's tail while the insertion index drifts left, and small decks
/// are cut at negative or past-the-end indices; the result is biased.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlogRiffle;

impl Shuffle for BlogRiffle {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        riffle_shuffle(deck, src);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Scripted;

    #[test]
    fn riffle_of_52_cards_follows_the_splices() {
        // r = 4: cut at 26; rightCount = 26 - 0. Then (take, drift) = (0, 0) once and
        // (3, 0) nine times: 27 cards taken from a left half of 26 ends the loop.
        let mut deck: Vec<u32> = (0..52).collect();
        let mut script = vec![4, 0, 0, 0];
        for _ in 0..9 {
            script.extend([3, 0]);
        }
        let mut s = Scripted::new(script);
        riffle_shuffle(&mut deck, &mut s);
        assert_eq!(s.remaining(), 0);
        let mut sorted = deck.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
        // The first 3-card packet is leftHalf.splice(26, 3), which takes nothing; the
        // later packets land past the end of the right half, which stays on top.
        assert_eq!(&deck[..26], &(26..52).collect::<Vec<_>>()[..]);
        assert_eq!(&deck[26..29], &[23, 24, 25]);
        assert_eq!(&deck[47..], &[2, 3, 4, 0, 1]);
    }

    /// `riffleShuffle` transcribed splice for splice, as the port was first
    /// written: the reference for the port's buffer on the stack.
    fn riffle_by_splices<T: Copy, S: Source + ?Sized>(deck: &mut Vec<T>, src: &mut S) {
        use crate::js::{splice, splice_insert, splice_move};
        let cut_deck_variant = deck.len() as f64 / 2.0 + random_index(src, 9) as f64 - 4.0;
        let mut left_half = splice(deck, 0.0, cut_deck_variant, &[]);
        let mut left_count = left_half.len() as i64;
        let mut right_count = deck.len() as i64 - random_index(src, 4) as i64;
        while left_count > 0 && src.keep_going() {
            let take_amount = random_index(src, 4) as i64;
            let (from, at) = (left_count as f64, right_count as f64);
            splice_move(&mut left_half, from, take_amount as f64, deck, at);
            left_count -= take_amount;
            right_count = right_count - random_index(src, 4) as i64 + take_amount;
        }
        splice_insert(deck, right_count as f64, &left_half);
    }

    #[test]
    fn riffle_deals_what_its_splices_deal() {
        crate::testing::assert_same_deals(
            (0..=70).chain([255, 256, 257, 400]),
            |deck, src| riffle_shuffle(deck, src),
            riffle_by_splices,
        );
    }

    #[test]
    fn riffle_of_a_tiny_deck_cuts_at_a_truncated_negative_index() {
        // n = 3, r = 0: cut = 1.5 - 4 = -2.5, truncated to -2, clamped to 0 cards.
        let mut deck = vec![10, 11, 12];
        let mut s = Scripted::new([0, 3]);
        riffle_shuffle(&mut deck, &mut s);
        // Left half empty: no loop; splice(0, 0) of nothing.
        assert_eq!(deck, vec![10, 11, 12]);
        assert_eq!(s.remaining(), 0);
    }
}
