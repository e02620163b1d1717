//! PHP's `usort` (Zend's hybrid insertion sort and quicksort) with
//! `rand(-1, 1)`, by PHP version and generator.

use super::*;

/// PHP's `zend_sort` (`Zend/zend_sort.c`, PHP 7.0 and later), the sort
/// behind `sort`, `usort` and their kin: insertion sort up to 16 elements
/// (fixed networks of compare-and-swap for 2 to 5, then plain insertion
/// for the first 6 and insertion with a step of 2 beyond), and above 16 a
/// quicksort whose pivot is the median of 3 (or of 5 above 1,024
/// elements) by those networks. An element is moved when the comparator
/// returns a positive number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZendSort;

impl ZendSort {
    fn sort2<T>(a: &mut [T], i: usize, j: usize, cmp: &mut impl FnMut(&[T], usize, usize) -> bool) {
        if cmp(a, i, j) {
            a.swap(i, j);
        }
    }

    fn sort3<T>(
        a: &mut [T],
        i: usize,
        j: usize,
        k: usize,
        cmp: &mut impl FnMut(&[T], usize, usize) -> bool,
    ) {
        if !cmp(a, i, j) {
            if !cmp(a, j, k) {
                return;
            }
            a.swap(j, k);
            if cmp(a, i, j) {
                a.swap(i, j);
            }
            return;
        }
        if !cmp(a, k, j) {
            a.swap(i, k);
            return;
        }
        a.swap(i, j);
        if cmp(a, j, k) {
            a.swap(j, k);
        }
    }

    fn sort4<T>(a: &mut [T], p: [usize; 4], cmp: &mut impl FnMut(&[T], usize, usize) -> bool) {
        Self::sort3(a, p[0], p[1], p[2], cmp);
        Self::bubble_down(a, &p, cmp);
    }

    fn sort5<T>(a: &mut [T], p: [usize; 5], cmp: &mut impl FnMut(&[T], usize, usize) -> bool) {
        Self::sort4(a, [p[0], p[1], p[2], p[3]], cmp);
        Self::bubble_down(a, &p, cmp);
    }

    /// The tail of `zend_sort_4` and `zend_sort_5`: the last element moves
    /// left while its left neighbour compares greater.
    fn bubble_down<T>(a: &mut [T], p: &[usize], cmp: &mut impl FnMut(&[T], usize, usize) -> bool) {
        for w in (1..p.len()).rev() {
            if !cmp(a, p[w - 1], p[w]) {
                return;
            }
            a.swap(p[w - 1], p[w]);
        }
    }

    /// `zend_insert_sort` on `a[start..start + nmemb]`.
    fn insert_sort<T>(
        a: &mut [T],
        start: usize,
        nmemb: usize,
        cmp: &mut impl FnMut(&[T], usize, usize) -> bool,
    ) {
        let s = start;
        match nmemb {
            0 | 1 => {}
            2 => Self::sort2(a, s, s + 1, cmp),
            3 => Self::sort3(a, s, s + 1, s + 2, cmp),
            4 => Self::sort4(a, [s, s + 1, s + 2, s + 3], cmp),
            5 => Self::sort5(a, [s, s + 1, s + 2, s + 3, s + 4], cmp),
            _ => {
                let end = s + nmemb;
                let sentry = s + 6;
                for i in s + 1..sentry {
                    let mut j = i - 1;
                    if !cmp(a, j, i) {
                        continue;
                    }
                    while j != s {
                        j -= 1;
                        if !cmp(a, j, i) {
                            j += 1;
                            break;
                        }
                    }
                    for k in (j + 1..=i).rev() {
                        a.swap(k, k - 1);
                    }
                }
                for i in sentry..end {
                    let mut j = i - 1;
                    if !cmp(a, j, i) {
                        continue;
                    }
                    loop {
                        j -= 2;
                        if !cmp(a, j, i) {
                            j += 1;
                            if !cmp(a, j, i) {
                                j += 1;
                            }
                            break;
                        }
                        if j == s {
                            break;
                        }
                        if j == s + 1 {
                            j -= 1;
                            if cmp(a, i, j) {
                                j += 1;
                            }
                            break;
                        }
                    }
                    for k in (j + 1..=i).rev() {
                        a.swap(k, k - 1);
                    }
                }
            }
        }
    }

    /// Sorts `a` by `greater(a, i, j)`, the comparator's `cmp(a[i], a[j]) >
    /// 0`, as `zend_sort` does.
    pub fn sort<T>(a: &mut [T], greater: &mut impl FnMut(&[T], usize, usize) -> bool) {
        let len = a.len();
        Self::sort_range(a, 0, len, greater);
    }

