//! One draw judged alone: its rank statistics held, as one family, to a
//! level, and what each could have caught.

use crate::grade::Level;
use crate::words::Words;
use serde::{Deserialize, Serialize};
use stats::hypothesis::single::{DrawStatistic, DrawTest, Laws};

/// The level of `audit --single` unless `--alpha` says otherwise: the level
/// of the classic analysis of the 1970 draft lottery (Fienberg 1971).
pub const SINGLE_ALPHA: f64 = 0.001;

/// The power the detectable departures are stated at.
pub const SINGLE_POWER: f64 = 0.9;

/// One draw's tests and the decision on them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrawVerdict {
    /// Items drawn.
    pub items: usize,
    /// The tests run (the longest run only up to 400 items).
    pub tests: Vec<DrawTest>,
    /// For each test, the smallest departure it catches with probability
    /// [`SINGLE_POWER`] at its share of the level
    /// ([`DrawStatistic::detectable`]).
    pub detectable: Vec<Option<f64>>,
    /// The decision: the tests of this draw are one family (Bonferroni).
    pub level: Level,
}

/// The verdict on one draw (`draw[i]` the item drawn `i`-th, `0..n`) at
/// the family-wise level `alpha`.
pub fn judge(draw: &[u32], alpha: f64) -> DrawVerdict {
    judge_with(&Laws::new(draw.len()), draw, alpha)
}

/// [`judge`] with the laws of the draw's size counted beforehand: the
/// same verdict, for many draws of one size.
pub fn judge_with(laws: &Laws, draw: &[u32], alpha: f64) -> DrawVerdict {
    let (tests, log10_min_adjusted_p) = family(laws, draw);
    let level = Level::decide(alpha, tests.len(), log10_min_adjusted_p);
    let detectable = tests
        .iter()
        .map(|t| laws.detectable(t.statistic, level.per_test, SINGLE_POWER))
        .collect();
    DrawVerdict {
        items: draw.len(),
        tests,
        detectable,
        level,
    }
}

/// What one draw can show and what it cannot, in words, wherever single
/// draws are judged.
pub fn what_one_draw_shows() -> Words {
    Words::new()
        .plain(
            "One draw can show that its order is tied to the order the items were listed in \
             (a trend, a block kept together, too few or too many turns), as the tests \
             measure. It cannot show that the drawing is fair: a draw rigged in a way these \
             tests do not measure passes, and a fair draw fails one time in 1/alpha. Only many \
             draws from the same process (",
        )
        .code("audit")
        .plain(" without ")
        .code("--single")
        .plain(") test the process.")
}

/// What an audit of single draws found, with its exit code: whether a
/// draw departs from a uniform draw at its level.
pub fn draws_finding(bias_shown: bool) -> Words {
    Words::new().plain(if bias_shown {
        "exit 1: a draw departs from a uniform draw at its level"
    } else {
        "exit 0: no draw departs from a uniform draw at its level"
    })
}

/// Judges many draws at one level, the exact laws of each size of draw
/// counted once for all the draws of that size ([`judge_with`]).
#[derive(Debug)]
pub struct DrawJudge {
    alpha: f64,
    laws: std::collections::HashMap<usize, Laws>,
}

impl DrawJudge {
    /// A judge of draws at the family-wise level `alpha`.
    pub fn new(alpha: f64) -> Self {
        DrawJudge {
            alpha,
            laws: std::collections::HashMap::new(),
        }
    }

    /// The verdict on `draw`, as [`judge`] gives it.
    pub fn judge(&mut self, draw: &[u32]) -> DrawVerdict {
        let laws = self
            .laws
            .entry(draw.len())
            .or_insert_with(|| Laws::new(draw.len()));
        judge_with(laws, draw, self.alpha)
    }
}

/// The tests of one draw that the verdict holds to its level (those with
/// a p-value: the longest run has none beyond the exact sizes), and the
/// `log10` of their smallest Bonferroni-adjusted p-value.
pub fn family(laws: &Laws, draw: &[u32]) -> (Vec<DrawTest>, f64) {
    let tests: Vec<DrawTest> = laws
        .tests(draw)
        .into_iter()
        .filter(|t| !t.log10_p.is_nan())
        .collect();
    let log10s: Vec<f64> = tests.iter().map(|t| t.log10_p).collect();
    (tests, stats::hypothesis::audit::adjusted_log10(&log10s))
}

impl DrawVerdict {
    /// The decision on this draw in words: `this draw is not what a
    /// uniform draw gives` (the last words strong), or `no departure from a
    /// uniform draw shown`.
    pub fn decision(&self) -> Words {
        if self.level.bias_shown {
            Words::new()
                .plain("this draw is ")
                .strong("not what a uniform draw gives")
        } else {
            Words::new().plain("no departure from a uniform draw shown")
        }
    }

    /// The decision in a table's few words.
    pub fn label(&self) -> &'static str {
        if self.level.bias_shown {
            "not a uniform draw"
        } else {
            "nothing shown"
        }
    }

    /// The test of `statistic`, if it ran.
    pub fn test(&self, statistic: DrawStatistic) -> Option<&DrawTest> {
        self.tests.iter().find(|t| t.statistic == statistic)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fair_looking_draw_passes_and_a_sorted_one_fails() {
        // (37 i + 11) mod 50: an arithmetic progression that wraps, with no
        // trend worth the name; and the list itself.
        let mixed: Vec<u32> = (0..50u32).map(|i| (i * 37 + 11) % 50).collect();
        let sorted: Vec<u32> = (0..50u32).collect();
        let v = judge(&sorted, SINGLE_ALPHA);
        assert!(v.level.bias_shown);
        assert_eq!(v.level.tests, 4);
        let rho = v.test(DrawStatistic::SpearmanRho).unwrap();
        assert_eq!(rho.value, 1.0);
        // A longest run of 50 is a stretch the test always catches.
        let longest = v.detectable[3].unwrap();
        assert!((2.0..=50.0).contains(&longest), "{longest}");
        let v = judge(&mixed, SINGLE_ALPHA);
        assert!(!v.level.bias_shown, "{v:?}");
        // At 50 items only a correlation above 0.5 is caught 90 % of the
        // time at 0.001 / 4.
        assert!(v.detectable[0].unwrap() > 0.5, "{:?}", v.detectable);
    }
}
