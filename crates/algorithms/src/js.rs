//! The JavaScript semantics the seed code relies on, modelled exactly.
//!
//! The seeds index arrays with `Math.floor(Math.random() * k)` and move cards
//! with `Array.prototype.splice`, whose arguments may be fractional, negative
//! or past the end. These helpers follow ECMA-262 so that a port behaves like
//! the original on every input, including the ones its author did not expect.

use crate::source::Source;

/// `Math.floor(Math.random() * k)` for a whole number `k >= 0`.
///
/// For `k >= 1` this is [`Source::below`]. For `k = 0` JavaScript returns 0
/// whatever `Math.random()` gives, so no choice is made.
#[inline]
pub fn random_index<S: Source + ?Sized>(src: &mut S, k: usize) -> usize {
    if k == 0 { 0 } else { src.below(k) }
}

/// ECMA-262 `ToIntegerOrInfinity`: NaN becomes 0, anything else is truncated
/// toward zero.
#[inline]
pub fn to_integer_or_infinity(x: f64) -> f64 {
    if x.is_nan() { 0.0 } else { x.trunc() }
}

/// `array.splice(start, deleteCount, ...items)` with ECMA-262 semantics:
/// `start` and `deleteCount` are truncated toward zero; a negative `start`
/// counts from the end (clamped at 0), one past the end is clamped to the
/// length; `deleteCount` is clamped to `0..=length - start`. Returns the
/// removed elements, as JavaScript does.
pub fn splice<T: Copy>(array: &mut Vec<T>, start: f64, delete_count: f64, items: &[T]) -> Vec<T> {
    splice_iter(array, start, delete_count, items.iter().copied()).collect()
}

/// [`splice`] without collecting what it removes: the removed elements come
/// as an iterator, and the removal and the insertion of `items` are done
/// when it is dropped (`Vec::splice`), so a removal into another array or a
/// single card allocates nothing. The ports call it where they splice in a
/// loop; the effect on the arrays is [`splice`]'s.
pub fn splice_iter<T, I: IntoIterator<Item = T>>(
    array: &mut Vec<T>,
    start: f64,
    delete_count: f64,
    items: I,
) -> std::vec::Splice<'_, I::IntoIter> {
    let len = array.len() as f64;
    let relative_start = to_integer_or_infinity(start);
    let actual_start = if relative_start < 0.0 {
        (len + relative_start).max(0.0)
    } else {
        relative_start.min(len)
    };
    let actual_delete = to_integer_or_infinity(delete_count).clamp(0.0, len - actual_start);
    let (start, delete) = (actual_start as usize, actual_delete as usize);
    array.splice(start..start + delete, items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_follows_ecma_262() {
        // Each case checked against the specification's steps.
        let base = || vec![0, 1, 2, 3, 4];
        /// start, deleteCount, items, removed, result
        type Case<'a> = (f64, f64, &'a [i32], &'a [i32], &'a [i32]);
        let cases: &[Case] = &[
            // start, deleteCount, items, removed, result
            (1.0, 2.0, &[], &[1, 2], &[0, 3, 4]),
            (1.5, 1.9, &[], &[1], &[0, 2, 3, 4]),
            (-2.0, 1.0, &[], &[3], &[0, 1, 2, 4]),
            (-9.0, 1.0, &[], &[0], &[1, 2, 3, 4]),
            (7.0, 0.0, &[9], &[], &[0, 1, 2, 3, 4, 9]),
            (5.0, 3.0, &[], &[], &[0, 1, 2, 3, 4]),
            (0.0, -2.5, &[], &[], &[0, 1, 2, 3, 4]),
            (0.0, 2.5, &[], &[0, 1], &[2, 3, 4]),
            (3.0, 99.0, &[7, 8], &[3, 4], &[0, 1, 2, 7, 8]),
            (-1.0, 0.0, &[9], &[], &[0, 1, 2, 3, 9, 4]),
            (f64::NAN, 1.0, &[], &[0], &[1, 2, 3, 4]),
        ];
        for &(start, delete, items, removed, result) in cases {
            let mut a = base();
            let got = splice(&mut a, start, delete, items);
            assert_eq!(got, removed, "splice({start}, {delete}) removed");
            assert_eq!(a, result, "splice({start}, {delete}) left");
            // Not collected: the same effect, whether the removed elements
            // are read, read in part, or not at all.
            for read in [0, 1, usize::MAX] {
                let mut a = base();
                let got: Vec<i32> = splice_iter(&mut a, start, delete, items.iter().copied())
                    .take(read)
                    .collect();
                assert_eq!(got, removed[..read.min(removed.len())], "{start} {delete}");
                assert_eq!(
                    a, result,
                    "splice_iter({start}, {delete}) left, {read} read"
                );
            }
        }
    }

    #[test]
    fn random_index_of_zero_makes_no_choice() {
        let mut s = crate::Scripted::new([]);
        assert_eq!(random_index(&mut s, 0), 0);
        assert!(s.log().is_empty());
    }
}
