//! Shoes: `K` decks of `V` cards shuffled together, so that each value
//! appears `K` times among `P = K V` cards (a six-deck shoe of 52-card
//! decks: 312 cards, values `0..52` six times each).
//!
//! A uniform shuffle of a shoe makes each of its `P! / (K!)^V` distinct
//! arrangements equally likely (the copies of a value cannot be told
//! apart). The tests of single decks that name a card's starting place
//! (fixed points, cycles, rising sequences, successions) or need the card
//! itself (the relative arrangement of consecutive decks) have no meaning
//! here; these do, each with an exact null for words with `K` letters of
//! each of `V` values:
//!
//! - **Value × position** ([`crate::test::hypothesis::fixed_margin_test`]): a
//!   shoe is a `V × P` table with row sums `K` and column sums 1, uniform
//!   among such tables; `(P − 1)/P · X²`, `(V − 1)(P − 1)` degrees of
//!   freedom (for `K = 1` the position test).
//! - **Descents** (a card followed by a lower value): MacMahon's law
//!   ([`law::descents`]). An under-shuffled shoe of decks in order keeps too
//!   few.
//! - **Repeats** (a card followed by one of the same value): [`law::repeats`],
//!   mean `K − 1`. Decks shuffled one by one and stacked, never mixed,
//!   keep almost none; clumped copies keep too many.
//! - **Collisions**: repeated shoes against the birthday problem over the
//!   `P! / (K!)^V` arrangements.
//!
//! Between consecutive shoes `w`, `w'` read in order:
//!
//! - **Contingency** of the values position by position: `Σ_j [w_j = a,
//!   w'_j = b]` is, given `w`, a `V × V` table with all margins `K`,
//!   uniform among such tables when `w'` is uniform, whatever `w` is; so
//!   the tables of successive pairs are independent, and their sum is
//!   tested like the value × position table (`(V − 1)²` degrees of
//!   freedom).
//! - **Matches**, positions with `w_j = w'_j`: its law given `w` is the
//!   same for every `w` ([`law::matches`], mean `K`), so the matches of
//!   successive pairs are independent draws from it. A shoe that is the
//!   last one barely shuffled keeps too many.
//!
//! Unlike decks, consecutive shoes have no relative arrangement: the copies
//! of a value cannot be followed from one shoe to the next. A cut of the
//! last shoe (the same cards rotated) shows only through the matches
//! (`P (K − 1)/(P − 1)` expected instead of `K`).

pub mod law;

use crate::law::fraction::Fraction;
use crate::sample::{Accumulator, Positions};
use crate::test::audit::{MIN_EXPECTED, Skipped};
use crate::test::battery::{BATTERY_MIN_EXPECTED, pool, total_variation};
use crate::test::collision::{self, COLLISION_MAX_DECKS, Collisions, Fingerprints};
use crate::test::hypothesis::{TestResult, fixed_margin_test, pearson_expected};
use crate::test::test_name::TestName;
use num_bigint::BigUint;
use statrs::function::gamma::ln_gamma;

/// The most decks a shoe holds here: the standards' largest shoes hold 8.
pub const MAX_SHOE_DECKS: usize = 8;

/// A shoe's make-up: `copies` decks of `values` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shoe {
    values: usize,
    copies: usize,
}

/// A shoe that cannot be tested.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShoeError {
    /// Decks outside `1..=8`.
    #[error("a shoe of {0} decks: shoes of 1..={MAX_SHOE_DECKS} decks can be audited")]
    Decks(usize),
    /// Cards per deck outside `2..=255`.
    #[error("decks of {0} cards: decks of 2..=255 cards can be audited")]
    Values(usize),
}

