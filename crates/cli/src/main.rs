//! `shuffle-audit`: proves, with exact numbers, whether a card-shuffling
//! algorithm is fair.

use algorithms::registry::{self, Entry, REGISTRY};
use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};
use judge::ExactVerdict;
use judge::method::{
    ExactPlan, NoExactMethod, NoPowerMethod, PowerMethod, Requested, exact_plan, power_method,
};
use report::{AlgorithmInfo, ExactReport, Provenance};
use stats::{ExactError, Limits, MAX_EXACT_DECK, exact_distribution};
use suite::SuiteArgs;

mod audit;
mod output;
mod range;
mod riffle;
mod suite;
pub(crate) use output::{emit, warn};
use range::{NotAllowed, at_least_one, strictly_between_0_and_1, within};
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Audits card-shuffling algorithms: exact distributions on small decks,
/// verdicts a teacher can cite.
///
/// With no command, runs the standard suite and writes reports/.
#[derive(Debug, Parser)]
#[command(
    name = "shuffle-audit",
    version,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    suite: SuiteArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List every algorithm: id, expected verdict, whether it can be enumerated, source.
    List {
        /// Print a JSON array instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Compute the exact distribution of one algorithm on a small deck, or
    /// the exact position matrix of a swap-based one on a real deck.
    Exact(ExactArgs),
    /// Run the standard suite and write reports (the default command).
    Suite(SuiteArgs),
    /// Shuffle many times, count, and test the counts for bias.
    Sample(SampleArgs),
    /// From the exact law, how many shuffles it takes to detect the bias.
    Power(PowerArgs),
    /// Test decks dealt by any program, one per line from a file or `-`
    /// (stdin); exit 0 when no bias shows, 1 when one does, 2 on bad input.
    Audit(audit::AuditArgs),
    /// Deal decks with a registered algorithm and print them, one per line:
    /// the input `audit` reads.
    Deal(audit::DealArgs),
    /// Riffles: the exact distance from uniform after k Gilbert–Shannon–Reeds
    /// riffles (Bayer–Diaconis), and how many riffles each test needs before
    /// it can no longer tell, for the model and for the seed's riffleShuffle.
    Riffle(riffle::RiffleArgs),
}

#[derive(Debug, Args)]
struct SampleArgs {
    /// Algorithm id (see `shuffle-audit list`).
    #[arg(long, short)]
    algorithm: String,
    /// Number of cards, 2..=255.
    #[arg(long, short)]
    deck: usize,
    /// Shuffles per run.
    #[arg(long, short = 'n', default_value_t = 10_000_000)]
    shuffles: u64,
    /// Seed of the first run; the same seed gives the same counts on any
    /// number of threads.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Runs with seeds seed, seed+1, …: a Kolmogorov–Smirnov test of each
    /// test's p-values (two-level test).
    #[arg(long, default_value_t = 1, value_name = "R")]
    repeat: u64,
    /// Keep the permutation histogram (n! counters), up to 10 cards. By
    /// default it is kept when the shuffles give each arrangement 5
    /// expected decks (5 x n!), so that the permutation tests can run.
    #[arg(long, conflicts_with = "no_histogram")]
    histogram: bool,
    /// Keep the battery and the collision test instead of the histogram.
    #[arg(long)]
    no_histogram: bool,
    /// Worker threads, 1..=1024 (default: one per core); results are the
    /// same on any number.
    #[arg(long, value_name = "N", value_parser = crate::parse_threads)]
    threads: Option<usize>,
    /// Print one JSON document (schema in reports/SCHEMA.md).
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct PowerArgs {
    /// Algorithm id (see `shuffle-audit list`).
    #[arg(long, short)]
    algorithm: String,
    /// Number of cards: 2..=10 for any enumerable algorithm (every test),
    /// up to 4096 for a swap-based one (the position test, from its exact
    /// position matrix).
    #[arg(long, short)]
    deck: usize,
    /// Significance level (default: the level at which one run is graded
    /// biased, 1e-12 over its tests: 3 with a permutation histogram, up to
    /// 10 cards; 7 with the battery and the collision test above).
    #[arg(long)]
    alpha: Option<f64>,
    /// Probability of detection wanted.
    #[arg(long, default_value_t = 0.99)]
    power: f64,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    budget: Budget,
}

#[derive(Debug, Args)]
struct ExactArgs {
    /// Algorithm id (see `shuffle-audit list`).
    #[arg(long, short)]
    algorithm: String,
    /// Number of cards: 1..=10 by brute force, 1..=11 by state merging,
    /// 1..=256 by the Markov chain (position matrix only).
    #[arg(long, short)]
    deck: usize,
    /// How to compute the law: `auto` picks the cheapest method that applies
    /// (state merging and the Markov chain need a swap-based shuffle) and
    /// the output says which.
    #[arg(long, value_enum, default_value_t = ExactMethod::Auto)]
    method: ExactMethod,
    /// Print one JSON document (schema in reports/SCHEMA.md).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    budget: Budget,
}

/// The exact methods `exact --method` can force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ExactMethod {
    /// The whole law by the cheaper of brute force and state merging where
    /// one applies, else the Markov chain.
    Auto,
    /// Walk every path (any enumerable algorithm, up to 10 cards).
    BruteForce,
    /// Carry one weight per arrangement from step to step (swap-based
    /// shuffles, up to 11 cards).
    StateMerging,
    /// Carry one card's position from step to step: the exact position
    /// matrix, not the whole law (swap-based shuffles, up to 256 cards).
    MarkovChain,
}

