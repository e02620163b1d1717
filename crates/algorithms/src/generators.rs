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

/// MT19937, the 32-bit Mersenne Twister of Matsumoto and Nishimura (1998),
/// as C++'s `std::mt19937` and PHP's `mt_rand` (7.1 and later) run it:
/// seeded by `init_genrand` (`x[0] = seed`, `x[i] = 1812433253 · (x[i-1]
/// ^ (x[i-1] >> 30)) + i`), 624 words regenerated at a time, each output
/// tempered. Checked against the C++ standard's vector (the 10,000th
/// output of the default seed 5489 is 4,123,659,995), against libstdc++
/// (GCC 12) for other seeds and against php-src's tests.
///
/// Each word is regenerated just before it is output, in order, which is
/// the same arithmetic as regenerating all 624 at once (word `i` depends
/// on the new words below `i` and the old ones above); and the seeding is
/// carried only as far as the words asked for need (word `i` of the first
/// generation reads seed word `i + 397`). A deal that uses 30 outputs pays
/// for about 430 seed words and 30 regenerated ones, not 1,248.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mt19937 {
    state: [u32; 624],
    /// The next word to regenerate and output.
    index: usize,
    /// How many seed words are computed (all 624 after the first
    /// generation's first 227 outputs).
    seeded: usize,
}

impl Mt19937 {
    const N: usize = 624;
    const M: usize = 397;

    /// `std::mt19937 g(seed)`, `mt_srand(seed)`.
    pub fn new(seed: u32) -> Self {
        let mut state = [0u32; 624];
        state[0] = seed;
        Mt19937 {
            state,
            index: 0,
            seeded: 1,
        }
    }

    /// Computes the seed words up to index `last` (at most 623).
    #[inline]
    fn seed_up_to(&mut self, last: usize) {
        while self.seeded <= last {
            let prev = self.state[self.seeded - 1];
            self.state[self.seeded] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(self.seeded as u32);
            self.seeded += 1;
        }
    }

    /// The next 32-bit output (`g()`; PHP's internal `php_mt_rand()`).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.index == Self::N {
            self.index = 0;
        }
        let i = self.index;
        if self.seeded < Self::N {
            self.seed_up_to((i + Self::M).min(Self::N - 1));
        }
        let mt = &mut self.state;
        let y = (mt[i] & 0x8000_0000) | (mt[(i + 1) % Self::N] & 0x7fff_ffff);
        let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
        mt[i] = mt[(i + Self::M) % Self::N] ^ (y >> 1) ^ mag;
        self.index += 1;
        let mut y = mt[i];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
}

/// libstdc++'s `std::uniform_int_distribution` (GCC 11 and later) on a
/// 32-bit generator such as `std::mt19937`, for a range of `range` values
/// (`1..=2^32`): Lemire's nearly divisionless method. The 64-bit product
/// `g() · range` is taken; if its low half falls below `2^32 mod range`
/// the draw is rejected and another made; the high half is the result.
#[inline]
pub fn libstdcxx_uniform_below(g: &mut Mt19937, range: u64) -> u64 {
    debug_assert!((1..=1 << 32).contains(&range));
    if range == 1 << 32 {
        return u64::from(g.next_u32());
    }
    let mut product = u64::from(g.next_u32()) * range;
    let mut low = product as u32;
    let range32 = range as u32;
    if low < range32 {
        let threshold = range32.wrapping_neg() % range32;
        while low < threshold {
            product = u64::from(g.next_u32()) * range;
            low = product as u32;
        }
    }
    product >> 32
}

