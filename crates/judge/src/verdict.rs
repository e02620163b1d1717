//! Verdicts of exact laws and of whole runs.

use crate::grade::Grade;
use algorithms::Expected;
use serde::{Deserialize, Serialize};
use stats::ExactDistribution;
use stats::law::markov::exact::ExactPositionLaw;

/// What a document says is expected of the shuffle it examines: the
/// registry's verdict for a registered algorithm, unknown for decks read
/// from elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expectation {
    /// Every arrangement exactly equally likely.
    Uniform,
    /// Not uniform, for a stated defect.
    Biased,
    /// Nothing is known in advance (decks read from another program).
    Unknown,
}

impl Expectation {
    /// The kebab-case label, as documents write it.
    pub fn label(self) -> &'static str {
        match self {
            Expectation::Uniform => "uniform",
            Expectation::Biased => "biased",
            Expectation::Unknown => "unknown",
        }
    }
}

impl From<Expected> for Expectation {
    fn from(e: Expected) -> Self {
        match e {
            Expected::Uniform => Expectation::Uniform,
            Expected::Biased(_) => Expectation::Biased,
        }
    }
}

impl std::fmt::Display for Expectation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.label())
    }
}

/// The verdict an exact law supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExactVerdict {
    /// Every arrangement has probability exactly `1/n!`.
    Uniform,
    /// Not uniform (proved, bounds included).
    Biased,
    /// Paths were cut, and what was explored is spread evenly: no bias shown.
    UniformSoFar,
    /// Paths were cut, and the bounds cannot tell.
    Undecided,
    /// Only the position matrix is known (the Markov chain), and it is
    /// exactly uniform: no bias in where cards end, the whole law unknown.
    PositionsUniform,
}

impl ExactVerdict {
    /// The verdict for a law.
    pub fn of(law: &ExactDistribution) -> Self {
        if law.is_uniform() {
            ExactVerdict::Uniform
        } else if law.is_certainly_biased() {
            ExactVerdict::Biased
        } else if law.explored_is_flat() {
            ExactVerdict::UniformSoFar
        } else {
            ExactVerdict::Undecided
        }
    }

    /// The verdict an exact position matrix supports: biased when a cell is
    /// not `1/n`; uniform when the shuffle is proved uniform as a whole
    /// ([`stats::law::markov::exact::proves_uniform`]); otherwise only its
    /// positions are known to be uniform.
    pub fn of_positions(law: &ExactPositionLaw, whole_law_uniform: bool) -> Self {
        if !law.is_uniform() {
            ExactVerdict::Biased
        } else if whole_law_uniform {
            ExactVerdict::Uniform
        } else {
            ExactVerdict::PositionsUniform
        }
    }

    /// The kebab-case label.
    pub fn label(self) -> &'static str {
        match self {
            ExactVerdict::Uniform => "uniform",
            ExactVerdict::Biased => "biased",
            ExactVerdict::UniformSoFar => "uniform-so-far",
            ExactVerdict::Undecided => "undecided",
            ExactVerdict::PositionsUniform => "positions-uniform",
        }
    }

    /// Whether this verdict agrees with the registry's expectation. With
    /// unexplored mass, "uniform so far" agrees with "uniform", and so do
    /// uniform positions.
    pub fn agrees_with(self, expected: Expected) -> bool {
        matches!(
            (self, expected),
            (
                ExactVerdict::Uniform | ExactVerdict::UniformSoFar | ExactVerdict::PositionsUniform,
                Expected::Uniform
            ) | (ExactVerdict::Biased, Expected::Biased(_))
        )
    }
}

/// One algorithm's verdict over every deck of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// An exact law or a sampled run shows a bias.
    Biased,
    /// No bias proved, and some sampled run is suspicious (the worst
    /// sampled grade).
    Suspicious,
    /// No bias proved, and some sampled run is unusual.
    Unusual,
    /// An exact law proves it uniform on the decks it counted, and the
    /// samples show nothing.
    Uniform,
    /// No exact law proves it uniform, and the samples show no bias:
    /// nothing more is claimed ([`Grade::NoBiasShown`]).
    #[serde(rename = "no bias shown")]
    NoBiasShown,
    /// Nothing ran.
    #[serde(rename = "not run")]
    NotRun,
}

