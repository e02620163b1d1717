//! The rows of the reference shuffles and of the famous cases: the
//! controls, the textbook shuffles and the generators seeded by a clock.

use crate::defect::Defect;
use crate::published::*;
use crate::reference::*;
use crate::registry::entry::{Algorithm, Entry, Exact, Expected, Kernel, entry, src};
use crate::seeded::*;

use Exact::Full;
use Expected::{Biased, Uniform};

/// The reference shuffles, then the famous cases.
pub(super) const ROWS: &[Entry] = &[
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
        "gsr-riffle-3",
        "Gilbert-Shannon-Reeds riffle, 3 times",
        [src(
            "reference",
            "Gilbert-Shannon-Reeds model, 3 riffles: a player's shuffle of a decklist in list order; Bayer & Diaconis, Ann. Appl. Probab. 1992"
        )],
        Algorithm {
            kernel: Kernel::GsrRiffle(GsrRiffle),
            times: 3
        },
        Biased(Defect::TooFewRiffles),
        Full,
        "Biased: 3 riffles leave a deck in 8 packets in its starting order, so cards listed together stay near one another (a decklist's lands clump; audit --group tests it against the exact law)."
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
    entry!(
        "planet-poker",
        "The Planet Poker shuffle (1999): random(51)+1, Randomize from the clock",
        [src(
            "reference",
            "PlanetPoker's FAQ as quoted by Arkin, Hill, Marks, Schmid and Walls, How We Learned to Cheat at Online Poker (Developer.com, September 1999): TDeck.Shuffle, Delphi"
        )],
        Algorithm::once(Kernel::PlanetPoker(PlanetPoker)),
        Biased(Defect::FewSeeds),
        Exact::No("86,400,000 seeds: a tree of 86.4 million paths per deck size"),
        "Biased twice: the deal is a function of the millisecond of the day, which five cards give away; and every position swaps with a partner from the whole deck but the last, so card 52 never ends last."
    ),
    entry!(
        "freecell",
        "Microsoft FreeCell's numbered deals: srand(deal), rand() % cards left",
        [src(
            "reference",
            "Jim Horne's deal of Microsoft FreeCell (Microsoft C rand(), deal numbers 1 to 1,000,000)"
        )],
        Algorithm::once(Kernel::FreeCellDeal(FreeCellDeal)),
        Biased(Defect::FewSeeds),
        Exact::No("1,000,000 deal numbers: one draw of a million outcomes per deck size"),
        "Biased: a deal is a function of its number, a million decks of the 8.07e67 (32,000 in the first version), on top of rand() % k."
    ),
    entry!(
        "c-shuffle-glibc-time",
        "The textbook C shuffle on glibc: srand(time(NULL)), rand() % (i + 1)",
        [src(
            "reference",
            "Fisher-Yates in C with srand(time(NULL)) and rand() % (i + 1), on glibc's rand() (TYPE_3 additive feedback, glibc 2.36)"
        )],
        Algorithm::once(Kernel::GlibcTimeShuffle(GlibcTimeShuffle)),
        Biased(Defect::FewSeeds),
        Full,
        "Biased: a correct loop on a 31-bit generator, but reseeded from the clock: 86,400 possible decks a day, and two deals in one second are the same."
    ),
    entry!(
        "cpp-shuffle-mt19937-time",
        "Modern C++: std::shuffle on std::mt19937 g(time(0))",
        [src(
            "reference",
            "std::mt19937 g(time(0)); std::shuffle(v.begin(), v.end(), g); with libstdc++'s std::shuffle and uniform_int_distribution (GCC 12.2)"
        )],
        Algorithm::once(Kernel::CppMt19937TimeShuffle(CppMt19937TimeShuffle)),
        Biased(Defect::FewSeeds),
        Full,
        "Biased: the Mersenne Twister and std::shuffle are both right, but seeded from the clock they deal 86,400 possible decks a day."
    ),
    entry!(
        "php-shuffle-mt-time",
        "PHP: shuffle() after mt_srand(time())",
        [src(
            "reference",
            "mt_srand(time()); shuffle($deck); with php-src's shuffle (php_array_data_shuffle) and mt_rand range, PHP 7.1 and later"
        )],
        Algorithm::once(Kernel::PhpShuffleMtTime(PhpShuffleMtTime)),
        Biased(Defect::FewSeeds),
        Full,
        "Biased: PHP's shuffle is a correct Fisher-Yates on the Mersenne Twister, but mt_srand(time()) makes the deck a function of the second: 86,400 decks a day."
    ),
    entry!(
        "java-shuffle-millis",
        "Java: Collections.shuffle(deck, new Random(System.currentTimeMillis()))",
        [src(
            "reference",
            "Collections.shuffle with new Random(System.currentTimeMillis()): java.util.Random's 48-bit LCG and nextInt(bound), OpenJDK 17"
        )],
        Algorithm::once(Kernel::JavaShuffleMillis(JavaShuffleMillis)),
        Biased(Defect::FewSeeds),
        Exact::No("86,400,000 seeds: a tree of 86.4 million paths per deck size"),
        "Biased: a correct Fisher-Yates on Java's generator, seeded from the millisecond: 86.4 million decks a day, which six cards give away."
    ),
    entry!(
        "dotnet-shuffle-tickcount",
        "C#: Fisher-Yates on .NET's new Random() (the tick count)",
        [src(
            "reference",
            "C# Fisher-Yates with rng.Next(i + 1) on .NET Framework System.Random seeded by Environment.TickCount; Eric Lippert, Producing permutations, parts six and seven (2013)"
        )],
        Algorithm::once(Kernel::DotNetShuffleTickCount(DotNetShuffleTickCount)),
        Biased(Defect::FewSeeds),
        Exact::No("2^31 tick counts: a tree of 2.1 billion paths per deck size"),
        "Biased: the deck is a function of the milliseconds since the machine started, at most 2^31 decks; five cards leave about eight, a sixth usually one."
    ),
];