/// libstdc++'s `std::shuffle` (GCC 10 and later) with a 32-bit generator:
/// when the generator's range holds the square of the deck's size, two
/// swap positions are drawn from one number (`x` uniform below
/// `(i + 1)(i + 2)`, then `x / (i + 2)` and `x % (i + 2)`), after a first single swap
/// of position 1 when the deck's size is even; otherwise one draw per
/// position. Each position `i` swaps with one uniform in `0..=i`: a correct
/// Fisher–Yates, drawn forwards.
pub fn libstdcxx_shuffle<T>(deck: &mut [T], g: &mut Mt19937) {
    let n = deck.len() as u64;
    if n == 0 {
        return;
    }
    let urngrange = u64::from(u32::MAX);
    if urngrange / n >= n {
        let mut i = 1usize;
        if n.is_multiple_of(2) {
            let j = libstdcxx_uniform_below(g, 2) as usize;
            deck.swap(i, j);
            i += 1;
        }
        while i < deck.len() {
            let swap_range = i as u64 + 1;
            let x = libstdcxx_uniform_below(g, swap_range * (swap_range + 1));
            deck.swap(i, (x / (swap_range + 1)) as usize);
            i += 1;
            deck.swap(i, (x % (swap_range + 1)) as usize);
            i += 1;
        }
    } else {
        for i in 1..deck.len() {
            let j = libstdcxx_uniform_below(g, i as u64 + 1) as usize;
            deck.swap(i, j);
        }
    }
}

/// libstdc++'s `std::random_shuffle(first, last)` as GCC 12 ships it
/// (`bits/stl_algo.h`, deprecated since C++14): for each position `i` from
/// 1, swap it with position `rand() % (i + 1)`, where `rand` is C's
/// `rand()`. Fair only while `RAND_MAX + 1` is a multiple of every `i + 1`;
/// with a 15-bit `rand()` (Microsoft's C runtime, which MinGW programs on
/// Windows link) every position past 32,767 swaps with one of the first
/// 32,768, so on a long array each element moves about 2^16 places instead
/// of a third of the array.
pub fn libstdcxx_random_shuffle<T>(deck: &mut [T], rand: &mut impl FnMut() -> u32) {
    for i in 1..deck.len() {
        let j = rand() as usize % (i + 1);
        if i != j {
            deck.swap(i, j);
        }
    }
}

/// PHP's `mt_rand` family (7.1 and later; `ext/standard/mt_rand.c`, since
/// 8.2 `ext/random`): [`Mt19937`] seeded by `mt_srand(seed)`, `mt_rand()`
/// its output shifted right by one, and a range `min..=max` drawn by
/// rejection: a 32-bit output, masked when the range's size is a power of
/// two, else redrawn while above `2^32 − 1 − (2^32 − 1) mod size − 1`
/// and reduced modulo the size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhpMtRand(Mt19937);

impl PhpMtRand {
    /// `mt_srand(seed)` (the seed taken modulo 2^32).
    pub fn mt_srand(seed: u32) -> Self {
        PhpMtRand(Mt19937::new(seed))
    }

    /// `mt_rand()`: 31 bits.
    pub fn mt_rand(&mut self) -> u32 {
        self.0.next_u32() >> 1
    }

    /// `mt_rand(0, umax)` (`rand_range32`).
    pub fn range(&mut self, umax: u32) -> u32 {
        let mut result = self.0.next_u32();
        if umax == u32::MAX {
            return result;
        }
        let size = umax + 1;
        if size.is_power_of_two() {
            return result & umax;
        }
        let limit = u32::MAX - (u32::MAX % size) - 1;
        while result > limit {
            result = self.0.next_u32();
        }
        result % size
    }
}

/// Java's `java.util.Random`: the 48-bit linear congruential generator
/// `seed = seed · 0x5DEECE66D + 0xB (mod 2^48)`, seeded by `new
/// Random(seed)` as `(seed ^ 0x5DEECE66D) mod 2^48`; `next(bits)` is the
/// state's top `bits` bits, `nextInt()` `next(32)`, and `nextInt(bound)`
/// `next(31)` scaled for a power of two and otherwise reduced modulo
/// `bound` with rejection of the last incomplete block. As OpenJDK 17
/// runs it (the algorithm the class's documentation specifies); checked
/// against `java` 17.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JavaRandom {
    seed: u64,
}

impl JavaRandom {
    const MULTIPLIER: u64 = 0x5_DEEC_E66D;
    const MASK: u64 = (1 << 48) - 1;

