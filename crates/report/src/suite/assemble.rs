//! Every file of the default run's folder, rendered from the judge's
//! results: `report.json`, `run.json`, each case's CSV and figures, the
//! slides, the pages and the handouts.

use super::{FileSet, SuiteAlgorithm, SuiteReport, SuiteSettings};
use crate::document::{AlgorithmTime, Provenance, RunClock, SCHEMA_MD, SCHEMA_VERSION, Timings};
use crate::error::ReportError;
use crate::files::{self, CaseData, OutputFile, PermutationAxis};
use crate::sampled::{RiffleReport, SampleReport};
use judge::suite::{Judged, Progress, Stage, SuiteResults};
use rayon::prelude::*;
use stats::sample::RNG_NAME;
use std::collections::BTreeMap;

/// The default run's folder, rendered.
#[derive(Debug)]
pub struct Documents {
    /// `report.json`'s document.
    pub report: SuiteReport,
    /// Every file, `report.json` and `run.json` among them, paths relative
    /// to the folder.
    pub files: Vec<OutputFile>,
}

/// Renders the run `results` into its folder's files, `set` of them, with
/// `provenance` (its date, threads, wall time and the `clock`'s stages go
/// to `run.json`). Figures are drawn in parallel on the current thread
/// pool; `progress` is told of each algorithm's figures and of the
/// [`Stage::Figures`] and [`Stage::Headline`] stages' ends.
///
/// `previous` holds the files of the report the folder holds now, by path.
/// When this run's report is that one but for the commit it names (every
/// figure, table and page the same, and no file more or less), the files
/// keep naming the commit they name: that commit's code wrote these bytes,
/// and a regeneration that changes nothing else changes no byte.
///
/// # Errors
/// When a figure cannot be drawn or a page rendered.
pub fn documents(
    results: SuiteResults,
    mut provenance: Provenance,
    set: FileSet,
    previous: &BTreeMap<String, Vec<u8>>,
    clock: &RunClock,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Documents, ReportError> {
    let SuiteResults {
        plan,
        judged,
        riffles,
        paths,
        seeding,
        readback,
        mut cases,
        decklist,
        sorting,
    } = results;
    let mut algorithms: Vec<SuiteAlgorithm> = judged
        .iter()
        .map(|j| SuiteAlgorithm::of(j, RNG_NAME))
        .collect();
    let mut files = figure_stage(&mut algorithms, &judged, &plan, set, progress)?;
    let riffles = riffles
        .map(|study| -> Result<RiffleReport, ReportError> {
            let mut r = RiffleReport {
                study,
                figure: None,
            };
            let figure = files::riffle_figure(&r)?;
            r.figure = Some(figure[0].path.clone());
            files.extend(figure);
            Ok(r)
        })
        .transpose()?;
    let mut report = SuiteReport {
        schema_version: SCHEMA_VERSION,
        provenance: provenance.clone(),
        settings: SuiteSettings {
            plan,
            rng: RNG_NAME.into(),
            files: set,
        },
        headline: None,
        off_by_one_slide: None,
        path_figure: None,
        path_bars: None,
        algorithms,
        riffles,
        paths,
        seeding,
        readback,
        cases: Vec::new(),
        decklist,
        sorting,
    };
    files.extend(files::case_figures(&mut cases)?);
    report.cases = cases;
    let calibration =
        crate::calibration::page(&crate::calibration::shipped()).map_err(|cause| {
            ReportError::Figure {
                path: crate::calibration::FIGURE.into(),
                cause,
            }
        })?;
    files.extend(OutputFile::figure(
        crate::calibration::FIGURE,
        calibration.figure,
    ));
    progress(Progress::Done(Stage::Figures));
    let slides = files::slides(&report)?;
    report.headline = slides.headline;
    report.off_by_one_slide = slides.off_by_one;
    files.extend(slides.files);
    if let Some(tree) = files::path_figure(&report)? {
        report.path_figure = Some(tree[0].path.clone());
        files.extend(tree);
    }
    if let Some(bars) = files::path_bars(&report)? {
        report.path_bars = Some(bars[0].path.clone());
        files.extend(bars);
    }
    progress(Progress::Done(Stage::Headline));

    // What varies from run to run goes to a file of its own: every page
    // and `report.json` are what a rerun reproduces.
    report.provenance = provenance.clone();
    report.provenance.take_run();
    let mut pages = stamped_pages(&report, &calibration.markdown)?;
    if let Some(kept) = kept_commit(previous, &files, &report, &calibration.markdown)? {
        report.provenance.git_commit = kept.0;
        provenance.git_commit = report.provenance.git_commit.clone();
        pages = kept.1;
    }
    files.extend(pages);

    let mut sampling: Vec<AlgorithmTime> = judged
        .iter()
        .map(|j| AlgorithmTime {
            algorithm: j.entry.id.into(),
            seconds: j.seconds,
        })
        .collect();
    sampling.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    provenance.timings = Some(Timings {
        stages: clock.stages(),
        sampling,
    });
    provenance.wall_seconds = Some(clock.seconds());
    let run = provenance.take_run();
    files.push(OutputFile::text(
        crate::markdown::RUN_FILE,
        json(crate::markdown::RUN_FILE, &run, true)?,
    ));
    Ok(Documents { report, files })
}

/// The files that name the provenance: `report.json`, the schema, the
/// Markdown pages (the calibration page's `calibration` among them), their
/// HTML twins and the handouts.
fn stamped_pages(report: &SuiteReport, calibration: &str) -> Result<Vec<OutputFile>, ReportError> {
    let mut files = Vec::new();
    files.push(OutputFile::text(
        "report.json",
        json("report.json", &report, false)?,
    ));
    files.push(OutputFile::text("SCHEMA.md", SCHEMA_MD));
    files.extend(crate::markdown::pages(report));
    files.push(OutputFile::text(crate::calibration::PAGE, calibration));
    files.push(OutputFile::text(
        crate::power::PAGE,
        crate::power::page(&crate::power::shipped(), |id| {
            report.algorithms.iter().any(|a| a.info.id == id)
        }),
    ));
    // Every page gets an HTML twin, and the HTML pages link the twins.
    let pages: Vec<(&str, &str)> = files
        .iter()
        .filter_map(|f| Some((f.path.as_str(), std::str::from_utf8(&f.bytes).ok()?)))
        .filter(|(path, _)| path.ends_with(".md"))
        .collect();
    let twins = crate::html::Twins::of(pages.iter().map(|(p, _)| *p));
    let mut html = twins.pages(&pages)?;
    if let Some((_, front)) = pages.iter().find(|(p, _)| *p == crate::markdown::FRONT) {
        html.push((
            "index.html".into(),
            crate::html::index(report, front, &twins)?,
        ));
    }
    files.extend(
        html.into_iter()
            .map(|(path, html)| OutputFile::text(path, html)),
    );
    for lang in [crate::markdown::Lang::En, crate::markdown::Lang::Zh] {
        if let Some(page) = crate::handout::handout(report, lang)? {
            files.push(OutputFile::text(crate::handout::file_name(lang), page));
        }
    }
    Ok(files)
}

/// The commit the folder's report names and the pages that name it, when
/// this run's report is that report but for the commit: every file in
/// `files` (the figures and tables) and every page rendered with the old
/// commit are the bytes `previous` holds, and `previous` holds no other
/// file but `run.json`. `None` when there is no such report, it names this
/// commit already, or anything differs.
fn kept_commit(
    previous: &BTreeMap<String, Vec<u8>>,
    files: &[OutputFile],
    report: &SuiteReport,
    calibration: &str,
) -> Result<Option<(String, Vec<OutputFile>)>, ReportError> {
    /// What is read of the old `report.json`: the commit it names.
    #[derive(serde::Deserialize)]
    struct Named {
        provenance: Commit,
    }
    #[derive(serde::Deserialize)]
    struct Commit {
        git_commit: String,
    }
    let same = |f: &OutputFile| previous.get(&f.path) == Some(&f.bytes);
    let Some(old) = previous
        .get("report.json")
        .and_then(|json| serde_json::from_slice::<Named>(json).ok())
        .map(|named| named.provenance.git_commit)
    else {
        return Ok(None);
    };
    if old == report.provenance.git_commit || !files.iter().all(same) {
        return Ok(None);
    }
    let mut then = report.clone();
    then.provenance.git_commit = old.clone();
    let pages = stamped_pages(&then, calibration)?;
    let others = previous
        .keys()
        .filter(|p| p.as_str() != crate::markdown::RUN_FILE)
        .count();
    let whole = others == files.len() + pages.len() && pages.iter().all(same);
    Ok(whole.then_some((old, pages)))
}

/// `document` as JSON, ending with a line end.
fn json(path: &str, document: &impl serde::Serialize, pretty: bool) -> Result<String, ReportError> {
    let text = if pretty {
        serde_json::to_string_pretty(document)
    } else {
        serde_json::to_string(document)
    };
    text.map(|t| t + "\n").map_err(|cause| ReportError::Json {
        path: path.into(),
        cause,
    })
}

/// The decks whose permutation figure an algorithm gets: the smallest and
/// the largest with a histogram.
fn permutation_decks(j: &Judged) -> [Option<usize>; 2] {
    let with_counts = || {
        j.cases
            .iter()
            .filter(|c| c.audit.audit.first.histogram.is_some())
            .map(|c| c.deck)
    };
    [with_counts().min(), with_counts().max()]
}

/// The permutation figures' shared axis on each deck: the fair envelope
/// and a top above every algorithm drawn on that deck.
fn permutation_axes(judged: &[Judged]) -> BTreeMap<usize, (Vec<(f64, f64)>, f64)> {
    let mut axes = BTreeMap::new();
    for j in judged {
        let drawn = permutation_decks(j);
        for c in &j.cases {
            let Some(h) = &c.audit.audit.first.histogram else {
                continue;
            };
            if !drawn.contains(&Some(c.deck)) {
                continue;
            }
            let (envelope, top) = axes.entry(c.deck).or_insert_with(|| {
                let k = h.counts.len();
                (files::fair_envelope(k, h.counts.iter().sum()), 0.0)
            });
            let k = h.counts.len() as f64;
            let exact: Option<Vec<f64>> = c
                .law()
                .map(|law| law.probabilities().iter().map(|p| p * k).collect());
            let mine = files::permutation_top(
                &files::ratios_to_uniform(&h.counts),
                exact.as_deref(),
                envelope,
            );
            *top = f64::max(*top, mine);
        }
    }
    axes
}

/// Renders every case's CSV and figures, in parallel over algorithms, and
/// lists them in each case. The permutation figure is drawn for the
/// smallest and the largest deck with a histogram, on an axis every
/// algorithm shares; each heatmap has the fair control beside it.
fn figure_stage(
    algorithms: &mut [SuiteAlgorithm],
    judged: &[Judged],
    plan: &judge::suite::SuitePlan,
    set: FileSet,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<OutputFile>, ReportError> {
    // The control's matrices, owned: the algorithms are written to below.
    let controls: BTreeMap<usize, SampleReport> = super::fair_controls(algorithms)
        .into_iter()
        .map(|(deck, s)| (deck, s.clone()))
        .collect();
    let controls: BTreeMap<usize, &SampleReport> = controls.iter().map(|(d, s)| (*d, s)).collect();
    let axes = permutation_axes(judged);
    let files = algorithms
        .par_iter_mut()
        .zip(judged)
        .map(|(a, j)| -> Result<Vec<OutputFile>, ReportError> {
            let mut files = Vec::new();
            let drawn = permutation_decks(j);
            let on_page = a.page_heatmap_decks(plan);
            for (case, c) in a.cases.iter_mut().zip(&j.cases) {
                let data = CaseData {
                    counts: c
                        .audit
                        .audit
                        .first
                        .histogram
                        .as_ref()
                        .map(|h| h.counts.as_slice()),
                    law: c.law(),
                    positions: c.positions.as_ref().map(|(law, _)| law),
                    permutation: drawn
                        .contains(&Some(case.deck))
                        .then(|| axes.get(&case.deck))
                        .flatten()
                        .map(|(envelope, top)| PermutationAxis {
                            envelope,
                            top: *top,
                        }),
                    control: super::fair_control(&controls, &a.info.id, case)
                        .map(|s| s.position_matrix.as_slice()),
                    set,
                    on_page: on_page.contains(&case.deck),
                };
                let rendered = files::case_files(&a.info.id, case, data)?;
                case.files = rendered.iter().map(|f| f.path.clone()).collect();
                files.extend(rendered);
            }
            progress(Progress::Figures);
            Ok(files)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(files.into_iter().flatten().collect())
}
