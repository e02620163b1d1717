//! The cases a small seed decides: Planet Poker, FreeCell,
//! `std::random_shuffle` with a 15-bit `rand()` and .NET's tick count, each
//! beside its published figure, and how many cards seen single a deal out.

use super::*;

/// The first `k` cards, for `k = 1 ..= max`, against the searched seeds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeenCards {
    /// Cards seen.
    pub seen: usize,
    /// Seeds searched whose deal starts with them (the true one included).
    pub matches: u64,
    /// Other seeds expected to share them, out of the whole seed space,
    /// if decks were unrelated ([`expected_other_seeds`]).
    pub expected_other_in_space: f64,
}

fn seen_rows(counts: &[u64], space: u64, deck: usize) -> Vec<SeenCards> {
    counts
        .iter()
        .enumerate()
        .map(|(i, &matches)| SeenCards {
            seen: i + 1,
            matches,
            expected_other_in_space: expected_other_seeds(space, deck, i + 1),
        })
        .collect()
}

/// The fewest cards after which the example's own seed is the only match.
fn unique_at(rows: &[SeenCards]) -> Option<usize> {
    rows.iter().find(|r| r.matches == 1).map(|r| r.seen)
}

/// The deal the Planet Poker example searches for: the millisecond 11:30:05.123.
pub const PLANET_POKER_EXAMPLE_MS: u64 = 41_405_123;

/// Milliseconds in a day: Planet Poker's seeds.
pub const DAY_MS: u64 = 86_400_000;

/// Planet Poker, 1999 (Arkin, Hill, Marks, Schmid and Walls, "How We
/// Learned to Cheat at Online Poker"): card 52 never ends in position 52,
/// and the deck is one of 86,400,000, which five cards (two in the hand,
/// three on the flop) single out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanetPoker {
    /// Cards.
    pub deck: usize,
    /// `P(card 52 ends in position 52)` for the published loop with ideal
    /// draws `random(51) + 1`, exactly (one card's position as a Markov
    /// chain through the 52 swaps).
    pub last_card_last: String,
    /// Whether that probability is 0.
    pub never_last: bool,
    /// The most likely cell of that exact matrix, `(card, position)` from 1,
    /// and its probability as a multiple of 1/52.
    pub most_likely: (usize, usize, f64),
    /// The least likely cell other than card 52 in position 52, likewise.
    pub least_likely: (usize, usize, f64),
    /// The example deal's millisecond of the day.
    pub example_ms: u64,
    /// Its first ten cards, numbered 1 to 52 as in the Pascal code.
    pub example_first: Vec<u8>,
    /// The milliseconds searched.
    pub searched: Range<u64>,
    /// For 1 to 6 cards seen: the milliseconds whose deal starts with them.
    pub seen: Vec<SeenCards>,
    /// The fewest cards after which the example's millisecond is the only
    /// one left.
    pub unique_at: Option<usize>,
}

impl PlanetPoker {
    pub(super) fn compute(example_ms: u64, searched: Range<u64>) -> Self {
        let deck = 52;
        // The published loop with ideal draws: position `ctr` swaps with
        // `random(51) + 1`, i.e. uniform over the first 51 positions.
        let swaps = SwapShuffle {
            n: deck,
            steps: (0..deck)
                .map(|i| Transposition::with_drawn(i, Draw::Below(deck as u64 - 1), 0))
                .collect(),
        };
        let law = stats::law::markov::exact_position_law(&swaps)
            .expect("52 cards is within the Markov chain's reach");
        let rounded = law.rounded();
        let cell = |k: usize| (k / deck + 1, k % deck + 1, rounded.matrix[k] * deck as f64);
        let last = deck * deck - 1;
        let most = (0..deck * deck)
            .max_by(|&a, &b| rounded.matrix[a].total_cmp(&rounded.matrix[b]))
            .unwrap_or(0);
        let least = (0..last)
            .min_by(|&a, &b| rounded.matrix[a].total_cmp(&rounded.matrix[b]))
            .unwrap_or(0);
        let seeded = seeded("planet-poker");
        let mut d: Vec<u8> = (0..deck as u8).collect();
        seeded.deal(example_ms, &mut d);
        let counts = shared_prefixes(seeded, deck, &d[..6], searched.clone());
        let seen = seen_rows(&counts, DAY_MS, deck);
        let last_card_last = law.probability_exact(deck - 1, deck - 1);
        PlanetPoker {
            deck,
            never_last: last_card_last.is_zero(),
            last_card_last: if last_card_last.is_zero() {
                "0".into()
            } else {
                last_card_last.to_string()
            },
            most_likely: cell(most),
            least_likely: cell(least),
            example_ms,
            example_first: d[..10].iter().map(|c| c + 1).collect(),
            searched,
            unique_at: unique_at(&seen),
            seen,
        }
    }