    fn sort_range<T>(
        a: &mut [T],
        mut base: usize,
        mut nmemb: usize,
        cmp: &mut impl FnMut(&[T], usize, usize) -> bool,
    ) {
        loop {
            if nmemb <= 16 {
                Self::insert_sort(a, base, nmemb, cmp);
                return;
            }
            let start = base;
            let end = start + nmemb;
            let offset = nmemb >> 1;
            let pivot = start + offset;
            if nmemb >> 10 != 0 {
                let delta = offset >> 1;
                Self::sort5(
                    a,
                    [start, start + delta, pivot, pivot + delta, end - 1],
                    cmp,
                );
            } else {
                Self::sort3(a, start, pivot, end - 1, cmp);
            }
            a.swap(start + 1, pivot);
            let pivot = start + 1;
            let mut i = pivot + 1;
            let mut j = end - 1;
            'done: loop {
                while cmp(a, pivot, i) {
                    i += 1;
                    if i == j {
                        break 'done;
                    }
                }
                j -= 1;
                if j == i {
                    break 'done;
                }
                while cmp(a, j, pivot) {
                    j -= 1;
                    if j == i {
                        break 'done;
                    }
                }
                a.swap(i, j);
                i += 1;
                if i == j {
                    break 'done;
                }
            }
            a.swap(pivot, i - 1);
            if (i - 1) - start < end - i {
                Self::sort_range(a, start, i - start - 1, cmp);
                base = i;
                nmemb = end - i;
            } else {
                Self::sort_range(a, i, end - i, cmp);
                nmemb = i - start - 1;
            }
        }
    }
}

/// What a PHP comparator returns when it ignores its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhpRand {
    /// `rand(-1, 1)`: -1, 0 or 1, each with probability 1/3 (PHP 7.1 and
    /// later, where `rand(min, max)` is `mt_rand`'s unbiased range).
    MinusOneToOne,
    /// `rand(0, 1)`: 0 or 1, each with probability 1/2.
    ZeroToOne,
}

/// How `usort` treats a comparator that returns 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhpVersion {
    /// PHP 7: 0 is "not greater", so the pair stays as it is.
    Php7,
    /// PHP 8.0 and later: sorting is stable (RFC "Make sorting stable"):
    /// when the comparator returns 0, the two elements compare by their
    /// places in the array before the sort.
    Php8,
}

/// `usort($deck, function () { return rand(-1, 1); })` (or `rand(0, 1)`):
/// [`ZendSort`] with a comparator that ignores its arguments.
///
/// Source: PHP `Zend/zend_sort.c` (`zend_sort`, `zend_insert_sort`,
/// `zend_sort_2` … `zend_sort_5`) and `ext/standard/array.c`
/// (`php_usort`, `php_array_user_compare`, and in PHP 8 the stable
/// fallback on the original order); the idiom of Laravel's seeded
/// `Arr::shuffle` until 2019 (laravel/framework pull request 27861, whose
/// counts on 5 elements this law explains).
/// Cost: `O(n log n)` comparisons.
/// Defect: biased. `rand(-1, 1)` says "greater" one time in three, so two
/// elements swap with probability 1/3: on 5 elements the first stays
/// first with probability 33280/59049 = 0.5636. With `rand(0, 1)` they
/// swap half the time and the law is still far from uniform (the fourth
/// element comes first with probability 15/128, the fifth 1/16). PHP 8's
/// fallback on the original order changes the law but not the verdict:
/// on 5 elements the first still stays first with probability
/// 33280/59049, and the second comes first with probability 12480/59049
/// (PHP 7: 6240/59049).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhpUsortRand {
    /// The comparator's `rand` range.
    pub rand: PhpRand,
    /// The PHP version whose `usort` runs it.
    pub version: PhpVersion,
}

impl PhpUsortRand {
    /// One comparator call: whether it returns a positive number, given
    /// the places `i` and `j` of the two elements before the sort (PHP 8
    /// breaks a 0 by them).
    #[inline]
    fn greater<S: Source + ?Sized>(self, i: usize, j: usize, src: &mut S) -> bool {
        let answer = match self.rand {
            PhpRand::MinusOneToOne => src.below(3) as i8 - 1,
            PhpRand::ZeroToOne => src.below(2) as i8,
        };
        match (answer, self.version) {
            (0, PhpVersion::Php8) => i > j,
            (answer, _) => answer > 0,
        }
    }
}

impl Shuffle for PhpUsortRand {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        let n = deck.len();
        if n < 2 {
            return;
        }
        match self.version {
            PhpVersion::Php7 => {
                ZendSort::sort(deck, &mut |_, _, _| self.greater(0, 0, src));
            }
            PhpVersion::Php8 => {
                // Sort the places, then deal the cards in the sorted order.
                crate::scratch::with_slots(n, 0usize, |places| {
                    for (i, p) in places.iter_mut().enumerate() {
                        *p = i;
                    }
                    ZendSort::sort(places, &mut |p, i, j| self.greater(p[i], p[j], src));
                    crate::scratch::with_copy(deck, |deck, copy| {
                        for (slot, &place) in deck.iter_mut().zip(places.iter()) {
                            *slot = copy[place];
                        }
                    });
                });
            }
        }
    }
}
