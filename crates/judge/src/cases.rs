//! The famous shuffle failures, each reproduced to its published figure.
//!
//! Each case sets a figure someone published (a count, a mean, a claim
//! about what a few cards give away) beside the figure this suite computes
//! for the same code, exact where mathematics allows, and decides how the
//! two stand ([`CaseStanding`]). The published figures are public data,
//! each with its source; the suite's are computed here, from the ported
//! code, every time a case is run.
//!
//! | id | case | what is compared |
//! |---|---|---|
//! | `planet-poker` | Planet Poker, 1999 | card 52 never last; a deal from five cards within the day's seeds |
//! | `eu-ballot-2010` | the EU browser ballot | the law of 5 items under the engines' sorts modelled; IE's figure quoted |
//! | `bostock-2014` | Bostock's sort matrix | legacy V8's sort on 60 cards, 10,000 runs |
//! | `laravel-2019` | Laravel's `Arr::shuffle` | the exact law against 10^6 published runs |
//! | `freecell` | Microsoft FreeCell | deals #1 and #617; how many cards name a deal |
//! | `random-shuffle-15bit` | `std::random_shuffle` with a 15-bit `rand()` | the mean displacement on 3,000,000 elements |
//! | `dotnet-tickcount` | .NET's tick-count seed | five cards leave about 2^3 decks, six one |
//! | `draft-1970` | the US draft lotteries of 1970 and 1971 | Spearman's ρ and the month × third table against Fienberg's and Oldford's |

use algorithms::Draw;
use algorithms::registry::find;
use algorithms::{SwapShuffle, Transposition};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use stats::hypothesis::fit::pearson_weights as pearson;
use stats::law::perm::unrank;
use stats::{Limits, exact_distribution};
use std::ops::Range;

mod draft;
pub use draft::{Draft, DraftYear, FIENBERG_RHO_1970, OLDFORD_THIRDS_1970};
use studies::predict::{expected_other_seeds, pinned_shares, search, shared_prefixes};

/// Every case, in the order the report lists them: `(id, title)`.
pub const CASES: [(&str, &str); 8] = [
    ("planet-poker", "Planet Poker, 1999: a deal from five cards"),
    (
        "eu-ballot-2010",
        "The EU browser ballot, 2010: sort(() => 0.5 - Math.random())",
    ),
    (
        "bostock-2014",
        "Bostock, 2014: a random comparator in Chrome, 60 cards",
    ),
    (
        "laravel-2019",
        "Laravel, 2019: usort with rand(-1, 1) on five elements",
    ),
    ("freecell", "Microsoft FreeCell: 32,000 deals, 15 bits"),
    (
        "random-shuffle-15bit",
        "std::random_shuffle with a 15-bit rand() on 3,000,000 elements",
    ),
    (
        "dotnet-tickcount",
        ".NET, 2013: a deck seeded from the tick count",
    ),
    (
        "draft-1970",
        "The US draft lottery, 1970: capsules filled month by month",
    ),
];

/// An id that names no case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown case '{0}': the cases are {list}", list = case_ids().join(", "))]
pub struct UnknownCase(pub String);

/// Every case id, in order.
pub fn case_ids() -> Vec<&'static str> {
    CASES.iter().map(|(id, _)| *id).collect()
}

/// How the suite's figure stands against the published one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseStanding {
    /// The suite computes the published figure itself, to its last printed
    /// digit, or the published event happens exactly as told.
    Reproduced,
    /// The published counts pass a test against the suite's exact law at
    /// the case's stated level, or the published estimate agrees with the
    /// suite's exact count.
    Consistent,
    /// The published counts fail that test, or the published claim does
    /// not happen: the port or the account is wrong.
    Contradicted,
    /// Nothing published can be set against the suite's figure (the
    /// engine is not modelled, or the counts were never published); the
    /// case says why.
    NotCompared,
}

