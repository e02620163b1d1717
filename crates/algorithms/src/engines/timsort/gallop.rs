//! `gallopLeft` and `gallopRight`: where a key belongs in a sorted run,
//! found by galloping from a hint and then by binary search, asking the
//! comparator in the order each source asks it.

use super::GallopLeft;
use std::cmp::Ordering;

/// `GallopLeft(array, key, base, length, hint)`: the offset in
/// `0..=length` at which `key` belongs, left of any equal element.
pub(super) fn gallop_left<T: Copy>(
    array: &[T],
    key: &T,
    base: usize,
    length: usize,
    hint: usize,
    ask: GallopLeft,
    cmp: &mut impl FnMut(&T, &T) -> Ordering,
) -> usize {
    let mut below = |element: &T| match ask {
        GallopLeft::ElementFirst => cmp(element, key) == Ordering::Less,
        GallopLeft::KeyFirst => cmp(key, element) == Ordering::Greater,
    };
    let (length, hint) = (length as isize, hint as isize);
    let at = |i: isize| &array[base.wrapping_add_signed(i)];
    let mut last_ofs: isize = 0;
    let mut offset: isize = 1;
    if below(at(hint)) {
        let max_ofs = length - hint;
        while offset < max_ofs {
            if !below(at(hint + offset)) {
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
            if below(at(hint - offset)) {
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
        if below(at(m)) {
            last_ofs = m + 1;
        } else {
            offset = m;
        }
    }
    offset as usize
}

/// `GallopRight(array, key, base, length, hint)`: as [`gallop_left`],
/// right of any equal element.
pub(super) fn gallop_right<T: Copy>(
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
