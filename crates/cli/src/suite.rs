//! The default run: every algorithm, exact on small decks, sampled on small
//! and large decks, written to a report folder with figures and CSV.

use crate::{
    Budget, command_line, emit, find, limits_for, parse_decks, progress_bar, with_threads,
};
use algorithms::registry::{Entry, Expected, REGISTRY};
use anyhow::{Context, Result, bail};
use clap::Args;
use rayon::prelude::*;
use report::figures::{self, Panel};
use report::sampled::SampleReport;
use report::{
    ExactReport, ExactVerdict, Provenance, SUITE_PERMUTATIONS_UP_TO, SuiteAlgorithm, SuiteCase,
    SuiteReport, SuiteSettings, write_atomic,
};
use stats::audit::{BIASED_BELOW, power_plan};
use stats::sample::{MAX_SAMPLE_DECK, RNG_NAME};
use stats::{ExactDistribution, ExactError, exact_distribution};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
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
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A 20-second version: decks 3..=6 (exact up to 5), 52; fewer shuffles.
    #[arg(long)]
    quick: bool,
    /// Only these algorithm ids (comma-separated); default: all.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    algorithms: Vec<String>,
    /// Folder to write the report into; replaced as a whole at the end.
    #[arg(long, default_value = "reports", value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    budget: Budget,
}

/// The exact stage's path budget per case: every tree of 6 cards or fewer
/// that fits in a few seconds.
const SUITE_MAX_PATHS: u64 = 100_000_000;

/// Permutation histograms are written as CSV up to this deck size
/// (720 rows); larger ones are summarised by their figure and tests.
const CSV_PERMUTATIONS_UP_TO: usize = 6;

/// Power asked of a first seed when deciding whether the budget should
/// have caught a known bias; the level is that of a `biased` grade split
/// over the three tests (Bonferroni), `BIASED_BELOW / 3`.
const DETECTION_POWER: f64 = 0.99;

struct Plan {
    decks: Vec<usize>,
    exact_decks: Vec<usize>,
    large_decks: Vec<usize>,
    shuffles: u64,
    large_shuffles: u64,
}

fn plan(args: &SuiteArgs) -> Result<Plan> {
    let (decks, exact_up_to, large, shuffles, large_shuffles) = if args.quick {
        ("3..=6", 5, "52", 200_000, 100_000)
    } else {
        ("3..=8", 6, "52,54", 2_000_000, 1_000_000)
    };
    let decks = parse_decks(args.decks.as_deref().unwrap_or(decks))?;
    let exact_up_to = args.exact_up_to.unwrap_or(exact_up_to);
    if !(1..=stats::MAX_EXACT_DECK).contains(&exact_up_to) {
        bail!(
            "--exact-up-to {exact_up_to} is not allowed: use 1..={}",
            stats::MAX_EXACT_DECK
        );
    }
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
                if !(11..=MAX_SAMPLE_DECK).contains(&d) {
                    bail!("large deck size {d} is not allowed: use 11..={MAX_SAMPLE_DECK}");
                }
                Ok(d)
            })
            .collect::<Result<_>>()?
    };
    let shuffles = args.shuffles.unwrap_or(shuffles);
    let large_shuffles = args.large_shuffles.unwrap_or(large_shuffles);
    if shuffles == 0 || large_shuffles == 0 {
        bail!("0 shuffles is not allowed: use 1 or more");
    }
    Ok(Plan {
        exact_decks: decks
            .iter()
            .copied()
            .filter(|&d| d <= exact_up_to)
            .collect(),
        decks,
        large_decks,
        shuffles,
        large_shuffles,
    })
}

/// Refuses to replace a folder that is not a report: `--out .` must not
/// move the user's files away.
fn check_out(out: &Path) -> Result<()> {
    if !out.exists() {
        return Ok(());
    }
    if !out.is_dir() {
        bail!("--out {} is a file: use a folder", out.display());
    }
    let mut entries = std::fs::read_dir(out)
        .with_context(|| format!("reading {}", out.display()))?
        .peekable();
    let empty = entries.peek().is_none();
    let ours = ["report.json", "exact.json"]
        .iter()
        .any(|f| out.join(f).is_file());
    if !empty && !ours {
        bail!(
            "--out {} is not empty and holds no report.json: choose a new or empty folder",
            out.display()
        );
    }
    Ok(())
}

