//! One dense step of state merging: every arrangement pulls its weight from
//! the arrangements one transposition away, with the rank of each
//! predecessor found from the arrangement's own rank in a few table
//! lookups instead of ranking it from scratch.
//!
//! # The rank of a transposed arrangement
//! Let `d` have rank `r`, Lehmer digits `c_m` (the later cards smaller than
//! `d[m]`) and `F_m = (n−1−m)!`, so `r = Σ c_m F_m`. Swapping positions
//! `lo < hi`, holding `a = d[lo]` and `b = d[hi]`, changes only the digits
//! at `lo..=hi`:
//! - at `lo`, `c'_lo = #{m > lo : d[m] < b} + [a < b]`;
//! - at `hi`, `c'_hi = #{m > hi : d[m] < a}`;
//! - between them, the later card `b` becomes `a`, so
//!   `c'_m − c_m = [d[m] > a] − [d[m] > b]`.
//!
//! With the positions as bit masks (`below[x]`: where the cards below `x`
//! lie), every count is the popcount of a mask and the middle sum
//! `Σ ([d[m] > a] − [d[m] > b]) F_m` is two lookups in a table of
//! `Σ_{m ∈ mask} F_m` over all `2^n` masks (32 KB at 12 cards). About a
//! dozen operations per transposition, where ranking from scratch costs
//! `O(n)` popcounts.

use super::Weight;
use crate::law::perm::{FACTORIALS, next_permutation, unrank};
use rayon::prelude::*;

/// Arrangements per parallel chunk (each chunk unranks its first
/// arrangement once and steps through the rest in order).
const CHUNK: usize = 1 << 14;

/// `POPCOUNT12[m]`: the set bits of a 12-bit mask (the portable x86-64
/// target has no POPCNT instruction).
static POPCOUNT12: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut m = 0;
    while m < 4096 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// One transposition of a step, with the masks its pull needs.
#[derive(Clone, Copy, Debug)]
struct Move<W> {
    lo: usize,
    hi: usize,
    weight: W,
    /// Positions strictly between `lo` and `hi`.
    between: usize,
    /// Positions after `lo`.
    after_lo: usize,
    /// Positions after `hi`.
    after_hi: usize,
    f_lo: i64,
    f_hi: i64,
}

/// A step's transpositions, ready to pull with.
#[derive(Debug)]
pub(super) struct Pull<W> {
    n: usize,
    /// The weight of the identity (the two draws gave the same position).
    stay: W,
    moves: Vec<Move<W>>,
    /// `factorials_over[mask] = Σ_{m ∈ mask} (n−1−m)!`.
    factorials_over: Vec<i64>,
}

impl<W: Weight> Pull<W> {
    /// The pull of the merged step `moves` (`(i, j, weight)`, `i <= j`;
    /// `i == j` is the identity) on `n <= 12` cards.
    pub(super) fn new(n: usize, moves: &[(usize, usize, W)]) -> Self {
        assert!(n <= 12, "the pull's masks hold 12 positions, not {n}");
        let after = |p: usize| ((1usize << n) - 1) & !((2usize << p) - 1);
        let f = |p: usize| FACTORIALS[n - 1 - p] as i64;
        let mut stay = W::ZERO;
        let mut list = Vec::new();
        for &(lo, hi, weight) in moves {
            if lo == hi {
                stay = stay + weight;
            } else {
                list.push(Move {
                    lo,
                    hi,
                    weight,
                    between: after(lo) & ((1 << hi) - 1),
                    after_lo: after(lo),
                    after_hi: after(hi),
                    f_lo: f(lo),
                    f_hi: f(hi),
                });
            }
        }
        let factorials_over = (0..1usize << n)
            .map(|mask| (0..n).filter(|&m| mask >> m & 1 == 1).map(f).sum())
            .collect();
        Pull {
            n,
            stay,
            moves: list,
            factorials_over,
        }
    }

    /// `new[d] = Σ weight · old[d ∘ (lo hi)]` for every arrangement `d`.
    /// Each cell is written by one thread from `old` alone, so the result
    /// does not depend on the thread count.
    pub(super) fn step(&self, old: &[W], new: &mut [W]) {
        let n = self.n;
        let full = (1usize << n) - 1;
        let pc = |m: usize| i64::from(POPCOUNT12[m & 4095]);
        let fo = &self.factorials_over;
        new.par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(c, chunk)| {
                let first = c * CHUNK;
                let mut start = Vec::with_capacity(n);
                unrank(first, n, &mut start);
                let mut d = [0u8; 12];
                d[..n].copy_from_slice(&start);
                for (k, cell) in chunk.iter_mut().enumerate() {
                    let r = (first + k) as i64;
                    // below[x]: the positions of the cards below x.
                    let mut below = [0usize; 13];
                    let mut pos = [0usize; 12];
                    for (p, &card) in d[..n].iter().enumerate() {
                        pos[card as usize] = p;
                    }
                    for x in 0..n {
                        below[x + 1] = below[x] | 1 << pos[x];
                    }
                    let mut sum = self.stay * old[r as usize];
                    for m in &self.moves {
                        let (a, b) = (d[m.lo] as usize, d[m.hi] as usize);
                        let (below_a, below_b) = (below[a], below[b]);
                        let lo_digit =
                            pc(below_b & m.after_lo) + i64::from(a < b) - pc(below_a & m.after_lo);
                        let hi_digit = pc(below_a & m.after_hi) - pc(below_b & m.after_hi);
                        let above_a = full ^ below[a + 1];
                        let above_b = full ^ below[b + 1];
                        let delta = lo_digit * m.f_lo + hi_digit * m.f_hi + fo[above_a & m.between]
                            - fo[above_b & m.between];
                        sum = sum + m.weight * old[(r + delta) as usize];
                    }
                    *cell = sum;
                    next_permutation(&mut d[..n]);
                }
            });
    }
}
