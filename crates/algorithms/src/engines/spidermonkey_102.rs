//! SpiderMonkey 102's array sort with a comparator (the self-hosted
//! `MergeSort`), with a random comparator.

use super::*;

/// `array.sort(() => Math.random() - 0.5)` on SpiderMonkey 102 (Firefox
/// 102 ESR, and the `js102` shell): the self-hosted `MergeSort` of
/// `js/src/builtin/Sorting.js`, which `ArraySort` (`js/src/builtin/Array.js`)
/// calls for a comparator. A comparator's answer counts as "less or
/// equal" when it is `<= 0`.
///
/// Below 24 elements the whole array is sorted by insertion (each item
/// walks left past the elements that compare "greater" than it). From 24
/// on, windows of 4 are sorted by insertion, then merged bottom-up in
/// runs of 4, 8, 16, …; each merge first asks whether the last of the
/// left run is "less or equal" to the first of the right, and if so copies
/// both as they are.
///
/// Source: SpiderMonkey 102 `js/src/builtin/Sorting.js` (`InsertionSort`,
/// `Merge`, `MergeSort`), checked call for call against `js102` 102.15.1
/// (Debian `libmozjs-102-dev`) fed a scripted `Math.random`
/// (`tests/runtimes/spidermonkey_sort_vectors.js`,
/// `tests/data/spidermonkey-102-sort.txt`). Later SpiderMonkey versions
/// (from 2023) moved the array sort into C++ (`js/src/builtin/Array.cpp`);
/// this port is checked against 102 only, and says nothing of them. The
/// older C++ merge sort, before the sort was self-hosted, is
/// [`SpiderMonkeyMergeSort`].
/// Cost: `O(n log n)` comparisons.
/// Defect: biased. Below 24 cards it is the coin insertion sort: a card
/// moves `k` places left with probability `2^-(k+1)`, or `2^-k` when
/// that takes it to the first place, so the last card ends first with
/// probability `2^-(n-1)`. Above, each merge's first coin
/// keeps two whole runs in their order with probability 1/2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpiderMonkey102Sort;

impl SpiderMonkey102Sort {
    /// Below this many elements, one insertion sort (`denseLen < 24`).
    pub const INSERTION_BELOW: usize = 24;
    /// The windows sorted by insertion before the merges (`windowSize`).
    pub const WINDOW: usize = 4;

    /// `InsertionSort(array, from, to, comparefn)`, `to` included.
    fn insertion_sort<T: Copy>(
        array: &mut [T],
        from: usize,
        to: usize,
        less_or_equal: &mut impl FnMut(&T, &T) -> bool,
    ) {
        for i in from + 1..=to {
            let item = array[i];
            let mut j = i;
            while j > from {
                let swap = array[j - 1];
                if less_or_equal(&swap, &item) {
                    break;
                }
                array[j] = swap;
                j -= 1;
            }
            array[j] = item;
        }
    }

    /// `Merge(list, out, start, mid, end, comparefn)`: `list[start..=mid]`
    /// and `list[mid + 1..=end]` merged into `out[start..=end]`.
    fn merge<T: Copy>(
        list: &[T],
        out: &mut [T],
        (start, mid, end): (usize, usize, usize),
        less_or_equal: &mut impl FnMut(&T, &T) -> bool,
    ) {
        if mid >= end || less_or_equal(&list[mid], &list[mid + 1]) {
            out[start..=end].copy_from_slice(&list[start..=end]);
            return;
        }
        let (mut i, mut j, mut k) = (start, mid + 1, start);
        while i <= mid && j <= end {
            if less_or_equal(&list[i], &list[j]) {
                out[k] = list[i];
                i += 1;
            } else {
                out[k] = list[j];
                j += 1;
            }
            k += 1;
        }
        let left = mid + 1 - i;
        out[k..k + left].copy_from_slice(&list[i..=mid]);
        k += left;
        out[k..=end].copy_from_slice(&list[j..=end]);
    }

    /// `MergeSort(array, len, comparefn)` through `scratch` (as long as
    /// `array`), with `less_or_equal` the comparator's `<= 0`.
    pub fn sort<T: Copy>(
        array: &mut [T],
        scratch: &mut [T],
        less_or_equal: &mut impl FnMut(&T, &T) -> bool,
    ) {
        let n = array.len();
        if n < 2 {
            return;
        }
        if n < Self::INSERTION_BELOW {
            Self::insertion_sort(array, 0, n - 1, less_or_equal);
            return;
        }
        for start in (0..n - 1).step_by(Self::WINDOW) {
            let end = (start + Self::WINDOW - 1).min(n - 1);
            Self::insertion_sort(array, start, end, less_or_equal);
        }
        let mut in_scratch = false;
        let mut window = Self::WINDOW;
        while window < n {
            let (list, out): (&[T], &mut [T]) = if in_scratch {
                (&*scratch, &mut *array)
            } else {
                (&*array, &mut *scratch)
            };
            for start in (0..n).step_by(2 * window) {
                let mid = start + window - 1;
                let end = (start + 2 * window - 1).min(n - 1);
                Self::merge(list, out, (start, mid, end), less_or_equal);
            }
            in_scratch = !in_scratch;
            window *= 2;
        }
        if in_scratch {
            array.copy_from_slice(scratch);
        }
    }
}

impl Shuffle for SpiderMonkey102Sort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        if let Some(&card) = deck.first() {
            crate::scratch::with_slots(deck.len(), card, |scratch| {
                // Math.random() - 0.5 <= 0: tails.
                Self::sort(deck, scratch, &mut |_, _| !src.coin());
            });
        }
    }
}