impl CaseStanding {
    /// A label for tables.
    pub fn label(self) -> &'static str {
        match self {
            CaseStanding::Reproduced => "reproduced",
            CaseStanding::Consistent => "consistent",
            CaseStanding::Contradicted => "contradicted",
            CaseStanding::NotCompared => "not compared",
        }
    }
}

/// One case: its figures and how they stand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Case {
    /// The case's id ([`CASES`]).
    pub id: String,
    /// Its title.
    pub title: String,
    /// How the suite's figure stands against the published one.
    pub standing: CaseStanding,
    /// The figures.
    pub figures: CaseFigures,
    /// Its figure, relative to the report folder, when a report drew one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub figure: Option<String>,
}

/// The figures of one case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "case", rename_all = "kebab-case")]
pub enum CaseFigures {
    /// See [`PlanetPoker`].
    PlanetPoker(PlanetPoker),
    /// See [`Ballot`].
    #[serde(rename = "eu-ballot-2010")]
    EuBallot2010(Ballot),
    /// See [`Bostock`].
    #[serde(rename = "bostock-2014")]
    Bostock2014(Bostock),
    /// See [`Laravel`].
    #[serde(rename = "laravel-2019")]
    Laravel2019(Laravel),
    /// See [`FreeCell`].
    Freecell(FreeCell),
    /// See [`RandomShuffle`].
    #[serde(rename = "random-shuffle-15bit")]
    RandomShuffle15bit(RandomShuffle),
    /// See [`DotNet`].
    #[serde(rename = "dotnet-tickcount")]
    DotnetTickcount(DotNet),
    /// See [`Draft`].
    #[serde(rename = "draft-1970")]
    Draft1970(Draft),
}

/// How far each case's searches go: the real seed spaces in a report, less
/// in quick checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseScale {
    /// The milliseconds of the day Planet Poker's search covers.
    pub planet_poker_seeds: Range<u64>,
    /// The FreeCell deal numbers whose first cards are counted.
    pub freecell_deals: Range<u64>,
    /// The tick counts .NET's worked search covers.
    pub dotnet_seeds: Range<u64>,
    /// Decks of 60 cards sorted for Bostock's matrix.
    pub bostock_shuffles: u64,
}

impl CaseScale {
    /// The real seed spaces: Planet Poker's whole day, FreeCell's 32,000
    /// original deals (and its million for the worked search), .NET's first
    /// hour after boot, and Bostock's 10,000 runs.
    pub fn full() -> Self {
        CaseScale {
            planet_poker_seeds: 0..86_400_000,
            freecell_deals: 1..32_001,
            dotnet_seeds: 0..3_600_000,
            bostock_shuffles: BOSTOCK_RUNS,
        }
    }

    /// A scale for tests: the same figures on a slice of each space that
    /// still holds each case's worked example.
    pub fn quick() -> Self {
        CaseScale {
            planet_poker_seeds: PLANET_POKER_EXAMPLE_MS - 200_000
                ..PLANET_POKER_EXAMPLE_MS + 200_000,
            freecell_deals: 1..32_001,
            dotnet_seeds: DOTNET_EXAMPLE_TICKS - 100_000..DOTNET_EXAMPLE_TICKS + 100_000,
            bostock_shuffles: BOSTOCK_RUNS,
        }
    }
}

