//! The battery's five statistics of a deck of up to 64 cards, with the deck
//! in one AVX-512 register: `vpermb` (AVX-512 VBMI) reads any card by
//! position in one instruction, so the cycles are counted by pointer
//! doubling instead of a walk of dependent loads.
//!
//! Cycles: every position starts labelled with itself; a round replaces
//! each label by the smaller of it and the label `2^r` steps further along
//! the cycle, and squares the permutation. After `⌈log2 n⌉` rounds each
//! position holds the smallest position of its cycle, and the cycles are
//! the positions that hold themselves. Fixed points, descents and
//! successions are comparisons of the deck with itself moved one lane; the
//! rising sequences are the descents of the inverse, built with `n` byte
//! stores. Lanes past the deck hold the identity and are masked out.
//!
//! Intrinsics without pointers are safe inside the `target_feature`
//! function; the two loads from arrays are the only `unsafe` operations.

use std::arch::x86_64::{
    __m512i, _mm512_add_epi8, _mm512_cmpeq_epi8_mask, _mm512_cmpgt_epu8_mask,
    _mm512_cmplt_epu8_mask, _mm512_loadu_si512, _mm512_min_epu8, _mm512_permutexvar_epi8,
    _mm512_set1_epi8,
};

/// The most cards a deck may have here: one byte per lane of a register.
pub(super) const MAX_CARDS: usize = 64;

/// Whether this processor runs [`all`].
pub(super) fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
}

/// `IOTA[i] = i`.
const IOTA: [u8; MAX_CARDS] = {
    let mut a = [0u8; MAX_CARDS];
    let mut i = 0;
    while i < MAX_CARDS {
        a[i] = i as u8;
        i += 1;
    }
    a
};

/// The first `k` lanes.
fn first(k: usize) -> u64 {
    if k >= 64 { u64::MAX } else { (1u64 << k) - 1 }
}

/// 64 bytes as a register.
#[target_feature(enable = "avx512f")]
fn load(bytes: &[u8; MAX_CARDS]) -> __m512i {
    // SAFETY: `bytes` is 64 readable bytes; the load has no alignment
    // requirement.
    #[allow(unsafe_code)]
    unsafe {
        _mm512_loadu_si512(bytes.as_ptr().cast())
    }
}

/// [`super::all`] of a permutation of `0..n`, `1 <= n <= 64`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(super) fn all(deck: &[u8]) -> [usize; 5] {
    let n = deck.len();
    assert!((1..=MAX_CARDS).contains(&n), "{n} cards");
    let mut cards = IOTA;
    cards[..n].copy_from_slice(deck);
    let mut at = IOTA;
    for (p, &c) in deck.iter().enumerate() {
        at[usize::from(c)] = p as u8;
    }
    let (deck, inverse, iota) = (load(&cards), load(&at), load(&IOTA));
    let one = _mm512_set1_epi8(1);
    let along = _mm512_add_epi8(iota, one);
    let (all_n, pairs) = (first(n), first(n - 1));
    // next[i] = deck[i + 1], and the same for the inverse.
    let next = _mm512_permutexvar_epi8(along, deck);
    let inverse_next = _mm512_permutexvar_epi8(along, inverse);
    let count = |mask: u64| mask.count_ones() as usize;
    let fixed = count(_mm512_cmpeq_epi8_mask(deck, iota) & all_n);
    let descents = count(_mm512_cmpgt_epu8_mask(deck, next) & pairs);
    let successions = count(_mm512_cmpeq_epi8_mask(next, _mm512_add_epi8(deck, one)) & pairs);
    let rising = 1 + count(_mm512_cmplt_epu8_mask(inverse_next, inverse) & pairs);
    // label[i]: the smallest of the `reach` positions from i along its
    // cycle; step = the permutation to the power `reach`.
    let (mut label, mut step, mut reach) = (iota, deck, 1);
    while reach < n {
        label = _mm512_min_epu8(label, _mm512_permutexvar_epi8(step, label));
        step = _mm512_permutexvar_epi8(step, step);
        reach *= 2;
    }
    let cycles = count(_mm512_cmpeq_epi8_mask(label, iota) & all_n);
    [fixed, cycles, descents, rising, successions]
}
