//! A complete audit: the first run, the two-level test over repeated
//! runs, the confirmation run, the tests of consecutive decks for decks
//! read in order, and the verdict over all of them.

use super::lag::Lag1Run;
use super::run::{Repeated, Run, confirmation_seed, run, two_level_min_expected};
use super::{Grade, Skipped, adjusted_log10, verdict};
use crate::collision::COLLISION_TEST;
use crate::hypothesis::TestResult;
use crate::test_name::TestName;
use algorithms::Algorithm;

/// A complete audit by sampling: the first run, the two-level test with
/// `repeat > 1`, the second seed when needed, and the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleAudit {
    /// The first run (seed `seed`).
    pub first: Run,
    /// With `repeat > 1`: runs with seeds `seed + 1`, …, and the KS tests.
    pub repeated: Option<Repeated>,
    /// `log10` of the smallest adjusted p-value over the first run's tests
    /// and the KS tests.
    pub log10_min_adjusted_p: f64,
    /// The confirmation run, when the first was suspicious.
    pub confirmation: Option<Run>,
    /// For decks read in the order they were dealt: the tests of
    /// consecutive decks, part of the family `log10_min_adjusted_p` is
    /// the smallest of.
    pub lag1: Option<Lag1Run>,
    /// The verdict.
    pub grade: Grade,
}

impl SampleAudit {
    /// The audit of decks that came from outside ([`Observed::into_run`]),
    /// with the tests of consecutive decks when they were read in order
    /// ([`super::ObservedStream`]): one family, Bonferroni-adjusted over
    /// both, graded alone. Decks read from a file cannot be dealt again
    /// with another seed, so there is no repetition and no confirmation: a
    /// suspicious run stays suspicious.
    pub fn of_decks(run: Run, lag1: Option<Lag1Run>) -> Self {
        let log10s: Vec<f64> = run
            .analysis
            .tests
            .iter()
            .chain(lag1.iter().flat_map(|l| l.tests.iter()))
            .map(|t| t.log10_p)
            .collect();
        let log10_min_adjusted_p = adjusted_log10(&log10s);
        SampleAudit {
            log10_min_adjusted_p,
            grade: verdict(log10_min_adjusted_p, None),
            first: run,
            repeated: None,
            confirmation: None,
            lag1,
        }
    }

    /// Every test of the family the verdict is corrected over: the first
    /// run's, the two-level tests, and the tests of consecutive decks.
    pub fn family(&self) -> impl Iterator<Item = &TestResult> {
        self.first
            .analysis
            .tests
            .iter()
            .chain(self.repeated.iter().flat_map(|r| r.ks.iter()))
            .chain(self.lag1.iter().flat_map(|l| l.tests.iter()))
    }
}

/// Runs an audit: `repeat` runs (seeds `seed`, `seed + 1`, …) of `shuffles`
/// shuffles, a KS test of each test's p-values when `repeat > 1`, and a
/// confirmation run with [`confirmation_seed`] when the result is
/// suspicious.
pub fn audit(
    algorithm: &Algorithm,
    deck: usize,
    shuffles: u64,
    seed: u64,
    repeat: u64,
    histogram: bool,
    progress: &(dyn Fn(u64) + Sync),
) -> SampleAudit {
    let first = run(algorithm, deck, shuffles, seed, histogram, progress);
    let mut log10s: Vec<f64> = first.analysis.tests.iter().map(|t| t.log10_p).collect();
    let repeated = (repeat > 1).then(|| {
        let mut seeds = vec![seed];
        // The collision test's p-value is 1 unless a deck repeats: too
        // discrete for a test of uniformity, so it has no second level;
        // nor has a chi-square test whose cells expect too little for `R`
        // runs (see `two_level_min_expected`).
        let least = two_level_min_expected(repeat);
        let continuous =
            |t: &&TestResult| t.name != COLLISION_TEST && t.min_expected >= least;
        let skipped = first
            .analysis
            .tests
            .iter()
            .filter(|t| t.name != COLLISION_TEST && t.min_expected < least)
            .map(|t| Skipped {
                name: t.name.two_level(),
                reason: format!(
                    "its cells expect {:.1} at least, and {repeat} runs need {least:.1} (√{repeat}): its p-values are too discrete for a two-level test; run more shuffles per run or fewer runs",
                    t.min_expected
                ),
            })
            .collect();
        let mut p_values: Vec<(TestName, Vec<f64>)> = first
            .analysis
            .tests
            .iter()
            .filter(continuous)
            .map(|t| (t.name, vec![t.p_value]))
            .collect();
        for r in 1..repeat {
            let s = seed.wrapping_add(r);
            let a = run(algorithm, deck, shuffles, s, histogram, progress).analysis;
            seeds.push(s);
            for ((_, list), t) in p_values.iter_mut().zip(a.tests.iter().filter(continuous)) {
                list.push(t.p_value);
            }
        }
        let ks = p_values
            .iter()
            .map(|(name, list)| {
                let (d, p) = crate::hypothesis::ks_uniform(list);
                TestResult {
                    name: name.two_level(),
                    statistic: d,
                    df: 0.0,
                    p_value: p,
                    log10_p: p.max(f64::MIN_POSITIVE).log10(),
                    shuffles: shuffles * repeat,
                    min_expected: 0.0,
                }
            })
            .collect::<Vec<_>>();
        log10s.extend(ks.iter().map(|t| t.log10_p));
        Repeated {
            seeds,
            p_values,
            ks,
            skipped,
        }
    });
    let log10_min_adjusted_p = adjusted_log10(&log10s);
    let confirmation = (Grade::of_log10(log10_min_adjusted_p) == Grade::Suspicious).then(|| {
        run(
            algorithm,
            deck,
            shuffles,
            confirmation_seed(seed),
            histogram,
            progress,
        )
    });
    let grade = verdict(
        log10_min_adjusted_p,
        confirmation.as_ref().map(|c| &c.analysis),
    );
    SampleAudit {
        first,
        repeated,
        log10_min_adjusted_p,
        confirmation,
        lag1: None,
        grade,
    }
}
