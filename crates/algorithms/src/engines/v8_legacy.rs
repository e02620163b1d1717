//! V8's sort before 7.0 (Chrome 69 and earlier, node 10 and earlier):
//! insertion sort on short arrays, quicksort above, with a random
//! comparator.

use super::*;

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