impl Shoe {
    /// `copies` decks (1..=[`MAX_SHOE_DECKS`]) of `values` cards (2..=255).
    ///
    /// # Errors
    /// [`ShoeError`] naming the value out of range.
    pub fn new(values: usize, copies: usize) -> Result<Shoe, ShoeError> {
        if !(1..=MAX_SHOE_DECKS).contains(&copies) {
            return Err(ShoeError::Decks(copies));
        }
        if !(2..=crate::sample::MAX_SAMPLE_DECK).contains(&values) {
            return Err(ShoeError::Values(values));
        }
        Ok(Shoe { values, copies })
    }

    /// Cards per deck, `V`: the values `0..V`.
    pub fn values(self) -> usize {
        self.values
    }

    /// Decks, `K`: the copies of each value.
    pub fn copies(self) -> usize {
        self.copies
    }

    /// Cards in the shoe, `P = K V`.
    pub fn cards(self) -> usize {
        self.values * self.copies
    }

    /// Its distinct arrangements, `P! / (K!)^V`.
    pub fn arrangements(self) -> BigUint {
        law::arrangements_of(&self.composition())
    }

    /// The copies of each value: `K` for each of the `V` values.
    pub fn composition(self) -> Vec<usize> {
        vec![self.copies; self.values]
    }

    /// `ln` of [`arrangements`](Shoe::arrangements).
    pub fn ln_arrangements(self) -> f64 {
        ln_gamma(self.cards() as f64 + 1.0)
            - self.values as f64 * ln_gamma(self.copies as f64 + 1.0)
    }
}

/// A statistic of a shoe, or of two consecutive shoes, with an exact law.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum ShoeStatistic {
    /// Positions `i` with `w_i > w_{i+1}`: [`law::descents`], mean
    /// `(P − K)/2`.
    Descents,
    /// Positions `i` with `w_i = w_{i+1}`: [`law::repeats`], mean `K − 1`.
    Repeats,
    /// Positions where two consecutive shoes hold the same value:
    /// [`law::matches`], mean `K`.
    Matches,
}

impl ShoeStatistic {
    /// The name of its test.
    pub fn test_name(self) -> TestName {
        match self {
            ShoeStatistic::Descents => TestName::of(crate::Test::Battery(
                crate::test::statistic::Statistic::Descents,
            )),
            ShoeStatistic::Repeats => TestName::REPEATS,
            ShoeStatistic::Matches => TestName::LAG1_MATCHES,
        }
    }

    /// The statistic of one shoe.
    ///
    /// # Panics
    /// For [`Matches`](ShoeStatistic::Matches), a statistic of two shoes
    /// ([`ShoeCounts`] counts it).
    pub fn of(self, shoe: &[u8]) -> usize {
        match self {
            ShoeStatistic::Descents => shoe.windows(2).filter(|w| w[0] > w[1]).count(),
            ShoeStatistic::Repeats => shoe.windows(2).filter(|w| w[0] == w[1]).count(),
            ShoeStatistic::Matches => panic!("matches are of two shoes"),
        }
    }

    /// Its exact mean for a uniform shuffle of `shoe`.
    pub fn null_mean(self, shoe: Shoe) -> f64 {
        let (p, k) = (shoe.cards() as f64, shoe.copies() as f64);
        match self {
            ShoeStatistic::Descents => (p - k) / 2.0,
            ShoeStatistic::Repeats => k - 1.0,
            ShoeStatistic::Matches => k,
        }
    }

    /// Its exact law: `law[s]` the probability of `s`, each count over the
    /// arrangements correctly rounded (`0..P` for descents and repeats,
    /// `0..=P` for matches).
    pub fn null(self, shoe: Shoe) -> Vec<f64> {
        // Computed once per process: calibration runs ask for the same
        // laws hundreds of times.
        type Computed = Vec<((ShoeStatistic, Shoe), Vec<f64>)>;
        static LAWS: std::sync::Mutex<Computed> = std::sync::Mutex::new(Vec::new());
        let mut laws = LAWS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, law)) = laws.iter().find(|(key, _)| *key == (self, shoe)) {
            return law.clone();
        }
        let law = self.null_uncached(shoe);
        laws.push(((self, shoe), law.clone()));
        law
    }

    fn null_uncached(self, shoe: Shoe) -> Vec<f64> {
        let counts = match self {
            ShoeStatistic::Descents => law::descents(shoe),
            ShoeStatistic::Repeats => law::repeats(shoe),
            ShoeStatistic::Matches => law::matches(shoe),
        };
        let total = shoe.arrangements();
        debug_assert_eq!(counts.iter().sum::<BigUint>(), total);
        counts
            .into_iter()
            .map(|c| Fraction::new(c, total.clone()).to_f64())
            .collect()
    }
}

