//! The parallel sampling engine: run an algorithm millions to billions of
//! times and count what comes out.
//!
//! # Reproducibility
//! The shuffles are cut into chunks of [`CHUNK`]; chunk `c` of a run with
//! seed `s` draws from its own xoshiro256++ generator whose 256-bit state is
//! built from `(s, c)` by SplitMix64 ([`chunk_rng`]). Which thread runs which
//! chunk does not matter: the counts are sums of integers, so a seed gives
//! bit-identical counts on 1 thread or 64. Bounded integers use Lemire's
//! multiply-and-reject method ([`Sampler`]), written here so that a newer
//! `rand` cannot change the stream.
//!
//! # Accumulators
//! What is counted is an [`Accumulator`]: the permutation [`Histogram`]
//! (one counter per arrangement, for decks of up to
//! [`MAX_HISTOGRAM_DECK`] cards), the [`Positions`] matrix, or any tuple of
//! accumulators. Counters are `u64`: 10^11 shuffles use less than a
//! hundred-millionth of their range.
//!
//! # Paths
//! Each algorithm's own code runs chunk after chunk on each thread (the
//! scalar [`Path`]). Swap-based shuffles of up to 8 cards can instead run
//! in the [`lanes`] engine, several chunks at once in vector registers,
//! when the processor has AVX2 or AVX-512: each lane is one chunk, with its
//! generator and draws, so the counts are the same on every path.

use crate::law::perm::{factorial, rank, rank_bytes, rank_small};
use algorithms::{Algorithm, Draw, MAX_DECK, Shuffle, Source, Visitor};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

pub mod lanes;
pub mod throws;
pub use lanes::Path;

/// Shuffles per chunk; each chunk has its own generator.
pub const CHUNK: u64 = 1 << 16;

/// Decks shuffled before they are counted together (a divisor of [`CHUNK`]).
pub const BATCH: usize = 16;

/// The generator and seeding scheme, as recorded in every result.
pub const RNG_NAME: &str = "xoshiro256++ (rand_xoshiro 0.8); chunk c of seed s seeded with splitmix64 of (s, c); 65536 shuffles per chunk; bounded draws by Lemire's method";

/// The largest deck the permutation histogram is kept for: `10!` counters
/// of 8 bytes, 29 MB per worker thread. `11!` would take 319 MB per thread.
pub const MAX_HISTOGRAM_DECK: usize = 10;

