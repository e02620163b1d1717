//! The generators real programs shuffle with, each ported from its
//! published definition and checked against the real implementation's
//! output where this machine has it. The shuffles built on them are in
//! [`crate::published`] and [`crate::seeded`] (Microsoft C's `rand()`,
//! [`crate::CRand`]).

/// Delphi's (and Turbo Pascal's) `Random(n)`: the 32-bit linear
/// congruential generator `RandSeed := RandSeed * $08088405 + 1 (mod
/// 2^32)`, and `Random(n)` the high 32 bits of the 64-bit product `n *
/// RandSeed`, taken after the update. `RandSeed` is the whole state, so
/// assigning it (or `Randomize`, which sets it from the clock) fixes every
/// draw that follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DelphiRandom {
    /// `RandSeed`.
    pub rand_seed: u32,
}

impl DelphiRandom {
    /// The multiplier, `$08088405`.
    pub const A: u32 = 0x0808_8405;

    /// The generator with `RandSeed := seed`.
    pub fn seeded(seed: u32) -> Self {
        DelphiRandom { rand_seed: seed }
    }

    /// `Random(n)`: uniform-looking in `0..n` (`n >= 1`).
    #[inline]
    pub fn random(&mut self, n: u32) -> u32 {
        self.rand_seed = self.rand_seed.wrapping_mul(Self::A).wrapping_add(1);
        ((u64::from(n) * u64::from(self.rand_seed)) >> 32) as u32
    }
}

/// glibc's `rand()` (and `random()`): the additive feedback generator of
/// `random_r.c` (TYPE_3: degree 31, separation 3), as glibc 2.36 runs it.
///
/// `srand(seed)` fills 31 words with `16807 · r (mod 2^31 − 1)` from the
/// seed (0 taken as 1; the seed read as a signed 32-bit number), then
/// discards 310 outputs; each output adds the word 3 places back to the
/// word 31 back (mod 2^32) and returns the sum shifted right by one: 31
/// bits, `RAND_MAX = 2^31 − 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlibcRand {
    state: [u32; 31],
    front: usize,
    rear: usize,
}

impl GlibcRand {
    /// `RAND_MAX`.
    pub const RAND_MAX: u32 = 0x7fff_ffff;

    /// `srand(seed)`.
    pub fn srand(seed: u32) -> Self {
        let mut state = [0u32; 31];
        let seed = if seed == 0 { 1 } else { seed };
        state[0] = seed;
        let mut word = i64::from(seed as i32);
        for s in state.iter_mut().skip(1) {
            // Schrage's method, in the signed arithmetic glibc uses.
            let (hi, lo) = (word / 127_773, word % 127_773);
            word = 16_807 * lo - 2_836 * hi;
            if word < 0 {
                word += 2_147_483_647;
            }
            word = i64::from(word as i32);
            *s = word as u32;
        }
        let mut g = GlibcRand {
            state,
            front: 3,
            rear: 0,
        };
        for _ in 0..310 {
            g.rand();
        }
        g
    }

    /// `rand()`: the next 31-bit output.
    #[inline]
    pub fn rand(&mut self) -> u32 {
        let sum = self.state[self.front].wrapping_add(self.state[self.rear]);
        self.state[self.front] = sum;
        self.front = if self.front == 30 { 0 } else { self.front + 1 };
        self.rear = if self.rear == 30 { 0 } else { self.rear + 1 };
        sum >> 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delphi_random_is_the_published_recurrence() {
        // RandSeed := 0: the states are 1, $08088406, ... and Random(n) the
        // high half of n * RandSeed (computed here with 128-bit integers).
        let mut r = DelphiRandom::seeded(0);
        let mut state: u128 = 0;
        for _ in 0..1000 {
            state = (state * 0x0808_8405 + 1) % (1 << 32);
            let want = (51 * state) >> 32;
            assert_eq!(u128::from(r.random(51)), want);
            assert_eq!(u128::from(r.rand_seed), state);
        }
        // The first states after RandSeed := 0.
        let mut r = DelphiRandom::seeded(0);
        r.random(1);
        assert_eq!(r.rand_seed, 1);
        r.random(1);
        assert_eq!(r.rand_seed, 0x0808_8406);
    }

    #[test]
    fn glibc_rand_is_what_glibc_prints() {
        // Printed by glibc 2.36 (Debian 12), `srand(seed)` then `rand()`
        // in a loop: `printf("%d ", rand())`, compiled with gcc 12.
        let cases: [(u32, &[u32]); 5] = [
            (
                1,
                &[
                    1804289383, 846930886, 1681692777, 1714636915, 1957747793, 424238335,
                    719885386, 1649760492,
                ],
            ),
            (0, &[1804289383, 846930886, 1681692777]),
            (
                1349827200,
                &[1238217896, 60976004, 620463343, 1708024157, 810371295],
            ),
            (3000000000, &[2058147116, 854483408, 922419988, 286396165]),
            (4294967295, &[254925627, 1205188300, 366127624, 1401405153]),
        ];
        for (seed, want) in cases {
            let mut g = GlibcRand::srand(seed);
            let got: Vec<u32> = want.iter().map(|_| g.rand()).collect();
            assert_eq!(got, want, "srand({seed})");
        }
    }
}
