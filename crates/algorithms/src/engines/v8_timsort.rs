//! V8's TimSort (7.0 and later: Chrome 70 on, node 11 on) with a random
//! comparator.

use super::timsort::{self, V8};
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
/// the runs are merged with galloping, as CPython does. The core is shared
/// with Java's TimSort ([`super::JavaTimSort`]); V8 asks `gallopLeft`'s
/// question as CPython does and never checks the comparator's contract.
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

impl V8TimSort {
    /// Sorts `a` with `cmp`, as V8 7.0 to 11.3 sorts an array.
    pub fn sort<T: Copy>(a: &mut [T], cmp: impl FnMut(&T, &T) -> Ordering) {
        // V8 checks no contract: the sort always ends.
        let _ = timsort::sort(V8, a, cmp);
    }
}

impl Shuffle for V8TimSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        Self::sort(deck, |_, _| coin_order(src));
    }
}
