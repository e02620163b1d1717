//! Shuffles of published programs whose only randomness is a seed, ported
//! from their published definitions with the generators they ran on: the
//! Planet Poker shuffle of 1999 (Delphi's `Random`, seeded by `Randomize`
//! from the time of day), Microsoft FreeCell's deals (Microsoft C's
//! `rand()`, seeded with the deal number), and the C, C++, PHP, Java and
//! C# shuffles seeded from the clock (glibc's `rand()`, `std::mt19937`,
//! `mt_srand`, `java.util.Random`, .NET's `System.Random`).
//!
//! Like the seeded shuffles of [`crate::seeded`], each draws one seed from
//! the [`Source`] and is deterministic after it: the deck is a function of
//! the seed, and whoever knows the program finds the seed from a few cards
//! (`shuffle-audit predict`).

use crate::generators::{
    DelphiRandom, DotNetRandom, GlibcRand, JavaRandom, Mt19937, PhpMtRand, libstdcxx_shuffle,
};
use crate::seed_space::{CRand, SeedSpace};
use crate::shuffle::Shuffle;
use crate::source::Source;

/// The Planet Poker shuffle, as the PlanetPoker cardroom published it in
/// its FAQ and Arkin, Hill, Marks, Schmid and Walls quoted it in "How We
/// Learned to Cheat at Online Poker: A Study in Software Security"
/// (Reliable Software Technologies; Developer.com, September 1999),
/// procedure `TDeck.Shuffle`:
///
/// ```pascal
/// for ctr := 1 to 52 do Card[ctr] := ctr;
/// randomize;
/// for ctr := 1 to 52 do begin
///   random_number := random(51)+1;
///   tmp := card[random_number];
///   card[random_number] := card[ctr];
///   card[ctr] := tmp;
/// end;
/// ```
///
/// On `n` cards `random(51)` is `random(n - 1)`; with 52 it is the code as
/// published. Position `ctr` (from 1) is index `ctr - 1` here, and card `k`
/// (from 1) is `k - 1`.
///
/// Cost: `O(n)`, one seed and `n` calls to `Random`.
/// Defect: two. The partner is drawn from `1..=51`, never 52: the last
/// card stays in place until the last step, which then moves it, so card
/// 52 never ends in position 52; and the deck is a function of the
/// millisecond of the day, 86,400,000 decks of the 8.07·10^67: five cards
/// seen single the deal out about three times in four (another millisecond
/// shares them 0.28 times on average), six almost always.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PlanetPoker;

impl PlanetPoker {
    /// The shuffle after `randomize` set `RandSeed` to `seed`.
    #[inline]
    pub fn deal<T>(&self, seed: u32, deck: &mut [T]) {
        let n = deck.len();
        if n < 2 {
            return;
        }
        let mut r = DelphiRandom::seeded(seed);
        for ctr in 0..n {
            let random_number = r.random(n as u32 - 1) as usize;
            deck.swap(random_number, ctr);
        }
    }
}

impl Shuffle for PlanetPoker {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(SeedSpace::MillisOfDay.draw32(src), deck);
    }
}

/// Microsoft FreeCell's deal ([`SeedSpace::DealNumbers`]: Windows 95's
/// FreeCell numbered 32,000 deals, later versions a million), as its author Jim Horne published the
/// algorithm (and as every FreeCell program that reproduces Microsoft's
/// numbered deals runs it): `srand(deal)`, cards numbered `rank * 4 +
/// suit` (Ace of Clubs 0, Ace of Diamonds 1, Ace of Hearts 2, Ace of
/// Spades 3, Two of Clubs 4, …, King of Spades 51), then for each card
/// dealt, with `left` cards still in the pack, `j = rand() % left`: card
/// `j` is dealt and the last card of the pack takes its place.
///
/// The deck here is the cards in the order dealt, first card first (the
/// layout's eight columns take them in turn, row by row); on `n` cards the
/// pack is `0..n`.
///
/// Cost: `O(n)`, one seed and `n` calls to `rand()`.
/// Defect: a deal is a function of its number: 1,000,000 decks (32,000 in
/// the first version, 15 bits), and `rand() % left` leaves a small
/// modulo bias on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FreeCellDeal;

impl FreeCellDeal {
    /// Deal number `deal`: `srand(deal)` and the deal.
    #[inline]
    pub fn deal<T>(&self, deal: u32, deck: &mut [T]) {
        let n = deck.len();
        let mut c = CRand::srand(deal);
        // The pack is deck[..left]; each card dealt is swapped to the end
        // of the pack (where "the last card takes its place" leaves the
        // hole), so deck[left..] holds the dealt cards, last dealt first.
        for left in (1..=n).rev() {
            let j = c.rand() as usize % left;
            deck.swap(j, left - 1);
        }
        deck.reverse();
    }

