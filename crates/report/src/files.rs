//! The files of the default run beside `report.json`: a CSV of every
//! matrix and histogram, a position heatmap of every case, permutation
//! figures, p-value histograms of two-level runs, and the headline figure.
//!
//! Each is rendered in memory, as an [`OutputFile`]: a path relative to the
//! report folder, with `/` separators, as `report.json` lists it, and its
//! bytes. The folder writer ([`crate::folder::ReportFolder`]) writes them.

use crate::figures::{self, Figure, PValues, Panel};
use crate::fmt::fmt_count;
use crate::suite::{SuiteCase, SuiteReport};
use crate::write::ReportError;
use stats::ExactDistribution;
use std::fmt::Write as _;

/// One file of a report folder, rendered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    /// Its path relative to the report folder, with `/` separators.
    pub path: String,
    /// Its contents.
    pub bytes: Vec<u8>,
}

impl OutputFile {
    /// A text file.
    pub fn text(path: impl Into<String>, text: impl Into<String>) -> Self {
        OutputFile {
            path: path.into(),
            bytes: text.into().into_bytes(),
        }
    }

    /// A figure's two files, `stem.png` and `stem.svg`, PNG first.
    pub fn figure(stem: &str, figure: Figure) -> [Self; 2] {
        [
            OutputFile {
                path: format!("{stem}.png"),
                bytes: figure.png,
            },
            OutputFile::text(format!("{stem}.svg"), figure.svg),
        ]
    }
}

/// The figure drawn by `draw`, as the two files of `stem`, or the error
/// naming `stem`.
fn figure_files(
    stem: &str,
    draw: impl FnOnce() -> Result<Figure, figures::FigureError>,
) -> Result<[OutputFile; 2], ReportError> {
    let figure = draw().map_err(|source| ReportError::Figure {
        path: stem.to_string(),
        source,
    })?;
    Ok(OutputFile::figure(stem, figure))
}

/// What a case's files need beyond the [`SuiteCase`] itself, which keeps
/// only what `report.json` holds.
#[derive(Clone, Copy, Debug, Default)]
pub struct CaseData<'a> {
    /// The first run's permutation counts, when a histogram was kept (also
    /// for decks whose counts `report.json` leaves out).
    pub counts: Option<&'a [u64]>,
    /// The exact law, when the deck was enumerated.
    pub law: Option<&'a ExactDistribution>,
    /// The exact position matrix by the Markov chain, for a swap-based
    /// shuffle on a deck too large to enumerate.
    pub positions: Option<&'a stats::markov::PositionLaw>,
    /// Whether to draw the permutation figure (it needs `counts`).
    pub permutation_figure: bool,
}

/// `observed / expected − 1` for a matrix of counts, each row against its
/// own total spread evenly over the positions.
pub fn deviation(counts: &[Vec<u64>]) -> Vec<Vec<f64>> {
    let n = counts.len() as f64;
    counts
        .iter()
        .map(|row| {
            let total: u64 = row.iter().sum();
            let expected = total as f64 / n;
            row.iter().map(|&c| c as f64 / expected - 1.0).collect()
        })
        .collect()
}

/// `p · n − 1` for a matrix of exact probabilities.
pub fn exact_deviation(probabilities: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = probabilities.len() as f64;
    probabilities
        .iter()
        .map(|row| row.iter().map(|&p| p * n - 1.0).collect())
        .collect()
}

/// The noise floor of a heatmap's colour scale: four standard errors of a
/// fair shuffle's cell, `4 sqrt((n-1)/N)`.
pub fn noise_floor(deck: usize, shuffles: u64) -> f64 {
    4.0 * ((deck as f64 - 1.0) / shuffles as f64).sqrt()
}

/// A matrix as CSV: a `card` column, then one column per position.
pub fn csv_matrix<T: std::fmt::Display>(rows: &[Vec<T>]) -> String {
    let n = rows.len();
    let mut s = String::from("card");
    for p in 0..n {
        let _ = write!(s, ",position_{p}");
    }
    s.push('\n');
    for (card, row) in rows.iter().enumerate() {
        let _ = write!(s, "{card}");
        for c in row {
            let _ = write!(s, ",{c}");
        }
        s.push('\n');
    }
    s
}

