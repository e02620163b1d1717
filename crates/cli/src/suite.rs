//! The default run: every algorithm, exact on small decks, sampled on small
//! and large decks, written to a report folder with figures and CSV.

use crate::args::{Budget, SeedArg};
use crate::common::{PASS, command_line, find, parse_decks, progress_bar, with_threads};
use crate::output::emit;
use crate::range::{at_least_one, within};
use algorithms::MAX_DECK;
use algorithms::registry::{Entry, REGISTRY};
use anyhow::{Result, bail};
use clap::Args;
use judge::suite::{Progress, Scale, Suite, SuitePlan};
use report::files::FileSet;
use report::{Provenance, RunClock};
use report_folder::ReportFolder;
use stats::MAX_EXACT_DECK;
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Debug, Args)]
#[command(mut_arg("seed", |a| a.help("Seed of every sampled case")))]
pub(crate) struct SuiteArgs {
    #[arg(long, value_name = "SIZES", help = format!(
        "Small deck sizes, sampled with the permutation histogram: a range `3..=8` or `3-8`, or a list `3,5`; each in 1..={MAX_EXACT_DECK}"
    ))]
    decks: Option<String>,
    #[arg(long, value_name = "N", help = format!(
        "Small decks up to this size are also enumerated exactly (1..={MAX_EXACT_DECK})"
    ))]
    exact_up_to: Option<usize>,
    #[arg(long, value_name = "SIZES", help = format!(
        "Large deck sizes, sampled with the position matrix: a list like `52,54`, each in {}..={MAX_DECK}, or `none`",
        MAX_EXACT_DECK + 1
    ))]
    large_decks: Option<String>,
    /// Shuffles per small deck.
    #[arg(long, value_name = "N")]
    shuffles: Option<u64>,
    /// Shuffles per large deck.
    #[arg(long, value_name = "N")]
    large_shuffles: Option<u64>,
    #[command(flatten)]
    seed: SeedArg,
    /// Runs per sampled case, with seeds seed, seed+1, …: a one-sided
    /// Kolmogorov–Smirnov test of each test's p-values, too many small ones
    /// (two-level test), and their histogram.
    #[arg(long, default_value_t = 1, value_name = "R")]
    repeat: u64,
    #[arg(long, help = quick_help())]
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
    #[command(flatten)]
    memory: crate::args::MaxMemory,
}

/// `--quick`'s help, from the quick plan.
fn quick_help() -> String {
    let quick = SuitePlan::of(Scale::Quick);
    let standard = SuitePlan::of(Scale::Standard);
    let list = |d: &[usize]| {
        d.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "A version of a few seconds: decks {}..={} (exact up to {}), {}; {}x fewer shuffles. Needs --out",
        quick.decks[0],
        quick.decks[quick.decks.len() - 1],
        quick.exact_up_to(),
        list(&quick.large_decks),
        standard.shuffles / quick.shuffles
    )
}

/// The folder the standard suite writes.
const DEFAULT_OUT: &str = "reports";

/// The scale the flags ask for.
fn scale(args: &SuiteArgs) -> Scale {
    if args.quick {
        Scale::Quick
    } else {
        Scale::Standard
    }
}

/// The flags given that make this run other than the standard suite (its
/// report is then partial, or of other settings).
fn non_standard(args: &SuiteArgs) -> Vec<&'static str> {
    let standard = SuitePlan::of(Scale::Standard);
    [
        (args.quick, "--quick"),
        (!args.algorithms.is_empty(), "--algorithms"),
        (args.decks.is_some(), "--decks"),
        (args.exact_up_to.is_some(), "--exact-up-to"),
        (args.large_decks.is_some(), "--large-decks"),
        (args.shuffles.is_some(), "--shuffles"),
        (args.large_shuffles.is_some(), "--large-shuffles"),
        (args.seed.value != standard.seed, "--seed"),
        (args.repeat != standard.repeat, "--repeat"),
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

/// The validated plan of the default run: the judge's plan at the scale
/// asked for, each flag given replacing its part.
fn plan(args: &SuiteArgs) -> Result<SuitePlan> {
    let base = SuitePlan::of(scale(args));
    let decks = match &args.decks {
        Some(text) => parse_decks(text)?,
        None => base.decks.clone(),
    };
    let exact_up_to = args.exact_up_to.unwrap_or(base.exact_up_to());
    within("--exact-up-to", exact_up_to, 1..=MAX_EXACT_DECK)?;
    let large_decks = match args.large_decks.as_deref() {
        None => base.large_decks.clone(),
        Some("none") => Vec::new(),
        Some(text) => text
            .split(',')
            .map(|s| {
                let d: usize = s.trim().parse().map_err(|_| {
                    anyhow::anyhow!(
                        "large deck size {s:?} is not a number: use a list like 52,54, or none"
                    )
                })?;
                Ok(within("large deck size", d, MAX_EXACT_DECK + 1..=MAX_DECK)?)
            })
            .collect::<Result<_>>()?,
    };
    let shuffles = args.shuffles.unwrap_or(base.shuffles);
    let large_shuffles = args.large_shuffles.unwrap_or(base.large_shuffles);
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
        seed: args.seed.value,
        repeat: args.repeat,
        max_paths: args.budget.max_paths.unwrap_or(base.max_paths),
    })
}

