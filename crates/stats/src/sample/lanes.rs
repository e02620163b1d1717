//! The lane engine: swap-based shuffles of up to 8 cards, several chunks
//! at once in vector registers.
//!
//! A run is cut into chunks, each with its own generator
//! ([`chunk_rng`](super::chunk_rng)); the counts are sums over chunks, so
//! nothing forces one chunk to be finished before the next starts. The
//! lane engine deals `L` chunks in lockstep, one per lane of a vector
//! register: lane `l` holds chunk `c + l`'s xoshiro256++ state and deck,
//! and every step of the shuffle is done for all lanes at once. Each lane
//! draws exactly what the scalar sampler draws for its chunk (the same
//! generator, Lemire's method with the same rejections) and applies the
//! same transpositions, so the decks, and therefore the counts, are the
//! same bit for bit on every [`Path`] and any number of threads; the tests
//! force each path and compare.
//!
//! The algorithm is run as a [`Program`]: its
//! [`SwapShuffle`](algorithms::swaps::SwapShuffle) description (tested
//! against the algorithm's own code in the `algorithms` crate), with the
//! deck packed one byte per card in a `u64`. The kernels are in `simd`:
//! one for AVX2 (4 lanes), one for AVX-512 (8 lanes), chosen at run time
//! ([`Path::best`]); the project is built for the baseline x86-64
//! processor, and without either the scalar sampler runs. Programs exist
//! for swap-based shuffles whose draws are all uniform integers
//! ([`Draw::Below`]); the other algorithms keep the scalar sampler.
//!
//! Tried and dropped: the same programs in plain integer code, one or two
//! chunks interleaved, measured 0.68–0.79× the scalar sampler (the
//! generator is a chain of dependent operations either way, and a second
//! interleaved chain ran out of registers).

use super::{Accumulator, CHUNK, chunk_state};
use algorithms::swaps::Slot;
use algorithms::{Algorithm, Draw};
use std::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
mod simd;

/// The largest deck the lane engine deals (one byte per card in a `u64`).
pub const MAX_LANE_DECK: usize = 8;

/// Lanes of [`Path::Avx2`]: one 256-bit register per generator word.
const LANES_AVX2: usize = 4;
/// Lanes of [`Path::Avx512`]: one 512-bit register per generator word.
const LANES_AVX512: usize = 8;
/// The most lanes of any path.
const MAX_LANES: usize = if LANES_AVX2 > LANES_AVX512 {
    LANES_AVX2
} else {
    LANES_AVX512
};

/// Decks counted together ([`Accumulator::observe_packed`]).
const BUFFER: usize = 64;

/// The code that runs the sampling loop. Every path gives the same counts
/// for the same seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Path {
    /// Each algorithm's own code, one chunk at a time, decks as byte
    /// vectors. Every algorithm, every deck size.
    Scalar,
    /// [`Program`]s on packed decks, four chunks at once in AVX2 vector
    /// registers.
    Avx2,
    /// [`Program`]s on packed decks, eight chunks at once in AVX-512 vector
    /// registers; where the processor also has VBMI, the battery of decks
    /// of up to 64 cards in one register ([`crate::battery`]).
    Avx512,
}

impl Path {
    /// Every path, from the plainest.
    pub const ALL: [Path; 3] = [Path::Scalar, Path::Avx2, Path::Avx512];

