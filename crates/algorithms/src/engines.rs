//! The sorts that JavaScript engines and PHP ship, run with a comparator
//! that answers at random: `array.sort(() => Math.random() - 0.5)` and
//! `usort($a, fn() => rand(-1, 1))`, the shuffles people write when they
//! have a sort and no shuffle.
//!
//! Each sort is ported from the engine's source, branch for branch, so
//! that it asks for comparisons in the same order and moves the same
//! elements as the engine does. A comparator call is one draw from the
//! [`Source`]: two outcomes for `Math.random() - 0.5` (below or above
//! zero, each with probability 1/2; the chance `2^-53` that `Math.random()`
//! returns exactly `0.5` is left out) and three for PHP's `rand(-1, 1)`.
//! That makes every law here exact on small decks: the enumerator walks
//! every sequence of answers.
//!
//! None of these is a shuffle: every path of answers has probability
//! `2^-k` (or `3^-k` with PHP's three answers), so every order's
//! probability is a sum of such terms and never `1/n!` for `n >= 3`. How
//! far from fair depends on the sort: which is why the same line of
//! JavaScript was biased one way in Chrome and another in Firefox.

use crate::shuffle::Shuffle;
use crate::source::Source;
use std::cmp::Ordering;

/// JavaScript's `() => Math.random() - 0.5` as a comparator: "greater"
/// (positive) on heads, "less" (negative) on tails.
#[inline]
fn coin_order<S: Source + ?Sized>(src: &mut S) -> Ordering {
    if src.coin() {
        Ordering::Greater
    } else {
        Ordering::Less
    }
}

/// `array.sort(function() { return Math.random() - .5; })` on V8 before
/// 7.0 (Chrome before 70, node before 11; until 2018): `InnerArraySort` of
/// `src/js/array.js`.
///
/// Ported from that file's `QuickSort`, `InsertionSort` and
/// `GetThirdIndex`: ranges of at most 10 elements are sorted by insertion
/// (compare the element with its left neighbour, shift while the answer is
/// positive); longer ones by quicksort with the median of the first, last
/// and middle element as pivot (above 1,000 elements the third candidate
/// is the median of every 200-and-something-th element, found by sorting
/// them with the same comparator), a partition that keeps elements
/// comparing equal to the pivot beside it, and recursion into the smaller
/// side.
///
/// Source: V8 `src/js/array.js`, `InnerArraySort`; the sort behind Mike
/// Bostock's 2014 matrix of the idiom in Chrome ("Will It Shuffle?",
/// "Visualizing Algorithms") and the 2010 EU browser-choice ballot's
/// `sort` in Chrome.
/// Cost: `O(n log n)` comparisons on average.
/// Defect: biased. On up to 10 cards it is insertion sort, whose law is
/// [`crate::CoinInsertionSort`]'s: a card moves `k` places left with
/// probability `2^-(k+1)`. Above, the pivot's neighbourhood is shuffled
/// least: the first and last cards and the middle one decide the pivot,
/// and every element compared with it is sent left or right by a coin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct V8LegacySort;

impl V8LegacySort {
    /// `InsertionSort(a, from, to)`.
    fn insertion_sort<T: Copy>(
        a: &mut [T],
        from: usize,
        to: usize,
        cmp: &mut impl FnMut(&T, &T) -> Ordering,
    ) {
        for i in from + 1..to {
            let element = a[i];
            let mut j = i;
            // for (j = i - 1; j >= from; j--): shift while order > 0.
            while j > from {
                let tmp = a[j - 1];
                if cmp(&tmp, &element) == Ordering::Greater {
                    a[j] = tmp;
                    j -= 1;
                } else {
                    break;
                }
            }
            a[j] = element;
        }
    }

    /// `GetThirdIndex(a, from, to)`: the index of the median, by the
    /// comparator, of every `200 + ((to - from) & 15)`-th element.
    fn third_index<T: Copy>(
        a: &[T],
        from: usize,
        to: usize,
        cmp: &mut impl FnMut(&T, &T) -> Ordering,
    ) -> usize {
        let increment = 200 + ((to - from) & 15);
        // t_array holds [i, a[i]] pairs compared by a[i]: here the indices,
        // compared through `a` (which the inner sort does not change).
        let mut t: Vec<usize> = (from + 1..to - 1).step_by(increment).collect();
        let len = t.len();
        // Through `dyn`, so that a sort of indices inside a sort of indices
        // is the same function, not a new one at every depth.
        let mut by_value: &mut dyn FnMut(&usize, &usize) -> Ordering =
            &mut |&x, &y| cmp(&a[x], &a[y]);
        Self::quick_sort(&mut t, 0, len, &mut by_value);
        t[len >> 1]
    }