#[derive(Debug, Args)]
pub(crate) struct Budget {
    /// Most paths one enumeration may walk before it is refused.
    #[arg(long, value_name = "PATHS")]
    pub(crate) max_paths: Option<u64>,
    /// Worker threads, 1..=1024 (default: one per core); results are the
    /// same on any number.
    #[arg(long, value_name = "N", value_parser = crate::parse_threads)]
    pub(crate) threads: Option<usize>,
}

/// Exit code: the result passes (no bias shown, every verdict as expected).
pub(crate) const PASS: u8 = 0;
/// Exit code: a bias was found, or a verdict disagrees with the registry.
pub(crate) const BIAS: u8 = 1;
/// Exit code: bad input or an error; nothing was decided.
pub(crate) const ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(std::io::stderr().lock(), "{}", one_line(&e.to_string()));
            return ExitCode::from(ERROR);
        }
    };
    let code = match run(cli) {
        Ok(code) => code,
        Err(e) => {
            output::error(&format!("{e:#}"));
            ERROR
        }
    };
    output::exit_code(code)
}

/// clap's message on one line: its text up to the usage, the lines it
/// spreads over (the list of missing arguments) joined, without the
/// usage and the hints.
fn one_line(text: &str) -> String {
    let mut parts = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("Usage:") || line.starts_with("For more information")
        {
            break;
        }
        parts.push(line);
    }
    match parts.split_first() {
        None => "error: invalid arguments".into(),
        Some((first, [])) => (*first).to_string(),
        // A list (the missing arguments): after the heading, comma-separated.
        Some((first, rest)) => format!("{first} {}", rest.join(", ")),
    }
}

fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Some(Command::List { json }) => {
            let infos: Vec<AlgorithmInfo> = REGISTRY.iter().map(AlgorithmInfo::from).collect();
            if json {
                emit(&(serde_json::to_string_pretty(&infos)? + "\n"));
            } else {
                emit(&report::text::list(&infos));
            }
            Ok(PASS)
        }
        Some(Command::Exact(args)) => exact(&args),
        Some(Command::Suite(args)) => suite::run(&args),
        Some(Command::Sample(args)) => sample(&args),
        Some(Command::Power(args)) => power(&args),
        Some(Command::Audit(args)) => audit::run(&args),
        Some(Command::Deal(args)) => audit::deal(&args),
        Some(Command::Riffle(args)) => riffle::run(&args),
        None => suite::run(&cli.suite),
    }
}