    /// Whether deal `deal` of `n` cards starts with `seen`: the cards are
    /// dealt one by one and the first that differs stops the work.
    #[inline]
    pub fn starts_with(&self, deal: u32, n: usize, seen: &[u8], scratch: &mut Vec<u8>) -> bool {
        scratch.clear();
        scratch.extend(0..n as u8);
        let mut c = CRand::srand(deal);
        for (i, &want) in seen.iter().enumerate().take(n) {
            let left = n - i;
            let j = c.rand() as usize % left;
            if scratch[j] != want {
                return false;
            }
            scratch[j] = scratch[left - 1];
        }
        true
    }
}

impl Shuffle for FreeCellDeal {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(SeedSpace::DealNumbers.draw32(src), deck);
    }
}

/// The textbook C shuffle on glibc, reseeded from the clock:
///
/// ```c
/// srand(time(NULL));
/// for (i = n - 1; i > 0; i--) {
///     j = rand() % (i + 1);
///     t = a[i]; a[i] = a[j]; a[j] = t;
/// }
/// ```
///
/// with glibc's `rand()` ([`GlibcRand`]); the seconds are those of one day
/// ([`SeedSpace::SecondsOfDay`]; `predict --seeds` takes any other window).
/// Checked against the same program compiled with gcc 12 on glibc 2.36.
///
/// Cost: `O(n)`, one seed and `n − 1` calls to `rand()`.
/// Defect: the deck is a function of the second it is dealt in: 86,400
/// decks a day, and two deals in the same second are the same deck. (Its
/// `%` of a 31-bit word is a bias of at most `(i + 1)/2^31` a draw, far below
/// anything a sample shows.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GlibcTimeShuffle;

impl GlibcTimeShuffle {
    /// The shuffle after `srand(seed)`.
    #[inline]
    pub fn deal<T>(&self, seed: u32, deck: &mut [T]) {
        let mut g = GlibcRand::srand(seed);
        for i in (1..deck.len()).rev() {
            let j = g.rand() as usize % (i + 1);
            deck.swap(i, j);
        }
    }
}

impl Shuffle for GlibcTimeShuffle {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(SeedSpace::SecondsOfDay.draw32(src), deck);
    }
}

/// The modern C++ shuffle, reseeded from the clock:
///
/// ```cpp
/// std::mt19937 g(time(0));
/// std::shuffle(deck.begin(), deck.end(), g);
/// ```
///
/// with libstdc++'s `std::shuffle` and `std::uniform_int_distribution`
/// (GCC 11 and later, [`libstdcxx_shuffle`]) on MT19937 ([`Mt19937`]); the
/// seconds are those of one day ([`SeedSpace::SecondsOfDay`]; `predict
/// --seeds` takes any other window). Checked against the same program
/// compiled with g++ 12.2.
///
/// Cost: `O(n)`: the generator's 624-word seeding and twist, then one
/// draw per two cards.
/// Defect: the generator and the shuffle are both right, and it does not
/// matter: the deck is a function of the second it is dealt in, 86,400
/// decks a day, and whoever sees a few cards and knows the day knows the
/// rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CppMt19937TimeShuffle;

impl CppMt19937TimeShuffle {
    /// The shuffle after `std::mt19937 g(seed)`.
    #[inline]
    pub fn deal<T>(&self, seed: u32, deck: &mut [T]) {
        libstdcxx_shuffle(deck, &mut Mt19937::new(seed));
    }
}

impl Shuffle for CppMt19937TimeShuffle {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(SeedSpace::SecondsOfDay.draw32(src), deck);
    }
}

/// PHP's `shuffle` after `mt_srand(time())`:
///
/// ```php
/// mt_srand(time());
/// shuffle($deck);
/// ```
///
/// `shuffle` (`php_array_data_shuffle`, PHP 7.1 and later) walks `n_left`
/// from the last index down to 1 and swaps it with `mt_rand(0, n_left)`
/// ([`PhpMtRand::range`]): a correct Fisher–Yates on MT19937. The seconds
/// are those of one day ([`SeedSpace::SecondsOfDay`]). Ported from
/// php-src (`ext/standard/array.c`, `ext/random`); the generator is
/// checked against php-src's own test vectors, the shuffle is not checked
/// against a PHP binary (none on this machine).
///
/// Cost: `O(n)` after seeding.
/// Defect: one deck per second of the clock, 86,400 a day. (Without the
/// `mt_srand`, PHP seeds itself from the time, the process id and its own
/// LCG: a larger space this suite does not model.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PhpShuffleMtTime;

