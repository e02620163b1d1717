//! Permutations of `0..n`: lexicographic rank (Lehmer code) and its inverse.
//!
//! An arrangement `a` has `a[position] = card`. Its rank is its index in the
//! lexicographic order of all `n!` arrangements: for `n = 3` the order is
//! 012, 021, 102, 120, 201, 210.

/// `n!`, for `n <= 20`.
///
/// # Panics
/// When `n > 20` (the result would not fit in a `u64`).
pub const fn factorial(n: usize) -> u64 {
    assert!(n <= 20, "n! overflows u64 for n > 20");
    let mut f = 1u64;
    let mut i = 2;
    while i <= n {
        f *= i as u64;
        i += 1;
    }
    f
}

/// The lexicographic rank of the arrangement `a` of `0..a.len()`.
///
/// `O(n^2)`, which beats the bit tricks for the small decks it is used on.
#[inline]
pub fn rank(a: &[u8]) -> usize {
    let n = a.len();
    let mut r = 0usize;
    for i in 0..n {
        let smaller_after = a[i + 1..].iter().filter(|&&x| x < a[i]).count();
        r = r * (n - i) + smaller_after;
    }
    r
}

/// The arrangement of `0..n` with lexicographic rank `r`, written to `out`.
///
/// # Panics
/// When `r >= n!`.
pub fn unrank(mut r: usize, n: usize, out: &mut Vec<u8>) {
    assert!((r as u64) < factorial(n), "rank {r} is not below {n}!");
    let mut digits = vec![0usize; n];
    for (i, d) in digits.iter_mut().enumerate().rev() {
        let base = n - i;
        *d = r % base;
        r /= base;
    }
    let mut pool: Vec<u8> = (0..n as u8).collect();
    out.clear();
    for d in digits {
        out.push(pool.remove(d));
    }
}

/// Steps `a` to the next arrangement in lexicographic order; returns false
/// (leaving `a` as the first arrangement again) after the last one.
pub fn next_permutation(a: &mut [u8]) -> bool {
    let n = a.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && a[i - 1] >= a[i] {
        i -= 1;
    }
    if i == 0 {
        a.reverse();
        return false;
    }
    let mut j = n - 1;
    while a[j] <= a[i - 1] {
        j -= 1;
    }
    a.swap(i - 1, j);
    a[i..].reverse();
    true
}

/// Writes `out[j] = first[then[j]]`: the arrangement reached by rearranging
/// the deck `first` by the positions of `then`.
pub fn compose(first: &[u8], then: &[u8], out: &mut [u8]) {
    for (o, &t) in out.iter_mut().zip(then) {
        *o = first[t as usize];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ranks_of_three_cards_follow_lexicographic_order() {
        let order = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        for (r, a) in order.iter().enumerate() {
            assert_eq!(rank(a), r);
            let mut out = Vec::new();
            unrank(r, 3, &mut out);
            assert_eq!(&out, a);
        }
    }

    #[test]
    fn next_permutation_walks_every_rank_in_order() {
        for n in 0..=6 {
            let mut a: Vec<u8> = (0..n as u8).collect();
            let mut r = 0;
            loop {
                assert_eq!(rank(&a), r);
                r += 1;
                if !next_permutation(&mut a) {
                    break;
                }
            }
            assert_eq!(r as u64, factorial(n));
        }
    }

    proptest! {
        #[test]
        fn rank_and_unrank_round_trip(n in 1usize..=12, seed in any::<u64>()) {
            let r = (seed % factorial(n)) as usize;
            let mut a = Vec::new();
            unrank(r, n, &mut a);
            prop_assert_eq!(rank(&a), r);
        }
    }
}
