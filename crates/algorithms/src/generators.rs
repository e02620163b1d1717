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

/// How V8 turns the state word `s0` into `Math.random()`'s double
/// (`ToDouble` in `src/base/utils/random-number-generator.h`). Both forms
/// read `s0` alone, so each output bit is linear in the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum V8ToDouble {
    /// `(s0 >> 12) | 0x3FF0000000000000` read as a double in `[1, 2)`,
    /// less 1: the top 52 bits of `s0` over `2^52`. Node 20 (V8 11.3),
    /// checked against node 20.20.2.
    Exponent52,
    /// `(double)(s0 >> 11) / 2^53`: the top 53 bits over `2^53`, the form
    /// of V8 13.7 (node 24), ported from its source and not run here.
    Divide53,
}

impl V8ToDouble {
    /// Both forms, the one node 20 runs first.
    pub const ALL: [V8ToDouble; 2] = [V8ToDouble::Exponent52, V8ToDouble::Divide53];

    /// How many of `s0`'s top bits the double holds.
    pub fn bits(self) -> u32 {
        match self {
            V8ToDouble::Exponent52 => 52,
            V8ToDouble::Divide53 => 53,
        }
    }

    /// The double of the top [`bits`](Self::bits) of a word, `m`, as V8
    /// computes it: exactly `m / 2^bits`.
    #[inline]
    pub fn of_top_bits(self, m: u64) -> f64 {
        match self {
            V8ToDouble::Exponent52 => f64::from_bits(m | 0x3FF0_0000_0000_0000) - 1.0,
            V8ToDouble::Divide53 => m as f64 / (1u64 << 53) as f64,
        }
    }

    /// The double of the state word `s0`.
    #[inline]
    pub fn of(self, s0: u64) -> f64 {
        self.of_top_bits(s0 >> (64 - self.bits()))
    }

    /// `Math.floor(x * k)` for the double `x` of the top bits `m`: the
    /// product rounded to a double as JavaScript rounds it, then floored.
    #[inline]
    pub fn floor_times(self, m: u64, k: u32) -> u32 {
        (self.of_top_bits(m) * f64::from(k)).floor() as u32
    }
}

/// V8's `Math.random()` as node 20 runs it (V8 11.3; xorshift128+ since V8
/// 4.9, 2015): xorshift128+ on a state of two 64-bit words `(s0, s1)`; each
/// number is made from `s0` after a step ([`V8ToDouble`]; V8 4.9 added
/// `s1` to it), 64 at a time into a cache that
/// `Math.random()` serves from its end, so the numbers of one refill come
/// out in reverse order (`src/numbers/math-random.cc`,
/// `MathRandom::RefillCache`; `src/base/utils/random-number-generator.h`,
/// `XorShift128` and `ToDouble`). Every output bit is a linear function
/// over GF(2) of the 128 state bits, which is what lets dealt cards give
/// the state away.
///
/// `node --random-seed=S` (S ≠ 0) starts the state at `(MurmurHash3(S),
/// MurmurHash3(!S))`, the seed sign-extended to 64 bits (V8's `fmix64`);
/// without it the seed comes from the operating system. Checked against
/// node 20.20.2 (V8 11.3.244.8): its numbers on both sides of a refill,
/// and its Fisher–Yates deals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct V8MathRandom {
    /// The state after the last refill.
    state: (u64, u64),
    /// The `s0` of each step of the last refill, in the order made.
    cache: [u64; Self::CACHE],
    /// How many of the cache are still to be served (from the end).
    left: usize,
    /// How a word becomes a double.
    to_double: V8ToDouble,
}

impl V8MathRandom {
    /// Numbers made at each refill (`MathRandom::kCacheSize`).
    pub const CACHE: usize = 64;

    /// The generator of `node --random-seed=seed` in node 20: `None` for
    /// 0, which V8 takes as "no seed given".
    pub fn random_seed(seed: i32) -> Option<Self> {
        (seed != 0).then(|| {
            let seed = i64::from(seed) as u64;
            Self::from_state(murmur_hash3(seed), murmur_hash3(!seed))
        })
    }

    /// The generator whose next refill starts from `(s0, s1)` (not both
    /// 0), making node 20's doubles.
    pub fn from_state(s0: u64, s1: u64) -> Self {
        V8MathRandom {
            state: (s0, s1),
            cache: [0; Self::CACHE],
            left: 0,
            to_double: V8ToDouble::Exponent52,
        }
    }

    /// The same generator making its doubles the way `to_double` says.
    pub fn converting(self, to_double: V8ToDouble) -> Self {
        V8MathRandom { to_double, ..self }
    }

    /// The state the next refill starts from.
    pub fn state(&self) -> (u64, u64) {
        self.state
    }

    /// How many numbers of the last refill are still to be served.
    pub fn left(&self) -> usize {
        self.left
    }

    /// One step of xorshift128+ (`XorShift128`).
    #[inline]
    pub fn xorshift128(state: &mut (u64, u64)) {
        let mut s1 = state.0;
        let s0 = state.1;
        state.0 = s0;
        s1 ^= s1 << 23;
        s1 ^= s1 >> 17;
        s1 ^= s0;
        s1 ^= s0 >> 26;
        state.1 = s1;
    }

    /// The next `s0` `Math.random()` serves, refilling the cache when it
    /// is empty.
    #[inline]
    pub fn next_word(&mut self) -> u64 {
        if self.left == 0 {
            for slot in &mut self.cache {
                Self::xorshift128(&mut self.state);
                *slot = self.state.0;
            }
            self.left = Self::CACHE;
        }
        self.left -= 1;
        self.cache[self.left]
    }

    /// `Math.random()`: the double [`V8ToDouble`] makes of the next word.
    #[inline]
    pub fn math_random(&mut self) -> f64 {
        self.to_double.of(self.next_word())
    }

    /// `Math.floor(Math.random() * k)`.
    #[inline]
    pub fn floor_times(&mut self, k: u32) -> u32 {
        let bits = self.to_double.bits();
        self.to_double
            .floor_times(self.next_word() >> (64 - bits), k)
    }
}

/// V8's `MurmurHash3` of a 64-bit seed: the finaliser `fmix64` of
/// MurmurHash3 (Appleby).
fn murmur_hash3(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^= h >> 33;
    h
}

#[cfg(test)]
mod tests;
