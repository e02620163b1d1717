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
//! - **Value × position** ([`crate::hypothesis::fit::fixed_margins_test`]): a
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

mod counts;
pub mod law;

#[cfg(test)]
use counts::hand_table;
pub use counts::*;

use crate::hypothesis::audit::{MIN_EXPECTED, Skipped};
use crate::hypothesis::battery::{fit, total_variation};
use crate::hypothesis::collision::{self, COLLISION_MAX_DECKS, Collisions, Fingerprints};
use crate::hypothesis::fit::{TestResult, fixed_margins_test};
use crate::hypothesis::name::TestName;
use crate::law::fraction::Fraction;
use crate::sample::{Accumulator, Positions};
use num_bigint::BigUint;
use statrs::function::gamma::ln_gamma;

/// The most decks a shoe holds here: the standards' largest shoes hold 8.
pub const MAX_SHOE_DECKS: usize = 8;

/// The most cards a deck with repeated cards holds here: as many as the
/// largest shoe, 8 decks of 255.
pub const MAX_COMPOSITION_CARDS: usize = MAX_SHOE_DECKS * algorithms::MAX_DECK;

/// The most distinct values a deck with repeated cards holds here.
pub const MAX_COMPOSITION_VALUES: usize = algorithms::MAX_DECK;

/// A shoe's make-up: `copies` decks of `values` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shoe {
    values: usize,
    copies: usize,
}

/// A shoe, composition or group that cannot be tested.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShoeError {
    /// Decks outside `1..=8`.
    #[error("a shoe of {0} decks: shoes of 1..={MAX_SHOE_DECKS} decks can be audited")]
    Decks(usize),
    /// Cards per deck outside `2..=255`.
    #[error("decks of {0} cards: decks of 2..=255 cards can be audited")]
    Values(usize),
    /// Distinct values outside `2..=255`.
    #[error(
        "{0} distinct cards: a deck with repeated cards can be audited with 2..={MAX_COMPOSITION_VALUES} distinct cards"
    )]
    Distinct(usize),
    /// A value listed with no copies.
    #[error("value {0} has no copies: each value of a composition has at least one")]
    NoCopies(usize),
    /// More cards than [`MAX_COMPOSITION_CARDS`].
    #[error(
        "a deck of {0} cards: decks with repeated cards of at most {MAX_COMPOSITION_CARDS} cards can be audited"
    )]
    Cards(usize),
    /// A group naming no value, a value twice, or a value the deck lacks.
    #[error("group {name:?}: {why}")]
    Group {
        /// The group's name.
        name: String,
        /// What is wrong with it.
        why: String,
    },
    /// An opening hand of no cards, or of the whole deck.
    #[error("an opening hand of {hand} cards: a deck of {cards} cards deals hands of 1..={}", cards - 1)]
    Hand {
        /// The hand asked for.
        hand: usize,
        /// Cards in the deck.
        cards: usize,
    },
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
        if !(algorithms::MIN_DECK..=algorithms::MAX_DECK).contains(&values) {
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
        self.composition().arrangements()
    }

    /// The copies of each value: `K` for each of the `V` values.
    pub fn composition(self) -> Composition {
        Composition {
            counts: vec![self.copies; self.values],
            of_shoe: true,
        }
    }

    /// `ln` of [`arrangements`](Shoe::arrangements).
    pub fn ln_arrangements(self) -> f64 {
        self.composition().ln_arrangements()
    }
}

/// A deck whose cards repeat: `K_i` copies of value `i` for `i` in `0..V`
/// (a decklist: 9 Forests, 8 Islands, 4 of each spell), `P = Σ K_i`
/// cards. A plain deck is the case `K_i = 1`, a shoe the case `K_i = K`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Composition {
    counts: Vec<usize>,
    /// Made from a [`Shoe`]: its decks are called shoes.
    of_shoe: bool,
}

impl Composition {
    /// `counts[i]` copies of value `i`: 2..=255 values, each at least
    /// once, at most [`MAX_COMPOSITION_CARDS`] cards.
    ///
    /// # Errors
    /// [`ShoeError`] naming the value out of range.
    pub fn new(counts: Vec<usize>) -> Result<Composition, ShoeError> {
        if !(2..=MAX_COMPOSITION_VALUES).contains(&counts.len()) {
            return Err(ShoeError::Distinct(counts.len()));
        }
        if let Some(i) = counts.iter().position(|&k| k == 0) {
            return Err(ShoeError::NoCopies(i));
        }
        let p: usize = counts.iter().sum();
        if p > MAX_COMPOSITION_CARDS {
            return Err(ShoeError::Cards(p));
        }
        Ok(Composition {
            counts,
            of_shoe: false,
        })
    }

    /// `K_i` for each value `i`.
    pub fn counts(&self) -> &[usize] {
        &self.counts
    }

    /// Distinct values, `V`.
    pub fn values(&self) -> usize {
        self.counts.len()
    }

    /// Cards, `P = Σ K_i`.
    pub fn cards(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The shoe it is, when every value has the same copies (at most
    /// [`MAX_SHOE_DECKS`]).
    pub fn shoe(&self) -> Option<Shoe> {
        let k = self.counts[0];
        if self.counts.iter().all(|&c| c == k) {
            Shoe::new(self.values(), k).ok()
        } else {
            None
        }
    }

    /// What one of its decks is called in messages: `"shoe"` for one made
    /// from a [`Shoe`] of several decks, `"decklist"` otherwise.
    pub fn unit(&self) -> &'static str {
        match self.shoe() {
            Some(s) if self.of_shoe && s.copies() > 1 => "shoe",
            _ => "decklist",
        }
    }

    /// Its distinct arrangements, `P! / Π K_i!`.
    pub fn arrangements(&self) -> BigUint {
        law::arrangements_of(&self.counts)
    }

    /// `ln` of [`arrangements`](Composition::arrangements).
    pub fn ln_arrangements(&self) -> f64 {
        ln_gamma(self.cards() as f64 + 1.0)
            - self
                .counts
                .iter()
                .map(|&k| ln_gamma(k as f64 + 1.0))
                .sum::<f64>()
    }
}

/// A named set of values tested together: a decklist's lands.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Group {
    /// Its name (`"land"`).
    pub name: String,
    /// Its values, indices into the composition.
    pub values: Vec<usize>,
}

