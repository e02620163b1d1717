//! .NET's `List<T>.Sort(Comparison<T>)` (the introspective sort of
//! `ArraySortHelper<T>`), with `(a, b) => rnd.Next(-1, 2)`, as Mono's class
//! library and as .NET 5 and later run it.

use super::*;
use crate::Throwing;

/// Which class library's `ArraySortHelper<T>` sorts the list. Both run the
/// same introspective sort and ask the same questions in the same order
/// while every scan of a partition stays inside it; they differ in what a
/// scan that leaves its partition may touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotNetLibrary {
    /// Mono 6 (`mscorlib` 4.5 profile, from corefx's `ArraySortHelper.cs`):
    /// the sort works on the list's whole backing array with indices `lo`
    /// and `hi`, so a partition's scan that runs past its end reads and
    /// swaps the neighbouring partitions' elements, and throws only when it
    /// runs off the array.
    Mono,
    /// .NET 5 and later (`System.Private.CoreLib`): each partition is a
    /// `Span<T>` of its own, so a scan that runs past either end of its
    /// partition throws.
    Core,
}

/// `list.Sort((a, b) => rnd.Next(-1, 2))` on a `List<int>` built from an
/// array (so that its capacity is its count): -1, 0 or 1, each with
/// probability 1/3. The sort only ever asks whether an answer is below
/// zero or above it, so each comparison is one "one in three" draw.
///
/// The sort is `ArraySortHelper<T>.IntrospectiveSort`: a depth limit of
/// `2 (floor(log2 n) + 1)`; partitions of 16 elements or fewer are
/// finished on the spot (2 and 3 by compare-and-swap, 4 to 16 by insertion
/// sort, where an element moves left while it compares `< 0` with its left
/// neighbour); larger ones are split around the median of three (first,
/// middle, last, sorted by compare-and-swap where the answer is `> 0`):
/// the pivot is set aside next to the last, then a scan from the left
/// passes elements while `compare(element, pivot) < 0` and one from the
/// right while `compare(pivot, element) < 0`, swapping where both stop.
/// Past the depth limit a partition is heap-sorted.
///
/// The scans have no bounds of their own: a consistent comparator stops
/// them at the median-of-three's ends, a random one may not. Then the
/// runtime catches the `IndexOutOfRangeException` and throws
/// `ArgumentException: Unable to sort because the IComparer.Compare()
/// method returns inconsistent results`, leaving the list as the sort had
/// it, each element once. With Mono a scan first runs into the
/// neighbouring partitions (and the list still comes out a permutation);
/// with .NET 5+ it throws at the partition's end. With up to 16 elements
/// there is no partition, and neither throws nor differs.
///
/// Sources: Mono 6.8's `mscorlib.dll` (`List<T>.Sort(Comparison<T>)`
/// calls `ArraySortHelper<T>.Sort(T[], int, int, Comparison<T>)`;
/// `IntrospectiveSort`, `IntroSort`, `PickPivotAndPartition`, `Heapsort`,
/// `DownHeap`, `InsertionSort`, `SwapIfGreater`), read from its IL and
/// checked call for call, throw for throw, against Debian's mono 6.8.0.105
/// with scripted answers (`tests/runtimes/DotNetSortVectors.cs`,
/// `tests/data/dotnet-sort-mono.txt`). .NET 5 and later: dotnet/runtime
/// `src/libraries/System.Private.CoreLib/src/System/Collections/Generic/ArraySortHelper.cs`
/// (the `Span<T>` version; the same questions from .NET 5 to the current
/// main branch), checked by reading only, as there is no .NET runtime
/// here.
/// Cost: `O(n log n)` comparisons.
/// Defect: biased. Only one of the three answers moves an element (`> 0`
/// swaps a pair, `< 0` passes one), so from 4 to 16 cards each card, when
/// its turn comes, moves `k` places left with probability `(1/3)^k (2/3)`
/// (`(1/3)^k` to the front), and the deck stays in order with probability
/// `(2/3)^(n-1)`; on 3 cards
/// the identity has probability 8/27 and the cycle `120` 2/27, where a
/// shuffle gives each order 1/6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DotNetIntroSort {
    /// The class library that sorts.
    pub library: DotNetLibrary,
}

/// `IntrosortSizeThreshold`: partitions this size or smaller are not split.
const SIZE_THRESHOLD: usize = 16;

