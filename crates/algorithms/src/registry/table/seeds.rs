//! The rows of the algorithms the seed documents publish, in document
//! order.

use crate::defect::Defect;
use crate::draws::*;
use crate::inserts::*;
use crate::packet_riffle::*;
use crate::registry::documents::{S000, S001, S002, S003, S004};
use crate::registry::entry::{Algorithm, Entry, Exact, Expected, Kernel, entry, src};
use crate::seeded::*;
use crate::swap_loops::*;

use Exact::{Full, MassBound};
use Expected::{Biased, Uniform};

/// The algorithms of the seed documents, in document order.
pub(super) const ROWS: &[Entry] = &[
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
];