/// A statistic of a shoe, or of two consecutive shoes, with an exact law.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum ShoeStatistic {
    /// Positions `i` with `w_i > w_{i+1}`: [`law::descents_of`], mean
    /// `(P − K)/2` for a shoe.
    Descents,
    /// Positions `i` with `w_i = w_{i+1}`: [`law::repeats_of`], mean `Σ K_i
    /// (K_i − 1) / P` (`K − 1` for a shoe).
    Repeats,
    /// Positions where two consecutive shoes hold the same value:
    /// [`law::matches_of`], mean `Σ K_i² / P` (`K` for a shoe).
    Matches,
}

impl ShoeStatistic {
    /// The name of its test.
    pub fn test_name(self) -> TestName {
        match self {
            ShoeStatistic::Descents => TestName::of(crate::Test::Battery(
                crate::hypothesis::statistic::Statistic::Descents,
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

    /// Its exact mean for a uniform shuffle of `composition`, correctly
    /// rounded.
    pub fn null_mean(self, composition: &Composition) -> f64 {
        self.law(composition).null_mean
    }

    /// Its exact law: `law[s]` the probability of `s`, each count over the
    /// arrangements correctly rounded (`0..P` for descents and repeats,
    /// `0..=P` for matches).
    pub fn null(self, composition: &Composition) -> Vec<f64> {
        self.law(composition).null
    }

    /// The law and its mean, computed once per process: calibration runs
    /// ask for the same laws hundreds of times.
    fn law(self, composition: &Composition) -> Law {
        type Computed = Vec<((ShoeStatistic, Composition), Law)>;
        static LAWS: std::sync::Mutex<Computed> = std::sync::Mutex::new(Vec::new());
        let mut laws = LAWS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, law)) = laws
            .iter()
            .find(|((s, c), _)| *s == self && c == composition)
        {
            return law.clone();
        }
        let counts = composition.counts();
        let law = Law::of(match self {
            ShoeStatistic::Descents => law::descents_of(counts),
            ShoeStatistic::Repeats => law::repeats_of(counts),
            ShoeStatistic::Matches => law::matches_of(counts),
        });
        debug_assert_eq!(law.total, composition.arrangements());
        laws.push(((self, composition.clone()), law.clone()));
        law
    }
}

/// An exact law as probabilities, from whole counts.
#[derive(Clone, Debug)]
struct Law {
    /// The counts' sum.
    total: BigUint,
    /// `null[s] = count[s] / total`, correctly rounded.
    null: Vec<f64>,
    /// `Σ s count[s] / total`, correctly rounded.
    null_mean: f64,
}

impl Law {
    fn of(counts: Vec<BigUint>) -> Law {
        let total: BigUint = counts.iter().sum();
        let moment: BigUint = counts.iter().enumerate().map(|(s, c)| c * s).sum();
        Law {
            null_mean: Fraction::new(moment, total.clone()).to_f64(),
            null: counts
                .into_iter()
                .map(|c| Fraction::new(c, total.clone()).to_f64())
                .collect(),
            total,
        }
    }
}

/// Counts of a statistic beside its exact law.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fit {
    /// `counts[s]`: decks (or pairs of decks) whose statistic was `s`.
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

impl Fit {
    fn new(counts: Vec<u64>, law: Law) -> Fit {
        let total: u64 = counts.iter().sum();
        let mean = counts
            .iter()
            .enumerate()
            .map(|(s, &c)| s as f64 * c as f64)
            .sum::<f64>()
            / total.max(1) as f64;
        Fit {
            mean,
            null_mean: law.null_mean,
            total_variation: total_variation(&counts, &law.null),
            counts,
            null: law.null,
        }
    }

    /// Its test: the counts against the law, as the battery tests its
    /// statistics ([`fit`]).
    fn test(&self, name: TestName) -> TestResult {
        fit(name, &self.counts, &self.null)
    }
}

/// One statistic's counts beside its exact law.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ShoeStatisticSummary {
    /// The statistic.
    pub statistic: ShoeStatistic,
    /// The counts and the law.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub fit: Fit,
}

impl ShoeStatisticSummary {
    fn of(statistic: ShoeStatistic, composition: &Composition, counts: Vec<u64>) -> Self {
        ShoeStatisticSummary {
            statistic,
            fit: Fit::new(counts, statistic.law(composition)),
        }
    }

    fn test(&self) -> TestResult {
        self.fit.test(self.statistic.test_name())
    }
}

/// What a named group's cards did: clumping and the opening hand.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GroupRun {
    /// The group.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub group: Group,
    /// Its cards, `a`: the copies of its values.
    pub cards: usize,
    /// Adjacent pairs of its cards beside [`law::group_pairs`] (`0..a`;
    /// mean `a (a − 1) / P`).
    pub pairs: Fit,
    /// Its cards in the opening hand beside [`law::hand`] (`0..=H`; mean
    /// `H a / P`).
    pub hand: Fit,
}

#[cfg(test)]
mod tests;
