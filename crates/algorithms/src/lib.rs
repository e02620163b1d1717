//! Card-shuffling algorithms, correct and broken, for `shuffle-audit`.
//!
//! Every algorithm draws all of its randomness through one small trait,
//! [`Source`], so the same code can be sampled with a PRNG, enumerated
//! exactly (in the `stats` crate), or replayed from a script in a test.
//!
//! The algorithms of the seed documents are ported as written, bugs
//! included; each one's documentation names the document and function it
//! comes from, its cost, and its guarantee or its defect. The [`registry`]
//! lists them all with stable ids.
//!
//! ```
//! use algorithms::{Shuffle, registry};
//! use rand::SeedableRng;
//!
//! let entry = registry::find("fisher-yates").unwrap();
//! let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
//! let mut deck: Vec<u32> = (0..52).collect();
//! entry.algorithm.shuffle(&mut deck, &mut rng);
//! ```
#![deny(missing_docs)]

/// The fewest cards a deck holds: a deck of 0 or 1 card has one
/// arrangement, and nothing to test.
pub const MIN_DECK: usize = 2;

/// The most cards a deck holds: cards are numbered by a byte, `0..=254`,
/// with one value to spare for "no card" where a table needs it.
pub const MAX_DECK: usize = 255;

pub mod defect;
pub mod draws;
pub mod engines;
pub mod generators;
pub mod inserts;
pub mod js;
pub mod packet_riffle;
pub mod published;
pub mod reference;
pub mod registry;
mod scratch;
pub mod seed_space;
pub mod seeded;
mod shuffle;
mod source;
pub mod swap_loops;
pub mod swaps;
#[cfg(test)]
mod testing;
mod wide;

pub use defect::Defect;
pub use draws::{
    DealWholeDeck, RedrawFlags, RedrawOnEmpty, ShufflePick, ShufflePick1, SpliceDraw,
    SpliceShuffle, StackShuffle,
};
pub use engines::{
    CPythonSort, ContractViolation, DotNetIntroSort, DotNetLibrary, GoPdqSort, JavaComparator,
    JavaRandomSource, JavaTimSort, LibStdCxxSort, PhpRand, PhpUsortRand, PhpVersion,
    SpiderMonkey102Sort, SpiderMonkeyMergeSort, V8LegacySort, V8TimSort, ZendSort,
};
pub use generators::{
    DelphiRandom, DotNetRandom, GlibcRand, JavaRandom, Mt19937, PhpMtRand, V8MathRandom, V8ToDouble,
};
pub use inserts::{ShuffleInsert, ShuffleInsert1};
pub use packet_riffle::BlogRiffle;
pub use published::{
    CppMt19937TimeShuffle, DotNetShuffleTickCount, FreeCellDeal, GlibcTimeShuffle,
    JavaShuffleMillis, PhpShuffleMtTime, PlanetPoker,
};
pub use reference::{
    CoinInsertionSort, CoinMergeSort, FisherYates, FisherYatesMod15, GsrRiffle, GsrRiffles,
    RandShuffle, RandomKeys, Repeat, Sattolo,
};
pub use registry::{Algorithm, Entry, Exact, Expected, Kernel, Visitor};
pub use seeded::{
    CRand, PokerTimeSeeded, Reduction, SeedClock, SeedSpace, Seeded, SeededFisherYates,
};
pub use shuffle::{Shuffle, Throwing, apply_order};
pub use source::{
    Draw, MAX_REDUCED_BITS, MAX_UNIT_DOUBLE_BITS, MAX_WORD_BITS, Scripted, Source, SourceRng,
};
pub use swap_loops::{
    AltNaiveShuffle, BlogFisherYates, BlogInsideOut, BlogKnuthDurstenfeld, NaiveSwap,
    NaiveSwapRand15, PokerFixed, PokerFixedRand15, RandomPairsSwap, ShuffleSwap,
};
pub use swaps::{Slot, SwapShuffle, Transposition};
