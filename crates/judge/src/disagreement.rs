//! Verdicts that contradict the registry, and samples that contradict an
//! exact law.

use crate::grade::Grade;
use crate::positions::{CellTestInfo, POSITIONS_FAMILY_ALPHA};
use crate::verdict::ExactVerdict;
use algorithms::Expected;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Whether verdicts on a deck of this size are held to the registry's
/// expectation: biased algorithms may be fair on 1 or 2 cards (the naive
/// swap is), so only their verdicts from 3 cards on count.
pub fn is_checked(expected: Expected, deck: usize) -> bool {
    deck >= 3 || expected == Expected::Uniform
}

/// A verdict that contradicts what the registry expects, or samples that
/// contradict an exact law.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Disagreement {
    /// The exact law's verdict is not the expected one, or cannot decide.
    Exact {
        /// Cards.
        deck: usize,
        /// What the law shows.
        verdict: ExactVerdict,
    },
    /// Sampled positions contradict the exact position matrix.
    Positions {
        /// Cards.
        deck: usize,
        /// The most surprising cell's card.
        card: usize,
        /// Its position.
        position: usize,
        /// How often the run put the card there.
        count: u64,
        /// How often the exact matrix expects it.
        expected: f64,
        /// The cell's exact binomial p-value times the `n²` cells.
        family_p: f64,
    },
    /// A uniform algorithm was sampled as biased.
    SampledBiased {
        /// Cards.
        deck: usize,
    },
    /// A biased algorithm was sampled as fair with enough shuffles to
    /// detect its bias (the exact law says how many).
    SampledMissed {
        /// Cards.
        deck: usize,
        /// The grade the samples got.
        grade: Grade,
        /// Shuffles sampled.
        shuffles: u64,
    },
}

impl Disagreement {
    /// The disagreement of an exact verdict on `deck` cards, if any.
    pub fn of_exact(
        expected: Expected,
        deck: usize,
        verdict: ExactVerdict,
    ) -> Option<Disagreement> {
        let contradicts = is_checked(expected, deck) && !verdict.agrees_with(expected);
        (contradicts || verdict == ExactVerdict::Undecided)
            .then_some(Disagreement::Exact { deck, verdict })
    }

    /// The disagreement of a sampled grade on `deck` cards, if any: a
    /// uniform algorithm graded biased, or a biased one graded otherwise
    /// although `shuffles` reach `shuffles_to_detect`.
    pub fn of_sampled(
        expected: Expected,
        deck: usize,
        grade: Grade,
        shuffles: u64,
        shuffles_to_detect: Option<f64>,
    ) -> Option<Disagreement> {
        if !is_checked(expected, deck) {
            return None;
        }
        match expected {
            Expected::Uniform if grade == Grade::Biased => {
                Some(Disagreement::SampledBiased { deck })
            }
            Expected::Biased(_)
                if grade != Grade::Biased
                    && shuffles_to_detect.is_some_and(|n| n <= shuffles as f64) =>
            {
                Some(Disagreement::SampledMissed {
                    deck,
                    grade,
                    shuffles,
                })
            }
            _ => None,
        }
    }