impl Verdict {
    /// The verdict over the exact verdicts and sampled grades of every deck:
    /// biased if any deck shows a bias, else the worst sampled grade that
    /// shows something, else uniform when an exact law proves it, else no
    /// bias shown, or not run when there is nothing.
    pub fn of(exact: &[ExactVerdict], sampled: &[Grade]) -> Verdict {
        if exact.contains(&ExactVerdict::Biased) {
            return Verdict::Biased;
        }
        match sampled.iter().max() {
            Some(Grade::Biased) => Verdict::Biased,
            Some(Grade::Suspicious) => Verdict::Suspicious,
            Some(Grade::Unusual) => Verdict::Unusual,
            _ if exact.contains(&ExactVerdict::Uniform) => Verdict::Uniform,
            None if exact.is_empty() => Verdict::NotRun,
            _ => Verdict::NoBiasShown,
        }
    }

    /// The label: kebab-case, `"not run"` for [`Verdict::NotRun`].
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Biased => "biased",
            Verdict::Suspicious => "suspicious",
            Verdict::Unusual => "unusual",
            Verdict::Uniform => "uniform",
            Verdict::NoBiasShown => "no bias shown",
            Verdict::NotRun => "not run",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_overall_verdict_is_the_worst_of_its_decks() {
        use ExactVerdict as E;
        use Grade as G;
        assert_eq!(Verdict::of(&[], &[]), Verdict::NotRun);
        assert_eq!(Verdict::of(&[E::Uniform], &[]), Verdict::Uniform);
        assert_eq!(
            Verdict::of(&[E::Uniform], &[G::NoBiasShown]),
            Verdict::Uniform
        );
        assert_eq!(
            Verdict::of(&[E::Biased], &[G::NoBiasShown]),
            Verdict::Biased
        );
        assert_eq!(
            Verdict::of(&[E::Uniform], &[G::Unusual, G::NoBiasShown]),
            Verdict::Unusual
        );
        assert_eq!(
            Verdict::of(&[], &[G::Unusual, G::Suspicious]),
            Verdict::Suspicious
        );
        assert_eq!(
            Verdict::of(&[E::UniformSoFar], &[G::Biased]),
            Verdict::Biased
        );
        // Only an exact law proves uniformity: a law not finished, or
        // samples alone, show no bias and claim nothing more.
        assert_eq!(Verdict::of(&[E::Undecided], &[]), Verdict::NoBiasShown);
        assert_eq!(Verdict::of(&[E::UniformSoFar], &[]), Verdict::NoBiasShown);
        assert_eq!(Verdict::of(&[], &[G::NoBiasShown]), Verdict::NoBiasShown);
        assert_eq!(
            Verdict::of(&[E::PositionsUniform], &[G::NoBiasShown]),
            Verdict::NoBiasShown
        );
    }

    #[test]
    fn labels_are_what_the_documents_print() {
        for v in [
            Verdict::Biased,
            Verdict::Suspicious,
            Verdict::Unusual,
            Verdict::Uniform,
            Verdict::NoBiasShown,
            Verdict::NotRun,
        ] {
            assert_eq!(
                serde_json::to_value(v).unwrap(),
                serde_json::Value::from(v.label())
            );
        }
        for v in [
            ExactVerdict::Uniform,
            ExactVerdict::Biased,
            ExactVerdict::UniformSoFar,
            ExactVerdict::Undecided,
            ExactVerdict::PositionsUniform,
        ] {
            assert_eq!(
                serde_json::to_value(v).unwrap(),
                serde_json::Value::from(v.label())
            );
        }
        for e in [
            Expectation::Uniform,
            Expectation::Biased,
            Expectation::Unknown,
        ] {
            assert_eq!(
                serde_json::to_value(e).unwrap(),
                serde_json::Value::from(e.label())
            );
            assert_eq!(e.to_string(), e.label());
        }
        for g in [
            Grade::NoBiasShown,
            Grade::Unusual,
            Grade::Suspicious,
            Grade::Biased,
        ] {
            assert_eq!(
                serde_json::to_value(g).unwrap(),
                serde_json::Value::from(g.label())
            );
        }
    }
}

/// What the judge makes of one exact law: the verdict it supports, the
/// best guessing score on it, and the known algorithm it is.
#[derive(Clone, Debug, PartialEq)]
pub struct LawFindings {
    /// The verdict ([`ExactVerdict::of`]).
    pub verdict: ExactVerdict,
    /// The best guessing score, when the law is complete
    /// ([`crate::guess::exact_score`]).
    pub guess: Option<stats::Fraction>,
    /// The known algorithm the law is exactly ([`crate::resemble::of`]).
    pub resembles: Option<crate::resemble::Known>,
}

impl LawFindings {
    /// Judges `law`.
    pub fn of(law: &ExactDistribution) -> Self {
        LawFindings {
            verdict: ExactVerdict::of(law),
            guess: crate::guess::exact_score(law),
            resembles: crate::resemble::of(law),
        }
    }
}

