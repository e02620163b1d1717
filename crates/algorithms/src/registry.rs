//! Every algorithm of the suite, with a stable kebab-case id, its source,
//! the verdict the exact enumeration gives it, and whether it can be
//! enumerated.
//!
//! The expected verdicts come from the exact distributions computed by the
//! `stats` crate (and are re-checked by its tests for decks of 1 to 6 cards),
//! not from what the seed documents claim.

use crate::*;

macro_rules! kernels {
    ($($(#[$doc:meta])* $variant:ident($ty:ty),)*) => {
        /// One pass of an algorithm: a closed set of every algorithm in the
        /// suite, dispatched by `match`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Kernel {
            $($(#[$doc])* $variant($ty),)*
        }

        impl Shuffle for Kernel {
            #[inline]
            fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
                match self {
                    $(Kernel::$variant(a) => a.shuffle(deck, src),)*
                }
            }
        }

        impl Kernel {
            /// Calls `visitor` with the concrete algorithm, so that a loop over
            /// many shuffles is compiled for that algorithm alone.
            pub fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
                match self {
                    $(Kernel::$variant(a) => visitor.visit(a),)*
                }
            }
        }
    };
}

/// Code that runs with a concrete algorithm type: see [`Kernel::visit`] and
/// [`Algorithm::visit`].
pub trait Visitor {
    /// What the visit returns.
    type Output;
    /// Runs with the concrete algorithm.
    fn visit<A: Shuffle + Copy + Send + Sync>(self, algorithm: &A) -> Self::Output;
}

kernels! {
    /// See [`RedrawOnEmpty`].
    RedrawOnEmpty(RedrawOnEmpty),
    /// See [`ShufflePick1`].
    ShufflePick1(ShufflePick1),
    /// See [`ShufflePick`].
    ShufflePick(ShufflePick),
    /// See [`RandomPairsSwap`].
    RandomPairsSwap(RandomPairsSwap),
    /// See [`ShuffleSwap`].
    ShuffleSwap(ShuffleSwap),
    /// See [`ShuffleInsert1`].
    ShuffleInsert1(ShuffleInsert1),
    /// See [`ShuffleInsert`].
    ShuffleInsert(ShuffleInsert),
    /// See [`RedrawFlags`].
    RedrawFlags(RedrawFlags),
    /// See [`SpliceDraw`].
    SpliceDraw(SpliceDraw),
    /// See [`BlogKnuthDurstenfeld`].
    BlogKnuthDurstenfeld(BlogKnuthDurstenfeld),
    /// See [`BlogInsideOut`].
    BlogInsideOut(BlogInsideOut),
    /// See [`DealWholeDeck`].
    DealWholeDeck(DealWholeDeck),
    /// See [`AltNaiveShuffle`].
    AltNaiveShuffle(AltNaiveShuffle),
    /// See [`BlogFisherYates`].
    BlogFisherYates(BlogFisherYates),
    /// See [`SpliceShuffle`].
    SpliceShuffle(SpliceShuffle),
    /// See [`StackShuffle`].
    StackShuffle(StackShuffle),
    /// See [`BlogRiffle`].
    BlogRiffle(BlogRiffle),
    /// See [`NaiveSwap`].
    NaiveSwap(NaiveSwap),
    /// See [`NaiveSwapRand15`].
    NaiveSwapRand15(NaiveSwapRand15),
    /// See [`PokerFixed`].
    PokerFixed(PokerFixed),
    /// See [`PokerFixedRand15`].
    PokerFixedRand15(PokerFixedRand15),
    /// See [`FisherYates`].
    FisherYates(FisherYates),
    /// See [`Sattolo`].
    Sattolo(Sattolo),
    /// See [`RandShuffle`].
    RandShuffle(RandShuffle),
    /// See [`CoinInsertionSort`].
    CoinInsertionSort(CoinInsertionSort),
    /// See [`CoinMergeSort`].
    CoinMergeSort(CoinMergeSort),
    /// See [`RandomKeys`].
    RandomKeys(RandomKeys),
    /// See [`FisherYatesMod15`].
    FisherYatesMod15(FisherYatesMod15),
    /// See [`GsrRiffle`].
    GsrRiffle(GsrRiffle),
    /// See [`PokerTimeSeeded`].
    PokerTimeSeeded(PokerTimeSeeded),
    /// See [`SeededFisherYates`].
    SeededFisherYates(SeededFisherYates),
}

/// A registered algorithm: one [`Kernel`] applied `times` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Algorithm {
    /// The pass applied each time.
    pub kernel: Kernel,
    /// How many passes (1 for everything but the riffles).
    pub times: u32,
}

