//! The sorts that JavaScript engines, Java, Python, .NET, C++, Go and PHP ship, run
//! with a comparator that answers at random: `array.sort(() => Math.random() -
//! 0.5)`, `usort($a, fn() => rand(-1, 1))` and their kin, the shuffles
//! people write when they have a sort and no shuffle.
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

/// Where a runtime's sort throws instead of finishing: a random comparator
/// broke the contract the sort relies on, and the runtime noticed (Java's
/// TimSort when a merge runs out of one run, .NET's introspective sort when
/// a partition's scan runs off its bounds). The array is left as the
/// runtime leaves it, every element still in it once. Which exception the
/// runtime throws is [`crate::Throwing::exception`]'s to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContractViolation;

impl std::fmt::Display for ContractViolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the comparator broke the sort's contract and the runtime threw")
    }
}

impl std::error::Error for ContractViolation {}

mod cpython;
mod dotnet;
mod go_pdqsort;
mod java_timsort;
mod libstdcxx;
mod spidermonkey;
mod spidermonkey_102;
mod timsort;
mod v8_legacy;
mod v8_timsort;
mod zend;

pub use cpython::CPythonSort;
pub use dotnet::{DotNetIntroSort, DotNetLibrary};
pub use go_pdqsort::GoPdqSort;
pub use java_timsort::{JavaComparator, JavaRandomSource, JavaTimSort};
pub use libstdcxx::LibStdCxxSort;
pub use spidermonkey::SpiderMonkeyMergeSort;
pub use spidermonkey_102::SpiderMonkey102Sort;
pub use v8_legacy::V8LegacySort;
pub use v8_timsort::V8TimSort;
pub use zend::{PhpRand, PhpUsortRand, PhpVersion, ZendSort};

#[cfg(test)]
mod tests;
