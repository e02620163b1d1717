//! The figures of the whole run: the riffle study and the headline slide.

use super::scale::{colour_limit, deviation};
use super::{OutputFile, figure_files};
use crate::error::ReportError;
use crate::figures::{self, Panel};
use crate::fmt::fmt_count;
use crate::suite::{LESSON, SuiteReport};

/// Where the riffle figure goes in the report folder: `RIFFLE_FIGURE.png`
/// and `.svg`.
pub const RIFFLE_FIGURE: &str = "figures/riffles";

/// The riffle figure, [`RIFFLE_FIGURE`]: the exact distance after `k` GSR
/// riffles beside what each test sees, for each model.
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn riffle_figure(r: &crate::sampled::RiffleReport) -> Result<Vec<OutputFile>, ReportError> {
    let exact: Vec<(u32, f64)> = r
        .study
        .models
        .iter()
        .flat_map(|m| m.rows.iter())
        .filter_map(|row| row.exact_total_variation.map(|tv| (row.riffles, tv)))
        .collect();
    let panels: Vec<figures::RifflePanel> = r
        .study
        .models
        .iter()
        .map(|m| {
            let names: Vec<&str> = m
                .rows
                .first()
                .map(|row| row.tests.iter().map(|t| t.name.as_str()).collect())
                .unwrap_or_default();
            figures::RifflePanel {
                heading: format!("{}: what each test sees", m.algorithm),
                curves: names
                    .iter()
                    .map(|&name| figures::RiffleCurve {
                        name,
                        points: m
                            .rows
                            .iter()
                            .filter_map(|row| {
                                row.tests
                                    .iter()
                                    .find(|t| t.name == name)
                                    .map(|t| (row.riffles, t.log10_p))
                            })
                            .collect(),
                    })
                    .collect(),
            }
        })
        .collect();
    let lines = vec![
        format!(
            "{} cards. Left: the exact total variation distance after k Gilbert-Shannon-Reeds riffles (Bayer and Diaconis 1992).",
            r.study.deck
        ),
        format!(
            "Right: −log10 p of each test on {} decks riffled k times (seed {}); below the dashed line (p = {}) a test can no longer tell; p below 10^−30 sits on the top edge.",
            fmt_count(r.study.shuffles),
            r.study.seed,
            r.study.tells_below
        ),
    ];
    figure_files(RIFFLE_FIGURE, || {
        figures::riffles(
            "How many riffles make a deck look shuffled?",
            &lines,
            &exact,
            &panels,
            r.study.tells_below,
        )
    })
}

/// Where the headline figure goes in the report folder: `HEADLINE.png` and
/// `.svg`.
pub const HEADLINE: &str = "headline";

/// The headline figure, [`HEADLINE`]: a 16:9 slide of the naive swap, the
/// off-by-one (Sattolo's algorithm, when it ran) and Fisher–Yates on the
/// largest small deck all were sampled on, on one colour scale. `None`
/// when the report lacks the naive swap or Fisher–Yates.
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn headline(report: &SuiteReport) -> Result<Option<Vec<OutputFile>>, ReportError> {
    let get = |id: &str| report.algorithms.iter().find(|a| a.info.id == id);
    let (Some(naive), Some(fy)) = (get(LESSON[0]), get(LESSON[2])) else {
        return Ok(None);
    };
    let off = get(LESSON[1]);
    fn sampled(
        a: &crate::suite::SuiteAlgorithm,
        deck: usize,
    ) -> Option<&crate::sampled::SampleReport> {
        a.cases
            .iter()
            .find(|c| c.deck == deck)
            .and_then(|c| c.sampled.as_ref())
    }
    let chosen: Option<Vec<(&str, &str, &crate::sampled::SampleReport)>> = report
        .settings
        .plan
        .decks
        .iter()
        .rev()
        .filter(|&&d| d <= SLIDE_DECK_UP_TO)
        .find_map(|&d| {
            let mut v = vec![(
                HEADLINE_PANELS[0].0,
                HEADLINE_PANELS[0].1,
                sampled(naive, d)?,
            )];
            if let Some(o) = off {
                v.push((HEADLINE_PANELS[1].0, HEADLINE_PANELS[1].1, sampled(o, d)?));
            }
            v.push((HEADLINE_PANELS[2].0, HEADLINE_PANELS[2].1, sampled(fy, d)?));
            Some(v)
        });
    let Some(chosen) = chosen else {
        return Ok(None);
    };
    let first = chosen[0].2;
    let (deck, shuffles, seed) = (first.deck, first.shuffles, first.seed);
    let deviations: Vec<Vec<Vec<f64>>> = chosen
        .iter()
        .map(|(_, _, s)| deviation(&s.position_matrix))
        .collect();
    let matrices: Vec<&[Vec<f64>]> = deviations.iter().map(Vec::as_slice).collect();
    let limit = colour_limit(&matrices, deck, shuffles);
    let panels: Vec<Panel> = chosen
        .iter()
        .zip(&deviations)
        .map(|((name, _, s), d)| Panel {
            heading: format!("{name}: {}", s.verdict.label()),
            deviation: d,
        })
        .collect();
    let code: Vec<String> = chosen
        .iter()
        .map(|(name, line, _)| format!("{name}: {line}"))
        .collect();
    let figure = figures::slide(
        &format!("One line decides whether a shuffle is fair ({deck} cards)"),
        &[
            code.join("  ·  "),
            format!(
                "Rows: cards; columns: where they end; {} shuffles each, seed {seed}. Red: more \
                 often than 1/{deck}; blue: less often; one scale, ±{:.0}%.",
                fmt_count(shuffles),
                100.0 * limit,
            ),
        ],
        &panels,
        limit,
        "shuffle-audit · reports/README.md · cargo run --release",
    );
    figure_files(HEADLINE, || figure).map(Some)
}

/// The headline shows the largest small deck up to this size: larger ones
/// leave cells too narrow for their labels at a slide's text size.
pub const SLIDE_DECK_UP_TO: usize = 6;

/// The headline's panels, in [`LESSON`]'s order: the name, and what the
/// line that picks the card to swap multiplies `Math.random()` by.
pub const HEADLINE_PANELS: [(&str, &str); 3] = [
    ("naive swap", "random() * deck.length"),
    ("off by one", "random() * index"),
    ("Fisher–Yates", "random() * (index + 1)"),
];
