//! Working space for one shuffle without a heap allocation per deck.
//!
//! The sampler shuffles millions of decks of at most 255 cards; a seed
//! algorithm's temporary array (flags, an order, a copy of the deck) costs
//! more to allocate and free than the shuffle of a small deck itself. These
//! helpers lend such an array from the stack when it is small and fall back
//! to the heap for larger ones, so the algorithms read the same either way.

/// The most slots lent from the stack: every deck the sampler deals fits.
pub const ON_STACK: usize = 256;

/// Runs `f` on `n` slots, each holding `fill`: on the stack for `n` up to
/// [`ON_STACK`] (16 slots for the smallest decks, so that they are not
/// filled 256 deep), on the heap beyond.
pub fn with_slots<T: Copy, R>(n: usize, fill: T, f: impl FnOnce(&mut [T]) -> R) -> R {
    if n <= 16 {
        f(&mut [fill; 16][..n])
    } else if n <= ON_STACK {
        f(&mut [fill; ON_STACK][..n])
    } else {
        f(&mut vec![fill; n])
    }
}

/// Runs `f` on `deck` and a copy of it as it was (see [`with_slots`]), so
/// that `deck` can be rewritten from the copy.
pub fn with_copy<T: Copy, R>(deck: &mut [T], f: impl FnOnce(&mut [T], &[T]) -> R) -> R {
    match deck.first() {
        None => f(deck, &[]),
        Some(&card) => with_slots(deck.len(), card, |copy| {
            copy.copy_from_slice(deck);
            f(deck, copy)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_have_the_length_and_fill_asked_on_stack_and_heap() {
        for n in [0, 1, 16, 17, 255, 256, 257, 1000] {
            let (len, all_filled) = with_slots(n, 7u16, |s| (s.len(), s.iter().all(|&x| x == 7)));
            assert_eq!((len, all_filled), (n, true), "n = {n}");
        }
    }

    #[test]
    fn a_copy_is_the_deck_on_stack_and_heap() {
        for n in [0, 1, 16, 17, 256, 257, 600] {
            let mut deck: Vec<u32> = (0..n).map(|i| i * 3 + 1).collect();
            let start = deck.clone();
            let copy = with_copy(&mut deck, |d, c| {
                d.fill(0);
                c.to_vec()
            });
            assert_eq!(copy, start, "n = {n}");
        }
    }
}
