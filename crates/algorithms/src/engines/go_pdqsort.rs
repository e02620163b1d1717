//! Go's `sort.Slice` (pattern-defeating quicksort, Go 1.19 and later) with
//! a comparator that tosses a coin.

use super::*;

/// `sort.Slice(a, func(i, j int) bool { return rand.Intn(2) == 0 })` as
/// Go 1.19 runs it: `true` ("less") and `false` each with probability
/// 1/2, one coin per call of `less`.
///
/// The sort is `pdqsort_func` (pattern-defeating quicksort, Peters 2021)
/// with a limit of `bits.Len(n)` bad pivots: insertion sort up to 12
/// elements; above, a pivot by the median of three (from 8 elements) or
/// Tukey's ninther (from 50), a reversal when every comparison of the
/// pivot's choice said "less" (12 of them: the range looks descending), a
/// partial insertion sort when the range looks sorted, a partition, and
/// three swaps at places from a xorshift seeded by the length after an
/// unbalanced one; heapsort past the limit. Every loop checks its bounds,
/// so a coin can neither make it read outside the slice nor panic: it
/// always returns a permutation.
///
/// In Go before 1.20, the global `math/rand` source is seeded with 1 when
/// the program does not call `rand.Seed`, so such a program deals the
/// same order on every run; this model draws its coins from the source it
/// is given, as a program that seeds does.
///
/// Source: Go 1.19's `src/sort/zsortfunc.go` (`pdqsort_func`,
/// `insertionSort_func`, `heapSort_func`, `siftDown_func`,
/// `partition_func`, `partitionEqual_func`, `partialInsertionSort_func`,
/// `breakPatterns_func`, `choosePivot_func`, `median_func`,
/// `medianAdjacent_func`, `order2_func`, `reverseRange_func`),
/// `src/sort/slice.go` (`Slice`) and `src/sort/sort.go` (`xorshift`,
/// `nextPowerOfTwo`), as Debian's golang-1.19 1.19.8 installs them;
/// checked call for call against the compiled sort with scripted answers
/// (`tests/runtimes/slice_vectors.go`, `tests/data/go-sort-slice.txt`).
/// Cost: `O(n log n)` comparisons.
/// Defect: biased. On up to 12 cards it is the coin insertion sort: a card
/// moves `k` places left with probability `2^-(k+1)` (to the front,
/// `2^-k`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GoPdqSort;

/// `maxInsertion`: ranges this size or smaller are insertion-sorted.
const MAX_INSERTION: usize = 12;

/// `sortedHint`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Hint {
    Unknown,
    Increasing,
    Decreasing,
}

/// The running sort: the slice and `less`, which Go calls with indices.
struct Sorter<'a, T, C> {
    a: &'a mut [T],
    less: C,
}

