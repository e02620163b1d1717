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
use studies::riffle::{TELLS_BELOW, sample_riffles};

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
    pub fn new(entry: &algorithms::Entry, name: &str, runs: &[studies::riffle::RiffleRun]) -> Self {
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
            riffles_needed: studies::riffle::riffles_needed(runs)
                .into_iter()
                .map(|(test, riffles)| RifflesNeeded { test, riffles })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
