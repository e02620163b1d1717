//! The draft lotteries' page: 1970's and 1971's draws, each judged alone,
//! beside Fienberg's and Oldford's published figures.

use super::*;

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A year's Spearman test, which every draw runs.
pub(super) fn rho(y: &DraftYear) -> &DrawTest {
    y.verdict
        .test(DrawStatistic::SpearmanRho)
        .expect("Spearman's rho runs on every draw")
}

/// The mean draft number of a fair draw: `(n + 1) / 2`.
fn fair_mean(y: &DraftYear) -> f64 {
    (y.numbers.len() + 1) as f64 / 2.0
}

pub(super) fn draft(md: &mut String, d: &Draft, figure: Option<&str>) {
    let [y1970, y1971] = [&d.years[0], &d.years[1]];
    *md += "## The drawing\n\n";
    let _ = writeln!(
        md,
        "On December 1, 1969, the Selective Service drew the order in which men born from \
         1944 to 1950 would be called in 1970, from {}: one capsule per birth date, the n-th \
         date drawn getting draft number n. The capsules went into a box month by month, \
         January first and December last, the box mixed as each month was added, then \
         shaken and poured into the bowl the dates were drawn from by hand. The next lottery \
         (July 1, 1970, for men born in 1951) used {}.\n",
        y1970.drawing, y1971.drawing
    );
    *md += "## The published figures\n\n";
    let _ = writeln!(
        md,
        "- Fienberg, \"Randomization and Social Affairs: The 1970 Draft Lottery\", Science \
         171 (1971): Spearman's rank correlation between birth date and draft number is \
         **{}**, and randomness is rejected at 0.001; a month × third-of-the-numbers \
         chi-square on the same draw is far weaker.\n\
         - R. W. Oldford (2005, from the Selective Service's list): the 1970 birth dates of \
         each month by third of the draft numbers, below.\n",
        d.published_rho
    );
    *md += "## The suite's figures\n\n";
    if let Some(fig) = figure {
        let _ = writeln!(
            md,
            "![Draft number by birth date, 1970 and 1971](../{fig})\n\n*Each dot a birth \
             date and its draft number; the line each month's mean, the dashed line the mean \
             a fair draw expects. 1970's months slide down from March to December; 1971's \
             wander around the line.*\n"
        );
    }
    for y in &d.years {
        let v = &y.verdict;
        let _ = writeln!(
            md,
            "**{}** ({} dates; `shuffle-audit audit --single scripts/examples/draft-{}.txt`):\n",
            y.year,
            y.numbers.len(),
            y.year
        );
        let _ = writeln!(
            md,
            "| test | value | p-value | law | caught {:.0} % of the time at {} / {} |\n\
             |---|---:|---:|---|---|",
            100.0 * judge::single::SINGLE_POWER,
            fmt_level(v.level.alpha),
            v.level.tests
        );
        for (t, caught) in v.tests.iter().zip(&v.detectable) {
            let _ = writeln!(
                md,
                "| {}{} | {} | {} | {} | {} |",
                t.statistic.label(),
                if v.level.rejects(t.log10_p) { " *" } else { "" },
                draw_value(t),
                fmt_log10_p(t.log10_p),
                draw_method(t),
                draw_caught(t, *caught)
            );
        }
        let _ = writeln!(
            md,
            "\nAt level {}: {}.\n",
            v.level.words(),
            crate::markdown::words(&v.decision())
        );
    }
    let _ = writeln!(
        md,
        "Spearman's ρ for 1970 to three decimals: {} (Fienberg: {}). Birth dates of each \
         month by third of the draft numbers (1–{}, {}–{}, {} to the last), with each \
         month's mean number (a fair draw's: {} in 1970, {} in 1971):\n",
        y1970.rho_3,
        d.published_rho,
        y1970.third_ends[0],
        y1970.third_ends[0] + 1,
        y1970.third_ends[1],
        y1970.third_ends[1] + 1,
        fair_mean(y1970),
        fair_mean(y1971)
    );
    *md += "| month | 1970 first third | second | last | mean | 1971 first third | second | \
            last | mean |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (m, name) in MONTHS.iter().enumerate() {
        let cells = |y: &DraftYear| {
            let t = y.thirds[m];
            format!("{} | {} | {} | {:.1}", t[0], t[1], t[2], y.month_means[m])
        };
        let _ = writeln!(md, "| {name} | {} | {} |", cells(y1970), cells(y1971));
    }
    let _ = writeln!(
        md,
        "\n{} Months against thirds, Pearson's X² on 22 degrees of freedom: 1970 {:.2} (p = \
         {:.3}), 1971 {:.2} (p = {:.3}). The draw the rank test puts at p = {} only reaches \
         {:.3} once each month's dates are binned: the bins forget where in the year each \
         month lies, which is exactly what went wrong.\n",
        if y1970.thirds == d.published_thirds {
            "The 1970 table is Oldford's cell for cell."
        } else {
            "**The 1970 table is not Oldford's.**"
        },
        y1970.thirds_x2,
        y1970.thirds_p,
        y1971.thirds_x2,
        y1971.thirds_p,
        fmt_log10_p(rho(y1970).log10_p),
        y1970.thirds_p
    );
    let _ = writeln!(
        md,
        "{}\n",
        crate::markdown::words(&judge::single::what_one_draw_shows())
    );
    *md += "## What went wrong\n\n";
    let _ = writeln!(
        md,
        "The capsules were mixed too little to undo the order they went in: the months put \
         in last sat near the top and came out first. December's dates averaged number {:.1} \
         against {:.1} for a fair draw, January's {:.1}. For 1971 both drums were loaded in \
         orders drawn from random-number tables, so a poor mix no longer follows the \
         calendar, and its draw shows nothing. A shuffle that starts from a sorted deck and \
         mixes too little fails the same way: see [how many riffles make a deck look \
         shuffled](../riffles.md).",
        y1970.month_means[11],
        fair_mean(y1970),
        y1970.month_means[0]
    );
}
