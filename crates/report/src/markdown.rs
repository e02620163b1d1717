//! The Markdown summary of the default run (`reports/README.md`).

use crate::{ExactReport, SuiteReport};
use stats::perm::factorial;
use std::fmt::Write;

/// Formats a probability or distance for a table: exact zero as `0`, tiny
/// values in scientific notation, the rest with 6 significant digits.
pub fn fmt_prob(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x.abs() < 1e-3 {
        format!("{x:.3e}")
    } else {
        format!("{x:.6}")
    }
}

fn tv_cell(r: &ExactReport) -> String {
    let b = r.total_variation_bounds;
    if b.lower == b.upper {
        fmt_prob(b.lower)
    } else {
        format!("{}–{}", fmt_prob(b.lower), fmt_prob(b.upper))
    }
}

/// Renders the default run as Markdown.
pub fn suite(report: &SuiteReport) -> String {
    let mut md = String::new();
    let p = &report.provenance;
    let decks: Vec<String> = report.decks.iter().map(|d| d.to_string()).collect();
    let _ = writeln!(md, "# shuffle-audit: exact distributions\n");
    let _ = writeln!(
        md,
        "Every registered shuffle, enumerated exactly on decks of {} cards: every sequence of \
         random choices is walked with its exact probability, so these figures carry no sampling \
         noise. Written by {} {} with `{}`.\n",
        decks.join(", "),
        p.tool,
        p.version,
        p.command
    );
    let _ = writeln!(
        md,
        "*TV* is the total variation distance from the uniform law, \
         `(1/2) Σ |p(a) − 1/n!|`: 0 for a fair shuffle, the largest possible advantage of a bet \
         on the deck's order. Where the algorithm's loop is unbounded, paths less likely than \
         2^-{} are cut and TV is given as bounds.\n",
        stats::Limits::MASS_BOUND_LOG2
    );
    let _ = writeln!(md, "## Summary\n");
    let mut header = String::from("| algorithm | expected | exact verdict |");
    let mut rule = String::from("|---|---|---|");
    for d in &report.decks {
        let _ = write!(header, " TV, n = {d} |");
        rule.push_str("---:|");
    }
    let _ = writeln!(md, "{header}\n{rule}");
    for a in &report.algorithms {
        let verdict = a.overall_verdict();
        let mark = if a.agrees { "" } else { " ⚠ disagrees" };
        let _ = write!(
            md,
            "| [`{}`](#{}) | {} | {}{} |",
            a.info.id, a.info.id, a.info.expected, verdict, mark
        );
        for c in &a.cases {
            let cell = c.exact.as_ref().map_or_else(|| "–".to_string(), tv_cell);
            let _ = write!(md, " {cell} |");
        }
        let _ = writeln!(md);
    }

    for a in &report.algorithms {
        let _ = writeln!(md, "\n## {}\n", a.info.id);
        let _ = writeln!(md, "**{}.** {}\n", a.info.name, a.info.summary);
        let _ = writeln!(md, "Source: {}.\n", a.info.source);
        if let Some(note) = &a.info.exact_note {
            let _ = writeln!(md, "Not enumerable: {note}.\n");
        }
        let _ = writeln!(
            md,
            "| n | method | paths | support | P(identity) | max p | min p | TV | verdict |\n|---:|---|---:|---:|---:|---:|---:|---:|---|"
        );
        for c in &a.cases {
            match (&c.exact, &c.skipped) {
                (Some(r), _) => {
                    let _ = writeln!(
                        md,
                        "| {} | {} | {} | {} / {} | {} | {} | {} | {} | {} |",
                        r.deck,
                        r.method,
                        r.paths,
                        r.support,
                        factorial(r.deck),
                        fmt_prob(r.identity_probability),
                        fmt_prob(r.max_probability),
                        fmt_prob(r.min_probability),
                        tv_cell(r),
                        r.verdict.label()
                    );
                }
                (None, Some(why)) => {
                    let _ = writeln!(
                        md,
                        "| {} | – | – | – | – | – | – | – | skipped: {why} |",
                        c.deck
                    );
                }
                (None, None) => {}
            }
        }
        if let Some(r) = a.cases.iter().filter_map(|c| c.exact.as_ref()).next() {
            let n = r.deck;
            let _ = writeln!(
                md,
                "\nPosition matrix at n = {n}, exact, as n × P(card ends at position) (1 = fair; \
                 rows are cards, columns final positions):\n"
            );
            let cols: Vec<String> = (0..n).map(|j| j.to_string()).collect();
            let _ = writeln!(md, "| card | {} |", cols.join(" | "));
            let _ = writeln!(md, "|---:|{}", "---:|".repeat(n));
            for (card, row) in r.position_matrix.iter().enumerate() {
                let cells: Vec<String> =
                    row.iter().map(|p| format!("{:.4}", p * n as f64)).collect();
                let _ = writeln!(md, "| {card} | {} |", cells.join(" | "));
            }
        }
    }
    md
}
