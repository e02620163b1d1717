//! Shuffles whose only randomness is a seed: a generator reseeded for every
//! deal, so the deck is a function of the seed and a shuffle can deal no
//! more decks than there are seeds (52 cards have 8·10^67 arrangements; a
//! 32-bit seed reaches at most 4.3·10^9 of them, one second of a day one of
//! 86,400).
//!
//! The seed is the one draw from the [`Source`]; everything after it is
//! deterministic. That is what lets the exact enumerator walk a day of
//! seconds (86,400 paths), and what the collision test sees at 52 cards:
//! decks repeat long before they would for a real shuffle.
//!
//! Here: C's `rand()` as the seed documents call it (the 15-bit linear
//! congruential generator of Microsoft's C runtime, [`CRand`]) and, to show
//! that a small seed space alone is fatal, a good generator (xoshiro256++)
//! driving a correct Fisher–Yates. [`Seeded`] gathers them with the
//! published programs' seeded shuffles of [`crate::published`] (Planet
//! Poker, FreeCell, and the C, C++, PHP, Java and C# shuffles seeded from
//! the clock), for `predict`.

use crate::published::{
    CppMt19937TimeShuffle, DotNetShuffleTickCount, FreeCellDeal, GlibcTimeShuffle,
    JavaShuffleMillis, PhpShuffleMtTime, PlanetPoker,
};
use crate::reference::FisherYates;
pub use crate::seed_space::{CRand, POST_DAY, SeedSpace};
use crate::shuffle::Shuffle;
use crate::source::Source;
use rand::SeedableRng;

/// How `Poker::Shuffle` turns `rand()` into a partner in `[i, n)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// `i + (int)((n - i) * rand() / (RAND_MAX + 1.0))`, as printed.
    Scale,
    /// `i + rand() % (n - i)`, the other common way.
    Mod,
}

/// The corrected `Poker::Shuffle` as the post's program runs it: `srand((int)time(0))`
/// at the start of every shuffle, then a partner in `[i, n)` for each `i`
/// from C's `rand()`.
///
/// Source: `004_bc98dc84b49fccfb.txt`, `Poker::Shuffle` (the corrected line,
/// with the `srand((int)time(0))` that opens the function); the seconds are
/// those of the day the post went up ([`POST_DAY`]); [`Reduction::Mod`] is
/// the same function with `rand() % (n - i)`.
/// Cost: `O(n)`, one seed and `n` calls to `rand()`.
/// Defect: the deck is a function of the second it is dealt in: at most
/// 86,400 decks a day, whatever the deck size (and two deals in the same
/// second are the same deck). On top of that, 32768 outputs do not divide
/// evenly into `n - i` partners.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PokerTimeSeeded {
    /// How `rand()` becomes a partner.
    pub reduction: Reduction,
}

impl Shuffle for PokerTimeSeeded {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(SeedSpace::SecondsOfDay.draw32(src), deck);
    }
}

impl PokerTimeSeeded {
    /// The shuffle after `srand(seed)`: what the program deals when
    /// `time(0)` returns `seed`.
    pub fn deal<T>(&self, seed: u32, deck: &mut [T]) {
        let mut c = CRand::srand(seed);
        let poker_size = deck.len();
        for i in 0..poker_size {
            let ran_index = self.partner(i, poker_size, &mut c);
            if i != ran_index {
                deck.swap(i, ran_index);
            }
        }
    }

    /// Step `i` of `n`: the partner in `[i, n)` drawn from the next
    /// `rand()`.
    #[inline]
    fn partner(&self, i: usize, n: usize, c: &mut CRand) -> usize {
        let k = (n - i) as u64;
        let r = u64::from(c.rand());
        i + match self.reduction {
            Reduction::Scale => ((k * r) >> 15) as usize,
            Reduction::Mod => (r % k) as usize,
        }
    }
}

