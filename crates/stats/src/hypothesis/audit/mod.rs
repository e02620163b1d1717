//! From counts to tests: which tests apply to a run's counts, their
//! p-values, effect sizes, and the smallest Bonferroni-adjusted p-value
//! of the family. What that p-value means (a grade, a decision at a level)
//! is the judge's.

use crate::hypothesis::battery::{self, Battery};
use crate::hypothesis::collision::{self, COLLISION_MAX_DECKS, COLLISION_TEST, Collisions};
use crate::hypothesis::fit::{
    TestResult, bonferroni_z, empirical_tv, g_uniform, max_relative_deviation, pearson_uniform,
    position_row_tests, position_test, position_z_scores, tv_noise_floor,
};
use crate::hypothesis::name::TestName;
use crate::law::perm::factorial;
use crate::sample::{Histogram, MAX_HISTOGRAM_DECK, Positions};

mod counts;
mod floor;
mod lag;
mod power;
mod run;
mod sampled;
mod state;

pub use counts::{DeckCounts, DeckTally};
pub use floor::{LogRatioLaw, likelihood_ratio_decks};
pub use lag::*;
pub use power::*;
pub use run::*;
pub use sampled::*;
pub use state::{CountsState, Lag1State, ObservedState, StateError};

/// The family-wise level of the effect sizes' bounds: the `|z|` no cell of
/// a uniform shuffle's position matrix exceeds but with this probability
/// ([`Effect::z_bonferroni_01`]), and the row tests' share of it.
pub const EFFECT_BOUND_ALPHA: f64 = 0.01;

/// The fewest expected counts per cell a chi-square test is run on.
pub const MIN_EXPECTED: f64 = 5.0;

/// The fewest shuffles of `deck` cards the position test runs on
/// ([`MIN_EXPECTED`] per cell): below it no verdict can be given, and
/// `sample`, `audit` and the suite refuse the budget.
pub fn min_shuffles_to_test(deck: usize) -> u64 {
    (MIN_EXPECTED * deck as f64).ceil() as u64
}

/// Whether a run of `shuffles` decks of `deck` cards keeps the permutation
/// histogram: when the deck has at most [`MAX_HISTOGRAM_DECK`] cards and
/// the budget gives every arrangement [`MIN_EXPECTED`] decks, so that the
/// permutation tests can run. Otherwise the run keeps the battery and the
/// collision test. The one policy the suite, `sample`, `audit` and `power`
/// follow (`sample --histogram` overrides it).
pub fn keeps_histogram(deck: usize, shuffles: u64) -> bool {
    (2..=MAX_HISTOGRAM_DECK).contains(&deck) && shuffles >= min_shuffles_for_histogram(deck)
}

/// The fewest shuffles of `deck` cards (at most [`MAX_HISTOGRAM_DECK`])
/// the permutation tests run on: [`MIN_EXPECTED`] per arrangement.
pub fn min_shuffles_for_histogram(deck: usize) -> u64 {
    (MIN_EXPECTED * factorial(deck) as f64).ceil() as u64
}

/// How many tests a run of `shuffles` decks of `deck` cards applies when
/// the budget lets each run: the two permutation tests and the position
/// test with a histogram ([`keeps_histogram`]); else the position test, the
/// battery's statistics that can reject at this size
/// ([`battery::testable`]) and, where it fits, the collision test. The
/// Bonferroni factor of the run's grade.
pub fn tests_planned(deck: usize, shuffles: u64) -> usize {
    if deck < 2 {
        return 0;
    }
    if keeps_histogram(deck, shuffles) {
        return 3;
    }
    let collision = collision::unfit(deck, shuffles.min(COLLISION_MAX_DECKS)).is_none();
    let battery = battery::Statistic::ALL
        .iter()
        .filter(|&&s| battery::testable(s, deck, shuffles))
        .count();
    1 + battery + usize::from(collision)
}

/// A test that could not be run, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Skipped {
    /// The test's name.
    pub name: TestName,
    /// Why, with what would make it possible.
    pub reason: String,
}

/// Effect sizes: how far from uniform, whatever the p-value says.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Effect {
    /// Per-cell z-scores of the position matrix, `z[card * n + position]`
    /// (serialized as `n` rows, `z[card][position]`).
    #[cfg_attr(feature = "serde", serde(with = "square_rows"))]
    pub position_z: Vec<f64>,
    /// One chi-square test per card's row (`n - 1` df); compare with
    /// `alpha / n`. Not part of the verdict.
    pub row_tests: Vec<TestResult>,
    /// `max |O/(N/n) - 1|` over the position matrix.
    pub max_relative_deviation: f64,
    /// The largest `|z|` of a position cell.
    pub max_abs_z: f64,
    /// The `|z|` a single cell of the `n²` exceeds with family-wise
    /// probability [`EFFECT_BOUND_ALPHA`] under uniformity (Bonferroni).
    pub z_bonferroni_01: f64,
    /// Total variation distance between the sampled permutation law and
    /// uniform (histogram only). Biased upward by sampling noise.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub total_variation: Option<f64>,
    /// What `total_variation` would be, on average, for a perfect shuffle
    /// with this many shuffles.
    #[cfg_attr(
        feature = "serde",
        serde(skip_serializing_if = "Option::is_none", default)
    )]
    pub total_variation_noise_floor: Option<f64>,
}

