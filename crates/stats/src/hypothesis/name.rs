//! The names of the tests, as typed values that print and parse as the
//! kebab-case names documents use (`"position-chi2"`,
//! `"ks-cycles-chi2"`).

use crate::hypothesis::statistic::Statistic;
use std::fmt;

/// A test applied to one run's counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Test {
    /// Pearson's χ² over the `n!` arrangements.
    PermutationChi2,
    /// The G-test over the `n!` arrangements.
    PermutationG,
    /// Pearson's χ² over the position matrix, `(n − 1)²` degrees of freedom.
    PositionChi2,
    /// The same sum with `n² − 1` degrees of freedom (for comparison only).
    PositionChi2Uncorrected,
    /// One row (card) of the position matrix.
    PositionRow,
    /// A statistic of the battery against its exact law.
    Battery(Statistic),
    /// Repeated decks against the birthday problem (Poisson).
    Collisions,
    /// Between consecutive decks: the card at each position of one deck
    /// against the card at the same position of the next, summed over the
    /// positions (an `n × n` contingency table, `(n − 1)²` degrees of
    /// freedom).
    Contingency,
    /// A shoe's value × position table: each value at each position with
    /// probability `1/V` (`(V − 1)(P − 1)` degrees of freedom).
    ValuePosition,
    /// A shoe's adjacent pairs of equal values, against their exact law.
    Repeats,
    /// Between consecutive shoes: the positions that hold the same value
    /// in both, against their exact law.
    Matches,
    /// A decklist's values in the opening hand against the rest of the
    /// deck: a `V × 2` table with fixed margins, `V − 1` degrees of freedom.
    OpeningHand,
    /// Adjacent pairs of cards of a named group (clumping), against their
    /// exact law.
    GroupPairs,
    /// Cards of a named group in the opening hand, against the
    /// hypergeometric law.
    GroupHand,
}

/// A test's name: a test of one run, or the two-level test (Kolmogorov–
/// Smirnov) of its p-values over several runs; of the decks themselves,
/// or of how each deck follows the one before it (lag 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TestName {
    /// The test.
    pub test: Test,
    /// Whether this is the KS test of its p-values over runs.
    pub two_level: bool,
    /// Whether the test is of consecutive decks (`lag1-`): of each deck
    /// written in the previous deck's order, or of the contingency of
    /// their cards position by position, rather than of the decks alone.
    pub lag1: bool,
}

impl TestName {
    /// `"permutation-chi2"`.
    pub const PERMUTATION_CHI2: TestName = TestName::of(Test::PermutationChi2);
    /// `"permutation-g"`.
    pub const PERMUTATION_G: TestName = TestName::of(Test::PermutationG);
    /// `"position-chi2"`.
    pub const POSITION_CHI2: TestName = TestName::of(Test::PositionChi2);
    /// `"position-chi2-uncorrected"`.
    pub const POSITION_CHI2_UNCORRECTED: TestName = TestName::of(Test::PositionChi2Uncorrected);
    /// `"position-row"`.
    pub const POSITION_ROW: TestName = TestName::of(Test::PositionRow);
    /// `"collisions-poisson"`.
    pub const COLLISIONS: TestName = TestName::of(Test::Collisions);
    /// `"lag1-contingency-chi2"`.
    pub const LAG1_CONTINGENCY: TestName = TestName::of(Test::Contingency).lag1();
    /// `"value-position-chi2"`.
    pub const VALUE_POSITION: TestName = TestName::of(Test::ValuePosition);
    /// `"repeats-chi2"`.
    pub const REPEATS: TestName = TestName::of(Test::Repeats);
    /// `"lag1-matches-chi2"`.
    pub const LAG1_MATCHES: TestName = TestName::of(Test::Matches).lag1();
    /// `"opening-hand-chi2"`.
    pub const OPENING_HAND: TestName = TestName::of(Test::OpeningHand);
    /// `"group-pairs-chi2"`.
    pub const GROUP_PAIRS: TestName = TestName::of(Test::GroupPairs);
    /// `"group-hand-chi2"`.
    pub const GROUP_HAND: TestName = TestName::of(Test::GroupHand);

    /// The one-level test of the decks.
    pub const fn of(test: Test) -> TestName {
        TestName {
            test,
            two_level: false,
            lag1: false,
        }
    }

    /// The two-level (KS) test of this test's p-values.
    pub const fn two_level(self) -> TestName {
        TestName {
            two_level: true,
            ..self
        }
    }

    /// The same test of consecutive decks.
    pub const fn lag1(self) -> TestName {
        TestName { lag1: true, ..self }
    }

    /// Every name there is.
    pub fn all() -> impl Iterator<Item = TestName> {
        let tests = [
            Test::PermutationChi2,
            Test::PermutationG,
            Test::PositionChi2,
            Test::PositionChi2Uncorrected,
            Test::PositionRow,
            Test::Collisions,
            Test::Contingency,
            Test::ValuePosition,
            Test::Repeats,
            Test::Matches,
            Test::OpeningHand,
            Test::GroupPairs,
            Test::GroupHand,
        ]
        .into_iter()
        .chain(Statistic::ALL.into_iter().map(Test::Battery));
        tests.flat_map(|t| {
            let one = TestName::of(t);
            [one, one.two_level(), one.lag1(), one.lag1().two_level()]
        })
    }