impl PhpShuffleMtTime {
    /// `shuffle` after `mt_srand(seed)`.
    #[inline]
    pub fn deal<T>(&self, seed: u32, deck: &mut [T]) {
        let mut r = PhpMtRand::mt_srand(seed);
        for n_left in (1..deck.len()).rev() {
            let rnd_idx = r.range(n_left as u32) as usize;
            if rnd_idx != n_left {
                deck.swap(n_left, rnd_idx);
            }
        }
    }
}

impl Shuffle for PhpShuffleMtTime {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(SeedSpace::SecondsOfDay.draw32(src), deck);
    }
}

/// Java's `Collections.shuffle` on a generator seeded from the clock:
///
/// ```java
/// Collections.shuffle(deck, new Random(System.currentTimeMillis()));
/// ```
///
/// `Collections.shuffle(list, rnd)` on a random-access list swaps
/// position `i − 1` with `rnd.nextInt(i)` for `i` from the size down to 2
/// ([`JavaRandom`]): a correct Fisher–Yates. The milliseconds are those of
/// one day ([`SeedSpace::EpochMillisOfDay`]; `predict --seeds` takes any
/// other window of Unix milliseconds). Checked against the same program
/// on OpenJDK 17.
///
/// Cost: `O(n)`, one seed and `n − 1` calls to `nextInt`.
/// Defect: the deck is a function of the millisecond it is dealt in:
/// 86,400,000 decks a day of the 8.07·10^67. (A `new Random()` without a
/// seed mixes `System.nanoTime()` with a counter, a space this suite does
/// not model; its 48-bit state is the limit there.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct JavaShuffleMillis;

impl JavaShuffleMillis {
    /// `Collections.shuffle(deck, new Random(seed))`.
    #[inline]
    pub fn deal<T>(&self, seed: u64, deck: &mut [T]) {
        let mut rnd = JavaRandom::new(seed);
        for i in (2..=deck.len()).rev() {
            let j = rnd.next_int_below(i as u32) as usize;
            deck.swap(i - 1, j);
        }
    }
}

impl Shuffle for JavaShuffleMillis {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(SeedSpace::EpochMillisOfDay.draw(src), deck);
    }
}

/// The C# Fisher–Yates on a `new Random()` of the .NET Framework:
///
/// ```csharp
/// var rng = new Random();            // seeded with Environment.TickCount
/// for (int i = deck.Length - 1; i > 0; i--) {
///     int j = rng.Next(i + 1);
///     (deck[i], deck[j]) = (deck[j], deck[i]);
/// }
/// ```
///
/// with [`DotNetRandom`]; the seed is the tick count, the milliseconds
/// since the machine started ([`SeedSpace::TickCounts`], `0..2^31`; the
/// Framework takes its absolute value). Eric Lippert's case ("Producing
/// permutations", parts six and seven, 2013): with 2^31 seeds and
/// 52 · 51 · 50 · 49 · 48 ≈ 2^28 ways to start a deck, five cards leave
/// about 2^3 = 8 decks, and a sixth card almost always one.
///
/// Cost: `O(n)` after the generator's 55-word seeding and four mixing
/// passes.
/// Defect: the deck is a function of the tick count: 2^31 decks at most,
/// and far fewer in practice (a machine that started today has dealt from
/// its first 86,400,000).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DotNetShuffleTickCount;

impl DotNetShuffleTickCount {
    /// The shuffle after `new Random(seed)`.
    #[inline]
    pub fn deal<T>(&self, seed: u32, deck: &mut [T]) {
        let mut rng = DotNetRandom::new(seed as i32);
        for i in (1..deck.len()).rev() {
            let j = rng.next_below(i as i32 + 1) as usize;
            deck.swap(i, j);
        }
    }

    /// The same shuffle from the generator's outputs, `Next()` after
    /// `Next()` (at least `deck.len() − 1` of them), as
    /// [`DotNetOutputWalk`](crate::generators::DotNetOutputWalk) gives them.
    #[inline]
    pub fn deal_outputs<T>(&self, outputs: &[i32], deck: &mut [T]) {
        let n = deck.len();
        // Every partner first (a loop the compiler runs several outputs at
        // a time), then the swaps.
        let mut partners = [0u8; 256];
        for (k, (p, &o)) in partners
            .iter_mut()
            .zip(&outputs[..n.saturating_sub(1)])
            .enumerate()
        {
            *p = DotNetRandom::below_from(o, (n - k) as i32) as u8;
        }
        for (k, &j) in partners[..n.saturating_sub(1)].iter().enumerate() {
            deck.swap(n - 1 - k, usize::from(j));
        }
    }
}