    /// Its name, as the benchmarks print it.
    pub fn name(self) -> &'static str {
        match self {
            Path::Scalar => "scalar",
            Path::Avx2 => "avx2",
            Path::Avx512 => "avx512",
        }
    }

    /// How many chunks it deals at once (1 for [`Path::Scalar`]).
    pub fn lanes(self) -> usize {
        match self {
            Path::Scalar => 1,
            Path::Avx2 => LANES_AVX2,
            Path::Avx512 => LANES_AVX512,
        }
    }

    /// Whether this processor can run it.
    pub fn is_available(self) -> bool {
        match self {
            Path::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Path::Avx2 | Path::Avx512 => false,
        }
    }

    /// The widest path this processor runs (detected once, then cached by
    /// the standard library).
    pub fn best() -> Path {
        [Path::Avx512, Path::Avx2]
            .into_iter()
            .find(|p| p.is_available())
            .unwrap_or(Path::Scalar)
    }

    /// The path named `name` ([`Path::name`]).
    pub fn from_name(name: &str) -> Option<Path> {
        Path::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The path [`sample`](super::sample) takes: the one [`Path::prefer`]
    /// chose, else [`Path::best`].
    pub fn current() -> Path {
        match PREFERRED.load(Ordering::Relaxed) {
            0 => Path::best(),
            i => Path::ALL[usize::from(i) - 1],
        }
    }

    /// Makes [`sample`](super::sample) take `path` in this process (`None`:
    /// the best again). A setting of the process, like the number of
    /// threads, and like it without effect on any count; it is there to
    /// check that claim, or to time one path.
    ///
    /// # Panics
    /// When this processor cannot run `path`.
    pub fn prefer(path: Option<Path>) {
        let i = match path {
            None => 0,
            Some(p) => {
                assert!(
                    p.is_available(),
                    "this processor cannot run the {} path",
                    p.name()
                );
                1 + Path::ALL
                    .iter()
                    .position(|&q| q == p)
                    .expect("every path is in ALL")
            }
        };
        PREFERRED.store(i as u8, Ordering::Relaxed);
    }
}

/// [`Path::prefer`]'s choice: 0 for none, else 1 + its index in
/// [`Path::ALL`].
static PREFERRED: AtomicU8 = AtomicU8::new(0);

/// Where a transposition's position comes from, as a shift into a packed
/// deck (8 bits per position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pos {
    /// A fixed position `p`: shift `8p`.
    At(u64),
    /// Position `offset + r` for `r` uniform in `0..k`: shift
    /// `8 offset + 8r`.
    Below { k: u64, shift: u64 },
}

/// A swap-based shuffle of a packed deck: what the lane engine runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    deck: usize,
    steps: Vec<(Pos, Pos)>,
    identity: u64,
    /// The largest bound of a draw (0 when there is none).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    largest_k: u32,
}

impl Program {
    /// The algorithm on `deck` cards, when the lane engine can run it: a
    /// swap-based shuffle of at most [`MAX_LANE_DECK`] cards whose draws are
    /// all [`Draw::Below`] (below `2^32`).
    pub fn of(algorithm: &Algorithm, deck: usize) -> Option<Program> {
        if !(1..=MAX_LANE_DECK).contains(&deck) {
            return None;
        }
        let shuffle = algorithm.swap_shuffle(deck)?;
        let pos = |slot: Slot| match slot {
            Slot::At(p) => (p < deck).then_some(Pos::At(8 * p as u64)),
            Slot::Drawn {
                draw: Draw::Below(k),
                offset,
            } if (1..=u64::from(u32::MAX)).contains(&k) && offset + k as usize <= deck => {
                Some(Pos::Below {
                    k,
                    shift: 8 * offset as u64,
                })
            }
            Slot::Drawn { .. } => None,
        };
        let steps = shuffle
            .steps
            .iter()
            .map(|t| Some((pos(t.a)?, pos(t.b)?)))
            .collect::<Option<Vec<_>>>()?;
        let largest_k = steps
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .map(|p| match p {
                Pos::At(_) => 0,
                Pos::Below { k, .. } => k as u32,
            })
            .max()
            .unwrap_or(0);
        Some(Program {
            deck,
            steps,
            largest_k,
            identity: pack(&(0..deck as u8).collect::<Vec<_>>()),
        })
    }
}

/// A deck of up to 8 cards, one byte per card: the card at position `p`
/// in bits `8p..8p + 8` (the little-endian bytes of the `u64`).
pub fn pack(cards: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    bytes[..cards.len()].copy_from_slice(cards);
    u64::from_le_bytes(bytes)
}

/// The cards of a packed deck, into `cards` (as many as it holds).
#[inline]
pub fn unpack(d: u64, cards: &mut [u8]) {
    let n = cards.len();
    cards.copy_from_slice(&d.to_le_bytes()[..n]);
}