/// One statistic's counts beside its exact law.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShoeStatisticSummary {
    /// The statistic.
    pub statistic: ShoeStatistic,
    /// `counts[s]`: shoes (or pairs of shoes) whose statistic was `s`.
    pub counts: Vec<u64>,
    /// `null[s]`: its exact probability for a uniform shuffle.
    pub null: Vec<f64>,
    /// The mean seen.
    pub mean: f64,
    /// The exact mean for a uniform shuffle.
    pub null_mean: f64,
    /// Total variation distance between the frequencies seen and the law
    /// (biased upward by sampling noise).
    pub total_variation: f64,
}

impl ShoeStatisticSummary {
    fn of(statistic: ShoeStatistic, shoe: Shoe, counts: Vec<u64>) -> Self {
        let null = statistic.null(shoe);
        let total: u64 = counts.iter().sum();
        let mean = counts
            .iter()
            .enumerate()
            .map(|(s, &c)| s as f64 * c as f64)
            .sum::<f64>()
            / total.max(1) as f64;
        ShoeStatisticSummary {
            statistic,
            mean,
            null_mean: statistic.null_mean(shoe),
            total_variation: total_variation(&counts, &null),
            counts,
            null,
        }
    }

    /// Its chi-square test: the counts against the law, cells pooled to
    /// [`BATTERY_MIN_EXPECTED`] each.
    fn test(&self) -> TestResult {
        let total = self.counts.iter().sum();
        let (c, p) = pool(&self.counts, &self.null, total, BATTERY_MIN_EXPECTED);
        pearson_expected(self.statistic.test_name(), &c, &p)
    }
}

/// Counts of shoes read from outside, kept until their number is known.
#[derive(Clone, Debug)]
pub struct ShoeCounts {
    shoe: Shoe,
    /// `value_position[value * P + position]`.
    value_position: Vec<u64>,
    descents: Vec<u64>,
    repeats: Vec<u64>,
    prints: Fingerprints,
    lag: Option<ShoeLag>,
}

/// The counts of consecutive shoes.
#[derive(Clone, Debug)]
struct ShoeLag {
    previous: Option<Vec<u8>>,
    /// `contingency[value before * V + value after]`.
    contingency: Vec<u64>,
    matches: Vec<u64>,
}

impl ShoeCounts {
    /// Empty counts; `ordered` when the shoes are read in the order they
    /// were dealt (then consecutive shoes are tested too).
    pub fn new(shoe: Shoe, ordered: bool) -> Self {
        let (v, p) = (shoe.values(), shoe.cards());
        ShoeCounts {
            shoe,
            value_position: vec![0; v * p],
            descents: vec![0; p],
            repeats: vec![0; p],
            prints: Fingerprints::default(),
            lag: ordered.then(|| ShoeLag {
                previous: None,
                contingency: vec![0; v * v],
                matches: vec![0; p + 1],
            }),
        }
    }