    /// `QuickSort(a, from, to)`.
    fn quick_sort<T: Copy>(
        a: &mut [T],
        mut from: usize,
        mut to: usize,
        cmp: &mut impl FnMut(&T, &T) -> Ordering,
    ) {
        use Ordering::{Greater, Less};
        loop {
            if to - from <= 10 {
                Self::insertion_sort(a, from, to, cmp);
                return;
            }
            let third_index = if to - from > 1000 {
                Self::third_index(a, from, to, cmp)
            } else {
                from + ((to - from) >> 1)
            };
            let (mut v0, mut v1, mut v2) = (a[from], a[to - 1], a[third_index]);
            if cmp(&v0, &v1) == Greater {
                std::mem::swap(&mut v0, &mut v1);
            }
            if cmp(&v0, &v2) != Less {
                // c02 >= 0: v2 <= v0 <= v1.
                let tmp = v0;
                v0 = v2;
                v2 = v1;
                v1 = tmp;
            } else if cmp(&v1, &v2) == Greater {
                std::mem::swap(&mut v1, &mut v2);
            }
            a[from] = v0;
            a[to - 1] = v2;
            let pivot = v1;
            let mut low_end = from + 1;
            let mut high_start = to - 1;
            a[third_index] = a[low_end];
            a[low_end] = pivot;

            let mut i = low_end + 1;
            'partition: while i < high_start {
                let element = a[i];
                let mut order = cmp(&element, &pivot);
                if order == Less {
                    a[i] = a[low_end];
                    a[low_end] = element;
                    low_end += 1;
                } else if order == Greater {
                    loop {
                        high_start -= 1;
                        if high_start == i {
                            break 'partition;
                        }
                        let top_elem = a[high_start];
                        order = cmp(&top_elem, &pivot);
                        if order != Greater {
                            break;
                        }
                    }
                    a[i] = a[high_start];
                    a[high_start] = element;
                    if order == Less {
                        a.swap(i, low_end);
                        low_end += 1;
                    }
                }
                i += 1;
            }
            if to - high_start < low_end - from {
                Self::quick_sort(a, high_start, to, cmp);
                to = low_end;
            } else {
                Self::quick_sort(a, from, low_end, cmp);
                from = high_start;
            }
        }
    }

    /// Sorts `a` with `cmp`, as V8 before 7.0 sorts a packed array.
    pub fn sort<T: Copy>(a: &mut [T], cmp: &mut impl FnMut(&T, &T) -> Ordering) {
        if a.len() < 2 {
            return;
        }
        let n = a.len();
        Self::quick_sort(a, 0, n, cmp);
    }
}

impl Shuffle for V8LegacySort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        Self::sort(deck, &mut |_, _| coin_order(src));
    }
}

/// `array.sort(() => Math.random() - 0.5)` on V8 7.0 and later (Chrome 70
/// and later, node 11 and later): the TimSort of
/// `third_party/v8/builtins/array-sort.tq`, a port of CPython's
/// `listsort`.
///
/// The array is cut into runs (the longest ascending, or strictly
/// descending and then reversed, prefix: the first comparison decides
/// which), short runs are extended to the minimum run length by binary
/// insertion (for fewer than 64 elements that is the whole array), and
/// the runs are merged with galloping, as CPython does.
///
/// Source: V8 `third_party/v8/builtins/array-sort.tq` (`ArrayTimSortImpl`,
/// `BinaryInsertionSort`, `CountAndMakeRun`, `MergeAt`, `GallopLeft`,
/// `GallopRight`, `MergeLow`, `MergeHigh`, `MergeCollapse`), as node
/// 20.20.2 (V8 11.3) runs it: checked draw for draw against that node,
/// whose own sort consumed the same answers from a scripted `Math.random`
/// (`scripts/v8-sort-vectors.js`). The newest V8 source sends arrays of
/// fewer than 10 elements straight to binary insertion (`kMinTimSortLen`),
/// skipping the run detection; that later variant is not modelled here.
/// Cost: `O(n log n)` comparisons.
/// Defect: biased. On 3 cards the first coin decides the opening run:
/// "greater" twice keeps the deck as it is, "less" twice makes one
/// descending run and reverses it, so the identity comes up with
/// probability 3/8 and the reversed deck 5/16, where a shuffle gives each
/// of the six orders 1/6.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct V8TimSort;

/// `kMinGallopWins`.
const MIN_GALLOP: usize = 7;

/// The state of one V8 TimSort: the array, the pending runs, the temporary
/// array and the galloping threshold.
struct TimSort<'a, T, F> {
    a: &'a mut [T],
    tmp: Vec<T>,
    runs: RunStack,
    min_gallop: usize,
    cmp: F,
}

/// `kMaxMergePending`: the most pending runs (enough for `2^64` elements).
const MAX_MERGE_PENDING: usize = 85;

/// The stack of pending runs, `(base, length)`, in place: a sort of a
/// short deck pushes one run and merges none, and allocates nothing.
struct RunStack {
    runs: [(usize, usize); MAX_MERGE_PENDING],
    len: usize,
}

impl Default for RunStack {
    fn default() -> Self {
        RunStack {
            runs: [(0, 0); MAX_MERGE_PENDING],
            len: 0,
        }
    }
}

impl RunStack {
    fn len(&self) -> usize {
        self.len
    }

    fn push(&mut self, run: (usize, usize)) {
        self.runs[self.len] = run;
        self.len += 1;
    }

    /// Removes run `i`, sliding the ones above it down.
    fn remove(&mut self, i: usize) {
        self.runs.copy_within(i + 1..self.len, i);
        self.len -= 1;
    }
}

