//! The page "Shuffling by sorting with a random comparator, language by
//! language": the judge's study of the runtimes' sorts, rendered.

use super::{GLOSSARY_PAGE, algorithm_page};
use crate::fmt::{fmt_count, fmt_prob};
use crate::suite::SuiteReport;
use judge::lesson::FAIR_CONTROL;
use judge::sorting::{EXACT_DECK, Failure, LARGE_DECK, SMALL_DECK, SortRow, SortingStudy};
use std::fmt::Write;

/// A distance: `0.546296 (59/108)` when the fraction is short, else the
/// rounded value alone.
fn distance(d: &judge::sorting::Distance) -> String {
    let exact = d.exact.to_string();
    if exact.len() <= 12 {
        format!("{} = {exact}", fmt_prob(d.total_variation))
    } else {
        fmt_prob(d.total_variation)
    }
}

/// The failure cell: the exact rate on the exact deck, then the sampled
/// one on the large deck, with its interval.
fn failure(f: Option<&Failure>) -> String {
    let Some(f) = f else {
        return "never".into();
    };
    let what = if f.undefined_behaviour {
        "reads out of bounds (undefined behaviour)".to_owned()
    } else {
        format!(
            "throws `{}`",
            f.exception.split(':').next().unwrap_or(&f.exception)
        )
    };
    format!(
        "{what}: {} on {EXACT_DECK} cards; {:.4} % on {LARGE_DECK} ({} of {}; 95 %: {:.4}–{:.4} %)",
        fmt_prob(f.probability),
        100.0 * f.thrown as f64 / f.runs as f64,
        fmt_count(f.thrown),
        fmt_count(f.runs),
        100.0 * f.interval_95[0],
        100.0 * f.interval_95[1]
    )
}

/// A largest deviation as `sample` prints it: `152.533%`.
fn deviation(d: f64) -> String {
    format!("{:.3}%", 100.0 * d)
}

/// The commands that print a row's figures.
fn commands(row: &SortRow, study: &SortingStudy) -> String {
    let id = &row.algorithm;
    format!(
        "`shuffle-audit exact -a {id} -d {SMALL_DECK}` · `shuffle-audit exact -a {id} -d {EXACT_DECK}` · \
         `shuffle-audit sample -a {id} -d {LARGE_DECK} -n {} --seed {}`",
        study.shuffles, study.seed
    )
}

/// The heatmap of `id`'s sample of the large deck, when the run drew it.
fn heatmap(report: &SuiteReport, id: &str) -> Option<String> {
    let name = format!("positions-n{LARGE_DECK}.png");
    report
        .algorithms
        .iter()
        .find(|a| a.info.id == id)?
        .cases
        .iter()
        .find(|c| c.deck == LARGE_DECK)?
        .files
        .iter()
        .find(|f| f.ends_with(&name))
        .cloned()
}

/// The page.
pub(super) fn page(study: &SortingStudy, report: &SuiteReport) -> String {
    let mut md = String::new();
    let _ = writeln!(
        md,
        "# Shuffling by sorting with a random comparator, language by language\n\n\
         [← the report](README.md) · [glossary]({GLOSSARY_PAGE})\n\n\
         `array.sort(() => Math.random() - 0.5)` and its kin: a sort whose comparator answers at \
         random. It is no shuffle in any language, but each runtime's sort is biased its own way, \
         and some fail instead of dealing: Java and .NET throw, and libstdc++'s `std::sort` reads \
         outside the array, which is undefined behaviour. Each row is the runtime's own sort, \
         ported from its source and checked against the runtime (its page says how). The \
         distances are exact, those of the decks given no failure; the largest deviation is that \
         of a cell of the position matrix, from this run's {} shuffles of {LARGE_DECK} cards \
         (seed {}); the fair control's, from as many, is {}.\n",
        fmt_count(study.shuffles),
        study.seed,
        deviation(study.fair_deviation)
    );
    let _ = writeln!(
        md,
        "| runtime | distance from fair, {SMALL_DECK} cards | {EXACT_DECK} cards | fails | \
         largest deviation of a position cell, {LARGE_DECK} cards | verdict |\n|---|---:|---:|---|---:|---|"
    );
    for row in &study.rows {
        let _ = writeln!(
            md,
            "| [{}]({})<br>`{}` | {} | {} | {} | {} | {} |",
            super::plain(&row.name),
            algorithm_page(&row.algorithm),
            row.algorithm,
            distance(&row.small),
            distance(&row.exact),
            failure(row.failure.as_ref()),
            deviation(row.largest_deviation),
            row.verdict.label()
        );
    }
    let _ = writeln!(md, "\n## The commands\n\nEach row's figures, printed by:\n");
    for row in &study.rows {
        let _ = writeln!(md, "- `{}`: {}", row.algorithm, commands(row, study));
    }
    let _ = writeln!(
        md,
        "\nThe distances are `exact`'s `TV distance`; a failure's exact rate its `throws:` or \
         `undefined:` line, and the sampled one `sample`'s; the largest deviation `sample`'s \
         \"largest relative deviation of a position cell\"."
    );
    let worst = study.rows.iter().find(|r| r.algorithm == study.worst);
    let best = study.rows.iter().find(|r| r.algorithm == study.best);
    let _ = writeln!(md, "\n## The worst and the best on {LARGE_DECK} cards\n");
    for (label, row) in [("The worst", worst), ("The best", best)] {
        let Some(row) = row else { continue };
        let _ = writeln!(
            md,
            "{label}: `{}`, largest deviation {}.\n",
            row.algorithm,
            deviation(row.largest_deviation)
        );
        if let Some(png) = heatmap(report, &row.algorithm) {
            let _ = writeln!(md, "![{label}: {}]({png})\n", super::plain(&row.name));
        }
    }
    let _ = writeln!(
        md,
        "The fair control, `{FAIR_CONTROL}`, from as many shuffles: largest deviation {}.\n",
        deviation(study.fair_deviation)
    );
    if let Some(png) = heatmap(report, FAIR_CONTROL) {
        let _ = writeln!(md, "![The fair control: {FAIR_CONTROL}]({png})\n");
    }
    md
}
