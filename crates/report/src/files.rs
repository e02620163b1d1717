//! The files of the default run beside `report.json`: a CSV of every
//! matrix and histogram, a position heatmap of every case, permutation
//! figures, p-value histograms of two-level runs, and the headline figure.
//!
//! Each is rendered in memory, as an [`OutputFile`]: a path relative to the
//! report folder, with `/` separators, as `report.json` lists it, and its
//! bytes. The folder writer ([`crate::folder::ReportFolder`]) writes them.

use crate::error::ReportError;
use crate::figures::{self, Figure, PValues, Panel};
use crate::fmt::fmt_count;
use crate::suite::{SuiteCase, SuiteReport};
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
/// Which files a default run writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileSet {
    /// What the pages show and the data behind it: the committed report.
    /// Each algorithm's heatmaps of the decks its page shows
    /// ([`crate::SuiteAlgorithm::page_heatmap_decks`]), its permutation
    /// figures, SVG twins of the figures drawn as bars or lines that stay
    /// small, the sampled counts, the exact laws of enumerated decks, and
    /// permutation CSVs up to [`CSV_PERMUTATIONS_UP_TO`] cards.
    #[default]
    Pages,
    /// Also every deck's heatmap, the SVG twin of every figure, the exact
    /// position matrices of large decks, and permutation CSVs up to
    /// [`CSV_PERMUTATIONS_ALL_UP_TO`] cards (`--all-files`).
    All,
}

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

/// Heatmaps are written as SVG too up to this deck size; larger ones
/// (thousands of cells, over half a megabyte of SVG each) as PNG only.
pub const SVG_HEATMAPS_UP_TO: usize = 10;

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
    /// Draw the permutation figure (it needs `counts`) on this axis.
    pub permutation: Option<PermutationAxis<'a>>,
    /// A fair shuffle's position counts on the same deck and as many
    /// shuffles (Fisher–Yates in the same run), drawn beside the case on
    /// the same colour scale.
    pub control: Option<&'a [Vec<u64>]>,
    /// Which files the run writes.
    pub set: FileSet,
    /// Whether the algorithm's page shows this deck's heatmap.
    pub on_page: bool,
}

/// What the permutation figures of one deck share, so that a reader can
/// compare them: the fair envelope ([`fair_envelope`]) and the axis's top
/// (ratio to `1/n!`, [`permutation_top`] over every algorithm drawn).
#[derive(Clone, Copy, Debug)]
pub struct PermutationAxis<'a> {
    /// The fair envelope.
    pub envelope: &'a [(f64, f64)],
    /// The top of the axis.
    pub top: f64,
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

/// The share of a heatmap's colour scale a fair shuffle's largest cell
/// may reach: the scale runs to at least the fair spread divided by this,
/// so a fair shuffle's matrix stays in the palest quarter of the colours.
pub const PALE: f64 = 0.25;

/// The probability that a fair shuffle's largest cell leaves the pale
/// part of the scale ([`stats::fair::position_spread`]'s `alpha`).
pub const FAIR_ALPHA: f64 = 0.01;

/// The colour limit of heatmaps of `deck` cards sampled `shuffles` times:
/// the largest deviation drawn, but at least the deviation every cell of a
/// fair shuffle stays within (99 %, all cells at once) divided by
/// [`PALE`].
pub fn colour_limit(matrices: &[&[Vec<f64>]], deck: usize, shuffles: u64) -> f64 {
    let floor = stats::fair::position_spread(deck, shuffles, FAIR_ALPHA) / PALE;
    figures::colour_limit(matrices, floor)
}

/// The band a fair shuffle's permutation histogram of `k` arrangements and
/// `shuffles` decks stays in, all at once in 99 of 100 runs, as ratios to
/// uniform: per bar up to 24 arrangements, per rank of the sorted curve
/// beyond ([`stats::fair`]).
pub fn fair_envelope(k: usize, shuffles: u64) -> Vec<(f64, f64)> {
    let expected = shuffles as f64 / k as f64;
    let ratio = |(lo, hi): (u64, u64)| (lo as f64 / expected, hi as f64 / expected);
    if k <= 24 {
        vec![ratio(stats::fair::histogram_band(k, shuffles, FAIR_ALPHA)); k]
    } else {
        stats::fair::sorted_envelope(k, shuffles, FAIR_ALPHA)
            .into_iter()
            .map(ratio)
            .collect()
    }
}

/// Counts as ratios to their mean: how many times as often as uniform.
pub fn ratios_to_uniform(counts: &[u64]) -> Vec<f64> {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts.iter().map(|&c| c as f64 / expected).collect()
}

