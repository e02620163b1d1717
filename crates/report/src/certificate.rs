//! The certificate of an audit (`shuffle-audit audit --out DIR`): what was
//! read, identified by its SHA-256; what was tested, on how many decks, at
//! which level; each result; the verdict; and how to check it all again.

use crate::document::Standalone;
use crate::fmt::{fmt_count, fmt_level, fmt_log10_p};
use crate::sampled::AuditReport;
use stats::hypothesis::TestResult;
use std::fmt::Write;

/// The certificate as Markdown.
pub fn markdown(doc: &Standalone<AuditReport>) -> String {
    let r = &doc.document;
    let (i, l, p) = (&r.input, &r.level, &doc.provenance);
    let mut out = String::new();
    let _ = writeln!(out, "# Audit certificate\n");
    let _ = writeln!(
        out,
        "**{}** (exit {}). At this level a fair shuffle is flagged with probability at most {}, whatever the input's size.\n",
        if l.bias_shown {
            format!("Bias shown at the {} level", fmt_level(l.alpha))
        } else {
            format!("No bias shown at the {} level", fmt_level(l.alpha))
        },
        u8::from(l.bias_shown),
        fmt_level(l.alpha)
    );
    let row = |out: &mut String, k: &str, v: String| {
        let _ = writeln!(out, "| {k} | {v} |");
    };
    out += "| | |\n|---|---|\n";
    let source = if i.source == "-" {
        "standard input".to_string()
    } else {
        format!("`{}`", i.source)
    };
    row(&mut out, "Input", source);
    row(&mut out, "SHA-256", format!("`{}`", i.sha256));
    row(
        &mut out,
        "Size",
        format!("{} bytes, {} lines", fmt_count(i.bytes), fmt_count(i.lines)),
    );
    row(
        &mut out,
        "Decks",
        format!(
            "{} decks of {} cards, numbered {} ({})",
            fmt_count(i.decks),
            i.deck,
            match i.base {
                decks::Base::Zero => "from 0",
                decks::Base::One => "from 1",
            },
            if i.base_detected {
                "detected from the first lines"
            } else {
                "as given"
            }
        ),
    );
    let invalid: u64 = i.invalid.iter().map(|b| b.count).sum();
    row(
        &mut out,
        "Invalid lines",
        if invalid == 0 {
            "none".into()
        } else {
            let kinds: Vec<String> = i
                .invalid
                .iter()
                .map(|b| {
                    format!(
                        "{} {} (first: line {})",
                        fmt_count(b.count),
                        b.kind,
                        b.first_line
                    )
                })
                .collect();
            format!("{} skipped: {}", fmt_count(invalid), kinds.join("; "))
        },
    );
    row(
        &mut out,
        "Order",
        match &r.lag1 {
            Some(lag) => format!(
                "as dealt: each deck also tested against the one before it ({} pairs)",
                fmt_count(lag.pairs)
            ),
            None => "not the order dealt (`--unordered`): consecutive decks not tested".into(),
        },
    );
    row(
        &mut out,
        "Level",
        format!(
            "{} family-wise over {} tests (Bonferroni: {:.3e} per test)",
            fmt_level(l.alpha),
            l.tests,
            l.per_test
        ),
    );
    row(
        &mut out,
        "Smallest adjusted p-value",
        format!(
            "{} (grade: {})",
            fmt_log10_p(r.result.log10_min_adjusted_p),
            r.result.verdict.label()
        ),
    );
    row(
        &mut out,
        "Finding",
        format!(
            "`{}`: {}",
            r.finding.label(),
            crate::text::sampled::finding_sentence(r)
        ),
    );
    row(&mut out, "Command", format!("`{}`", p.command));
    row(
        &mut out,
        "Tool",
        format!(
            "{} {}, commit `{}`, {}",
            p.tool, p.version, p.git_commit, p.rustc
        ),
    );
    row(&mut out, "Date", p.date.clone());
    out += "\n## What was tested\n\n";
    out += "| test | what it checks | sample | statistic | df | p-value | level | result |\n";
    out += "|---|---|---|---|---|---|---|---|\n";
    let tests = r
        .result
        .tests
        .iter()
        .chain(r.lag1.iter().flat_map(|lag| lag.tests.iter()));
    for t in tests {
        test_row(&mut out, t, l);
    }
    let skipped: Vec<_> = r
        .result
        .skipped_tests
        .iter()
        .chain(r.lag1.iter().flat_map(|lag| lag.skipped.iter()))
        .collect();
    if !skipped.is_empty() {
        out += "\nNot run:\n\n";
        for s in skipped {
            let _ = writeln!(out, "- `{}`: {}", s.name, s.reason);
        }
    }
    let _ = write!(
        out,
        "\nA test fails when its p-value is below its share of the level ({:.3e}); the verdict is \"bias shown\" when one does. ",
        l.per_test
    );
    out += "Each test's null law is exact or its calibration is tested (`docs/methods.md`).\n";
    out += "\n## Checking this certificate\n\n";
    let _ = writeln!(
        out,
        "Compute the SHA-256 of the input (`sha256sum FILE`) and compare it with the one above; then run the command again on it: the same bytes give the same tests, statistics and verdict. `certificate.json` holds the same figures, the counts behind them and the tool's provenance (schema: `reports/SCHEMA.md`)."
    );
    out
}

fn test_row(out: &mut String, t: &TestResult, l: &stats::audit::Level) {
    let _ = writeln!(
        out,
        "| `{}` | {} | {} {} | {:.4} | {} | {} | {:.3e} | {} |",
        t.name,
        t.name.meaning(),
        fmt_count(t.shuffles),
        if t.name.lag1 { "pairs" } else { "decks" },
        t.statistic,
        if t.df > 0.0 {
            t.df.to_string()
        } else {
            "–".into()
        },
        fmt_log10_p(t.log10_p),
        l.per_test,
        if l.rejects(t.log10_p) {
            "**fail**"
        } else {
            "pass"
        }
    );
}
