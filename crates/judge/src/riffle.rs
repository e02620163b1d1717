//! How many riffles make a deck look shuffled: the exact distance of the
//! Gilbert–Shannon–Reeds model (Bayer–Diaconis), and, for the model and
//! for the seed document's riffle, how many riffles each test needs before
//! it can no longer tell.

use crate::grade::Grade;
use algorithms::registry;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use stats::TestName;
use stats::hypothesis::fit::TestResult;
use stats::sample::RNG_NAME;
use studies::riffle::{RiffleRun, sample_riffles};

/// A test "can still tell" a riffled deck from uniform when its p-value is
/// below this (one test, one number of riffles).
pub const TELLS_BELOW: f64 = 1e-3;

/// The riffle study of one deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RiffleStudy {
    /// Number of cards.
    pub deck: usize,
    /// The most riffles per deck.
    pub max_riffles: u32,
    /// Sampled decks per number of riffles.
    pub shuffles: u64,
    /// The seed of every sampled row.
    pub seed: u64,
    /// The generator and seeding scheme.
    pub rng: String,
    /// A test "still tells" below this p-value.
    pub tells_below: f64,
    /// The GSR model and the seed document's riffle.
    pub models: Vec<RiffleModel>,
    /// Sorting by random keys of 8, 16, 32 and 53 bits: the exact distance
    /// from uniform, that of as many riffles.
    pub random_keys: Vec<RandomKeysInfo>,
}

/// The two riffles studied: registry id, and what one pass is.
pub const RIFFLE_MODELS: [(&str, &str); 2] = [
    ("gsr-riffle", "one Gilbert-Shannon-Reeds riffle per pass"),
    ("blog-riffle", "one riffleShuffle of 003 per pass"),
];

/// Samples both riffle models ([`RIFFLE_MODELS`]) on `deck` cards (up to
/// [`studies::riffle::MAX_RIFFLE_DECK`]), `1..=max` riffles, `shuffles`
/// decks each, seeded with `seed`; `progress` is told of every batch of
/// decks dealt.
pub fn study(
    deck: usize,
    max: u32,
    shuffles: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> RiffleStudy {
    let models = RIFFLE_MODELS
        .par_iter()
        .map(|&(id, name)| {
            let entry = registry::find(id).expect("the registry holds both riffles");
            let runs = sample_riffles(entry.algorithm.kernel, deck, max, shuffles, seed, progress);
            RiffleModel::new(entry, name, &runs)
        })
        .collect();
    RiffleStudy {
        deck,
        max_riffles: max,
        shuffles,
        seed,
        rng: RNG_NAME.into(),
        tells_below: TELLS_BELOW,
        models,
        random_keys: RandomKeysInfo::of(deck),
    }
}

/// One number of riffles in `shuffle-audit riffle`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RiffleRow {
    /// Riffles per deck.
    pub riffles: u32,
    /// Exact total variation distance from uniform (GSR model only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub exact_total_variation: Option<f64>,
    /// The sampled decks' tests.
    pub tests: Vec<TestResult>,
    /// `log10` of their smallest Bonferroni-adjusted p-value.
    pub log10_min_adjusted_p: f64,
    /// The grade of these decks alone.
    pub grade: Grade,
}

/// How many riffles one test needs before it can no longer tell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RifflesNeeded {
    /// The test.
    pub test: TestName,
    /// One more than the last number of riffles at which its p-value was
    /// below `tells_below`; absent when it still tells at the last one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub riffles: Option<u32>,
}

/// One riffle model in `shuffle-audit riffle`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RiffleModel {
    /// Algorithm id of one pass (`"gsr-riffle"`, `"blog-riffle"`).
    pub algorithm: String,
    /// What one pass is.
    pub name: String,
    /// One row per number of riffles, `1..=max`.
    pub rows: Vec<RiffleRow>,
    /// Per test, in the rows' order.
    pub riffles_needed: Vec<RifflesNeeded>,
}

/// The exact distance of a sort by random keys.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RandomKeysInfo {
    /// The registered algorithm.
    pub algorithm: String,
    /// Bits per key.
    pub bits: u32,
    /// Total variation distance from uniform.
    pub total_variation: f64,
}

impl RandomKeysInfo {
    /// Every registered sort by random keys, on `deck` cards.
    pub fn of(deck: usize) -> Vec<Self> {
        algorithms::registry::REGISTRY
            .iter()
            .filter_map(|e| match e.algorithm.kernel {
                algorithms::Kernel::RandomKeys(k) if e.algorithm.times == 1 => {
                    Some(RandomKeysInfo {
                        algorithm: e.id.into(),
                        bits: k.bits,
                        total_variation: studies::riffle::total_variation(deck, k.bits),
                    })
                }
                _ => None,
            })
            .collect()
    }
}

impl RiffleModel {
    /// The model of `entry`'s pass (described as `name`) from its sampled
    /// runs.
    pub fn new(entry: &algorithms::Entry, name: &str, runs: &[RiffleRun]) -> Self {
        RiffleModel {
            algorithm: entry.id.into(),
            name: name.into(),
            rows: runs
                .iter()
                .map(|r| RiffleRow {
                    riffles: r.riffles,
                    exact_total_variation: r.exact_total_variation,
                    tests: r.run.analysis.tests.clone(),
                    log10_min_adjusted_p: r.run.analysis.log10_min_adjusted_p,
                    grade: Grade::of_run(&r.run.analysis),
                })
                .collect(),
            riffles_needed: riffles_needed(runs)
                .into_iter()
                .map(|(test, riffles)| RifflesNeeded { test, riffles })
                .collect(),
        }
    }
}