/// A correct Fisher–Yates driven by a good generator (xoshiro256++) that is
/// reseeded for every deal from a small seed: the seed space is the only
/// defect.
///
/// Source: reference; the common mistake of seeding a shuffle per deal from
/// the clock (seconds or milliseconds of a day) or from a 32-bit value.
/// Cost: `O(n)` after seeding the generator.
/// Defect: at most [`SeedSpace::seeds`] distinct decks: for 52 cards a
/// fraction of about `seeds / 8.07·10^67` of all decks can ever be dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeededFisherYates {
    /// Where each deal's seed comes from.
    pub space: SeedSpace,
}

impl Shuffle for SeededFisherYates {
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(self.space.draw32(src), deck);
    }
}

impl SeededFisherYates {
    /// The shuffle seeded with `seed`.
    #[inline]
    pub fn deal<T: Copy>(&self, seed: u32, deck: &mut Vec<T>) {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(u64::from(seed));
        FisherYates.shuffle(deck, &mut rng);
    }
}

/// A shuffle whose deck is a function of one 32-bit seed, drawn afresh for
/// every deal: given the seed, the deck is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seeded {
    /// `srand((int)time(0))`, then the corrected `Poker::Shuffle`.
    Poker(PokerTimeSeeded),
    /// Fisher–Yates on xoshiro256++ seeded per deal.
    FisherYates(SeededFisherYates),
    /// The Planet Poker shuffle, `Randomize`d from the millisecond of the
    /// day.
    PlanetPoker(PlanetPoker),
    /// Microsoft FreeCell's deal of a deal number.
    FreeCell(FreeCellDeal),
    /// The textbook C shuffle on glibc's `rand()`, `srand(time(NULL))`.
    GlibcTime(GlibcTimeShuffle),
    /// `std::shuffle` on `std::mt19937 g(time(0))`.
    Mt19937Time(CppMt19937TimeShuffle),
    /// PHP's `shuffle` after `mt_srand(time())`.
    PhpMtTime(PhpShuffleMtTime),
    /// Java's `Collections.shuffle` on `new Random(System.currentTimeMillis())`.
    JavaMillis(JavaShuffleMillis),
    /// The C# Fisher–Yates on .NET's `new Random()` (the tick count).
    DotNetTicks(DotNetShuffleTickCount),
}

/// What a seed means, for showing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedClock {
    /// A number: a deal number, a millisecond of the day, any value.
    Number,
    /// A Unix time in seconds (`time(0)`).
    UnixSeconds,
    /// A Unix time in milliseconds (`System.currentTimeMillis()`).
    UnixMillis,
}

impl Seeded {
    /// Where the registered shuffle's seeds come from.
    pub fn space(self) -> SeedSpace {
        match self {
            Seeded::Poker(_) => SeedSpace::SecondsOfDay,
            Seeded::FisherYates(f) => f.space,
            Seeded::PlanetPoker(_) => SeedSpace::MillisOfDay,
            Seeded::FreeCell(_) => SeedSpace::DealNumbers,
            Seeded::GlibcTime(_) | Seeded::Mt19937Time(_) | Seeded::PhpMtTime(_) => {
                SeedSpace::SecondsOfDay
            }
            Seeded::JavaMillis(_) => SeedSpace::EpochMillisOfDay,
            Seeded::DotNetTicks(_) => SeedSpace::TickCounts,
        }
    }

    /// The seeds the registered shuffle draws from, as the program sees
    /// them (`time(0)` values for the seconds of a day).
    pub fn seeds(self) -> std::ops::Range<u64> {
        match self.space() {
            SeedSpace::SecondsOfDay => u64::from(POST_DAY)..u64::from(POST_DAY) + 86_400,
            SeedSpace::DealNumbers => 1..1 + SeedSpace::DealNumbers.seeds(),
            SeedSpace::EpochMillisOfDay => {
                let start = u64::from(POST_DAY) * 1000;
                start..start + 86_400_000
            }
            space => 0..space.seeds(),
        }
    }

    /// Whether the deck's cards have names: FreeCell numbers its 52 cards
    /// `rank * 4 + suit` ([`crate::published::card_name`]).
    pub fn card_names(self) -> bool {
        matches!(self, Seeded::FreeCell(_))
    }

