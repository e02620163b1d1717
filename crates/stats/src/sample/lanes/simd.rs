//! The lane engine's vector kernels: a [`Program`] dealt in four lanes of
//! AVX2 registers or eight of AVX-512 registers, one chunk's generator per
//! lane.
//!
//! Each generator word, deck and draw of all lanes is one register. A
//! round deals one deck in every lane: per drawn position, one xoshiro256++
//! step (8 vector operations; AVX-512 rotates in one), one 32 × 32-bit
//! multiplication, and the swap as shifts by a different amount in each
//! lane.
//!
//! The multiplication is of the output's high half `h` by the bound `k`
//! (below `2^32`): `floor(h·k / 2^32)` is Lemire's result, the high word of
//! `x·k`, unless the low 32 bits of `h·k` are 0 or above `2^32 - k`. Only
//! then can the low half of `x` carry into the result, or the low word of
//! `x·k` be below `k` and call for a rejection. Such a lane is flagged,
//! not tested draw by draw (the least `2^32 - (h·k mod 2^32)`, modulo
//! `2^32`, of the round is kept, and a round where it is at most the
//! program's largest `k` is flagged), and a round with a flag is dealt
//! again from its start, lane by lane, by the exact scalar code
//! ([`Program::deal_one`]). With `K` the largest bound, a round is dealt
//! again about once in `2^32 / ((K + 1) × draws × lanes)`.
//!
//! The kernel is written once ([`kernel!`]) and compiled in each module
//! with that module's operations and target feature. Intrinsics without
//! pointers are safe inside those functions; the stores into arrays are the
//! only `unsafe` operations here.

use super::{Counter, LANES_AVX2, LANES_AVX512, Pos, Program};
use crate::sample::Accumulator;

/// The kernel, for the vector type `V` and operations of the module it is
/// expanded in.
macro_rules! kernel {
    ($feature:literal, $lanes:ident) => {
        /// Deals one group: lane `l` from generator state `states[l]`,
        /// `lens[l]` decks (`lens` not increasing), counted into `acc`.
        #[target_feature(enable = $feature)]
        pub(in crate::sample::lanes) fn deal<A: Accumulator>(
            program: &Program,
            states: &[[u64; 4]; $lanes],
            lens: &[u64; $lanes],
            acc: &mut A,
        ) {
            let mut s = vectors(states);
            let identity = splat(program.identity);
            let mut counter = Counter::new(acc, program.deck);
            let mut decks = [0u64; $lanes];
            let mut active = $lanes;
            for round in 0..lens[0] {
                while lens[active - 1] <= round {
                    active -= 1;
                }
                // The generators at the round's start, in memory: kept in
                // registers, they crowd out the generators themselves.
                let start = words(&s);
                let mut suspect = splat(u64::MAX);
                let mut d = identity;
                for &(a, b) in &program.steps {
                    let sa = shifts(&mut s, a, &mut suspect);
                    let sb = shifts(&mut s, b, &mut suspect);
                    d = swap(d, sa, sb);
                }
                store(d, &mut decks);
                if any_at_most(suspect, program.largest_k) {
                    // A draw may have needed a rejection: deal the round
                    // again, lane by lane, with every rejection.
                    let mut states = lanes(&start);
                    for (deck, state) in decks.iter_mut().zip(&mut states) {
                        *deck = program.deal_one(state);
                    }
                    s = vectors(&states);
                }
                counter.push(&decks, active);
            }
            counter.finish();
        }

        /// The generators of the lanes, word by word: word `w` of every
        /// lane in register `w`.
        #[target_feature(enable = $feature)]
        #[inline]
        fn vectors(states: &[[u64; 4]; $lanes]) -> [V; 4] {
            let mut s = [splat(0); 4];
            for (w, v) in s.iter_mut().enumerate() {
                let mut word = [0u64; $lanes];
                for (x, state) in word.iter_mut().zip(states) {
                    *x = state[w];
                }
                *v = load(&word);
            }
            s
        }

        /// The generators' words in memory: word `w` of every lane in
        /// `words[w]`.
        #[target_feature(enable = $feature)]
        #[inline]
        fn words(s: &[V; 4]) -> [[u64; $lanes]; 4] {
            let mut words = [[0u64; $lanes]; 4];
            for (word, &v) in words.iter_mut().zip(s) {
                store(v, word);
            }
            words
        }

        /// [`words`] as each lane's four words.
        fn lanes(words: &[[u64; $lanes]; 4]) -> [[u64; 4]; $lanes] {
            let mut states = [[0u64; 4]; $lanes];
            for (w, word) in words.iter().enumerate() {
                for (state, &x) in states.iter_mut().zip(word) {
                    state[w] = x;
                }
            }
            states
        }

        /// One xoshiro256++ output of every lane.
        #[target_feature(enable = $feature)]
        #[inline]
        fn next(s: &mut [V; 4]) -> V {
            let [s0, s1, s2, s3] = *s;
            let out = add(rotl23(add(s0, s3)), s0);
            let t = shl17(s1);
            let s2 = xor(s2, s0);
            let s3 = xor(s3, s1);
            let s1 = xor(s1, s2);
            let s0 = xor(s0, s3);
            let s2 = xor(s2, t);
            let s3 = rotl45(s3);
            *s = [s0, s1, s2, s3];
            out
        }

        /// The shift of a position in every lane; for a drawn one,
        /// `floor(h·k / 2^32)` for the output's high half `h`, and in the
        /// low 32 bits of each lane of `suspect` the least
        /// `-(h·k) mod 2^32` so far (see the module's documentation).
        #[target_feature(enable = $feature)]
        #[inline]
        fn shifts(s: &mut [V; 4], pos: Pos, suspect: &mut V) -> V {
            match pos {
                Pos::At(shift) => splat(shift),
                Pos::Below { k, shift } => {
                    let x = next(s);
                    let p = mul32(high_to_low(x), splat(k));
                    *suspect = min32(*suspect, neg32(p));
                    add(shl3(shr32(p)), splat(shift))
                }
            }
        }

        /// Exchanges the cards at shifts `a` and `b` of each lane's deck.
        #[target_feature(enable = $feature)]
        #[inline]
        fn swap(d: V, a: V, b: V) -> V {
            let (a, b) = (in_range(a), in_range(b));
            let x = and(xor(shrv(d, a), shrv(d, b)), splat(0xFF));
            xor(d, xor(shlv(x, a), shlv(x, b)))
        }
    };
}