    /// Reproduced when card 52 never ends last and five cards or fewer
    /// leave the example's millisecond alone.
    pub(super) fn standing(&self) -> CaseStanding {
        match self.unique_at {
            Some(k) if self.never_last && k <= 5 => CaseStanding::Reproduced,
            _ => CaseStanding::Contradicted,
        }
    }
}

/// A FreeCell deal as published (Rosetta Code, "Deal cards for FreeCell",
/// after Jim Horne's description of the original game): its number and its
/// 52 cards in the order dealt.
pub const FREECELL_PUBLISHED: [(u32, &str); 2] = [
    (
        1,
        "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C \
         4C 5C TS QH 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC \
         6S 9C 2H 6H",
    ),
    (
        617,
        "7D AD 5C 3S 5S 8C 2D AH TD 7S QD AC 6D 8H AS KH TH QC 3H 9D 6S 8D 3D TC \
         KD 5H 9S 3C 8S 7H 4D JS 4C QS 9C 9H 7C 6H 2C 2S 4S TS 2H 5D JC 6C JH QH \
         JD KS KC 4H",
    ),
];

/// The deal FreeCell's worked search names: #11982, the one deal of the
/// original 32,000 that cannot be won.
pub const FREECELL_EXAMPLE: u64 = 11_982;

/// The deal numbers FreeCell's `predict` searches by default.
pub const FREECELL_SEARCH: Range<u64> = 1..1_000_001;

/// Microsoft FreeCell: deal `k` is the shuffle of Microsoft C's `rand()`
/// after `srand(k)`; the original game numbered 32,000 deals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FreeCell {
    /// Each published deal and whether the port deals it card for card.
    pub published: Vec<(u32, bool)>,
    /// The deal numbers counted.
    pub deals: Range<u64>,
    /// For 1 to 4 cards seen: the share of those deals whose first cards
    /// no other deal among them starts with.
    pub pinned_share: Vec<f64>,
    /// The worked example's deal number.
    pub example: u64,
    /// Its first six cards, by name.
    pub example_first: Vec<String>,
    /// For 1 to 6 of those cards: the deals of `1..=1,000,000` that start
    /// with them.
    pub seen: Vec<SeenCards>,
    /// The fewest cards after which the example is the only deal left.
    pub unique_at: Option<usize>,
}

impl FreeCell {
    pub(super) fn compute(deals: Range<u64>) -> Self {
        let seeded = seeded("freecell");
        let deal = |k: u64| {
            let mut d: Vec<u8> = (0..52).collect();
            seeded.deal(k, &mut d);
            d
        };
        let published = FREECELL_PUBLISHED
            .iter()
            .map(|&(k, cards)| {
                let names: Vec<String> = deal(u64::from(k))
                    .iter()
                    .filter_map(|&c| algorithms::published::card_name(c))
                    .collect();
                (
                    k,
                    names.join(" ") == cards.split_whitespace().collect::<Vec<_>>().join(" "),
                )
            })
            .collect();
        let example = deal(FREECELL_EXAMPLE);
        let first = &example[..6];
        // Each prefix searched on its own: FreeCell's deal stops at the
        // first card that differs, so six searches cost little.
        let counts: Vec<u64> = (1..=first.len())
            .map(|k| search(seeded, 52, &first[..k], FREECELL_SEARCH, 0, &|_| {}).matches)
            .collect();
        let space = FREECELL_SEARCH.end - FREECELL_SEARCH.start;
        let seen = seen_rows(&counts, space, 52);
        FreeCell {
            published,
            pinned_share: pinned_shares(seeded, 52, deals.clone(), 4),
            deals,
            example: FREECELL_EXAMPLE,
            example_first: first
                .iter()
                .filter_map(|&c| algorithms::published::card_name(c))
                .collect(),
            unique_at: unique_at(&seen),
            seen,
        }
    }

    /// Reproduced when both published deals are dealt card for card.
    pub(super) fn standing(&self) -> CaseStanding {
        if self.published.iter().all(|&(_, ok)| ok) {
            CaseStanding::Reproduced
        } else {
            CaseStanding::Contradicted
        }
    }
}

/// The elements of the `random_shuffle` case.
pub const RANDOM_SHUFFLE_LEN: usize = 3_000_000;

/// The published mean displacement (neal, "Don't use rand(): a guide to
/// random number generators in C++", Codeforces, 2018), as printed.
pub const RANDOM_SHUFFLE_PUBLISHED: u64 = 64_463;