/// Where an algorithm stands after a run, against what the registry
/// expects of it: the groups a summary shows, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Standing {
    /// The verdict contradicts the registry's expectation.
    Disagrees,
    /// A bias is proved, by an exact law or by the sample.
    Biased,
    /// Biased by construction, but too little for this run to see.
    TooSmall,
    /// Some sampled run is unusual or suspicious, nothing proved.
    LookAgain,
    /// Fair: proved by an exact law on the decks it counted, and nothing
    /// seen in the sample.
    Fair,
    /// Sampled only (no exact law proves it uniform), and no test showed a
    /// bias: nothing is claimed beyond that.
    NoBiasShown,
    /// Nothing ran.
    NotRun,
}

impl Standing {
    /// The heading of the summary's group of algorithms that stand so.
    pub fn heading(self) -> &'static str {
        match self {
            Self::Disagrees => "Verdicts that contradict what the algorithm is known to be",
            Self::Biased => "Biased: a bias is proved",
            Self::TooSmall => {
                "Biased, but too little for this run to see: no verdict of bias, and none expected"
            }
            Self::LookAgain => "Nothing proved, but a sample looked unusual",
            Self::Fair => "Fair: proved by the exact law",
            Self::NoBiasShown => "No bias shown: sampled only, not proved fair",
            Self::NotRun => "Not run",
        }
    }

    /// What the summary's group of algorithms that stand so says of them;
    /// `{power}` stands for the detection power in percent
    /// ([`crate::suite::DEFAULT_POWER`]).
    pub fn intro(self) -> &'static str {
        match self {
            Self::Disagrees => {
                "The registry says otherwise: look at the algorithm's page before trusting \
                 anything else here."
            }
            Self::Biased => {
                "Every arrangement is *not* equally likely. *Rests on*: what proves it, by deck \
                 size, the exact law (every path counted) or the sample (where a test saw the \
                 bias). *Distance from fair*: the total variation distance, how much more often \
                 a bet on the order can win than against a fair shuffle (0 fair, 1 the most). \
                 *Guesses right*: the exact best average of a player who knows the shuffle and \
                 names each card before it is turned over, against a fair deck's \
                 (`shuffle-audit guess`). *Shuffles to see it*: how many a test needs to call \
                 the bias {power} times in 100."
            }
            Self::TooSmall => {
                "These are biased by construction (the reason is in each row), but by too \
                 little for this run's shuffles to show: \"no bias seen\" is expected. The \
                 last column says how many shuffles it would take."
            }
            Self::LookAgain => {
                "A sampled test gave a small p-value that a second seed did not confirm: fair \
                 shuffles do this now and then. Run it again with more shuffles."
            }
            Self::Fair => {
                "Every arrangement equally likely: proved by the exact law on the decks \
                 *rests on* names; no test of the samples found a bias."
            }
            Self::NoBiasShown => {
                "Sampled only: no test found a bias at this run's shuffles, and that is all; a \
                 bias too small for them would pass too."
            }
            Self::NotRun => "",
        }
    }

    /// What an algorithm's page adds to its verdict when it stands so (empty
    /// when the verdict says it all).
    pub fn note(self) -> &'static str {
        match self {
            Self::TooSmall => {
                "Biased by construction, but by too little for this run's shuffles to show \
                 (see below how many it would take)."
            }
            Self::Disagrees => "This contradicts what the algorithm is known to be.",
            _ => "",
        }
    }
}

impl Standing {
    /// Where an algorithm with this `verdict` stands, when the registry
    /// `expected` it and the verdict `agrees` with that (no
    /// [`crate::Disagreement`]).
    pub fn of(verdict: Verdict, expected: Expectation, agrees: bool) -> Standing {
        if !agrees {
            return Standing::Disagrees;
        }
        match (verdict, expected) {
            (Verdict::Biased, _) => Standing::Biased,
            (Verdict::Uniform, Expectation::Biased) => Standing::TooSmall,
            (Verdict::Uniform, _) => Standing::Fair,
            (Verdict::NoBiasShown, Expectation::Biased) => Standing::TooSmall,
            (Verdict::NoBiasShown, _) => Standing::NoBiasShown,
            (Verdict::Suspicious | Verdict::Unusual, _) => Standing::LookAgain,
            (Verdict::NotRun, _) => Standing::NotRun,
        }
    }

    /// Whether a bias the registry knows of went unproved without a
    /// contradiction: the exact law or the seed space says it needs more
    /// shuffles than the run dealt.
    pub fn misses_a_known_bias(self, expected: Expectation) -> bool {
        expected == Expectation::Biased && matches!(self, Standing::TooSmall | Standing::LookAgain)
    }
}
