//! V8's TimSort (7.0 and later: Chrome 70 on, node 11 on), with its runs,
//! galloping and merges, with a random comparator.

use super::*;

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
