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

/// How a front end names what `sample` is given, in its refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// The deck: `deck size 1 is not allowed for sampling` on the command
    /// line.
    pub deck: &'static str,
    /// The shuffles: `--shuffles 0 is too few to test decks of 5 cards`.
    pub shuffles: &'static str,
    /// The runs: `--repeat 0 is not allowed`.
    pub repeat: &'static str,
    /// Keeping the histogram asked for: `--histogram is available for
    /// decks of at most 11 cards`.
    pub histogram: &'static str,
}

impl Names {
    /// The command line's flags.
    pub const COMMAND_LINE: Names = Names {
        deck: "deck size",
        shuffles: "--shuffles",
        repeat: "--repeat",
        histogram: "--histogram",
    };
}

/// What a front end asks `sample`, as given.
#[derive(Clone, Copy, Debug)]
pub struct Asked {
    /// The algorithm.
    pub entry: &'static Entry,
    /// Cards per deck.
    pub deck: usize,
    /// Shuffles per run.
    pub shuffles: u64,
    /// Seed of the first run.
    pub seed: u64,
    /// Runs, with seeds `seed`, `seed + 1`, ….
    pub repeat: u64,
    /// The permutation histogram kept (`Some(true)`) or not
    /// (`Some(false)`); `None`: kept where the shuffles give each
    /// arrangement enough expected decks for the permutation tests
    /// ([`stats::hypothesis::audit::keeps_histogram`]).
    pub histogram: Option<bool>,
    /// How the front end names what it was given.
    pub names: Names,
}

/// Why `sample` refuses what it was asked, before any deck is dealt: the
/// bad value, as the front end names it, and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// `asked`, checked: a deck of [`algorithms::MIN_DECK`]`..=`
/// [`algorithms::MAX_DECK`] cards, enough shuffles for the position test
/// ([`judge::grade::enough_to_test`]), one run or more, and a histogram
/// only where it can be held.
///
/// # Errors
/// [`Refused`], in words.
pub fn request(asked: &Asked) -> Result<Request, Refused> {
    let Asked {
        entry,
        deck,
        shuffles,
        seed,
        repeat,
        histogram,
        names,
    } = *asked;
    let (min, max) = (algorithms::MIN_DECK, algorithms::MAX_DECK);
    if !(min..=max).contains(&deck) {
        return Err(Refused(format!(
            "{} {deck} is not allowed for sampling: use {min}..={max}",
            names.deck
        )));
    }
    judge::grade::enough_to_test(judge::grade::Budgeted::Flag(names.shuffles), shuffles, deck)
        .map_err(|too_few| Refused(too_few.to_string()))?;
    if repeat == 0 {
        return Err(Refused(format!(
            "{} 0 is not allowed: use 1 or more",
            names.repeat
        )));
    }
    let most = stats::sample::MAX_HISTOGRAM_DECK;
    if histogram == Some(true) && deck > most {
        return Err(Refused(format!(
            "{} is available for decks of at most {most} cards: {}",
            names.histogram,
            histogram_size(deck)
        )));
    }
    Ok(Request {
        entry,
        plan: AuditPlan {
            deck,
            shuffles,
            seed,
            repeat,
            histogram: histogram
                .unwrap_or_else(|| stats::hypothesis::audit::keeps_histogram(deck, shuffles)),
        },
    })
}

/// What a permutation histogram of `deck` cards would take (`deck!`
/// counters of 8 bytes per thread), in words: gigabytes while a machine
/// could hold it, else a power of ten.
fn histogram_size(deck: usize) -> String {
    let log10_counters: f64 = (2..=deck).map(|k| (k as f64).log10()).sum();
    let log10_bytes = log10_counters + 8f64.log10();
    let sci = |log10: f64| {
        let e = log10.floor();
        format!("{:.1}e{e}", 10f64.powf(log10 - e))
    };
    if log10_bytes < 15.0 {
        format!(
            "{deck}! = {} counters of 8 bytes would take {:.1} GB per thread",
            stats::law::perm::factorial(deck),
            10f64.powf(log10_bytes) / 1e9
        )
    } else {
        format!(
            "{deck}! = {} counters of 8 bytes would take {} bytes per thread, far beyond any computer",
            sci(log10_counters),
            sci(log10_bytes)
        )
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

    #[test]
    fn histogram_sizes_are_true_at_every_deck() {
        // 11! = 39,916,800 counters: 0.32 GB.
        assert_eq!(
            histogram_size(11),
            "11! = 39916800 counters of 8 bytes would take 0.3 GB per thread"
        );
        // 20! = 2.43e18 counters, 1.9e19 bytes.
        assert!(histogram_size(20).contains("2.4e18 counters of 8 bytes would take 1.9e19 bytes"));
        // 52! = 8.07e67; 255! = 3.35e504 (log10 255! = 504.525).
        assert!(histogram_size(52).contains("52! = 8.1e67 counters"));
        assert!(
            histogram_size(255)
                .contains("255! = 3.4e504 counters of 8 bytes would take 2.7e505 bytes"),
            "{}",
            histogram_size(255)
        );
    }

    fn asked(deck: usize, shuffles: u64, repeat: u64, histogram: Option<bool>) -> Asked {
        Asked {
            entry: algorithms::registry::find("fisher-yates").unwrap(),
            deck,
            shuffles,
            seed: 9,
            repeat,
            histogram,
            names: Names {
                deck: "deck",
                shuffles: "shuffles",
                repeat: "repeat",
                histogram: "options.histogram",
            },
        }
    }

    #[test]
    fn a_refusal_names_the_value_as_the_front_end_calls_it() {
        let refused = |a: Asked| super::request(&a).unwrap_err().0;
        assert_eq!(
            refused(asked(1, 1000, 1, None)),
            "deck 1 is not allowed for sampling: use 2..=255"
        );
        assert_eq!(
            refused(asked(256, 1_000_000, 1, None)),
            "deck 256 is not allowed for sampling: use 2..=255"
        );
        assert_eq!(
            refused(asked(5, 24, 1, None)),
            "shuffles 24 is too few to test decks of 5 cards: the position test needs at least 25 (5 per cell)"
        );
        assert!(super::request(&asked(5, 25, 1, None)).is_ok());
        assert_eq!(
            refused(asked(5, 25, 0, None)),
            "repeat 0 is not allowed: use 1 or more"
        );
        let most = stats::sample::MAX_HISTOGRAM_DECK;
        assert!(
            refused(asked(most + 1, 1000, 1, Some(true))).starts_with(&format!(
                "options.histogram is available for decks of at most {most} cards: "
            )),
        );
        // The histogram: kept when asked, not when refused, by the plan
        // otherwise (5! = 120 arrangements, 5 expected decks each).
        let kept = |a: Asked| super::request(&a).unwrap().plan.histogram;
        assert!(kept(asked(most, 1000, 1, Some(true))));
        assert!(!kept(asked(5, 1_000_000, 1, Some(false))));
        assert_eq!(
            kept(asked(5, 600, 1, None)),
            stats::hypothesis::audit::keeps_histogram(5, 600)
        );
        assert!(kept(asked(5, 1_000_000, 1, None)));
        assert!(!kept(asked(52, 1_000_000, 1, None)));
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
