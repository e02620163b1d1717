//! From counts to a verdict: which tests apply, their p-values, effect
//! sizes, and a graded verdict corrected for the number of tests.
//!
//! # Grades
//! Each run applies `m` tests; the smallest p-value is Bonferroni-adjusted,
//! `p_adj = min(1, m · p_min)`, and graded:
//!
//! | grade | `p_adj` | meaning |
//! |---|---|---|
//! | uniform | ≥ 1e-3 | no evidence of bias |
//! | unusual | 1e-6 ..< 1e-3 | worth a second look; expected about once in a thousand runs of a fair shuffle |
//! | suspicious | 1e-12 ..< 1e-6 | a second, independent seed is run: if it gives `p_adj < 1e-3` too, the verdict is *biased* |
//! | biased | < 1e-12 | biased on the first seed |
//!
//! For a uniform shuffle `P(p_adj < t) <= t`, so a run calls a fair shuffle
//! biased with probability at most `1e-12 + 1e-6 · 1e-3 ≈ 1e-9`, and unusual
//! or worse with probability at most 1e-3.

use crate::battery::{self, Battery};
use crate::collision::{self, COLLISION_MAX_DECKS, COLLISION_TEST, Collisions};
use crate::hypothesis::{
    TestResult, bonferroni_z, empirical_tv, g_uniform, max_relative_deviation, pearson_uniform,
    position_row_tests, position_test, position_z_scores, tv_noise_floor,
};
use crate::perm::factorial;
use crate::sample::{Histogram, MAX_HISTOGRAM_DECK, Positions};
use crate::test_name::TestName;

mod lag;
mod power;
mod run;
mod sampled;

pub use lag::*;
pub use power::*;
pub use run::*;
pub use sampled::*;

/// Below this Bonferroni-adjusted p-value a run is at least *unusual*.
pub const UNUSUAL_BELOW: f64 = 1e-3;
/// Below this, *suspicious*: a second seed decides.
pub const SUSPICIOUS_BELOW: f64 = 1e-6;
/// Below this, *biased* on the first seed.
pub const BIASED_BELOW: f64 = 1e-12;
/// A suspicious run is confirmed biased when the second seed's adjusted
/// p-value is below this.
pub const CONFIRM_BELOW: f64 = 1e-3;
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
/// battery's [`battery::Statistic::ALL`] and, where it fits, the collision
/// test. The Bonferroni factor of the run's grade.
pub fn tests_planned(deck: usize, shuffles: u64) -> usize {
    if deck < 2 {
        return 0;
    }
    if keeps_histogram(deck, shuffles) {
        return 3;
    }
    let collision = collision::unfit(deck, shuffles.min(COLLISION_MAX_DECKS)).is_none();
    1 + battery::Statistic::ALL.len() + usize::from(collision)
}

/// The level one test must reach for a run of `shuffles` decks of `deck`
/// cards to be graded biased: [`BIASED_BELOW`] over [`tests_planned`]
/// (Bonferroni). Power plans ask for this level; `shuffles = u64::MAX`
/// gives that of a run large enough for every test.
pub fn detection_level(deck: usize, shuffles: u64) -> f64 {
    BIASED_BELOW / tests_planned(deck, shuffles).max(1) as f64
}

/// The family-wise level `audit` decides at unless `--alpha` says: the
/// *suspicious* line, so that its exit code is 1 exactly when the grade is
/// suspicious or biased.
pub const AUDIT_ALPHA: f64 = SUSPICIOUS_BELOW;

/// A decision at a stated family-wise level: bias is shown when the
/// smallest Bonferroni-adjusted p-value of the family is below `alpha`,
/// that is when one of the `tests` has `p < alpha / tests`. A fair source
/// is flagged with probability at most `alpha`, whatever the dependence
/// between the tests.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Level {
    /// The family-wise level.
    pub alpha: f64,
    /// The tests of the family.
    pub tests: usize,
    /// The level each test is held to: `alpha / tests`.
    pub per_test: f64,
    /// Whether bias is shown at this level.
    pub bias_shown: bool,
}

impl Level {
    /// The decision at `alpha` (in `(0, 1)`) of a family of `tests` tests
    /// whose smallest adjusted p-value has `log10` `log10_min_adjusted_p`.
    pub fn decide(alpha: f64, tests: usize, log10_min_adjusted_p: f64) -> Level {
        Level {
            alpha,
            tests,
            per_test: alpha / tests.max(1) as f64,
            bias_shown: tests > 0 && log10_min_adjusted_p < alpha.log10(),
        }
    }

    /// Whether a test of the family is below its share of the level.
    pub fn rejects(&self, log10_p: f64) -> bool {
        log10_p < self.per_test.log10()
    }
}

/// Where an audit's tests fall below their share of a level: among the
/// tests of the decks alone, among the tests of consecutive decks.
///
/// The tests of consecutive decks hold when the decks are independent
/// *and* uniform: decks that are independent but biased fail them too (the
/// next deck in the last one's order is then not uniform either). Only
/// when the decks alone pass does a failure between decks say that one
/// deck depends on the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Finding {
    /// No test below its share of the level.
    NoneShown,
    /// Tests of the decks alone fail, more strongly than the tests between
    /// decks (which a bias of the decks alone makes fail too).
    DecksBiased,
    /// Consecutive decks fail, more strongly than single decks do (if
    /// those fail at all): the decks depend on one another.
    DecksDependent,
}

