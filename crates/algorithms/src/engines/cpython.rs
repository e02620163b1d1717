//! CPython's `list.sort` (3.11 and 3.12) with a random comparator.

use super::timsort::{self, CPYTHON};
use super::*;

/// `lst.sort(key=functools.cmp_to_key(lambda a, b: random.choice((-1, 1))))`
/// on CPython 3.11 and 3.12: CPython's own list sort (`listsort`), the
/// TimSort that V8's and Java's are ports of.
///
/// Each comparison is `ISLT(x, y)`, "is `x` below `y`", which through
/// `cmp_to_key` asks the comparator once: below on -1, not below on 1,
/// each with probability 1/2. The list is cut into runs (the longest
/// ascending, or strictly descending and then reversed, prefix), short
/// runs are extended to the minimum run length by binary insertion (for
/// fewer than 64 elements that is the whole list), and the runs are merged
/// with galloping. Up to 127 elements no more than two runs are ever
/// pending, and the sort asks V8's questions in V8's order
/// ([`super::V8TimSort`]): the same answers leave the same list. From 128
/// on, the runs are merged by powersort (new in 3.11): before each run is
/// pushed, the runs below it whose power (the depth of the node between
/// two runs' midpoints in a binary tree over the list) is greater are
/// merged first, where V8 keeps Tim Peters' run-length invariants.
///
/// CPython never throws on an inconsistent comparator: where a merge's
/// held-aside run empties, which a consistent comparator could not do
/// ("`na==0` is impossible now if the comparison function is consistent,
/// but we can't assume that it is"), the merge ends as if it were done,
/// and every element is still in the list once.
///
/// Source: CPython `Objects/listobject.c` (`list_sort_impl`, `count_run`,
/// `binarysort`, `gallop_left`, `gallop_right`, `merge_lo`, `merge_hi`,
/// `merge_at`, `powerloop`, `found_new_run`, `merge_force_collapse`,
/// `merge_compute_minrun`), as Debian's python3 3.11.2 runs it: checked
/// call for call against that python3, whose own sort consumed the same
/// scripted answers (`tests/runtimes/cpython_sort_vectors.py`).
/// CPython 3.13 changed `count_run` (python/cpython#116554): a descending
/// run may hold equal neighbours, found by asking a second question, and a
/// reversed run goes on through an ascending suffix. With a random
/// comparator that asks other questions and gives another law, which this
/// port is not.
/// Cost: `O(n log n)` comparisons.
/// Defect: biased, as V8's TimSort is on fewer than 128 cards: on 3 cards
/// the identity has probability 3/8 and the reversed deck 5/16, where a
/// shuffle gives each of the six orders 1/6.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CPythonSort;

impl CPythonSort {
    /// Sorts `a` with `cmp`, as CPython 3.11 sorts a list.
    pub fn sort<T: Copy>(a: &mut [T], cmp: impl FnMut(&T, &T) -> Ordering) {
        // CPython checks no contract: the sort always ends.
        let _ = timsort::sort(CPYTHON, a, cmp);
    }
}

impl Shuffle for CPythonSort {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        Self::sort(deck, |_, _| coin_order(src));
    }
}
