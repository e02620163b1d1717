//! The certificate of an audit (`shuffle-audit audit --out DIR`): what was
//! read, identified by its SHA-256; what was tested, on how many decks, at
//! which level; each result; the verdict; and how to check it all again.

use crate::document::Provenance;
use crate::document::Standalone;
use crate::fmt::{fmt_count, fmt_df, fmt_level, fmt_log10_p};
use crate::sampled::{AuditReport, InputInfo, ShoeAuditReport};
use judge::grade::{Finding, Grade, Level};
use stats::hypothesis::audit::Skipped;
use stats::hypothesis::fit::TestResult;
use std::fmt::Write;

/// What a certificate says, from an audit of decks or of shoes.
struct Certified<'a> {
    input: &'a InputInfo,
    /// What one line holds, for the "Decks" row.
    lines_hold: String,
    /// `"deck"` or `"shoe"`.
    unit: &'static str,
    lag_pairs: Option<u64>,
    level: &'a Level,
    log10_min_adjusted_p: f64,
    grade: Grade,
    finding: Finding,
    finding_sentence: String,
    tests: Vec<&'a TestResult>,
    skipped: Vec<&'a Skipped>,
}

fn numbering(i: &InputInfo) -> String {
    let how = if i.base_detected {
        "detected from the first lines"
    } else {
        "as given"
    };
    match i.base {
        Some(deck_lines::Base::Zero) => format!("numbered from 0 ({how})"),
        Some(deck_lines::Base::One) => format!("numbered from 1 ({how})"),
        None => format!("the composition {how}"),
    }
}

/// The certificate of an audit of decks, as Markdown.
pub fn markdown(doc: &Standalone<AuditReport>) -> String {
    let r = &doc.document;
    let i = &r.input;
    render(
        &Certified {
            input: i,
            lines_hold: format!(
                "{} decks of {} cards, {}",
                fmt_count(i.decks),
                i.deck,
                numbering(i)
            ),
            unit: "deck",
            lag_pairs: r.lag1.as_ref().map(|l| l.pairs),
            level: &r.level,
            log10_min_adjusted_p: r.result.log10_min_adjusted_p,
            grade: r.result.verdict,
            finding: r.finding,
            finding_sentence: crate::text::sampled::finding_sentence(r),
            tests: r
                .result
                .tests
                .iter()
                .chain(r.lag1.iter().flat_map(|lag| lag.tests.iter()))
                .collect(),
            skipped: r
                .result
                .skipped_tests
                .iter()
                .chain(r.lag1.iter().flat_map(|lag| lag.skipped.iter()))
                .collect(),
        },
        &doc.provenance,
    )
}

/// The certificate of an audit of shoes, as Markdown.
pub fn shoe_markdown(doc: &Standalone<ShoeAuditReport>) -> String {
    let r = &doc.document;
    let i = &r.input;
    render(
        &Certified {
            input: i,
            lines_hold: format!("{}, {}", r.holds(None), numbering(i)),
            unit: r.unit(),
            lag_pairs: r.lag1.as_ref().map(|l| l.pairs),
            level: &r.level,
            log10_min_adjusted_p: r.log10_min_adjusted_p,
            grade: r.verdict,
            finding: r.finding,
            finding_sentence: crate::text::sampled::shoe_finding_sentence(r),
            tests: r.family().collect(),
            skipped: r
                .skipped_tests
                .iter()
                .chain(r.lag1.iter().flat_map(|lag| lag.skipped.iter()))
                .collect(),
        },
        &doc.provenance,
    )
}

fn render(c: &Certified<'_>, p: &Provenance) -> String {
    let (i, l) = (c.input, c.level);
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
    // A cell ends at a line break or an unescaped `|`, even inside a code
    // span: the cells escape both.
    let row = |out: &mut String, k: &str, v: String| {
        let _ = writeln!(out, "| {k} | {} |", v.replace('|', "\\|"));
    };
    out += "| | |\n|---|---|\n";
    let source = if i.source == "-" {
        "standard input".to_string()
    } else {
        code_span(&deck_lines::shown_name(&i.source))
    };
    row(&mut out, "Input", source);
    row(
        &mut out,
        "SHA-256",
        match &i.sha256 {
            Some(hex) => format!("`{hex}`"),
            None => i.digest().to_string(),
        },
    );
    row(
        &mut out,
        "Size",
        format!("{} bytes, {} lines", fmt_count(i.bytes), fmt_count(i.lines)),
    );
    row(
        &mut out,
        match c.unit {
            "shoe" => "Shoes",
            "decklist" => "Decklists",
            _ => "Decks",
        },
        markdown_text(&c.lines_hold),
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
        match c.lag_pairs {
            Some(pairs) => format!(
                "as dealt: each {} also tested against the one before it ({} pairs)",
                c.unit,
                fmt_count(pairs)
            ),
            None => format!(
                "not the order dealt (`--unordered`): consecutive {}s not tested",
                c.unit
            ),
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
            fmt_log10_p(c.log10_min_adjusted_p),
            c.grade.label()
        ),
    );
    row(
        &mut out,
        "Finding",
        format!("`{}`: {}", c.finding.label(), c.finding_sentence),
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
    row(&mut out, "Date", p.date.clone().unwrap_or_default());
    out += "\n## What was tested\n\n";
    out += "| test | what it checks | sample | statistic | df | p-value | level | result |\n";
    out += "|---|---|---|---|---|---|---|---|\n";
    for t in &c.tests {
        test_row(&mut out, t, l, c.unit);
    }
    if !c.skipped.is_empty() {
        out += "\nNot run:\n\n";
        for s in &c.skipped {
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

fn test_row(out: &mut String, t: &TestResult, l: &Level, unit: &str) {
    let _ = writeln!(
        out,
        "| `{}` | {}{} | {} {} | {:.4} | {} | {} | {:.3e} | {} |",
        t.name,
        t.subject
            .as_ref()
            .map_or(String::new(), |s| format!("Group {s}: ")),
        t.name.meaning(),
        fmt_count(t.shuffles),
        if t.name.lag1 {
            "pairs".to_string()
        } else {
            format!("{unit}s")
        },
        t.statistic,
        fmt_df(t.df),
        fmt_log10_p(t.log10_p),
        l.per_test,
        if l.rejects(t.log10_p) {
            "**fail**"
        } else {
            "pass"
        }
    );
}

/// `text` as a Markdown code span: fenced by more backticks than it holds
/// in a row, with a space inside the fence when it starts or ends with a
/// backtick, so that a file named with backticks shows as named.
fn code_span(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

/// `text` as Markdown shows it letter for letter: every character that
/// Markdown reads as a mark (`\`, `` ` ``, `*`, `_`, `[`, `]`, `<`, `>`,
/// `#`, `~`) escaped with a backslash.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '~'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