/// SplitMix64's output function: a bijection of `u64` with good avalanche.
#[inline]
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of chunk `chunk` of a run seeded with `seed`.
pub fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let mut bytes = [0u8; 32];
    for (i, word) in chunk_state(seed, chunk).iter().enumerate() {
        bytes[8 * i..8 * i + 8].copy_from_slice(&word.to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

/// The four state words of [`chunk_rng`]`(seed, chunk)`.
///
/// They are `splitmix64(seed)`, `splitmix64(chunk ^ K1)`, and two mixtures
/// of both; the first two alone determine `(seed, chunk)`, so no two chunks
/// of any two runs start from the same state. The last word is odd, so the
/// state is never all zeros.
pub fn chunk_state(seed: u64, chunk: u64) -> [u64; 4] {
    [
        splitmix64(seed),
        splitmix64(chunk ^ 0xD1B5_4A32_D192_ED03),
        splitmix64(seed.rotate_left(32) ^ chunk ^ 0xABA0_6A97_AA87_3AF5),
        splitmix64(seed ^ chunk.rotate_left(17) ^ 0x2545_F491_4F6C_DD1D) | 1,
    ]
}

/// The sampling [`Source`]: a generator with bounded integers by Lemire's
/// nearly divisionless method (exactly uniform), raw words from the high
/// bits of `next_u64`.
///
/// One output per bounded draw: splitting outputs into 32-bit halves (two
/// draws per output, also exact) measured 15 % slower with the `throughput`
/// example, the bookkeeping costing more than the generator it saves.
#[derive(Clone, Debug)]
pub struct Sampler<R> {
    rng: R,
}

impl<R: Rng> Sampler<R> {
    /// A sampler drawing from `rng`.
    pub fn new(rng: R) -> Self {
        Sampler { rng }
    }

    /// A uniform integer in `0..k`, `k >= 1` (Lemire, "Fast random integer
    /// generation in an interval", 2019).
    #[inline(always)]
    pub fn bounded(&mut self, k: u64) -> u64 {
        let mut m = u128::from(self.rng.next_u64()) * u128::from(k);
        if (m as u64) < k {
            let threshold = k.wrapping_neg() % k;
            while (m as u64) < threshold {
                m = u128::from(self.rng.next_u64()) * u128::from(k);
            }
        }
        let r = (m >> 64) as u64;
        // SAFETY: `m` is a 64-bit word times `k`, below `2^64 k`, so its
        // high word is below `k`. Stating it lets the compiler drop the
        // bounds check of an index drawn this way.
        #[allow(unsafe_code)]
        unsafe {
            std::hint::assert_unchecked(r < k)
        };
        r
    }
}

impl<R: Rng> Source for Sampler<R> {
    #[inline(always)]
    fn draw(&mut self, draw: Draw) -> u64 {
        match draw {
            Draw::Below(k) => self.bounded(k),
            Draw::OneIn(k) => u64::from(self.bounded(k) == 0),
            Draw::Word(bits) => self.rng.next_u64() >> (64 - bits),
            _ => draw.from_words(|| self.rng.next_u64()),
        }
    }
}

/// Something that counts shuffled decks. Merging must be exact and
/// order-independent (sums of integers), so results do not depend on how
/// the work was split.
pub trait Accumulator: Send + Sized {
    /// Counts one shuffled deck (`deck[position] = card`).
    fn observe(&mut self, deck: &[u8]);
    /// Counts [`BATCH`] decks at once. The default counts them one by one;
    /// an accumulator may overlap the work.
    #[inline(always)]
    fn observe_batch(&mut self, decks: &[Vec<u8>; BATCH]) {
        for d in decks {
            self.observe(d);
        }
    }
    /// Counts decks of `deck` cards packed one byte per card (the card at
    /// position `p` in bits `8p..8p + 8`, `deck <= 8`), as the lane engine
    /// deals them ([`lanes`]). The default unpacks each deck and counts it
    /// with [`observe`](Accumulator::observe).
    #[inline]
    fn observe_packed(&mut self, decks: &[u64], deck: usize) {
        let mut cards = [0u8; lanes::MAX_LANE_DECK];
        for &d in decks {
            lanes::unpack(d, &mut cards[..deck]);
            self.observe(&cards[..deck]);
        }
    }
    /// Adds another accumulator's counts to this one.
    fn merge(&mut self, other: Self);
}

/// One counter per arrangement, indexed by lexicographic rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Histogram {
    /// Number of cards.
    pub deck: usize,
    /// `counts[rank]`.
    pub counts: Vec<u64>,
}

impl Histogram {
    /// An empty histogram of `deck!` counters.
    ///
    /// # Panics
    /// When `deck > MAX_HISTOGRAM_DECK`.
    pub fn new(deck: usize) -> Self {
        assert!(
            deck <= MAX_HISTOGRAM_DECK,
            "no histogram above {MAX_HISTOGRAM_DECK} cards"
        );
        Histogram {
            deck,
            counts: vec![0; factorial(deck) as usize],
        }
    }

    /// Total number of decks counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The position matrix implied by the histogram:
    /// `counts[card * n + position]`.
    pub fn positions(&self) -> Positions {
        let n = self.deck;
        let mut p = Positions::new(n);
        let mut a: Vec<u8> = (0..n as u8).collect();
        for &c in &self.counts {
            if c > 0 {
                for (position, &card) in a.iter().enumerate() {
                    p.counts[card as usize * n + position] += c;
                }
            }
            crate::law::perm::next_permutation(&mut a);
        }
        p
    }
}

/// A histogram every worker of a read counts into at once: one atomic
/// counter per arrangement, `8 n!` bytes however many workers (29 MB at 10
/// cards). The counts are sums, so they do not depend on which worker
/// counted which deck.
#[derive(Clone, Debug)]
pub struct SharedHistogram {
    deck: usize,
    counts: std::sync::Arc<[std::sync::atomic::AtomicU64]>,
}

impl SharedHistogram {
    /// An empty histogram of `deck!` counters.
    ///
    /// # Panics
    /// When `deck > MAX_HISTOGRAM_DECK`.
    pub fn new(deck: usize) -> Self {
        assert!(
            deck <= MAX_HISTOGRAM_DECK,
            "no histogram above {MAX_HISTOGRAM_DECK} cards"
        );
        SharedHistogram {
            deck,
            counts: (0..factorial(deck))
                .map(|_| std::sync::atomic::AtomicU64::new(0))
                .collect(),
        }
    }

    /// Counts one deck.
    #[inline]
    pub fn observe(&self, deck: &[u8]) {
        self.counts[rank(deck)].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// The cards of the decks it counts.
    pub fn counted_deck(&self) -> usize {
        self.deck
    }

    /// Whether `other` is this histogram, shared.
    pub fn is(&self, other: &SharedHistogram) -> bool {
        std::sync::Arc::ptr_eq(&self.counts, &other.counts)
    }

    /// The counts so far, as a histogram of one's own.
    pub fn counted(&self) -> Histogram {
        Histogram {
            deck: self.deck,
            counts: self
                .counts
                .iter()
                .map(|c| c.load(std::sync::atomic::Ordering::Relaxed))
                .collect(),
        }
    }
}

impl Accumulator for Histogram {
    #[inline(always)]
    fn observe(&mut self, deck: &[u8]) {
        self.counts[rank(deck)] += 1;
    }

    /// Ranks the whole batch first, then increments: the ranks are
    /// independent, and the increments' cache misses overlap. Decks of 5 to 8
    /// cards use the table-driven [`rank_small`].
    #[inline(always)]
    fn observe_batch(&mut self, decks: &[Vec<u8>; BATCH]) {
        fn ranks_of<const N: usize>(decks: &[Vec<u8>; BATCH], ranks: &mut [usize; BATCH]) {
            for (r, d) in ranks.iter_mut().zip(decks) {
                *r = match <&[u8; N]>::try_from(d.as_slice()) {
                    Ok(a) => rank_small(a),
                    Err(_) => rank(d),
                };
            }
        }
        let mut ranks = [0usize; BATCH];
        match self.deck {
            5 => ranks_of::<5>(decks, &mut ranks),
            6 => ranks_of::<6>(decks, &mut ranks),
            7 => ranks_of::<7>(decks, &mut ranks),
            8 => ranks_of::<8>(decks, &mut ranks),
            _ => {
                for (r, d) in ranks.iter_mut().zip(decks) {
                    *r = rank(d);
                }
            }
        }
        for r in ranks {
            self.counts[r] += 1;
        }
    }

    /// Decks of 5 to 8 cards are ranked by [`rank_bytes`] without
    /// unpacking.
    #[inline]
    fn observe_packed(&mut self, decks: &[u64], deck: usize) {
        if (5..=8).contains(&deck) {
            for &d in decks {
                self.counts[rank_bytes(d, deck)] += 1;
            }
        } else {
            let mut cards = [0u8; lanes::MAX_LANE_DECK];
            for &d in decks {
                lanes::unpack(d, &mut cards[..deck]);
                self.counts[rank(&cards[..deck])] += 1;
            }
        }
    }

    fn merge(&mut self, other: Self) {
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
    }
}

/// The position matrix: how often each card ends at each position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Positions {
    /// Number of cards.
    pub deck: usize,
    /// `counts[card * deck + position]`.
    pub counts: Vec<u64>,
}

impl Positions {
    /// An empty `deck × deck` matrix.
    pub fn new(deck: usize) -> Self {
        Positions {
            deck,
            counts: vec![0; deck * deck],
        }
    }

    /// Total number of decks counted (the sum of any row).
    pub fn total(&self) -> u64 {
        self.counts[..self.deck].iter().sum()
    }

    /// The matrix as rows (one per card).
    pub fn rows(&self) -> Vec<Vec<u64>> {
        self.counts
            .chunks(self.deck.max(1))
            .map(<[u64]>::to_vec)
            .collect()
    }
}

/// A position matrix is written as its rows, `matrix[card][position]`,
/// and read back from them (every row as long as there are rows).
#[cfg(feature = "serde")]
impl serde::Serialize for Positions {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.counts.chunks(self.deck.max(1)))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Positions {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rows = <Vec<Vec<u64>>>::deserialize(d)?;
        let deck = rows.len();
        if let Some(r) = rows.iter().find(|r| r.len() != deck) {
            return Err(serde::de::Error::custom(format!(
                "a position matrix of {deck} rows has a row of {} counts",
                r.len()
            )));
        }
        Ok(Positions {
            deck,
            counts: rows.concat(),
        })
    }
}

