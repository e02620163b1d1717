//! Formatting shared by every rendering (terminal, Markdown, figures):
//! numbers as people read them, and the summary's cells.

use crate::exact::ExactReport;
use crate::suite::SuiteAlgorithm;

pub use judge::words::{count as fmt_count, level as fmt_level};

/// Formats a probability, distance or relative deviation for a table:
/// exact zero as `0`, tiny and huge values in scientific notation, the rest
/// with 6 decimals.
pub fn fmt_prob(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x.abs() < 1e-3 || x.abs() >= 1e3 {
        format!("{x:.3e}")
    } else {
        format!("{x:.6}")
    }
}

/// A total variation distance, or, when mass is unexplored, the lower bound
/// it is known to reach, written as one (`≥ 0.023061`): the upper bound
/// only says how much is unexplored.
pub fn tv_cell(r: &ExactReport) -> String {
    let b = r.total_variation_bounds;
    if b.lower == b.upper {
        fmt_prob(b.lower)
    } else {
        format!("≥ {}", fmt_prob(b.lower))
    }
}

/// The effect-size cell of the summary: the exact total variation distance
/// on the largest enumerated deck, else the largest relative deviation of a
/// position cell on the largest sampled deck.
pub fn effect_cell(a: &SuiteAlgorithm) -> String {
    if let Some(r) = a.largest_exact() {
        return format!("TV {} (n={}, exact)", tv_cell(r), r.deck);
    }
    a.cases
        .iter()
        .rev()
        .find_map(|c| c.sampled.as_ref())
        .map_or_else(
            || "-".into(),
            |s| {
                format!(
                    "max dev {:.1}% (n={})",
                    100.0 * s.effect.sampled.max_relative_deviation,
                    s.deck
                )
            },
        )
}

/// The smallest p-value printed as a number: below it, a p-value is a
/// bound. The reference laws of the tests (the chi-square, the normal)
/// approximate the statistic's law with an error far larger than this, so
/// far in the tail, and the glossary says so
/// ([`judge::grade::SMALLEST_MEANT_LOG10_P`]).
pub const SMALLEST_PRINTED_LOG10_P: f64 = judge::grade::SMALLEST_MEANT_LOG10_P;

/// A p-value given by its `log10`, readable at any size: `< 10^-300`
/// below [`SMALLEST_PRINTED_LOG10_P`]; `0` for the stand-in of an
/// impossible value seen (`log10_p` at `f64::MIN`).
pub fn fmt_log10_p(log10_p: f64) -> String {
    if log10_p < -1e300 {
        "0".into()
    } else if log10_p > -4.0 {
        format!("{:.4}", 10f64.powf(log10_p))
    } else if log10_p >= SMALLEST_PRINTED_LOG10_P {
        format!("{:.2e}", 10f64.powf(log10_p))
    } else {
        format!("< 10^{SMALLEST_PRINTED_LOG10_P}")
    }
}

/// `p = 0.0100`, `p = 1.00e-5`, or `p < 10^-300` (see [`fmt_log10_p`]).
pub fn fmt_p_is(log10_p: f64) -> String {
    let p = fmt_log10_p(log10_p);
    if p.starts_with('<') {
        format!("p {p}")
    } else {
        format!("p = {p}")
    }
}

/// A test's degrees of freedom: whole as `719`, fractional (a G-test
/// referred to a scaled chi-square law in a sparse table) to one decimal as
/// `718.6`, and `-` for a test that has none.
pub fn fmt_df(df: f64) -> String {
    if df <= 0.0 {
        "-".into()
    } else if df.fract() == 0.0 {
        format!("{df}")
    } else {
        format!("{df:.1}")
    }
}

/// A relative change as a signed percentage with one decimal: `+23.5%`,
/// `−12.0%`, and `0%` below 0.05% either way.
pub fn fmt_change(v: f64) -> String {
    let p = 100.0 * v;
    if p.abs() < 0.05 {
        "0%".into()
    } else if p < 0.0 {
        format!("−{:.1}%", -p)
    } else {
        format!("+{p:.1}%")
    }
}

/// `10^l` as a number a reader can say: `86,400`, `4.3e9`.
pub fn fmt_power_of_ten(l: f64) -> String {
    if l < 7.0 {
        fmt_count(10f64.powf(l).round() as u64)
    } else {
        format!("{:.1e}", 10f64.powf(l))
    }
}

/// A number of shuffles: `843`, `2,001,048`, `9.23e7`.
pub fn fmt_shuffles(n: f64) -> String {
    if n < 1e7 {
        fmt_count(n.round() as u64)
    } else {
        format!("{n:.2e}")
    }
}