/// The widest a permutation figure's axis gets: `×1/4` to `×4`. A few
/// algorithms deal some decks hundreds of times too often (a seed of a
/// few bits); an axis stretched to them would flatten every other curve,
/// so theirs run off the edge, and the figure says so.
pub const PERMUTATION_TOP_MAX: f64 = 4.0;

/// The top `T` of a permutation figure's logarithmic axis, which runs
/// from `1/T` to `T`: a little beyond the farthest ratio from 1 drawn
/// (sampled, exact or the fair envelope's, either way: `r` or `1/r`).
/// Zero ratios (arrangements never dealt) do not count: they sit on the
/// bottom edge.
pub fn permutation_top(ratios: &[f64], exact: Option<&[f64]>, envelope: &[(f64, f64)]) -> f64 {
    let farthest = ratios
        .iter()
        .chain(exact.unwrap_or(&[]))
        .copied()
        .chain(envelope.iter().flat_map(|&(lo, hi)| [lo, hi]))
        .filter(|&r| r > 0.0)
        .map(|r| r.max(1.0 / r))
        .fold(1.0, f64::max);
    (farthest * 1.08).min(PERMUTATION_TOP_MAX)
}

/// What the colour limits promise, for a figure's subtitle.
fn pale_note() -> String {
    format!(
        "a fair shuffle stays within the palest {:.0}% of the colours in 99 of 100 runs",
        100.0 * PALE
    )
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

/// An exact position matrix as CSV, one row per cell:
/// `card,position,probability_exact,probability`, the reduced fraction
/// beside its value correctly rounded.
pub fn csv_cells(rows: &[Vec<stats::Fraction>]) -> String {
    let mut s = String::from("card,position,probability_exact,probability\n");
    for (card, row) in rows.iter().enumerate() {
        for (position, f) in row.iter().enumerate() {
            let _ = writeln!(s, "{card},{position},{f},{}", f.to_f64());
        }
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
/// rows); larger ones are summarised by their figure and tests, unless
/// every file is asked for ([`FileSet::All`]).
pub const CSV_PERMUTATIONS_UP_TO: usize = 6;

/// With [`FileSet::All`], permutation histograms are written as CSV up to
/// this deck size (40,320 rows).
pub const CSV_PERMUTATIONS_ALL_UP_TO: usize = 8;

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
    // The counts of a large deck (more cards than can be enumerated) are
    // in report.json; their CSV copies, like its battery's, come with
    // every file.
    let copies = data.set == FileSet::All || n <= stats::MAX_EXACT_DECK;
    if copies {
        write(
            format!("data/{id}/positions-n{n}.csv"),
            csv_matrix(&s.position_matrix),
        )?;
    }
    let exact_positions = data
        .law
        .map(ExactDistribution::position_matrix)
        .or_else(|| data.positions.map(stats::markov::PositionLaw::rows));
    // Enumerated laws: each cell as its exact fraction (`10/27`) beside
    // its value. The Markov chain's 52-card fractions have ~90-digit
    // denominators: there the cells are the exact values correctly
    // rounded, written only with every file, and `shuffle-audit exact -d
    // 52 --json` gives the fractions.
    let exact_csv = match (data.law, &exact_positions) {
        (Some(law), _) => Some(csv_cells(&law.position_fractions())),
        (None, Some(m)) if data.set == FileSet::All => Some(csv_matrix(m)),
        _ => None,
    };
    if let Some(csv) = exact_csv {
        write(format!("data/{id}/exact-positions-n{n}.csv"), csv)?;
    }
    let csv_up_to = match data.set {
        FileSet::Pages => CSV_PERMUTATIONS_UP_TO,
        FileSet::All => CSV_PERMUTATIONS_ALL_UP_TO,
    };
    if let Some(counts) = data.counts
        && n <= csv_up_to
    {
        write(
            format!("data/{id}/permutations-n{n}.csv"),
            csv_permutations(n, counts, data.law),
        )?;
    }
    if let Some(battery) = &s.battery
        && copies
    {
        write(format!("data/{id}/battery-n{n}.csv"), csv_battery(battery))?;
    }

    // The position heatmap: the exact law beside the samples when known,
    // and a fair shuffle's sample of the same size on the same scale.
    let sampled = deviation(&s.position_matrix);
    // The exact panel: its matrix, heading and description, from the law
    // when the deck was enumerated, else from the Markov chain.
    let exact = match (data.law, data.positions) {
        (Some(law), _) => Some((
            law.position_matrix(),
            format!("exact law: TV {:.4}", law.total_variation().lower),
            format!("the exact law (every one of {} paths)", fmt_count(law.paths)),
        )),
        (None, Some(p)) => Some((
            p.rows(),
            "exact position matrix (Markov chain)".to_string(),
            format!(
                "exact, no sampling (one card's position as a Markov chain through {} random swaps)",
                p.steps
            ),
        )),
        (None, None) => None,
    }
    .map(|(m, heading, part)| (exact_deviation(&m), heading, part));
    let control = data.control.map(deviation);
    let mut matrices: Vec<&[Vec<f64>]> = vec![&sampled];
    let mut panels = Vec::new();
    let mut parts = Vec::new();
    if let Some((e, heading, part)) = &exact {
        matrices.push(e);
        panels.push(Panel {
            heading: heading.clone(),
            deviation: e,
        });
        parts.push(part.clone());
    }
    panels.push(Panel {
        heading: format!("{} shuffles: {}", fmt_count(s.shuffles), s.verdict.label()),
        deviation: &sampled,
    });
    parts.push(format!(
        "{} shuffles, seed {}",
        fmt_count(s.shuffles),
        s.seed
    ));
    if let Some(c) = &control {
        matrices.push(c);
        panels.push(Panel {
            heading: "fair control: Fisher–Yates".into(),
            deviation: c,
        });
        parts.push("Fisher–Yates, as many shuffles, the fair control".into());
    }
    let limit = colour_limit(&matrices, n, s.shuffles);
    let order = match parts.len() {
        1 => vec![""],
        2 => vec!["Left: ", "right: "],
        _ => vec!["Left: ", "middle: ", "right: "],
    };
    let lines = vec![
        format!(
            "{n} cards. Rows: cards by starting position; columns: final positions; colour: \
             observed / expected − 1, limits ±{:.2}% ({}).",
            100.0 * limit,
            pale_note()
        ),
        parts
            .iter()
            .zip(order)
            .map(|(p, o)| format!("{o}{p}"))
            .collect::<Vec<_>>()
            .join("; ")
            + ".",
    ];
    let stem = format!("figures/{id}/positions-n{n}");
    let [png, svg] = figure_files(&stem, || {
        figures::heatmap(
            &format!("{id}: where each card ends up"),
            &lines,
            &panels,
            limit,
        )
    })?;
    if data.on_page || data.set == FileSet::All {
        files.push(png);
    }
    if data.set == FileSet::All && n <= SVG_HEATMAPS_UP_TO {
        files.push(svg);
    }

    // The permutation figure.
    if let (Some(axis), Some(counts)) = (data.permutation, data.counts) {
        let k = counts.len();
        let ratios = ratios_to_uniform(counts);
        let exact: Option<Vec<f64>> = data
            .law
            .map(|law| law.probabilities().iter().map(|p| p * k as f64).collect());
        let stem = format!("figures/{id}/permutations-n{n}");
        let band = if k <= 24 {
            "grey: the band every bar of a fair shuffle stays in (99 of 100 runs)"
        } else {
            "grey: the envelope a fair shuffle's sorted curve stays in (99 of 100 runs)"
        };
        let mut line = format!(
            "{n} cards, {} shuffles, seed {}. Blue: sampled; black line: uniform 1/{n}!; {band}",
            fmt_count(s.shuffles),
            s.seed
        );
        if exact.is_some() {
            line.push_str("; red: the exact law");
        }
        line.push('.');
        let beyond = ratios
            .iter()
            .chain(exact.as_deref().unwrap_or(&[]))
            .any(|&r| r > axis.top || (r > 0.0 && r < 1.0 / axis.top));
        if beyond {
            line.push_str(&format!(
                " Ratios beyond ×{t} or below ×1/{t} are drawn at the edges.",
                t = axis.top
            ));
        }
        let [png, svg] = figure_files(&stem, || {
            figures::permutations(
                &format!("{id}: how likely each arrangement is"),
                &[line],
                n,
                &ratios,
                Some(axis.envelope),
                exact.as_deref(),
                axis.top,
            )
        })?;
        files.push(png);
        // Bars (up to 24 arrangements) make a small SVG; a sorted curve
        // of thousands of points does not.
        if k <= 24 || data.set == FileSet::All {
            files.push(svg);
        }
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
pub fn headline(report: &SuiteReport) -> Result<Option<[OutputFile; 2]>, ReportError> {
    let get = |id: &str| report.algorithms.iter().find(|a| a.info.id == id);
    let (Some(naive), Some(fy)) = (get(HEADLINE_PANELS[0].0), get(HEADLINE_PANELS[2].0)) else {
        return Ok(None);
    };
    let off = get(HEADLINE_PANELS[1].0);
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
                HEADLINE_PANELS[0].1,
                HEADLINE_PANELS[0].2,
                sampled(naive, d)?,
            )];
            if let Some(o) = off {
                v.push((HEADLINE_PANELS[1].1, HEADLINE_PANELS[1].2, sampled(o, d)?));
            }
            v.push((HEADLINE_PANELS[2].1, HEADLINE_PANELS[2].2, sampled(fy, d)?));
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

/// The headline's panels: registry id, name, and what the line that picks
/// the card to swap multiplies `Math.random()` by.
pub const HEADLINE_PANELS: [(&str, &str, &str); 3] = [
    ("naive-swap", "naive swap", "random() * deck.length"),
    ("blog-fisher-yates", "off by one", "random() * index"),
    ("fisher-yates", "Fisher–Yates", "random() * (index + 1)"),
];

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
    }

    #[test]
    fn a_fair_shuffle_stays_pale_beside_a_biased_one_on_one_scale() {
        // 13 cards, 100,000 shuffles, seed 1: Fisher–Yates's largest cell
        // stays within the fair spread (99 %, all 169 cells), so within
        // the palest quarter of the scale; the naive swap's heatmap draws
        // the fair control beside it (two panels) on that scale.
        let sample = |id: &str| {
            let e = find(id).unwrap();
            let audit = stats::audit::audit(&e.algorithm, 13, 100_000, 1, 1, false, &|_| {});
            crate::suite::SuiteCase {
                deck: 13,
                exact: None,
                exact_positions: None,
                sampled: Some(crate::sampled::SampleReport::new(
                    e, &audit, 100_000, "rng", None,
                )),
                shuffles_to_detect: None,
                skipped: vec![],
                files: vec![],
            }
        };
        let (fy, naive) = (sample("fisher-yates"), sample("naive-swap"));
        let fair = deviation(&fy.sampled.as_ref().unwrap().position_matrix);
        let biased = deviation(&naive.sampled.as_ref().unwrap().position_matrix);
        let largest = |m: &[Vec<f64>]| m.iter().flatten().fold(0.0f64, |a, v| a.max(v.abs()));
        let alone = colour_limit(&[&fair], 13, 100_000);
        assert!(largest(&fair) <= PALE * alone, "{} {alone}", largest(&fair));
        let shared = colour_limit(&[&biased, &fair], 13, 100_000);
        assert_eq!(shared, largest(&biased), "the biased matrix sets the scale");
        let control = fy.sampled.as_ref().unwrap().position_matrix.clone();
        let files = case_files(
            "naive-swap",
            &naive,
            CaseData {
                control: Some(&control),
                on_page: true,
                ..CaseData::default()
            },
        )
        .unwrap();
        let png = files
            .iter()
            .find(|f| f.path == "figures/naive-swap/positions-n13.png")
            .unwrap();
        let img = image::load_from_memory(&png.bytes).unwrap();
        assert_eq!(
            img.width(),
            150 + 640 * 2,
            "sample and control side by side"
        );
        // 13 cards: above SVG_HEATMAPS_UP_TO, the heatmap is a PNG alone.
        assert!(!files.iter().any(|f| f.path.ends_with("positions-n13.svg")));
        // A heatmap the page does not show is drawn only with every file,
        // and so is a large deck's CSV copy of counts report.json holds.
        let paths = |set, on_page| -> Vec<String> {
            case_files(
                "naive-swap",
                &naive,
                CaseData {
                    set,
                    on_page,
                    ..CaseData::default()
                },
            )
            .unwrap()
            .into_iter()
            .map(|f| f.path)
            .collect()
        };
        let heatmap = "figures/naive-swap/positions-n13.png".to_string();
        let counts = "data/naive-swap/positions-n13.csv".to_string();
        let pages = paths(FileSet::Pages, false);
        assert!(
            !pages.contains(&heatmap) && pages.contains(&counts),
            "{pages:?}"
        );
        let all = paths(FileSet::All, false);
        assert!(all.contains(&heatmap) && all.contains(&counts), "{all:?}");
    }

    #[test]
    fn exact_position_csv_gives_each_cell_as_a_fraction_and_a_value() {
        let law = law("naive-swap", 3);
        let csv = csv_cells(&law.position_fractions());
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 1 + 9);
        assert_eq!(lines[0], "card,position,probability_exact,probability");
        // Card 0 ends at position 0 on 9 of the 27 paths (4 + 5 from the
        // arrangements 012 and 021).
        assert_eq!(lines[1], "0,0,1/3,0.3333333333333333");
        let total: f64 = lines[1..4]
            .iter()
            .map(|l| l.rsplit(',').next().unwrap().parse::<f64>().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-12, "card 0's row sums to {total}");
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
