//! Java's TimSort (`java.util.TimSort`, OpenJDK 7 and later), the sort
//! behind `Collections.sort`, `List.sort` and `Arrays.sort` of objects
//! with a comparator, run with one that answers at random.

use super::timsort::{self, JAVA};
use super::*;
use crate::Throwing;
use crate::generators::JavaRandom;
use crate::source::Draw;

/// What the comparator of a Java "shuffle by sorting" returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JavaComparator {
    /// `(a, b) -> rnd.nextBoolean() ? 1 : -1`: a fair coin.
    NextBoolean,
    /// `(a, b) -> rnd.nextInt(3) - 1`: -1, 0 or 1, each with probability
    /// 1/3 (one draw of three), so a third of the answers are ties.
    NextInt3,
}

impl JavaComparator {
    /// One answer, drawn from `src` as the lambda draws it from its
    /// `Random`: `nextBoolean()` is a coin (1 on `true`), `nextInt(3)` a
    /// draw of three (see [`JavaRandomSource`]).
    #[inline]
    pub fn answer<S: Source + ?Sized>(self, src: &mut S) -> Ordering {
        match self {
            JavaComparator::NextBoolean => coin_order(src),
            JavaComparator::NextInt3 => match src.below(3) {
                0 => Ordering::Less,
                1 => Ordering::Equal,
                _ => Ordering::Greater,
            },
        }
    }

    /// The lambda as a Java programmer writes it.
    pub fn lambda(self) -> &'static str {
        match self {
            JavaComparator::NextBoolean => "(a, b) -> rnd.nextBoolean() ? 1 : -1",
            JavaComparator::NextInt3 => "(a, b) -> rnd.nextInt(3) - 1",
        }
    }
}

/// `Collections.sort(list, (a, b) -> rnd.nextBoolean() ? 1 : -1)` (or
/// `list.sort(…)`, or `nextInt(3) - 1`) on OpenJDK's TimSort.
///
/// Below 32 elements (`MIN_MERGE`) the sort makes no merge: it takes the
/// opening run (the longest prefix whose neighbours compare `>= 0`, or
/// strictly `< 0` and then reversed) and extends it by binary insertion
/// (`compare(pivot, a[mid]) < 0` goes left). From 32 elements on it cuts
/// the array into runs of at least `minRunLength(n)` (16 to 32) and merges
/// them with galloping; there an inconsistent comparator can empty a run
/// that the merge's opening gallops promised was not empty, and Java throws
/// `IllegalArgumentException: Comparison method violates its general
/// contract!`. This shuffle leaves the deck as such a throw leaves an
/// `ArrayList` (each element once, the merges done so far done);
/// [`JavaTimSort::sort`] reports the throw.
///
/// The core is V8's ([`super::V8TimSort`], both ports of CPython's
/// `listsort`); Java differs in three places: the minimum merge (32, not
/// 64), `gallopLeft` asks `compare(key, element) > 0` where V8 asks
/// `compare(element, key) < 0`, and the contract check above.
///
/// Source: OpenJDK `src/java.base/share/classes/java/util/TimSort.java`
/// (`sort`, `binarySort`, `countRunAndMakeAscending`, `minRunLength`,
/// `mergeCollapse`, `mergeForceCollapse`, `mergeAt`, `gallopLeft`,
/// `gallopRight`, `mergeLo`, `mergeHi`), unchanged from OpenJDK 8u to 25;
/// `ArrayList.sort`, `Collections.sort` and `Arrays.sort(T[], Comparator)`
/// call it unless `-Djava.util.Arrays.useLegacyMergeSort=true`. Checked
/// deck for deck and throw for throw against OpenJDK 17 with seeded
/// `new Random(seed)` (`tests/data/java-timsort.txt`,
/// `tests/runtimes/JavaSortVectors.java`).
/// Cost: `O(n log n)` comparisons.
/// Defect: biased. With `nextBoolean` and fewer than 32 cards it asks the
/// questions V8's TimSort asks (below 64 neither merges) and has its law;
/// with `nextInt(3) - 1` two of the three answers, 0 and 1, keep a pair
/// in order, so the deck stays as it is far more often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaTimSort {
    /// The comparator's answers.
    pub comparator: JavaComparator,
}

impl JavaTimSort {
    /// The runtime's exception where the sort throws.
    pub const EXCEPTION: &'static str =
        "IllegalArgumentException: Comparison method violates its general contract!";

    /// `TimSort.sort(a, 0, a.length, c, null, 0, 0)`: sorts `a` by `cmp`,
    /// or stops where Java throws.
    ///
    /// # Errors
    /// [`ContractViolation`] where Java throws `IllegalArgumentException`,
    /// the array left as Java leaves it.
    pub fn sort<T: Copy>(
        a: &mut [T],
        cmp: impl FnMut(&T, &T) -> Ordering,
    ) -> Result<(), ContractViolation> {
        timsort::sort(JAVA, a, cmp)
    }
}

/// Sorts the deck with this comparator's answers drawn from the source,
/// and says whether Java would have thrown (the deck left as Java leaves
/// the list).
impl Throwing for JavaTimSort {
    fn try_shuffle<T: Copy, S: Source + ?Sized>(
        &self,
        deck: &mut [T],
        src: &mut S,
    ) -> Result<(), ContractViolation> {
        let comparator = self.comparator;
        Self::sort(deck, |_, _| comparator.answer(src))
    }

    fn exception(&self) -> &'static str {
        Self::EXCEPTION
    }
}

/// The law of the decks given that Java did not throw: a sort that throws
/// is run again on the deck as it was, with the next answers, until one
/// finishes (the decks of the finished sorts are those of Java's runs that
/// did not throw). How often it throws is [`Throwing::try_shuffle`]'s
/// to count. Below 32 cards nothing merges and nothing throws, so every
/// exact law is the sort's own.
impl Shuffle for JavaTimSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        crate::shuffle::deal_given_no_throw(self, deck, src);
    }
}

/// `java.util.Random` as the lambdas draw from it: a draw of `k` is
/// `nextInt(k)`, so a coin is `nextInt(2)`, which is `nextBoolean()` (both
/// are bit 47 of the next state). For replaying a seeded Java program
/// deck for deck; other draws are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaRandomSource(pub JavaRandom);

impl Source for JavaRandomSource {
    fn draw(&mut self, draw: Draw) -> u64 {
        match draw {
            Draw::Below(k) if (1..=i32::MAX as u64).contains(&k) => {
                u64::from(self.0.next_int_below(k as u32))
            }
            other => panic!("java.util.Random draws nextInt(bound) only, not {other:?}"),
        }
    }
}