/// A sibling of `out` to build the report in.
fn partial_dir(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(|| "reports".into(), |n| n.to_string_lossy().into_owned());
    out.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// Moves the finished report into place: files of the old folder that this
/// run does not write (such as `calibration.md`) are carried over, then the
/// old folder is renamed away and the new one renamed in.
fn swap_into_place(partial: &Path, out: &Path) -> Result<()> {
    if out.is_dir() {
        for entry in std::fs::read_dir(out)? {
            let entry = entry?;
            let target = partial.join(entry.file_name());
            if entry.file_type()?.is_file() && !target.exists() {
                std::fs::copy(entry.path(), &target)
                    .with_context(|| format!("keeping {}", entry.path().display()))?;
            }
        }
        let old = partial.with_extension("old");
        std::fs::rename(out, &old).with_context(|| format!("moving {} aside", out.display()))?;
        std::fs::rename(partial, out)
            .with_context(|| format!("moving the new report to {}", out.display()))?;
        std::fs::remove_dir_all(&old)
            .with_context(|| format!("removing the old report {}", old.display()))?;
    } else {
        std::fs::rename(partial, out)
            .with_context(|| format!("moving the new report to {}", out.display()))?;
    }
    Ok(())
}

/// Removes the partial folder on every exit path but success.
struct Cleanup(Option<PathBuf>);

impl Drop for Cleanup {
    fn drop(&mut self) {
        if let Some(p) = self.0.take() {
            let _ = std::fs::remove_dir_all(p);
        }
    }
}

pub(crate) fn run(args: &SuiteArgs) -> Result<ExitCode> {
    let plan = plan(args)?;
    let entries: Vec<&'static Entry> = if args.algorithms.is_empty() {
        REGISTRY.iter().collect()
    } else {
        args.algorithms
            .iter()
            .map(|id| find(id))
            .collect::<Result<_>>()?
    };
    check_out(&args.out)?;
    let max_paths = args.budget.max_paths.unwrap_or(SUITE_MAX_PATHS);
    let mut provenance = Provenance::new(command_line());
    let start = Instant::now();

    let partial = partial_dir(&args.out);
    if partial.exists() {
        std::fs::remove_dir_all(&partial)?;
    }
    std::fs::create_dir_all(&partial).with_context(|| format!("creating {}", partial.display()))?;
    let mut cleanup = Cleanup(Some(partial.clone()));

    let (algorithms, threads) = with_threads(args.budget.threads, || -> Result<_> {
        let exact = exact_stage(&entries, &plan, max_paths)?;
        let mut algorithms = sampled_stage(&entries, &plan, args.seed, exact)?;
        figure_stage(&mut algorithms, &partial, plan.large_decks.first().copied())?;
        Ok((algorithms, rayon::current_num_threads()))
    })??;

    provenance.threads = Some(threads);
    let mut report = SuiteReport {
        schema_version: report::SCHEMA_VERSION,
        provenance,
        settings: SuiteSettings {
            decks: plan.decks.clone(),
            exact_decks: plan.exact_decks.clone(),
            large_decks: plan.large_decks.clone(),
            shuffles: plan.shuffles,
            large_shuffles: plan.large_shuffles,
            seed: args.seed,
            rng: RNG_NAME.into(),
            max_paths,
        },
        headline: None,
        algorithms,
    };
    report.headline = headline(&report, &partial)?;
    report.provenance.wall_seconds = Some(start.elapsed().as_secs_f64());

    let json = serde_json::to_string_pretty(&report)? + "\n";
    write_atomic(&partial.join("report.json"), json.as_bytes())?;
    write_atomic(
        &partial.join("README.md"),
        report::markdown::suite(&report).as_bytes(),
    )?;
    write_atomic(&partial.join("SCHEMA.md"), report::SCHEMA_MD.as_bytes())?;
    swap_into_place(&partial, &args.out)?;
    cleanup.0 = None;

    emit(&report::text::suite(&report))?;
    emit(&format!(
        "\n{} algorithms in {:.1} s. Report: {}\n",
        report.algorithms.len(),
        start.elapsed().as_secs_f64(),
        args.out.join("README.md").display()
    ))?;
    if report.all_agree() {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("error: some verdicts disagree with the registry's expectations (marked above)");
        Ok(ExitCode::from(1))
    }
}

/// Exact laws, per algorithm, per deck of `plan.exact_decks`.
type ExactResults = Vec<Vec<(usize, Result<ExactDistribution, String>)>>;

