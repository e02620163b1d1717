//! TimSort as V8, CPython and Java ship it, one core: its runs, binary
//! insertion, galloping and merges, asked for comparisons in the order
//! each asks them. The variants differ in four [`Rules`]; everything
//! else is the same code, branch for branch, in all three sources (V8's
//! `third_party/v8/builtins/array-sort.tq` is a port of CPython's
//! `Objects/listsort.txt` algorithm, as is OpenJDK's
//! `java/util/TimSort.java`).

use super::ContractViolation;
use std::cmp::Ordering;

mod gallop;
mod runs;

use gallop::{gallop_left, gallop_right};
use runs::{RunStack, powerloop};

/// Where the TimSorts differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Below this many elements the sort is one run extended by binary
    /// insertion, and the minimum run length is `n` halved until below
    /// it (CPython and V8: 64, `MIN_MERGE` in Java: 32).
    pub min_merge: usize,
    /// How `gallopLeft` asks whether an element is below the key.
    pub gallop_left: GallopLeft,
    /// What a merge does when the run it holds aside (the first in
    /// `mergeLo`, the second in `mergeHi`) empties where a consistent
    /// comparator could not have emptied it: throw (Java's "Comparison
    /// method violates its general contract!") or end as if the merge
    /// were done (V8 and CPython, which copy nothing more).
    pub checks_contract: bool,
    /// Which pending runs are merged, and when.
    pub merge_policy: MergePolicy,
}

/// How a TimSort chooses the pending runs it merges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MergePolicy {
    /// `merge_collapse` after each run is pushed: the run lengths'
    /// invariants of Tim Peters' original (V8, Java, CPython up to 3.10).
    Collapse,
    /// Powersort (CPython 3.11 and later): before a run is pushed,
    /// `found_new_run` gives the run below it a power (`powerloop`: the
    /// depth of the node between the two runs' midpoints in a binary tree
    /// over the list) and first merges the runs of greater power.
    Powersort,
}

/// How `gallopLeft` asks whether `element < key`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GallopLeft {
    /// `compare(element, key) < 0`: CPython's `ISLT(a[hint], key)`, V8's
    /// `order = Compare(element, key); if (order < 0)`.
    ElementFirst,
    /// `compare(key, element) > 0`: Java's `c.compare(key, a[base +
    /// hint]) > 0`.
    KeyFirst,
}

/// V8 7.0 and later (from `array-sort.tq`).
pub(crate) const V8: Rules = Rules {
    min_merge: 64,
    gallop_left: GallopLeft::ElementFirst,
    checks_contract: false,
    merge_policy: MergePolicy::Collapse,
};

/// OpenJDK 7 and later (from `java/util/TimSort.java`).
pub(crate) const JAVA: Rules = Rules {
    min_merge: 32,
    gallop_left: GallopLeft::KeyFirst,
    checks_contract: true,
    merge_policy: MergePolicy::Collapse,
};

/// CPython 3.11 and 3.12 (from `Objects/listobject.c`): V8's rules (V8's
/// sort is a port of CPython's), with powersort's merges.
pub(crate) const CPYTHON: Rules = Rules {
    min_merge: 64,
    gallop_left: GallopLeft::ElementFirst,
    checks_contract: false,
    merge_policy: MergePolicy::Powersort,
};

/// `kMinGallopWins` (V8), `MIN_GALLOP` (Java).
const MIN_GALLOP: usize = 7;

/// The state of one TimSort: its rules, the array, the pending runs, the temporary
/// array and the galloping threshold.
struct TimSort<'a, T, F> {
    rules: Rules,
    a: &'a mut [T],
    tmp: Vec<T>,
    runs: RunStack,
    min_gallop: usize,
    cmp: F,
}

/// Where a merge ends: `Succeed` copies what is left of the temporary
/// array; `CopyRest` moves the other run's rest and puts the one element
/// known to belong at the far end; `Violated` stops where Java throws.
enum MergeEnd {
    Succeed,
    CopyRest,
    Violated,
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

    /// How a merge ends when a run empties where it cannot with a
    /// consistent comparator.
    fn emptied(&self) -> MergeEnd {
        if self.rules.checks_contract {
            MergeEnd::Violated
        } else {
            MergeEnd::Succeed
        }
    }

    /// `MergeAt(i)`: merges pending runs `i` and `i + 1`.
    fn merge_at(&mut self, i: usize) -> Result<(), ContractViolation> {
        let (mut base_a, mut length_a) = self.runs[i];
        let (base_b, length_b) = self.runs[i + 1];
        self.runs[i].1 = length_a + length_b;
        self.runs.remove(i + 1);

        let key_right = self.a[base_b];
        let k = gallop_right(self.a, &key_right, base_a, length_a, 0, &mut self.cmp);
        base_a += k;
        length_a -= k;
        if length_a == 0 {
            return Ok(());
        }
        let key_left = self.a[base_a + length_a - 1];
        let length_b = gallop_left(
            self.a,
            &key_left,
            base_b,
            length_b,
            length_b - 1,
            self.rules.gallop_left,
            &mut self.cmp,
        );
        if length_b == 0 {
            return Ok(());
        }
        if length_a <= length_b {
            self.merge_low(base_a, length_a, base_b, length_b)
        } else {
            self.merge_high(base_a, length_a, base_b, length_b)
        }
    }

