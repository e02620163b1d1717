//! libstdc++'s `std::sort` (g++ 12) with a comparator that tosses a coin.

use super::*;
use crate::Throwing;

/// `std::sort(v.begin(), v.end(), [&](int, int) { return coin(rng); })`
/// as g++ 12's libstdc++ runs it: `true` ("less") and `false` each with
/// probability 1/2, one coin per comparison.
///
/// The sort is `std::__sort`: `__introsort_loop` with a depth limit of
/// `2 floor(log2 n)` splits ranges of more than 16 elements around the
/// median of three (`__move_median_to_first` of the second, middle and
/// last elements, moved to the first) with `__unguarded_partition`, and
/// heap-sorts a range past the depth limit (`__partial_sort`); then
/// `__final_insertion_sort` runs `__insertion_sort` on the first 16
/// elements and `__unguarded_insertion_sort` on the rest.
///
/// None of the inner loops checks a bound: `__unguarded_linear_insert`
/// walks an element left while `comp(value, left neighbour)` holds,
/// trusting an element at the front to stop it, and the partition's scans
/// trust the median of three to stop them. A coin does not: even on 2
/// elements, when the first coin keeps the second element off the front
/// and the next says "less" again, the walk reads the element before the
/// array's start (probability 1/4). That is undefined behaviour: the
/// program may crash, or go on reading and writing memory that is not
/// the vector's. This model never reads outside the deck: it stops where
/// the sort would first read an element outside it, and reports that as
/// [`ContractViolation`]; its [`Shuffle`] deals the law given that the
/// sort stayed in bounds.
///
/// Source: GCC 12's `libstdc++-v3/include/bits/stl_algo.h` (`__sort`,
/// `__introsort_loop`, `__unguarded_partition_pivot`,
/// `__move_median_to_first`, `__unguarded_partition`, `__partial_sort`,
/// `__heap_select`, `__final_insertion_sort`, `__insertion_sort`,
/// `__unguarded_insertion_sort`, `__unguarded_linear_insert`) and
/// `bits/stl_heap.h` (`__make_heap`, `__adjust_heap`, `__push_heap`,
/// `__pop_heap`, `__sort_heap`), as Debian's libstdc++-12-dev 12.2.0
/// installs them; checked call for call against the compiled sort with
/// scripted answers (`tests/runtimes/StdSortVectors.cpp`,
/// `tests/data/libstdcxx-sort.txt`).
/// Cost: `O(n log n)` comparisons.
/// Defect: biased, and undefined behaviour on every deck of 2 cards or
/// more. On up to 16 cards it is an insertion sort: each card goes to the
/// front on a first "less", else walks left one place per further "less".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LibStdCxxSort;

/// `_S_threshold`: ranges this size or smaller are left to the final
/// insertion sort.
const THRESHOLD: isize = 16;

/// The sort's first read outside the array.
struct OutOfBounds;

impl From<OutOfBounds> for ContractViolation {
    fn from(_: OutOfBounds) -> Self {
        ContractViolation
    }
}

/// The running sort: the array and the comparator's answers. Indices are
/// signed, as the sort's iterators may step before the array's start.
struct Sorter<'a, T, C> {
    a: &'a mut [T],
    comp: C,
}

type Step<T = ()> = Result<T, OutOfBounds>;

