//! What one row of the registry says: the algorithm, where it comes from,
//! its expected verdict and how far exact enumeration reaches it.

use crate::defect::Defect;
use crate::draws::*;
use crate::engines::*;
use crate::inserts::*;
use crate::packet_riffle::*;
use crate::published::*;
use crate::reference::*;
use crate::seeded::*;
use crate::shuffle::{Shuffle, Throwing};
use crate::source::Source;
use crate::swap_loops::*;

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
    /// See [`PlanetPoker`].
    PlanetPoker(PlanetPoker),
    /// See [`FreeCellDeal`].
    FreeCellDeal(FreeCellDeal),
    /// See [`GlibcTimeShuffle`].
    GlibcTimeShuffle(GlibcTimeShuffle),
    /// See [`V8LegacySort`].
    V8LegacySort(V8LegacySort),
    /// See [`V8TimSort`].
    V8TimSort(V8TimSort),
    /// See [`JavaTimSort`].
    JavaTimSort(JavaTimSort),
    /// See [`CPythonSort`].
    CPythonSort(CPythonSort),
    /// See [`DotNetIntroSort`].
    DotNetIntroSort(DotNetIntroSort),
    /// See [`LibStdCxxSort`].
    LibStdCxxSort(LibStdCxxSort),
    /// See [`GoPdqSort`].
    GoPdqSort(GoPdqSort),
    /// See [`SpiderMonkeyMergeSort`].
    SpiderMonkeyMergeSort(SpiderMonkeyMergeSort),
    /// See [`SpiderMonkey102Sort`].
    SpiderMonkey102Sort(SpiderMonkey102Sort),
    /// See [`PhpUsortRand`].
    PhpUsortRand(PhpUsortRand),
    /// See [`CppMt19937TimeShuffle`].
    CppMt19937TimeShuffle(CppMt19937TimeShuffle),
    /// See [`PhpShuffleMtTime`].
    PhpShuffleMtTime(PhpShuffleMtTime),
    /// See [`JavaShuffleMillis`].
    JavaShuffleMillis(JavaShuffleMillis),
    /// See [`DotNetShuffleTickCount`].
    DotNetShuffleTickCount(DotNetShuffleTickCount),
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

    /// The algorithm as a function of its one seed, when that is all its
    /// randomness (one pass of a per-deal seeded shuffle).
    pub fn seeded(&self) -> Option<crate::seeded::Seeded> {
        use crate::seeded::Seeded;
        match (self.kernel, self.times) {
            (Kernel::PokerTimeSeeded(p), 1) => Some(Seeded::Poker(p)),
            (Kernel::SeededFisherYates(f), 1) => Some(Seeded::FisherYates(f)),
            (Kernel::PlanetPoker(p), 1) => Some(Seeded::PlanetPoker(p)),
            (Kernel::FreeCellDeal(f), 1) => Some(Seeded::FreeCell(f)),
            (Kernel::GlibcTimeShuffle(g), 1) => Some(Seeded::GlibcTime(g)),
            (Kernel::CppMt19937TimeShuffle(m), 1) => Some(Seeded::Mt19937Time(m)),
            (Kernel::PhpShuffleMtTime(p), 1) => Some(Seeded::PhpMtTime(p)),
            (Kernel::JavaShuffleMillis(j), 1) => Some(Seeded::JavaMillis(j)),
            (Kernel::DotNetShuffleTickCount(d), 1) => Some(Seeded::DotNetTicks(d)),
            _ => None,
        }
    }

    /// The sort that may throw instead of dealing, when the algorithm is
    /// one pass of it (Java's TimSort, .NET's introspective sort,
    /// libstdc++'s `std::sort`, whose failure is a read out of bounds): its
    /// shuffle deals the law given no throw, and
    /// [`crate::Throwing::try_shuffle`] says when it throws.
    pub fn throwing(&self) -> Option<ThrowingSort> {
        match (self.kernel, self.times) {
            (Kernel::JavaTimSort(j), 1) => Some(ThrowingSort::Java(j)),
            (Kernel::DotNetIntroSort(d), 1) => Some(ThrowingSort::DotNet(d)),
            (Kernel::LibStdCxxSort(s), 1) => Some(ThrowingSort::LibStdCxx(s)),
            _ => None,
        }
    }

    /// Calls `visitor` with the concrete algorithm: the kernel itself for one
    /// pass, a [`Repeat`] of it otherwise; the GSR riffle, however many
    /// times, as [`GsrRiffles`] (one `2^times`-shuffle, the same law in
    /// fewer draws; see [`Algorithm::shuffle`]).
    pub fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
        if let Kernel::GsrRiffle(_) = self.kernel {
            return visitor.visit(&GsrRiffles { times: self.times });
        }
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

/// `times` passes of the kernel, except that the GSR riffle's passes are
/// sampled at once by [`GsrRiffles`]: the law of `times` riffles (Bayer and
/// Diaconis), from other draws. Exact enumeration walks the kernel itself
/// and composes its law, so the sampled counts are checked against the
/// riffles one by one.
impl Shuffle for Algorithm {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        if let Kernel::GsrRiffle(_) = self.kernel {
            return GsrRiffles { times: self.times }.shuffle(deck, src);
        }
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

/// A source reference: the document and where in it.
pub(super) const fn src(document: &'static str, location: &'static str) -> SourceRef {
    SourceRef { document, location }
}

/// One row of the registry, its fields in order.
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

pub(super) use entry;

/// A registered sort that may throw instead of dealing (see
/// [`Algorithm::throwing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThrowingSort {
    /// See [`JavaTimSort`].
    Java(JavaTimSort),
    /// See [`DotNetIntroSort`].
    DotNet(DotNetIntroSort),
    /// See [`LibStdCxxSort`].
    LibStdCxx(LibStdCxxSort),
}

impl Throwing for ThrowingSort {
    fn try_shuffle<T: Copy, S: Source + ?Sized>(
        &self,
        deck: &mut [T],
        src: &mut S,
    ) -> Result<(), ContractViolation> {
        match self {
            ThrowingSort::Java(j) => j.try_shuffle(deck, src),
            ThrowingSort::DotNet(d) => d.try_shuffle(deck, src),
            ThrowingSort::LibStdCxx(s) => s.try_shuffle(deck, src),
        }
    }

    fn exception(&self) -> &'static str {
        match self {
            ThrowingSort::Java(j) => j.exception(),
            ThrowingSort::DotNet(d) => d.exception(),
            ThrowingSort::LibStdCxx(s) => s.exception(),
        }
    }

    fn undefined_behaviour(&self) -> bool {
        match self {
            ThrowingSort::Java(j) => j.undefined_behaviour(),
            ThrowingSort::DotNet(d) => d.undefined_behaviour(),
            ThrowingSort::LibStdCxx(s) => s.undefined_behaviour(),
        }
    }
}
