//! The registry's rows: every algorithm of the suite, seeds first, in
//! document order.

use super::documents::{S000, S001, S002, S003, S004};
use super::entry::{Algorithm, Entry, Exact, Expected, Kernel, entry, src};
use crate::defect::Defect;
use crate::draws::*;
use crate::engines::*;
use crate::inserts::*;
use crate::packet_riffle::*;
use crate::published::*;
use crate::reference::*;
use crate::seeded::*;
use crate::swap_loops::*;

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
        "Uniform: each redraw is uniform over the cards not yet drawn; its author calls it unreasonable, but it is only slow."
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
        "Uniform for n >= 1, as its author claims: the inside-out Fisher-Yates; for m = 0 the seed returns [0]."
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
        "\"Knuth-Durstenfeld\" (Math.random()*i)",
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
        "\"Inside-Out\" (Math.random()*i)",
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
        "\"Fisher-Yates\" (Math.random() * index)",
        [src(
            S003,
            "section on Fisher-Yates: altNaiveShuffle with randomCard = Math.floor(Math.random() * index)"
        )],
        Algorithm::once(Kernel::BlogFisherYates(BlogFisherYates)),
        Biased(Defect::SingleCycle),
        Full,
        "Biased: randomCard is never index itself, so this is Sattolo's algorithm; the change meant to fix altNaiveShuffle breaks it."
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
            "Poker::Shuffle, the corrected version as the program runs it: srand((int)time(0)) then the 15-bit rand() of Microsoft's C runtime, on the day of posting"
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
    entry!(
        "sort-random-v8-legacy",
        "sort(() => Math.random() - 0.5) on V8 before 7.0 (Chrome < 70)",
        [src(
            "reference",
            "V8 src/js/array.js, InnerArraySort (insertion sort to 10 elements, median-of-three quicksort above), V8 before 7.0"
        )],
        Algorithm::once(Kernel::V8LegacySort(V8LegacySort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: insertion sort on up to 10 cards (a card moves k places left with probability 2^-(k+1)); above, a quicksort that shuffles the pivot's neighbourhood least."
    ),
    entry!(
        "sort-random-v8-timsort",
        "sort(() => Math.random() - 0.5) on V8 7.0 and later (Chrome 70+, node 11+)",
        [src(
            "reference",
            "V8 third_party/v8/builtins/array-sort.tq, ArrayTimSort (binary insertion below 10 elements, TimSort above); checked against node 20.20.2"
        )],
        Algorithm::once(Kernel::V8TimSort(V8TimSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: the first coins decide whether the opening run is kept or reversed; on 3 cards the identity has probability 3/8 and the reversed deck 5/16."
    ),
    entry!(
        "sort-random-java",
        "Collections.sort by rnd.nextBoolean() on Java 7+",
        [src(
            "reference",
            "OpenJDK src/java.base/share/classes/java/util/TimSort.java (binary insertion below 32 elements, TimSort above; throws when a merge sees the comparator's contract broken); checked against OpenJDK 17.0.15"
        )],
        Algorithm::once(Kernel::JavaTimSort(JavaTimSort {
            comparator: JavaComparator::NextBoolean,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: below 32 cards it asks V8's TimSort's questions and has its law (on 3 cards the identity 3/8); from 32 on it merges runs and may throw instead of shuffling."
    ),
    entry!(
        "sort-random-java-3way",
        "Collections.sort by rnd.nextInt(3) - 1 on Java 7+",
        [src(
            "reference",
            "OpenJDK src/java.base/share/classes/java/util/TimSort.java, with a comparator whose answers are -1, 0 and 1 (a third of them ties); checked against OpenJDK 17.0.15"
        )],
        Algorithm::once(Kernel::JavaTimSort(JavaTimSort {
            comparator: JavaComparator::NextInt3,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: two of the three answers keep a pair in order; on 3 cards the deck stays as it is with probability 16/27 and is reversed with probability 11/81."
    ),
    entry!(
        "sort-random-cpython",
        "lst.sort(key=cmp_to_key(lambda a, b: random.choice((-1, 1)))) on CPython 3.11+",
        [src(
            "reference",
            "CPython Objects/listobject.c, list.sort (binary insertion below 64 elements, TimSort above, powersort's merges from 3.11); checked against Debian's python3 3.11.2"
        )],
        Algorithm::once(Kernel::CPythonSort(CPythonSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: below 128 cards it asks V8's TimSort's questions and has its law (on 3 cards the identity 3/8); from 128 on powersort merges the runs in another order. It never throws."
    ),
    entry!(
        "sort-random-spidermonkey",
        "sort(() => Math.random() - 0.5) on Firefox's merge sort (2014)",
        [src(
            "reference",
            "SpiderMonkey js/src/ds/Sort.h MergeSort (insertion sort on chunks of 3, bottom-up merges) with jsarray.cpp SortComparatorFunction"
        )],
        Algorithm::once(Kernel::SpiderMonkeyMergeSort(SpiderMonkeyMergeSort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: one coin keeps two whole runs in order, so cards stay in their chunk of 3, 6, 12, ... at least half the time."
    ),
    entry!(
        "sort-random-spidermonkey-102",
        "sort(() => Math.random() - 0.5) on SpiderMonkey 102 (Firefox 102 ESR)",
        [src(
            "reference",
            "SpiderMonkey 102 js/src/builtin/Sorting.js MergeSort (insertion sort below 24 elements; above, windows of 4 by insertion and bottom-up merges that skip runs already in order); checked against js102 102.15.1"
        )],
        Algorithm::once(Kernel::SpiderMonkey102Sort(SpiderMonkey102Sort)),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: below 24 cards it is the coin insertion sort (on 3 cards the identity 1/4, the last card first 1/4); above, one coin keeps two whole runs of 4, 8, 16, ... in order."
    ),
    entry!(
        "usort-rand-php7",
        "usort with rand(-1, 1) on PHP 7 (Laravel, 2019)",
        [src(
            "reference",
            "PHP 7 Zend/zend_sort.c zend_sort (hybrid insertion sort to 16, quicksort above), usort with function () { return rand(-1, 1); }; laravel/framework pull request 27861"
        )],
        Algorithm::once(Kernel::PhpUsortRand(PhpUsortRand {
            rand: PhpRand::MinusOneToOne,
            version: PhpVersion::Php7,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: only 1 of rand(-1, 1)'s three answers swaps; on 5 elements the first stays first with probability 33280/59049 = 0.5636."
    ),
    entry!(
        "usort-rand01-php7",
        "usort with rand(0, 1) on PHP 7",
        [src(
            "reference",
            "PHP 7 Zend/zend_sort.c zend_sort, usort with function () { return rand(0, 1); }; laravel/framework pull request 27861"
        )],
        Algorithm::once(Kernel::PhpUsortRand(PhpUsortRand {
            rand: PhpRand::ZeroToOne,
            version: PhpVersion::Php7,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: a fair coin per comparison is still not a shuffle; on 5 elements the fifth comes first with probability 1/16, not 1/5."
    ),
    entry!(
        "usort-rand-php8",
        "usort with rand(-1, 1) on PHP 8 (stable sort)",
        [src(
            "reference",
            "PHP 8 Zend/zend_sort.c zend_sort with ext/standard/array.c's stable fallback (RFC: Make sorting stable, PHP 8.0), usort with rand(-1, 1)"
        )],
        Algorithm::once(Kernel::PhpUsortRand(PhpUsortRand {
            rand: PhpRand::MinusOneToOne,
            version: PhpVersion::Php8,
        })),
        Biased(Defect::RandomComparator),
        Full,
        "Biased: a 0 from rand(-1, 1) now falls back on the original order; on 5 elements the first stays first with probability 33280/59049 as in PHP 7, the second comes first 12480/59049 (PHP 7: 6240)."
    ),
];