/// A square matrix kept flat (`m[row * n + column]`) as JSON writes one:
/// `n` rows of `n`.
#[cfg(feature = "serde")]
mod square_rows {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    pub(super) fn serialize<S: Serializer>(flat: &[f64], s: S) -> Result<S::Ok, S::Error> {
        let n = flat.len().isqrt();
        let rows: Vec<&[f64]> = flat.chunks(n.max(1)).collect();
        rows.serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f64>, D::Error> {
        let rows = Vec::<Vec<f64>>::deserialize(d)?;
        let n = rows.len();
        if rows.iter().any(|r| r.len() != n) {
            return Err(D::Error::custom(format!(
                "a square matrix of {n} rows has a row of another length"
            )));
        }
        Ok(rows.concat())
    }
}

/// Everything a run's counts say.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The tests run.
    pub tests: Vec<TestResult>,
    /// The tests not run, with reasons.
    pub skipped: Vec<Skipped>,
    /// Effect sizes.
    pub effect: Effect,
    /// `log10` of the smallest Bonferroni-adjusted p-value (0 when no test ran).
    pub log10_min_adjusted_p: f64,
}

impl Analysis {
    /// The counts' tests and effect sizes. `histogram` is used when given
    /// (and the position matrix then derived from it must equal
    /// `positions`); so are the `battery` and the `collisions` of the same
    /// decks (the first [`COLLISION_MAX_DECKS`] of them). With a battery
    /// but no collisions, the collision test is reported as skipped.
    pub fn new(
        positions: &Positions,
        histogram: Option<&Histogram>,
        battery: Option<&Battery>,
        collisions: Option<&Collisions>,
    ) -> Analysis {
        let n = positions.deck;
        let shuffles = positions.total();
        let mut tests = Vec::new();
        let mut skipped = Vec::new();
        if n >= 2 {
            if let Some(h) = histogram {
                let needed = min_shuffles_for_histogram(n);
                if shuffles >= needed {
                    tests.push(pearson_uniform(TestName::PERMUTATION_CHI2, &h.counts));
                    tests.push(g_uniform(TestName::PERMUTATION_G, &h.counts));
                } else {
                    for name in [TestName::PERMUTATION_CHI2, TestName::PERMUTATION_G] {
                        skipped.push(Skipped {
                            name,
                            reason: format!(
                                "needs {MIN_EXPECTED} expected per arrangement: at least {needed} shuffles ({MIN_EXPECTED} x {n}!), got {shuffles}"
                            ),
                        });
                    }
                }
            }
            let needed = min_shuffles_to_test(n);
            if shuffles >= needed {
                tests.push(position_test(&positions.counts, n, shuffles));
            } else {
                skipped.push(Skipped {
                    name: TestName::POSITION_CHI2,
                    reason: format!(
                        "needs {MIN_EXPECTED} expected per cell: at least {needed} shuffles, got {shuffles}"
                    ),
                });
            }
            if let Some(b) = battery {
                // A statistic whose values pool into one cell at this many
                // decks cannot reject (p = 1 whatever the decks): it is
                // left out of the family, and says so.
                for (&s, t) in battery::Statistic::ALL.iter().zip(battery::tests(b)) {
                    if battery::testable(s, n, b.total()) {
                        tests.push(t);
                    } else {
                        skipped.push(Skipped {
                            reason: format!(
                                "its values pooled to {} expected decks each leave one cell at {shuffles} decks: nothing to test",
                                battery::BATTERY_MIN_EXPECTED
                            ),
                            name: t.name,
                        });
                    }
                }
                match collisions {
                    Some(c) => tests.push(collision::test(c)),
                    None => skipped.push(Skipped {
                        name: COLLISION_TEST,
                        reason: collision::unfit(n, shuffles.min(COLLISION_MAX_DECKS))
                            .unwrap_or_else(|| "not run".into()),
                    }),
                }
            }
        }
        let z = if shuffles > 0 && n >= 2 {
            position_z_scores(&positions.counts, n, shuffles)
        } else {
            Vec::new()
        };
        let row_tests = if shuffles > 0 && n >= 2 {
            position_row_tests(&positions.counts, n)
        } else {
            Vec::new()
        };
        let effect = Effect {
            row_tests,
            max_relative_deviation: if shuffles > 0 {
                max_relative_deviation(&positions.counts, n, shuffles)
            } else {
                0.0
            },
            max_abs_z: z.iter().map(|x| x.abs()).fold(0.0, f64::max),
            position_z: z,
            z_bonferroni_01: bonferroni_z((n * n).max(1), EFFECT_BOUND_ALPHA),
            total_variation: histogram
                .filter(|_| shuffles > 0)
                .map(|h| empirical_tv(&h.counts)),
            total_variation_noise_floor: histogram
                .filter(|_| shuffles > 0)
                .map(|h| tv_noise_floor(h.counts.len(), shuffles)),
        };
        let log10_min_adjusted_p =
            adjusted_log10(&tests.iter().map(|t| t.log10_p).collect::<Vec<_>>());
        Analysis {
            tests,
            skipped,
            effect,
            log10_min_adjusted_p,
        }
    }
}

/// `log10 min(1, m · min p)` for the `m` given `log10 p` values.
pub fn adjusted_log10(log10_ps: &[f64]) -> f64 {
    let m = log10_ps.len();
    if m == 0 {
        return 0.0;
    }
    let min = log10_ps.iter().copied().fold(f64::INFINITY, f64::min);
    (min + (m as f64).log10()).min(0.0)
}

#[cfg(test)]
mod tests;