impl Algorithm {
    /// A single pass of `kernel`.
    pub const fn once(kernel: Kernel) -> Self {
        Algorithm { kernel, times: 1 }
    }

    /// Calls `visitor` with the concrete algorithm: the kernel itself for one
    /// pass, a [`Repeat`] of it otherwise.
    pub fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
        struct Passes<V> {
            visitor: V,
            times: u32,
        }
        impl<V: Visitor> Visitor for Passes<V> {
            type Output = V::Output;
            fn visit<A: Shuffle + Copy + Send + Sync>(self, a: &A) -> V::Output {
                if self.times == 1 {
                    self.visitor.visit(a)
                } else {
                    self.visitor.visit(&Repeat {
                        inner: *a,
                        times: self.times,
                    })
                }
            }
        }
        self.kernel.visit(Passes {
            visitor,
            times: self.times,
        })
    }
}

impl Shuffle for Algorithm {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        for _ in 0..self.times {
            self.kernel.shuffle(deck, src);
        }
    }
}

/// Where an algorithm comes from: a seed document and the function or
/// passage in it, or a published reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceRef {
    /// The seed document's file name, or the reference.
    pub document: &'static str,
    /// The function, code block or passage.
    pub location: &'static str,
}

/// The verdict an algorithm deserves, established by exact enumeration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Every permutation of `n` cards has probability exactly `1/n!`.
    Uniform,
    /// Not uniform for any deck of 3 cards or more, because of this mistake.
    Biased(Defect),
}

impl Expected {
    /// `"uniform"` or `"biased"`.
    pub fn label(self) -> &'static str {
        match self {
            Expected::Uniform => "uniform",
            Expected::Biased(_) => "biased",
        }
    }
}

/// Whether the exact enumerator can walk an algorithm's choice tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exact {
    /// The tree is finite: enumeration gives the exact law.
    Full,
    /// The tree is infinite (a loop of unbounded length): enumeration stops
    /// at a probability bound and reports the unexplored mass.
    MassBound,
    /// The tree is too wide to walk (raw words of 16 bits or more per
    /// draw); sampling only.
    No(&'static str),
}

impl Exact {
    /// Whether the enumerator can run at all.
    pub fn is_enumerable(self) -> bool {
        !matches!(self, Exact::No(_))
    }
}

/// One row of the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Stable kebab-case id, used on the command line, in JSON and in file names.
    pub id: &'static str,
    /// Human-readable name.
    pub name: &'static str,
    /// Where it comes from (more than one where documents show the same code).
    pub sources: &'static [SourceRef],
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Its verdict, from exact enumeration.
    pub expected: Expected,
    /// Whether it can be enumerated.
    pub exact: Exact,
    /// Its guarantee or its defect, in one sentence.
    pub summary: &'static str,
}

const S000: &str = "000_d04b9b9104ef3ac9.txt";
const S001: &str = "001_8224637705ba0647.txt";
const S002: &str = "002_a1406b98e2fda677.txt";
const S003: &str = "003_8fdfb98757373742.txt";
const S004: &str = "004_bc98dc84b49fccfb.txt";

const fn src(document: &'static str, location: &'static str) -> SourceRef {
    SourceRef { document, location }
}

macro_rules! entry {
    ($id:literal, $name:literal, [$($doc:expr),+], $alg:expr, $expected:expr, $exact:expr, $summary:literal) => {
        Entry {
            id: $id,
            name: $name,
            sources: &[$($doc),+],
            algorithm: $alg,
            expected: $expected,
            exact: $exact,
            summary: $summary,
        }
    };
}

use Exact::{Full, MassBound};
use Expected::{Biased, Uniform};

