//! SpiderMonkey's merge sort of 2014 (Firefox), with a random comparator.

use super::*;

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
