//! A complete audit's runs: the first run, the two-level test over
//! repeated runs, the confirmation run when the judge asks for one, the
//! tests of consecutive decks for decks read in order, and the smallest
//! adjusted p-value over all of them. Grading it is the judge's.

use super::lag::Lag1Run;
use super::run::{NamedValues, Repeated, Run, confirmation_seed, run, two_level_min_expected};
use super::{Skipped, adjusted_log10};
use crate::hypothesis::collision::COLLISION_TEST;
use crate::hypothesis::fit::TestResult;
use algorithms::Algorithm;

/// A complete audit by sampling: the first run, the two-level test with
/// `repeat > 1`, and the second seed's run once [`confirm`](Self::confirm)ed.
#[derive(Clone, Debug, PartialEq)]
pub struct SampleAudit {
    /// The first run (seed `seed`).
    pub first: Run,
    /// With `repeat > 1`: runs with seeds `seed + 1`, …, and the KS tests.
    pub repeated: Option<Repeated>,
    /// `log10` of the smallest adjusted p-value over the first run's tests
    /// and the KS tests.
    pub log10_min_adjusted_p: f64,
    /// The confirmation run, when one was asked for.
    pub confirmation: Option<Run>,
    /// For decks read in the order they were dealt: the tests of
    /// consecutive decks, part of the family `log10_min_adjusted_p` is
    /// the smallest of.
    pub lag1: Option<Lag1Run>,
}

/// What an audit by sampling deals: `shuffles` shuffles of `deck` cards
/// per run, `repeat` runs from `seed` (`seed`, `seed + 1`, …), with the
/// permutation histogram when `histogram`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuditPlan {
    /// Cards per deck.
    pub deck: usize,
    /// Shuffles per run.
    pub shuffles: u64,
    /// The first run's seed.
    pub seed: u64,
    /// Runs (1: no two-level test).
    pub repeat: u64,
    /// Whether to keep the permutation histogram ([`super::keeps_histogram`]
    /// is the usual choice).
    pub histogram: bool,
}

impl SampleAudit {
    /// The audit of decks that came from outside ([`Observed::into_run`](super::run::Observed::into_run)),
    /// with the tests of consecutive decks when they were read in order
    /// ([`super::ObservedStream`]): one family, Bonferroni-adjusted over
    /// both. Decks read from a file cannot be dealt again with another
    /// seed, so there is no repetition and no confirmation.
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

    /// Runs the confirmation: one more run of `plan` with
    /// [`confirmation_seed`], independent of the first.
    pub fn confirm(
        &mut self,
        algorithm: &Algorithm,
        plan: &AuditPlan,
        progress: &(dyn Fn(u64) + Sync),
    ) {
        self.confirmation = Some(run(
            algorithm,
            plan.deck,
            plan.shuffles,
            confirmation_seed(plan.seed),
            plan.histogram,
            progress,
        ));
    }
}

/// Runs an audit's runs: `repeat` runs (seeds `seed`, `seed + 1`, …) of
/// `shuffles` shuffles, and a one-sided KS test of each test's p-values
/// (too many small ones) when `repeat > 1`. No confirmation: the judge asks for it.
pub fn audit(
    algorithm: &Algorithm,
    plan: &AuditPlan,
    progress: &(dyn Fn(u64) + Sync),
) -> SampleAudit {
    let AuditPlan {
        deck,
        shuffles,
        seed,
        repeat,
        histogram,
    } = *plan;
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
                    "its cells expect {:.1} at least, and {repeat} runs need {least:.1} (5 √{repeat}): its p-values are too discrete for a two-level test; run more shuffles per run or fewer runs",
                    t.min_expected
                ),
            })
            .collect();
        let mut p_values: Vec<NamedValues> = first
            .analysis
            .tests
            .iter()
            .filter(continuous)
            .map(|t| NamedValues {
                name: t.name,
                values: vec![t.p_value],
            })
            .collect();
        for r in 1..repeat {
            let s = seed.wrapping_add(r);
            let a = run(algorithm, deck, shuffles, s, histogram, progress).analysis;
            seeds.push(s);
            for (list, t) in p_values.iter_mut().zip(a.tests.iter().filter(continuous)) {
                list.values.push(t.p_value);
            }
        }
        let ks = p_values
            .iter()
            .map(|NamedValues { name, values }| {
                let (d, p) = crate::hypothesis::fit::ks_uniform_upper(values);
                TestResult {
                    name: name.two_level(),
                    statistic: d,
                    df: 0.0,
                    p_value: p,
                    log10_p: p.max(f64::MIN_POSITIVE).log10(),
                    shuffles: shuffles * repeat,
                    min_expected: 0.0,
                    subject: None,
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
    SampleAudit {
        first,
        repeated,
        log10_min_adjusted_p,
        confirmation: None,
        lag1: None,
    }
}