impl Accumulator for Positions {
    #[inline(always)]
    fn observe(&mut self, deck: &[u8]) {
        let n = self.deck;
        for (position, &card) in deck.iter().enumerate() {
            self.counts[card as usize * n + position] += 1;
        }
    }

    #[inline]
    fn observe_packed(&mut self, decks: &[u64], deck: usize) {
        for &d in decks {
            for position in 0..deck {
                let card = (d >> (8 * position)) & 0xFF;
                self.counts[card as usize * deck + position] += 1;
            }
        }
    }

    fn merge(&mut self, other: Self) {
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
    }
}

impl<A: Accumulator, B: Accumulator> Accumulator for (A, B) {
    #[inline(always)]
    fn observe(&mut self, deck: &[u8]) {
        self.0.observe(deck);
        self.1.observe(deck);
    }

    #[inline(always)]
    fn observe_batch(&mut self, decks: &[Vec<u8>; BATCH]) {
        self.0.observe_batch(decks);
        self.1.observe_batch(decks);
    }

    #[inline]
    fn observe_packed(&mut self, decks: &[u64], deck: usize) {
        self.0.observe_packed(decks, deck);
        self.1.observe_packed(decks, deck);
    }

    fn merge(&mut self, other: Self) {
        self.0.merge(other.0);
        self.1.merge(other.1);
    }
}