    /// The seeds `predict` searches unless told otherwise: all of them,
    /// except for the tick count, where it is the first day after the
    /// machine started (86,400,000 of the 2^31; the whole range is
    /// `--seeds 0..2147483648`, 25 times the work).
    pub fn default_search(self) -> std::ops::Range<u64> {
        match self {
            Seeded::DotNetTicks(_) => 0..86_400_000,
            _ => self.seeds(),
        }
    }

    /// What the seed is, for showing it.
    pub fn clock(self) -> SeedClock {
        match self.space() {
            SeedSpace::SecondsOfDay => SeedClock::UnixSeconds,
            SeedSpace::EpochMillisOfDay => SeedClock::UnixMillis,
            _ => SeedClock::Number,
        }
    }

    /// The end (excluded) of the seeds the program can be given: `2^32`
    /// for the C, C++, Pascal and PHP seeds (an `unsigned` or its like),
    /// `2^63` for Java's (a `long`, here its non-negative half).
    pub fn seed_end(self) -> u64 {
        match self {
            Seeded::JavaMillis(_) => 1 << 63,
            _ => 1 << 32,
        }
    }

    /// Whether the deck of `n` cards dealt with `seed` from the ordered
    /// deck starts with `seen`: the same draws as [`Seeded::deal`], with
    /// the work stopped as soon as a seen card is decided and differs.
    ///
    /// `Poker::Shuffle` fixes position `i` at its step `i`, so the first
    /// card is known after one draw. Fisher–Yates fixes positions from the
    /// top down, the first ones last, so its whole deck is dealt.
    /// `scratch` holds the deck.
    #[inline]
    pub fn starts_with(self, seed: u64, n: usize, seen: &[u8], scratch: &mut Vec<u8>) -> bool {
        match self {
            Seeded::Poker(p) => {
                scratch.clear();
                scratch.extend(0..n as u8);
                let mut c = CRand::srand(seed as u32);
                for i in 0..n {
                    let ran_index = p.partner(i, n, &mut c);
                    scratch.swap(i, ran_index);
                    if i < seen.len() && scratch[i] != seen[i] {
                        return false;
                    }
                    if i + 1 >= seen.len() {
                        return true;
                    }
                }
                true
            }
            Seeded::FreeCell(f) => f.starts_with(seed as u32, n, seen, scratch),
            // Fisher–Yates decides the first positions last, and the Planet
            // Poker shuffle may move any card at any step: deal it all,
            // then compare.
            Seeded::FisherYates(_)
            | Seeded::PlanetPoker(_)
            | Seeded::GlibcTime(_)
            | Seeded::Mt19937Time(_)
            | Seeded::PhpMtTime(_)
            | Seeded::JavaMillis(_)
            | Seeded::DotNetTicks(_) => {
                scratch.clear();
                scratch.extend(0..n as u8);
                self.deal(seed, scratch);
                scratch.starts_with(seen)
            }
        }
    }

    /// Calls `found(seed, deck)`, in seed order, for every seed of `seeds`
    /// whose deck of `n` cards starts with `seen`, with that whole deck.
    /// .NET's tick counts up to 161,803,398 are dealt from
    /// [`DotNetOutputWalk`](crate::generators::DotNetOutputWalk), a few
    /// times faster than seeding each; every other seed as [`deal`](Self::deal)
    /// deals it.
    pub fn each_fitting(
        self,
        seeds: std::ops::Range<u64>,
        n: usize,
        seen: &[u8],
        mut found: impl FnMut(u64, &[u8]),
    ) {
        let mut scratch = Vec::with_capacity(n);
        let mut start = seeds.start;
        if let Seeded::DotNetTicks(d) = self {
            let linear_end = seeds
                .end
                .min(u64::from(crate::generators::DotNetOutputWalk::LINEAR_UP_TO) + 1);
            if start < linear_end
                && let Some(mut walk) =
                    crate::generators::DotNetOutputWalk::new(start as u32, n.saturating_sub(1))
            {
                for seed in start..linear_end {
                    scratch.clear();
                    scratch.extend(0..n as u8);
                    d.deal_outputs(walk.outputs(), &mut scratch);
                    if scratch.starts_with(seen) {
                        found(seed, &scratch);
                    }
                    walk.advance();
                }
                start = linear_end;
            }
        }
        let mut deck = Vec::with_capacity(n);
        for seed in start..seeds.end {
            if self.starts_with(seed, n, seen, &mut scratch) {
                deck.clear();
                deck.extend(0..n as u8);
                self.deal(seed, &mut deck);
                found(seed, &deck);
            }
        }
    }