    /// Counts one shoe (`shoe[position] = value`, each of `0..V` exactly
    /// `K` times).
    pub fn observe(&mut self, shoe: &[u8]) {
        let (v, p) = (self.shoe.values(), self.shoe.cards());
        debug_assert_eq!(shoe.len(), p);
        for (position, &value) in shoe.iter().enumerate() {
            self.value_position[value as usize * p + position] += 1;
        }
        self.descents[ShoeStatistic::Descents.of(shoe)] += 1;
        self.repeats[ShoeStatistic::Repeats.of(shoe)] += 1;
        if (self.prints.prints.len() as u64) < COLLISION_MAX_DECKS {
            self.prints.observe(shoe);
        }
        if let Some(lag) = &mut self.lag {
            if let Some(previous) = &mut lag.previous {
                let mut matches = 0;
                for (&a, &b) in previous.iter().zip(shoe) {
                    lag.contingency[a as usize * v + b as usize] += 1;
                    matches += usize::from(a == b);
                }
                lag.matches[matches] += 1;
                previous.copy_from_slice(shoe);
            } else {
                lag.previous = Some(shoe.to_vec());
            }
        }
    }

    /// The shoe counted.
    pub fn shoe(&self) -> Shoe {
        self.shoe
    }

    /// Shoes counted.
    pub fn shoes(&self) -> u64 {
        self.descents.iter().sum()
    }

    /// The tests of these counts.
    pub fn into_run(self) -> ShoeRun {
        let shoe = self.shoe;
        let (v, k, p) = (shoe.values(), shoe.copies() as u64, shoe.cards());
        let shoes = self.shoes();
        let mut tests = Vec::new();
        let mut skipped = Vec::new();
        let needed = min_shoes_to_test(shoe);
        let expected = shoes as f64 / v as f64;
        if shoes >= needed {
            tests.push(fixed_margin_test(
                TestName::VALUE_POSITION,
                &self.value_position,
                (v, k),
                (p, 1),
                shoes,
            ));
        } else {
            skipped.push(Skipped {
                name: TestName::VALUE_POSITION,
                reason: format!(
                    "needs {MIN_EXPECTED} expected per cell: at least {needed} shoes ({MIN_EXPECTED} x {v} values), got {shoes}"
                ),
            });
        }
        let statistics = vec![
            ShoeStatisticSummary::of(ShoeStatistic::Descents, shoe, self.descents),
            ShoeStatisticSummary::of(ShoeStatistic::Repeats, shoe, self.repeats),
        ];
        tests.extend(statistics.iter().map(ShoeStatisticSummary::test));
        let ln_m = shoe.ln_arrangements();
        let decks = shoes.min(COLLISION_MAX_DECKS);
        let collisions = match collision::unfit_among(ln_m, decks) {
            None => {
                let c = self.prints.collisions_among(ln_m);
                tests.push(collision::test(&c));
                Some(c)
            }
            Some(why) => {
                skipped.push(Skipped {
                    name: TestName::COLLISIONS,
                    reason: if decks < 2 {
                        why
                    } else {
                        format!(
                            "the shoe's {} arrangements are too few for {decks} shoes: {why}",
                            shoe.arrangements()
                        )
                    },
                });
                None
            }
        };
        let max_relative_deviation = max_relative_deviation(&self.value_position, expected);
        ShoeRun {
            shoe,
            shoes,
            value_position: self.value_position,
            statistics,
            collisions,
            tests,
            skipped,
            max_relative_deviation,
            lag1: self.lag.map(|lag| lag.into_run(shoe)),
        }
    }
}

/// `max |O/E − 1|` over `counts`, each expecting `expected` (0 when
/// nothing was counted).
fn max_relative_deviation(counts: &[u64], expected: f64) -> f64 {
    if expected > 0.0 {
        counts
            .iter()
            .map(|&o| (o as f64 / expected - 1.0).abs())
            .fold(0.0, f64::max)
    } else {
        0.0
    }
}

/// The fewest shoes the value × position test runs on: [`MIN_EXPECTED`]
/// per cell, each cell expecting one shoe in `V`.
pub fn min_shoes_to_test(shoe: Shoe) -> u64 {
    (MIN_EXPECTED * shoe.values() as f64).ceil() as u64
}

