//! `exact`: the exact law of one algorithm on one deck, or the exact
//! position matrix of a swap-based one on a real deck.

use algorithms::{Entry, Throwing};
use judge::ExactVerdict;
use judge::method::ExactPlan;
use report::{ExactChainReport, ExactReport};
use stats::law::markov::ExactPositionLaw;
use stats::law::merge::Disagreement;
use stats::{ExactDistribution, ExactError, Limits, Progress};

/// What `exact` is asked, checked: the method chosen
/// ([`judge::method::exact_plan`]) and the memory it takes allowed.
#[derive(Clone, Debug)]
pub struct Request {
    /// The algorithm.
    pub entry: &'static Entry,
    /// Cards per deck.
    pub deck: usize,
    /// How the law is computed.
    pub plan: ExactPlan,
    /// The bounds of a walk of every path.
    pub limits: Limits,
}

/// What `exact` found.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The position matrix by the one-card Markov chain.
    Chain {
        /// The document: the matrix's extremes and the verdict it supports.
        report: Box<ExactChainReport>,
        /// The matrix, exact.
        law: ExactPositionLaw,
    },
    /// The whole law and its document.
    Law {
        /// The document: the law's findings, recounted where state
        /// merging found it, and the probability of a throw for a sort
        /// that may throw.
        report: Box<ExactReport>,
        /// The law, for a table of every arrangement's weight.
        law: ExactDistribution,
    },
}

impl Outcome {
    /// Always 0: `exact` computes and reports; its verdict is in the
    /// document.
    pub fn exit_code(&self) -> u8 {
        crate::exit::PASS
    }
}

/// Why the law could not be had.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The law, over the limits or the memory.
    #[error("computing {id} on {deck} cards exactly")]
    Law {
        /// The algorithm.
        id: &'static str,
        /// Cards per deck.
        deck: usize,
        /// Why.
        #[source]
        error: ExactError,
    },
    /// The position matrix, over the chain's bounds.
    #[error("computing {id} on {deck} cards exactly")]
    Chain {
        /// The algorithm.
        id: &'static str,
        /// Cards per deck.
        deck: usize,
        /// Why.
        #[source]
        error: stats::law::markov::MarkovError,
    },
    /// The probability of a throw.
    #[error("computing how likely {id} is to throw")]
    Throws {
        /// The algorithm.
        id: &'static str,
        /// Why.
        #[source]
        error: ExactError,
    },
    /// The recount by meeting in the middle disagrees with state merging.
    #[error("recounting by meeting in the middle")]
    Recount(#[source] Disagreement),
}

/// Computes `request`'s law on the current rayon pool; `progress` is told
/// how a walk of every path goes.
///
/// # Errors
/// [`Failure`].
pub fn run(request: Request, progress: &(dyn Fn(Progress) + Sync)) -> Result<Outcome, Failure> {
    let Request {
        entry,
        deck,
        plan,
        limits,
    } = request;
    let failed = |error| Failure::Law {
        id: entry.id,
        deck,
        error,
    };
    if let ExactPlan::Chain(swaps) = &plan {
        let law =
            stats::law::markov::exact_position_law(swaps).map_err(|error| Failure::Chain {
                id: entry.id,
                deck,
                error,
            })?;
        let verdict = ExactVerdict::of_positions(&law, stats::law::markov::proves_uniform(swaps));
        return Ok(Outcome::Chain {
            report: Box::new(ExactChainReport::new(entry, &law, verdict)),
            law,
        });
    }
    let law = match &plan {
        ExactPlan::Merge(s) => stats::law::merge::merged_distribution(s),
        _ => stats::exact_distribution_with(&entry.algorithm, deck, &limits, progress),
    }
    .map_err(failed)?;
    // A sort that may throw: its walk holds one card more than the law, a
    // marker of the throw, so it stops a card short of the law.
    let throws = entry
        .algorithm
        .throwing()
        .filter(|_| deck < stats::MAX_EXACT_DECK)
        .map(|sort| {
            stats::law::exact::throw_probability(sort, deck, &limits)
                .map(|p| report::Throws::exact(p, sort.exception(), sort.undefined_behaviour()))
        })
        .transpose()
        .map_err(|error| Failure::Throws {
            id: entry.id,
            error,
        })?;
    let mut document = ExactReport::new(entry, &law, &judge::LawFindings::of(&law));
    if let Some(throws) = throws {
        document = document.with_throws(throws);
    }
    if let ExactPlan::Merge(swaps) = &plan {
        // The identity and the first most and least likely arrangements,
        // recounted by a method that shares nothing with state merging.
        let first = |e: &report::ExtremeArrangements| e.ranks[0] as usize;
        let ranks = [
            0,
            first(&document.largest_arrangements),
            first(&document.smallest_arrangements),
        ];
        let checked = stats::law::merge::recount(swaps, &law, &ranks).map_err(Failure::Recount)?;
        if let Some((forward, backward)) = checked {
            document = document.recounted(report::Recounted {
                method: "meeting-in-the-middle".into(),
                half_paths: [forward, backward],
                arrangements: ranks
                    .iter()
                    .map(|&r| report::text::arrangement_label(r, law.deck))
                    .collect(),
            });
        }
    }
    Ok(Outcome::Law {
        report: Box::new(document),
        law,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge::method::{Requested, exact_plan};

    fn exact(id: &str, deck: usize, requested: Requested) -> Outcome {
        let entry = algorithms::registry::find(id).unwrap();
        let request = Request {
            entry,
            deck,
            plan: exact_plan(entry, deck, requested).unwrap(),
            limits: Limits::for_exact(entry.exact),
        };
        run(request, &|_| {}).unwrap()
    }

    fn law(outcome: Outcome) -> (ExactReport, ExactDistribution) {
        match outcome {
            Outcome::Law { report, law } => (*report, law),
            Outcome::Chain { .. } => panic!("a whole law"),
        }
    }

    #[test]
    fn every_method_gives_its_law_and_its_verdict() {
        // The naive swap on 3 cards: 27 paths onto 6 arrangements, 4 or 5
        // each, by walking them and by state merging (recounted).
        let (walked, law3) = law(exact("naive-swap", 3, Requested::BruteForce));
        assert_eq!(walked.verdict, ExactVerdict::Biased);
        assert_eq!(walked.total_variation_exact.to_string(), "1/18");
        assert!(walked.recounted.is_none());
        let (merged, merged3) = law(exact("naive-swap", 3, Requested::StateMerging));
        assert_eq!(merged3.weights, law3.weights);
        assert!(merged.recounted.is_some());
        // A sort that may throw says how likely it is to.
        let entry = algorithms::registry::REGISTRY
            .iter()
            .find(|e| e.algorithm.throwing().is_some())
            .unwrap();
        let (throws, _) = law(exact(entry.id, 4, Requested::BruteForce));
        assert!(throws.throws.is_some(), "{}", entry.id);
        // On 30 cards, the position matrix by the chain: Fisher–Yates's
        // proves the whole law uniform, the naive swap's is biased.
        let chain = |id| match exact(id, 30, Requested::MarkovChain) {
            Outcome::Chain { report, law } => {
                assert_eq!(law.deck, 30);
                report
            }
            Outcome::Law { .. } => panic!("the chain's matrix"),
        };
        assert_eq!(chain("fisher-yates").verdict, ExactVerdict::Uniform);
        assert_eq!(chain("naive-swap").verdict, ExactVerdict::Biased);
        assert_eq!(chain("naive-swap").deck, 30);
    }
}
