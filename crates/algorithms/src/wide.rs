//! The splices of the seed ports on decks of up to [`WIDE`] cards, as moves
//! of whole blocks.
//!
//! A `splice` of one card moves the array's tail by one place: a few dozen
//! cards on a 52-card deck, as many as the draws decide. Written as
//! `Vec::remove` and `Vec::insert` each is a call to the C library's
//! `memmove` whose size the draws make unpredictable. Here the cards'
//! starting positions sit one byte each in an array with room past its
//! end, and every move is one block of [`WIDE`] bytes (the tail and
//! whatever lies past it), the same work whatever the draws: a few
//! register moves and no branch to mispredict. The deck is rearranged
//! once, at the end ([`arrange`]). Each port that takes this path is
//! tested to deal the same decks with the same draws as its code as
//! written.

use crate::js::random_index;
use crate::scratch::with_copy;
use crate::source::Source;

/// The most cards these moves take: a tail is at most one block.
pub(crate) const WIDE: usize = 64;

/// Bytes an array of positions holds: the cards, a block moved past their
/// end, and a second half inserted whole (the riffle's last splice).
pub(crate) const ROOM: usize = 3 * WIDE;

/// `i` at index `i`: the starting positions of a deck, and more.
pub(crate) const POSITIONS: [u8; 2 * WIDE] = {
    let mut a = [0; 2 * WIDE];
    let mut i = 0;
    while i < a.len() {
        a[i] = i as u8;
        i += 1;
    }
    a
};

/// The block of [`WIDE`] bytes at `bytes[at..]`.
#[inline(always)]
pub(crate) fn block(bytes: &[u8; ROOM], at: usize) -> [u8; WIDE] {
    bytes[at..at + WIDE]
        .try_into()
        .expect("a block lies inside the room")
}

/// Up to [`WIDE`] card positions, with room past the last for block moves.
#[derive(Clone, Debug)]
pub(crate) struct Positions {
    bytes: [u8; ROOM],
    len: usize,
}

impl Positions {
    /// `0, 1, …, n - 1`.
    #[inline(always)]
    pub(crate) fn identity(n: usize) -> Self {
        debug_assert!(n <= WIDE);
        let mut bytes = [0; ROOM];
        bytes[..WIDE].copy_from_slice(&POSITIONS[..WIDE]);
        Positions { bytes, len: n }
    }

    /// No positions.
    #[inline(always)]
    pub(crate) fn empty() -> Self {
        Positions {
            bytes: [0; ROOM],
            len: 0,
        }
    }

    /// How many positions.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// `array.splice(at, 1)[0]` for `at < len`: the position at `at`, the
    /// ones after it a place down.
    #[inline(always)]
    pub(crate) fn remove(&mut self, at: usize) -> u8 {
        assert!(at < self.len, "removal at {at} of {}", self.len);
        let item = self.bytes[at];
        let tail = block(&self.bytes, at + 1);
        self.bytes[at..at + WIDE].copy_from_slice(&tail);
        self.len -= 1;
        item
    }

    /// `array.splice(at, 0, item)` for `at <= len`: the positions from `at`
    /// a place up, `item` at `at`.
    #[inline(always)]
    pub(crate) fn insert(&mut self, at: usize, item: u8) {
        assert!(
            at <= self.len && self.len < WIDE,
            "insertion at {at} of {}",
            self.len
        );
        let tail = block(&self.bytes, at);
        self.bytes[at + 1..at + 1 + WIDE].copy_from_slice(&tail);
        self.bytes[at] = item;
        self.len += 1;
    }

