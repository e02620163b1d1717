//! `sample`: one algorithm's decks dealt from a seed and tested, every
//! test with its p-value.

use algorithms::{Entry, Throwing};
use judge::pace::Estimate;
use report::sampled::SampleReport;
use stats::hypothesis::audit::AuditPlan;

/// What `sample` is asked, checked.
#[derive(Clone, Debug)]
pub struct Request {
    /// The algorithm.
    pub entry: &'static Entry,
    /// The decks dealt, their cards, seed and repeats, and whether the
    /// permutation histogram is kept.
    pub plan: AuditPlan,
}

/// What `sample` found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The document: the tests, the judge's grade and, for a sort that may
    /// throw, how often it does.
    pub report: SampleReport,
}

impl Outcome {
    /// Always 0: `sample` measures and reports; its grade is in the
    /// document (`audit` is the command whose exit code is a verdict).
    pub fn exit_code(&self) -> u8 {
        crate::exit::PASS
    }
}

/// How long `request` takes on `workers` workers, from a timed start.
pub fn estimate(request: &Request, workers: usize) -> Estimate {
    let p = &request.plan;
    let units = u128::from(p.shuffles) * u128::from(p.repeat);
    Estimate {
        unit: "shuffles",
        units,
        seconds_each: stats::hypothesis::audit::seconds_per_shuffle(
            &request.entry.algorithm,
            p.deck,
            units,
            p.histogram,
        ),
        workers,
    }
}

/// Deals and tests `request`'s decks on the current rayon pool (the
/// counts do not depend on its threads); `progress` is told the decks
/// dealt as they are, a confirmation run's included.
pub fn run(request: Request, progress: &(dyn Fn(u64) + Sync)) -> Outcome {
    let Request { entry, plan } = request;
    let audit = judge::grade::audit(&entry.algorithm, &plan, progress);
    // A sort that may throw: how often, in as many runs from the same
    // seed (the audit's decks are those given no throw).
    let throws = entry.algorithm.throwing().map(|sort| {
        let thrown = stats::sample::throws::throw_count(&sort, plan.deck, plan.shuffles, plan.seed);
        report::Throws::sampled(
            thrown,
            plan.shuffles,
            sort.exception(),
            sort.undefined_behaviour(),
        )
    });
    let exact_tv = judge::method::cheap_exact_total_variation(entry, plan.deck);
    Outcome {
        report: SampleReport {
            threads: rayon::current_num_threads(),
            throws,
            ..SampleReport::new(
                entry,
                &audit,
                plan.shuffles,
                stats::sample::RNG_NAME,
                exact_tv,
            )
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge::grade::Grade;

    fn request(id: &str, deck: usize) -> Request {
        Request {
            entry: algorithms::registry::find(id).unwrap(),
            plan: AuditPlan {
                deck,
                shuffles: 20_000,
                seed: 3,
                repeat: 1,
                histogram: true,
            },
        }
    }

    fn on(threads: usize, request: Request) -> Outcome {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run(request, &|_| {}))
    }

    // Fisher–Yates is graded biased with probability at most the level of
    // that grade (1e-4, judge::grade); the naive swap on 5 cards is off
    // fair by a total variation distance of about 0.2, beyond any level
    // at 20,000 decks.
    #[test]
    fn a_sample_is_the_same_on_any_threads_and_exits_0_whatever_its_grade() {
        let one = on(1, request("fisher-yates", 5));
        let mut two = on(2, request("fisher-yates", 5));
        assert_eq!((one.report.threads, two.report.threads), (1, 2));
        two.report.threads = 1;
        assert_eq!(
            serde_json::to_string(&one.report).unwrap(),
            serde_json::to_string(&two.report).unwrap()
        );
        assert_eq!(one.report.verdict, Grade::NoBiasShown);
        assert_eq!(one.exit_code(), crate::exit::PASS);
        let naive = on(1, request("naive-swap", 5));
        assert_eq!(naive.report.verdict, Grade::Biased);
        assert_eq!(naive.exit_code(), crate::exit::PASS);
        assert!(estimate(&request("fisher-yates", 5), 2).units == 20_000);
    }
}
