//! Shuffling by sorting with a random comparator, language by language:
//! every runtime sort the registry ports, side by side.
//!
//! For each, the exact distance from uniform on [`SMALL_DECK`] and
//! [`EXACT_DECK`] cards, how often the sort fails (throws, or reads
//! outside the array) exactly on [`EXACT_DECK`] cards and sampled on the
//! run's large deck, and the largest deviation of a position cell on that
//! deck, from the run's own sample. The study decides which sort is the
//! worst and which the best on that deck; the report draws them beside the
//! fair control.

use crate::suite::{Judged, SuitePlan};
use algorithms::Throwing;
use algorithms::registry::{self, Entry};
use serde::{Deserialize, Serialize};
use stats::{Fraction, Limits};

/// The small deck of the study's exact distances.
pub const SMALL_DECK: usize = 5;
/// The larger deck of its exact distances and failure rates.
pub const EXACT_DECK: usize = 8;
/// The large deck whose position matrix and sampled failures it reads.
pub const LARGE_DECK: usize = 52;

/// An exact distance from uniform.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distance {
    /// The total variation distance, correctly rounded.
    pub total_variation: f64,
    /// The same, exactly.
    pub exact: Fraction,
}

/// How often a sort fails instead of dealing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    /// The runtime's exception, or for undefined behaviour what the
    /// program does.
    pub exception: String,
    /// The failure is undefined behaviour (a read out of bounds).
    pub undefined_behaviour: bool,
    /// The probability on [`EXACT_DECK`] cards, exactly.
    pub exact: Fraction,
    /// The same, correctly rounded.
    pub probability: f64,
    /// Sorts of [`LARGE_DECK`] cards that failed, of `runs`.
    pub thrown: u64,
    /// Sorts of [`LARGE_DECK`] cards run (the run's large-deck shuffles,
    /// from its seed).
    pub runs: u64,
    /// The Clopper–Pearson 95 % interval of `thrown / runs`.
    pub interval_95: [f64; 2],
}

/// One runtime's sort.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SortRow {
    /// Registry id.
    pub algorithm: String,
    /// The line of code and the runtime, as the registry names them.
    pub name: String,
    /// On [`SMALL_DECK`] cards (of the decks given no failure).
    pub small: Distance,
    /// On [`EXACT_DECK`] cards (of the decks given no failure).
    pub exact: Distance,
    /// How often it fails, when it can.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub failure: Option<Failure>,
    /// `max |O / (N/n) - 1|` over the position matrix of the run's sample
    /// of [`LARGE_DECK`] cards.
    pub largest_deviation: f64,
    /// The verdict over every deck of the run.
    pub verdict: crate::Verdict,
}

/// Every runtime's sort, with the worst and the best on the large deck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SortingStudy {
    /// Shuffles of the large deck the deviations and failures come from.
    pub shuffles: u64,
    /// Their seed.
    pub seed: u64,
    /// One row per runtime sort, in registry order.
    pub rows: Vec<SortRow>,
    /// The fair control's largest deviation, from as many shuffles.
    pub fair_deviation: f64,
    /// The row with the largest deviation on the large deck.
    pub worst: String,
    /// The row with the smallest.
    pub best: String,
}

/// Why the study could not be made.
#[derive(Debug, thiserror::Error)]
#[error("the exact law of {algorithm} on {deck} cards")]
pub struct SortingError {
    /// The algorithm.
    pub algorithm: &'static str,
    /// Cards.
    pub deck: usize,
    /// What failed.
    #[source]
    pub source: stats::ExactError,
}

/// The largest deviation of the run's sample of `deck` cards of `judged`.
fn largest_deviation(judged: &Judged, deck: usize) -> Option<(f64, u64)> {
    let case = judged.cases.iter().find(|c| c.deck == deck)?;
    let first = &case.audit.audit.first;
    Some((first.analysis.effect.max_relative_deviation, case.shuffles))
}

/// The exact distance of `entry` on `deck` cards.
fn distance(entry: &'static Entry, deck: usize) -> Result<Distance, SortingError> {
    let law = stats::exact_distribution(&entry.algorithm, deck, &Limits::default()).map_err(
        |source| SortingError {
            algorithm: entry.id,
            deck,
            source,
        },
    )?;
    let tv = law.total_variation();
    Ok(Distance {
        total_variation: tv.lower,
        exact: tv.lower_exact,
    })
}

/// The study, when the run has every runtime sort, the fair control and
/// the large deck: `None` otherwise.
///
/// # Errors
/// [`SortingError`] when an exact law fails.
pub fn study(judged: &[Judged], plan: &SuitePlan) -> Result<Option<SortingStudy>, SortingError> {
    let of = |id: &str| judged.iter().find(|j| j.entry.id == id);
    let Some((fair_deviation, shuffles)) =
        of(crate::lesson::FAIR_CONTROL).and_then(|j| largest_deviation(j, LARGE_DECK))
    else {
        return Ok(None);
    };
    // Every runtime sort, sampled on the large deck, or no study.
    let Some(sampled) = registry::runtime_sorts()
        .iter()
        .map(|entry| {
            let j = of(entry.id)?;
            Some((entry, j, largest_deviation(j, LARGE_DECK)?.0))
        })
        .collect::<Option<Vec<_>>>()
    else {
        return Ok(None);
    };
    let mut rows = Vec::new();
    for (entry, j, largest_deviation) in sampled {
        let failure = entry
            .algorithm
            .throwing()
            .map(|sort| {
                let exact =
                    stats::law::exact::throw_probability(sort, EXACT_DECK, &Limits::default())
                        .map_err(|source| SortingError {
                            algorithm: entry.id,
                            deck: EXACT_DECK,
                            source,
                        })?;
                let thrown =
                    stats::sample::throws::throw_count(&sort, LARGE_DECK, shuffles, plan.seed);
                let (lo, hi) = stats::hypothesis::fit::clopper_pearson(thrown, shuffles, 0.95);
                Ok(Failure {
                    exception: sort.exception().to_owned(),
                    undefined_behaviour: sort.undefined_behaviour(),
                    probability: exact.to_f64(),
                    exact,
                    thrown,
                    runs: shuffles,
                    interval_95: [lo, hi],
                })
            })
            .transpose()?;
        rows.push(SortRow {
            algorithm: entry.id.to_owned(),
            name: entry.name.to_owned(),
            small: distance(entry, SMALL_DECK)?,
            exact: distance(entry, EXACT_DECK)?,
            failure,
            largest_deviation,
            verdict: j.verdict,
        });
    }
    let by_deviation =
        |a: &&SortRow, b: &&SortRow| a.largest_deviation.total_cmp(&b.largest_deviation);
    let worst = rows
        .iter()
        .max_by(by_deviation)
        .map(|r| r.algorithm.clone());
    let best = rows
        .iter()
        .min_by(by_deviation)
        .map(|r| r.algorithm.clone());
    let (Some(worst), Some(best)) = (worst, best) else {
        return Ok(None);
    };
    Ok(Some(SortingStudy {
        shuffles,
        seed: plan.seed,
        rows,
        fair_deviation,
        worst,
        best,
    }))
}
