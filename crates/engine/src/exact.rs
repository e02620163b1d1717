//! `exact`: the exact law of one algorithm on one deck, or the exact
//! position matrix of a swap-based one on a real deck.

use algorithms::{Entry, Throwing};
use judge::ExactVerdict;
use judge::method::{ExactPlan, NoExactMethod, Requested, exact_plan, methods_in_words};
use report::{ExactChainReport, ExactReport};
use stats::law::markov::ExactPositionLaw;
use stats::law::merge::Disagreement;
use stats::{ExactDistribution, ExactError, Limits, Progress};

/// How a front end names what `exact` is given, in its refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// The deck: `deck size 0 is not allowed` on the command line.
    pub deck: &'static str,
    /// The method asked for, before its value: `--method state-merging`.
    pub method: &'static str,
    /// The memory limit given: `the --max-memory given`.
    pub max_memory: &'static str,
}

impl Names {
    /// The command line's flags.
    pub const COMMAND_LINE: Names = Names {
        deck: "deck size",
        method: "--method",
        max_memory: "--max-memory",
    };
}

/// What a front end asks `exact`, as given.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// The algorithm.
    pub entry: &'static Entry,
    /// Cards per deck.
    pub deck: usize,
    /// The method asked for.
    pub requested: Requested,
    /// Threads the law is computed on (each may hold a table).
    pub threads: usize,
    /// The memory limit given, in bytes, beside the system's.
    pub max_memory: Option<u64>,
    /// Whether the JSON document is rendered beside the law: its bytes
    /// count towards the peak.
    pub json: bool,
    /// How the front end names what it was given.
    pub names: Names,
}

/// Why `exact` refuses what it was asked, before any work.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// No exact method answers: the deck, the algorithm or the method
    /// asked for, in words that name the bad value and what is allowed.
    #[error("{0}")]
    NoMethod(String),
    /// The method's estimated peak exceeds the least memory limit: the
    /// estimate, the limit and the largest deck that fits.
    #[error("{0}")]
    Memory(String),
}

/// The judge's method for `asked` ([`exact_plan`]), refused in the front
/// end's names where none answers, and refused before any table is
/// allocated where its estimated peak (the method's tables on the
/// threads, the document rendered beside it and the program) exceeds the
/// least memory limit ([`judge::memory::fits`]).
///
/// # Errors
/// [`Refused`], in words.
pub fn plan(asked: &Asked) -> Result<ExactPlan, Refused> {
    let Asked {
        entry,
        deck,
        requested,
        names,
        ..
    } = *asked;
    let id = entry.id;
    let swap_based = entry.algorithm.swap_shuffle(deck.max(1)).is_some();
    let methods = || methods_in_words(entry, swap_based);
    let method = |requested| match requested {
        Requested::Auto => "auto",
        Requested::BruteForce => "brute-force",
        Requested::StateMerging => "state-merging",
        Requested::MarkovChain => "markov-chain",
    };
    let plan = exact_plan(entry, deck, requested).map_err(|why| {
        Refused::NoMethod(match why {
            NoExactMethod::EmptyDeck => {
                format!("{} 0 is not allowed: use 1 or more cards", names.deck)
            }
            NoExactMethod::NotEnumerable(why) => {
                format!("{id} cannot be enumerated exactly: {why}")
            }
            NoExactMethod::TooLarge {
                method: Requested::MarkovChain,
                ..
            } => format!(
                "{id} has no exact method at {deck} cards by the Markov chain: {}",
                methods()
            ),
            NoExactMethod::TooLarge { max, .. } => format!(
                "{} {deck} is not allowed for exact enumeration: use 1..={max}",
                names.deck
            ),
            NoExactMethod::NotSwapBased(requested) => format!(
                "{} {} needs a swap-based shuffle, and {id} is not one: use {} {}",
                names.method,
                method(requested),
                names.method,
                method(Requested::BruteForce)
            ),
            NoExactMethod::NoneAtThisSize => {
                format!("{id} has no exact method at {deck} cards: {}", methods())
            }
        })
    })?;
    let document = |d: usize| match plan {
        ExactPlan::Chain(_) => 0,
        _ => ExactReport::document_bytes(d, asked.json),
    };
    let threads = asked.threads.max(1);
    judge::memory::fits(
        plan.words(),
        deck,
        judge::memory::MemoryLimit::least(asked.max_memory),
        |d| plan.peak_bytes(entry, d, threads) + document(d) + judge::memory::PROGRAM_BYTES,
    )
    .map_err(|too_large| Refused::Memory(too_large.naming(names.max_memory)))?;
    Ok(plan)
}