impl std::ops::Index<usize> for RunStack {
    type Output = (usize, usize);
    fn index(&self, i: usize) -> &(usize, usize) {
        &self.runs[..self.len][i]
    }
}

impl std::ops::IndexMut<usize> for RunStack {
    fn index_mut(&mut self, i: usize) -> &mut (usize, usize) {
        &mut self.runs[..self.len][i]
    }
}

/// Where a merge ends: `Succeed` copies what is left of the temporary
/// array; `CopyRest` moves the other run's rest and puts the one element
/// known to belong at the far end.
enum MergeEnd {
    Succeed,
    CopyRest,
}

/// `GallopLeft(array, key, base, length, hint)`: the offset in
/// `0..=length` at which `key` belongs, left of any equal element.
fn gallop_left<T: Copy>(
    array: &[T],
    key: &T,
    base: usize,
    length: usize,
    hint: usize,
    cmp: &mut impl FnMut(&T, &T) -> Ordering,
) -> usize {
    let (length, hint) = (length as isize, hint as isize);
    let at = |i: isize| &array[base.wrapping_add_signed(i)];
    let mut last_ofs: isize = 0;
    let mut offset: isize = 1;
    if cmp(at(hint), key) == Ordering::Less {
        let max_ofs = length - hint;
        while offset < max_ofs {
            if cmp(at(hint + offset), key) != Ordering::Less {
                break;
            }
            last_ofs = offset;
            offset = (offset << 1) + 1;
        }
        offset = offset.min(max_ofs);
        last_ofs += hint;
        offset += hint;
    } else {
        let max_ofs = hint + 1;
        while offset < max_ofs {
            if cmp(at(hint - offset), key) == Ordering::Less {
                break;
            }
            last_ofs = offset;
            offset = (offset << 1) + 1;
        }
        offset = offset.min(max_ofs);
        let tmp = last_ofs;
        last_ofs = hint - offset;
        offset = hint - tmp;
    }
    last_ofs += 1;
    while last_ofs < offset {
        let m = last_ofs + ((offset - last_ofs) >> 1);
        if cmp(at(m), key) == Ordering::Less {
            last_ofs = m + 1;
        } else {
            offset = m;
        }
    }
    offset as usize
}

/// `GallopRight(array, key, base, length, hint)`: as [`gallop_left`],
/// right of any equal element.
fn gallop_right<T: Copy>(
    array: &[T],
    key: &T,
    base: usize,
    length: usize,
    hint: usize,
    cmp: &mut impl FnMut(&T, &T) -> Ordering,
) -> usize {
    let (length, hint) = (length as isize, hint as isize);
    let at = |i: isize| &array[base.wrapping_add_signed(i)];
    let mut last_ofs: isize = 0;
    let mut offset: isize = 1;
    if cmp(key, at(hint)) == Ordering::Less {
        let max_ofs = hint + 1;
        while offset < max_ofs {
            if cmp(key, at(hint - offset)) != Ordering::Less {
                break;
            }
            last_ofs = offset;
            offset = (offset << 1) + 1;
        }
        offset = offset.min(max_ofs);
        let tmp = last_ofs;
        last_ofs = hint - offset;
        offset = hint - tmp;
    } else {
        let max_ofs = length - hint;
        while offset < max_ofs {
            if cmp(key, at(hint + offset)) == Ordering::Less {
                break;
            }
            last_ofs = offset;
            offset = (offset << 1) + 1;
        }
        offset = offset.min(max_ofs);
        last_ofs += hint;
        offset += hint;
    }
    last_ofs += 1;
    while last_ofs < offset {
        let m = last_ofs + ((offset - last_ofs) >> 1);
        if cmp(key, at(m)) == Ordering::Less {
            offset = m;
        } else {
            last_ofs = m + 1;
        }
    }
    offset as usize
}