/// For each test of the runs (in their order), the riffles it needs before
/// it can no longer tell the deck from uniform: one more than the last `k`
/// at which its p-value is below [`TELLS_BELOW`] (1 when it never is),
/// `None` when it still tells at the last `k` sampled.
pub fn riffles_needed(runs: &[RiffleRun]) -> Vec<(TestName, Option<u32>)> {
    let Some(first) = runs.first() else {
        return Vec::new();
    };
    let last = runs.last().map_or(0, |r| r.riffles);
    first
        .run
        .analysis
        .tests
        .iter()
        .map(|t| {
            let telling = runs
                .iter()
                .filter(|r| {
                    r.run
                        .analysis
                        .tests
                        .iter()
                        .any(|u| u.name == t.name && u.p_value < TELLS_BELOW)
                })
                .map(|r| r.riffles)
                .max();
            let needed = match telling {
                Some(k) if k == last => None,
                Some(k) => Some(k + 1),
                None => Some(1),
            };
            (t.name, needed)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::{GsrRiffle, Kernel};

    #[test]
    fn sampled_riffles_stop_telling_as_the_exact_distance_falls() {
        use algorithms::{BlogRiffle, Kernel};
        let runs = sample_riffles(Kernel::GsrRiffle(GsrRiffle), 52, 6, 20_000, 1, &|_| {});
        assert_eq!(runs.len(), 6);
        assert!((runs[4].exact_total_variation.unwrap() - 0.924).abs() < 5e-4);
        let needed = riffles_needed(&runs);
        let rising = needed
            .iter()
            .find(|(n, _)| *n == "rising-sequences-chi2")
            .unwrap();
        // At TV 0.614 (k = 6) 20,000 decks show the rising sequences plainly.
        assert_eq!(rising.1, None, "{needed:?}");
        // One riffle keeps cards near their start: the position test sees it.
        assert_eq!(runs[0].run.analysis.tests[0].name, "position-chi2");
        assert!(runs[0].run.analysis.tests[0].log10_p < -100.0);
        // The seed's riffle: no exact law, and far from uniform.
        let blog = sample_riffles(Kernel::BlogRiffle(BlogRiffle), 52, 2, 20_000, 1, &|_| {});
        assert!(blog.iter().all(|r| r.exact_total_variation.is_none()));
        assert!(blog[1].run.analysis.log10_min_adjusted_p < -100.0);
    }

    #[test]
    fn riffles_needed_reads_the_last_telling_riffle() {
        use stats::hypothesis::fit::TestResult;
        const A: stats::TestName = stats::TestName::PERMUTATION_CHI2;
        const B: stats::TestName = stats::TestName::POSITION_CHI2;
        let run = |k: u32, ps: [f64; 2]| {
            let mut r = stats::hypothesis::audit::run(
                &algorithms::Algorithm {
                    kernel: Kernel::GsrRiffle(GsrRiffle),
                    times: 1,
                },
                3,
                30,
                1,
                false,
                &|_| {},
            );
            r.analysis.tests = [A, B]
                .iter()
                .zip(ps)
                .map(|(&name, p)| TestResult {
                    name,
                    statistic: 0.0,
                    df: 1.0,
                    p_value: p,
                    log10_p: p.log10(),
                    shuffles: 30,
                    min_expected: 10.0,
                    subject: None,
                })
                .collect();
            RiffleRun {
                riffles: k,
                exact_total_variation: None,
                run: r,
            }
        };
        // A tells at k = 1 and 2, then not; B tells at k = 3, the last.
        let runs = [
            run(1, [1e-9, 0.5]),
            run(2, [1e-4, 0.5]),
            run(3, [0.2, 1e-5]),
        ];
        assert_eq!(riffles_needed(&runs), [(A, Some(3)), (B, None)]);
        let calm = [run(1, [0.5, 0.5])];
        assert_eq!(riffles_needed(&calm), [(A, Some(1)), (B, Some(1))]);
    }

    #[test]
    fn the_study_reads_each_model_from_its_runs() {
        // 6 cards, 1..=3 riffles, 3,000 decks: one row per riffle count
        // per model, the GSR model's exact distances from Bayer–Diaconis,
        // the seed's riffle without one.
        let s = study(6, 3, 3_000, 7, &|_| {});
        assert_eq!(s.models.len(), RIFFLE_MODELS.len());
        for (m, (id, _)) in s.models.iter().zip(RIFFLE_MODELS) {
            assert_eq!(m.algorithm, id);
            assert_eq!(
                m.rows.iter().map(|r| r.riffles).collect::<Vec<_>>(),
                [1, 2, 3]
            );
            for (row, k) in m.rows.iter().zip(1..) {
                let exact = (id == "gsr-riffle")
                    .then(|| studies::riffle::total_variation_exact(6, k).to_f64());
                assert_eq!(row.exact_total_variation, exact);
            }
        }
        assert_eq!(
            s.random_keys.iter().map(|k| k.bits).collect::<Vec<_>>(),
            [8, 16, 32, 53]
        );
    }
}