/// The permutation histogram as CSV, one row per arrangement in
/// lexicographic order (rank 0 is the identity): the sampled `count` and,
/// when the law is known, its exact `weight` out of the law's `denominator`
/// and the `probability` it gives.
pub fn csv_permutations(deck: usize, counts: &[u64], law: Option<&ExactDistribution>) -> String {
    let mut s = String::from("rank,arrangement,count");
    if law.is_some() {
        s.push_str(",exact_weight,exact_denominator,exact_probability");
    }
    s.push('\n');
    let mut a: Vec<u8> = (0..deck as u8).collect();
    for (r, c) in counts.iter().enumerate() {
        let arr: Vec<String> = a.iter().map(|x| x.to_string()).collect();
        let _ = write!(s, "{r},{},{c}", arr.join(" "));
        if let Some(law) = law {
            let _ = write!(
                s,
                ",{},{},{}",
                law.weights[r],
                law.denominator,
                law.probability(r)
            );
        }
        s.push('\n');
        stats::perm::next_permutation(&mut a);
    }
    s
}

/// Permutation histograms are written as CSV up to this deck size (720
/// rows); larger ones are summarised by their figure and tests.
pub const CSV_PERMUTATIONS_UP_TO: usize = 6;

/// The battery as CSV: `statistic,k,count,exact_probability`, one row per
/// statistic and value `k` in `0..=n`.
pub fn csv_battery(battery: &[stats::battery::StatisticSummary]) -> String {
    let mut out = String::from("statistic,k,count,exact_probability\n");
    for b in battery {
        for (k, (c, p)) in b.counts.iter().zip(&b.null).enumerate() {
            let _ = writeln!(out, "{},{k},{c},{p:e}", b.statistic);
        }
    }
    out
}

/// The files of one sampled case of algorithm `id` (`data/<id>/`,
/// `figures/<id>/`).
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn case_files(
    id: &str,
    case: &SuiteCase,
    data: CaseData,
) -> Result<Vec<OutputFile>, ReportError> {
    let Some(s) = &case.sampled else {
        return Ok(Vec::new());
    };
    let n = s.deck;
    let mut files = Vec::new();
    let mut write = |rel: String, text: String| -> Result<(), ReportError> {
        files.push(OutputFile::text(rel, text));
        Ok(())
    };
    write(
        format!("data/{id}/positions-n{n}.csv"),
        csv_matrix(&s.position_matrix),
    )?;
    let exact_positions = data
        .law
        .map(ExactDistribution::position_matrix)
        .or_else(|| data.positions.map(stats::markov::PositionLaw::rows));
    // Enumerated laws: each cell as its exact fraction (`10/27`). The
    // Markov chain's 52-card fractions have ~90-digit denominators: there
    // the cells are the exact values correctly rounded, and `shuffle-audit
    // exact -d 52 --json` gives the fractions.
    let exact_csv = match (data.law, &exact_positions) {
        (Some(law), _) => Some(csv_matrix(&law.position_fractions())),
        (None, Some(m)) => Some(csv_matrix(m)),
        (None, None) => None,
    };
    if let Some(csv) = exact_csv {
        write(format!("data/{id}/exact-positions-n{n}.csv"), csv)?;
    }
    if let Some(counts) = data.counts
        && n <= CSV_PERMUTATIONS_UP_TO
    {
        write(
            format!("data/{id}/permutations-n{n}.csv"),
            csv_permutations(n, counts, data.law),
        )?;
    }
    if let Some(battery) = &s.battery {
        write(format!("data/{id}/battery-n{n}.csv"), csv_battery(battery))?;
    }

    // The position heatmap: the exact law beside the samples when known.
    let sampled = deviation(&s.position_matrix);
    let exact = exact_positions.as_deref().map(exact_deviation);
    let mut matrices: Vec<&[Vec<f64>]> = vec![&sampled];
    let mut panels = Vec::new();
    if let Some(e) = &exact {
        matrices.push(e);
        let heading = match data.law {
            Some(law) => format!("exact law: TV {:.4}", law.total_variation().lower),
            None => "exact position matrix (Markov chain)".into(),
        };
        panels.push(Panel {
            heading,
            deviation: e,
        });
    }
    panels.push(Panel {
        heading: format!("{} shuffles: {}", fmt_count(s.shuffles), s.verdict.label()),
        deviation: &sampled,
    });
    let limit = figures::colour_limit(&matrices, noise_floor(n, s.shuffles));
    let mut lines = vec![format!(
        "{n} cards. Rows: cards by starting position; columns: final positions; colour: \
         observed / expected − 1, limits ±{:.2}%.",
        100.0 * limit
    )];
    lines.push(if let Some(law) = data.law {
        format!(
            "Left: the exact law (every one of {} paths); right: {} shuffles, seed {}.",
            fmt_count(law.paths),
            fmt_count(s.shuffles),
            s.seed
        )
    } else if let Some(p) = data.positions {
        format!(
            "Left: exact, no sampling (one card's position as a Markov chain through {} random \
             swaps); right: {} shuffles, seed {}.",
            p.steps,
            fmt_count(s.shuffles),
            s.seed
        )
    } else {
        format!(
            "{} shuffles, seed {}; largest deviation {:.2}%.",
            fmt_count(s.shuffles),
            s.seed,
            100.0 * s.effect.sampled.max_relative_deviation
        )
    });
    let stem = format!("figures/{id}/positions-n{n}");
    files.extend(figure_files(&stem, || {
        figures::heatmap(
            &format!("{id}: where each card ends up"),
            &lines,
            &panels,
            limit,
        )
    })?);

    // The permutation figure.
    if data.permutation_figure
        && let Some(counts) = data.counts
    {
        let total: u64 = counts.iter().sum();
        let probs: Vec<f64> = counts.iter().map(|&c| c as f64 / total as f64).collect();
        let exact = data.law.map(ExactDistribution::probabilities);
        let stem = format!("figures/{id}/permutations-n{n}");
        let mut line = format!(
            "{n} cards, {} shuffles, seed {}. Blue: sampled; black line: uniform 1/{n}!; grey: a \
             fair shuffle's 99% band",
            fmt_count(s.shuffles),
            s.seed
        );
        if exact.is_some() {
            line.push_str("; red: the exact law");
        }
        line.push('.');
        files.extend(figure_files(&stem, || {
            figures::permutations(
                &format!("{id}: how likely each arrangement is"),
                &[line],
                n,
                &probs,
                Some(s.shuffles),
                exact.as_deref(),
            )
        })?);
    }

    // The two-level test's p-values.
    if let Some(r) = &s.repeat {
        let tests: Vec<PValues> = r
            .p_values
            .iter()
            .zip(&r.ks)
            .map(|(v, ks)| PValues {
                name: v.name.as_str(),
                values: &v.values,
                ks_log10_p: ks.log10_p,
            })
            .collect();
        let stem = format!("figures/{id}/pvalues-n{n}");
        let figure = figures::p_values(
            &format!("{id}: p-values of {} runs", r.runs),
            &[format!(
                "{n} cards, {} shuffles per run, seeds {}..={}. Bars: runs per tenth of [0, 1]; \
                 line: what a fair shuffle gives, runs / 10.",
                fmt_count(s.shuffles),
                r.seeds.first().copied().unwrap_or(s.seed),
                r.seeds.last().copied().unwrap_or(s.seed)
            )],
            &tests,
        );
        files.extend(figure_files(&stem, || figure)?);
    }
    Ok(files)
}

