//! The default run: every algorithm, exact on small decks, sampled on small
//! and large decks, written to a report folder with figures and CSV.

use crate::common::{
    BIAS, Budget, PASS, command_line, find, parse_decks, progress_bar, with_threads,
};
use crate::output::emit;
use crate::range::{at_least_one, within};
use algorithms::registry::{Entry, REGISTRY};
use anyhow::{Context, Result, bail};
use clap::Args;
use judge::suite::{Judged, Progress, SuitePlan};
use rayon::prelude::*;
use report::files::{self, CaseData, FileSet, OutputFile, PermutationAxis};
use report::folder::ReportFolder;
use report::{AlgorithmTime, Stage, StageTime, Timings};
use report::{Provenance, SuiteAlgorithm, SuiteReport, SuiteSettings};
use stats::sample::{MAX_SAMPLE_DECK, RNG_NAME};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Debug, Args)]
pub(crate) struct SuiteArgs {
    /// Small deck sizes, sampled with the permutation histogram: a range
    /// `3..=8` or `3-8`, or a list `3,5`; each in 1..=10.
    #[arg(long, value_name = "SIZES")]
    decks: Option<String>,
    /// Small decks up to this size are also enumerated exactly (1..=10).
    #[arg(long, value_name = "N")]
    exact_up_to: Option<usize>,
    /// Large deck sizes, sampled with the position matrix: a list like
    /// `52,54`, each in 11..=255, or `none`.
    #[arg(long, value_name = "SIZES")]
    large_decks: Option<String>,
    /// Shuffles per small deck.
    #[arg(long, value_name = "N")]
    shuffles: Option<u64>,
    /// Shuffles per large deck.
    #[arg(long, value_name = "N")]
    large_shuffles: Option<u64>,
    /// Seed of every sampled case.
    #[arg(long, default_value_t = STANDARD_SEED)]
    seed: u64,
    /// Runs per sampled case, with seeds seed, seed+1, …: a one-sided
    /// Kolmogorov–Smirnov test of each test's p-values, too many small ones
    /// (two-level test), and their histogram.
    #[arg(long, default_value_t = STANDARD_REPEAT, value_name = "R")]
    repeat: u64,
    /// A version of a few seconds: decks 3..=6 (exact up to 5), 52; 10x
    /// fewer shuffles. Needs --out.
    #[arg(long)]
    quick: bool,
    /// Only these algorithm ids (comma-separated); default: all.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    algorithms: Vec<String>,
    /// Folder to write the report into (default: reports, for the
    /// standard suite; a run with other settings, --quick or --algorithms
    /// among them, must name its folder, so that it never replaces the
    /// full report unasked). Locked while the run lasts and swapped in
    /// whole at the end. Only what an earlier run wrote there (its
    /// manifest's files) is replaced; other files are kept. A folder that
    /// is not empty and has no manifest is refused.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Also write every deck's heatmap, the SVG twin of every figure, the
    /// exact position matrices of large decks, CSV copies of the large
    /// decks' counts and permutation CSVs up to 8 cards.
    #[arg(long)]
    all_files: bool,
    #[command(flatten)]
    budget: Budget,
}

/// The folder the standard suite writes.
const DEFAULT_OUT: &str = "reports";
/// The standard suite's seed and runs per case.
const STANDARD_SEED: u64 = 1;
const STANDARD_REPEAT: u64 = 1;

/// The flags given that make this run other than the standard suite (its
/// report is then partial, or of other settings).
fn non_standard(args: &SuiteArgs) -> Vec<&'static str> {
    [
        (args.quick, "--quick"),
        (!args.algorithms.is_empty(), "--algorithms"),
        (args.decks.is_some(), "--decks"),
        (args.exact_up_to.is_some(), "--exact-up-to"),
        (args.large_decks.is_some(), "--large-decks"),
        (args.shuffles.is_some(), "--shuffles"),
        (args.large_shuffles.is_some(), "--large-shuffles"),
        (args.seed != STANDARD_SEED, "--seed"),
        (args.repeat != STANDARD_REPEAT, "--repeat"),
        (args.budget.max_paths.is_some(), "--max-paths"),
    ]
    .into_iter()
    .filter_map(|(given, flag)| given.then_some(flag))
    .collect()
}