/// The command line, for provenance: `shuffle-audit` and the arguments as
/// typed, quoted for a POSIX shell where needed.
pub(crate) fn command_line() -> String {
    std::iter::once("shuffle-audit".to_string())
        .chain(std::env::args().skip(1))
        .map(|a| {
            if a.is_empty() || a.contains(|c: char| c.is_whitespace() || "'\"$\\".contains(c)) {
                format!("'{}'", a.replace('\'', r"'\''"))
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most worker threads a command starts: results do not depend on the
/// count, and more threads than cores only cost memory and start-up time.
pub(crate) const MAX_THREADS: usize = 1024;

/// Parses `--threads`: `1..=MAX_THREADS`.
pub(crate) fn parse_threads(text: &str) -> Result<usize, String> {
    let refused =
        || NotAllowed::new("thread count", text, format!("1..={MAX_THREADS}")).to_string();
    let n = text.trim().parse::<usize>().map_err(|_| refused())?;
    within("thread count", n, 1..=MAX_THREADS).map_err(|_| refused())
}

/// Runs `f` on a pool of `threads` workers (a count [`parse_threads`]
/// accepted), or on the global pool.
pub(crate) fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T> {
    match threads {
        None => Ok(f()),
        Some(t) => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .context("starting the worker threads")?
            .install(f)),
    }
}

pub(crate) fn find(id: &str) -> Result<&'static Entry> {
    Ok(registry::find(id)?)
}

pub(crate) fn limits_for(entry: &Entry, max_paths: Option<u64>, default: u64) -> Limits {
    let mut limits = Limits::for_exact(entry.exact);
    limits.max_paths = max_paths.unwrap_or(default);
    limits
}

/// The methods that exist for `entry`, and up to which deck, for messages.
fn exact_methods(entry: &Entry, swap_based: bool) -> String {
    let walk = if entry.exact.is_enumerable() {
        format!("brute force walks it up to {MAX_EXACT_DECK} cards")
    } else {
        "it cannot be walked".to_string()
    };
    if swap_based {
        format!(
            "{walk}, state merging up to {} cards, the Markov chain (position matrix) up to {} cards",
            stats::merge::MAX_MERGE_DECK,
            stats::markov::MAX_EXACT_MARKOV_DECK
        )
    } else {
        format!("{walk}; state merging and the Markov chain need a swap-based shuffle")
    }
}

/// `exact`'s plan: the judge's choice of method, its refusals in words.
fn plan_exact(entry: &Entry, deck: usize, method: ExactMethod) -> Result<ExactPlan> {
    let requested = match method {
        ExactMethod::Auto => Requested::Auto,
        ExactMethod::BruteForce => Requested::BruteForce,
        ExactMethod::StateMerging => Requested::StateMerging,
        ExactMethod::MarkovChain => Requested::MarkovChain,
    };
    let swap_based = entry.algorithm.swap_shuffle(deck.max(1)).is_some();
    exact_plan(entry, deck, requested).map_err(|why| match why {
        NoExactMethod::EmptyDeck => NotAllowed::new("deck size", 0, "1 or more cards").into(),
        NoExactMethod::NotEnumerable(why) => {
            anyhow::anyhow!("{} cannot be enumerated exactly: {why}", entry.id)
        }
        NoExactMethod::TooLarge {
            method: Requested::MarkovChain,
            ..
        } => anyhow::anyhow!(
            "{} has no exact method at {deck} cards by the Markov chain: {}",
            entry.id,
            exact_methods(entry, swap_based)
        ),
        NoExactMethod::TooLarge { max, .. } => ExactError::DeckSize { deck, max }.into(),
        NoExactMethod::NotSwapBased(requested) => anyhow::anyhow!(
            "--method {} needs a swap-based shuffle, and {} is not one: use --method brute-force",
            match requested {
                Requested::StateMerging => "state-merging",
                _ => "markov-chain",
            },
            entry.id
        ),
        NoExactMethod::NoneAtThisSize => anyhow::anyhow!(
            "{} has no exact method at {deck} cards: {}",
            entry.id,
            exact_methods(entry, swap_based)
        ),
    })
}

fn exact(args: &ExactArgs) -> Result<u8> {
    let entry = find(&args.algorithm)?;
    let plan = plan_exact(entry, args.deck, args.method)?;
    let limits = limits_for(entry, args.budget.max_paths, Limits::default().max_paths);
    let start = Instant::now();
    let context = || format!("computing {} on {} cards exactly", entry.id, args.deck);
    let info = AlgorithmInfo::from(entry);
    if let ExactPlan::Chain(swaps) = &plan {
        let law = with_threads(args.budget.threads, || {
            stats::markov::exact_position_law(swaps)
        })?
        .with_context(context)?;
        let verdict = ExactVerdict::of_positions(&law, stats::markov::proves_uniform(swaps));
        let report = report::ExactChainReport::new(
            entry,
            &law,
            verdict,
            start.elapsed().as_secs_f64(),
            Provenance::new(command_line()),
        );
        if args.json {
            emit(&(serde_json::to_string_pretty(&report)? + "\n"));
        } else {
            emit(&report::text::exact_chain(&report, &info));
        }
        return Ok(PASS);
    }
    let law = with_threads(args.budget.threads, || match &plan {
        ExactPlan::Merge(s) => stats::merge::merged_distribution(s),
        _ => exact_distribution(&entry.algorithm, args.deck, &limits),
    })?
    .with_context(context)?;
    let seconds = start.elapsed().as_secs_f64();
    let report = ExactReport::new(
        entry,
        &law,
        ExactVerdict::of(&law),
        seconds,
        Provenance::new(command_line()),
    );
    if args.json {
        emit(&(serde_json::to_string_pretty(&report)? + "\n"));
    } else {
        emit(&report::text::exact(&report, &info));
    }
    Ok(PASS)
}

/// `sample`'s validated plan: every refusal is here.
struct SamplePlan {
    entry: &'static Entry,
    /// Keep the permutation histogram.
    histogram: bool,
}

fn plan_sample(args: &SampleArgs) -> Result<SamplePlan> {
    use stats::sample::{MAX_HISTOGRAM_DECK, MAX_SAMPLE_DECK};
    let entry = find(&args.algorithm)?;
    within("deck size", args.deck, 2..=MAX_SAMPLE_DECK).map_err(|e| e.purpose("sampling"))?;
    let needed = stats::audit::min_shuffles_to_test(args.deck);
    if args.shuffles < needed {
        bail!(
            "--shuffles {} is too few to test decks of {} cards: the position test needs at least {needed} (5 per cell)",
            args.shuffles,
            args.deck
        );
    }
    at_least_one("--repeat", args.repeat)?;
    if args.histogram && args.deck > MAX_HISTOGRAM_DECK {
        bail!(
            "--histogram is available for decks of at most {MAX_HISTOGRAM_DECK} cards: {}",
            histogram_size(args.deck)
        );
    }
    Ok(SamplePlan {
        entry,
        histogram: args.histogram
            || (!args.no_histogram && stats::audit::keeps_histogram(args.deck, args.shuffles)),
    })
}

fn sample(args: &SampleArgs) -> Result<u8> {
    use stats::sample::RNG_NAME;
    let SamplePlan { entry, histogram } = plan_sample(args)?;
    let total = args.shuffles.saturating_mul(args.repeat);
    let bar = progress_bar(total, "shuffles");
    let tick = |k: u64| {
        if let Some(b) = &bar {
            b.inc(k);
            // A confirmation run (second seed) adds shuffles beyond the plan.
            if b.length().is_some_and(|len| b.position() > len) {
                b.set_length(b.position());
            }
        }
    };
    let start = Instant::now();
    let (audit, threads) = with_threads(args.threads, || {
        let a = stats::audit::audit(
            &entry.algorithm,
            args.deck,
            args.shuffles,
            args.seed,
            args.repeat,
            histogram,
            &tick,
        );
        (a, rayon::current_num_threads())
    })?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let exact_tv = exact_tv_if_cheap(entry, args.deck);
    let report = report::sampled::SampleReport::new(
        entry,
        &audit,
        args.shuffles,
        RNG_NAME,
        threads,
        exact_tv,
        seconds,
        Provenance::new(command_line()),
    );
    if args.json {
        emit(&(serde_json::to_string_pretty(&report)? + "\n"));
    } else {
        emit(&report::text::sample(&report));
    }
    Ok(PASS)
}

/// What a permutation histogram of `deck` cards would take (`deck!`
/// counters of 8 bytes per thread), in words: gigabytes while a machine
/// could hold it, else a power of ten.
fn histogram_size(deck: usize) -> String {
    let log10_counters: f64 = (2..=deck).map(|k| (k as f64).log10()).sum();
    let log10_bytes = log10_counters + 8f64.log10();
    let sci = |log10: f64| {
        let e = log10.floor();
        format!("{:.1}e{e}", 10f64.powf(log10 - e))
    };
    if log10_bytes < 15.0 {
        format!(
            "{deck}! = {} counters of 8 bytes would take {:.1} GB per thread",
            stats::perm::factorial(deck),
            10f64.powf(log10_bytes) / 1e9
        )
    } else {
        format!(
            "{deck}! = {} counters of 8 bytes would take {} bytes per thread, far beyond any computer",
            sci(log10_counters),
            sci(log10_bytes)
        )
    }
}

/// The exact total variation distance when the enumeration is cheap
/// (at most 2 * 10^7 paths, about a second), for comparison with the
/// sampled estimate.
fn exact_tv_if_cheap(entry: &Entry, deck: usize) -> Option<f64> {
    if !entry.exact.is_enumerable() || deck > MAX_EXACT_DECK {
        return None;
    }
    let limits = limits_for(entry, Some(20_000_000), 20_000_000);
    let law = exact_distribution(&entry.algorithm, deck, &limits).ok()?;
    law.is_complete().then(|| law.total_variation().lower)
}

/// Whether to colour what goes to stdout: a terminal, and no `NO_COLOR`
/// (<https://no-color.org>: set and not empty turns colour off).
fn colour_stdout() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// A progress bar on standard error when it is a terminal; none otherwise.
/// No colours are used, so `NO_COLOR` is honoured as it stands.
pub(crate) fn progress_bar(total: u64, unit: &str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    let template = format!(
        "{{elapsed_precise}} [{{wide_bar}}] {{human_pos}}/{{human_len}} {unit}, {{eta}} left"
    );
    let style = indicatif::ProgressStyle::with_template(&template)
        .ok()?
        .progress_chars("=> ");
    bar.set_style(style);
    Some(bar)
}

/// `power`'s validated plan: the level, and the exact law it rests on.
struct PowerCommandPlan {
    entry: &'static Entry,
    alpha: f64,
    method: PowerMethod,
}

fn plan_power(args: &PowerArgs) -> Result<PowerCommandPlan> {
    let entry = find(&args.algorithm)?;
    // The level of a run large enough for every test at this deck size.
    let alpha = args
        .alpha
        .unwrap_or_else(|| stats::audit::detection_level(args.deck, u64::MAX));
    strictly_between_0_and_1("--alpha", alpha, "level")?;
    strictly_between_0_and_1("--power", args.power, "probability")?;
    // Small decks: the whole law, every test. Larger decks: the exact
    // position matrix of a swap-based shuffle, the position test.
    let method = match power_method(entry, args.deck) {
        Ok(m) => m,
        Err(NoPowerMethod::NotEnumerable(why)) => bail!(
            "{} cannot be enumerated exactly, so its power cannot be computed: {why}",
            entry.id
        ),
        Err(NoPowerMethod::TooLarge { max }) => {
            return Err(
                NotAllowed::new("deck size", args.deck, format!("2..={max}"))
                    .purpose(format!("power of {}", entry.id))
                    .into(),
            );
        }
    };
    if method == PowerMethod::Enumeration {
        within("deck size", args.deck, 2..=MAX_EXACT_DECK).map_err(|e| e.purpose("power"))?;
    }
    Ok(PowerCommandPlan {
        entry,
        alpha,
        method,
    })
}

fn power(args: &PowerArgs) -> Result<u8> {
    let PowerCommandPlan {
        entry,
        alpha,
        method,
    } = plan_power(args)?;
    let report = match method {
        PowerMethod::Enumeration => power_by_enumeration(entry, args, alpha)?,
        PowerMethod::MarkovChain(swaps) => power_by_markov_chain(entry, &swaps, args, alpha)?,
    };
    if args.json {
        emit(&(serde_json::to_string_pretty(&report)? + "\n"));
    } else {
        emit(&report::text::power(&report));
    }
    Ok(PASS)
}

fn power_by_enumeration(
    entry: &algorithms::Entry,
    args: &PowerArgs,
    alpha: f64,
) -> Result<report::sampled::PowerReport> {
    let limits = limits_for(entry, args.budget.max_paths, Limits::default().max_paths);
    let law = with_threads(args.budget.threads, || {
        exact_distribution(&entry.algorithm, args.deck, &limits)
    })?
    .with_context(|| format!("enumerating {} on {} cards", entry.id, args.deck))?;
    if !law.is_complete() {
        bail!(
            "{} on {} cards has unexplored mass {:.2e}: power needs the complete law",
            entry.id,
            args.deck,
            law.unexplored_mass()
        );
    }
    let plans = stats::audit::power_plan(&law, alpha, args.power);
    Ok(report::sampled::PowerReport {
        method: "enumeration".into(),
        total_variation: Some(law.total_variation().lower),
        tests: plans,
        ..power_report(entry, args, alpha)
    })
}

/// The fields every power report shares; the method fills in the rest.
fn power_report(
    entry: &algorithms::Entry,
    args: &PowerArgs,
    alpha: f64,
) -> report::sampled::PowerReport {
    report::sampled::PowerReport {
        schema_version: report::SCHEMA_VERSION,
        provenance: Provenance::new(command_line()),
        algorithm: entry.id.into(),
        deck: args.deck,
        alpha,
        power: args.power,
        method: String::new(),
        total_variation: None,
        divergence: None,
        tests: Vec::new(),
    }
}

fn power_by_markov_chain(
    entry: &algorithms::Entry,
    swaps: &algorithms::SwapShuffle,
    args: &PowerArgs,
    alpha: f64,
) -> Result<report::sampled::PowerReport> {
    let law = with_threads(args.budget.threads, || stats::markov::position_law(swaps))?
        .with_context(|| format!("the position matrix of {} on {} cards", entry.id, args.deck))?;
    let plan = law.position_plan(alpha, args.power);
    Ok(report::sampled::PowerReport {
        method: "markov-chain".into(),
        divergence: stats::markov::ProductLaw::of(swaps)
            .map(|p| judge::positions::DivergenceInfo::of(&p, alpha, args.power)),
        tests: vec![plan],
        ..power_report(entry, args, alpha)
    })
}

/// Parses `3..=6`, `3-6`, `3..7` or `3,5` into deck sizes, each in 1..=10.
pub(crate) fn parse_decks(text: &str) -> Result<Vec<usize>> {
    let bad = || {
        anyhow::anyhow!(
            "deck sizes {text:?} are not understood: use a range like 3..=6 or 3-6, or a list like 3,5"
        )
    };
    let num = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    let decks: Vec<usize> = if let Some((a, b)) = text.split_once("..=") {
        (num(a)?..=num(b)?).collect()
    } else if let Some((a, b)) = text.split_once("..") {
        (num(a)?..num(b)?).collect()
    } else if let Some((a, b)) = text.split_once('-') {
        (num(a)?..=num(b)?).collect()
    } else {
        text.split(',').map(num).collect::<Result<_>>()?
    };
    if decks.is_empty() {
        return Err(bad());
    }
    for &d in &decks {
        within("deck size", d, 1..=MAX_EXACT_DECK).map_err(|e| e.purpose("exact enumeration"))?;
    }
    Ok(decks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_sizes_are_true_at_every_deck() {
        // 11! = 39,916,800 counters: 0.32 GB.
        assert_eq!(
            histogram_size(11),
            "11! = 39916800 counters of 8 bytes would take 0.3 GB per thread"
        );
        // 20! = 2.43e18 counters, 1.9e19 bytes.
        assert!(histogram_size(20).contains("2.4e18 counters of 8 bytes would take 1.9e19 bytes"));
        // 52! = 8.07e67; 255! = 3.35e504 (log10 255! = 504.525).
        assert!(histogram_size(52).contains("52! = 8.1e67 counters"));
        assert!(
            histogram_size(255)
                .contains("255! = 3.4e504 counters of 8 bytes would take 2.7e505 bytes"),
            "{}",
            histogram_size(255)
        );
    }

    #[test]
    fn deck_lists_parse() {
        assert_eq!(parse_decks("3..=6").unwrap(), vec![3, 4, 5, 6]);
        assert_eq!(parse_decks("3..6").unwrap(), vec![3, 4, 5]);
        assert_eq!(parse_decks("2-4").unwrap(), vec![2, 3, 4]);
        assert_eq!(parse_decks("3,5").unwrap(), vec![3, 5]);
        assert!(
            parse_decks("0-3")
                .unwrap_err()
                .to_string()
                .contains("deck size 0")
        );
        assert!(parse_decks("x").is_err());
        assert!(parse_decks("5..3").is_err());
    }
}
