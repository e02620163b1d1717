//! Plain-text renderings for the terminal.

use crate::algorithm::AlgorithmInfo;
use crate::fmt::{effect_cell, fmt_count, fmt_log10_p};
use crate::suite::SuiteReport;
use judge::Verdict;
use std::fmt::Write;

mod exact;
pub(crate) mod sampled;
mod studies;
mod table;

use table::{Align, Cell, Table, paint};

pub use crate::arrangement::arrangement_label;
pub use exact::{exact, exact_chain};
pub use sampled::{audit, follow, sample, shoe_audit, single_audit};
pub use studies::{guess, power, predict, recover, riffle, scaling};

/// The registry as a table.
pub fn list(infos: &[AlgorithmInfo]) -> String {
    let mut table = Table::new("", "  ")
        .column("id", Align::Left, 2)
        .column("expected", Align::Left, 8)
        .column("exact", Align::Left, 13)
        .column("source", Align::Left, 0);
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
        table.row([
            i.id.clone(),
            i.expected.to_string(),
            exact,
            format!("{first}{more}"),
        ]);
    }
    table.render(false)
}

/// The default run's closing table. With `colour`, verdicts are green
/// (uniform), yellow (unusual, suspicious) or red (biased), and a
/// disagreement with the registry bold red.
pub fn suite(report: &SuiteReport, colour: bool) -> String {
    let mut table = Table::new("", "  ")
        .column("algorithm", Align::Left, 9)
        .column("expected", Align::Left, 8)
        .column("verdict", Align::Left, 10)
        .column("worst p", Align::Right, 12)
        .column("effect", Align::Left, 28)
        .column("basis", Align::Left, 0);
    let mut misses = 0;
    let mut unseen: Vec<String> = Vec::new();
    for a in &report.algorithms {
        // Biased by its exact law while no sample shows it: a p-value here
        // would read as a pass, so the row says why instead.
        let beyond_the_sample = a.verdict == Verdict::Biased
            && a.largest_exact().is_some_and(|e| e.total_variation > 0.0)
            && a.cases
                .iter()
                .filter_map(|c| c.sampled.as_ref())
                .all(|s| s.verdict != judge::grade::Grade::Biased);
        let worst = if beyond_the_sample {
            "not seen †".to_string()
        } else {
            a.worst_log10_p().map_or_else(|| "-".into(), fmt_log10_p)
        };
        if beyond_the_sample {
            let needed = a
                .cases
                .iter()
                .filter_map(|c| Some((c.deck, c.shuffles_to_detect?, c.sampled.as_ref()?.shuffles)))
                .min_by(|x, y| x.1.total_cmp(&y.1));
            unseen.push(match needed {
                Some((deck, needed, dealt)) => format!(
                    "{}: about {} shuffles of {deck} cards to see it, {} dealt",
                    a.info.id,
                    crate::fmt::fmt_shuffles(needed),
                    fmt_count(dealt)
                ),
                None => a.info.id.clone(),
            });
        }
        let basis = match (a.largest_exact().is_some(), a.worst_log10_p().is_some()) {
            (true, true) => "exact + sampled",
            (true, false) => "exact",
            (false, true) => "sampled",
            (false, false) => "-",
        };
        let missed = judge::Standing::of(a.verdict, a.info.expected, a.agrees)
            .misses_a_known_bias(a.info.expected);
        misses += usize::from(missed);
        let flag = if !a.agrees {
            format!("  {}", paint("<- disagrees with the registry", 1, colour))
        } else if missed {
            "  *".to_string()
        } else {
            String::new()
        };
        let code = match a.verdict {
            Verdict::Uniform | Verdict::NoBiasShown => 32,
            Verdict::Biased => 31,
            Verdict::Suspicious | Verdict::Unusual | Verdict::NotRun => 33,
        };
        table.row([
            Cell::from(a.info.id.clone()),
            a.info.expected.to_string().into(),
            Cell::painted(a.verdict.label(), code),
            worst.into(),
            effect_cell(a).into(),
            format!("{basis}{flag}").into(),
        ]);
    }
    let mut out = table.render(colour);
    if !unseen.is_empty() {
        let _ = writeln!(
            out,
            "\n† biased by the exact law (its TV above); the bias is below what this run's sample \
             can see, so no sampled p-value is shown: {}",
            unseen.join("; ")
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