impl<T: Copy, F: FnMut(&T, &T) -> Ordering> TimSort<'_, T, F> {
    /// `BinaryInsertionSort(low, startArg, high)`.
    fn binary_insertion_sort(&mut self, low: usize, start: usize, high: usize) {
        let mut start = if low == start { start + 1 } else { start };
        while start < high {
            let (mut left, mut right) = (low, start);
            let pivot = self.a[right];
            while left < right {
                let mid = left + ((right - left) >> 1);
                if (self.cmp)(&pivot, &self.a[mid]) == Ordering::Less {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            self.a.copy_within(left..start, left + 1);
            self.a[left] = pivot;
            start += 1;
        }
    }

    /// `CountAndMakeRun(lowArg, high)`: the length of the run at `low`,
    /// reversed first if it is descending.
    fn count_and_make_run(&mut self, low_arg: usize, high: usize) -> usize {
        let low = low_arg + 1;
        if low == high {
            return 1;
        }
        let mut run_length = 2;
        let descending = (self.cmp)(&self.a[low], &self.a[low - 1]) == Ordering::Less;
        let mut previous = self.a[low];
        for idx in low + 1..high {
            let current = self.a[idx];
            let order = (self.cmp)(&current, &previous);
            if descending == (order != Ordering::Less) {
                break;
            }
            previous = current;
            run_length += 1;
        }
        if descending {
            self.a[low_arg..low_arg + run_length].reverse();
        }
        run_length
    }

    /// `MergeAt(i)`: merges pending runs `i` and `i + 1`.
    fn merge_at(&mut self, i: usize) {
        let (mut base_a, mut length_a) = self.runs[i];
        let (base_b, length_b) = self.runs[i + 1];
        self.runs[i].1 = length_a + length_b;
        self.runs.remove(i + 1);

        let key_right = self.a[base_b];
        let k = gallop_right(self.a, &key_right, base_a, length_a, 0, &mut self.cmp);
        base_a += k;
        length_a -= k;
        if length_a == 0 {
            return;
        }
        let key_left = self.a[base_a + length_a - 1];
        let length_b = gallop_left(
            self.a,
            &key_left,
            base_b,
            length_b,
            length_b - 1,
            &mut self.cmp,
        );
        if length_b == 0 {
            return;
        }
        if length_a <= length_b {
            self.merge_low(base_a, length_a, base_b, length_b);
        } else {
            self.merge_high(base_a, length_a, base_b, length_b);
        }
    }

    /// `MergeLow`: merges from the left, run A in the temporary array.
    fn merge_low(
        &mut self,
        base_a: usize,
        mut length_a: usize,
        base_b: usize,
        mut length_b: usize,
    ) {
        self.tmp.clear();
        self.tmp
            .extend_from_slice(&self.a[base_a..base_a + length_a]);
        let mut dest = base_a;
        let mut cursor_temp = 0;
        let mut cursor_b = base_b;
        self.a[dest] = self.a[cursor_b];
        dest += 1;
        cursor_b += 1;

        let end = 'merge: {
            length_b -= 1;
            if length_b == 0 {
                break 'merge MergeEnd::Succeed;
            }
            if length_a == 1 {
                break 'merge MergeEnd::CopyRest;
            }
            let mut min_gallop = self.min_gallop;
            loop {
                let mut wins_a = 0;
                let mut wins_b = 0;
                loop {
                    let order = (self.cmp)(&self.a[cursor_b], &self.tmp[cursor_temp]);
                    if order == Ordering::Less {
                        self.a[dest] = self.a[cursor_b];
                        dest += 1;
                        cursor_b += 1;
                        wins_b += 1;
                        length_b -= 1;
                        wins_a = 0;
                        if length_b == 0 {
                            break 'merge MergeEnd::Succeed;
                        }
                        if wins_b >= min_gallop {
                            break;
                        }
                    } else {
                        self.a[dest] = self.tmp[cursor_temp];
                        dest += 1;
                        cursor_temp += 1;
                        wins_a += 1;
                        length_a -= 1;
                        wins_b = 0;
                        if length_a == 1 {
                            break 'merge MergeEnd::CopyRest;
                        }
                        if wins_a >= min_gallop {
                            break;
                        }
                    }
                }
                min_gallop += 1;
                let mut first = true;
                while wins_a >= MIN_GALLOP || wins_b >= MIN_GALLOP || first {
                    first = false;
                    min_gallop = (min_gallop - 1).max(1);
                    self.min_gallop = min_gallop;

                    let key = self.a[cursor_b];
                    wins_a = gallop_right(&self.tmp, &key, cursor_temp, length_a, 0, &mut self.cmp);
                    if wins_a > 0 {
                        self.a[dest..dest + wins_a]
                            .copy_from_slice(&self.tmp[cursor_temp..cursor_temp + wins_a]);
                        dest += wins_a;
                        cursor_temp += wins_a;
                        length_a -= wins_a;
                        if length_a == 1 {
                            break 'merge MergeEnd::CopyRest;
                        }
                        if length_a == 0 {
                            break 'merge MergeEnd::Succeed;
                        }
                    }
                    self.a[dest] = self.a[cursor_b];
                    dest += 1;
                    cursor_b += 1;
                    length_b -= 1;
                    if length_b == 0 {
                        break 'merge MergeEnd::Succeed;
                    }

                    let key = self.tmp[cursor_temp];
                    wins_b = gallop_left(self.a, &key, cursor_b, length_b, 0, &mut self.cmp);
                    if wins_b > 0 {
                        self.a.copy_within(cursor_b..cursor_b + wins_b, dest);
                        dest += wins_b;
                        cursor_b += wins_b;
                        length_b -= wins_b;
                        if length_b == 0 {
                            break 'merge MergeEnd::Succeed;
                        }
                    }
                    self.a[dest] = self.tmp[cursor_temp];
                    dest += 1;
                    cursor_temp += 1;
                    length_a -= 1;
                    if length_a == 1 {
                        break 'merge MergeEnd::CopyRest;
                    }
                }
                min_gallop += 1;
                self.min_gallop = min_gallop;
            }
        };
        match end {
            MergeEnd::Succeed => {
                self.a[dest..dest + length_a]
                    .copy_from_slice(&self.tmp[cursor_temp..cursor_temp + length_a]);
            }
            MergeEnd::CopyRest => {
                self.a.copy_within(cursor_b..cursor_b + length_b, dest);
                self.a[dest + length_b] = self.tmp[cursor_temp];
            }
        }
    }

    /// `MergeHigh`: merges from the right, run B in the temporary array.
    fn merge_high(
        &mut self,
        base_a: usize,
        mut length_a: usize,
        base_b: usize,
        mut length_b: usize,
    ) {
        self.tmp.clear();
        self.tmp
            .extend_from_slice(&self.a[base_b..base_b + length_b]);
        // Cursors step below their run's start when it empties: signed.
        let mut dest = (base_b + length_b - 1) as isize;
        let mut cursor_temp = length_b as isize - 1;
        let mut cursor_a = (base_a + length_a - 1) as isize;
        let at = |i: isize| i as usize;
        self.a[at(dest)] = self.a[at(cursor_a)];
        dest -= 1;
        cursor_a -= 1;

        let end = 'merge: {
            length_a -= 1;
            if length_a == 0 {
                break 'merge MergeEnd::Succeed;
            }
            if length_b == 1 {
                break 'merge MergeEnd::CopyRest;
            }
            let mut min_gallop = self.min_gallop;
            loop {
                let mut wins_a = 0;
                let mut wins_b = 0;
                loop {
                    let order = (self.cmp)(&self.tmp[at(cursor_temp)], &self.a[at(cursor_a)]);
                    if order == Ordering::Less {
                        self.a[at(dest)] = self.a[at(cursor_a)];
                        dest -= 1;
                        cursor_a -= 1;
                        wins_a += 1;
                        length_a -= 1;
                        wins_b = 0;
                        if length_a == 0 {
                            break 'merge MergeEnd::Succeed;
                        }
                        if wins_a >= min_gallop {
                            break;
                        }
                    } else {
                        self.a[at(dest)] = self.tmp[at(cursor_temp)];
                        dest -= 1;
                        cursor_temp -= 1;
                        wins_b += 1;
                        length_b -= 1;
                        wins_a = 0;
                        if length_b == 1 {
                            break 'merge MergeEnd::CopyRest;
                        }
                        if wins_b >= min_gallop {
                            break;
                        }
                    }
                }
                min_gallop += 1;
                let mut first = true;
                while wins_a >= MIN_GALLOP || wins_b >= MIN_GALLOP || first {
                    first = false;
                    min_gallop = (min_gallop - 1).max(1);
                    self.min_gallop = min_gallop;

                    let key = self.tmp[at(cursor_temp)];
                    let k =
                        gallop_right(self.a, &key, base_a, length_a, length_a - 1, &mut self.cmp);
                    wins_a = length_a - k;
                    if wins_a > 0 {
                        dest -= wins_a as isize;
                        cursor_a -= wins_a as isize;
                        let from = at(cursor_a + 1);
                        self.a.copy_within(from..from + wins_a, at(dest + 1));
                        length_a -= wins_a;
                        if length_a == 0 {
                            break 'merge MergeEnd::Succeed;
                        }
                    }
                    self.a[at(dest)] = self.tmp[at(cursor_temp)];
                    dest -= 1;
                    cursor_temp -= 1;
                    length_b -= 1;
                    if length_b == 1 {
                        break 'merge MergeEnd::CopyRest;
                    }

                    let key = self.a[at(cursor_a)];
                    let k = gallop_left(&self.tmp, &key, 0, length_b, length_b - 1, &mut self.cmp);
                    wins_b = length_b - k;
                    if wins_b > 0 {
                        dest -= wins_b as isize;
                        cursor_temp -= wins_b as isize;
                        let from = at(cursor_temp + 1);
                        let to = at(dest + 1);
                        self.a[to..to + wins_b].copy_from_slice(&self.tmp[from..from + wins_b]);
                        length_b -= wins_b;
                        if length_b == 1 {
                            break 'merge MergeEnd::CopyRest;
                        }
                        if length_b == 0 {
                            break 'merge MergeEnd::Succeed;
                        }
                    }
                    self.a[at(dest)] = self.a[at(cursor_a)];
                    dest -= 1;
                    cursor_a -= 1;
                    length_a -= 1;
                    if length_a == 0 {
                        break 'merge MergeEnd::Succeed;
                    }
                }
                min_gallop += 1;
                self.min_gallop = min_gallop;
            }
        };
        match end {
            MergeEnd::Succeed => {
                if length_b > 0 {
                    let to = at(dest - (length_b as isize - 1));
                    self.a[to..to + length_b].copy_from_slice(&self.tmp[..length_b]);
                }
            }
            MergeEnd::CopyRest => {
                dest -= length_a as isize;
                cursor_a -= length_a as isize;
                let from = at(cursor_a + 1);
                self.a.copy_within(from..from + length_a, at(dest + 1));
                self.a[at(dest)] = self.tmp[at(cursor_temp)];
            }
        }
    }

    /// `RunInvariantEstablished(n)`.
    fn invariant(&self, n: usize) -> bool {
        n < 2 || self.runs[n - 2].1 > self.runs[n - 1].1 + self.runs[n].1
    }

    /// `MergeCollapse`.
    fn merge_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if !self.invariant(n + 1) || !self.invariant(n) {
                if self.runs[n - 1].1 < self.runs[n + 1].1 {
                    n -= 1;
                }
                self.merge_at(n);
            } else if self.runs[n].1 <= self.runs[n + 1].1 {
                self.merge_at(n);
            } else {
                break;
            }
        }
    }

    /// `MergeForceCollapse`.
    fn merge_force_collapse(&mut self) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(n);
        }
    }

    /// `ArrayTimSortImpl`.
    fn sort(&mut self) {
        let length = self.a.len();
        let mut remaining = length;
        let mut low = 0;
        let min_run = min_run_length(remaining);
        while remaining != 0 {
            let mut run = self.count_and_make_run(low, low + remaining);
            if run < min_run {
                let forced = min_run.min(remaining);
                self.binary_insertion_sort(low, low + run, low + forced);
                run = forced;
            }
            self.runs.push((low, run));
            self.merge_collapse();
            low += run;
            remaining -= run;
        }
        self.merge_force_collapse();
    }
}