/// One output of a xoshiro256++ generator (Blackman and Vigna) with state
/// `s`: the same words as `rand_xoshiro`'s.
#[inline(always)]
fn next(s: &mut [u64; 4]) -> u64 {
    let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
    let t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3].rotate_left(45);
    out
}

/// A uniform integer below `k` from the generator `s`, by Lemire's method
/// exactly as [`Sampler::bounded`](super::Sampler::bounded).
#[inline(always)]
fn below(s: &mut [u64; 4], k: u64) -> u64 {
    let mut m = u128::from(next(s)) * u128::from(k);
    if (m as u64) < k {
        let threshold = k.wrapping_neg() % k;
        while (m as u64) < threshold {
            m = u128::from(next(s)) * u128::from(k);
        }
    }
    (m >> 64) as u64
}

impl Pos {
    /// The position in a deck: fixed, or drawn from the generator `s`.
    #[inline(always)]
    fn draw(self, s: &mut [u64; 4]) -> usize {
        // Shifts are below 64: the mask tells the compiler the position is
        // below 8, so the deck's bounds checks go.
        let shift = match self {
            Pos::At(shift) => shift,
            Pos::Below { k, shift } => (below(s, k) << 3) + shift,
        };
        (shift >> 3) as usize & 7
    }
}

// The kernels that use these are x86-64 only.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl Program {
    /// Deals one deck from the generator `s`, with every rejection of
    /// Lemire's method: the scalar sampler's deck, packed.
    #[inline(always)]
    fn deal_one(&self, s: &mut [u64; 4]) -> u64 {
        let mut d = self.identity.to_le_bytes();
        for &(a, b) in &self.steps {
            let pa = a.draw(s);
            let pb = b.draw(s);
            d.swap(pa, pb);
        }
        u64::from_le_bytes(d)
    }
}

/// Counts packed decks [`BUFFER`] at a time.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Counter<'a, A> {
    acc: &'a mut A,
    deck: usize,
    buffer: [u64; BUFFER],
    filled: usize,
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl<'a, A: Accumulator> Counter<'a, A> {
    fn new(acc: &'a mut A, deck: usize) -> Self {
        Counter {
            acc,
            deck,
            buffer: [0; BUFFER],
            filled: 0,
        }
    }

    /// Counts the first `active` of one deck per lane (`N <= MAX_LANES`).
    #[inline(always)]
    fn push<const N: usize>(&mut self, decks: &[u64; N], active: usize) {
        let at = self.filled;
        if active == N {
            // A copy of known length: no call to `memcpy`.
            let to: &mut [u64; N] = (&mut self.buffer[at..at + N]).try_into().expect("N slots");
            *to = *decks;
        } else {
            self.buffer[at..at + active].copy_from_slice(&decks[..active]);
        }
        self.filled += active;
        if self.filled + MAX_LANES > BUFFER {
            self.flush();
        }
    }

    fn flush(&mut self) {
        self.acc
            .observe_packed(&self.buffer[..self.filled], self.deck);
        self.filled = 0;
    }
}

impl<A> Drop for Counter<'_, A> {
    fn drop(&mut self) {
        // Nothing may be left uncounted: `finish` empties the buffer.
        debug_assert!(self.filled == 0 || std::thread::panicking());
    }
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl<A: Accumulator> Counter<'_, A> {
    /// Counts what is left.
    fn finish(mut self) {
        self.flush();
    }
}

/// Deals group `first..first + path.lanes()` into `acc`; returns how many
/// decks it counted.
fn deal_group<A: Accumulator>(
    path: Path,
    program: &Program,
    seed: u64,
    first: u64,
    shuffles: u64,
    acc: &mut A,
) -> u64 {
    let lanes = path.lanes() as u64;
    let states: Vec<[u64; 4]> = (first..first + lanes)
        .map(|c| chunk_state(seed, c))
        .collect();
    let lens: Vec<u64> = (first..first + lanes)
        .map(|c| CHUNK.min(shuffles.saturating_sub(c.saturating_mul(CHUNK))))
        .collect();
    deal_on(path, program, &states, &lens, acc);
    lens.iter().sum()
}