/// Where the riffle figure goes in the report folder: `RIFFLE_FIGURE.png`
/// and `.svg`.
pub const RIFFLE_FIGURE: &str = "figures/riffles";

/// The riffle figure, [`RIFFLE_FIGURE`]: the exact distance after `k` GSR
/// riffles beside what each test sees, for each model.
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn riffle_figure(r: &crate::sampled::RiffleReport) -> Result<[OutputFile; 2], ReportError> {
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
            "Right: -log10 p of each test on {} decks riffled k times (seed {}); below the grey line (p = {}) a test can no longer tell.",
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

/// The headline figure, [`HEADLINE`]: the naive swap beside Fisher–Yates
/// on the largest small deck both were sampled on, on one colour scale.
/// `None` when the report lacks either.
///
/// # Errors
/// [`ReportError::Figure`] naming the figure that could not be drawn.
pub fn headline(report: &SuiteReport) -> Result<Option<[OutputFile; 2]>, ReportError> {
    let get = |id: &str| report.algorithms.iter().find(|a| a.info.id == id);
    let (Some(naive), Some(fy)) = (get("naive-swap"), get("fisher-yates")) else {
        return Ok(None);
    };
    fn sampled(
        a: &crate::suite::SuiteAlgorithm,
        deck: usize,
    ) -> Option<&crate::sampled::SampleReport> {
        a.cases
            .iter()
            .find(|c| c.deck == deck)
            .and_then(|c| c.sampled.as_ref())
    }
    let pair = report
        .settings
        .plan
        .decks
        .iter()
        .rev()
        .find_map(|&d| Some((sampled(naive, d)?, sampled(fy, d)?)));
    let Some((sn, sf)) = pair else {
        return Ok(None);
    };
    let deck = sn.deck;
    let (dn, df) = (
        deviation(&sn.position_matrix),
        deviation(&sf.position_matrix),
    );
    let limit = figures::colour_limit(&[&dn, &df], noise_floor(deck, sn.shuffles));
    let figure = figures::heatmap(
        &format!("The naive swap is biased; Fisher–Yates is not ({deck} cards)"),
        &[
            format!(
                "Each: {} shuffles, seed {}. Rows: cards by starting position; columns: final \
                 positions.",
                fmt_count(sn.shuffles),
                sn.seed
            ),
            format!(
                "Colour: how much more (red) or less (blue) often than 1/{deck} a card ends at a \
                 position; limits ±{:.1}%.",
                100.0 * limit
            ),
        ],
        &[
            Panel {
                heading: format!("naive swap: {}", sn.verdict.label()),
                deviation: &dn,
            },
            Panel {
                heading: format!("Fisher–Yates: {}", sf.verdict.label()),
                deviation: &df,
            },
        ],
        limit,
    );
    figure_files(HEADLINE, || figure).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use algorithms::registry::find;
    use stats::{Limits, exact_distribution};

    fn law(id: &str, deck: usize) -> ExactDistribution {
        let entry = find(id).unwrap();
        exact_distribution(&entry.algorithm, deck, &Limits::default()).unwrap()
    }

    #[test]
    fn deviations_of_counts_and_of_exact_laws() {
        let d = deviation(&[vec![10, 30], vec![20, 20]]);
        assert_eq!(d, vec![vec![-0.5, 0.5], vec![0.0, 0.0]]);
        // Fisher–Yates is exactly uniform: every cell deviates by 0.
        let fy = exact_deviation(&law("fisher-yates", 4).position_matrix());
        assert!(fy.iter().flatten().all(|v| v.abs() < 1e-12), "{fy:?}");
        // The naive swap on 3 cards: card 1 ends at position 0 with
        // probability 10/27, so 10/9 − 1 too often.
        let naive = exact_deviation(&law("naive-swap", 3).position_matrix());
        assert!((naive[1][0] - 1.0 / 9.0).abs() < 1e-12, "{naive:?}");
        assert!((noise_floor(5, 400) - 0.4).abs() < 1e-12);
    }

    #[test]
    fn permutation_csv_holds_counts_and_exact_weights() {
        let law = law("naive-swap", 3);
        let csv = csv_permutations(3, &[4, 5, 5, 5, 4, 4], Some(&law));
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 7);
        assert_eq!(
            lines[0],
            "rank,arrangement,count,exact_weight,exact_denominator,exact_probability"
        );
        assert_eq!(lines[1], "0,0 1 2,4,4,27,0.14814814814814814");
        assert_eq!(lines[6], "5,2 1 0,4,4,27,0.14814814814814814");
        let plain = csv_permutations(3, &[1; 6], None);
        assert!(
            plain.starts_with("rank,arrangement,count\n0,0 1 2,1\n"),
            "{plain}"
        );
        let m = csv_matrix(&[vec![1u64, 2], vec![2, 1]]);
        assert_eq!(m, "card,position_0,position_1\n0,1,2\n1,2,1\n");
    }

    #[test]
    fn battery_csv_lists_every_value_with_its_exact_law() {
        use stats::sample::Accumulator;
        let mut b = stats::battery::Battery::new(3);
        b.observe(&[0, 1, 2]);
        b.observe(&[1, 2, 0]);
        let info = b.summary();
        let csv = csv_battery(&info);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "statistic,k,count,exact_probability");
        // 5 statistics × 4 values (k = 0..=3).
        assert_eq!(lines.len(), 1 + 5 * 4);
        let row = |i: usize| -> (String, u64, f64) {
            let f: Vec<&str> = lines[i].split(',').collect();
            (
                format!("{},{}", f[0], f[1]),
                f[2].parse().unwrap(),
                f[3].parse().unwrap(),
            )
        };
        // Fixed points of 3 cards: 2, 3, 0, 1 of the 6 arrangements have k = 0..=3.
        // The identity has 3 fixed points and 3 cycles; [1, 2, 0] none and 1.
        for (i, key, count, p) in [
            (1, "fixed-points,0", 1, 2.0 / 6.0),
            (3, "fixed-points,2", 0, 0.0),
            (4, "fixed-points,3", 1, 1.0 / 6.0),
            (6, "cycles,1", 1, 2.0 / 6.0),
            (8, "cycles,3", 1, 1.0 / 6.0),
        ] {
            let (k, c, q) = row(i);
            assert_eq!((k.as_str(), c), (key, count));
            assert!((q - p).abs() < 1e-15, "{}", lines[i]);
        }
        assert!((info[0].mean - 1.5).abs() < 1e-12 && info[0].null_mean == 1.0);
    }
}