/// What the sort asks of a comparison: never the answer itself, only
/// whether it is below zero, or whether it is above.
trait Ask<T> {
    /// `comparer(a, b) < 0`.
    fn less(&mut self, a: &T, b: &T) -> bool;
    /// `comparer(a, b) > 0`.
    fn greater(&mut self, a: &T, b: &T) -> bool;
}

/// A comparator's answers.
struct Compare<C>(C);

impl<T, C: FnMut(&T, &T) -> Ordering> Ask<T> for Compare<C> {
    fn less(&mut self, a: &T, b: &T) -> bool {
        (self.0)(a, b) == Ordering::Less
    }

    fn greater(&mut self, a: &T, b: &T) -> bool {
        (self.0)(a, b) == Ordering::Greater
    }
}

/// `(a, b) => rnd.Next(-1, 2)`: -1, 0 and 1 equally likely, so each
/// question is settled by one answer of the three (-1 for "below zero", 1
/// for "above"): one draw of "one in three" per comparison, which has the
/// comparator's law and walks two branches where three would act alike.
struct NextMinusOneToOne<'a, S: ?Sized>(&'a mut S);

impl<T, S: Source + ?Sized> Ask<T> for NextMinusOneToOne<'_, S> {
    fn less(&mut self, _: &T, _: &T) -> bool {
        self.0.one_in(3)
    }

    fn greater(&mut self, _: &T, _: &T) -> bool {
        self.0.one_in(3)
    }
}

/// The running sort: the array, the comparator, and the class library,
/// which sets the bounds a scan may not leave.
struct Sorter<'a, T, A> {
    keys: &'a mut [T],
    ask: A,
    library: DotNetLibrary,
}

impl<T: Copy, A: Ask<T>> Sorter<'_, T, A> {
    /// `comparer(keys[i], keys[j]) > 0`, then the swap.
    fn swap_if_greater(&mut self, i: usize, j: usize) {
        if i != j && self.ask.greater(&self.keys[i], &self.keys[j]) {
            self.keys.swap(i, j);
        }
    }

    /// `IntroSort(keys, lo, hi, depthLimit)`, `hi` included.
    fn intro_sort(
        &mut self,
        lo: usize,
        mut hi: usize,
        mut depth: u32,
    ) -> Result<(), ContractViolation> {
        while hi > lo {
            let size = hi - lo + 1;
            if size <= SIZE_THRESHOLD {
                match size {
                    2 => self.swap_if_greater(lo, hi),
                    3 => {
                        self.swap_if_greater(lo, hi - 1);
                        self.swap_if_greater(lo, hi);
                        self.swap_if_greater(hi - 1, hi);
                    }
                    _ => self.insertion_sort(lo, hi),
                }
                return Ok(());
            }
            if depth == 0 {
                self.heap_sort(lo, hi);
                return Ok(());
            }
            depth -= 1;
            let p = self.pick_pivot_and_partition(lo, hi)?;
            self.intro_sort(p + 1, hi, depth)?;
            // Mono: a pivot placed past `hi` widens the range still to sort.
            hi = p - 1;
        }
        Ok(())
    }

    /// `PickPivotAndPartition(keys, lo, hi)`: the pivot's final place.
    fn pick_pivot_and_partition(
        &mut self,
        lo: usize,
        hi: usize,
    ) -> Result<usize, ContractViolation> {
        let middle = lo + (hi - lo) / 2;
        self.swap_if_greater(lo, middle);
        self.swap_if_greater(lo, hi);
        self.swap_if_greater(middle, hi);
        let pivot = self.keys[middle];
        self.keys.swap(middle, hi - 1);
        // The indices a scan may read: the array (Mono) or the partition's
        // span (.NET 5+); one step past them throws.
        let (first, last) = match self.library {
            DotNetLibrary::Mono => (0, self.keys.len() - 1),
            DotNetLibrary::Core => (lo, hi),
        };
        let (mut left, mut right) = (lo, hi - 1);
        while left < right {
            loop {
                if left == last {
                    return Err(ContractViolation);
                }
                left += 1;
                if !self.ask.less(&self.keys[left], &pivot) {
                    break;
                }
            }
            loop {
                if right == first {
                    return Err(ContractViolation);
                }
                right -= 1;
                if !self.ask.less(&pivot, &self.keys[right]) {
                    break;
                }
            }
            if left >= right {
                break;
            }
            self.keys.swap(left, right);
        }
        self.keys.swap(left, hi - 1);
        Ok(left)
    }

    /// `Heapsort(keys, lo, hi)`.
    fn heap_sort(&mut self, lo: usize, hi: usize) {
        let n = hi - lo + 1;
        for i in (1..=n / 2).rev() {
            self.down_heap(i, n, lo);
        }
        for i in (2..=n).rev() {
            self.keys.swap(lo, lo + i - 1);
            self.down_heap(1, i - 1, lo);
        }
    }

    /// `DownHeap(keys, i, n, lo)`: the heap is 1-based from `lo`.
    fn down_heap(&mut self, mut i: usize, n: usize, lo: usize) {
        let d = self.keys[lo + i - 1];
        while i <= n / 2 {
            let mut child = 2 * i;
            if child < n
                && self
                    .ask
                    .less(&self.keys[lo + child - 1], &self.keys[lo + child])
            {
                child += 1;
            }
            if !self.ask.less(&d, &self.keys[lo + child - 1]) {
                break;
            }
            self.keys[lo + i - 1] = self.keys[lo + child - 1];
            i = child;
        }
        self.keys[lo + i - 1] = d;
    }

    /// `InsertionSort(keys, lo, hi)`.
    fn insertion_sort(&mut self, lo: usize, hi: usize) {
        for i in lo..hi {
            let t = self.keys[i + 1];
            // `j + 1` of the source, so that it stays unsigned.
            let mut slot = i + 1;
            while slot > lo && self.ask.less(&t, &self.keys[slot - 1]) {
                self.keys[slot] = self.keys[slot - 1];
                slot -= 1;
            }
            self.keys[slot] = t;
        }
    }
}

