//! The fast path's numbers sixteen bytes at a time, with SSSE3: digits and
//! separators found by comparing whole vectors, each number of one or two
//! digits valued in place (`10 d₀ + d₁` where a second digit follows), and
//! the values at the numbers' first digits packed together by a byte
//! shuffle. A line with a number of three digits or more, or a byte that is
//! neither digit nor separator, is left to the scalar code.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Whether this processor runs [`numbers`].
pub(crate) fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("ssse3")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Bytes a padded line must have after its `body` bytes.
pub(crate) const TAIL: usize = 32;

/// Shuffle controls that pack bytes: for each mask of 8 bits, the places of
/// its set bits in order, then `0xFF` (a zero byte).
#[cfg(target_arch = "x86_64")]
const PACK: [u64; 256] = {
    let mut table = [u64::MAX; 256];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut j) = (0, 0);
        while j < 8 {
            if (m >> j) & 1 == 1 {
                table[m] = (table[m] & !(0xFF << (8 * k))) | ((j as u64) << (8 * k));
                k += 1;
            }
            j += 1;
        }
        m += 1;
    }
    table
};

/// The numbers of the line `bytes[..len]` into `out`, less `first`
/// (wrapping): their count, or `None` when the line holds anything but
/// numbers of one or two digits separated by spaces, tabs or commas. The
/// bytes after the line are read, not parsed: [`TAIL`] bytes at least past
/// `len` rounded up to 16, the first of them (if any) not a digit. `out`
/// holds `len / 2 + 24` bytes at least.
///
/// # Safety
/// The processor must have SSSE3 ([`available`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
#[allow(unsafe_code)]
pub(crate) unsafe fn numbers(bytes: &[u8], len: usize, first: u8, out: &mut [u8]) -> Option<usize> {
    let body = len.next_multiple_of(16);
    assert!(bytes.len() >= body + TAIL && out.len() >= body / 2 + 16);
    let zero = _mm_set1_epi8(b'0' as i8);
    let nine = _mm_set1_epi8(9);
    let (space, comma, tab) = (
        _mm_set1_epi8(b' ' as i8),
        _mm_set1_epi8(b',' as i8),
        _mm_set1_epi8(b'\t' as i8),
    );
    let eight = _mm_set1_epi8(8);
    let first = _mm_set1_epi8(first as i8);
    // The digits of the last chunk.
    let mut previous = 0u32;
    let mut k = 0usize;
    for o in (0..body).step_by(16) {
        // SAFETY: `o + 1 + 16 <= body + TAIL <= bytes.len()`.
        let (x, y) = unsafe {
            (
                _mm_loadu_si128(bytes.as_ptr().add(o).cast()),
                _mm_loadu_si128(bytes.as_ptr().add(o + 1).cast()),
            )
        };
        let (dx, dy) = (_mm_sub_epi8(x, zero), _mm_sub_epi8(y, zero));
        let is_digit = |d| _mm_cmpeq_epi8(_mm_min_epu8(d, nine), d);
        let (digit_x, digit_y) = (is_digit(dx), is_digit(dy));
        let separator = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(x, space), _mm_cmpeq_epi8(x, comma)),
            _mm_cmpeq_epi8(x, tab),
        );
        // Past the line's end: neither digits nor anything wrong.
        let line = if o + 16 > len {
            (1u32 << (len - o)) - 1
        } else {
            0xFFFF
        };
        let digits = _mm_movemask_epi8(digit_x) as u32 & line;
        let separators = (_mm_movemask_epi8(separator) as u32 | !line) & 0xFFFF;
        // Three digits in a row, this chunk's last two digits of the one
        // before included.
        let run = (digits << 2) | (previous >> 14);
        if digits | separators != 0xFFFF || run & (run << 1) & (run << 2) != 0 {
            return None;
        }
        let starts = digits & !((digits << 1) | (previous >> 15)) & 0xFFFF;
        previous = digits;
        // 10 d0 + d1 where a second digit follows, else d0.
        let two = _mm_add_epi8(dx, dx);
        let eight_times = _mm_add_epi8(_mm_add_epi8(two, two), _mm_add_epi8(two, two));
        let tens = _mm_add_epi8(_mm_add_epi8(eight_times, two), dy);
        let value = _mm_sub_epi8(
            _mm_or_si128(_mm_and_si128(digit_y, tens), _mm_andnot_si128(digit_y, dx)),
            first,
        );
        let (low, high) = ((starts & 0xFF) as usize, (starts >> 8) as usize);
        let pack_low = _mm_cvtsi64_si128(PACK[low] as i64);
        let pack_high = _mm_add_epi8(_mm_cvtsi64_si128(PACK[high] as i64), eight);
        // SAFETY: at most `o / 2 + 1` numbers came before this chunk and 16
        // bytes after `k` stay inside `out`.
        unsafe {
            _mm_storel_epi64(
                out.as_mut_ptr().add(k).cast(),
                _mm_shuffle_epi8(value, pack_low),
            );
            k += low.count_ones() as usize;
            _mm_storel_epi64(
                out.as_mut_ptr().add(k).cast(),
                _mm_shuffle_epi8(value, pack_high),
            );
            k += high.count_ones() as usize;
        }
    }
    Some(k)
}

/// Never called: [`available`] is `false` off x86-64.
///
/// # Safety
/// None needed.
#[cfg(not(target_arch = "x86_64"))]
#[allow(unsafe_code)]
pub(crate) unsafe fn numbers(_: &[u8], _: usize, _: u8, _: &mut [u8]) -> Option<usize> {
    None
}
