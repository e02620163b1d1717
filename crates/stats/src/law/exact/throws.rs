//! How likely a sort that may throw (Java's TimSort on a random
//! comparator) is to throw on a small deck, and the law of its decks given
//! that it did not, exactly.

use super::walk::walk;
use super::{ExactDistribution, Limits, MAX_EXACT_DECK, Progress};
use crate::error::ExactError;
use crate::law::fraction::Fraction;
use crate::law::perm::{rank, unrank};
use algorithms::{Shuffle, Source, Throwing};

/// The sort on `n` cards followed by a marker card at position `n`, which
/// a throw swaps to position 0: a throw and every finished deck are then
/// different arrangements of `n + 1` cards, which the exact walk weighs.
struct Marked<A>(A);

impl<A: Throwing> Shuffle for Marked<A> {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len() - 1;
        if self.0.try_shuffle(&mut deck[..n], src).is_err() {
            deck.swap(0, n);
        }
    }
}

/// The probability, exactly, that `sort` throws on a deck of `deck` cards
/// (1 to one fewer than [`MAX_EXACT_DECK`]: the walk holds one card more).
///
/// # Errors
/// [`ExactError::DeckSize`] outside those sizes, and the walk's errors
/// (its limits) as [`super::exact_distribution`] gives them.
pub fn throw_probability<A: Throwing + Sync>(
    sort: A,
    deck: usize,
    limits: &Limits,
) -> Result<Fraction, ExactError> {
    if !(1..MAX_EXACT_DECK).contains(&deck) {
        return Err(ExactError::DeckSize {
            deck,
            max: MAX_EXACT_DECK - 1,
        });
    }
    let marked = walk(&Marked(sort), deck + 1, limits, &|_| {}, 0)?;
    let mut thrown = 0u128;
    let mut a = Vec::new();
    for (r, &w) in marked.weights.iter().enumerate() {
        if w != 0 {
            unrank(r, deck + 1, &mut a);
            if usize::from(a[deck]) != deck {
                thrown += w;
            }
        }
    }
    Ok(Fraction::new(thrown, marked.denominator))
}

/// The exact law of `sort`'s decks of `deck` cards given that it did not
/// throw (1 to one fewer than [`MAX_EXACT_DECK`], as
/// [`throw_probability`]): the decks of the paths that finished, weighed
/// as the walk weighs them, over the weight of all of them. This is the
/// law of its [`Shuffle`], which sorts again until one finishes; a walk of
/// that loop would never end where every path may throw.
///
/// # Errors
/// As [`throw_probability`].
pub fn law_given_no_throw<A: Throwing + Sync>(
    sort: A,
    deck: usize,
    limits: &Limits,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<ExactDistribution, ExactError> {
    if !(1..MAX_EXACT_DECK).contains(&deck) {
        return Err(ExactError::DeckSize {
            deck,
            max: MAX_EXACT_DECK - 1,
        });
    }
    let marked = walk(&Marked(sort), deck + 1, limits, progress, 0)?;
    let mut weights = vec![0u128; crate::law::perm::factorial(deck) as usize];
    let mut finished = 0u128;
    let mut a = Vec::new();
    for (r, &w) in marked.weights.iter().enumerate() {
        if w != 0 {
            unrank(r, deck + 1, &mut a);
            if usize::from(a[deck]) == deck {
                weights[rank(&a[..deck])] += w;
                finished += w;
            }
        }
    }
    let overflow = ExactError::Overflow { deck };
    if finished == 0 {
        return Err(overflow);
    }
    // What the walk left unexplored (paths cut by a bound) stays
    // unexplored in the law, as though every cut path finished: the
    // registry walks these sorts whole, where nothing is cut.
    let unexplored = marked.denominator - marked.weights.iter().sum::<u128>();
    let mut law = ExactDistribution {
        deck,
        weights,
        denominator: finished.checked_add(unexplored).ok_or(overflow)?,
        paths: marked.paths,
        cut_paths: marked.cut_paths,
        method: marked.method,
    };
    super::compose::reduce(&mut law);
    Ok(law)
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::{ContractViolation, JavaComparator, JavaTimSort, LibStdCxxSort};

    /// Throws when its first coin is heads, else reverses the deck when
    /// its second is: throws 1/2.
    struct HalfThrows;
    impl Throwing for HalfThrows {
        fn try_shuffle<T: Copy, S: Source + ?Sized>(
            &self,
            deck: &mut [T],
            src: &mut S,
        ) -> Result<(), ContractViolation> {
            if src.coin() {
                return Err(ContractViolation);
            }
            if src.coin() {
                deck.reverse();
            }
            Ok(())
        }

        fn exception(&self) -> &'static str {
            "HalfThrows"
        }
    }

    #[test]
    fn the_marker_weighs_the_throws() {
        for n in 1..MAX_EXACT_DECK {
            let p = throw_probability(HalfThrows, n, &Limits::default()).unwrap();
            assert_eq!(p, Fraction::new(1u32, 2u32), "n = {n}");
        }
    }

    /// Java's TimSort merges, and so checks its contract, from 32 cards
    /// only: on 1 to 6 it never throws (7 to 9 take minutes; `exact`
    /// computes them when asked).
    #[test]
    fn java_never_throws_on_small_decks() {
        for comparator in [JavaComparator::NextBoolean, JavaComparator::NextInt3] {
            for n in 1..=6 {
                let p =
                    throw_probability(JavaTimSort { comparator }, n, &Limits::default()).unwrap();
                assert_eq!(p, Fraction::new(0u32, 1u32), "{comparator:?}, n = {n}");
            }
        }
    }

    /// libstdc++'s `std::sort` on up to 16 cards is an insertion sort
    /// whose walk left has no bound: card `i` (from 1) is sent to the front
    /// on a first "less", else walks one place left per further "less" and
    /// reads before the array once it has passed all `i` cards before it,
    /// with probability `2^-(i+1)`. So it stays in bounds with probability
    /// `prod (1 - 2^-(i+1))` over `i` in `1..n`.
    #[test]
    fn libstdcxx_reads_out_of_bounds_as_its_insertion_walk_says() {
        // In bounds: `num / den`.
        let (mut num, mut den) = (1u128, 1u128);
        for n in 1..=7 {
            let p = throw_probability(LibStdCxxSort, n, &Limits::default()).unwrap();
            assert_eq!(p, Fraction::new(den - num, den), "n = {n}");
            let step = 1u128 << (n + 1);
            (num, den) = (num * (step - 1), den * step);
        }
        // On 2 cards 1/4 reads out of bounds, on 3 cards 11/32.
        assert_eq!(
            throw_probability(LibStdCxxSort, 3, &Limits::default()).unwrap(),
            Fraction::new(11u32, 32u32)
        );
    }

    #[test]
    fn decks_beyond_the_walk_are_refused() {
        for n in [0, MAX_EXACT_DECK] {
            assert_eq!(
                throw_probability(HalfThrows, n, &Limits::default()),
                Err(ExactError::DeckSize {
                    deck: n,
                    max: MAX_EXACT_DECK - 1
                })
            );
        }
    }
}
