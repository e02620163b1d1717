//! `shuffle-audit sample`: shuffle many times, count, and test the counts.

use crate::args::{AlgorithmArg, DeckArg, SeedArg};
use crate::common::{before_long_job, command_line, find, with_threads, workers};
use algorithms::{MAX_DECK, MIN_DECK};
use anyhow::{Result, bail};
use clap::Args;
use report::{Provenance, Standalone};
use stats::hypothesis::audit::MIN_EXPECTED;
use stats::sample::{MAX_HISTOGRAM_DECK, Path};
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    mut_arg("deck", |a| a.required(true).help(format!("Number of cards, {MIN_DECK}..={MAX_DECK}"))),
    mut_arg("seed", |a| a.help("Seed of the first run; the same seed gives the same counts on any number of threads"))
)]
pub(crate) struct SampleArgs {
    #[command(flatten)]
    algorithm: AlgorithmArg,
    #[command(flatten)]
    deck: DeckArg,
    /// Shuffles per run.
    #[arg(long, short = 'n', default_value_t = 10_000_000)]
    shuffles: u64,
    #[command(flatten)]
    seed: SeedArg,
    /// Runs with seeds seed, seed+1, …: a one-sided Kolmogorov–Smirnov test
    /// of each test's p-values, too many small ones (two-level test).
    #[arg(long, default_value_t = 1, value_name = "R")]
    repeat: u64,
    #[arg(long, conflicts_with = "no_histogram", help = format!(
        "Keep the permutation histogram (n! counters), up to {MAX_HISTOGRAM_DECK} cards. By default it is kept when the shuffles give each arrangement {MIN_EXPECTED} expected decks ({MIN_EXPECTED} x n!), so that the permutation tests can run"
    ))]
    histogram: bool,
    /// Keep the battery and the collision test instead of the histogram.
    #[arg(long)]
    no_histogram: bool,
    #[command(flatten)]
    threads: crate::args::Threads,
    #[command(flatten)]
    json: crate::args::Json,
    /// The code that samples: `auto` (the widest this processor runs),
    /// `scalar` (each algorithm's own code), `avx2` or `avx512` (swap-based
    /// shuffles of up to 8 cards, several chunks at once in vector
    /// registers; with AVX-512 VBMI, also the battery of decks up to 64
    /// cards). The counts are the same on every path.
    #[arg(long, value_name = "PATH", default_value = "auto")]
    sampling_path: String,
}

/// Parses `--sampling-path`: `auto`, or a path this processor runs.
fn sampling_path(name: &str) -> Result<Option<Path>> {
    let runs = || {
        Path::ALL
            .into_iter()
            .filter(|p| p.is_available())
            .map(Path::name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match Path::from_name(name) {
        _ if name == "auto" => Ok(None),
        Some(p) if p.is_available() => Ok(Some(p)),
        Some(_) => bail!(
            "--sampling-path {name} is not available on this processor: use auto, {}",
            runs()
        ),
        None => bail!(
            "--sampling-path {name:?} is not a sampling path: use auto, {}",
            runs()
        ),
    }
}

pub(crate) fn run(args: &SampleArgs) -> Result<u8> {
    let request = engine::sample::request(&engine::sample::Asked {
        entry: find(&args.algorithm.id)?,
        deck: args.deck.required(),
        shuffles: args.shuffles,
        seed: args.seed.value,
        repeat: args.repeat,
        histogram: match (args.histogram, args.no_histogram) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        names: engine::sample::Names::COMMAND_LINE,
    })?;
    Path::prefer(sampling_path(&args.sampling_path)?);
    let deck = args.deck.required();
    let start = Instant::now();
    let outcome = with_threads(args.threads.count, || -> Result<_> {
        let total = u128::from(args.shuffles) * u128::from(args.repeat);
        let bar = before_long_job(
            &format!("sampling {total} shuffles of {deck} cards"),
            if args.repeat > 1 {
                "--shuffles or --repeat"
            } else {
                "--shuffles"
            },
            engine::sample::estimate(&request, workers()),
        )?;
        let tick = |k: u64| {
            if let Some(b) = &bar {
                b.inc(k);
                // A confirmation run (second seed) adds shuffles beyond the plan.
                if b.length().is_some_and(|len| b.position() > len) {
                    b.set_length(b.position());
                }
            }
        };
        let outcome = engine::sample::run(request, &tick);
        if let Some(b) = bar {
            b.finish_and_clear();
        }
        Ok(outcome)
    })??;
    let code = outcome.exit_code();
    let report = Standalone::new(
        outcome.report,
        Provenance::new(command_line()),
        Some(start.elapsed().as_secs_f64()),
    );
    crate::output::print(&report, args.json.on)?;
    Ok(code)
}