/// The folder to write: `--out`, or `reports` for the standard suite. A
/// run of other settings without `--out` is refused, before any work: it
/// would replace the full report.
fn out_folder(args: &SuiteArgs) -> Result<PathBuf> {
    if let Some(out) = &args.out {
        return Ok(out.clone());
    }
    let flags = non_standard(args);
    if !flags.is_empty() {
        bail!(
            "{} makes this run other than the standard suite, and its report would replace the full one in {DEFAULT_OUT}/: give it a folder of its own (--out DIR), or --out {DEFAULT_OUT} to replace the full report",
            flags.join(", ")
        );
    }
    Ok(PathBuf::from(DEFAULT_OUT))
}

/// The exact stage's path budget per case: every tree of 6 cards or fewer
/// that fits in a few seconds.
const SUITE_MAX_PATHS: u64 = 100_000_000;

/// The validated plan of the default run.
fn plan(args: &SuiteArgs) -> Result<SuitePlan> {
    let (decks, exact_up_to, large, shuffles, large_shuffles) = if args.quick {
        ("3..=6", 5, "52", 200_000, 100_000)
    } else {
        ("3..=8", 6, "52,54", 2_000_000, 1_000_000)
    };
    let decks = parse_decks(args.decks.as_deref().unwrap_or(decks))?;
    let exact_up_to = args.exact_up_to.unwrap_or(exact_up_to);
    within("--exact-up-to", exact_up_to, 1..=stats::MAX_EXACT_DECK)?;
    let large_text = args.large_decks.as_deref().unwrap_or(large);
    let large_decks = if large_text == "none" {
        Vec::new()
    } else {
        large_text
            .split(',')
            .map(|s| {
                let d: usize = s.trim().parse().map_err(|_| {
                    anyhow::anyhow!(
                        "large deck size {s:?} is not a number: use a list like 52,54, or none"
                    )
                })?;
                Ok(within("large deck size", d, 11..=MAX_SAMPLE_DECK)?)
            })
            .collect::<Result<_>>()?
    };
    let shuffles = args.shuffles.unwrap_or(shuffles);
    let large_shuffles = args.large_shuffles.unwrap_or(large_shuffles);
    // No case may be left without a test: every verdict rests on one.
    for (flag, n, decks) in [
        ("--shuffles", shuffles, &decks),
        ("--large-shuffles", large_shuffles, &large_decks),
    ] {
        if let Some(&deck) = decks.iter().max() {
            judge::grade::enough_to_test(judge::grade::Budgeted::Flag(flag), n, deck)?;
        }
    }
    at_least_one("--repeat", args.repeat)?;
    Ok(SuitePlan {
        exact_decks: decks
            .iter()
            .copied()
            .filter(|&d| d <= exact_up_to)
            .collect(),
        decks,
        large_decks,
        shuffles,
        large_shuffles,
        seed: args.seed,
        repeat: args.repeat,
        max_paths: args.budget.max_paths.unwrap_or(SUITE_MAX_PATHS),
    })
}