/// `ComputeMinRunLength(n)`: `n` below 64, else between 32 and 64.
fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= 64 {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

impl V8TimSort {
    /// Sorts `a` with `cmp`, as V8 7.0 to 11.3 sorts an array.
    pub fn sort<T: Copy>(a: &mut [T], cmp: impl FnMut(&T, &T) -> Ordering) {
        let n = a.len();
        if n < 2 {
            return;
        }
        let mut state = TimSort {
            a,
            tmp: Vec::new(),
            runs: RunStack::default(),
            min_gallop: MIN_GALLOP,
            cmp,
        };
        state.sort();
    }
}

impl Shuffle for V8TimSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        Self::sort(deck, |_, _| coin_order(src));
    }
}

/// `array.sort(() => Math.random() - 0.5)` in Firefox before its sort was
/// rewritten in self-hosted JavaScript: SpiderMonkey's `js::MergeSort`
/// (`js/src/ds/Sort.h`) called by `array_sort` (`js/src/jsarray.cpp`)
/// with `SortComparatorFunction`, which reads the comparator's answer as
/// "less or equal" when it is `<= 0` (or NaN).
///
/// The array is cut into chunks of 3 sorted by insertion (compare
/// neighbours, swap while "greater"), then merged bottom-up in runs of 3,
/// 6, 12, …; each merge first asks whether the last of the left run is
/// "less or equal" to the first of the right one, and if so keeps both as
/// they are.
///
/// Source: SpiderMonkey `js/src/ds/Sort.h` (`MergeSort`,
/// `MergeArrayRuns`, `INS_SORT_LIMIT = 3`) and `js/src/jsarray.cpp`
/// (`SortComparatorFunction`), as Firefox shipped them around 2014 (Mike
/// Bostock's Firefox matrix).
/// Cost: `O(n log n)` comparisons.
/// Defect: biased, and far more than V8's: one coin keeps two whole runs
/// in their order, so cards stay in their chunk of 3, 6, 12, … with
/// probability at least 1/2 at each level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpiderMonkeyMergeSort;

impl SpiderMonkeyMergeSort {
    /// `INS_SORT_LIMIT`: the size of the chunks sorted by insertion.
    pub const INS_SORT_LIMIT: usize = 3;

    /// `MergeArrayRuns(dst, src, run1, run2, c)`: `less_or_equal(a, b)`
    /// is the comparator's "a <= b".
    fn merge_runs<T: Copy>(
        dst: &mut [T],
        src: &[T],
        mut run1: usize,
        mut run2: usize,
        less_or_equal: &mut impl FnMut(&T, &T) -> bool,
    ) {
        let (mut a, mut b) = (0, run1);
        let mut d = 0;
        // Where the rest is copied from, once one run is used up.
        let mut rest = 0;
        if !less_or_equal(&src[b - 1], &src[b]) {
            loop {
                if less_or_equal(&src[a], &src[b]) {
                    dst[d] = src[a];
                    d += 1;
                    a += 1;
                    run1 -= 1;
                    if run1 == 0 {
                        rest = b;
                        break;
                    }
                } else {
                    dst[d] = src[b];
                    d += 1;
                    b += 1;
                    run2 -= 1;
                    if run2 == 0 {
                        rest = a;
                        break;
                    }
                }
            }
        }
        dst[d..d + run1 + run2].copy_from_slice(&src[rest..rest + run1 + run2]);
    }

    /// Sorts `array` with `less_or_equal`, through `scratch` (as long as
    /// `array`).
    pub fn sort<T: Copy>(
        array: &mut [T],
        scratch: &mut [T],
        less_or_equal: &mut impl FnMut(&T, &T) -> bool,
    ) {
        let n = array.len();
        if n <= 1 {
            return;
        }
        for lo in (0..n).step_by(Self::INS_SORT_LIMIT) {
            let hi = (lo + Self::INS_SORT_LIMIT).min(n);
            for i in lo + 1..hi {
                let mut j = i;
                loop {
                    if less_or_equal(&array[j - 1], &array[j]) {
                        break;
                    }
                    array.swap(j - 1, j);
                    j -= 1;
                    if j == lo {
                        break;
                    }
                }
            }
        }
        let mut in_scratch = false;
        let mut run = Self::INS_SORT_LIMIT;
        while run < n {
            let (vec1, vec2): (&mut [T], &mut [T]) = if in_scratch {
                (&mut *scratch, &mut *array)
            } else {
                (&mut *array, &mut *scratch)
            };
            let mut lo = 0;
            while lo < n {
                let hi = lo + run;
                if hi >= n {
                    vec2[lo..n].copy_from_slice(&vec1[lo..n]);
                    break;
                }
                let run2 = run.min(n - hi);
                Self::merge_runs(&mut vec2[lo..], &vec1[lo..], run, run2, less_or_equal);
                lo += 2 * run;
            }
            in_scratch = !in_scratch;
            run *= 2;
        }
        if in_scratch {
            array.copy_from_slice(scratch);
        }
    }
}

impl Shuffle for SpiderMonkeyMergeSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        if let Some(&card) = deck.first() {
            crate::scratch::with_slots(deck.len(), card, |scratch| {
                // Math.random() - 0.5 <= 0: tails.
                Self::sort(deck, scratch, &mut |_, _| !src.coin());
            });
        }
    }
}

/// PHP's `zend_sort` (`Zend/zend_sort.c`, PHP 7.0 and later), the sort
/// behind `sort`, `usort` and their kin: insertion sort up to 16 elements
/// (fixed networks of compare-and-swap for 2 to 5, then plain insertion
/// for the first 6 and insertion with a step of 2 beyond), and above 16 a
/// quicksort whose pivot is the median of 3 (or of 5 above 1,024
/// elements) by those networks. An element is moved when the comparator
/// returns a positive number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZendSort;

impl ZendSort {
    fn sort2<T>(a: &mut [T], i: usize, j: usize, cmp: &mut impl FnMut(&[T], usize, usize) -> bool) {
        if cmp(a, i, j) {
            a.swap(i, j);
        }
    }

    fn sort3<T>(
        a: &mut [T],
        i: usize,
        j: usize,
        k: usize,
        cmp: &mut impl FnMut(&[T], usize, usize) -> bool,
    ) {
        if !cmp(a, i, j) {
            if !cmp(a, j, k) {
                return;
            }
            a.swap(j, k);
            if cmp(a, i, j) {
                a.swap(i, j);
            }
            return;
        }
        if !cmp(a, k, j) {
            a.swap(i, k);
            return;
        }
        a.swap(i, j);
        if cmp(a, j, k) {
            a.swap(j, k);
        }
    }

    fn sort4<T>(a: &mut [T], p: [usize; 4], cmp: &mut impl FnMut(&[T], usize, usize) -> bool) {
        Self::sort3(a, p[0], p[1], p[2], cmp);
        Self::bubble_down(a, &p, cmp);
    }

    fn sort5<T>(a: &mut [T], p: [usize; 5], cmp: &mut impl FnMut(&[T], usize, usize) -> bool) {
        Self::sort4(a, [p[0], p[1], p[2], p[3]], cmp);
        Self::bubble_down(a, &p, cmp);
    }

    /// The tail of `zend_sort_4` and `zend_sort_5`: the last element moves
    /// left while its left neighbour compares greater.
    fn bubble_down<T>(a: &mut [T], p: &[usize], cmp: &mut impl FnMut(&[T], usize, usize) -> bool) {
        for w in (1..p.len()).rev() {
            if !cmp(a, p[w - 1], p[w]) {
                return;
            }
            a.swap(p[w - 1], p[w]);
        }
    }

    /// `zend_insert_sort` on `a[start..start + nmemb]`.
    fn insert_sort<T>(
        a: &mut [T],
        start: usize,
        nmemb: usize,
        cmp: &mut impl FnMut(&[T], usize, usize) -> bool,
    ) {
        let s = start;
        match nmemb {
            0 | 1 => {}
            2 => Self::sort2(a, s, s + 1, cmp),
            3 => Self::sort3(a, s, s + 1, s + 2, cmp),
            4 => Self::sort4(a, [s, s + 1, s + 2, s + 3], cmp),
            5 => Self::sort5(a, [s, s + 1, s + 2, s + 3, s + 4], cmp),
            _ => {
                let end = s + nmemb;
                let sentry = s + 6;
                for i in s + 1..sentry {
                    let mut j = i - 1;
                    if !cmp(a, j, i) {
                        continue;
                    }
                    while j != s {
                        j -= 1;
                        if !cmp(a, j, i) {
                            j += 1;
                            break;
                        }
                    }
                    for k in (j + 1..=i).rev() {
                        a.swap(k, k - 1);
                    }
                }
                for i in sentry..end {
                    let mut j = i - 1;
                    if !cmp(a, j, i) {
                        continue;
                    }
                    loop {
                        j -= 2;
                        if !cmp(a, j, i) {
                            j += 1;
                            if !cmp(a, j, i) {
                                j += 1;
                            }
                            break;
                        }
                        if j == s {
                            break;
                        }
                        if j == s + 1 {
                            j -= 1;
                            if cmp(a, i, j) {
                                j += 1;
                            }
                            break;
                        }
                    }
                    for k in (j + 1..=i).rev() {
                        a.swap(k, k - 1);
                    }
                }
            }
        }
    }

    /// Sorts `a` by `greater(a, i, j)`, the comparator's `cmp(a[i], a[j]) >
    /// 0`, as `zend_sort` does.
    pub fn sort<T>(a: &mut [T], greater: &mut impl FnMut(&[T], usize, usize) -> bool) {
        let len = a.len();
        Self::sort_range(a, 0, len, greater);
    }