    /// `new Random(seed)` (a Java `long`, here its 64 bits).
    pub fn new(seed: u64) -> Self {
        JavaRandom {
            seed: (seed ^ Self::MULTIPLIER) & Self::MASK,
        }
    }

    /// `next(bits)`, `1 <= bits <= 32`, as the `int` Java returns (its
    /// bits, unsigned).
    #[inline]
    pub fn next(&mut self, bits: u32) -> u32 {
        self.seed = (self.seed.wrapping_mul(Self::MULTIPLIER).wrapping_add(0xB)) & Self::MASK;
        (self.seed >> (48 - bits)) as u32
    }

    /// `nextInt()`.
    pub fn next_int(&mut self) -> i32 {
        self.next(32) as i32
    }

    /// `nextInt(bound)`, `bound >= 1`.
    #[inline]
    pub fn next_int_below(&mut self, bound: u32) -> u32 {
        debug_assert!((1..=i32::MAX as u32).contains(&bound));
        let r = self.next(31);
        let m = bound - 1;
        if bound & m == 0 {
            return ((u64::from(bound) * u64::from(r)) >> 31) as u32;
        }
        // for (u = r; u - (r = u % bound) + m < 0; u = next(31)): the sum
        // overflows a Java int exactly when u lies in the last, incomplete
        // block of `bound` values.
        let mut u = r;
        loop {
            let r = u % bound;
            if (u - r).checked_add(m).is_some_and(|t| t <= i32::MAX as u32) {
                return r;
            }
            u = self.next(31);
        }
    }
}

/// .NET's `System.Random` with a seed (the .NET Framework class, and the
/// seeded `Random(int)` of .NET Core and .NET 5 and later, which kept its
/// algorithm): Knuth's subtractive generator as *Numerical Recipes*
/// printed it, with the seed array filled from `161803398 − |seed|`, mixed
/// four times, and each output `a[i] − a[i + 21]` (mod `2^31 − 1`, the 55
/// words used cyclically from index 1). `Next(max)` is `(int)(Sample() ·
/// max)` with `Sample()` the output times `1 / (2^31 − 1)`. The
/// arithmetic wraps as C#'s unchecked `int` does. Checked against the
/// values the .NET runtime's own tests expect for seeds 0 to 19
/// (`RandomTests.ExpectedValues`, dotnet/runtime).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotNetRandom {
    seed_array: [i32; 56],
    inext: usize,
    inextp: usize,
}

impl DotNetRandom {
    const MBIG: i32 = i32::MAX;
    const MSEED: i32 = 161_803_398;

    /// `new Random(seed)`.
    pub fn new(seed: i32) -> Self {
        let mut a = [0i32; 56];
        let subtraction = if seed == i32::MIN {
            i32::MAX
        } else {
            seed.abs()
        };
        let mut mj = Self::MSEED.wrapping_sub(subtraction);
        a[55] = mj;
        let mut mk = 1i32;
        let mut ii = 0usize;
        for _ in 1..55 {
            ii += 21;
            if ii >= 55 {
                ii -= 55;
            }
            a[ii] = mk;
            mk = mj.wrapping_sub(mk);
            if mk < 0 {
                mk = mk.wrapping_add(Self::MBIG);
            }
            mj = a[ii];
        }
        for _ in 1..5 {
            for k in 1..56 {
                let mut n = k + 30;
                if n >= 55 {
                    n -= 55;
                }
                a[k] = a[k].wrapping_sub(a[1 + n]);
                if a[k] < 0 {
                    a[k] = a[k].wrapping_add(Self::MBIG);
                }
            }
        }
        DotNetRandom {
            seed_array: a,
            inext: 0,
            inextp: 21,
        }
    }

    /// `Next()` (`InternalSample`).
    #[inline]
    pub fn next_int(&mut self) -> i32 {
        self.inext = if self.inext + 1 >= 56 {
            1
        } else {
            self.inext + 1
        };
        self.inextp = if self.inextp + 1 >= 56 {
            1
        } else {
            self.inextp + 1
        };
        let mut num = self.seed_array[self.inext].wrapping_sub(self.seed_array[self.inextp]);
        if num == Self::MBIG {
            num -= 1;
        }
        if num < 0 {
            num = num.wrapping_add(Self::MBIG);
        }
        self.seed_array[self.inext] = num;
        num
    }

