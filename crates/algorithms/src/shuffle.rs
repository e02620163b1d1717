//! The one trait every algorithm implements, and the adapter for seed
//! functions that return an order.

use crate::scratch::with_copy;
use crate::source::Source;

/// A shuffling algorithm.
///
/// `shuffle` rearranges `deck` using only the randomness it draws from
/// `src`. Implementations never look at the card values, only at positions,
/// so shuffling any deck moves cards exactly as shuffling `0..n` would.
pub trait Shuffle {
    /// Shuffles `deck` in place, drawing every random choice from `src`.
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S);
}

/// Reorders `deck` so that `deck[j]` becomes the old `deck[order[j]]`: the
/// adapter for seed functions that return a permutation of `0..n`.
///
/// # Panics
/// When `order` is not as long as `deck` or names a position past its end.
pub fn apply_order<T: Copy>(deck: &mut [T], order: &[usize]) {
    assert_eq!(
        order.len(),
        deck.len(),
        "an order must name every position once"
    );
    with_copy(deck, |deck, start| {
        for (slot, &i) in deck.iter_mut().zip(order) {
            *slot = start[i];
        }
    });
}

/// Implements [`Shuffle`] for a seed function `f(m, src)` that returns a
/// permutation of `0..m`: the deck is reordered by it ([`apply_order`]). An
/// empty deck is left empty (two of the seed functions return `[0]` for
/// `m = 0`).
macro_rules! order_adapter {
    ($ty:ty, $f:path) => {
        impl $crate::shuffle::Shuffle for $ty {
            fn shuffle<T: Copy, S: $crate::source::Source + ?Sized>(
                &self,
                deck: &mut Vec<T>,
                src: &mut S,
            ) {
                if deck.is_empty() {
                    return;
                }
                let order = $f(deck.len(), src);
                $crate::shuffle::apply_order(deck, &order);
            }
        }
    };
}
pub(crate) use order_adapter;

/// A sort that may stop with an error instead of dealing a deck: Java's
/// TimSort and .NET's introspective sort, which throw when a random
/// comparator breaks their contract, and libstdc++'s `std::sort`, which
/// reads outside the array. Its [`Shuffle`] deals the law given
/// no throw; this says when it throws.
pub trait Throwing {
    /// Sorts `deck` with answers drawn from `src`.
    ///
    /// # Errors
    /// [`crate::ContractViolation`] where the sort throws, the deck left as
    /// the runtime leaves it.
    fn try_shuffle<T: Copy, S: Source + ?Sized>(
        &self,
        deck: &mut [T],
        src: &mut S,
    ) -> Result<(), crate::ContractViolation>;

    /// The runtime's exception where the sort throws, as it words it; for
    /// a sort whose failure is undefined behaviour, what the program does.
    fn exception(&self) -> &'static str;

    /// Whether the failure is undefined behaviour (a read outside the
    /// array, as libstdc++'s `std::sort` makes) rather than an exception.
    fn undefined_behaviour(&self) -> bool {
        false
    }
}

/// A [`Throwing`] sort's deal given that it did not throw: a sort that
/// throws is run again on the deck as it was, with the next answers, until
/// one finishes (the decks of the runs that did not throw).
pub(crate) fn deal_given_no_throw<A, T, S>(sort: &A, deck: &mut [T], src: &mut S)
where
    A: Throwing + ?Sized,
    T: Copy,
    S: Source + ?Sized,
{
    with_copy(deck, |deck, was| {
        while sort.try_shuffle(deck, src).is_err() {
            deck.copy_from_slice(was);
        }
    });
}
