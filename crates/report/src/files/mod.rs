//! The files of the default run beside `report.json`: a CSV of every
//! matrix and histogram, a position heatmap of every case, permutation
//! figures, p-value histograms of two-level runs, and the headline figure.
//!
//! Each is rendered in memory, as an [`OutputFile`]: a path relative to the
//! report folder, with `/` separators, as `report.json` lists it, and its
//! bytes. The folder writer (`report_folder::ReportFolder`) writes them.

use crate::error::ReportError;
use crate::figures::{self, Figure, Formats, PValues, Panel};
use crate::fmt::fmt_count;
use crate::suite::SuiteCase;
use stats::ExactDistribution;

mod csv;
mod scale;
mod whole;

pub use crate::suite::FileSet;
pub use csv::{
    CSV_PERMUTATIONS_ALL_UP_TO, CSV_PERMUTATIONS_UP_TO, csv_battery, csv_cells, csv_matrix,
    csv_permutations,
};
use scale::pale_note;
pub use scale::{
    PALE, PERMUTATION_TOP_MAX, colour_limit, deviation, exact_deviation, fair_envelope, fair_runs,
    permutation_top, ratios_to_uniform, scale_range,
};
pub use whole::{
    HEADLINE, LESSON_NAMES, OFF_BY_ONE_SLIDE, PATH_BARS, PATH_FIGURE, RIFFLE_FIGURE,
    SLIDE_DECK_UP_TO, Slides, handout_tree, path_bars, path_figure, riffle_figure, round_limit,
    slide_deck, slide_sample, slides,
};

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

    /// A figure's files, `stem.png` and `stem.svg` as drawn, PNG first.
    pub fn figure(stem: &str, figure: Figure) -> Vec<Self> {
        let png = figure.png.map(|bytes| OutputFile {
            path: format!("{stem}.png"),
            bytes,
        });
        let svg = figure
            .svg
            .map(|text| OutputFile::text(format!("{stem}.svg"), text));
        png.into_iter().chain(svg).collect()
    }
}

/// The figure drawn by `draw`, as the files of `stem`, or the error naming
/// `stem`.
fn figure_files(
    stem: &str,
    draw: impl FnOnce() -> Result<Figure, figures::FigureError>,
) -> Result<Vec<OutputFile>, ReportError> {
    let figure = draw().map_err(|cause| ReportError::Figure {
        path: stem.to_string(),
        cause,
    })?;
    Ok(OutputFile::figure(stem, figure))
}

/// Heatmaps are written as SVG up to this deck size: alone for a page
/// (a third of the PNG's bytes, and sharp at any zoom), beside their PNG
/// with every file. Larger ones (thousands of cells, over half a megabyte
/// of SVG each) are PNG only.
pub const SVG_HEATMAPS_UP_TO: usize = 10;

/// Permutation figures of at most this many arrangements (3 cards) label
/// each bar with its exact probability as a fraction.
const FRACTION_LABELS_UP_TO: usize = 6;

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
    pub positions: Option<&'a stats::law::markov::PositionLaw>,
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