    /// `Next(max)`, `max >= 0`: `(int)(Sample() * max)`.
    #[inline]
    pub fn next_below(&mut self, max: i32) -> i32 {
        Self::below_from(self.next_int(), max)
    }

    /// `Next(max)` from the output `Next()` gave: `(int)(output · (1 /
    /// (2^31 − 1)) · max)`, in the same floating-point steps.
    #[inline]
    pub fn below_from(output: i32, max: i32) -> i32 {
        let sample = f64::from(output) * (1.0 / f64::from(Self::MBIG));
        (sample * f64::from(max)) as i32
    }
}

/// The first outputs of `new Random(seed)` for consecutive seeds, one step
/// each, by the generator's linearity.
///
/// For `0 <= seed <= 161,803,398` the seeding starts from `mj = 161803398 −
/// seed` in `0..2^31 − 1` and every word it computes stays in that range,
/// so each of its subtractions (`x − y`, plus `2^31 − 1` when negative) is
/// exact arithmetic modulo the prime `2^31 − 1`; the outputs are differences
/// of words too. Every output is therefore `c_k · mj + d_k (mod 2^31 − 1)`
/// for constants `c_k`, `d_k`, and the next seed's outputs are this seed's
/// minus `c_k`. Above that seed `mj` is negative and words leave the range
/// (C#'s unchecked `int` arithmetic can wrap), so the congruence is no
/// longer guaranteed: those seeds are dealt one by one. The walk's outputs
/// are checked against [`DotNetRandom`] itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotNetOutputWalk {
    seed: u32,
    outputs: Vec<i32>,
    step: Vec<i32>,
}

impl DotNetOutputWalk {
    /// The last seed the walk reaches: `161,803,398`, where `mj` is 0.
    pub const LINEAR_UP_TO: u32 = DotNetRandom::MSEED as u32;

    /// The first `draws` outputs of `new Random(seed)`, ready to step to the
    /// next seeds; `None` above [`LINEAR_UP_TO`](Self::LINEAR_UP_TO).
    pub fn new(seed: u32, draws: usize) -> Option<Self> {
        if seed > Self::LINEAR_UP_TO {
            return None;
        }
        let outputs = |s: i32| -> Vec<i32> {
            let mut r = DotNetRandom::new(s);
            (0..draws).map(|_| r.next_int()).collect()
        };
        // mj = 1 and mj = 0: the step of one seed is their difference.
        let one = outputs(DotNetRandom::MSEED - 1);
        let zero = outputs(DotNetRandom::MSEED);
        let step = one
            .iter()
            .zip(&zero)
            .map(|(&a, &b)| sub_mod(a, b))
            .collect();
        Some(DotNetOutputWalk {
            seed,
            outputs: outputs(seed as i32),
            step,
        })
    }

    /// The seed whose outputs [`outputs`](Self::outputs) holds.
    pub fn seed(&self) -> u32 {
        self.seed
    }

    /// Its first outputs, `Next()` after `Next()`.
    pub fn outputs(&self) -> &[i32] {
        &self.outputs
    }

    /// Steps to the next seed; `false` (and no step) past
    /// [`LINEAR_UP_TO`](Self::LINEAR_UP_TO).
    #[inline]
    pub fn advance(&mut self) -> bool {
        if self.seed >= Self::LINEAR_UP_TO {
            return false;
        }
        self.seed += 1;
        for (o, &c) in self.outputs.iter_mut().zip(&self.step) {
            *o = sub_mod(*o, c);
        }
        true
    }
}