/// A ratio, as "times": one decimal below 100 (`3.1`), a whole number
/// with thousands separators above (`6,528`), where a decimal says
/// nothing more.
pub fn fmt_times(r: f64) -> String {
    if r < 100.0 {
        format!("{r:.1}")
    } else {
        fmt_count(r.round() as u64)
    }
}

/// How many riffles a test needs before it can no longer tell, in words:
/// `riffles` as [`judge::riffle::RifflesNeeded`] gives it (1 when the test
/// never tells, not even after one riffle; `None` when it still tells
/// after the last, `max`).
pub fn riffles_needed(riffles: Option<u32>, max: u32) -> String {
    match riffles {
        None => format!("more than {max}"),
        Some(1) => "never tells".into(),
        Some(k) => k.to_string(),
    }
}

/// A single draw's statistic as the tables print it: a correlation signed
/// to four decimals, a count as it is.
pub fn draw_value(t: &stats::hypothesis::single::DrawTest) -> String {
    use stats::hypothesis::single::DrawStatistic;
    match t.statistic {
        DrawStatistic::SpearmanRho | DrawStatistic::KendallTau => format!("{:+.4}", t.value),
        _ => format!("{}", t.value),
    }
}

/// What a single draw's test catches at the stated power, in words, from
/// [`judge::single::DrawVerdict::detectable`].
pub fn draw_caught(t: &stats::hypothesis::single::DrawTest, caught: Option<f64>) -> String {
    use stats::hypothesis::single::DrawStatistic;
    match (t.statistic, caught) {
        (_, None) => "nothing, at this size".to_string(),
        (DrawStatistic::SpearmanRho | DrawStatistic::KendallTau, Some(c)) => {
            format!("a correlation of ±{c:.3}")
        }
        (DrawStatistic::RunsUpDown, Some(c)) => format!(
            "{c:.1} runs more or fewer than the {:.1} expected",
            t.null_mean.unwrap_or(0.0)
        ),
        (DrawStatistic::LongestRun, Some(c)) => {
            format!("always, an increasing stretch of {c} items")
        }
    }
}

/// How a single draw's law was found: `exact` or `normal`.
pub fn draw_method(t: &stats::hypothesis::single::DrawTest) -> &'static str {
    match t.method {
        stats::hypothesis::single::DrawMethod::Exact => "exact",
        stats::hypothesis::single::DrawMethod::Normal => "normal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_keep_one_decimal_below_100_and_separators_above() {
        assert_eq!(fmt_times(3.06), "3.1");
        assert_eq!(fmt_times(99.94), "99.9");
        assert_eq!(fmt_times(100.0), "100");
        assert_eq!(fmt_times(6528.0), "6,528");
        assert_eq!(fmt_times(2160.6), "2,161");
    }

    #[test]
    fn degrees_of_freedom_are_whole_or_one_decimal() {
        assert_eq!(fmt_df(719.0), "719");
        assert_eq!(fmt_df(362_879.0), "362879");
        assert_eq!(fmt_df(718.6123), "718.6");
        assert_eq!(fmt_df(0.0), "-");
    }

    #[test]
    fn counts_get_thousands_separators() {
        assert_eq!(fmt_count(0), "0");
        assert_eq!(fmt_count(999), "999");
        assert_eq!(fmt_count(1000), "1,000");
        assert_eq!(fmt_count(2_000_000), "2,000,000");
        assert_eq!(fmt_count(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn a_test_that_never_tells_says_so() {
        assert_eq!(riffles_needed(Some(1), 10), "never tells");
        assert_eq!(riffles_needed(Some(7), 10), "7");
        assert_eq!(riffles_needed(None, 10), "more than 10");
    }

    #[test]
    fn p_values_switch_notation_with_size() {
        assert_eq!(fmt_log10_p(0.0), "1.0000");
        assert_eq!(fmt_log10_p(-2.0), "0.0100");
        assert_eq!(fmt_log10_p(-5.0), "1.00e-5");
        assert_eq!(fmt_log10_p(-300.0), "1.00e-300");
        assert_eq!(fmt_log10_p(-300.1), "< 10^-300");
        assert_eq!(fmt_log10_p(-2461259.6), "< 10^-300");
        assert_eq!(fmt_p_is(-2.0), "p = 0.0100");
        assert_eq!(fmt_p_is(-400.0), "p < 10^-300");
        assert_eq!(fmt_log10_p(f64::MIN), "0");
    }

    #[test]
    fn probabilities_and_deviations_fit_a_column() {
        assert_eq!(fmt_prob(0.0), "0");
        assert_eq!(fmt_prob(3.915e-6), "3.915e-6");
        assert_eq!(fmt_prob(-0.918037), "-0.918037");
        assert_eq!(fmt_prob(859874.949528), "8.599e5");
        assert_eq!(fmt_prob(-2.5e40), "-2.500e40");
    }
}