impl<T, C: FnMut(&T, &T) -> bool> Sorter<'_, T, C> {
    /// `data.Less(i, j)`.
    fn less(&mut self, i: usize, j: usize) -> bool {
        (self.less)(&self.a[i], &self.a[j])
    }

    /// `data.Swap(i, j)`.
    fn swap(&mut self, i: usize, j: usize) {
        self.a.swap(i, j);
    }

    /// `insertionSort_func(data, a, b)`.
    fn insertion_sort(&mut self, a: usize, b: usize) {
        for i in a + 1..b {
            let mut j = i;
            while j > a && self.less(j, j - 1) {
                self.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    /// `siftDown_func(data, lo, hi, first)`.
    fn sift_down(&mut self, lo: usize, hi: usize, first: usize) {
        let mut root = lo;
        loop {
            let mut child = 2 * root + 1;
            if child >= hi {
                break;
            }
            if child + 1 < hi && self.less(first + child, first + child + 1) {
                child += 1;
            }
            if !self.less(first + root, first + child) {
                return;
            }
            self.swap(first + root, first + child);
            root = child;
        }
    }

    /// `heapSort_func(data, a, b)`.
    fn heap_sort(&mut self, a: usize, b: usize) {
        let first = a;
        let hi = b - a;
        // Called on more than 12 elements only.
        for i in (0..=(hi - 1) / 2).rev() {
            self.sift_down(i, hi, first);
        }
        for i in (0..hi).rev() {
            self.swap(first, first + i);
            self.sift_down(0, i, first);
        }
    }

    /// `pdqsort_func(data, a, b, limit)`.
    fn pdqsort(&mut self, mut a: usize, mut b: usize, mut limit: u32) {
        let mut was_balanced = true;
        let mut was_partitioned = true;
        loop {
            let length = b - a;
            if length <= MAX_INSERTION {
                self.insertion_sort(a, b);
                return;
            }
            if limit == 0 {
                self.heap_sort(a, b);
                return;
            }
            if !was_balanced {
                self.break_patterns(a, b);
                limit -= 1;
            }
            let (mut pivot, mut hint) = self.choose_pivot(a, b);
            if hint == Hint::Decreasing {
                self.reverse_range(a, b);
                pivot = (b - 1) - (pivot - a);
                hint = Hint::Increasing;
            }
            if was_balanced
                && was_partitioned
                && hint == Hint::Increasing
                && self.partial_insertion_sort(a, b)
            {
                return;
            }
            if a > 0 && !self.less(a - 1, pivot) {
                a = self.partition_equal(a, b, pivot);
                continue;
            }
            let (mid, already) = self.partition(a, b, pivot);
            was_partitioned = already;
            let (left, right) = (mid - a, b - mid);
            let balance = length / 8;
            if left < right {
                was_balanced = left >= balance;
                self.pdqsort(a, mid, limit);
                a = mid + 1;
            } else {
                was_balanced = right >= balance;
                self.pdqsort(mid + 1, b, limit);
                b = mid;
            }
        }
    }

    /// `partition_func(data, a, b, pivot)`: the pivot's place, and whether
    /// the range was already partitioned.
    fn partition(&mut self, a: usize, b: usize, pivot: usize) -> (usize, bool) {
        self.swap(a, pivot);
        // `i` and `j` are signed in Go; `j` never goes below `a`.
        let (mut i, mut j) = (a + 1, b - 1);
        while i <= j && self.less(i, a) {
            i += 1;
        }
        while i <= j && !self.less(j, a) {
            j -= 1;
        }
        if i > j {
            self.swap(j, a);
            return (j, true);
        }
        self.swap(i, j);
        i += 1;
        j -= 1;
        loop {
            while i <= j && self.less(i, a) {
                i += 1;
            }
            while i <= j && !self.less(j, a) {
                j -= 1;
            }
            if i > j {
                break;
            }
            self.swap(i, j);
            i += 1;
            j -= 1;
        }
        self.swap(j, a);
        (j, false)
    }

    /// `partitionEqual_func(data, a, b, pivot)`.
    fn partition_equal(&mut self, a: usize, b: usize, pivot: usize) -> usize {
        self.swap(a, pivot);
        let (mut i, mut j) = (a + 1, b - 1);
        loop {
            while i <= j && !self.less(a, i) {
                i += 1;
            }
            while i <= j && self.less(a, j) {
                j -= 1;
            }
            if i > j {
                break;
            }
            self.swap(i, j);
            i += 1;
            j -= 1;
        }
        i
    }

    /// `partialInsertionSort_func(data, a, b)`: whether the range is
    /// sorted at the end.
    fn partial_insertion_sort(&mut self, a: usize, b: usize) -> bool {
        const MAX_STEPS: usize = 5;
        const SHORTEST_SHIFTING: usize = 50;
        let mut i = a + 1;
        for _ in 0..MAX_STEPS {
            while i < b && !self.less(i, i - 1) {
                i += 1;
            }
            if i == b {
                return true;
            }
            if b - a < SHORTEST_SHIFTING {
                return false;
            }
            self.swap(i, i - 1);
            // Shift the smaller one to the left (down to index 1 of the
            // whole slice, as Go writes it).
            if i - a >= 2 {
                let mut j = i - 1;
                while j >= 1 {
                    if !self.less(j, j - 1) {
                        break;
                    }
                    self.swap(j, j - 1);
                    j -= 1;
                }
            }
            // Shift the greater one to the right.
            if b - i >= 2 {
                for j in i + 1..b {
                    if !self.less(j, j - 1) {
                        break;
                    }
                    self.swap(j, j - 1);
                }
            }
        }
        false
    }

    /// `breakPatterns_func(data, a, b)`: three swaps at places drawn from
    /// a xorshift seeded by the length (no comparison).
    fn break_patterns(&mut self, a: usize, b: usize) {
        let length = b - a;
        if length >= 8 {
            let mut random = length as u64;
            let modulus = 1usize << (usize::BITS - length.leading_zeros());
            for idx in a + (length / 4) * 2 - 1..=a + (length / 4) * 2 + 1 {
                random ^= random << 13;
                random ^= random >> 17;
                random ^= random << 5;
                let mut other = (random as usize) & (modulus - 1);
                if other >= length {
                    other -= length;
                }
                self.swap(idx, a + other);
            }
        }
    }

    /// `choosePivot_func(data, a, b)`.
    fn choose_pivot(&mut self, a: usize, b: usize) -> (usize, Hint) {
        const SHORTEST_NINTHER: usize = 50;
        const MAX_SWAPS: u32 = 4 * 3;
        let l = b - a;
        let mut swaps = 0u32;
        let (mut i, mut j, mut k) = (a + l / 4, a + l / 4 * 2, a + l / 4 * 3);
        if l >= 8 {
            if l >= SHORTEST_NINTHER {
                i = self.median(i - 1, i, i + 1, &mut swaps);
                j = self.median(j - 1, j, j + 1, &mut swaps);
                k = self.median(k - 1, k, k + 1, &mut swaps);
            }
            j = self.median(i, j, k, &mut swaps);
        }
        match swaps {
            0 => (j, Hint::Increasing),
            MAX_SWAPS => (j, Hint::Decreasing),
            _ => (j, Hint::Unknown),
        }
    }

    /// `order2_func(data, a, b, swaps)`.
    fn order2(&mut self, a: usize, b: usize, swaps: &mut u32) -> (usize, usize) {
        if self.less(b, a) {
            *swaps += 1;
            return (b, a);
        }
        (a, b)
    }

    /// `median_func(data, a, b, c, swaps)`.
    fn median(&mut self, a: usize, b: usize, c: usize, swaps: &mut u32) -> usize {
        let (a, b) = self.order2(a, b, swaps);
        let (b, _) = self.order2(b, c, swaps);
        let (_, b) = self.order2(a, b, swaps);
        b
    }

    /// `reverseRange_func(data, a, b)`.
    fn reverse_range(&mut self, a: usize, b: usize) {
        self.a[a..b].reverse();
    }
}

impl GoPdqSort {
    /// `sort.Slice(keys, less)`, where `less(x, y)` is "x goes before y".
    pub fn sort<T>(self, keys: &mut [T], less: impl FnMut(&T, &T) -> bool) {
        let n = keys.len();
        // `bits.Len(uint(length))`.
        let limit = usize::BITS - n.leading_zeros();
        let mut sorter = Sorter { a: keys, less };
        sorter.pdqsort(0, n, limit);
    }
}

/// Sorts the deck with a coin per call of `less`.
impl Shuffle for GoPdqSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.sort(deck, |_, _| src.coin());
    }
}