    /// The kebab-case name: the test's, after `lag1-` for consecutive decks
    /// and `ks-` for the two-level test.
    pub fn as_str(self) -> &'static str {
        use Statistic as S;
        use Test as T;
        macro_rules! names {
            ($($test:pat => $name:literal,)*) => {
                match (self.test, self.two_level, self.lag1) {
                    $(
                        ($test, false, false) => $name,
                        ($test, true, false) => concat!("ks-", $name),
                        ($test, false, true) => concat!("lag1-", $name),
                        ($test, true, true) => concat!("ks-lag1-", $name),
                    )*
                }
            };
        }
        names! {
            T::PermutationChi2 => "permutation-chi2",
            T::PermutationG => "permutation-g",
            T::PositionChi2 => "position-chi2",
            T::PositionChi2Uncorrected => "position-chi2-uncorrected",
            T::PositionRow => "position-row",
            T::Collisions => "collisions-poisson",
            T::Contingency => "contingency-chi2",
            T::ValuePosition => "value-position-chi2",
            T::Repeats => "repeats-chi2",
            T::Matches => "matches-chi2",
            T::OpeningHand => "opening-hand-chi2",
            T::GroupPairs => "group-pairs-chi2",
            T::GroupHand => "group-hand-chi2",
            T::Battery(S::FixedPoints) => "fixed-points-chi2",
            T::Battery(S::Cycles) => "cycles-chi2",
            T::Battery(S::Descents) => "descents-chi2",
            T::Battery(S::RisingSequences) => "rising-sequences-chi2",
            T::Battery(S::Successions) => "successions-chi2",
        }
    }
}

impl TestName {
    /// What the test checks, in one sentence a game developer reads
    /// without a statistics course.
    pub fn meaning(self) -> String {
        use Statistic as S;
        use Test as T;
        let what = match self.test {
            T::PermutationChi2 => {
                "every arrangement of the deck comes up equally often (Pearson's chi-square over the n! arrangements)"
            }
            T::PermutationG => {
                "every arrangement comes up equally often (the G-test, a likelihood ratio, over the n! arrangements)"
            }
            T::PositionChi2 => {
                "every card lands at every position equally often (chi-square over the n x n position matrix)"
            }
            T::PositionChi2Uncorrected => {
                "the position matrix against the wrong degrees of freedom (for comparison only)"
            }
            T::PositionRow => "one card lands at every position equally often",
            T::Battery(S::FixedPoints) => {
                "how many cards stay where they started, against its exact law"
            }
            T::Battery(S::Cycles) => "how many cycles the arrangement has, against its exact law",
            T::Battery(S::Descents) => {
                "how often a card is followed by a lower one, against its exact law"
            }
            T::Battery(S::RisingSequences) => {
                "how many rising sequences the deck holds (what a riffle leaves), against its exact law"
            }
            T::Battery(S::Successions) => {
                "how often a card is followed by the next card up, against its exact law"
            }
            T::Collisions => "how many decks repeat an earlier deck, against the birthday problem",
            T::Contingency => {
                "the card at each position is unrelated to the card at the same position in the next deck"
            }
            T::ValuePosition => {
                "every card value lands at every position equally often, for the copies it has (chi-square over the value x position table)"
            }
            T::Repeats => {
                "how often a card is followed by another of the same value, against its exact law"
            }
            T::Matches => {
                "how many positions hold the same value in consecutive decks, against its exact law"
            }
            T::OpeningHand => {
                "every card value comes up in the opening hand as often as its copies say (chi-square over the values in the hand and in the rest of the deck)"
            }
            T::GroupPairs => {
                "how often two cards of the group lie side by side (clumping), against its exact law"
            }
            T::GroupHand => {
                "how many cards of the group the opening hand holds, against the hypergeometric law"
            }
        };
        let what = if self.lag1 && !matches!(self.test, T::Contingency | T::Matches) {
            format!(
                "between consecutive decks, each written in the order of the deck before it: {what}"
            )
        } else {
            what.to_string()
        };
        if self.two_level {
            format!(
                "Over repeated runs, the p-values of the test of whether {what} are uniform (Kolmogorov-Smirnov)."
            )
        } else {
            let mut s = what;
            s[..1].make_ascii_uppercase();
            s + "."
        }
    }
}

impl fmt::Display for TestName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl PartialEq<str> for TestName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for TestName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// A name that is no test's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown test name {0:?}")]
pub struct UnknownTest(pub String);

impl std::str::FromStr for TestName {
    type Err = UnknownTest;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TestName::all()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| UnknownTest(s.to_owned()))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for TestName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TestName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_distinct_and_parses_back() {
        let names: Vec<TestName> = TestName::all().collect();
        assert_eq!(names.len(), 4 * (13 + Statistic::ALL.len()));
        let mut words: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), names.len());
        for n in names {
            assert_eq!(n.as_str().parse::<TestName>(), Ok(n));
            assert_eq!(n.two_level, n.as_str().starts_with("ks-"));
            assert_eq!(
                n.lag1,
                n.as_str().trim_start_matches("ks-").starts_with("lag1-")
            );
        }
        assert!("ks".parse::<TestName>().is_err());
        assert_eq!(
            format!("{:<16}|", TestName::POSITION_CHI2),
            "position-chi2   |"
        );
        assert_eq!(TestName::LAG1_CONTINGENCY, "lag1-contingency-chi2");
        assert_eq!(
            TestName::POSITION_CHI2.lag1().two_level(),
            "ks-lag1-position-chi2"
        );
    }
}