    fn sort_range<T>(
        a: &mut [T],
        mut base: usize,
        mut nmemb: usize,
        cmp: &mut impl FnMut(&[T], usize, usize) -> bool,
    ) {
        loop {
            if nmemb <= 16 {
                Self::insert_sort(a, base, nmemb, cmp);
                return;
            }
            let start = base;
            let end = start + nmemb;
            let offset = nmemb >> 1;
            let pivot = start + offset;
            if nmemb >> 10 != 0 {
                let delta = offset >> 1;
                Self::sort5(
                    a,
                    [start, start + delta, pivot, pivot + delta, end - 1],
                    cmp,
                );
            } else {
                Self::sort3(a, start, pivot, end - 1, cmp);
            }
            a.swap(start + 1, pivot);
            let pivot = start + 1;
            let mut i = pivot + 1;
            let mut j = end - 1;
            'done: loop {
                while cmp(a, pivot, i) {
                    i += 1;
                    if i == j {
                        break 'done;
                    }
                }
                j -= 1;
                if j == i {
                    break 'done;
                }
                while cmp(a, j, pivot) {
                    j -= 1;
                    if j == i {
                        break 'done;
                    }
                }
                a.swap(i, j);
                i += 1;
                if i == j {
                    break 'done;
                }
            }
            a.swap(pivot, i - 1);
            if (i - 1) - start < end - i {
                Self::sort_range(a, start, i - start - 1, cmp);
                base = i;
                nmemb = end - i;
            } else {
                Self::sort_range(a, i, end - i, cmp);
                nmemb = i - start - 1;
            }
        }
    }
}

/// What a PHP comparator returns when it ignores its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhpRand {
    /// `rand(-1, 1)`: -1, 0 or 1, each with probability 1/3 (PHP 7.1 and
    /// later, where `rand(min, max)` is `mt_rand`'s unbiased range).
    MinusOneToOne,
    /// `rand(0, 1)`: 0 or 1, each with probability 1/2.
    ZeroToOne,
}

/// How `usort` treats a comparator that returns 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhpVersion {
    /// PHP 7: 0 is "not greater", so the pair stays as it is.
    Php7,
    /// PHP 8.0 and later: sorting is stable (RFC "Make sorting stable"):
    /// when the comparator returns 0, the two elements compare by their
    /// places in the array before the sort.
    Php8,
}

/// `usort($deck, function () { return rand(-1, 1); })` (or `rand(0, 1)`):
/// [`ZendSort`] with a comparator that ignores its arguments.
///
/// Source: PHP `Zend/zend_sort.c` (`zend_sort`, `zend_insert_sort`,
/// `zend_sort_2` … `zend_sort_5`) and `ext/standard/array.c`
/// (`php_usort`, `php_array_user_compare`, and in PHP 8 the stable
/// fallback on the original order); the idiom of Laravel's seeded
/// `Arr::shuffle` until 2019 (laravel/framework pull request 27861, whose
/// counts on 5 elements this law explains).
/// Cost: `O(n log n)` comparisons.
/// Defect: biased. `rand(-1, 1)` says "greater" one time in three, so two
/// elements swap with probability 1/3: on 5 elements the first stays
/// first with probability 33280/59049 = 0.5636. With `rand(0, 1)` they
/// swap half the time and the law is still far from uniform (the fourth
/// element comes first with probability 15/128, the fifth 1/16). PHP 8's
/// fallback on the original order changes the law but not the verdict:
/// on 5 elements the first still stays first with probability
/// 33280/59049, and the second comes first with probability 12480/59049
/// (PHP 7: 6240/59049).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhpUsortRand {
    /// The comparator's `rand` range.
    pub rand: PhpRand,
    /// The PHP version whose `usort` runs it.
    pub version: PhpVersion,
}

impl PhpUsortRand {
    /// One comparator call: whether it returns a positive number, given
    /// the places `i` and `j` of the two elements before the sort (PHP 8
    /// breaks a 0 by them).
    #[inline]
    fn greater<S: Source + ?Sized>(self, i: usize, j: usize, src: &mut S) -> bool {
        let answer = match self.rand {
            PhpRand::MinusOneToOne => src.below(3) as i8 - 1,
            PhpRand::ZeroToOne => src.below(2) as i8,
        };
        match (answer, self.version) {
            (0, PhpVersion::Php8) => i > j,
            (answer, _) => answer > 0,
        }
    }
}

impl Shuffle for PhpUsortRand {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len();
        if n < 2 {
            return;
        }
        match self.version {
            PhpVersion::Php7 => {
                ZendSort::sort(deck, &mut |_, _, _| self.greater(0, 0, src));
            }
            PhpVersion::Php8 => {
                // Sort the places, then deal the cards in the sorted order.
                crate::scratch::with_slots(n, 0usize, |places| {
                    for (i, p) in places.iter_mut().enumerate() {
                        *p = i;
                    }
                    ZendSort::sort(places, &mut |p, i, j| self.greater(p[i], p[j], src));
                    crate::scratch::with_copy(deck, |deck, copy| {
                        for (slot, &place) in deck.iter_mut().zip(places.iter()) {
                            *slot = copy[place];
                        }
                    });
                });
            }
        }
    }
}

#[cfg(test)]
mod tests;
