//! The default run's two statistical stages: exact laws on small decks,
//! then samples on every deck compared with them, with each algorithm's
//! verdict and disagreements. Each case keeps its own laws and counts, for
//! whatever renders it.

use super::{DEFAULT_POWER, EXACT_POSITIONS_ALPHA, ExactLaw, Progress, SuiteError, SuitePlan};
use crate::disagreement::Disagreement;
use crate::grade::{Audited, detection_level};
use crate::positions::ExactPositionsInfo;
use crate::verdict::{ExactVerdict, LawFindings, Verdict};
use algorithms::Entry;
use rayon::prelude::*;
use stats::ExactDistribution;
use stats::ExactError;
use stats::hypothesis::audit::{AuditPlan, keeps_histogram, power_plan};
use stats::law::exact::{Limits, exact_distribution};
use stats::law::markov::{PositionLaw, ProductLaw, rounded_position_law};

/// The exact laws of every entry on every deck of `plan.exact_decks`, in
/// order; a tree over the budget (or that cannot be walked) is a reason,
/// not an error. Entries are enumerated in parallel.
///
/// # Errors
/// [`SuiteError::Exact`] when enumeration fails otherwise.
pub fn exact_stage(
    entries: &[&'static Entry],
    plan: &SuitePlan,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<Vec<(usize, ExactLaw)>>, SuiteError> {
    entries
        .par_iter()
        .map(|entry| exact_laws(entry, plan, progress))
        .collect()
}

/// Bytes the exact stage holds at its peak for `entries` on `decks` on
/// `threads` threads, beyond the program itself, for the memory check
/// ([`crate::memory::fits`]): every law it keeps (`n!` weights of 16
/// bytes for each enumerable entry and deck, as if none were cut by the
/// path budget), and beside them as many walks at once as threads, each
/// at the peak of the largest ([`stats::law::exact::peak_bytes`] on one
/// thread: its table, its buffer of paths, a composition's tables).
pub fn exact_stage_bytes(entries: &[&Entry], decks: &[usize], threads: usize) -> u64 {
    let enumerable = || entries.iter().filter(|e| e.exact.is_enumerable());
    let laws: u64 = decks
        .iter()
        .map(|&d| 16 * stats::law::perm::factorial(d))
        .sum();
    let held = enumerable().count() as u64 * laws;
    let walk = enumerable()
        .flat_map(|e| {
            decks
                .iter()
                .map(|&d| stats::law::exact::peak_bytes(&e.algorithm, d, 1))
        })
        .max()
        .unwrap_or(0);
    held + threads as u64 * walk
}

/// The exact laws of one entry on the plan's exact decks.
fn exact_laws(
    entry: &'static Entry,
    plan: &SuitePlan,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<(usize, ExactLaw)>, SuiteError> {
    let mut per = Vec::new();
    for &deck in &plan.exact_decks {
        let result = if let algorithms::Exact::No(why) = entry.exact {
            Err(format!("not enumerable: {why}"))
        } else {
            let limits = Limits {
                max_paths: plan.max_paths,
                ..Limits::for_exact(entry.exact)
            };
            match exact_distribution(&entry.algorithm, deck, &limits) {
                Ok(law) => Ok(law),
                Err(e @ (ExactError::TooManyPaths { .. } | ExactError::Overflow { .. })) => {
                    Err(e.to_string())
                }
                Err(source) => {
                    return Err(SuiteError::Exact {
                        algorithm: entry.id,
                        deck,
                        source,
                    });
                }
            }
        };
        per.push((deck, result));
        progress(Progress::ExactLaw);
    }
    Ok(per)
}

/// One deck of one algorithm: what was computed, sampled and decided.
#[derive(Debug)]
pub struct Case {
    /// Cards.
    pub deck: usize,
    /// Shuffles sampled (per run).
    pub shuffles: u64,
    /// The exact law, when planned.
    pub exact: Option<ExactLaw>,
    /// What the exact law shows, when there is one: its verdict, the best
    /// guessing score and the known algorithm it is.
    pub exact_findings: Option<LawFindings>,
    /// The sampled audit and its grade.
    pub audit: Audited,
    /// The exact position matrix, for a swap-based shuffle on a deck with
    /// no exact law, and the run's comparison with it.
    pub positions: Option<(PositionLaw, ExactPositionsInfo)>,
    /// Shuffles a first seed needs to call the bias with probability
    /// [`DEFAULT_POWER`] (absent when unknown or fair).
    pub shuffles_to_detect: Option<f64>,
}

impl Case {
    /// The exact law, when it was computed.
    pub fn law(&self) -> Option<&ExactDistribution> {
        self.exact.as_ref().and_then(|r| r.as_ref().ok())
    }
}

/// One algorithm over every deck of a run.
#[derive(Debug)]
pub struct Judged {
    /// The registry entry.
    pub entry: &'static Entry,
    /// One case per deck, small decks first.
    pub cases: Vec<Case>,
    /// Over every deck.
    pub verdict: Verdict,
    /// Verdicts that contradict the registry.
    pub disagreements: Vec<Disagreement>,
    /// Wall time of its sampling (with its exact position matrices), in
    /// seconds: where the suite's time goes. Algorithms are judged side by
    /// side when there are threads to spare, so these times overlap and
    /// their sum can exceed the stage's. Not a result: it varies from run
    /// to run.
    pub seconds: f64,
}

/// Samples every entry on every deck of the plan, compares each case with
/// its exact law (or exact position matrix), and judges it. Entries run in
/// parallel as well as their shuffles, so that one entry's tests (a
/// thread's work) overlap another's sampling; every count is the same
/// whatever the schedule, since each chunk of shuffles has its own seed
/// and counts add exactly.
///
/// # Errors
/// [`SuiteError::Positions`] when an exact position matrix fails.
pub fn sampled_stage(
    entries: &[&'static Entry],
    plan: &SuitePlan,
    exact: Vec<Vec<(usize, ExactLaw)>>,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<Judged>, SuiteError> {
    entries
        .par_iter()
        .copied()
        .zip(exact)
        .map(|(entry, laws)| judge_entry(entry, laws, plan, progress))
        .collect()
}

/// Samples one entry on every deck of the plan and judges it.
fn judge_entry(
    entry: &'static Entry,
    mut laws: Vec<(usize, ExactLaw)>,
    plan: &SuitePlan,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Judged, SuiteError> {
    let tick = |k: u64| progress(Progress::Shuffles(k));
    let start = std::time::Instant::now();
    let mut cases = Vec::new();
    let mut disagreements = Vec::new();
    for deck in plan.all_decks() {
        let shuffles = plan.shuffles_of(deck);
        let law = laws
            .iter()
            .position(|(d, _)| *d == deck)
            .map(|i| laws.swap_remove(i).1);
        let mut shuffles_to_detect = None;
        let exact_findings = law.as_ref().and_then(|l| l.as_ref().ok()).map(|law| {
            let findings = LawFindings::of(law);
            disagreements.extend(Disagreement::of_exact(
                entry.expected,
                deck,
                findings.verdict,
            ));
            let needs = power_plan(law, detection_level(deck, shuffles), DEFAULT_POWER);
            shuffles_to_detect = needs.iter().filter_map(|p| p.shuffles).reduce(f64::min);
            findings
        });
        let audit = crate::grade::audit(
            &entry.algorithm,
            &AuditPlan {
                deck,
                shuffles,
                seed: plan.seed,
                repeat: plan.repeat,
                histogram: keeps_histogram(deck, shuffles),
            },
            &tick,
        );
        // Decks too large to enumerate: the exact position matrix of a
        // swap-based shuffle, beside the samples.
        let mut positions = None;
        if exact_findings.is_none()
            && let Some(swaps) = entry.algorithm.swap_shuffle(deck)
        {
            let law = rounded_position_law(&swaps).map_err(|source| SuiteError::Positions {
                algorithm: entry.id,
                deck,
                source,
            })?;
            let product = ProductLaw::of(&swaps);
            let info = ExactPositionsInfo::new(
                &law,
                product.as_ref(),
                &audit.audit.first.positions.rows(),
                shuffles,
                EXACT_POSITIONS_ALPHA,
                DEFAULT_POWER,
            );
            // The run calls a bias when a Bonferroni-adjusted p-value is
            // below BIASED_BELOW: the position test alone at that level
            // over the run's tests.
            shuffles_to_detect = law
                .position_plan(detection_level(deck, shuffles), DEFAULT_POWER)
                .shuffles;
            disagreements.extend(Disagreement::of_positions(deck, &info.against_exact));
            positions = Some((law, info));
        }
        disagreements.extend(Disagreement::of_sampled(
            entry.expected,
            deck,
            audit.grade,
            shuffles,
            shuffles_to_detect,
        ));
        cases.push(Case {
            deck,
            shuffles,
            exact: law,
            exact_findings,
            audit,
            positions,
            shuffles_to_detect,
        });
    }
    let exact: Vec<ExactVerdict> = cases
        .iter()
        .filter_map(|c| c.exact_findings.as_ref().map(|f| f.verdict))
        .collect();
    let sampled: Vec<_> = cases.iter().map(|c| c.audit.grade).collect();
    Ok(Judged {
        entry,
        verdict: Verdict::of(&exact, &sampled),
        disagreements,
        cases,
        seconds: start.elapsed().as_secs_f64(),
    })
}
