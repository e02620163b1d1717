//! How often a sort that may throw instead of dealing (Java's TimSort or
//! .NET's introspective sort on a random comparator) throws, or reads out
//! of bounds (libstdc++'s `std::sort`), beside the law of the decks given
//! that it did not.

use serde::{Deserialize, Serialize};
use stats::Fraction;

/// How often the sort throws: exactly, from the exact law's walk, or
/// sampled, with a Clopper–Pearson 95 % interval. The report's law and
/// counts beside it are those of the decks given no throw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Throws {
    /// The runtime's exception, as it words it; where the failure is
    /// undefined behaviour, what the program does.
    pub exception: String,
    /// The failure is undefined behaviour (a read out of bounds), not an
    /// exception.
    #[serde(skip_serializing_if = "std::ops::Not::not", default)]
    pub undefined_behaviour: bool,
    /// The probability that a sort throws (sampled: the share of the runs).
    pub probability: f64,
    /// Exact: the probability as a reduced fraction.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub exact: Option<Fraction>,
    /// Sampled: the runs that threw.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub thrown: Option<u64>,
    /// Sampled: the runs (each on the deck in order, the run's seed).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub runs: Option<u64>,
    /// Sampled: the Clopper–Pearson 95 % interval of the probability.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub interval_95: Option<[f64; 2]>,
}

impl Throws {
    /// The exact probability that the sort throws `exception` (or, where
    /// `undefined_behaviour`, reads out of bounds).
    pub fn exact(p: Fraction, exception: &str, undefined_behaviour: bool) -> Self {
        Throws {
            exception: exception.to_owned(),
            undefined_behaviour,
            probability: p.to_f64(),
            exact: Some(p),
            thrown: None,
            runs: None,
            interval_95: None,
        }
    }

    /// `thrown` of `runs` sampled runs threw `exception` (or read out of
    /// bounds), with the interval.
    pub fn sampled(thrown: u64, runs: u64, exception: &str, undefined_behaviour: bool) -> Self {
        let (lower, upper) = stats::hypothesis::fit::clopper_pearson(thrown, runs, 0.95);
        Throws {
            exception: exception.to_owned(),
            undefined_behaviour,
            probability: thrown as f64 / runs as f64,
            exact: None,
            thrown: Some(thrown),
            runs: Some(runs),
            interval_95: Some([lower, upper]),
        }
    }

    /// The text line: `throws:      …` (`undefined:   …` for undefined
    /// behaviour).
    pub fn line(&self) -> String {
        let what = match (&self.exact, self.thrown, self.runs, self.interval_95) {
            (Some(p), ..) => format!("{} = {p}, exactly", crate::fmt::fmt_prob(self.probability)),
            (None, Some(k), Some(n), Some([lo, hi])) => format!(
                "{:.4} % ({k} of {n} sorts; 95 % interval {:.4} % to {:.4} %)",
                100.0 * self.probability,
                100.0 * lo,
                100.0 * hi
            ),
            _ => crate::fmt::fmt_prob(self.probability),
        };
        if self.undefined_behaviour {
            return format!(
                "undefined:   {what}: {} instead of a deck; the law here is that of the sorts that stayed in bounds",
                self.exception
            );
        }
        format!(
            "throws:      {what}: {} instead of a deck; the law here is that of the decks given no throw",
            self.exception
        )
    }
}