/// The algorithms of `--algorithms`, each once, or the whole registry.
fn entries(args: &SuiteArgs) -> Result<Vec<&'static Entry>> {
    if args.algorithms.is_empty() {
        return Ok(REGISTRY.iter().collect());
    }
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
        .collect()
}

/// Refuses, before any work, exact laws that do not fit the least memory
/// limit, naming the largest `--exact-up-to` that fits.
fn check_memory(suite: &Suite, args: &SuiteArgs) -> Result<()> {
    let threads = with_threads(args.budget.threads.count, rayon::current_num_threads)?;
    let decks = &suite.plan.exact_decks;
    judge::memory::fits(
        "the suite's exact stage",
        suite.plan.exact_up_to(),
        judge::memory::MemoryLimit::least(args.memory.bytes),
        |up_to| {
            let decks: Vec<usize> = decks.iter().copied().filter(|&d| d <= up_to).collect();
            judge::suite::exact_stage_bytes(&suite.entries, &decks, threads)
                + judge::memory::PROGRAM_BYTES
        },
    )?;
    Ok(())
}

pub(crate) fn run(args: &SuiteArgs) -> Result<u8> {
    let suite = Suite {
        plan: plan(args)?,
        entries: entries(args)?,
        scale: scale(args),
    };
    check_memory(&suite, args)?;
    let set = if args.all_files {
        FileSet::All
    } else {
        FileSet::Pages
    };
    // Locked and checked before any work: a folder that is not ours, or
    // that another run is writing, is refused now, not after the run.
    let out = out_folder(args)?;
    let folder = ReportFolder::open(&out, report_folder::Kind::Report)?;
    let clock = RunClock::start();
    let bars = Bars::new(&suite);
    let progress = |p: Progress| {
        if let Progress::Done(stage) = p {
            clock.lap(stage);
        }
        bars.show(p);
    };
    let request = engine::suite::Request {
        suite,
        set,
        provenance: Provenance::new(command_line()),
        previous: folder.previous()?.into_iter().collect(),
    };
    let outcome = with_threads(args.budget.threads.count, || {
        engine::suite::run(request, &clock, &progress)
    })??;
    let code = outcome.exit_code();
    let documents = outcome.documents;
    for file in &documents.files {
        folder.write(&file.path, &file.bytes)?;
    }
    for warning in folder.commit()? {
        crate::output::warn(&warning);
    }
    crate::output::print(&documents.report, false)?;
    emit(&format!(
        "\n{} algorithms in {:.1} s. Report: {}\n",
        documents.report.algorithms.len(),
        clock.seconds(),
        out.join("README.md").display()
    ));
    if code != PASS {
        crate::output::error(
            "some verdicts disagree with the registry's expectations (marked above)",
        );
    }
    Ok(code)
}

/// The default run's progress bars on a terminal, one stage at a time.
struct Bars {
    /// The bar of the stage under way, and its unit.
    current: Mutex<Option<(&'static str, indicatif::ProgressBar)>>,
    /// How long each bar is, by unit.
    lengths: [(&'static str, u64); 4],
}

impl Bars {
    fn new(suite: &Suite) -> Self {
        let n = suite.entries.len() as u64;
        let riffled = suite.riffle_plan().map_or(0, |r| {
            r.shuffles * judge::riffle::RIFFLE_MODELS.len() as u64 * u64::from(r.max)
        });
        Bars {
            current: Mutex::new(None),
            lengths: [
                ("exact laws", n * suite.plan.exact_decks.len() as u64),
                ("shuffles", n * suite.plan.shuffles_per_algorithm()),
                ("riffled decks", riffled),
                ("figures", n),
            ],
        }
    }

    fn show(&self, p: Progress) {
        let (unit, k) = match p {
            Progress::ExactLaw => ("exact laws", 1),
            Progress::Shuffles(k) => ("shuffles", k),
            Progress::Riffled(k) => ("riffled decks", k),
            Progress::Figures => ("figures", 1),
            Progress::Done(_) => {
                let done = self
                    .current
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take();
                if let Some((_, bar)) = done {
                    bar.finish_and_clear();
                }
                return;
            }
        };
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if current.as_ref().is_none_or(|(u, _)| *u != unit) {
            let len = self
                .lengths
                .iter()
                .find(|(u, _)| *u == unit)
                .map_or(0, |l| l.1);
            *current = progress_bar(len, unit).map(|bar| (unit, bar));
        }
        if let Some((_, bar)) = current.as_ref() {
            bar.inc(k);
            // Confirmation runs add shuffles the plan did not count.
            if bar.length().is_some_and(|len| bar.position() > len) {
                bar.set_length(bar.position());
            }
        }
    }
}