impl Shuffle for DotNetShuffleTickCount {
    #[inline]
    fn shuffle<T: Copy, S: Source + ?Sized>(&self, deck: &mut Vec<T>, src: &mut S) {
        self.deal(SeedSpace::TickCounts.draw32(src), deck);
    }
}

/// The name of FreeCell card `card` (`0..52`): rank then suit, `"AC"`,
/// `"TD"`, `"KS"`.
pub fn card_name(card: u8) -> Option<String> {
    let rank = *b"A23456789TJQK".get(usize::from(card / 4))?;
    let suit = b"CDHS"[usize::from(card % 4)];
    Some(format!("{}{}", rank as char, suit as char))
}

/// The card a name such as `"JD"`, `"10h"` or `"as"` stands for, in the
/// numbering of [`FreeCellDeal`] (`rank * 4 + suit`, suits C, D, H, S).
pub fn parse_card_name(name: &str) -> Option<u8> {
    let upper = name.trim().to_ascii_uppercase();
    // The suit is the last character, whatever its width in bytes.
    let (rank, suit) = upper.split_at(upper.char_indices().last()?.0);
    let rank = match rank {
        "A" | "1" => 0,
        "T" | "10" => 9,
        "J" => 10,
        "Q" => 11,
        "K" => 12,
        r if r.len() == 1 && ("2"..="9").contains(&r) => r.parse::<u8>().ok()? - 1,
        _ => return None,
    };
    let suit = "CDHS".find(suit)? as u8;
    Some(rank * 4 + suit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Draw, Scripted};

    /// The layout as FreeCell shows it, eight cards a row in the order
    /// dealt.
    fn layout(deal: u32) -> Vec<String> {
        let mut deck: Vec<u8> = (0..52).collect();
        FreeCellDeal.deal(deal, &mut deck);
        deck.chunks(8)
            .map(|row| {
                let names: Vec<String> = row.iter().map(|&c| card_name(c).unwrap()).collect();
                names.join(" ")
            })
            .collect()
    }

    #[test]
    fn dotnet_deals_from_the_walk_are_the_deals() {
        use crate::generators::DotNetOutputWalk;
        for (start, n) in [
            (0u32, 52usize),
            (86_000_000, 52),
            (DotNetOutputWalk::LINEAR_UP_TO - 500, 255),
            (5, 2),
        ] {
            let mut walk = DotNetOutputWalk::new(start, n - 1).unwrap();
            for seed in start..=(start + 500).min(DotNetOutputWalk::LINEAR_UP_TO) {
                let mut want: Vec<u8> = (0..n as u8).collect();
                DotNetShuffleTickCount.deal(seed, &mut want);
                let mut got: Vec<u8> = (0..n as u8).collect();
                DotNetShuffleTickCount.deal_outputs(walk.outputs(), &mut got);
                assert_eq!(got, want, "seed {seed}, {n} cards");
                walk.advance();
            }
        }
    }

    #[test]
    fn freecell_deals_1_and_617_are_the_published_ones() {
        // The deals every reproduction of Microsoft FreeCell checks against
        // (Rosetta Code, "Deal cards for FreeCell"; Horne's algorithm).
        assert_eq!(
            layout(1),
            [
                "JD 2D 9H JC 5D 7H 7C 5H",
                "KD KC 9S 5S AD QC KH 3H",
                "2S KS 9D QD JS AS AH 3C",
                "4C 5C TS QH 4H AC 4D 7S",
                "3S TD 4S TH 8H 2C JH 7D",
                "6D 8S 8D QS 6C 3D 8C TC",
                "6S 9C 2H 6H",
            ]
        );
        assert_eq!(
            layout(617),
            [
                "7D AD 5C 3S 5S 8C 2D AH",
                "TD 7S QD AC 6D 8H AS KH",
                "TH QC 3H 9D 6S 8D 3D TC",
                "KD 5H 9S 3C 8S 7H 4D JS",
                "4C QS 9C 9H 7C 6H 2C 2S",
                "4S TS 2H 5D JC 6C JH QH",
                "JD KS KC 4H",
            ]
        );
    }

    #[test]
    fn freecell_prefixes_agree_with_the_whole_deal() {
        let mut scratch = Vec::new();
        for deal in [1u32, 2, 617, 11_982, 999_999] {
            let mut deck: Vec<u8> = (0..52).collect();
            FreeCellDeal.deal(deal, &mut deck);
            for s in 1..=6 {
                assert!(FreeCellDeal.starts_with(deal, 52, &deck[..s], &mut scratch));
                let mut other = deck[..s].to_vec();
                other[s - 1] = deck[s];
                assert!(!FreeCellDeal.starts_with(deal, 52, &other, &mut scratch));
            }
        }
    }

    #[test]
    fn card_names_round_trip_and_refuse_what_is_not_a_card() {
        for c in 0..52u8 {
            assert_eq!(parse_card_name(&card_name(c).unwrap()), Some(c));
        }
        assert_eq!(parse_card_name("jd"), Some(41));
        assert_eq!(parse_card_name("10H"), Some(38));
        assert_eq!(parse_card_name("AC"), Some(0));
        assert_eq!(parse_card_name("KS"), Some(51));
        for bad in [
            "", "D", "1", "11C", "ZD", "JX", "0C", "♦3", "3♦", "é", "10♥", "Jé",
        ] {
            assert_eq!(parse_card_name(bad), None, "{bad:?}");
        }
        assert_eq!(card_name(52), None);
    }

    #[test]
    fn planet_poker_never_leaves_the_last_card_last() {
        // Card 52 stays in place until step 52 and is then swapped into
        // 1..=51: over a million milliseconds of the day it never ends last,
        // while every other card does.
        let mut last = [0u32; 52];
        let mut deck = [0u8; 52];
        for seed in 0..1_000_000u32 {
            for (i, c) in deck.iter_mut().enumerate() {
                *c = i as u8;
            }
            PlanetPoker.deal(seed, &mut deck);
            last[usize::from(deck[51])] += 1;
        }
        assert_eq!(last[51], 0);
        assert!(last[..51].iter().all(|&k| k > 15_000), "{last:?}");
    }

    #[test]
    fn the_c_shuffle_deals_what_the_compiled_program_deals() {
        // The program of GlibcTimeShuffle's documentation with srand(seed)
        // for time(NULL), compiled with gcc 12 on glibc 2.36 (Debian 12),
        // printing the deck 0..n after the shuffle.
        let cases: [(u32, &[u8]); 3] = [
            (
                1349827200,
                &[
                    9, 8, 5, 48, 36, 51, 39, 49, 17, 35, 31, 44, 20, 46, 50, 28, 3, 13, 7, 14, 38,
                    26, 6, 34, 21, 29, 0, 37, 19, 25, 12, 10, 18, 2, 16, 11, 24, 40, 45, 1, 23, 30,
                    22, 33, 4, 27, 41, 15, 42, 43, 47, 32,
                ],
            ),
            (
                1,
                &[
                    47, 44, 7, 18, 32, 46, 3, 28, 35, 45, 51, 13, 11, 9, 15, 30, 16, 48, 33, 43, 0,
                    21, 38, 19, 23, 29, 8, 36, 20, 31, 34, 50, 22, 40, 37, 42, 41, 1, 4, 10, 6, 2,
                    24, 25, 12, 14, 26, 17, 5, 27, 49, 39,
                ],
            ),
            (1349870000, &[7, 1, 3, 0, 4, 2, 5, 6]),
        ];
        for (seed, want) in cases {
            let mut deck: Vec<u8> = (0..want.len() as u8).collect();
            GlibcTimeShuffle.deal(seed, &mut deck);
            assert_eq!(deck, want, "srand({seed})");
        }
    }

    #[test]
    fn each_draws_one_seed_and_is_then_a_function_of_it() {
        let mut s = Scripted::new([1234]);
        let mut deck: Vec<u8> = (0..52).collect();
        PlanetPoker.shuffle(&mut deck, &mut s);
        assert_eq!(s.log(), &[Draw::Below(86_400_000)]);
        let mut want: Vec<u8> = (0..52).collect();
        PlanetPoker.deal(1234, &mut want);
        assert_eq!(deck, want);

        // Deal numbers start at 1.
        let mut s = Scripted::new([0]);
        let mut deck: Vec<u8> = (0..52).collect();
        FreeCellDeal.shuffle(&mut deck, &mut s);
        assert_eq!(s.log(), &[Draw::Below(1_000_000)]);
        let mut want: Vec<u8> = (0..52).collect();
        FreeCellDeal.deal(1, &mut want);
        assert_eq!(deck, want);
    }
}
