//! The names of the tests, as typed values that print and parse as the
//! kebab-case names documents use (`"position-chi2"`,
//! `"ks-cycles-chi2"`).

use crate::statistic::Statistic;
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
}

/// A test's name: a test of one run, or the two-level test (Kolmogorov–
/// Smirnov) of its p-values over several runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TestName {
    /// The test.
    pub test: Test,
    /// Whether this is the KS test of its p-values over runs.
    pub two_level: bool,
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

    /// The one-level test.
    pub const fn of(test: Test) -> TestName {
        TestName {
            test,
            two_level: false,
        }
    }

    /// The two-level (KS) test of this test's p-values.
    pub const fn two_level(self) -> TestName {
        TestName {
            test: self.test,
            two_level: true,
        }
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
        ]
        .into_iter()
        .chain(Statistic::ALL.into_iter().map(Test::Battery));
        tests.flat_map(|t| [TestName::of(t), TestName::of(t).two_level()])
    }

    /// The kebab-case name.
    pub fn as_str(self) -> &'static str {
        use Statistic as S;
        use Test as T;
        match (self.test, self.two_level) {
            (T::PermutationChi2, false) => "permutation-chi2",
            (T::PermutationChi2, true) => "ks-permutation-chi2",
            (T::PermutationG, false) => "permutation-g",
            (T::PermutationG, true) => "ks-permutation-g",
            (T::PositionChi2, false) => "position-chi2",
            (T::PositionChi2, true) => "ks-position-chi2",
            (T::PositionChi2Uncorrected, false) => "position-chi2-uncorrected",
            (T::PositionChi2Uncorrected, true) => "ks-position-chi2-uncorrected",
            (T::PositionRow, false) => "position-row",
            (T::PositionRow, true) => "ks-position-row",
            (T::Collisions, false) => "collisions-poisson",
            (T::Collisions, true) => "ks-collisions-poisson",
            (T::Battery(S::FixedPoints), false) => "fixed-points-chi2",
            (T::Battery(S::FixedPoints), true) => "ks-fixed-points-chi2",
            (T::Battery(S::Cycles), false) => "cycles-chi2",
            (T::Battery(S::Cycles), true) => "ks-cycles-chi2",
            (T::Battery(S::Descents), false) => "descents-chi2",
            (T::Battery(S::Descents), true) => "ks-descents-chi2",
            (T::Battery(S::RisingSequences), false) => "rising-sequences-chi2",
            (T::Battery(S::RisingSequences), true) => "ks-rising-sequences-chi2",
            (T::Battery(S::Successions), false) => "successions-chi2",
            (T::Battery(S::Successions), true) => "ks-successions-chi2",
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
        assert_eq!(names.len(), 2 * (6 + Statistic::ALL.len()));
        let mut words: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), names.len());
        for n in names {
            assert_eq!(n.as_str().parse::<TestName>(), Ok(n));
            assert_eq!(n.two_level, n.as_str().starts_with("ks-"));
        }
        assert!("ks".parse::<TestName>().is_err());
        assert_eq!(
            format!("{:<16}|", TestName::POSITION_CHI2),
            "position-chi2   |"
        );
    }
}