pub(crate) fn run(args: &SuiteArgs) -> Result<u8> {
    let plan = plan(args)?;
    let set = if args.all_files {
        FileSet::All
    } else {
        FileSet::Pages
    };
    let entries: Vec<&'static Entry> = if args.algorithms.is_empty() {
        REGISTRY.iter().collect()
    } else {
        let mut seen = std::collections::HashSet::new();
        args.algorithms
            .iter()
            .map(|id| {
                let entry = find(id)?;
                if !seen.insert(entry.id) {
                    bail!(
                        "--algorithms names {} twice: name each algorithm once",
                        entry.id
                    );
                }
                Ok(entry)
            })
            .collect::<Result<_>>()?
    };
    // Locked and checked before any work: a folder that is not ours, or
    // that another run is writing, is refused now, not after the run.
    let out = out_folder(args)?;
    let folder = ReportFolder::open(&out, report::folder::Kind::Report)?;
    let mut provenance = Provenance::new(command_line());
    let start = Instant::now();

    // Wall time per stage, in the order the stages run.
    let mut stages = Vec::new();
    let mut lap = Instant::now();
    let mut timed = |stage: Stage| {
        let now = Instant::now();
        stages.push(StageTime {
            stage,
            seconds: (now - lap).as_secs_f64(),
        });
        lap = now;
    };
    let (algorithms, riffles, mut files, threads, mut sampling) =
        with_threads(args.budget.threads.count, || -> Result<_> {
            let exact = {
                let bar = progress_bar(
                    (entries.len() * plan.exact_decks.len()) as u64,
                    "exact laws",
                );
                let laws = judge::suite::exact_stage(&entries, &plan, &|_| {
                    if let Some(b) = &bar {
                        b.inc(1);
                    }
                })?;
                if let Some(b) = bar {
                    b.finish_and_clear();
                }
                timed(Stage::ExactLaws);
                laws
            };
            let judged = {
                let bar = progress_bar(
                    plan.shuffles_per_algorithm() * entries.len() as u64,
                    "shuffles",
                );
                let judged = judge::suite::sampled_stage(&entries, &plan, exact, &|p| {
                    if let (Some(b), Progress::Shuffles(k)) = (&bar, p) {
                        b.inc(k);
                        // Confirmation runs add shuffles the plan did not count.
                        if b.length().is_some_and(|len| b.position() > len) {
                            b.set_length(b.position());
                        }
                    }
                })?;
                if let Some(b) = bar {
                    b.finish_and_clear();
                }
                timed(Stage::Sampling);
                judged
            };
            let sampling: Vec<AlgorithmTime> = judged
                .iter()
                .map(|j| AlgorithmTime {
                    algorithm: j.entry.id.into(),
                    seconds: j.seconds,
                })
                .collect();
            let mut algorithms: Vec<SuiteAlgorithm> = judged
                .iter()
                .map(|j| SuiteAlgorithm::of(j, RNG_NAME))
                .collect();
            let mut files = figure_stage(&mut algorithms, &judged, &plan, set)?;
            timed(Stage::Figures);
            let riffles = riffle_stage(&entries, &plan)?.map(|(r, figure)| {
                files.extend(figure);
                r
            });
            timed(Stage::Riffles);
            Ok((
                algorithms,
                riffles,
                files,
                rayon::current_num_threads(),
                sampling,
            ))
        })??;

    provenance.threads = Some(threads);
    let seeding = entries
        .iter()
        .filter_map(|e| Some((e.id, e.algorithm.seeded()?)))
        .flat_map(|(id, seeded)| {
            plan.large_decks
                .iter()
                .map(move |&deck| judge::recovery::Pinning::of(id, seeded, deck))
        })
        .collect();
    timed(Stage::Seeding);
    let mut report = SuiteReport {
        schema_version: report::SCHEMA_VERSION,
        provenance,
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
        paths: None,
        seeding,
        cases: Vec::new(),
        decklist: None,
    };
    let (tree, tree_deck) = report::PATH_TREE;
    if let Some(entry) = entries.iter().find(|e| e.id == tree) {
        report.paths = Some(report::PathTree::of(entry, tree_deck)?);
    }
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
    timed(Stage::Headline);
    // The famous cases port algorithms of the whole registry: a run of
    // every algorithm has them all.
    if args.algorithms.is_empty() {
        let scale = if args.quick {
            judge::cases::CaseScale::quick()
        } else {
            judge::cases::CaseScale::full()
        };
        let mut cases = with_threads(args.budget.threads.count, || {
            judge::cases::all(&scale, report.settings.plan.seed)
        })?;
        files.extend(files::case_figures(&mut cases)?);
        report.cases = cases;
    }
    timed(Stage::Cases);
    if entries.iter().any(|e| e.id == judge::decklist::MODEL) {
        report.decklist = Some(judge::decklist::study(
            judge::decklist::DECKLIST,
            judge::grade::AUDIT_ALPHA,
            judge::decklist::POWER,
        ));
    }
    timed(Stage::Decklist);
    sampling.sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
    report.provenance.timings = Some(Timings { stages, sampling });
    report.provenance.wall_seconds = Some(start.elapsed().as_secs_f64());
    // What varies from run to run goes to a file of its own: every page
    // and `report.json` are what a rerun reproduces.
    let run = report.provenance.take_run();
    files.extend([
        OutputFile::text("report.json", serde_json::to_string(&report)? + "\n"),
        OutputFile::text(
            report::markdown::RUN_FILE,
            serde_json::to_string_pretty(&run)? + "\n",
        ),
        OutputFile::text("SCHEMA.md", report::SCHEMA_MD),
    ]);
    files.extend(report::markdown::pages(&report));
    // The sweep of fair input this build ships, in every report.
    let calibration = report::calibration::page(&report::calibration::shipped())
        .context("the calibration figure")?;
    files.extend(OutputFile::figure(
        report::calibration::FIGURE,
        calibration.figure,
    ));
    files.push(OutputFile::text(
        report::calibration::PAGE,
        calibration.markdown,
    ));
    files.push(OutputFile::text(
        "index.html",
        report::html::index(&report, &report::markdown::front(&report))?,
    ));
    for (path, html) in report::html::case_pages(&report.cases)? {
        files.push(OutputFile::text(path, html));
    }
    for lang in [report::markdown::Lang::En, report::markdown::Lang::Zh] {
        if let Some(page) = report::handout::handout(&report, lang)? {
            files.push(OutputFile::text(report::handout::file_name(lang), page));
        }
    }

    for file in &files {
        folder.write(file)?;
    }
    for warning in folder.commit()? {
        crate::output::warn(&warning);
    }

    crate::output::print(&report, false)?;
    emit(&format!(
        "\n{} algorithms in {:.1} s. Report: {}\n",
        report.algorithms.len(),
        start.elapsed().as_secs_f64(),
        out.join("README.md").display()
    ));
    if report.all_agree() {
        Ok(PASS)
    } else {
        crate::output::error(
            "some verdicts disagree with the registry's expectations (marked above)",
        );
        Ok(BIAS)
    }
}