fn exact_stage(entries: &[&'static Entry], plan: &Plan, max_paths: u64) -> Result<ExactResults> {
    let bar = progress_bar(
        (entries.len() * plan.exact_decks.len()) as u64,
        "exact laws",
    );
    let mut all = Vec::new();
    for entry in entries {
        let mut per = Vec::new();
        for &deck in &plan.exact_decks {
            let result = if let algorithms::Exact::No(why) = entry.exact {
                Err(format!("not enumerable: {why}"))
            } else {
                let limits = limits_for(entry, Some(max_paths), max_paths);
                match exact_distribution(&entry.algorithm, deck, &limits) {
                    Ok(law) => Ok(law),
                    Err(e @ (ExactError::TooManyPaths { .. } | ExactError::Overflow { .. })) => {
                        Err(e.to_string())
                    }
                    Err(e) => {
                        return Err(e)
                            .with_context(|| format!("enumerating {} on {deck} cards", entry.id));
                    }
                }
            };
            per.push((deck, result));
            if let Some(b) = &bar {
                b.inc(1);
            }
        }
        all.push(per);
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(all)
}

fn sampled_stage(
    entries: &[&'static Entry],
    plan: &Plan,
    seed: u64,
    exact: ExactResults,
) -> Result<Vec<SuiteAlgorithm>> {
    let per_algorithm = plan.decks.len() as u64 * plan.shuffles
        + plan.large_decks.len() as u64 * plan.large_shuffles;
    let bar = progress_bar(per_algorithm * entries.len() as u64, "shuffles");
    let tick = |k: u64| {
        if let Some(b) = &bar {
            b.inc(k);
            if b.length().is_some_and(|len| b.position() > len) {
                b.set_length(b.position());
            }
        }
    };
    let mut out = Vec::new();
    for (entry, exact) in entries.iter().zip(exact) {
        let mut cases = Vec::new();
        let mut disagreements = Vec::new();
        let all_decks = plan.decks.iter().chain(&plan.large_decks);
        for &deck in all_decks {
            let mut case = SuiteCase {
                deck,
                exact: None,
                sampled: None,
                shuffles_to_detect: None,
                skipped: Vec::new(),
                files: Vec::new(),
            };
            let law = exact.iter().find(|(d, _)| *d == deck).map(|(_, r)| r);
            // Biased algorithms may be fair on 1 or 2 cards (the naive swap is).
            let checked = deck >= 3 || entry.expected == Expected::Uniform;
            match law {
                Some(Ok(law)) => {
                    let mut r = ExactReport::new(entry, law, 0.0, Provenance::new("")).into_case();
                    if checked && !r.verdict.agrees_with(entry.expected) {
                        disagreements.push(format!(
                            "exact law on {deck} cards is {}",
                            r.verdict.label()
                        ));
                    }
                    if r.verdict == ExactVerdict::Undecided {
                        disagreements.push(format!("exact law on {deck} cards is undecided"));
                    }
                    if deck > SUITE_PERMUTATIONS_UP_TO {
                        r = r.without_permutations();
                    }
                    let plan = power_plan(law, BIASED_BELOW / 3.0, DETECTION_POWER);
                    case.shuffles_to_detect =
                        plan.iter().filter_map(|p| p.shuffles).reduce(f64::min);
                    case.exact = Some(r);
                }
                Some(Err(why)) => case.skipped.push(format!("exact: {why}")),
                None => {}
            }
            let shuffles = if plan.decks.contains(&deck) {
                plan.shuffles
            } else {
                plan.large_shuffles
            };
            let histogram = deck <= 8;
            let audit =
                stats::audit::audit(&entry.algorithm, deck, shuffles, seed, 1, histogram, &tick);
            let mut s = SampleReport::new(
                entry,
                &audit,
                shuffles,
                RNG_NAME,
                0,
                case.exact.as_ref().map(|e| e.total_variation),
                0.0,
                Provenance::new(""),
            )
            .into_case();
            s.effect.position_z.clear();
            s.effect.row_tests.clear();
            if checked {
                match (entry.expected, s.verdict.as_str()) {
                    (Expected::Uniform, "biased") => disagreements
                        .push(format!("sampled on {deck} cards: biased, expected uniform")),
                    (Expected::Biased(_), v)
                        if v != "biased"
                            && case
                                .shuffles_to_detect
                                .is_some_and(|n| n <= shuffles as f64) =>
                    {
                        disagreements.push(format!(
                            "sampled on {deck} cards: {v}, but {shuffles} shuffles should detect the bias"
                        ));
                    }
                    _ => {}
                }
            }
            case.sampled = Some(s);
            cases.push(case);
        }
        let verdict = overall_verdict(&cases);
        out.push(SuiteAlgorithm {
            info: report::AlgorithmInfo::from(*entry),
            verdict,
            agrees: disagreements.is_empty(),
            disagreements,
            cases,
        });
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(out)
}

fn overall_verdict(cases: &[SuiteCase]) -> String {
    let exact: Vec<ExactVerdict> = cases
        .iter()
        .filter_map(|c| c.exact.as_ref())
        .map(|r| r.verdict)
        .collect();
    let sampled: Vec<&str> = cases
        .iter()
        .filter_map(|c| c.sampled.as_ref())
        .map(|s| s.verdict.as_str())
        .collect();
    if exact.contains(&ExactVerdict::Biased) || sampled.contains(&"biased") {
        return "biased".into();
    }
    for grade in ["suspicious", "unusual"] {
        if sampled.contains(&grade) {
            return grade.into();
        }
    }
    if exact.is_empty() && sampled.is_empty() {
        "not run".into()
    } else {
        "uniform".into()
    }
}

/// `observed / expected − 1` for a matrix of counts.
fn deviation(counts: &[Vec<u64>]) -> Vec<Vec<f64>> {
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

/// The noise floor of a heatmap's colour scale: four standard errors of a
/// fair shuffle's cell, `4 sqrt((n-1)/N)`.
fn noise_floor(deck: usize, shuffles: u64) -> f64 {
    4.0 * ((deck as f64 - 1.0) / shuffles as f64).sqrt()
}

fn csv_matrix(counts: &[Vec<u64>]) -> String {
    let n = counts.len();
    let mut s = String::from("card");
    for p in 0..n {
        let _ = write!(s, ",position_{p}");
    }
    s.push('\n');
    for (card, row) in counts.iter().enumerate() {
        let _ = write!(s, "{card}");
        for c in row {
            let _ = write!(s, ",{c}");
        }
        s.push('\n');
    }
    s
}

fn csv_permutations(deck: usize, counts: &[u64]) -> String {
    let mut s = String::from("rank,arrangement,count\n");
    let mut a: Vec<u8> = (0..deck as u8).collect();
    for (r, c) in counts.iter().enumerate() {
        let arr: Vec<String> = a.iter().map(|x| x.to_string()).collect();
        let _ = writeln!(s, "{r},{},{c}", arr.join(" "));
        stats::perm::next_permutation(&mut a);
    }
    s
}

/// The decks that get a heatmap: the largest small deck sampled and the
/// first large one (every deck gets its CSV). Heatmaps of every deck would
/// take tens of megabytes, most of it 52-card SVGs.
fn figure_decks(cases: &[SuiteCase], large_first: Option<usize>) -> Vec<usize> {
    let small = cases
        .iter()
        .filter(|c| {
            c.sampled
                .as_ref()
                .is_some_and(|s| s.permutation_counts.is_some())
        })
        .map(|c| c.deck)
        .max();
    small.into_iter().chain(large_first).collect()
}

fn figure_stage(
    algorithms: &mut [SuiteAlgorithm],
    dir: &Path,
    large_first: Option<usize>,
) -> Result<()> {
    let bar = progress_bar(algorithms.len() as u64, "figures");
    algorithms.par_iter_mut().try_for_each(|a| -> Result<()> {
        let id = a.info.id.clone();
        let fig_dir = dir.join("figures").join(&id);
        let data_dir = dir.join("data").join(&id);
        std::fs::create_dir_all(&fig_dir)?;
        std::fs::create_dir_all(&data_dir)?;
        let with_counts = || {
            a.cases
                .iter()
                .filter(|c| c.sampled.as_ref().is_some_and(|s| s.permutation_counts.is_some()))
                .map(|c| c.deck)
        };
        let (smallest, largest) = (with_counts().min(), with_counts().max());
        let figure_decks = figure_decks(&a.cases, large_first);
        for case in &mut a.cases {
            let Some(s) = &case.sampled else { continue };
            let rel = |kind: &str, ext: &str| format!("{kind}/{id}/{}-n{}.{ext}", "positions", s.deck);
            let csv = data_dir.join(format!("positions-n{}.csv", s.deck));
            write_atomic(&csv, csv_matrix(&s.position_matrix).as_bytes())?;
            case.files.push(rel("data", "csv"));
            if figure_decks.contains(&s.deck) {
            // Position heatmap.
            let dev = deviation(&s.position_matrix);
            let limit = figures::colour_limit(&[&dev], noise_floor(s.deck, s.shuffles));
            let lines = vec![
                format!(
                    "{} cards, {} shuffles, seed {}: observed / expected − 1 per cell (colour limits ±{:.2}%)",
                    s.deck,
                    s.shuffles,
                    s.seed,
                    100.0 * limit
                ),
                format!("verdict: {}; largest deviation {:.2}%", s.verdict, 100.0 * s.effect.max_relative_deviation),
            ];
            figures::heatmap(
                &fig_dir.join(format!("positions-n{}", s.deck)),
                &format!("{}: where each card ends up", id),
                &lines,
                &[Panel {
                    heading: String::new(),
                    deviation: &dev,
                }],
                limit,
            )?;
            case.files.push(rel("figures", "png"));
            case.files.push(rel("figures", "svg"));
            }
            // Permutation counts: CSV up to 6 cards, a figure for the smallest deck.
            if let Some(counts) = &s.permutation_counts {
                if s.deck <= CSV_PERMUTATIONS_UP_TO {
                    let csv = data_dir.join(format!("permutations-n{}.csv", s.deck));
                    write_atomic(&csv, csv_permutations(s.deck, counts).as_bytes())?;
                    case.files.push(format!("data/{id}/permutations-n{}.csv", s.deck));
                }
                if Some(s.deck) == smallest || Some(s.deck) == largest {
                    let total: u64 = counts.iter().sum();
                    let probs: Vec<f64> = counts.iter().map(|&c| c as f64 / total as f64).collect();
                    let stem = fig_dir.join(format!("permutations-n{}", s.deck));
                    figures::permutations(
                        &stem,
                        &format!("{}: how likely each arrangement is", id),
                        &[format!(
                            "{} cards, {} shuffles, seed {}; line: uniform 1/{}!, grey: a fair shuffle's 99% band",
                            s.deck, s.shuffles, s.seed, s.deck
                        )],
                        s.deck,
                        &probs,
                        Some(s.shuffles),
                    )?;
                    case.files.push(format!("figures/{id}/permutations-n{}.png", s.deck));
                    case.files.push(format!("figures/{id}/permutations-n{}.svg", s.deck));
                }
            }
        }
        if let Some(b) = &bar {
            b.inc(1);
        }
        Ok(())
    })?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(())
}

/// The headline figure: the naive swap beside Fisher–Yates on the largest
/// small deck both were sampled on, on one colour scale.
fn headline(report: &SuiteReport, dir: &Path) -> Result<Option<String>> {
    let get = |id: &str| report.algorithms.iter().find(|a| a.info.id == id);
    let (Some(naive), Some(fy)) = (get("naive-swap"), get("fisher-yates")) else {
        return Ok(None);
    };
    let deck = report.settings.decks.iter().rev().find(|&&d| {
        [naive, fy]
            .iter()
            .all(|a| a.cases.iter().any(|c| c.deck == d && c.sampled.is_some()))
    });
    let Some(&deck) = deck else { return Ok(None) };
    let sampled = |a: &SuiteAlgorithm| {
        a.cases
            .iter()
            .find(|c| c.deck == deck)
            .and_then(|c| c.sampled.clone())
            .expect("checked above")
    };
    let (sn, sf) = (sampled(naive), sampled(fy));
    let (dn, df) = (
        deviation(&sn.position_matrix),
        deviation(&sf.position_matrix),
    );
    let limit = figures::colour_limit(&[&dn, &df], noise_floor(deck, sn.shuffles));
    figures::heatmap(
        &dir.join("headline"),
        &format!("The naive swap is biased; Fisher–Yates is not ({deck} cards)"),
        &[format!(
            "Each: {} shuffles, seed {}. Colour: how much more (red) or less (blue) often than 1/{deck} a card ends at a position.",
            sn.shuffles, sn.seed
        )],
        &[
            Panel {
                heading: format!("naive swap: {}", sn.verdict),
                deviation: &dn,
            },
            Panel {
                heading: format!("Fisher–Yates: {}", sf.verdict),
                deviation: &df,
            },
        ],
        limit,
    )?;
    Ok(Some("headline.png".into()))
}