/// The case `id` at `scale`, with the sampling seed `seed`.
///
/// # Errors
/// [`UnknownCase`] when `id` names no case.
pub fn run(id: &str, scale: &CaseScale, seed: u64) -> Result<Case, UnknownCase> {
    let (id, title) = CASES
        .iter()
        .find(|(c, _)| *c == id)
        .ok_or_else(|| UnknownCase(id.to_string()))?;
    let (standing, figures) = match *id {
        "planet-poker" => {
            let f = PlanetPoker::compute(PLANET_POKER_EXAMPLE_MS, scale.planet_poker_seeds.clone());
            (f.standing(), CaseFigures::PlanetPoker(f))
        }
        "eu-ballot-2010" => {
            let f = Ballot::compute();
            (CaseStanding::NotCompared, CaseFigures::EuBallot2010(f))
        }
        "bostock-2014" => {
            let f = Bostock::compute(scale.bostock_shuffles, seed);
            (CaseStanding::NotCompared, CaseFigures::Bostock2014(f))
        }
        "laravel-2019" => {
            let f = Laravel::compute();
            (f.standing(), CaseFigures::Laravel2019(f))
        }
        "freecell" => {
            let f = FreeCell::compute(scale.freecell_deals.clone());
            (f.standing(), CaseFigures::Freecell(f))
        }
        "random-shuffle-15bit" => {
            let f = RandomShuffle::compute(RANDOM_SHUFFLE_LEN);
            (f.standing(), CaseFigures::RandomShuffle15bit(f))
        }
        "dotnet-tickcount" => {
            let f = DotNet::compute(DOTNET_EXAMPLE_TICKS, scale.dotnet_seeds.clone());
            (f.standing(), CaseFigures::DotnetTickcount(f))
        }
        "draft-1970" => {
            let f = Draft::compute();
            (f.standing(), CaseFigures::Draft1970(f))
        }
        _ => unreachable!("every id of CASES is matched"),
    };
    Ok(Case {
        id: id.to_string(),
        title: title.to_string(),
        standing,
        figures,
        figure: None,
    })
}

/// Every case at `scale`, in the order of [`CASES`].
pub fn all(scale: &CaseScale, seed: u64) -> Vec<Case> {
    CASES
        .iter()
        .map(|(id, _)| run(id, scale, seed).expect("every id of CASES runs"))
        .collect()
}

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
    fn compute(example_ms: u64, searched: Range<u64>) -> Self {
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
    fn standing(&self) -> CaseStanding {
        match self.unique_at {
            Some(k) if self.never_last && k <= 5 => CaseStanding::Reproduced,
            _ => CaseStanding::Contradicted,
        }
    }
}

/// The items on the EU ballot's first screen.
pub const BALLOT_ITEMS: usize = 5;

/// The exact law of one engine's sort on the ballot's 5 items.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BallotLaw {
    /// The registered algorithm.
    pub algorithm: String,
    /// `matrix[item][position]`: the probability (a fraction) that the
    /// item listed `item`-th ends at `position`.
    pub matrix: Vec<Vec<String>>,
    /// The same, rounded.
    pub rounded: Vec<Vec<f64>>,
    /// The exact total variation distance from uniform, rounded.
    pub total_variation: f64,
}

/// The EU browser ballot of 2010 (browserchoice.eu): five browsers ordered
/// by `array.sort(function (a, b) { return 0.5 - Math.random(); })`. The
/// published figures (DSL.sk; Rob Weir, "Doing the Microsoft Shuffle",
/// 2010) are from Internet Explorer 8, whose JScript sort is not modelled;
/// the laws here are those of the engines' sorts that are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ballot {
    /// One law per modelled engine.
    pub laws: Vec<BallotLaw>,
}

impl Ballot {
    fn compute() -> Self {
        let laws = [
            "sort-random-v8-legacy",
            "sort-random-v8-timsort",
            "sort-random-spidermonkey",
        ]
        .iter()
        .map(|id| {
            let law = exact_law(id, BALLOT_ITEMS);
            let weights = law.position_weights();
            BallotLaw {
                algorithm: (*id).into(),
                matrix: fractions(&weights, law.denominator),
                rounded: weights
                    .iter()
                    .map(|row| {
                        row.iter()
                            .map(|&w| stats::law::fraction::ratio_to_f64(w, law.denominator))
                            .collect()
                    })
                    .collect(),
                total_variation: law.total_variation().lower,
            }
        })
        .collect();
        Ballot { laws }
    }
}

/// Runs in Bostock's matrix.
pub const BOSTOCK_RUNS: u64 = 10_000;

