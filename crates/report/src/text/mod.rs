//! Plain-text renderings for the terminal.

use crate::algorithm::AlgorithmInfo;
use crate::fmt::{effect_cell, fmt_log10_p};
use crate::suite::SuiteReport;
use judge::Verdict;
use std::fmt::Write;

mod exact;
pub(crate) mod sampled;
mod studies;

pub use crate::arrangement::arrangement_label;
pub use exact::{exact, exact_chain};
pub use sampled::{audit, follow, sample, shoe_audit};
pub use studies::{guess, power, predict, riffle, scaling};

/// The registry as a table.
pub fn list(infos: &[AlgorithmInfo]) -> String {
    let w = infos.iter().map(|i| i.id.len()).max().unwrap_or(2);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<w$}  {:<8}  {:<13}  source",
        "id", "expected", "exact"
    );
    for i in infos {
        let exact = if i.passes > 1 {
            format!("{} x{}", i.exact_method, i.passes)
        } else {
            i.exact_method.to_string()
        };
        let first = i
            .sources
            .first()
            .map(|s| {
                format!(
                    "{}: {}",
                    crate::algorithm::document_name(&s.document),
                    s.location
                )
            })
            .unwrap_or_default();
        let more = if i.sources.len() > 1 {
            format!(" (+{} more)", i.sources.len() - 1)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{:<w$}  {:<8}  {:<13}  {first}{more}",
            i.id, i.expected, exact
        );
    }
    out
}

/// `text` in the terminal colour `code` (an SGR number) when `colour`.
fn paint(text: &str, code: u8, colour: bool) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// The default run's closing table. With `colour`, verdicts are green
/// (uniform), yellow (unusual, suspicious) or red (biased), and a
/// disagreement with the registry bold red.
pub fn suite(report: &SuiteReport, colour: bool) -> String {
    let w = report
        .algorithms
        .iter()
        .map(|a| a.info.id.len())
        .max()
        .unwrap_or(9)
        .max(9);
    let mut out = String::new();
    let mut misses = 0;
    let _ = writeln!(
        out,
        "{:<w$}  {:<8}  {:<10}  {:>12}  {:<28}  basis",
        "algorithm", "expected", "verdict", "worst p", "effect"
    );
    for a in &report.algorithms {
        let worst = a.worst_log10_p().map_or_else(|| "-".into(), fmt_log10_p);
        let effect = effect_cell(a);
        let basis = match (a.largest_exact().is_some(), a.worst_log10_p().is_some()) {
            (true, true) => "exact + sampled",
            (true, false) => "exact",
            (false, true) => "sampled",
            (false, false) => "-",
        };
        // A verdict other than expected that agrees all the same: the
        // exact law says this budget cannot show the bias.
        let missed = a.agrees && a.verdict.label() != a.info.expected.to_string();
        misses += usize::from(missed);
        let flag = if !a.agrees {
            format!("  {}", paint("<- disagrees with the registry", 1, colour))
        } else if missed {
            "  *".to_string()
        } else {
            String::new()
        };
        let code = match a.verdict {
            Verdict::Uniform => 32,
            Verdict::Biased => 31,
            Verdict::Suspicious | Verdict::Unusual | Verdict::NotRun => 33,
        };
        // Padded before it is painted, so that escapes do not shift columns.
        let verdict = paint(&format!("{:<10}", a.verdict.label()), code, colour);
        let _ = writeln!(
            out,
            "{:<w$}  {:<8}  {verdict}  {:>12}  {:<28}  {basis}{flag}",
            a.info.id, a.info.expected, worst, effect
        );
    }
    if misses > 0 {
        let _ = writeln!(
            out,
            "\n* expected {}: a bias that needs more shuffles than this run dealt, as the exact law or the seed space says; not a disagreement (the report gives the shuffles needed)",
            if misses == 1 { "miss" } else { "misses" }
        );
    }
    out
}
