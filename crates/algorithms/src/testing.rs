//! What the unit tests of several modules share.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Asserts that `fast` deals what `reference` deals: on every deck size in
/// `sizes`, for 40 seeds, three passes on the same deck, the same deck
/// after each run and the same next draw (so the same number of draws).
pub(crate) fn assert_same_deals(
    sizes: impl IntoIterator<Item = u16>,
    mut fast: impl FnMut(&mut Vec<u16>, &mut Xoshiro256PlusPlus),
    mut reference: impl FnMut(&mut Vec<u16>, &mut Xoshiro256PlusPlus),
) {
    for n in sizes {
        for seed in 0..40 {
            let mut a = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut b = a.clone();
            let (mut x, mut y): (Vec<u16>, Vec<u16>) = ((0..n).collect(), (0..n).collect());
            for _ in 0..3 {
                fast(&mut x, &mut a);
                reference(&mut y, &mut b);
            }
            assert_eq!(x, y, "{n} cards, seed {seed}");
            assert_eq!(a.next_u64(), b.next_u64(), "draws, {n} cards");
        }
    }
}

/// A seed function `f(m, src)` applied as written, as
/// [`order_adapter`](crate::shuffle::order_adapter) does: an empty deck
/// draws nothing.
pub(crate) fn as_written(
    f: fn(usize, &mut Xoshiro256PlusPlus) -> Vec<usize>,
) -> impl FnMut(&mut Vec<u16>, &mut Xoshiro256PlusPlus) {
    move |deck, src| {
        let n = deck.len();
        if n > 0 {
            crate::shuffle::apply_order(deck, &f(n, src));
        }
    }
}