/// Cards in Bostock's matrix.
pub const BOSTOCK_DECK: usize = 60;

/// Mike Bostock, "Visualizing Algorithms" (2014): the matrix of
/// `array.sort(function () { return Math.random() - .5; })` on 60 cards,
/// 10,000 runs, drawn in the reader's browser (Chrome's then: V8's legacy
/// sort). His counts were drawn, not published, so the suite's matrix is
/// set beside his picture, not tested against his numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bostock {
    /// The registered algorithm: `sort-random-v8-legacy`.
    pub algorithm: String,
    /// Cards.
    pub deck: usize,
    /// Sorts.
    pub shuffles: u64,
    /// The sampling seed.
    pub seed: u64,
    /// `counts[card][position]`.
    pub counts: Vec<Vec<u64>>,
    /// The same for Fisher–Yates, as many shuffles and the same seed: what
    /// a fair shuffle's noise looks like at this size.
    pub control: Vec<Vec<u64>>,
    /// `log10` of the position test's p-value against a fair shuffle.
    pub log10_p: f64,
    /// The largest relative deviation of a cell from `shuffles / deck`.
    pub largest_deviation: f64,
    /// The cell of that deviation, `(card, position)` from 1.
    pub largest_cell: (usize, usize),
}

impl Bostock {
    fn compute(shuffles: u64, seed: u64) -> Self {
        let id = "sort-random-v8-legacy";
        let deck = BOSTOCK_DECK;
        let positions = |id: &str| -> stats::sample::Positions {
            stats::sample::sample(
                &find(id).expect("a registered id").algorithm,
                deck,
                shuffles,
                seed,
                || stats::sample::Positions::new(deck),
                &|_| {},
            )
        };
        let p = positions(id);
        let control = positions("fisher-yates");
        let test = stats::hypothesis::fit::position_test(&p.counts, deck, shuffles);
        let expected = shuffles as f64 / deck as f64;
        let (k, dev) = p
            .counts
            .iter()
            .map(|&c| c as f64 / expected - 1.0)
            .enumerate()
            .max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()))
            .unwrap_or((0, 0.0));
        Bostock {
            algorithm: id.into(),
            deck,
            shuffles,
            seed,
            counts: p.counts.chunks(deck).map(<[u64]>::to_vec).collect(),
            control: control.counts.chunks(deck).map(<[u64]>::to_vec).collect(),
            log10_p: test.log10_p,
            largest_deviation: dev,
            largest_cell: (k / deck + 1, k % deck + 1),
        }
    }
}

/// The level of the test of published counts against an exact law: a
/// correct law fails it one time in a thousand.
pub const PUBLISHED_ALPHA: f64 = 1e-3;

/// One comparator of the Laravel case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LaravelRow {
    /// The comparator as written in PHP.
    pub comparator: String,
    /// The registered algorithm.
    pub algorithm: String,
    /// The published counts of each element coming first, `a` to `e`.
    pub published: Vec<u64>,
    /// Its exact law: each element's weight of coming first.
    pub weights: Vec<String>,
    /// The law's denominator.
    pub denominator: String,
    /// The expected counts in as many runs.
    pub expected: Vec<f64>,
    /// Pearson's X² (4 degrees of freedom).
    pub x2: f64,
    /// Its p-value.
    pub p_value: f64,
    /// X² of the counts against the other comparator's law.
    pub x2_other_law: f64,
}

/// Laravel, 2019 (laravel/framework pull request 27861): `Arr::shuffle`
/// with a seed sorted `['a', 'b', 'c', 'd', 'e']` by `usort` with a
/// random comparator; which element came first in 10^6 runs on PHP 7.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Laravel {
    /// The level of the test ([`PUBLISHED_ALPHA`]).
    pub alpha: f64,
    /// `rand(-1, 1)`, then `rand(0, 1)`.
    pub rows: Vec<LaravelRow>,
}