    /// `array.splice(to, 0, array.splice(from, 1)[0])` for
    /// `from <= to < len`: the position at `from` moved to `to`, the ones
    /// between a place down. Every block is loaded before any is stored, so
    /// no load waits for a store it overlaps (a removal then an insertion
    /// did, and cost more than the moves they replace).
    #[inline(always)]
    pub(crate) fn move_up(&mut self, from: usize, to: usize) {
        assert!(
            from <= to && to < self.len,
            "a move from {from} to {to} of {}",
            self.len
        );
        let item = self.bytes[from];
        let between = block(&self.bytes, from + 1);
        let after = block(&self.bytes, to + 1);
        self.bytes[from..from + WIDE].copy_from_slice(&between);
        self.bytes[to] = item;
        self.bytes[to + 1..to + 1 + WIDE].copy_from_slice(&after);
    }

    /// `array.push(item)`.
    #[inline(always)]
    pub(crate) fn push(&mut self, item: u8) {
        assert!(self.len < WIDE, "a push past {WIDE} positions");
        self.bytes[self.len] = item;
        self.len += 1;
    }

    /// The positions, in order.
    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// Rearranges `deck` so that `deck[i]` is the card that was at
/// `order[i]`.
#[inline(always)]
pub(crate) fn arrange<T: Copy>(deck: &mut [T], order: &[u8]) {
    debug_assert_eq!(deck.len(), order.len());
    with_copy(deck, |deck, start| {
        for (slot, &i) in deck.iter_mut().zip(order) {
            *slot = start[usize::from(i)];
        }
    });
}

/// Deals every card of a deck of `n <= WIDE` cards, each drawn uniformly
/// from the ones left (`random_index(src, left)`) and `splice`d out, in
/// the order drawn: the loop `shuffle_pick_1`, `splice_draw` and `deal`
/// share, draw for draw. Returns the order (`order[i]`: the starting
/// position of the `i`-th card drawn).
#[inline(always)]
pub(crate) fn draw_out<S: Source + ?Sized>(n: usize, src: &mut S) -> Positions {
    let mut left = Positions::identity(n);
    let mut drawn = Positions::empty();
    while left.len() > 0 {
        let at = random_index(src, left.len());
        drawn.push(left.remove(at));
    }
    drawn
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length to `WIDE` and every index: the same positions as
    /// `Vec`'s own `remove`, `insert` and `push`.
    #[test]
    fn moves_are_vecs_own() {
        for len in 0..=WIDE {
            let start: Vec<u8> = (0..len as u8).collect();
            for at in 0..len {
                let (mut ours, mut theirs) = (Positions::identity(len), start.clone());
                assert_eq!(ours.remove(at), theirs.remove(at), "remove {at} of {len}");
                assert_eq!(ours.as_slice(), theirs, "remove {at} of {len}");
                if len < WIDE {
                    ours.insert(at, 200);
                    ours.insert(ours.len(), 201);
                    theirs.insert(at, 200);
                    theirs.push(201);
                    assert_eq!(ours.as_slice(), theirs, "insert at {at} of {len}");
                }
            }
        }
        for len in 1..=WIDE {
            for from in 0..len {
                for to in from..len {
                    let mut ours = Positions::identity(len);
                    let mut theirs: Vec<u8> = (0..len as u8).collect();
                    ours.move_up(from, to);
                    let item = theirs.remove(from);
                    theirs.insert(to, item);
                    assert_eq!(ours.as_slice(), theirs, "move {from} to {to} of {len}");
                }
            }
        }
        let mut p = Positions::empty();
        for i in 0..WIDE as u8 {
            p.push(i);
        }
        assert_eq!(p.as_slice(), &POSITIONS[..WIDE]);
    }

    #[test]
    #[should_panic(expected = "insertion at 4 of 3")]
    fn an_insertion_past_the_end_panics() {
        let mut p = Positions::identity(3);
        p.insert(4, 0);
    }

    #[test]
    fn arranging_follows_the_order() {
        let mut deck = vec!['a', 'b', 'c', 'd'];
        arrange(&mut deck, &[2, 0, 3, 1]);
        assert_eq!(deck, vec!['c', 'a', 'd', 'b']);
    }
}