impl DotNetIntroSort {
    /// Mono's class library.
    pub const MONO: DotNetIntroSort = DotNetIntroSort {
        library: DotNetLibrary::Mono,
    };
    /// .NET 5 and later.
    pub const CORE: DotNetIntroSort = DotNetIntroSort {
        library: DotNetLibrary::Core,
    };

    /// The runtime's exception where the sort throws.
    pub const EXCEPTION: &'static str = "ArgumentException: Unable to sort because the IComparer.Compare() method returns inconsistent results";

    /// `ArraySortHelper<T>.IntrospectiveSort(keys, comparer)` on the whole
    /// of `keys` (a list whose capacity is its count).
    ///
    /// # Errors
    /// [`ContractViolation`] where the runtime throws `ArgumentException`,
    /// the array left as the runtime leaves it.
    pub fn sort<T: Copy>(
        self,
        keys: &mut [T],
        cmp: impl FnMut(&T, &T) -> Ordering,
    ) -> Result<(), ContractViolation> {
        self.sort_asking(keys, Compare(cmp))
    }

    fn sort_asking<T: Copy>(
        self,
        keys: &mut [T],
        ask: impl Ask<T>,
    ) -> Result<(), ContractViolation> {
        let n = keys.len();
        if n < 2 {
            return Ok(());
        }
        // `2 * FloorLog2PlusOne(n)`.
        let depth = 2 * (n.ilog2() + 1);
        let mut sorter = Sorter {
            keys,
            ask,
            library: self.library,
        };
        sorter.intro_sort(0, n - 1, depth)
    }
}

/// Sorts the deck with answers drawn from the source, and says whether
/// the runtime would have thrown (the deck left as it leaves the list).
impl Throwing for DotNetIntroSort {
    fn try_shuffle<T: Copy, S: Source + ?Sized>(
        &self,
        deck: &mut [T],
        src: &mut S,
    ) -> Result<(), ContractViolation> {
        self.sort_asking(deck, NextMinusOneToOne(src))
    }

    fn exception(&self) -> &'static str {
        Self::EXCEPTION
    }
}

/// The law of the decks given that the runtime did not throw: a sort that
/// throws is run again on the deck as it was, with the next answers, until
/// one finishes. Up to 16 cards nothing is partitioned and nothing throws,
/// so every exact law is the sort's own.
impl Shuffle for DotNetIntroSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        crate::shuffle::deal_given_no_throw(self, deck, src);
    }
}
