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

/// ECMA-262 `ToIntegerOrInfinity(x)` (NaN becomes 0, anything else is
/// truncated toward zero) clamped to `0..=len` after counting a negative
/// value from `len`: the relative-index step `splice` applies to `start`.
///
/// `x as i64` is `ToIntegerOrInfinity` for every value that survives the
/// clamp: it truncates toward zero, maps NaN to 0 and saturates ±∞ and
/// anything beyond `i64`'s range, all of which the clamp sends to the end
/// the specification sends them to (a deck is far shorter than `2^62`).
/// It also keeps the call to `trunc` off the hot path of the ports.
#[inline]
fn relative_index(x: f64, len: usize) -> usize {
    let (x, len) = (x as i64, len as i64);
    let at = if x < 0 {
        (len.saturating_add(x)).max(0)
    } else {
        x.min(len)
    };
    at as usize
}

/// The elements `array.splice(start, deleteCount)` removes from an array of
/// `len` elements, with ECMA-262 semantics: `start` and `deleteCount` are
/// truncated toward zero; a negative `start` counts from the end (clamped at
/// 0), one past the end is clamped to the length; `deleteCount` is clamped to
/// `0..=length - start`. The insertion point of any items is the range's
/// start.
#[inline]
pub fn splice_range(len: usize, start: f64, delete_count: f64) -> std::ops::Range<usize> {
    let start = relative_index(start, len);
    let delete = (delete_count as i64).clamp(0, (len - start) as i64) as usize;
    start..start + delete
}

/// [`splice_range`] for arguments that are whole numbers, as most ports'
/// counters are: the same range without the round trip through `f64`.
#[inline]
pub fn splice_range_whole(len: usize, start: i64, delete_count: i64) -> std::ops::Range<usize> {
    let at = if start < 0 {
        (len as i64).saturating_add(start).max(0) as usize
    } else {
        (start as u64).min(len as u64) as usize
    };
    at..at + delete_count.clamp(0, (len - at) as i64) as usize
}

/// `array.splice(start, deleteCount, ...items)` with the semantics of
/// [`splice_range`]. Returns the removed elements, as JavaScript does.
pub fn splice<T: Copy>(array: &mut Vec<T>, start: f64, delete_count: f64, items: &[T]) -> Vec<T> {
    let range = splice_range(array.len(), start, delete_count);
    array.splice(range, items.iter().copied()).collect()
}

/// `array.splice(start, 1)[0]`: the one element removed, or JavaScript's
/// `undefined` (`None`) when `start` is past the end. The ports call it where
/// they draw a card out of an array in a loop; it allocates nothing.
#[inline]
pub fn splice_one<T: Copy>(array: &mut Vec<T>, start: f64) -> Option<T> {
    let range = splice_range(array.len(), start, 1.0);
    (!range.is_empty()).then(|| array.remove(range.start))
}

/// `array.splice(start, 0, ...items)`: inserts `items` at the relative index
/// `start` (the semantics of [`splice_range`]), moving the tail once.
#[inline]
pub fn splice_insert<T: Copy>(array: &mut Vec<T>, start: f64, items: &[T]) {
    let at = splice_range(array.len(), start, 0.0).start;
    let (len, k) = (array.len(), items.len());
    if let [item] = items {
        array.insert(at, *item);
        return;
    }
    array.extend_from_slice(items);
    array.copy_within(at..len, at + k);
    array[at..at + k].copy_from_slice(items);
}

/// `to.splice(at, 0, ...from.splice(start, deleteCount))`: a packet cut out
/// of one array and inserted into another, in JavaScript's order (the inner
/// `splice` runs first; it does not change `to`, so the insertion index is
/// the same either way). Each array's tail moves once; nothing is allocated
/// once `to` has the capacity.
pub fn splice_move<T: Copy>(
    from: &mut Vec<T>,
    start: f64,
    delete_count: f64,
    to: &mut Vec<T>,
    at: f64,
) {
    let packet = splice_range(from.len(), start, delete_count);
    if !packet.is_empty() {
        splice_insert(to, at, &from[packet.clone()]);
        from.copy_within(packet.end.., packet.start);
        from.truncate(from.len() - packet.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_number_ranges_are_the_f64_ranges() {
        for len in 0..12 {
            for start in -15i64..15 {
                for count in -3i64..15 {
                    assert_eq!(
                        splice_range_whole(len, start, count),
                        splice_range(len, start as f64, count as f64),
                        "len {len} start {start} count {count}"
                    );
                }
            }
        }
        for (start, count) in [(i64::MIN, 1), (i64::MAX, i64::MAX), (-1, i64::MIN)] {
            assert_eq!(
                splice_range_whole(5, start, count),
                splice_range(5, start as f64, count as f64)
            );
        }
    }

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
            (f64::INFINITY, 1.0, &[9], &[], &[0, 1, 2, 3, 4, 9]),
            (f64::NEG_INFINITY, 1.0, &[], &[0], &[1, 2, 3, 4]),
            (1.0, f64::INFINITY, &[], &[1, 2, 3, 4], &[0]),
            (1.0, f64::NAN, &[9], &[], &[0, 9, 1, 2, 3, 4]),
            (-0.5, 1.0, &[], &[0], &[1, 2, 3, 4]),
            (-1e300, 1.0, &[], &[0], &[1, 2, 3, 4]),
        ];
        for &(start, delete, items, removed, result) in cases {
            let mut a = base();
            let got = splice(&mut a, start, delete, items);
            assert_eq!(got, removed, "splice({start}, {delete}) removed");
            assert_eq!(a, result, "splice({start}, {delete}) left");
        }
    }

    /// Starts and counts that exercise every branch of the index steps.
    const ARGS: [f64; 15] = [
        0.0,
        0.9,
        1.0,
        2.5,
        4.0,
        5.0,
        6.0,
        -0.5,
        -1.0,
        -4.9,
        -7.0,
        1e300,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];

    #[test]
    fn the_specialised_splices_agree_with_splice() {
        for len in 0..=5usize {
            let base: Vec<i32> = (0..len as i32).collect();
            for start in ARGS {
                let (mut a, mut b) = (base.clone(), base.clone());
                let one = splice_one(&mut a, start);
                assert_eq!(one, splice(&mut b, start, 1.0, &[]).first().copied());
                assert_eq!(a, b, "splice_one({start}) on {len} cards");
                for items in [&[][..], &[9][..], &[7, 8, 9][..]] {
                    let (mut a, mut b) = (base.clone(), base.clone());
                    splice_insert(&mut a, start, items);
                    splice(&mut b, start, 0.0, items);
                    assert_eq!(a, b, "splice_insert({start}, {items:?}) on {len} cards");
                }
                for delete in ARGS {
                    for at in [0.0, 1.5, -1.0, 9.0] {
                        let (mut from, mut to) = (base.clone(), vec![20, 21, 22]);
                        splice_move(&mut from, start, delete, &mut to, at);
                        let (mut from2, mut to2) = (base.clone(), vec![20, 21, 22]);
                        let packet = splice(&mut from2, start, delete, &[]);
                        splice(&mut to2, at, 0.0, &packet);
                        assert_eq!((from, to), (from2, to2), "move({start}, {delete}) to {at}");
                    }
                }
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