/// The counts of laravel/framework pull request 27861 (March 2019): which
/// of `a` … `e` came first in 10^6 runs of `usort` with `rand(-1, 1)`.
pub const LARAVEL_MINUS_ONE_TO_ONE: [u64; 5] = [564_137, 105_554, 281_362, 36_514, 12_433];
/// The same with `rand(0, 1)`.
pub const LARAVEL_ZERO_TO_ONE: [u64; 5] = [307_937, 204_875, 308_190, 116_441, 62_557];

impl Laravel {
    fn compute() -> Self {
        let laws = [
            ("usort-rand-php7", "rand(-1, 1)", LARAVEL_MINUS_ONE_TO_ONE),
            ("usort-rand01-php7", "rand(0, 1)", LARAVEL_ZERO_TO_ONE),
        ]
        .map(|(id, comparator, published)| {
            let (weights, den) = first_element(id, 5);
            (id, comparator, published, weights, den)
        });
        let rows = laws
            .iter()
            .enumerate()
            .map(|(i, (id, comparator, published, weights, den))| {
                let (x2, p_value) = pearson(published, weights, *den);
                let other = &laws[1 - i];
                let total: u64 = published.iter().sum();
                LaravelRow {
                    comparator: (*comparator).into(),
                    algorithm: (*id).into(),
                    published: published.to_vec(),
                    weights: weights.iter().map(u128::to_string).collect(),
                    denominator: den.to_string(),
                    expected: weights
                        .iter()
                        .map(|&w| total as f64 * stats::law::fraction::ratio_to_f64(w, *den))
                        .collect(),
                    x2,
                    p_value,
                    x2_other_law: pearson(published, &other.3, other.4).0,
                }
            })
            .collect();
        Laravel {
            alpha: PUBLISHED_ALPHA,
            rows,
        }
    }

    /// Consistent when every set of counts passes against its own law.
    fn standing(&self) -> CaseStanding {
        if self.rows.iter().all(|r| r.p_value >= self.alpha) {
            CaseStanding::Consistent
        } else {
            CaseStanding::Contradicted
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
    fn compute(deals: Range<u64>) -> Self {
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
    fn standing(&self) -> CaseStanding {
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
    fn compute(len: usize) -> Self {
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
    fn standing(&self) -> CaseStanding {
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
    fn compute(example_ticks: u64, searched: Range<u64>) -> Self {
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
    fn standing(&self) -> CaseStanding {
        let five = self.expected_other[4];
        let six = self.expected_other[5];
        if (4.0..=16.0).contains(&five) && six < 1.0 && self.unique_at.is_some_and(|k| k <= 6) {
            CaseStanding::Consistent
        } else {
            CaseStanding::Contradicted
        }
    }
}

fn seeded(id: &str) -> algorithms::Seeded {
    find(id)
        .ok()
        .and_then(|e| e.algorithm.seeded())
        .expect("a registered seeded shuffle")
}

fn exact_law(id: &str, n: usize) -> stats::ExactDistribution {
    let entry = find(id).expect("a registered id");
    exact_distribution(&entry.algorithm, n, &Limits::default()).expect("enumerable on 5 cards")
}

fn fractions(weights: &[Vec<u128>], denominator: u128) -> Vec<Vec<String>> {
    weights
        .iter()
        .map(|row| {
            row.iter()
                .map(|&w| stats::Fraction::new(w, denominator).to_string())
                .collect()
        })
        .collect()
}

/// The law of which element comes first, as weights over the law's
/// denominator.
fn first_element(id: &str, n: usize) -> (Vec<u128>, u128) {
    let d = exact_law(id, n);
    let mut first = vec![0u128; n];
    let mut a = Vec::new();
    for (r, &w) in d.weights.iter().enumerate() {
        unrank(r, n, &mut a);
        first[usize::from(a[0])] += w;
    }
    (first, d.denominator)
}

#[cfg(test)]
mod tests;