/// Four lanes in 256-bit registers.
pub(super) mod avx2 {
    use super::*;
    use std::arch::x86_64::*;

    type V = __m256i;

    #[target_feature(enable = "avx2")]
    #[inline]
    fn splat(x: u64) -> V {
        _mm256_set1_epi64x(x as i64)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn load(a: &[u64; 4]) -> V {
        _mm256_set_epi64x(a[3] as i64, a[2] as i64, a[1] as i64, a[0] as i64)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn store(v: V, out: &mut [u64; 4]) {
        // SAFETY: `out` is 32 writable bytes; the store has no alignment
        // requirement.
        #[allow(unsafe_code)]
        unsafe {
            _mm256_storeu_si256(out.as_mut_ptr().cast(), v)
        }
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn add(a: V, b: V) -> V {
        _mm256_add_epi64(a, b)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn xor(a: V, b: V) -> V {
        _mm256_xor_si256(a, b)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn and(a: V, b: V) -> V {
        _mm256_and_si256(a, b)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn shl3(a: V) -> V {
        _mm256_slli_epi64::<3>(a)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn shl17(a: V) -> V {
        _mm256_slli_epi64::<17>(a)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn shr32(a: V) -> V {
        _mm256_srli_epi64::<32>(a)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn rotl23(a: V) -> V {
        _mm256_or_si256(_mm256_slli_epi64::<23>(a), _mm256_srli_epi64::<41>(a))
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn rotl45(a: V) -> V {
        _mm256_or_si256(_mm256_slli_epi64::<45>(a), _mm256_srli_epi64::<19>(a))
    }

    /// The shift amounts as they are (all below 64): AVX2's variable
    /// shifts compile to the bare instructions, and a mask to 63 was one
    /// more operation per amount (the disassembly of `deal`).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn in_range(by: V) -> V {
        by
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn shlv(a: V, by: V) -> V {
        _mm256_sllv_epi64(a, by)
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn shrv(a: V, by: V) -> V {
        _mm256_srlv_epi64(a, by)
    }

    /// The low 32 bits of each lane of `a` times those of `b`, as 64 bits.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn mul32(a: V, b: V) -> V {
        _mm256_mul_epu32(a, b)
    }

    /// Each lane's upper 32 bits in its lower 32 (and the lower in the
    /// upper).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn high_to_low(a: V) -> V {
        _mm256_shuffle_epi32::<0b10_11_00_01>(a)
    }

    /// Each 32-bit half negated, modulo `2^32`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn neg32(a: V) -> V {
        _mm256_sub_epi32(_mm256_setzero_si256(), a)
    }

    /// The lesser of each 32-bit half of `a` and `b`, unsigned.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn min32(a: V, b: V) -> V {
        _mm256_min_epu32(a, b)
    }

    /// Whether the low 32 bits of any lane are at most `k`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn any_at_most(a: V, k: u32) -> bool {
        let k = _mm256_set1_epi32(k as i32);
        let at_most = _mm256_cmpeq_epi32(_mm256_min_epu32(a, k), a);
        _mm256_testz_si256(at_most, _mm256_set1_epi64x(0xFFFF_FFFF)) == 0
    }

    kernel!("avx2", LANES_AVX2);
}

/// Eight lanes in 512-bit registers.
pub(super) mod avx512 {
    use super::*;
    use std::arch::x86_64::*;

    type V = __m512i;

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn splat(x: u64) -> V {
        _mm512_set1_epi64(x as i64)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn load(a: &[u64; 8]) -> V {
        _mm512_set_epi64(
            a[7] as i64,
            a[6] as i64,
            a[5] as i64,
            a[4] as i64,
            a[3] as i64,
            a[2] as i64,
            a[1] as i64,
            a[0] as i64,
        )
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn store(v: V, out: &mut [u64; 8]) {
        // SAFETY: `out` is 64 writable bytes; the store has no alignment
        // requirement.
        #[allow(unsafe_code)]
        unsafe {
            _mm512_storeu_epi64(out.as_mut_ptr().cast(), v)
        }
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn add(a: V, b: V) -> V {
        _mm512_add_epi64(a, b)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn xor(a: V, b: V) -> V {
        _mm512_xor_si512(a, b)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn and(a: V, b: V) -> V {
        _mm512_and_si512(a, b)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn shl3(a: V) -> V {
        _mm512_slli_epi64::<3>(a)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn shl17(a: V) -> V {
        _mm512_slli_epi64::<17>(a)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn shr32(a: V) -> V {
        _mm512_srli_epi64::<32>(a)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn rotl23(a: V) -> V {
        _mm512_rol_epi64::<23>(a)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn rotl45(a: V) -> V {
        _mm512_rol_epi64::<45>(a)
    }

    /// The shift amounts modulo 64 (they are below 64): said so, the
    /// compiler drops the out-of-range handling it gives AVX-512's
    /// variable shifts.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn in_range(by: V) -> V {
        and(by, splat(63))
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn shlv(a: V, by: V) -> V {
        _mm512_sllv_epi64(a, by)
    }

    #[target_feature(enable = "avx512f")]
    #[inline]
    fn shrv(a: V, by: V) -> V {
        _mm512_srlv_epi64(a, by)
    }

    /// The low 32 bits of each lane of `a` times those of `b`, as 64 bits.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn mul32(a: V, b: V) -> V {
        _mm512_mul_epu32(a, b)
    }

    /// Each lane's upper 32 bits in its lower 32 (and the lower in the
    /// upper).
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn high_to_low(a: V) -> V {
        _mm512_shuffle_epi32::<0b10_11_00_01>(a)
    }

    /// Each 32-bit half negated, modulo `2^32`.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn neg32(a: V) -> V {
        _mm512_sub_epi32(_mm512_setzero_si512(), a)
    }

    /// The lesser of each 32-bit half of `a` and `b`, unsigned.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn min32(a: V, b: V) -> V {
        _mm512_min_epu32(a, b)
    }

    /// Whether the low 32 bits of any lane are at most `k`.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn any_at_most(a: V, k: u32) -> bool {
        _mm512_mask_cmple_epu32_mask(0x5555, a, _mm512_set1_epi32(k as i32)) != 0
    }

    kernel!("avx512f", LANES_AVX512);
}