impl ShoeLag {
    fn into_run(self, shoe: Shoe) -> ShoeLagRun {
        let (v, k) = (shoe.values(), shoe.copies() as u64);
        let pairs: u64 = self.matches.iter().sum();
        // K² / P = K / V expected per cell and pair.
        let needed = (MIN_EXPECTED * v as f64 / k as f64).ceil() as u64;
        let mut tests = Vec::new();
        let mut skipped = Vec::new();
        if pairs >= needed {
            tests.push(fixed_margin_test(
                TestName::LAG1_CONTINGENCY,
                &self.contingency,
                (v, k),
                (v, k),
                pairs,
            ));
        } else {
            skipped.push(Skipped {
                name: TestName::LAG1_CONTINGENCY,
                reason: format!(
                    "needs {MIN_EXPECTED} expected per cell: at least {needed} pairs of consecutive shoes, got {pairs}"
                ),
            });
        }
        let matches = ShoeStatisticSummary::of(ShoeStatistic::Matches, shoe, self.matches);
        if pairs >= 2 {
            tests.push(matches.test());
        } else {
            skipped.push(Skipped {
                name: TestName::LAG1_MATCHES,
                reason: format!("needs 2 pairs of consecutive shoes at least, got {pairs}"),
            });
        }
        let expected = pairs as f64 * k as f64 / v as f64;
        let contingency_max_relative_deviation =
            max_relative_deviation(&self.contingency, expected);
        ShoeLagRun {
            pairs,
            contingency: Positions {
                deck: v,
                counts: self.contingency,
            },
            contingency_max_relative_deviation,
            matches,
            tests,
            skipped,
        }
    }
}

/// What the counts of shoes say.
#[derive(Clone, Debug, PartialEq)]
pub struct ShoeRun {
    /// The shoe's make-up.
    pub shoe: Shoe,
    /// Shoes read.
    pub shoes: u64,
    /// `value_position[value * P + position]`.
    pub value_position: Vec<u64>,
    /// Descents and repeats beside their laws.
    pub statistics: Vec<ShoeStatisticSummary>,
    /// Repeated shoes, when the test fits.
    pub collisions: Option<Collisions>,
    /// The tests of single shoes.
    pub tests: Vec<TestResult>,
    /// The tests not run, with reasons.
    pub skipped: Vec<Skipped>,
    /// `max |O/(N/V) − 1|` over the value × position table.
    pub max_relative_deviation: f64,
    /// The tests of consecutive shoes, when they were read in order.
    pub lag1: Option<ShoeLagRun>,
}

/// What consecutive shoes say.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShoeLagRun {
    /// Pairs of consecutive shoes.
    pub pairs: u64,
    /// The tests, `lag1-…`.
    pub tests: Vec<TestResult>,
    /// The tests not run, with reasons.
    pub skipped: Vec<Skipped>,
    /// `matrix[a][b]`: positions holding value `a` in a shoe and `b` in
    /// the next (a `V × V` table).
    #[cfg_attr(feature = "serde", serde(rename = "contingency_matrix"))]
    pub contingency: Positions,
    /// `max |O/E − 1|` over the contingency table (`E = pairs · K / V`).
    pub contingency_max_relative_deviation: f64,
    /// The matches beside their exact law.
    pub matches: ShoeStatisticSummary,
}

impl ShoeRun {
    /// Every test of the family: single shoes, then consecutive ones.
    pub fn family(&self) -> impl Iterator<Item = &TestResult> {
        self.tests
            .iter()
            .chain(self.lag1.iter().flat_map(|l| l.tests.iter()))
    }

    /// `log10` of the smallest Bonferroni-adjusted p-value of the family.
    pub fn log10_min_adjusted_p(&self) -> f64 {
        let log10s: Vec<f64> = self.family().map(|t| t.log10_p).collect();
        crate::test::audit::adjusted_log10(&log10s)
    }
}

#[cfg(test)]
mod tests;