/// `std::random_shuffle` on `0, 1, …, 2,999,999` in a program whose
/// `rand()` has 15 bits (Codeforces' Windows compilers: libstdc++ with
/// Microsoft's C runtime, never seeded), and the mean `|p[i] − i|`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RandomShuffle {
    /// Elements.
    pub len: usize,
    /// `Σ |p[i] − i|`, exactly.
    pub displacement_sum: u64,
    /// The mean, correctly rounded.
    pub mean: f64,
    /// A fair shuffle's expected mean, `(n² − 1) / (3n)`, as a fraction.
    pub fair_mean: String,
    /// The same, rounded.
    pub fair_mean_rounded: f64,
    /// The published mean, as printed.
    pub published: u64,
}

impl RandomShuffle {
    pub(super) fn compute(len: usize) -> Self {
        let mut p: Vec<u32> = (0..len as u32).collect();
        let mut c = algorithms::CRand::srand(1);
        algorithms::generators::libstdcxx_random_shuffle(&mut p, &mut || c.rand());
        let sum: u64 = p
            .par_iter()
            .enumerate()
            .map(|(i, &v)| (i as u64).abs_diff(u64::from(v)))
            .sum();
        let n = len as u128;
        let fair = stats::Fraction::new(n * n - 1, 3 * n);
        RandomShuffle {
            len,
            displacement_sum: sum,
            mean: stats::law::fraction::ratio_to_f64(u128::from(sum), n),
            fair_mean: fair.to_string(),
            fair_mean_rounded: fair.to_f64(),
            published: RANDOM_SHUFFLE_PUBLISHED,
        }
    }

    /// Reproduced when the mean, cut to whole places as printed, is the
    /// published one.
    pub(super) fn standing(&self) -> CaseStanding {
        if self.mean.trunc() as u64 == self.published {
            CaseStanding::Reproduced
        } else {
            CaseStanding::Contradicted
        }
    }
}

/// The tick count of the .NET worked example: 36 min 23.917 s after the
/// machine started, within the first hour the report searches.
pub const DOTNET_EXAMPLE_TICKS: u64 = 2_183_917;

/// The tick counts .NET's `Random()` can be seeded with: `|TickCount|`.
pub const DOTNET_SEEDS: u64 = 1 << 31;

/// Eric Lippert, "Producing permutations", parts six and seven (2013): a
/// deck shuffled with `new Random()`, seeded from the tick count: 2^31
/// seeds against about 2^28 ways to start a deck with five cards, so five
/// cards leave about 2^3 decks and a sixth almost always one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DotNet {
    /// The seeds `Random()` draws from.
    pub seeds: u64,
    /// Other seeds expected to share the first `s` cards, out of 2^31, for
    /// `s = 1 ..= 8`.
    pub expected_other: Vec<f64>,
    /// The worked example's tick count.
    pub example_ticks: u64,
    /// Its first eight cards (0 to 51, as the deck is numbered).
    pub example_first: Vec<u8>,
    /// The tick counts searched.
    pub searched: Range<u64>,
    /// For 1 to 8 cards: the tick counts searched that deal them.
    pub seen: Vec<SeenCards>,
    /// The fewest cards after which the example is the only one left.
    pub unique_at: Option<usize>,
}

impl DotNet {
    pub(super) fn compute(example_ticks: u64, searched: Range<u64>) -> Self {
        let seeded = seeded("dotnet-shuffle-tickcount");
        let mut d: Vec<u8> = (0..52).collect();
        seeded.deal(example_ticks, &mut d);
        let counts = shared_prefixes(seeded, 52, &d[..8], searched.clone());
        let seen = seen_rows(&counts, DOTNET_SEEDS, 52);
        DotNet {
            seeds: DOTNET_SEEDS,
            expected_other: (1..=8)
                .map(|s| expected_other_seeds(DOTNET_SEEDS, 52, s))
                .collect(),
            example_ticks,
            example_first: d[..8].to_vec(),
            searched,
            unique_at: unique_at(&seen),
            seen,
        }
    }

    /// Consistent when five cards leave between 2^2 and 2^4 other seeds
    /// on average (Lippert's "about 2^3"), six fewer than one, and the
    /// worked example is alone by its sixth card.
    pub(super) fn standing(&self) -> CaseStanding {
        let five = self.expected_other[4];
        let six = self.expected_other[5];
        if (4.0..=16.0).contains(&five) && six < 1.0 && self.unique_at.is_some_and(|k| k <= 6) {
            CaseStanding::Consistent
        } else {
            CaseStanding::Contradicted
        }
    }
}
