//! The US draft lotteries of 1970 and 1971: one draw each, judged alone.

use super::{CaseStanding, PUBLISHED_ALPHA};
use crate::single::{DrawVerdict, judge};
use serde::{Deserialize, Serialize};
use stats::hypothesis::fit::independence;
use stats::hypothesis::single::DrawStatistic;

/// The 1970 draft as shipped for `audit --single`: the draft number of
/// each birth date, January 1 to December 31, with its source in the
/// file's comment lines. The case reads the same file the guide's
/// command reads.
const DRAFT_1970: &str = include_str!("../../../../scripts/examples/draft-1970.txt");
/// The 1971 draft, likewise.
const DRAFT_1971: &str = include_str!("../../../../scripts/examples/draft-1971.txt");

/// Fienberg, "Randomization and Social Affairs: The 1970 Draft Lottery",
/// Science 171 (1971) 255–261: Spearman's rank correlation between birth
/// date and draft number in the 1970 lottery, randomness rejected at
/// 0.001.
pub const FIENBERG_RHO_1970: &str = "-0.226";

/// The 1970 lottery's birth dates of each month by third of the draft
/// numbers (1–122, 123–244, 245–366), January to December, as R. W.
/// Oldford tabulated them (2005, from the Selective Service's list; the
/// `draftlottery` data of his eikosogram software).
pub const OLDFORD_THIRDS_1970: [[u32; 3]; 12] = [
    [9, 12, 10],
    [7, 12, 10],
    [5, 10, 16],
    [8, 8, 14],
    [9, 7, 15],
    [11, 7, 12],
    [12, 7, 12],
    [13, 7, 11],
    [10, 15, 5],
    [9, 15, 7],
    [12, 12, 6],
    [17, 10, 4],
];

/// Days of each month, January to December, in a year of `dates` days.
fn month_lengths(dates: usize) -> [usize; 12] {
    let february = if dates == 366 { 29 } else { 28 };
    [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
}

/// One lottery: its draft numbers and how they were judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DraftYear {
    /// The year the numbers applied to.
    pub year: u32,
    /// How the capsules were drawn.
    pub drawing: String,
    /// The draft number (from 1) of each birth date, January 1 first.
    pub numbers: Vec<u32>,
    /// The judgement of `audit --single` on the same draw.
    pub verdict: DrawVerdict,
    /// Spearman's ρ, rounded to three decimals as Fienberg printed it.
    pub rho_3: String,
    /// The mean draft number of each month's birth dates.
    pub month_means: Vec<f64>,
    /// Birth dates of each month by third of the draft numbers: `1..=a`,
    /// `a+1..=b`, `b+1..=n`, with `a = ⌈n/3⌉`, `b = ⌈2n/3⌉`.
    pub thirds: Vec<[u32; 3]>,
    /// Where the thirds end: `[a, b, n]`.
    pub third_ends: [u32; 3],
    /// Pearson's X² of months against thirds (independence, 22 degrees of
    /// freedom).
    pub thirds_x2: f64,
    /// Its p-value.
    pub thirds_p: f64,
}

impl DraftYear {
    /// The birth dates of each month, January to December, as ranges of
    /// [`DraftYear::numbers`].
    pub fn months(&self) -> Vec<std::ops::Range<usize>> {
        let mut from = 0;
        month_lengths(self.numbers.len())
            .iter()
            .map(|&days| {
                from += days;
                from - days..from
            })
            .collect()
    }

    fn compute(year: u32, drawing: &str, file: &str) -> Self {
        let numbers: Vec<u32> = file
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .flat_map(str::split_whitespace)
            .map(|v| v.parse().expect("the shipped draft files hold numbers"))
            .collect();
        let n = numbers.len();
        let draw: Vec<u32> = numbers.iter().map(|&v| v - 1).collect();
        let verdict = judge(&draw, PUBLISHED_ALPHA);
        let rho = verdict
            .test(DrawStatistic::SpearmanRho)
            .expect("Spearman's rho runs on every draw")
            .value;
        let ends = [n.div_ceil(3), (2 * n).div_ceil(3), n].map(|e| e as u32);
        let mut thirds = Vec::with_capacity(12);
        let mut month_means = Vec::with_capacity(12);
        let mut from = 0;
        for days in month_lengths(n) {
            let month = &numbers[from..from + days];
            from += days;
            let mut row = [0u32; 3];
            for &v in month {
                row[ends.iter().position(|&e| v <= e).expect("v <= n")] += 1;
            }
            thirds.push(row);
            month_means.push(f64::from(month.iter().sum::<u32>()) / days as f64);
        }
        assert_eq!(from, n, "a year of 365 or 366 dates");
        let (thirds_x2, thirds_p) = independence(&thirds);
        DraftYear {
            year,
            drawing: drawing.into(),
            numbers,
            verdict,
            rho_3: format!("{rho:.3}"),
            month_means,
            thirds,
            third_ends: ends,
            thirds_x2,
            thirds_p,
        }
    }
}

/// The US draft lotteries: 1970's capsules filled month by month and
/// drawn from one bowl; 1971's drawn from two drums. Each draw judged
/// alone at [`PUBLISHED_ALPHA`], Fienberg's level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    /// The level of the judgement.
    pub alpha: f64,
    /// Fienberg's ρ for 1970 ([`FIENBERG_RHO_1970`]).
    pub published_rho: String,
    /// Oldford's month × third table for 1970 ([`OLDFORD_THIRDS_1970`]).
    pub published_thirds: Vec<[u32; 3]>,
    /// 1970, then 1971.
    pub years: Vec<DraftYear>,
}

impl Draft {
    pub(super) fn compute() -> Self {
        Draft {
            alpha: PUBLISHED_ALPHA,
            published_rho: FIENBERG_RHO_1970.into(),
            published_thirds: OLDFORD_THIRDS_1970.to_vec(),
            years: vec![
                DraftYear::compute(
                    1970,
                    "one bowl of 366 capsules, filled month by month",
                    DRAFT_1970,
                ),
                DraftYear::compute(
                    1971,
                    "two drums, one of dates and one of numbers, each loaded in an order \
                     drawn from random-number tables",
                    DRAFT_1971,
                ),
            ],
        }
    }

    /// Reproduced when 1970's ρ is Fienberg's to his three decimals, its
    /// month × third table is Oldford's cell for cell, 1970 is rejected at
    /// the level and 1971 is not; contradicted otherwise.
    pub(super) fn standing(&self) -> CaseStanding {
        let [y1970, y1971] = [&self.years[0], &self.years[1]];
        if y1970.rho_3 == self.published_rho
            && y1970.thirds == self.published_thirds
            && y1970.verdict.level.bias_shown
            && !y1971.verdict.level.bias_shown
        {
            CaseStanding::Reproduced
        } else {
            CaseStanding::Contradicted
        }
    }
}