/// Every algorithm of the suite, seeds first, in document order.
pub static REGISTRY: &[Entry] = &[
    entry!(
        "redraw-on-empty",
        "Draw, redraw on an empty slot",
        [
            src(
                S000,
                "passage on the Baidu Wenku first method (draw, redraw on empty card)"
            ),
            src(S002, "same passage, English")
        ],
        Algorithm::once(Kernel::RedrawOnEmpty(RedrawOnEmpty)),
        Uniform,
        Full,
        "Uniform: each redraw is uniform over the cards not yet drawn; the post calls it unreasonable, but it is only slow."
    ),
    entry!(
        "shuffle-pick-1",
        "shuffle_pick_1 (draw and splice)",
        [src(S000, "shuffle_pick_1"), src(S002, "shuffle_pick_1")],
        Algorithm::once(Kernel::ShufflePick1(ShufflePick1)),
        Uniform,
        Full,
        "Uniform: draws each card uniformly from those left; O(n^2) for the splices."
    ),
    entry!(
        "shuffle-pick",
        "shuffle_pick (draw, fill with the last)",
        [src(S000, "shuffle_pick"), src(S002, "shuffle_pick")],
        Algorithm::once(Kernel::ShufflePick(ShufflePick)),
        Uniform,
        Full,
        "Uniform: Durstenfeld's algorithm writing its picks to a second array."
    ),
    entry!(
        "random-pairs-swap",
        "Swap two random positions n times",
        [
            src(
                S000,
                "passage on the Baidu Wenku swap method (swap two random positions n times)"
            ),
            src(S002, "same passage, English"),
            src(S003, "naiveShuffle")
        ],
        Algorithm::once(Kernel::RandomPairsSwap(RandomPairsSwap)),
        Biased(Defect::RandomTranspositions),
        Full,
        "Biased: n^(2n) equally likely paths cannot split evenly over n! permutations; the identity is the most likely deck."
    ),
    entry!(
        "shuffle-swap",
        "shuffle_swap (swap i with a card in 0..=i)",
        [src(S000, "shuffle_swap"), src(S002, "shuffle_swap")],
        Algorithm::once(Kernel::ShuffleSwap(ShuffleSwap)),
        Uniform,
        Full,
        "Uniform: Fisher-Yates run from the front."
    ),
    entry!(
        "shuffle-insert-1",
        "shuffle_insert_1 (insert with splice)",
        [src(S000, "shuffle_insert_1"), src(S002, "shuffle_insert_1")],
        Algorithm::once(Kernel::ShuffleInsert1(ShuffleInsert1)),
        Uniform,
        Full,
        "Uniform for n >= 1: each card is inserted at a uniform place; for m = 0 the seed returns [0]."
    ),
    entry!(
        "shuffle-insert",
        "shuffle_insert (inside-out)",
        [src(S000, "shuffle_insert"), src(S002, "shuffle_insert")],
        Algorithm::once(Kernel::ShuffleInsert(ShuffleInsert)),
        Uniform,
        Full,
        "Uniform for n >= 1, as the post claims: the inside-out Fisher-Yates; for m = 0 the seed returns [0]."
    ),
    entry!(
        "redraw-flags",
        "Redraw while taken (flag array)",
        [src(S001, "first shuffle block (tempArr flags, while loop)")],
        Algorithm::once(Kernel::RedrawFlags(RedrawFlags)),
        Uniform,
        Full,
        "Uniform, as the author says: each accepted position is uniform over the untaken ones; slow."
    ),
    entry!(
        "splice-draw",
        "Draw and splice",
        [src(
            S001,
            "second shuffle block (cardsArr.splice(position, 1))"
        )],
        Algorithm::once(Kernel::SpliceDraw(SpliceDraw)),
        Uniform,
        Full,
        "Uniform: draws each card uniformly from those left; O(n^2) for the splices."
    ),
    entry!(
        "blog-knuth-durstenfeld",
        "The post's \"Knuth-Durstenfeld\"",
        [src(
            S001,
            "third shuffle block (Math.floor(Math.random()*i), i from length-1 down)"
        )],
        Algorithm::once(Kernel::BlogKnuthDurstenfeld(BlogKnuthDurstenfeld)),
        Biased(Defect::SingleCycle),
        Full,
        "Biased: the pick excludes card i, so this is Sattolo's algorithm: only (n-1)! cyclic permutations, no card stays in place."
    ),
    entry!(
        "blog-inside-out",
        "The post's \"Inside-Out\"",
        [src(
            S001,
            "fourth shuffle block (swap i with Math.floor(Math.random()*i))"
        )],
        Algorithm::once(Kernel::BlogInsideOut(BlogInsideOut)),
        Biased(Defect::SingleCycle),
        Full,
        "Biased: j never equals i, so this is Sattolo's algorithm, not the inside-out Fisher-Yates."
    ),
    entry!(
        "deal",
        "deal a whole deck to one player",
        [src(S003, "deal (one player, numCards = deck size)")],
        Algorithm::once(Kernel::DealWholeDeck(DealWholeDeck)),
        Uniform,
        Full,
        "Uniform: each card is spliced uniformly from those left."
    ),
    entry!(
        "alt-naive-shuffle",
        "altNaiveShuffle",
        [src(S003, "altNaiveShuffle")],
        Algorithm::once(Kernel::AltNaiveShuffle(AltNaiveShuffle)),
        Biased(Defect::NaiveSwap),
        Full,
        "Biased: every index swaps with a card from the whole deck; n^n paths cannot split evenly over n! permutations."
    ),
    entry!(
        "blog-fisher-yates",
        "The article's \"Fisher-Yates\" (Math.random() * index)",
        [src(
            S003,
            "section on Fisher-Yates: altNaiveShuffle with randomCard = Math.floor(Math.random() * index)"
        )],
        Algorithm::once(Kernel::BlogFisherYates(BlogFisherYates)),
        Biased(Defect::SingleCycle),
        Full,
        "Biased: randomCard is never index itself, so this is Sattolo's algorithm; the change meant to fix the naive swap breaks it."
    ),
    entry!(
        "splice-shuffle",
        "spliceShuffle",
        [src(S003, "spliceShuffle")],
        Algorithm::once(Kernel::SpliceShuffle(SpliceShuffle)),
        Uniform,
        Full,
        "Uniform: each step draws uniformly from the cards not yet placed."
    ),
    entry!(
        "stack-shuffle",
        "stackShuffle",
        [src(S003, "stackShuffle")],
        Algorithm::once(Kernel::StackShuffle(StackShuffle)),
        Uniform,
        Full,
        "Uniform: pushes a card drawn uniformly from those not yet pushed."
    ),
    entry!(
        "blog-riffle",
        "riffleShuffle, 7 times",
        [src(
            S003,
            "riffleShuffle, repeated 7 times as the article recommends"
        )],
        Algorithm {
            kernel: Kernel::BlogRiffle(BlogRiffle),
            times: 7
        },
        Biased(Defect::BrokenRiffle),
        MassBound,
        "Biased: not a riffle model; seven passes leave the deck far from uniform."
    ),
    entry!(
        "naive-swap",
        "Naive swap (swap i with any card)",
        [src(
            S004,
            "Poker::Shuffle, the wrong version (ranIndex in [0, n)), with an ideal below(n)"
        )],
        Algorithm::once(Kernel::NaiveSwap(NaiveSwap)),
        Biased(Defect::NaiveSwap),
        Full,
        "Biased: n^n equally likely paths cannot split evenly over n! permutations (4, 5, 5, 5, 4, 4 over 27 at n = 3)."
    ),
    entry!(
        "naive-swap-rand15",
        "Naive swap with (int)(n * rand() / 32768.0)",
        [src(
            S004,
            "Poker::Shuffle, the wrong version exactly as printed, 15-bit rand()"
        )],
        Algorithm::once(Kernel::NaiveSwapRand15(NaiveSwapRand15)),
        Biased(Defect::NaiveSwap),
        Full,
        "Biased: the naive swap's n^n paths, plus the uneven 15-bit rand() arithmetic."
    ),
    entry!(
        "poker-fixed",
        "Corrected Poker::Shuffle (ideal draw)",
        [src(
            S004,
            "Poker::Shuffle, the corrected version (ranIndex in [i, n)), with an ideal below(n - i)"
        )],
        Algorithm::once(Kernel::PokerFixed(PokerFixed)),
        Uniform,
        Full,
        "Uniform: Durstenfeld's algorithm run from the front."
    ),
    entry!(
        "poker-fixed-rand15",
        "Corrected Poker::Shuffle with rand()",
        [src(
            S004,
            "Poker::Shuffle, the corrected version exactly as printed, 15-bit rand()"
        )],
        Algorithm::once(Kernel::PokerFixedRand15(PokerFixedRand15)),
        Biased(Defect::UnevenReduction),
        Full,
        "Slightly biased: (int)((n - i) * rand() / 32768.0) is uneven unless n - i divides 32768."
    ),
    entry!(
        "poker-fixed-time",
        "Corrected Poker::Shuffle with srand(time(0))",
        [src(
            S004,
            "Poker::Shuffle, the corrected version as the program runs it: srand((int)time(0)) then the 15-bit rand() of Microsoft's C runtime, on the day of the post"
        )],
        Algorithm::once(Kernel::PokerTimeSeeded(PokerTimeSeeded {
            reduction: Reduction::Scale
        })),
        Biased(Defect::FewSeeds),
        Full,
        "Biased: reseeded from the clock on every shuffle, it deals at most 86,400 decks a day (one per second), whatever the deck size."
    ),
    entry!(
        "poker-fixed-time-mod",
        "Corrected Poker::Shuffle with srand(time(0)) and rand() % k",
        [src(
            S004,
            "Poker::Shuffle, the corrected version with srand((int)time(0)), rand() % (n - i) in place of the scaling"
        )],
        Algorithm::once(Kernel::PokerTimeSeeded(PokerTimeSeeded {
            reduction: Reduction::Mod
        })),
        Biased(Defect::FewSeeds),
        Full,
        "Biased: at most 86,400 decks a day, and rand() % k favours low partners."
    ),
    entry!(
        "fisher-yates",
        "Fisher-Yates (Durstenfeld)",
        [src("reference", "Durstenfeld, Algorithm 235, CACM 1964")],
        Algorithm::once(Kernel::FisherYates(FisherYates)),
        Uniform,
        Full,
        "Uniform: picked uniformly from the set of all n! permutations. The control."
    ),
    entry!(
        "sattolo",
        "Sattolo's algorithm",
        [src("reference", "Sattolo, IPL 1986")],
        Algorithm::once(Kernel::Sattolo(Sattolo)),
        Biased(Defect::SingleCycle),
        Full,
        "Biased as a shuffle: uniform over the (n-1)! single-cycle permutations only."
    ),
    entry!(
        "rand-shuffle",
        "rand's SliceRandom::shuffle",
        [src(
            "reference",
            "rand crate, rand::seq::SliceRandom::shuffle"
        )],
        Algorithm::once(Kernel::RandShuffle(RandShuffle)),
        Uniform,
        Exact::No(
            "it draws raw 32-bit words (packing several choices into one), a tree of 2^32 branches per draw"
        ),
        "Uniform (rand's documented guarantee); sampling only."
    ),
    entry!(
        "coin-insertion-sort",
        "Insertion sort with a coin comparator",
        [src(
            "reference",
            "sort(() => Math.random() - 0.5) on insertion sort"
        )],
        Algorithm::once(Kernel::CoinInsertionSort(CoinInsertionSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: a card moves k places left with probability 2^-(k+1); cards stay near their start."
    ),
    entry!(
        "coin-merge-sort",
        "Merge sort with a coin comparator",
        [src(
            "reference",
            "sort(() => Math.random() - 0.5) on top-down merge sort"
        )],
        Algorithm::once(Kernel::CoinMergeSort(CoinMergeSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: every probability is a multiple of a power of 2, never 1/n! for n >= 3."
    ),
    entry!(
        "random-keys-8",
        "Sort by random 8-bit keys",
        [src(
            "reference",
            "sort by random key, stable sort, 8-bit keys"
        )],
        Algorithm::once(Kernel::RandomKeys(RandomKeys { bits: 8 })),
        Biased(Defect::TiedKeys),
        Full,
        "Biased: tied keys keep their order; at n = 2 the identity has probability 1/2 + 2^-9."
    ),
    entry!(
        "random-keys-16",
        "Sort by random 16-bit keys",
        [src(
            "reference",
            "sort by random key, stable sort, 16-bit keys"
        )],
        Algorithm::once(Kernel::RandomKeys(RandomKeys { bits: 16 })),
        Biased(Defect::TiedKeys),
        Exact::No("each key has 65536 values: a tree of 2^(16n) paths"),
        "Biased: tied keys keep their order; at n = 2 the identity has probability 1/2 + 2^-17."
    ),
    entry!(
        "random-keys-32",
        "Sort by random 32-bit keys",
        [src(
            "reference",
            "sort by random key, stable sort, 32-bit keys"
        )],
        Algorithm::once(Kernel::RandomKeys(RandomKeys { bits: 32 })),
        Biased(Defect::TiedKeys),
        Exact::No("each key has 2^32 values: a tree of 2^(32n) paths"),
        "Biased: tied keys keep their order; at n = 2 the identity has probability 1/2 + 2^-33."
    ),
    entry!(
        "random-keys-53",
        "Sort by random 53-bit keys (Math.random())",
        [src(
            "reference",
            "sort by random key, stable sort, 53-bit keys like Math.random()"
        )],
        Algorithm::once(Kernel::RandomKeys(RandomKeys { bits: 53 })),
        Biased(Defect::TiedKeys),
        Exact::No("each key has 2^53 values: a tree of 2^(53n) paths"),
        "Biased in principle: tied keys keep their order, with probability about n^2 / 2^54; undetectable in practice."
    ),
    entry!(
        "fisher-yates-mod15",
        "Fisher-Yates with rand() % (i + 1)",
        [src(
            "reference",
            "Fisher-Yates with C's rand() % (i + 1), RAND_MAX = 32767"
        )],
        Algorithm::once(Kernel::FisherYatesMod15(FisherYatesMod15)),
        Biased(Defect::UnevenReduction),
        Full,
        "Slightly biased: rand() % (i + 1) favours low partners unless i + 1 divides 32768."
    ),
    entry!(
        "gsr-riffle",
        "Gilbert-Shannon-Reeds riffle, 7 times",
        [src(
            "reference",
            "Gilbert-Shannon-Reeds model; Bayer & Diaconis, Ann. Appl. Probab. 1992"
        )],
        Algorithm {
            kernel: Kernel::GsrRiffle(GsrRiffle),
            times: 7
        },
        Biased(Defect::TooFewRiffles),
        Full,
        "Close but not uniform: 7 riffles of 52 cards are at total variation distance about 0.334."
    ),
    entry!(
        "fisher-yates-seed-seconds",
        "Fisher-Yates reseeded from the second of the day",
        [src(
            "reference",
            "Fisher-Yates on xoshiro256++ seeded per deal with time(0) during one day"
        )],
        Algorithm::once(Kernel::SeededFisherYates(SeededFisherYates {
            space: SeedSpace::SecondsOfDay
        })),
        Biased(Defect::FewSeeds),
        Full,
        "Biased: a correct shuffle on a good generator, but reseeded from the clock: 86,400 possible decks."
    ),
    entry!(
        "fisher-yates-seed-ms",
        "Fisher-Yates reseeded from the millisecond of the day",
        [src(
            "reference",
            "Fisher-Yates on xoshiro256++ seeded per deal with the milliseconds since midnight"
        )],
        Algorithm::once(Kernel::SeededFisherYates(SeededFisherYates {
            space: SeedSpace::MillisOfDay
        })),
        Biased(Defect::FewSeeds),
        Exact::No("86,400,000 seeds: a tree of 86.4 million paths per deck size"),
        "Biased: 86.4 million possible decks, which cannot split evenly over 7! or more permutations; the collision test sees them repeat at 52 cards."
    ),
    entry!(
        "fisher-yates-seed32",
        "Fisher-Yates reseeded from a 32-bit seed",
        [src(
            "reference",
            "Fisher-Yates on xoshiro256++ seeded per deal with a uniform 32-bit value"
        )],
        Algorithm::once(Kernel::SeededFisherYates(SeededFisherYates {
            space: SeedSpace::Bits32
        })),
        Biased(Defect::FewSeeds),
        Exact::No("2^32 seeds: a tree of 4.3 billion paths per deck size"),
        "Biased: at most 4.3 billion decks of the 8.07e67; a million deals repeat about 116 pairs."
    ),
];

/// The error for an id that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm {
    /// The id asked for.
    pub id: String,
    /// The nearest registered ids, best first.
    pub suggestions: Vec<&'static str>,
}

impl core::fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "unknown algorithm id {:?}", self.id)?;
        if self.suggestions.is_empty() {
            write!(f, "; `shuffle-audit list` shows the {} ids", REGISTRY.len())
        } else {
            write!(f, "; did you mean {}?", self.suggestions.join(" or "))
        }
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// The registry entry with this id.
///
/// # Errors
/// [`UnknownAlgorithm`], with the nearest ids as suggestions.
pub fn find(id: &str) -> Result<&'static Entry, UnknownAlgorithm> {
    if let Some(entry) = REGISTRY.iter().find(|e| e.id == id) {
        return Ok(entry);
    }
    let mut scored: Vec<(usize, &'static str)> = REGISTRY
        .iter()
        .map(|e| (edit_distance(id, e.id), e.id))
        .collect();
    scored.sort();
    let limit = (id.len() / 3).max(2);
    let mut suggestions: Vec<&'static str> = scored
        .iter()
        .filter(|(d, _)| *d <= limit)
        .take(3)
        .map(|&(_, s)| s)
        .collect();
    if suggestions.is_empty() {
        suggestions = REGISTRY
            .iter()
            .map(|e| e.id)
            .filter(|e| e.contains(id) && !id.is_empty())
            .take(3)
            .collect();
    }
    Err(UnknownAlgorithm {
        id: id.to_owned(),
        suggestions,
    })
}

/// Levenshtein distance between two short ids.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_kebab_case() {
        let mut ids: Vec<&str> = REGISTRY.iter().map(|e| e.id).collect();
        for id in &ids {
            assert!(
                id.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{id} is not kebab-case"
            );
        }
        ids.sort_unstable();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate ids");
    }

    #[test]
    fn fixed_ids_exist() {
        for id in ["naive-swap", "fisher-yates", "sattolo", "gsr-riffle"] {
            assert_eq!(find(id).unwrap().id, id);
        }
        assert_eq!(find("gsr-riffle").unwrap().algorithm.times, 7);
        assert_eq!(find("blog-riffle").unwrap().algorithm.times, 7);
    }

    #[test]
    fn each_summary_opens_with_the_verdict_the_registry_states() {
        for e in REGISTRY {
            let uniform = e.summary.starts_with("Uniform");
            assert_eq!(
                uniform,
                e.expected == Expected::Uniform,
                "{}: {:?} does not open with its verdict {:?}",
                e.id,
                e.summary,
                e.expected
            );
            if !uniform {
                assert!(
                    e.summary.contains("iased") || e.summary.contains("not uniform"),
                    "{}: {:?}",
                    e.id,
                    e.summary
                );
            }
        }
        // Every defect is some algorithm's: a defect no entry shows could
        // not be recognised by comparing with the registry's laws.
        for d in Defect::ALL {
            assert!(
                REGISTRY.iter().any(|e| e.expected == Expected::Biased(d)),
                "{d:?} is no entry's defect"
            );
        }
    }

    #[test]
    fn every_seed_document_is_cited() {
        for doc in [S000, S001, S002, S003, S004] {
            assert!(
                REGISTRY
                    .iter()
                    .any(|e| e.sources.iter().any(|s| s.document == doc)),
                "{doc} is not cited"
            );
        }
    }

    #[test]
    fn visiting_runs_the_same_algorithm() {
        use rand::SeedableRng;
        struct Run(u64);
        impl Visitor for Run {
            type Output = Vec<u32>;
            fn visit<A: Shuffle + Copy + Send + Sync>(self, a: &A) -> Vec<u32> {
                let mut deck: Vec<u32> = (0..20).collect();
                a.shuffle(
                    &mut deck,
                    &mut rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(self.0),
                );
                deck
            }
        }
        for entry in REGISTRY {
            let mut deck: Vec<u32> = (0..20).collect();
            entry.algorithm.shuffle(
                &mut deck,
                &mut rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9),
            );
            assert_eq!(entry.algorithm.visit(Run(9)), deck, "{}", entry.id);
        }
    }

    #[test]
    fn unknown_ids_suggest_the_nearest() {
        let err = find("naive-swp").unwrap_err();
        assert_eq!(err.suggestions.first(), Some(&"naive-swap"));
        assert!(err.to_string().contains("did you mean naive-swap"), "{err}");
        let err = find("riffle").unwrap_err();
        assert!(
            err.suggestions.iter().any(|s| s.contains("riffle")),
            "{err}"
        );
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
