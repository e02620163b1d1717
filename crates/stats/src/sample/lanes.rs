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
    /// of up to 64 cards in one register ([`crate::hypothesis::battery`]).
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
    super::accumulate(groups, &make, &|acc: &mut A, g| {
        progress(deal_group(path, program, seed, g * lanes, shuffles, acc));
    })
}

#[cfg(test)]
mod tests;