/// `a − b` modulo `2^31 − 1`, for `a` and `b` in `0..2^31 − 1`.
#[inline]
fn sub_mod(a: i32, b: i32) -> i32 {
    let d = a - b;
    if d < 0 { d + DotNetRandom::MBIG } else { d }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dotnet_walk_gives_the_generators_own_outputs() {
        let check = |start: u32, seeds: u32| {
            let mut walk = DotNetOutputWalk::new(start, 60).unwrap();
            for s in start..start + seeds {
                let mut r = DotNetRandom::new(s as i32);
                let want: Vec<i32> = (0..60).map(|_| r.next_int()).collect();
                assert_eq!(walk.seed(), s);
                assert_eq!(walk.outputs(), want, "seed {s}");
                if !walk.advance() {
                    assert_eq!(s, DotNetOutputWalk::LINEAR_UP_TO);
                }
            }
        };
        check(0, 3000);
        check(86_399_000, 2000);
        check(DotNetOutputWalk::LINEAR_UP_TO - 2000, 2001);
        let mut x = 12345u64;
        for _ in 0..50 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            check((x >> 33) as u32 % DotNetOutputWalk::LINEAR_UP_TO, 3);
        }
        assert!(DotNetOutputWalk::new(DotNetOutputWalk::LINEAR_UP_TO + 1, 5).is_none());
    }

    /// Above the walk's last seed `mj` is negative and C#'s `int`
    /// arithmetic wraps: the outputs are no longer the linear ones for
    /// every seed (here, for some seed of the next million).
    #[test]
    fn above_the_walk_the_outputs_are_not_all_linear() {
        let walk = DotNetOutputWalk::new(DotNetOutputWalk::LINEAR_UP_TO, 60).unwrap();
        let mut linear = walk.outputs().to_vec();
        let broken = (1..=1_000_000).find(|k| {
            for (o, &c) in linear.iter_mut().zip(&walk.step) {
                *o = sub_mod(*o, c);
            }
            let mut r = DotNetRandom::new((DotNetOutputWalk::LINEAR_UP_TO + k) as i32);
            linear.iter().any(|&o| o != r.next_int())
        });
        assert!(broken.is_some());
    }

    /// `scripts/random-shuffle-rand15.cpp`, compiled by g++ 12, runs
    /// libstdc++'s own `random_shuffle` on 3,000,000 elements with
    /// Microsoft's `rand()` from seed 1 and prints the sum of `|p[i] − i|`.
    #[test]
    fn libstdcxx_random_shuffle_matches_gcc_12() {
        let n = 3_000_000usize;
        let mut p: Vec<u32> = (0..n as u32).collect();
        let mut c = crate::seeded::CRand::srand(1);
        libstdcxx_random_shuffle(&mut p, &mut || c.rand());
        let sum: u64 = p
            .iter()
            .enumerate()
            .map(|(i, &v)| (i as u64).abs_diff(u64::from(v)))
            .sum();
        assert_eq!(sum, 193_390_169_814);
        let mut q: Vec<u8> = (0..10).collect();
        let mut script = [3u32, 0, 7, 1, 9, 2, 2, 8, 4].into_iter();
        libstdcxx_random_shuffle(&mut q, &mut || script.next().unwrap());
        // i = 1: 3 % 2 = 1 stays; i = 2: 0; i = 3: 7 % 4 = 3 stays; ...
        let mut r: Vec<u8> = (0..10).collect();
        for (i, x) in [3u32, 0, 7, 1, 9, 2, 2, 8, 4].iter().enumerate() {
            r.swap(i + 1, *x as usize % (i + 2));
        }
        assert_eq!(q, r);
    }

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

    #[test]
    fn mt19937_is_what_the_standard_and_libstdcxx_print() {
        // [rand.predef]: the 10,000th output of a default-constructed
        // std::mt19937 (seed 5489) is 4123659995.
        let mut g = Mt19937::new(5489);
        let last = (0..10_000).map(|_| g.next_u32()).last();
        assert_eq!(last, Some(4_123_659_995));
        // Printed by g++ 12.2 (libstdc++, Debian 12): std::mt19937 g(seed)
        // then g() four times.
        let cases: [(u32, [u32; 4]); 3] = [
            (1, [1791095845, 4282876139, 3093770124, 4005303368]),
            (5489, [3499211612, 581869302, 3890346734, 3586334585]),
            (1349827200, [3915812081, 3398251691, 2882921421, 1005037509]),
        ];
        for (seed, want) in cases {
            let mut g = Mt19937::new(seed);
            assert_eq!(want.map(|_| g.next_u32()), want, "seed {seed}");
        }
        // PHP 7.1+: mt_srand(1); mt_rand() is the first output shifted
        // right by one, 895547922 (the value PHP's documentation prints).
        assert_eq!(Mt19937::new(1).next_u32() >> 1, 895_547_922);
    }

    #[test]
    fn libstdcxx_distribution_and_shuffle_are_what_gxx_prints() {
        // g++ 12.2: std::mt19937 g(7); std::uniform_int_distribution<unsigned
        // long> d(0, 2999999999); d(g) six times (a range that rejects).
        let mut g = Mt19937::new(7);
        let got: Vec<u64> = (0..6)
            .map(|_| libstdcxx_uniform_below(&mut g, 3_000_000_000))
            .collect();
        assert_eq!(
            got,
            [
                228924873, 682017224, 956916682, 1315227674, 2934668688, 2170395539
            ]
        );
        // g++ 12.2: std::mt19937 g(seed); std::shuffle(v.begin(), v.end(), g)
        // on v = 0..n.
        let cases: [(u32, &[u8]); 6] = [
            (1349827200, &[4, 1, 2, 3, 0]),
            (1349827200, &[8, 6, 9, 4, 1, 7, 3, 2, 0, 5]),
            (
                1349827200,
                &[
                    30, 25, 41, 35, 43, 7, 19, 31, 0, 39, 37, 8, 2, 40, 12, 15, 27, 38, 26, 42, 11,
                    28, 1, 10, 45, 44, 49, 21, 48, 20, 29, 34, 14, 23, 17, 18, 50, 16, 32, 5, 47,
                    36, 13, 22, 51, 9, 24, 3, 4, 33, 46, 6,
                ],
            ),
            (
                1349827200,
                &[
                    31, 7, 37, 26, 46, 50, 4, 32, 28, 6, 20, 34, 5, 41, 9, 42, 15, 39, 33, 43, 2,
                    29, 30, 12, 44, 10, 45, 40, 16, 49, 52, 35, 8, 22, 17, 21, 36, 51, 1, 3, 11,
                    38, 13, 27, 24, 19, 23, 25, 14, 18, 0, 47, 48,
                ],
            ),
            (1349870000, &[1, 0, 2]),
            (1349870000, &[3, 4, 7, 9, 2, 5, 0, 8, 6, 1]),
        ];
        for (seed, want) in cases {
            let mut deck: Vec<u8> = (0..want.len() as u8).collect();
            libstdcxx_shuffle(&mut deck, &mut Mt19937::new(seed));
            assert_eq!(deck, want, "seed {seed}, {} cards", want.len());
        }
    }

    #[test]
    fn php_mt_rand_is_what_php_src_tests_expect() {
        // php-src ext/standard/tests/math/mt_rand_value.phpt, the
        // MT_RAND_MT19937 half: mt_srand(12345678), sixteen mt_rand(), then
        // the xor of the next 1024.
        let mut r = PhpMtRand::mt_srand(12_345_678);
        let first: Vec<u32> = (0..16).map(|_| r.mt_rand()).collect();
        assert_eq!(
            first,
            [
                527860569, 1711027313, 1280820687, 688176834, 770499160, 412773096, 813703253,
                898651287, 52508912, 757323740, 511765911, 274407457, 833082629, 1923803667,
                1461450755, 1301698200,
            ]
        );
        let x = (0..1024).fold(0, |x, _| x ^ r.mt_rand());
        assert_eq!(x, 1_612_214_270);
    }

    #[test]
    fn php_range_masks_powers_of_two_and_rejects_the_rest() {
        // The raw outputs of seed 5489 are 3499211612, 581869302, ...
        let mut r = PhpMtRand::mt_srand(5489);
        assert_eq!(r.range(3), 3_499_211_612 & 3);
        assert_eq!(r.range(u32::MAX), 581_869_302);
        // 3890346734 is within the limit for a size of 3 (4294967293).
        assert_eq!(r.range(2), 3_890_346_734 % 3);
        // A size of 2^31 + 1 rejects every output above the limit
        // 4294967295 - 2147483646 - 1 = 2^31: 3586334585 is rejected and
        // the next output below the limit is used.
        let mut g = Mt19937::new(5489);
        let raw: Vec<u32> = (0..8).map(|_| g.next_u32()).collect();
        let size = (1u32 << 31) + 1;
        let limit = u32::MAX - (u32::MAX % size) - 1;
        let want = raw[4..].iter().find(|&&w| w <= limit).unwrap() % size;
        assert!(raw[3] > limit);
        assert_eq!(r.range(1 << 31), want);
    }

    #[test]
    fn java_random_is_what_java_prints() {
        // Printed by OpenJDK 17.0.15: new Random(seed), nextInt() three
        // times, then nextInt(52), nextInt(64), nextInt(1000),
        // nextInt(1 << 30), nextInt(Integer.MAX_VALUE).
        let cases: [(i64, [i64; 8]); 5] = [
            (
                0,
                [
                    -1155484576,
                    -723955400,
                    1033096058,
                    47,
                    40,
                    53,
                    591027245,
                    251269761,
                ],
            ),
            (
                1,
                [
                    -1155869325,
                    431529176,
                    1761283695,
                    9,
                    13,
                    904,
                    357252217,
                    1414906606,
                ],
            ),
            (
                42,
                [
                    -1170105035,
                    234785527,
                    -1360544799,
                    12,
                    19,
                    525,
                    297510752,
                    1519796918,
                ],
            ),
            (
                1349870000123,
                [
                    554415930,
                    -1891065315,
                    -397988946,
                    22,
                    60,
                    723,
                    57180534,
                    1242151990,
                ],
            ),
            (
                -5,
                [
                    1156638822, 1560933443, 1434915906, 4, 24, 385, 308505528, 497885393,
                ],
            ),
        ];
        for (seed, want) in cases {
            let mut r = JavaRandom::new(seed as u64);
            let mut got: Vec<i64> = (0..3).map(|_| i64::from(r.next_int())).collect();
            for bound in [52, 64, 1000, 1 << 30, i32::MAX as u32] {
                got.push(i64::from(r.next_int_below(bound)));
            }
            assert_eq!(got, want, "seed {seed}");
        }
    }

    #[test]
    fn dotnet_random_is_what_the_runtime_tests_expect() {
        // dotnet/runtime, System.Runtime.Extensions tests, RandomTests.cs,
        // `Values()`: new Random(seed), Next() ten times, seeds 0 to 19
        // (here seeds 0, 1, 2 and 19).
        let cases: [(i32, [i32; 10]); 4] = [
            (
                0,
                [
                    1559595546, 1755192844, 1649316166, 1198642031, 442452829, 1200195957,
                    1945678308, 949569752, 2099272109, 587775847,
                ],
            ),
            (
                1,
                [
                    534011718, 237820880, 1002897798, 1657007234, 1412011072, 929393559, 760389092,
                    2026928803, 217468053, 1379662799,
                ],
            ),
            (
                2,
                [
                    1655911537, 867932563, 356479430, 2115372437, 234085668, 658591161, 1722583523,
                    956804207, 483147644, 24066104,
                ],
            ),
            (
                19,
                [
                    1400855637, 842412939, 104785409, 1317646300, 1684190270, 349917689, 900019674,
                    2092038898, 704733397, 601242406,
                ],
            ),
        ];
        for (seed, want) in cases {
            let mut r = DotNetRandom::new(seed);
            assert_eq!(want.map(|_| r.next_int()), want, "seed {seed}");
        }
        // A negative seed is its absolute value.
        assert_eq!(DotNetRandom::new(-1).next_int(), 534_011_718);
    }
}