impl<'a> CaseData<'a> {
    /// The exact law when the walk took every path: one cut by its budget
    /// leaves mass unexplored, and its figures would be a lower bound drawn
    /// as the law.
    fn whole_law(&self) -> Option<&'a ExactDistribution> {
        self.law.filter(|l| l.cut_paths == 0)
    }
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
        .or_else(|| data.positions.map(stats::law::markov::PositionLaw::rows));
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
    // and a fair shuffle's sample of the same size on the same scale. Drawn
    // only when written: on the algorithm's page, or with every file.
    let heatmap = match data.set {
        FileSet::All if n <= SVG_HEATMAPS_UP_TO => Some(Formats::Both),
        FileSet::All => Some(Formats::Png),
        FileSet::Pages if !data.on_page => None,
        FileSet::Pages if n <= SVG_HEATMAPS_UP_TO => Some(Formats::Svg),
        FileSet::Pages => Some(Formats::Png),
    };
    if let Some(formats) = heatmap {
        files.extend(position_heatmap(id, s.deck, Some(s), &data, formats)?);
    }

    // The permutation figure.
    if let (Some(axis), Some(counts)) = (data.permutation, data.counts) {
        let k = counts.len();
        let ratios = ratios_to_uniform(counts);
        let law = data.whole_law();
        let exact: Option<Vec<f64>> =
            law.map(|law| law.probabilities().iter().map(|p| p * k as f64).collect());
        // Few bars: each labelled with its exact probability.
        let fractions: Option<Vec<String>> =
            law.filter(|_| k <= FRACTION_LABELS_UP_TO).map(|law| {
                law.weights
                    .iter()
                    .map(|&w| stats::Fraction::new(w, law.denominator).to_string())
                    .collect()
            });
        let stem = format!("figures/{id}/permutations-n{n}");
        let bars = k <= crate::figures::BARS_UP_TO;
        let band = if bars {
            format!(
                "grey: the band every bar of a fair shuffle stays in ({})",
                fair_runs()
            )
        } else {
            format!(
                "grey: the envelope a fair shuffle's sorted curve stays in ({})",
                fair_runs()
            )
        };
        let mut line = format!(
            "{n} cards, {} shuffles, seed {}. Blue: sampled; black line: uniform 1/{n}!; {band}",
            fmt_count(s.shuffles),
            s.seed
        );
        if exact.is_some() {
            line.push_str("; red: the exact law");
        }
        if fractions.is_some() {
            line.push_str(", its probability at the foot of each bar");
        }
        line.push('.');
        // Bars start at zero; a sorted curve's log axis stops at 1/top.
        let beyond = ratios
            .iter()
            .chain(exact.as_deref().unwrap_or(&[]))
            .any(|&r| r > axis.top || (!bars && r > 0.0 && r < 1.0 / axis.top));
        if beyond {
            line.push_str(&if bars {
                format!(" Ratios beyond ×{} are drawn at the top.", axis.top)
            } else {
                format!(
                    " Ratios beyond ×{t} or below ×1/{t} are drawn at the edges.",
                    t = axis.top
                )
            });
        }
        // Bars make an SVG a fifth of their PNG; a sorted curve of
        // thousands of points does not.
        let formats = match data.set {
            FileSet::All => Formats::Both,
            FileSet::Pages if bars => Formats::Svg,
            FileSet::Pages => Formats::Png,
        };
        files.extend(figure_files(&stem, || {
            figures::permutations(
                &format!("{id}: how likely each arrangement is"),
                &[line],
                figures::Arrangements {
                    deck: n,
                    ratios: &ratios,
                    envelope: Some(axis.envelope),
                    exact: exact.as_deref(),
                    fractions: fractions.as_deref(),
                    top: axis.top,
                    from_uniform: false,
                },
                formats,
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
            &format!("{id}: p-values of {} runs", r.runs()),
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

/// The report's position heatmap of `id` on `deck` cards as PNG bytes:
/// the exact panel when `law` is given whole, the sampled one when
/// `sample` is given (the Python package's `.heatmap()`).
///
/// # Errors
/// [`ReportError::Figure`] when it cannot be drawn, or neither is given.
pub fn position_png(
    id: &str,
    deck: usize,
    sample: Option<&crate::sampled::SampleReport>,
    law: Option<&ExactDistribution>,
) -> Result<Vec<u8>, ReportError> {
    let data = CaseData {
        law,
        ..CaseData::default()
    };
    let files = position_heatmap(id, deck, sample, &data, Formats::Png)?;
    Ok(files
        .into_iter()
        .next()
        .expect("a figure is at least its PNG")
        .bytes)
}

/// The position heatmap of one case, in `formats`: the exact panel when
/// `data` has the law (or the Markov chain's matrix), the sampled one when
/// `sample` is given, the fair control when `data` has one.
fn position_heatmap(
    id: &str,
    n: usize,
    sample: Option<&crate::sampled::SampleReport>,
    data: &CaseData,
    formats: Formats,
) -> Result<Vec<OutputFile>, ReportError> {
    let stem = format!("figures/{id}/positions-n{n}");
    let Some(s) = sample else {
        return exact_heatmap(id, &stem, data);
    };
    let sampled = deviation(&s.position_matrix);
    // The exact panel: its matrix, heading and description, from the law
    // when the deck was enumerated whole (a walk cut by its budget leaves
    // mass unexplored: its matrix is a lower bound, not the law), else
    // from the Markov chain.
    let exact = match (data.whole_law(), data.positions) {
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
             observed / expected − 1, limits {} ({}).",
            scale_range(limit, 2),
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
    figure_files(&stem, || {
        figures::heatmap(
            &format!("{id}: where each card ends up"),
            &lines,
            &panels,
            limit,
            formats,
        )
    })
}

/// The exact panel alone, on the scale of its largest deviation: an exact
/// law has no sampling noise to keep pale.
fn exact_heatmap(id: &str, stem: &str, data: &CaseData) -> Result<Vec<OutputFile>, ReportError> {
    let no_law = || ReportError::Figure {
        path: stem.to_string(),
        cause: figures::FigureError {
            format: "png",
            message: "no whole exact law and no sample to draw".into(),
        },
    };
    let law = data.whole_law().ok_or_else(no_law)?;
    let exact = exact_deviation(&law.position_matrix());
    let flat = exact.iter().flatten().all(|&d| d == 0.0);
    // A law whose every cell is exactly 1/n has no deviation to scale to:
    // its white cells are drawn on a scale of ±1 %, said so.
    let limit = if flat {
        0.01
    } else {
        figures::colour_limit(&[&exact], 0.0)
    };
    let scale = if flat {
        format!("every cell exactly 0 (drawn on {})", scale_range(limit, 0))
    } else {
        format!("limits {}", scale_range(limit, 2))
    };
    let lines = vec![format!(
        "{} cards. Rows: cards by starting position; columns: final positions; colour: \
         probability × {} − 1, {scale}. The exact law: every one of {} paths, no sampling.",
        law.deck,
        law.deck,
        fmt_count(law.paths)
    )];
    let panels = [Panel {
        heading: format!("exact law: TV {:.4}", law.total_variation().lower),
        deviation: &exact,
    }];
    figure_files(stem, || {
        figures::heatmap(
            &format!("{id}: where each card ends up"),
            &lines,
            &panels,
            limit,
            Formats::Png,
        )
    })
}

/// The figures of the famous cases that draw one (Bostock's matrix, the
/// draft lotteries), each recorded in its case.
///
/// # Errors
/// [`ReportError::Figure`] when a figure cannot be drawn.
pub fn case_figures(cases: &mut [judge::cases::Case]) -> Result<Vec<OutputFile>, ReportError> {
    use judge::cases::CaseFigures;
    let mut out = Vec::new();
    for case in cases {
        let stem = crate::markdown::cases::case_figure_stem(&case.id);
        let files = match &case.figures {
            CaseFigures::Bostock2014(b) => bostock_figure(&stem, b)?,
            CaseFigures::Draft1970(d) => draft_figure(&stem, d)?,
            _ => continue,
        };
        case.figure = Some(files[0].path.clone());
        out.extend(files);
    }
    Ok(out)
}

fn bostock_figure(stem: &str, b: &judge::cases::Bostock) -> Result<Vec<OutputFile>, ReportError> {
    let sampled = deviation(&b.counts);
    let control = deviation(&b.control);
    let limit = colour_limit(&[&sampled, &control], b.deck, b.shuffles);
    let panels = [
        Panel {
            heading: format!("{}: {} sorts", b.algorithm, fmt_count(b.shuffles)),
            deviation: &sampled,
        },
        Panel {
            heading: "fair control: Fisher–Yates".into(),
            deviation: &control,
        },
    ];
    let lines = vec![format!(
        "{} cards, {} runs each, seed {}. Rows: cards by starting position; columns: \
         final positions; colour: observed / expected − 1, limits {} ({}).",
        b.deck,
        fmt_count(b.shuffles),
        b.seed,
        scale_range(limit, 0),
        pale_note()
    )];
    figure_files(stem, || {
        figures::heatmap(
            "array.sort(() => Math.random() - .5) in V8 before 7.0",
            &lines,
            &panels,
            limit,
            Formats::Png,
        )
    })
}

fn draft_figure(stem: &str, d: &judge::cases::Draft) -> Result<Vec<OutputFile>, ReportError> {
    const MONTHS: [&str; 12] = ["J", "F", "M", "A", "M", "J", "J", "A", "S", "O", "N", "D"];
    let panels: Vec<figures::DrawPanel> = d
        .years
        .iter()
        .map(|y| figures::DrawPanel {
            heading: format!(
                "{}: ρ = {}, {}",
                y.year,
                y.rho_3,
                crate::fmt::fmt_p_is(
                    y.verdict
                        .test(stats::hypothesis::single::DrawStatistic::SpearmanRho)
                        .map_or(0.0, |t| t.log10_p)
                )
            ),
            drawn_at: &y.numbers,
            groups: y
                .months()
                .into_iter()
                .zip(MONTHS)
                .zip(&y.month_means)
                .map(|((r, l), &m)| (r, l, m))
                .collect(),
            list_axis: "birth date",
            draw_axis: "draft number (drawn n-th)",
        })
        .collect();
    let lines = vec![
        "Dots: each birth date's draft number. Red: each month's mean. Dashed: the mean of \
         every month in a fair draw. 1970's capsules went in month by month, December last, \
         and December's came out first; 1971 drew from two drums loaded in random order."
            .to_string(),
    ];
    figure_files(stem, || {
        figures::draws(
            "The US draft lotteries: draft number by birth date",
            &lines,
            &panels,
        )
    })
}

#[cfg(test)]
mod tests;