/// Riffles per deck in the riffle study.
const RIFFLE_MAX: u32 = 10;

/// The riffle study on the first large deck (when it has at most 170
/// cards and a riffle is among the algorithms run): `1..=10` riffles of
/// the GSR model and of the seed's riffle, a tenth of the large decks'
/// shuffles each, and its figure.
fn riffle_stage(
    entries: &[&'static Entry],
    plan: &SuitePlan,
) -> Result<Option<(report::sampled::RiffleReport, Vec<OutputFile>)>> {
    let Some(&deck) = plan.large_decks.first() else {
        return Ok(None);
    };
    let riffles = entries
        .iter()
        .any(|e| matches!(e.id, "gsr-riffle" | "blog-riffle"));
    if !riffles || deck > studies::riffle::MAX_RIFFLE_DECK {
        return Ok(None);
    }
    let shuffles = (plan.large_shuffles / 10).max(1);
    let mut r = report::sampled::RiffleReport {
        study: crate::riffle::study(deck, RIFFLE_MAX, shuffles, plan.seed),
        figure: None,
    };
    let figure = files::riffle_figure(&r)?;
    r.figure = Some(figure[0].path.clone());
    Ok(Some((r, figure)))
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
    plan: &SuitePlan,
    set: FileSet,
) -> Result<Vec<OutputFile>> {
    // The control's matrices, owned: the algorithms are written to below.
    let controls: BTreeMap<usize, report::sampled::SampleReport> =
        report::fair_controls(algorithms)
            .into_iter()
            .map(|(deck, s)| (deck, s.clone()))
            .collect();
    let controls: BTreeMap<usize, &report::sampled::SampleReport> =
        controls.iter().map(|(d, s)| (*d, s)).collect();
    let axes = permutation_axes(judged);
    let bar = progress_bar(algorithms.len() as u64, "figures");
    let files = algorithms
        .par_iter_mut()
        .zip(judged)
        .map(|(a, j)| -> Result<Vec<OutputFile>> {
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
                    control: report::fair_control(&controls, &a.info.id, case)
                        .map(|s| s.position_matrix.as_slice()),
                    set,
                    on_page: on_page.contains(&case.deck),
                };
                let rendered = files::case_files(&a.info.id, case, data)
                    .with_context(|| format!("drawing the files of {}", a.info.id))?;
                case.files = rendered.iter().map(|f| f.path.clone()).collect();
                files.extend(rendered);
            }
            if let Some(b) = &bar {
                b.inc(1);
            }
            Ok(files)
        })
        .collect::<Result<Vec<_>>>()?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(files.into_iter().flatten().collect())
}