/// The bounds of a walk of every path of `entry`: its own
/// ([`Limits::for_exact`]), with `max_paths` paths at most (by default
/// [`Limits::default`]'s).
pub fn limits(entry: &Entry, max_paths: Option<u64>) -> Limits {
    Limits {
        max_paths: max_paths.unwrap_or(Limits::default().max_paths),
        ..Limits::for_exact(entry.exact)
    }
}

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
    /// Whether the law is exactly uniform as far as it is known: the whole
    /// law, or the position matrix when that is all that is known.
    pub fn uniform(&self) -> bool {
        match self {
            Outcome::Chain { report, .. } => matches!(
                report.verdict,
                ExactVerdict::Uniform | ExactVerdict::PositionsUniform
            ),
            Outcome::Law { report, .. } => report.verdict == ExactVerdict::Uniform,
        }
    }

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

    fn asked(id: &str, deck: usize, requested: Requested, max_memory: Option<u64>) -> Asked {
        Asked {
            entry: algorithms::registry::find(id).unwrap(),
            deck,
            requested,
            threads: 2,
            max_memory,
            json: true,
            names: Names {
                deck: "deck",
                method: "options.method",
                max_memory: "maxMemory",
            },
        }
    }

    #[test]
    fn a_refusal_names_the_value_as_the_front_end_calls_it() {
        let refused = |a: Asked| plan(&a).unwrap_err();
        assert_eq!(
            refused(asked("fisher-yates", 0, Requested::Auto, None)),
            Refused::NoMethod("deck 0 is not allowed: use 1 or more cards".into())
        );
        assert_eq!(
            refused(asked("gsr-riffle", 5, Requested::StateMerging, None)),
            Refused::NoMethod(
                "options.method state-merging needs a swap-based shuffle, and gsr-riffle is not one: use options.method brute-force".into()
            )
        );
        assert_eq!(
            refused(asked("fisher-yates", 11, Requested::BruteForce, None)),
            Refused::NoMethod("deck 11 is not allowed for exact enumeration: use 1..=10".into())
        );
        let Refused::Memory(words) =
            refused(asked("fisher-yates", 10, Requested::Auto, Some(40_000_000)))
        else {
            panic!("over the memory")
        };
        assert!(
            words.contains("over the 40 MB of the maxMemory given"),
            "{words}"
        );
        // The largest deck named fits the same limit, and the next does not.
        let largest: usize = words
            .split("is ")
            .nth(1)
            .and_then(|w| w.split(' ').next())
            .and_then(|d| d.parse().ok())
            .expect(&words);
        assert!(
            plan(&asked(
                "fisher-yates",
                largest,
                Requested::Auto,
                Some(40_000_000)
            ))
            .is_ok()
        );
        assert!(
            plan(&asked(
                "fisher-yates",
                largest + 1,
                Requested::Auto,
                Some(40_000_000)
            ))
            .is_err()
        );
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
        // Uniform as far as is known: the chain's matrix, the whole law.
        assert!(exact("fisher-yates", 30, Requested::MarkovChain).uniform());
        assert!(!exact("naive-swap", 30, Requested::MarkovChain).uniform());
        assert!(exact("fisher-yates", 4, Requested::BruteForce).uniform());
        assert!(!exact("naive-swap", 3, Requested::BruteForce).uniform());
        assert_eq!(chain("naive-swap").verdict, ExactVerdict::Biased);
        assert_eq!(chain("naive-swap").deck, 30);
    }
}