    /// The deck dealt with `seed`, from `deck` (the ordered deck): the same
    /// code the shuffle runs once it has drawn its seed. The shuffles
    /// seeded with 32 bits take the seed's low 32 bits, as their programs
    /// do ([`Seeded::seed_end`]).
    #[inline]
    pub fn deal<T: Copy>(self, seed: u64, deck: &mut Vec<T>) {
        let seed32 = seed as u32;
        match self {
            Seeded::Poker(p) => p.deal(seed32, deck),
            Seeded::FisherYates(f) => f.deal(seed32, deck),
            Seeded::PlanetPoker(p) => p.deal(seed32, deck),
            Seeded::FreeCell(f) => f.deal(seed32, deck),
            Seeded::GlibcTime(g) => g.deal(seed32, deck),
            Seeded::Mt19937Time(m) => m.deal(seed32, deck),
            Seeded::PhpMtTime(p) => p.deal(seed32, deck),
            Seeded::JavaMillis(j) => j.deal(seed, deck),
            Seeded::DotNetTicks(d) => d.deal(seed32, deck),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Draw, Scripted};

    #[test]
    fn crand_is_the_msvc_sequence() {
        // srand(1): the first outputs of Microsoft's rand().
        let mut c = CRand::srand(1);
        let got: Vec<u32> = (0..5).map(|_| c.rand()).collect();
        assert_eq!(got, [41, 18467, 6334, 26500, 19169]);
    }

    #[test]
    fn the_deal_is_a_function_of_the_second() {
        let shuffle = |second: u64, reduction| {
            let mut s = Scripted::new([second]);
            let mut deck: Vec<u8> = (0..52).collect();
            PokerTimeSeeded { reduction }.shuffle(&mut deck, &mut s);
            assert_eq!(s.log(), &[Draw::Below(86_400)]);
            deck
        };
        assert_eq!(shuffle(7, Reduction::Scale), shuffle(7, Reduction::Scale));
        assert_ne!(shuffle(7, Reduction::Scale), shuffle(8, Reduction::Scale));
        assert_ne!(shuffle(7, Reduction::Scale), shuffle(7, Reduction::Mod));
        // By hand for 3 cards at second 0 (state 1349827200):
        let mut c = CRand::srand(POST_DAY);
        let r: Vec<u64> = (0..3).map(|_| u64::from(c.rand())).collect();
        let mut want = vec![0u8, 1, 2];
        for (i, &r) in r.iter().enumerate() {
            let j = i + (((3 - i as u64) * r) >> 15) as usize;
            want.swap(i, j);
        }
        let mut s = Scripted::new([0]);
        let mut deck = vec![0u8, 1, 2];
        PokerTimeSeeded {
            reduction: Reduction::Scale,
        }
        .shuffle(&mut deck, &mut s);
        assert_eq!(deck, want);
    }

    #[test]
    fn seed_spaces_draw_once_from_their_range() {
        for (space, draw) in [
            (SeedSpace::SecondsOfDay, Draw::Below(86_400)),
            (SeedSpace::MillisOfDay, Draw::Below(86_400_000)),
            (SeedSpace::Bits32, Draw::Word(32)),
        ] {
            let mut s = Scripted::new([5]);
            let mut deck: Vec<u8> = (0..10).collect();
            SeededFisherYates { space }.shuffle(&mut deck, &mut s);
            assert_eq!(s.log(), &[draw]);
            let mut sorted = deck.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..10).collect::<Vec<u8>>());
        }
    }
}
