//! Where a per-deal seed comes from, and C's `rand()` that many seeded
//! shuffles draw from: the vocabulary [`crate::published`]'s programs and
//! [`crate::seeded`]'s shuffles share (both use it; neither uses the other
//! for it).

use crate::source::Source;

/// C's `rand()` with `RAND_MAX = 32767` as Microsoft's C runtime computes
/// it: `x = x * 214013 + 2531011 (mod 2^32)`, then `(x >> 16) & 0x7fff`;
/// `srand(s)` sets `x = s`.
///
/// Its outputs are 15 bits, and a whole sequence is fixed by the 32-bit
/// state: after `srand(seed)`, every `rand()` a shuffle makes follows from
/// the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CRand {
    state: u32,
}

impl CRand {
    /// The multiplier.
    pub const A: u32 = 214_013;
    /// The increment.
    pub const C: u32 = 2_531_011;
    /// `RAND_MAX`.
    pub const RAND_MAX: u32 = 0x7fff;

    /// `srand(seed)`.
    pub fn srand(seed: u32) -> Self {
        CRand { state: seed }
    }

    /// `rand()`: the next 15-bit output.
    #[inline]
    pub fn rand(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(Self::A).wrapping_add(Self::C);
        (self.state >> 16) & Self::RAND_MAX
    }
}

/// `time(0)` at 00:00:00 UTC on 10 October 2012, the day
/// `004_bc98dc84b49fccfb.txt` was posted: the first second of the day of
/// seeds that [`SeedSpace::SecondsOfDay`] models.
pub const POST_DAY: u32 = 1_349_827_200;

/// Where a per-deal seed comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeedSpace {
    /// `time(0)` during one day: 86,400 seeds, [`POST_DAY`]`..POST_DAY + 86400`.
    SecondsOfDay,
    /// Milliseconds since midnight: 86,400,000 seeds, `0..86_400_000`.
    MillisOfDay,
    /// Any 32-bit value: 4,294,967,296 seeds.
    Bits32,
    /// A game's numbered deals, `1..=1_000_000` (Microsoft FreeCell).
    DealNumbers,
    /// `System.currentTimeMillis()` during one day: 86,400,000 seeds,
    /// `POST_DAY · 1000 ..` (Unix time in milliseconds).
    EpochMillisOfDay,
    /// `Environment.TickCount` made non-negative, as .NET's `new Random()`
    /// takes it: the milliseconds since the machine started, `0..2^31`
    /// (24.9 days).
    TickCounts,
}

impl SeedSpace {
    /// How many seeds there are.
    pub const fn seeds(self) -> u64 {
        match self {
            SeedSpace::SecondsOfDay => 86_400,
            SeedSpace::MillisOfDay => 86_400_000,
            SeedSpace::Bits32 => 1 << 32,
            SeedSpace::DealNumbers => 1_000_000,
            SeedSpace::EpochMillisOfDay => 86_400_000,
            SeedSpace::TickCounts => 1 << 31,
        }
    }

    /// Draws one seed, uniformly from the space: the deal's only random
    /// choice.
    #[inline]
    pub fn draw<S: Source + ?Sized>(self, src: &mut S) -> u64 {
        match self {
            SeedSpace::SecondsOfDay => u64::from(POST_DAY) + src.below(86_400) as u64,
            SeedSpace::MillisOfDay => src.below(86_400_000) as u64,
            SeedSpace::Bits32 => src.word(32),
            SeedSpace::DealNumbers => 1 + src.below(1_000_000) as u64,
            SeedSpace::EpochMillisOfDay => {
                u64::from(POST_DAY) * 1000 + src.below(86_400_000) as u64
            }
            SeedSpace::TickCounts => src.word(31),
        }
    }

    /// Draws a seed of a space of 32-bit seeds.
    #[inline]
    pub fn draw32<S: Source + ?Sized>(self, src: &mut S) -> u32 {
        debug_assert!(self != SeedSpace::EpochMillisOfDay);
        self.draw(src) as u32
    }
}