/// Runs `algorithm` `shuffles` times on a deck of `deck` cards (each time
/// from `0, 1, …, n-1`) and counts the results with accumulators made by
/// `make`. `progress` is called after each chunk (or group of chunks) with
/// its number of shuffles. Swap-based shuffles of up to 8 cards go through
/// the lane engine on the widest [`Path`] this processor runs (or the one
/// [`Path::prefer`] chose); the counts are the same on every path.
///
/// # Panics
/// When `deck` is 0 or above [`MAX_DECK`].
pub fn sample<A, F>(
    algorithm: &Algorithm,
    deck: usize,
    shuffles: u64,
    seed: u64,
    make: F,
    progress: &(dyn Fn(u64) + Sync),
) -> A
where
    A: Accumulator,
    F: Fn() -> A + Sync + Send,
{
    sample_on(
        Path::current(),
        algorithm,
        deck,
        shuffles,
        seed,
        make,
        progress,
    )
}

/// [`sample`] on a given path: [`Path::Scalar`] runs the algorithm's own
/// code; the lane paths run the lane engine when the algorithm and deck
/// allow it ([`lanes::Program::of`]) and the scalar sampler otherwise.
///
/// # Panics
/// When `deck` is 0 or above [`MAX_DECK`], or when this processor
/// cannot run `path` ([`Path::is_available`]).
pub fn sample_on<A, F>(
    path: Path,
    algorithm: &Algorithm,
    deck: usize,
    shuffles: u64,
    seed: u64,
    make: F,
    progress: &(dyn Fn(u64) + Sync),
) -> A
where
    A: Accumulator,
    F: Fn() -> A + Sync + Send,
{
    assert!(
        (1..=MAX_DECK).contains(&deck),
        "deck size {deck} out of 1..={MAX_DECK}"
    );
    assert!(
        path.is_available(),
        "this processor cannot run the {} path",
        path.name()
    );
    if path != Path::Scalar
        && let Some(program) = lanes::Program::of(algorithm, deck)
    {
        return lanes::sample(path, &program, shuffles, seed, make, progress);
    }
    algorithm.visit(Run {
        deck,
        shuffles,
        seed,
        make,
        progress,
    })
}