impl<T: Copy, C: FnMut(&T, &T) -> bool> Sorter<'_, T, C> {
    /// The element at `i`, where the sort reads it.
    fn at(&self, i: isize) -> Step<T> {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.a.get(i).copied())
            .ok_or(OutOfBounds)
    }

    fn set(&mut self, i: isize, v: T) {
        self.a[i as usize] = v;
    }

    fn swap(&mut self, i: isize, j: isize) {
        self.a.swap(i as usize, j as usize);
    }

    /// `__comp(i, j)`: both elements read, then the comparator.
    fn less(&mut self, i: isize, j: isize) -> Step<bool> {
        let (x, y) = (self.at(i)?, self.at(j)?);
        Ok((self.comp)(&x, &y))
    }

    /// `__comp(value, j)` (`__val_comp_iter`).
    fn value_less(&mut self, v: &T, j: isize) -> Step<bool> {
        let y = self.at(j)?;
        Ok((self.comp)(v, &y))
    }

    /// `__comp(i, value)` (`__iter_comp_val`).
    fn less_value(&mut self, i: isize, v: &T) -> Step<bool> {
        let x = self.at(i)?;
        Ok((self.comp)(&x, v))
    }

    /// `__introsort_loop(first, last, depth_limit)`.
    fn introsort_loop(&mut self, first: isize, mut last: isize, mut depth: u32) -> Step {
        while last - first > THRESHOLD {
            if depth == 0 {
                return self.heap_sort(first, last);
            }
            depth -= 1;
            let cut = self.partition_pivot(first, last)?;
            self.introsort_loop(cut, last, depth)?;
            last = cut;
        }
        Ok(())
    }

    /// `__unguarded_partition_pivot(first, last)`.
    fn partition_pivot(&mut self, first: isize, last: isize) -> Step<isize> {
        let mid = first + (last - first) / 2;
        self.move_median_to_first(first, first + 1, mid, last - 1)?;
        self.unguarded_partition(first + 1, last, first)
    }

    /// `__move_median_to_first(result, a, b, c)`.
    fn move_median_to_first(&mut self, result: isize, a: isize, b: isize, c: isize) -> Step {
        let median = if self.less(a, b)? {
            if self.less(b, c)? {
                b
            } else if self.less(a, c)? {
                c
            } else {
                a
            }
        } else if self.less(a, c)? {
            a
        } else if self.less(b, c)? {
            c
        } else {
            b
        };
        self.swap(result, median);
        Ok(())
    }

    /// `__unguarded_partition(first, last, pivot)`.
    fn unguarded_partition(
        &mut self,
        mut first: isize,
        mut last: isize,
        pivot: isize,
    ) -> Step<isize> {
        loop {
            while self.less(first, pivot)? {
                first += 1;
            }
            last -= 1;
            while self.less(pivot, last)? {
                last -= 1;
            }
            if first >= last {
                return Ok(first);
            }
            self.swap(first, last);
            first += 1;
        }
    }

    /// `__partial_sort(first, last, last)`: `__heap_select` with nothing
    /// past the heap (`__make_heap` alone), then `__sort_heap`.
    fn heap_sort(&mut self, first: isize, mut last: isize) -> Step {
        let len = last - first;
        if len >= 2 {
            let mut parent = (len - 2) / 2;
            loop {
                let value = self.at(first + parent)?;
                self.adjust_heap(first, parent, len, value)?;
                if parent == 0 {
                    break;
                }
                parent -= 1;
            }
        }
        while last - first > 1 {
            last -= 1;
            // `__pop_heap(first, last, last)`.
            let value = self.at(last)?;
            let top = self.at(first)?;
            self.set(last, top);
            self.adjust_heap(first, 0, last - first, value)?;
        }
        Ok(())
    }

    /// `__adjust_heap(first, hole, len, value)`, then `__push_heap`.
    fn adjust_heap(&mut self, first: isize, mut hole: isize, len: isize, value: T) -> Step {
        let top = hole;
        let mut second = hole;
        while second < (len - 1) / 2 {
            second = 2 * (second + 1);
            if self.less(first + second, first + (second - 1))? {
                second -= 1;
            }
            let v = self.at(first + second)?;
            self.set(first + hole, v);
            hole = second;
        }
        if len & 1 == 0 && second == (len - 2) / 2 {
            second = 2 * (second + 1);
            let v = self.at(first + (second - 1))?;
            self.set(first + hole, v);
            hole = second - 1;
        }
        // `__push_heap(first, hole, top, value)`.
        let mut parent = (hole - 1) / 2;
        while hole > top && self.less_value(first + parent, &value)? {
            let v = self.at(first + parent)?;
            self.set(first + hole, v);
            hole = parent;
            parent = (hole - 1) / 2;
        }
        self.set(first + hole, value);
        Ok(())
    }

    /// `__final_insertion_sort(first, last)`.
    fn final_insertion_sort(&mut self, first: isize, last: isize) -> Step {
        if last - first > THRESHOLD {
            self.insertion_sort(first, first + THRESHOLD)?;
            for i in first + THRESHOLD..last {
                self.unguarded_linear_insert(i)?;
            }
            Ok(())
        } else {
            self.insertion_sort(first, last)
        }
    }

    /// `__insertion_sort(first, last)`.
    fn insertion_sort(&mut self, first: isize, last: isize) -> Step {
        for i in first + 1..last {
            if self.less(i, first)? {
                let v = self.at(i)?;
                self.a
                    .copy_within(first as usize..i as usize, first as usize + 1);
                self.set(first, v);
            } else {
                self.unguarded_linear_insert(i)?;
            }
        }
        Ok(())
    }

    /// `__unguarded_linear_insert(last)`: no bound but the comparator.
    fn unguarded_linear_insert(&mut self, mut last: isize) -> Step {
        let value = self.at(last)?;
        let mut next = last - 1;
        while self.value_less(&value, next)? {
            let v = self.at(next)?;
            self.set(last, v);
            last = next;
            next -= 1;
        }
        self.set(last, value);
        Ok(())
    }
}

impl LibStdCxxSort {
    /// What the program does where the model stops.
    pub const UNDEFINED: &'static str = "the sort reads outside the vector (undefined behaviour: a crash, or memory that is not the vector's)";

    /// `std::sort(keys.begin(), keys.end(), comp)`, where `comp(a, b)` is
    /// "a goes before b".
    ///
    /// # Errors
    /// [`ContractViolation`] where the sort would first read an element
    /// outside `keys`, the array left as the sort had it then.
    pub fn sort<T: Copy>(
        self,
        keys: &mut [T],
        comp: impl FnMut(&T, &T) -> bool,
    ) -> Result<(), ContractViolation> {
        let n = keys.len() as isize;
        if n == 0 {
            return Ok(());
        }
        let mut sorter = Sorter { a: keys, comp };
        // `std::__lg(n) * 2`.
        let depth = 2 * n.ilog2();
        sorter.introsort_loop(0, n, depth)?;
        sorter.final_insertion_sort(0, n)?;
        Ok(())
    }
}

/// Sorts the deck with a coin per comparison, and says whether the sort
/// would have read outside it.
impl Throwing for LibStdCxxSort {
    fn try_shuffle<T: Copy, S: Source + ?Sized>(
        &self,
        deck: &mut [T],
        src: &mut S,
    ) -> Result<(), ContractViolation> {
        self.sort(deck, |_, _| src.coin())
    }

    fn exception(&self) -> &'static str {
        Self::UNDEFINED
    }

    fn undefined_behaviour(&self) -> bool {
        true
    }
}

/// The law of the decks given that the sort stayed in bounds: a sort that
/// would read outside the deck is run again on the deck as it was, with
/// the next coins, until one stays inside.
impl Shuffle for LibStdCxxSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        crate::shuffle::deal_given_no_throw(self, deck, src);
    }
}