/// Deals one group on `path`: lane `l` starts from generator state
/// `states[l]` and deals `lens[l]` decks (`path.lanes()` of each, `lens`
/// not increasing).
fn deal_on<A: Accumulator>(
    path: Path,
    program: &Program,
    states: &[[u64; 4]],
    lens: &[u64],
    acc: &mut A,
) {
    debug_assert!(lens.windows(2).all(|w| w[0] >= w[1]), "{lens:?}");
    debug_assert_eq!(states.len(), path.lanes());
    match path {
        Path::Scalar => unreachable!("the scalar path does not use the lane engine"),
        #[cfg(target_arch = "x86_64")]
        Path::Avx2 => {
            assert!(path.is_available(), "this processor has no AVX2");
            let states = states.try_into().expect("one state per lane");
            let lens = lens.try_into().expect("one length per lane");
            // SAFETY: the processor has AVX2: checked just above.
            #[allow(unsafe_code)]
            unsafe {
                simd::avx2::deal(program, states, lens, acc)
            };
        }
        #[cfg(target_arch = "x86_64")]
        Path::Avx512 => {
            assert!(path.is_available(), "this processor has no AVX-512");
            let states = states.try_into().expect("one state per lane");
            let lens = lens.try_into().expect("one length per lane");
            // SAFETY: the processor has AVX-512 F: checked just above.
            #[allow(unsafe_code)]
            unsafe {
                simd::avx512::deal(program, states, lens, acc)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        Path::Avx2 | Path::Avx512 => panic!("{} needs an x86-64 processor", path.name()),
    }
}

/// Runs `program` `shuffles` times with `seed` on `path` and counts the
/// decks with accumulators made by `make`: the counts of the scalar
/// sampler, groups of `path.lanes()` chunks spread over rayon's threads.
///
/// # Panics
/// When `path` is [`Path::Scalar`] or not available on this processor.
pub fn sample<A, F>(
    path: Path,
    program: &Program,
    shuffles: u64,
    seed: u64,
    make: F,
    progress: &(dyn Fn(u64) + Sync),
) -> A
where
    A: Accumulator,
    F: Fn() -> A + Sync + Send,
{
    let lanes = path.lanes() as u64;
    let groups = shuffles.div_ceil(CHUNK).div_ceil(lanes);
    super::accumulate(groups, make, |acc, g| {
        progress(deal_group(path, program, seed, g * lanes, shuffles, acc));
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Histogram, Positions, Sampler, chunk_rng, sample_on};
    use super::*;
    use crate::battery::Battery;
    use crate::collision::{Collisions, Fingerprints};
    use algorithms::registry::{REGISTRY, find};
    use algorithms::{Shuffle, Visitor};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn available() -> Vec<Path> {
        let paths: Vec<Path> = Path::ALL.into_iter().filter(|p| p.is_available()).collect();
        eprintln!(
            "paths on this processor: {:?}",
            paths.iter().map(|p| p.name()).collect::<Vec<_>>()
        );
        paths
    }

    fn rng_of(state: [u64; 4]) -> Xoshiro256PlusPlus {
        let mut bytes = [0u8; 32];
        for (i, w) in state.iter().enumerate() {
            bytes[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
        }
        Xoshiro256PlusPlus::from_seed(bytes)
    }

    /// A generator state whose next output is `x`: `s0 = 0`, `s3` is `x`
    /// rotated back.
    fn state_giving(x: u64) -> [u64; 4] {
        [
            0,
            0x1234_5678_9ABC_DEF0,
            0x0FED_CBA9_8765_4321,
            x.rotate_right(23),
        ]
    }

    #[test]
    fn the_packed_generator_is_rand_xoshiros() {
        for c in 0..4 {
            let mut state = chunk_state(9, c);
            let mut rng = chunk_rng(9, c);
            for _ in 0..1000 {
                assert_eq!(next(&mut state), rng.next_u64());
            }
        }
        assert_eq!(next(&mut state_giving(12345)), 12345);
    }

    #[test]
    fn packed_draws_are_the_samplers_including_rejections() {
        // First outputs 0 (rejected for every k that does not divide 2^64:
        // 2^64 mod 7 = 2 > 0) and just above a multiple of 2^64 / k.
        for x in [0, u64::MAX / 7 + 1, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
            let mut state = state_giving(x);
            let mut sampler = Sampler::new(rng_of(state));
            for k in [7u32, 7, 3, 1, 8, 255, 1 << 31, u32::MAX, 5] {
                assert_eq!(
                    below(&mut state, u64::from(k)),
                    sampler.bounded(u64::from(k)),
                    "x = {x}, k = {k}"
                );
            }
        }
    }

    /// What every accumulator counts of `algorithm` on `deck` cards: the
    /// position matrix and histogram (unpacked by their own code), the
    /// battery and the collisions (through the default unpacking).
    type Counts = ((Positions, Histogram), (Battery, Collisions));

    fn counts(path: Path, id: &str, deck: usize, shuffles: u64, seed: u64) -> Counts {
        let algorithm = &find(id).unwrap().algorithm;
        let (ph, (b, f)) = sample_on(
            path,
            algorithm,
            deck,
            shuffles,
            seed,
            || {
                (
                    (Positions::new(deck), Histogram::new(deck)),
                    (Battery::new(deck), Fingerprints::default()),
                )
            },
            &|_| {},
        );
        (ph, (b, f.collisions(deck)))
    }

    #[test]
    fn every_path_gives_the_scalar_counts() {
        let paths = available();
        // Three full chunks and a short one: one partial group, lanes of
        // length 0 past the last chunk.
        let shuffles = 3 * CHUNK + 1_001;
        let mut ran = 0;
        for entry in REGISTRY {
            for deck in 1..=MAX_LANE_DECK {
                if Program::of(&entry.algorithm, deck).is_none() {
                    continue;
                }
                ran += 1;
                let scalar = counts(Path::Scalar, entry.id, deck, shuffles, 77);
                assert_eq!(scalar.0.0.total(), shuffles);
                for &path in &paths[1..] {
                    assert!(
                        counts(path, entry.id, deck, shuffles, 77) == scalar,
                        "{} on {deck} cards: {} differs from scalar",
                        entry.id,
                        path.name()
                    );
                }
            }
        }
        // The 10 swap-based shuffles with uniform draws at 8 deck sizes, and
        // on 1 card those that draw nothing there (Fisher–Yates with rand()).
        assert_eq!(ran, 81);
    }

    #[test]
    fn many_groups_on_any_thread_count_give_the_scalar_counts() {
        let shuffles = 21 * CHUNK + 5;
        let scalar = counts(Path::Scalar, "fisher-yates", 8, shuffles, 5);
        for path in available() {
            for threads in [1, 3] {
                let c = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap()
                    .install(|| counts(path, "fisher-yates", 8, shuffles, 5));
                assert!(c == scalar, "{} on {threads} threads", path.name());
            }
        }
        assert_ne!(counts(Path::best(), "fisher-yates", 8, shuffles, 6), scalar);
    }

    /// The scalar sampler from the same generator states: the algorithm's
    /// own code, deck after deck.
    fn scalar_from(id: &str, deck: usize, states: &[[u64; 4]], lens: &[u64]) -> Histogram {
        struct Deal<'a> {
            deck: usize,
            states: &'a [[u64; 4]],
            lens: &'a [u64],
        }
        impl Visitor for Deal<'_> {
            type Output = Histogram;
            fn visit<S: Shuffle + Copy + Send + Sync>(self, algorithm: &S) -> Histogram {
                let mut h = Histogram::new(self.deck);
                for (&state, &len) in self.states.iter().zip(self.lens) {
                    let mut src = Sampler::new(rng_of(state));
                    for _ in 0..len {
                        let mut d: Vec<u8> = (0..self.deck as u8).collect();
                        algorithm.shuffle(&mut d, &mut src);
                        h.counts[crate::perm::rank(&d)] += 1;
                    }
                }
                h
            }
        }
        find(id)
            .unwrap()
            .algorithm
            .visit(Deal { deck, states, lens })
    }

    /// A word whose high half times `k` (odd) is `-1` modulo `2^32`, and
    /// whose low half is `2^32 - 1`.
    fn carrying(k: u32) -> u64 {
        // The inverse of k modulo 2^32 by Newton's iteration (each step
        // doubles the correct low bits; k is its own inverse mod 8).
        let mut inverse = k;
        for _ in 0..4 {
            inverse = inverse.wrapping_mul(2u32.wrapping_sub(k.wrapping_mul(inverse)));
        }
        assert_eq!(k.wrapping_mul(inverse), 1);
        u64::from(u32::MAX.wrapping_mul(inverse)) << 32 | u64::from(u32::MAX)
    }

    #[test]
    fn rejections_in_a_lane_on_every_path() {
        // Fisher–Yates on 7 cards draws below 7 first; a lane whose first
        // output is 0 rejects it (2^64 mod 7 = 2 > 0) and draws again from
        // its own generator. On 8 cards the same output is suspect (the low
        // word's upper half is 0) but kept: 8 divides 2^64.
        //
        // The second case has one special lane, since a suspect lane has
        // its whole round dealt again: the high half of the first output
        // times 7 is -1 mod 2^32 and its low half times 7 is above 2^32, so
        // the low half carries into the result, floor(x·7 / 2^64) =
        // floor(x_hi·7 / 2^32) + 1; on 8 cards it is an ordinary output.
        let x = carrying(7);
        assert_eq!(
            ((u128::from(x) * 7) >> 64) as u64,
            (((x >> 32) * 7) >> 32) + 1
        );
        let algorithm = &find("fisher-yates").unwrap().algorithm;
        for deck in [7, 8] {
            let program = Program::of(algorithm, deck).unwrap();
            for path in available().into_iter().skip(1) {
                let lanes = path.lanes();
                let ordinary: Vec<[u64; 4]> =
                    (0..lanes).map(|l| chunk_state(1, l as u64)).collect();
                let mut rejecting = ordinary.clone();
                rejecting[lanes / 2] = state_giving(0);
                // Suspect (the low word 5 is below 2^32) but kept on 7
                // cards (5 >= 2^64 mod 7 = 2).
                rejecting[lanes - 1] = state_giving(u64::MAX / 7 + 1);
                let mut carrying = ordinary;
                carrying[1] = state_giving(x);
                for (case, states) in [("rejecting", rejecting), ("carrying", carrying)] {
                    let lens: Vec<u64> = (0..lanes).map(|l| 300 - 30 * l as u64).collect();
                    let mut h = Histogram::new(deck);
                    deal_on(path, &program, &states, &lens, &mut h);
                    let scalar = scalar_from("fisher-yates", deck, &states, &lens);
                    assert_eq!(h, scalar, "{} on {deck} cards, {case}", path.name());
                }
            }
        }
    }

    #[test]
    fn programs_exist_for_uniform_swap_shuffles_only() {
        let of = |id: &str, deck| Program::of(&find(id).unwrap().algorithm, deck);
        assert!(of("fisher-yates", 8).is_some());
        assert!(of("naive-swap", 1).is_some());
        assert!(of("fisher-yates", 9).is_none());
        // rand()'s 15-bit words, a splice, a sort: the scalar sampler.
        assert!(of("fisher-yates-mod15", 8).is_none());
        assert!(of("splice-shuffle", 8).is_none());
        assert!(of("coin-insertion-sort", 8).is_none());
    }

    #[test]
    fn paths_by_name() {
        for p in Path::ALL {
            assert_eq!(Path::from_name(p.name()), Some(p));
        }
        assert_eq!(Path::from_name("sse2"), None);
        assert!(Path::best().is_available());
    }

    #[test]
    fn pack_and_unpack_are_inverse() {
        let cards = [3u8, 0, 7, 1, 2, 4, 5, 6];
        let mut back = [0u8; 8];
        unpack(pack(&cards), &mut back);
        assert_eq!(back, cards);
    }
}