/// The seconds one shuffle of `deck` cards takes on one thread, counted
/// by accumulators made by `make`, for a job of `shuffles`: measured here
/// and now by [`sample`] (the same code path as the run it predicts) with
/// [`seconds_each`].
///
/// # Panics
/// As [`sample`].
pub fn seconds_per_shuffle<A, F>(algorithm: &Algorithm, deck: usize, shuffles: u128, make: F) -> f64
where
    A: Accumulator,
    F: Fn() -> A + Sync + Send,
{
    seconds_each(shuffles, |batch| {
        std::hint::black_box(sample(algorithm, deck, batch, 0, &make, &|_| {}));
    })
}

/// The seconds one unit of `work` takes on one thread, for a job of
/// `units`, measured here and now: `work(k)` does `k` units (1, 2, 4, …)
/// on a pool of one thread until a batch takes at least 20 ms, or, when
/// the job at that pace would take over a second, at least 100 ms, or
/// reaches [`PACE_MOST`] units; the last batch's time over its units is the
/// pace. A rough figure for a time estimate; another process on the
/// machine slows it.
///
/// What a batch pays once whatever its size makes a small batch slow, so a
/// quick measure only overstates the time: it stands for a job it says is
/// quick, and a longer one is measured on batches of 100 ms, where that
/// cost is spread. The first touch of a histogram of 10! counters costs
/// about 13 ms: 10 cards of Fisher–Yates with their histogram measured
/// 152 ns a shuffle in a batch of two chunks and 50 ns in batches of 16
/// chunks or more. Batches go past one [`CHUNK`]: the lane engine deals 4 or 8
/// chunks side by side, so a batch of one chunk leaves most of its lanes
/// idle (8 cards of the naive swap: 44 ns a shuffle in a batch of one
/// chunk, 11 ns in batches of 16 chunks or more). Both measured 2026-12-05 on
/// this project's 2-core machine. Where a one-thread pool cannot be
/// started, the batches stop at one chunk, which one thread deals.
pub fn seconds_each(units: u128, mut work: impl FnMut(u64) + Send) -> f64 {
    let mut measure = |most: u64| {
        let mut batch = 1u64;
        loop {
            let start = std::time::Instant::now();
            work(batch);
            let seconds = start.elapsed().as_secs_f64();
            let each = seconds / batch as f64;
            let long_job = units as f64 * each > 1.0;
            if seconds >= if long_job { 0.1 } else { 0.02 } || batch >= most {
                return each;
            }
            batch *= 2;
        }
    };
    match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(one) => one.install(|| measure(PACE_MOST)),
        Err(_) => measure(CHUNK),
    }
}

/// The largest batch [`seconds_each`] times: 64 chunks.
pub const PACE_MOST: u64 = 64 * CHUNK;

/// A copy of `identity` to shuffle over and over on one thread, in cache
/// lines of its own (at least 128 bytes reserved). Small vectors of two
/// threads can share a cache line, and writing it on every shuffle made
/// the sampler on two threads 1.2 times as fast as on one instead of twice
/// (`scripts/bench.sh`).
pub fn scratch_deck(identity: &[u8]) -> Vec<u8> {
    let mut d = Vec::with_capacity(identity.len().max(128));
    d.extend_from_slice(identity);
    d
}