    /// The disagreement of sampled positions with the exact matrix, if the
    /// most surprising cell contradicts it
    /// ([`positions_disagree`](crate::positions::positions_disagree)).
    pub fn of_positions(deck: usize, cell: &CellTestInfo) -> Option<Disagreement> {
        let c = &cell.cell;
        cell.disagrees.then_some(Disagreement::Positions {
            deck,
            card: c.card,
            position: c.position,
            count: c.count,
            expected: c.expected,
            family_p: c.family_p,
        })
    }
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Disagreement::Exact { deck, verdict } => {
                write!(f, "exact law on {deck} cards is {}", verdict.label())
            }
            Disagreement::Positions {
                deck,
                card,
                position,
                count,
                expected,
                family_p,
            } => write!(
                f,
                "sampled positions on {deck} cards disagree with the exact matrix: card {card} at position {position} counted {count} times, {expected:.1} expected (exact binomial p = {family_p:.2e} over {} cells, below the family-wise {POSITIONS_FAMILY_ALPHA:e})",
                deck * deck
            ),
            Disagreement::SampledBiased { deck } => {
                write!(f, "sampled on {deck} cards: biased, expected uniform")
            }
            Disagreement::SampledMissed {
                deck,
                grade,
                shuffles,
            } => write!(
                f,
                "sampled on {deck} cards: {}, but {shuffles} shuffles should detect the bias",
                grade.label()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::Defect;

    const BIASED: Expected = Expected::Biased(Defect::NaiveSwap);

    #[test]
    fn exact_verdicts_disagree_where_they_contradict_or_cannot_tell() {
        use ExactVerdict as E;
        assert_eq!(
            Disagreement::of_exact(Expected::Uniform, 5, E::Uniform),
            None
        );
        assert_eq!(Disagreement::of_exact(BIASED, 5, E::Biased), None);
        assert_eq!(
            Disagreement::of_exact(Expected::Uniform, 5, E::UniformSoFar),
            None
        );
        assert_eq!(
            Disagreement::of_exact(Expected::Uniform, 5, E::Biased),
            Some(Disagreement::Exact {
                deck: 5,
                verdict: E::Biased
            })
        );
        assert_eq!(
            Disagreement::of_exact(BIASED, 4, E::Uniform),
            Some(Disagreement::Exact {
                deck: 4,
                verdict: E::Uniform
            })
        );
        // The naive swap is fair on 2 cards: not held to "biased" there.
        assert_eq!(Disagreement::of_exact(BIASED, 2, E::Uniform), None);
        // Undecided is said once, whatever the expectation.
        for expected in [Expected::Uniform, BIASED] {
            assert_eq!(
                Disagreement::of_exact(expected, 6, E::Undecided),
                Some(Disagreement::Exact {
                    deck: 6,
                    verdict: E::Undecided
                })
            );
        }
        assert_eq!(
            Disagreement::Exact {
                deck: 6,
                verdict: E::Undecided
            }
            .to_string(),
            "exact law on 6 cards is undecided"
        );
    }

    #[test]
    fn sampled_grades_disagree_only_where_the_budget_should_tell() {
        let of = Disagreement::of_sampled;
        assert_eq!(
            of(Expected::Uniform, 5, Grade::Biased, 1000, None),
            Some(Disagreement::SampledBiased { deck: 5 })
        );
        assert_eq!(
            of(Expected::Uniform, 5, Grade::Suspicious, 1000, None),
            None
        );
        assert_eq!(of(BIASED, 5, Grade::NoBiasShown, 1000, Some(2000.0)), None);
        assert_eq!(of(BIASED, 5, Grade::NoBiasShown, 1000, None), None);
        let missed = of(BIASED, 5, Grade::Unusual, 1000, Some(1000.0)).unwrap();
        assert_eq!(
            missed.to_string(),
            "sampled on 5 cards: unusual, but 1000 shuffles should detect the bias"
        );
        assert_eq!(of(BIASED, 2, Grade::NoBiasShown, 1000, Some(10.0)), None);
    }

    #[test]
    fn positions_disagree_below_the_family_level_and_serialize_tagged() {
        let cell = |family_p| stats::law::markov::CellTest {
            card: 1,
            position: 2,
            count: 90,
            expected: 50.0,
            p_value: family_p / 9.0,
            family_p,
        };
        let info = |family_p| CellTestInfo::from(cell(family_p));
        assert_eq!(Disagreement::of_positions(3, &info(2e-6)), None);
        let d = Disagreement::of_positions(3, &info(5e-7)).unwrap();
        assert_eq!(
            d.to_string(),
            "sampled positions on 3 cards disagree with the exact matrix: card 1 at position 2 counted 90 times, 50.0 expected (exact binomial p = 5.00e-7 over 9 cells, below the family-wise 1e-6)"
        );
        let json = serde_json::to_value(&d).unwrap();
        assert_eq!(json["kind"], "positions");
        assert_eq!(serde_json::from_value::<Disagreement>(json).unwrap(), d);
    }
}