/// The smallest `log10 p` of `tests` (`+∞` for none).
fn smallest_log10_p<'a>(tests: impl IntoIterator<Item = &'a TestResult>) -> f64 {
    tests
        .into_iter()
        .map(|t| t.log10_p)
        .fold(f64::INFINITY, f64::min)
}

impl Finding {
    /// What the tests of `audit` at `level` show.
    pub fn of(audit: &SampleAudit, level: &Level) -> Finding {
        Finding::of_tests(
            audit
                .first
                .analysis
                .tests
                .iter()
                .chain(audit.repeated.iter().flat_map(|r| r.ks.iter())),
            audit.lag1.iter().flat_map(|l| l.tests.iter()),
            level,
        )
    }

    /// What the tests of single decks (`alone`) and of consecutive ones
    /// (`between`) show at `level`.
    ///
    /// The tests of consecutive decks hold for decks that are independent
    /// *and* uniform, and the tests of single decks assume independent
    /// decks. Which failure explains the other:
    /// - For independent decks, a deck written in the order of the one
    ///   before is the composition of two independent arrangements, whose
    ///   distance from uniform is at most either's and of the second order
    ///   in their bias: a bias of single decks shows far more weakly
    ///   between decks (the naive swap on 52 cards: 10^-26582 alone,
    ///   10^-12 between).
    /// - Dependent decks skew the tests of single decks too, even when
    ///   every deck alone is uniform: a card that tends to stay where it
    ///   was makes the position counts vary more than independent decks'
    ///   (a deck that is the last one with 26 random transpositions:
    ///   10^-210 alone, 10^-1468980 between).
    ///
    /// So the finding is [`Finding::DecksDependent`] when the tests between
    /// decks fail and their smallest p-value is below the single decks'
    /// (the dependence is the stronger evidence: the single decks'
    /// failures may come from it alone), [`Finding::DecksBiased`] when
    /// single decks fail otherwise.
    pub fn of_tests<'a>(
        alone: impl IntoIterator<Item = &'a TestResult>,
        between: impl IntoIterator<Item = &'a TestResult>,
        level: &Level,
    ) -> Finding {
        let alone = smallest_log10_p(alone);
        let between = smallest_log10_p(between);
        if level.rejects(between) && between < alone {
            Finding::DecksDependent
        } else if level.rejects(alone) {
            Finding::DecksBiased
        } else {
            Finding::NoneShown
        }
    }

    /// The kebab-case label.
    pub fn label(self) -> &'static str {
        match self {
            Finding::NoneShown => "none-shown",
            Finding::DecksBiased => "decks-biased",
            Finding::DecksDependent => "decks-dependent",
        }
    }
}

/// The grade of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum Grade {
    /// No evidence of bias.
    Uniform,
    /// A small adjusted p-value, within what fair shuffles produce now and then.
    Unusual,
    /// A very small adjusted p-value not confirmed by a second seed.
    Suspicious,
    /// Biased: on the first seed, or suspicious and confirmed by a second.
    Biased,
}

impl Grade {
    /// The kebab-case label.
    pub fn label(self) -> &'static str {
        match self {
            Grade::Uniform => "uniform",
            Grade::Unusual => "unusual",
            Grade::Suspicious => "suspicious",
            Grade::Biased => "biased",
        }
    }

    /// Whether this grade is evidence of bias (suspicious or biased): what
    /// makes a command exit 1.
    pub fn shows_bias(self) -> bool {
        matches!(self, Grade::Suspicious | Grade::Biased)
    }

    /// The grade of one run's smallest adjusted p-value (given as log10),
    /// before any confirmation.
    pub fn of_log10(log10_p_adj: f64) -> Grade {
        if log10_p_adj < BIASED_BELOW.log10() {
            Grade::Biased
        } else if log10_p_adj < SUSPICIOUS_BELOW.log10() {
            Grade::Suspicious
        } else if log10_p_adj < UNUSUAL_BELOW.log10() {
            Grade::Unusual
        } else {
            Grade::Uniform
        }
    }
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
    /// probability 0.01 under uniformity (Bonferroni).
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
                tests.extend(battery::tests(b));
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
            z_bonferroni_01: bonferroni_z((n * n).max(1), 0.01),
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

    /// The grade of this run alone.
    pub fn grade(&self) -> Grade {
        Grade::of_log10(self.log10_min_adjusted_p)
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

/// The verdict of an audit whose smallest adjusted p-value (over every
/// test of the first seed, two-level tests included) has `log10`
/// `log10_min_adjusted_p`, with the second seed's analysis when the first
/// was suspicious: a suspicious run confirmed below [`CONFIRM_BELOW`] is
/// biased. [`audit`] decides with this and nothing else.
pub fn verdict(log10_min_adjusted_p: f64, second: Option<&Analysis>) -> Grade {
    match (Grade::of_log10(log10_min_adjusted_p), second) {
        (Grade::Suspicious, Some(s)) if s.log10_min_adjusted_p < CONFIRM_BELOW.log10() => {
            Grade::Biased
        }
        (g, _) => g,
    }
}

#[cfg(test)]
mod tests;