/// Puts `identity` back into `deck`, which an algorithm may have shortened
/// or lengthened (the registered ones keep the length; the tests check).
/// Small decks are copied with two overlapping word moves instead of a call
/// to `memcpy`, a tenth of the pipeline's instructions at 8 cards.
#[inline(always)]
fn reset(deck: &mut Vec<u8>, identity: &[u8]) {
    let n = identity.len();
    if deck.len() != n {
        deck.clear();
        deck.extend_from_slice(identity);
    } else if (4..=8).contains(&n) {
        let head: [u8; 4] = identity[..4].try_into().expect("4 cards");
        let tail: [u8; 4] = identity[n - 4..].try_into().expect("4 cards");
        deck[..4].copy_from_slice(&head);
        deck[n - 4..n].copy_from_slice(&tail);
    } else if (8..=16).contains(&n) {
        let head: [u8; 8] = identity[..8].try_into().expect("8 cards");
        let tail: [u8; 8] = identity[n - 8..].try_into().expect("8 cards");
        deck[..8].copy_from_slice(&head);
        deck[n - 8..n].copy_from_slice(&tail);
    } else {
        deck.copy_from_slice(identity);
    }
}

/// Shuffles each deck of a batch, in order, from `identity`. Kept out of
/// line so the generator's state stays in registers.
#[inline(never)]
fn shuffle_batch<S: Shuffle, R: Rng>(
    algorithm: &S,
    decks: &mut [Vec<u8>; BATCH],
    identity: &[u8],
    src: &mut Sampler<R>,
) {
    for deck in decks {
        reset(deck, identity);
        algorithm.shuffle(deck, src);
    }
}

/// Runs `work(acc, i)` for every `i` in `0..count` on rayon's threads, each
/// thread into accumulators made by `make`, then merges them: exact sums,
/// so the counts do not depend on how the work was split.
///
/// `make` and `work` are called through references to trait objects (once
/// per accumulator, once per chunk of [`CHUNK`] shuffles): rayon's
/// machinery is compiled once per accumulator type, not once per
/// accumulator, algorithm and closure, which made a thousand copies of it
/// and most of the workspace's build time.
fn accumulate<A: Accumulator>(
    count: u64,
    make: &(dyn Fn() -> A + Sync),
    work: &(dyn Fn(&mut A, u64) + Sync),
) -> A {
    // A panic in `work` (a caller's progress callback stopping the run)
    // halts every worker at its next chunk, not at the end of its share.
    (0..count)
        .into_par_iter()
        .panic_fuse()
        .fold(make, |mut acc, i| {
            work(&mut acc, i);
            acc
        })
        .reduce_with(|mut a, b| {
            a.merge(b);
            a
        })
        .unwrap_or_else(make)
}

struct Run<'p, F> {
    deck: usize,
    shuffles: u64,
    seed: u64,
    make: F,
    progress: &'p (dyn Fn(u64) + Sync),
}

impl<A: Accumulator, F: Fn() -> A + Sync + Send> Visitor for Run<'_, F> {
    type Output = A;

    fn visit<S: Shuffle + Copy + Send + Sync>(self, algorithm: &S) -> A {
        let identity: Vec<u8> = (0..self.deck as u8).collect();
        let chunks = self.shuffles.div_ceil(CHUNK);
        let Run {
            shuffles,
            seed,
            make,
            progress,
            ..
        } = self;
        accumulate(chunks, &make, &|acc: &mut A, c| {
            let len = CHUNK.min(shuffles - c * CHUNK);
            let mut src = Sampler::new(chunk_rng(seed, c));
            let mut decks: [Vec<u8>; BATCH] = std::array::from_fn(|_| scratch_deck(&identity));
            // Full batches, then the rest one by one: same decks, same order.
            for _ in 0..len / BATCH as u64 {
                shuffle_batch(algorithm, &mut decks, &identity, &mut src);
                acc.observe_batch(&decks);
            }
            let deck = &mut decks[0];
            for _ in 0..len % BATCH as u64 {
                reset(deck, &identity);
                algorithm.shuffle(deck, &mut src);
                acc.observe(deck);
            }
            progress(len);
        })
    }
}

#[cfg(test)]
mod tests;