    /// `MergeLow`: merges from the left, run A in the temporary array.
    fn merge_low(
        &mut self,
        base_a: usize,
        mut length_a: usize,
        base_b: usize,
        mut length_b: usize,
    ) -> Result<(), ContractViolation> {
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
                            break 'merge self.emptied();
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
                    wins_b = gallop_left(
                        self.a,
                        &key,
                        cursor_b,
                        length_b,
                        0,
                        self.rules.gallop_left,
                        &mut self.cmp,
                    );
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
            MergeEnd::Violated => return Err(ContractViolation),
        }
        Ok(())
    }

    /// `MergeHigh`: merges from the right, run B in the temporary array.
    fn merge_high(
        &mut self,
        base_a: usize,
        mut length_a: usize,
        base_b: usize,
        mut length_b: usize,
    ) -> Result<(), ContractViolation> {
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
                    let k = gallop_left(
                        &self.tmp,
                        &key,
                        0,
                        length_b,
                        length_b - 1,
                        self.rules.gallop_left,
                        &mut self.cmp,
                    );
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
                            break 'merge self.emptied();
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
            MergeEnd::Violated => return Err(ContractViolation),
        }
        Ok(())
    }

    /// `RunInvariantEstablished(n)`.
    fn invariant(&self, n: usize) -> bool {
        n < 2 || self.runs[n - 2].1 > self.runs[n - 1].1 + self.runs[n].1
    }

    /// `MergeCollapse`.
    fn merge_collapse(&mut self) -> Result<(), ContractViolation> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if !self.invariant(n + 1) || !self.invariant(n) {
                if self.runs[n - 1].1 < self.runs[n + 1].1 {
                    n -= 1;
                }
                self.merge_at(n)?;
            } else if self.runs[n].1 <= self.runs[n + 1].1 {
                self.merge_at(n)?;
            } else {
                break;
            }
        }
        Ok(())
    }

    /// `found_new_run(ms, n2)` (CPython 3.11): before a run of `n2`
    /// elements is pushed, the run on top gets its power, and the runs
    /// below it of greater power are merged first.
    fn found_new_run(&mut self, n2: usize) -> Result<(), ContractViolation> {
        let Some(top) = self.runs.len().checked_sub(1) else {
            return Ok(());
        };
        let (s1, n1) = self.runs[top];
        let power = powerloop(s1, n1, n2, self.a.len());
        while self.runs.len() > 1 && self.runs.power(self.runs.len() - 2) > power {
            self.merge_at(self.runs.len() - 2)?;
        }
        let top = self.runs.len() - 1;
        self.runs.set_power(top, power);
        Ok(())
    }

    /// `MergeForceCollapse`.
    fn merge_force_collapse(&mut self) -> Result<(), ContractViolation> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(n)?;
        }
        Ok(())
    }

    /// `ArrayTimSortImpl` (Java's `sort`).
    fn sort(&mut self) -> Result<(), ContractViolation> {
        let length = self.a.len();
        let mut remaining = length;
        let mut low = 0;
        let min_run = min_run_length(remaining, self.rules.min_merge);
        while remaining != 0 {
            let mut run = self.count_and_make_run(low, low + remaining);
            if run < min_run {
                let forced = min_run.min(remaining);
                self.binary_insertion_sort(low, low + run, low + forced);
                run = forced;
            }
            match self.rules.merge_policy {
                MergePolicy::Collapse => {
                    self.runs.push((low, run));
                    self.merge_collapse()?;
                }
                MergePolicy::Powersort => {
                    self.found_new_run(run)?;
                    self.runs.push((low, run));
                }
            }
            low += run;
            remaining -= run;
        }
        self.merge_force_collapse()
    }
}

/// `ComputeMinRunLength(n)` (Java's `minRunLength`): `n` below
/// `min_merge`, else `n` halved until below it, plus one if any bit
/// shifted off was set (between `min_merge / 2` and `min_merge`).
fn min_run_length(mut n: usize, min_merge: usize) -> usize {
    let mut r = 0;
    while n >= min_merge {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// Sorts `a` by `cmp` under `rules`, or stops where the variant throws.
pub(crate) fn sort<T: Copy>(
    rules: Rules,
    a: &mut [T],
    cmp: impl FnMut(&T, &T) -> Ordering,
) -> Result<(), ContractViolation> {
    if a.len() < 2 {
        return Ok(());
    }
    TimSort {
        rules,
        a,
        tmp: Vec::new(),
        runs: RunStack::default(),
        min_gallop: MIN_GALLOP,
        cmp,
    }
    .sort()
}
